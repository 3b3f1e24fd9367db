"""Glue of the calculator page (calculator.html), run in the page's worker: events -> CalcController -> page.

It talks to the page only through ``glue/remote.py`` (the worker cannot touch the
DOM; ``host.js`` on the main thread applies what it sends).  Everything the page
shows comes from ``lab.calc.controller.CalcController.view()``; the strip is drawn by
``lab/views/board.py``'s shapes replayed by ``canvas.js``.  Short strips are solved at
once in the event's handler (a few milliseconds); longer ones and the explorer
run here too, as ``lab/calc/jobs.py`` jobs in slices (``glue/jobs.py``): between two
slices the worker answers the page (a click on the strip, Stop).
"""

from __future__ import annotations

from typing import Any

from glue.jobs import run_job
from glue.remote import (Event, bind, copy_text, el, forget, location_fragment, location_hash, location_href, ready,
                         set_hash, show, spawn)
from glue.remote import draw as draw_shapes
from glue.boardinput import bind_grid, show_grid
from lab.boardgrid import ShownGrid
from lab.calc import page
from lab.calc.controller import CalcController
from lab.calc.jobs import Explore, exact_job
from lab.jobs import Report, Slot, Slots, error_text
from lab.views.board import LayoutStrip

canvas = el("strip")
ctl = CalcController()      # replaced by the link's position in start()
keyboard = {"used": False}
grid_view = ShownGrid("strip-grid")  # the strip as a grid of squares, for screen readers and the keyboard
jobs = Slots()   # one exact solve per kind ("strip"/"oddish") at a time
explorer = Slots()   # the explorer's one run


# ---------------------------------------------------------------- drawing and rendering


def layout() -> LayoutStrip:
    return page.strip_layout(ctl.strip.n, float(el("strip-scroll").clientWidth), float(canvas.clientWidth),
                             float(canvas.clientHeight))


def draw() -> None:
    canvas.set_style("min-width", f"{page.strip_width(ctl.strip.n)}px")
    draw_shapes("strip", page.strip_picture(ctl, layout(), keyboard["used"]))
    show_grid(grid_view, page.strip_grid(ctl), ctl.strip)


def render() -> None:
    draw()
    show(page.page_props(ctl.view()))
    show(page.status_props(jobs.running()))
    if location_hash() != ctl.link_text():
        set_hash(ctl.link())


def changed() -> None:
    """After any change of position: show it, then get the exact values it needs."""
    ctl.solve_direct()
    render()
    ensure_exact()


# ---------------------------------------------------------------- exact values, in slices


def ensure_exact() -> None:
    for w in page.exact_wanted(ctl):
        cur = jobs.sharing(w["kind"], w["size"]) or start_exact(w["kind"], w["position"], w["size"])
        ctl.job_update(w["kind"], w["position"], "running", cur.text, cur.progress)
    show(page.status_props(jobs.running()))


def start_exact(kind: str, position: str, size: object) -> Slot:
    """A new solve of ``kind`` for ``position`` (the table being solved answers it right after otherwise)."""
    rec = jobs.replace(kind, position=position, size=size)
    spawn(run_exact(rec))
    return rec


async def run_exact(rec: Slot) -> None:
    """Solve ``rec``'s position in slices, showing progress between them; Stop sets ``rec.cancel``."""
    kind = rec.kind

    def report(r: Report) -> None:
        rec.report(r)
        page.take_report(ctl, rec, r)
        show(page.status_props(jobs.running()))

    try:
        await run_job(exact_job(kind, rec.position), report, lambda: rec.cancel)
    except Exception as e:  # a bug: report it on the page, never leave "Solving…" for ever
        import traceback
        traceback.print_exc()
        ctl.job_update(kind, rec.position, "error", error_text(e))
    finally:
        rec.done = True
        solved(rec)


def solved(rec: Slot) -> None:
    """A solve ended: the page shows its values, unless a newer solve replaced it."""
    if not jobs.is_current(rec):
        return
    if rec.cancel:
        show(page.status_props(jobs.running()))
    else:
        changed()  # the position may have changed meanwhile (same length: now instant)


def on_solve_stop(event: Event) -> None:
    for rec in jobs.cancel_all():
        ctl.job_update(rec.kind, rec.position, "stopped", page.STOPPED)
    render()


def on_exact_click(event: Event) -> None:
    if event.target.id == "solve-again":
        ctl.solve_again()
        changed()


# ---------------------------------------------------------------- the explorer


async def run_explore(n: int) -> None:
    rec = explorer.replace("explore", size=n)
    show(page.explorer_props(rec))

    def report(r: Report) -> None:
        rec.report(r)
        show(page.explorer_report(r, rec))

    try:
        await run_job(Explore(n), report, lambda: rec.cancel)
    finally:
        rec.done = True
        if explorer.is_current(rec):
            show(page.explorer_props(None))


def on_explore(event: Event) -> None:
    n = page.explore_length(str(el("explore-n").value))
    if n is None:
        show(page.not_a_length(str(el("explore-n").value)))
    else:
        spawn(run_explore(n))


