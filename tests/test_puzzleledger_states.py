"""Issue 42: a property test of the puzzle ledger (hypothesis' stateful testing).

Two tabs (two :class:`lab.puzzles.PuzzleController` over one storage, as two pages of the same
browser) play any sequence of attempts: right and wrong moves, retries, hints (the third gives the
move away), revealed solutions, answers, restarts, streaks, other puzzles, reloads (a tab read again
from the stored text) and the other tab's writes arriving (the page's ``storage`` event).  After
every step:

* every attempt that ended is in the stored ledger exactly once, recorded by the tab in which it
  ended, with the hints that tab took;
* the stored rating is the replay of the stored records, computed here from the rules alone
  (a puzzle's first attempt counts: Elo for a clean solve or a failure, a solve after ``h`` hints
  ``gain // 2**h``), and a tab that has just written shows that rating.
"""

import itertools

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from helpers import FakeStorage
from lab.puzzleledger import PROGRESS_KEY, Attempt, PuzzleLedger, read_merged, read_progress
from lab.puzzlerating import elo_update
from lab.puzzles import PuzzleController
from test_puzzlectl import WHICH, WIN2D, WIN2D_B, WIN2D_C, puzzle
from test_puzzleledger import done

PUZZLES = (WIN2D, WIN2D_B, WIN2D_C, WHICH)
WINS = {p["id"]: p["main_line"][0] for p in (WIN2D, WIN2D_B, WIN2D_C)}
TAB = st.integers(0, 1)


def replayed(ledger: PuzzleLedger) -> int:
    """The rating the rules give for ``ledger``'s records (an implementation apart from lab.puzzleledger's)."""
    you, tried = ledger.start, {e.puzzle for e in ledger.earlier}
    for a in sorted(ledger.records, key=lambda a: (a.at, a.id)):
        if a.puzzle not in tried:
            clean = elo_update(you, a.rating, True) - you
            you += {"clean": clean, "hints": clean // 2 ** a.hints}.get(a.outcome, elo_update(you, a.rating, False) - you)
            you = min(4000, max(0, you))
        tried.add(a.puzzle)
    return you


class TwoTabs(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.storage = FakeStorage()
        self.ids = itertools.count(1)
        self.ticks = itertools.count(1)
        self.ended: dict[str, Attempt] = {}  # each attempt that ended, by id, as a tab recorded it
        self.tabs = [self.fresh_tab(), self.fresh_tab()]

    def new_id(self) -> str:
        return f"{next(self.ids):016x}"

    def clock(self) -> str:
        t = next(self.ticks)
        return f"2026-11-27T{t // 3_600_000 % 24:02d}:{t // 60_000 % 60:02d}:{t // 1000 % 60:02d}.{t % 1000:03d}Z"

    def fresh_tab(self) -> PuzzleController:
        """A page opened (or reloaded): the controller of what the storage holds, as glue/puzzles.py starts it."""
        saved, message = read_merged(self.storage)
        assert message == ""
        return PuzzleController([puzzle(p) for p in PUZZLES], ledger=saved.ledger, runs=saved.runs,
                                new_id=self.new_id, clock=self.clock)

    def act(self, tab: int, action) -> None:
        """Do ``action`` in a tab, note the attempt it ended (at most one, its own), then store as the page does."""
        c = self.tabs[tab]
        known, attempt, hints = {a.id for a in c.ledger.records}, c.attempt, c.hints_taken
        action(c)
        while c.animate_step():  # the page plays out a refutation or a solution
            pass
        new = [a for a in c.ledger.records if a.id not in known]
        assert len(new) <= 1, new
        for a in new:
            assert a.id == attempt and a.hints >= hints, (a, attempt, hints)
            # an attempt both tabs went on with (a reload resumes one with hints) may end in each before
            # either has heard of the other's: it is one attempt still, the merge keeps one record of it
            self.ended[a.id] = min(self.ended.get(a.id, a), a, key=Attempt.to_json)
        c.sync(self.storage)
        stored = read_progress(self.storage.get_item(PROGRESS_KEY))[0].ledger
        assert c.ledger == stored and c.rating == replayed(stored)

    # ------------------------------------------------------------ what a reader does

    @rule(tab=TAB, which=st.integers(0, len(PUZZLES) - 1))
    def open_a_puzzle(self, tab: int, which: int) -> None:
        self.act(tab, lambda c: c.choose(which))

    @rule(tab=TAB)
    def play_the_winning_move(self, tab: int) -> None:
        self.act(tab, lambda c: done(c.user_move(WINS[c.puzzle.id])) if c.puzzle.id in WINS else None)

    @rule(tab=TAB)
    def play_a_losing_move(self, tab: int) -> None:
        self.act(tab, lambda c: done(c.user_move("A1")) if c.puzzle.id in WINS else None)

    @rule(tab=TAB, answer=st.sampled_from(["L", "R"]))
    def answer_the_question(self, tab: int, answer: str) -> None:
        self.act(tab, lambda c: c.answer(answer) if c.puzzle.id == "which" else None)

    @rule(tab=TAB)
    def take_a_hint(self, tab: int) -> None:
        self.act(tab, lambda c: done(c.show_hint()))

    @rule(tab=TAB)
    def show_the_solution(self, tab: int) -> None:
        self.act(tab, lambda c: c.show_solution())

    @rule(tab=TAB)
    def retry(self, tab: int) -> None:
        self.act(tab, lambda c: c.retry() if c.phase == "wrong" else None)

    @rule(tab=TAB)
    def restart(self, tab: int) -> None:
        self.act(tab, lambda c: c.restart())

    @rule(tab=TAB, seed=st.integers(0, 3))
    def start_a_streak(self, tab: int, seed: int) -> None:
        self.act(tab, lambda c: c.start_streak(seed))

    @rule(tab=TAB)
    def next_puzzle(self, tab: int) -> None:
        self.act(tab, lambda c: c.next())

    @rule(tab=TAB)
    def replay_failed(self, tab: int) -> None:
        self.act(tab, lambda c: c.replay_failed())

    @rule(tab=TAB)
    def reload(self, tab: int) -> None:
        self.tabs[tab] = self.fresh_tab()

    @rule(tab=TAB)
    def the_other_tab_wrote(self, tab: int) -> None:
        self.act(tab, lambda c: None)  # the storage event: the tab merges what is stored

    # ------------------------------------------------------------ what always holds

    @invariant()
    def each_ended_attempt_is_stored_once_and_the_rating_is_its_replay(self) -> None:
        stored = read_progress(self.storage.get_item(PROGRESS_KEY))[0].ledger
        assert {a.id: a for a in stored.records} == self.ended
        assert stored.rating == replayed(stored)
        for a in stored.records:
            assert a.outcome != "clean" or a.hints == 0
            assert a.outcome != "hints" or 1 <= a.hints <= 2

    @precondition(lambda self: any(not a.solved for a in self.ended.values()))
    @invariant()
    def a_failed_or_revealed_puzzle_not_solved_since_is_under_failed(self) -> None:
        stored = read_progress(self.storage.get_item(PROGRESS_KEY))[0].ledger
        c = PuzzleController([puzzle(p) for p in PUZZLES], ledger=stored)
        failed = {c.puzzles[i].id for i in c.failed_puzzles()}
        assert failed == {a.puzzle for a in stored.records if not stored.progress[a.puzzle]["solved"]}


TestTwoTabs = TwoTabs.TestCase
TestTwoTabs.settings = settings(max_examples=60, stateful_step_count=40, deadline=None,
                                suppress_health_check=[HealthCheck.too_slow])
