"""The 2D computer player's search: iterative-deepening alpha-beta with a transposition table.

How it searches (negamax form, scores from the side to move's point of view):

* **Win in one at every node.**  A node first lists the distinct positions
  its jumps reach (:class:`~phutball.ai.nodes.NodeFacts`: memoised on ball
  point plus men left, as in :meth:`Position.results`; the single jumps are
  read from per-board ray tables built once).  If one ends on the mover's goal rows the node
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
* **Move ordering and forward pruning** are :mod:`phutball.ai.moves`'s: the
  table's move first, then jumps, then placements (near the ball, or near
  any man for a *wide* level), the best-ranked only with plies to spare.
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

The moves (:mod:`phutball.ai.moves`), the facts of a state (:mod:`phutball.ai.nodes`), the
evaluation (:mod:`phutball.ai.evaluation`: :func:`~phutball.ai.evaluation.evaluate`, in tenths of a
row, from the side to move's point of view; a bench may search with another,
``Searcher(..., evaluation=...)``, an :data:`~phutball.ai.evaluation.Evaluation`: ``bench/fitted.py``)
and the levels (:mod:`phutball.ai.levels`) have modules of their own.
"""

from __future__ import annotations

import random
import time
import weakref
from types import MethodType
from typing import Callable, Generator, Iterable, Iterator, ParamSpec

from ..bitboard import bit_point, jump_results, single_jumps
from ..board import Position
from ..errors import NoMoveError, PhutballError
from ..notation import Jump, Move2D, Placement, Point
from ..sides import Side, other
from ..winsearch import win_path_steps
from .evaluation import WIN, WON, Evaluation, StateValue, evaluate_node
from .lapses import facts_for
from .levels import PAUSE_NODES, PAUSE_SECONDS, STRONGEST, YIELD_EVERY, Level, Progress, Reason, level_of
from .moves import WIDE_BEAM_DEPTH, WIDE_ROOT, Candidates, Plan, by_progress
from .nodes import WIN_NODES, Node

#: Distinct jump results tried at the root (dense positions have millions).
ROOT_JUMP_CAP = 2000
#: Node budgets of the root's win-in-one searches when it has too many jump results to list: each is a
#: fresh search that yields every :data:`~phutball.winsearch.STEP_NODES` nodes, so none keeps the caller
#: waiting long (issue 44: the last one ran for seconds between two yields).
ROOT_WIN_BUDGETS = (5_000, 20_000, 200_000)
#: Plies a line may be extended at the horizon while the side to move faces a winning jump.
EXTENSIONS = 2
_NEVER = 1 << 62  # a node count no search reaches
#: Work (:attr:`NodeFacts.work`: jump results listed, win-search nodes) after which the search reads
#: the clock at the next node or ranked placement, however few nodes that was: on a crowded 25x25 board
#: YIELD_EVERY nodes may list 16 x 400 jump results, 60 ms and more (issue 44).
WORK_EVERY = 400


class _Stop(Exception):
    """The budget ran out inside the search."""


class _Pause(Exception):
    """The slice is over: unwind to :meth:`Searcher.steps`, saving each node's place (see the module doc)."""


#: What a node saves when a pause passes through it: :meth:`Searcher._probe`'s answer, its moves (or
#: their :class:`~phutball.ai.moves.Plan` while the moves before its placements are searched or it completes), the
#: index of the one being searched, the phase of that search (0: first search, 1: the leaf's extension
#: or the principal variation search's re-search), alpha, the best value and move so far, alpha at entry.
_Saved = tuple["_Found", list["tuple[int, int, int] | int"] | Plan | None, int, int, int, int, "tuple[int, int, int] | None", int]


_Found = tuple[Node, "tuple[int, int, int] | None", int, int]  # _probe's answer: node, table move, depth, ext

_P = ParamSpec("_P")


