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

from functools import partial
from typing import Any

from glue import gamerecord, mygames, newgame, share
from glue.jobs import run_job
from lab.views.diagram import Marks, jump_frames, layout_for, natural_size, play_shapes
from lab.playfeel import animated_ply, move_sound, shows_welcome
from lab.views.markup import moves_html, review_graph_svg, review_marks_html, review_summary_html
from lab.jobs import MakeJob, Scheduler, error_text, scripted, search_text
from phutball.ai import HINT_LEVEL
from phutball.errors import PhutballError
from lab.analysispanel import LINK_ENGINE_OFF
from lab.play import RATING_SCALE, level_choices, side_name
from glue.remote import el, location_hash, on, ready, set_hash, spawn, storage, window
from glue.remote import draw as draw_shapes
from glue.boardinput import RELAYOUT, bind_board, bind_move_field, relayout_when_changed, show_grid
from lab.boardgrid import ShownGrid, entry_grid
from glue.remote import copy_text, emit, flush_now, init_value, location_href, pause, share_link
from lab.pacing import HOP_SECONDS
from lab.embedparams import share_params, snippets
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


def layout():
    return layout_for(ctl.position, max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight)),
                      ctl.flipped)


anim = {"token": 0, "running": False}  # the jump being animated (the board's own drawing waits for it)


def feel() -> None:
    """Before drawing a change: the move's sound (if on), and a jump forward animated hop by hop (not
    under prefers-reduced-motion); lab.playfeel decides what the change was."""
    shown, game = rendered.get("shown"), ctl.game
    if shown is None or shown == str(ctl.position):
        return
    ply = game.cursor
    if ctl.sounds and ply >= 1 and str(game.positions[ply - 1]) == shown and move_sound(game, ply):
        emit("phutball-sound", move_sound(game, ply))
    anim["token"] += 1
    anim["running"] = False
    jump = animated_ply(game, shown, rendered.get("entering", False))
    if jump is not None and not init_value("reducedMotion", False):
        anim["running"] = True
        spawn(animate_jump(jump, anim["token"]))


async def animate_jump(ply: int, token: int) -> None:
    """The ball along its path, one hop at a time, each jumped man fading as it is jumped; then the board."""
    lay = layout()
    frames = jump_frames(ctl.game, ply, lay.css_w, lay.css_h, Marks(numbers=False), flipped=ctl.flipped)
    try:
        for shapes in frames:
            if anim["token"] != token or ctl.game.cursor != ply:
                return
            draw_shapes("board", shapes)
            await flush_now()
            await pause(HOP_SECONDS)
        canvas.setAttribute("data-animated", f"{ply}:{len(frames)}")  # for tests: which jump, how many hops
    finally:
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
    canvas.setAttribute("data-variant", v["variant"])  # first: the CSS height of a strip's canvas depends on it
    fit_board()
    lay = layout()
    shapes = play_shapes(ctl.position, v, lay.css_w, lay.css_h, show_cursor=keyboard["used"], flipped=v["flipped"])
    if not anim["running"]:
        draw_shapes("board", shapes)
    rendered["shown"], rendered["entering"] = v["position"], bool(v["chain"])
    canvas.setAttribute("data-position", v["position"])
    canvas.setAttribute("data-flipped", "true" if v["flipped"] else "false")
    show_grid(grid_view, entry_grid(ctl.entry, flipped=v["flipped"], last_move=v["last_move"]), ctl.position)
    el("swap").hidden = not v["can_swap"] or jobs.searching
    el("flip").setAttribute("aria-pressed", "true" if v["flipped"] else "false")
    el("sounds").checked = ctl.sounds
    el("welcome").hidden = not ctl.welcome
    ghosts = " ".join(f"{s['ghost']}:{s['move']}" for s in shapes if s.get("ghost"))
    if rendered.get("ghosts") != ghosts:  # what the ghost moves drawn are (for tests and curious readers)
        rendered["ghosts"] = ghosts
        canvas.setAttribute("data-ghosts", ghosts)
    el("status").textContent = v["status"]
    el("status").className = "status" + (" over" if v["over"] else "")
    draw_result(v)
    msg = el("message")
    msg.textContent = v["error"] or v["message"]
    msg.className = "message error" if v["error"] else "message"
    el("undo").disabled = not v["can_undo"] or jobs.searching
    el("redo").disabled = not v["can_redo"] or jobs.searching
    el("finish").disabled = not v["can_finish"]
    el("cancel-chain").disabled = not v["chain"]
    el("finish").hidden = el("cancel-chain").hidden = not v["chain"]
    el("position-string").value = v["position"]
    render_moves(v)
    if v["announcement"] and rendered["live"] != v["announcement"]:
        rendered["live"] = v["announcement"]
        el("live").textContent = v["announcement"]
    el("restore-line").hidden = not v["lines"] or jobs.searching
    el("restore-game").hidden = v["previous"] is None or jobs.searching
    if v["previous"] is not None:
        el("restore-game").textContent = f"Restore your previous game ({v['previous']} moves)"
    sync_computer_controls()
    draw_analysis(v)
    draw_review(v)


