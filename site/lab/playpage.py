"""What the play page shows and says around its board, and what its engine's answers do, in pure Python.

``glue/play.py`` shows it (``glue.remote.show``): the element properties (:mod:`lab.pageprops`) of the
status line, the buttons, the result panel, the analysis and review panels and the computer's menus,
made from :meth:`lab.play.PlayController.view`; the sentences said after a button (a copied link, a
stopped search, a hint that failed); and the decisions the glue used to take: what a key does, what a
search's report shows, what the computer's or a hint's answer does to the game, which jump is animated
and which sound a move makes.  Unit-tested in ``tests/test_playpage.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Protocol
from urllib.parse import urljoin

from lab.embedparams import share_params, snippets
from lab.analysispanel import LINK_ENGINE_OFF
from lab.jobs import (WARM_UP_NODES, Analyse2D, ComputerMove2D, MakeJob, Report, Review2D, Scheduler, scripted,
                      search_text)
from lab.pageprops import Props
from lab.play import PlayController, PlayView, side_name
from lab.savedstate import Storage
from lab.playfeel import animated_ply, move_sound
from phutball.board import Position
from phutball.moveentry import Target
from lab.views.diagram import natural_size
from lab.views.markup import moves_html, review_graph_svg, review_marks_html, review_summary_html

__all__ = ["CONTROLS", "COPIED_LINK", "COPIED_POSITION", "Control", "Drawn", "Feel", "HINT_CANCELLED", "HINT_SEARCH",
           "MOVES", "MOVE_SEARCH", "PLY_LINKS", "PlyLink", "RESULT_SHARE", "REVIEW_STOPPED", "STOPPED", "Search",
           "TYPED", "analysis_props", "bar_percent", "canvas_props", "change_computer", "computer_answered",
           "computer_props", "computer_sides", "engine_job", "feel", "ghosts", "hint_answered", "hint_asked",
           "key_action", "load_fragment", "move_entered", "moves_props", "page_props", "position_link",
           "restore_game_text", "result_note", "result_props", "result_share", "review_props", "review_status",
           "review_stopped", "thinking_props", "warm_up"]

#: What the status line shows while the computer searches its move ...
MOVE_SEARCH = "Searching…"
#: ... and while the engine looks for a hint.
HINT_SEARCH = "Looking for the best move…"
STOPPED = "Stopped. The computer is off; you play both sides."
HINT_CANCELLED = "Hint cancelled."
REVIEW_STOPPED = "Review stopped: the engine is needed for a move."
COPIED_POSITION = "Position copied."
COPIED_LINK = "Link copied: it opens this position."
#: The share sheet's title for a finished game shared from the result panel.
RESULT_SHARE = "Phutball game"
#: The controls the person sets (the computer's menus): shown again at every draw, whatever the cache holds.
TYPED = (("computer-side", "value"), ("computer-level", "value"))
#: The moves list's HTML (the page scrolls it to the current move when it changes).
MOVES = ("moves", "innerHTML")


# ---------------------------------------------------------------- what the page shows


def canvas_props(v: PlayView, position: Any) -> Props:
    """What the canvas' CSS size follows: the variant (a strip's canvas is lower) and the board's proportions
    (style.css: ``--board-aspect``), so no gap opens beside it."""
    w, h = natural_size(position)
    return {("board", "data-variant"): v["variant"], ("board", "style"): f"--board-aspect: {w / h:.4f}"}


def page_props(ctl: PlayController, v: PlayView, searching: bool, shapes: list[dict[str, Any]]) -> Props:
    """Everything the page shows around the board: the board's test hooks, the status and message lines, the
    live region (what changed, said once: an empty announcement leaves it), the buttons (Undo, Redo, the lines
    and the previous game wait for a search), the moves list, the result panel, the computer's menus, the
    analysis and the review."""
    props: Props = {
        ("board", "data-position"): v["position"], ("board", "data-flipped"): "true" if v["flipped"] else "false",
        ("board", "data-ghosts"): ghosts(shapes),
        ("swap", "hidden"): not v["can_swap"] or searching,
        ("flip", "aria-pressed"): "true" if v["flipped"] else "false",
        ("sounds", "checked"): ctl.state.sounds, ("welcome", "hidden"): not ctl.state.welcome,
        ("status", "textContent"): v["status"], ("status", "className"): "status over" if v["over"] else "status",
        ("message", "textContent"): v["error"] or v["message"],
        ("message", "className"): "message error" if v["error"] else "message",
        ("undo", "disabled"): not v["can_undo"] or searching, ("redo", "disabled"): not v["can_redo"] or searching,
        ("finish", "disabled"): not v["can_finish"], ("cancel-chain", "disabled"): not v["chain"],
        ("finish", "hidden"): not v["chain"], ("cancel-chain", "hidden"): not v["chain"],
        ("position-string", "value"): v["position"],
        ("restore-line", "hidden"): not v["lines"] or searching,
        ("restore-game", "hidden"): v["previous"] is None or searching}
    if v["previous"] is not None:
        props[("restore-game", "textContent")] = restore_game_text(v["previous"])
    if v["announcement"]:
        props[("live", "textContent")] = v["announcement"]
    return {**props, **moves_props(v), **result_props(v, searching), **computer_props(ctl, searching),
            **analysis_props(v), **review_props(v, searching)}


def ghosts(shapes: list[dict[str, Any]]) -> str:
    """What the ghost moves drawn are, ``"1:E6 2:E5-E7"`` (for tests and curious readers)."""
    return " ".join(f"{s['ghost']}:{s['move']}" for s in shapes if s.get("ghost"))


def restore_game_text(moves: int) -> str:
    return f"Restore your previous game ({moves} moves)"


def moves_props(v: PlayView) -> Props:
    """The moves list (its HTML, with the current move marked)."""
    return {MOVES: moves_html(dict(v))}


def result_props(v: PlayView, searching: bool) -> Props:
    """The result panel at the game's end: the result, large, with Rematch, Review and Share."""
    r = v["result"]
    if r is None:
        return {("result", "hidden"): True}
    return {("result", "hidden"): False, ("result-title", "textContent"): r["title"],
            ("result-detail", "textContent"): r["detail"], ("result-review", "hidden"): not v["analysable"],
            ("result-review", "disabled"): v["review"]["running"] or searching}


