"""Exact 2D searches one and two moves deep: a winning jump, the defences to it, a win in two.

Engine side (no site imports); :mod:`phutball.puzzles.twod` decides the 2D puzzle tasks with
these, and :mod:`phutball.puzzles.three2d` builds the win-in-three search on them.

**Why the analysis is exact.**  Moves are every placement on the board plus
every distinct jump result.  A man added at point q changes a jump path only if
q is one of its landing points (the ball would then jump further and the hop
changes); any other man leaves the path legal.  So the only placements that can
stop a winning jump are the landing points of the winning paths, listed
completely by :func:`phutball.winsearch.winning_jumps`; every other placement
loses to the same jump.  Every search runs with a node budget, and a search that
gives up raises :class:`Undecided` instead of guessing.

Moves are compared by the position they reach, so any path to the same result
counts as the same jump; lists hold one move per result (the first path in
sorted order), placements first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Position
from ..errors import PhutballError
from ..notation import Jump, Move2D, Placement, Point
from ..sides import Side, other

__all__ = ["NODES", "LIST_LIMIT", "Undecided", "Effort", "win_in_one", "as_to_move", "all_winning_paths", "breakers",
           "jump_moves", "all_moves", "loses_at_once", "refute_threat", "defences", "win_in_two_moves",
           "best_defence"]

#: Node budget of each win search (generous: the positions are small or sparse near the ball).
NODES = 400_000
#: Most winning paths / jump results listed before the analysis gives up.
LIST_LIMIT = 4000


class Undecided(PhutballError):
    """A search ran out of its node budget, so a claim cannot be decided exactly."""


@dataclass
class Effort:
    """Search nodes spent (the puzzle's difficulty comes from it)."""

    nodes: int = 0


def win_in_one(pos: Position, side: Side, effort: Effort, max_nodes: int = NODES) -> Jump | None:
    """A winning jump for ``side`` in ``pos`` (as if ``side`` were to move), or None; exact or Undecided."""
    s = pos.find_winning_jump(max_nodes=max_nodes, side=side)
    effort.nodes += s.nodes
    if s.status == "gave-up":
        raise Undecided("undecided", str(pos), f"win search over {max_nodes} nodes")
    return s.jump


def as_to_move(pos: Position, side: Side) -> Position:
    """``pos`` with ``side`` to move (the same position when it already is)."""
    return pos if pos.to_move == side else Position(pos.size, pos.men, pos.ball, side)


def all_winning_paths(pos: Position, side: Side, effort: Effort, max_nodes: int = NODES) -> tuple[Jump, ...]:
    """Every winning path of ``side`` in ``pos`` (complete, sorted), or Undecided."""
    w = as_to_move(pos, side).winning_jumps(limit=LIST_LIMIT, max_nodes=max_nodes)
    effort.nodes += w.nodes
    if not w.complete or w.truncated:
        raise Undecided("undecided", str(pos), "too many winning paths to list")
    return w.paths


def breakers(pos: Position, side: Side, effort: Effort, max_nodes: int = NODES) -> list[Point]:
    """The empty points where a man breaks at least one of ``side``'s winning paths (their landing points)."""
    h = pos.size.height
    pts = {q for j in all_winning_paths(pos, side, effort, max_nodes) for q in j.path[1:] if 1 <= q.row <= h}
    return sorted(q for q in pts if q not in pos.men and q != pos.ball)


def jump_moves(pos: Position) -> list[tuple[Position, Jump]]:
    """Every distinct jump result with its first path, sorted by path; Undecided when there are too many."""
    res = pos.results(limit=LIST_LIMIT + 1)
    if len(res) > LIST_LIMIT:
        raise Undecided("undecided", str(pos), "too many jump results to list")
    return sorted(res.items(), key=lambda qj: qj[1])


def all_moves(pos: Position) -> list[tuple[Position, Move2D]]:
    """Every move, one per distinct result: placements (sorted), then jumps (sorted)."""
    return [(pos.play(m), m) for m in pos.placements()] + list(jump_moves(pos))


def loses_at_once(after: Position, mover: Side, effort: Effort, max_nodes: int = NODES) -> Jump | None | bool:
    """After ``mover``'s move: True if it ended on the mover's own goal, the opponent's winning jump, or None."""
    if after.winner == other(mover):
        return True
    if after.winner == mover:
        return None
    return win_in_one(after, other(mover), effort, max_nodes)


def refute_threat(after: Position, attacker: Side, effort: Effort, max_nodes: int = NODES) -> Move2D | None:
    """``after`` has the defender to move: a defender's move that survives the attacker's next jump, or None.

    None means the threat is unstoppable: every defence loses to a jump.  The
    defender's own winning jump also refutes (it is returned first).
    """
    defender = other(attacker)
    own = win_in_one(after, defender, effort, max_nodes)
    if own is not None:
        return own
    if win_in_one(after, attacker, effort, max_nodes) is None:
        return after.placements()[0] if after.placements() else None
    for q in breakers(after, attacker, effort, max_nodes):
        m = Placement(q)
        if win_in_one(after.play(m), attacker, effort, max_nodes) is None:
            return m
    for res, j in jump_moves(after):
        if res.winner == defender or (res.winner is None and win_in_one(res, attacker, effort, max_nodes) is None):
            return j
    return None


def defences(after: Position, attacker: Side, effort: Effort, max_nodes: int = NODES) -> list[Move2D]:
    """Every defender's move in ``after`` (defender to move) that leaves the attacker no winning jump."""
    out: list[Move2D] = []
    threatened = win_in_one(after, attacker, effort, max_nodes) is not None
    places = [Placement(q) for q in breakers(after, attacker, effort, max_nodes)] if threatened \
        else after.placements()
    for m in places:
        if win_in_one(after.play(m), attacker, effort, max_nodes) is None:
            out.append(m)
    for res, j in jump_moves(after):
        if res.winner == attacker:
            continue
        if res.winner == other(attacker) or win_in_one(res, attacker, effort, max_nodes) is None:
            out.append(j)
    return out


def win_in_two_moves(pos: Position, effort: Effort, max_nodes: int = NODES) -> list[Move2D]:
    """Every move of the side to move after which every defence loses to a jump (no win in one assumed)."""
    me = pos.to_move
    out: list[Move2D] = []
    for after, m in all_moves(pos):
        if after.winner is not None:
            continue
        if win_in_one(after, me, effort, max_nodes) is None:
            continue  # no threat at all
        if refute_threat(after, me, effort, max_nodes) is None:
            out.append(m)
    return out


def best_defence(after: Position, attacker: Side, effort: Effort, max_nodes: int = NODES) -> Move2D:
    """The engine's reply in a lost position: the defence whose refutation costs the most search (ties: first).

    If the position is not lost, a surviving move (see :func:`refute_threat`).
    """
    saved = refute_threat(after, attacker, effort, max_nodes)
    if saved is not None:
        return saved
    best: tuple[int, Move2D] | None = None
    cands: list[tuple[Position, Move2D]] = [(after.play(Placement(q)), Placement(q))
                                           for q in breakers(after, attacker, effort, max_nodes)]
    cands += [(r, j) for r, j in jump_moves(after) if r.winner is None]
    for res, m in cands:
        e = Effort()
        win_in_one(res, attacker, e, max_nodes)
        if best is None or e.nodes > best[0]:
            best = (e.nodes, m)
    return best[1] if best else after.placements()[0]
