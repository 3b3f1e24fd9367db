"""The trivial rules of the 2D puzzle filter: moves anyone would try first, without reading the board.

Engine side (no site imports).  A generated 2D puzzle that one of these rules solves is dropped
(``tools/make_2d_puzzles_deep.py``, ``tools/make_2d_puzzles_win3.py``): a rule solves a puzzle when
any of the moves it plays is a solution (:func:`rule_solves`).  The rules, in :data:`RULES` order:
jump greedily toward the goal, place a man next to the ball on the goal side, take the first jump
in sorted order, and (``defend``) place a man next to the ball.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..board import Position
from ..notation import Jump, Move2D, Placement, Point
from ..sides import Side

__all__ = ["RULES", "greedy_jump", "first_jump", "goal_side_placements", "neighbour_placements", "rule_moves",
           "rule_solves", "solving_rule"]

#: The trivial rules of the filter (name -> what it does), in the order they are tried.
RULES = {
    "greedy-jump": "jump as far toward the goal as possible, hop by hop",
    "goal-side-placement": "place a man next to the ball on the goal side",
    "first-jump": "take the first legal jump in sorted order (first landing at every hop)",
    "next-to-ball": "(defend) place a man next to the ball",
}


def _ahead(side: Side) -> int:
    """The row step toward ``side``'s goal: Ohs attack the high rows (+1), Eks the low ones (-1)."""
    return 1 if side == "O" else -1


def greedy_jump(pos: Position) -> Jump | None:
    """Rule: hop by hop, take the single jump landing furthest toward the goal (ties: sorted first);
    go on while the best hop still advances the ball.  None when the ball cannot jump."""
    d, h = _ahead(pos.to_move), pos.size.height
    path = [pos.ball]
    while True:
        lands = pos.landings(path)
        if not lands:
            break
        best = max(lands, key=lambda q: (d * q.row, -q.col))
        if len(path) > 1 and d * best.row <= d * path[-1].row:
            break
        path.append(best)
        if (best.row <= 1) if d < 0 else (best.row >= h):
            break  # on the goal line or beyond
    return Jump(tuple(path)) if len(path) > 1 else None


def first_jump(pos: Position) -> Jump | None:
    """Rule: the first jump path in sorted order taken to its end (the first landing at every hop)."""
    path = [pos.ball]
    while lands := pos.landings(path):
        path.append(lands[0])
    return Jump(tuple(path)) if len(path) > 1 else None


def goal_side_placements(pos: Position) -> list[Placement]:
    """Rule: the empty points next to the ball on the goal side (straight ahead first, then the diagonals)."""
    d, b = _ahead(pos.to_move), pos.ball
    pts = [Point(b.col, b.row + d), Point(b.col - 1, b.row + d), Point(b.col + 1, b.row + d)]
    return [Placement(p) for p in pts if pos.size.on_board(p) and p not in pos.men]


def neighbour_placements(pos: Position) -> list[Placement]:
    """Rule (defend): the empty points next to the ball, in sorted order."""
    b = pos.ball
    pts = [Point(b.col + dc, b.row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
    return sorted(Placement(p) for p in pts if pos.size.on_board(p) and p not in pos.men)


def rule_moves(pos: Position) -> dict[str, list[Move2D]]:
    """What each of the rules every task shares plays (a rule with several equally natural moves lists them all);
    a task adds its own (:meth:`phutball.puzzles.tasks.Task.rule_moves`: ``defend`` adds ``next-to-ball``)."""
    g, f = greedy_jump(pos), first_jump(pos)
    return {"greedy-jump": [g] if g else [], "goal-side-placement": list(goal_side_placements(pos)),
            "first-jump": [f] if f else []}


def rule_solves(pos: Position, moves: Mapping[str, Sequence[Move2D]], solutions: Iterable[Move2D]) -> dict[str, bool]:
    """For each trivial rule (``moves``: what each plays, :meth:`phutball.puzzles.tasks.Task.rule_moves`), whether
    it solves the puzzle (any of its moves is a solution)."""
    wanted = {pos.play(m) for m in solutions}
    return {name: any(pos.play(m) in wanted for m in played) for name, played in moves.items()}


def solving_rule(pos: Position, moves: Mapping[str, Sequence[Move2D]], solutions: Iterable[Move2D]) -> str | None:
    """The first trivial rule (in :data:`RULES` order) that solves the puzzle, or None."""
    return next((name for name, ok in rule_solves(pos, moves, solutions).items() if ok), None)