def computer_sides(ctl: PlayController) -> list[tuple[str, str]]:
    """The options of the menu of the computer's side: nobody, or a side of the game's variant (2D or 1D)."""
    return [("", "nobody")] + [(side, side_name(side)) for side in ctl.state.sides]


def computer_props(ctl: PlayController, searching: bool) -> Props:
    """The side and level menus show the controller's state; the Hint button waits for a search."""
    state = ctl.state
    return {("computer-side", "value"): state.computer_plays or "", ("computer-level", "value"): state.level,
            ("computer-level", "disabled"): not state.variant.is_board,
            ("hint", "disabled"): searching or state.over or state.live_link,
            ("computer-side", "disabled"): state.live_link}


def bar_percent(v: PlayView) -> int | None:
    """The evaluation bar's fill, in percent (None: the analysis is off)."""
    a = v["analysis"]
    return None if a is None else round(a["bar"] * 100)


def analysis_props(v: PlayView) -> Props:
    """The Analyse switch, the evaluation bar (its fill's width, :func:`bar_percent`), its value and text, the
    depth and the principal variation; the analysis off, the bar keeps its last width (hidden)."""
    a = v["analysis"]
    props: Props = {("analyse", "checked"): a is not None, ("analyse", "disabled"): not v["analysable"],
                    ("analysis", "hidden"): a is None}
    if a is not None:
        depth = "" if a["depth"] is None else f"depth {a['depth']}{'' if a['done'] else '…'}"
        pct = bar_percent(v)
        props.update({("eval-bar", "aria-valuenow"): pct, ("eval-fill", "style"): f"width: {pct}%",
                      ("eval-side", "textContent"): a["side"], ("eval-text", "textContent"): a["text"],
                      ("eval-depth", "textContent"): depth, ("pv", "textContent"): " ".join(a["pv"])})
    return props


