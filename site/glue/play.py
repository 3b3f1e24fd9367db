"""Glue of the play page, run in the page's worker: events -> PlayController -> shapes on the canvas.

It talks to the page only through ``glue/remote.py`` (the worker cannot touch the
DOM).  All game logic is in ``lab/play.py`` and the engine; all drawing is
computed by ``lab/views/board.py`` and replayed by ``canvas.js`` on the main thread.
The computer's search runs here too, in slices (``lab/jobs.py``): between two
slices the worker answers clicks (Stop, Move now, the board).  The page's dialogs have
glue modules of their own, bound from :func:`bind`: ``glue/newgame.py`` (New game),
``glue/gamerecord.py`` (the game record) and ``glue/share.py`` (Share / embed).
"""

from __future__ import annotations

from typing import Any, Callable

from glue import gamerecord, mygames, newgame, share
from glue.jobs import run_job
from lab import playpage as page
from lab.views.diagram import Marks, jump_frames, layout_for, play_shapes
from lab.playfeel import shows_welcome
from lab.jobs import Scheduler, error_text
from phutball.ai import HINT_LEVEL
from phutball.errors import PhutballError
from lab.play import RATING_SCALE, level_choices
from glue.remote import (Event, bind as bind_events, el, emit, forget, init_value, location_hash,
                         location_href, pause, ready, set_hash, share_link, show, spawn, storage, copy_text)
from glue.remote import draw as draw_shapes
from glue.boardinput import RELAYOUT, bind_board, bind_move_field, relayout_when_changed, show_grid
from lab.boardgrid import ShownGrid, entry_grid
from lab.pacing import hop_by_hop
from lab import savedgame
from lab.savedgame import initial_controller

canvas = el("board")
grid_view = ShownGrid("board-grid")  # the board as a grid, for screen readers and the keyboard

# ---------------------------------------------------------------- state and persistence


def save() -> None:
    savedgame.save(storage, ctl)
    mygames.changed()  # your games (kept), your rating, a game by link's panel
    set_hash(str(ctl.position))  # the page leaves the address as it is when it names this position already


# One engine job at a time, by priority: the computer's move and the hint (the search) first,
# then a review, then the analysis (lab.jobs.Scheduler).  Each job checks between two slices
# whether a job before it is due, and gives way; the analysis starts again (refresh) after it.
jobs = Scheduler()


# ---------------------------------------------------------------- drawing


def layout() -> Any:
    return layout_for(ctl.position, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)),
                      ctl.state.flipped)


drawn = page.Drawn()  # the position drawn, the jump animated (the board's own drawing waits for it)
memo: dict[str, Any] = {}  # what the operations :func:`show` does not send were last given (see :func:`once`)


def feel() -> None:
    """Before drawing a change: the move's sound (if on), and a jump forward animated hop by hop (not
    under prefers-reduced-motion); lab.playpage.Drawn.feel decides what the change was."""
    f = drawn.feel(ctl, init_value("reducedMotion", False))
    if f.sound:
        emit("phutball-sound", f.sound)
    if f.jump is not None:
        spawn(animate_jump(f.jump, drawn.token))


async def animate_jump(ply: int, token: int) -> None:
    """The ball along its path, one hop at a time, each jumped man fading as it is jumped; then the board."""
    lay = layout()
    frames = jump_frames(ctl.game, ply, lay.css_w, lay.css_h, Marks(numbers=False), flipped=ctl.state.flipped)
    try:
        if await hop_by_hop(frames, lambda shapes: draw_shapes("board", shapes), pause,
                            lambda: drawn.animating(token, ply, ctl.game.cursor)):
            canvas.setAttribute("data-animated", f"{ply}:{len(frames)}")  # for tests: which jump, how many hops
    finally:
        after(drawn.animated(token))


def once(key: str, value: Any, act: Callable[[Any], Any]) -> None:
    """``act(value)`` when ``value`` differs from the last one under ``key``: for what :func:`show` cannot
    send (a menu's options, a scroll)."""
    if memo.get(key) != value:
        memo[key] = value
        act(value)


