"""Pointer and key events on a board's canvas, turned into targets and key names: every page's one binder.

Browser glue (run in the page's worker).  What a click or a key *means* is the
page's (``phutball.moveentry.MoveEntry`` and the page's controller); this module
only finds the point under the pointer (the page's layout, as drawn), says
whether the touch is a finger on a small board (for the two-touch pick), follows
a drag of the ball onto a landing, and filters the keys a board answers.

Beside the canvas, the board's grid (:func:`show_grid`, issue 41): a table of cells a screen reader reads
and the keyboard walks (``lab/boardgrid.py`` computes it; ``host.js`` replays it). A click on a cell, or
Enter/Space on it, is a click on its point; the arrows, Home, End, PageUp and PageDown move the grid's
focus, and the board's cursor with it (``on_focus``); the other keys are the board's.

It also keeps the board drawn at the canvas' size (:func:`relayout_when_changed`):
a page's draw reads the canvas' box from the event's snapshot, taken before the
draw's own writes (a strip's canvas is lower than a 2D board's, style.css), so
when the board's shape changes the page is asked to draw once more.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from glue.remote import Event, document, el, emit, grid, on
from lab.boardgrid import Grid, ShownGrid
from lab.boardkeys import CURSOR_KEYS, grid_key, key_route

#: The window event that asks a page to draw its board again (``on(window, RELAYOUT, ...)``): host.js
#: dispatches it after the batch's other operations, so its handler reads the canvas' new box.
RELAYOUT = "phutball-relayout"
T = TypeVar("T")


def board_shape(variant: str, position: str) -> tuple[str, str]:
    """What a board canvas' CSS size follows: the variant (style.css: ``#board:not([data-variant="2D"])``,
    a strip's canvas is lower) and a 2D board's size (``9x9``; the play page fits the canvas to it)."""
    return variant, position.split("_", 1)[0] if variant == "2D" else ""


def relayout_when_changed(memo: dict[str, Any], shape: object) -> bool:
    """Call after a draw, with what the canvas' CSS size depends on (:func:`board_shape`, or more);
    True if it changed since the last call (``memo`` keeps it): the draw used the box of the
    event's snapshot, read before this draw set ``data-variant`` (or a style), so the page is
    asked to draw again at the canvas' new size (:data:`RELAYOUT` comes back on the window).

    Every page whose board changes shape calls it: without it, Next from the lesson's 9x9 step
    to its strip drew the strip for the square box, below a canvas now 10rem high (issue 39).
    Set the attributes and styles the size depends on before calling it (the event is
    dispatched after the operations queued before it)."""
    if memo.get("board-shape") == shape:
        return False
    memo["board-shape"] = shape
    emit(RELAYOUT)
    return True


def show_grid(view: ShownGrid, g: Grid, position: Any) -> None:
    """Show ``g`` (a board's grid, ``lab.boardgrid``) in its table: only what changed crosses to the page."""
    change = view.update(g, position)
    if change is not None:
        grid(view.table_id, change)


def bind_board(canvas: Any, layout: Callable[[], Any], on_target: Callable[[Any, float | None], None], *,
               on_key: Callable[[str, Any], bool] | None = None, keyboard: dict[str, bool] | None = None,
               on_drag: Callable[[Any], None] | None = None, two_touch: bool = False,
               enabled: Callable[[], bool] = lambda: True, grid_view: ShownGrid | None = None,
               on_focus: Callable[[Any], None] | None = None) -> None:
    """Listen to ``canvas``: ``on_target(target, touch_cell)`` for a primary-button press.

    ``layout()``: the board's layout as drawn (its ``hit(x, y)`` and ``cell``).
    ``touch_cell``: the size of a point, for a finger on a page with ``two_touch`` (else None).
    ``on_drag(target)``: the pointer was released on another point than it was pressed on.
    ``on_key(key, event)``: a key pressed on the page without Ctrl/Meta/Alt, outside form fields
    and not Enter/Space on a button (their own click); True if handled (the default is then prevented).
    ``keyboard["used"]``: True after a cursor key the board took, False after a press (the cursor is shown or not).
    ``enabled()``: False while the board takes no move (no board shown, the engine busy): presses are ignored.
    ``grid_view``: the board's grid; ``on_focus(target)``: its focus moved to ``target`` (a grid key, a Tab
    into it): the page moves its cursor there and draws (the canvas shows the cursor: the grid is not seen).
    A key on a cell is a key on the board (``on_key`` gets it with the canvas as its target).
    """
    pressed: dict[str, Any] = {"start": None}
    keys = _or(keyboard, {"used": False})

    def hit(event: Event) -> tuple[Any, float]:
        rect = canvas.getBoundingClientRect()
        lay = layout()
        return lay.hit(float(event.clientX - rect.left), float(event.clientY - rect.top)), float(lay.cell)

    def pointerdown(event: Event) -> None:
        if event.button == 0 and enabled():
            keys["used"] = False
            t, cell = hit(event)
            pressed["start"] = t
            on_target(t, _touch_cell(event, two_touch, cell))

    cell_key = _no_key if grid_view is None else bind_grid(grid_view, on_target, on_focus=on_focus, keyboard=keys,
                                                           enabled=enabled)
    take_key = _or(on_key, _no_key)

    def board_key(key: str, event: Event) -> None:
        if take_key(key, event):
            event.preventDefault()
            keys["used"] |= key in CURSOR_KEYS  # a cursor key the board took: its cursor is shown

    def cell_then_board(key: str, event: Event) -> None:
        if not cell_key(key, event):
            event.target = canvas  # the board's other keys (b, n, j, Escape, u ...), as on its canvas
            board_key(key, event)

    routes = {"cell": cell_then_board, "board": board_key, "": _no_key}

    def keydown(event: Event) -> None:
        t = event.target
        on_cell = grid_view is not None and t.getAttribute("data-point") is not None
        routes[key_route(str(event.key), str(t.tagName), on_cell=on_cell, on_board=t == canvas,
                         modified=event.modified())](str(event.key), event)

    on(canvas, "pointerdown", pointerdown)
    on(document, "keydown", keydown)
    if on_drag is not None:
        on(canvas, "pointerup", _released(pressed, hit, on_drag))


def _no_key(key: str, event: Event) -> bool:
    return False


def _touch_cell(event: Event, two_touch: bool, cell: float) -> float | None:
    """The size of a point for a finger on a page with the two-touch pick, else None."""
    return cell if two_touch and str(getattr(event, "pointerType", "")) == "touch" else None


def _or(value: T | None, default: T) -> T:
    """``value``, or ``default`` when the page gave none (its ``keyboard`` flags, its ``on_key``)."""
    return default if value is None else value


def _released(pressed: dict[str, Any], hit: Callable[[Event], tuple[Any, float]],
              on_drag: Callable[[Any], None]) -> Callable[[Event], None]:
    """The pointer released: ``on_drag(point)`` when on another point than the one it was pressed on."""

    def pointerup(event: Event) -> None:
        start, pressed["start"] = pressed["start"], None
        t = None if start is None else hit(event)[0]
        if t not in (None, start):
            on_drag(t)

    return pointerup


def bind_grid(view: ShownGrid, on_target: Callable[[Any, float | None], None], *,
              on_focus: Callable[[Any], None] | None = None, keyboard: dict[str, bool] | None = None,
              enabled: Callable[[], bool] = lambda: True) -> Callable[[str, Any], bool]:
    """Listen to a board's grid (the table ``view.table_id``): a click on a cell (a screen reader's too) is
    ``on_target(point, None)``, as a click on its point; the focus arriving on a cell (Tab) is
    ``on_focus(point)``. Returns the handler of a key pressed on a cell (the page's keydown calls it first):
    :data:`~lab.boardgrid.GRID_KEYS` move the focus (``on_focus``), Enter and Space act as a click; True if
    it took the key."""

    keys = _or(keyboard, {"used": False})  # the grid is not seen: the canvas shows its focus as the cursor

    def focus(t: Any) -> None:
        keys["used"] = True
        if on_focus is not None and t is not None:
            on_focus(t)

    def act(t: Any, key: str = "", point: Any = None) -> bool:
        keys["used"] = True
        on_target(t, None)  # as a click on the point (the entry's cursor goes there)
        return True

    def step(t: Any, key: str, point: Any) -> bool:
        focus(view.step(point, key))
        return True

    does: dict[str, Callable[[Any, str, Any], bool]] = {"step": step, "act": act, "": lambda t, key, point: False}

    def cell_key(key: str, event: Event) -> bool:
        point = event.target.getAttribute("data-point")
        t = view.target(point)
        if t is None or not enabled():
            return False
        return does[grid_key(key)](t, key, point)

    def cell_click(event: Event) -> None:
        t = view.target(event.target.getAttribute("data-point"))
        if t is not None and enabled():
            act(t)

    def cell_focus(event: Event) -> None:
        focus(view.arriving(event.target.getAttribute("data-point")))

    on(el(view.table_id), "click", cell_click)
    on(el(view.table_id), "focusin", cell_focus)
    return cell_key


def bind_move_field(preview: Callable[[str], tuple[bool, str]], play: Callable[[str], str]) -> None:
    """Every board's Move field (``site_pages.move_form``: ``#move-form``, ``#move-input``, ``#move-preview``):
    ``preview(text)``, (playable, words), is shown as the person types; Enter calls ``play(text)``, which
    enters the move through the page's :class:`~phutball.moveentry.MoveEntry` (``enter``) as a click does and
    answers "" when it was played (the field is emptied), else why not (shown under the field)."""
    field, words = el("move-input"), el("move-preview")

    def on_input(event: Any) -> None:
        words.textContent = preview(str(field.value))[1]

    def on_submit(event: Any) -> None:
        refusal = play(str(field.value))
        words.textContent = refusal
        if not refusal:
            field.value = ""

    on(field, "input", on_input)
    on(el("move-form"), "submit", on_submit)


__all__ = ["CURSOR_KEYS", "RELAYOUT", "bind_board", "bind_grid", "bind_move_field", "board_shape", "relayout_when_changed",
           "show_grid"]
