"""Glue of embed.html when it needs Python, run in the frame's worker: play, replay, views of moves, bad parameters.

It talks to the page only through ``glue/remote.py`` (the worker cannot touch the
DOM).  embedframe.js has already applied the theme, fixed the frame's layout
(its height never depends on Python) and, where it could, drawn the first
picture; this module opens the frame's mode with :func:`lab.embedmodes.open_frame`
(the parameters read by :mod:`lab.embedparams`, the only authority on them), shows a
bad one as text via embedframe.js's ``showError``, and otherwise wires the mode:
:class:`~lab.embedmodes.ViewMode`, :class:`~lab.embedmodes.ReplayMode`,
:class:`~lab.embedmodes.PlayMode` or :class:`~lab.embedmodes.PuzzleMode` decide what
a click, a key, a typed move or a button does, and what the frame shows and says.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from lab.embedmodes import FrameIO, FrameMode, open_frame
from lab.embedpage import FrameError
from lab.views.diagram import layout_for
from phutball.errors import PhutballError
from glue.boardinput import bind_board, bind_grid, bind_move_field, show_grid
from lab.boardgrid import ShownGrid
from glue.remote import bind, el, emit, init_value, location_href, pause, ready, show, spawn, storage
from glue.remote import draw as draw_shapes

canvas = el("board")
grid_view = ShownGrid("board-grid")  # the board as a grid: one to play on (play, puzzle) or to read (view, replay)
current: dict[str, FrameMode] = {}  # the frame's mode, once open


def say(text: str) -> None:
    """The frame's live region (what a screen reader says): a move, a command's answer, a verdict."""
    el("live").textContent = text


def frame(call: str, *args: Any) -> None:
    """Call embedframe.js's ``phutballFrame`` function ``call`` on the page."""
    emit("phutball-frame", {"call": call, "args": list(args)})


def size() -> tuple[float, float]:
    return max(1.0, float(canvas.clientWidth)), max(1.0, float(canvas.clientHeight))


def paint(shapes: list) -> None:
    draw_shapes("board", shapes)


def draw() -> None:
    """The frame as its mode shows it: the page's properties, the board, its grid (if it has one)."""
    picture = current["mode"].picture(*size())
    show(picture.props)
    paint(picture.shapes)
    if picture.grid is not None:
        show_grid(grid_view, *picture.grid)


def press(act: Callable[[], None]) -> Callable[[Any], None]:
    """A click's handler: the mode's ``act`` (the event is not read)."""
    return lambda event: act()


def bind_reading(mode: Any) -> None:
    """A board to read (view, replay; issue 41): its grid walked by keys, the frame's keys the mode's."""
    cell_key = bind_grid(grid_view, lambda t, touch_cell: None, on_focus=mode.focus)
    bind({("document", "keydown"): lambda e: mode.read_key(str(e.key), e.target.getAttribute("data-point"),
                                                           e.modified(), lambda: cell_key(str(e.key), e))})


def bind_playing(mode: Any) -> None:
    """A board to play on (play, puzzle): the canvas, its grid and the Move field."""
    bind_board(canvas, lambda: layout_for(mode.position(), *size()), mode.target, two_touch=True,
               on_key=lambda key, e: mode.key(key, e.target == canvas), enabled=mode.can_enter,
               keyboard=mode.keyboard, grid_view=grid_view, on_focus=mode.focus)
    bind_move_field(mode.preview_typed, mode.play_typed)


def fragment() -> str:
    """The URL's fragment as written (the parameters are a query string: not %-decoded here)."""
    return location_href().partition("#")[2]


def run() -> None:
    io = FrameIO(draw=draw, say=say, paint=paint, wait=pause, spawn=spawn, size=size,
                 post=lambda *result: frame("puzzleResult", *result), storage=storage,
                 seed=lambda: random.getrandbits(31), reduced_motion=bool(init_value("reducedMotion", False)))
    try:
        mode = open_frame(fragment(), io, init_value("puzzleFiles"), str(init_value("today", "")),
                          init_value("puzzleFacts"))
    except FrameError as e:
        frame("showError", *e.args)
        return
    current["mode"] = mode
    frame("takeOver")
    show(mode.frame_props())
    (bind_playing if mode.plays else bind_reading)(mode)
    bind({**{(b, "click"): press(act) for b, act in mode.buttons().items()},
          ("window", "resize"): press(mode.draw), ("window", "phutball-theme"): press(mode.draw)})
    mode.draw()
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
