"""Searches for long strips, without the whole retrograde: depth-limited AND/OR and proof numbers."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from ...errors import IllegalPositionError
from ...notation import StripMove1D
from ...sides import LEFT, other_side
from ..potential import general_values
from ..strip import Strip
from .engine import LOSS, WIN



def _potential_gap(s: Strip) -> int:
    """PR - PL seen from the side to move (bigger = better for the mover)."""
    pl, pr = general_values(s.n, s.ball, s.mask)
    return pr - pl if s.to_move == LEFT else pl - pr


def _ordered_moves(s: Strip) -> list[tuple[StripMove1D, Strip]]:
    """Moves with their results; forward jumps first, then placements near the ball."""
    out = []
    fwd = 1 if s.to_move == LEFT else -1
    for mv in s.legal_moves():
        after = s.play(mv)
        if hasattr(mv, "path"):
            key = (0, -(after.ball - s.ball) * fwd)
        else:
            key = (1, abs(mv.square - s.ball))
        out.append((key, mv, after))
    out.sort(key=lambda t: t[0])
    return [(mv, a) for _, mv, a in out]


def search_win(strip: Strip, plies: int, *, max_nodes: int = 2_000_000) -> bool | None:
    """Does the side to move win within ``plies`` plies?  A depth-limited AND/OR search.

    Independent of the retrograde tables (used to check shipped data).  Returns
    True/False, or None when ``max_nodes`` is exhausted.
    """
    return _search(strip, plies, WIN, max_nodes)


def search_loss(strip: Strip, plies: int, *, max_nodes: int = 2_000_000) -> bool | None:
    """Does the side to move lose within ``plies`` plies whatever it plays?  See :func:`search_win`."""
    return _search(strip, plies, LOSS, max_nodes)


def _search(strip: Strip, plies: int, want: str, max_nodes: int) -> bool | None:
    mover = strip.to_move if want == WIN else other_side(strip.to_move)
    memo: dict[tuple[Strip, int], bool] = {}
    nodes = 0

    class _Out(Exception):
        pass

    def win(s: Strip, d: int) -> bool:
        # side to move in s (== mover) wins within d plies
        nonlocal nodes
        if d <= 0:
            return False
        key = (s, d)
        r = memo.get(key)
        if r is not None:
            return r
        nodes += 1
        if nodes > max_nodes:
            raise _Out()
        res = False
        moves = _ordered_moves(s)
        for mv, a in moves:
            if a.winner == mover:
                res = True
                break
        if not res and d >= 3:
            for mv, a in moves:
                if a.winner is None and lose(a, d - 1):
                    res = True
                    break
        memo[key] = res
        return res

    def lose(s: Strip, d: int) -> bool:
        # side to move in s (the defender) loses within d plies whatever it does
        nonlocal nodes
        if d <= 1:
            return False
        key = (s, -d)
        r = memo.get(key)
        if r is not None:
            return r
        nodes += 1
        if nodes > max_nodes:
            raise _Out()
        res = True
        for mv, a in _ordered_moves(s):
            if a.winner == s.to_move:
                res = False
                break
            if a.winner is None and not win(a, d - 1):
                res = False
                break
        memo[key] = res
        return res

    try:
        return win(strip, plies) if want == WIN else lose(strip, plies)
    except _Out:
        return None



@dataclass
class PNResult:
    """Outcome of :func:`pn_search`: ``value`` 'win'/'loss' when proved, else None."""

    value: str | None
    best_move: str | None
    nodes: int
    seconds: float
    root_pn: int
    root_dn: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


_INF = 10 ** 9


class _PNode:
    __slots__ = ("pos", "parent", "move", "kids", "pn", "dn", "is_or", "expanded")

    def __init__(self, pos: Strip, parent: "_PNode | None", move: Any, is_or: bool) -> None:
        self.pos = pos
        self.parent = parent
        self.move = move
        self.kids: list[_PNode] = []
        self.is_or = is_or
        self.expanded = False
        self.pn = 1
        self.dn = 1


def pn_search(strip: Strip, *, prove: str | None = None, max_nodes: int = 200_000,
              max_seconds: float = 30.0, heuristic: bool = True,
              should_stop: Callable[[], bool] | None = None) -> PNResult:
    """Proof-number search for a forced win of ``prove`` ('L'/'R'; default: the side to move).

    A tree search (no transpositions, so cycles cannot fake a proof): a repeated
    position on the current path counts as a failure for the prover.  With
    ``heuristic`` the generalized potentials (section 3) seed the proof and
    disproof numbers of new nodes.  Stops at ``max_nodes`` nodes or
    ``max_seconds``.  Value 'win' = the side to move wins, 'loss' = it loses;
    None = not decided within the budget (a draw is never proved).
    """
    t0 = time.perf_counter()
    if strip.winner is not None:
        raise IllegalPositionError("bad 1D position", str(strip), "the game is over")
    prover = prove or strip.to_move
    root = _PNode(strip, None, None, strip.to_move == prover)
    nodes = 1

    def seed(node: _PNode) -> None:
        w = node.pos.winner
        if w is not None:
            node.pn, node.dn = (0, _INF) if w == prover else (_INF, 0)
            return
        # repetition on the path: not a win for the prover
        p = node.parent
        while p is not None:
            if p.pos == node.pos:
                node.pn, node.dn = _INF, 0
                return
            p = p.parent
        if heuristic:
            g = _potential_gap(node.pos)  # good for the side to move
            good = g if node.pos.to_move == prover else -g
            node.pn = max(1, 3 - good)
            node.dn = max(1, 3 + good)

    def update(node: _PNode) -> None:
        if node.is_or:
            node.pn = min(k.pn for k in node.kids)
            node.dn = min(_INF, sum(k.dn for k in node.kids))
        else:
            node.pn = min(_INF, sum(k.pn for k in node.kids))
            node.dn = min(k.dn for k in node.kids)

    seed(root)
    reason = "proved"
    while root.pn and root.dn:
        if nodes >= max_nodes:
            reason = "node budget"
            break
        if time.perf_counter() - t0 > max_seconds or (should_stop is not None and should_stop()):
            reason = "time budget"
            break
        node = root
        while node.expanded:
            if node.is_or:
                node = min(node.kids, key=lambda k: k.pn)
            else:
                node = min(node.kids, key=lambda k: k.dn)
        for mv in node.pos.legal_moves():
            kid = _PNode(node.pos.play(mv), node, mv, not node.is_or)
            seed(kid)
            node.kids.append(kid)
        nodes += len(node.kids)
        node.expanded = True
        up: _PNode | None = node
        while up is not None:
            update(up)
            up = up.parent
    value = None
    best = None
    if root.pn == 0:
        value = WIN if prover == strip.to_move else LOSS
        if root.is_or:
            best = str(min(root.kids, key=lambda k: k.pn).move)
    elif root.dn == 0:
        reason = "disproved (no forced win for the prover found; may be a draw)"
    return PNResult(value, best, nodes, round(time.perf_counter() - t0, 3), root.pn, root.dn, reason)
