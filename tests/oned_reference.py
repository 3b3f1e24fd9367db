"""A naive reference retrograde for small games, independent of the bitset engine.

It walks the game graph with the position classes' own ``legal_moves``/``play``
(so it also checks that move generation and the bitset engine's jump patterns
agree) and computes value and plies with per-state counters.  Slow; tests use it
for strips of at most 10 squares and Oddish boards of at most 8 squares.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Iterable


def retrograde(states: Iterable[Hashable], moves: Callable[[Hashable], list[tuple[str, Hashable | None]]]):
    """Solve a finite game graph.

    ``moves(s)`` returns, for each legal move, ``('win', None)`` / ``('loss', None)``
    when the move ends the game (a win / loss for the mover) or ``('go', child)``.
    Returns ``{state: (value, plies)}`` with value 'win'/'loss'/'draw' for the side
    to move and plies the distance to the end with best play (None for draws).
    """
    states = list(states)
    preds: dict = {s: [] for s in states}
    count: dict = {}
    result: dict = {}
    queue: deque = deque()
    for s in states:
        live = 0
        win_now = False
        for kind, child in moves(s):
            if kind == "win":
                win_now = True
            elif kind == "go":
                preds[child].append(s)
                live += 1
        count[s] = live
        if win_now:
            result[s] = ("win", 1)
            queue.append(s)
        elif live == 0:
            result[s] = ("loss", 1)  # every move loses at once
            queue.append(s)
    # process in order of plies so that plies are exact (BFS by layers)
    layer = sorted(queue, key=lambda s: result[s][1])
    while layer:
        nxt = []
        for s in layer:
            v, d = result[s]
            for p in preds[s]:
                if p in result:
                    continue
                if v == "loss":
                    result[p] = ("win", d + 1)
                    nxt.append(p)
                else:
                    count[p] -= 1
                    if count[p] == 0:
                        result[p] = ("loss", d + 1)
                        nxt.append(p)
        layer = nxt
    for s in states:
        result.setdefault(s, ("draw", None))
    return result


def strip_moves(s):
    out = []
    for mv in s.legal_moves():
        a = s.play(mv)
        if a.winner is not None:
            out.append(("win" if a.winner == s.to_move else "loss", None))
        else:
            out.append(("go", a))
    return out


def all_strips(n: int):
    from phutball.oned.strip import Strip
    for side in "LR":
        for b in range(2, n):
            for mask in range(1 << n):
                if mask >> (b - 1) & 1:
                    continue
                yield Strip.from_mask(n, b, mask, side)
