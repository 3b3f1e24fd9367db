"""The streak embed (``data-puzzle="streak"``, lab/embedstreak.py): the puzzles page's streak in a frame, its
own stored key, the count line and its buttons; the parameter and the key the frame's JavaScript shares."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from helpers import FakeStorage, run_async
from lab.embedparams import STREAK, ParamError, parse_params
from lab.embedstreak import BEGIN, STREAK_KEY, new_streak, streak_bar, streak_controller, stored_streak
from lab.puzzleledger import PROGRESS_KEY
from lab.puzzlestreak import streak_order
from lab.savedstate import backup_key
from test_puzzlectl import WHICH, WIN2D, WIN2D_B, WIN2D_C, puzzle

SITE = Path(__file__).resolve().parent.parent / "site"
#: The puzzles of these tests, and the winning jump of each (by id).
PUZZLES = (WIN2D, WIN2D_B, WIN2D_C, WHICH)
WINS = {p["id"]: p["main_line"][0] for p in PUZZLES if p["main_line"]}


def puzzles():
    return [puzzle(p) for p in PUZZLES]


def test_a_first_visit_starts_a_streak_that_counts_solves_and_offers_next_once_solved():
    storage = FakeStorage()
    ctl = streak_controller(puzzles(), storage, seed=5)
    order = [ctl.puzzles[i].id for i in streak_order(ctl.puzzles, 5)]
    assert "which" not in order  # questions are not in a streak
    assert ctl.mode == "streak" and ctl.puzzle.id == order[0] and ctl.message == BEGIN
    bar = streak_bar(ctl)
    assert (bar.text, bar.going_on, bar.can_next) == ("Streak: 0 · best 0", True, False)
    run_async(ctl.user_move(WINS[order[0]]))
    bar = streak_bar(ctl)
    assert (bar.text, bar.going_on, bar.can_next) == ("Streak: 1 · best 1", True, True)
    ctl.next()
    assert ctl.puzzle.id == order[1] and not streak_bar(ctl).can_next


def test_the_streak_goes_on_after_a_reload_ends_at_a_mistake_and_the_best_is_kept():
    storage = FakeStorage()
    ctl = streak_controller(puzzles(), storage, seed=5)
    run_async(ctl.user_move(WINS[ctl.puzzle.id]))
    storage.set_item(STREAK_KEY, stored_streak(ctl))  # what the frame stores after each change
    again = streak_controller(puzzles(), storage, seed=99)  # a reload: the stored streak, not a new seed
    assert again.runs == ctl.runs and again.message == "Your streak goes on."
    assert again.puzzle.id == [again.puzzles[i].id for i in streak_order(again.puzzles, 5)][1]
    assert streak_bar(again).text == "Streak: 1 · best 1"
    run_async(again.user_move("A1"))  # a placement: not the winning jump
    bar = streak_bar(again)
    assert (bar.text, bar.going_on, bar.can_next) == ("Streak over · best 1", False, False)
    assert "Streak over (a mistake): 1 solved in a row" in again.message
    storage.set_item(STREAK_KEY, stored_streak(again))
    third = streak_controller(puzzles(), storage, seed=7)  # after the mistake a reload begins a new run
    assert streak_bar(third).text == "Streak: 0 · best 1" and third.message == BEGIN
    new_streak(third, seed=8)  # Start again: a new run, the best kept
    assert third.runs.streak is not None and third.runs.streak.seed == 8 and third.runs.best_streak == 1
    assert PROGRESS_KEY not in storage.items  # the puzzles page's progress is never touched
    assert set(json.loads(storage.items[STREAK_KEY])) >= {"best_streak", "streak"}


def test_an_unreadable_stored_streak_is_set_aside_and_said_once():
    storage = FakeStorage()
    storage.set_item(STREAK_KEY, '{"v": 1, "best_streak": 3, "streak": {"seed": "x"}}')
    ctl = streak_controller(puzzles(), storage, seed=5)
    assert ctl.runs.best_streak == 3 and ctl.mode == "streak"  # the readable part is kept
    assert "could not be read" in ctl.message and ctl.message.endswith(BEGIN)
    assert storage.items[backup_key(STREAK_KEY)] == '{"v": 1, "best_streak": 3, "streak": {"seed": "x"}}'


def test_puzzle_streak_is_a_parameter_alone():
    assert parse_params("puzzle=streak").puzzle == STREAK == "streak"
    with pytest.raises(ParamError, match="'9x9_O_E5'.*a streak chooses its own puzzles"):
        parse_params("puzzle=streak&position=9x9_O_E5")


def test_the_frame_hands_the_worker_the_key_python_stores_under():
    script = (SITE / "embedframe.js").read_text()
    assert re.findall(r'const STREAK_KEY = (.+);', script) == ["KEYS.streak"]  # the build writes KEYS in
    sys.path.insert(0, str(SITE.parent / "tools"))
    import site_pages
    assert site_pages.storage_keys()["streak"] == STREAK_KEY
    html = (SITE / "embed.html").read_text()
    for ident in ("streak-next", "streak-again", "streak-count"):  # the elements glue/embed.py draws
        assert f'id="{ident}"' in html
