"""The base of the puzzle tasks: :class:`Task`, with the defaults of a task where the reader plays moves,
and the table every task enters by being defined (:data:`TASKS`, :func:`task_named`).

A subclass with a ``name`` is a task: defining it adds it to the table (:meth:`Task.__init_subclass__`),
so a new task is one class in one module of :mod:`phutball.puzzles.tasks` and nothing else changes.
A subclass without a name is a family's shared base (its methods, no entry).

This module reads a puzzle through :class:`Posed` (what a task reads of one), not the puzzle's class:
:class:`phutball.puzzles.puzzle.Puzzle` names :class:`Task` as its ``task``, so this module stays below it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired, Protocol, TypedDict

from ..claims import ClaimError
from ..common import MAX_LIVE_N, Position1D
from ..rules2d import rule_moves, rule_solves, solving_rule
from ..search2d import NODES, Effort, Undecided, win_in_one
from ..twod import TaskAnswer, counted, hint
from ...board import Position
from ...errors import PhutballError
from ...notation import Move2D, moves_text
from ...sides import SIDE_NAMES, other
from ...variant import Variant

__all__ = ["AnswerField", "AnswerForm", "Choice", "Posed", "Task", "TASKS", "Verdict", "check_claim", "is_str_list",
           "is_whole", "task_named"]


class Verdict(TypedDict):
    """The puzzle page's verdict on a move; ``takeback``: the move wins but must be taken back (a long
    strip's book follows another line, or a fastest-win puzzle's slower win)."""

    ok: bool
    won: bool
    refutation: list[str]
    note: str
    takeback: NotRequired[bool]


def verdict(ok: bool, won: bool, note: str, refutation: Sequence[object] = ()) -> Verdict:
    """A :class:`Verdict` (the refutation's moves as text)."""
    return {"ok": ok, "won": won, "refutation": [str(m) for m in refutation], "note": note}


def is_whole(v: object, lo: int = -10_000, hi: int = 10_000) -> bool:
    """Whether a puzzle file's value ``v`` is a whole number from ``lo`` to ``hi`` (not true or false)."""
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def is_str_list(v: object) -> bool:
    """Whether a puzzle file's value ``v`` is a list of strings."""
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


class Posed(Protocol):
    """What a task reads of a puzzle (:class:`phutball.puzzles.puzzle.Puzzle` is one)."""

    @property
    def position(self) -> str: ...

    @property
    def variant(self) -> Variant: ...

    @property
    def main_line(self) -> tuple[str, ...]: ...

    @property
    def extra(self) -> dict[str, Any]: ...


# ---------------------------------------------------------------- a question's answer form, as data


@dataclass(frozen=True)
class Choice:
    """One answer the reader can pick: the value the task reads, the words shown."""

    value: str
    label: str


@dataclass(frozen=True)
class AnswerField:
    """One blank of an answer form: a drop-down of ``choices`` (a row of its own, ``label`` shown as a
    diagram and ``note`` beside it), or, with no choices, a box a number is typed in (``label`` before it)."""

    key: str
    label: str
    note: str = ""
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class AnswerForm:
    """A question's answer form (:meth:`Task.answer_form`), which :func:`lab.views.markup.answer_html` draws
    and the page's glue reads back with :meth:`read`.

    ``buttons``: a button per choice, a click answers with its value.  ``fields``: blanks filled in and
    sent with a Check button (``id``-``i`` is the ``i``-th blank's element, ``check-``\\ ``name`` the
    button's); ``keyed``: the answer is a mapping of the fields' keys to what was typed, else the list of
    what was chosen; ``incomplete``: what the page says when a blank is left empty (empty: ask anyway).
    ``link``: a link under the form (address, words)."""

    name: str
    buttons: tuple[Choice, ...] = ()
    fields: tuple[AnswerField, ...] = ()
    id: str = ""
    field_class: str = ""
    row_class: str = ""
    keyed: bool = False
    incomplete: str = ""
    link: tuple[str, str] | None = None

    @property
    def check_id(self) -> str:
        """The Check button's element id (``check-compare``)."""
        return f"check-{self.name}"

    def field_id(self, i: int) -> str:
        """The ``i``-th blank's element id (``compare-0``)."""
        return f"{self.id}-{i}"

    def read(self, values: Sequence[str]) -> list[str] | dict[str, str]:
        """The answer made of what the page's blanks hold (in the fields' order)."""
        if self.keyed:
            return {f.key: v.strip() for f, v in zip(self.fields, values)}
        return list(values)


# ---------------------------------------------------------------- the table


#: Every task, by name: the one table the format, the checker, the pages and the embeds read.  Filled
#: by the tasks' classes as they are defined (importing :mod:`phutball.puzzles.tasks` imports them all).
TASKS: dict[str, Task] = {}


class Task:
    """A kind of puzzle (the subclasses in this package). The defaults are those of a task where the
    reader plays moves that must keep a win, judged by the engine; a method a task does not have says so."""

    #: The task's name in puzzle files and embed links (``"task": "win"``); "" for a family's base class.
    name: ClassVar[str] = ""
    #: The variants it exists on (boards, strips; a question may show Oddish boards).
    variants: ClassVar[tuple[Variant, ...]] = (Variant.STRIP, Variant.BOARD)
    #: The optional fields of the puzzle format a puzzle of this task must give.
    needs: ClassVar[tuple[str, ...]] = ()
    #: What the reader answers instead of playing (a question's form, :meth:`answer_form`); None: the
    #: reader plays moves on the board.
    answer_kind: ClassVar[str | None] = None
    #: What a puzzle's ``answer`` field must be, in words (the format names it when a file's is not).
    answer_type: ClassVar[str] = "a string"
    #: The question, with ``{who}`` for the side to move.
    question: ClassVar[str] = ""
    #: Where a teacher may set this task on a position of their own (an embed's ``task=``), by variant.
    custom: ClassVar[tuple[Variant, ...]] = ()
    #: The most solutions a generated puzzle of this task may have (more: too easy to stumble on); None: no limit.
    max_solutions: ClassVar[int | None] = None
    #: Whether a generator also asks for this task with the other side to move (a puzzle rarely met as the
    #: mover's own).
    both_sides: ClassVar[bool] = False
    #: The task in a few words, as a generated puzzle's title begins; "": the name, hyphens as spaces.
    words: ClassVar[str] = ""
    #: Whether a question (no board to play) shows the goal legend too: who wins on a strip says where each
    #: side attacks (issue 42); a task played on the board always shows it.
    shows_goals: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class with a name is a task: it enters :data:`TASKS` (one instance), once."""
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__ and cls.name:
            if cls.name in TASKS:
                raise ValueError(f"two puzzle tasks are named {cls.name!r}")
            TASKS[cls.name] = cls()

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

    def check(self, p: Posed, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        """Problems with puzzle ``p``'s claim, found by the engine (empty: the claim holds); a strip
        longer than ``max_solve_n`` squares is checked from the shipped books only."""
        return self.check_2d(p) if p.variant.is_board else self.check_1d(p, max_solve_n)

    def check_1d(self, p: Posed, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        """Problems with a strip (or Oddish) puzzle's claim, checked by the exact solver."""
        return [f"task {self.name!r} is not checked for 1D puzzles"]

    def check_2d(self, p: Posed, max_nodes: int = 2_000_000) -> list[str]:
        """Problems with a board puzzle's claim, checked by the engine: the main line must be legal, then
        :meth:`check_board` says the rest."""
        pos = Position.from_str(p.position)
        try:
            line = [pos]
            for m in p.main_line:
                line.append(line[-1].play(m))
        except PhutballError as e:
            return [f"main line: {e}"]
        return self.check_board(p, line, max_nodes)

    def check_board(self, p: Posed, line: list[Position], max_nodes: int) -> list[str]:
        """The task's own checks of a board puzzle whose main line ``line`` (the positions, from the
        start) is legal."""
        return [f"task {self.name!r} is not checked for 2D puzzles"]

    # ------------------------------------------------------------ a board's analysis

    def analyse(self, pos: Position, max_nodes: int = NODES) -> TaskAnswer | None:
        """The task's solution set in ``pos`` if the position is an instance of the task, else None.
        Raises :class:`~phutball.puzzles.search2d.Undecided` when a search runs out of budget."""
        raise ValueError(f"the {self.name} task has no 2D analysis")

    def solution_key(self, pos: Position, move: Move2D | str) -> object:
        """What identifies a solution among others: the position it leaves (two moves with one result are
        one solution)."""
        return pos.play(move)

    def check_analysis(self, position: str, main_line: Sequence[str], extra: Mapping[str, Any],
                       max_nodes: int = NODES) -> list[str]:
        """Problems with a claim the analysis decides (:meth:`analyse`): the listed ``solutions`` must be
        every solution, the main line must start with one, and :meth:`check_more` says the rest."""
        pos = Position.from_str(position)
        try:
            got = self.analyse(pos, max_nodes)
        except Undecided as e:
            return [f"cannot decide exactly: {e}"]
        if got is None:
            return [f"the position is not a {self.name} puzzle"]
        problems: list[str] = []
        try:
            claimed = {self.solution_key(pos, m): str(m) for m in extra.get("solutions", [])}
        except PhutballError as e:
            return [f"solutions: {e}"]
        true = {self.solution_key(pos, m): str(m) for m in got.solutions}
        missing = sorted(v for k, v in true.items() if k not in claimed)
        wrong = sorted(v for k, v in claimed.items() if k not in true)
        if missing:
            problems.append(f"solutions leave out {', '.join(missing[:5])}" + (" ..." if len(missing) > 5 else ""))
        if wrong:
            problems.append(f"listed solutions that fail: {', '.join(wrong[:5])}")
        if len(extra.get("solutions", [])) != len(claimed):
            problems.append("solutions list the same move (result) twice")
        if main_line:
            try:
                first = self.solution_key(pos, main_line[0])
            except PhutballError as e:
                return problems + [f"main line: {e}"]
            if first not in true:
                problems.append(f"main line move {main_line[0]} is not a solution")
        return problems + self.check_more(pos, main_line, extra, set(true), max_nodes)

    def check_more(self, pos: Position, main_line: Sequence[str], extra: Mapping[str, Any], solutions: set[object],
                   max_nodes: int) -> list[str]:
        """The task's own checks after :meth:`check_analysis`'s (``solutions``: the true ones' keys)."""
        return []

    # ------------------------------------------------------------ the trivial rules (the 2D filter)

    def rule_moves(self, pos: Position) -> dict[str, list[Move2D]]:
        """What each trivial rule plays here (:mod:`phutball.puzzles.rules2d`; a task may add its own)."""
        return rule_moves(pos)

    def rule_solves(self, pos: Position, solutions: Sequence[Move2D]) -> dict[str, bool]:
        """For each trivial rule, whether it solves the puzzle (any of its moves is a solution)."""
        return rule_solves(pos, self.rule_moves(pos), solutions)

    def solving_rule(self, pos: Position, solutions: Sequence[Move2D]) -> str | None:
        """The first trivial rule that solves the puzzle, or None (a generated puzzle it solves is dropped)."""
        return solving_rule(pos, self.rule_moves(pos), solutions)

    # ------------------------------------------------------------ a generated puzzle

    @property
    def label(self) -> str:
        """The task in a few words (``"win in two"``), as a generated puzzle's title begins."""
        return self.words or self.name.replace("-", " ")

    def accepts(self, a: TaskAnswer) -> bool:
        """Whether a generator makes a puzzle of an analysis (:meth:`analyse`): by default, when it has no more
        than :attr:`max_solutions` solutions."""
        return self.max_solutions is None or len(a.solutions) <= self.max_solutions

    def describe(self, pos: Position, a: TaskAnswer) -> tuple[str, str]:
        """A generated puzzle's title (after the task's words) and text, for the analysis ``a`` of ``pos``: by
        default the question and how many solutions there are."""
        me = SIDE_NAMES[pos.to_move]
        return f"{me} to move", f"{self.prompt(me)} {counted(len(a.solutions), 'move does', 'moves do')} it."

    # ------------------------------------------------------------ judging a move

    def judge_2d(self, position: str, move: str, max_nodes: int = 200_000) -> Verdict:
        """The puzzle page's verdict on ``move`` in a 2D ``position``: a goal is right and an own goal
        wrong whatever the task; else :meth:`judge_move` says."""
        pos = Position.from_str(position)
        me, them = pos.to_move, other(pos.to_move)
        after = pos.play(move)
        if after.winner == me:
            return verdict(True, True, "Goal!")
        if after.winner == them:
            return verdict(False, False, "That ends on your own goal line.")
        e = Effort()
        try:
            return self.judge_move(pos, move, after, win_in_one(after, them, e, max_nodes), e, max_nodes)
        except Undecided:
            return verdict(False, False, "The engine could not decide that move.")

    def judge_move(self, pos: Position, move: str, after: Position, threat: Move2D | None, e: Effort,
                   max_nodes: int) -> Verdict:
        """The verdict on ``move`` (it leaves ``after``, where the opponent's winning jump is ``threat``), the
        game not over: by default the move had to score."""
        them = SIDE_NAMES[other(pos.to_move)]
        return verdict(False, False, "That does not reach the goal." + (f" {them} scores instead." if threat else ""),
                       [threat] if threat else [])

    def hint_2d(self, position: str, main_line: Sequence[str], ply: int) -> str | None:
        """A hint move on a board (:func:`phutball.puzzles.twod.hint`)."""
        return hint(position, main_line, ply)

    def verdict_1d(self, d: Mapping[str, Any], me: str) -> Verdict:
        """The verdict on a strip's move from the exact solver's answer ``d``
        (:func:`phutball.puzzles.judge.judge`): right if it keeps the win; ``me`` is the mover's side."""
        if not d.get("known"):
            return verdict(False, False, str(d.get("reason", "unknown position")))
        ok = bool(d["keeps_win"])
        if ok and d.get("continuation_known") is False:
            return {**verdict(False, False, "That wins too, but this long puzzle's shipped analysis follows another "
                                            "line. Take another winning move (the hint shows one)."), "takeback": True}
        note = ""
        if ok and not d["fastest"]:
            note = "That still wins, though not by the fastest route."
        if not ok:
            note = _losing_note(d, me)
        return verdict(ok, d.get("winner") == me, note, d.get("refutation") or [])

    def hint_1d(self, analysis: Mapping[str, Any]) -> str | None:
        """The hint on a strip, from the solver's analysis (:func:`phutball.puzzles.judge.analysis`):
        a winning move, fastest first."""
        wins = analysis.get("winning_moves") or []
        return str(wins[0]) if wins else None

    # ------------------------------------------------------------ a teacher's puzzle

    def custom_line(self, pos: Position | Position1D, position: str) -> list[str]:
        """The main line of a puzzle of this task a teacher set on ``pos`` (``position`` as written), found by
        the engine; :class:`~phutball.puzzles.claims.ClaimError` when the position does not have one."""
        raise ClaimError("puzzle position", position, f"a {self.name} puzzle cannot be set on a position of your own")

    # ------------------------------------------------------------ questions

    def answer_form(self, p: Posed) -> AnswerForm | None:
        """The form the reader answers a question with (None: the reader plays moves)."""
        return None

    def answer_ok(self, value: object) -> bool:
        """Whether ``value`` is what a puzzle's ``answer`` field must be for this task (:attr:`answer_type`)."""
        return isinstance(value, str)

    def answer_text(self, p: Posed) -> str:
        """The solution as the page writes it."""
        return " ".join(p.main_line)

    def is_right(self, p: Posed, choice: object) -> bool:
        """Whether ``choice`` answers the question (questions only)."""
        raise TypeError(f"a {self.name} puzzle is solved by playing moves, not by an answer")


def _losing_note(d: Mapping[str, Any], me: str) -> str:
    """What the page says of a strip move that does not keep the win."""
    wins = d.get("winning_moves") or []
    plies = d.get("move_plies")
    note = "That move loses" + (f" (in {moves_text(plies)})" if plies else "") + "."
    if d.get("after") and d.get("winner") and d["winner"] != me:
        note = "That ends the game in your opponent's favour."
    if not wins:
        note += " There is no winning move here."
    return note


class Posing(Posed, Protocol):
    """A puzzle as :func:`check_claim` reads it: with its task."""

    @property
    def task(self) -> Task: ...


def check_claim(p: Posing, max_solve_n: int = MAX_LIVE_N) -> list[str]:
    """Problems with a puzzle's claim (empty: the engine or exact solver confirms it): its task's
    :meth:`Task.check`."""
    return p.task.check(p, max_solve_n)


def task_named(name: str) -> Task:
    """The task called ``name``; KeyError naming the known tasks if there is none."""
    try:
        return TASKS[name]
    except KeyError:
        raise KeyError(f"no puzzle task {name!r}: the tasks are {', '.join(TASKS)}") from None
