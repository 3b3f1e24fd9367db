"""The streak embed (``data-puzzle="streak"``): the puzzles page's streak in a frame, in pure Python.

The run itself is the puzzles page's: a :class:`lab.puzzles.PuzzleController` in its
streak mode (``start_streak``, ``resume_streak``, ``end_streak``: the playable puzzles,
easiest first in the order of :func:`lab.puzzles.streak_order`, solved in a row until
the first mistake, the best kept).  This module adds only what the frame needs around
it, and ``glue/embed.py`` wires it:

* its own stored value, :data:`STREAK_KEY` (an embed never touches the puzzles page's
  progress, as a play embed never touches the play page's game), in the page's format
  (:data:`lab.puzzles.PROGRESS_SCHEMA`) without the table of puzzles: the best streak,
  the streak going on, the reader's puzzle rating;
* the start: the stored streak goes on after a reload, else a new one begins;
* the line and the button the frame shows (:func:`streak_bar`).
"""

from __future__ import annotations

from dataclasses import dataclass

from lab.puzzles import PROGRESS_SCHEMA, PuzzleController, dump_progress, read_runs
from lab.savedstate import Schema, Storage, read_stored
from phutball.puzzles.puzzle import Puzzle

#: Where the embed keeps its streak (``embedframe.js`` hands it to the frame's worker at start).
STREAK_KEY = "phutball.embed.streak.v1"
#: What is stored under :data:`STREAK_KEY`: the fields of the page's runs (:class:`lab.puzzles.Runs`).
STREAK_SCHEMA = Schema(STREAK_KEY, "a saved streak",
                       tuple(f for f in PROGRESS_SCHEMA.fields if f.name != "puzzles"))
#: What the frame says when a streak begins (the count and the task have lines of their own).
BEGIN = "Solve puzzles in a row: the first mistake ends the streak."


@dataclass(frozen=True)
class StreakBar:
    """What the streak embed shows besides the puzzle: the count line, and Next or Start again."""

    text: str       # "Streak: 3 · best 5", or "Streak over · best 5"
    going_on: bool  # a streak runs: Next is shown (else Start again)
    can_next: bool  # the puzzle is solved: Next opens the next one


def new_streak(ctl: PuzzleController, seed: int) -> None:
    """A new streak on ``ctl`` (its order shuffled by ``seed``): the first puzzle opens, the best is kept."""
    ctl.start_streak(seed)
    if ctl.mode == "streak":
        ctl.message = BEGIN


def streak_controller(puzzles: list[Puzzle], storage: Storage, seed: int) -> PuzzleController:
    """The embed's controller: the stored streak goes on (after a reload), else a new one begins with ``seed``.

    A stored value that cannot be read is set aside (:func:`lab.savedstate.read_stored`) and the frame
    says so once, in its status line.
    """
    values, note = read_stored(storage, STREAK_SCHEMA)
    ctl = PuzzleController(puzzles, runs=read_runs(values))
    if ctl.resume_streak():
        ctl.message = "Your streak goes on."
    else:
        new_streak(ctl, seed)
    if note:
        ctl.message = f"{note} {ctl.message}"
    return ctl


def stored_streak(ctl: PuzzleController) -> str:
    """The text :data:`STREAK_KEY` holds for ``ctl``'s runs (the page's format, with no puzzles)."""
    return dump_progress({}, ctl.runs)


def streak_bar(ctl: PuzzleController) -> StreakBar:
    """The count and best, and whether the streak goes on (Next, once solved) or is over (Start again)."""
    best = ctl.runs.best_streak
    streak = ctl.runs.streak
    if ctl.mode != "streak" or streak is None:
        return StreakBar(f"Streak over · best {best}", going_on=False, can_next=False)
    return StreakBar(f"Streak: {streak.count} · best {best}", going_on=True, can_next=ctl.phase == "solved")
