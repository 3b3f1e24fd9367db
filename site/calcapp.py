"""Browser glue of the calculator page: DOM events -> CalcController -> the page.

The only module of the calculator importing ``js``/``pyscript``.  Everything the
page shows comes from ``calcctl.CalcController.view()``; the strip is drawn by
``boardview.py``'s shapes replayed by ``canvas.js``.  Exact solves of short
strips run right here (a few milliseconds); longer ones and the explorer run in
the ``calc`` worker (``calcworker.py``/``calcjobs.py``), polled in slices, so the
main thread stays responsive.
"""

from __future__ import annotations

import asyncio
import json

import js
from dom import el, location_hash, on
from pyscript import document, window

from boardview import LayoutStrip, strip_shapes
from calcctl import CalcController, even_squares, html_explorer

canvas = document.getElementById("strip")
# CSS px per square at least (bigger for fingers): long strips scroll sideways instead of shrinking
CELL_MIN = 30 if window.matchMedia("(pointer: coarse)").matches else 24





ctl = CalcController.from_hash(location_hash())
keyboard = {"used": False}


# ---------------------------------------------------------------- drawing and rendering


def layout() -> LayoutStrip:
    return LayoutStrip(ctl.strip.n, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)))


def draw() -> None:
    s = ctl.strip
    canvas.style.minWidth = f"{round((s.n + 2.4) * CELL_MIN)}px"
    lay = layout()
    cursor = ctl.cursor if keyboard["used"] else None
    shapes = strip_shapes(s.n, s.ball, s.stones, lay, cursor=cursor, last_move=even_squares(s))
    window.phutballCanvas.drawShapes(canvas, json.dumps(shapes))


_shown: dict[str, str] = {}   # the markup last put in each section: unchanged sections are not re-parsed


def render() -> None:
    v = ctl.view()
    draw()   # first, while the layout is clean: drawing reads the canvas size
    for id_, text in v["texts"].items():
        if _shown.get(id_) != text:
            el(id_).textContent = text
            _shown[id_] = text
    for id_, markup in v["html"].items():
        if _shown.get(id_) != markup:
            el(id_).innerHTML = markup
            _shown[id_] = markup
    el("disagreement").hidden = not v["disagree"]
    el("marked-note").hidden = not v["marked"]
    canvas.setAttribute("data-position", v["position"])
    canvas.setAttribute("data-share", v["share"])
    inp = el("position-input")
    if document.activeElement != inp or not v["error"]:
        inp.value = v["input"]
    el("side-left").checked = v["side"] == "L"
    el("side-right").checked = v["side"] == "R"
    el("tool-stone").checked = v["tool"] == "stone"
    el("tool-ball").checked = v["tool"] == "ball"
    length = el("length")
    if document.activeElement != length:
        length.value = str(v["n"])
    render_status()
    if location_hash() != v["share"]:
        window.history.replaceState(None, "", "#" + str(js.encodeURIComponent(v["share"])))


def render_status() -> None:
    running = [r for r in jobs.values() if not r["done"] and not r["cancel"]]
    box = el("solve-status")
    box.hidden = not running
    if running:
        r = running[0]
        el("solve-text").textContent = r["text"] or "Solving…"
        el("solve-progress").value = r["progress"]


def changed() -> None:
    """After any change of position: show it, then get the exact values it needs."""
    ctl.solve_direct()
    render()
    ensure_exact()


# ---------------------------------------------------------------- exact values in the worker

jobs: dict[str, dict] = {}          # kind ("strip"/"oddish") -> the running job's record
locks = {"strip": asyncio.Lock(), "oddish": asyncio.Lock(), "explore": asyncio.Lock()}
_worker = {"w": None}


async def get_worker():
    if _worker["w"] is None:
        from pyscript import workers
        _worker["w"] = await workers["calc"]
    return _worker["w"]


