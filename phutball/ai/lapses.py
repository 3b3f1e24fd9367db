"""How the weak levels err like people (issue 44): the mistakes a learner makes, not random placements.

A :class:`Lapses` says what a level's search fails to see, so its mistakes are plausible ones:

* ``horizon``: it sees jump chains of at most this many hops, its own and the opponent's
  ("missing a long chain"): a longer jump is not among its moves, and a win or a threat that needs
  one is not a win or a threat to it (:class:`LapsedFacts`, :meth:`Lapses.sees`);
* ``overlook``: the chance, drawn afresh for each move, that it looks only at the opponent's next
  move (a search of depth 1): it then stops a goal threatened for the next move but not a threat
  built one move later ("a defence one move too late", :meth:`Lapses.look`);
* ``margin``: among moves within this many tenths of a row of the best it picks by the game's
  seeded random choice (:meth:`Lapses.offsets`), with the level's small residual noise on top.

No lapses (the default) leaves the search exactly as it was: the strongest levels are unchanged.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from ..bitboard import jump_results, single_jumps
from ..sides import Side, other
from .nodes import Node, NodeFacts


@dataclass(frozen=True)
class Lapses:
    """What a level overlooks: chains longer than ``horizon`` hops (None: every chain), the
    opponent's threats beyond their next move with chance ``overlook``, and the difference between
    moves within ``margin`` tenths of a row."""

    horizon: int | None = None
    overlook: float = 0.0
    margin: float = 0.0

    def sees(self, path: Sequence[object]) -> bool:
        """Whether a jump along ``path`` (the ball's points, first to last) is within the horizon."""
        return self.horizon is None or len(path) - 1 <= self.horizon

    def jumps(self, w: int, h: int, c: int, r: int, mask: int
              ) -> Iterator[tuple[int, int, int, tuple[tuple[int, int], ...]]]:
        """The root's jump results as :func:`phutball.bitboard.jump_results` lists them, but only
        those the level sees: within the horizon, each by its shortest path (:func:`near_jumps`)."""
        if self.horizon is None:
            return jump_results(w, h, c, r, mask)
        return near_jumps(w, h, c, r, mask, self.horizon)

    def look(self, rng: random.Random, depth: int) -> int:
        """The depth of this move's search: ``depth``, or 1 when the level overlooks this time
        (drawn from ``rng`` only for a level that may overlook, so others draw nothing)."""
        if self.overlook <= 0.0 or depth <= 1:
            return depth
        return 1 if rng.random() < self.overlook else depth

    def offsets(self, rng: random.Random, noise: float, children: Iterable[object]) -> dict[object, float]:
        """What each root move's score gains, in tenths of a row: a seeded choice within the margin
        (0 to ``margin``, so a move worse than the best by more is never preferred) plus Gaussian
        noise of deviation ``noise``.  No draw at all when both are 0 (the strong levels)."""
        out: dict[object, float] = {}
        for child in children:
            value = rng.gauss(0.0, noise) if noise else 0.0
            out[child] = value + (rng.uniform(0.0, self.margin) if self.margin else 0.0)
        return out


#: No lapses: the search sees every chain and every threat.
NO_LAPSES = Lapses()


def near_jumps(w: int, h: int, c: int, r: int, mask: int, hops: int
               ) -> Iterator[tuple[int, int, int, tuple[tuple[int, int], ...]]]:
    """Each distinct state (col, row, men) a jump of at most ``hops`` hops reaches, with its
    shortest path (the ball's points), fewest hops first; lazily, like :func:`jump_results`."""
    frontier: list[tuple[int, int, int, tuple[tuple[int, int], ...]]] = [(c, r, mask, ((c, r),))]
    seen: set[tuple[int, int, int]] = set()
    for _ in range(hops):
        nxt = []
        for c0, r0, m0, path in frontier:
            for step in single_jumps(w, h, c0, r0, m0):
                state = (step.col, step.row, m0 & ~step.removed)
                if state in seen:
                    continue
                seen.add(state)
                found = (*state, (*path, (step.col, step.row)))
                yield found
                if 0 < step.row <= h:
                    nxt.append(found)
        frontier = nxt


def wins_within(w: int, h: int, mask: int, c: int, r: int, side: Side, hops: int) -> bool:
    """Whether ``side`` can jump the ball from (``c``, ``r``) onto its goal in at most ``hops`` hops."""
    lo, hi = (h, h + 1) if side == "O" else (0, 1)  # the goal line and the row beyond it
    return any(lo <= row <= hi for _, row, _, _ in near_jumps(w, h, c, r, mask, hops))


class LapsedFacts(NodeFacts):
    """The facts of a search that sees chains of at most ``horizon`` hops: a win, or a threat, that
    needs a longer chain is neither (for both sides); everything else as :class:`NodeFacts`."""

    def __init__(self, w: int, h: int, horizon: int, after_win_search: Callable[[], None] | None = None) -> None:
        super().__init__(w, h, after_win_search)
        self.horizon = horizon
        self.short: dict[tuple[int, int, int, Side], bool] = {}

    def _short(self, mask: int, c: int, r: int, side: Side) -> bool:
        """:func:`wins_within` the horizon, remembered."""
        key = (mask, c, r, side)
        known = self.short.get(key)
        if known is None:
            if len(self.short) > 200_000:
                self.short.clear()
            known = self.short[key] = wins_within(self.w, self.h, mask, c, r, side, self.horizon)
        return known

    def wins(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool:
        return super().wins(node, mask, c, r, side) and self._short(mask, c, r, side)

    def threatened(self, node: Node, mask: int, c: int, r: int, side: Side) -> bool:
        return super().threatened(node, mask, c, r, side) and self._short(mask, c, r, other(side))


def facts_for(lapses: Lapses, w: int, h: int, after_win_search: Callable[[], None] | None = None) -> NodeFacts:
    """The facts a search with these lapses reads: :class:`LapsedFacts` within a horizon, else plain ones."""
    if lapses.horizon is None:
        return NodeFacts(w, h, after_win_search)
    return LapsedFacts(w, h, lapses.horizon, after_win_search)
