"""The keys of a focused board whose moves a :class:`~phutball.moveentry.MoveEntry` enters, on a page that
plays them on a game: the play page (:class:`lab.play.PlayController`) and the lesson
(:class:`lab.lessonboard.LessonBoard`) hold one (pure Python, unit-tested).

The arrows move the entry's cursor and say the point under it; Enter and Space act at the cursor through
the page's own click and finish (so the page's rules apply: the game is over, the computer's turn ...);
Escape cancels the jump; ``b n j l s`` are answered in the live region (:data:`lab.boardwords.COMMANDS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from phutball.moveentry import MoveEntry, Target
from lab.boardgrid import GRID_KEYS
from lab.boardwords import COMMANDS, point_words, tell


class KeyedBoard(Protocol):
    """What :class:`BoardKeys` needs of a page's board: the entry on the position shown, the live region's
    words, and the page's own click, finish and cancel."""

    entry: MoveEntry
    announcement: str

    @property
    def position(self) -> Any: ...

    def click(self, t: Target, touch_cell: float | None = None) -> None: ...

    def finish_chain(self) -> None: ...

    def cancel_chain(self) -> None: ...

    def last_move_words(self) -> str: ...


@dataclass(frozen=True)
class BoardKeys:
    """The keys of ``board`` (its entry must be on the position shown)."""

    board: KeyedBoard

    def press(self, name: str) -> bool:
        """A key press; True if it was handled (the entry's keys and the commands)."""
        board, entry = self.board, self.board.entry
        if name in ("Enter", " "):
            t = entry.act_at_cursor()
            board.finish_chain() if t is None else board.click(t)  # the page's rules: game over, computer's turn
            return True
        if name == "Escape":
            board.cancel_chain()
            return True
        if name in COMMANDS:
            self.tell(name)
            return True
        handled = entry.key(name)
        if handled and name.startswith("Arrow") and entry.cursor is not None:
            board.announcement = point_words(board.position, entry.cursor)  # the point under the cursor, said
        return handled

    def tell(self, command: str) -> str:
        """A board command's answer (:data:`lab.boardwords.COMMANDS`), said in the live region; returned too.
        The same answer asked twice is said twice (it differs by an invisible character)."""
        board = self.board
        text = tell(board.position, command, board.last_move_words())
        if text == board.announcement.rstrip("\u200b"):
            text = board.announcement + "\u200b" if not board.announcement.endswith("\u200b") else text
        board.announcement = text
        return text


#: The keys that move the board's cursor or act at it: pressing one shows the cursor.
CURSOR_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ")
#: The form fields whose keys are their own (typing a move, a position), never the board's.
FORM_FIELDS = ("INPUT", "TEXTAREA", "SELECT")


def key_route(key: str, tag: str, *, on_cell: bool, on_board: bool, modified: bool) -> str:
    """Who answers a key pressed on a page with a board (``glue/boardinput.py`` asks): ``"cell"`` (a cell of
    the board's grid, then the board), ``"board"``, or ``""``: nobody, for a key with Ctrl, Meta or Alt, in a
    form field, or Enter/Space on a button (its own click).  ``tag`` is the focused element's tag name."""
    if modified:
        return ""
    if on_cell:
        return "cell"
    own = (tag in FORM_FIELDS and not on_board) or (tag == "BUTTON" and key in ("Enter", " "))
    return "" if own else "board"


def grid_key(key: str) -> str:
    """What a key pressed on a cell of a board's grid does: ``"step"`` (move the focus,
    :data:`lab.boardgrid.GRID_KEYS`), ``"act"`` (Enter, Space: as a click on its point), or ``""`` (the board's)."""
    return "step" if key in GRID_KEYS else "act" if key in ("Enter", " ") else ""


__all__ = ["CURSOR_KEYS", "FORM_FIELDS", "BoardKeys", "KeyedBoard", "grid_key", "key_route"]
