"""Win-in-one search for 2D phutball: a winning jump path, without listing every path.

Deciding whether a winning jump exists is NP-complete (Demaine, Demaine and
Eppstein, "Phutball endgames are hard"), and the number of jump paths grows
exponentially with the men near the ball.  This search avoids blind
enumeration by

* **memoising** on the state (ball point, men left): two paths that reach the
  same state have the same futures, so the second is never expanded;
* **pruning** with a row-gap bound: the ball can never cross two consecutive
  rows that hold no man (to land beyond row j+1 the ball must jump over a man
  on row j or j+1), and men are only ever removed, so such a gap between the
  ball and the goal ends the branch;
* **relaxing** at the root: with men never removed, and the ball allowed to
  land on any point along a run of men (a man there might have been removed
  earlier), the points the ball can reach form a superset of the true ones;
  if no goal point is in it, no jump wins (a cheap flood fill of the board);
* **ordering** landings towards the goal first;
* **bounding** the work: after ``max_nodes`` expansions it gives up and says so
  (``status == "gave-up"``) rather than running for ever.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .bitboard import DIRECTIONS, BitPosition, bit, row_mask, single_jumps
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


class _Budget(Exception):
    pass


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


def _may_reach_goal(w: int, h: int, mask: int, col: int, row: int, side: Side) -> bool:
    """Relaxed reachability: False proves that no jump path from (col,row) reaches ``side``'s goal.

    Relaxation: a jump from p in direction d may land on p+kd for any k >= 2
    such that p+d .. p+(k-1)d are all men (now), and p+kd is on the board or
    on an off-board row.  Every true jump landing has that form, since men are
    only removed and a removed man's point is one of these candidates.
    """
    goal = (h, h + 1) if side == "O" else (0, 1)
    seen = {(col, row)}
    stack = [(col, row)]
    while stack:
        c, r = stack.pop()
        for dc, dr in DIRECTIONS:
            x, y = c + dc, r + dr
            while 1 <= x <= w and 1 <= y <= h and mask & bit(w, x, y):
                x, y = x + dc, y + dr
                if not (1 <= x <= w and 0 <= y <= h + 1):
                    break
                if y in goal:
                    return True
                if (x, y) not in seen and 1 <= y <= h:
                    seen.add((x, y))
                    stack.append((x, y))
    return False


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
    """
    goal = (h, h + 1) if side == "O" else (0, 1)
    sign = -1 if side == "O" else 1
    seen: set[tuple[int, int, int]] = set()
    nodes = 0
    path = [(col, row)]

    def walk(col: int, row: int, mask: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise _Budget
        steps = single_jumps(w, h, col, row, mask)
        for s in steps:
            if s.row in goal:
                path.append((s.col, s.row))
                return True
        steps.sort(key=lambda s: sign * s.row)
        for s in steps:
            if s.row in (0, h + 1):
                continue
            m2 = mask & ~s.removed
            key = (s.col, s.row, m2)
            if key in seen:
                continue
            seen.add(key)
            if _blocked(m2, s.row, side, w, h):
                continue
            path.append((s.col, s.row))
            if walk(s.col, s.row, m2):
                return True
            path.pop()
        return False

    try:
        if _blocked(mask, row, side, w, h) or not _may_reach_goal(w, h, mask, col, row, side):
            return "none", None, 0
        found = walk(col, row, mask)
    except _Budget:
        return "gave-up", None, nodes - 1
    return ("found", path, nodes) if found else ("none", None, nodes)


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

    class _Full(Exception):
        pass

    def walk(col: int, row: int, mask: int) -> bool:
        """Emit winning paths below this state; True if any was found."""
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            raise _Budget
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
                if _blocked(m2, s.row, side, w, h) or not walk(s.col, s.row, m2):
                    dead.add(key)
                else:
                    any_win = True
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
    return WinningJumps(tuple(out), False, True, nodes)
