"""Glue of embed.html when it needs Python, run in the frame's worker: play, replay, views of moves, bad parameters.

It talks to the page only through ``glue/remote.py`` (the worker cannot touch the
DOM).  embedframe.js has already applied the theme, fixed the frame's layout
(its height never depends on Python) and, where it could, drawn the first
picture; this module reads the parameters with :mod:`lab.embedparams` (the only
authority on them), shows a bad one as text via embedframe.js's ``showError``,
and otherwise runs the board: :class:`ReplayController` or the play page's
:class:`PlayController` (nothing is stored), drawn with :mod:`lab.views.diagram`.  Jumps
are animated hop by hop when stepping forward.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from lab.views.diagram import Marks, game_diagram, jump_frames, layout_for
from lab.embed import ReplayController, claim_error_text, goals_line, play_controller
from lab.embedparams import STANDARD_START, STREAK, EmbedParams, ParamError, parse_params
from lab.embedstreak import STREAK_KEY, new_streak, streak_bar, streak_controller, stored_streak
from phutball.errors import PhutballError
from phutball.game import Game, parse_any_position, variant_of
from glue.boardinput import bind_board, bind_grid, bind_move_field, show_grid
from lab.boardgrid import ShownGrid, board_grid, entry_grid, has_grid
from lab.boardwords import COMMANDS, last_move_targets, ply_words, tell
from lab.puzzlelist import daily_puzzle, iso_date, puzzles_from_files
from lab.puzzleboard import PuzzleBoard
from lab.puzzles import PuzzleController
from phutball.puzzles.custom import ClaimError, custom_puzzle
from phutball.puzzles.puzzle import Puzzle
from glue.remote import document, el, emit, flush_now, init_value, location_href, on, pause, ready, spawn, storage, window
from lab.pacing import HOP_SECONDS, STEP_SECONDS
from glue.remote import draw as draw_shapes

canvas = el("board")

state: dict[str, Any] = {"anim": 0}
keyboard = {"used": False}  # a key moved the cursor: it is shown (a click hides it)
grid_view = ShownGrid("board-grid")  # the board as a grid: one to play on (play, puzzle) or to read (view, replay)


def say(text: str) -> None:
    """The frame's live region (what a screen reader says): a move, a command's answer, a verdict."""
    if text:
        el("live").textContent = text


def frame(call: str, *args: Any) -> None:
    """Call embedframe.js's ``phutballFrame`` function ``call`` on the page."""
    emit("phutball-frame", {"call": call, "args": list(args)})


def size() -> tuple[float, float]:
    return max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight))


def paint(shapes: list) -> None:
    draw_shapes("board", shapes)


def show_state(game: Game) -> None:
    """The test hooks and the link to the lab: the position shown and its ply."""
    from urllib.parse import quote
    pos = str(game.position)
    canvas.setAttribute("data-position", pos)
    el("embed").setAttribute("data-ply", str(game.cursor))
    el("open-lab").href = "./index.html#" + quote(pos, safe="")


def set_status(text: str, error: bool = False) -> None:
    status = el("status")
    status.textContent = text
    status.className = "embed-status error" if error else "embed-status"


# ---------------------------------------------------------------- view and replay


def draw_game(game: Game, marks: Marks) -> None:
    w, h = size()
    paint(game_diagram(game, game.cursor, w, h, marks))
    show_state(game)
    if has_grid(game.position):  # read-only: its cells name the points, the last move marked
        show_grid(grid_view, board_grid(game.position, cursor=state.get("cursor"),
                                        last_move=last_move_targets(game)), game.position)


def bind_read_only_grid(game: Callable[[], Game], marks: Marks) -> Callable[[Any], bool]:
    """The grid of a view or replay frame (issue 41): the arrows, Home, End, PageUp and PageDown walk it, b, n, j,
    l and s are said (docs/accessibility.md, "Commands"); nothing is played. Returns the handler of a key
    pressed on a cell: True if it took the key (the frame's own keys are then left alone)."""

    def on_focus(t: Any) -> None:
        state["cursor"] = t
        draw_game(game(), marks)

    cell_key = bind_grid(grid_view, lambda t, touch_cell: None, on_focus=on_focus)

    def key(event: Any) -> bool:
        if event.target.getAttribute("data-point") is None or event.ctrlKey or event.metaKey or event.altKey:
            return False
        name = str(event.key)
        if cell_key(name, event):
            return True
        if name in COMMANDS:
            g = game()
            say(tell(g.position, name, f"Last move: {ply_words(g, g.cursor)}" if g.cursor else ""))
            return True
        return False

    return key


