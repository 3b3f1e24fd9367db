"""The puzzles page's state (:class:`PuzzleState`) and the questions about it that every part of the page
asks: the puzzle shown and its task, whose move it is, the reader's progress and rating, each puzzle's
rating and themes, the list's order; opening a puzzle, beginning an attempt, storing the progress.

The puzzles page's controller is built in layers on this state, as the play page's is (issue 25), each
in its own module: :class:`~lab.puzzlebrowse.PuzzleBrowsing` (going through the puzzles: the list or a
theme, the failed ones, a practice mix, the daily puzzle, a streak) and
:class:`~lab.puzzles.PuzzleController` (the attempt at the puzzle shown: moves and verdicts, hints, the
solution, a line stepped through, answers; the view).  The state holds the parts that are objects of
their own: the streak (:class:`lab.puzzlestreak.StreakPlay`), the oracles (:mod:`lab.puzzleoracles`)
and the store of the progress (:class:`lab.puzzleprogress.ProgressSync`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from phutball.game import Game, parse_any_position, variant_of
from phutball.moveentry import ADAPTERS
from phutball.puzzles.puzzle import Puzzle
from phutball.puzzles.tasks import Task
from phutball.puzzles.themes import puzzle_themes
from phutball.sides import SIDE_NAMES
from lab.puzzleledger import PROGRESS_KEY, ProgressEntry, PuzzleLedger, Runs, SavedProgress, new_attempt_id, utc_now
from lab.puzzlelist import Fact, list_order, newcomer_puzzle
from lab.puzzleoracles import Oracle, Oracle1D, Oracle2D
from lab.puzzleprogress import ProgressSync, is_solved
from lab.puzzlerating import puzzle_rating
from lab.puzzlestreak import StreakPlay, Turn
from lab.savedstate import Storage

if TYPE_CHECKING:
    from phutball.moveentry import Target


@dataclass
class PuzzleState:
    """Everything the puzzles page (or a puzzle embed) keeps, minus the DOM: the puzzle shown and the attempt
    at it, how the list is gone through, and the reader's ledger and runs."""

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
    facts: dict[str, Fact] = field(default_factory=dict, repr=False)  # by id: rating, themes
    #                                 derived by the build (lab.puzzlelist.known_facts), not derived again
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

    def rating_of(self, index: int) -> int:
        """A puzzle's rating (:func:`lab.puzzlerating.puzzle_rating`), derived once (the view asks for
        every puzzle's, for the "Near my rating" count), or read from :attr:`facts`."""
        if index not in self._ratings:
            p = self.puzzles[index]
            fact = self.facts.get(p.id)
            self._ratings[index] = fact[0] if fact is not None else puzzle_rating(p)
        return self._ratings[index]

    def themes_of(self, index: int) -> tuple[str, ...]:
        """A puzzle's themes (:func:`phutball.puzzles.themes.puzzle_themes`), derived once, or read from :attr:`facts`."""
        if index not in self._themes:
            p = self.puzzles[index]
            fact = self.facts.get(p.id)
            self._themes[index] = fact[1] if fact is not None else puzzle_themes(p)
        return self._themes[index]

    def first_to_open(self) -> int:
        """A newcomer's (no attempt yet) first puzzle is the one rated nearest their rating
        (:func:`lab.puzzlelist.newcomer_puzzle`, issue 42); else the first unsolved puzzle of the list, else
        the list's first."""
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

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown."""
        return self.puzzles[self.index]

    @property
    def task(self) -> Task:
        """What the current puzzle asks (:mod:`phutball.puzzles.tasks`)."""
        return self.puzzle.task

    def index_of(self, pid: str) -> int | None:
        """The index of the (first) puzzle of id ``pid``; None if there is none."""
        for i, p in enumerate(self.puzzles):
            if p.id == pid:
                return i
        return None

    def open(self, index: int) -> None:
        """Show the puzzle at ``index`` (kept within the list) from its start, and begin an attempt at it."""
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

    def _take(self, turn: Turn) -> str:
        """Keep the runs a turn of the streak left (:class:`lab.puzzlestreak.Turn`), and say its words (if
        any); returns them."""
        self.runs = turn.runs
        if turn.words:
            self.message = turn.words
        return turn.words

    def side(self) -> str:
        """The side to move in the puzzle's position (``O``/``X`` on a board, ``L``/``R`` on a strip)."""
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
        """The judge of the puzzle shown: the 2D one on a board, else the 1D one."""
        return self.oracle_2d if self.puzzle.variant.is_board else self.oracle_1d
