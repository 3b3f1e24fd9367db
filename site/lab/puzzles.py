"""The puzzle page's state and logic, in pure Python (unit-tested without a browser).

``site/glue/puzzles.py`` draws what :meth:`PuzzleController.view` returns and
turns clicks into calls here; puzzle embeds (:mod:`lab.embedmodes`, :mod:`lab.embedstreak`)
use the same controller.  The engine's answers come from an *oracle* (:mod:`lab.puzzleoracles`).

Flow of a playing task (``win``, ``only-move``, ``safe-move``): the user
moves; a move that keeps the win (or, for ``safe-move``, leaves the opponent
no winning jump) is answered with the strongest defence (the slowest loss)
until the user wins; a wrong move is marked wrong and its refutation -- the
opponent's best play -- is queued to be played out on the board, after which
:meth:`retry` takes the board back to before the mistake.

The controller holds the parts of the page that are modules of their own: the list's order, the daily
puzzle and a theme mix (:mod:`lab.puzzlelist`), the streak (:class:`lab.puzzlestreak.StreakPlay`), the
hints (:mod:`lab.puzzlehints`), the stored progress (:mod:`lab.puzzleprogress`, :mod:`lab.puzzleledger`)
and what the page shows (:mod:`lab.puzzleview`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from phutball.game import Game, parse_any_position, variant_of
from phutball.notation import move_targets
from phutball.puzzles.tasks import AnswerForm
from phutball.puzzles.themes import THEME_NAMES
from phutball.sides import SIDE_NAMES
from lab.boardwords import ply_words, typed_preview
from lab.puzzlebrowse import PuzzleBrowsing
from lab.puzzlehints import GIVEN_AWAY, REPLAYED, cost_words, graded_hint
from lab.puzzleledger import MAX_HINTS, Attempt, change
from lab.puzzleprogress import entry_of, is_solved
from lab.puzzleview import LineEntry, PuzzleView, goal_legend, labelled_line
from lab.puzzlewords import collection_words, source_words

if TYPE_CHECKING:
    from phutball.moveentry import Target

__all__ = ["ANSWERING", "PuzzleController"]

#: The end of the message while the engine's answer to a good move is being played.
ANSWERING = " The engine answers…"


class PuzzleController(PuzzleBrowsing):
    """The puzzles page (or a puzzle embed): the attempt at the puzzle shown, on the list's state
    (:class:`lab.puzzlestate.PuzzleState`) and the ways through it (:class:`lab.puzzlebrowse.PuzzleBrowsing`)."""

    def _finish(self, outcome: str) -> tuple[str, str]:
        """End the attempt going on with ``outcome`` (``clean`` becomes ``hints`` after a hint): it is
        recorded once in the ledger (an attempt already recorded is not recorded again), and a streak counts
        it.  Returns what it did to the reader's rating, in words ("" if it was recorded before, or if
        :attr:`tells_rating` is off), and the words of the streak it ended ("" if none)."""
        p = self.puzzle
        if self.ledger.has(self.attempt):
            return "", ""
        first = p.id not in self.ledger.progress
        if outcome == "clean" and self.hints_taken:
            outcome = "hints"
        before = self.rating
        done = Attempt(self.attempt, p.id, self.clock(), outcome, self.hints_taken, self.rating_of(self.index))
        self.ledger = self.ledger.record(done)
        over = self._take(self.streak.counted(self.runs, done))
        return self._rating_words(done, before, first), over

    def _rating_words(self, done: Attempt, before: int, first: bool) -> str:
        """What the attempt ``done`` did to the reader's rating (``before`` it), in words ("" if
        :attr:`tells_rating` is off); a puzzle counts once (``first``: it was never tried before)."""
        if not self.tells_rating:
            return ""
        moved = self.ledger.last_change(done.id) or 0
        if not first:
            return f" A puzzle counts for your rating once: it stays {self.rating}."
        if done.outcome == "hints":
            clean = change(before, replace(done, outcome="clean", hints=0))
            n = done.hints
            return (f" Your puzzle rating: {self.rating} ({moved:+d}; solved after {n} hint{'s' if n > 1 else ''}, "
                    f"where a clean solve gains {clean:+d}).")
        return f" Your puzzle rating: {self.rating} ({moved:+d})."

    def failed_note(self) -> str:
        """Where a failed attempt leaves the puzzle, if it is not solved (by an earlier attempt)."""
        solved = is_solved(self.progress, self.puzzle.id)
        return "" if solved or not self.tells_rating else " The puzzle is listed under Replay my failed puzzles."

    async def user_move(self, move: str) -> None:
        """The user played ``move`` (notation text) on the board."""
        if self.phase != "playing" or self.game is None or not self.task.plays:
            return
        position = str(self.game.position)
        try:
            self.game.position.parse_move(move)
        except Exception as e:  # an illegal click sequence: tell, change nothing
            self.message = str(e)
            return
        self.phase = "busy"
        self.hint = None
        self.hint_level = 0
        verdict = await self.oracle().judge(self.task, position, move)
        if verdict.get("takeback"):
            self.phase = "playing"
            self.verdict = ""
            self.message = verdict["note"]
            return
        ply_before = self.game.cursor
        self.game.push(move)
        if not verdict["ok"]:
            rated, over = self._finish("failed")
            self.verdict = "wrong"
            self.retry_ply = ply_before
            if over:  # the streak is over: it starts again, not this puzzle
                advice = " Watch the refutation." if verdict["refutation"] else ""
            else:
                advice = " Watch the refutation, then try again." if verdict["refutation"] else " Try again."
            self.message = ("✗ " + (verdict.get("note") or "That move loses.") + advice + (" " + over if over else "")
                            + rated)
            self.queue = list(verdict["refutation"])
            self.review_from = ply_before
            self.after_queue = "wrong"
            self.phase = "wrong" if not self.queue else "busy"
            return
        if verdict["won"] or self.game.position.winner == self.side():
            self._solved(verdict.get("note", ""))
            return
        reply = await self.oracle().respond(str(self.game.position))
        self.verdict = "correct"
        self.message = "✓ Good. " + (verdict.get("note") or "") + (ANSWERING if reply else "")
        if reply:
            self.queue = [reply]
            self.after_queue = "playing"
            self.phase = "busy"
        else:
            self.phase = "playing"

    def _solved(self, note: str = "") -> None:
        """The reader's move won: the attempt is recorded as solved (unless the third hint gave the move)."""
        given = self.hints_taken >= MAX_HINTS  # the third hint gave the move: the attempt counted as failed then
        rated, _ = self._finish("clean")
        if given:
            rated = " The third hint gave the move away, so this attempt counts as not solved." + self.failed_note()
        self.phase = "solved"
        self.verdict = "correct"
        head = "✓ Solved, with the move given. " if given else "✓ Solved! "
        self.message = head + (note + " " if note else "") + self.puzzle.text + self.streak.note(self.runs) + rated

    def animate_step(self) -> bool:
        """Play the next queued move on the board; False when the queue is empty (phase then updated)."""
        if self.queue and self.game is not None:
            self.game.push(self.queue.pop(0))
            return True
        if self.after_queue:
            self.phase = self.after_queue
            self.after_queue = ""
            if self.phase == "playing" and self.game is not None and self.game.position.winner:
                self.phase = "wrong"  # the defender won: cannot happen in a correct line
            elif self.phase == "playing" and self.game is not None and self.message.endswith(ANSWERING):
                g = self.game  # the engine's answer is on the board: the reader's move again
                who = SIDE_NAMES.get(g.positions[g.cursor - 1].to_move or "", "The engine")
                said = self.message[: -len(ANSWERING)].rstrip()
                self.message = f"{said} {who} answered {g.moves[g.cursor - 1]}. Your move."
        return False

    def retry(self) -> None:
        """Try again after a wrong move: the board goes back to before it, and a new attempt begins."""
        if self.game is not None:
            self.game.goto(self.retry_ply)
            self.game.truncate()
        self.queue, self.after_queue = [], ""
        self.phase = "playing"
        self.verdict = ""
        self.review_from = None
        self.hint_level = 0
        self.begin_attempt()  # the wrong move ended the last one
        self.message = "Try again. " + self.task_prompt()

    def restart(self) -> None:
        """The puzzle again from its start."""
        self.open(self.index)

    async def show_hint(self) -> None:
        """The next graded hint at this position (:func:`lab.puzzlehints.graded_hint`; none in a streak)."""
        if refusal := self.streak.hint_refusal():
            self.message = refusal
            return
        if self.game is None or self.phase != "playing":
            self.message = "No hint for this kind of puzzle." if self.game is None else self.message
            return
        p = self.puzzle
        move = await self.oracle().hint_move(p.task, str(self.game.position), p.main_line,
                                             self.game.cursor)
        if not move:
            self.message = "No hint available here."
            return
        self.hint_level = min(MAX_HINTS, self.hint_level + 1)
        hint = graded_hint(str(self.game.position), p.variant, move, self.hint_level)
        self.hint = hint.mark
        self.message = hint.words + self._hint_taken()

    def _hint_taken(self) -> str:
        """Count a hint in the attempt going on, and say what it costs: one or two make a solve a partial
        one (:data:`lab.puzzlehints.HINT_COST`), the third gives the move away and records the attempt as
        failed."""
        if self.ledger.has(self.attempt):
            return ""  # the attempt already counted (a third hint, then more)
        self.hints_taken = min(MAX_HINTS, self.hints_taken + 1)
        if self.hints_taken >= MAX_HINTS:
            rated, _ = self._finish("failed")
            return GIVEN_AWAY + rated + self.failed_note()
        self.ledger = self.ledger.hinted(self.attempt, self.puzzle.id, self.hints_taken)
        if self.puzzle.id in self.ledger.progress:
            return REPLAYED
        return cost_words(self.hints_taken)

    def show_solution(self) -> None:
        """Queue the main line from the start, to be replayed on the board step by step (it ends a streak)."""
        p = self.puzzle
        rated, over = self._finish("shown")  # a failure (it ends a streak); nothing if the attempt had ended
        over = over or self._take(self.streak.leave(self.runs, "you asked for the solution"))
        over = " " + over if over else ""
        if rated:
            rated += self.failed_note()
        if self.game is None:
            self.phase = "solution"
            self.message = "Solution: " + self.answer_text() + " " + p.text + over + rated
            return
        self.game = Game(parse_any_position(p.position))
        self.queue = list(p.main_line)
        self.review_from = 0
        self.after_queue = "solution"
        self.phase = "busy"
        self.verdict = ""
        self.message = "The solution: " + " ".join(p.main_line) + ". " + p.text + over + rated

    # ------------------------------------------------------------ stepping through a line

    def can_step(self) -> bool:
        """A refutation or solution, fully played out, can be stepped through move by move."""
        return self.review_from is not None and self.game is not None and not self.queue \
            and self.phase in ("wrong", "solution")

    def step(self, where: str) -> bool:
        """Move through the line shown: ``first``, ``prev``, ``next`` or ``last`` (replay embeds' buttons)."""
        game, lo = self.game, self.review_from
        if not self.can_step() or game is None or lo is None:  # (can_step checks both)
            return False
        hi, at = len(game.moves), game.cursor
        ply = {"first": lo, "prev": max(lo, at - 1), "next": min(hi, at + 1), "last": hi}.get(where, at)
        if ply == at:
            return False
        game.goto(ply)
        return True

    def key(self, key: str) -> bool:
        """The arrow keys, Home and End step through a line, as in replay embeds."""
        where = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}.get(key)
        return where is not None and self.step(where)

    def move_refusal(self, busy: bool = False) -> str:
        """Why no move can be entered now ("" when one can): the same for clicks, keys and typed moves."""
        if busy or self.phase == "busy":
            return "Wait: the last move is being checked."
        if self.game is None or not self.task.plays:
            return "This puzzle is answered below the board, not by a move."
        if self.phase != "playing":
            return "This puzzle is over: Try again, or Next for another."
        return ""

    def preview_typed(self, position: Any, text: str, busy: bool = False) -> tuple[bool, str]:
        """What a move typed in the notation will do on ``position`` (the board's, None when none is shown),
        before it is played: (playable, words) -- the puzzle's own refusal (:meth:`move_refusal`) first, then
        the engine's (:func:`lab.boardwords.typed_preview`). The same for the puzzles page and embeds."""
        refusal = self.move_refusal(busy) if text.strip() else ""
        return (False, refusal) if refusal or position is None else typed_preview(position, text)

    def typed_refusal(self, position: Any, text: str, busy: bool = False) -> str:
        """Why a typed move cannot be entered now ("" when it can): :meth:`preview_typed`'s words, or how to type one."""
        ok, words = self.preview_typed(position, text, busy)
        return "" if ok else words or "Type a move: a point (H11) or a jump (H10-H12); on a strip, 5 or 2-4-6."

    def last_move_words(self) -> str:
        """The move that led to the position on the board, in words ("" at the puzzle's start): the live
        region says each move of a refutation or a solution as it is played (lab.boardwords.ply_words)."""
        game = self.game
        return "" if game is None or game.cursor == 0 else ply_words(game, game.cursor)

    def last_move_marks(self) -> list[Target]:
        """The squares of the last move played on a strip, which the board marks (a 2D puzzle marks none)."""
        game = self.game
        if game is None or game.cursor == 0 or variant_of(game.start).is_board:
            return []
        return move_targets(self.puzzle.variant, game.moves[game.cursor - 1])

    def review_line(self) -> list[LineEntry]:
        """The line being shown, each move with its side, the move at the cursor marked ``current``."""
        if self.review_from is None or self.game is None:
            return []
        line = labelled_line(str(self.game.start), self.game.moves)[self.review_from:]
        for e in line:
            e["current"] = e["ply"] == self.game.cursor
        return line

    # ------------------------------------------------------------ answer tasks

    def answer_text(self) -> str:
        """The answer of a question puzzle, in words."""
        return self.task.answer_text(self.puzzle)

    def answer_form(self) -> AnswerForm | None:
        """The current question's answer form (None: the reader plays moves)."""
        return self.task.answer_form(self.puzzle)

    def answer_blanks(self, values: Sequence[str]) -> None:
        """Answer with what the form's blanks hold, in its fields' order (:meth:`AnswerForm.read`); a blank left
        empty where the form needs every one is said, and is no attempt."""
        form = self.answer_form()
        if form is None:
            return
        if form.incomplete and "" in values:
            self.message = form.incomplete
            return
        self.answer(form.read(values))

    def answer(self, choice: object) -> None:
        """Answer a which-side (``'L'``), compare (``['L','R']``) or potential (``{'pL': 1, 'pR': 0}``) task."""
        p = self.puzzle
        try:
            ok = self.task.is_right(p, choice)
        except ValueError as e:  # not a number where one is asked
            self.message = str(e)
            return
        rated, over = self._finish("clean" if ok else "failed")
        if ok:
            self.phase = "solved"
            self.verdict = "correct"
            self.message = "✓ Right! " + p.text + self.streak.note(self.runs) + rated
        else:
            self.verdict = "wrong"
            self.message = "✗ Not quite. Think again, or show the solution." + (" " + over if over else "") + rated
            self.begin_attempt()  # the next answer is another attempt

    # ------------------------------------------------------------ view

    def view(self) -> PuzzleView:
        """Everything the page draws (:class:`lab.puzzleview.PuzzleView`)."""
        p = self.puzzle
        pos = self.game.position if self.game else parse_any_position(p.position)
        entry = entry_of(self.progress, p.id)
        return {
            "id": p.id, "title": p.title, "task": p.task.name, "variant": p.variant,
            "difficulty": p.difficulty, "source": source_words(p.source),
            "collection": collection_words(p.collection),
            "position": str(pos), "phase": self.phase, "message": self.message, "verdict": self.verdict,
            "hint": self.hint, "solved": entry["solved"], "attempts": entry["attempts"],
            "can_move": self.phase == "playing" and self.game is not None and self.task.plays,
            "can_retry": self.phase == "wrong", "index": self.index, "count": len(self.puzzles),
            "moves": list(self.game.moves[: self.game.cursor]) if self.game else [],
            "legend": goal_legend(p.position) if self.game or self.task.shows_goals else "",
            "line": self.review_line(), "can_step": self.can_step(),
            "positions": p.extra.get("positions"), "answer_kind": self.task.answer_kind,
            "mode": self.mode, "streak": self.runs.streak.count if self.runs.streak else None,
            "best_streak": self.runs.best_streak, "daily": self.today != "" and self.daily_index() == self.index,
            "failed": len(self.failed_puzzles()), "theme": self.theme,
            "themes": [THEME_NAMES[t] for t in self.themes_of(self.index)],
            "rating": self.rating, "puzzle_rating": self.rating_of(self.index),
        }