def draw() -> None:
    v = ctl.view()
    canvas_props = page.canvas_props(v, ctl.position)
    show(canvas_props)  # first: the canvas' CSS size depends on them; when it changes, the page draws again
    relayout_when_changed(memo, canvas_props)
    lay = layout()
    shapes = play_shapes(ctl.position, v, lay.css_w, lay.css_h, show_cursor=keyboard["used"], flipped=v["flipped"])
    if not drawn.running:
        draw_shapes("board", shapes)
    show(drawn.drawn(v))
    show_grid(grid_view, entry_grid(ctl.state.entry, flipped=v["flipped"], last_move=v["last_move"]), ctl.position)
    once("sides", page.computer_sides(ctl), el("computer-side").set_options)  # the variant's (2D or 1D)
    forget(*page.TYPED)  # the person sets these menus: the controller's choice is shown again
    props = page.page_props(ctl, v, jobs.searching, shapes)
    show(props)
    once("moves", props[page.MOVES], lambda html: el("moves").scroll_into_view(".current"))


def refresh() -> None:
    feel()
    save()  # first: what keeping the game says (storage full, old games trimmed) is drawn with the board
    draw()
    after(page.next_job(ctl, jobs))


def keep() -> None:
    """A setting changed (the board turned): drawn, and the game kept with it."""
    draw()
    save()


def after(what: str) -> None:
    """What the page does next, as lab.playpage says (see its "the controls"): refresh, draw, keep, a job
    started (the computer's move, the analysis, a hint), or nothing."""
    {"refresh": refresh, "draw": draw, "keep": keep, "computer": lambda: spawn(computer_move()),
     "analysis": lambda: spawn(analyse_loop()), "hint": lambda: spawn(hint())}.get(what, lambda: None)()


# ---------------------------------------------------------------- analysis and review (in the worker)


async def analyse_loop() -> None:
    """Analyse the position shown until its search is complete; a new position (a move, Undo, a click in
    the move list) restarts it, the switch turned off or a search of higher priority stops it."""
    try:
        while (run := page.analysis_due(ctl, jobs, draw)) is not None:
            if await run_job(run.spec, run.report, run.stale) is not None:  # done (or failed: the analysis is off)
                run.done()
    finally:
        jobs.finished("analysis")


def on_review(event: Any) -> None:
    run = page.review_asked(ctl, jobs, storage, draw)
    draw()
    if run is not None:
        spawn(review_game(run))


async def review_game(run: page.ReviewRun) -> None:
    """Review the whole game in slices, showing progress; the marks go to the move list and the panel."""
    try:
        await run_job(run.spec, run.report, run.stopped)
    finally:
        jobs.finished("review")
        refresh()


# ---------------------------------------------------------------- the computer (in the worker)


async def run_search(label: str, level: str, purpose: str = "move") -> str | None:
    """Run the engine on the current position, in slices; the best move, or None.

    Shows ``label`` with the search's progress; "Move now" takes the best move
    found so far, "Stop" gives up (``jobs.stop``).  Between slices the
    worker answers the page's events.
    """
    jobs.start_search(purpose)
    show(page.thinking_props(label))
    draw()
    search = page.Search(label)
    job = page.engine_job(ctl.computer_job(level), init_value("testHooks"))  # tests: a scripted engine
    try:
        last = await run_job(job, lambda r: show(search.report(r, jobs)), lambda: jobs.search_should_end(search.best))
    finally:
        jobs.end_search()
        show(page.thinking_props(None, shown=False))
    return search.answer(last, jobs)


async def computer_move() -> None:
    if ctl.computer_swap():  # the pie rule: the first move favours the mover, so the computer takes it
        refresh()
        return
    position = str(ctl.position)
    try:
        best = await run_search(page.MOVE_SEARCH, ctl.state.level)  # the status line says the computer is thinking
    except Exception as e:  # whatever went wrong, never leave the page "thinking" nor re-run the search
        best, jobs.error = None, error_text(e)
    page.computer_answered(ctl, jobs, position, best)  # plays it, or switches the computer off saying why
    refresh()


async def warm_up() -> None:
    """The page's warm-up search (``page.warm_up``), in slices, until it ends or any other job starts."""
    job = page.warm_up(ctl, jobs, init_value("testHooks"))
    if job is None:
        return
    jobs.started("warm-up")
    try:
        await run_job(job, lambda report: None, lambda: jobs.outranked("warm-up"))
    finally:
        jobs.finished("warm-up")


async def hint() -> None:
    position = str(ctl.position)
    best = await run_search(page.HINT_SEARCH, HINT_LEVEL, "hint")  # a hint is the best move: no noise
    page.hint_answered(ctl, jobs, position, best)
    refresh()  # the computer may be due to move (the user moved while the hint was searched)


