"""Glue of the puzzle page, run in the page's worker: events -> PuzzleController -> shapes on the canvas.

It talks to the page only through ``glue/remote.py`` (the worker cannot touch the
DOM).  Moves are entered with a :class:`phutball.moveentry.MoveEntry` on the current
position (the same clicks, jump chains and highlighted landings as the play
page); each finished move goes to the puzzle controller, which judges it.
1D judging runs here too, as a sliced job (``lab/jobs.py``): the first move on a
strip solves it whole, 40 ms at a time, and between two slices the worker
answers the page.  The move flow (the entry, the busy state, judging a move, playing
out a refutation or a solution, what the live region says) is :class:`lab.puzzleboard.PuzzleBoard`'s;
this module draws, binds the events and gives it the pause between two moves.

The puzzle files are fetched by the page's JavaScript while Pyodide starts
(it draws the opening puzzle's board from them before the engine is ready)
and handed over at start (``remote.init_value("puzzleFiles")``).
"""

from __future__ import annotations

import random

from glue.jobs import run_job
from lab.jobs import PuzzleCall, PuzzleFunction
from phutball.errors import PhutballError
from glue.boardinput import RELAYOUT, bind_board, bind_move_field, board_shape, relayout_when_changed, show_grid
from lab.boardgrid import ShownGrid, board_grid, entry_grid, has_grid
from lab.boardwords import COMMANDS, tell
from lab.puzzleledger import PROGRESS_KEY, STREAK_KEY, UNSAVED, peek, read_merged
from lab.puzzlelist import iso_date, puzzles_from_files, with_mistakes
from lab.puzzleoracles import Oracle1D
from lab.puzzleboard import PuzzleBoard
from lab.puzzles import PuzzleController
from glue.remote import draw as draw_shapes, el, flush_now, init_value, location_hash, on, ready
from glue.remote import flush, location_href, pause, set_hash, spawn, storage, window
from lab.pacing import STEP_SECONDS
from phutball.game import parse_any_position
from phutball.puzzles.puzzle import Puzzle
from lab.embedparams import puzzle_share_params, snippets
from lab.views.diagram import Marks, frame_shapes, layout_for, natural_size
from lab.puzzledashboard import dashboard_html
from lab.views.markup import answer_html, puzzle_line_html, puzzle_list_html, theme_filters_html

canvas = el("board")
state: dict = {"ctl": None, "board": None, "answer_key": None, "list_html": None,
               "filters_html": None, "themes_ready": False, "dashboard_html": None}
grid_view = ShownGrid("board-grid")  # the board as a grid, for screen readers and the keyboard
keyboard = {"used": False}  # the grid's focus is drawn as the cursor once keys move it (a click hides it)


# ---------------------------------------------------------------- engine calls (sliced, in this worker)


async def engine_call(fn: PuzzleFunction, args: tuple[str, ...]) -> dict:
    """Run one :mod:`phutball.puzzles.judge` call as a sliced job; a strip's first solve shows its progress."""
    def report(r) -> None:
        if r.get("solving") and not r.get("done"):
            el("message").textContent = (f"Checking… (solving every position of the {r['solving']}-square strip "
                                         f"once: {round(100 * float(r.get('fraction') or 0.0))}%)")

    last = await run_job(PuzzleCall(fn, args), report)
    if last is None or last.get("error"):
        raise RuntimeError(last["error"] if last else "stopped")
    return last["result"]


# ---------------------------------------------------------------- loading


def save_progress() -> None:
    """Store the ledger and runs, merged with what another tab stored (lab.puzzleledger.save)."""
    state["ctl"].sync(storage)


# ---------------------------------------------------------------- drawing


def board() -> PuzzleBoard:
    return state["board"]


def say(text: str) -> None:
    el("live").textContent = text


async def step_pause() -> None:
    """Between two moves of a refutation or a solution: the last one shown, then the pause."""
    await flush_now()
    await pause(STEP_SECONDS)


def layout(pos):
    return layout_for(pos, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)))


