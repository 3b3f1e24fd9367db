"""The puzzles page's streak (issue 42), in pure Python: puzzles solved in a row, easy ones first, until the
first mistake.

:func:`streak_order` is a streak's puzzles; :class:`StreakPlay` is the streak as the page's controller
(:class:`lab.puzzles.PuzzleController`) plays it: whether one is being played, its order by seed (derived
once), and what each turn of the page does to it: a solve counts, a mistake or the solution ends it, and
so does leaving it (another puzzle, the failed ones, a practice mix); no hints while it runs.  The count
and the best are stored with the progress (:class:`lab.puzzleledger.Runs`): its methods take the runs
and give back the new ones (:class:`Turn`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from phutball.puzzles.puzzle import Puzzle
from phutball.puzzles.themes import puzzle_themes
from lab.puzzleledger import Attempt, Runs, Streak
from lab.puzzlelist import fnv1a, playable
from lab.puzzlerating import puzzle_rating
from lab.puzzlewords import board_words

__all__ = ["BEGIN", "EMPTY", "NO_HINTS", "STREAK_BAND", "UNSOLVED", "StreakPlay", "Turn", "streak_order"]

#: What the page says when a streak begins (the task follows).
BEGIN = ("Streak: solve as many puzzles in a row as you can. The first mistake (or the solution) "
         "ends it; hints are off. ")
#: ... when no puzzle can be played in a streak.
EMPTY = "There is no puzzle to play in a streak."
#: ... on Next (or Previous) before the streak's puzzle is solved.
UNSOLVED = "Solve this one to go on (End streak to stop)."
#: ... when a hint is asked for in a streak.
NO_HINTS = "No hints in a streak: solve it alone, or End streak."


#: A streak climbs the puzzle ratings in bands this wide, shuffled inside a band.
STREAK_BAND = 150


def streak_order(puzzles: list[Puzzle], seed: int, rating_of: Callable[[int], int] | None = None,
                 themes_of: Callable[[int], tuple[str, ...]] | None = None) -> list[int]:
    """A streak's puzzles: the playable ones, easiest first by their rating (``rating_of(index)``, by default
    :func:`puzzle_rating`), in bands of :data:`STREAK_BAND` rating points, shuffled by ``seed`` inside a band.

    Issue 42, a streak that varies: inside its band each next puzzle is the first (in the shuffled order)
    that does not come from the game the last one came from (:attr:`Puzzle.source_game`), preferring one
    on another board and with no theme (``themes_of(index)``, by default
    :func:`phutball.puzzles.themes.puzzle_themes`) in common with the last one.  When every puzzle left in
    the band is of the last one's game, the first of another game from a later band comes in between;
    two of one game follow each other only when no other game is left.
    """
    rating = rating_of or (lambda i: puzzle_rating(puzzles[i]))
    themes = themes_of or (lambda i: puzzle_themes(puzzles[i]))
    pool = sorted((i for i, p in enumerate(puzzles) if playable(p)),
                  key=lambda i: (rating(i) // STREAK_BAND, fnv1a(f"{seed}:{puzzles[i].id}"), i))
    band = {i: rating(i) // STREAK_BAND for i in pool}
    game = {i: puzzles[i].source_game for i in pool}
    board = {i: board_words(puzzles[i].position) for i in pool}
    order: list[int] = []
    while pool:
        if not order:
            pick = pool[0]
        else:
            last = order[-1]
            seen = set(themes(last))

            def unlike(i: int) -> tuple[bool, int]:
                return game[i] == game[last], int(board[i] == board[last]) + int(bool(seen & set(themes(i))))

            pick = min((i for i in pool if band[i] == band[pool[0]]), key=unlike)  # min keeps the first of ties
            if game[pick] == game[last]:
                pick = next((i for i in pool if game[i] != game[last]), pick)
        order.append(pick)
        pool.remove(pick)
    return order


@dataclass(frozen=True)
class Turn:
    """What a turn of the page did to the streak: the runs after it, and what the page says ("" for nothing)."""

    runs: Runs
    words: str = ""


@dataclass
class StreakPlay:
    """The streak a page plays (``on``), or none; each puzzle's rating and themes are the page's, derived once.

    ``on`` is set by :meth:`start` and :meth:`resume` and cleared by :meth:`end`; while it is set the stored
    runs hold the streak (``runs.streak``), which the page's controller keeps and stores.
    """

    puzzles: list[Puzzle]
    rating_of: Callable[[int], int]
    themes_of: Callable[[int], tuple[str, ...]]
    on: bool = False
    _orders: dict[int, list[int]] = field(default_factory=dict, repr=False)  # streak_order by seed

    def order(self, runs: Runs) -> list[int]:
        """The stored streak's puzzles (:func:`streak_order` of its seed, 0 without one), derived once per seed."""
        seed = runs.streak.seed if runs.streak else 0
        if seed not in self._orders:
            self._orders[seed] = streak_order(self.puzzles, seed, self.rating_of, self.themes_of)
        return self._orders[seed]

    def at(self, runs: Runs) -> int:
        """The puzzle the stored streak is at: the one after those solved in it (its order goes round)."""
        order = self.order(runs)
        return order[(runs.streak.count if runs.streak else 0) % len(order)]

    def start(self, runs: Runs, seed: int) -> Runs | None:
        """A new streak along the order ``seed`` shuffles (derived afresh), from a count of 0: the runs with it;
        None, and no streak, when no puzzle can be played in one."""
        order = self._orders[seed] = streak_order(self.puzzles, seed, self.rating_of, self.themes_of)
        if not order:
            return None
        self.on = True
        return replace(runs, streak=Streak(seed, 0))

    def resume(self, runs: Runs) -> bool:
        """Go on with the stored streak (after a reload); False if there is none, or nothing playable in it."""
        if runs.streak is None or not self.order(runs):
            return False
        self.on = True
        return True

    def counted(self, runs: Runs, attempt: Attempt) -> Turn:
        """A finished ``attempt`` at the streak's puzzle: a solve adds one (it may be the best), a failure or
        the solution ends the streak.  Outside a streak it changes nothing."""
        streak = runs.streak
        if not self.on or streak is None:
            return Turn(runs)
        if not attempt.solved:
            return self.end(runs, "a mistake" if attempt.outcome == "failed" else "you asked for the solution")
        count = streak.count + 1
        return Turn(replace(runs, best_streak=max(runs.best_streak, count), streak=replace(streak, count=count)))

    def end(self, runs: Runs, why: str) -> Turn:
        """The stored streak ends (``why``: a mistake, the solution, the reader ended or left it): its count
        may be the best.  Said only if there was one."""
        self.on = False
        streak = runs.streak
        if streak is None:
            return Turn(runs)
        best = max(runs.best_streak, streak.count)
        record = " A new best!" if streak.count > runs.best_streak else ""
        return Turn(replace(runs, best_streak=best, streak=None),
                    f"Streak over ({why}): {streak.count} solved in a row.{record} Best: {best}.")

    def leave(self, runs: Runs, why: str = "you left it") -> Turn:
        """The reader goes elsewhere (another puzzle, the failed ones, a practice mix): a streak being played
        ends; outside one, nothing changes."""
        return self.end(runs, why) if self.on else Turn(runs)

    def note(self, runs: Runs) -> str:
        """What a solved puzzle adds in a streak ("" outside one)."""
        if not self.on or runs.streak is None:
            return ""
        return f" Streak: {runs.streak.count} in a row (best {runs.best_streak}). Next → goes on."

    def hint_refusal(self) -> str:
        """Why no hint is given ("" outside a streak)."""
        return NO_HINTS if self.on else ""