def review_status(v: PlayView) -> str | None:
    """The review's line: its progress, or how many moves it marked (None before a review)."""
    r = v["review"]
    if r["running"] and r["progress"] is not None:
        done, total = r["progress"]
        return f"Reviewing… {done} of {total} moves."
    if r["reviewed"]:
        n = len(r["marks"])
        return f"Review: {n} marked {'move' if n == 1 else 'moves'}." if n else "Review: no mistakes found."
    return None


def review_props(v: PlayView, searching: bool) -> Props:
    """The review's panel: the Review button, its progress, its marked moves (buttons), the Next mistake
    button, the evaluation graph and the summary once it is done."""
    r = v["review"]
    graph = review_graph_svg(r["curve"], r["marks"], v["ply"]) if r["reviewed"] and not r["running"] else ""
    summary = review_summary_html(r["summary"]) if graph else ""
    props: Props = {("review", "disabled"): r["running"] or searching or not v["analysable"],
                    ("review-panel", "hidden"): not (r["running"] or r["reviewed"]),
                    ("review-cancel", "hidden"): not r["running"], ("next-mark", "hidden"): not r["marks"],
                    ("review-marks", "innerHTML"): review_marks_html(r["marks"]),
                    ("review-graph", "innerHTML"): graph, ("review-graph", "hidden"): not graph,
                    ("review-summary", "innerHTML"): summary, ("review-summary", "hidden"): not summary}
    status = review_status(v)
    if status is not None:
        props[("review-status", "textContent")] = status
    return props


def thinking_props(text: str | None, shown: bool = True) -> Props:
    """The line under "thinking" while the engine searches (``text`` None: unchanged)."""
    props: Props = {("thinking", "hidden"): not shown}
    if text is not None:
        props[("thinking-text", "textContent")] = text
    return props


# ---------------------------------------------------------------- the board's changes


@dataclass(frozen=True)
class Feel:
    """What a change of the board feels like: ``changed`` (another position than the one shown), the move's
    ``sound`` (None: none, or sounds off) and the ply of a ``jump`` to animate hop by hop (None: none)."""

    changed: bool
    sound: str | None = None
    jump: int | None = None


def feel(ctl: PlayController, shown: str | None, entering: bool, reduced_motion: bool) -> Feel:
    """The board last showed ``shown`` (``entering``: a jump being entered click by click): the sound of the move
    that led here, if it is one move on (:func:`lab.playfeel.move_sound`), and the jump forward to animate (not
    under prefers-reduced-motion; :func:`lab.playfeel.animated_ply`)."""
    game = ctl.game
    if shown is None or shown == str(ctl.position):
        return Feel(False)
    ply = game.cursor
    one_on = ctl.state.sounds and ply >= 1 and str(game.positions[ply - 1]) == shown
    jump = None if reduced_motion else animated_ply(game, shown, entering)
    return Feel(True, move_sound(game, ply) if one_on else None, jump)


