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
from glue.remote import (copy_text, document, el, location_fragment, location_hash,
                         location_href, on, ready, set_hash, spawn, window)
from glue.remote import draw as draw_shapes
from glue.boardinput import bind_grid, show_grid
from lab.boardgrid import ShownGrid, board_grid
from lab.calc.controller import STRIP_MIN_CELL, CalcController
from lab.calc.jobs import Explore, exact_job
from lab.calc.render import html_explorer
from lab.calc.words import even_squares
from lab.jobs import Slot, Slots, error_text
from lab.views.board import GEOMETRY, LayoutStrip, strip_shapes

canvas = el("strip")
ctl = CalcController()      # replaced by the link's position in start()
keyboard = {"used": False}
grid_view = ShownGrid("strip-grid")  # the strip as a grid of squares, for screen readers and the keyboard
shown: dict[tuple[str, str], Any] = {}   # (id, property) -> value last sent: unchanged ones are not resent


def put(id_: str, prop: str, value: Any) -> None:
    """Set a property of a page element unless it already has that value."""
    if shown.get((id_, prop)) != value:
        setattr(el(id_), prop, value)
        shown[(id_, prop)] = value


# ---------------------------------------------------------------- drawing and rendering


def strip_width() -> int:
    """The strip's least width in CSS px: long strips scroll sideways instead of shrinking (mirrored in calculator.html)."""
    return round((ctl.strip.n + GEOMETRY.strip_width) * STRIP_MIN_CELL)


def layout() -> LayoutStrip:
    """The strip's layout at the width the canvas will have: its scroller's, or its least width."""
    box = float(el("strip-scroll").clientWidth) or float(canvas.clientWidth)
    return LayoutStrip(ctl.strip.n, max(1.0, box, float(strip_width())), max(1.0, float(canvas.clientHeight)))


def draw() -> None:
    s = ctl.strip
    canvas.set_style("min-width", f"{strip_width()}px")
    cursor = ctl.cursor if keyboard["used"] else None
    draw_shapes("strip", strip_shapes(s.n, s.ball, s.stones, layout(), cursor=cursor, last_move=even_squares(s),
                                      rings=ctl.compared()[1]))
    show_grid(grid_view, board_grid(s, cursor=ctl.cursor, past_the_ends=False), s)


def render() -> None:
    v = ctl.view()
    draw()
    for id_, text in v["texts"].items():
        put(id_, "textContent", text)
    for id_, markup in v["html"].items():
        put(id_, "innerHTML", markup)
    put("disagreement", "hidden", not v["disagree"])
    put("marked-note", "hidden", not v["marked"])
    canvas.setAttribute("data-position", v["position"])
    canvas.setAttribute("data-share", v["share"])
    canvas.setAttribute("data-compare", v["compare"])
    canvas.setAttribute("data-marks", " ".join(map(str, v["marks"])))
    if not v["error"]:   # after a typing error the typed text stays, to be corrected
        put("position-input", "value", v["input"])
    el("side-left").checked = v["side"] == "L"
    el("side-right").checked = v["side"] == "R"
    el("tool-stone").checked = v["tool"] == "stone"
    el("tool-ball").checked = v["tool"] == "ball"
    put("length", "value", str(v["n"]))
    render_status()
    if location_hash() != ctl.link_text():
        set_hash(v["link"])


def render_status() -> None:
    running = jobs.running()
    put("solve-status", "hidden", not running)
    if running:
        r = running[0]
        put("solve-text", "textContent", r.text or "Solving…")
        put("solve-progress", "value", r.progress)


def changed() -> None:
    """After any change of position: show it, then get the exact values it needs."""
    ctl.solve_direct()
    render()
    ensure_exact()


# ---------------------------------------------------------------- exact values, in slices

jobs = Slots()   # one exact solve per kind ("strip"/"oddish") at a time


