"""Puzzle tasks: one class per kind of puzzle, each entered in one table (:data:`TASKS`) by being defined.

A task says everything the lab needs to know about a kind of puzzle:

* which variants it exists on, and the fields a puzzle file must give for it
  (:func:`phutball.puzzles.format.puzzle_from` validates by the table);
* the question put to the reader (:meth:`Task.prompt`);
* how the engine checks a puzzle's claim (:meth:`Task.check`: :meth:`Task.check_2d` on a board,
  :meth:`Task.check_1d` on a strip), run by ``phutball puzzles check`` and the tests;
* on a board, its exact analysis (:meth:`Task.analyse`) and the trivial rules that would solve it
  (:meth:`Task.rule_moves`), read by the puzzle generators, with which candidates make a puzzle
  (:meth:`Task.accepts`) and a generated puzzle's words (:meth:`Task.describe`, :attr:`Task.label`);
* how a move on the puzzle page is judged: on a board with the win searches (:meth:`Task.judge_2d`),
  on a strip by reading the exact solver's verdict (:meth:`Task.verdict_1d`); and the hints
  (:meth:`Task.hint_2d`, :meth:`Task.hint_1d`);
* a teacher's puzzle of the task on a position of their own (:meth:`Task.custom_line`);
* for a question, its answer form as data (:meth:`Task.answer_form`), how an answer is shown and
  judged (:meth:`Task.answer_text`, :meth:`Task.is_right`).

The families are modules of this package: :mod:`.wins` (win, only-move, fastest-win), :mod:`.board`
(the deeper board tasks), :mod:`.questions`.  Importing the package imports every module in it, so a new
task is one class in one new module here: the file format, the checker, the puzzle page and the
embeds all read the table.

>>> TASKS["only-move"].prompt("Left")
'Left to play: find the only winning move, then win.'
>>> sorted(t.name for t in TASKS.values() if t.answer_kind is not None)
['compare', 'potential', 'which-side']
"""

from __future__ import annotations

from importlib import import_module
from pkgutil import iter_modules

from .base import TASKS, AnswerField, AnswerForm, Choice, Posed, Task, Verdict, check_claim, task_named

__all__ = ["AnswerField", "AnswerForm", "Choice", "Posed", "Task", "TASKS", "Verdict", "check_claim", "task_named"]

from . import wins, board, questions  # noqa: E402,F401  (the lab's families, in the order the pages list tasks)

for _module in sorted(m.name for m in iter_modules(__path__)):
    import_module(f"{__name__}.{_module}")  # any other module: its classes enter TASKS as they are defined
