"""What the computer player knows about each state it meets: its jump results and whether a side wins at once.

A state is (men, ball): the men as a bit mask (:mod:`phutball.bitboard`'s layout), the ball's column
and row.  :class:`NodeFacts` lists a state's distinct jump results once (:meth:`NodeFacts.node`: up
to :data:`JUMP_CAP`, memoised on ball point plus men left, as in :meth:`phutball.board.Position.results`; the single
jumps are read from per-board ray tables, :func:`search_tables`) and decides once whether either side
wins with one jump from it: a result on a goal row wins; when the results cannot all be listed, the
pruned win-in-one search of :mod:`phutball.winsearch` decides (:meth:`NodeFacts.win_status`).  A state
that is a listed state plus one man on none of its landing points has the same jumps with the man
added, and those over the man, and is built from them (:meth:`NodeFacts.expect`; issue 44: most
placements a wide level ranks and searches).  The
search (:mod:`phutball.ai.search`) and every static evaluation (:data:`phutball.ai.evaluation.Evaluation`)
read a state through these.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Callable, Iterator

from ..bitboard import DIRECTIONS, bit, bit_point, grow, row_span
from ..sides import Side
from ..winsearch import win_path

#: A jump result's row (a result is (col, row, men)): the key that sorts and bounds results by row.
result_row = itemgetter(1)

#: Distinct jump results listed per node; beyond it the node falls back to the pruned win search.
JUMP_CAP = 400
#: A glance's walk (:meth:`NodeFacts.walk`, ``rows_only``) checks its rows after every this many results.
ROWS_STEP = 24
#: Node budget of the win-in-one search used when a node has too many jump results.
WIN_NODES = 2000
#: The jump results :attr:`NodeFacts.cache` keeps in all before it starts again (issue 44: on a crowded
#: 25x25 board a node lists up to JUMP_CAP results of ~190 bytes each, and 50,000 nodes held 2 million
#: of them, 400 MB).  A node listed again gives the same facts, so the cap changes no decision.
CACHE_RESULTS = 500_000
#: A full cache is not emptied at once but retired, and freed a few nodes at a time: each node kept
#: frees this many times its own size (results + 1) of the retired ones (issue 44: a cleared cache
#: dropped a million objects at once, 40-60 ms in CPython and more in Pyodide, inside one slice).
#: At 8, a retired cache is gone long before the new one fills (so at most about 1/8 of a cache more
#: is held), and freeing a node costs less than listing it.
FREE_RATE = 8


class Node:
    """What is known about a (men, ball) state, for both sides: jump results, wins, reach.

    ``results``: the distinct (col, row, men) after one jump; ``complete``: it holds every one;
    ``lo``, ``hi``: the lowest and highest row they reach (the ball's own row when there is no jump);
    ``win``: by side, whether it wins with one jump (None: undecided; absent: not asked yet).  A node
    built from a parent's (:meth:`plus`) lists its results only when they are read: most nodes of a
    search are leaves, which read only the rows and the wins (issue 44)."""

    __slots__ = ("_results", "_base", "_added", "_extra", "complete", "lo", "hi", "win", "size")

    def __init__(self, results: list[tuple[int, int, int]], complete: bool, lo: int, hi: int,
                 win: dict[str, bool | None] | None = None) -> None:
        self._results: list[tuple[int, int, int]] | None = results
        self._base: Node | None = None
        self._added = 0
        self._extra: list[tuple[int, int, int]] | None = None
        self.complete, self.lo, self.hi = complete, lo, hi
        self.win: dict[str, bool | None] = {} if win is None else win
        self.size = len(results)  # how many results (without listing a lazy node's)

    @classmethod
    def plus(cls, base: Node, added: int, extra: list[tuple[int, int, int]], lo: int, hi: int,
             win: dict[str, bool | None]) -> Node:
        """A node whose results are ``base``'s with the men ``added``, then ``extra``: complete as
        ``base`` is (a base's results cut short at :data:`JUMP_CAP` come with no ``extra``)."""
        node = cls.__new__(cls)
        node._results, node._base, node._added, node._extra = None, base, added, extra
        node.complete, node.lo, node.hi, node.win = base.complete, lo, hi, win
        node.size = base.size + len(extra)
        return node

    @property
    def results(self) -> list[tuple[int, int, int]]:
        """The distinct results after one jump, as (col, row, men)."""
        results = self._results
        if results is None:
            base, added = self._base, self._added
            assert base is not None
            results = [(cc, rr, m | added) for cc, rr, m in base.results]
            if self._extra:
                results += self._extra
            self._results, self._base, self._extra = results, None, None
        return results

    def __repr__(self) -> str:
        return f"Node({self.results!r}, {self.complete!r}, {self.lo!r}, {self.hi!r}, {self.win!r})"


#: (bit, col, row) of each point along one direction from a point.
Ray = tuple[tuple[int, int, int], ...]
#: A point's jumps read through a small window of the men (see :class:`SearchTables`): the shift that
#: brings the window's first point to bit 0, the window's mask of the point's neighbours, per
#: direction the neighbour's bit in the window, its bit in the men and the rest of the ray, and by
#: the neighbours found (the window's value) the directions that have a man, filled as met.
Starts = tuple[int, int, tuple[tuple[int, int, Ray], ...], dict[int, tuple[tuple[int, Ray], ...]]]


@dataclass(frozen=True)
class SearchTables:
    """Per-board tables built once: rays for the single jumps, and the squares around each point."""

    rays: tuple[tuple[Ray, ...], ...]          # by bit index of the ball: the 8 directions
    near: tuple[tuple[tuple[int, int], ...], ...]  # by bit index: (bit, row) within 2 points, on the board
    # By bit index, the rays again, for NodeFacts.node: a jump needs a man next to the ball, so one shift
    # and one mask of a small integer (the neighbours) rule out most directions, or all of them, at
    # once (under WebAssembly an operation on the whole board's mask costs about 2.5 times CPython's).
    starts: tuple[Starts, ...]
    # By bit index of a point p, the jumps a man on p starts: per neighbour L of p (by bit index), the
    # ray from L through p on past p (NodeFacts.node's placements within a parent's reach).
    into: tuple[tuple[tuple[int, Ray], ...], ...]


class Parent:
    """A state whose placements are about to be searched (:meth:`NodeFacts.expect`): its men, its node
    (every result listed), the points where a man changes its jumps (``reach``), the ball's point and
    the points its jumps land on (``landings``), and, once needed, its states by ball point
    (:meth:`NodeFacts._states_at`)."""

    __slots__ = ("men", "node", "reach", "landings", "at")

    def __init__(self, men: int, node: Node, reach: int, landings: int) -> None:
        self.men, self.node, self.reach, self.landings = men, node, reach, landings
        self.at: dict[int, list[int]] | None = None


_TABLES: dict[tuple[int, int], SearchTables] = {}  # by board size, built once


def search_tables(w: int, h: int) -> SearchTables:
    """The tables of a ``w`` x ``h`` board (rows 0..h+1 have bits: the ball may stand there), built once."""
    tables = _TABLES.get((w, h))
    if tables is None:
        for _ in building_tables(w, h):
            pass
        tables = _TABLES[(w, h)]
    return tables


def building_tables(w: int, h: int, points: int = 32) -> Iterator[None]:
    """Build the tables of :func:`search_tables` unless they are built, yielding after every ``points``
    points: on 25x25 they take 55 ms in Pyodide, so a job builds them before its search, a part per
    step, and Stop is answered meanwhile (issue 44)."""
    if (w, h) in _TABLES:
        return
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
        if index % points == points - 1:
            yield
    starts: list[Starts] = []
    into: list[list[tuple[int, Ray]]] = [[] for _ in rays]
    for index, point_rays in enumerate(rays):
        shift = max(index - w - 1, 0)
        around = sum(ray[0][0] for ray in point_rays) >> shift
        starts.append((shift, around, tuple((ray[0][0] >> shift, ray[0][0], ray[1:]) for ray in point_rays), {}))
        for line in point_rays:
            into[line[0][0].bit_length() - 1].append((index, line[1:]))
        if index % points == points - 1:
            yield
    _TABLES[(w, h)] = SearchTables(tuple(rays), tuple(near), tuple(starts), tuple(tuple(i) for i in into))


class NodeFacts:
    """The facts of the states one search meets (a ``w`` x ``h`` board), each found once and kept:
    a state's distinct jump results (:meth:`node`), and whether a side wins with one jump from it.

    ``after_win_search`` is called after each pruned win search it runs (the searcher checks its
    time budget there)."""

    def __init__(self, w: int, h: int, after_win_search: Callable[[], None] | None = None) -> None:
        self.w, self.h = w, h
        tables = search_tables(w, h)
        self.rays, self.near, self.starts = tables.rays, tables.near, tables.starts
        self.cache: dict[tuple[int, int, int], Node] = {}
        self.retired: list[dict[tuple[int, int, int], Node]] = []  # full caches, being freed (see _keep)
        self.after_win_search = after_win_search
        self.into = tables.into
        # By the ball's row, the node of a state with no jump (every one alike, and never changed: its
        # wins are decided).
        self.no_jump = [Node([], True, r, r, self._wins(r, r, True)) for r in range(h + 2)]
        # By ball point, the last state whose placements are about to be searched (see expect).
        self.parents: dict[int, Parent] = {}  # by the ball's point, r * w + c
        # Work done, in jump results listed and win-search nodes: the searcher reads the clock when
        # it grows by much between two nodes (a crowded board's listings are long: issue 44).
        self.work = 0
        self.cached = 0  # jump results held by the cache (at most CACHE_RESULTS)
        self.due = 1 << 62  # once work reaches it, on_due is called (the searcher's: read the clock soon)
        self.on_due: Callable[[], None] | None = None

    def landings(self, node: Node, c: int, r: int) -> int:
        """The ball's point and every point its jumps land on, as a mask."""
        w = self.w
        seen = 1 << (r * w + c - 1)
        for cc, rr, _ in node.results:
            seen |= 1 << (rr * w + cc - 1)
        return seen

    def expect(self, node: Node, mask: int, c: int, r: int) -> int | None:
        """Note that the states searched next are this one (all its jumps listed) plus a man: the
        node of one with the man out of its reach is then this node's results with the man added,
        and of one with the man in reach but on no landing point those results plus the jumps over
        the man (:meth:`node` builds them so, without walking the rest).

        A state whose jumps are too many to list (:data:`JUMP_CAP`) is noted too: its listing stopped
        after the same steps in the same order with a man out of its listed results' reach, so such a
        state's node is this node's listing with the man added (see :meth:`_from_parent`).

        Returns the reach (None when not every jump is listed): the points where a man changes this
        state's jumps, as a mask -- within one point of the ball or of a landing point (a jump starts
        next to a point the ball reaches, and a man on a landing point extends that line).  A man
        anywhere else leaves every jump as it is."""
        landings = self.landings(node, c, r)
        reach = grow(landings, self.w, self.h, 1)
        if node.results:  # with no jump, a state is cheaper to walk than to compare
            self.parents[r * self.w + c] = Parent(mask, node, reach, landings)
        return reach if node.complete else None

    def node(self, mask: int, c: int, r: int) -> Node:
        """The :class:`Node` of the state (men ``mask``, ball on (``c``, ``r``)): its distinct jump
        results, up to :data:`JUMP_CAP` (a single jump is read from the rays of :func:`search_tables`)."""
        shift, around, _, _ = self.starts[r * self.w + c - 1]
        if not mask >> shift & around:  # no man next to the ball (3 states in 4): no jump, nothing kept
            self.work += 1
            return self.no_jump[r]
        key = (c, r, mask)
        node = self.cache.get(key)
        if node is None:
            node = self._from_parent(mask, c, r) or self.walk(mask, c, r)
            self._keep(key, node)
        return node

    def glance(self, mask: int, c: int, r: int) -> Node:
        """:meth:`node`, but a state not known yet is not kept, only its work counted (issue 44: a
        wide level's ranking reads 89 % of the placements it lists once, for their evaluation, and prunes
        them; kept, they filled the cache).  The same facts either way, so no decision changes."""
        shift, around, _, _ = self.starts[r * self.w + c - 1]
        if not mask >> shift & around:
            self.work += 1
            return self.no_jump[r]
        node = self.cache.get((c, r, mask))
        if node is None:
            node = self._from_parent(mask, c, r) or self.walk(mask, c, r, rows_only=True)
            self._count(node.size)
        return node

    def _from_parent(self, mask: int, c: int, r: int) -> Node | None:
        """The node of a state of :meth:`expect` plus one man, built from that state's results (None
        for any other state, or when it would not list every result):

        * a man out of the parent's reach changes no jump: the same results, the man added;
        * a man in reach but on no landing point (nor the ball's) changes no jump either (a parent's
          jump never passes over an empty point, and never landed there), but the ball may now jump
          it from a neighbouring point it reaches: those jumps, and every result after them, are
          added (they jumped the man, so no parent result, which keeps it, is among them);
        * a man on a landing point blocks jumps: the state is walked (None here).

        Either way the node holds the results a walk lists (in another order), so no decision changes.
        A parent whose results were cut short at :data:`JUMP_CAP` gives only the first kind: its walk
        never looked at a point out of its listed results' reach, so the state's walk takes the same
        steps and stops at the same result, and lists the parent's results with the man added, in
        the same order (the wins it leaves undecided are searched for the state itself).
        """
        parent = self.parents.get(r * self.w + c)
        if parent is None:
            return None
        men, known = parent.men, parent.node
        added = mask ^ men
        if added & men or added & (added - 1) or added & parent.landings:
            return None
        lo, hi = known.lo, known.hi
        if not known.complete:
            if added & parent.reach:
                return None
            return Node.plus(known, added, [], lo, hi, self._wins(lo, hi, False))
        new: list[tuple[int, int, int]] = []
        if added & parent.reach:
            at = parent.at
            if at is None:
                at = parent.at = self._states_at(parent, c, r)
            stack: list[tuple[int, int, int]] = []
            for start, ray in self.into[added.bit_length() - 1]:
                for m0 in at.get(start, ()):
                    m0 |= added
                    removed = added
                    for b, cc, rr in ray:  # the jump over the man, as in walk
                        if m0 & b:
                            removed |= b
                            continue
                        stack.append((cc, rr, m0 ^ removed))
                        break
            if stack:
                seen: dict[tuple[int, int, int], tuple[int, int, int]] = {}
                for k in stack:
                    if seen.setdefault(k, k) is k:
                        new.append(k)
                stack = [k for k in new if 0 < k[1] <= self.h]
                if not self._closure(stack, seen, new, JUMP_CAP - known.size):
                    return None  # too many to list: walked, for the very results a walk keeps
                lo, hi = min(lo, min(new, key=result_row)[1]), max(hi, max(new, key=result_row)[1])
        # With no new result the rows, and so the wins, are the parent's (decided for both sides, so
        # never changed: see win_status): its dict is shared, not made again.
        return Node.plus(known, added, new, lo, hi, self._wins(lo, hi, True) if new else known.win)

    def _states_at(self, parent: Parent, c: int, r: int) -> dict[int, list[int]]:
        """The men of the parent's states whose jumps its walk listed, by the ball's bit index: the
        parent itself and each result not on a goal line."""
        w, h = self.w, self.h
        at: dict[int, list[int]] = {r * w + c - 1: [parent.men]}
        for cc, rr, m in parent.node.results:
            if 0 < rr <= h:
                at.setdefault(rr * w + cc - 1, []).append(m)
        return at

    def walk(self, mask: int, c: int, r: int, rows_only: bool = False) -> Node:
        """The :class:`Node` of a state, listed by walking its jumps (not kept).

        ``rows_only``: only the node's rows and wins are read (a glance: its evaluation), so the walk
        stops once its lowest and highest results are as far as any jump can land, a row beyond the
        men's lowest and highest (a jump lands next to the last man it jumped, and men are only
        removed).  Those rows and the wins are then what the whole listing gives (issue 44: the
        crowded states' listings stopped at :data:`JUMP_CAP`; most reach both rows within 60
        results).  A side whose goal row is not among them cannot reach it at all, so its win is
        decided (no): as a whole listing decides it, or the pruned win search's first check."""
        shift, around, _, _ = self.starts[r * self.w + c - 1]
        if not mask >> shift & around:  # no man next to the ball (3 walks in 4): no jump
            return self.no_jump[r]
        out: list[tuple[int, int, int]] = []
        stack = [(c, r, mask)]
        if rows_only:
            node = self._rows_walk(stack, out, mask)
            if node is not None:
                return node
            complete = len(out) < JUMP_CAP
        else:
            complete = self._closure(stack, {}, out, JUMP_CAP)
        lo, hi = (min(out, key=result_row)[1], max(out, key=result_row)[1]) if out else (r, r)
        return Node(out, complete, lo, hi, self._wins(lo, hi, complete))

    def _rows_walk(self, stack: list[tuple[int, int, int]], out: list[tuple[int, int, int]], mask: int) -> Node | None:
        """:meth:`_closure` from ``stack`` up to :data:`JUMP_CAP`, in parts of :data:`ROWS_STEP` results,
        stopped once the results reach the rows a jump can reach at most (see :meth:`walk`): that
        node, its results not all listed; None when the listing ended first (``out`` holds it)."""
        h = self.h
        low, high = row_span(self.w, mask)  # a row beyond the men's lowest and highest (see walk)
        low, high = max(low - 1, 0), min(high + 1, h + 1)
        seen: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        lo, hi, read = h + 2, -1, 0
        while True:
            self._closure(stack, seen, out, min(len(out) + ROWS_STEP, JUMP_CAP))
            if not stack or len(out) >= JUMP_CAP:
                return None
            part = out[read:]
            read = len(out)
            lo, hi = min(lo, min(part, key=result_row)[1]), max(hi, max(part, key=result_row)[1])
            if lo == low and hi == high:
                return Node(out, False, lo, hi, self._wins(lo, hi, True))

    def _closure(self, stack: list[tuple[int, int, int]], seen: dict[tuple[int, int, int], tuple[int, int, int]],
                 out: list[tuple[int, int, int]], cap: int) -> bool:
        """Walk every jump from the states on ``stack``, adding each result not ``seen`` to ``out``
        (and to the stack, if not on a goal line); False when ``out`` reaches ``cap`` first."""
        w, h, starts = self.w, self.h, self.starts
        while stack:
            c0, r0, m0 = stack.pop()
            shift, around, dirs, lines = starts[r0 * w + c0 - 1]
            men = m0 >> shift & around  # the men next to the ball, in a small window
            if not men:
                continue
            found = lines.get(men)  # the directions with a man next to the ball, in DIRECTIONS' order
            if found is None:
                found = lines[men] = tuple((removed, ray) for first, removed, ray in dirs if men & first)
            for removed, ray in found:  # single jumps (bitboard.single_jumps, unrolled)
                for b, cc, rr in ray:
                    if m0 & b:
                        removed |= b
                        continue
                    k = (cc, rr, m0 ^ removed)  # the men jumped are all in m0
                    # A new result: k itself is stored (an equal one met before is given back), in one
                    # call and one hash (issue 44: faster than len, add, len under WebAssembly).
                    if seen.setdefault(k, k) is k:
                        out.append(k)
                        if 0 < rr <= h:
                            stack.append(k)
                    break
            if len(out) >= cap:
                return False
        return len(out) < cap

    def _wins(self, lo: int, hi: int, complete: bool) -> dict[str, bool | None]:
        """The wins a node's rows decide: a result on a goal row wins for that side at once; no result
        there decides no win only when every result is listed (otherwise :meth:`win_status` asks the
        pruned win search)."""
        win: dict[str, bool | None] = {}
        if hi >= self.h:
            win["O"] = True
        elif complete:
            win["O"] = False
        if lo <= 1:
            win["X"] = True
        elif complete:
            win["X"] = False
        return win

    def _keep(self, key: tuple[int, int, int], node: Node) -> None:
        """Count the work of listing ``node`` (calling :attr:`on_due` once it is due) and cache it, a new
        cache started first when it would hold more than 200,000 nodes or :data:`CACHE_RESULTS` results;
        the full one is retired and freed in parts (:data:`FREE_RATE`), never all at once."""
        n = node.size
        self._count(n)
        self.cached += n
        if len(self.cache) > 200_000 or self.cached > CACHE_RESULTS:
            self.retired.append(self.cache)
            self.cache = {}
            self.cached = n
        self.cache[key] = node
        if self.retired:
            self._free(FREE_RATE * (n + 1))

    def _count(self, results: int) -> None:
        """Count the work of a listing of ``results`` results, and call :attr:`on_due` once it is due."""
        self.work += results + 1
        if self.work >= self.due and self.on_due is not None:
            self.on_due()

    def _free(self, size: int) -> None:
        """Drop retired nodes (their results + 1 each) until ``size`` is freed or none is left."""
        retired = self.retired
        while size > 0 and retired:
            old = retired[-1]
            if not old:
                retired.pop()
                continue
            size -= old.popitem()[1].size + 1

    def win_status(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool | None:
        """Whether ``side`` can win with one jump from this state; None if the win search gave up."""
        win = node.win
        if side not in win:  # not every result is listed and none wins (see node)
            status, _, spent = win_path(self.w, self.h, mask, c, r, side, WIN_NODES)
            self.work += spent
            if self.work >= self.due and self.on_due is not None:
                self.on_due()
            win[side] = {"found": True, "none": False}.get(status)
            if self.after_win_search is not None:
                self.after_win_search()
        return win[side]

    def wins(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool:
        """Whether ``side``, to move, surely wins with one jump (an undecided search is not a win)."""
        win = node.win  # read here when known: a call less at every node
        return (win[side] if side in win else self.win_status(node, mask, c, r, side)) is True

    def threatened(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool:
        """Whether the opponent of ``side`` might win with a jump if it were their turn (undecided: yes)."""
        opp: Side = "X" if side == "O" else "O"
        win = node.win  # read here when known: two calls less at every node
        return (win[opp] if opp in win else self.win_status(node, mask, c, r, opp)) is not False