def ensure_exact() -> None:
    for w in ctl.wanted():
        if w["direct"]:
            continue
        kind = w["kind"]
        cur = jobs.sharing(kind, w["size"])
        if cur is not None:  # the same table is being solved: this position is answered right after it
            ctl.job_update(kind, w["position"], "running", cur.text, cur.progress)
            continue
        rec = jobs.replace(kind, position=w["position"], size=w["size"])
        ctl.job_update(kind, rec.position, "running", rec.text, rec.progress)
        spawn(run_exact(rec))
    render_status()


async def run_exact(rec: Slot) -> None:
    """Solve ``rec``'s position in slices, showing progress between them; Stop sets ``rec.cancel``."""
    kind = rec.kind
    result = None

    def report(r) -> None:
        nonlocal result
        if r.get("error"):
            ctl.job_update(kind, rec.position, "error", r["error"])
        elif r.get("done"):
            result = r.get("result")
        else:
            rec.report(r)
            ctl.job_update(kind, rec.position, "running", rec.text, rec.progress)
            render_status()

    try:
        await run_job(exact_job(kind, rec.position), report, lambda: rec.cancel)
    except Exception as e:  # a bug: report it on the page, never leave "Solving…" for ever
        import traceback
        traceback.print_exc()
        ctl.job_update(kind, rec.position, "error", error_text(e))
    finally:
        rec.done = True
        if result is not None:
            ctl.store(result)
        if jobs.is_current(rec):
            if not rec.cancel:
                ctl.solve_direct()   # the compared position too, if its length is the one just solved
                render()
                ensure_exact()   # the position may have changed meanwhile (same length: now instant)
            else:
                render_status()


def on_solve_stop(event) -> None:
    for rec in jobs.cancel_all():
        ctl.job_update(rec.kind, rec.position, "stopped", "Stopped.")
    render()


def on_exact_click(event) -> None:
    if event.target.id == "solve-again":
        ctl.solve_again()
        changed()


# ---------------------------------------------------------------- the explorer

explorer = Slots()   # the explorer's one run


def explore_idle() -> None:
    el("explore-status").hidden = True
    el("explore-run").disabled = False


async def run_explore(n: int) -> None:
    rec = explorer.replace("explore", size=n)
    el("explore-error").textContent = ""
    el("explore-status").hidden = False
    el("explore-progress").value = 0
    el("explore-text").textContent = rec.text
    el("explore-run").disabled = True

    def report(r) -> None:
        if r.get("error"):
            el("explore-error").textContent = f"The explorer failed: {r['error']}"
        elif r.get("done"):
            el("explore-results").innerHTML = html_explorer(r["result"])
        else:
            rec.report(r)
            el("explore-progress").value = rec.progress
            el("explore-text").textContent = rec.text

    try:
        await run_job(Explore(n), report, lambda: rec.cancel)
    finally:
        rec.done = True
        if explorer.is_current(rec):
            explore_idle()


def on_explore(event) -> None:
    try:
        n = int(el("explore-n").value)
    except ValueError:
        el("explore-error").textContent = f"Not a strip length: {el('explore-n').value!r}."
        return
    spawn(run_explore(n))


def on_explore_stop(event) -> None:
    if explorer.cancel_all():
        explore_idle()


def on_explore_click(event) -> None:
    """A listed position: its link (a real ``#position`` anchor) adds a history entry; open it here."""
    pos = event.target.getAttribute("data-position")
    if not pos:
        return
    if ctl.load_hash(str(pos)):
        ctl.message = f"Opened {ctl.share_string()} from the explorer (Back returns to the previous position)."
    changed()
    el("position-panel").scroll_into_view()
    el("strip-grid").focus()  # the strip's grid, at its one tab stop (host.js: a table's focus goes to that cell)


# ---------------------------------------------------------------- events


def on_submit(event) -> None:
    side = "R" if el("side-right").checked else "L"
    ctl.load_text(str(el("position-input").value), side)
    shown.pop(("position-input", "value"), None)   # show the position as read, even if it is unchanged
    changed()


def on_side(event) -> None:
    if ctl.set_side(str(event.target.value)):
        changed()


