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

from lab import embedpage as page
from lab.views.diagram import Marks, game_diagram, jump_frames, layout_for
from lab.embed import ReplayController, play_controller
from lab.embedparams import STREAK, EmbedParams, ParamError, parse_params
from lab.embedstreak import STREAK_KEY, new_streak, stored_streak
from phutball.errors import PhutballError
from phutball.game import Game
from glue.boardinput import bind_board, bind_grid, bind_move_field, show_grid
from lab.boardgrid import ShownGrid, board_grid, entry_grid, has_grid
from lab.boardwords import last_move_targets
from lab.puzzleboard import PuzzleBoard
from lab.puzzles import PuzzleController
from glue.remote import (Event, bind, el, emit, flush_now, init_value, location_href, pause, ready, show, spawn,
                         storage)
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


def said(text: str) -> bool:
    """Say ``text`` in the live region; whether there was something to say."""
    say(text)
    return bool(text)


def frame(call: str, *args: Any) -> None:
    """Call embedframe.js's ``phutballFrame`` function ``call`` on the page."""
    emit("phutball-frame", {"call": call, "args": list(args)})


def size() -> tuple[float, float]:
    return max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight))


def paint(shapes: list) -> None:
    draw_shapes("board", shapes)


def redraws(draw: Callable[[], None]) -> None:
    """Draw again when the frame's size or theme changes."""
    bind({("window", "resize"): lambda e: draw(), ("window", "phutball-theme"): lambda e: draw()})


# ---------------------------------------------------------------- view and replay


def draw_game(game: Game, marks: Marks) -> None:
    w, h = size()
    paint(game_diagram(game, game.cursor, w, h, marks))
    show(page.state_props(game))
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
        if not page.on_cell(event.target.getAttribute("data-point"), event.modified()):
            return False
        return cell_key(str(event.key), event) or said(page.command_said(game(), str(event.key)))

    return key


def start_view(params: EmbedParams, marks: Marks) -> None:
    game = params.game()
    grid_key = bind_read_only_grid(lambda: game, marks)
    bind({("document", "keydown"): lambda e: grid_key(e)})
    draw_game(game, marks)
    redraws(lambda: draw_game(game, marks))


def start_replay(params: EmbedParams, marks: Marks) -> None:
    rc = ReplayController(params.game())

    def draw() -> None:
        draw_game(rc.game, marks)
        show(page.replay_props(rc))

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
        if page.jumped_forward(rc, before) and not init_value("reducedMotion", False):
            spawn(animate(rc.ply, state["anim"]))

    def button(where: str) -> Callable[[Event], None]:
        def handler(event: Event) -> None:
            before = rc.ply
            rc.go(where)
            shown(before)
        return handler

    grid_key = bind_read_only_grid(lambda: rc.game, marks)

    def on_key(event: Event) -> None:
        before = rc.ply  # on the grid, the arrows walk it (the step buttons step)
        if not grid_key(event) and rc.key(str(event.key), event.modified()):
            shown(before)

    bind({**{(where, "click"): button(where) for where in ("first", "prev", "next", "last")},
          ("document", "keydown"): on_key})
    redraws(draw)
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
        show(page.state_props(ctl.game))
        show_grid(grid_view, entry_grid(ctl.entry, last_move=v["last_move"]), ctl.position)
        if v["announcement"] != box.get("said"):
            box["said"] = v["announcement"]
            say(v["announcement"])
        show(page.play_props(v))

    def on_target(t: Any, touch_cell: Any) -> None:
        box["ctl"].click(t, touch_cell)  # a finger on a small board picks first, then plays
        draw()

    def on_key(key: str, event: Event) -> bool:
        if box["ctl"].key(key):
            draw()
            return True
        return False

    def act(method: str) -> Callable[[Event], None]:
        def handler(event: Event) -> None:
            getattr(box["ctl"], method)()
            draw()
        return handler

    def restart(event: Event) -> None:
        box["ctl"] = play_controller(params)
        draw()

    def play_typed(text: str) -> str:
        """A move typed in the Move field: played through the same checks and MoveEntry as a click."""
        played = box["ctl"].play_typed(text)
        draw()
        return "" if played else box["ctl"].error

    def on_focus(t: Any) -> None:
        box["ctl"].cursor = t
        draw()

    bind_board(canvas, lambda: layout_for(box["ctl"].position, *size()), on_target, on_key=on_key, keyboard=keyboard,
               grid_view=grid_view, on_focus=on_focus, two_touch=True)
    bind({("undo", "click"): act("undo"), ("redo", "click"): act("redo"), ("finish", "click"): act("finish_chain"),
          ("restart", "click"): restart})
    bind_move_field(lambda text: box["ctl"].preview_typed(text), play_typed)
    redraws(draw)
    draw()


