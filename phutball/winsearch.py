"""Win-in-one search for 2D phutball: a winning jump path, without listing every path.

Deciding whether a winning jump exists is NP-complete (Demaine, Demaine and
Eppstein, "Phutball endgames are hard"), and the number of jump paths grows
exponentially with the men near the ball.  This search avoids blind
enumeration by

* **memoising** the states (ball point, men left) proved lost: two paths
  that reach the same state have the same futures, so the second is never
  expanded;
* **pruning** with a row-gap bound: the ball can never cross two consecutive
  rows that hold no man (to land beyond row j+1 the ball must jump over a man
  on row j or j+1), and men are only ever removed, so such a gap between the
  ball and the goal ends the branch;
* **relaxing**: with men never removed, and the ball allowed to land on any
  point along a run of men (a man there might have been removed earlier),
  the points the ball can reach form a superset of the true ones; if no goal
  point is in it, no jump wins (a flood fill of the board).  It is tried at
  the root, and **inside the search** every :data:`CUT_EVERY` nodes on the
  current path: a long path removes men and can shut the ball into a part of
  the board it cannot leave, where the memo alone cannot help (every other
  set of men removed there is a new state, exponentially many).  The state
  on the path that is already shut in is found by bisection (see
  :func:`shut_in_depth`) and its whole subtree is dropped at once, proved
  lost;
* **ordering** landings towards the goal first;
* **restarting** (:func:`win_path`): a depth-first search is only as good as
  its first choices, and on dense boards a choice near the root can lead
  into a subtree of millions of states without a win, which the walk must
  exhaust before it tries anything else -- while a walk in another order
  finds one of the many winning paths in a few hundred nodes.  So the
  goal-first walk runs in slices, interleaved with short walks in a
  shuffled order (seeded, so the answer is deterministic) whose lengths
  follow the restart schedule of Luby, Sinclair and Zuckerman ("Optimal
  speedup of Las Vegas algorithms", 1993; restarts against such heavy
  tails: Gomes, Selman and Kautz, "Boosting combinatorial search through
  randomization", 1998).  All walks share the memo of lost states, and
  any walk that finishes without a win is a proof that there is none;
* **bounding** the work: after ``max_nodes`` expansions (all walks together)
  it gives up and says so (``status == "gave-up"``) rather than running for
  ever.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Generator, Iterator, Literal

from .bitboard import DIRECTIONS, BitPosition, Step, board_masks, row_mask, single_jumps
from .notation import Jump, Point
from .sides import Side

Status = Literal["found", "none", "gave-up"]


@dataclass(frozen=True)
class WinSearch:
    """The answer of :func:`find_winning_jump`.

    ``status`` is ``"found"`` (``jump`` wins), ``"none"`` (proved: no jump wins)
    or ``"gave-up"`` (the node budget ran out first; ``jump`` is None).
    """

    jump: Jump | None
    status: Status
    nodes: int

    def __bool__(self) -> bool:
        return self.jump is not None


@dataclass(frozen=True)
class WinningJumps:
    """The answer of :func:`winning_jumps`: paths in sorted order.

    ``truncated``: more winning paths exist than ``limit``.  ``complete``: the
    search finished within its node budget (if False, more may exist).
    """

    paths: tuple[Jump, ...]
    truncated: bool
    complete: bool
    nodes: int


#: Nodes between two relaxed-reachability checks of the current path (see the module docstring).
#: A check is one (bit-parallel) flood fill when the path is still open, and a bisection when it
#: is shut in; the checks cost about a sixth of the search's time on a dense 25x25 board.
CUT_EVERY = 64

#: The unit of the restart schedule: the k-th slice of :func:`win_path` is ``RESTART_UNIT * luby(k)``
#: nodes for the goal-first walk, then as many for a new shuffled walk.
RESTART_UNIT = 64

#: Nodes between two yields of :func:`win_path_steps` (where its caller reads the clock).  A node
#: costs up to 0.05 ms in Pyodide on a crowded 25x25 board, so a step is a few milliseconds.
STEP_NODES = 256


class _Budget(Exception):
    pass


class _Full(Exception):
    """``winning_jumps`` found ``limit`` paths."""


class _Cut(Exception):
    """Unwind the search to the state at ``depth`` on the path: it cannot reach the goal (relaxed)."""

    def __init__(self, depth: int) -> None:
        super().__init__(depth)
        self.depth = depth


def _row_occupancy(mask: int, width: int, height: int) -> int:
    """Bit r set when row r (1..height) holds at least one man."""
    occ = 0
    for r in range(1, height + 1):
        if mask & row_mask(width, r):
            occ |= 1 << r
    return occ


def _blocked(mask: int, row: int, side: Side, width: int, height: int) -> bool:
    """True when two consecutive man-less rows lie between ``row`` and ``side``'s goal."""
    empty = ~_row_occupancy(mask, width, height)
    pairs = empty & (empty >> 1)  # bit k: rows k and k+1 both empty
    if side == "O":
        lo, hi = row + 1, height - 1  # k in [row+1, height-1]
    else:
        lo, hi = 1, row - 2  # k in [1, row-2]
    if lo > hi:
        return False
    window = ((1 << (hi - lo + 1)) - 1) << lo
    return bool(pairs & window)