def start_view(params: EmbedParams, marks: Marks) -> None:
    game = params.game()
    grid_key = bind_read_only_grid(lambda: game, marks)
    on(document, "keydown", lambda e: grid_key(e))
    draw_game(game, marks)
    on(window, "resize", lambda e: draw_game(game, marks))
    on(window, "phutball-theme", lambda e: draw_game(game, marks))


def start_replay(params: EmbedParams, marks: Marks) -> None:
    rc = ReplayController(params.game())

    def draw() -> None:
        draw_game(rc.game, marks)
        el("counter").textContent = rc.counter()
        set_status(rc.status())
        for ident, enabled in (("first", rc.ply > 0), ("prev", rc.ply > 0), ("next", rc.ply < rc.total),
                               ("last", rc.ply < rc.total)):
            el(ident).disabled = not enabled

    async def animate(ply: int, token: int) -> None:
        w, h = size()
        for shapes in jump_frames(rc.game, ply, w, h, marks):
            paint(shapes)
            await flush_now()
            await pause(HOP_SECONDS)
            if state["anim"] != token:
                return
        draw()

    def shown(before: int) -> None:
        """After a step: the state at once, said in the live region; a jump forward by one ply is animated hop by
        hop."""
        state["anim"] += 1
        draw()
        say(rc.said())
        if rc.ply == before + 1 and "-" in rc.game.moves[before] and not init_value("reducedMotion", False):
            spawn(animate(rc.ply, state["anim"]))

    def button(where: str) -> Callable[[Any], None]:
        def handler(event) -> None:
            before = rc.ply
            rc.go(where)
            shown(before)
        return handler

    grid_key = bind_read_only_grid(lambda: rc.game, marks)

    def on_key(event) -> None:
        if grid_key(event) or event.ctrlKey or event.metaKey or event.altKey:
            return  # on the grid, the arrows walk it (the step buttons step)
        before = rc.ply
        if rc.key(str(event.key)):
            shown(before)

    for where in ("first", "prev", "next", "last"):
        on(el(where), "click", button(where))
    on(document, "keydown", on_key)
    on(window, "resize", lambda e: draw())
    on(window, "phutball-theme", lambda e: draw())
    draw()


# ---------------------------------------------------------------- play


def start_play(params: EmbedParams, marks: Marks) -> None:
    box: dict[str, Any] = {"ctl": play_controller(params)}

    def draw() -> None:
        ctl = box["ctl"]
        v = ctl.view()
        w, h = size()
        paint(game_diagram(ctl.game, ctl.game.cursor, w, h, marks, chain=v["chain"], landings=v["landings"],
                           cursor=v["cursor"] if keyboard["used"] else None))
        show_state(ctl.game)
        show_grid(grid_view, entry_grid(ctl.entry, last_move=v["last_move"]), ctl.position)
        if v["announcement"] != box.get("said"):
            box["said"] = v["announcement"]
            say(v["announcement"])
        set_status(v["error"] or v["message"] or v["status"], error=bool(v["error"]))
        el("undo").disabled = not v["can_undo"]
        el("redo").disabled = not v["can_redo"]
        el("finish").disabled = not v["can_finish"]
        el("restart").disabled = False

    def on_target(t, touch_cell) -> None:
        box["ctl"].click(t, touch_cell)  # a finger on a small board picks first, then plays
        draw()

    def on_key(key: str, event) -> bool:
        if box["ctl"].key(key):
            draw()
            return True
        return False

    def act(method: str) -> Callable[[Any], None]:
        def handler(event) -> None:
            getattr(box["ctl"], method)()
            draw()
        return handler

    def restart(event) -> None:
        box["ctl"] = play_controller(params)
        draw()

    def play_typed(text: str) -> str:
        """A move typed in the Move field: played through the same checks and MoveEntry as a click."""
        played = box["ctl"].play_typed(text)
        draw()
        return "" if played else box["ctl"].error

    def on_focus(t) -> None:
        box["ctl"].cursor = t
        draw()

    bind_board(canvas, lambda: layout_for(box["ctl"].position, *size()), on_target, on_key=on_key, keyboard=keyboard,
               grid_view=grid_view, on_focus=on_focus, two_touch=True)
    on(el("undo"), "click", act("undo"))
    on(el("redo"), "click", act("redo"))
    on(el("finish"), "click", act("finish_chain"))
    on(el("restart"), "click", restart)
    bind_move_field(lambda text: box["ctl"].preview_typed(text), play_typed)
    on(window, "resize", lambda e: draw())
    on(window, "phutball-theme", lambda e: draw())
    draw()


# ---------------------------------------------------------------- puzzle