def draw_result(v) -> None:
    """The result panel at the game's end: the result, large, with Rematch, Review and Share."""
    r = v["result"]
    el("result").hidden = r is None
    if r is None:
        rendered["result"] = None
        return
    if rendered.get("result") != r["title"]:  # a new ending: its note (e.g. "Link copied") is for the last one
        rendered["result"] = r["title"]
        el("result-note").textContent = ""
    el("result-title").textContent = r["title"]
    el("result-detail").textContent = r["detail"]
    el("result-review").hidden = not v["analysable"]
    el("result-review").disabled = v["review"]["running"] or jobs.searching


def draw_analysis(v) -> None:
    """The evaluation bar, its text and the principal variation (the Analyse switch)."""
    a = v["analysis"]
    el("analyse").checked = a is not None
    el("analyse").disabled = not v["analysable"]
    el("analysis").hidden = a is None
    if a is None:
        return
    pct = round(a["bar"] * 100)
    if rendered.get("bar") != pct:
        rendered["bar"] = pct
        el("eval-fill").set_style("width", f"{pct}%")
        el("eval-bar").setAttribute("aria-valuenow", pct)
    el("eval-side").textContent = a["side"]
    el("eval-text").textContent = a["text"]
    el("eval-depth").textContent = (f"depth {a['depth']}{'' if a['done'] else '…'}" if a["depth"] is not None
                                    else "")
    el("pv").textContent = " ".join(a["pv"])


def draw_review(v) -> None:
    """The review's progress, its marked moves (buttons) and the Next mistake button."""
    r = v["review"]
    el("review").disabled = r["running"] or jobs.searching or not v["analysable"]
    el("review-panel").hidden = not (r["running"] or r["reviewed"])
    el("review-cancel").hidden = not r["running"]
    el("next-mark").hidden = not r["marks"]
    if r["running"]:
        done, total = r["progress"]
        el("review-status").textContent = f"Reviewing… {done} of {total} moves."
    elif r["reviewed"]:
        n = len(r["marks"])
        el("review-status").textContent = (f"Review: {n} marked {'move' if n == 1 else 'moves'}." if n
                                           else "Review: no mistakes found.")
    html = review_marks_html(r["marks"])
    if rendered.get("marks") != html:
        rendered["marks"] = html
        el("review-marks").innerHTML = html
    graph = review_graph_svg(r["curve"], r["marks"], v["ply"]) if r["reviewed"] and not r["running"] else ""
    if rendered.get("graph") != graph:
        rendered["graph"] = graph
        el("review-graph").innerHTML = graph
        el("review-graph").hidden = not graph
    summary = review_summary_html(r["summary"]) if graph else ""
    if rendered.get("summary") != summary:
        rendered["summary"] = summary
        el("review-summary").innerHTML = summary
        el("review-summary").hidden = not summary


