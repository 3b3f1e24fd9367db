"""Issue 42, "learn from your mistakes": a reviewed game's blunders become private puzzles, kept with the
puzzle progress, checked before use, merged by id, listed until solved twice."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import BOTH_THREATEN, FakeStorage

from lab import mistakes
from lab.mistakes import Mistake, from_review, mistake_id, still_to_solve
from lab.puzzleledger import PROGRESS_KEY, SavedProgress, add_mistakes, load, read_progress, save
from phutball import Position
from lab.jobs import mark_json
from phutball.analysis import review_marks
from phutball.game import Game

START = Position.from_diagram(BOTH_THREATEN, "O")
GAME = Game.from_record(f'[Size "9x9"]\n[Setup "{START}"]\n\n1. A9 E5-E1\n')  # Ohs miss E5-E9, Eks score


def Store(items=None):
    storage = FakeStorage()
    storage.items.update(items or {})
    return storage


def blunder(date="2026-11-27") -> Mistake:
    [m] = from_review(GAME, [mark_json(m) for m in review_marks(GAME, max_nodes_per_position=3000)], date)
    return m


def test_a_reviewed_blunder_becomes_a_find_the_better_move_puzzle():
    m = blunder()
    assert (m.position, m.played, m.better, m.refutation, m.ply) == (str(START), "A9", "E5-E9", ("E5-E1",), 0)
    assert m.id == mistake_id(str(START), "A9") and m.title == "Your move 1 (Ohs), 2026-11-27"
    p = m.puzzle()
    assert (p.id, p.collection, p.task.name, p.main_line, p.position) == \
        (m.id, "Your mistakes", "better-move", ("E5-E9",), str(START))
    assert p.extra["played"] == "A9" and p.extra["refutation"] == ["E5-E1"]


def test_only_the_readers_blunders_are_kept():
    marks = [mark_json(m) for m in review_marks(GAME, max_nodes_per_position=3000)]
    assert from_review(GAME, marks, "2026-11-27", lambda ply, side: side == "X") == []  # the reader played Eks
    mistake = dict(marks[0], label="mistake")
    assert from_review(GAME, [mistake], "2026-11-27") == []  # a mistake, not a blunder
    other = dict(marks[0], ply=8)  # another game's mark
    assert from_review(GAME, [other], "2026-11-27") == []


@pytest.mark.parametrize("row, words", [
    ("not a list", "is not a list"),
    (["x", str(START), "A9", "E5-E9", [], 0, "2026-11-27"], "its id is not"),
    ([mistake_id(str(START), "A9"), str(START), "A9", "E5-E9", [], -1, "2026-11-27"], "move index"),
    ([mistake_id(str(START), "A9"), str(START), "A9", "E5-E9", [], 0, "27/11/2026"], "its date"),
    ([mistake_id(str(START), "Z99"), str(START), "Z99", "E5-E9", [], 0, "2026-11-27"], "Z99"),
    ([mistake_id(str(START), "A9"), str(START), "A9", "E5-E9", ["A1-A3"], 0, "2026-11-27"], "A1-A3"),
    ([mistake_id("9x9_O_E5", "A9"), "9x9_O_E5", "A9", 5, [], 0, "2026-11-27"], "not text"),
])
def test_a_stored_mistake_that_does_not_fit_is_refused_in_words(row, words):
    with pytest.raises(ValueError, match=words):
        Mistake.from_json(row)


def test_mistakes_are_stored_with_the_progress_and_merge_by_id():
    m = blunder()
    assert Mistake.from_json(json.loads(json.dumps(m.to_json()))) == m  # the stored form round-trips
    storage = Store()
    save(storage, SavedProgress(mistakes=(m,)))
    other_tab = SavedProgress(mistakes=(blunder("2026-11-28"),))  # the same blunder found again: one puzzle
    merged = save(storage, other_tab)
    assert [x.id for x in merged.mistakes] == [m.id]
    assert load(storage)[0].mistakes == merged.mistakes
    # a value with no mistakes is written as before (no field)
    assert "mistakes" not in SavedProgress().to_text()


def test_a_bad_stored_mistake_loses_only_itself():
    good = blunder().to_json()
    raw = json.dumps({"v": 2, "start": 1200, "earlier": {}, "ledger": [], "open": [], "best_streak": 0,
                      "streak": None, "mistakes": [good, ["junk"]]})
    saved, reading = read_progress(raw)
    assert [m.to_json() for m in saved.mistakes] == [good]
    assert any("mistake" in p for p in reading.problems)
    storage = Store({PROGRESS_KEY: raw})
    saved, message = load(storage)
    assert "could not be read" in message or "mistake" in message
    assert len(saved.mistakes) == 1


def test_at_most_the_newest_are_kept_and_a_mistake_solved_twice_leaves_the_list(monkeypatch):
    m = blunder()
    again = [Mistake(m.id, m.position, m.played, m.better, m.refutation, m.ply, f"2026-12-0{d}") for d in (1, 2)]
    assert mistakes.merged([m], again) == (m,)  # one id: the first list's
    placements = [str(p.point) for p in START.placements()[:5]]
    five = [Mistake(mistake_id(str(START), x), str(START), x, "E5-E9", (), 0, f"2026-11-2{i}")
            for i, x in enumerate(placements)]
    monkeypatch.setattr(mistakes, "KEPT", 3)
    assert [x.date for x in mistakes.merged(five)] == ["2026-11-22", "2026-11-23", "2026-11-24"]
    assert still_to_solve([m], {m.id: 1}) == [m] and still_to_solve([m], {m.id: 2}) == []


# ---------------------------------------------------------------- the play page keeps them, the puzzles page lists them

def reviewed(opponent=None, storage=None):
    """A play controller on GAME, reviewed: the review's marks reported as the job reports them."""
    from lab.play import PlayController
    ctl = PlayController.new(str(START), opponent)
    for move in GAME.moves:
        ctl.play_text(move)
    assert ctl.analysis.review_spec() is not None
    marks = [mark_json(m) for m in review_marks(GAME, max_nodes_per_position=3000)]
    ctl.analysis.review_report({"done": True, "marks": marks, "curve": [], "summary": []},
                               storage if storage is not None else Store())
    return ctl


