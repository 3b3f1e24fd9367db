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


@pytest.fixture(scope="module")
def old_players(gauntlet):
    """The gauntlet's two old players, read from git history. A clone without that history (``git clone
    --depth 1``) cannot play them: the tests that play them say why and stop there (the loader itself is
    tested without history: test_the_loader_runs_old_source_on_todays_engine and
    test_a_missing_commit_says_how_to_fetch_it); in this repository's full history they run."""
    try:
        return gauntlet.load_baseline(), gauntlet.load_baseline("frozen_ai")
    except gauntlet.OldPlayerMissing as e:
        pytest.skip(f"no git history here for the old players: {e}")


def test_baseline_is_a_separate_frozen_player(gauntlet, old_players):
    """The old players are read from git history (a full clone's; a shallow one must fetch it, and
    says so: test_a_missing_commit_says_how_to_fetch_it)."""
    base = gauntlet.load_baseline()
    assert base is not ai and base.Searcher is not ai.Searcher
    assert "history" not in base.Searcher.__init__.__code__.co_varnames  # the player before issue 14
    frozen = gauntlet.load_baseline("frozen_ai")
    assert frozen.__name__ == "phutball.frozen_ai" and frozen is gauntlet.load_baseline("frozen_ai")
    assert "history" in frozen.Searcher.__init__.__code__.co_varnames and not hasattr(frozen, "LEVEL_ALIASES")
    pos = gauntlet.opening("9x9", 1)
    for old in (base, frozen):  # each plays a legal move on today's board code
        pos.play(old.Searcher(pos, "hard", max_nodes=300, max_seconds=1e9).run().best)


def test_the_loader_runs_old_source_on_todays_engine(gauntlet):
    """What load_baseline does with the text git gives, on a text of its own (no history needed)."""
    source = ("from .board import Position\n"
              "def start() -> str:\n    return str(Position.start('9x9'))\n")
    module = gauntlet.load_source("phutball._test_old_player", source, "test:phutball/ai.py")
    try:
        assert module.start() == "9x9_O_E5" and module.__package__ == "phutball"
    finally:
        del sys.modules["phutball._test_old_player"]
    with pytest.raises(ZeroDivisionError):
        gauntlet.load_source("phutball._test_broken", "1 / 0\n", "test")
    assert "phutball._test_broken" not in sys.modules


def test_a_missing_commit_says_how_to_fetch_it(gauntlet):
    missing = gauntlet.OldPlayer("0" * 40, "no-such-tag")
    with pytest.raises(gauntlet.OldPlayerMissing, match="git fetch --unshallow"):
        gauntlet.old_source(missing)


def test_the_old_players_are_named_by_full_hashes(gauntlet):
    for player in gauntlet.OLD_PLAYERS.values():
        assert len(player.commit) == 40 and int(player.commit, 16) >= 0 and player.path == "phutball/ai.py"


def test_openings_have_four_men_around_the_ball(gauntlet):
    for seed in range(20):
        pos = gauntlet.opening("15x19", seed)
        assert len(pos.men) == 4 and pos.to_move == "O" and str(pos.ball) == "H10"
        assert all(abs(p.col - 8) <= 2 and abs(p.row - 10) <= 2 for p in pos.men)
    assert gauntlet.opening("9x9", 3) == gauntlet.opening("9x9", 3) != gauntlet.opening("9x9", 4)


def test_a_short_game_and_the_summary(gauntlet, old_players):
    results = [gauntlet.play("9x9", 1, side, 0.02, 6) for side in ("O", "X")]
    assert all(r.plies <= 6 and r.score in (0, 0.5, 1) for r in results)
    s = gauntlet.summary(results)
    assert s["games"] == 2 and s["wins"] + s["draws"] + s["losses"] == 2
    assert s["elo_95"][0] <= s["elo"] <= s["elo_95"][1]
    assert gauntlet.elo(0.5) == 0 and 190 < gauntlet.elo(0.75) < 192 and gauntlet.elo(0.25) == pytest.approx(-gauntlet.elo(0.75))