@dataclass
class Drawn:
    """What the page drew last that :func:`glue.remote.show`'s cache does not keep: the ``position`` on the
    board (``entering``: a jump being entered click by click), the jump animated on it (each animation has its
    ``token``; the board's own drawing waits while one is ``running``) and the result the result panel's note
    was for."""

    position: str | None = None
    entering: bool = False
    token: int = 0
    running: bool = False
    result: str | None = None

    def feel(self, ctl: PlayController, reduced_motion: bool) -> Feel:
        """A change about to be drawn (:func:`feel`); another position ends the animation under way, and a jump
        to animate starts the next one (under :attr:`token`)."""
        f = feel(ctl, self.position, self.entering, reduced_motion)
        if f.changed:
            self.token += 1
            self.running = f.jump is not None
        return f

    def drawn(self, v: PlayView) -> Props:
        """The board now shows ``v``; the result panel's note cleared when the result is a new one (the note,
        e.g. "Link copied", was for the last one)."""
        self.position, self.entering = v["position"], bool(v["chain"])
        title = v["result"] and v["result"]["title"]
        if title == self.result:
            return {}
        self.result = title
        return {("result-note", "textContent"): ""}

    def animating(self, token: int, ply: int, cursor: int) -> bool:
        """The jump ``ply`` animated under ``token`` is still the one to show (the game's ``cursor`` on it)."""
        return self.token == token and cursor == ply

    def animated(self, token: int) -> str:
        """The animation under ``token`` ended: ``"draw"``, the board is drawn, unless another one began
        (``""``: it draws it)."""
        if self.token != token:
            return ""
        self.running = False
        return "draw"


# ---------------------------------------------------------------- the engine's searches


def warm_up(ctl: PlayController, jobs: Scheduler, hooks: Any) -> MakeJob | None:
    """The search the page runs once as it gets ready, in the background (None: on a strip, a game over,
    another job of the page running, or the tests' ``warmUp: false``): the strongest level's search of
    the position shown, for :data:`~lab.jobs.WARM_UP_NODES` nodes, its answer unused.  It warms the
    browser's compiled code for the search, so the visit's first hint or move of the computer is as
    quick as the next.  It is the last of the page's jobs: any other stops it (``jobs.outranked``)."""
    if (hooks or {}).get("warmUp") is False or not jobs.may_start("warm-up"):
        return None
    pos = ctl.position
    if not isinstance(pos, Position) or pos.is_over:  # a strip (the exact solver's), or nothing to search
        return None
    return ComputerMove2D(str(pos), max_nodes=WARM_UP_NODES)  # (the strongest level, by default)


def engine_job(job: MakeJob, hooks: Any) -> MakeJob:
    """The search's job: ``job``, or the tests' scripted engine (``window.phutballTestHooks.engine``)."""
    engine = (hooks or {}).get("engine")
    return partial(scripted, engine) if engine else job


@dataclass
class Search:
    """A search under way (the computer's move or a hint): its label, the best move found so far."""

    label: str
    best: str | None = None

    def report(self, r: Report, jobs: Scheduler) -> Props:
        """A report of the search: the best move kept, an error given to ``jobs``; the "thinking" line."""
        self.best = r.get("best") or self.best
        if r.get("error"):
            jobs.error = str(r["error"])
        return thinking_props(search_text(self.label, r, self.best))

    def answer(self, last: Report | None, jobs: Scheduler) -> str | None:
        """The search's move: None if it failed or was stopped."""
        if last is not None and last.get("error"):
            return None
        return jobs.search_answer(self.best)


def computer_answered(ctl: PlayController, jobs: Scheduler, position: str, best: str | None) -> None:
    """The computer's search for ``position`` ended with ``best``: Stop switched the computer off; an answer to
    another question (the setting or the position changed meanwhile) is dropped; else the move is played, or
    the computer is switched off saying why."""
    if jobs.stop == "user":
        ctl.set_computer(None)
        ctl.state.message = STOPPED
    elif not jobs.stop and str(ctl.position) == position and ctl.state.computer_to_move():
        ctl.computer_reply(best, jobs.error)


def hint_asked(ctl: PlayController, searching: bool) -> bool:
    """Hint pressed: whether the engine searches one (not while it searches, nor after the game; during a game
    by link it says why not)."""
    if searching or ctl.state.over:
        return False
    if ctl.state.live_link:
        ctl.state.error = LINK_ENGINE_OFF
        return False
    return True


