"""The 2D computer player: iterative-deepening alpha-beta search with a transposition table.

How it searches (negamax form, scores from the side to move's point of view):

* **Win in one at every node.**  A node first lists the distinct positions
  its jumps reach (memoised on ball point plus men left, as in
  :meth:`Position.results`; the single jumps are read from per-board ray
  tables built once).  If one ends on the mover's goal rows the node
  is a win (``WIN - ply``: sooner is better).  When a position has too many
  distinct jump results to list, the pruned win-in-one search of
  :mod:`phutball.winsearch` decides instead.
* **Threats.**  The same list says whether the *opponent* could win with a
  jump if it were their turn.  A node under such a threat only tries moves
  that can parry it: a jump (the ball moves away), or a man on a landing
  point of one of the threatening paths -- the only placements that change
  a jump, because a man there extends the line so the ball lands further on
  and the chain breaks (any other man only adds jumps).  At the search
  horizon a threatened node is searched one ply more (a "check
  extension", at most :data:`EXTENSIONS` per line), so a threat just
  beyond the horizon is not mistaken for a quiet position; further
  threats are only scored by the evaluation's threat term.  A win search
  that gives up counts as a threat from the opponent but never as a win
  for the side to move.
* **Move ordering.**  The transposition-table move first, then jumps by how
  far they carry the ball toward the mover's goal, then placements near the
  ball ordered by a history table (moves that caused cut-offs before).
* **Forward pruning of placements.**  At a node with at least
  :data:`BEAM_DEPTH` plies left and no threat against the mover, only the
  :data:`BEAM` placements whose position the static evaluation likes least
  for the opponent are searched; every jump, every parry and the table's
  move always are.  (Measured by matches against the frozen baseline, see
  ``bench/README.md``: ranking by the evaluation is what makes the pruning
  pay; ranking by the history table alone lost strength.)
* **Principal variation search.**  The first move of a node gets the full
  window, the others a null window around alpha and a full search only
  when they beat it.  The children of the last ply before the horizon are
  evaluated in place, without a call of their own, unless one of them must
  be extended.
* **Transposition table** keyed on (men, ball, side to move) with depth and
  bound type; reused across the iterations of iterative deepening.  It also
  gives the principal variation (:meth:`Searcher.pv`): the best move, then
  each stored best reply, every one checked legal by playing it.
* **Repetition** (the lab's draw rule, see :mod:`phutball.game`): the
  searcher is given the game's history (the positions before the root); a
  node whose position occurs for the third time, counting the history and
  the line searched, is scored as a draw (0).  So a side that is ahead
  avoids a cycle and a side that is behind may seek one.
* **Win distances.**  A win is ``WIN - plies``, where ``plies`` counts the
  moves up to and including the winning jump from the root (a win in one is
  ``WIN - 1``; a loss to the opponent's first reply is ``-(WIN - 2)``).
* **Budget.**  The search stops after ``max_nodes`` nodes or ``max_seconds``
  seconds, whichever comes first; the answer is the best move of the
  deepest iteration, or of the unfinished iteration once its first move (the
  previous best) has been searched.  :meth:`Searcher.steps` yields progress
  every few hundred nodes (or milliseconds), so a browser can run it in slices
  and stop it at any time ("move now"): :meth:`Searcher.best` is always a
  legal move.
* **Slices without generators.**  The tree is searched by plain recursion,
  with no generator frame per node (issue 28; measured in ``bench/README.md``:
  the frames were about 1 % of the search's time, in CPython and in Pyodide
  alike).  To end a slice, the node counter raises an internal exception
  (:class:`_Pause`) before it counts a node; each node it passes on the way
  up to the root saves where its loop was (its move list, the move being
  searched, its window and best so far), and the next slice walks down the
  same line, taking each saved state back, and goes on from that very node.
  Nothing is searched twice, so a sliced search visits the same nodes in the
  same order as an unsliced one and gives the same move and score at the same
  node budget.

Candidate moves are every distinct jump result (up to :data:`JUMP_CAP`, or
:data:`ROOT_JUMP_CAP` at the root) and
every placement within two points of the ball (the men that can matter next
move), or only the parrying moves under a threat.  A *wide* level (``grandmaster``, :data:`STRONGEST`)
places men within two points of any man or of the ball: a man where a chain
will land, far from the ball, is often the strongest move, and it is what
beat the sparring partner that made the strongest level lose (issue 30, ``bench/README.md``
"Placements near any man").  Its placements are pruned from
:data:`WIDE_BEAM_DEPTH` plies left, and the root keeps the best
:data:`WIDE_ROOT`.  The analysis (``prune=False``) of a wide level places men
as widely, but never prunes a placement within two points of the ball: it
searches every move an unpruned search near the ball would, and the best
ranked placements far from the ball on top (issue 44: before, it kept to the
ball's neighbourhood and missed a far win that play found).

The evaluation (:func:`evaluate`) is in tenths of a row, from the side to
move's point of view; it is documented there.  A bench may search with another
(``Searcher(..., evaluation=...)``, an :data:`Evaluation`: ``bench/fitted.py``).

Levels (:data:`LEVELS`, weakest first) differ in node budget, depth and
noise: the lower levels add random noise (up to a few rows) to each root
move's score, so they misjudge positions and a learner can beat them; all
levels take a win in one when there is one.  The noise is drawn from the
searcher's ``seed`` and the position: the same seed repeats a game move for
move (the ladder, the tests), and each game on the play page seeds its own
(its game id), so two games at the same level differ (issue 44).  Each level carries its rating,
measured by a round robin (``bench/ladder.py``).
"""

from __future__ import annotations

import math
import random
import time
from types import MethodType
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Generator, Iterable, Iterator, Literal

from .bitboard import DIRECTIONS, bit, bit_point, board_masks, grow, jump_results, single_jumps
from .board import Position
from .sides import Side, other
from .errors import NoMoveError, ParseError, PhutballError
from .notation import Jump, Move2D, Placement, Point
from .winsearch import win_path

