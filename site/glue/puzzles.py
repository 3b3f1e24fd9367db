"""Glue of the puzzle page, run in the page's worker: events -> PuzzleController -> shapes on the canvas.

It talks to the page only through ``glue/remote.py`` (the worker cannot touch the
DOM).  Moves are entered with a :class:`phutball.moveentry.MoveEntry` on the current
position (the same clicks, jump chains and highlighted landings as the play
page); each finished move goes to the puzzle controller, which judges it.
1D judging runs here too, as a sliced job (``lab/jobs.py``): the first move on a
strip solves it whole, 40 ms at a time, and between two slices the worker
answers the page.  The move flow (the entry, the busy state, judging a move, playing
out a refutation or a solution, what the live region says) is :class:`lab.puzzleboard.PuzzleBoard`'s;
what the page shows is :mod:`lab.puzzlepage`'s, what its events do :mod:`lab.puzzleactions`'; this
module draws, binds the events and gives the board the pause between two moves.

The puzzle files are fetched by the page's JavaScript while Pyodide starts
(it draws the opening puzzle's board from them before the engine is ready)
and handed over at start (``remote.init_value("puzzleFiles")``), with the puzzles' ratings and themes the
build derived (``puzzleFacts``, from ``puzzles/index.json``: lab.puzzlelist.known_facts).
"""

from __future__ import annotations

import random
from typing import Any, Callable

from glue.boardinput import RELAYOUT, bind_board, bind_move_field, board_shape, relayout_when_changed, show_grid
from glue.jobs import run_job
from glue.remote import Event, bind as bind_events, closes, draw as draw_shapes, el, flush, flush_now, forget
from glue.remote import init_value, location_hash, location_href, pause, ready, set_hash, show, spawn, storage
from lab import puzzleactions as actions, puzzlepage as page
from lab.boardgrid import ShownGrid
from lab.jobs import PuzzleCall, PuzzleFunction
from lab.pacing import STEP_SECONDS
from lab.puzzleboard import PuzzleBoard
from lab.puzzlelist import known_facts, puzzles_from_files
from lab.puzzleoracles import Oracle1D
from lab.puzzles import PuzzleController
from lab.views.diagram import layout_for

canvas = el("board")
state: dict[str, Any] = {"ctl": None, "board": None, "themes_ready": False}
grid_view = ShownGrid("board-grid")  # the board as a grid, for screen readers and the keyboard
keyboard = {"used": False}  # the grid's focus is drawn as the cursor once keys move it (a click hides it)


async def engine_call(fn: PuzzleFunction, args: tuple[str, ...]) -> dict[str, Any]:
    """Run one :mod:`phutball.puzzles.judge` call as a sliced job; a strip's first solve shows its progress."""
    return page.call_result(await run_job(PuzzleCall(fn, args), lambda r: show(page.solving_props(r))))


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
    await pause(STEP_SECONDS)


def size() -> tuple[float, float]:
    return max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight))


def draw() -> None:
    """The board (its picture and grid: lab.puzzlepage.picture), then everything around it; the canvas' CSS
    size depends on the board (a strip is lower than a 2D board, a compare puzzle has none): when it changes,
    the page draws again at the new size (glue/boardinput.py)."""
    ctl: PuzzleController = state["ctl"]
    v = ctl.view()
    show(page.board_props(board(), v))  # first: a strip's CSS height depends on its data-variant
    show_picture(page.picture(ctl, board(), v, keyboard["used"], *size()))
    relayout_when_changed(state, (board_shape(v["variant"], v["position"]), v["positions"] is None))
    show(page.page_props(ctl, board(), v, state["themes_ready"]))
    if location_hash() != v["id"]:
        set_hash(v["id"])


def show_picture(picture: page.Picture | None) -> None:
    """The board's shapes on the canvas and its grid beside it (a compare puzzle shows neither)."""
    if picture is None:
        return
    draw_shapes("board", picture.shapes)
    if picture.grid is not None:
        show_grid(grid_view, picture.grid, picture.position)


