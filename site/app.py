"""Glue of the play page, run in the page's worker: events -> PlayController -> shapes on the canvas.

It talks to the page only through ``remote.py`` (the worker cannot touch the
DOM).  All game logic is in ``playctl.py`` and the engine; all drawing is
computed by ``boardview.py`` and replayed by ``canvas.js`` on the main thread.
The computer's search runs here too, in slices (``jobs.py``): between two
slices the worker answers clicks (Stop, Move now, the board).
"""

from __future__ import annotations

import json

import share
from diagram import layout_for, play_shapes
from html import escape
from jobs import Runner
from phutball.errors import PhutballError
from playctl import PlayController, side_name
from remote import document, el, flush_now, location_hash, on, ready, set_hash, spawn, storage, window
from remote import draw as draw_shapes
from remote import copy_text, download, location_href

STORAGE_KEY = "phutball.play.v1"
canvas = el("board")
SLICE_MS = 40  # the longest the worker is busy with the search before it answers the page

# ---------------------------------------------------------------- state and persistence


def _initial_controller() -> PlayController:
    saved = None
    try:
        raw = storage.get_item(STORAGE_KEY)
        if raw:
            saved = json.loads(raw)
            if not isinstance(saved, dict) or saved.get("v") != 1:
                saved = None
    except Exception:
        saved = None
    ctl = PlayController.new()
    if saved:
        try:
            if ctl.import_record(saved["record"]):
                ctl.game.goto(int(saved.get("ply", len(ctl.game.moves))))
                ctl.mode = saved.get("mode", "two-players")
                ctl.computer_side = saved.get("computer")
                if saved.get("level") in ("easy", "medium", "hard"):
                    ctl.level = saved["level"]
                ctl.message = ""
                ctl.announcement = "Game restored. " + ctl.status()
            else:
                ctl = PlayController.new()
        except Exception:
            ctl = PlayController.new()
    hash_ = location_hash()
    if hash_ and hash_ != str(ctl.position):
        if not ctl.load_position(hash_):
            pass  # the error is shown; the restored game stays
    return ctl



def save() -> None:
    data = {"v": 1, "record": ctl.export_record(), "ply": ctl.game.cursor, "position": str(ctl.position),
            "mode": ctl.mode,
            "computer": ctl.computer_side, "level": ctl.level}
    storage.set_item(STORAGE_KEY, json.dumps(data))
    pos = str(ctl.position)
    if location_hash() != pos:
        set_hash(pos)


thinking = {"active": False, "stop": False, "move_now": False, "purpose": None}


# ---------------------------------------------------------------- drawing


def layout():
    return layout_for(ctl.position, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)))


def draw() -> None:
    v = ctl.view()
    canvas.setAttribute("data-variant", v["variant"])  # first: the CSS height of a strip's canvas depends on it
    lay = layout()
    draw_shapes("board", play_shapes(ctl.position, v, lay.css_w, lay.css_h, show_cursor=keyboard_used["yes"]))
    canvas.setAttribute("data-position", v["position"])
    el("status").textContent = v["status"]
    el("status").className = "status" + (" over" if v["over"] else "")
    msg = el("message")
    msg.textContent = v["error"] or v["message"]
    msg.className = "message error" if v["error"] else "message"
    el("undo").disabled = not v["can_undo"] or thinking["active"]
    el("redo").disabled = not v["can_redo"] or thinking["active"]
    el("finish").disabled = not v["can_finish"]
    el("cancel-chain").disabled = not v["chain"]
    el("position-string").value = v["position"]
    render_moves(v)
    if v["announcement"] and rendered["live"] != v["announcement"]:
        rendered["live"] = v["announcement"]
        el("live").textContent = v["announcement"]
    el("mode-label").textContent = (
        f"vs computer (computer plays {ctl.computer_side})" if ctl.mode == "computer" else "two players")
    sync_computer_controls()


def moves_html(v) -> str:
    """The move list's items: a button per ply (every text escaped)."""
    rows = []
    for row in v["moves"]:
        plies = "".join(
            f'<button class="ply{" current" if ply == v["ply"] else ""}" type="button" data-ply="{ply}" '
            f'aria-label="Show the position after move {ply}, {escape(text)}">{escape(text)}</button>'
            for ply, text in row["plies"])
        rows.append(f'<li><span class="num">{row["number"]}.</span>{plies}</li>')
    return "".join(rows)


rendered = {"moves": None, "live": ""}


def render_moves(v) -> None:
    html = moves_html(v)
    if html != rendered["moves"]:
        rendered["moves"] = html
        el("moves").innerHTML = html
        el("moves").scroll_into_view(".current")


