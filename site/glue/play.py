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
from lab.views.diagram import Marks, jump_frames, layout_for, natural_size, play_shapes
from lab.playfeel import shows_welcome
from lab.jobs import Scheduler, error_text
from phutball.ai import HINT_LEVEL
from phutball.errors import PhutballError
from lab.play import RATING_SCALE, level_choices
from glue.remote import (Event, bind as bind_events, el, emit, flush_now, forget, init_value, location_hash,
                         location_href, pause, ready, set_hash, share_link, show, spawn, storage, copy_text)
from glue.remote import draw as draw_shapes
from glue.boardinput import RELAYOUT, bind_board, bind_move_field, relayout_when_changed, show_grid
from lab.boardgrid import ShownGrid, entry_grid
from lab.pacing import HOP_SECONDS
from lab import savedgame
from lab.savedgame import initial_controller

canvas = el("board")
grid_view = ShownGrid("board-grid")  # the board as a grid, for screen readers and the keyboard

# ---------------------------------------------------------------- state and persistence


def save() -> None:
    savedgame.save(storage, ctl)
    mygames.changed()  # your games (kept), your rating, a game by link's panel
    pos = str(ctl.position)
    if location_hash() != pos:
        set_hash(pos)


# One engine job at a time, by priority: the computer's move and the hint (the search) first,
# then a review, then the analysis (lab.jobs.Scheduler).  Each job checks between two slices
# whether a job before it is due, and gives way; the analysis starts again (refresh) after it.
jobs = Scheduler()


# ---------------------------------------------------------------- drawing


def layout() -> Any:
    return layout_for(ctl.position, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)),
                      ctl.flipped)


anim = {"token": 0, "running": False}  # the jump being animated (the board's own drawing waits for it)


def feel() -> None:
    """Before drawing a change: the move's sound (if on), and a jump forward animated hop by hop (not
    under prefers-reduced-motion); lab.playpage.feel decides what the change was."""
    f = page.feel(ctl, rendered.get("shown"), rendered.get("entering", False), init_value("reducedMotion", False))
    sound(f.sound)
    if not f.changed:
        return
    anim["token"] += 1
    anim["running"] = f.jump is not None
    if f.jump is not None:
        spawn(animate_jump(f.jump, anim["token"]))


def sound(name: str | None) -> None:
    if name:
        emit("phutball-sound", name)


async def animate_jump(ply: int, token: int) -> None:
    """The ball along its path, one hop at a time, each jumped man fading as it is jumped; then the board."""
    lay = layout()
    frames = jump_frames(ctl.game, ply, lay.css_w, lay.css_h, Marks(numbers=False), flipped=ctl.flipped)
    try:
        for shapes in frames:
            if not animating(token, ply):
                return
            draw_shapes("board", shapes)
            await flush_now()
            await pause(HOP_SECONDS)
        canvas.setAttribute("data-animated", f"{ply}:{len(frames)}")  # for tests: which jump, how many hops
    finally:
        animated(token)


def animating(token: int, ply: int) -> bool:
    """The jump ``ply`` animated under ``token`` is still the one to show."""
    return anim["token"] == token and ctl.game.cursor == ply


def animated(token: int) -> None:
    """The animation under ``token`` ended: the board is drawn (unless another one began)."""
    if anim["token"] == token:
        anim["running"] = False
        draw()


def fit_board() -> None:
    """The canvas takes the board's proportions (style.css: --board-aspect), so no gap opens beside it; when
    they change, the page is asked to draw again at the canvas' new size (glue/boardinput.py)."""
    w, h = natural_size(ctl.position)
    aspect = f"{w / h:.4f}"
    if rendered.get("aspect") != aspect:
        rendered["aspect"] = aspect
        canvas.set_style("--board-aspect", aspect)
    relayout_when_changed(rendered, aspect)


def draw() -> None:
    v = ctl.view()
    show({("board", "data-variant"): v["variant"]})  # first: the CSS height of a strip's canvas depends on it
    fit_board()
    lay = layout()
    shapes = play_shapes(ctl.position, v, lay.css_w, lay.css_h, show_cursor=keyboard["used"], flipped=v["flipped"])
    if not anim["running"]:
        draw_shapes("board", shapes)
    rendered["shown"], rendered["entering"] = v["position"], bool(v["chain"])
    show_grid(grid_view, entry_grid(ctl.entry, flipped=v["flipped"], last_move=v["last_move"]), ctl.position)
    result_shown(v)
    computer_sides()
    forget(*page.TYPED)  # the person sets these menus: the controller's choice is shown again
    show(page.page_props(ctl, v, jobs.searching, shapes))
    render_moves(v)
    announce(v["announcement"])
    eval_bar(page.bar_percent(v))


