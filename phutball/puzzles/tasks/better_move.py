"""The ``better-move`` task (issue 42, "learn from your mistakes"): a position from the reader's own game
where they blundered; find the engine's move instead.

Such a puzzle is never in a shipped file: the lab makes it from a game review's mark (the site's
``lab.mistakes``), and it carries its answer with it: :meth:`BetterMove.of` gives the task for one puzzle,
holding the engine's move, the move played in the game and the engine's refutation of it.  On the page a
move is right when it leaves the position the engine's move leaves (or scores); the move played in the
game is refuted by the line the review found; any other move by the engine's best reply
(:func:`phutball.ai.choose_move`).  The hint is the engine's move.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Posed, Task, Verdict, verdict
from ...board import Position
from ...errors import PhutballError
from ...notation import Move2D
from ...variant import Variant

__all__ = ["BetterMove"]

#: The search budget of the engine's reply to a move that is neither the answer nor the move played.
REPLY_NODES = 3000


class BetterMove(Task):
    """Find the better move in a position where you blundered (the answer: the engine's move)."""

    name = "better-move"
    variants = (Variant.BOARD,)
    needs = ("played", "refutation")
    question = "{who} to move: in your game you played a worse move here. Find the engine's better move."

    def __init__(self, answer: str = "", played: str = "", refutation: Sequence[str] = ()) -> None:
        self.answer, self.played, self.refutation = answer, played, tuple(refutation)

    @classmethod
    def of(cls, p: Posed) -> "BetterMove":
        """The task of puzzle ``p``: its main line's move is the answer; ``played`` and ``refutation`` are
        the game's move and the engine's line after it."""
        return cls(p.main_line[0], str(p.extra["played"]), [str(m) for m in p.extra["refutation"]])

    def check_board(self, p: Posed, line: list[Position], max_nodes: int) -> list[str]:
        """One move, the engine's, other than the move played in the game; the refutation follows the
        move played."""
        if len(p.main_line) != 1:
            return ["the main line is the engine's one move"]
        start = line[0]
        try:
            after = start.play(str(p.extra["played"]))
            for move in p.extra["refutation"]:
                after = after.play(str(move))
        except PhutballError as e:
            return [f"the game's move and its refutation: {e}"]
        return ["the engine's move is the move played"] if line[1] == start.play(str(p.extra["played"])) else []

    def judge_move(self, pos: Position, move: str, after: Position, threat: Move2D | None, e: object,
                   max_nodes: int) -> Verdict:
        """Right if ``move`` leaves what the engine's move leaves; the game's move gets the review's
        refutation, another move the engine's reply."""
        if self.answer and after == pos.play(self.answer):
            return verdict(True, True, f"That is the engine's move, better than {self.played}.")
        if self.played and after == pos.play(self.played):
            return verdict(False, False, "That is the move you played in the game.", self.refutation)
        from ...ai import choose_move  # the search, only for a move neither the answer nor the game's
        reply = threat or choose_move(after, max_nodes=REPLY_NODES, seed=0)
        return verdict(False, False, "The engine found a better move than that.", [reply])

    def hint_2d(self, position: str, main_line: Sequence[str], ply: int) -> str | None:
        """The engine's move."""
        return self.answer or (main_line[0] if main_line else None)
