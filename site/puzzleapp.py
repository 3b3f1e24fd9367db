"""Browser glue of the puzzle page: DOM events -> PuzzleController -> shapes on the canvas.

Moves are entered with a :class:`playctl.PlayController` on the current
position (the same clicks, jump chains and highlighted landings as the play
page); each finished move goes to the puzzle controller, which judges it.
1D judging runs in the ``search`` worker; queued moves (engine replies,
refutations, solutions) are animated one by one.
"""

from __future__ import annotations

import asyncio
import json

from dom import el, location_hash, on
from pyscript import document, fetch, window

from boardview import Layout2D, LayoutStrip, board_shapes, strip_shapes
from phutball.errors import PhutballError
from phutball.game import SIDE_NAMES
from phutball.puzzles import load_text
from playctl import PlayController
from puzzlectl import PROGRESS_KEY, Oracle1D, PuzzleController, dump_progress, load_progress

canvas = document.getElementById("board")
state: dict = {"ctl": None, "entry": None, "busy": False}
STEP_DELAY = 0.65  # seconds between animated moves




# ---------------------------------------------------------------- worker calls


async def worker_call(name: str, args: list) -> dict:
    from pyscript import workers
    w = await workers["search"]
    await w.begin(json.dumps({"kind": "puzzles1d", "fn": name, "args": args}))
    while True:
        r = json.loads(await w.step(100))
        if r.get("done"):
            if r.get("error"):
                raise RuntimeError(r["error"])
            return r["result"]


# ---------------------------------------------------------------- loading


async def load_puzzles() -> list[dict]:
    index = json.loads(await (await fetch("./puzzles/index.json")).text())
    out: list[dict] = []
    for name in index["files"]:
        text = await (await fetch(f"./puzzles/{name}")).text()
        for p in load_text(text, name):
            d = p.to_dict()
            d["collection"] = p.collection or name
            out.append(d)
    return out


def read_progress() -> dict:
    try:
        return load_progress(window.localStorage.getItem(PROGRESS_KEY))
    except Exception:
        return {}


def save_progress() -> None:
    try:
        window.localStorage.setItem(PROGRESS_KEY, dump_progress(state["ctl"].progress))
    except Exception:
        pass


# ---------------------------------------------------------------- drawing


def new_entry() -> None:
    ctl: PuzzleController = state["ctl"]
    if ctl.game is None:
        state["entry"] = None
        return
    state["entry"] = PlayController.new(str(ctl.game.position))


def layout(pos):
    w, h = max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight))
    return Layout2D(pos.size, w, h) if hasattr(pos, "size") else LayoutStrip(pos.n, w, h)


def draw() -> None:
    ctl: PuzzleController = state["ctl"]
    v = ctl.view()
    entry = state["entry"]
    canvas.setAttribute("data-variant", v["variant"])
    canvas.setAttribute("data-position", v["position"])
    canvas.setAttribute("data-phase", v["phase"])
    if entry is not None:
        ev = entry.view()
        pos = entry.position
        lay = layout(pos)
        hint = v["hint"]
        if v["variant"] == "2D":
            shapes = board_shapes(pos, lay, landings=ev["landings"], chain=ev["chain"],
                                  last_move=ev["last_move"], hint=hint)
        else:
            shapes = strip_shapes(pos.n, pos.ball, pos.stones, lay, landings=ev["landings"], chain=ev["chain"],
                                  last_move=last_targets(ctl), hint=hint)
        window.phutballCanvas.drawShapes(canvas, json.dumps(shapes))
        canvas.hidden = False
        el("finish").disabled = not ev["can_finish"]
        entry_msg = ev["error"]
    else:
        canvas.hidden = True
        el("finish").disabled = True
        entry_msg = ""
    el("puzzle-title").textContent = v["title"]
    stars = "★" * v["difficulty"] + "☆" * (5 - v["difficulty"])
    solved = " · ✓ solved" if v["solved"] else ""
    el("puzzle-meta").textContent = f"{v['collection']} · {v['source']} · difficulty {stars}{solved}"
    el("puzzle-task").textContent = ctl.task_prompt()
    msg = el("message")
    msg.textContent = entry_msg or v["message"]
    msg.className = "message" + (" error" if v["verdict"] == "wrong" or entry_msg else
                                 " ok" if v["verdict"] == "correct" else "")
    el("retry").hidden = not v["can_retry"]
    el("hint").disabled = not v["can_move"]
    el("moves").textContent = " ".join(v["moves"])
    el("deep-link").href = f"#{v['id']}"
    render_answer(v)
    render_list()
    if location_hash() != v["id"]:
        window.history.replaceState(None, "", "#" + v["id"])


def last_targets(ctl) -> list:
    if ctl.game is None or ctl.game.cursor == 0:
        return []
    return [int(x) for x in ctl.game.moves[ctl.game.cursor - 1].split("-")]


