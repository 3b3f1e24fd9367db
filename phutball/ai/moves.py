"""The moves the computer player's search tries at a node, best-looking first, and which it prunes.

Candidate moves are every distinct jump result (up to :data:`~phutball.ai.nodes.JUMP_CAP`, or
:data:`~phutball.ai.search.ROOT_JUMP_CAP` at the root) and
every placement within two points of the ball (the men that can matter next
move), or only the parrying moves under a threat.  A *wide* level (``grandmaster``,
:data:`~phutball.ai.levels.STRONGEST`) places men within two points of any man or of the ball: a man where a chain
will land, far from the ball, is often the strongest move, and it is what
beat the sparring partner that made the strongest level lose (issue 30, ``bench/README.md``
"Placements near any man").  Its placements are pruned from
:data:`WIDE_BEAM_DEPTH` plies left, and the root keeps the best
:data:`WIDE_ROOT`.  The analysis (``prune=False``) of a wide level places men
as widely, but never prunes a placement within two points of the ball: it
searches every move an unpruned search near the ball would, and the best
ranked placements far from the ball on top (issue 44: before, it kept to the
ball's neighbourhood and missed a far win that play found).

* **Move ordering.**  The transposition-table move first, then jumps by how
  far they carry the ball toward the mover's goal, then placements near the
  ball ordered by a history table (moves that caused cut-offs before).  Where
  the placements are ranked (below), the search tries the moves before them
  first and orders and ranks the placements only if none cuts off (:meth:`Candidates.plan`, :class:`Plan`).
* **Forward pruning of placements.**  At a node with at least
  :data:`BEAM_DEPTH` plies left and no threat against the mover, only the
  :data:`BEAM` placements whose position the static evaluation likes least
  for the opponent are searched; every jump, every parry and the table's
  move always are.  (Measured by matches against the frozen baseline, see
  ``bench/README.md``: ranking by the evaluation is what makes the pruning
  pay; ranking by the history table alone lost strength.)
"""

from __future__ import annotations

from itertools import islice
from operator import itemgetter
from typing import Iterable, Protocol

from ..bitboard import bit, bit_point, board_masks, grow, row_span
from ..board import Position
from ..notation import Point
from ..sides import Side, other
from .evaluation import StateValue
from .levels import YIELD_EVERY
from .nodes import Node, NodeFacts, result_row

#: Node budget for listing the opponent's winning paths (to find the men that break them).
PARRY_NODES = 5000
#: Forward pruning: at nodes with at least BEAM_DEPTH plies left, only the BEAM best-ranked
#: placements are searched (every jump, every parry and the table's move always are).
BEAM = 8
BEAM_DEPTH = 3
BEAM_RANK = True
#: Wide placements (a level's ``wide``): forward pruning from this many plies left (else BEAM_DEPTH),
#: and the root's placements kept after ranking.
WIDE_BEAM_DEPTH = 2
WIDE_ROOT = 16


_value = itemgetter(0)  # a ranked placement's value


class Budget(Protocol):
    """The search's budget check (``Searcher``'s): raises to stop the search, or to pause it when
    ``pause`` and the slice's time is up."""

    def __call__(self, nodes: int | None = None, pause: bool = False) -> None: ...


def by_progress(children: Iterable[tuple[int, int, int]], side: Side) -> list[tuple[int, int, int]]:
    """Jump results (col, row, men), furthest toward ``side``'s goal first; ties in sorted order."""
    out = sorted(children)  # the ties' order; then a stable sort by row (reversed: stable all the same)
    out.sort(key=result_row, reverse=side == "O")
    return out