def hint_answered(ctl: PlayController, jobs: Scheduler, position: str, best: str | None) -> None:
    """The hint's search for ``position`` ended with ``best``: shown, or why not (a move since: nothing)."""
    if str(ctl.position) != position:
        return
    if jobs.error:
        ctl.state.error = f"No hint: the engine failed ({jobs.error[:200]})."
    elif best:
        ctl.analysis.show_hint(best)
    elif jobs.stop:
        ctl.state.message = HINT_CANCELLED


def review_stopped(ctl: PlayController, jobs: Scheduler) -> bool:
    """Between two slices of the review: cancelled when a search needs the engine (it says so); whether the
    review is over (cancelled, or the game changed)."""
    if jobs.outranked("review") and ctl.analysis.review_view()["running"]:
        ctl.analysis.cancel_review()
        ctl.state.message = REVIEW_STOPPED
    return not ctl.analysis.review_view()["running"]


def change_computer(ctl: PlayController, jobs: Scheduler, side: str, level: str) -> bool:
    """The computer's menus changed: a new level only (a search under way keeps its level: the next move uses
    it), False; else a new side or mode, which stops the search (it is for the old setting), True."""
    plays = side or None
    if plays == ctl.state.computer_plays and ctl.state.mode == ("computer" if plays else "two-players"):
        ctl.set_level(level)
        return False
    jobs.stop_search("changed")
    ctl.set_computer(plays, level)
    return True


# ---------------------------------------------------------------- the controls
#
# What the page does after an event, as a word the glue maps to its action: "refresh" (the game changed: it is
# drawn and kept, and the engine's next job starts), "draw" (only what the page shows changed), "keep" (drawn and
# kept: a setting), "computer", "analysis" or "hint" (that job starts), or "" (nothing).


class Control(Protocol):
    """A control of the page that is one call of the controller: pressed (``attribute``: the clicked element's
    attributes; ``checked``: a check box's state), it answers what the page does next."""

    def press(self, ctl: PlayController, searching: bool, attribute: Callable[[str], str | None],
              checked: bool) -> str: ...


@dataclass(frozen=True)
class Button:
    """A button: ``act(ctl)``, then ``after``; ``waits``: nothing while the engine searches (the board waits)."""

    act: Callable[[PlayController], Any]
    after: str = "refresh"
    waits: bool = False

    def press(self, ctl: PlayController, searching: bool, attribute: Callable[[str], str | None] = lambda a: None,
              checked: bool = False) -> str:
        """Pressed: the controller called; what the page does next (``""``: nothing, a search runs)."""
        if self.waits and searching:
            return ""
        self.act(ctl)
        return self.after


@dataclass(frozen=True)
class PlyLink:
    """A click in a list of plies (the moves, the review's marks, the evaluation graph): the clicked element's
    attribute ``attr`` names a ply, and ``go(ctl, ply)`` shows it, unless a search runs."""

    attr: str
    go: Callable[[PlayController, int], Any]

    def press(self, ctl: PlayController, searching: bool, attribute: Callable[[str], str | None],
              checked: bool = False) -> str:
        """Clicked (between two plies: nothing): what the page does next."""
        ply = attribute(self.attr)
        if not ply or searching:
            return ""
        self.go(ctl, int(ply))
        return "refresh"


@dataclass(frozen=True)
class Switch:
    """A check box: ``turn(ctl, checked)``, then ``after``."""

    turn: Callable[[PlayController, bool], Any]
    after: str

    def press(self, ctl: PlayController, searching: bool, attribute: Callable[[str], str | None],
              checked: bool) -> str:
        """Changed: the controller told; what the page does next."""
        self.turn(ctl, checked)
        return self.after


def close_welcome(ctl: PlayController) -> None:
    ctl.state.welcome = False


def set_sounds(ctl: PlayController, on: bool) -> None:
    ctl.state.sounds = on


