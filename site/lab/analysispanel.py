"""The play page's Analyse switch and Review button, in pure Python: a part :class:`lab.play.PlayController`
holds, built on its :class:`~lab.playstate.PlayState`, :class:`~lab.playwords.PlayWords` and
:class:`~lab.playhistory.PlayHistory` alone.

The page's worker runs the searches (``lab/jobs.py``); these methods say which
job to run (``analysis_spec``, ``review_spec``), take its reports and say what
the page shows of them.  Analysis is for 2D boards: a strip is solved exactly,
and its Hint shows the perfect move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from phutball.ai import win_chance
from phutball.errors import PhutballError
from phutball.notation import SWAP, Jump, Placement, StripJump, StripPlacement
from phutball.sides import side_name
from phutball.variant import Variant
from lab.mistakes import Mistake, from_review
from lab.movewords import move_number
from lab.opponent import Computer, FriendByLink
from lab.puzzleledger import add_mistakes, utc_now
from lab.savedstate import Storage
from lab.playhistory import PlayHistory
from lab.jobs import Analyse2D, Report, Review2D
from lab.playstate import PlayState
from lab.playwords import PlayWords

if TYPE_CHECKING:
    from phutball.moveentry import Target
    from lab.views.board import Ghost


#: Why the engine does not help during a game by link (for both seats; it helps again once the game ends).
LINK_ENGINE_OFF = ("Hints, analysis and review are off while a game by link goes on: it is your game and your "
                   "friend's. They come back when it ends.")


class LatestAnalysis(TypedDict):
    """The latest analysis of ``position`` (:attr:`AnalysisPanel.latest`), from the search's reports."""

    position: str
    depth: int | None
    nodes: int | None
    score: float | None      # tenths of a row, for the side to move
    mate: int | None
    pv: list[str]
    text: str
    done: bool


class AnalysisView(TypedDict):
    """What the analysis panel shows (:meth:`AnalysisPanel.analysis_view`)."""

    text: str
    depth: int | None
    bar: float
    side: str
    pv: list[str]
    done: bool


class ReviewView(TypedDict):
    """The review's state and marks (:meth:`AnalysisPanel.review_view`)."""

    running: bool
    progress: tuple[int, int] | None
    marks: list[dict[str, Any]]
    reviewed: bool
    curve: list[float]     # Ohs' win chance at each position of the reviewed game (the evaluation graph)
    summary: list[str]     # each side's summary ("Ohs: 12 moves, 1 mistake, ...")