@lru_cache(maxsize=None)
def _geometry(w: int, h: int) -> tuple[tuple[tuple[int, int], ...], int, int, int]:
    """Shifts and masks of the bit-parallel flood fill of :func:`_may_reach_goal`, built once per board size:
    the 8 directions as (bit shift, mask of the points a shift may land on without wrapping round a
    side), the playing points, and each side's goal rows.

    Point (c, r) is bit ``r * w + c - 1`` (rows 0..h+1), so a step (dc, dr) is
    a shift by ``dr * w + dc``; a step right that lands on column 1, or left
    on column w, has wrapped round a side and is masked off (:func:`phutball.bitboard.board_masks`).
    """
    masks = board_masks(w, h)
    shifts = tuple((dr * w + dc, masks.not_first if dc == 1 else masks.not_last if dc == -1 else masks.full)
                   for dc, dr in DIRECTIONS)
    goal_o = row_mask(w, h) | row_mask(w, h + 1)
    goal_x = row_mask(w, 0) | row_mask(w, 1)
    return shifts, masks.board, goal_o, goal_x


def _may_reach_goal(w: int, h: int, mask: int, col: int, row: int, side: Side) -> bool:
    """Relaxed reachability: False proves that no jump path from (col,row) reaches ``side``'s goal.

    Relaxation: a jump from p in direction d may land on p+kd for any k >= 2
    such that p+d .. p+(k-1)d are all men (now), and p+kd is on the board or
    on an off-board row.  Every true jump landing has that form, since men are
    only removed and a removed man's point is one of these candidates.  The
    fill is bit-parallel: each round moves the whole frontier one relaxed jump
    in all 8 directions with shifts of the men mask.
    """
    shifts, board, goal_o, goal_x = _geometry(w, h)
    goal = goal_o if side == "O" else goal_x
    reach = front = 1 << (row * w + col - 1)
    while front:
        land = 0
        for s, keep in shifts:
            run = ((front << s) if s > 0 else (front >> -s)) & keep & mask  # the first man of each run
            while run:
                run = ((run << s) if s > 0 else (run >> -s)) & keep  # the point after it: a landing
                land |= run
                run &= mask  # a man there: the run goes on
        if land & goal:
            return True
        front = land & ~reach & board
        reach |= land
    return False