def refresh() -> None:
    draw()
    save()
    if ctl.computer_to_move() and not thinking["active"]:
        spawn(computer_move())


# ---------------------------------------------------------------- the computer (in the worker)


async def run_search(label: str, level: str) -> str | None:
    """Run the engine on the current position, in slices; the best move, or None.

    Shows ``label`` with the search's progress; "Move now" takes the best move
    found so far, "Stop" gives up (``thinking["stop"]``).  Between slices the
    worker answers the page's events.
    """
    thinking.update(active=True, stop=False, move_now=False)
    el("thinking").hidden = False
    el("thinking-text").textContent = label
    draw()
    if ctl.variant == "2D":
        spec = {"kind": "computer-2d", "position": str(ctl.position), "level": level}
    else:
        spec = {"kind": "computer-1d", "position": str(ctl.position)}
    best = None
    runner = Runner()
    try:
        runner.begin(json.dumps(spec))
        await flush_now()
        while True:
            if thinking["stop"]:
                break
            r = json.loads(runner.step(SLICE_MS))
            best = r.get("best") or best
            if r.get("depth") is not None:
                el("thinking-text").textContent = (
                    f"{label} depth {r['depth']}, {r['progress'][0]:,} positions, best {best}")
            if r.get("error"):
                ctl.error = f"The engine failed: {r['error']}"
                return None
            if r.get("done") or (thinking["move_now"] and best):
                break
            await flush_now()
    finally:
        runner.stop()
        thinking["active"] = False
        el("thinking").hidden = True
    return None if thinking["stop"] else best


async def computer_move() -> None:
    position = str(ctl.position)
    best = await run_search("The computer is thinking…", ctl.level)
    if best and str(ctl.position) == position and ctl.computer_to_move():
        ctl.play_text(best)
    elif ctl.error:  # the engine failed: hand the game back rather than retrying for ever
        error = ctl.error
        ctl.set_computer(None)
        ctl.error = error
    elif thinking["stop"] == "user":
        ctl.set_computer(None)
        ctl.message = "Stopped. The computer is off; you play both sides."
    refresh()


async def hint() -> None:
    position = str(ctl.position)
    thinking["purpose"] = "hint"
    try:
        best = await run_search("Looking for the best move…", "hard")  # a hint is the best move: no noise
    finally:
        thinking["purpose"] = None
    if best and str(ctl.position) == position:
        ctl.show_hint(best)
    elif thinking["stop"] and str(ctl.position) == position:
        ctl.message = "Hint cancelled."
    refresh()  # the computer may be due to move (the user moved while the hint was searched)


def on_hint(event) -> None:
    if thinking["active"] or ctl.position.winner or ctl.game.result != "*":
        return
    spawn(hint())


def on_computer_change(event) -> None:
    if thinking["active"]:
        thinking["stop"] = "changed"  # whatever is being searched is for the old setting
    ctl.set_computer(str(el("computer-side").value) or None, str(el("computer-level").value))
    refresh()


def sync_computer_controls() -> None:
    """The side and level menus show the controller's state (sides depend on 2D or 1D)."""
    sel = el("computer-side")
    sides = tuple(ctl.sides)
    if rendered.get("sides") != sides:
        rendered["sides"] = sides
        sel.set_options([("", "nobody")] + [(side, side_name(side)) for side in sides])
    sel.value = ctl.computer_side or ""
    el("computer-level").value = ctl.level
    el("computer-level").disabled = ctl.variant != "2D"
    el("hint").disabled = thinking["active"] or bool(ctl.position.winner) or ctl.game.result != "*"


# ---------------------------------------------------------------- events

keyboard_used = {"yes": False}
drag = {"start": None}


def canvas_target(event):
    rect = canvas.getBoundingClientRect()
    x, y = float(event.clientX - rect.left), float(event.clientY - rect.top)
    return layout().hit(x, y)


def on_pointerdown(event) -> None:
    if event.button != 0:
        return
    keyboard_used["yes"] = False
    if thinking["purpose"] == "hint":
        thinking["stop"] = "changed"  # playing a move cancels the hint being searched
    t = canvas_target(event)
    drag["start"] = t
    ctl.click(t)
    refresh()


def on_pointerup(event) -> None:
    t = canvas_target(event)
    start = drag["start"]
    drag["start"] = None
    if start is not None and t is not None and t != start and ctl.chain:
        ctl.click(t)  # dragged the ball onto a landing
        refresh()


