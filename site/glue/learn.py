"""Glue of the rules lesson (learn.html), run in the page's worker: events -> LearnController -> page.

Talks to the page only through ``glue/remote.py``; the lesson itself is ``lab/learn.py``.
"""

from __future__ import annotations

from lab.views.diagram import layout_for, play_shapes
from lab.views.markup import lesson_end_html, steps_html
from lab.learn import STORAGE_KEY, LearnController
from glue.remote import draw as draw_shapes, el, on, ready, storage, window
from glue.boardinput import RELAYOUT, bind_board, bind_move_field, board_shape, relayout_when_changed, show_grid
from lab.boardgrid import ShownGrid, entry_grid

canvas = el("board")
ctl = LearnController()
state = {"steps_html": None, "end_html": None, "live": ""}
keyboard = {"used": False}  # a key moved the cursor: it is shown (a click hides it)
grid_view = ShownGrid("board-grid")  # the board as a grid, for screen readers and the keyboard


def layout():
    return layout_for(ctl.board.position, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)))


def render() -> None:
    v = ctl.view()
    b = v["board"]
    canvas.setAttribute("data-variant", b["variant"])  # first: the CSS height of a strip's canvas depends on it
    canvas.setAttribute("data-position", b["position"])
    canvas.setAttribute("data-step", str(v["index"]))
    lay = layout()
    draw_shapes("board", play_shapes(ctl.board.position, b, lay.css_w, lay.css_h, show_cursor=keyboard["used"]))
    show_grid(grid_view, entry_grid(ctl.board.entry, last_move=b["last_move"]), ctl.board.position)
    el("step-count").textContent = f"Step {v['index'] + 1} of {v['count']}"
    el("step-title").textContent = v["title"]
    el("step-rule").textContent = v["rule"]
    el("step-task").textContent = v["task"]
    el("status").textContent = b["status"]
    fb = el("feedback")
    fb.textContent = v["feedback"] or b["error"] or b["message"]
    fb.className = "feedback" + (" ok" if v["ok"] else " wrong" if v["feedback"] else "")
    el("lesson").setAttribute("data-done", "yes" if v["ok"] else "no")
    el("finish").disabled = not b["can_finish"]
    el("previous").disabled = v["index"] == 0
    el("next").disabled = v["index"] == v["count"] - 1
    el("next").className = "primary" if v["ok"] and v["index"] < v["count"] - 1 else ""  # the last: the end instead
    html = steps_html(v["steps"])
    if html != state["steps_html"]:
        state["steps_html"] = html
        el("steps").innerHTML = html
    el("end").hidden = not v["at_end"]
    end = lesson_end_html(v["steps"])
    if end != state["end_html"]:
        state["end_html"] = end
        el("end-status").innerHTML = end
        el("end-status").className = "feedback" + (" ok" if v["all_done"] else "")
    if b["announcement"] and b["announcement"] != state["live"]:
        state["live"] = b["announcement"]
        el("live").textContent = b["announcement"]
    storage.set_item(STORAGE_KEY, ctl.progress_json())
    relayout_when_changed(state, board_shape(b["variant"], b["position"]))  # a strip after a 2D step: again


def on_target(t, touch_cell) -> None:
    ctl.click(t, touch_cell)
    render()


def on_key(key: str, event) -> bool:
    if event.target != canvas or not ctl.key(key):
        return False
    render()
    return True


def on_focus(t) -> None:
    """The grid's focus moved: the board's cursor follows it (drawn on the canvas)."""
    ctl.board.entry.cursor = t
    render()


def play_typed(text: str) -> str:
    played = ctl.play_typed(text)
    render()
    return "" if played else ctl.board.error or ctl.feedback


def on_step(event) -> None:
    step = event.target.getAttribute("data-step")
    if step is not None:
        ctl.goto(int(step))
        render()
        el(grid_view.table_id).focus()  # the board's grid: its focused cell (host.js)


def action(fn):
    def handler(event) -> None:
        fn()
        render()
    return handler


def start() -> None:
    ctl.start(storage)  # the stored progress; what cannot be read is set aside, said once
    bind_board(canvas, layout, on_target, on_key=on_key, keyboard=keyboard, grid_view=grid_view, on_focus=on_focus,
               two_touch=True)
    bind_move_field(ctl.preview_typed, play_typed)
    on(el("steps"), "click", on_step)
    on(el("end"), "click", on_step)  # a step not done yet, named at the end
    on(el("previous"), "click", action(ctl.previous))
    on(el("next"), "click", action(ctl.next))
    on(el("retry"), "click", action(ctl.retry))
    on(el("finish"), "click", action(ctl.finish_chain))
    on(window, "resize", action(lambda: None))
    on(window, "phutball-theme", action(lambda: None))
    on(window, RELAYOUT, action(lambda: None))
    render()
    ready()
