"""The keys of a focused board whose moves a :class:`~phutball.moveentry.MoveEntry` enters, on a page that
plays them on a game: the play page (:class:`lab.play.PlayController`) and the lesson
(:class:`lab.lessonboard.LessonBoard`) hold one (pure Python, unit-tested).

The arrows move the entry's cursor and say the point under it; Enter and Space act at the cursor through
the page's own click and finish (so the page's rules apply: the game is over, the computer's turn ...);
Escape cancels the jump; ``b n j l s`` are answered in the live region (:data:`lab.boardwords.COMMANDS`).

Every board's binder (``glue/boardinput.py``) asks :func:`key_route` who answers a key, and keeps what it
needs between the page's events in a :class:`BoardInput` (the cursor shown or not, the point a press began
on), which also decides what a press, a release and a key on the board's grid do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from phutball.moveentry import MoveEntry, Target
from lab.boardgrid import GRID_KEYS, ShownGrid
from lab.pageprops import Props
from lab.boardwords import COMMANDS, point_words, tell


class ShownBoard(Protocol):
    """What :class:`BoardKeys` reads and writes of the board shown: the entry on the position shown (and
    cancelling its jump), and the live region's words."""

    entry: MoveEntry
    announcement: str

    @property
    def position(self) -> Any: ...

    def cancel_chain(self) -> None: ...


class KeyedBoard(Protocol):
    """What :class:`BoardKeys` asks of a page's board: its own click and finish (so the page's rules apply),
    and the last move in words."""

    def click(self, t: Target, touch_cell: float | None = None) -> None: ...

    def finish_chain(self) -> None: ...

    def last_move_words(self) -> str: ...


@dataclass(frozen=True)
class BoardKeys:
    """The keys of ``board``, a page's board, drawn from ``shown`` (its entry must be on the position shown):
    one object on a lesson, the play page's state on the play page."""

    board: KeyedBoard
    shown: ShownBoard

    def press(self, name: str) -> bool:
        """A key press; True if it was handled (the entry's keys and the commands)."""
        board, shown, entry = self.board, self.shown, self.shown.entry
        if name in ("Enter", " "):
            t = entry.act_at_cursor()
            board.finish_chain() if t is None else board.click(t)  # the page's rules: game over, computer's turn
            return True
        if name == "Escape":
            shown.cancel_chain()
            return True
        if name in COMMANDS:
            self.tell(name)
            return True
        handled = entry.key(name)
        if handled and name.startswith("Arrow") and entry.cursor is not None:
            shown.announcement = point_words(shown.position, entry.cursor)  # the point under the cursor, said
        return handled

    def tell(self, command: str) -> str:
        """A board command's answer (:data:`lab.boardwords.COMMANDS`), said in the live region; returned too.
        The same answer asked twice is said twice (it differs by an invisible character)."""
        shown = self.shown
        text = tell(shown.position, command, self.board.last_move_words())
        if text == shown.announcement.rstrip("\u200b"):
            text = shown.announcement + "\u200b" if not shown.announcement.endswith("\u200b") else text
        shown.announcement = text
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


def board_shape(variant: str, position: str) -> tuple[str, str]:
    """What a board canvas' CSS size follows: the variant (style.css: ``#board:not([data-variant="2D"])``,
    a strip's canvas is lower) and a 2D board's size (``9x9``; the play page fits the canvas to it)."""
    return variant, position.split("_", 1)[0] if variant == "2D" else ""


def shape_changed(memo: dict[str, Any], shape: object) -> bool:
    """Whether ``shape``, what a board canvas' CSS size depends on (:func:`board_shape`, or more), changed since
    the last call (``memo`` keeps it).  A page's draw uses the canvas' box from the event's snapshot, read
    before this draw set ``data-variant`` (or a style): when the shape changed, the page is asked to draw again
    at the canvas' new size (``glue/boardinput.py``: ``relayout_when_changed``).  Every page whose board changes
    shape asks: without it, Next from the lesson's 9x9 step to its strip drew the strip for the square box,
    below a canvas now 10rem high (issue 39)."""
    if memo.get("board-shape") == shape:
        return False
    memo["board-shape"] = shape
    return True