def on_key(event) -> None:
    key = str(event.key)
    if event.target.tagName in ("INPUT", "TEXTAREA", "SELECT") and event.target != canvas:
        return
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    if key.startswith("Arrow") or key in ("Enter", " "):
        keyboard_used["yes"] = True
    if event.target != canvas and key not in ("u", "r", "h", "Escape"):
        return
    if key == "h":
        on_hint(event)
        return
    if thinking["active"] and key in ("u", "r"):
        return
    if ctl.key(key):
        event.preventDefault()
        refresh()


def on_moves_click(event) -> None:
    ply = event.target.getAttribute("data-ply")
    if ply and not thinking["active"]:
        ctl.goto(int(ply))
        refresh()


def on_undo(event) -> None:
    ctl.undo()
    refresh()


def on_redo(event) -> None:
    ctl.redo()
    refresh()


def on_finish(event) -> None:
    ctl.finish_chain()
    refresh()


def on_cancel_chain(event) -> None:
    ctl.cancel_chain()
    refresh()


def on_move_now(event) -> None:
    thinking["move_now"] = True


def on_stop(event) -> None:
    thinking["stop"] = "user"


def on_new_game(event) -> None:
    event.preventDefault()
    kind = el("ng-board").value
    mode = el("ng-mode").value
    if kind.startswith("strip-"):
        n = int(kind.split("-")[1])
        ball = (n + 1) // 2
        position = "L_" + "." * (ball - 1) + "*" + "." * (n - ball)
    else:
        from phutball.board import Position
        position = str(Position.start(kind))
    computer = None
    if mode.startswith("computer"):
        human = mode.split("-")[1]  # the side the human plays
        first = position.split("_")[1] if "x" in position.split("_")[0] else position.split("_")[0]
        second = {"O": "X", "X": "O", "L": "R", "R": "L"}[first]
        computer = second if human == "first" else first
        mode = "computer"
    ctl.new_game(position, mode=mode, computer_side=computer)
    el("new-game-dialog").close()
    refresh()


def on_export(event) -> None:
    text = ctl.export_record()
    download("phutball-game.phut", text)
    el("record-text").value = text
    ctl.message = "Game record downloaded (also shown in Import/Export)."
    draw()


def on_import_text(event) -> None:
    event.preventDefault()
    if ctl.import_record(str(el("record-text").value)):
        el("record-dialog").close()
    refresh()
    el("record-error").textContent = ctl.error


def on_import_file(event) -> None:
    if not event.files:
        return
    text = event.files[0]["text"]
    el("record-text").value = text
    if ctl.import_record(str(text)):
        el("record-dialog").close()
    el("record-error").textContent = ctl.error
    refresh()


def on_open_record(event) -> None:
    el("record-text").value = ctl.export_record()
    el("record-error").textContent = ""
    el("record-dialog").showModal()


def on_copy_link(event) -> None:
    base = location_href().split("#")[0]
    copy_text(f"{base}#{ctl.position}")
    ctl.message = "Link copied: it opens this position."
    draw()


def on_hashchange(event) -> None:
    h = location_hash()
    if h and h != str(ctl.position):
        ctl.load_position(h)
        refresh()


def on_resize(event) -> None:
    draw()


def bind() -> None:
    on(canvas, "pointerdown", on_pointerdown)
    on(canvas, "pointerup", on_pointerup)
    on(document, "keydown", on_key)
    on(el("moves"), "click", on_moves_click)
    on(el("undo"), "click", on_undo)
    on(el("redo"), "click", on_redo)
    on(el("finish"), "click", on_finish)
    on(el("cancel-chain"), "click", on_cancel_chain)
    on(el("move-now"), "click", on_move_now)
    on(el("stop"), "click", on_stop)
    on(el("hint"), "click", on_hint)
    on(el("computer-side"), "change", on_computer_change)
    on(el("computer-level"), "change", on_computer_change)
    on(el("new-game"), "click", lambda e: el("new-game-dialog").showModal())
    on(el("ng-cancel"), "click", lambda e: el("new-game-dialog").close())
    on(el("new-game-form"), "submit", on_new_game)
    on(el("export"), "click", on_export)
    on(el("open-record"), "click", on_open_record)
    on(el("record-form"), "submit", on_import_text)
    on(el("record-close"), "click", lambda e: el("record-dialog").close())
    on(el("record-file"), "change", on_import_file)
    on(el("copy-link"), "click", on_copy_link)
    share.bind(lambda: ctl.game)
    on(window, "phutball-theme", on_resize)
    on(window, "hashchange", on_hashchange)
    on(window, "resize", on_resize)


def start() -> None:
    try:
        bind()
        refresh()
    except PhutballError as e:  # should not happen: the controller reports errors itself
        el("message").textContent = str(e)
    ready()


ctl = _initial_controller()