def result_shown(v: Any) -> None:
    """A new ending: the result panel's note (e.g. "Link copied") was for the last one."""
    title = v["result"] and v["result"]["title"]
    if rendered.get("result") != title:
        rendered["result"] = title
        show({("result-note", "textContent"): ""})


def computer_sides() -> None:
    """The menu of the computer's side offers the sides of the game's variant (2D or 1D)."""
    sides = page.computer_sides(ctl)
    if rendered.get("sides") != sides:
        rendered["sides"] = sides
        el("computer-side").set_options(sides)


def announce(text: str) -> None:
    """The live region says what changed (once)."""
    if text and rendered["live"] != text:
        rendered["live"] = text
        el("live").textContent = text


def eval_bar(pct: int | None) -> None:
    if pct is not None and rendered.get("bar") != pct:
        rendered["bar"] = pct
        el("eval-fill").set_style("width", f"{pct}%")


rendered: dict[str, Any] = {"live": ""}


def render_moves(v: Any) -> None:
    props = page.moves_props(v)
    if rendered.get("moves") != props:
        rendered["moves"] = props
        show(props)
        el("moves").scroll_into_view(".current")


def refresh() -> None:
    feel()
    save()  # first: what keeping the game says (storage full, old games trimmed) is drawn with the board
    draw()
    if ctl.computer_to_move() and not jobs.searching:
        spawn(computer_move())
    else:
        start_analysis()


# ---------------------------------------------------------------- analysis and review (in the worker)


def start_analysis() -> None:
    if jobs.may_start("analysis") and ctl.analysis_spec():
        jobs.started("analysis")
        spawn(analyse_loop())


def analysis_due() -> Any:
    """The analysis to run (None: the switch is off, or a search of higher priority runs)."""
    return None if jobs.outranked("analysis") else ctl.analysis_spec()


async def analyse_loop() -> None:
    """Analyse the position shown until its search is complete; a new position (a move, Undo, a click in
    the move list) restarts it, the switch turned off or a search of higher priority stops it."""
    try:
        while (spec := analysis_due()) is not None:
            position = spec.position

            def report(r: Any, position: str = position) -> None:
                if ctl.analysis_report(position, r):
                    draw()

            def stale(position: str = position) -> bool:  # the page's events (a move, the switch) came in meanwhile
                return str(ctl.position) != position or analysis_due() is None

            if await run_job(spec, report, stale) is not None:  # done (or failed: the analysis is then off)
                ctl.analysis_report(position, {"done": True})
                draw()
    finally:
        jobs.finished("analysis")


async def review_game() -> None:
    """Review the whole game in slices, showing progress; the marks go to the move list and the panel."""
    spec = ctl.review_spec()
    if spec is None:
        draw()
        return
    jobs.started("review")
    draw()

    def report(r: Any) -> None:
        ctl.analysis.review_report(r, storage)  # at its end, the reader's blunders kept as puzzles
        draw()

    try:
        await run_job(spec, report, lambda: page.review_stopped(ctl, jobs))
    finally:
        jobs.finished("review")
        refresh()


def on_analyse(event: Event) -> None:
    ctl.set_analysing(bool(el("analyse").checked))
    refresh()


def on_review(event: Any) -> None:
    if jobs.may_start("review"):
        spawn(review_game())


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
        best = await run_search(page.MOVE_SEARCH, ctl.level)  # the status line says the computer is thinking
    except Exception as e:  # whatever went wrong, never leave the page "thinking" nor re-run the search
        best, jobs.error = None, error_text(e)
    page.computer_answered(ctl, jobs, position, best)  # plays it, or switches the computer off saying why
    refresh()


async def hint() -> None:
    position = str(ctl.position)
    best = await run_search(page.HINT_SEARCH, HINT_LEVEL, "hint")  # a hint is the best move: no noise
    page.hint_answered(ctl, jobs, position, best)
    refresh()  # the computer may be due to move (the user moved while the hint was searched)


def on_hint(event: Any) -> None:
    if page.hint_asked(ctl, jobs.searching):
        spawn(hint())
    else:
        draw()


def on_computer_change(event: Event) -> None:
    if page.change_computer(ctl, jobs, str(el("computer-side").value), str(el("computer-level").value)):
        refresh()
    else:
        draw()
        save()


# ---------------------------------------------------------------- events

keyboard = {"used": False}  # the cursor is shown once a key moved it, hidden again by a click


def on_target(t: Any, touch_cell: Any) -> None:
    ctl.welcome = False
    jobs.move_played()  # playing a move cancels the hint being searched
    ctl.click(t, touch_cell)  # a finger on a small board picks first, then plays (WCAG 2.5.8)
    refresh()


def on_drag(t: Any) -> None:
    if ctl.chain:
        ctl.click(t)  # dragged the ball onto a landing
        refresh()