def render_list() -> None:
    ctl: PuzzleController = state["ctl"]
    box = el("puzzle-groups")
    box.innerHTML = ""
    total = solved = 0
    for g in ctl.groups():
        det = document.createElement("details")
        det.open = any(e["current"] for e in g["puzzles"])
        summ = document.createElement("summary")
        done = sum(e["solved"] for e in g["puzzles"])
        summ.textContent = f"{g['collection']} ({done}/{len(g['puzzles'])})"
        det.appendChild(summ)
        ul = document.createElement("ul")
        for e in g["puzzles"]:
            total += 1
            solved += e["solved"]
            li = document.createElement("li")
            b = document.createElement("button")
            b.className = "puzzle-item" + (" current" if e["current"] else "") + (" solved" if e["solved"] else "")
            b.setAttribute("data-index", str(e["index"]))
            b.setAttribute("data-id", e["id"])
            mark = "✓" if e["solved"] else "·"
            b.textContent = f"{mark} {e['title']}  {'★' * e['difficulty']}"
            b.setAttribute("aria-label", f"{e['title']}, difficulty {e['difficulty']} of 5"
                           + (", solved" if e["solved"] else ", unsolved"))
            li.appendChild(b)
            ul.appendChild(li)
        det.appendChild(ul)
        box.appendChild(det)
    el("solved-count").textContent = f"{solved}/{total} solved"


def render_answer(v) -> None:
    area = el("answer-area")
    kind = v["answer_kind"]
    if kind is None:
        area.hidden = True
        area.innerHTML = ""
        return
    key = f"{v['id']}:{kind}"
    if area.getAttribute("data-key") == key:
        return  # keep what the user typed
    area.setAttribute("data-key", key)
    area.hidden = False
    ctl: PuzzleController = state["ctl"]
    p = ctl.puzzle
    sides = ("L", "R") if p["variant"] == "1D" else ("O", "X")
    if kind == "which-side":
        html = "".join(f'<button type="button" class="answer" data-answer="{s}">{SIDE_NAMES[s]} wins</button>'
                       for s in sides)
        area.innerHTML = f'<div class="buttons">{html}</div>'
    elif kind == "compare":
        rows = []
        for i, pos in enumerate(p["positions"]):
            strip = pos.split("_", 1)[-1]
            opts = "".join(f'<option value="{s}">{SIDE_NAMES[s]} wins</option>' for s in sides)
            rows.append(f'<label class="compare-row"><span class="mono strip-text">{pretty(strip)}</span>'
                        f'<span class="small">{SIDE_NAMES[pos.split("_")[0]]} to move</span>'
                        f'<select class="compare-choice" data-i="{i}"><option value="">?</option>{opts}</select></label>')
        area.innerHTML = "".join(rows) + '<div class="buttons"><button type="button" id="check-compare" ' \
                                         'class="primary">Check</button></div>'
    elif kind == "potential":
        names = list(p["answer"].keys())
        inputs = "".join(f'<label>{n} <input class="pot-input" data-name="{n}" inputmode="numeric" size="3"></label>'
                         for n in names)
        area.innerHTML = (f'<p class="mono strip-text">{pretty(p["position"].split("_", 1)[-1])}</p>'
                          f'<div class="buttons">{inputs}<button type="button" id="check-potential" '
                          f'class="primary">Check</button></div>'
                          f'<p class="small"><a href="./calculator.html#{p["position"]}">Open in the calculator</a></p>')


def pretty(strip: str) -> str:
    return strip.replace(".", "·").replace("o", "○").replace("*", "•").replace("|", "↓")


def refresh() -> None:
    draw()
    save_progress()


# ---------------------------------------------------------------- actions


async def animate() -> None:
    ctl: PuzzleController = state["ctl"]
    state["busy"] = True
    try:
        while ctl.queue:
            await asyncio.sleep(STEP_DELAY)
            ctl.animate_step()
            new_entry()
            draw()
        ctl.animate_step()  # sets the phase
    finally:
        state["busy"] = False
    new_entry()
    refresh()


async def submit(move: str) -> None:
    ctl: PuzzleController = state["ctl"]
    state["busy"] = True
    try:
        await ctl.user_move(move)
    except Exception as e:  # the worker failed: say so, keep the puzzle
        ctl.phase, ctl.message = "playing", f"The engine failed: {e}"
    finally:
        state["busy"] = False
    new_entry()
    refresh()
    live = el("live")
    live.textContent = f"You played {move}. {ctl.message}"
    if ctl.queue:
        await animate()