def relayout_when_the_board_changes(v) -> None:
    """The canvas' CSS size depends on the board (a strip is lower than a 2D board, an Oddish board or a
    compare puzzle has none): when it changes, the page draws again at the new size (glue/boardinput.py)."""
    relayout_when_changed(state, (board_shape(v["variant"], v["position"]), v["positions"] is None))


def draw() -> None:
    ctl: PuzzleController = state["ctl"]
    v = ctl.view()
    entry = board().entry
    canvas.setAttribute("data-variant", v["variant"])  # first: a strip's CSS height depends on it
    canvas.setAttribute("data-position", v["position"])
    canvas.setAttribute("data-phase", board().phase())
    if entry is not None:
        ev = entry.view()
        pos = entry.position
        lay = layout(pos)
        last = ctl.last_move_marks()
        draw_shapes("board", frame_shapes(pos, lay.css_w, lay.css_h, marks=Marks(numbers=False),
                                          landings=ev["landings"], chain=ev["chain"], last_move=last,
                                          hint=v["hint"],
                                          cursor=ev["armed"] if ev["armed"] is not None or not keyboard["used"]
                                          else ev["cursor"]))
        canvas.hidden = False
        if has_grid(pos):
            show_grid(grid_view, entry_grid(entry, last_move=last), pos)
        el("board-grid").hidden = not has_grid(pos)
        el("finish").disabled = board().busy or not ev["can_finish"]
    else:  # a question: its position drawn to look at (a compare puzzle's several are text rows)
        still = parse_any_position(v["position"]) if v["positions"] is None else None
        if still is not None:
            lay = layout(still)
            draw_shapes("board", frame_shapes(still, lay.css_w, lay.css_h, marks=Marks(numbers=False)))
            if has_grid(still):
                show_grid(grid_view, board_grid(still), still)
        canvas.hidden = still is None
        el("board-grid").hidden = still is None or not has_grid(still)
        el("finish").disabled = True
    relayout_when_the_board_changes(v)
    el("puzzle-title").textContent = ("Daily puzzle: " if v["daily"] else "") + v["title"]
    solved = " · ✓ solved" if v["solved"] else ""
    themes = f" · {', '.join(v['themes'])}" if v["themes"] else ""  # this puzzle's: known at once
    el("puzzle-meta").textContent = f"{v['collection']} · {v['source']} · rated {v['puzzle_rating']}{solved}{themes}"
    el("puzzle-task").textContent = ctl.task_prompt()
    status = board().status()
    msg = el("message")
    msg.textContent = status.text
    msg.className = "message" + (f" {status.tone}" if status.tone else "")
    el("legend").textContent = v["legend"]
    render_line(v)
    el("retry").hidden = not v["can_retry"]
    el("hint").disabled = board().busy or not v["can_move"] or v["mode"] == "streak"
    render_runs(v)
    el("moves").textContent = " ".join(v["moves"])
    el("deep-link").href = f"#{v['id']}"
    render_answer(v)
    render_list()
    render_dashboard()
    if location_hash() != v["id"]:
        set_hash(v["id"])


def render_line(v) -> None:
    """A refutation or solution, each move with its side, and the buttons that step through it."""
    ctl: PuzzleController = state["ctl"]
    line = v["line"]
    el("step-controls").hidden = not line
    el("line").innerHTML = puzzle_line_html(line)
    game = ctl.game if line else None  # a line is shown on an open puzzle's game, from review_from
    at, lo = (game.cursor, ctl.review_from or 0) if game is not None else (0, 0)
    hi = len(game.moves) if game is not None else 0
    for ident, enabled in (("step-first", at > lo), ("step-prev", at > lo), ("step-next", at < hi),
                           ("step-last", at < hi)):
        el(ident).disabled = not (v["can_step"] and enabled)


