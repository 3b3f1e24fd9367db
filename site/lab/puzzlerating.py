"""Puzzle ratings and the reader's puzzle rating (pure Python, unit-tested): Elo, on the first attempt.

Each puzzle gets a rating from features measured on its solution and its start (:func:`features`,
:func:`puzzle_rating`):

* ``depth``: the winner's moves in the main line (a win in one is 1; a defence counts its answer);
* ``first_moves``: how many first moves are correct (the ``solutions`` the checker verified);
* ``hops``: the first move's hops (a long chain is harder to see);
* ``decoys``: the tempting moves that lose, as the file lists them (``traps``, ``trap``);
* ``away``: 1 when every correct first move is a man more than two points from the ball (2D);

and, on a board, what a solver meets inside a depth (issue 42):

* ``men``: the men on the board;
* ``back_hops``: the key jump's hops that take the ball away from the mover's goal;
* ``tries``: the plausible first moves that fail (:func:`plausible`: jumps toward the goal, men placed
  beside the ball);
* ``replies``: the defender's plausible answers to the key move (a win in two or three).

``rating = base(depth) + WEIGHTS . Features.terms()``, rounded and clamped to 600 .. 2400.

**Calibrated against the computer ladder** (issues 27 and 42).  Levels of :data:`phutball.ai.LEVELS`
attempted every 2D puzzle, as a reader does on the puzzles page (the level's moves judged by the
puzzle's task, a right move answered by the page's defender until the goal), with several noise seeds,
half their node budget, and placing men wide (``Level.wide``): ``tools/calibrate_puzzle_ratings.py play``
wrote the outcomes to ``bench/puzzle-calibration.json`` (389 puzzles x 80 players).  ``fit`` fits, by
penalised maximum likelihood, the Elo model ``P(solved) = expected(strength(player), rating)``, where a
player's strength maps its level's ladder rating onto the puzzle scale by a fitted slope
(:data:`LADDER_SLOPE`), pinned at :data:`START`, plus fitted offsets for half a budget and wide
placements.  Only attempts that say something are read: not a win in one (every level solves every
one), nor a puzzle whose answers are all men away from the ball attempted by a level that never places
a man there.  Fitted, inside a depth: the weights of ``first_moves`` (more answers, easier), ``men`` and
``replies`` (harder).  Kept by hand, because the ladder measures the computer there, not the reader:
``hops``, ``decoys``, ``back_hops`` and ``tries`` (every level sees every jump and every move that leaves
none; fitted, they come out negative, a longer chain "easier") at 60 points a unit; ``away`` at 0.  A
depth's level on the computer's scale is not a reader's either (levels that place men wide solve most
wins in two), so each depth's base (:data:`BASES`) is anchored: the depth's median shipped puzzle keeps
the rating the issue-27 calibration gave it, and the weights spread the others around it.
``tests/test_puzzlerating.py`` checks that the constants here are that fit of the committed table.  1D
puzzles, which the ladder cannot play, keep the first guess (:data:`BASE_1D`, :data:`WEIGHTS_1D`).
docs/puzzles.md has the figures.

The reader's rating starts at :data:`START` and moves with each puzzle's *first* attempt only (a
retry after seeing the refutation says little): the Elo update with ``K`` = :data:`K`, the puzzle
rating as the opponent's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import islice

from phutball.errors import PhutballError
from phutball.bitboard import bit, jump_results
from phutball.notation import Point
from phutball import Position
from phutball.puzzles.puzzle import Puzzle

__all__ = ["BASES", "BASE_1D", "DEPTH_STEP", "board_base", "Features", "HIGHEST", "K", "LADDER_SLOPE", "LOWEST", "NEAR", "START", "WEIGHTS",
           "WEIGHTS_1D", "elo_update", "expected", "features", "level_strength", "puzzle_rating", "rating_from"]

#: A new reader's rating.
START = 1200
#: How far one result moves the reader's rating, at most.
K = 32
#: "Near my rating": puzzles at most this far from it.
NEAR = 200
#: A puzzle rating's bounds.
LOWEST, HIGHEST = 600, 2400
#: A 2D puzzle's base by depth, anchored so that the depth's median shipped puzzle keeps its rating from
#: before issue 42 (the reader's scale: 762 + 704 per move of depth); the weights tell a depth's puzzles
#: apart (``tools/calibrate_puzzle_ratings.py fit`` prints these).
BASES: dict[int, float] = {1: 428.0, 2: 1197.0, 3: 1901.0}
#: A deeper puzzle than :data:`BASES` holds: the deepest base plus this per move of depth.
DEPTH_STEP = 704.0
#: Rating points per unit of each term of :meth:`Features.terms`: depth - 1, hops - 1, decoys,
#: log2(first moves), away (fitted: the first and fourth; see the module's docstring).
WEIGHTS: tuple[float, ...] = (0.0, 60.0, 60.0, -86.0, 0.0, 83.0, 60.0, 60.0, 18.0)
#: Points on the puzzle scale per point of the computer ladder's scale (:func:`level_strength`), fitted.
LADDER_SLOPE = 0.3266
#: 1D puzzles (strips, Oddish boards): the first guess, uncalibrated, since no level of the ladder plays a
#: strip; the 2D fit would put three in four of them at the ceiling (their main lines are long).
BASE_1D = 1000.0
WEIGHTS_1D: tuple[float, ...] = (150.0, 60.0, 60.0, -100.0, 0.0, 0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Features:
    """What a puzzle's rating is computed from, measured on its solution and its start (see the module's
    docstring).  The last four are what a solver meets inside a depth (issue 42); a strip has 0 for them."""

    depth: int        # the winner's moves in the main line (1: a win in one, a defence, a safe move)
    first_moves: int  # the correct first moves (the checked ``solutions``; 1 when the file lists none)
    hops: int         # the first move's hops (1 for a placement)
    decoys: int       # the tempting moves that lose, as the file lists them (``traps``, ``trap``)
    away: int = 0     # 1: every correct first move is a man more than two points from the ball (2D only)
    men: int = 0      # the men on the board (2D)
    back_hops: int = 0  # the key jump's hops that take the ball away from the mover's goal
    tries: int = 0    # plausible first moves that fail: jumps toward the goal, men beside the ball
    replies: int = 0  # the defender's plausible answers to the key move (a win in two or three)

    def terms(self) -> tuple[float, ...]:
        """The rating's terms, in the order of :data:`WEIGHTS`: depth - 1, hops - 1, decoys,
        log2(first moves), away, men / 10, back hops, log2(1 + tries), log2(1 + replies)."""
        return (self.depth - 1, self.hops - 1, self.decoys, math.log2(max(1, self.first_moves)), self.away,
                self.men / 10, self.back_hops, math.log2(1 + self.tries), math.log2(1 + self.replies))


def features(p: Puzzle) -> Features:
    """The features of puzzle ``p``'s solution (and, on a board, of its start)."""
    first = p.main_line[0] if p.main_line else ""
    solutions = p.extra.get("solutions") or p.extra.get("safe_moves") or [first]
    traps = p.extra.get("traps") or ([p.extra["trap"]] if p.extra.get("trap") else [])
    base = Features(depth=max(1, (len(p.main_line) + 1) // 2), first_moves=max(1, len(solutions)),
                    hops=max(1, len(first.split("-")) - 1), decoys=len(traps))
    start = p.start if p.variant.is_board else None  # a 2D puzzle's start is a board
    if not isinstance(start, Position):
        return base
    answers = {state(after) for after in (_played(start, m) for m in solutions) if after is not None}
    goal = start.target_rows()
    key = _played(start, first)
    replies = 0
    if base.depth > 1 and key is not None and not key.is_over:
        replies = len(plausible(key))
    return replace(base, away=int(_all_away(start, solutions)), men=len(start.men),
                   back_hops=_back_hops(start, first),
                   tries=sum(1 for s in plausible(start) if s not in answers and s[1] not in goal),
                   replies=replies)


def _played(pos: Position, move: str) -> Position | None:
    """The position after ``move``; None if it is not a legal move there (a line the checker refuses)."""
    try:
        return pos.play(move)
    except PhutballError:
        return None


#: At most this many jump results are looked at for :func:`plausible` (dense boards have thousands).
PLAUSIBLE_JUMPS = 400


#: A position as the rating compares them: its ball's column and row, and its men as a mask.
State = tuple[int, int, int]


def state(pos: Position) -> State:
    """``pos`` as a :data:`State` (the side to move left out: every state compared follows one move)."""
    return pos.ball.col, pos.ball.row, pos.mask


def plausible(pos: Position) -> set[State]:
    """The states after the moves a solver tries first: every jump that ends nearer the mover's goal than
    the ball was (or scores), and every man placed beside the ball (the eight points around it).  Masks,
    not positions: a page rates every puzzle when it starts."""
    width, height = pos.size.width, pos.size.height
    col, row, men = state(pos)
    towards = 1 if pos.to_move == "O" else -1  # Ohs score on the high rows (Position.target_rows)
    out = {(c, r, m) for c, r, m, _ in islice(jump_results(width, height, col, row, men), PLAUSIBLE_JUMPS)
           if (r - row) * towards > 0}
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            point = Point(col + dc, row + dr)
            if (dc or dr) and pos.can_place(point):
                out.add((col, row, men | bit(width, point.col, point.row)))
    return out


def _back_hops(pos: Position, move: str) -> int:
    """The hops of jump ``move`` that take the ball away from the mover's goal (0 for a placement)."""
    if "-" not in move:
        return 0
    towards = 1 if pos.to_move == "O" else -1
    rows = [Point.from_str(q).row for q in move.split("-")]
    return sum(1 for a, b in zip(rows, rows[1:]) if (b - a) * towards < 0)


def _all_away(pos: Position, moves: list[str]) -> bool:
    """Whether every move of ``moves`` places a man more than two points from the ball of ``pos`` (Chebyshev
    distance: the computer's search tries men within two points only, see :mod:`phutball.ai`)."""
    ball = pos.ball
    for move in moves:
        if "-" in move or not move:  # a jump
            return False
        man = Point.from_str(move)
        if max(abs(man.col - ball.col), abs(man.row - ball.row)) <= 2:
            return False
    return True


def board_base(depth: int) -> float:
    """A 2D puzzle's base at ``depth``: :data:`BASES`, extrapolated by :data:`DEPTH_STEP` a move."""
    deepest = max(BASES)
    return BASES[depth] if depth in BASES else BASES[deepest] + DEPTH_STEP * (depth - deepest)


def rating_from(f: Features, board: bool = True) -> int:
    """The rating of a puzzle with features ``f``: its depth's base (:func:`board_base`) plus :data:`WEIGHTS`
    times its terms
    (a strip's, ``board`` false: :data:`BASE_1D` and :data:`WEIGHTS_1D`), rounded and clamped to
    :data:`LOWEST` .. :data:`HIGHEST`."""
    base, weights = (board_base(f.depth), WEIGHTS) if board else (BASE_1D, WEIGHTS_1D)
    rating = base + sum(w * t for w, t in zip(weights, f.terms()))
    return int(round(min(HIGHEST, max(LOWEST, rating))))


def puzzle_rating(p: Puzzle) -> int:
    """A puzzle's rating from the features of its solution (see the module's docstring)."""
    return rating_from(features(p), p.variant.is_board)


def level_strength(ladder_rating: float) -> float:
    """A computer level's strength on the puzzle scale, from its rating on the ladder
    (``phutball.ai.Level.rating``): the fitted map, pinned at :data:`START`."""
    return START + LADDER_SLOPE * (ladder_rating - START)


def expected(reader: float, puzzle: float) -> float:
    """The chance the reader solves the puzzle, by the Elo formula."""
    return 1.0 / (1.0 + 10 ** ((puzzle - reader) / 400))


def elo_update(reader: int, puzzle: int, solved: bool, k: int = K) -> int:
    """The reader's new rating after a first attempt at a puzzle rated ``puzzle``."""
    return int(round(reader + k * ((1.0 if solved else 0.0) - expected(reader, puzzle))))
