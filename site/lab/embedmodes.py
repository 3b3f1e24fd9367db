"""The modes of an embed frame (view, replay, play, puzzle) behind one interface, in pure Python.

``glue/embed.py`` wires every mode the same way: it opens the frame with :func:`open_frame`, shows
what :meth:`FrameMode.picture` computes (the page's properties, the board's shapes, its grid), binds
the mode's buttons (:meth:`FrameMode.buttons`), its board or read-only grid and the Move field to the
mode's methods, and hands it a :class:`FrameIO`: the page's operations the mode needs to draw, say,
animate and store.  What each mode does with a click, a key, a typed move or a button, and what it
says, is decided here (unit-tested in ``tests/test_embedmodes.py``); what it shows is
:mod:`lab.embedpage`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Awaitable, Callable

from lab import embedpage as page
from lab.boardgrid import Grid, board_grid, entry_grid, has_grid
from lab.boardwords import last_move_targets
from lab.embed import ReplayController, play_controller
from lab.embedparams import STREAK, EmbedParams, ParamError, parse_params
from lab.embedstreak import STREAK_KEY, new_streak, stored_streak
from lab.pacing import STEP_SECONDS, hop_by_hop
from lab.pageprops import Props
from lab.play import PlayController
from lab.puzzleboard import PuzzleBoard
from lab.puzzles import PuzzleController
from lab.savedstate import Storage
from lab.views.board import Shape
from lab.views.diagram import Marks, game_diagram, jump_frames
from phutball.game import Game

__all__ = ["FrameIO", "FrameMode", "PlayMode", "Picture", "PuzzleMode", "ReplayMode", "ViewMode", "open_frame"]


@dataclass(frozen=True)
class FrameIO:
    """What a mode does on the page, given by the glue (``glue/embed.py``; a test gives fakes)."""

    draw: Callable[[], None]                  # show the mode's picture (:meth:`FrameMode.picture`)
    say: Callable[[str], None]                # the live region: what a screen reader says
    paint: Callable[[list[Shape]], None]      # the canvas alone: one picture of an animation
    wait: Callable[[float], Awaitable[None]]  # what is drawn sent to the page, then a pause of so many seconds
    spawn: Callable[[Awaitable[None]], None]  # run in the background (an animation, a move judged)
    size: Callable[[], tuple[float, float]]   # the canvas' size
    post: Callable[[str, bool, int], None]    # a puzzle's result, to the page embedding the frame
    storage: Storage                          # a streak's own stored value (lab.embedstreak)
    seed: Callable[[], int]                   # a new streak's order
    reduced_motion: bool = False              # the reader asked for less motion: no jump animated


@dataclass(frozen=True)
class Picture:
    """What the frame shows after a change: the page's properties, the board's shapes, and its grid with the
    position it names (None when the board has none: an Oddish board)."""

    props: Props
    shapes: list[Shape]
    grid: tuple[Grid, Any] | None


def open_frame(fragment: str, io: FrameIO, files: Any, today: str, facts: Any = None) -> FrameMode:
    """The mode the URL's ``fragment`` (its parameters) asks for (``files``, ``facts``: the puzzle files and
    the ratings and themes the build derived, as the frame was handed them).  Raises :class:`lab.embedpage.FrameError`
    with embedframe.js's ``showError`` arguments when the frame cannot open (a bad parameter, no puzzle)."""
    try:
        params = parse_params(fragment)
    except ParamError as e:
        raise page.FrameError(e.name, str(e.text), e.reason) from e
    marks = Marks(params.coords, params.numbers, params.arrows)
    if params.mode == "puzzle":
        ctl = page.puzzle_controller(params, files, today, io.storage, io.seed(), facts)
        return PuzzleMode(io, marks, params, ctl)
    modes: dict[str, type[FrameMode]] = {"view": ViewMode, "replay": ReplayMode, "play": PlayMode}
    return modes[params.mode](io, marks, params)