def test_a_review_keeps_the_readers_blunders_with_the_puzzle_progress():
    from lab.opponent import Computer
    storage = Store()
    ctl = reviewed(storage=storage)  # a game between two people here: both sides' blunders are the reader's
    assert "Your blunder is now a puzzle under Your mistakes on the puzzles page." in ctl.state.message
    saved, _ = load(storage)
    assert [m.played for m in saved.mistakes] == ["A9"]
    again = reviewed(storage=storage)  # the same game reviewed again: still one puzzle
    assert len(load(storage)[0].mistakes) == 1 and "now a puzzle" in again.state.message
    # against the computer playing Ohs, the blunder is the computer's: nothing kept
    storage = Store()
    ctl = reviewed(Computer("O"), storage)
    assert storage.items == {} and "Your mistakes" not in ctl.state.message


def test_a_progress_that_cannot_be_read_is_left_alone_and_the_page_says_why():
    storage = Store({PROGRESS_KEY: "{not json"})
    ctl = reviewed(storage=storage)
    assert storage.items == {PROGRESS_KEY: "{not json"}
    assert "could not be kept as puzzles" in ctl.state.message


def test_a_mistake_is_a_puzzle_of_its_own_refuted_on_the_board_until_solved_twice():
    from helpers import run_async
    from lab.puzzlelist import daily_puzzle, newcomer_puzzle, playable, with_mistakes
    from lab.puzzles import PuzzleController
    from lab.puzzlestreak import streak_order
    from phutball.puzzles.format import load_text
    shipped = load_text(json.dumps({"format": "phutball-puzzles/1", "puzzles": [{
        "id": "w1", "title": "W", "source": {"kind": "composed"}, "variant": "2D", "position": "5x5_O_B3_B4C4",
        "task": "win", "difficulty": 1, "text": "", "main_line": ["B3-B5"]}]}), "shipped")
    m = blunder()
    puzzles = with_mistakes(shipped, SavedProgress(mistakes=(m,)))
    assert [p.id for p in puzzles] == ["w1", m.id]
    # private: first in the list, never the daily puzzle, a streak's or a newcomer's first
    c = PuzzleController(puzzles)
    assert [g["collection"] for g in c.groups()][0] == "Your mistakes"
    assert not playable(puzzles[1]) and newcomer_puzzle(puzzles) == 0 and daily_puzzle(puzzles, "2026-11-27") == 0
    assert 1 not in streak_order(puzzles, 7)
    c.open_id(m.id)
    assert "Find the engine's better move." in c.task_prompt()
    run_async(c.user_move("A9"))  # the game's move again: refuted by the review's line
    assert c.verdict == "wrong" and c.queue == ["E5-E1"] and "the move you played in the game" in c.message
    c.retry()
    run_async(c.user_move("E5-E9"))  # the engine's move (here it scores)
    assert c.progress[m.id]["solved"]
    once = with_mistakes(shipped, SavedProgress(c.ledger, mistakes=(m,)))
    assert [p.id for p in once] == ["w1", m.id]  # solved once: still listed
    c.retry()
    run_async(c.user_move("E5-E9"))
    assert [p.id for p in with_mistakes(shipped, SavedProgress(c.ledger, mistakes=(m,)))] == ["w1"]