def _weakly(method: Callable[_P, None]) -> Callable[_P, None]:
    """``method`` (a searcher's), callable without holding the searcher.

    The node facts and the candidates call their searcher back (its budget check, its "read the clock
    soon"), and the searcher holds them.  Bound methods there made each search one reference cycle (its
    node cache and transposition table with it: 130,000-170,000 objects at the strongest level), which
    only the cyclic collector frees; the pages pause the collector during a search, so its first
    collection after one took 100-220 ms in the browser before the computer's move was shown
    (bench/README.md, "The collection after a search").  So a search is freed as it is dropped.
    """
    ref = weakref.WeakMethod(method)

    def call(*args: _P.args, **kwargs: _P.kwargs) -> None:
        bound = ref()
        if bound is not None:  # (always, while the searcher searches: only its own search calls this)
            bound(*args, **kwargs)

    return call


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
        budget = _weakly(self._budget)  # the facts and the moves call it; see _weakly why not self._budget
        facts = self.facts = facts_for(lv.lapses, self.w, self.h, budget)  # a weak level's horizon
        # The facts' look-ups, called at every node (attributes, so a call costs no more than a method's).
        self._node, self._wins, self._threatened = facts.node, facts.wins, facts.threatened
        facts.due, facts.on_due = WORK_EVERY, _weakly(self._work_due)
        # The static evaluation (evaluate_node unless a bench gives another), bound to the facts: the
        # engine's reads a state's jumps and threat only, so a wide level's ranking need not evaluate a
        # man that changes neither.
        self._evaluate: StateValue = MethodType(evaluation or evaluate_node, facts)
        own = evaluation in (None, evaluate_node)
        # The engine's own evaluation at a leaf, given the threat _probe found (None: another evaluation).
        self._leaf_value: Callable[[Node, int, int, int, Side, bool], int] | None = \
            MethodType(evaluate_node, facts) if own else None
        self.moves = Candidates(pos, facts, self._evaluate, budget, wide=lv.wide, prune=prune, jumps_only=own)
        self.history = self.moves.history  # the cut-off history: the search adds to it, the moves read it
        # Noise is repeatable: the same position, level and seed give the same move.  A game seeds its own
        # (the play page gives its game id, random for each new game), so two games at a weak level differ.
        self.rng = random.Random(f"{pos}/{lv.name}/{seed}")
        self.max_depth = lv.lapses.look(self.rng, self.max_depth)  # a weak level may overlook a deeper threat
        self.nodes = 0
        self.depth = 0
        self.start: float | None = None
        self.reason: Reason | None = None
        self.tt: dict[tuple[int, int, int, str], tuple[int, int, int, tuple[int, int, int] | None]] = {}
        # The root's jump results -> their path, as (col, row) points (made a Jump only when reported).
        self._root_moves: dict[tuple[int, int, int], tuple[tuple[int, int], ...]] = {}
        self._best: Move2D = immediate_move(pos)
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

    def _to_move(self, child: tuple[int, int, int]) -> Move2D:
        """The root move leading to ``child`` = (col, row, men) after it."""
        path = self._root_moves.get(child)
        if path is not None:
            return Jump(tuple(Point(pc, pr) for pc, pr in path))
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
            # (A weak level lists only the chains it sees: phutball.ai.lapses.)
            for c, r, m, path in self.level.lapses.jumps(self.w, self.h, bc, br, mask):
                if r in goal:  # a jump onto my goal wins, whatever the search below says
                    self._best, self._score, self.reason = Jump(tuple(Point(pc, pr) for pc, pr in path)), \
                        WIN - 1, "win-in-one"
                    return
                if r not in own_goal:  # jumps onto my own goal rows lose at once: never candidates
                    self._root_moves[(c, r, m)] = path
                listed += 1
                if listed >= ROOT_JUMP_CAP:
                    break
                if listed % YIELD_EVERY == 0:
                    self._budget()
                    yield
            yield
            if listed >= ROOT_JUMP_CAP:  # not every jump was listed: ask the pruned win search
                for budget in ROOT_WIN_BUDGETS:
                    search = win_path_steps(self.w, self.h, mask, bc, br, side, budget)
                    while True:  # the clock is read, and the slice may end, every STEP_NODES nodes
                        try:
                            next(search)
                        except StopIteration as done:
                            status, wpath, _ = done.value
                            break
                        self._budget()
                        yield
                    if status == "found" and wpath is not None and self.level.lapses.sees(wpath):
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
        jumps = by_progress(self._root_moves, side)
        if self._threatened(node, mask, bc, br, side):
            # Under a threat the men that can break the chain come first, then jumps away, then
            # every other placement, so a small budget still tries the likely parries.
            parries = self.moves.parries(mask, bc, br, side)
            rest = set(parries)
            children = parries + jumps + [p for p in self.moves.placements(mask, bc, br, radius=max(self.w, self.h))
                                          if p not in rest]
            yield
        elif self.moves.wide is not None:
            while True:  # the ranking pauses at the slice's end (see _budget) and starts again
                try:
                    ranked = self.moves.ordered(node, mask, bc, br, side, None, WIDE_BEAM_DEPTH, keep=WIDE_ROOT)
                    break
                except _Pause:
                    yield
                except _Stop as stop:  # the time budget ran out while ranking: the fallback move stands
                    self.reason = stop.args[0]
                    return
            children = jumps + [k for k in ranked if k[:2] == (bc, br)]
        else:
            children = jumps + self.moves.placements(mask, bc, br)
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
        noise = self.level.lapses.offsets(self.rng, self.level.noise, children)  # see phutball.ai.lapses
        best_child = children[0]
        child = best_child
        try:
            for depth in range(1, self.max_depth + 1):
                children.sort(key=lambda c: c != best_child)  # the previous best first
                alpha, it_best, it_score = -WIN - 1, best_child, -WIN - 1  # the first child always beats -WIN - 1
                for child in children:
                    self.moves.cut_log.clear()  # no plan is pending between two root moves
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

    def _work_due(self) -> None:
        """Much work since the clock was read (see :data:`WORK_EVERY`): the next node reads it."""
        self._checkpoint = min(self._checkpoint, self.nodes + 1)

    def _budget(self, nodes: int | None = None, pause: bool = False) -> None:
        """The one check of the search's budgets: raise _Stop when the node or time budget is spent,
        and _Pause when the slice is (only where the caller can go on after a pause).

        ``nodes``: before counting node ``nodes`` (from :meth:`_tick`, ``pause=True``): the node
        budget and the slice's node count, then the clock every :data:`YIELD_EVERY` nodes or
        :data:`WORK_EVERY` units of work, whichever comes first; a stop
        counts the node, a pause does not (it is searched after the pause).  None: the clock alone,
        now: after a win search or a parry listing and in the root's jump listing (no pause there),
        and between two placements of a wide level's ranking (``pause=True``: "Move now" is answered
        within a slice; only the clock ends a slice there, never the node count, so a sliced search
        still visits the same nodes as an unsliced one, and the ranking starts again after the pause
        from the values already found, so every slice gets further).
        """
        if nodes is not None:
            if nodes >= self.max_nodes:
                self.nodes = nodes
                raise _Stop("nodes")
            if nodes >= self._pause_at:
                raise _Pause
        facts = self.facts
        if self.start is not None and (nodes is None or nodes % YIELD_EVERY == 0 or facts.work >= facts.due):
            facts.due = facts.work + WORK_EVERY
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
                leaf = self._leaf_value
                return leaf(node, mask, c, r, side, threatened) if leaf is not None \
                    else self._evaluate(node, mask, c, r, side)
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
        done: Plan | None = None  # a plan completed at once (no move comes before its placements)
        if listed is None:  # a wide level's ranking of its placements may pause (see _budget)
            try:
                listed = self.moves.plan(node, mask, c, r, side, tt_child, depth)
                if isinstance(listed, Plan) and not listed.prefix:
                    done, listed = listed, self.moves.complete(listed)
            except _Pause:
                self._resume.append((found, None, 0, 0, alpha, best, None, a0))
                raise
            if not listed:
                return self._evaluate(node, mask, c, r, side)
        # A plan (Candidates.plan): the moves before the placements (the table's move, the jumps) are
        # searched first, and the placements ordered and ranked only if none of those cuts off, as
        # they were when planned: the same moves in the same order.
        plan, children = (listed, listed.prefix) if isinstance(listed, Plan) else (None, listed)
        nxt = other(side)
        line = self._line
        line[key] = line.get(key, 0) + 1
        seen, tt = self.seen, self.tt
        far, calm = self._calm(done, node, mask, c, r, nxt, depth)
        i = start
        try:
            while True:
                for i in range(start, len(children)):
                    child = children[i]
                    calm_leaf = False
                    if isinstance(child, int):  # a placement, as its man's bit (Candidates.lazily_ordered)
                        calm_leaf = far is not None and not child & far
                        child = (c, r, mask | child)
                    cc, rr, mm = child
                    if depth <= 1:  # a leaf below: evaluated in place unless it is extended
                        if phase:
                            v = -self._expand(mm, cc, rr, nxt, -beta, -alpha, ply + 1, None)
                        else:
                            self._tick()
                            # A placement out of reach (see far), which neither the table nor a
                            # repetition knows: _probe would find no win and no threat (this state
                            # is not threatened, has no win, and lists every jump) and evaluate
                            # this state's facts.
                            if calm_leaf and seen.get(k := (mm, cc, rr, nxt), 0) + line.get(k, 0) < 2 \
                                    and k not in tt:
                                v = calm
                            else:
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
                                self.moves.cut_off(mm ^ mask, depth)  # the man placed, or the men jumped
                                break
                else:  # no cut-off: the placements, if the moves before them went first alone
                    if plan is not None:
                        i = start = len(children)  # a pause while completing goes on here (the plan is saved)
                        children = self.moves.complete(plan, searched=True)
                        far, calm = self._calm(plan, node, mask, c, r, nxt, depth)
                        plan = None
                        continue
                break
        except _Pause:
            self._resume.append((found, children if plan is None else plan, i, phase, alpha, best, best_child, a0))
            raise
        finally:
            line[key] -= 1
        flag = 1 if best >= beta else (-1 if best <= a0 else 0)
        if len(self.tt) > 400_000:
            self.tt.clear()
        stored = best + ply if best > WON else (best - ply if best < -WON else best)
        self.tt[key] = (depth, flag, stored, best_child)
        return best

    def _calm(self, plan: Plan | None, node: Node, mask: int, c: int, r: int, nxt: Side,
              depth: int) -> tuple[int | None, int]:
        """Next to the horizon (``depth`` 1), a placement out of the reach of this state's jumps
        leaves every one of them as it is: its leaf's facts are this state's, so the leaf's value is
        one value, unless the table or a repetition knows the leaf (see :meth:`_expand`).  That reach
        and value (for the side to move here), given the completed ``plan`` of this state's moves;
        (None, 0) where there are no such leaves: further from the horizon, without a completed plan,
        when not every jump is listed (no reach), or with another evaluation (it may read more than
        the node's facts)."""
        if plan is None or depth > 1 or plan.reach is None or self._leaf_value is None:
            return None, 0
        return plan.reach, -self._leaf_value(node, mask, c, r, nxt, False)

    # ------------------------------------------------------------ node facts


def immediate_move(pos: Position) -> Move2D:
    """A legal move found at once, before any search (what "Move now" plays before a search has found
    one): the placement nearest the ball (Chebyshev distance; ties in sorted order), else a single jump.

    Raises :class:`~phutball.errors.NoMoveError` when the game is over."""
    if pos.is_over:
        raise NoMoveError("no move", str(pos), pos.over_reason())
    ball = pos.ball
    places = pos.placements()
    if places:
        return min(places, key=lambda m: max(abs(m.point.col - ball.col), abs(m.point.row - ball.row)))
    step = single_jumps(pos.size.width, pos.size.height, ball.col, ball.row, pos.mask)[0]  # not over: one exists
    return Jump((ball, Point(step.col, step.row)))


def choose_move(pos: Position, level: str | Level = STRONGEST, *, max_nodes: int | None = None,
                seed: int | str | None = None, history: Iterable[Position] = ()) -> Move2D:
    """The computer's move in ``pos`` at ``level``: always a legal move.

    Raises :class:`~phutball.errors.NoMoveError` when there is none (the game
    is over: a goal was scored, or the side to move has no legal move -- a draw).
    """
    return Searcher(pos, level, max_nodes=max_nodes, seed=seed, history=history).run().best