class FrameMode:
    """A frame's mode: what it shows and what its controls do.  ``plays``: a board to play on (the canvas
    takes clicks and keys, the Move field moves), else a board to read (its grid walked by keys)."""

    plays = False

    def __init__(self, io: FrameIO, marks: Marks, params: EmbedParams) -> None:
        self.io, self.marks, self.params = io, marks, params
        self.keyboard = {"used": False}  # a key moved the cursor: it is shown (a click hides it; glue.boardinput)

    def frame_props(self) -> Props:
        """The frame taken over by the worker (:func:`lab.embedpage.frame_props`)."""
        return page.frame_props(self.params, None)

    def draw(self) -> None:
        """The frame drawn again (after a change, or when its size or theme changed)."""
        self.io.draw()

    def picture(self, w: float, h: float) -> Picture:
        """What the frame shows, on a canvas ``w`` x ``h``."""
        raise NotImplementedError

    def buttons(self) -> dict[str, Callable[[], None]]:
        """The mode's buttons: element id -> what a click does."""
        return {}

    def say(self, text: str) -> None:
        """Say ``text`` in the live region (nothing for "")."""
        if text:
            self.io.say(text)


# ---------------------------------------------------------------- view and replay


class ViewMode(FrameMode):
    """A game shown at its last ply: its grid read by a screen reader and walked by the arrows, Home, End,
    PageUp and PageDown; b, n, j, l and s said (docs/accessibility.md, "Commands"); nothing is played."""

    def __init__(self, io: FrameIO, marks: Marks, params: EmbedParams) -> None:
        super().__init__(io, marks, params)
        self.game: Game = params.game()
        self.cursor: Any = None  # the grid's focus

    def picture(self, w: float, h: float) -> Picture:
        game, pos = self.game, self.game.position
        grid = (board_grid(pos, cursor=self.cursor, last_move=last_move_targets(game)), pos) if has_grid(pos) else None
        return Picture(page.state_props(game), game_diagram(game, game.cursor, w, h, self.marks), grid)

    def focus(self, t: Any) -> None:
        """The grid's focus moved to ``t``."""
        self.cursor = t
        self.draw()

    def read_key(self, name: str, point: str | None, modified: bool, cell_key: Callable[[], bool]) -> bool:
        """A key pressed in the frame (on the cell ``point`` of the grid, if any): the grid's (``cell_key()``,
        glue.boardinput's handler of a key on a cell), else a command said; True if one of them took it."""
        if not page.on_cell(point, modified):
            return False
        if cell_key():
            return True
        words = page.command_said(self.game, name)
        self.say(words)
        return bool(words)


class ReplayMode(ViewMode):
    """A game stepped through by the buttons and keys (:class:`lab.embed.ReplayController`), each step said,
    a jump forward by one ply animated hop by hop."""

    def __init__(self, io: FrameIO, marks: Marks, params: EmbedParams) -> None:
        super().__init__(io, marks, params)
        self.rc = ReplayController(self.game)
        self.anim = 0  # the step last taken: an animation of an older one stops

    def picture(self, w: float, h: float) -> Picture:
        shown = super().picture(w, h)
        return Picture({**shown.props, **page.replay_props(self.rc)}, shown.shapes, shown.grid)

    def buttons(self) -> dict[str, Callable[[], None]]:
        return {where: partial(self.go, where) for where in ("first", "prev", "next", "last")}

    def go(self, where: str) -> None:
        before = self.rc.ply
        self.rc.go(where)
        self.shown(before)

    def read_key(self, name: str, point: str | None, modified: bool, cell_key: Callable[[], bool]) -> bool:
        """On the grid the arrows walk it (the step buttons step); elsewhere they step."""
        before = self.rc.ply
        if super().read_key(name, point, modified, cell_key):
            return True
        return self.rc.key(name, modified) is not None and self.shown(before)

    def shown(self, before: int) -> bool:
        """After a step from ply ``before``: the state at once, said in the live region; a jump forward by one
        ply animated hop by hop."""
        self.anim += 1
        self.draw()
        self.say(self.rc.said())
        if page.jumped_forward(self.rc, before) and not self.io.reduced_motion:
            self.io.spawn(self.animate(self.rc.ply, self.anim))
        return True

    async def animate(self, ply: int, token: int) -> None:
        """The jump to ``ply`` one hop at a time; stopped by a later step (``token`` is then old)."""
        w, h = self.io.size()
        if await hop_by_hop(jump_frames(self.rc.game, ply, w, h, self.marks), self.io.paint, self.io.wait,
                            lambda: self.anim == token):
            self.draw()