def handle_entry_change() -> None:
    entry: PlayController = state["entry"]
    if entry is not None and entry.game.moves:
        move = entry.game.moves[0]
        state["busy"] = True  # immediate feedback while the engine judges the move
        el("finish").disabled = True
        el("hint").disabled = True
        canvas.setAttribute("data-phase", "busy")
        el("message").textContent = f"You played {move}. Checking…"
        asyncio.ensure_future(submit(move))
    else:
        draw()


def on_pointerdown(event) -> None:
    ctl = state["ctl"]
    entry = state["entry"]
    if entry is None or state["busy"] or ctl is None or not ctl.view()["can_move"]:
        return
    rect = canvas.getBoundingClientRect()
    t = layout(entry.position).hit(float(event.clientX - rect.left), float(event.clientY - rect.top))
    entry.click(t)
    handle_entry_change()


def on_key(event) -> None:
    entry = state["entry"]
    if entry is None or state["busy"] or event.target != canvas:
        return
    if entry.key(str(event.key)):
        event.preventDefault()
        handle_entry_change()


def on_finish(event) -> None:
    entry = state["entry"]
    if entry is not None:
        entry.finish_chain()
        handle_entry_change()


def guarded(fn):
    def handler(event):
        if state["busy"] or state["ctl"] is None:
            return
        fn(event)
    return handler


@guarded
def on_hint(event) -> None:
    async def go():
        state["busy"] = True
        try:
            await state["ctl"].show_hint()
        except Exception as e:
            state["ctl"].message = f"No hint: {e}"
        finally:
            state["busy"] = False
        draw()
    asyncio.ensure_future(go())


@guarded
def on_solution(event) -> None:
    ctl = state["ctl"]
    ctl.show_solution()
    new_entry()
    draw()
    if ctl.queue:
        asyncio.ensure_future(animate())


@guarded
def on_retry(event) -> None:
    state["ctl"].retry()
    new_entry()
    refresh()


@guarded
def on_restart(event) -> None:
    state["ctl"].restart()
    new_entry()
    refresh()


def open_index(i: int) -> None:
    state["ctl"].open(i)
    new_entry()
    el("answer-area").setAttribute("data-key", "")
    refresh()


@guarded
def on_prev(event) -> None:
    ctl = state["ctl"]
    open_index((ctl.index - 1) % len(ctl.puzzles))


@guarded
def on_next(event) -> None:
    ctl = state["ctl"]
    open_index((ctl.index + 1) % len(ctl.puzzles))


@guarded
def on_list_click(event) -> None:
    idx = event.target.getAttribute("data-index")
    if idx:
        open_index(int(idx))


@guarded
def on_answer_click(event) -> None:
    ctl = state["ctl"]
    t = event.target
    if t.getAttribute("data-answer"):
        ctl.answer(str(t.getAttribute("data-answer")))
    elif t.id == "check-compare":
        choices = [str(s.value) for s in document.querySelectorAll(".compare-choice")]
        if "" in choices:
            ctl.message = "Choose a winner for every position."
        else:
            ctl.answer(choices)
    elif t.id == "check-potential":
        ctl.answer({str(i.getAttribute("data-name")): str(i.value).strip()
                    for i in document.querySelectorAll(".pot-input")})
    else:
        return
    refresh()



def on_hashchange(event) -> None:
    ctl = state["ctl"]
    h = location_hash()
    if ctl is not None and h and h != ctl.puzzle["id"] and not state["busy"]:
        ctl.open_id(h)
        new_entry()
        el("answer-area").setAttribute("data-key", "")
        refresh()


async def main() -> None:
    on(window, "phutball-theme", lambda e: draw() if state["ctl"] is not None else None)
    try:
        puzzles = await load_puzzles()
    except (PhutballError, OSError, ValueError) as e:
        el("puzzle-title").textContent = "The puzzles could not be loaded"
        el("message").textContent = str(e)
        el("loading").hidden = True
        document.documentElement.classList.add("ready")
        return
    ctl = PuzzleController(puzzles, progress=read_progress(), oracle_1d=Oracle1D(worker_call))
    state["ctl"] = ctl
    h = location_hash()
    if h:
        ctl.open_id(h)
    new_entry()
    on(canvas, "pointerdown", on_pointerdown)
    on(document, "keydown", on_key)
    on(el("finish"), "click", on_finish)
    on(el("hint"), "click", on_hint)
    on(el("solution"), "click", on_solution)
    on(el("retry"), "click", on_retry)
    on(el("restart"), "click", on_restart)
    on(el("prev"), "click", on_prev)
    on(el("next"), "click", on_next)
    on(el("puzzle-groups"), "click", on_list_click)
    on(el("answer-area"), "click", on_answer_click)
    on(window, "hashchange", on_hashchange)
    on(window, "resize", lambda e: draw())
    el("loading").hidden = True
    draw()
    document.documentElement.classList.add("ready")


asyncio.ensure_future(main())
