"""Puzzle tasks: one class per kind of puzzle, all in one table (:data:`TASKS`).

A task says everything the lab needs to know about a kind of puzzle:

* which variants it exists on, and the fields a puzzle file must give for it
  (:func:`phutball.puzzles.format.puzzle_from` validates by the table);
* the question put to the reader (:meth:`Task.prompt`);
* whether the reader plays moves or answers a question (:attr:`Task.answer_kind`);
* how the engine checks a puzzle's claim (:meth:`Task.check`, run by
  ``phutball puzzles check`` and the tests);
* how a move on the puzzle page is judged: on a board with the win searches
  (:meth:`Task.judge_2d`), on a strip by reading the exact solver's verdict
  (:meth:`Task.verdict_1d`); and the hint (:meth:`Task.hint_1d`);
* for a question, how an answer is shown and judged (:meth:`Task.answer_text`,
  :meth:`Task.is_right`).

Adding a task is adding a class here and an entry to :data:`TASKS`: the file
format, the checker, the puzzle page and the embeds all read this table.

>>> TASKS["only-move"].prompt("Left")
'Left to play: find the only winning move, then win.'
>>> sorted(t.name for t in TASKS.values() if t.answer_kind is not None)
['compare', 'potential', 'which-side']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..notation import moves_text
from ..sides import SIDE_NAMES
from .common import MAX_LIVE_N

if TYPE_CHECKING:
    from .puzzle import Puzzle

__all__ = ["Task", "TASKS", "Verdict", "check_claim", "task_named"]

#: The puzzle page's verdict on a move: ``{"ok", "won", "refutation", "note"}`` and, when the move
#: wins but must be taken back (a long strip's book follows another line), ``"takeback": True``.
Verdict = dict[str, Any]


class Task:
    """A kind of puzzle (subclasses below). The defaults are those of a task where the reader plays
    moves that must keep a win, judged by the engine."""

    #: The task's name in puzzle files and embed links (``"task": "win"``).
    name: ClassVar[str] = ""
    #: The variants it exists on (``"2D"`` boards, ``"1D"`` strips; a question may show Oddish boards).
    variants: ClassVar[tuple[str, ...]] = ("1D", "2D")
    #: The optional fields of the puzzle format a puzzle of this task must give.
    needs: ClassVar[tuple[str, ...]] = ()
    #: What the reader answers instead of playing (``"which-side"``, ``"compare"``, ``"potential"``);
    #: None: the reader plays moves on the board.
    answer_kind: ClassVar[str | None] = None
    #: The question, with ``{who}`` for the side to move.
    question: ClassVar[str] = ""
    #: Whether a teacher may set this task on a position of their own (an embed's ``task=``), by variant.
    custom: ClassVar[tuple[str, ...]] = ()

    def __repr__(self) -> str:
        return f"task_named({self.name!r})"

    @property
    def plays(self) -> bool:
        """Whether the reader plays moves (else they answer a question)."""
        return self.answer_kind is None

    @property
    def needs_main_line(self) -> bool:
        """Whether a puzzle file must give the main line (a question's answer is its own field)."""
        return self.plays

    def prompt(self, who: str) -> str:
        """The question put to the reader; ``who`` is the side to move's name (``'Ohs'``, ``'Left'``)."""
        return self.question.format(who=who)

    # ------------------------------------------------------------ checking a claim

    def check(self, p: Puzzle, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        """Problems with puzzle ``p``'s claim, found by the engine (empty: the claim holds); a strip
        longer than ``max_solve_n`` squares is checked from the shipped books only."""
        from .check import check_claim_1d, check_claim_2d
        return check_claim_2d(p) if p.variant.is_board else check_claim_1d(p, max_solve_n)

    # ------------------------------------------------------------ judging a move

    def judge_2d(self, position: str, move: str) -> Verdict:
        """The verdict on ``move`` in a 2D ``position`` (:func:`phutball.puzzles.twod.judge`)."""
        from .twod import judge
        return judge(self.name, position, move)

    def verdict_1d(self, d: dict[str, Any], me: str) -> Verdict:
        """The verdict on a strip's move from the exact solver's answer ``d``
        (:func:`phutball.puzzles.judge.judge`): right if it keeps the win; ``me`` is the mover's side."""
        if not d.get("known"):
            return {"ok": False, "won": False, "refutation": [], "note": d.get("reason", "unknown position")}
        ok = bool(d["keeps_win"])
        if ok and d.get("continuation_known") is False:
            return {"ok": False, "takeback": True, "won": False, "refutation": [],
                    "note": "That wins too, but this long puzzle's shipped analysis follows another line. "
                            "Take another winning move (the hint shows one)."}
        note = ""
        if ok and not d["fastest"]:
            note = "That still wins, though not by the fastest route."
        if not ok:
            note = _losing_note(d, me)
        return {"ok": ok, "won": d.get("winner") == me, "refutation": list(d.get("refutation") or []),
                "note": note}

    def hint_1d(self, analysis: dict[str, Any]) -> str | None:
        """The hint on a strip, from the solver's analysis (:func:`phutball.puzzles.judge.analysis`):
        a winning move, fastest first."""
        wins = analysis.get("winning_moves") or []
        return str(wins[0]) if wins else None

    # ------------------------------------------------------------ questions

    def answer_text(self, p: Puzzle) -> str:
        """The solution as the page writes it."""
        return " ".join(p.main_line)

    def is_right(self, p: Puzzle, choice: Any) -> bool:
        """Whether ``choice`` answers the question (questions only)."""
        raise TypeError(f"a {self.name} puzzle is solved by playing moves, not by an answer")


def _losing_note(d: dict[str, Any], me: str) -> str:
    """What the page says of a strip move that does not keep the win."""
    wins = d.get("winning_moves") or []
    plies = d.get("move_plies")
    note = "That move loses" + (f" (in {moves_text(plies)})" if plies else "") + "."
    if d.get("after") and d.get("winner") and d["winner"] != me:
        note = "That ends the game in your opponent's favour."
    if not wins:
        note += " There is no winning move here."
    return note


# ---------------------------------------------------------------- the tasks


class Win(Task):
    """Win: on a board, with one jump (``win``); on a strip, against every defence."""

    name = "win"
    question = "{who} to play and win."
    custom = ("1D", "2D")


class OnlyMove(Task):
    """Find a strip's only winning move, then win (the paper's "counter-intuitive" examples)."""

    name = "only-move"
    variants = ("1D",)
    question = "{who} to play: find the only winning move, then win."
    custom = ("1D",)


class SafeMove(Task):
    """Leave the opponent no winning jump, on a board where a tempting move loses (``trap``)."""

    name = "safe-move"
    variants = ("2D",)
    needs = ("trap",)
    question = "{who} to move: find a move that leaves no winning jump."
    custom = ("2D",)


class WinInTwo(Task):
    """Make a threat no defence stops, then score (:mod:`phutball.puzzles.twod`)."""

    name = "win-in-two"
    variants = ("2D",)
    needs = ("solutions",)
    question = "{who} to play: make a threat no defence can stop, then score."


class WinInThree(Task):
    """Win in three moves: a move after which every defence leaves a win in two, then the win in two
    against the engine's stubbornest defences (:func:`phutball.puzzles.three2d.win_in_three_moves`)."""

    name = "win-in-three"
    variants = ("2D",)
    needs = ("solutions",)
    question = "{who} to play and win in three moves, whatever the defence."


class Defend(Task):
    """Stop the opponent's winning jump (``threat``)."""

    name = "defend"
    variants = ("2D",)
    needs = ("solutions", "threat")
    question = "{who} to move: stop the opponent's winning jump."


class DontJump(Task):
    """A jump looks good (``trap``) but loses: find a move that does not."""

    name = "dont-jump"
    variants = ("2D",)
    needs = ("solutions", "trap")
    question = "{who} to move: do not fall for the tempting jump."


class FastestWin(Task):
    """Win a strip by the fastest route: every move must be one of the solver's fastest wins.

    Checked by the exact solver: the side to move wins and the main line's first
    move is one of the fastest winning moves.  A slower win is refuted by
    taking it back ("That wins, but not as fast ...").
    """

    name = "fastest-win"
    variants = ("1D",)
    question = "{who} to play: win in as few moves as possible."

    def check(self, p: Puzzle, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        from dataclasses import replace
        from .check import check_claim_1d
        from .common import analysis_of, norm_move, parse_position
        from ..oned.solve import WIN
        problems = check_claim_1d(replace(p, task="win"), max_solve_n)  # a win; the main line plays it out
        if problems:
            return problems
        pos = parse_position(p.position)
        a = analysis_of(pos, max_solve_n)
        if a is None or a.value != WIN or a.best is None:
            return ["the exact solver does not find a win"]
        fastest = sorted(str(o.move) for o in a.winning_moves if o.plies == a.best.plies)
        if norm_move(pos, p.main_line[0]) not in fastest:
            problems.append(f"{p.main_line[0]} is not a fastest win (those are {', '.join(fastest)})")
        return problems

    def verdict_1d(self, d: dict[str, Any], me: str) -> Verdict:
        v = super().verdict_1d(d, me)
        if v["ok"] and not d["fastest"]:
            return {"ok": False, "takeback": True, "won": False, "refutation": [],
                    "note": f"That wins, but not by the fastest route ({(d['plies'] + 1) // 2} moves of "
                            "yours). Take another move."}
        return v


class WhichSide(Task):
    """Who wins with best play (a strip, or an Oddish board)?"""

    name = "which-side"
    variants = ("1D",)
    needs = ("answer",)
    answer_kind = "which-side"
    question = "{who} to move: who wins with best play?"  # issue 42: the question says who moves

    def answer_text(self, p: Puzzle) -> str:
        a = p.extra["answer"]
        return f"{SIDE_NAMES.get(a, a)} wins."

    def is_right(self, p: Puzzle, choice: Any) -> bool:
        return bool(choice == p.extra.get("answer"))


class Compare(Task):
    """Who wins in each of several positions (the paper's pairs that differ by one stone or square)?"""

    name = "compare"
    variants = ("1D",)
    needs = ("positions", "answer")
    answer_kind = "compare"
    question = "{who} to move in each position: who wins in each?"  # issue 42: the question says who moves

    def answer_text(self, p: Puzzle) -> str:
        return "; ".join(f"{pos}: {SIDE_NAMES.get(w, w)} wins"
                         for pos, w in zip(p.extra["positions"], p.extra["answer"]))

    def is_right(self, p: Puzzle, choice: Any) -> bool:
        return list(choice) == list(p.extra["answer"])


class Potential(Task):
    """Compute the Oddish potentials pL and pR (the paper's Theorem 1)."""

    name = "potential"
    variants = ("1D",)
    needs = ("answer",)
    answer_kind = "potential"
    question = "Compute the Oddish potentials pL and pR."

    def answer_text(self, p: Puzzle) -> str:
        return ", ".join(f"{k} = {v}" for k, v in p.extra["answer"].items())

    def is_right(self, p: Puzzle, choice: Any) -> bool:
        """``choice`` maps each potential to a whole number (text from a form is read as one);
        raises ValueError if one is not a whole number."""
        try:
            got = {k: int(v) for k, v in dict(choice).items()}
        except (TypeError, ValueError):
            raise ValueError("Enter whole numbers.") from None
        return all(got.get(k) == v for k, v in p.extra["answer"].items())


#: Every task, by name: the one table the format, the checker, the pages and the embeds read.
TASKS: dict[str, Task] = {t.name: t for t in (Win(), OnlyMove(), SafeMove(), WinInTwo(), WinInThree(), Defend(),
                                              DontJump(), FastestWin(), WhichSide(), Compare(), Potential())}


def check_claim(p: Puzzle, max_solve_n: int = MAX_LIVE_N) -> list[str]:
    """Problems with a puzzle's claim (empty: the engine or exact solver confirms it): its task's
    :meth:`Task.check`."""
    return task_named(p.task).check(p, max_solve_n)


def task_named(name: str) -> Task:
    """The task called ``name``; KeyError naming the known tasks if there is none."""
    try:
        return TASKS[name]
    except KeyError:
        raise KeyError(f"no puzzle task {name!r}: the tasks are {', '.join(TASKS)}") from None