def render_runs(v) -> None:
    """The streak's count and best, the buttons of the runs, the list's filters and what the list shows."""
    ctl: PuzzleController = state["ctl"]
    streak = v["mode"] == "streak"
    el("streak-start").hidden = streak
    el("streak-end").hidden = not streak
    el("streak-status").textContent = (f"Streak: {v['streak']} · best {v['best_streak']}" if streak else
                                       f"Best streak: {v['best_streak']}" if v["best_streak"] else "")
    el("rating").textContent = f"Your puzzle rating: {v['rating']}"
    el("replay-failed").textContent = f"Replay my failed puzzles ({v['failed']})" if v["failed"] else \
        "Replay my failed puzzles"
    el("replay-failed").disabled = v["failed"] == 0 and v["mode"] != "failed"
    note = (f"Your {len(ctl.failed)} failed puzzles" if v["mode"] == "failed" else
            f"Practising your weakest themes: {len(ctl.mix)} puzzles" if v["mode"] == "practise" else
            f"Theme: {next((t['name'] for t in ctl.theme_choices() if t['current']), '')}" if v["theme"] else "")
    el("list-note").hidden = not note
    el("list-note-text").textContent = note
    if state["themes_ready"]:
        html = theme_filters_html(ctl.theme_choices())
        if html != state["filters_html"]:
            state["filters_html"] = html
            el("theme-filters").innerHTML = html


def render_dashboard() -> None:
    """"Your puzzles" (lab.puzzledashboard), drawn again when the ledger changed it."""
    html = dashboard_html(state["ctl"].dashboard())
    if html != state["dashboard_html"]:
        state["dashboard_html"] = html
        el("dashboard").innerHTML = html


def render_list() -> None:
    html, solved, total = puzzle_list_html(state["ctl"].groups())
    if html != state["list_html"]:
        state["list_html"] = html
        el("puzzle-groups").innerHTML = html
    el("solved-count").textContent = f"{solved}/{total} solved"


def render_answer(v) -> None:
    area = el("answer-area")
    kind = v["answer_kind"]
    if kind is None:
        state["answer_key"] = None
        area.hidden = True
        area.innerHTML = ""
        return
    key = f"{v['id']}:{kind}"
    if state["answer_key"] == key:
        return  # keep what the user typed
    state["answer_key"] = key
    area.hidden = False
    area.innerHTML = answer_html(state["ctl"].answer_form())


def refresh() -> None:
    draw()
    save_progress()


# ---------------------------------------------------------------- actions


def background(coro) -> None:
    """Run ``coro`` after this handler, its page updates applied after the handler's own.

    The handler's updates are posted now: a handler's return value and the
    background task's messages reach the page by different routes, so a task
    that finishes at once (a strip already solved) could otherwise be
    overwritten by the "Checking…" it follows.
    """
    flush()
    spawn(coro)


def handle_entry_change() -> None:
    """After a click, a key or a typed move: a finished move is judged in the background (the board busy,
    "Checking…" shown at once)."""
    move = board().take_move()
    draw()
    if move is not None:
        background(board().submit(move))


def can_enter() -> bool:
    return state["board"] is not None and board().can_enter()


def on_target(t, touch_cell) -> None:
    board().played_entry().click(t, touch_cell=touch_cell)  # on small boards a finger picks first, then plays
    handle_entry_change()


def on_key(key: str, event) -> bool:
    if state["board"] is None:
        return False
    entry = board().entry
    ctl = state["ctl"]
    if key in COMMANDS and entry is not None and event.target == canvas:  # b, n, j, l, s: said
        say(tell(entry.position, key, ctl.last_move_words()))
        return True
    if not board().busy and ctl.can_step():
        if board().step_key(key):  # ← → Home End step through a refutation or solution
            draw()
            return True
        return False
    if entry is None or board().busy or event.target != canvas:
        return False
    if entry.key(key):
        handle_entry_change()
        return True
    return False


def on_focus(t) -> None:
    """The grid's focus moved: the entry's cursor follows it (drawn on the canvas)."""
    entry = board().entry
    if entry is not None:
        entry.cursor = t
        draw()


def preview_typed(text: str) -> tuple[bool, str]:
    return board().preview_typed(text)


def play_typed(text: str) -> str:
    """A move typed in the Move field: entered through the puzzle's MoveEntry, then judged as a click's."""
    refusal = board().enter_typed(text)
    if not refusal:
        handle_entry_change()
    return refusal


def on_finish(event) -> None:
    if state["board"] is not None and board().finish():
        handle_entry_change()


