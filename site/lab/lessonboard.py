"""The lesson's board (learn.html): a game from a step's position, its moves entered with a
:class:`~phutball.moveentry.MoveEntry` as on every page (clicks, jump chains, typed moves) and its keys a
:class:`~lab.boardkeys.BoardKeys` (the keyboard cursor, the live region's words), as the play page's are.

Pure Python, unit-tested without a browser (tests/test_learnctl.py).  The lesson
(:class:`lab.learn.LearnController`) judges each move played here, and sets the board's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phutball.errors import PhutballError
from phutball.game import Game, parse_any_position
from phutball.moveentry import EnteredMove, MoveEntry, MoveEntryView, Target
from phutball.notation import Jump, StripJump
from phutball.variant import Variant
from lab.boardkeys import BoardKeys
from lab.boardwords import last_move_targets, last_move_words, move_words, typed_preview
from lab.playwords import to_move_text, won_text


class LessonBoardView(MoveEntryView):
    """What :meth:`LessonBoard.view` returns: what the page draws (``lab.views.diagram.play_shapes``) and says:
    the entry's view, with the board's own message and error."""

    variant: str
    position: str
    status: str
    announcement: str
    hint: Target | None        # none in a lesson (play_shapes draws a hint when there is one)
    hint_path: list[Target]
    last_move: list[Target]


@dataclass
class LessonBoard:
    """A step's board: its game (the step's position, then the move played) and the move being entered."""

    game: Game
    entry: MoveEntry
    message: str = ""
    error: str = ""
    announcement: str = ""

    @classmethod
    def new(cls, position: str) -> "LessonBoard":
        start = parse_any_position(position)
        assert start.variant is not Variant.ODDISH, "an Oddish board is not a lesson's"
        return cls(Game(start), MoveEntry(start, cursor=start.ball))

    @property
    def position(self) -> Any:
        """The position shown (the entry is kept on it)."""
        return self.entry.position

    # ------------------------------------------------------------ input

    def click(self, t: Target, touch_cell: float | None = None) -> None:
        """A click or tap on a point (square); ``touch_cell``: a finger's, the size of a point on screen."""
        self.message = self.error = ""
        if self.entry.in_bounds(t):
            self.entry.click(t, touch_cell=touch_cell)
            self._after_entry()

    def key(self, name: str) -> bool:
        return BoardKeys(self, self).press(name)

    def finish_chain(self) -> None:
        self.entry.finish()
        self._after_entry()

    def cancel_chain(self) -> None:
        if self.entry.chain:
            self.entry.cancel()
            self.message = self.entry.message

    def preview_typed(self, text: str) -> tuple[bool, str]:
        """What a move typed in the notation will do, before it is played: (playable, words)."""
        return typed_preview(self.position, text)

    def play_typed(self, text: str) -> bool:
        """Play a typed move through the entry (:meth:`MoveEntry.enter`), as a click's; False (``error`` set)
        if it cannot be played."""
        self.message = self.error = ""
        ok, words = self.preview_typed(text)
        if not ok:
            self.error = words or "Type a move: a point (H11) or a jump (H10-H12)."
            return False
        self.entry.enter(text)
        return self._after_entry()

    def _after_entry(self) -> bool:
        """Show the entry's feedback; play the move it completed, if any (True if one was played)."""
        self.message, self.error = self.entry.message, self.entry.error
        move = self.entry.take_move()
        return move is not None and self._play(move)

    def _play(self, move: EnteredMove) -> bool:
        before = self.position
        try:
            after = self.game.push(move)
        except PhutballError as e:
            self.error = str(e)
            return False
        self.announcement = f"{move_words(before, move, before.to_move, after)} {self.status()}"
        if isinstance(move, (Jump, StripJump)) and after.variant is not Variant.ODDISH:
            self.entry.cursor = after.ball
        self.entry.reset(after)
        return True

    # ------------------------------------------------------------ what the page shows

    def status(self) -> str:
        """The status line, as the play page's between two players ("Ohs to move (attacking the top).",
        "Ohs won in 1 move!"); a step's one move cannot draw."""
        pos = self.position
        return won_text(pos.winner, self.game.cursor) if pos.winner else to_move_text(pos.to_move)

    def last_move_words(self) -> str:
        return last_move_words(self.game)

    def view(self) -> LessonBoardView:
        pos = self.position
        return {**self.entry.view(), "message": self.message, "error": self.error,
                "variant": pos.variant, "position": str(pos), "status": self.status(),
                "announcement": self.announcement, "hint": None, "hint_path": [],
                "last_move": [] if self.entry.chain else last_move_targets(self.game)}


__all__ = ["LessonBoard", "LessonBoardView"]