def on_graph_click(event) -> None:
    """A click on the evaluation graph: the position after that many moves."""
    ply = event.target.getAttribute("data-graph-ply")
    if ply is not None and not jobs.searching:
        ctl.goto(int(ply))
        refresh()


rendered: dict[str, Any] = {"moves": None, "live": ""}


def render_moves(v) -> None:
    html = moves_html(v)
    if html != rendered["moves"]:
        rendered["moves"] = html
        el("moves").innerHTML = html
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


async def analyse_loop() -> None:
    """Analyse the position shown until its search is complete; a new position (a move, Undo, a click in
    the move list) restarts it, the switch turned off or a search of higher priority stops it."""
    try:
        while True:
            spec = ctl.analysis_spec()
            if spec is None or jobs.outranked("analysis"):
                return
            position = spec.position

            def report(r, position=position) -> None:
                if ctl.analysis_report(position, r):
                    draw()

            def stale(position=position) -> bool:  # the page's events (a move, the switch) came in meanwhile
                return str(ctl.position) != position or ctl.analysis_spec() is None or jobs.outranked("analysis")

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

    def report(r) -> None:
        ctl.review_report(r)
        ctl.analysis.keep_found(storage)  # the reader's blunders, as puzzles (lab.mistakes)
        draw()

    def stopped() -> bool:
        if jobs.outranked("review") and ctl.review_view()["running"]:
            ctl.cancel_review()
            ctl.message = "Review stopped: the engine is needed for a move."
        return not ctl.review_view()["running"]  # cancelled, or the game changed

    try:
        await run_job(spec, report, stopped)
    finally:
        jobs.finished("review")
        refresh()


def on_analyse(event) -> None:
    ctl.set_analysing(bool(el("analyse").checked))
    refresh()


def on_review(event) -> None:
    if jobs.may_start("review"):
        spawn(review_game())


def on_review_cancel(event) -> None:
    ctl.cancel_review()
    draw()


def on_mark_click(event) -> None:
    ply = event.target.getAttribute("data-mark-ply")
    if ply and not jobs.searching:
        ctl.goto_mark(int(ply))
        refresh()


def on_next_mark(event) -> None:
    if not jobs.searching:
        ctl.next_mark()
        refresh()


# ---------------------------------------------------------------- the computer (in the worker)


async def run_search(label: str, level: str, purpose: str = "move") -> str | None:
    """Run the engine on the current position, in slices; the best move, or None.

    Shows ``label`` with the search's progress; "Move now" takes the best move
    found so far, "Stop" gives up (``jobs.stop``).  Between slices the
    worker answers the page's events.
    """
    jobs.start_search(purpose)
    el("thinking").hidden = False
    el("thinking-text").textContent = label
    draw()
    job: MakeJob = ctl.computer_job(level)
    engine = (init_value("testHooks") or {}).get("engine")
    if engine:  # tests: an engine that answers these reports (a failure, an illegal move ...)
        job = partial(scripted, engine)
    found = {"best": None}

    def report(r) -> None:
        found["best"] = r.get("best") or found["best"]
        text = search_text(label, r, found["best"])
        if text:
            el("thinking-text").textContent = text
        if r.get("error"):
            jobs.error = str(r["error"])

    try:
        last = await run_job(job, report, lambda: jobs.search_should_end(found["best"]))
    finally:
        jobs.end_search()
        el("thinking").hidden = True
    if last is not None and last.get("error"):
        return None
    return jobs.search_answer(found["best"])


async def computer_move() -> None:
    if ctl.computer_swap():  # the pie rule: the first move favours the mover, so the computer takes it
        refresh()
        return
    position = str(ctl.position)
    try:
        best = await run_search("Searching…", ctl.level)  # the status line says the computer is thinking
    except Exception as e:  # whatever went wrong, never leave the page "thinking" nor re-run the search
        best, jobs.error = None, error_text(e)
    if jobs.stop == "user":
        ctl.set_computer(None)
        ctl.message = "Stopped. The computer is off; you play both sides."
    elif jobs.stop or str(ctl.position) != position or not ctl.computer_to_move():
        pass  # the setting or the position changed meanwhile: this answer is for another question
    else:
        ctl.computer_reply(best, jobs.error)  # plays it, or switches the computer off saying why
    refresh()