def guarded(fn):
    def handler(event):
        if state["board"] is None or board().busy:
            return
        fn(event)
    return handler


@guarded
def on_hint(event) -> None:
    background(board().hint())


@guarded
def on_solution(event) -> None:
    board().show_solution()  # the attempt is recorded (shown: a failure) before the line is played out
    background(board().play_line())


@guarded
def on_retry(event) -> None:
    state["ctl"].retry()
    board().new_entry()
    refresh()


@guarded
def on_restart(event) -> None:
    state["ctl"].restart()
    board().new_entry()
    refresh()


def opened() -> None:
    """After the controller opened a puzzle: a fresh entry and answer form, drawn and stored."""
    board().new_entry()
    state["answer_key"] = None
    refresh()


def open_index(i: int) -> None:
    state["ctl"].choose(i)
    opened()


def acting(method):
    """A button that asks the controller to open a puzzle (or to say why not)."""
    @guarded
    def handler(event) -> None:
        method(state["ctl"])
        opened()
    return handler


on_prev = acting(PuzzleController.previous)
on_next = acting(PuzzleController.next)
on_daily = acting(PuzzleController.open_daily)
on_replay_failed = acting(PuzzleController.replay_failed)
on_streak_end = acting(lambda ctl: ctl.end_streak("you ended it"))
on_streak_start = acting(lambda ctl: ctl.start_streak(random.getrandbits(31)))


@guarded
def on_show_all(event) -> None:
    state["ctl"].show_all()
    refresh()


@guarded
def on_dashboard_click(event) -> None:
    """*Practise these*: a mix of the weakest themes the dashboard names (its ``data-themes``)."""
    if event.target.id != "practise":
        return
    state["ctl"].practise(tuple(str(event.target.getAttribute("data-themes") or "").split(",")))
    opened()


@guarded
def on_theme_click(event) -> None:
    theme = event.target.getAttribute("data-theme")
    if theme is None:
        return
    state["ctl"].set_theme(str(theme))
    opened()


async def derive_themes() -> None:
    """Every puzzle's themes (phutball.puzzles.themes), a few at a time after the page is ready; then the
    list's filters are shown."""
    ctl: PuzzleController = state["ctl"]
    for i in range(len(ctl.puzzles)):
        ctl.themes_of(i)
        if i % 20 == 19:
            await flush_now()
    state["themes_ready"] = True
    draw()


def stepper(where: str):
    @guarded
    def handler(event) -> None:
        if board().step(where):
            draw()
    return handler


@guarded
def on_share(event) -> None:
    from urllib.parse import urljoin
    p = state["ctl"].puzzle
    params = puzzle_share_params(p.id, p.position)
    s = snippets(urljoin(location_href(), "./"), params, height=share_height(p))
    el("share-link").value = s.link
    el("share-iframe").value = s.iframe
    el("share-div").value = s.div
    el("share-open").href = s.link
    el("share-dialog").showModal()


def share_height(p: Puzzle) -> int:
    """The iframe snippet's height at 480 px wide: the board's proportions plus the puzzle bar."""
    w, h = natural_size(parse_any_position(p.position))
    return round(min(480.0, w) * h / w) + 8 + 112


@guarded
def on_list_click(event) -> None:
    idx = event.target.getAttribute("data-index")
    if idx:
        open_index(int(idx))


@guarded
def on_answer_click(event) -> None:
    ctl = state["ctl"]
    t = event.target
    form = ctl.answer_form()  # the question's form as data (phutball.puzzles.tasks.AnswerForm)
    if form is None:
        return
    if t.getAttribute("data-answer"):
        ctl.answer(str(t.getAttribute("data-answer")))
    elif t.id == form.check_id:
        ctl.answer_blanks([str(el(form.field_id(i)).value) for i in range(len(form.fields))])
    else:
        return
    refresh()


def on_hashchange(event) -> None:
    ctl = state["ctl"]
    h = location_hash()
    if ctl is not None and h and h != ctl.puzzle.id and not board().busy:
        if h == "daily":
            ctl.open_daily()
        elif (i := ctl.index_of(h)) is not None:
            ctl.choose(i)
        else:
            ctl.open_id(h)
        opened()