# ---------------------------------------------------------------- play

#: What the play frame's buttons do to its controller (the one shown when pressed: Restart makes a new one).
PLAY_BUTTONS: dict[str, Callable[[PlayController], None]] = {
    "undo": lambda c: c.history.undo(), "redo": lambda c: c.history.redo(), "finish": lambda c: c.finish_chain()}


class PlayMode(FrameMode):
    """Two players on one device (the play page's :class:`lab.play.PlayController`; nothing is stored)."""

    plays = True

    def __init__(self, io: FrameIO, marks: Marks, params: EmbedParams) -> None:
        super().__init__(io, marks, params)
        self.ctl = play_controller(params)
        self.announced: str | None = None

    def draw(self) -> None:
        """Drawn; the controller's announcement said when it changed."""
        self.io.draw()
        said = self.ctl.view()["announcement"]
        if said != self.announced:
            self.announced = said
            self.say(said)

    def picture(self, w: float, h: float) -> Picture:
        ctl = self.ctl
        v = ctl.view()
        shapes = game_diagram(ctl.game, ctl.game.cursor, w, h, self.marks, chain=v["chain"], landings=v["landings"],
                              cursor=v["cursor"] if self.keyboard["used"] else None)
        return Picture({**page.state_props(ctl.game), **page.play_props(v)}, shapes,
                       (entry_grid(ctl.state.entry, last_move=v["last_move"]), ctl.position))

    def position(self) -> Any:
        """The position the board takes input on (its layout)."""
        return self.ctl.position

    def can_enter(self) -> bool:
        return True

    def target(self, t: Any, touch_cell: float | None) -> None:
        """A click on ``t`` (a finger on a small board picks first, then plays)."""
        self.ctl.click(t, touch_cell)
        self.draw()

    def key(self, name: str, on_board: bool) -> bool:
        if not self.ctl.key(name):
            return False
        self.draw()
        return True

    def focus(self, t: Any) -> None:
        self.ctl.state.cursor = t
        self.draw()

    def preview_typed(self, text: str) -> tuple[bool, str]:
        return self.ctl.preview_typed(text)

    def play_typed(self, text: str) -> str:
        """A move typed in the Move field: played through the same checks and MoveEntry as a click; why not."""
        played = self.ctl.play_typed(text)
        self.draw()
        return "" if played else self.ctl.state.error

    def buttons(self) -> dict[str, Callable[[], None]]:
        return {**{b: partial(self.act, act) for b, act in PLAY_BUTTONS.items()}, "restart": self.restart}

    def act(self, act: Callable[[PlayController], None]) -> None:
        act(self.ctl)
        self.draw()

    def restart(self) -> None:
        self.ctl = play_controller(self.params)
        self.draw()


# ---------------------------------------------------------------- puzzle