@dataclass
class BoardInput:
    """What a board's presses, releases and keys do (every page's binder, ``glue/boardinput.py``, reads the
    events and asks): the page's callbacks are called, ``on_target(point, touch_cell)`` for a press or a click
    on a cell of the board's grid, ``on_drag(point)`` for the ball dragged onto another point, ``on_key(key,
    event)`` for a key the board may answer (True: taken), ``on_focus(point)`` for the grid's focus moved.
    It keeps the page's ``keyboard`` flags (``used``: a key moved the cursor, so the canvas shows it; a press
    hides it), whether a finger picks first on this page (``two_touch``, WCAG 2.5.8) and the point a press
    began on (``start``)."""

    keyboard: dict[str, bool]
    on_target: Callable[[Any, float | None], None]
    on_key: Callable[[str, Any], bool] | None = None
    on_drag: Callable[[Any], None] | None = None
    on_focus: Callable[[Any], None] | None = None
    two_touch: bool = False
    start: Any = None

    @classmethod
    def of(cls, keyboard: dict[str, bool] | None, on_target: Callable[[Any, float | None], None], *,
           on_key: Callable[[str, Any], bool] | None = None, on_drag: Callable[[Any], None] | None = None,
           on_focus: Callable[[Any], None] | None = None, two_touch: bool = False) -> BoardInput:
        """The input of a page's board, with the page's ``keyboard`` flags (None: its own) and callbacks."""
        return cls({"used": False} if keyboard is None else keyboard, on_target, on_key, on_drag, on_focus, two_touch)

    def press(self, t: Any, cell: float, pointer_type: str) -> None:
        """A primary-button press on ``t`` (``cell``: the size of a point): the cursor hidden; the page's
        ``touch_cell`` is the size of a point for a finger on a page with the two-touch pick, else None."""
        self.keyboard["used"] = False
        self.start = t
        self.on_target(t, cell if self.two_touch and pointer_type == "touch" else None)

    def release(self, t: Any) -> None:
        """The pointer released on ``t`` (None: on no point): the ball dragged there when it was pressed on
        another point."""
        start, self.start = self.start, None
        if start is not None and t not in (None, start) and self.on_drag is not None:
            self.on_drag(t)

    def key(self, key: str, route: str, event: Any, cell_key: Callable[[str, Any], bool], canvas: Any) -> None:
        """A key pressed on the page, routed by :func:`key_route`: on a cell, the grid's (``cell_key``) first,
        else the board's as on its ``canvas`` (``event.target``: b, n, j, Escape, u ...); a cursor key the
        board took shows the cursor (the page's browser default is prevented by host.js)."""
        if not route or (route == "cell" and cell_key(key, event)):
            return
        if route == "cell":
            event.target = canvas
        taken = self.on_key is not None and self.on_key(key, event)
        self.keyboard["used"] |= taken and key in CURSOR_KEYS

    def cell_key(self, view: ShownGrid, point: object, key: str, enabled: bool) -> bool:
        """``key`` pressed on the grid's cell ``point``: the focus moved (:data:`GRID_KEYS`, ``on_focus``; at an
        edge it stays), or Enter and Space as a click on its point; whether the grid took it (not: not a cell,
        not a grid key, the board takes no move). The grid is not seen: the canvas shows its focus as the
        cursor."""
        t = view.target(point)
        what = grid_key(key) if t is not None and enabled else ""
        if what == "act":
            self.cell_click(view, point, enabled)
        elif what == "step":
            self.keyboard["used"] = True
            self.focus(view.step(point, key))
        return bool(what)

    def cell_click(self, view: ShownGrid, point: object, enabled: bool) -> None:
        """A click on the grid's cell ``point`` (a screen reader's too): as a click on its point (nothing when
        it is not a cell or the board takes no move)."""
        t = view.target(point)
        if t is not None and enabled:
            self.keyboard["used"] = True
            self.on_target(t, None)

    def arriving(self, view: ShownGrid, point: object) -> None:
        """The focus arrived on the cell ``point`` (Tab, a click): the cursor goes there, unless it is not a cell
        or the grid moved its focus there itself (:meth:`lab.boardgrid.ShownGrid.arriving`)."""
        self.keyboard["used"] = True
        self.focus(view.arriving(point))

    def focus(self, t: Any) -> None:
        if t is not None and self.on_focus is not None:
            self.on_focus(t)


#: The Move field's text (the person types it: :func:`move_field_props` empties it again once played).
MOVE_FIELD = ("move-input", "value")


def move_field_props(words: str, typing: bool = False) -> Props:
    """Every board's Move field: under it, ``words``, what the text typed would play (``typing``) or why Enter
    did not play it; the field emptied when Enter played it (no words)."""
    return {("move-preview", "textContent"): words, **({} if typing or words else {MOVE_FIELD: ""})}


__all__ = ["CURSOR_KEYS", "FORM_FIELDS", "BoardInput", "BoardKeys", "KeyedBoard", "MOVE_FIELD", "ShownBoard",
           "board_shape", "grid_key", "key_route", "move_field_props", "shape_changed"]