def on_explore_stop(event: Event) -> None:
    if explorer.cancel_all():
        show(page.explorer_props(None))


def on_explore_click(event: Event) -> None:
    """A listed position: its link (a real ``#position`` anchor) adds a history entry; open it here."""
    pos = event.target.getAttribute("data-position")
    if pos:
        page.open_from_explorer(ctl, str(pos))
        changed()
        el("position-panel").scroll_into_view()
        el("strip-grid").focus()  # the strip's grid, at its one tab stop (host.js: a table's focus goes to that cell)


# ---------------------------------------------------------------- events


def on_submit(event: Event) -> None:
    side = "R" if el("side-right").checked else "L"
    ctl.load_text(str(el("position-input").value), side)
    forget(("position-input", "value"))   # show the position as read, even if it is unchanged
    changed()


def on_side(event: Event) -> None:
    if ctl.set_side(str(event.target.value)):
        changed()


def on_tool(event: Event) -> None:
    ctl.set_tool(str(event.target.value))
    render()


def on_pointerdown(event: Event) -> None:
    if event.button == 0:
        keyboard["used"] = False
        rect = canvas.getBoundingClientRect()   # the strip as it was shown when clicked
        lay = LayoutStrip(ctl.strip.n, rect.width, rect.height) if rect.width > 0 else layout()
        on_cell(lay.hit(float(event.clientX - rect.left), float(event.clientY - rect.top)), None)


def on_cell(square: int | None, touch_cell: float | None) -> None:
    """A square of the strip clicked, or Enter/Space on its grid's cell (None: beside the strip)."""
    if square is not None:
        ctl.click(square)
        changed()


def on_cell_focus(square: int) -> None:
    """The grid's focus moved: the cursor follows it."""
    ctl.cursor = square
    draw()


def on_key(event: Event) -> None:
    on_point = event.target.getAttribute("data-point") is not None
    KEYS[page.key_route(event.target.id, on_point, event.modified())](str(event.key), event)


def on_cell_key(key: str, event: Event) -> None:
    if not grid_keys["cell"](key, event):
        on_strip_key(key, event)


def on_strip_key(key: str, event: Event) -> None:
    keyboard["used"] |= page.shows_cursor(key)
    if ctl.key(key):
        changed()


grid_keys: dict[str, Any] = {}  # "cell": the grid's key handler (bind_grid), once bound
KEYS = {"cell": on_cell_key, "strip": on_strip_key, "": lambda key, event: None}


def on_blur(event: Event) -> None:
    keyboard["used"] = False
    draw()


def on_length(event: Event) -> None:
    ctl.set_length(str(el("length").value))
    forget(("length", "value"))
    changed()


def button(action: Any) -> Any:
    def handler(event: Event) -> None:
        action()
        changed()
    return handler


def on_copy_link(event: Event) -> None:
    url = location_href().split("#")[0] + "#" + ctl.link()
    copy_text(url)
    page.link_copied(ctl, url)
    render()


def on_hashchange(event: Event) -> None:
    if page.follow_link(ctl, location_fragment(), location_hash()):
        changed()


def on_resize(event: Event) -> None:
    draw()


def start() -> None:
    """Called by labboot once the engine is installed: the link's position, shown; then ready."""
    global ctl
    ctl = CalcController.from_link(location_fragment())
    grid_keys["cell"] = bind_grid(grid_view, on_cell, on_focus=on_cell_focus, keyboard=keyboard)
    bind({("position-form", "submit"): on_submit, ("side-left", "change"): on_side, ("side-right", "change"): on_side,
          ("tool-stone", "change"): on_tool, ("tool-ball", "change"): on_tool, ("strip", "pointerdown"): on_pointerdown,
          ("document", "keydown"): on_key,   # the document's, so keys pressed on the strip before ready are replayed
          ("strip", "blur"): on_blur, ("length", "change"): on_length,
          ("add-left", "click"): button(lambda: ctl.add_square("left")),
          ("remove-left", "click"): button(lambda: ctl.remove_square("left")),
          ("add-right", "click"): button(lambda: ctl.add_square("right")),
          ("remove-right", "click"): button(lambda: ctl.remove_square("right")),
          ("clear", "click"): button(ctl.clear_stones), ("mirror", "click"): button(ctl.mirror),
          ("copy-link", "click"): on_copy_link, ("solve-stop", "click"): on_solve_stop,
          ("exact-content", "click"): on_exact_click, ("explore-form", "submit"): on_explore,
          ("explore-stop", "click"): on_explore_stop, ("explore-results", "click"): on_explore_click,
          ("window", "hashchange"): on_hashchange, ("window", "resize"): on_resize,
          ("window", "phutball-theme"): on_resize})   # theme.js owns the #theme button and the system setting
    for id_ in ("position-input", "length"):   # read-only until the engine could read them
        el(id_).removeAttribute("readonly")
    changed()
    ready()
