"""The streak embed (``data-puzzle="streak"``): the puzzles page's streak in a frame, in pure Python.

The run itself is the puzzles page's: a :class:`lab.puzzles.PuzzleController` in its
streak mode (``start_streak``, ``resume_streak``, ``end_streak``: the playable puzzles,
easiest first in the order of :func:`lab.puzzlestreak.streak_order`, solved in a row until
the first mistake, the best kept).  This module adds only what the frame needs around
it, and the frame's puzzle mode (:class:`lab.embedmodes.PuzzleMode`) uses it:

* its own stored value, :data:`STREAK_KEY` (an embed never writes the puzzles page's
  progress, as a play embed never touches the play page's game), in the page's format
  (:class:`lab.puzzleledger.SavedProgress`): the best streak, the streak going on, and the
  ledger of the attempts made in embeds (:func:`lab.puzzleledger.embed_ledger`), which the
  puzzles page merges into its own when it starts (:func:`lab.puzzleledger.read_merged`), so
  each counts once in the reader's puzzle rating;
* the start: the stored streak goes on after a reload, else a new one begins;
* the line and the button the frame shows (:func:`streak_bar`).
"""

from __future__ import annotations

from dataclasses import dataclass

from lab.puzzleledger import STREAK_KEY, SavedProgress, embed_ledger, load
from lab.puzzlelist import Fact
from lab.puzzles import PuzzleController
from lab.savedstate import Storage
from phutball.puzzles.puzzle import Puzzle

__all__ = ["BEGIN", "STREAK_KEY", "StreakBar", "new_streak", "stored_streak", "streak_bar", "streak_controller"]
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


def streak_controller(puzzles: list[Puzzle], storage: Storage, seed: int,
                      facts: dict[str, Fact] | None = None) -> PuzzleController:
    """The embed's controller: the stored streak goes on (after a reload), else a new one begins with ``seed``
    (its order reads every puzzle's rating and themes: ``facts``, those the build derived, are not derived again).

    A stored value that cannot be read is set aside (:func:`lab.puzzleledger.load`) and the frame
    says so once, in its status line.
    """
    saved, note = load(storage, STREAK_KEY)
    # the frame knows its own attempts only, not the reader's whole ledger: it does not tell a rating
    ctl = PuzzleController(puzzles, ledger=embed_ledger(saved.ledger), runs=saved.runs, tells_rating=False,
                           facts=facts or {})
    if ctl.resume_streak():
        ctl.message = "Your streak goes on."
    else:
        new_streak(ctl, seed)
    if note:
        ctl.message = f"{note} {ctl.message}"
    return ctl


def stored_streak(ctl: PuzzleController) -> str:
    """The text :data:`STREAK_KEY` holds for ``ctl``: its runs and the ledger of its attempts (the page's format)."""
    return SavedProgress(embed_ledger(ctl.ledger), ctl.runs).to_text()


def streak_bar(ctl: PuzzleController) -> StreakBar:
    """The count and best, and whether the streak goes on (Next, once solved) or is over (Start again)."""
    best = ctl.runs.best_streak
    streak = ctl.runs.streak
    if ctl.mode != "streak" or streak is None:
        return StreakBar(f"Streak over · best {best}", going_on=False, can_next=False)
    return StreakBar(f"Streak: {streak.count} · best {best}", going_on=True, can_next=ctl.phase == "solved")
