"""The ``only-jump`` task (issue 40's proof that a board task is one class in one file): of the side to
move's jumps, exactly one scores -- find it.

The analysis lists every scoring jump (the win searches, exact: :func:`phutball.puzzles.search2d.all_winning_paths`);
the claim holds when there is exactly one and the main line plays it.  On the page, the jump is right
(a goal, :meth:`~phutball.puzzles.tasks.Task.judge_2d`) and any other move wrong, with the opponent's
winning jump as its refutation when there is one; the hint is the jump.
"""

from __future__ import annotations

from ..search2d import NODES, Effort, Undecided, all_winning_paths, win_in_one
from ..twod import TaskAnswer
from .base import Posed, Task
from ...board import Position
from ...notation import Move2D
from ...variant import Variant

__all__ = ["OnlyJump"]


class OnlyJump(Task):
    """Only one jump scores: find it (a board where other jumps tempt, and none of them reaches the goal)."""

    name = "only-jump"
    variants = (Variant.BOARD,)
    question = "{who} to play: only one jump scores. Find it."

    def analyse(self, pos: Position, max_nodes: int = NODES) -> TaskAnswer | None:
        """Every scoring jump of the side to move (None: there is none); ``extra["scoring_jumps"]``: how many."""
        e = Effort()
        if pos.is_over or win_in_one(pos, pos.to_move, e, max_nodes) is None:
            return None
        paths = all_winning_paths(pos, pos.to_move, e, max_nodes)
        return TaskAnswer(self.name, paths, paths[:1], e.nodes, {"scoring_jumps": len(paths)})

    def solution_key(self, pos: Position, move: Move2D | str) -> object:
        """A jump is its path: two paths to the goal are two scoring jumps."""
        return str(pos.parse_move(str(move)))

    def check_board(self, p: Posed, line: list[Position], max_nodes: int) -> list[str]:
        """Exactly one jump scores, and the main line is that jump."""
        pos = line[0]
        try:
            got = self.analyse(pos, max_nodes)
        except Undecided as e:
            return [f"cannot decide exactly: {e}"]
        if got is None:
            return ["no jump scores here"]
        problems = []
        if len(got.solutions) != 1:
            problems.append(f"{len(got.solutions)} jumps score, not exactly one: "
                            + ", ".join(str(j) for j in got.solutions[:5]))
        scoring = {self.solution_key(pos, j) for j in got.solutions}
        if len(p.main_line) != 1 or self.solution_key(pos, p.main_line[0]) not in scoring:
            problems.append("the main line is not a scoring jump")
        return problems
