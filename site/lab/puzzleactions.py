"""What the puzzles page's events do, in pure Python (``glue/puzzles.py`` binds them and does what they answer).

A click (:func:`click`, by the id of the element bound: :data:`CLICKS`) acts on the board
(:class:`lab.puzzleboard.PuzzleBoard`) and its controller, and answers what the page does next, one of
:data:`FOLLOW_UPS`: nothing, ``draw``, ``refresh`` (draw and store), ``opened`` (another puzzle, or the
same one again: a fresh answer form, drawn and stored), ``entered`` (a move finished: judged in the
background), ``hint`` and ``line`` (the board's hint, or the line it queued, in the background), or
``share`` (the Share dialog).  While the board is busy (a move judged, a line played) no click does
anything.  Also here, answering the same: what a key does (:func:`key_action`), the grid's focus moved (:func:`focus`),
the puzzle a changed link opens (:func:`follow_link`), another tab's progress (:func:`other_tab`) and a
refused write (:func:`store_failed`).
Unit-tested in ``tests/test_puzzleactions.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from lab.boardwords import COMMANDS, tell
from lab.puzzleboard import PuzzleBoard
from lab.puzzleledger import PROGRESS_KEY, STREAK_KEY, UNSAVED, peek
from lab.puzzles import PuzzleController
from lab.savedstate import Storage

__all__ = ["CLICKS", "FOLLOW_UPS", "YOU_ENDED_IT", "Action", "Click", "TabStorage", "answer", "click",
           "focus", "follow_link", "key_action", "opened", "opening", "other_tab", "practise", "store_failed"]

#: What the page does after an event (see the module's doc).
FOLLOW_UPS = ("", "draw", "refresh", "opened", "entered", "hint", "line", "share")
#: Why a streak ended when the reader ended it (its End button).
YOU_ENDED_IT = "you ended it"


@dataclass(frozen=True)
class Click:
    """A click as the page reports it: the clicked element's ``id``, its attributes (``attr(name)``, None when
    it has none), what a form field holds (``value(field id)``), and a ``seed`` (a new streak's order)."""

    id: str
    attr: Callable[[str], object]
    value: Callable[[str], str]
    seed: int = 0


#: A click's action on the board: what the page does next (one of :data:`FOLLOW_UPS`).
Action = Callable[[PuzzleBoard, Click], str]


class TabStorage(Storage, Protocol):
    """The page's storage, which also learns what another tab stored (the window's ``storage`` event)."""

    def learn(self, key: str, value: str | None) -> None: ...


# ---------------------------------------------------------------- clicks


def click(board: PuzzleBoard | None, bound: str, at: Click) -> str:
    """A click in the element ``bound`` (one of :data:`CLICKS`; ``at``: the element clicked, maybe one inside
    it): done, unless the board is busy; what the page does next."""
    if board is None or board.busy:
        return ""
    return CLICKS[bound](board, at)


def opened(board: PuzzleBoard) -> str:
    """The controller opened a puzzle (or said why not): a fresh entry; the page draws it with a fresh answer form."""
    board.new_entry()
    return "opened"


def opening(method: Callable[[PuzzleController], Any]) -> Action:
    """A button that asks the controller to open a puzzle (or to say why not)."""
    def act(board: PuzzleBoard, at: Click) -> str:
        method(board.ctl)
        return opened(board)
    return act


def again(method: Callable[[PuzzleController], Any]) -> Action:
    """A button that takes the board back (Try again, Restart): a fresh entry, ``refresh``."""
    def act(board: PuzzleBoard, at: Click) -> str:
        method(board.ctl)
        board.new_entry()
        return "refresh"
    return act


def stepping(where: str) -> Action:
    """A button stepping through the line shown (``first``, ``prev``, ``next``, ``last``): drawn if it moved."""
    return lambda board, at: "draw" if board.step(where) else ""


def finish(board: PuzzleBoard, at: Click) -> str:
    """The Finish button: the jump chain being entered is a move (``entered``), if the board is the reader's."""
    return "entered" if board.finish() else ""


def solution(board: PuzzleBoard, at: Click) -> str:
    """Show the solution: the attempt is recorded (shown: a failure) before its ``line`` is played out."""
    board.show_solution()
    return "line"


def show_all(board: PuzzleBoard, at: Click) -> str:
    board.ctl.show_all()
    return "refresh"


def pick(board: PuzzleBoard, at: Click) -> str:
    """A puzzle picked in the list (its button's ``data-index``; a click beside the buttons picks none)."""
    index = at.attr("data-index")
    if not index:
        return ""
    board.ctl.choose(int(str(index)))
    return opened(board)


def theme(board: PuzzleBoard, at: Click) -> str:
    """A filter of the list (its ``data-theme``, "" for all; a click beside the buttons chooses none)."""
    chosen = at.attr("data-theme")
    if chosen is None:
        return ""
    board.ctl.set_theme(str(chosen))
    return opened(board)


def streak_start(board: PuzzleBoard, at: Click) -> str:
    """A new streak, its order shuffled by the click's seed."""
    board.ctl.start_streak(at.seed)
    return opened(board)


def answering(board: PuzzleBoard, at: Click) -> str:
    """A click in the answer form (:func:`answer`): ``refresh`` when it answered."""
    return "refresh" if answer(board.ctl, at.attr("data-answer"), at.id, at.value) else ""


def dashboard(board: PuzzleBoard, at: Click) -> str:
    """A click on the dashboard: *Practise these* opens a mix (:func:`practise`)."""
    return opened(board) if practise(board.ctl, at.id, at.attr("data-themes")) else ""


def answer(ctl: PuzzleController, chosen: object, target_id: str, read: Callable[[str], str]) -> bool:
    """A click in a question's answer form: a choice's button (its ``data-answer``, ``chosen``) answers it, the
    Check button answers with the blanks (``read(field id)``: what each holds).  Whether it answered."""
    form = ctl.answer_form()
    if form is None:
        return False
    if chosen:
        ctl.answer(str(chosen))
    elif target_id == form.check_id:
        ctl.answer_blanks([read(form.field_id(i)) for i in range(len(form.fields))])
    else:
        return False
    return True


def practise(ctl: PuzzleController, target_id: str, themes: object) -> bool:
    """A click on the dashboard: *Practise these* (``#practise``) opens a mix of the weakest themes it names
    (its ``data-themes``, comma-separated).  Whether it did."""
    if target_id != "practise":
        return False
    ctl.practise(tuple(str(themes or "").split(",")))
    return True


#: Each element's click, by its id (the page binds every one).
CLICKS: dict[str, Action] = {
    "finish": finish, "hint": lambda board, at: "hint", "solution": solution,
    "retry": again(PuzzleController.retry), "restart": again(PuzzleController.restart),
    "prev": opening(PuzzleController.previous), "next": opening(PuzzleController.next),
    **{f"step-{where}": stepping(where) for where in ("first", "prev", "next", "last")},
    "share": lambda board, at: "share", "puzzle-groups": pick, "answer-area": answering,
    "daily": opening(PuzzleController.open_daily), "streak-start": streak_start,
    "streak-end": opening(lambda ctl: ctl.end_streak(YOU_ENDED_IT)),
    "replay-failed": opening(PuzzleController.replay_failed), "show-all": show_all, "theme-filters": theme,
    "dashboard": dashboard}


# ---------------------------------------------------------------- keys, links, other tabs


def key_action(board: PuzzleBoard | None, key: str, on_board: bool) -> tuple[str, str]:
    """What a key does on the page: ``("say", words)`` for a command (b, n, j, l, s) pressed on the board,
    ``("draw", "")`` for a step along the line shown (the arrows, Home, End: while a line can be stepped
    through, no other key is the board's), ``("entered", "")`` for a key the move entry took on the board
    (none while it is busy); ``("", "")`` when the key is not the board's."""
    if board is None:
        return "", ""
    ctl, entry = board.ctl, board.entry
    if key in COMMANDS and entry is not None and on_board:
        return "say", tell(entry.position, key, ctl.last_move_words())
    if not board.busy and ctl.can_step():
        return ("draw", "") if board.step_key(key) else ("", "")
    if entry is None or board.busy or not on_board:
        return "", ""
    return ("entered", "") if entry.key(key) else ("", "")


def follow_link(board: PuzzleBoard, fragment: str) -> str:
    """The URL's fragment changed to another puzzle than the one shown (not while the board is busy): the daily
    puzzle, a puzzle of the list (picked: it leaves a streak), or the puzzle of that id, ``opened``."""
    ctl = board.ctl
    if not fragment or fragment == ctl.puzzle.id or board.busy:
        return ""
    if fragment == "daily":
        ctl.open_daily()
    elif (i := ctl.index_of(fragment)) is not None:
        ctl.choose(i)
    else:
        ctl.open_id(fragment)
    return opened(board)


def focus(board: PuzzleBoard, t: Any) -> str:
    """The board's grid moved its focus to ``t``: the entry's cursor follows it, ``draw`` (a question's board
    has no entry: nothing)."""
    if board.entry is None:
        return ""
    board.entry.cursor = t
    return "draw"


def other_tab(ctl: PuzzleController, storage: TabStorage, key: object, value: object) -> str:
    """Another tab (the puzzles page, or a streak embed) stored progress under ``key``: its attempts join this
    tab's ledger, each once (:mod:`lab.puzzleledger` merges by id), stored merged, and the page is drawn with
    the replayed rating (``draw``; another key: nothing)."""
    if key not in (PROGRESS_KEY, STREAK_KEY):
        return ""
    storage.learn(str(key), value if isinstance(value, str) else None)
    if key == STREAK_KEY:
        ctl.ledger = ctl.ledger.merged(peek(storage, STREAK_KEY).ledger)
    ctl.sync(storage)
    return "draw"


def store_failed(ctl: PuzzleController, detail: object) -> str:
    """The browser refused to store something (host.js's ``detail``): if the progress, the page keeps it in
    memory and says so, once, after what it was saying (a solution, a verdict): ``draw``."""
    if not isinstance(detail, dict) or detail.get("key") != PROGRESS_KEY:
        return ""
    if UNSAVED not in ctl.message:
        ctl.message = f"{ctl.message} {UNSAVED}".strip()
    return "draw"