def ensure_exact() -> None:
    for w in ctl.wanted():
        if w["direct"]:
            continue
        kind = w["kind"]
        cur = jobs.get(kind)
        if cur and not cur["done"] and not cur["cancel"]:
            if cur["size"] == w["size"]:
                # the same table is being solved: this position is answered right after it
                ctl.job_update(kind, w["position"], "running", cur["text"], cur["progress"])
                continue
            cur["cancel"] = True
        rec = {"kind": kind, "position": w["position"], "size": w["size"], "cancel": False, "done": False,
               "text": "Starting the solver…", "progress": 0.0}
        jobs[kind] = rec
        ctl.job_update(kind, w["position"], "running", rec["text"], 0.0)
        asyncio.ensure_future(run_exact(rec))
    render_status()


async def run_exact(rec: dict) -> None:
    kind = rec["kind"]
    job_kind = "exact-1d" if kind == "strip" else "exact-oddish"
    result = None
    async with locks[kind]:
        try:
            if rec["cancel"]:
                return
            w = await get_worker()
            r = json.loads(await w.begin(json.dumps({"channel": kind, "kind": job_kind, "position": rec["position"]})))
            if r.get("error"):
                ctl.job_update(kind, rec["position"], "error", r["error"])
                return
            while True:
                if rec["cancel"]:
                    await w.stop(kind)
                    return
                r = json.loads(await w.step(50, kind))
                if r.get("error"):
                    ctl.job_update(kind, rec["position"], "error", r["error"])
                    return
                if r.get("done"):
                    result = r.get("result")
                    return
                prog = r.get("progress") or [0, 1]
                rec["progress"] = float(prog[0]) / float(prog[1] or 1)
                rec["text"] = r.get("text") or rec["text"]
                ctl.job_update(kind, rec["position"], "running", rec["text"], rec["progress"])
                render_status()
        except Exception as e:  # the worker failed to start, or died
            ctl.job_update(kind, rec["position"], "error", f"{type(e).__name__}: {e}")
        finally:
            rec["done"] = True
            if result is not None:
                ctl.store(result)
            if jobs.get(kind) is rec:
                if not rec["cancel"]:
                    render()
                    ensure_exact()   # the position may have changed meanwhile (same length: now instant)
                else:
                    render_status()


def on_solve_stop(event) -> None:
    for kind, rec in jobs.items():
        if not rec["done"] and not rec["cancel"]:
            rec["cancel"] = True
            ctl.job_update(kind, rec["position"], "stopped", "Stopped.")
    render()


def on_exact_click(event) -> None:
    if event.target.id == "solve-again":
        ctl.solve_again()
        changed()


# ---------------------------------------------------------------- the explorer

explore = {"rec": None}


async def run_explore(n: int) -> None:
    prev = explore["rec"]
    if prev and not prev["done"]:
        prev["cancel"] = True
    rec = {"n": n, "cancel": False, "done": False}
    explore["rec"] = rec
    status = el("explore-status")
    el("explore-error").textContent = ""
    status.hidden = False
    el("explore-progress").value = 0
    el("explore-text").textContent = "Starting the solver…"
    el("explore-run").disabled = True
    async with locks["explore"]:
        try:
            if rec["cancel"]:
                return
            w = await get_worker()
            r = json.loads(await w.begin(json.dumps({"channel": "explore", "kind": "explore", "n": n})))
            if r.get("error"):
                el("explore-error").textContent = r["error"]
                return
            while True:
                if rec["cancel"]:
                    await w.stop("explore")
                    el("explore-text").textContent = "Stopped."
                    return
                r = json.loads(await w.step(50, "explore"))
                if r.get("error"):
                    el("explore-error").textContent = f"The explorer failed: {r['error']}"
                    return
                if r.get("done"):
                    el("explore-results").innerHTML = html_explorer(r["result"])
                    return
                prog = r.get("progress") or [0, 1]
                el("explore-progress").value = float(prog[0]) / float(prog[1] or 1)
                el("explore-text").textContent = r.get("text") or "Working…"
        except Exception as e:
            el("explore-error").textContent = f"The explorer failed: {type(e).__name__}: {e}"
        finally:
            rec["done"] = True
            if explore["rec"] is rec:
                status.hidden = True
                el("explore-run").disabled = False


