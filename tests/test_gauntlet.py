"""bench/gauntlet.py works (the figures themselves are benchmarks, never asserted here)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from phutball import ai

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="module")
def gauntlet():
    spec = importlib.util.spec_from_file_location("gauntlet", BENCH / "gauntlet.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["gauntlet"] = module
    spec.loader.exec_module(module)
    return module


def test_baseline_is_a_separate_frozen_player(gauntlet):
    base = gauntlet.load_baseline()
    assert base is not ai and base.Searcher is not ai.Searcher
    assert "history" not in base.Searcher.__init__.__code__.co_varnames  # the player before issue 14


def test_openings_have_four_men_around_the_ball(gauntlet):
    for seed in range(20):
        pos = gauntlet.opening("15x19", seed)
        assert len(pos.men) == 4 and pos.to_move == "O" and str(pos.ball) == "H10"
        assert all(abs(p.col - 8) <= 2 and abs(p.row - 10) <= 2 for p in pos.men)
    assert gauntlet.opening("9x9", 3) == gauntlet.opening("9x9", 3) != gauntlet.opening("9x9", 4)


def test_a_short_game_and_the_summary(gauntlet):
    results = [gauntlet.play("9x9", 1, side, 0.02, 6) for side in ("O", "X")]
    assert all(r.plies <= 6 and r.score in (0, 0.5, 1) for r in results)
    s = gauntlet.summary(results)
    assert s["games"] == 2 and s["wins"] + s["draws"] + s["losses"] == 2
    assert s["elo_95"][0] <= s["elo"] <= s["elo_95"][1]
    assert gauntlet.elo(0.5) == 0 and 190 < gauntlet.elo(0.75) < 192 and gauntlet.elo(0.25) == pytest.approx(-gauntlet.elo(0.75))
