"""Glue of the rules lesson (learn.html), run in the page's worker: events -> LearnController -> page.

Talks to the page only through ``glue/remote.py``; the lesson itself is ``lab/learn.py``, what the page
shows of it ``lab/learnpage.py``.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

from lab.views.diagram import layout_for, play_shapes
from lab.learn import STORAGE_KEY, LearnController
from lab.learnpage import learn_props
from glue.remote import Event, bind, draw as draw_shapes, el, ready, show, storage
from glue.boardinput import RELAYOUT, bind_board, bind_move_field, board_shape, relayout_when_changed, show_grid
from lab.boardgrid import ShownGrid, entry_grid

canvas = el("board")
ctl = LearnController()
state: dict[str, Any] = {}  # the board's shape last drawn (relayout_when_changed)
keyboard = {"used": False}  # a key moved the cursor: it is shown (a click hides it)
grid_view = ShownGrid("board-grid")  # the board as a grid, for screen readers and the keyboard
T = TypeVar("T")


def layout() -> Any:
    return layout_for(ctl.board.position, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)))


def render() -> None:
    v = ctl.view()
    b = v["board"]
    show(learn_props(v))  # first: the CSS height of a strip's canvas depends on its data-variant
    lay = layout()
    draw_shapes("board", play_shapes(ctl.board.position, b, lay.css_w, lay.css_h, show_cursor=keyboard["used"]))
    show_grid(grid_view, entry_grid(ctl.board.entry, last_move=b["last_move"]), ctl.board.position)
    storage.set_item(STORAGE_KEY, ctl.progress_json())
    relayout_when_changed(state, board_shape(b["variant"], b["position"]))  # a strip after a 2D step: again


def rendered(fn: Callable[..., T]) -> Callable[..., T]:
    """``fn`` (the lesson's answer to a click, a grid's focus, a typed move), then the page drawn again."""
    def handler(*args: Any) -> T:
        answer = fn(*args)
        render()
        return answer
    return handler


def on_key(key: str, event: Event) -> bool:
    took = ctl.board_key(key, event.target == canvas)
    if took:
        render()
    return took


def on_step(event: Event) -> None:
    if ctl.goto_step(event.target.getAttribute("data-step")):
        render()
        el(grid_view.table_id).focus()  # the board's grid: its focused cell (host.js)


def action(fn: Callable[[], Any]) -> Callable[[Event], None]:
    return rendered(lambda event: fn())


def start() -> None:
    ctl.start(storage)  # the stored progress; what cannot be read is set aside, said once
    bind_board(canvas, layout, rendered(ctl.click), on_key=on_key, keyboard=keyboard, grid_view=grid_view,
               on_focus=rendered(ctl.focus), two_touch=True)
    bind_move_field(ctl.preview_typed, rendered(ctl.typed))
    redraw = action(lambda: None)
    bind({("steps", "click"): on_step, ("end", "click"): on_step,  # the end: a step not done yet, named
          ("previous", "click"): action(ctl.previous), ("next", "click"): action(ctl.next),
          ("retry", "click"): action(ctl.retry), ("finish", "click"): action(ctl.finish_chain),
          ("window", "resize"): redraw, ("window", "phutball-theme"): redraw, ("window", RELAYOUT): redraw})
    render()
    ready()
