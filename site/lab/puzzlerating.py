"""Puzzle ratings and the reader's puzzle rating (pure Python, unit-tested): Elo, on the first attempt.

Each puzzle gets a rating from features measured on its solution (:func:`features`,
:func:`puzzle_rating`):

* ``depth``: the winner's moves in the main line (a win in one is 1; a defence counts its answer);
* ``first_moves``: how many first moves are correct (the ``solutions`` the checker verified);
* ``hops``: the first move's hops (a long chain is harder to see);
* ``decoys``: the tempting moves that lose, as the file lists them (``traps``, ``trap``);
* ``away``: 1 when every correct first move is a man more than two points from the ball (2D).

``rating = BASE + WEIGHTS . (depth - 1, hops - 1, decoys, log2(first_moves), away)``, rounded and
clamped to 600 .. 2400; today ``762 + 704 (depth - 1) + 60 (hops - 1) + 60 decoys``.

**Calibrated against the computer ladder** (issue 27).  Every level of :data:`phutball.ai.LEVELS`
attempted every 2D puzzle once, as a reader does on the puzzles page (the level's moves judged by
the puzzle's task, a right move answered by the page's defender until the goal):
``nice -n 19 python tools/calibrate_puzzle_ratings.py play`` wrote the outcomes,
``bench/puzzle-calibration.json`` (410 puzzles x 19 levels).  ``python
tools/calibrate_puzzle_ratings.py fit`` fits, by penalised maximum likelihood, the Elo model
``P(solved) = expected(level_strength(level.rating), rating)``, where :func:`level_strength` maps the
ladder's game ratings onto the puzzle scale by a fitted slope (:data:`LADDER_SLOPE`), pinned at
:data:`START` (a level rated 1200 counts 1200).  It fits ``BASE``, the weights of ``depth`` and
``first_moves`` and the slope; ``tests/test_puzzlerating.py`` checks that the constants here are that
fit of the committed table.  What the ladder could not measure is kept by hand: every level finds
every winning chain and avoids every listed decoy, so fitted weights for ``hops`` and ``decoys`` come
out negative (a longer chain "easier"), a fact about the computer, not the reader: they keep the
first guess, 60 each.  ``away`` decides the computer's result alone (its search tries men within two
points of the ball; no level solved any such win in two or three) and would push every such puzzle
to the ceiling, so its weight is 0.  The levels hardly differ on puzzles (a third of them solved by
each level that searches two plies, 41 % by the deeper ones), hence the small slope.  1D puzzles,
which the ladder cannot play, keep the first guess (:data:`BASE_1D`, :data:`WEIGHTS_1D`): the 2D
fit would put most of them, whose main lines are long, at the ceiling.  docs/puzzles.md has the figures.

The reader's rating starts at :data:`START` and moves with each puzzle's *first* attempt only (a
retry after seeing the refutation says little): the Elo update with ``K`` = :data:`K`, the puzzle
rating as the opponent's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from phutball.notation import Point
from phutball import Position
from phutball.puzzles.puzzle import Puzzle

__all__ = ["BASE", "BASE_1D", "Features", "HIGHEST", "K", "LADDER_SLOPE", "LOWEST", "NEAR", "START", "WEIGHTS",
           "WEIGHTS_1D", "elo_update", "expected", "features", "level_strength", "puzzle_rating", "rating_from"]

#: A new reader's rating.
START = 1200
#: How far one result moves the reader's rating, at most.
K = 32
#: "Near my rating": puzzles at most this far from it.
NEAR = 200
#: A puzzle rating's bounds.
LOWEST, HIGHEST = 600, 2400
#: The rating of a puzzle whose terms are all 0 (a win in one, one hop, no decoy, one answer), fitted.
BASE = 762.0
#: Rating points per unit of each term of :meth:`Features.terms`: depth - 1, hops - 1, decoys,
#: log2(first moves), away (fitted: the first and fourth; see the module's docstring).
WEIGHTS: tuple[float, float, float, float, float] = (704.0, 60.0, 60.0, 0.0, 0.0)
#: Points on the puzzle scale per point of the computer ladder's scale (:func:`level_strength`), fitted.
LADDER_SLOPE = 0.0416
#: 1D puzzles (strips, Oddish boards): the first guess, uncalibrated, since no level of the ladder plays a
#: strip; the 2D fit would put three in four of them at the ceiling (their main lines are long).
BASE_1D = 1000.0
WEIGHTS_1D: tuple[float, float, float, float, float] = (150.0, 60.0, 60.0, -100.0, 0.0)


@dataclass(frozen=True)
class Features:
    """What a puzzle's rating is computed from, measured on its solution (see the module's docstring)."""

    depth: int        # the winner's moves in the main line (1: a win in one, a defence, a safe move)
    first_moves: int  # the correct first moves (the checked ``solutions``; 1 when the file lists none)
    hops: int         # the first move's hops (1 for a placement)
    decoys: int       # the tempting moves that lose, as the file lists them (``traps``, ``trap``)
    away: int = 0     # 1: every correct first move is a man more than two points from the ball (2D only)

    def terms(self) -> tuple[float, float, float, float, float]:
        """The rating's terms, in the order of :data:`WEIGHTS`: depth - 1, hops - 1, decoys,
        log2(first moves), away."""
        return (self.depth - 1, self.hops - 1, self.decoys, math.log2(max(1, self.first_moves)), self.away)


def features(p: Puzzle) -> Features:
    """The features of puzzle ``p``'s solution."""
    first = p.main_line[0] if p.main_line else ""
    solutions = p.extra.get("solutions") or p.extra.get("safe_moves") or [first]
    traps = p.extra.get("traps") or ([p.extra["trap"]] if p.extra.get("trap") else [])
    start = p.start if p.variant.is_board else None  # a 2D puzzle's start is a board
    return Features(depth=max(1, (len(p.main_line) + 1) // 2), first_moves=max(1, len(solutions)),
                    hops=max(1, len(first.split("-")) - 1), decoys=len(traps),
                    away=int(isinstance(start, Position) and _all_away(start, solutions)))


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


def rating_from(f: Features, board: bool = True) -> int:
    """The rating of a puzzle with features ``f``: :data:`BASE` plus :data:`WEIGHTS` times its terms
    (a strip's, ``board`` false: :data:`BASE_1D` and :data:`WEIGHTS_1D`), rounded and clamped to
    :data:`LOWEST` .. :data:`HIGHEST`."""
    base, weights = (BASE, WEIGHTS) if board else (BASE_1D, WEIGHTS_1D)
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