def on_explore(event) -> None:
    event.preventDefault()
    asyncio.ensure_future(run_explore(int(el("explore-n").value)))


def on_explore_stop(event) -> None:
    rec = explore["rec"]
    if rec and not rec["done"]:
        rec["cancel"] = True
        el("explore-status").hidden = True
        el("explore-run").disabled = False


def on_explore_click(event) -> None:
    a = event.target.closest("a[data-position]")
    if not a:   # None or pyodide's jsnull
        return
    event.preventDefault()
    if ctl.load_hash(str(a.getAttribute("data-position"))):
        ctl.message = f"Opened {ctl.share_string()} from the explorer (Back returns to the previous position)."
        window.history.pushState(None, "", "#" + str(js.encodeURIComponent(ctl.share_string())))
    changed()
    el("position-panel").scrollIntoView(js.Object.fromEntries([["behavior", "smooth"], ["block", "start"]]))
    canvas.focus(js.Object.fromEntries([["preventScroll", True]]))


# ---------------------------------------------------------------- events


def on_submit(event) -> None:
    event.preventDefault()
    side = "R" if el("side-right").checked else "L"
    ctl.load_text(str(el("position-input").value), side)
    changed()


def on_side(event) -> None:
    if ctl.set_side(str(event.target.value)):
        changed()


def on_tool(event) -> None:
    ctl.set_tool(str(event.target.value))
    render()


def on_canvas_click(event) -> None:
    keyboard["used"] = False
    rect = canvas.getBoundingClientRect()
    sq = layout().hit(float(event.clientX - rect.left), float(event.clientY - rect.top))
    if sq is None:
        return
    ctl.click(sq)
    changed()


def on_canvas_key(event) -> None:
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    key = str(event.key)
    if key.startswith("Arrow") or key in ("Enter", " ", "Home", "End"):
        keyboard["used"] = True
    if ctl.key(key):
        event.preventDefault()
        changed()


def on_length(event) -> None:
    ctl.set_length(str(el("length").value))
    changed()


def button(id_: str, action) -> None:
    def handler(event) -> None:
        action()
        changed()
    on(el(id_), "click", handler)


async def copy_link() -> None:
    url = str(window.location.href)
    try:
        await window.navigator.clipboard.writeText(url)
        ctl.message = f"Link copied: {url}"
    except Exception:   # no clipboard permission (or an old browser): show it to copy by hand
        ctl.message = f"Link to this position: {url}"
    ctl.error = ""
    render()


def on_copy_link(event) -> None:
    asyncio.ensure_future(copy_link())


def on_hashchange(event) -> None:
    h = location_hash()
    if h and h != ctl.share_string():
        ctl.load_hash(h)
        changed()


def on_resize(event) -> None:
    draw()


def bind() -> None:
    on(el("position-form"), "submit", on_submit)
    for id_ in ("side-left", "side-right"):
        on(el(id_), "change", on_side)
    for id_ in ("tool-stone", "tool-ball"):
        on(el(id_), "change", on_tool)
    on(canvas, "click", on_canvas_click)
    on(canvas, "keydown", on_canvas_key)
    on(canvas, "blur", lambda e: (keyboard.update(used=False), draw()))
    on(el("length"), "change", on_length)
    button("add-left", lambda: ctl.add_square("left"))
    button("remove-left", lambda: ctl.remove_square("left"))
    button("add-right", lambda: ctl.add_square("right"))
    button("remove-right", lambda: ctl.remove_square("right"))
    button("clear", ctl.clear_stones)
    button("mirror", ctl.mirror)
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
    bind()
    el("loading").hidden = True
    changed()
    document.documentElement.classList.add("ready")


start()