def on_storage(event) -> None:
    """Another tab (the puzzles page, or a streak embed) stored progress: its attempts join this tab's
    ledger, each once (lab.puzzleledger merges by id), and the page shows the replayed rating."""
    ctl: PuzzleController = state["ctl"]
    key = getattr(event, "key", None)
    if ctl is None or key not in (PROGRESS_KEY, STREAK_KEY):
        return
    value = getattr(event, "newValue", None)
    storage.learn(key, value if isinstance(value, str) else None)
    if key == STREAK_KEY:
        ctl.ledger = ctl.ledger.merged(peek(storage, STREAK_KEY).ledger)
    ctl.sync(storage)
    draw()


def on_store_failed(event) -> None:
    """The browser refused to store the progress (host.js): the page keeps it in memory and says so."""
    detail = getattr(event, "detail", None)
    if state["ctl"] is not None and isinstance(detail, dict) and detail.get("key") == PROGRESS_KEY:
        ctl: PuzzleController = state["ctl"]
        if UNSAVED not in ctl.message:  # after what the page was saying (a solution, a verdict)
            ctl.message = f"{ctl.message} {UNSAVED}".strip()
        draw()


def start() -> None:
    on(window, "phutball-theme", lambda e: draw() if state["ctl"] is not None else None)
    try:
        puzzles = puzzles_from_files(init_value("puzzleFiles"))
    except (PhutballError, OSError, ValueError, KeyError, TypeError) as e:
        el("puzzle-title").textContent = "The puzzles could not be loaded"
        el("message").textContent = str(e)
        ready()
        return
    saved, note = read_merged(storage)  # the page's progress, with the streak embed's attempts
    ctl = PuzzleController(with_mistakes(puzzles, saved), ledger=saved.ledger, oracle_1d=Oracle1D(engine_call), runs=saved.runs)
    try:
        ctl.today = iso_date(str(init_value("today", "")))
    except ValueError:
        ctl.today = ""  # no daily puzzle without the reader's date
    state["ctl"] = ctl
    h = location_hash()
    if h == "daily" and ctl.open_daily():
        pass
    elif ctl.resume_streak():  # a streak goes on after a reload
        pass
    elif h:
        ctl.open_id(h)
    if note:
        ctl.message = " ".join(m for m in (ctl.message, note) if m)
    state["board"] = PuzzleBoard(ctl, show=draw, say=say, wait=step_pause, record=save_progress)
    bind_board(canvas, lambda: layout(board().played_entry().position), on_target, on_key=on_key, two_touch=True,
               enabled=can_enter, grid_view=grid_view, on_focus=on_focus, keyboard=keyboard)
    bind_move_field(preview_typed, play_typed)
    on(el("finish"), "click", on_finish)
    on(el("hint"), "click", on_hint)
    on(el("solution"), "click", on_solution)
    on(el("retry"), "click", on_retry)
    on(el("restart"), "click", on_restart)
    on(el("prev"), "click", on_prev)
    on(el("next"), "click", on_next)
    for where in ("first", "prev", "next", "last"):
        on(el(f"step-{where}"), "click", stepper(where))
    on(el("share"), "click", on_share)
    on(el("share-close"), "click", lambda e: el("share-dialog").close())
    on(el("puzzle-groups"), "click", on_list_click)
    on(el("answer-area"), "click", on_answer_click)
    on(window, "hashchange", on_hashchange)
    on(window, "resize", lambda e: draw())
    on(window, RELAYOUT, lambda e: draw())
    on(el("daily"), "click", on_daily)
    on(el("streak-start"), "click", on_streak_start)
    on(el("streak-end"), "click", on_streak_end)
    on(el("replay-failed"), "click", on_replay_failed)
    on(el("show-all"), "click", on_show_all)
    on(el("theme-filters"), "click", on_theme_click)
    on(el("dashboard"), "click", on_dashboard_click)
    on(window, "storage", on_storage)
    on(window, "phutball-store-failed", on_store_failed)
    draw()
    ready()
    spawn(derive_themes())
