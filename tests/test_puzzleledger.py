"""Issue 42: puzzle attempts recorded once, with how they were solved; hints that cost; the rating as a replay."""

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import FakeStorage
from lab.embedstreak import STREAK_KEY, stored_streak, streak_controller
from lab.puzzleledger import (MAX_HINTS, PROGRESS_KEY, Attempt, Earlier, OpenAttempt, PuzzleLedger, Runs,
                              SavedProgress, change, load, read_merged, read_progress, save)
from lab.puzzlerating import START, elo_update, puzzle_rating
from lab.puzzles import PuzzleController
from lab.savedstate import backup_key
from test_puzzlectl import WHICH, WIN2D, WIN2D_B, WIN2D_C, puzzle

WINS = {p["id"]: p["main_line"][0] for p in (WIN2D, WIN2D_B, WIN2D_C)}


def done(coro):
    """Run a controller coroutine that never waits (the 2D oracle answers at once) to its end."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("the coroutine waited")


def counter(prefix: str = ""):
    """Attempt ids and times that a test can predict: 0000…01, 0000…02 and 2026-11-27T17:00:00.001Z, …002."""
    ids, ticks = itertools.count(1), itertools.count(1)
    return (lambda: f"{prefix}{next(ids):0{16 - len(prefix)}x}",
            lambda: f"2026-11-27T17:{(t := next(ticks)) // 60000 % 60:02d}:{t // 1000 % 60:02d}.{t % 1000:03d}Z")


def controller(*puzzles, ledger=None, prefix=""):
    new_id, clock = counter(prefix)
    return PuzzleController([puzzle(p) for p in puzzles or (WIN2D, WIN2D_B, WIN2D_C)],
                            ledger=ledger or PuzzleLedger(), new_id=new_id, clock=clock)


def attempt(n: int, pid: str, outcome: str, hints: int = 0, rating: int = 1466, minute: int = 0) -> Attempt:
    return Attempt(f"{n:016x}", pid, f"2026-11-27T17:{minute:02d}:{n % 60:02d}.000Z", outcome, hints, rating)


# ---------------------------------------------------------------- the replay


def test_the_rating_is_the_replay_of_first_attempts_only():
    a, b, again = attempt(1, "p", "clean", rating=1466), attempt(2, "q", "failed", rating=762), attempt(3, "p", "shown")
    ledger = PuzzleLedger(records=(again, b, a))  # kept in time order, whatever the order given
    assert ledger.records == (a, b, again)
    after_a = elo_update(START, 1466, True)
    after_b = elo_update(after_a, 762, False)
    assert ledger.changes == (after_a - START, after_b - after_a, 0)  # the replay of p moves nothing
    assert ledger.rating == after_b < after_a
    assert ledger.progress == {"p": {"solved": True, "attempts": 2}, "q": {"solved": False, "attempts": 1}}
    assert ledger.record(a) is ledger and ledger.has(a.id)  # recorded once
    assert ledger.record(attempt(1, "q", "clean")) is ledger  # the id decides, not the contents


@pytest.mark.parametrize("reader", range(0, 4001, 250))
@pytest.mark.parametrize("rating", range(600, 2401, 150))
def test_a_hint_makes_a_solve_worth_at_most_half_a_clean_one(reader, rating):
    clean = change(reader, attempt(1, "p", "clean", rating=rating))
    one, two = (change(reader, attempt(1, "p", "hints", hints=h, rating=rating)) for h in (1, 2))
    shown = change(reader, attempt(1, "p", "shown", rating=rating))
    third = change(reader, attempt(1, "p", "failed", hints=MAX_HINTS, rating=rating))
    assert clean >= 0 and 0 <= 2 * one <= clean and 0 <= 4 * two <= 2 * one
    assert shown == third == elo_update(reader, rating, False) - reader <= 0  # a failure, whatever ended it


def test_attempts_that_do_not_fit_are_refused_in_words():
    for args, words in [(("xyz", "p", "2026-11-27T17:00:00Z", "clean", 0, 900), "'xyz' is not 16 lower-case hex"),
                        (("0" * 16, "", "2026-11-27T17:00:00Z", "clean", 0, 900), "puzzle '' is not a puzzle id"),
                        (("0" * 16, "p", "2026-02-30T17:00:00Z", "clean", 0, 900), "time '2026-02-30T17:00:00Z'"),
                        (("0" * 16, "p", "2026-11-27T17:00:00Z", "won", 0, 900), "outcome 'won' is not one of"),
                        (("0" * 16, "p", "2026-11-27T17:00:00Z", "clean", 1, 900), "hints 1 do not fit the outcome clean"),
                        (("0" * 16, "p", "2026-11-27T17:00:00Z", "hints", 3, 900), "hints 3 do not fit the outcome hints"),
                        (("0" * 16, "p", "2026-11-27T17:00:00Z", "hints", True, 900), "hints True do not fit"),
                        (("0" * 16, "p", "2026-11-27T17:00:00Z", "failed", 0, 5000), "rating 5000 is not a rating")]:
        with pytest.raises(ValueError, match=words.replace("(", r"\(")):
            Attempt(*args)
    with pytest.raises(ValueError, match="is not a list"):
        Attempt.from_json({"id": "0" * 16})
    assert Attempt.from_json(attempt(5, "p", "hints", 2).to_json()) == attempt(5, "p", "hints", 2)


def test_merging_is_a_union_by_id_whatever_the_order():
    mine = PuzzleLedger(records=(attempt(1, "p", "clean"), attempt(3, "r", "failed", 2)),
                        open=(OpenAttempt("00000000000000f1", "s", 1),))
    theirs = PuzzleLedger(records=(attempt(2, "q", "shown"), attempt(3, "r", "failed", 2)),
                          open=(OpenAttempt("00000000000000f2", "s", 2), OpenAttempt(f"{1:016x}", "p", 1)))
    both = mine.merged(theirs)
    assert both == theirs.merged(mine) and both.merged(both) is both and mine.merged(mine) is mine
    assert [a.id[-1] for a in both.records] == ["1", "2", "3"]
    assert both.open == (OpenAttempt("00000000000000f2", "s", 2),)  # the most hints; p's attempt has ended
    assert both.rating == PuzzleLedger(records=both.records).rating
    older = PuzzleLedger(1300, (Earlier("p", True, 2), Earlier("x", False, 1)))  # a version 1 start
    assert mine.merged(older) == older.merged(mine)
    assert mine.merged(older).start == 1300 and mine.merged(older).changes[0] == 0  # p was tried before


# ---------------------------------------------------------------- the controller records each attempt once


def test_a_clean_solve_then_a_replay_counts_once():
    c = controller()
    done(c.user_move(WINS[c.puzzle.id]))
    gain = elo_update(START, puzzle_rating(c.puzzle), True) - START
    assert c.rating == START + gain and f"Your puzzle rating: {START + gain} (+{gain})." in c.message
    done(c.user_move(WINS[c.puzzle.id]))  # a second click once solved records nothing
    c.restart()  # a replay: a new attempt, recorded, unrated
    done(c.user_move(WINS[c.puzzle.id]))
    assert [a.outcome for a in c.ledger.records] == ["clean", "clean"] and c.rating == START + gain
    assert "counts for your rating once" in c.message


def test_a_hint_assisted_solve_gains_at_most_half_and_says_so():
    c = controller()
    done(c.show_hint())
    assert "What it costs: a solve now gains at most half" in c.message and "a third hint counts as a miss" in c.message
    done(c.user_move(WINS[c.puzzle.id]))
    clean = elo_update(START, puzzle_rating(c.puzzle), True) - START
    (record,) = c.ledger.records
    assert (record.outcome, record.hints) == ("hints", 1) and 0 <= c.rating - START == clean // 2
    assert f"solved after 1 hint, where a clean solve gains +{clean}" in c.message
    assert c.progress[c.puzzle.id]["solved"] and c.failed_puzzles() == []


def test_the_third_hint_counts_as_a_failure_and_the_puzzle_waits_under_failed():
    c = controller()
    for _ in range(MAX_HINTS):
        done(c.show_hint())
    (record,) = c.ledger.records
    assert (record.outcome, record.hints) == ("failed", 3)
    assert c.rating == elo_update(START, puzzle_rating(c.puzzle), False) < START
    assert "That was the third hint" in c.message
    done(c.user_move(WINS[c.puzzle.id]))  # playing the move given: solved on the board, not in the ledger
    assert c.phase == "solved" and len(c.ledger.records) == 1 and "counts as not solved" in c.message
    assert c.message.startswith("✓ Solved, with the move given.") and not c.view()["solved"]
    assert c.failed_puzzles() == [c.index] and c.view()["failed"] == 1


def test_show_solution_is_a_failure_listed_under_failed_and_ends_the_attempt():
    c = controller()
    c.show_solution()
    (record,) = c.ledger.records
    assert record.outcome == "shown" and c.rating == elo_update(START, puzzle_rating(c.puzzle), False) < START
    assert "listed under Replay my failed puzzles" in c.message
    c.show_solution()  # again: the same attempt, not recorded twice
    assert len(c.ledger.records) == 1 and c.failed_puzzles() == [c.index]
    c.replay_failed()
    assert c.mode == "failed" and c.puzzle.id == record.puzzle
    done(c.user_move(WINS[c.puzzle.id]))  # solved on a replay: off the failed list, the rating unchanged
    assert c.failed_puzzles() == [] and c.rating < START


def test_hints_and_the_solution_on_a_solved_puzzle_change_no_rating_and_list_nothing_as_failed():
    c = controller()
    done(c.user_move(WINS[c.puzzle.id]))
    rating = c.rating
    c.restart()
    done(c.show_hint())
    assert "A replay: your rating does not move." in c.message and "What it costs" not in c.message
    c.show_solution()
    assert c.ledger.records[-1].outcome == "shown" and c.rating == rating
    assert "counts for your rating once" in c.message and "Replay my failed puzzles" not in c.message
    assert c.failed_puzzles() == []  # solved before: a replay's failure does not undo it


def test_a_wrong_move_then_retry_is_a_new_unrated_attempt():
    c = controller(WIN2D)
    done(c.user_move("A1"))  # a placement: not the win
    c.retry()
    done(c.user_move(WINS["w2"]))
    failed, solved = c.ledger.records
    assert (failed.outcome, solved.outcome) == ("failed", "clean") and failed.id != solved.id
    assert c.ledger.changes[1] == 0 and c.progress["w2"] == {"solved": True, "attempts": 2}


def test_a_wrong_answer_is_an_attempt_and_the_next_answer_another():
    c = controller(WHICH)
    c.answer("L")
    c.answer("R")
    assert [a.outcome for a in c.ledger.records] == ["failed", "clean"] and c.rating < START


def test_hints_taken_survive_a_reload_and_a_second_tab():
    storage = FakeStorage()
    c = controller()
    done(c.show_hint())
    done(c.show_hint())
    c.sync(storage)
    saved, message = load(storage)
    assert message == "" and saved.ledger.open == (OpenAttempt(c.attempt, c.puzzle.id, 2),)
    again = controller(ledger=saved.ledger, prefix="b")  # the reload opens the same puzzle
    assert (again.attempt, again.hints_taken) == (c.attempt, 2)
    done(again.show_hint())  # the third of the attempt
    assert [(a.outcome, a.hints) for a in again.ledger.records] == [("failed", 3)]
    again.sync(storage)
    c.sync(storage)  # the first tab learns it: its attempt is over, recorded once
    assert c.ledger == again.ledger and len(c.ledger.records) == 1 and c.ledger.open == ()
    done(c.user_move(WINS[c.puzzle.id]))
    assert len(c.ledger.records) == 1


def test_two_tabs_lose_nothing_and_count_nothing_twice():
    storage = FakeStorage()
    one, two = controller(prefix="a"), controller(prefix="b")
    done(one.user_move(WINS[one.puzzle.id]))
    one.sync(storage)
    two.open(1)
    done(two.user_move("A1"))  # a placement: a miss
    two.sync(storage)
    one.sync(storage)
    assert one.ledger == two.ledger and len(one.ledger.records) == 2
    assert read_progress(storage.get_item(PROGRESS_KEY))[0].ledger.rating == one.rating == two.rating


# ---------------------------------------------------------------- stored values


def test_version_1_progress_is_the_starting_record():
    storage = FakeStorage()
    storage.set_item(PROGRESS_KEY, json.dumps({"v": 1, "puzzles": {"w2": {"solved": True, "attempts": 1},
                                                                   "w3": {"solved": False, "attempts": 2},
                                                                   "w4": {"solved": False, "attempts": 0}},
                                               "best_streak": 3, "streak": None, "rating": 1337}))
    saved, message = load(storage)
    assert message == "" and saved.runs == Runs(3) and saved.ledger.rating == 1337
    assert saved.ledger.earlier == (Earlier("w2", True, 1), Earlier("w3", False, 2))
    c = controller(ledger=saved.ledger)
    assert c.puzzle.id == "w3" and c.failed_puzzles() == [c.index]
    done(c.user_move(WINS["w3"]))  # tried before the ledger: solved now, unrated
    assert c.rating == 1337 and c.failed_puzzles() == []
    c.sync(storage)
    stored = json.loads(storage.get_item(PROGRESS_KEY))
    assert stored["v"] == 2 and stored["start"] == 1337 and stored["earlier"]["w2"] == [True, 1]


def test_bad_records_are_set_aside_the_good_ones_kept_and_said_once():
    good = attempt(1, "w2", "clean", rating=762)
    raw = json.dumps({"v": 2, "start": 1200, "ledger": [good.to_json(), ["x"], [*good.to_json()[:3], "won", 0, 9]],
                      "earlier": {"w3": [True, "2"]}, "open": [["0" * 16, "w4", 9]], "best_streak": 1})
    storage = FakeStorage()
    storage.set_item(PROGRESS_KEY, raw)
    saved, message = load(storage)
    assert saved.ledger.records == (good,) and saved.ledger.earlier == () and saved.ledger.open == ()
    assert "Part of your saved data could not be read" in message and "2 of 3 attempts" in message
    assert storage.get_item(backup_key(PROGRESS_KEY)) == raw
    assert load(storage) == (saved, "")  # stored again without them


def test_save_sets_aside_what_it_cannot_read_instead_of_overwriting_it():
    storage = FakeStorage()
    storage.set_item(PROGRESS_KEY, "{written by something else")
    merged = save(storage, SavedProgress(PuzzleLedger(records=(attempt(1, "p", "clean"),))))
    assert storage.get_item(backup_key(PROGRESS_KEY)) == "{written by something else"
    assert read_progress(storage.get_item(PROGRESS_KEY))[0] == merged


def test_the_streak_embeds_attempts_join_the_pages_ledger():
    storage = FakeStorage()
    storage.set_item(STREAK_KEY, json.dumps({"v": 1, "best_streak": 2, "streak": None, "rating": 1500}))
    embed = streak_controller([puzzle(p) for p in (WIN2D, WIN2D_B, WIN2D_C)], storage, seed=5)
    embed.new_id, embed.clock = counter("e")
    embed.begin_attempt()
    done(embed.user_move(WINS[embed.puzzle.id]))
    assert "Solved" in embed.message and "rating" not in embed.message  # the frame knows only its own attempts
    storage.set_item(STREAK_KEY, stored_streak(embed))
    stored = json.loads(storage.get_item(STREAK_KEY))
    assert stored["start"] == START and len(stored["ledger"]) == 1  # the embed's old rating was never shown
    page, _ = read_merged(storage)
    assert page.ledger.records == embed.ledger.records and page.ledger.rating > START
    c = controller(ledger=page.ledger)
    c.choose(c.index_of(embed.puzzle.id))
    done(c.user_move(WINS[embed.puzzle.id]))  # solved in the embed first: this one is a replay
    assert c.rating == page.ledger.rating and len(c.ledger.records) == 2


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 5000) | st.floats(allow_nan=True) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=7) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(start=JSON, earlier=JSON, ledger=JSON, opened=JSON, v=st.sampled_from([1, 2, 2, 3, "2"]))
def test_any_stored_json_loads_without_raising_and_keeps_only_checked_records(start, earlier, ledger, opened, v):
    real = attempt(1, "w2", "hints", 1).to_json()
    raw = json.dumps({"v": v, "start": start, "earlier": earlier, "ledger": [real, ledger] if v == 2 else ledger,
                      "open": opened, "puzzles": earlier, "rating": start})
    storage = FakeStorage()
    storage.set_item(PROGRESS_KEY, raw)
    saved, message = load(storage)  # never raises
    assert all(isinstance(a, Attempt) for a in saved.ledger.records)
    assert 0 <= saved.ledger.rating <= 4000
    if message:
        assert storage.get_item(backup_key(PROGRESS_KEY)) == raw and load(storage)[1] == ""  # said once
    if v == 2 and not read_progress(raw)[1].unreadable:  # a value of this version (not nested too deep)
        assert any(a.to_json() == real for a in saved.ledger.records)  # a good record survives its neighbours