def on_computer_change(event: Event) -> None:
    after(page.computer_menus(ctl, jobs, str(el("computer-side").value), str(el("computer-level").value)))


# ---------------------------------------------------------------- events

keyboard = {"used": False}  # the cursor is shown once a key moved it, hidden again by a click


def on_key(key: str, event: Event) -> bool:
    act = page.key_action(ctl, key, event.target == canvas, jobs.searching)
    if act == "hint":
        after(page.hint_pressed(ctl, jobs.searching))
    if act == "played":
        refresh()
    return act == "played"


def play_typed(text: str) -> str:
    """A move typed in the Move field: played through the same checks and MoveEntry as a click."""
    refusal = page.typed(ctl, jobs, text)
    refresh()
    return refusal


def control(id_: str, c: page.Control) -> Callable[[Event], None]:
    """A control that is one call of the controller (lab.playpage.CONTROLS), then what it says."""
    return lambda event: after(c.press(ctl, jobs.searching, event.target.getAttribute, bool(el(id_).checked)))


def on_rematch(event: Event) -> None:
    jobs.stop_search("changed")
    mygames.rematch()
    refresh()


def on_result_share(event: Event) -> None:
    link, title, text = page.result_share(ctl, location_href())
    share_link(link, title, text, lambda answer: show(page.result_note(str(answer.data), link)))


def copied(text: str, message: str) -> None:
    copy_text(text)
    ctl.state.message = message
    draw()


def on_hashchange(event: Event) -> None:
    if mygames.open_fragment(location_hash()) or page.load_fragment(ctl, location_hash()):  # a game by link
        refresh()


def bind() -> None:
    bind_board(canvas, layout, lambda t, touch_cell: after(page.clicked(ctl, jobs, t, touch_cell)), on_key=on_key,
               keyboard=keyboard, grid_view=grid_view, on_focus=lambda t: after(page.focused(ctl, t)),
               on_drag=lambda t: after(page.dragged(ctl, t)), two_touch=True)
    bind_move_field(ctl.preview_typed, play_typed)
    newgame.bind(lambda: ctl, jobs, refresh)
    gamerecord.bind(lambda: ctl, refresh, draw)
    share.bind(lambda: ctl.game)
    bind_events({(id_, event): control(id_, c) for (id_, event), c in page.CONTROLS.items()})
    bind_events({
        ("restore-game", "click"): control("", page.Button(lambda c: mygames.restore_previous(), waits=True)),
        ("move-now", "click"): lambda e: setattr(jobs, "move_now", True),
        ("stop", "click"): lambda e: jobs.stop_search("user"),
        ("hint", "click"): lambda e: after(page.hint_pressed(ctl, jobs.searching)),
        ("computer-side", "change"): on_computer_change, ("computer-level", "change"): on_computer_change,
        ("review", "click"): on_review, ("result-review", "click"): on_review, ("rematch", "click"): on_rematch,
        ("result-share", "click"): on_result_share,
        ("copy-position", "click"): lambda e: copied(str(ctl.position), page.COPIED_POSITION),
        ("copy-link", "click"): lambda e: copied(page.position_link(location_href(), str(ctl.position)),
                                                 page.COPIED_LINK),
        ("window", RELAYOUT): lambda e: draw(), ("window", "phutball-theme"): lambda e: draw(),
        ("window", "hashchange"): on_hashchange, ("window", "resize"): lambda e: draw()})


def start() -> None:
    try:
        el("computer-level").set_options(level_choices())  # each level with its rating, when measured
        el("ng-level").set_options(level_choices())
        el("computer-level").title = RATING_SCALE
        el("ng-scale").textContent = RATING_SCALE
        mygames.start(lambda: ctl, refresh, lambda: on_review(None), location_hash())
        bind()
        refresh()
    except PhutballError as e:  # should not happen: the controller reports errors itself
        show({("message", "textContent"): str(e)})
    ready()
    spawn(warm_up())  # after the start: a job the page starts (the computer to move, the analysis) goes first


ctl = initial_controller(storage, mygames.position_link(location_hash()), mygames.site.store)  # saved game, link
ctl.state.welcome = shows_welcome(ctl.game, location_hash(), ctl.history.previous)
