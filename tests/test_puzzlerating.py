"""Issue 27: puzzle ratings from the solution's features, and the reader's Elo rating on first attempts."""

from pathlib import Path

import pytest

from helpers import run_async
from lab.puzzlerating import K, START, elo_update, expected, puzzle_rating
from lab.puzzles import PuzzleController
from phutball.puzzles.format import load_dir, puzzle_from

ROOT = Path(__file__).resolve().parents[1]


def puzzle(main_line, pid="p", **extra):
    return puzzle_from({"id": pid, "title": "T", "source": {"kind": "composed"}, "variant": "2D",
                        "position": "5x5_O_B3_B4C4", "task": "win", "difficulty": 1, "text": "",
                        "main_line": main_line} | extra, "test", "")


def test_the_elo_expectation_and_update():
    assert expected(1500, 1500) == pytest.approx(0.5)
    assert expected(1500, 1900) == pytest.approx(1 / 11)
    assert elo_update(1500, 1500, True) == 1500 + K // 2 and elo_update(1500, 1500, False) == 1500 - K // 2
    # solving a hard puzzle gains more than solving an easy one; failing an easy one costs more
    assert elo_update(1500, 1900, True) - 1500 > elo_update(1500, 1100, True) - 1500 > 0
    assert 1500 - elo_update(1500, 1100, False) > 1500 - elo_update(1500, 1900, False) > 0


def test_a_puzzle_is_rated_higher_for_depth_hops_and_decoys_and_lower_for_many_answers():
    one = puzzle_rating(puzzle(["B3-B5"]))
    assert puzzle_rating(puzzle(["B3-B5", "A1", "B5-B3"])) > one  # deeper
    assert puzzle_rating(puzzle(["B3-B5-B3-B5"])) > one  # a longer chain
    assert puzzle_rating(puzzle(["B3-B5"], trap="B3-D5")) > one  # a decoy
    assert puzzle_rating(puzzle(["B3-B5"], solutions=["B3-B5", "B3-D5", "B3-A5", "B3-C5"])) < one  # many answers
    ratings = [puzzle_rating(p) for p in load_dir(ROOT / "puzzles")]
    assert 600 <= min(ratings) < max(ratings) <= 2400


def test_the_readers_rating_moves_with_the_first_attempt_only_and_near_my_rating_filters():
    easy, hard = puzzle(["B3-B5"], "easy"), puzzle(["B3-B5"], "hard", trap="B3-D5", difficulty=3)
    c = PuzzleController([easy, hard])
    assert c.view()["rating"] == START
    run_async(c.user_move("A1"))  # a first attempt, wrong
    after_miss = c.view()["rating"]
    assert after_miss == elo_update(START, puzzle_rating(easy), False) < START
    c.retry()
    run_async(c.user_move("B3-B5"))  # solved on a second attempt: the rating stays
    assert c.view()["rating"] == after_miss and c.progress["easy"]["solved"]
    c.set_theme("near")
    assert [e["id"] for g in c.groups() for e in g["puzzles"]] == ["hard"]  # the solved one is left out