class PuzzleMode(FrameMode):
    """Puzzles solved in the frame: the puzzles page's controller judges every move (one judge), through the
    puzzle board shared with that page (:class:`lab.puzzleboard.PuzzleBoard`); in a streak its streak mode
    runs them one after another (Next, Start again), stored under :data:`lab.embedstreak.STREAK_KEY`."""

    plays = True

    def __init__(self, io: FrameIO, marks: Marks, params: EmbedParams, ctl: PuzzleController) -> None:
        super().__init__(io, marks, params)
        self.ctl, self.streak = ctl, params.puzzle == STREAK
        self.posted: tuple[str, bool, int] | None = None  # the result last posted, the streak last stored
        self.stored: str | None = None
        self.board = PuzzleBoard(ctl, show=self.draw, say=self.say, wait=self.step_pause, record=self.record)

    def frame_props(self) -> Props:
        return page.frame_props(self.params, self.ctl)

    def draw(self) -> None:
        """Drawn; a streak stored when it changed, merged with what another frame stored (lab.puzzleledger)."""
        if self.streak and stored_streak(self.ctl) != self.stored:
            self.ctl.sync(self.io.storage, STREAK_KEY)
            self.stored = stored_streak(self.ctl)
        self.io.draw()

    def picture(self, w: float, h: float) -> Picture:
        ctl, board, entry = self.ctl, self.board, self.board.played_entry()
        game = ctl.game
        assert game is not None  # a puzzle is open from the frame's start on
        shapes = game_diagram(game, game.cursor, w, h, self.marks,
                              **page.puzzle_marks(ctl, board, self.keyboard["used"]))
        grid = (entry_grid(entry, last_move=ctl.last_move_marks()), entry.position) if has_grid(entry.position) \
            else None
        return Picture({**page.puzzle_props(ctl, board, self.streak), **page.state_props(game)}, shapes, grid)

    def record(self) -> None:
        """After a verdict, a line's end, a hint: the puzzle's result posted to the embedding page when it
        changed."""
        pid = self.ctl.puzzle.id
        e = self.ctl.progress.get(pid)
        result = None if e is None else (pid, e["solved"], e["attempts"])
        if result is not None and result != self.posted:
            self.posted = result
            self.io.post(*result)

    async def step_pause(self) -> None:
        """Between two moves of a refutation or a solution: the last one shown, then the pause."""
        await self.io.wait(STEP_SECONDS)

    def position(self) -> Any:
        return self.board.played_entry().position

    def can_enter(self) -> bool:
        return self.board.can_enter()

    def target(self, t: Any, touch_cell: float | None) -> None:
        """A click on ``t`` (on small boards a finger picks first, then plays)."""
        self.board.played_entry().click(t, touch_cell=touch_cell)
        self.entry_changed()

    def entry_changed(self) -> None:
        """The entry changed: drawn, and the move it finished (if any) judged in the background."""
        move = self.board.take_move()
        self.draw()
        if move is not None:
            self.io.spawn(self.board.submit(move))

    def key(self, name: str, on_board: bool) -> bool:
        """A key on the board (:func:`lab.embedpage.puzzle_key`): a command said, a step, a move entered."""
        act, words = page.puzzle_key(self.ctl, self.board, name, on_board)
        self.say(words)
        {"draw": self.draw, "entered": self.entry_changed}.get(act, lambda: None)()
        return bool(act)

    def focus(self, t: Any) -> None:
        self.board.played_entry().cursor = t
        self.draw()

    def preview_typed(self, text: str) -> tuple[bool, str]:
        return self.board.preview_typed(text)

    def play_typed(self, text: str) -> str:
        """A move typed in the Move field: entered through the puzzle's MoveEntry, then judged as a click's."""
        refusal = self.board.enter_typed(text)
        if not refusal:
            self.entry_changed()
        return refusal

    def buttons(self) -> dict[str, Callable[[], None]]:
        ctl = self.ctl
        return {"retry": self.changes(ctl.retry), "hint": self.hint, "solution": self.solution, "pfinish": self.finish,
                "step-prev": self.changes(partial(ctl.step, "prev")),
                "step-next": self.changes(partial(ctl.step, "next")), "streak-next": self.changes(ctl.next),
                "streak-again": self.changes(lambda: new_streak(ctl, self.io.seed()))}

    def changes(self, fn: Callable[[], Any]) -> Callable[[], None]:
        """A button that changes the puzzle or the line shown: a fresh entry, drawn (nothing while busy)."""

        def act() -> None:
            if self.board.busy:
                return
            fn()
            self.board.new_entry()
            self.draw()

        return act

    def hint(self) -> None:
        if not self.board.busy:
            self.io.spawn(self.board.hint())

    def solution(self) -> None:
        if not self.board.busy:
            self.board.show_solution()
            self.io.spawn(self.board.play_line())

    def finish(self) -> None:
        """The Finish button: the jump chain being entered finished (then judged)."""
        if self.board.finish():
            self.entry_changed()