# ---------------------------------------------------------------- puzzle


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

    def store_streak() -> None:
        """The streak stored when it changed, merged with what another frame stored (lab.puzzleledger.save)."""
        if stored_streak(ctl) != box["stored"]:
            ctl.sync(storage, STREAK_KEY)
            box["stored"] = stored_streak(ctl)

    def draw() -> None:
        entry = board.played_entry()
        w, h = size()
        game = ctl.game
        assert game is not None  # a puzzle is open from the frame's start on
        show(page.puzzle_props(ctl, board, streak))
        if streak:
            store_streak()
        paint(game_diagram(game, game.cursor, w, h, marks, **page.puzzle_marks(ctl, board, keyboard["used"])))
        show(page.state_props(game))
        if has_grid(entry.position):
            show_grid(grid_view, entry_grid(entry, last_move=ctl.last_move_marks()), entry.position)

    board = PuzzleBoard(ctl, show=draw, say=say, wait=step_pause, record=post_result)

    def entry_changed() -> None:
        move = board.take_move()
        draw()
        if move is not None:
            spawn(board.submit(move))

    def on_target(t: Any, touch_cell: Any) -> None:
        board.played_entry().click(t, touch_cell=touch_cell)  # on small boards a finger picks first, then plays
        entry_changed()

    def on_key(key: str, event: Event) -> bool:
        act, words = page.puzzle_key(ctl, board, key, event.target == canvas)  # b, n, j, l, s on the board: said
        say(words)
        {"draw": draw, "entered": entry_changed}.get(act, lambda: None)()
        return bool(act)

    def act(fn: Callable[[], Any]) -> Callable[[Event], None]:
        """A button that changes the puzzle or the line shown: a fresh entry, drawn."""
        def handler(event: Event) -> None:
            if board.busy:
                return
            fn()
            board.new_entry()
            draw()
        return handler

    def on_solution(event: Event) -> None:
        if not board.busy:
            board.show_solution()
            spawn(board.play_line())

    def play_typed(text: str) -> str:
        """A move typed in the Move field: entered through the puzzle's MoveEntry, then judged as a click's."""
        refusal = board.enter_typed(text)
        if not refusal:
            entry_changed()
        return refusal

    def on_focus(t: Any) -> None:
        board.played_entry().cursor = t
        draw()

    bind_board(canvas, lambda: layout_for(board.played_entry().position, *size()), on_target, on_key=on_key, two_touch=True,
               enabled=board.can_enter, keyboard=keyboard, grid_view=grid_view, on_focus=on_focus)
    bind({("retry", "click"): act(ctl.retry), ("hint", "click"): lambda e: None if board.busy else spawn(board.hint()),
          ("solution", "click"): on_solution, ("pfinish", "click"): lambda e: entry_changed() if board.finish() else None,
          ("step-prev", "click"): act(lambda: ctl.step("prev")), ("step-next", "click"): act(lambda: ctl.step("next")),
          ("streak-next", "click"): act(ctl.next),
          ("streak-again", "click"): act(lambda: new_streak(ctl, random.getrandbits(31)))})
    bind_move_field(board.preview_typed, play_typed)
    redraws(draw)
    draw()


# ---------------------------------------------------------------- start


def fragment() -> str:
    """The URL's fragment as written (the parameters are a query string: not %-decoded here)."""
    return location_href().partition("#")[2]


def run() -> None:
    try:
        params = parse_params(fragment())
        ctl = page.puzzle_controller(params, init_value("puzzleFiles"), str(init_value("today", "")), storage,
                                     random.getrandbits(31)) if params.mode == "puzzle" else None
    except ParamError as e:
        frame("showError", e.name, str(e.text), e.reason)
        return
    except page.FrameError as e:
        frame("showError", *e.args)
        return
    frame("takeOver")
    show(page.frame_props(params, ctl))
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