def on_key(key: str, event: Event) -> bool:
    act = page.key_action(ctl, key, event.target == canvas, jobs.searching)
    if act == "hint":
        on_hint(event)
    if act == "played":
        refresh()
    return act == "played"


def on_focus(t: Any) -> None:
    """The grid's focus moved (its keys, a Tab into it): the cursor follows it, drawn on the canvas."""
    ctl.cursor = t
    draw()


def play_typed(text: str) -> str:
    """A move typed in the Move field: played through the same checks and MoveEntry as a click."""
    ctl.welcome = False
    jobs.move_played()
    played = ctl.play_typed(text)
    refresh()
    return "" if played else ctl.error


def goes_to(attr: str, go: Callable[[int], None]) -> Callable[[Event], None]:
    """A click on an element carrying ``attr`` (a move list's, the review's marks, the evaluation graph): ``go``
    to that ply, unless a search runs."""
    def handler(event: Event) -> None:
        ply = event.target.getAttribute(attr)
        if ply and not jobs.searching:
            go(int(ply))
            refresh()
    return handler


def then_draw(act: Callable[[], Any]) -> Callable[[Event], None]:
    """A handler: ``act``, then draw (nothing else changed)."""
    def handler(event: Event) -> None:
        act()
        draw()
    return handler


def unless_searching(act: Any) -> Any:
    """A button's handler: ``act`` then refresh, unless a search runs (the board waits for it)."""
    def handler(event: Event) -> None:
        if not jobs.searching:
            act()
            refresh()
    return handler


def then_refresh(act: Any) -> Any:
    """A button's handler: ``act``, then refresh."""
    def handler(event: Event) -> None:
        act()
        refresh()
    return handler


def on_move_now(event: Event) -> None:
    jobs.move_now = True


def on_flip(event: Event) -> None:
    ctl.flip()
    draw()
    save()


def on_sounds(event: Event) -> None:
    ctl.sounds = bool(el("sounds").checked)
    save()


def on_rematch(event: Event) -> None:
    jobs.stop_search("changed")
    mygames.rematch()
    refresh()


def on_result_share(event: Event) -> None:
    link, title, text = page.result_share(ctl, location_href())
    share_link(link, title, text, lambda answer: show(page.result_note(str(answer.data), link)))


def copied(text: str, message: str) -> None:
    copy_text(text)
    ctl.message = message
    draw()


def on_hashchange(event: Event) -> None:
    if mygames.open_fragment(location_hash()) or page.load_fragment(ctl, location_hash()):  # a game by link
        refresh()


def bind() -> None:
    bind_board(canvas, layout, on_target, on_key=on_key, keyboard=keyboard, on_drag=on_drag, grid_view=grid_view,
               on_focus=on_focus, two_touch=True)
    bind_move_field(ctl.preview_typed, play_typed)
    newgame.bind(lambda: ctl, jobs, refresh)
    gamerecord.bind(lambda: ctl, refresh, draw)
    share.bind(lambda: ctl.game)
    bind_events({
        ("moves", "click"): goes_to("data-ply", lambda ply: ctl.goto(ply)),
        ("undo", "click"): then_refresh(lambda: ctl.undo()), ("redo", "click"): then_refresh(lambda: ctl.redo()),
        ("finish", "click"): then_refresh(lambda: ctl.finish_chain()),
        ("cancel-chain", "click"): then_refresh(lambda: ctl.cancel_chain()), ("move-now", "click"): on_move_now,
        ("restore-line", "click"): unless_searching(lambda: ctl.restore_line()),
        ("restore-game", "click"): unless_searching(mygames.restore_previous),
        ("stop", "click"): lambda e: jobs.stop_search("user"), ("hint", "click"): on_hint,
        ("analyse", "change"): on_analyse, ("review", "click"): on_review,
        ("review-cancel", "click"): then_draw(lambda: ctl.cancel_review()),
        ("review-marks", "click"): goes_to("data-mark-ply", lambda ply: ctl.goto_mark(ply)),
        ("review-graph", "click"): goes_to("data-graph-ply", lambda ply: ctl.goto(ply)),
        ("next-mark", "click"): unless_searching(lambda: ctl.next_mark()),
        ("computer-side", "change"): on_computer_change, ("computer-level", "change"): on_computer_change,
        ("rematch", "click"): on_rematch,
        ("swap", "click"): unless_searching(lambda: ctl.swap()),  # against the computer, it is now to move
        ("flip", "click"): on_flip, ("sounds", "change"): on_sounds,
        ("welcome-close", "click"): then_draw(lambda: setattr(ctl, "welcome", False)),
        ("result-review", "click"): on_review, ("result-share", "click"): on_result_share,
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


ctl = initial_controller(storage, mygames.position_link(location_hash()), mygames.site.store)  # saved game, link
ctl.welcome = shows_welcome(ctl.game, location_hash(), ctl.previous)
