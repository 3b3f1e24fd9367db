"""Your rating (issue 26, item 8): Elo against the levels' fitted ratings, K = 32."""

import json

import pytest

from helpers import FakeStorage
from lab import rating
from lab.rating import Rating, expected, level_rating, nearest_level, score_of, start_rating, updated
from phutball.ai import LEVELS


def test_the_elo_maths():
    assert expected(1000, 1000) == 0.5
    assert expected(1400, 1000) == pytest.approx(10 / 11)
    assert updated(1000, 1000, 1) == 1016 and updated(1000, 1000, 0) == 984 and updated(1000, 1000, 0.5) == 1000
    assert updated(870, 870, 1, k=16) == 878


def test_a_newcomer_starts_at_the_novice_level():
    assert start_rating() == LEVELS["novice"].rating == level_rating(rating.START_LEVEL)
    assert Rating(start_rating()).text().startswith("Your rating: 870 (no games")


def test_a_win_raises_a_loss_lowers_and_a_stronger_level_more():
    r = Rating(start_rating())
    won = r.record("a", "novice", 1.0, "2026-11-25")
    lost = r.record("b", "novice", 0.0, "2026-11-25")
    assert won.value == pytest.approx(886) and lost.value == pytest.approx(854)
    assert won.text() == "Your rating: 886 (+16)" and lost.text() == "Your rating: 854 (-16)"
    strong = r.record("c", "medium", 1.0, "2026-11-25").value - r.value
    weak = r.record("d", "beginner", 1.0, "2026-11-25").value - r.value
    assert strong > 16 > weak > 0
    assert r.value - r.record("e", "beginner", 0.0, "d").value > r.value - r.record("f", "medium", 0.0, "d").value


def test_a_game_counts_once_and_the_history_is_kept():
    r = Rating(start_rating()).record("a", "novice", 1.0, "2026-11-25")
    assert r.record("a", "novice", 1.0, "2026-11-26") is r
    r2 = r.record("b", "novice", 0.0, "2026-11-26")
    assert [d for d, _ in r2.history] == ["2026-11-25", "2026-11-26"] and r2.games == 2
    assert r2.history_text() == "870 → 886 → 869"
    assert r2.change() == pytest.approx(r2.history[1][1] - r2.history[0][1])


def test_the_rating_survives_storage_and_bad_data_is_set_aside():
    storage = FakeStorage()
    r = Rating(start_rating()).record("a", "easy", 1.0, "2026-11-25")
    rating.save(storage, r)
    back, problem = rating.load(storage)
    assert problem == "" and back.value == pytest.approx(r.value, abs=0.1) and back.rated == ("a",)
    storage.set_item(rating.STORAGE_KEY, json.dumps({"v": 1, "rating": "high"}))
    back, problem = rating.load(storage)
    assert back.value == start_rating() and "rating" in problem


def test_the_nearest_level_and_scores():
    assert nearest_level(870) == "novice" and nearest_level(1050) == "learner" and nearest_level(99_999) == "hard"
    assert score_of("O", "O") == 1 and score_of("X", "O") == 0 and score_of("draw", "X") == 0.5
    assert score_of("*", "O") is None