def test_the_better_move_task_judges_a_quiet_answer_and_replies_to_other_moves():
    from phutball.puzzles.tasks.better_move import BetterMove
    quiet = BetterMove("E1", "A9", ["E5-E9"])  # (a made-up answer: the judge reads the task's own)
    assert quiet.judge_2d(str(START), "E1")["ok"] and quiet.judge_2d(str(START), "E1")["won"]
    wrong = quiet.judge_2d(str(START), "A1")
    assert not wrong["ok"] and wrong["refutation"] and "better move" in wrong["note"]
    assert START.play("A1").play(wrong["refutation"][0])  # the engine's reply is a legal move there
    assert quiet.hint_2d(str(START), ["E1"], 0) == "E1" and repr(quiet) == "task_named('better-move')"


# ---------------------------------------------------------------- a property: two tabs, any order

POOL = [Mistake(mistake_id(str(START), str(p.point)), str(START), str(p.point), "E5-E9", (), 0, f"2026-11-{10 + i}")
        for i, p in enumerate(START.placements()[:8])]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["play", "puzzles"]), st.lists(st.sampled_from(range(len(POOL))),
                                                                          max_size=3)), max_size=12))
def test_whatever_order_two_tabs_keep_mistakes_in_every_one_is_kept_once(steps):
    """The play page adds a review's mistakes (add_mistakes) while the puzzles page saves its progress
    (save, its own copy, older): the stored value ends with each mistake ever added, once, and reads back."""
    storage = Store()
    puzzles_page = SavedProgress()
    added: set[str] = set()
    for page, picks in steps:
        found = [POOL[i] for i in picks]
        if page == "play":
            assert add_mistakes(storage, found) == ""
            added |= {m.id for m in found}
        else:
            puzzles_page = save(storage, puzzles_page)
    saved = load(storage)[0]
    assert sorted(m.id for m in saved.mistakes) == sorted(added)
    assert read_progress(saved.to_text())[0] == saved


def test_your_mistakes_are_listed_by_day_then_by_move():
    from lab.puzzlelist import with_mistakes
    a, b, c = (Mistake(x.id, x.position, x.played, x.better, x.refutation, ply, day)
               for x, ply, day in zip(POOL, (9, 2, 0), ("2026-11-20", "2026-11-20", "2026-11-21")))
    listed = with_mistakes([], SavedProgress(mistakes=(c, a, b)))
    assert [p.id for p in listed] == [b.id, a.id, c.id]