def puzzle_of(params: EmbedParams) -> Puzzle | None:
    """The puzzle the parameters name (a shipped one) or set (a teacher's, decided by the engine here).

    None after showing the error box: an unknown id, a position that is not the
    puzzle's, or a teacher's position without the claimed solution.
    """
    if params.puzzle is not None:
        listed = shipped_puzzles(params.puzzle)
        if listed is None:
            return None
        shipped = {p.id: p for p in listed}
        p = shipped.get(params.puzzle)
        if params.puzzle == "daily":  # the puzzle of the reader's day, the same as on the puzzles page
            listed = list(shipped.values())
            try:
                i = daily_puzzle(listed, iso_date(str(init_value("today", ""))))
            except ValueError as e:
                frame("showError", "puzzle", params.puzzle, str(e))
                return None
            p = None if i is None else listed[i]
        if p is None:
            frame("showError", "puzzle", params.puzzle, "no puzzle of the lab has this id")
            return None
        if params.position != STANDARD_START and params.position != str(parse_any_position(p.position)):
            frame("showError", "position", params.position, f"this is not the position of puzzle {params.puzzle}")
            return None
        return p
    try:
        return custom_puzzle(params.position, params.task or "", params.text)
    except ClaimError as e:
        frame("showError", "position", params.position, *claim_error_text(e, params.task or ""))
        return None


def shipped_puzzles(asked: str) -> list[Puzzle] | None:
    """The lab's puzzles (the files embedframe.js fetched); None after showing the error box."""
    try:
        return puzzles_from_files(init_value("puzzleFiles"))
    except (PhutballError, OSError, KeyError, TypeError) as e:
        frame("showError", "puzzle", asked, f"the lab's puzzles could not be read: {e}")
        return None


def puzzle_controller(params: EmbedParams) -> PuzzleController | None:
    """The controller of a puzzle frame: a streak of the lab's puzzles (lab.embedstreak, stored), or the one
    puzzle the parameters name or set; None after showing the error box."""
    if params.puzzle == STREAK:
        listed = shipped_puzzles(STREAK)
        return None if listed is None else streak_controller(listed, storage, random.getrandbits(31))
    puzzle = puzzle_of(params)
    return None if puzzle is None else PuzzleController([puzzle], tells_rating=False)  # nothing stored: no rating