def shut_in_depth(w: int, h: int, states: list[tuple[int, int, int]], side: Side) -> int | None:
    """The index of the first state on a jump path from which ``side``'s goal is out of reach (relaxed), or None.

    ``states[i]`` is (ball col, ball row, men) after ``i`` single jumps;
    ``states[0]`` must reach the goal (relaxed).  Bisection is sound because
    being shut in is inherited along the path: a later state's men are a
    subset of an earlier one's (relaxed landings only shrink as men go) and
    its ball lies in the earlier state's relaxed fill (closed under relaxed
    jumps), so its own fill lies inside the earlier fill.
    """

    def shut(i: int) -> bool:
        c, r, m = states[i]
        return not _may_reach_goal(w, h, m, c, r, side)

    lo, hi = 1, len(states) - 1
    if hi < lo or not shut(hi):
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if shut(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the restart sequence of Luby, Sinclair and Zuckerman (1993).

    1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: ``2**(k-1)`` when
    ``i == 2**k - 1``, else the term ``i - 2**(k-1) + 1`` for the ``k`` with
    ``2**(k-1) <= i < 2**k - 1``.
    """
    if i < 1:
        raise ValueError(f"the Luby sequence starts at 1, not {i}")
    while True:
        k = i.bit_length()  # 2**(k-1) <= i < 2**k
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


Order = Callable[[list[Step]], list[Step]]


class _Walk:
    """One depth-first walk of the jump tree of :func:`win_path`, resumable in slices.

    ``order`` ranks the single jumps of a state.  Each state the walk leaves
    without a win (all its jumps tried, or shut in, or cut by the row-gap
    bound) goes into ``lost``, the memo shared by every walk of one search:
    that is sound for any walk, because a state's futures do not depend on
    the path to it.  The walk is iterative, so long chains (a jump can have
    hundreds of hops on a 25x25 board) need no recursion.
    """

    def __init__(self, w: int, h: int, side: Side, start: tuple[int, int, int],
                 lost: set[tuple[int, int, int]], order: Order) -> None:
        self.w, self.h, self.side, self.lost, self.order = w, h, side, lost, order
        self.goal = (h, h + 1) if side == "O" else (0, 1)
        self.states = [start]  # (ball col, ball row, men) after each single jump of the current path
        self.frames: list[Iterator[Step]] = []  # frames[i]: the untried jumps of states[i]
        self.started = False
        self.nodes = 0
        self.win: tuple[int, int] | None = None  # the goal landing, once found

    def path(self) -> list[tuple[int, int]]:
        """The winning path as (col, row) pairs from the ball (after ``run`` said "found")."""
        assert self.win is not None
        return [(c, r) for c, r, _ in self.states] + [self.win]

    def _expand(self) -> bool:
        """Expand the last state of the path: True if one of its jumps lands on the goal."""
        col, row, mask = self.states[-1]
        steps = single_jumps(self.w, self.h, col, row, mask)
        for s in steps:
            if s.row in self.goal:
                self.win = (s.col, s.row)
                return True
        self.frames.append(iter(self.order([s for s in steps if s.row not in (0, self.h + 1)])))
        return False

    def run(self, budget: int) -> tuple[Literal["found", "none", "paused"], int]:
        """Walk on for at most ``budget`` nodes; returns (status, nodes used).

        A node is one state expanded, or one check of the path (every
        :data:`CUT_EVERY` nodes) that drops it.  "none" means the whole tree
        below the start is lost (a proof); "paused" that the budget ran out
        first (call again to go on).
        """
        w, h, side, lost, states, frames = self.w, self.h, self.side, self.lost, self.states, self.frames
        used = 0
        if not self.started:
            self.started = True
            used += 1
            self.nodes += 1
            if self._expand():
                return "found", used
        while frames:
            if used >= budget:
                return "paused", used
            s = next(frames[-1], None)
            if s is None:  # every jump of this state tried: it is lost
                frames.pop()
                lost.add(states.pop())
                continue
            m2 = states[-1][2] & ~s.removed
            key = (s.col, s.row, m2)
            if key in lost:
                continue
            if _blocked(m2, s.row, side, w, h):
                lost.add(key)
                continue
            states.append(key)
            used += 1
            self.nodes += 1
            if self.nodes % CUT_EVERY == 0:
                cut = shut_in_depth(w, h, states, side)
                if cut is not None:  # states[cut:] are shut in: drop their subtrees
                    while len(states) > cut:
                        lost.add(states.pop())
                    del frames[cut:]
                    continue
            if self._expand():
                return "found", used
        return "none", used


def _goal_first(side: Side) -> Order:
    """Order jumps by how far they carry the ball towards ``side``'s goal (ties in landing order)."""
    sign = -1 if side == "O" else 1
    return lambda steps: sorted(steps, key=lambda s: sign * s.row)


def _shuffled(seed: int) -> Order:
    """Order jumps at random, from a generator seeded with ``seed`` (so a search is repeatable)."""
    rng = random.Random(seed)

    def order(steps: list[Step]) -> list[Step]:
        rng.shuffle(steps)
        return steps

    return order


def find_winning_jump(pos: BitPosition, max_nodes: int = 200_000, side: Side | None = None) -> WinSearch:
    """A jump path that ends on ``side``'s goal rows, or a proof there is none, or "gave-up".

    ``side`` defaults to the side to move (the jump is made by the side to
    move; asking for the other side finds an own goal to avoid).
    """
    side = side or pos.to_move
    if pos.is_over:
        return WinSearch(None, "none", 0)
    status, path, nodes = win_path(pos.size.width, pos.size.height, pos.mask, pos.ball.col, pos.ball.row,
                                   side, max_nodes)
    jump = Jump(tuple(Point(c, r) for c, r in path)) if path else None
    return WinSearch(jump, status, nodes)


def win_path(w: int, h: int, mask: int, col: int, row: int, side: Side,
             max_nodes: int = 200_000) -> tuple[Status, list[tuple[int, int]] | None, int]:
    """The core of :func:`find_winning_jump` on raw state (men bitmask, ball at (col, row)).

    Returns ``(status, path as (col, row) pairs from the ball, nodes)``; the
    computer player (:mod:`phutball.ai`) calls it without building Positions.
    Slice k (from 1) gives the goal-first walk ``RESTART_UNIT * luby(k)``
    nodes, then a new walk in an order shuffled with seed k as many (see the
    module docstring); ``nodes`` counts the expansions of all walks.
    """
    steps = win_path_steps(w, h, mask, col, row, side, max_nodes)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            answer: tuple[Status, list[tuple[int, int]] | None, int] = done.value
            return answer


def win_path_steps(w: int, h: int, mask: int, col: int, row: int, side: Side, max_nodes: int = 200_000,
                   every: int = STEP_NODES) -> Generator[None, None, tuple[Status, list[tuple[int, int]] | None, int]]:
    """:func:`win_path` in steps: yields after at most ``every`` nodes (its caller reads the clock there,
    and may pause: issue 44, a root's search of 200,000 nodes ran for seconds unchecked) and returns
    its answer.  A walk paused at a step goes on where it was, so the answer is :func:`win_path`'s."""
    if _blocked(mask, row, side, w, h) or not _may_reach_goal(w, h, mask, col, row, side):
        return "none", None, 0
    lost: set[tuple[int, int, int]] = set()
    start = (col, row, mask)
    main = _Walk(w, h, side, start, lost, _goal_first(side))
    nodes = since = 0
    k = 0
    while nodes < max_nodes:
        k += 1
        size = RESTART_UNIT * luby(k)
        for walk in (main, _Walk(w, h, side, start, lost, _shuffled(k))):
            left = min(size, max_nodes - nodes)
            while True:
                status, used = walk.run(min(left, every - since))
                nodes, left, since = nodes + used, left - used, since + used
                if status == "found":
                    return "found", walk.path(), nodes
                if status == "none":
                    return "none", None, nodes
                if since >= every:
                    since = 0
                    yield
                if left <= 0:
                    break
            if nodes >= max_nodes:
                break
    return "gave-up", None, nodes


def winning_jumps(pos: BitPosition, limit: int | None = None, max_nodes: int = 1_000_000,
                  side: Side | None = None) -> WinningJumps:
    """Every jump path that wins at once for ``side``, in sorted order, up to ``limit``.

    States from which no winning continuation exists are memoised and never
    expanded again, and the row-gap bound prunes the rest.
    """
    side = side or pos.to_move
    if pos.is_over:
        return WinningJumps((), False, True, 0)
    w, h = pos.size.width, pos.size.height
    goal = (h, h + 1) if side == "O" else (0, 1)
    dead: set[tuple[int, int, int]] = set()
    out: list[Jump] = []
    nodes = 0
    path = [pos.ball]
    states = [(pos.ball.col, pos.ball.row, pos.mask)]  # the path's states, for the shut-in check

    def walk(col: int, row: int, mask: int) -> bool:
        """Emit winning paths below this state; True if any was found."""
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise _Budget
        if nodes % CUT_EVERY == 0:
            cut = shut_in_depth(w, h, states, side)
            if cut is not None:
                raise _Cut(cut)
        any_win = False
        for s in single_jumps(w, h, col, row, mask):
            m2 = mask & ~s.removed
            key = (s.col, s.row, m2)
            path.append(Point(s.col, s.row))
            if s.row in goal:
                if limit is not None and len(out) >= limit:
                    raise _Full
                out.append(Jump(tuple(path)))
                any_win = True
            if s.row not in (0, h + 1) and key not in dead:
                states.append(key)
                try:
                    won = not _blocked(m2, s.row, side, w, h) and walk(s.col, s.row, m2)
                except _Cut as cut:
                    if cut.depth < len(states) - 1:  # an earlier state is shut in: unwind to it
                        path.pop()
                        states.pop()
                        raise
                    won = False  # shut in: no winning path went through it
                states.pop()
                if won:
                    any_win = True
                else:
                    dead.add(key)
            path.pop()
        return any_win

    try:
        if not _blocked(pos.mask, pos.ball.row, side, w, h) and \
                _may_reach_goal(w, h, pos.mask, pos.ball.col, pos.ball.row, side):
            walk(pos.ball.col, pos.ball.row, pos.mask)
    except _Full:
        return WinningJumps(tuple(out), True, True, nodes)
    except _Budget:
        return WinningJumps(tuple(out), False, False, nodes - 1)
    finally:
        del walk  # it calls itself through its closure: a cycle that only the cyclic collector would free
    return WinningJumps(tuple(out), False, True, nodes)
