"""Glue of the calculator page (calculator.html), run in the page's worker: events -> CalcPage -> page.

It talks to the page only through ``glue/remote.py``.  What each event does, and what the page shows
then, is ``lab.calc.page.CalcPage``'s (unit-tested): its answer names what to show again (:data:`REDRAW`).
The strip is drawn by ``lab/views/board.py``'s shapes replayed by ``canvas.js``.  Short strips are solved
at once in the event's handler (a few milliseconds); longer ones and the explorer run here too, as
``lab/calc/jobs.py`` jobs in slices (``glue/jobs.py``): between two slices the worker answers the page
(a click on the strip, Stop).
"""
from __future__ import annotations

from typing import Any, Callable

from glue.jobs import run_job
from glue.remote import (Event, bind, copy_text, el, forget, location_fragment, location_hash, location_href, ready,
                         set_hash, show, spawn)
from glue.remote import draw as draw_shapes
from glue.boardinput import bind_grid, show_grid
from lab.boardgrid import ShownGrid
from lab.calc import page
from lab.calc.controller import CalcController
from lab.calc.jobs import Explore, exact_job
from lab.jobs import Slot
from lab.views.board import LayoutStrip

canvas = el("strip")
calc = page.CalcPage()  # its controller replaced by the link's position in start()
grid_view = ShownGrid("strip-grid")  # the strip as a grid of squares, for screen readers and the keyboard


def layout() -> LayoutStrip:
    return page.strip_layout(calc.ctl.strip.n, float(el("strip-scroll").clientWidth), float(canvas.clientWidth),
                             float(canvas.clientHeight))


def draw() -> None:
    canvas.set_style("min-width", f"{page.strip_width(calc.ctl.strip.n)}px")
    draw_shapes("strip", page.strip_picture(calc.ctl, layout(), calc.keyboard["used"]))
    show_grid(grid_view, page.strip_grid(calc.ctl), calc.ctl.strip)


def render() -> None:
    draw()
    show(calc.props())
    if location_hash() != calc.ctl.link_text():
        set_hash(calc.ctl.link())


def changed() -> None:
    """After any change of position: show it, then get the exact values it needs (in slices)."""
    calc.ctl.solve_direct()
    render()
    for run in calc.exact_needed():
        spawn(run_exact(run))
    show(calc.status())


def explored() -> None:
    """A position the explorer listed, opened: shown, the strip's grid focused at its one tab stop."""
    changed()
    el("position-panel").scroll_into_view()
    el("strip-grid").focus()


#: What the page shows again after an event, as CalcPage answers (lab.calc.page.REDRAWS).
REDRAW: dict[str, Callable[[], None]] = {"changed": changed, "render": render, "draw": draw, "explored": explored,
                                         "status": lambda: show(calc.status()), "": lambda: None}


def redo(after: str) -> None:
    REDRAW[after]()


async def run_exact(run: Slot) -> None:
    """Solve ``run``'s position in slices, showing progress between them; Stop sets ``run.cancel``."""
    try:
        await run_job(exact_job(run.kind, run.position), lambda r: show(calc.exact_report(run, r)), lambda: run.cancel)
    except Exception as e:  # a bug: report it on the page, never leave "Solving…" for ever
        import traceback
        traceback.print_exc()
        calc.exact_failed(run, e)
    finally:
        redo(calc.exact_ended(run))


async def run_explore(run: Slot) -> None:
    try:
        await run_job(Explore(run.size), lambda r: show(calc.explore_report(run, r)), lambda: run.cancel)
    finally:
        show(calc.explore_ended(run))


def on_explore(event: Event) -> None:
    run, props = calc.explore(str(el("explore-n").value))
    show(props)
    if run is not None:
        spawn(run_explore(run))


def typed(id_: str, act: Callable[[str], str]) -> Callable[[Event], None]:
    """A handler for a field the person types in: ``act`` on its text; the field shown again as read."""
    def handler(event: Event) -> None:
        forget((id_, "value"))
        redo(act(str(el(id_).value)))
    return handler


def on_key(event: Event) -> None:
    on_point = event.target.getAttribute("data-point") is not None
    KEYS[page.key_route(event.target.id, on_point, event.modified())](str(event.key), event)


def on_cell_key(key: str, event: Event) -> None:
    if not grid_keys["cell"](key, event):
        redo(calc.strip_key(key))


grid_keys: dict[str, Any] = {}  # "cell": the grid's key handler (bind_grid), once bound
KEYS = {"cell": on_cell_key, "strip": lambda key, event: redo(calc.strip_key(key)), "": lambda key, event: None}


def pressed(act: Callable[[CalcController], object]) -> Callable[[Event], None]:
    """A handler for a button of ``lab.calc.page.BUTTONS``."""
    return lambda event: redo(calc.button(act))


def on_copy_link(event: Event) -> None:
    copy_text(calc.copy_link(location_href()))
    render()


def start() -> None:
    """Called by labboot once the engine is installed: the link's position, shown; then ready."""
    calc.ctl = CalcController.from_link(location_fragment())
    grid_keys["cell"] = bind_grid(grid_view, lambda square, touch: redo(calc.click(square)),
                                  on_focus=lambda square: redo(calc.cursor(square)), keyboard=calc.keyboard)
    submit = typed("position-input", lambda text: calc.submit(text, bool(el("side-right").checked)))
    bind({("position-form", "submit"): submit,
          ("side-left", "change"): lambda e: redo(calc.side(str(e.target.value))),
          ("side-right", "change"): lambda e: redo(calc.side(str(e.target.value))),
          ("tool-stone", "change"): lambda e: redo(calc.tool(str(e.target.value))),
          ("tool-ball", "change"): lambda e: redo(calc.tool(str(e.target.value))),
          ("strip", "pointerdown"):  # the strip as it was shown when pressed
              lambda e: redo(calc.press(e.button, e.clientX, e.clientY, canvas.getBoundingClientRect(), layout())),
          ("document", "keydown"): on_key,  # the document's, so keys pressed on the strip before ready are replayed
          ("strip", "blur"): lambda e: redo(calc.blur()), ("length", "change"): typed("length", calc.length),
          **{(id_, "click"): pressed(act) for id_, act in page.BUTTONS.items()},
          ("copy-link", "click"): on_copy_link, ("solve-stop", "click"): lambda e: redo(calc.stop()),
          ("exact-content", "click"): lambda e: redo(calc.solve_again(e.target.id)),
          ("explore-form", "submit"): on_explore, ("explore-stop", "click"): lambda e: show(calc.explore_stop()),
          ("explore-results", "click"): lambda e: redo(calc.open_explored(e.target.getAttribute("data-position"))),
          ("window", "hashchange"): lambda e: redo(calc.hash_changed(location_fragment(), location_hash())),
          ("window", "resize"): lambda e: draw(),
          ("window", "phutball-theme"): lambda e: draw()})  # theme.js owns the #theme button and the system setting
    for id_ in ("position-input", "length"):  # read-only until the engine could read them
        el(id_).removeAttribute("readonly")
    changed()
    ready()
