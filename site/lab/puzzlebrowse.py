"""Going through the puzzles (a layer of :class:`lab.puzzles.PuzzleController`, see :mod:`lab.puzzlestate`):
the list in its order or narrowed to a theme, Next and Previous, a puzzle picked in the list or by a
link, the failed puzzles replayed, a practice mix of the weakest themes, the daily puzzle, and a streak
(:class:`lab.puzzlestreak.StreakPlay`, which the state holds: a puzzle picked elsewhere ends it).
"""

from __future__ import annotations

from phutball.errors import quote
from phutball.puzzles.themes import THEME_NAMES
from lab.puzzledashboard import Dashboard, dashboard
from lab.puzzlelist import daily_puzzle, theme_mix
from lab.puzzleprogress import is_solved
from lab.puzzlerating import NEAR
from lab.puzzlestate import PuzzleState
from lab.puzzlestreak import BEGIN, EMPTY, UNSOLVED
from lab.puzzleview import PuzzleGroup, ThemeChoice, list_groups, theme_choices


class PuzzleBrowsing(PuzzleState):
    """The puzzles page's list and the ways through it."""

    def playlist(self) -> list[int]:
        """What the list shows and Next and Previous follow: the failed puzzles being replayed, else the
        list order, narrowed to the chosen theme."""
        if self.listing == "failed":
            return list(self.failed)
        if self.listing == "practise":
            return list(self.mix)
        if self.theme == "near":  # unsolved puzzles rated near the reader
            return self.near()
        return [i for i in self.order() if not self.theme or self.theme in self.themes_of(i)]

    def near(self) -> list[int]:
        """The unsolved puzzles rated near the reader (within :data:`lab.puzzlerating.NEAR`), in list order."""
        return [i for i in self.order() if abs(self.rating_of(i) - self.rating) <= NEAR
                and not is_solved(self.progress, self.puzzles[i].id)]

    def open_id(self, pid: str) -> bool:
        """Open the puzzle of id ``pid`` (a link); False, said, if there is none (then nothing else changes)."""
        i = self.index_of(pid)
        if i is None:
            self.message = f"There is no puzzle {pid!r}; showing the first one."
            return False
        self.open(i)
        return True

    def neighbour(self, step: int) -> int:
        """The index ``step`` places away from the current puzzle in the playlist (wrapping around); from a
        puzzle outside it, its first (or last) one."""
        order = self.playlist() or self.order()
        if self.index not in order:
            return order[0 if step > 0 else -1]
        return order[(order.index(self.index) + step) % len(order)]

    def next(self) -> None:
        """The next puzzle: of the list, of the failed ones, or of the streak (once this one is solved)."""
        self._turn(1)

    def previous(self) -> None:
        """The previous puzzle of the list; in a streak, as :meth:`next`."""
        self._turn(-1)

    def _turn(self, step: int) -> None:
        if not self.streak.on:
            self.open(self.neighbour(step))
        elif (target := self.streak.at(self.runs)) == self.index and self.phase != "solved":
            self.message = UNSOLVED
        else:
            self.open(target)

    def choose(self, index: int) -> None:
        """The reader picked a puzzle (the list, a link): that leaves a streak, which then ends."""
        note = self._take(self.streak.leave(self.runs)) if index != self.index else ""
        self.open(index)
        if note:
            self.message = note

    def theme_choices(self) -> list[ThemeChoice]:
        """The list's filters: "Near my rating", then every theme some puzzle has, with how many have it
        (:func:`lab.puzzleview.theme_choices`)."""
        return theme_choices([self.themes_of(i) for i in range(len(self.puzzles))], len(self.near()), self.theme)

    def set_theme(self, theme: str) -> None:
        """Show only the puzzles of ``theme`` ("" for all); the current one stays if it has it."""
        if theme and theme not in THEME_NAMES and theme != "near":
            raise ValueError(f"there is no theme {quote(theme, 30)}")
        self.theme, self.listing = theme, "list"
        shown = self.playlist()
        if shown and self.index not in shown and not self.streak.on:  # a streak keeps its puzzle
            self.open(shown[0])

    def failed_puzzles(self) -> list[int]:
        """The puzzles tried and not solved, in list order."""
        return [i for i in self.order() if (e := self.progress.get(self.puzzles[i].id)) is not None
                and e["attempts"] > 0 and not e["solved"]]

    def replay_failed(self) -> None:
        """Go through the puzzles tried and not solved (Next and the list follow them)."""
        failed = self.failed_puzzles()
        if not failed:
            self.message = "No failed puzzles to replay: every puzzle you tried is solved."
            return
        self._go_through("failed", failed)
        self.failed = tuple(failed)
        self.message = f"Replaying your {len(failed)} failed puzzle{'s' if len(failed) > 1 else ''}. " \
            + self.task_prompt()

    def _go_through(self, listing: str, puzzles: list[int]) -> None:
        """Leave a streak (it ends) or a theme, and go through ``puzzles`` in ``listing`` from the first."""
        self._take(self.streak.leave(self.runs))
        self.listing, self.theme = listing, ""
        self.open(puzzles[0])

    def practise(self, themes: tuple[str, ...]) -> None:
        """Practise ``themes`` (the dashboard's weakest, :mod:`lab.puzzledashboard`): Next and the list follow
        a mix of their unsolved puzzles (:func:`lab.puzzlelist.theme_mix`), nearest the reader's rating first."""
        bad = [t for t in themes if t not in THEME_NAMES]
        if bad or not themes:
            raise ValueError(f"there is no theme {quote(bad[0] if bad else '', 30)}")
        mix = theme_mix(self.puzzles, themes, self.rating, self.themes_of, self.rating_of,
                        lambda i: is_solved(self.progress, self.puzzles[i].id))
        if not mix:
            self.message = "Every puzzle of those themes is solved: nothing left to practise there."
            return
        self._go_through("practise", mix)
        self.mix = tuple(mix)
        names = ", ".join(THEME_NAMES[t] for t in themes)
        self.message = f"Practising your weakest themes ({names}): {len(mix)} puzzles. " + self.task_prompt()

    def dashboard(self) -> Dashboard:
        """"Your puzzles": the ledger's attempts by theme and by board, the last ones, the weakest themes
        (:func:`lab.puzzledashboard.dashboard`, with this page's cached themes)."""
        index = self._index_by_id()
        return dashboard(self.ledger, self.puzzles, lambda p: self.themes_of(index[p.id]))

    def _index_by_id(self) -> dict[str, int]:
        if len(self._ids) != len(self.puzzles):
            self._ids.update((p.id, i) for i, p in enumerate(self.puzzles))
        return self._ids

    def show_all(self) -> None:
        """Back to the whole list (from the failed puzzles, a practice mix or a theme)."""
        self.listing, self.theme = "list", ""

    def daily_index(self) -> int | None:
        """Today's puzzle (:func:`lab.puzzlelist.daily_puzzle` of :attr:`today`), None without a date; found
        once a date."""
        if not self.today:
            return None
        if self.today not in self._daily:
            self._daily[self.today] = daily_puzzle(self.puzzles, self.today)
        return self._daily[self.today]

    def open_daily(self) -> bool:
        """Open the daily puzzle; False without a date (then nothing changes)."""
        i = self.daily_index()
        if i is None:
            return False
        self.choose(i)
        return True

    def streak_order(self) -> list[int]:
        """The streak's puzzles (:func:`lab.puzzlestreak.streak_order` of its seed, derived once per seed)."""
        return self.streak.order(self.runs)

    def start_streak(self, seed: int) -> None:
        """A new streak: solve puzzles in a row, easy ones first, until the first mistake."""
        runs = self.streak.start(self.runs, seed)
        if runs is None:
            self.message = EMPTY
            return
        self.runs, self.listing, self.theme = runs, "list", ""
        self.open(self.streak.at(runs))
        self.message = BEGIN + self.task_prompt()

    def resume_streak(self) -> bool:
        """Go on with the stored streak (after a reload); False if there is none."""
        streak = self.runs.streak
        if streak is None or not self.streak.resume(self.runs):
            return False
        self.listing = "list"
        self.open(self.streak.at(self.runs))
        self.message = f"Streak: {streak.count} solved in a row. " + self.task_prompt()
        return True

    def end_streak(self, why: str) -> None:
        """The streak ends (a mistake, the solution, the reader left it): its count may be the best."""
        self.listing = "list"
        self._take(self.streak.end(self.runs, why))

    def groups(self) -> list[PuzzleGroup]:
        """Puzzles grouped by collection (source), each sorted by difficulty, with solved marks."""
        return list_groups(self.puzzles, self.playlist(), self.progress, self.rating_of, self.index)
