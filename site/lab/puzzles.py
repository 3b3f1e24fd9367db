"""The puzzle page's state and logic, in pure Python (unit-tested without a browser).

``site/glue/puzzles.py`` draws what :meth:`PuzzleController.view` returns and
turns clicks into calls here; puzzle embeds (``site/glue/embed.py``, :mod:`lab.embedstreak`)
use the same controller.  The engine's answers come from an *oracle* (:mod:`lab.puzzleoracles`).

Flow of a playing task (``win``, ``only-move``, ``safe-move``): the user
moves; a move that keeps the win (or, for ``safe-move``, leaves the opponent
no winning jump) is answered with the strongest defence (the slowest loss)
until the user wins; a wrong move is marked wrong and its refutation -- the
opponent's best play -- is queued to be played out on the board, after which
:meth:`retry` takes the board back to before the mistake.

The parts of the page that are modules of their own: the list's order, the daily puzzle and a theme mix
(:mod:`lab.puzzlelist`), the hints (:mod:`lab.puzzlehints`), the stored progress
(:mod:`lab.puzzleprogress`, :mod:`lab.puzzleledger`), what the page shows (:mod:`lab.puzzleview`), and
the streak (:class:`lab.puzzlestreak.StreakPlay`, which the controller holds).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from phutball.game import Game, parse_any_position, variant_of
from phutball.sides import SIDE_NAMES
from phutball.notation import move_targets
from phutball.puzzles.puzzle import Puzzle
from phutball.errors import quote
from phutball.puzzles.tasks import Task, task_named
from phutball.puzzles.themes import THEME_NAMES, puzzle_themes
from phutball.moveentry import ADAPTERS
from lab.puzzleledger import MAX_HINTS, PROGRESS_KEY, Attempt, ProgressEntry, PuzzleLedger, Runs, SavedProgress, \
    change, new_attempt_id, utc_now
from lab.puzzledashboard import Dashboard, dashboard
from lab.puzzlehints import GIVEN_AWAY, REPLAYED, cost_words, graded_hint
from lab.puzzlelist import daily_puzzle, list_order, newcomer_puzzle, theme_mix
from lab.puzzleoracles import Oracle, Oracle1D, Oracle2D
from lab.puzzleprogress import ProgressSync, entry_of, is_solved
from lab.puzzlerating import NEAR, puzzle_rating
from lab.puzzlestreak import BEGIN, EMPTY, UNSOLVED, StreakPlay, Turn
from lab.puzzleview import LEGEND_QUESTIONS, LineEntry, PuzzleGroup, PuzzleView, ThemeChoice, goal_legend, \
    labelled_line, list_groups, theme_choices
from lab.boardwords import ply_words, typed_preview
from lab.puzzlewords import collection_words, source_words
from lab.savedstate import Storage

if TYPE_CHECKING:
    from phutball.moveentry import Target

#: The end of the message while the engine's answer to a good move is being played.
ANSWERING = " The engine answers…"


@dataclass
class PuzzleController:
    """The puzzles page (or a puzzle embed): the puzzle shown and the attempt at it, the list and what goes
    through it (a theme, the failed puzzles, a practice mix, a streak), and the reader's ledger and runs."""

    puzzles: list[Puzzle]
    ledger: PuzzleLedger = field(default_factory=PuzzleLedger)  # the reader's attempts (lab.puzzleledger)
    oracle_2d: Oracle = field(default_factory=Oracle2D)
    oracle_1d: Oracle = field(default_factory=Oracle1D)
    index: int = 0
    game: Game | None = None
    phase: str = "playing"          # playing | busy | wrong | solved | solution
    message: str = ""
    verdict: str = ""               # "", "correct", "wrong"
    hint: Target | None = None      # a Point / square to highlight
    queue: list[str] = field(default_factory=list)   # moves to animate on the board
    after_queue: str = ""           # phase to enter when the queue is done
    retry_ply: int = 0
    hint_level: int = 0             # hints shown at this position (graded_hints: 1, 2, 3)
    review_from: int | None = None  # first ply of a line to step through (refutation, solution), else None
    runs: Runs = Runs()             # the best streak, the streak going on (stored with the progress)
    listing: str = "list"           # what the list goes through: list | failed (replaying those)
    #                                 | practise (a mix of the reader's weakest themes); see :attr:`mode`
    failed: tuple[int, ...] = ()    # the failed puzzles being replayed (mode "failed"), in list order
    mix: tuple[int, ...] = ()       # the theme mix being practised (mode "practise", :meth:`practise`)
    theme: str = ""                 # the list's filter (a theme of phutball.puzzles.themes), "" for all
    today: str = ""                 # the reader's date (YYYY-MM-DD): the daily puzzle's
    attempt: str = ""               # the id of the attempt going on (lab.puzzleledger.Attempt)
    hints_taken: int = 0            # the hints taken in that attempt, at every position (at most MAX_HINTS)
    new_id: Callable[[], str] = field(default=new_attempt_id, repr=False)  # makes an attempt's id
    clock: Callable[[], str] = field(default=utc_now, repr=False)         # the time an attempt ends (UTC)
    tells_rating: bool = True       # messages say what an attempt did to the rating (not in the streak embed)
    streak: StreakPlay = field(init=False, repr=False, compare=False)  # the streak played, if one is (mode "streak")
    _themes: dict[int, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _ratings: dict[int, int] = field(default_factory=dict, repr=False)
    _ids: dict[str, int] = field(default_factory=dict, repr=False)  # each puzzle's index, by id
    _daily: dict[str, int | None] = field(default_factory=dict, repr=False)
    _store: ProgressSync = field(default_factory=ProgressSync, repr=False)

    def __post_init__(self) -> None:
        self.streak = StreakPlay(self.puzzles, self.rating_of, self.themes_of)
        if self.puzzles:
            self.open(self.first_to_open())
            if self.tells_rating and not self.progress and self.index == newcomer_puzzle(self.puzzles, self.rating_of):
                self.message = self.welcome()

    @property
    def mode(self) -> str:
        """How the reader goes through the puzzles: list | streak (a run until the first mistake, :attr:`streak`)
        | failed (replaying those) | practise (a mix of the reader's weakest themes)."""
        return "streak" if self.streak.on else self.listing

    @property
    def progress(self) -> dict[str, ProgressEntry]:
        """Each tried puzzle's progress (solved, attempts), from the ledger."""
        return self.ledger.progress

    @property
    def rating(self) -> int:
        """The reader's puzzle rating: the replay of the ledger (:attr:`lab.puzzleledger.PuzzleLedger.rating`)."""
        return self.ledger.rating

    def order(self) -> list[int]:
        """The puzzles' indices in list order (:func:`lab.puzzlelist.list_order`)."""
        return list_order(self.puzzles)

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

    def rating_of(self, index: int) -> int:
        """A puzzle's rating (:func:`lab.puzzlerating.puzzle_rating`), derived once (the view asks for
        every puzzle's, for the "Near my rating" count)."""
        if index not in self._ratings:
            self._ratings[index] = puzzle_rating(self.puzzles[index])
        return self._ratings[index]

    def themes_of(self, index: int) -> tuple[str, ...]:
        """A puzzle's themes (:func:`phutball.puzzles.themes.puzzle_themes`), derived once."""
        if index not in self._themes:
            self._themes[index] = puzzle_themes(self.puzzles[index])
        return self._themes[index]

    def first_to_open(self) -> int:
        """A newcomer's (no attempt yet) first puzzle is the one rated nearest their rating
        (:func:`lab.puzzlelist.newcomer_puzzle`, issue 42); else the first unsolved puzzle of the list, else the list's first."""
        first = newcomer_puzzle(self.puzzles, self.rating_of) if not self.progress else None
        if first is not None:
            return first
        order = self.order()
        return next((i for i in order if not is_solved(self.progress, self.puzzles[i].id)), order[0])

    def welcome(self) -> str:
        """What a newcomer reads over their first puzzle: its rating near theirs, and where the paper's
        examples are (the list's first collection, each marked by its rating)."""
        return (f"A first puzzle near your rating ({self.rating}): this one is rated {self.rating_of(self.index)}. "
                "The paper's examples are at the top of the list, each with its rating.")

    # ------------------------------------------------------------ puzzle selection

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def task(self) -> Task:
        """What the current puzzle asks (:mod:`phutball.puzzles.tasks`)."""
        return task_named(self.puzzle.task)

    def index_of(self, pid: str) -> int | None:
        for i, p in enumerate(self.puzzles):
            if p.id == pid:
                return i
        return None

    def open(self, index: int) -> None:
        self.index = max(0, min(index, len(self.puzzles) - 1))
        p = self.puzzle
        start = parse_any_position(p.position)
        self.game = Game(start) if self.task.plays and variant_of(start) in ADAPTERS else None
        self.phase = "playing"
        self.message = ""
        self.verdict = ""
        self.hint = None
        self.queue = []
        self.after_queue = ""
        self.retry_ply = 0
        self.hint_level = 0
        self.review_from = None
        self.begin_attempt()

    def begin_attempt(self) -> None:
        """A new attempt at the current puzzle (a fresh id), or the unfinished one in which hints were
        taken, kept in the ledger (a reload, another tab): its hints still count."""
        kept = self.ledger.hints_open(self.puzzle.id)
        self.attempt, self.hints_taken = (kept.id, kept.hints) if kept else (self.new_id(), 0)

    def sync(self, storage: Storage, key: str = PROGRESS_KEY) -> None:
        """Store the ledger and runs under ``key``, merged with what is stored there now (another tab's:
        :class:`lab.puzzleprogress.ProgressSync`), and go on with the merge."""
        merged = self._store.sync(storage, SavedProgress(self.ledger, self.runs), key)
        self.ledger, self.runs = merged.ledger, merged.runs

    def open_id(self, pid: str) -> bool:
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

    def _take(self, turn: Turn) -> str:
        """Keep the runs a turn of the streak left (:class:`lab.puzzlestreak.Turn`), and say its words (if
        any); returns them."""
        self.runs = turn.runs
        if turn.words:
            self.message = turn.words
        return turn.words

    # ------------------------------------------------------------ themes, failed puzzles, daily, streak

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
        """Today's puzzle (:func:`lab.puzzlelist.daily_puzzle` of :attr:`today`), None without a date; found once a date."""
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

    # ------------------------------------------------------------ the task

    def side(self) -> str:
        position: str = self.puzzle.position
        return position.split("_")[1] if self.puzzle.variant.is_board else position.split("_")[0]

    def task_prompt(self) -> str:
        """The question put to the reader, with the side to move (in a compare puzzle, of every position:
        "Left or Right, as each position says" when they differ)."""
        sides = {q.split("_")[0] for q in self.puzzle.extra.get("positions") or ()} or {self.side()}
        who = (SIDE_NAMES.get(self.side(), self.side()) if len(sides) == 1
               else " or ".join(SIDE_NAMES.get(s, s) for s in sorted(sides)) + ", as each position says,")
        return self.task.prompt(who)

    def oracle(self) -> Oracle:
        return self.oracle_2d if self.puzzle.variant.is_board else self.oracle_1d

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
        verdict = await self.oracle().judge(self.puzzle.task, position, move)
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
                who = SIDE_NAMES.get(g.positions[g.cursor - 1].to_move, "The engine")
                said = self.message[: -len(ANSWERING)].rstrip()
                self.message = f"{said} {who} answered {g.moves[g.cursor - 1]}. Your move."
        return False

    def retry(self) -> None:
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
        return self.task.answer_text(self.puzzle)

    def answer(self, choice: Any) -> None:
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
        p = self.puzzle
        pos = self.game.position if self.game else parse_any_position(p.position)
        entry = entry_of(self.progress, p.id)
        return {
            "id": p.id, "title": p.title, "task": p.task, "variant": p.variant,
            "difficulty": p.difficulty, "source": source_words(p.source),
            "collection": collection_words(p.collection),
            "position": str(pos), "phase": self.phase, "message": self.message, "verdict": self.verdict,
            "hint": self.hint, "solved": entry["solved"], "attempts": entry["attempts"],
            "can_move": self.phase == "playing" and self.game is not None and self.task.plays,
            "can_retry": self.phase == "wrong", "index": self.index, "count": len(self.puzzles),
            "moves": list(self.game.moves[: self.game.cursor]) if self.game else [],
            "legend": goal_legend(p.position) if self.game or self.task.name in LEGEND_QUESTIONS else "",
            "line": self.review_line(), "can_step": self.can_step(),
            "positions": p.extra.get("positions"), "answer_kind": self.task.answer_kind,
            "mode": self.mode, "streak": self.runs.streak.count if self.runs.streak else None,
            "best_streak": self.runs.best_streak, "daily": self.today != "" and self.daily_index() == self.index,
            "failed": len(self.failed_puzzles()), "theme": self.theme,
            "themes": [THEME_NAMES[t] for t in self.themes_of(self.index)],
            "rating": self.rating, "puzzle_rating": self.rating_of(self.index),
        }
