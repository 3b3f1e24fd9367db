"""What an embed frame shows and says, and what its keys do, in pure Python (``glue/embed.py`` shows it).

The element properties (:mod:`lab.pageprops`) of the frame (its mode, the bars of each mode), of a view
or replay (the counter, the step buttons), of a play frame and of a puzzle frame (the task, the goals,
the buttons, the streak's line); the puzzle a frame's parameters name or set, or why it cannot open
(:class:`FrameError`, shown by embedframe.js's ``showError``); and the keys of a read-only grid and of
a puzzle's board.  Unit-tested in ``tests/test_embedpage.py``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from lab.boardgrid import has_grid
from lab.boardwords import COMMANDS, ply_words, tell
from lab.embed import ReplayController, claim_error_text, goals_line
from lab.embedparams import STANDARD_START, STREAK, EmbedParams
from lab.embedstreak import streak_bar, streak_controller
from lab.pageprops import Props
from lab.play import PlayView
from lab.puzzleboard import PuzzleBoard
from lab.puzzlelist import daily_puzzle, iso_date, known_facts, puzzles_from_files
from lab.puzzles import PuzzleController
from lab.savedstate import Storage
from phutball.errors import PhutballError
from phutball.game import Game, parse_any_position, variant_of
from phutball.puzzles.custom import ClaimError, custom_puzzle
from phutball.puzzles.puzzle import Puzzle

__all__ = ["FrameError", "MODES", "NO_PUZZLE", "command_said", "daily", "frame_props", "has_grid_here",
           "jumped_forward", "on_cell", "play_props", "puzzle_controller", "puzzle_key", "puzzle_marks", "puzzle_of",
           "puzzle_props", "replay_props", "shipped_puzzles", "state_props", "status_props"]

#: The modes of a frame, each with its bar of controls (a view has none).
MODES = ("replay", "play", "puzzle")
#: Why a shipped puzzle's frame cannot open: no puzzle has the id asked.
NO_PUZZLE = "no puzzle of the lab has this id"


class FrameError(Exception):
    """A frame that cannot open: embedframe.js's ``showError`` arguments (the parameter, its value, why, and a
    headline when the parameter's own is not right)."""


def status_props(text: str, error: bool = False) -> Props:
    """The status line under the board: its text, red when it says what went wrong."""
    return {("status", "textContent"): text, ("status", "className"): "embed-status error" if error else "embed-status"}


def state_props(game: Game) -> Props:
    """The test hooks and the link to the lab: the position shown and its ply."""
    pos = str(game.position)
    return {("board", "data-position"): pos, ("embed", "data-ply"): str(game.cursor),
            ("open-lab", "href"): "./index.html#" + quote(pos, safe="")}


def frame_props(params: EmbedParams, ctl: PuzzleController | None) -> Props:
    """The frame taken over by the worker: its mode, the bar of that mode, the board's variant (a puzzle's start,
    else the game's)."""
    start = params.game().start if ctl is None else parse_any_position(ctl.puzzle.position)
    props: Props = {("embed", "data-mode"): params.mode, ("bar", "hidden"): params.mode == "view",
                    ("board", "data-variant"): str(variant_of(start))}
    props.update({(f"{mode}-controls", "hidden"): params.mode != mode for mode in MODES})
    if params.puzzle == STREAK:  # (embedframe.js set it too, for the first paint)
        props[("embed", "data-streak")] = ""
    return props


# ---------------------------------------------------------------- view and replay


def on_cell(point: str | None, modified: bool) -> bool:
    """A key pressed on a cell of the board's grid (``data-point``), without Ctrl, Meta or Alt: the grid's."""
    return point is not None and not modified


def command_said(game: Game, name: str) -> str:
    """What a read-only grid says for a command key (b, n, j, l, s); "" for another key."""
    if name not in COMMANDS:
        return ""
    return tell(game.position, name, f"Last move: {ply_words(game, game.cursor)}" if game.cursor else "")


def replay_props(rc: ReplayController) -> Props:
    """A replay's counter, status line and step buttons."""
    props = {("counter", "textContent"): rc.counter(), **status_props(rc.status())}
    props.update({(b, "disabled"): rc.ply == 0 for b in ("first", "prev")})
    props.update({(b, "disabled"): rc.ply == rc.total for b in ("next", "last")})
    return props


def jumped_forward(rc: ReplayController, before: int) -> bool:
    """The replay stepped one jump forward from ply ``before``: it is animated hop by hop."""
    return rc.ply == before + 1 and "-" in rc.game.moves[before]


# ---------------------------------------------------------------- play


def play_props(v: PlayView) -> Props:
    """A play frame's status line (an error, else a message, else whose move) and its buttons."""
    return {**status_props(v["error"] or v["message"] or v["status"], error=bool(v["error"])),
            ("undo", "disabled"): not v["can_undo"], ("redo", "disabled"): not v["can_redo"],
            ("finish", "disabled"): not v["can_finish"], ("restart", "disabled"): False}


# ---------------------------------------------------------------- puzzle


