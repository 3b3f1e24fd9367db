"""bench/sparring.py: the sparring partners move legally, take a win in one, keep to their node
budget, and play in the ladder and the gauntlet by name (their strength is a benchmark, never
asserted here)."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import assume, given, settings

from phutball import Point, Position
from phutball.errors import NoMoveError
from phutball.notation import Jump, Placement
from helpers import CYCLE, CYCLE_START, FULL_5, FULL_7, LOST_1, LOST_2, dense
from test_ai import THREAT, random_position
from test_fuzz import assert_legal
from test_perft import small_boards

BENCH = Path(__file__).resolve().parent.parent / "bench"
PARTNERS = ["beam", "mcts"]


@pytest.fixture(scope="module")
def sparring() -> ModuleType:
    sys.path.insert(0, str(BENCH))  # the ladder and the gauntlet import it as their neighbour too
    return importlib.import_module("sparring")


@pytest.mark.parametrize("name", PARTNERS)
def test_moves_are_legal_on_random_boards_of_every_density(sparring, name):
    rng = random.Random(30)
    played = 0
    for size in ("5x5", "9x9", "15x19", "25x25"):
        for density in (0.05, 0.3, 0.6, 0.9, 0.97, 1.0):
            pos = random_position(rng, size, density)
            if pos.is_over:
                continue
            choice = sparring.choose(name, pos, max_nodes=60, seed=played)
            assert_legal(pos, choice.best)
            played += 1
    assert played >= 18


@pytest.mark.parametrize("name", PARTNERS)
@pytest.mark.parametrize("text", [LOST_1, LOST_2, FULL_5, FULL_7, FULL_5.replace("_O_", "_X_"), CYCLE_START,
                                  str(dense(25, 25)), str(Position.from_diagram(THREAT, to_move="X"))])
def test_moves_are_legal_on_lost_full_dense_and_threatened_boards(sparring, name, text):
    pos = Position.from_str(text)
    assert_legal(pos, sparring.choose(name, pos, max_nodes=80).best)


@pytest.mark.parametrize("name", PARTNERS)
def test_the_repeated_cycle_and_its_history_give_a_legal_move(sparring, name):
    history = [Position.from_str(CYCLE_START)]
    for move in CYCLE * 2:
        history.append(history[-1].play(move))
    pos = history.pop()
    assert_legal(pos, sparring.choose(name, pos, history=history, max_nodes=200).best)


@given(small_boards())
@settings(max_examples=30, deadline=None, derandomize=True)
def test_a_win_in_one_is_taken_whenever_there_is_one(sparring, pos):
    assume(pos.find_winning_jump(max_nodes=10**6).status == "found")
    for name in PARTNERS:
        move = sparring.choose(name, pos, max_nodes=50).best
        assert pos.play(move).winner == pos.to_move, (name, str(pos), str(move))


@pytest.mark.parametrize("name", PARTNERS)
def test_the_search_itself_sees_a_win_in_one(sparring, name, monkeypatch):
    """With the engine's win finder at the root blinded, each partner's own jump listing still wins."""
    pos = Position.from_diagram("""
        . . . . . . . . .
        . . . . o . . . .
        . . . . . . . . .
        . . . o . . . . .
        . . . . . . . . .
        . . o . . . . . .
        . . * . . o . . .
        . . . . . . . . .
        . . . . . . . . .
    """, to_move="O")
    blind = type(pos.find_winning_jump())(status="none", jump=None, nodes=0)
    monkeypatch.setattr(Position, "find_winning_jump", lambda self, max_nodes=0, side=None: blind)
    move = sparring.choose(name, pos, max_nodes=300).best
    assert isinstance(move, Jump) and pos.play(move).winner == "O"


@pytest.mark.parametrize("name", PARTNERS)
def test_a_one_move_threat_is_parried(sparring, name):
    # Eks to move; Ohs threaten E5-E7-G9, and only a man on E7 stops it (tests/test_ai.py).
    pos = Position.from_diagram(THREAT, to_move="X")
    assert sparring.choose(name, pos, max_nodes=3000).best == Placement(Point.from_str("E7"))


@pytest.mark.parametrize("name", PARTNERS)
@pytest.mark.parametrize("budget", [0, 1, 40, 400])
def test_the_node_budget_is_kept_and_the_search_is_repeatable(sparring, name, budget):
    pos = random_position(random.Random(budget), "15x19", 0.2)
    first = sparring.choose(name, pos, max_nodes=budget, seed=3)
    assert min(budget, 1) <= first.nodes <= max(budget, 1)
    again = sparring.choose(name, pos, max_nodes=budget, seed=3)
    assert (again.best, again.nodes) == (first.best, first.nodes)


def test_beam_deepens_and_mcts_grows_a_tree_with_more_nodes(sparring):
    pos = Position.from_str("15x19_O_H10_G11H12J9J11")
    small, large = (sparring.choose("beam", pos, max_nodes=n) for n in (50, 1500))
    assert large.depth > small.depth >= 1
    small, large = (sparring.choose("mcts", pos, max_nodes=n) for n in (30, 1500))
    assert large.depth > small.depth


@pytest.mark.parametrize("name", PARTNERS)
def test_a_finished_game_is_refused(sparring, name):
    with pytest.raises(NoMoveError):
        sparring.choose(name, Position.from_str("9x9_X_E9_E8"))


def test_names(sparring):
    assert [sparring.is_partner(n) for n in ("beam", "mcts", "beam500", "mcts20000", "hard", "beams")] == [
        True, True, True, True, False, False]
    assert sparring.describe("mcts5000").endswith("5,000 nodes")
    assert sparring.describe("beam").endswith(f"{sparring.DEFAULT_NODES['beam']:,} nodes")
    pos = Position.start("9x9")
    assert sparring.choose("beam40", pos).nodes <= 40
    with pytest.raises(ValueError):
        sparring.choose("hard", pos)


def test_partners_play_in_the_ladder_and_the_gauntlet(sparring):
    ladder = importlib.import_module("ladder")
    assert ladder.level_of("beam") is None and ladder.level_of("mcts300") is None
    assert "UCT" in ladder.describe("mcts300") and "alpha-beta" in ladder.describe("beam300")
    out = ladder.play_game("9x9", ("beam200", "mcts200"), 1, 6)
    assert out.plies <= 6 and out.pair == ("beam200", "mcts200")
    again = ladder.play_game("9x9", ("beam200", "mcts200"), 1, 6)  # node budgets only: games repeat
    assert (again.final, again.winner) == (out.final, out.winner)
    gauntlet = importlib.import_module("gauntlet")
    for name in PARTNERS:
        r = gauntlet.play("9x9", 1, "X", 0.01, 4, opponent=name)
        assert r.plies <= 4 and r.nodes["base"] >= 1 and r.score in (0, 0.5, 1)
