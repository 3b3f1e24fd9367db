"""What the puzzles page shows around its board, in pure Python (``glue/puzzles.py`` shows it: ``glue.remote.show``).

The element properties (:mod:`lab.pageprops`) of the board's canvas and grid (:func:`board_props`; the
picture drawn, :func:`picture`), of the title, the status line, the line shown move by move, the runs
(streak, failed puzzles, a theme), the answer form, the list and the dashboard (:func:`page_props`), made
from :meth:`lab.puzzles.PuzzleController.view` and the board's move flow
(:class:`lab.puzzleboard.PuzzleBoard`); the page's controller as it opens (:func:`open_page`), the engine
call's result and the words of its progress, and the Share dialog.  What the page's events do is
:mod:`lab.puzzleactions`'.  Unit-tested in ``tests/test_puzzlepage.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from lab.boardgrid import Grid, board_grid, entry_grid, has_grid
from lab.embedparams import puzzle_share_params, snippets
from lab.jobs import Report
from lab.pageprops import Props
from lab.puzzleboard import PuzzleBoard
from lab.puzzledashboard import dashboard_html
from lab.puzzleledger import read_merged
from lab.puzzlelist import Fact, iso_date, with_mistakes
from lab.puzzleoracles import Oracle
from lab.puzzles import PuzzleController
from lab.puzzleview import PuzzleView
from lab.savedstate import Storage
from lab.views.board import Shape
from lab.views.diagram import Marks, frame_shapes, layout_for, natural_size
from lab.views.markup import answer_html, puzzle_line_html, puzzle_list_html, theme_filters_html
from phutball.errors import PhutballError
from phutball.game import parse_any_position
from phutball.puzzles.puzzle import Puzzle

__all__ = ["ANSWER_FORM", "LOAD_ERRORS", "LOAD_FAILED", "Picture", "answer_props", "board_props", "call_result",
           "list_note", "load_failed", "meta_text", "open_first", "open_page", "page_props", "picture", "runs_props",
           "share_height", "share_props", "solving_props", "step_props", "still_position", "title_text"]

#: What the page says when the puzzle files cannot be read (the error's own words follow in the status line).
LOAD_FAILED = "The puzzles could not be loaded"
#: What reading the puzzle files may raise: said on the page, which then stays without puzzles.
LOAD_ERRORS: tuple[type[Exception], ...] = (PhutballError, OSError, ValueError, KeyError, TypeError)
#: The answer form's HTML: written again when a puzzle is opened (the reader's typing is kept until then).
ANSWER_FORM = ("answer-area", "innerHTML")


# ---------------------------------------------------------------- the engine's calls


def solving_props(r: Report) -> Props:
    """A report of a puzzle call solving a strip first: the status line says how far the solve is (nothing
    for another report)."""
    if not r.get("solving") or r.get("done"):
        return {}
    percent = round(100 * float(r.get("fraction") or 0.0))
    return {("message", "textContent"): f"Checking… (solving every position of the {r['solving']}-square strip "
                                        f"once: {percent}%)"}


def call_result(last: Report | None) -> dict[str, Any]:
    """A puzzle call's answer, from its last report; a ``RuntimeError`` if it failed (its error) or was stopped
    (the board says the engine failed: :data:`lab.puzzleboard.ENGINE_FAILURES`)."""
    if last is None or last.get("error"):
        raise RuntimeError(last["error"] if last else "stopped")
    result: dict[str, Any] = last["result"]
    return result


# ---------------------------------------------------------------- opening the page


def load_failed(e: Exception) -> Props:
    """The page when the puzzle files could not be read (:data:`LOAD_ERRORS`): why, in the status line."""
    return {("puzzle-title", "textContent"): LOAD_FAILED, ("message", "textContent"): str(e)}


def open_page(puzzles: list[Puzzle], storage: Storage, today: str, fragment: str, oracle_1d: Oracle,
              facts: dict[str, Fact] | None = None) -> PuzzleController:
    """The page's controller: the puzzles (with the reader's mistakes; ``facts``: the ratings and themes the
    build derived, :func:`lab.puzzlelist.known_facts`), the progress stored (with the streak
    embed's attempts), the reader's date (none: no daily puzzle), the puzzle the link or a streak going on
    opens (:func:`open_first`), and what reading the progress had to say."""
    saved, note = read_merged(storage)
    ctl = PuzzleController(with_mistakes(puzzles, saved), ledger=saved.ledger, oracle_1d=oracle_1d, runs=saved.runs,
                           facts=facts or {})
    try:
        ctl.today = iso_date(today)
    except ValueError:
        ctl.today = ""  # no daily puzzle without the reader's date
    open_first(ctl, fragment)
    if note:
        ctl.message = " ".join(m for m in (ctl.message, note) if m)
    return ctl


def open_first(ctl: PuzzleController, fragment: str) -> None:
    """The puzzle shown first: the daily one (``#daily``, when there is one), else the streak going on (it goes
    on after a reload), else the puzzle the link names (if any)."""
    if fragment == "daily" and ctl.open_daily():
        return
    if ctl.resume_streak():
        return
    if fragment:
        ctl.open_id(fragment)


# ---------------------------------------------------------------- the board


@dataclass(frozen=True)
class Picture:
    """The board drawn: the canvas' ``shapes``, and the ``grid`` beside it (None: ``position`` has none)."""

    shapes: list[Shape]
    grid: Grid | None
    position: Any


def still_position(v: PuzzleView) -> Any:
    """A question's position, drawn to look at (None: a compare puzzle's several are text rows)."""
    return parse_any_position(v["position"]) if v["positions"] is None else None


def picture(ctl: PuzzleController, board: PuzzleBoard, v: PuzzleView, keys_used: bool, width: float,
            height: float) -> Picture | None:
    """The board on a ``width`` x ``height`` canvas: the entry's position with the jump being entered, its
    landings, the last move (a strip's), the hint and the point framed (the ball picked; once keys moved it,
    the cursor); else a question's position (:func:`still_position`; None: nothing is drawn)."""
    entry, marks = board.entry, Marks(numbers=False)
    if entry is None:
        still = still_position(v)
        if still is None:
            return None
        lay = layout_for(still, width, height)
        return Picture(frame_shapes(still, lay.css_w, lay.css_h, marks=marks),
                       board_grid(still) if has_grid(still) else None, still)
    ev, pos, last = entry.view(), entry.position, ctl.last_move_marks()
    lay = layout_for(pos, width, height)
    cursor = ev["armed"] if ev["armed"] is not None or not keys_used else ev["cursor"]
    shapes = frame_shapes(pos, lay.css_w, lay.css_h, marks=marks, landings=ev["landings"], chain=ev["chain"],
                          last_move=last, hint=v["hint"], cursor=cursor)
    return Picture(shapes, entry_grid(entry, last_move=last) if has_grid(pos) else None, pos)


def board_props(board: PuzzleBoard, v: PuzzleView) -> Props:
    """The canvas' test hooks (its variant first: a strip's canvas is lower), the canvas and its grid hidden
    when nothing is drawn (a compare puzzle) or the position has no grid, and the Finish button (a jump being
    entered on the reader's board)."""
    entry = board.entry
    shown = entry.position if entry is not None else still_position(v)
    return {("board", "data-variant"): v["variant"], ("board", "data-position"): v["position"],
            ("board", "data-phase"): board.phase(), ("board", "hidden"): shown is None,
            ("board-grid", "hidden"): shown is None or not has_grid(shown),
            ("finish", "disabled"): entry is None or board.busy or not entry.view()["can_finish"]}


# ---------------------------------------------------------------- around the board


def title_text(v: PuzzleView) -> str:
    return ("Daily puzzle: " if v["daily"] else "") + v["title"]


def meta_text(v: PuzzleView) -> str:
    """The puzzle's collection, source and rating, whether it is solved, and its themes (known at once)."""
    solved = " · ✓ solved" if v["solved"] else ""
    themes = f" · {', '.join(v['themes'])}" if v["themes"] else ""
    return f"{v['collection']} · {v['source']} · rated {v['puzzle_rating']}{solved}{themes}"


def page_props(ctl: PuzzleController, board: PuzzleBoard, v: PuzzleView, themes_ready: bool) -> Props:
    """Everything the page shows around the board: the title, the task, the status line, the legend, the
    buttons (none while the board is busy; no hint in a streak), the moves, the link to the puzzle, the line
    shown, the runs, the answer form, the list and the dashboard."""
    status = board.status()
    props: Props = {
        ("puzzle-title", "textContent"): title_text(v), ("puzzle-meta", "textContent"): meta_text(v),
        ("puzzle-task", "textContent"): ctl.task_prompt(), ("message", "textContent"): status.text,
        ("message", "className"): f"message {status.tone}" if status.tone else "message",
        ("legend", "textContent"): v["legend"], ("retry", "hidden"): not v["can_retry"],
        ("hint", "disabled"): board.busy or not v["can_move"] or v["mode"] == "streak",
        ("moves", "textContent"): " ".join(v["moves"]), ("deep-link", "href"): f"#{v['id']}"}
    html, solved, total = puzzle_list_html(ctl.groups())
    return {**props, **step_props(ctl, v), **runs_props(ctl, v, themes_ready), **answer_props(ctl, v),
            ("puzzle-groups", "innerHTML"): html, ("solved-count", "textContent"): f"{solved}/{total} solved",
            ("dashboard", "innerHTML"): dashboard_html(ctl.dashboard())}


def step_props(ctl: PuzzleController, v: PuzzleView) -> Props:
    """A refutation or solution, each move with its side, and the buttons that step through it (on an open
    puzzle's game, from where the line begins)."""
    line = v["line"]
    game = ctl.game if line else None
    at, lo = (game.cursor, ctl.review_from or 0) if game is not None else (0, 0)
    hi = len(game.moves) if game is not None else 0
    props: Props = {("step-controls", "hidden"): not line, ("line", "innerHTML"): puzzle_line_html(line)}
    for ident, enabled in (("step-first", at > lo), ("step-prev", at > lo), ("step-next", at < hi),
                           ("step-last", at < hi)):
        props[(ident, "disabled")] = not (v["can_step"] and enabled)
    return props


def list_note(ctl: PuzzleController, v: PuzzleView) -> str:
    """What the list goes through, when it is not every puzzle: the failed ones, a practice mix, a theme."""
    if v["mode"] == "failed":
        return f"Your {len(ctl.failed)} failed puzzles"
    if v["mode"] == "practise":
        return f"Practising your weakest themes: {len(ctl.mix)} puzzles"
    if v["theme"]:
        return f"Theme: {next((t['name'] for t in ctl.theme_choices() if t['current']), '')}"
    return ""


def runs_props(ctl: PuzzleController, v: PuzzleView, themes_ready: bool) -> Props:
    """The streak's count and best, the buttons of the runs, the reader's rating, the list's note and (once
    every puzzle's themes are known) its filters."""
    streak = v["mode"] == "streak"
    note = list_note(ctl, v)
    props: Props = {
        ("streak-start", "hidden"): streak, ("streak-end", "hidden"): not streak,
        ("streak-status", "textContent"): (f"Streak: {v['streak']} · best {v['best_streak']}" if streak else
                                           f"Best streak: {v['best_streak']}" if v["best_streak"] else ""),
        ("rating", "textContent"): f"Your puzzle rating: {v['rating']}",
        ("replay-failed", "textContent"): (f"Replay my failed puzzles ({v['failed']})" if v["failed"] else
                                           "Replay my failed puzzles"),
        ("replay-failed", "disabled"): v["failed"] == 0 and v["mode"] != "failed",
        ("list-note", "hidden"): not note, ("list-note-text", "textContent"): note}
    if themes_ready:
        props[("theme-filters", "innerHTML")] = theme_filters_html(ctl.theme_choices())
    return props


def answer_props(ctl: PuzzleController, v: PuzzleView) -> Props:
    """A question's answer form, shown below the board (hidden when the reader plays moves).  ``show`` sends it
    only when it changed, so what the reader typed stays until another puzzle opens (:data:`ANSWER_FORM`)."""
    form = ctl.answer_form() if v["answer_kind"] is not None else None
    if form is None:
        return {("answer-area", "hidden"): True, ANSWER_FORM: ""}
    return {("answer-area", "hidden"): False, ANSWER_FORM: answer_html(form)}


# ---------------------------------------------------------------- sharing


def share_height(p: Puzzle) -> int:
    """The iframe snippet's height at 480 px wide: the board's proportions plus the puzzle bar."""
    w, h = natural_size(parse_any_position(p.position))
    return round(min(480.0, w) * h / w) + 8 + 112


def share_props(p: Puzzle, href: str) -> Props:
    """The Share dialog of the puzzle ``p`` on the page at ``href``: its link, iframe and div snippets."""
    s = snippets(urljoin(href, "./"), puzzle_share_params(p.id, p.position), height=share_height(p))
    return {("share-link", "value"): s.link, ("share-iframe", "value"): s.iframe, ("share-div", "value"): s.div,
            ("share-open", "href"): s.link}