#: The controls that are one call of the controller, by (element id, event).
CONTROLS: dict[tuple[str, str], Control] = {
    ("undo", "click"): Button(lambda c: c.history.undo()), ("redo", "click"): Button(lambda c: c.history.redo()),
    ("finish", "click"): Button(lambda c: c.finish_chain()),
    ("cancel-chain", "click"): Button(lambda c: c.state.cancel_chain()),
    ("restore-line", "click"): Button(lambda c: c.history.restore_line(), waits=True),
    ("next-mark", "click"): Button(lambda c: c.analysis.next_mark(), waits=True),
    ("swap", "click"): Button(lambda c: c.swap(), waits=True),  # against the computer, it is now to move
    ("review-cancel", "click"): Button(lambda c: c.analysis.cancel_review(), "draw"),
    ("welcome-close", "click"): Button(close_welcome, "draw"),
    ("flip", "click"): Button(lambda c: c.flip(), "keep"),
    ("moves", "click"): PlyLink("data-ply", lambda c, ply: c.history.goto(ply)),
    ("review-marks", "click"): PlyLink("data-mark-ply", lambda c, ply: c.analysis.goto_mark(ply)),
    ("review-graph", "click"): PlyLink("data-graph-ply", lambda c, ply: c.history.goto(ply)),
    ("analyse", "change"): Switch(lambda c, on: c.analysis.set_analysing(on), "refresh"),
    ("sounds", "change"): Switch(set_sounds, "keep")}


def move_entered(ctl: PlayController, jobs: Scheduler) -> None:
    """A move entered on the board or typed: the welcome panel goes, and a hint being searched is cancelled."""
    ctl.state.welcome = False
    jobs.move_played()


def clicked(ctl: PlayController, jobs: Scheduler, t: Target, touch_cell: float | None) -> str:
    """A press on the board's point ``t`` (``touch_cell``: a finger on a small board picks first, then plays,
    WCAG 2.5.8): entered as a move's click; what the page does next."""
    move_entered(ctl, jobs)
    ctl.click(t, touch_cell)
    return "refresh"


def typed(ctl: PlayController, jobs: Scheduler, text: str) -> str:
    """A move typed in the Move field, played through the same checks and entry as a click: "" when it was
    played, else why not."""
    move_entered(ctl, jobs)
    return "" if ctl.play_typed(text) else ctl.state.error


def focused(ctl: PlayController, t: Target) -> str:
    """The board's grid's focus moved to ``t`` (its keys, a Tab into it): the board's cursor follows it, drawn
    on the canvas (the grid is not seen)."""
    ctl.state.cursor = t
    return "draw"


def dragged(ctl: PlayController, t: Target) -> str:
    """The ball dragged onto ``t`` (a landing, while a jump is entered: else nothing): what the page does next."""
    if not ctl.state.chain:
        return ""
    ctl.click(t)
    return "refresh"


def next_job(ctl: PlayController, jobs: Scheduler) -> str:
    """After a change: the engine's job to start, ``"computer"`` (its move is due and no search runs) or
    ``"analysis"`` (the switch is on and it may start: it is marked started), or ``""``."""
    if ctl.state.computer_to_move() and not jobs.searching:
        return "computer"
    if jobs.may_start("analysis") and ctl.analysis.analysis_spec():
        jobs.started("analysis")
        return "analysis"
    return ""


@dataclass(frozen=True)
class AnalysisRun:
    """One search of the analysis (``spec``) on the position shown when it began; the panel is drawn
    (``draw``) as its reports come."""

    ctl: PlayController
    jobs: Scheduler
    spec: Analyse2D
    draw: Callable[[], None]

    def report(self, r: Report) -> None:
        if self.ctl.analysis.analysis_report(self.spec.position, r):
            self.draw()

    def stale(self) -> bool:
        """The page's events (a move, the switch) came in meanwhile: the search stops."""
        return str(self.ctl.position) != self.spec.position or analysis_due(self.ctl, self.jobs, self.draw) is None

    def done(self) -> None:
        """The search is complete (or failed: the analysis is then off)."""
        self.ctl.analysis.analysis_report(self.spec.position, {"done": True})
        self.draw()


