"""The 2D puzzles' shared machinery: the engine's answer for a task (:class:`TaskAnswer`), a win's main line
checked (:func:`check_win_line`), the engine's defence and the hint on the puzzle page.

Engine side (no site imports).  What each 2D task asks, its exact analysis, its claim check and its
judge are its class's (:mod:`phutball.puzzles.tasks.board`, :mod:`phutball.puzzles.tasks.wins`: issue 40
moved them there from this module's switches on the task's name).

The searches are in their own modules, each saying why it is exact:
:mod:`~phutball.puzzles.search2d` (a winning jump, its defences, a win in two),
:mod:`~phutball.puzzles.three2d` (a win in three, by proofs with footprints) and
:mod:`~phutball.puzzles.rules2d` (the trivial rules of the filter).  Their names are
importable from here too, as they were when this module held them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any

from ..board import Position
from ..errors import PhutballError
from ..sides import other
from ..notation import Move2D
from .rules2d import (RULES, first_jump, goal_side_placements, greedy_jump, neighbour_placements, rule_moves,
                      rule_solves, solving_rule)
from .search2d import (LIST_LIMIT, NODES, Effort, Undecided, all_moves, all_winning_paths, best_defence,
                       breakers, defences, jump_moves, loses_at_once, refute_threat, win_in_one, win_in_two_moves)
from .three2d import DeepSearch, jump_zone, win_in_three_moves, win_within_two

__all__ = [
    # this module's own
    "counted", "TaskAnswer", "check_win_line", "respond", "hint",
    # re-exported (they were defined here before issue 40 split the module)
    "RULES", "first_jump", "goal_side_placements", "greedy_jump", "neighbour_placements", "rule_moves", "rule_solves",
    "solving_rule", "LIST_LIMIT", "NODES", "Effort", "Undecided", "all_moves", "all_winning_paths", "breakers",
    "best_defence", "defences", "jump_moves", "loses_at_once", "refute_threat", "win_in_two_moves", "jump_zone",
    "win_in_three_moves", "win_within_two",
]


def counted(n: int, one: str, many: str) -> str:
    """``n`` and the words that go with it, as a puzzle's text says it: ``counted(1, "move is", "moves are")``
    is ``"1 move is"`` (never the makers' "1 move(s)")."""
    return f"{n} {one if n == 1 else many}"


# ---------------------------------------------------------------- analysis of a task


@dataclass(frozen=True)
class TaskAnswer:
    """The engine's complete answer for one task in one position."""

    task: str                       # the task's name
    solutions: tuple[Move2D, ...]
    main_line: tuple[Move2D, ...]
    nodes: int
    extra: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


# ---------------------------------------------------------------- checking a puzzle's claim


def check_win_line(pos: Position, main_line: Sequence[str], plies: int, max_nodes: int = NODES) -> list[str]:
    """Problems with a win in two (``plies`` 3) or three (``plies`` 5) main line: its length, legality and
    goal, and (win in three) that its third move still wins in two after the line's defence."""
    if len(main_line) != plies:
        return ["main line must be the move, the defence and the winning jump" if plies == 3 else
                "main line must be five plies: move, defence, threat, defence, winning jump"]
    try:
        line = [pos]
        for m in main_line:
            line.append(line[-1].play(m))
    except PhutballError as e:
        return [f"main line: {e}"]
    problems = []
    if line[-1].winner != pos.to_move or any(p.winner for p in line[:-1]):
        problems.append("main line does not end with the winning jump")
    if plies == 5:
        try:
            if win_in_one(line[3], pos.to_move, Effort(), max_nodes) is None \
                    or refute_threat(line[3], pos.to_move, Effort(), max_nodes) is not None:
                problems.append(f"main line move {main_line[2]} is not a threat that no defence stops")
        except Undecided as e:
            problems.append(f"cannot decide exactly: {e}")
    return problems


# ---------------------------------------------------------------- judging a move on the puzzle page


def respond(position: str, max_nodes: int = 200_000) -> str | None:
    """The engine's defence on the puzzle page: a winning jump if it has one, else the stubbornest
    defence -- against the opponent's next jump when every defence loses to one (:func:`best_defence`),
    else against a win in one or two (after the first move of a win in three)."""
    pos = Position.from_str(position)
    if pos.is_over:
        return None
    attacker, e = other(pos.to_move), Effort()
    try:
        if refute_threat(pos, attacker, e, max_nodes) is None:
            return str(best_defence(pos, attacker, e, max_nodes))
        return str(DeepSearch(e, max_nodes).stubborn3(pos, attacker))
    except Undecided:
        return None


def hint(position: str, main_line: Sequence[str], ply: int) -> str | None:
    """A hint move: a winning jump when there is one; from the second move on (a win in three), a
    win-in-two move; else the main line's move at ``ply``."""
    pos = Position.from_str(position)
    w = pos.find_winning_jump(max_nodes=200_000)
    if w.jump is not None:
        return str(w.jump)
    if ply >= 2:
        try:
            two = win_within_two(pos, Effort(), 200_000)
        except Undecided:
            two = None
        if two is not None:
            return str(two)
    return main_line[ply] if ply < len(main_line) else None