async def hint() -> None:
    position = str(ctl.position)
    best = await run_search("Looking for the best move…", HINT_LEVEL, "hint")  # a hint is the best move: no noise
    if jobs.error and str(ctl.position) == position:
        ctl.error = f"No hint: the engine failed ({jobs.error[:200]})."
    elif best and str(ctl.position) == position:
        ctl.show_hint(best)
    elif jobs.stop and str(ctl.position) == position:
        ctl.message = "Hint cancelled."
    refresh()  # the computer may be due to move (the user moved while the hint was searched)


def on_hint(event) -> None:
    if jobs.searching or ctl.over:
        return
    if ctl.live_link:
        ctl.error = LINK_ENGINE_OFF
        draw()
        return
    spawn(hint())


def on_computer_change(event) -> None:
    side = str(el("computer-side").value) or None
    if side == ctl.computer_plays and ctl.mode == ("computer" if side else "two-players"):
        ctl.set_level(str(el("computer-level").value))  # a search under way keeps its level: the next move uses it
        draw()
        save()
        return
    jobs.stop_search("changed")  # whatever is being searched is for the old setting
    ctl.set_computer(side, str(el("computer-level").value))
    refresh()


def sync_computer_controls() -> None:
    """The side and level menus show the controller's state (sides depend on 2D or 1D)."""
    sel = el("computer-side")
    sides = tuple(ctl.sides)
    if rendered.get("sides") != sides:
        rendered["sides"] = sides
        sel.set_options([("", "nobody")] + [(side, side_name(side)) for side in sides])
    sel.value = ctl.computer_plays or ""
    el("computer-level").value = ctl.level
    el("computer-level").disabled = not ctl.variant.is_board
    el("hint").disabled = jobs.searching or ctl.over or ctl.live_link
    el("computer-side").disabled = ctl.live_link


# ---------------------------------------------------------------- events

keyboard = {"used": False}  # the cursor is shown once a key moved it, hidden again by a click


def on_target(t, touch_cell) -> None:
    ctl.welcome = False
    jobs.move_played()  # playing a move cancels the hint being searched
    ctl.click(t, touch_cell)  # a finger on a small board picks first, then plays (WCAG 2.5.8)
    refresh()


def on_drag(t) -> None:
    if ctl.chain:
        ctl.click(t)  # dragged the ball onto a landing
        refresh()


def on_key(key: str, event) -> bool:
    if event.target != canvas and key not in ("u", "r", "h", "Escape"):
        return False
    if key == "h":
        on_hint(event)
        return False
    if jobs.searching and key in ("u", "r"):
        return False
    if ctl.key(key):
        refresh()
        return True
    return False


def on_focus(t) -> None:
    """The grid's focus moved (its keys, a Tab into it): the cursor follows it, drawn on the canvas."""
    ctl.cursor = t
    draw()


def on_moves_click(event) -> None:
    ply = event.target.getAttribute("data-ply")
    if ply and not jobs.searching:
        ctl.goto(int(ply))
        refresh()


def on_undo(event) -> None:
    ctl.undo()
    refresh()


def on_redo(event) -> None:
    ctl.redo()
    refresh()


def play_typed(text: str) -> str:
    """A move typed in the Move field: played through the same checks and MoveEntry as a click."""
    ctl.welcome = False
    jobs.move_played()
    played = ctl.play_typed(text)
    refresh()
    return "" if played else ctl.error


def on_finish(event) -> None:
    ctl.finish_chain()
    refresh()


def on_cancel_chain(event) -> None:
    ctl.cancel_chain()
    refresh()


def on_restore_line(event) -> None:
    if not jobs.searching:
        ctl.restore_line()
        refresh()


def on_restore_game(event) -> None:
    if not jobs.searching:
        mygames.restore_previous()
        refresh()


def on_move_now(event) -> None:
    jobs.move_now = True