def analysis_due(ctl: PlayController, jobs: Scheduler, draw: Callable[[], None]) -> AnalysisRun | None:
    """The analysis to run (None: the switch is off, or a search of higher priority runs)."""
    spec = None if jobs.outranked("analysis") else ctl.analysis.analysis_spec()
    return None if spec is None else AnalysisRun(ctl, jobs, spec, draw)


@dataclass(frozen=True)
class ReviewRun:
    """The review of the whole game (``spec``), in slices: the page is drawn (``draw``) as its reports come,
    and at its end the reader's blunders are kept as puzzles (in ``storage``)."""

    ctl: PlayController
    jobs: Scheduler
    spec: Review2D
    storage: Storage
    draw: Callable[[], None]

    def report(self, r: Report) -> None:
        self.ctl.analysis.review_report(r, self.storage)
        self.draw()

    def stopped(self) -> bool:
        """Between two slices (:func:`review_stopped`): whether the review is over."""
        return review_stopped(self.ctl, self.jobs)


def review_asked(ctl: PlayController, jobs: Scheduler, storage: Storage, draw: Callable[[], None]) -> ReviewRun | None:
    """Review pressed: the review to run, marked started (None: another runs, or one before it, or there is
    nothing to review)."""
    spec = ctl.analysis.review_spec() if jobs.may_start("review") else None
    if spec is None:
        return None
    jobs.started("review")
    return ReviewRun(ctl, jobs, spec, storage, draw)


def computer_menus(ctl: PlayController, jobs: Scheduler, side: str, level: str) -> str:
    """The computer's menus changed (:func:`change_computer`): what the page does next."""
    return "refresh" if change_computer(ctl, jobs, side, level) else "keep"


def hint_pressed(ctl: PlayController, searching: bool) -> str:
    """Hint pressed (:func:`hint_asked`): ``"hint"`` (the engine searches one) or ``"draw"`` (why not)."""
    return "hint" if hint_asked(ctl, searching) else "draw"


# ---------------------------------------------------------------- keys, links, notes


def key_action(ctl: PlayController, key: str, on_board: bool, searching: bool) -> str:
    """A key pressed on the page: ``"hint"`` (h), ``"played"`` (the board took it: it changed), or ``""``.  Keys
    other than u, r, h and Escape are the board's when it has the focus; Undo and Redo wait for a search."""
    if not on_board and key not in ("u", "r", "h", "Escape"):
        return ""
    if key == "h":
        return "hint"
    if searching and key in ("u", "r"):
        return ""
    return "played" if ctl.key(key) else ""


def load_fragment(ctl: PlayController, fragment: str) -> bool:
    """The URL's fragment changed to a position other than the one shown: it is opened (whether it was)."""
    if not fragment or fragment == str(ctl.position):
        return False
    ctl.load_position(fragment)
    return True


def position_link(href: str, position: str) -> str:
    """The page's address opening ``position``."""
    return f"{href.split('#')[0]}#{position}"


def result_share(ctl: PlayController, href: str) -> tuple[str, str, str]:
    """A finished game shared from the result panel: the link replaying it (embed.html, beside the page), the
    share sheet's title and its text."""
    link = snippets(urljoin(href, "./"), share_params(ctl.game, "game")).link
    result = ctl.view()["result"]
    return link, RESULT_SHARE, f"Phutball: {result['title'] if result else ctl.words.status()}"


def result_note(how: str, link: str) -> Props:
    """What the result panel says after the share sheet answered ``how`` (shared, copied, cancelled, failed)."""
    return {("result-note", "textContent"): {"shared": "Shared.", "copied": "Link copied: it replays this game.",
                                             "cancelled": ""}.get(how, f"Could not copy the link: {link}")}