def on_tool(event) -> None:
    ctl.set_tool(str(event.target.value))
    render()


def on_pointerdown(event) -> None:
    if event.button != 0:
        return
    keyboard["used"] = False
    rect = canvas.getBoundingClientRect()   # the strip as it was shown when clicked
    lay = LayoutStrip(ctl.strip.n, rect.width, rect.height) if rect.width > 0 else layout()
    sq = lay.hit(float(event.clientX - rect.left), float(event.clientY - rect.top))
    if sq is None:
        return
    ctl.click(sq)
    changed()


def on_cell(square, touch_cell) -> None:
    """A square of the strip's grid clicked, or Enter/Space on it: as a click on the square."""
    ctl.click(square)
    changed()


def on_cell_focus(square) -> None:
    """The grid's focus moved: the cursor follows it."""
    ctl.cursor = square
    draw()


grid_keys: dict[str, Any] = {}  # "cell": the grid's key handler (bind_grid), once bound


def on_key(event) -> None:
    on_cell_ = event.target.getAttribute("data-point") is not None
    if (event.target.id != "strip" and not on_cell_) or event.ctrlKey or event.metaKey or event.altKey:
        return
    key = str(event.key)
    if on_cell_ and grid_keys["cell"](key, event):
        return
    if key.startswith("Arrow") or key in ("Enter", " ", "Home", "End"):
        keyboard["used"] = True
    if ctl.key(key):
        changed()


def on_blur(event) -> None:
    keyboard["used"] = False
    draw()


def on_length(event) -> None:
    ctl.set_length(str(el("length").value))
    shown.pop(("length", "value"), None)
    changed()


def button(id_: str, action) -> None:
    def handler(event) -> None:
        action()
        changed()
    on(el(id_), "click", handler)


def on_copy_link(event) -> None:
    url = location_href().split("#")[0] + "#" + ctl.link()
    copy_text(url)
    ctl.message = f"Link to this position (copied if the browser allows it): {url}"
    ctl.error = ""
    render()


def on_hashchange(event) -> None:
    fragment = location_fragment()
    if fragment and location_hash() != ctl.link_text():
        ctl.load_link(fragment)
        changed()


def on_resize(event) -> None:
    draw()


def bind() -> None:
    on(el("position-form"), "submit", on_submit)
    for id_ in ("side-left", "side-right"):
        on(el(id_), "change", on_side)
    for id_ in ("tool-stone", "tool-ball"):
        on(el(id_), "change", on_tool)
    on(canvas, "pointerdown", on_pointerdown)
    grid_keys["cell"] = bind_grid(grid_view, on_cell, on_focus=on_cell_focus, keyboard=keyboard)
    on(document, "keydown", on_key)   # the document's, so keys pressed on the strip before ready are replayed
    on(canvas, "blur", on_blur)
    on(el("length"), "change", on_length)
    button("add-left", lambda: ctl.add_square("left"))
    button("remove-left", lambda: ctl.remove_square("left"))
    button("add-right", lambda: ctl.add_square("right"))
    button("remove-right", lambda: ctl.remove_square("right"))
    button("clear", lambda: ctl.clear_stones())
    button("mirror", lambda: ctl.mirror())
    on(el("copy-link"), "click", on_copy_link)
    on(el("solve-stop"), "click", on_solve_stop)
    on(el("exact-content"), "click", on_exact_click)
    on(el("explore-form"), "submit", on_explore)
    on(el("explore-stop"), "click", on_explore_stop)
    on(el("explore-results"), "click", on_explore_click)
    on(window, "hashchange", on_hashchange)
    on(window, "resize", on_resize)
    on(window, "phutball-theme", on_resize)   # theme.js owns the #theme button and the system setting


def start() -> None:
    """Called by labboot once the engine is installed: the link's position, shown; then ready."""
    global ctl
    ctl = CalcController.from_link(location_fragment())
    bind()
    for id_ in ("position-input", "length"):   # read-only until the engine could read them
        el(id_).removeAttribute("readonly")
    changed()
    ready()