#: A sure win, minus the plies to reach it.
WIN = 1_000_000
#: Scores beyond this are wins or losses, not evaluations.
WON = WIN - 1000
#: Distinct jump results listed per node; beyond it the node falls back to the pruned win search.
JUMP_CAP = 400
#: Distinct jump results tried at the root (dense positions have millions).
ROOT_JUMP_CAP = 2000
#: Node budgets of the root's win-in-one searches when it has too many jump results to list: each
#: is a fresh search run between two yields, so none keeps the caller waiting long.
ROOT_WIN_BUDGETS = (5_000, 20_000, 200_000)
#: Node budget of the win-in-one search used when a node has too many jump results.
WIN_NODES = 2000
#: Node budget for listing the opponent's winning paths (to find the men that break them).
PARRY_NODES = 5000
#: Plies a line may be extended at the horizon while the side to move faces a winning jump.
EXTENSIONS = 2
#: Forward pruning: at nodes with at least BEAM_DEPTH plies left, only the BEAM best-ranked
#: placements are searched (every jump, every parry and the table's move always are).
BEAM = 8
BEAM_DEPTH = 3
BEAM_RANK = True
#: How often (in nodes) the search reads the clock (for ``max_seconds`` and a slice's time), and how
#: often the root's jump listing yields.
YIELD_EVERY = 16
#: A slice of :meth:`Searcher.steps` ends after this many nodes ...
PAUSE_NODES = 256
#: ... or once this many seconds have passed (read every YIELD_EVERY nodes), whichever comes first.
PAUSE_SECONDS = 0.01
_NEVER = 1 << 62  # a node count no search reaches

Reason = Literal["win-in-one", "only-move", "complete", "nodes", "time", "cancelled"]


@dataclass(frozen=True)
class Level:
    """A playing strength: the search budget and how much noise spoils its judgement.

    ``noise`` is the standard deviation, in tenths of a row, of a random
    amount added to each root move's score (won and lost scores are exact).
    ``rating`` is the level's measured strength on 15x19 on the Elo scale, with
    the random player (a random placement every move) at 0: fitted by
    ``bench/ladder.py`` from a round robin of the levels and two baselines
    (``bench/README.md``, "Ladder").  None for a level that was not measured;
    the play page's level menu shows it when present.
    ``wide``: placements near any man, not only near the ball (see the module doc).
    """

    name: str
    max_nodes: int
    max_depth: int
    max_seconds: float
    noise: float
    rating: float | None = None
    wide: bool = False


#: The levels, weakest first (the order of the level menu and of ``--level``'s choices).
LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", max_nodes=200, max_depth=1, max_seconds=2.0, noise=40.0, rating=559.0),
    "novice": Level("novice", max_nodes=300, max_depth=1, max_seconds=2.0, noise=25.0, rating=870.0),
    "learner": Level("learner", max_nodes=300, max_depth=1, max_seconds=2.0, noise=20.0, rating=1012.0),
    "casual": Level("casual", max_nodes=300, max_depth=1, max_seconds=2.0, noise=17.0, rating=1356.0),
    "easy": Level("easy", max_nodes=1_200, max_depth=2, max_seconds=4.0, noise=17.0, rating=1567.0),
    "medium": Level("medium", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=14.0, rating=1753.0),
    "steady": Level("steady", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=12.0, rating=1927.0),
    "intermediate": Level("intermediate", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=10.0, rating=2101.0),
    "advanced": Level("advanced", max_nodes=2_000, max_depth=2, max_seconds=4.0, noise=7.0, rating=2287.0),
    "strong": Level("strong", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=4.0, rating=2510.0),
    "keen": Level("keen", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=2.0, rating=2727.0),
    "sharp": Level("sharp", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=0.0, rating=2875.0),
    "cunning": Level("cunning", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=6.0, rating=3126.0),
    "tough": Level("tough", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=3.0, rating=3264.0),
    "expert": Level("expert", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=0.0, rating=3508.0),
    "master": Level("master", max_nodes=5_000, max_depth=20, max_seconds=6.0, noise=0.0, rating=3804.0),
    "elite": Level("elite", max_nodes=8_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4014.0),
    "champion": Level("champion", max_nodes=20_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4278.0),
    # virtuoso is grandmaster as it was before issue 30 (men placed near the ball only).
    "virtuoso": Level("virtuoso", max_nodes=60_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4557.0),
    "grandmaster": Level("grandmaster", max_nodes=60_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4932.0,
                         wide=True),
}

#: Former level names, each read as the level it names today, so that whatever stored or typed one
#: still loads: saved games and settings, rating ledgers, ``--level``, notebooks (issue 44: the
#: names rise with the ratings; the strongest level was called "hard", above "champion" and
#: "virtuoso").  :func:`level_name` reads a name through this table; nothing else should.
LEVEL_ALIASES: dict[str, str] = {"hard": "grandmaster"}

#: The strongest level: the default of every search that is not asked for a level (the analysis, the
#: review, the command line's ``hint``, ``analyse`` and ``play``).
STRONGEST = "grandmaster"
#: The level of the play page's hint: the best move the lab can find, with no noise.
HINT_LEVEL = STRONGEST


class UnknownLevelError(ParseError):
    """A level name that is neither a level of :data:`LEVELS` nor a former name of one."""


def level_name(name: object) -> str | None:
    """Today's name of the level ``name`` names: itself for a level of :data:`LEVELS`, the level a
    former name now has (:data:`LEVEL_ALIASES`), None for anything else (not a string, or no level's
    name).  Every place that reads a stored or typed level name reads it through this."""
    if not isinstance(name, str):
        return None
    name = LEVEL_ALIASES.get(name, name)
    return name if name in LEVELS else None


def level_of(level: str | Level) -> Level:
    """The :class:`Level` a name (today's or a former one, see :func:`level_name`) stands for; a
    :class:`Level` as it is.  :class:`UnknownLevelError` quoting the name when no level has it."""
    if isinstance(level, Level):
        return level
    name = level_name(level)
    if name is None:
        raise UnknownLevelError("unknown level", level, f"choose one of {', '.join(LEVELS)}")
    return LEVELS[name]


@dataclass(frozen=True)
class Progress:
    """What the search knows so far: reported while it runs, and at the end (``done``)."""

    depth: int          # deepest completed iteration
    nodes: int
    best: Move2D
    score: int          # from the side to move's point of view (see :func:`evaluate`)
    elapsed: float      # seconds
    done: bool = False
    reason: Reason | None = None

    @property
    def outcome(self) -> str:
        """``"win in N"``, ``"loss in N"`` (plies) or the evaluation in rows, for display."""
        if self.score > WON:
            return f"win in {WIN - self.score}"
        if self.score < -WON:
            return f"loss in {WIN + self.score}"
        return f"{self.score / 10:+.1f}"


class _Stop(Exception):
    """The budget ran out inside the search."""


class _Pause(Exception):
    """The slice is over: unwind to :meth:`Searcher.steps`, saving each node's place (see the module doc)."""