def puzzle_controller(params: EmbedParams, files: Any, today: str, storage: Storage, seed: int,
                      facts: Any = None) -> PuzzleController:
    """The controller of a puzzle frame: a streak of the lab's puzzles (stored, its order shuffled by ``seed``;
    ``facts``: the ratings and themes the build derived, as the page was handed them), or the one puzzle the
    parameters name or set.  Raises :class:`FrameError` when it cannot open."""
    if params.puzzle == STREAK:
        puzzles = shipped_puzzles(files, STREAK)
        return streak_controller(puzzles, storage, seed, known_facts(facts, puzzles))
    return PuzzleController([puzzle_of(params, files, today)], tells_rating=False)  # nothing stored: no rating


def puzzle_of(params: EmbedParams, files: Any, today: str) -> Puzzle:
    """The puzzle the parameters name (a shipped one, or the reader's daily puzzle) or set (a teacher's, decided
    by the engine here).  Raises :class:`FrameError`: an unknown id, a position that is not the puzzle's, or a
    teacher's position without the claimed solution."""
    if params.puzzle is None:
        try:
            return custom_puzzle(params.position, params.task or "", params.text)
        except ClaimError as e:
            raise FrameError("position", params.position, *claim_error_text(e, params.task or "")) from e
    listed = shipped_puzzles(files, params.puzzle)
    found = daily(listed, params.puzzle, today) if params.puzzle == "daily" else \
        {p.id: p for p in listed}.get(params.puzzle)
    if found is None:
        raise FrameError("puzzle", params.puzzle, NO_PUZZLE)
    if params.position not in (STANDARD_START, str(parse_any_position(found.position))):
        raise FrameError("position", params.position, f"this is not the position of puzzle {params.puzzle}")
    return found


def daily(listed: list[Puzzle], asked: str, today: str) -> Puzzle | None:
    """The puzzle of the reader's day, the same as on the puzzles page (None if there is none)."""
    try:
        i = daily_puzzle(listed, iso_date(today))
    except ValueError as e:
        raise FrameError("puzzle", asked, str(e)) from e
    return None if i is None else listed[i]


def shipped_puzzles(files: Any, asked: str) -> list[Puzzle]:
    """The lab's puzzles (the files embedframe.js fetched); :class:`FrameError` if they cannot be read."""
    try:
        return puzzles_from_files(files)
    except (PhutballError, OSError, KeyError, TypeError) as e:
        raise FrameError("puzzle", asked, f"the lab's puzzles could not be read: {e}") from e


def puzzle_marks(ctl: PuzzleController, board: PuzzleBoard, keyboard: bool) -> dict[str, Any]:
    """The marks of a puzzle's diagram besides the frame's own: the jump being entered, its landings, and the
    point framed (the ball picked, else the keyboard's cursor once a key moved it, else the hint)."""
    ev = board.played_entry().view()
    framed = ev["armed"] if ev["armed"] is not None else ev["cursor"] if keyboard else ctl.view()["hint"]
    return {"chain": ev["chain"], "landings": ev["landings"], "cursor": framed}


def puzzle_props(ctl: PuzzleController, board: PuzzleBoard, streak: bool) -> Props:
    """A puzzle frame: the task and the goals, the phase, the status line, the buttons (none while a move is
    judged or a line played), and in a ``streak`` its count and Next or Start again."""
    v, ev, busy = ctl.view(), board.played_entry().view(), board.busy
    game = ctl.game
    at, hi = (game.cursor, len(game.moves)) if game is not None else (0, 0)
    status = board.status(framed=True)
    props: Props = {
        ("task", "textContent"): ctl.task_prompt(),
        ("goals", "textContent"): goals_line(ctl.puzzle.position),  # as drawn: game_diagram never turns the board
        ("board", "data-variant"): str(v["variant"]), ("board", "data-phase"): board.phase(),
        ("board-grid", "hidden"): not has_grid_here(board),
        **status_props(status.text, error=status.tone == "error"),
        ("retry", "disabled"): busy or not v["can_retry"], ("hint", "disabled"): busy or not v["can_move"],
        ("solution", "disabled"): busy, ("pfinish", "disabled"): busy or not ev["can_finish"],
        ("step-prev", "disabled"): busy or not (v["can_step"] and at > (ctl.review_from or 0)),
        ("step-next", "disabled"): busy or not (v["can_step"] and at < hi)}
    if streak:
        bar = streak_bar(ctl)
        props.update({("streak-count", "textContent"): bar.text, ("streak-next", "hidden"): not bar.going_on,
                      ("streak-next", "disabled"): busy or not bar.can_next, ("streak-again", "hidden"): bar.going_on,
                      ("streak-again", "disabled"): busy})
    return props


def has_grid_here(board: PuzzleBoard) -> bool:
    """The puzzle's board has a grid (a 2D board's, read by screen readers and played by keys)."""
    return has_grid(board.played_entry().position)


def puzzle_key(ctl: PuzzleController, board: PuzzleBoard, key: str, on_board: bool) -> tuple[str, str]:
    """What a key does on a puzzle frame's board: ``("say", words)`` for a command (b, n, j, l, s) pressed on
    the board, ``("draw", "")`` for a step along the line shown, ``("entered", "")`` for a key the move entry
    took; ``("", "")`` when it is not the board's (or the board is busy)."""
    if board.busy:
        return "", ""
    if key in COMMANDS and on_board:
        return "say", tell(board.played_entry().position, key, ctl.last_move_words())
    if board.step_key(key):
        return "draw", ""
    if ctl.view()["can_move"] and board.played_entry().key(key):
        return "entered", ""
    return "", ""