@dataclass(eq=False)
class AnalysisPanel:
    """Analysis and review of the game on the play page, and the hints the engine gives."""

    state: PlayState
    words: PlayWords
    history: PlayHistory
    analysing: bool = False            # the Analyse switch: the engine analyses the position shown
    latest: LatestAnalysis | None = None  # the latest analysis report, for ``latest["position"]``
    review_marks: list[dict[str, Any]] = field(default_factory=list)  # the review's marks (see review_report)
    review_for: tuple[str, ...] | None = None  # the moves the review (marks or progress) is about
    review_progress: tuple[int, int] | None = None  # plies reviewed / to review, while the review runs
    review_curve: list[float] = field(default_factory=list)  # Ohs' win chance at each position (the graph)
    review_summary: list[str] = field(default_factory=list)  # each side's summary in words
    found: list[Mistake] = field(default_factory=list)  # the reader's blunders the review found (lab.mistakes)

    # ------------------------------------------------------------ hints (the Hint button, a review's better move)

    def show_hint(self, move_text: str) -> None:
        """Show ``move_text`` (the engine's best move here) on the board, without playing it."""
        try:
            move = self.state.position.parse_move(move_text)
        except PhutballError as e:
            self.state.error = f"No hint: {e}"
            return
        self.state.reset_feedback()
        self.state.hint = str(move)
        self.state.message = f"Hint: {self.state.hint}."
        self.state.announcement = f"Hint for {side_name(self.state.to_move)}: {self.state.hint}."

    def hint_marks(self) -> tuple[Target | None, list[Target]]:
        """Where to draw the hint: the ring's target (the man placed, or the jump's end) and the jump path."""
        if not self.state.hint:
            return None, []
        move = self.state.position.parse_move(self.state.hint)
        if isinstance(move, (Placement, StripPlacement)):
            return move.point if isinstance(move, Placement) else move.square, []
        if isinstance(move, (Jump, StripJump)):
            return move.path[-1], list(move.path)
        return None, []  # an Oddish board's move: the page never plays one

    # ------------------------------------------------------------ analysis (the Analyse switch)

    def set_analysing(self, on: bool) -> None:
        """Switch the analysis of the position shown on or off (2D boards only: strips are solved exactly)."""
        if on and not self.state.variant.is_board:
            self.analysing = False
            self.state.error = "Analysis is for 2D boards: on a strip, Hint shows the perfect move."
            return
        if on and self.state.live_link:
            self.analysing = False
            self.state.error = LINK_ENGINE_OFF
            return
        self.analysing, self.latest = bool(on), None
        self.state.message = "Analysing the position shown." if on else "Analysis off."

    def analysis_spec(self) -> Analyse2D | None:
        """The analysis job to run now, or None: off, a strip, the game over here, the computer to move,
        or this position done.

        ``history`` is the positions before this one (oldest first): the searcher
        scores a third repetition as a draw.
        """
        if (not self.analysing or not self.state.variant.is_board or self.state.over or self.state.computer_to_move()
                or self.state.live_link):
            return None  # the computer's own search comes first: the analysis resumes after its move
        position = str(self.state.position)
        if self.latest is not None and self.latest["position"] == position and self.latest.get("done"):
            return None
        history = tuple(str(p) for p in self.state.game.positions[: self.state.game.cursor])
        return Analyse2D(position, history)

    def analysis_report(self, position: str, report: Report) -> bool:
        """Take a report of the analysis of ``position``; True if what the page shows changed (redraw).

        False if ``position`` is no longer the one shown (the report is ignored),
        or if only the node count moved on.  A report replaces the previous one for the same position (the search went
        deeper); a failing search is reported once and switches the analysis off.
        """
        if not self.analysing or position != str(self.state.position):
            return False
        if report.get("error"):
            self.analysing, self.latest = False, None
            self.state.error = f"The analysis failed ({str(report['error'])[:200]}); it is now off."
            return True
        if report.get("pv") is None and report.get("depth") is None:
            if not report.get("done"):
                return False  # a progress report without a result yet
            if self.latest is not None and self.latest["position"] == position:
                self.latest = {**self.latest, "done": True}
            else:  # finished without a single result: say so rather than search again and again
                self.latest = {"position": position, "depth": None, "nodes": None, "score": None, "mate": None,
                                 "pv": [], "text": "No evaluation", "done": True}
            return True
        old = self.latest
        self.latest = {"position": position, "depth": report.get("depth"), "nodes": report.get("nodes"),
                         "score": report.get("score"), "mate": report.get("mate"),
                         "pv": [str(m) for m in report.get("pv") or []],
                         "text": str(report.get("text") or ""), "done": bool(report.get("done"))}
        shown: tuple[Literal["position", "depth", "score", "mate", "pv", "text", "done"], ...] = (
            "position", "depth", "score", "mate", "pv", "text", "done")
        return old is None or any(old.get(k) != self.latest[k] for k in shown)  # nodes alone: no redraw

    def _current_analysis(self) -> LatestAnalysis | None:
        a = self.latest
        return a if self.analysing and a is not None and a["position"] == str(self.state.position) else None

    def analysis_view(self) -> AnalysisView | None:
        """What the analysis panel shows: the text, depth, the bar (the side to move's share) and the PV."""
        if not self.analysing:
            return None
        a = self._current_analysis()
        side = self.state.to_move
        if self.state.over:
            return {"text": "The game is over here.", "depth": None, "bar": 0.5, "side": side_name(side), "pv": [],
                    "done": True}
        if a is None:
            return {"text": "Analysing…", "depth": None, "bar": 0.5, "side": side_name(side), "pv": [],
                    "done": False}
        return {"text": a["text"], "depth": a["depth"], "bar": eval_bar(a["score"], a["mate"]),
                "side": side_name(side), "pv": pv_notation(self.state.game.cursor, a["pv"]), "done": a["done"]}

    def pv_ghosts(self) -> list[Ghost]:
        """The principal variation as numbered ghost moves (:class:`lab.views.board.Ghost`); empty when none."""
        from lab.views.board import Ghost
        a = self._current_analysis()
        pos = self.state.position
        if a is None or self.state.chain or pos.variant is not Variant.BOARD:  # analysis is of 2D boards only
            return []
        ghosts: list[Ghost] = []
        for n, text in enumerate(a["pv"], start=1):
            try:
                move = pos.parse_move(text)
                nxt = pos.play(move)
            except PhutballError:
                break  # a line that does not follow from here (should not happen): show what does
            path = (move.point,) if isinstance(move, Placement) else tuple(move.path)
            ghosts.append(Ghost(n, str(move), path))
            if nxt.winner:
                break
            pos = nxt
        return ghosts

    # ------------------------------------------------------------ review (the Review game button)

    def review_spec(self) -> Review2D | None:
        """The review job for the whole game (every move, whatever the cursor), or None with ``error`` set."""
        self.state.reset_feedback()
        if not self.state.variant.is_board:
            self.state.error = "Review is for 2D boards: a strip's moves are judged exactly by Hint."
            return None
        if not self.state.game.moves:
            self.state.error = "There are no moves to review yet."
            return None
        if self.state.live_link:
            self.state.error = LINK_ENGINE_OFF
            return None
        self.review_marks, self.review_for = [], tuple(self.state.game.moves)
        self.review_curve, self.review_summary = [], []
        self.review_progress = (0, len(self.state.game.moves))
        self.state.message = "Reviewing the game…"
        return Review2D(self.state.game.to_record())

    def review_report(self, report: Report, storage: Storage | None = None) -> None:
        """Progress (``progress: [done, total]``), and at the end the marks (``marks``) or an ``error``; with
        ``storage``, the reader's blunders are kept there as puzzles at the end (:meth:`keep_found`)."""
        if self.review_for != tuple(self.state.game.moves):
            return  # the game changed since: this review is about another game
        if report.get("error"):
            self.review_progress, self.review_for = None, None
            self.state.error = f"The review failed ({str(report['error'])[:200]})."
            return
        if report.get("progress"):
            self.review_progress = (int(report["progress"][0]), int(report["progress"][1]))
        if report.get("done"):
            self.review_marks = sorted((dict(m) for m in report.get("marks") or []), key=lambda m: m["ply"])
            curve = report.get("curve") or []
            self.review_curve = ([min(1.0, max(0.0, float(c))) for c in curve]
                                 if len(curve) == len(self.state.game.moves) + 1 else [])
            self.review_summary = [str(t) for t in report.get("summary") or []]
            self.review_progress = None
            self.found = from_review(self.state.game, self.review_marks, utc_now()[:10], self.readers_move)
            n = len(self.review_marks)
            self.state.message = ("Review done: no mistakes found." if not n else
                                  f"Review done: {n} {'move' if n == 1 else 'moves'} marked.")
            if storage is not None:
                self.keep_found(storage)
            self.state.announcement = self.state.message

    def keep_found(self, storage: Storage) -> None:
        """Keep the blunders the review found as puzzles (:func:`lab.puzzleledger.add_mistakes`), once; if they
        cannot be kept, the page says why after the review's message."""
        found, self.found = self.found, []
        if not found:
            return
        note = add_mistakes(storage, found) or (
            ("Your blunder is now a puzzle" if len(found) == 1 else f"Your {len(found)} blunders are now puzzles")
            + " under Your mistakes on the puzzles page.")
        self.state.message = f"{self.state.message} {note}".strip()

    def readers_move(self, ply: int, side: str) -> bool:
        """Whether the move at ``ply`` (by ``side``) was the reader's: every move in a game between two people
        here; against the computer, the side it did not play then (a pie swap at ply 1 exchanges them);
        by link, this browser's side."""
        opponent = self.state.opponent
        if isinstance(opponent, Computer):
            swapped = list(self.state.game.moves[1:2]) == [SWAP]  # the whole game's, whatever the cursor
            return (side != opponent.side) != (swapped and ply >= 2)
        if isinstance(opponent, FriendByLink):
            return side == opponent.seat.you
        return True

    def cancel_review(self) -> None:
        if self.review_progress is not None:
            self.review_progress, self.review_for = None, None
            self.state.message = "Review cancelled."

    def _marks_valid(self) -> bool:
        return self.review_for is not None and self.review_for == tuple(self.state.game.moves)

    def marks_by_ply(self) -> dict[int, dict[str, Any]]:
        """The review's marks by ply (shown while the game is the one reviewed)."""
        return {m["ply"]: m for m in self.review_marks} if self._marks_valid() else {}

    def analysed_record(self) -> str:
        """The game's record (:meth:`phutball.game.Game.to_record`); after a review of this game, with its
        findings as comment lines (which a record may hold anywhere): each side's summary, each marked move,
        and Ohs' chance to win at every position, in per cent (issue 44).  It reads back as the same game."""
        record = self.state.game.to_record()
        if not self._marks_valid() or self.review_progress is not None:
            return record
        lines = ["# Review by the lab's engine:", *(f"# {t}" for t in self.review_summary),
                 *(f"# {mark_text(m)}" for m in self.review_marks)]
        if self.review_curve:
            lines.append("# Ohs' chance to win, position by position (%): "
                         + " ".join(str(round(100 * c)) for c in self.review_curve))
        return record.rstrip("\n") + "\n" + "\n".join(lines) + "\n"

    def review_view(self) -> ReviewView:
        marks = list(self.marks_by_ply().values())
        valid = self._marks_valid()
        return {"running": self.review_progress is not None and valid,
                "progress": self.review_progress, "marks": marks, "reviewed": valid,
                "curve": self.review_curve if valid else [], "summary": self.review_summary if valid else []}

    def goto_mark(self, ply: int) -> None:
        """Show the position before the marked move at ``ply``, with the better move as the hint."""
        mark = self.marks_by_ply().get(ply)
        if mark is None:
            self.state.error = f"Move {move_number(ply)} has no review mark."
            return
        self.history.goto(ply - 1)
        if mark.get("better"):
            self.show_hint(str(mark["better"]))
        self.state.message = mark_text(mark)
        self.state.announcement = f"{self.state.message} {self.words.status()}"

    def next_mark(self) -> None:
        """Jump to the first marked move after the position shown (wrapping round to the first)."""
        plies = sorted(self.marks_by_ply())
        if not plies:
            self.state.error = "No marked moves: review the game first."
            return
        later = [p for p in plies if p > self.state.game.cursor + 1]
        self.goto_mark(later[0] if later else plies[0])