class Candidates:
    """The moves of one search's nodes (:meth:`ordered`), and what it keeps between nodes: the
    cut-off history (:attr:`history`, which the search adds to by :meth:`cut_off`), the parries found, and a wide
    level's ranking values.

    ``evaluate`` is the search's static evaluation (it ranks placements for pruning), ``budget`` its
    budget check (called after each parry listing, and every :data:`YIELD_EVERY` placements a wide
    level's ranking evaluates, or sooner after much work (the facts' ``due``), where it may pause).  ``wide``: placements near any man (the level's);
    ``prune=False``: every placement near the ball at every node (the analysis); ``jumps_only``: the
    evaluation reads a state's jumps and threat only (so a man that changes neither leaves it).
    """

    def __init__(self, pos: Position, facts: NodeFacts, evaluate: StateValue, budget: Budget, *,
                 wide: bool, prune: bool, jumps_only: bool) -> None:
        self.size = pos.size
        self.w, self.h = pos.size.width, pos.size.height
        self.near, self.expect = facts.near, facts.expect
        self.facts = facts
        self.node, self.threatened = facts.node, facts.threatened
        self.evaluate, self.budget, self.jumps_only = evaluate, budget, jumps_only
        # prune=False: every placement near the ball at every node (the analysis: a win it reports
        # must hold against every defence searched, which forward pruning does not promise).
        self.beam, self.beam_depth, self.beam_rank = BEAM, BEAM_DEPTH if prune else 10**9, BEAM_RANK
        # A wide level places men near any man, not only near the ball, and prunes them as in play; the
        # analysis (prune=False) of a wide level does too, but never prunes a placement near the ball
        # (``keep_near``): it searches every move the analysis of a level near the ball searched, and
        # the best placements far from the ball on top (issue 44).
        self.wide = board_masks(self.w, self.h) if wide else None
        self.keep_near = not prune
        if self.wide is not None:
            self.beam_depth = WIDE_BEAM_DEPTH
        self.row_bits = (1 << self.w) - 1  # a row's bits, for in_order
        self.history: dict[int, int] = {}
        # The history's one-man keys as one mask (a placement's key is its man's bit): a wide level's
        # ordering reads which placements have a history from the mask, not one look-up each.
        self.hot = 0
        # The one-man cut-offs as (man, count added), in order: a Plan made before some of them takes
        # their counts off again (see _wide_order).  The search empties it where no plan is pending.
        self.cut_log: list[tuple[int, int]] = []
        # in_order's rows met: by ``base << w | row`` (a row's first bit index, its points), their bits.
        self._row_points: dict[int, tuple[int, ...]] = {}
        self._parries: dict[tuple[int, int, int, str], tuple[tuple[int, int, int], ...]] = {}
        # A wide level's ranking values, by (men, ball, side): a ranking that paused goes on from them.
        self._ranks: dict[tuple[int, int, int, str], int] = {}

    def placements(self, mask: int, c: int, r: int, radius: int = 2) -> list[tuple[int, int, int]]:
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

    def free_near(self, mask: int, c: int, r: int) -> int:
        """The empty points within 2 of a man or of the ball, as a mask (a wide level's placements)."""
        assert self.wide is not None
        taken = mask | 1 << (r * self.w + c - 1)
        return grow(taken, self.w, self.h, 2) & self.wide.board & ~taken

    def in_order(self, points: int, fwd: int) -> list[int]:
        """The bits of ``points`` (on rows 1..h), row by row toward the goal of the side moving ``fwd``
        (1: up, the Ohs; -1: down), each row by column: the move ordering's order, without a sort.

        Read a row at a time (a small integer, not the whole board's mask), each row's bits looked up
        once they were met (rows repeat from node to node), and only the rows between the lowest and
        the highest point."""
        w, row_bits, cache = self.w, self.row_bits, self._row_points
        if not points:
            return []
        first, last = row_span(w, points)
        bases = range(first * w, (last + 1) * w, w)
        out: list[int] = []
        for base in (reversed(bases) if fwd > 0 else bases):
            row = points >> base & row_bits
            if row:
                key = base << w | row
                bits = cache.get(key)
                if bits is None:
                    if len(cache) > 100_000:
                        cache.clear()
                    bits = cache[key] = self._points_of_row(base, row)
                out += bits
        return out

    @staticmethod
    def _points_of_row(base: int, row: int) -> tuple[int, ...]:
        """The bits of a row's points (``row``'s bits, the row starting at bit ``base``), by column."""
        out = []
        while row:
            low = row & -row
            out.append(low << base)
            row ^= low
        return tuple(out)

    def cut_off(self, moved: int, depth: int) -> None:
        """Count a cut-off by the move that placed or jumped the men ``moved``, ``depth`` plies from the
        horizon, in the history (by ``depth`` squared) that orders placements."""
        n = depth * depth
        self.history[moved] = self.history.get(moved, 0) + n
        if not moved & (moved - 1):
            self.hot |= moved
            self.cut_log.append((moved, n))

    def parries(self, mask: int, c: int, r: int, side: Side) -> list[tuple[int, int, int]]:
        """Placements that can spoil the opponent's winning jumps: men on their landing points.

        If the winning paths cannot all be listed, every placement near the ball.
        """
        key = (c, r, mask, side)
        cached = self._parries.get(key)
        if cached is not None:
            return list(cached)
        opp = other(side)
        pos = Position.from_mask(self.size, mask, Point(c, r), opp)
        found = pos.winning_jumps(limit=32, max_nodes=PARRY_NODES)
        self.budget()
        # A chain may land where it jumped a man earlier: that point holds a man now, and "placing"
        # there would be no move at all (a child equal to its parent), so only empty points count.
        points = sorted({p for j in found.paths for p in j.path[1:]
                         if 1 <= p.row <= self.h and (p.col, p.row) != (c, r)
                         and not mask >> (p.row * self.w + p.col - 1) & 1})
        if not found.complete or found.truncated or not points:
            out = self.placements(mask, c, r)
        else:
            out = [(c, r, mask | 1 << (p.row * self.w + p.col - 1)) for p in points]
        if len(self._parries) > 50_000:
            self._parries.clear()
        self._parries[key] = tuple(out)
        return out

    def ordered(self, node: Node, mask: int, c: int, r: int, side: Side,
                first: tuple[int, int, int] | None, depth: int, keep: int | None = None
                ) -> list[tuple[int, int, int]]:
        """The moves to try in a state (``node``, ``mask``, ball on (``c``, ``r``), ``side`` to move)
        with ``depth`` plies left, best-looking first (see the module doc): ``first`` (the table's
        move) first; ``keep``: how many placements pruning keeps, if not :data:`BEAM`."""
        return [(c, r, mask | k) if isinstance(k, int) else k
                for k in self.lazily_ordered(node, mask, c, r, side, first, depth, keep)]

    def lazily_ordered(self, node: Node, mask: int, c: int, r: int, side: Side,
                       first: tuple[int, int, int] | None, depth: int, keep: int | None = None
                       ) -> list[tuple[int, int, int] | int]:
        """:meth:`ordered`, but a placement not pruned and not a parry is given as its man's bit (an
        int), its child state ``(c, r, mask | bit)`` made only when it is searched: next to the horizon a
        node lists about 100 placements and a cut-off comes after a few (issue 44)."""
        plan = self.plan(node, mask, c, r, side, first, depth, keep)
        return plan if isinstance(plan, list) else self.complete(plan)

    def plan(self, node: Node, mask: int, c: int, r: int, side: Side,
             first: tuple[int, int, int] | None, depth: int, keep: int | None = None
             ) -> list[tuple[int, int, int] | int] | Plan:
        """:meth:`lazily_ordered`'s moves, or a :class:`Plan` of them whose placements are ordered, and
        ranked where forward pruning ranks them, only by :meth:`complete`: a wide level's placements
        always, a level near the ball's where it ranks them.

        The search tries the moves that come before the placements (the table's move and the jumps,
        :attr:`Plan.prefix`) before it completes the plan (issue 44: at more than half the nodes one of
        those cuts off, and then the placements' order and ranking, half the search's time, are not
        needed).
        They are completed from the cut-off history as it was when planned (:attr:`cut_log`), so
        the moves and their order are :meth:`lazily_ordered`'s at that moment."""
        h = self.h
        own_goal = (0, 1) if side == "O" else (h, h + 1)
        jumps = by_progress([k for k in node.results if k[1] not in own_goal], side)
        beam = self.beam if keep is None else keep
        hist = self.history
        if self.threatened(node, mask, c, r, side):
            fwd = 1 if side == "O" else -1
            parries = self.parries(mask, c, r, side)
            parries.sort(key=lambda k: (-hist.get(k[2] ^ mask, 0),
                                        -fwd * bit_point(self.w, (k[2] ^ mask).bit_length() - 1)[1]))
            return _first_first([*jumps, *parries], first, mask, c, r)
        if self.wide is not None:
            return Plan(node, mask, c, r, side, first, jumps, depth, beam, len(self.cut_log))
        reach = self.expect(node, mask, c, r)  # the placements' nodes come cheaper (NodeFacts.node)
        # Cut-off history first, then men placed toward my goal (they make my next jump), then by column.
        fwd = 1 if side == "O" else -1
        order = [(-hist.get(b, 0), -fwd * row, b) for b, row in self.near[r * self.w + c - 1] if not mask & b]
        order.sort()
        near = [b for _, _, b in order]
        if depth >= self.beam_depth and len(near) > beam:
            if self.beam_rank:
                return Plan(node, mask, c, r, side, first, jumps, depth, beam, len(self.cut_log), near, reach)
            if self.keep_near:
                near = self._near_and_far(near, c, r, beam)
            else:
                del near[beam:]
        return _first_first([*jumps, *near], first, mask, c, r)

    def complete(self, plan: Plan, searched: bool = False) -> list[tuple[int, int, int] | int]:
        """The moves of a :class:`Plan` (:meth:`plan`), in :meth:`lazily_ordered`'s order when it was
        planned: a wide level's placements ordered by the cut-off history of that moment; where
        forward pruning ranks them, ranked by the opponent's static evaluation after each (lowest
        first, ties in that order) and the best ``beam`` kept.

        May pause (the search's budget, ``pause=True``, every :data:`YIELD_EVERY` placements
        evaluated): the values found are kept, so asked again it goes on from them.  ``searched``: the
        search went on since the plan (the moves before the placements), so the state is noted again
        for the placements' nodes (:meth:`NodeFacts.expect`)."""
        node, mask, c, r = plan.node, plan.mask, plan.c, plan.r
        if plan.near is None:  # a wide level's placements, in the order of the plan's moment
            near = self._wide_order(mask, c, r, plan.side, plan.logged)
            reach = plan.reach = self.expect(node, mask, c, r)
            if plan.depth < self.beam_depth or len(near) <= plan.beam:
                return _first_first([*plan.jumps, *near], plan.first, mask, c, r)
        else:
            near, reach = plan.near, plan.reach
            if searched:  # their search noted other states (the same facts, found slower)
                self.expect(node, mask, c, r)
        # Forward pruning: rank by the opponent's static evaluation after the placement
        # (lowest first), then by the order above; search only the best ``beam``.
        nxt, ev, nd, glance = other(plan.side), self.evaluate, self.node, self.facts.glance
        # A man out of the reach leaves every jump, so the evaluation after it is this
        # state's; unless the jumps are not all listed (reach None) or the evaluation
        # reads more than the jumps and the threat: then every placement is evaluated.
        touched = reach if self.wide is not None and self.jumps_only else None
        same = ev(node, mask, c, r, nxt) if touched is not None else 0
        ranked, ranks, fresh, wide = [], self._ranks, 0, self.wide is not None
        if len(ranks) > 200_000:
            ranks.clear()
        for b in near:
            if touched is not None and not b & touched:
                ranked.append((same, b))
                continue
            m = mask | b
            if not wide:  # a level near the ball: nothing is kept, no pause
                ranked.append((ev(nd(m, c, r), m, c, r, nxt), b))
                continue
            v = ranks.get((m, c, r, nxt))
            if v is None:
                v = ranks[(m, c, r, nxt)] = ev(glance(m, c, r), m, c, r, nxt)
                fresh += 1
                if fresh % YIELD_EVERY == 0 or self.facts.work >= self.facts.due:
                    self.budget(pause=True)
            ranked.append((v, b))
        ranked.sort(key=_value)  # stable: equal values keep the order above
        places = [b for _, b in ranked]
        if self.keep_near:
            places = self._near_and_far(places, c, r, plan.beam)
        else:
            del places[plan.beam:]
        return _first_first([*plan.jumps, *places], plan.first, mask, c, r)

    def _wide_order(self, mask: int, c: int, r: int, side: Side, logged: int) -> list[int]:
        """A wide level's placements (:meth:`free_near`) in the order of the cut-off history as it was
        when :attr:`cut_log` held ``logged`` cut-offs: those with a history first, most counted first,
        then the rest; each part row by row toward the goal of ``side`` (:meth:`in_order`)."""
        fwd = 1 if side == "O" else -1
        free = self.free_near(mask, c, r)
        hot = free & self.hot  # the placements with a history: first, by their counts
        count = self.history.__getitem__
        log = self.cut_log
        if logged < len(log):  # cut-offs since: take their counts off again
            since: dict[int, int] = {}
            for man, n in islice(log, logged, None):
                if man & hot:
                    since[man] = since.get(man, 0) + n
            if since:
                hist = self.history
                for man, n in since.items():
                    if hist[man] == n:  # no count then: not among those with a history
                        hot ^= man
                count = lambda man: hist[man] - since.get(man, 0)  # noqa: E731
        if not hot:
            return self.in_order(free, fwd)
        with_history = self.in_order(hot, fwd)  # a stable sort: equal counts keep this order
        with_history.sort(key=count, reverse=True)  # reversed, still stable
        return with_history + self.in_order(free ^ hot, fwd)

    def _near_and_far(self, places: list[int], c: int, r: int, beam: int) -> list[int]:
        """The analysis's pruning: every placement near the ball, and the best ``beam`` others."""
        close = sum(b for b, _ in self.near[r * self.w + c - 1])
        return [b for b in places if b & close] + [b for b in places if not b & close][:beam]


