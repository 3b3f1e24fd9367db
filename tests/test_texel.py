"""The fitted evaluation of issue 30 (``bench/texel.py``, ``bench/fitted.py``'s ``evaluate_fitted``, ``hard-fit``).

The fit's figures are benchmarks (``bench/README.md``), never asserted; what is checked: the
weights in ``bench/fitted.py`` are what the fit gives on the committed games, the candidate plays
legal moves where the other levels are tested, and the shipped levels still use today's evaluation.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from phutball import Position, ai
from phutball.ai import LEVELS, Searcher, evaluate, position_node
from helpers import FULL_5, FULL_7, LOST_1, LOST_2, dense
from test_ai import mirror, random_position

BENCH = Path(__file__).resolve().parent.parent / "bench"
#: Today's evaluate() written as weights of the fitted evaluation's terms (fitted.FIT_SCALE = 16 per tenth).
TODAY = (5 * 16, 6 * 16, -5 * 16, -25 * 16, 4 * 16, 0, 0, 0, 0)


def load(name: str):
    if name in sys.modules:  # a bench script loaded first imported its neighbour (gauntlet imports fitted)
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


fitted = load("fitted")
HARD_FIT, FIT_WEIGHTS, evaluate_fitted, fit_terms, fit_value = (
    fitted.HARD_FIT, fitted.FIT_WEIGHTS, fitted.evaluate_fitted, fitted.fit_terms, fitted.fit_value)


@pytest.fixture(scope="module")
def texel():
    return load("texel")


def _positions(n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = [random_position(rng, "15x19" if i % 2 else "9x9") for i in range(n)]
    return [p for p in out if not p.is_over and p.find_winning_jump().status != "found"]


def test_the_weights_in_the_engine_are_the_fit_of_the_committed_games(texel):
    games = texel.read_games()
    assert len(games) >= 50 and texel.DATA.stat().st_size < 2_000_000
    result = texel.fit_all(games)
    assert tuple(result["fit_weights"]) == FIT_WEIGHTS, "run: python bench/texel.py fit, and copy FIT_WEIGHTS"
    # The analysis' win chance is the fit of today's evaluation on the same games.
    assert round(result["scale_per_tenth_row"], 4) == ai.WIN_CHANCE_SLOPE
    assert result["positions"]["test"] > 500 and result["held_out_games"] > 0


def test_the_split_is_by_game_and_keeps_an_openings_two_games_together(texel):
    games = [{"id": k} for k in range(40)]
    out = [g["id"] for g in games if texel.held_out(g)]
    assert out == [0, 1, 10, 11, 20, 21, 30, 31]


def test_newton_recovers_known_weights(texel):
    rng = np.random.default_rng(7)
    x = np.c_[rng.normal(size=(20_000, 2)), np.ones(20_000)]
    truth = np.array([1.5, -0.7, 0.3])
    y = (rng.random(20_000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    w = texel.logistic(x, y)
    assert np.allclose(w, truth, atol=0.08)
    q = texel.quality(x, y, w)
    assert q["log_loss"] < texel.quality(x, y, np.zeros(3))["log_loss"] == pytest.approx(np.log(2))


def test_todays_evaluation_is_the_fitted_form_with_todays_weights():
    """The terms are today's: with today's weights, fit_value gives evaluate() on every position."""
    for pos in _positions(30, 11):
        facts, node = position_node(pos)
        terms = fitted.terms_at(facts, node, pos.mask, pos.ball.col, pos.ball.row, pos.to_move)
        assert fit_value(terms, TODAY) == evaluate(pos)
        assert fit_value(terms) == evaluate_fitted(pos)


def test_the_fitted_evaluation_is_the_same_for_both_sides():
    for pos in _positions(30, 12):
        assert evaluate_fitted(pos) == evaluate_fitted(mirror(pos))


def test_the_race_terms_grow_toward_the_goal():
    # Ohs to move on 9x9, ball alone on row 3 and on row 7: fewer rows left to Ohs' goal (row 9).
    far, near = (fit_terms(9, 9, 0, 5, row, "O", row, row, False) for row in (3, 7))
    assert far[5] == 6 and near[5] == 2 and far[6] == 2 and near[6] == 6
    assert fit_terms(9, 9, 0, 5, 7, "X", 7, 7, False)[5:7] == (6, 2)  # Eks aim at row 1


def test_the_shipped_levels_use_todays_evaluation():
    """The engine searches with its own evaluation unless it is given another (only the bench does)."""
    assert HARD_FIT.name not in LEVELS
    pos = _positions(4, 13)[0]
    assert Searcher(pos, "hard").moves.jumps_only and not fitted.searcher(pos).moves.jumps_only
    s = fitted.searcher(pos, max_depth=0)
    node = s.facts.node(pos.mask, pos.ball.col, pos.ball.row)
    assert s._evaluate(node, pos.mask, pos.ball.col, pos.ball.row, pos.to_move) == evaluate_fitted(pos)


@pytest.mark.parametrize("text", [LOST_1, LOST_2, FULL_5, FULL_7, FULL_5.replace("_O_", "_X_")])
def test_hard_fit_plays_legal_moves_on_lost_and_full_boards(text):
    pos = Position.from_str(text)
    move = fitted.searcher(pos, max_nodes=2_000).run().best
    pos.play(move)  # raises if illegal
    assert str(move) != "P-1"


def test_hard_fit_plays_legal_moves_on_random_and_dense_positions():
    for pos in _positions(30, 5) + [dense()]:
        res = fitted.searcher(pos, max_nodes=500).run()
        assert res.done and res.nodes <= 500
        pos.play(res.best)


def test_the_gauntlet_plays_hard_fit_against_todays_hard():
    gauntlet = load("gauntlet")
    r = gauntlet.play("9x9", 1, "O", 0.02, 6, "hard", "hard-fit")
    assert r.plies <= 6 and r.score in (0, 0.5, 1) and r.nodes["new"] > 0 and r.nodes["base"] > 0
    assert gauntlet.PLAYERS["hard-fit"] is HARD_FIT and gauntlet.EVALUATIONS["hard-fit"] is fitted.evaluate_node


def test_late_play_describes_the_end_of_a_game(texel):
    game = {"opening": "9x9_O_E5_E6", "moves": ["D4", "E5-E7", "E8"]}
    lp = texel.late_play(game, last=2)
    assert lp == {"jump_share": 0.5, "ball_rows": (7, 7), "longest_jump": 2, "men": 2}


def test_gauntlet_games_read_as_records(texel, tmp_path):
    import json
    from dataclasses import asdict
    gauntlet = load("gauntlet")
    results = [gauntlet.play("9x9", 2, side, 0.01, 4, "hard", "hard-fit") for side in ("O", "X")]
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"summary": {"size": "9x9"}, "games": [asdict(r) for r in results]}))
    games = texel.from_gauntlet(path)
    assert [(g["O"], g["X"]) for g in games] == [("new", "base"), ("base", "new")]
    for g, r in zip(games, results):
        assert len(g["moves"]) == r.plies and [p for p, _ in texel.positions(g)][0] == gauntlet.opening("9x9", 2)
