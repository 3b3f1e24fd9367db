"""The questions: tasks the reader answers on a form instead of playing moves -- who wins (``which-side``),
who wins in each of several positions (``compare``), and the paper's Oddish potentials (``potential``).

Each gives its answer form as data (:meth:`~phutball.puzzles.tasks.Task.answer_form`), which the page draws
(:func:`lab.views.markup.answer_html`) and reads back (:meth:`~phutball.puzzles.tasks.AnswerForm.read`), so
a new question is a class here and needs no new markup or glue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..check import check_line, check_strip_claim, strip_start
from ..common import MAX_LIVE_N, Position1D, analysis_of, parse_position, winner_of
from .base import AnswerField, AnswerForm, Choice, Posed, Task, is_str_list, is_whole
from ...errors import PhutballError
from ...oned.oddish import Oddish
from ...oned.potential import general_potentials, oddish_potentials, predict
from ...oned.solve import ExactValue
from ...sides import LEFT, RIGHT, SIDE_NAMES, side_name, sides_of
from ...variant import Variant

__all__ = ["Compare", "Potential", "Question", "WhichSide"]

#: The answers a winner may be given as (a draw has no side).
_WINNERS: dict[str, str | None] = {LEFT: LEFT, RIGHT: RIGHT, "draw": None}


def _wins(variant: Variant) -> tuple[Choice, ...]:
    """A choice per side of ``variant``: "Left wins", "Right wins"."""
    return tuple(Choice(s, f"{SIDE_NAMES[s]} wins") for s in sides_of(variant))


class Question(Task):
    """A question on strips or Oddish boards (a family: no task of its own)."""

    variants = (Variant.STRIP,)
    needs: ClassVar[tuple[str, ...]] = ("answer",)


class WhichSide(Question):
    """Who wins with best play (a strip, or an Oddish board)?"""

    name = "which-side"
    answer_kind = "which-side"
    answer_type = "a side letter or 'draw' (a string)"
    question = "{who} to move: who wins with best play?"  # issue 42: the question says who moves
    shows_goals = True

    def check_1d(self, p: Posed, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        return check_strip_claim(p, self.strip_claim, max_solve_n)

    def strip_claim(self, p: Posed, pos: Position1D, a: ExactValue, winner: str | None) -> tuple[list[str], bool]:
        """The ``answer`` ('L', 'R' or 'draw') is the winner with best play."""
        answer = p.extra.get("answer")
        want = _WINNERS.get(answer, "?") if isinstance(answer, str) else "?"
        if want == "?":
            return ["answer must be 'L', 'R' or 'draw'"], False
        if want != winner:
            got = side_name(winner) + " wins" if winner else "a draw"
            return [f"answer {answer!r} is wrong: with best play it is {got}"], False
        return [], True

    def answer_form(self, p: Posed) -> AnswerForm:
        """A button per side."""
        return AnswerForm(self.answer_kind or "", buttons=_wins(p.variant))

    def answer_text(self, p: Posed) -> str:
        a = p.extra["answer"]
        return f"{SIDE_NAMES.get(a, a)} wins."

    def is_right(self, p: Posed, choice: object) -> bool:
        return bool(choice == p.extra.get("answer"))


class Compare(Question):
    """Who wins in each of several positions (the paper's pairs that differ by one stone or square)?"""

    name = "compare"
    needs = ("positions", "answer")
    answer_kind = "compare"
    answer_type = "a list of side letters (strings)"
    question = "{who} to move in each position: who wins in each?"  # issue 42: the question says who moves
    shows_goals = True

    def answer_ok(self, value: object) -> bool:
        return is_str_list(value)

    def check_1d(self, p: Posed, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        start = strip_start(p)
        return start if isinstance(start, list) else self.check_positions(p, start[1], max_solve_n)

    def check_positions(self, p: Posed, defence: str, max_solve_n: int) -> list[str]:
        """Each position's ``answer`` is its winner with best play; each of ``lines`` and the main line plays out."""
        positions = p.extra.get("positions")
        answer = p.extra.get("answer")
        if not isinstance(positions, list) or len(positions) < 2:
            return ["positions must list at least two positions"]
        if not isinstance(answer, list) or len(answer) != len(positions):
            return ["answer must list one winner ('L', 'R' or 'draw') per position"]
        lines = p.extra.get("lines")
        if lines is not None and (not isinstance(lines, list) or len(lines) != len(positions)):
            return ["lines must list one main line (or null) per position"]
        problems: list[str] = []
        for i, (text, want) in enumerate(zip(positions, answer)):
            try:
                q = parse_position(text)
            except PhutballError as e:
                problems.append(f"positions[{i}]: {e}")
                continue
            if q.to_move is None or q.winner is not None:
                problems.append(f"positions[{i}]: needs a side to move and a game not over")
                continue
            a = analysis_of(q, max_solve_n)
            if a is None:
                problems.append(f"positions[{i}] {q} cannot be solved quickly")
                continue
            w = winner_of(q, a)
            if _WINNERS.get(want, "?") != w:
                problems.append(f"positions[{i}] {q}: answer {want!r} but "
                                f"{side_name(w) + ' wins' if w else 'it is a draw'} with best play")
                continue
            if lines is not None and lines[i]:
                problems += check_line(q, lines[i], w, defence=defence, max_solve_n=max_solve_n,
                                       what=f"lines[{i}]")
        if p.main_line:
            try:
                start = parse_position(p.position)
                problems += check_line(start, p.main_line, defence=defence, max_solve_n=max_solve_n)
            except PhutballError as e:
                problems.append(f"position: {e}")
        return problems

    def answer_form(self, p: Posed) -> AnswerForm:
        """A drop-down per position (its squares and who moves shown), then Check."""
        rows = tuple(AnswerField(str(i), pos.split("_", 1)[-1], f"{SIDE_NAMES[pos.split('_')[0]]} to move",
                                 _wins(p.variant)) for i, pos in enumerate(p.extra["positions"]))
        return AnswerForm(self.answer_kind or "", fields=rows, id="compare", field_class="compare-choice",
                          row_class="compare-row", incomplete="Choose a winner for every position.")

    def answer_text(self, p: Posed) -> str:
        return "; ".join(f"{pos}: {SIDE_NAMES.get(w, w)} wins"
                         for pos, w in zip(p.extra["positions"], p.extra["answer"]))

    def is_right(self, p: Posed, choice: object) -> bool:
        return isinstance(choice, (list, tuple)) and list(choice) == list(p.extra["answer"])


class Potential(Question):
    """Compute the Oddish potentials pL and pR (the paper's Theorem 1)."""

    name = "potential"
    answer_kind = "potential"
    answer_type = "an object of whole numbers such as {\"pL\": 1, \"pR\": 0}"
    question = "Compute the Oddish potentials pL and pR."

    def answer_ok(self, value: object) -> bool:
        return isinstance(value, dict) and all(is_whole(x) for x in value.values())

    def check_1d(self, p: Posed, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        start = strip_start(p)
        if isinstance(start, list):
            return start
        pos, defence = start
        problems = self.check_potentials(p, pos)
        if p.main_line:
            if pos.to_move is None:
                problems.append("main_line needs a side to move in the position (L_ or R_)")
            else:
                problems += check_line(pos, p.main_line, defence=defence, max_solve_n=max_solve_n)
        return problems

    def check_potentials(self, p: Posed, pos: Position1D) -> list[str]:
        """The ``answer``'s potentials are the paper's rule's, and the ``winner`` the one they and the solver name."""
        answer = p.extra.get("answer")
        if not isinstance(answer, dict) or not answer:
            return ["answer must be an object such as {\"pL\": 1, \"pR\": 0}"]
        if isinstance(pos, Oddish):
            pot = oddish_potentials(pos)
            have = {"pL": pot.pL.value, "pR": pot.pR.value}
        else:
            gp = general_potentials(pos)
            have = {"PL": gp.PL.value, "PR": gp.PR.value}
        problems = []
        for key, want in answer.items():
            if key not in have:
                problems.append(f"answer key {key!r}: this position has {' and '.join(have)}")
            elif have[key] != want:
                problems.append(f"answer says {key} = {want!r} but the paper's rule gives {have[key]}")
        winner = p.extra.get("winner")
        if winner is not None:
            if winner not in (LEFT, RIGHT):
                return problems + ["winner must be 'L' or 'R'"]
            vals = list(have.values())
            pred = predict(vals[0], vals[1], None)
            if pred.winner != winner:
                problems.append(f"winner {winner}: the potentials predict {pred.text} ({pred.rule})")
            for side in (LEFT, RIGHT):
                q = pos.with_to_move(side)
                if q.winner is not None:
                    continue
                a = analysis_of(q)
                if a is None:
                    problems.append(f"{q} cannot be solved quickly")
                elif winner_of(q, a) != winner:
                    problems.append(f"with {side_name(side)} to move the exact solver says "
                                    f"{side_name(winner_of(q, a) or 'L')} wins, not {side_name(winner)}")
        return problems

    def answer_form(self, p: Posed) -> AnswerForm:
        """A box per potential the answer names, Check, and a link to the calculator at the position."""
        boxes = tuple(AnswerField(str(name), str(name)) for name in p.extra["answer"])
        return AnswerForm(self.answer_kind or "", fields=boxes, id="pot", field_class="pot-input", keyed=True,
                          link=(f"./calculator.html#{p.position}", "Open in the calculator"))

    def answer_text(self, p: Posed) -> str:
        return ", ".join(f"{k} = {v}" for k, v in p.extra["answer"].items())

    def is_right(self, p: Posed, choice: object) -> bool:
        """``choice`` maps each potential to a whole number (text from a form is read as one);
        raises ValueError if one is not a whole number."""
        if not isinstance(choice, Mapping):
            raise ValueError("Enter whole numbers.")
        try:
            got = {k: int(v) for k, v in choice.items()}
        except (TypeError, ValueError):
            raise ValueError("Enter whole numbers.") from None
        return all(got.get(k) == v for k, v in p.extra["answer"].items())