def start_puzzle(ctl: PuzzleController, marks: Marks, streak: bool) -> None:
    """Solve puzzles in the frame: the puzzles page's controller judges every move (one judge); in a
    ``streak``, its streak mode runs them one after another (Next, Start again), stored under STREAK_KEY."""
    box: dict[str, Any] = {"posted": None, "stored": None}

    def post_result() -> None:
        pid = ctl.puzzle.id
        e = ctl.progress.get(pid)
        if e is not None and (pid, e["solved"], e["attempts"]) != box["posted"]:
            box["posted"] = (pid, e["solved"], e["attempts"])
            frame("puzzleResult", pid, e["solved"], e["attempts"])

    async def step_pause() -> None:
        """Between two moves of a refutation or a solution: the last one shown, then the pause."""
        await flush_now()
        await pause(STEP_SECONDS)

    def draw_streak() -> None:
        bar = streak_bar(ctl)
        el("streak-count").textContent = bar.text
        el("streak-next").hidden = not bar.going_on
        el("streak-next").disabled = board.busy or not bar.can_next
        el("streak-again").hidden = bar.going_on
        el("streak-again").disabled = board.busy
        if stored_streak(ctl) != box["stored"]:
            ctl.sync(storage, STREAK_KEY)  # merged with what another frame stored (lab.puzzleledger.save)
            box["stored"] = stored_streak(ctl)

    def draw() -> None:
        v = ctl.view()
        entry = board.played_entry()
        ev = entry.view()
        w, h = size()
        game = ctl.game
        assert game is not None  # a puzzle is open from the frame's start on
        el("task").textContent = ctl.task_prompt()
        el("goals").textContent = goals_line(ctl.puzzle.position)  # as drawn: game_diagram never turns the board
        canvas.setAttribute("data-variant", v["variant"])
        if streak:
            draw_streak()
        paint(game_diagram(game, game.cursor, w, h, marks, chain=ev["chain"], landings=ev["landings"],
                           cursor=ev["armed"] if ev["armed"] is not None else
                           ev["cursor"] if keyboard["used"] else v["hint"]))  # framed as the cursor is
        show_state(game)
        if has_grid(entry.position):
            show_grid(grid_view, entry_grid(entry, last_move=ctl.last_move_marks()), entry.position)
        el("board-grid").hidden = not has_grid(entry.position)
        canvas.setAttribute("data-phase", board.phase())
        status = board.status(framed=True)
        set_status(status.text, error=status.tone == "error")
        busy = board.busy
        el("retry").disabled = busy or not v["can_retry"]
        el("hint").disabled = busy or not v["can_move"]
        el("solution").disabled = busy
        el("pfinish").disabled = busy or not ev["can_finish"]
        lo, at, hi = ctl.review_from or 0, game.cursor, len(game.moves)
        el("step-prev").disabled = busy or not (v["can_step"] and at > lo)
        el("step-next").disabled = busy or not (v["can_step"] and at < hi)

    board = PuzzleBoard(ctl, show=draw, say=say, wait=step_pause, record=post_result)

    def entry_changed() -> None:
        move = board.take_move()
        draw()
        if move is not None:
            spawn(board.submit(move))

    def on_target(t, touch_cell) -> None:
        board.played_entry().click(t, touch_cell=touch_cell)  # on small boards a finger picks first, then plays
        entry_changed()

    def on_key(key: str, event) -> bool:
        if board.busy:
            return False
        if key in COMMANDS and event.target == canvas:  # b, n, j, l, s: said
            say(tell(board.played_entry().position, key, ctl.last_move_words()))
            return True
        if board.step_key(key):
            draw()
            return True
        if ctl.view()["can_move"] and board.played_entry().key(key):
            entry_changed()
            return True
        return False

    def act(fn: Callable[[], Any]) -> Callable[[Any], None]:
        """A button that changes the puzzle or the line shown: a fresh entry, drawn."""
        def handler(event) -> None:
            if board.busy:
                return
            fn()
            board.new_entry()
            draw()
        return handler

    def on_solution(event) -> None:
        if not board.busy:
            board.show_solution()
            spawn(board.play_line())

    def play_typed(text: str) -> str:
        """A move typed in the Move field: entered through the puzzle's MoveEntry, then judged as a click's."""
        refusal = board.enter_typed(text)
        if not refusal:
            entry_changed()
        return refusal

    def on_focus(t) -> None:
        board.played_entry().cursor = t
        draw()

    bind_board(canvas, lambda: layout_for(board.played_entry().position, *size()), on_target, on_key=on_key, two_touch=True,
               enabled=board.can_enter, keyboard=keyboard, grid_view=grid_view, on_focus=on_focus)
    on(el("retry"), "click", act(ctl.retry))
    on(el("hint"), "click", lambda e: None if board.busy else spawn(board.hint()))
    on(el("solution"), "click", on_solution)
    on(el("pfinish"), "click", lambda e: entry_changed() if board.finish() else None)
    bind_move_field(board.preview_typed, play_typed)
    on(el("step-prev"), "click", act(lambda: ctl.step("prev")))
    on(el("step-next"), "click", act(lambda: ctl.step("next")))
    on(el("streak-next"), "click", act(ctl.next))
    on(el("streak-again"), "click", act(lambda: new_streak(ctl, random.getrandbits(31))))
    on(window, "resize", lambda e: draw())
    on(window, "phutball-theme", lambda e: draw())
    draw()


# ---------------------------------------------------------------- start


def fragment() -> str:
    """The URL's fragment as written (the parameters are a query string: not %-decoded here)."""
    return location_href().partition("#")[2]


def run() -> None:
    try:
        params = parse_params(fragment())
    except ParamError as e:
        frame("showError", e.name, str(e.text), e.reason)
        return
    ctl = None
    if params.mode == "puzzle":
        ctl = puzzle_controller(params)
        if ctl is None:
            return
    start_pos = params.game().start if ctl is None else parse_any_position(ctl.puzzle.position)
    variant = variant_of(start_pos)
    frame("takeOver")
    el("embed").setAttribute("data-mode", params.mode)
    el("bar").hidden = params.mode == "view"
    el("replay-controls").hidden = params.mode != "replay"
    el("play-controls").hidden = params.mode != "play"
    el("puzzle-controls").hidden = params.mode != "puzzle"
    if params.puzzle == STREAK:  # (embedframe.js set it too, for the first paint)
        el("embed").setAttribute("data-streak", "")
    canvas.setAttribute("data-variant", variant)
    marks = Marks(params.coords, params.numbers, params.arrows)
    if ctl is not None:
        start_puzzle(ctl, marks, streak=params.puzzle == STREAK)
    else:
        {"view": start_view, "replay": start_replay, "play": start_play}[params.mode](params, marks)
    frame("rendered")


def start() -> None:
    """Called by glue/labboot.py in the frame's worker; always ends ready (the board or a message is shown)."""
    try:
        run()
    except PhutballError as e:  # should not happen: parse_params checked everything
        frame("showError", "link", fragment(), str(e))
    except Exception as e:  # never a frame stuck on "Starting the engine…"
        frame("engineFailed", f"{type(e).__name__}: {e}", True)
    ready()