def eval_bar(score: object, mate: object) -> float:
    """The side to move's share of the evaluation bar, 0..1: a win in N is 1, a loss 0, an even game 0.5.

    ``score`` is in tenths of a row (the engine's unit); the share is the side's calibrated win
    chance (:func:`phutball.ai.win_chance`: 4 rows ahead fill 86% of the bar, and no lead fills it
    before a win).
    """
    if isinstance(mate, int) and not isinstance(mate, bool) and mate != 0:
        return 1.0 if mate > 0 else 0.0
    if not isinstance(score, (int, float)) or isinstance(score, bool):
        return 0.5
    return win_chance(float(score))


def pv_notation(ply: int, pv: list[str]) -> list[str]:
    """The principal variation numbered as the move list numbers it: the move after ``ply`` plies is ``ply + 1``."""
    return [f"{ply + i}. {m}" for i, m in enumerate(pv, start=1)]


def mark_text(mark: dict[str, Any]) -> str:
    """A review mark in words: "Move 5 (Eks, E4) was a blunder: better E5-E1 (Eks win in 1 before it, ...)." """
    better = f": better {mark['better']}" if mark.get("better") else ""
    scores = f" ({mark['before']} before it, {mark['after']} after)" if mark.get("before") and mark.get("after") else ""
    return (f"Move {move_number(int(mark['ply']))} ({side_name(mark['side'])}, {mark['move']}) was a "
            f"{mark['label']}{better}{scores}.")


__all__ = ["LatestAnalysis", "AnalysisPanel", "AnalysisView", "ReviewView", "eval_bar", "mark_text", "pv_notation"]
