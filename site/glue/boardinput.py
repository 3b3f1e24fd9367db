"""Pointer and key events on a board's canvas, turned into targets and key names: every page's one binder.

Browser glue (run in the page's worker).  What a click or a key *means* is the page's (``phutball.moveentry.
MoveEntry`` and the page's controller); this module only reads the events: the point under the pointer (the
page's layout, as drawn), the key and where it was pressed.  What a press, a release (a drag of the ball onto
a landing) and a key do on the board is :class:`lab.boardkeys.BoardInput`'s, who answers a key
:func:`lab.boardkeys.key_route`'s.

Beside the canvas, the board's grid (:func:`show_grid`, issue 41): a table of cells a screen reader reads
and the keyboard walks (``lab/boardgrid.py`` computes it; ``host.js`` replays it). A click on a cell, or
Enter/Space on it, is a click on its point; the arrows, Home, End, PageUp and PageDown move the grid's
focus, and the board's cursor with it (``on_focus``); the other keys are the board's.

It also keeps the board drawn at the canvas' size (:func:`relayout_when_changed`): a page's draw reads the
canvas' box from the event's snapshot, taken before the draw's own writes (a strip's canvas is lower than a
2D board's, style.css), so when the board's shape changes the page is asked to draw once more.
"""

from __future__ import annotations

from typing import Any, Callable

from glue.remote import Event, document, el, emit, forget, grid, on, show
from lab.boardgrid import Grid, ShownGrid
from lab.boardkeys import CURSOR_KEYS, MOVE_FIELD, BoardInput, board_shape, key_route, move_field_props, shape_changed

#: The window event that asks a page to draw its board again (``on(window, RELAYOUT, ...)``): host.js
#: dispatches it after the batch's other operations, so its handler reads the canvas' new box.
RELAYOUT = "phutball-relayout"


def relayout_when_changed(memo: dict[str, Any], shape: object) -> bool:
    """Call after a draw, with what the canvas' CSS size depends on (:func:`board_shape`, or more): True when it
    changed since the last call (``memo`` keeps it, :func:`lab.boardkeys.shape_changed`), and the page is then
    asked to draw again at the canvas' new size (:data:`RELAYOUT`).  Set the attributes and styles the size
    depends on before calling it (the event is dispatched after the operations queued before it)."""
    changed = shape_changed(memo, shape)
    if changed:
        emit(RELAYOUT)
    return changed


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
    state = BoardInput.of(keyboard, on_target, on_key=on_key, on_drag=on_drag, two_touch=two_touch)
    cell_key = _no_key if grid_view is None else bind_grid(grid_view, on_target, on_focus=on_focus,
                                                           keyboard=state.keyboard, enabled=enabled)

    def hit(event: Event) -> tuple[Any, float]:
        rect = canvas.getBoundingClientRect()
        lay = layout()
        return lay.hit(float(event.clientX - rect.left), float(event.clientY - rect.top)), float(lay.cell)

    def pointerdown(event: Event) -> None:
        if event.button == 0 and enabled():
            state.press(*hit(event), str(getattr(event, "pointerType", "")))

    def keydown(event: Event) -> None:
        t, key = event.target, str(event.key)
        on_cell = grid_view is not None and t.getAttribute("data-point") is not None
        route = key_route(key, str(t.tagName), on_cell=on_cell, on_board=t == canvas, modified=event.modified())
        state.key(key, route, event, cell_key, canvas)

    on(canvas, "pointerdown", pointerdown)
    on(document, "keydown", keydown)
    if on_drag is not None:
        on(canvas, "pointerup", lambda event: state.release(hit(event)[0]))


def _no_key(key: str, event: Event) -> bool:
    return False


def bind_grid(view: ShownGrid, on_target: Callable[[Any, float | None], None], *,
              on_focus: Callable[[Any], None] | None = None, keyboard: dict[str, bool] | None = None,
              enabled: Callable[[], bool] = lambda: True) -> Callable[[str, Any], bool]:
    """Listen to a board's grid (the table ``view.table_id``): a click on a cell (a screen reader's too) is
    ``on_target(point, None)``, as a click on its point; the focus arriving on a cell (Tab) is
    ``on_focus(point)``. Returns the handler of a key pressed on a cell (the page's keydown calls it first):
    :data:`~lab.boardgrid.GRID_KEYS` move the focus (``on_focus``), Enter and Space act as a click; True if
    it took the key (:class:`lab.boardkeys.BoardInput` decides)."""
    state = BoardInput.of(keyboard, on_target, on_focus=on_focus)

    def point(event: Event) -> Any:
        return event.target.getAttribute("data-point")

    on(el(view.table_id), "click", lambda event: state.cell_click(view, point(event), enabled()))
    on(el(view.table_id), "focusin", lambda event: state.arriving(view, point(event)))
    return lambda key, event: state.cell_key(view, point(event), key, enabled())


def bind_move_field(preview: Callable[[str], tuple[bool, str]], play: Callable[[str], str]) -> None:
    """Every board's Move field (``site_pages.move_form``: ``#move-form``, ``#move-input``, ``#move-preview``):
    ``preview(text)``, (playable, words), is shown as the person types; Enter calls ``play(text)``, which
    enters the move through the page's :class:`~phutball.moveentry.MoveEntry` (``enter``) as a click does and
    answers "" when it was played (the field is emptied), else why not (shown under the field)."""
    field = el("move-input")

    def on_submit(event: Any) -> None:
        forget(MOVE_FIELD)  # the person typed in it since it was emptied
        show(move_field_props(play(str(field.value))))

    on(field, "input", lambda event: show(move_field_props(preview(str(field.value))[1], typing=True)))
    on(el("move-form"), "submit", on_submit)


__all__ = ["CURSOR_KEYS", "RELAYOUT", "bind_board", "bind_grid", "bind_move_field", "board_shape", "relayout_when_changed",
           "show_grid"]