def refresh() -> None:
    draw()
    save_progress()


# ---------------------------------------------------------------- actions


def background(coro: Any) -> None:
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


def on_target(t: Any, touch_cell: Any) -> None:
    board().played_entry().click(t, touch_cell=touch_cell)  # on small boards a finger picks first, then plays
    handle_entry_change()


def on_key(key: str, event: Event) -> bool:
    act, words = actions.key_action(state["board"], key, event.target == canvas)
    NEXT.get(act, lambda: say(words))()  # "say": a command's words (b, n, j, l, s)
    return bool(act)


def play_typed(text: str) -> str:
    """A move typed in the Move field: entered through the puzzle's MoveEntry, then judged as a click's."""
    refusal = board().enter_typed(text)
    if not refusal:
        handle_entry_change()
    return refusal


def opened() -> None:
    """After the controller opened a puzzle: a fresh answer form (the entry is the board's), drawn and stored."""
    forget(page.ANSWER_FORM)
    refresh()


def share() -> None:
    """The Share dialog, its fields filled again (whatever the reader did to them)."""
    props = page.share_props(state["ctl"].puzzle, location_href())
    forget(*props)
    show(props)
    el("share-dialog").showModal()


#: What the page does after an event, as lab.puzzleactions answers it (its FOLLOW_UPS).
NEXT: dict[str, Callable[[], None]] = {
    "": lambda: None, "draw": draw, "refresh": refresh, "opened": opened, "entered": handle_entry_change,
    "hint": lambda: background(board().hint()), "line": lambda: background(board().play_line()), "share": share}


def clicked(bound: str) -> Callable[[Event], None]:
    """A click in the element ``bound``: lab.puzzleactions.click does it, the page does what it answers."""
    def handler(event: Event) -> None:
        t = event.target
        at = actions.Click(t.id, t.getAttribute, lambda field: str(el(field).value), random.getrandbits(31))
        NEXT[actions.click(state["board"], bound, at)]()
    return handler


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


def on_storage(event: Event) -> None:
    """Another tab (the puzzles page, or a streak embed) stored progress: the page shows the replayed rating."""
    NEXT[actions.other_tab(state["ctl"], storage, getattr(event, "key", None), getattr(event, "newValue", None))]()


def on_store_failed(event: Event) -> None:
    """The browser refused to store the progress (host.js): the page keeps it in memory and says so."""
    NEXT[actions.store_failed(state["ctl"], getattr(event, "detail", None))]()


def bind() -> None:
    """The board and its grid (glue/boardinput.py), the Move field, and a table of the page's other events."""
    bind_board(canvas, lambda: layout_for(board().played_entry().position, *size()), on_target, on_key=on_key,
               two_touch=True, enabled=board().can_enter, grid_view=grid_view, keyboard=keyboard,
               on_focus=lambda t: NEXT[actions.focus(board(), t)]())
    bind_move_field(board().preview_typed, play_typed)
    bind_events({
        **{(bound, "click"): clicked(bound) for bound in actions.CLICKS}, ("share-close", "click"): closes("share-dialog"),
        ("window", "hashchange"): lambda e: NEXT[actions.follow_link(board(), location_hash())](),
        ("window", "resize"): lambda e: draw(), ("window", RELAYOUT): lambda e: draw(),
        ("window", "phutball-theme"): lambda e: draw(), ("window", "storage"): on_storage,
        ("window", "phutball-store-failed"): on_store_failed})


def start() -> None:
    try:
        puzzles = puzzles_from_files(init_value("puzzleFiles"))
    except page.LOAD_ERRORS as e:
        show(page.load_failed(e))
        ready()
        return
    ctl = page.open_page(puzzles, storage, str(init_value("today", "")), location_hash(), Oracle1D(engine_call),
                         known_facts(init_value("puzzleFacts"), puzzles))
    state["ctl"] = ctl
    state["board"] = PuzzleBoard(ctl, show=draw, say=say, wait=step_pause, record=save_progress)
    bind()
    draw()
    ready()
    spawn(derive_themes())