#: What a node saves when a pause passes through it: :meth:`Searcher._probe`'s answer, its moves, the
#: index of the one being searched, the phase of that search (0: first search, 1: the leaf's extension
#: or the principal variation search's re-search), alpha, the best value and move so far, alpha at entry.
_Saved = tuple["_Found", list[tuple[int, int, int]] | None, int, int, int, int, "tuple[int, int, int] | None", int]


@dataclass
class Node:
    """What is known about a (men, ball) state, for both sides: jump results, wins, reach."""

    results: list[tuple[int, int, int]]  # distinct (col, row, men) after one jump
    complete: bool                        # results holds every distinct result
    lo: int                               # the lowest and highest row the results reach
    hi: int                               # (the ball's own row when there is no jump)
    win: dict[str, bool | None] = field(default_factory=dict)  # None: not decided yet


#: (bit, col, row) of each point along one direction from a point.
Ray = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class SearchTables:
    """Per-board tables built once: rays for the single jumps, and the squares around each point."""

    rays: tuple[tuple[Ray, ...], ...]          # by bit index of the ball: the 8 directions
    near: tuple[tuple[tuple[int, int], ...], ...]  # by bit index: (bit, row) within 2 points, on the board


@lru_cache(maxsize=None)
def search_tables(w: int, h: int) -> SearchTables:
    """The tables of a ``w`` x ``h`` board (rows 0..h+1 have bits: the ball may stand there)."""
    rays, near = [], []
    for index in range(w * (h + 2)):
        c, r = bit_point(w, index)
        dirs = []
        for dc, dr in DIRECTIONS:
            ray, cc, rr = [], c + dc, r + dr
            # Men stand on rows 1..h only, so a line of men ends there at the latest: the ball
            # may land on the off-board rows 0 and h+1 but never beyond them or off the sides.
            while 1 <= cc <= w and 0 <= rr <= h + 1:
                ray.append((bit(w, cc, rr), cc, rr))
                if rr in (0, h + 1):
                    break
                cc, rr = cc + dc, rr + dr
            if len(ray) >= 2:
                dirs.append(tuple(ray))
        rays.append(tuple(dirs))
        near.append(tuple((bit(w, cc, rr), rr) for rr in range(max(1, r - 2), min(h, r + 2) + 1)
                          for cc in range(max(1, c - 2), min(w, c + 2) + 1) if (cc, rr) != (c, r)))
    return SearchTables(tuple(rays), tuple(near))