def on_stop(event) -> None:
    jobs.stop_search("user")


def on_swap(event) -> None:
    if not jobs.searching:
        ctl.swap()
        refresh()  # against the computer, it is now to move


def on_flip(event) -> None:
    ctl.flip()
    draw()
    save()


def on_sounds(event) -> None:
    ctl.sounds = bool(el("sounds").checked)
    save()


def on_welcome_close(event) -> None:
    ctl.welcome = False
    draw()


def on_rematch(event) -> None:
    jobs.stop_search("changed")
    mygames.rematch()
    refresh()


def on_result_share(event) -> None:
    link = snippets(_folder(), share_params(ctl.game, "game")).link
    title = ctl.view()["result"]
    text = f"Phutball: {title['title'] if title else ctl.status()}"

    def shared(answer) -> None:
        el("result-note").textContent = {"shared": "Shared.", "copied": "Link copied: it replays this game.",
                                         "cancelled": ""}.get(str(answer.data), f"Could not copy the link: {link}")

    share_link(link, "Phutball game", text, shared)


def _folder() -> str:
    """The URL of the folder holding the page (embed.html is beside it)."""
    from urllib.parse import urljoin
    return urljoin(location_href(), "./")


def on_copy_position(event) -> None:
    copy_text(str(ctl.position))
    ctl.message = "Position copied."
    draw()


def on_copy_link(event) -> None:
    base = location_href().split("#")[0]
    copy_text(f"{base}#{ctl.position}")
    ctl.message = "Link copied: it opens this position."
    draw()


def on_hashchange(event) -> None:
    h = location_hash()
    if mygames.open_fragment(h):  # a game by link
        refresh()
    elif h and h != str(ctl.position):
        ctl.load_position(h)
        refresh()


def on_resize(event) -> None:
    draw()


def bind() -> None:
    bind_board(canvas, layout, on_target, on_key=on_key, keyboard=keyboard, on_drag=on_drag, grid_view=grid_view,
               on_focus=on_focus, two_touch=True)
    on(el("moves"), "click", on_moves_click)
    on(el("undo"), "click", on_undo)
    on(el("redo"), "click", on_redo)
    on(el("finish"), "click", on_finish)
    bind_move_field(ctl.preview_typed, play_typed)
    on(el("cancel-chain"), "click", on_cancel_chain)
    on(el("move-now"), "click", on_move_now)
    on(el("restore-line"), "click", on_restore_line)
    on(el("restore-game"), "click", on_restore_game)
    on(el("stop"), "click", on_stop)
    on(el("hint"), "click", on_hint)
    on(el("analyse"), "change", on_analyse)
    on(el("review"), "click", on_review)
    on(el("review-cancel"), "click", on_review_cancel)
    on(el("review-marks"), "click", on_mark_click)
    on(el("review-graph"), "click", on_graph_click)
    on(el("next-mark"), "click", on_next_mark)
    on(el("computer-side"), "change", on_computer_change)
    on(el("computer-level"), "change", on_computer_change)
    newgame.bind(lambda: ctl, jobs, refresh)
    on(el("rematch"), "click", on_rematch)
    on(el("swap"), "click", on_swap)
    on(el("flip"), "click", on_flip)
    on(el("sounds"), "change", on_sounds)
    on(el("welcome-close"), "click", on_welcome_close)
    on(el("result-review"), "click", on_review)
    on(el("result-share"), "click", on_result_share)
    on(el("copy-position"), "click", on_copy_position)
    on(window, RELAYOUT, on_resize)
    gamerecord.bind(lambda: ctl, refresh, draw)
    on(el("copy-link"), "click", on_copy_link)
    share.bind(lambda: ctl.game)
    on(window, "phutball-theme", on_resize)
    on(window, "hashchange", on_hashchange)
    on(window, "resize", on_resize)


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
        el("message").textContent = str(e)
    ready()


ctl = initial_controller(storage, mygames.position_link(location_hash()), mygames.site.store)  # saved game, link
ctl.welcome = shows_welcome(ctl.game, location_hash(), ctl.previous)