class Plan:
    """A node's moves whose placements are still to be ordered or ranked (:meth:`Candidates.plan`,
    then :meth:`Candidates.complete`): the state, its depth, the table's move, the jumps in order,
    how many placements pruning keeps, and how many cut-offs :attr:`Candidates.cut_log` held when
    planned (a wide level orders its placements by the history of that moment); a level near the
    ball's placements already in its history's order.  ``reach``: the state's reach
    (:meth:`NodeFacts.expect`), a wide level's once completed.
    ``prefix``: the moves that come before every placement (the table's move, then the jumps),
    searched before the plan is completed."""

    __slots__ = ("node", "mask", "c", "r", "side", "first", "jumps", "depth", "beam", "logged", "near", "reach",
                 "prefix")

    def __init__(self, node: Node, mask: int, c: int, r: int, side: Side, first: tuple[int, int, int] | None,
                 jumps: list[tuple[int, int, int]], depth: int, beam: int, logged: int,
                 near: list[int] | None = None, reach: int | None = None) -> None:
        self.node, self.mask, self.c, self.r, self.side, self.first = node, mask, c, r, side, first
        self.jumps, self.depth, self.beam, self.logged, self.near, self.reach = jumps, depth, beam, logged, near, reach
        self.prefix = _first_first(list(jumps), first, mask, c, r)


def _first_first(out: list[tuple[int, int, int] | int], first: tuple[int, int, int] | None, mask: int,
                 c: int, r: int) -> list[tuple[int, int, int] | int]:
    """``out`` with the table's move ``first`` (a child of this very state) first, even if pruned."""
    if first is not None:
        if first in out:  # a jump or a parry
            out.remove(first)
        elif first[0] == c and first[1] == r and not (added := first[2] ^ mask) & mask and added in out:
            out.remove(added)  # a placement, listed as its man's bit
        out.insert(0, first)
    return out