class NodeFacts:
    """The facts of the states one search meets (a ``w`` x ``h`` board), each found once and kept:
    a state's distinct jump results (:meth:`node`), and whether a side wins with one jump from it.

    ``after_win_search`` is called after each pruned win search it runs (the searcher checks its
    time budget there)."""

    def __init__(self, w: int, h: int, after_win_search: Callable[[], None] | None = None) -> None:
        self.w, self.h = w, h
        tables = search_tables(w, h)
        self.rays, self.near = tables.rays, tables.near
        self.cache: dict[tuple[int, int, int], Node] = {}
        self.after_win_search = after_win_search

    def node(self, mask: int, c: int, r: int) -> Node:
        """The :class:`Node` of the state (men ``mask``, ball on (``c``, ``r``)): its distinct jump
        results, up to :data:`JUMP_CAP` (a single jump is read from the rays of :func:`search_tables`)."""
        key = (c, r, mask)
        node = self.cache.get(key)
        if node is None:
            w, h, rays = self.w, self.h, self.rays
            out: list[tuple[int, int, int]] = []
            seen: set[tuple[int, int, int]] = set()
            stack = [(c, r, mask)]
            complete = True
            while stack and complete:
                c0, r0, m0 = stack.pop()
                for ray in rays[r0 * w + c0 - 1]:  # single jumps (bitboard.single_jumps, unrolled)
                    removed = 0
                    for b, cc, rr in ray:
                        if m0 & b:
                            removed |= b
                            continue
                        if removed:
                            k = (cc, rr, m0 & ~removed)
                            if k not in seen:
                                seen.add(k)
                                out.append(k)
                                if 0 < rr <= h:
                                    stack.append(k)
                        break
                if len(out) >= JUMP_CAP:
                    complete = False
            rows = [k[1] for k in out]
            lo, hi = (min(rows), max(rows)) if rows else (r, r)
            node = Node(out, complete, lo, hi)
            # A result on a goal row decides that side's win at once; no result there decides it only
            # when every result is listed (otherwise win_status asks the pruned win search).
            if hi >= h:
                node.win["O"] = True
            elif complete:
                node.win["O"] = False
            if lo <= 1:
                node.win["X"] = True
            elif complete:
                node.win["X"] = False
            if len(self.cache) > 200_000:
                self.cache.clear()
            self.cache[key] = node
        return node

    def win_status(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool | None:
        """Whether ``side`` can win with one jump from this state; None if the win search gave up."""
        win = node.win
        if side not in win:  # not every result is listed and none wins (see node)
            status, _, _ = win_path(self.w, self.h, mask, c, r, side, WIN_NODES)
            win[side] = {"found": True, "none": False}.get(status)
            if self.after_win_search is not None:
                self.after_win_search()
        return win[side]

    def wins(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool:
        """Whether ``side``, to move, surely wins with one jump (an undecided search is not a win)."""
        return self.win_status(node, mask, c, r, side) is True

    def threatened(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool:
        """Whether the opponent of ``side`` might win with a jump if it were their turn (undecided: yes)."""
        return self.win_status(node, mask, c, r, other(side)) is not False


_Found = tuple[Node, "tuple[int, int, int] | None", int, int]  # _probe's answer: node, table move, depth, ext


def _by_progress(children: Iterable[tuple[int, int, int]], side: Side) -> list[tuple[int, int, int]]:
    """Jump results (col, row, men), furthest toward ``side``'s goal first; ties in sorted order."""
    fwd = 1 if side == "O" else -1
    return sorted(children, key=lambda k: (-fwd * k[1], k))


#: A static evaluation of a state of a search, in tenths of a row for the side to move: given the
#: search's :class:`NodeFacts`, the state's :class:`Node`, its men, the ball's column and row, and the
#: side to move.  :func:`evaluate_node` is the engine's; a bench may try another (``Searcher(evaluation=...)``).
Evaluation = Callable[[NodeFacts, Node, int, int, int, Side], int]


def evaluate_node(facts: NodeFacts, node: Node, mask: int, c: int, r: int, side: Side) -> int:
    """:func:`evaluate` of a state of a search (an :data:`Evaluation`)."""
    # Ohs gain rows upward: their reach is the highest result's row minus the ball's (a result on a
    # row at or behind the ball gains nothing); Eks' the same downward.
    up, down = max(node.hi - r, 0), max(r - node.lo, 0)
    ball = 2 * r - facts.h - 1  # = 2 * (rows from the middle toward the Ohs' goal)
    if side == "O":
        score = 5 * ball + 6 * up - 5 * down
    else:
        score = -5 * ball + 6 * down - 5 * up
    threatened = facts.threatened(node, mask, c, r, side)
    return score + 4 - 25 * threatened


def position_node(pos: Position) -> tuple[NodeFacts, Node]:
    """Fresh :class:`NodeFacts` for ``pos``'s board and the :class:`Node` of ``pos`` in them (what a
    search of ``pos`` evaluates).  :class:`~phutball.errors.NoMoveError` when the game is over, as
    :class:`Searcher` does."""
    if pos.is_over:  # won, or drawn because the side to move has no legal move
        raise NoMoveError("no move", str(pos), pos.over_reason())
    facts = NodeFacts(pos.size.width, pos.size.height)
    return facts, facts.node(pos.mask, pos.ball.col, pos.ball.row)


def evaluate(pos: Position, evaluation: Evaluation = evaluate_node) -> int:
    """The static evaluation of ``pos`` for the side to move, in tenths of a row (no search).

    ``5 * ball + 6 * my_reach - 5 * their_reach + 4 - 25 * threatened`` where

    * ``ball`` is the ball's row offset from the middle toward my goal,
      counted in half rows (so ``5 * ball`` is tenths of a row): the ball's
      distance to each goal;
    * ``my_reach`` is how many rows my best jump would carry the ball toward
      my goal now (0 if none goes forward);
    * ``their_reach`` is the same for the opponent if it were their turn --
      what I must watch after my move;
    * ``4`` is the tempo of having the move;
    * ``threatened`` is 1 when the opponent has a winning jump waiting (I
      can still parry it: the search looks at that).

    A position where the side to move can win at once is not evaluated: the
    search scores it as a win.

    ``evaluation``: another static evaluation of the search's states (a bench's candidate).
    """
    facts, node = position_node(pos)
    return evaluation(facts, node, pos.mask, pos.ball.col, pos.ball.row, pos.to_move)


#: How a score turns into a win chance for the side to move: ``P = 1 / (1 + exp(-slope * score))``,
#: ``score`` in tenths of a row.  The logistic regression of recorded games' results (a draw half a
#: win) on :func:`evaluate` (``python bench/texel.py fit``, "today's evaluate()"; ``tests/test_texel.py``
#: checks it): one row ahead is 61%, two rows 72%, four rows 86%.
WIN_CHANCE_SLOPE = 0.0464


def win_chance(score: int | float) -> float:
    """The chance that the side to move wins from a position the search scored ``score``, 0..1:
    1 for a forced win, 0 for a forced loss, else the calibrated logistic of :data:`WIN_CHANCE_SLOPE`
    (a draw counts half a win in the games it was fitted on)."""
    if score > WON:
        return 1.0
    if score < -WON:
        return 0.0
    return 1.0 / (1.0 + math.exp(-WIN_CHANCE_SLOPE * score))


#: Wide placements (a level's ``wide``): forward pruning from this many plies left (else BEAM_DEPTH),
#: and the root's placements kept after ranking.
WIDE_BEAM_DEPTH = 2
WIDE_ROOT = 16


class Searcher:
    """One search for the best move in a position; see the module doc.

    >>> s = Searcher(Position.from_str("9x9_O_E5_E6E7E8"), STRONGEST)
    >>> str(s.run().best)  # Ohs aim at row 9: the jump over three men wins at once
    'E5-E9'
    """

    def __init__(self, pos: Position, level: str | Level = STRONGEST, *, max_nodes: int | None = None,
                 max_depth: int | None = None, max_seconds: float | None = None, seed: int | str | None = None,
                 clock: Callable[[], float] | None = None, history: Iterable[Position] = (),
                 prune: bool = True, evaluation: Evaluation | None = None) -> None:
        if pos.is_over:  # won, or drawn because the side to move has no legal move
            raise NoMoveError("no move", str(pos), pos.over_reason())
        lv = level_of(level)
        self.pos = pos
        self.level = lv
        self.max_nodes = lv.max_nodes if max_nodes is None else max_nodes
        self.max_depth = lv.max_depth if max_depth is None else max_depth
        self.max_seconds = lv.max_seconds if max_seconds is None else max_seconds
        self.clock = clock or time.perf_counter
        self.w, self.h = pos.size.width, pos.size.height
        facts = self.facts = NodeFacts(self.w, self.h, self._budget)
        self.near = facts.near
        # The facts' look-ups, called at every node (attributes, so a call costs no more than a method's).
        self._node, self._wins, self._threatened = facts.node, facts.wins, facts.threatened
        # prune=False: every placement near the ball at every node (the analysis: a win it reports
        # must hold against every defence searched, which forward pruning does not promise).
        self.beam, self.beam_depth, self.beam_rank = BEAM, BEAM_DEPTH if prune else 10**9, BEAM_RANK
        # A wide level places men near any man, not only near the ball, and prunes them as in play; the
        # analysis (prune=False) of a wide level does too, but never prunes a placement near the ball
        # (``keep_near``): it searches every move the analysis of a level near the ball searched, and
        # the best placements far from the ball on top (issue 44).
        self.wide = board_masks(self.w, self.h) if lv.wide else None
        self.keep_near = not prune
        if self.wide is not None:
            self.beam_depth = WIDE_BEAM_DEPTH
        # The static evaluation (evaluate_node unless a bench gives another): the engine's reads a state's
        # jumps and threat only, so a wide level's ranking need not evaluate a man that changes neither.
        self._evaluate: Callable[[Node, int, int, int, Side], int] = MethodType(evaluation or evaluate_node, facts)
        self.jumps_only = evaluation in (None, evaluate_node)
        # Noise is repeatable: the same position, level and seed give the same move.  A game seeds its own
        # (the play page gives its game id, random for each new game), so two games at a weak level differ.
        self.rng = random.Random(f"{pos}/{lv.name}/{seed}")
        self.nodes = 0
        self.depth = 0
        self.start: float | None = None
        self.reason: Reason | None = None
        self.tt: dict[tuple[int, int, int, str], tuple[int, int, int, tuple[int, int, int] | None]] = {}
        self.history: dict[int, int] = {}
        self.parries: dict[tuple[int, int, int, str], tuple[tuple[int, int, int], ...]] = {}
        # A wide level's ranking values, by (men, ball, side): a ranking that paused goes on from them.
        self._ranks: dict[tuple[int, int, int, str], int] = {}
        self._root_moves: dict[tuple[int, int, int], Move2D] = {}  # jump results -> their first path
        self._best: Move2D = self._fallback()
        self._score = 0
        # Repetition: how often each state occurred before the root, and on the line being searched.
        self.seen: dict[tuple[int, int, int, str], int] = {}
        for p in history:
            if isinstance(p, Position) and p.size == pos.size:
                k = (p.mask, p.ball.col, p.ball.row, p.to_move)
                self.seen[k] = self.seen.get(k, 0) + 1
        self._line: dict[tuple[int, int, int, str], int] = {(pos.mask, pos.ball.col, pos.ball.row, pos.to_move): 1}
        # Slices (see the module doc): the saved states of a paused line (innermost first), the node
        # count at which the slice ends, the clock reading at which it ends, and the next node count
        # at which _tick looks at any of the budgets (so most nodes cost one comparison).
        self._resume: list[_Saved] = []
        self._pausing: tuple[int | None, float | None] = (None, None)
        self._pause_at = _NEVER
        self._pause_by = float("inf")
        self._checkpoint = 0

    # ------------------------------------------------------------ public

    def best(self) -> Move2D:
        """The best move found so far (a legal move at any time, even before the search starts)."""
        return self._best

    def progress(self, done: bool = False) -> Progress:
        return Progress(self.depth, self.nodes, self._best, self._score,
                        (self.clock() - self.start) if self.start is not None else 0.0, done,
                        self.reason if done else None)

    def pv(self, max_plies: int | None = None) -> tuple[Move2D, ...]:
        """The principal variation: :meth:`best`, then each position's stored best reply.

        Read from the transposition table; every move is checked by playing it
        (``Position.play``), and the line stops at a finished game, a state met
        twice on it, a missing entry, or after ``max_plies`` (default: the
        completed depth plus the check extensions).
        """
        if max_plies is None:
            won = WIN - abs(self._score) if abs(self._score) > WON else 0
            max_plies = max(self.depth + EXTENSIONS, won, 1)
        limit = max_plies
        pos, move = self.pos, self._best
        out: list[Move2D] = []
        met: set[tuple[int, int, int, str]] = set()
        while len(out) < limit:
            try:
                pos = pos.play(move)
            except PhutballError:  # a stale table entry: the line ends before it
                break
            out.append(move)
            key = (pos.mask, pos.ball.col, pos.ball.row, pos.to_move)
            if pos.winner or key in met:
                break
            met.add(key)
            entry = self.tt.get(key)
            nxt = self._move_between(pos, entry[3]) if entry is not None and entry[3] is not None else None
            if nxt is None:  # the search stores no move where the side to move wins at once: find it
                win = pos.find_winning_jump(max_nodes=WIN_NODES)
                if win.status != "found" or win.jump is None:
                    break
                nxt = win.jump
            move = nxt
        return tuple(out)

    def _move_between(self, pos: Position, child: tuple[int, int, int]) -> Move2D | None:
        """The move of ``pos`` that leads to the state ``child`` = (col, row, men), or None."""
        c, r, m = child
        mask, bc, br = pos.mask, pos.ball.col, pos.ball.row
        added = m & ~mask
        if (c, r) == (bc, br):
            if m == mask | added and added and not added & (added - 1):
                index = added.bit_length() - 1
                return Placement(Point(*bit_point(self.w, index)))
            return None
        for n, (jc, jr, jm, path) in enumerate(jump_results(self.w, self.h, bc, br, mask)):
            if (jc, jr, jm) == child:
                return Jump(tuple(Point(pc, pr) for pc, pr in path))
            if n >= ROOT_JUMP_CAP:
                break
        return None

    def steps(self, pause_nodes: int | None = PAUSE_NODES,
              pause_seconds: float | None = PAUSE_SECONDS) -> Iterator[Progress]:
        """Run the search, yielding progress after every slice; the last item has ``done=True``.

        A slice ends after ``pause_nodes`` nodes or ``pause_seconds`` seconds
        (None: no such limit), or sooner where the root lists its jumps.  The
        slices change nothing in the search: the same nodes are searched in the
        same order whatever their size.  Stop iterating at any time to cancel:
        :meth:`best` then holds the best move found so far.
        """
        if pause_nodes is not None and pause_nodes < 1:
            raise ValueError(f"pause_nodes must be at least 1, not {pause_nodes!r}")
        self.start = self.clock()
        self.reason = "cancelled"
        self._resume.clear()
        self._pausing = (pause_nodes, pause_seconds)
        self._new_slice()
        for _ in self._think():
            yield self.progress()
            self._new_slice()
        yield self.progress(done=True)

    def run(self) -> Progress:
        """Search to the end of the budget and return the final progress (``.best`` is the move).

        One slice: the search never pauses (:meth:`steps` gives the same result in slices).
        """
        last = None
        for last in self.steps(None, None):
            pass
        assert last is not None
        return last

    # ------------------------------------------------------------ root

    def _fallback(self) -> Move2D:
        """A legal move before any search: a placement near the ball, else anywhere, else a single jump."""
        pos = self.pos
        cands = self._placements(pos.mask, pos.ball.col, pos.ball.row)
        if cands:
            return self._to_move(cands[0])
        cands = self._placements(pos.mask, pos.ball.col, pos.ball.row, radius=max(self.w, self.h))
        if cands:
            return self._to_move(cands[0])
        step = single_jumps(self.w, self.h, pos.ball.col, pos.ball.row, pos.mask)[0]  # has_moves: one exists
        return Jump((pos.ball, Point(step.col, step.row)))

    def _to_move(self, child: tuple[int, int, int]) -> Move2D:
        """The root move leading to ``child`` = (col, row, men) after it."""
        if child in self._root_moves:
            return self._root_moves[child]
        c, r, m = child
        added = m & ~self.pos.mask
        if (c, r) != (self.pos.ball.col, self.pos.ball.row) or m != self.pos.mask | added or not added \
                or added & (added - 1):
            raise AssertionError(f"not a root move: {child}")
        index = added.bit_length() - 1
        return Placement(Point(*bit_point(self.w, index)))

    def _think(self) -> Generator[None, None, None]:
        pos, side = self.pos, self.pos.to_move
        mask, bc, br = pos.mask, pos.ball.col, pos.ball.row
        goal, own_goal = pos.target_rows(side), pos.target_rows(other(side))
        # List the root's jump results lazily, inside the time budget: yield every few so the caller
        # shows progress and can stop ("move now"); the fallback move stands until the search has more.
        listed = 0
        try:
            for c, r, m, path in jump_results(self.w, self.h, bc, br, mask):
                jump = Jump(tuple(Point(pc, pr) for pc, pr in path))
                if r in goal:  # a jump onto my goal wins, whatever the search below says
                    self._best, self._score, self.reason = jump, WIN - 1, "win-in-one"
                    return
                if r not in own_goal:  # jumps onto my own goal rows lose at once: never candidates
                    self._root_moves[(c, r, m)] = jump
                listed += 1
                if listed >= ROOT_JUMP_CAP:
                    break
                if listed % YIELD_EVERY == 0:
                    self._budget()
                    yield
            yield
            if listed >= ROOT_JUMP_CAP:  # not every jump was listed: ask the pruned win search
                for budget in ROOT_WIN_BUDGETS:
                    status, wpath, _ = win_path(self.w, self.h, mask, bc, br, side, budget)
                    if status == "found" and wpath is not None:
                        self._best, self._score, self.reason = Jump(tuple(Point(pc, pr) for pc, pr in wpath)), \
                            WIN - 1, "win-in-one"
                        return
                    self._budget()
                    yield
                    if status == "none":
                        break
        except _Stop as stop:
            self.reason = stop.args[0]
            return
        node = self._node(mask, bc, br)
        jumps = _by_progress(self._root_moves, side)
        if self._threatened(node, mask, bc, br, side):
            # Under a threat the men that can break the chain come first, then jumps away, then
            # every other placement, so a small budget still tries the likely parries.
            parries = self._parries(mask, bc, br, side)
            rest = set(parries)
            children = parries + jumps + [p for p in self._placements(mask, bc, br, radius=max(self.w, self.h))
                                          if p not in rest]
            yield
        elif self.wide is not None:
            while True:  # the ranking pauses at the slice's end (see _budget) and starts again
                try:
                    ranked = self._candidates(node, mask, bc, br, side, None, WIDE_BEAM_DEPTH, keep=WIDE_ROOT)
                    break
                except _Pause:
                    yield
                except _Stop as stop:  # the time budget ran out while ranking: the fallback move stands
                    self.reason = stop.args[0]
                    return
            children = jumps + [k for k in ranked if k[:2] == (bc, br)]
        else:
            children = jumps + self._placements(mask, bc, br)
        # A placement anywhere that brings back a position seen twice is a draw by repetition: a side
        # that is behind may want it, so it is a candidate even far from the ball.
        listed_children = set(children)
        children += sorted(k for k in self._repeating_placements(mask, bc, br, other(side)) if k not in listed_children)
        self.reason = "complete"
        if not children:
            return
        self._best = self._to_move(children[0])
        if len(children) == 1:
            self.reason = "only-move"
            return
        noise = {c: (self.rng.gauss(0.0, self.level.noise) if self.level.noise else 0.0) for c in children}
        best_child = children[0]
        child = best_child
        try:
            for depth in range(1, self.max_depth + 1):
                children.sort(key=lambda c: c != best_child)  # the previous best first
                alpha, it_best, it_score = -WIN - 1, best_child, -WIN - 1  # the first child always beats -WIN - 1
                for child in children:
                    c, r, m = child
                    n = round(noise[child])
                    # The child must beat alpha after its noise is added: search it against alpha - n.
                    # Principal variation search: a move after the first is first only tested for
                    # beating alpha (a null window), and searched fully only when it does.
                    v = WIN + 1
                    if child is not children[0] and alpha > -WON:
                        v = -(yield from self._resumable(m, c, r, other(side), depth - 1, n - alpha - 1, n - alpha))
                    if v > alpha - n:
                        v = -(yield from self._resumable(m, c, r, other(side), depth - 1, -WIN - 1, n - alpha))
                    if abs(v) < WON:
                        v += n
                    if v > it_score:
                        # The previous best is searched first, so any move that beats it is better informed.
                        it_best, it_score = child, v
                        alpha = max(alpha, v)
                        self._best, self._score = self._to_move(child), v
                best_child, self.depth = it_best, depth
                self._best, self._score = self._to_move(best_child), it_score
                if abs(it_score) > WON:
                    break
                if depth < self.max_depth:
                    yield  # every completed iteration is reported (the last one by steps' final report)
        except _Stop as stop:
            self.reason = stop.args[0]
            if self._score < -WON:
                # Every move searched so far loses; the one being searched when time ran out might not.
                self._best = self._to_move(child)

    def _repeating_placements(self, mask: int, c: int, r: int, nxt: Side) -> list[tuple[int, int, int]]:
        """Root placements whose position (``nxt`` to move) the history holds twice already."""
        out = []
        for (m, cc, rr, s), n in self.seen.items():
            added = m & ~mask
            if n >= 2 and s == nxt and (cc, rr) == (c, r) and m == mask | added and added \
                    and not added & (added - 1):
                out.append((c, r, m))
        return out

    # ------------------------------------------------------------ the tree

    def _new_slice(self) -> None:
        """Start a slice: it may count ``pause_nodes`` more nodes and last ``pause_seconds`` (see :meth:`steps`)."""
        nodes, seconds = self._pausing
        self._pause_at = _NEVER if nodes is None else self.nodes + nodes + 1
        self._pause_by = float("inf") if seconds is None else self.clock() + seconds
        self._checkpoint = self.nodes + 1  # the first node of the slice looks at the budgets

    def _resumable(self, mask: int, c: int, r: int, side: Side, depth: int, alpha: int,
                   beta: int) -> Generator[None, None, int]:
        """A root move's search (:meth:`_negamax` at ply 1), yielding at each pause and going on after it."""
        while True:
            try:
                return self._negamax(mask, c, r, side, depth, alpha, beta, 1, EXTENSIONS)
            except _Pause:  # the nodes on the line saved their places in self._resume
                yield

    def _tick(self) -> None:
        """Count a node.  Every few nodes (at ``_checkpoint``), :meth:`_budget` looks at the budgets."""
        nodes = self.nodes + 1
        if nodes >= self._checkpoint:
            self._budget(nodes, pause=True)
        self.nodes = nodes

    def _budget(self, nodes: int | None = None, pause: bool = False) -> None:
        """The one check of the search's budgets: raise _Stop when the node or time budget is spent,
        and _Pause when the slice is (only where the caller can go on after a pause).

        ``nodes``: before counting node ``nodes`` (from :meth:`_tick`, ``pause=True``): the node
        budget and the slice's node count, then the clock every :data:`YIELD_EVERY` nodes; a stop
        counts the node, a pause does not (it is searched after the pause).  None: the clock alone,
        now: after a win search or a parry listing and in the root's jump listing (no pause there),
        and between two placements of a wide level's ranking (``pause=True``: "Move now" is answered
        within a slice; only the clock ends a slice there, never the node count, so a sliced search
        still visits the same nodes as an unsliced one, and the ranking starts again after the pause
        from the values already found, ``self._ranks``, so every slice gets further).
        """
        if nodes is not None:
            if nodes >= self.max_nodes:
                self.nodes = nodes
                raise _Stop("nodes")
            if nodes >= self._pause_at:
                raise _Pause
        if self.start is not None and (nodes is None or nodes % YIELD_EVERY == 0):
            now = self.clock()
            if now - self.start >= self.max_seconds:
                if nodes is not None:
                    self.nodes = nodes
                raise _Stop("time")
            if pause and now >= self._pause_by:
                raise _Pause
        if nodes is not None:
            self._checkpoint = min(nodes - nodes % YIELD_EVERY + YIELD_EVERY, self.max_nodes, self._pause_at)

    def _negamax(self, mask: int, c: int, r: int, side: Side, depth: int, alpha: int, beta: int,
                 ply: int, ext: int) -> int:
        if self._resume:  # after a pause: this node is on the paused line, its place is saved
            return self._expand(mask, c, r, side, alpha, beta, ply, None)
        self._tick()
        found = self._probe(mask, c, r, side, depth, alpha, beta, ply, ext)
        if isinstance(found, int):
            return found
        return self._expand(mask, c, r, side, alpha, beta, ply, found)

    def _probe(self, mask: int, c: int, r: int, side: Side, depth: int, alpha: int, beta: int,
               ply: int, ext: int) -> int | _Found:
        """A node's value when known without searching its moves (repetition, a win, the table, the
        horizon), else what :meth:`_expand` needs: (node, table move, depth, extensions left)."""
        key = (mask, c, r, side)
        if self.seen.get(key, 0) + self._line.get(key, 0) >= 2:
            return 0  # this is the position's third occurrence: the game is drawn by repetition
        node = self._node(mask, c, r)
        if self._wins(node, mask, c, r, side):
            return WIN - ply - 1
        entry = self.tt.get(key)
        tt_child = None
        if entry is not None:
            e_depth, flag, value, tt_child = entry
            if abs(value) > WON:  # stored as distance from this node: make it distance from the root
                value = value - ply if value > 0 else value + ply
            if e_depth >= depth:
                if flag == 0 or (flag > 0 and value >= beta) or (flag < 0 and value <= alpha):
                    return value
        threatened = self._threatened(node, mask, c, r, side)
        if depth <= 0:
            if not threatened or ext <= 0:
                return self._evaluate(node, mask, c, r, side)
            depth, ext = 1, ext - 1  # check extension: see whether the threat can be parried
        return node, tt_child, depth, ext

    def _expand(self, mask: int, c: int, r: int, side: Side, alpha: int, beta: int, ply: int,
                found: _Found | None) -> int:
        """Search a node's moves (alpha-beta, principal variation search) and store the result.

        ``found`` is :meth:`_probe`'s answer, or None to go on where a pause left this node (its
        saved state is the last of ``self._resume``; a pause passing through saves it there).
        """
        key = (mask, c, r, side)
        if found is None:
            found, listed, start, phase, alpha, best, best_child, a0 = self._resume.pop()
        else:
            listed, a0, best, best_child, start, phase = None, alpha, -WIN - 1, None, 0, 0
        node, tt_child, depth, ext = found
        if listed is None:  # a wide level's ranking of its placements may pause (see _budget)
            try:
                children = self._candidates(node, mask, c, r, side, tt_child, depth)
            except _Pause:
                self._resume.append((found, None, 0, 0, alpha, best, None, a0))
                raise
            if not children:
                return self._evaluate(node, mask, c, r, side)
        else:
            children = listed
        nxt = other(side)
        line = self._line
        line[key] = line.get(key, 0) + 1
        i = start
        try:
            for i in range(start, len(children)):
                child = children[i]
                cc, rr, mm = child
                if depth <= 1:  # a leaf below: evaluated in place unless it is extended
                    if phase:
                        v = -self._expand(mm, cc, rr, nxt, -beta, -alpha, ply + 1, None)
                    else:
                        self._tick()
                        leaf = self._probe(mm, cc, rr, nxt, 0, -beta, -alpha, ply + 1, ext)
                        if isinstance(leaf, int):
                            v = -leaf
                        else:
                            phase = 1
                            v = -self._expand(mm, cc, rr, nxt, -beta, -alpha, ply + 1, leaf)
                elif best > -WIN - 1 and beta - alpha > 1:  # principal variation search (see _think)
                    if not phase:
                        v = -self._negamax(mm, cc, rr, nxt, depth - 1, -alpha - 1, -alpha, ply + 1, ext)
                    if phase or alpha < v < beta:
                        phase = 1
                        v = -self._negamax(mm, cc, rr, nxt, depth - 1, -beta, -alpha, ply + 1, ext)
                else:
                    v = -self._negamax(mm, cc, rr, nxt, depth - 1, -beta, -alpha, ply + 1, ext)
                phase = 0
                if v > best:
                    best, best_child = v, child
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            moved = mm ^ mask  # the man placed, or the men jumped
                            self.history[moved] = self.history.get(moved, 0) + depth * depth
                            break
        except _Pause:
            self._resume.append((found, children, i, phase, alpha, best, best_child, a0))
            raise
        finally:
            line[key] -= 1
        flag = 1 if best >= beta else (-1 if best <= a0 else 0)
        if len(self.tt) > 400_000:
            self.tt.clear()
        stored = best + ply if best > WON else (best - ply if best < -WON else best)
        self.tt[key] = (depth, flag, stored, best_child)
        return best

    # ------------------------------------------------------------ node facts

    def _placements(self, mask: int, c: int, r: int, radius: int = 2) -> list[tuple[int, int, int]]:
        """Placements within ``radius`` of the ball (Chebyshev distance), as child states, sorted."""
        w, h = self.w, self.h
        if radius == 2:
            return [(c, r, mask | b) for b, _ in self.near[r * w + c - 1] if not mask & b]
        out = []
        for rr in range(max(1, r - radius), min(h, r + radius) + 1):
            for cc in range(max(1, c - radius), min(w, c + radius) + 1):
                b = bit(w, cc, rr)
                if not mask & b and (cc, rr) != (c, r):
                    out.append((c, r, mask | b))
        return out

    def _spread(self, mask: int, c: int, r: int) -> list[int]:
        """The empty points within 2 of a man or of the ball (a wide level's placements), as bits."""
        assert self.wide is not None
        ball = 1 << (r * self.w + c - 1)
        free = grow(mask | ball, self.w, self.h, 2) & self.wide.board & ~mask & ~ball
        out = []
        while free:
            low = free & -free
            out.append(low)
            free ^= low
        return out

    def _touched(self, node: Node, c: int, r: int) -> int | None:
        """For a wide level's ranking: the points where a man changes this state's jumps, as a mask --
        within one point of the ball or of a landing point (a jump starts next to a point the ball
        reaches, and a man on a landing point extends that line); a man anywhere else leaves every
        jump, so the evaluation after it is this state's.  None when the jumps are not all listed
        (or the evaluation counts the men near the ball): then every placement is evaluated."""
        if self.wide is None or not node.complete or not self.jumps_only:
            return None
        w = self.w
        seen = 1 << (r * w + c - 1)
        for cc, rr, _ in node.results:
            seen |= 1 << (rr * w + cc - 1)
        return grow(seen, w, self.h, 1)

    def _parries(self, mask: int, c: int, r: int, side: Side) -> list[tuple[int, int, int]]:
        """Placements that can spoil the opponent's winning jumps: men on their landing points.

        If the winning paths cannot all be listed, every placement near the ball.
        """
        key = (c, r, mask, side)
        cached = self.parries.get(key)
        if cached is not None:
            return list(cached)
        opp = other(side)
        pos = Position.from_mask(self.pos.size, mask, Point(c, r), opp)
        found = pos.winning_jumps(limit=32, max_nodes=PARRY_NODES)
        self._budget()
        # A chain may land where it jumped a man earlier: that point holds a man now, and "placing"
        # there would be no move at all (a child equal to its parent), so only empty points count.
        points = sorted({p for j in found.paths for p in j.path[1:]
                         if 1 <= p.row <= self.h and (p.col, p.row) != (c, r)
                         and not mask >> (p.row * self.w + p.col - 1) & 1})
        if not found.complete or found.truncated or not points:
            out = self._placements(mask, c, r)
        else:
            out = [(c, r, mask | 1 << (p.row * self.w + p.col - 1)) for p in points]
        if len(self.parries) > 50_000:
            self.parries.clear()
        self.parries[key] = tuple(out)
        return out

    def _candidates(self, node: Node, mask: int, c: int, r: int, side: Side,
                    first: tuple[int, int, int] | None, depth: int, keep: int | None = None
                    ) -> list[tuple[int, int, int]]:
        """The moves to try, best-looking first (see the module doc)."""
        h = self.h
        own_goal = (0, 1) if side == "O" else (h, h + 1)
        fwd = 1 if side == "O" else -1
        jumps = _by_progress((k for k in node.results if k[1] not in own_goal), side)
        hist = self.history
        if self._threatened(node, mask, c, r, side):
            places = self._parries(mask, c, r, side)
            places.sort(key=lambda k: (-hist.get(k[2] ^ mask, 0),
                                       -fwd * bit_point(self.w, (k[2] ^ mask).bit_length() - 1)[1]))
        else:
            # Cut-off history first, then men placed toward my goal (they make my next jump).
            if self.wide is not None:
                near = [(-hist.get(b, 0), -fwd * ((b.bit_length() - 1) // self.w), b) for b in self._spread(mask, c, r)]
            else:
                near = [(-hist.get(b, 0), -fwd * row, b) for b, row in self.near[r * self.w + c - 1] if not mask & b]
            near.sort()
            beam = self.beam if keep is None else keep
            if depth >= self.beam_depth and len(near) > beam:
                # Forward pruning: rank by the opponent's static evaluation after the placement
                # (lowest first), then by the order above; search only the best ``beam``.
                if self.beam_rank:
                    nxt, ev, nd = other(side), self._evaluate, self._node
                    touched = self._touched(node, c, r)
                    same = ev(node, mask, c, r, nxt) if touched is not None else 0
                    ranked, ranks, fresh, wide = [], self._ranks, 0, self.wide is not None
                    if len(ranks) > 200_000:
                        ranks.clear()
                    for k in near:
                        m = mask | k[2]
                        if touched is not None and not k[2] & touched:
                            ranked.append((same, k))
                            continue
                        if not wide:  # a level near the ball: nothing is kept, no pause
                            ranked.append((ev(nd(m, c, r), m, c, r, nxt), k))
                            continue
                        v = ranks.get((m, c, r, nxt))
                        if v is None:
                            v = ranks[(m, c, r, nxt)] = ev(nd(m, c, r), m, c, r, nxt)
                            fresh += 1
                            if fresh % YIELD_EVERY == 0:
                                self._budget(pause=True)
                        ranked.append((v, k))
                    ranked.sort()
                    near = [k for _, k in ranked]
                if self.keep_near:  # the analysis: every placement near the ball, and the best others
                    ball = self.near[r * self.w + c - 1]
                    close = sum(b for b, _ in ball)
                    far = [k for k in near if not k[2] & close]
                    near = [k for k in near if k[2] & close] + far[:beam]
                else:
                    del near[beam:]
            places = [(c, r, mask | b) for _, _, b in near]
        out = jumps + places
        if first is not None:  # the table's move (a child of this very state) first, even if pruned
            if first in out:
                out.remove(first)
            out.insert(0, first)
        return out

def choose_move(pos: Position, level: str | Level = STRONGEST, *, max_nodes: int | None = None,
                seed: int | str | None = None, history: Iterable[Position] = ()) -> Move2D:
    """The computer's move in ``pos`` at ``level``: always a legal move.

    Raises :class:`~phutball.errors.NoMoveError` when there is none (the game
    is over: a goal was scored, or the side to move has no legal move -- a draw).
    """
    return Searcher(pos, level, max_nodes=max_nodes, seed=seed, history=history).run().best


__all__ = ["HINT_LEVEL", "LEVELS", "LEVEL_ALIASES", "Level", "NoMoveError", "STRONGEST", "UnknownLevelError",
           "level_name", "level_of", "Progress", "Searcher", "choose_move", "evaluate", "Jump", "WIN",
           "WIN_CHANCE_SLOPE", "win_chance", "Evaluation", "Node", "NodeFacts", "evaluate_node", "position_node",
           "search_tables"]
