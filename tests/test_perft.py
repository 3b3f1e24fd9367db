"""Perft-style tables: exact counts of jump paths and winning paths, cross-checked by a naive reference."""

import random
from itertools import islice

import pytest
from hypothesis import assume, given, settings, strategies as st

from phutball import BoardSize, Point, Position
from reference2d import all_paths, wins
from helpers import dense

# (diagram, side to move, jump paths, winning paths) -- counts verified by hand for the small ones
TABLE = [
    ("""
     . . . . .
     . o o . .
     . * . . .
     . . . . .
     . . . . .
     """, "O", 3, 2),
    ("""
     . . . . .
     . o o . .
     . * . . .
     . . . . .
     . . . . .
     """, "X", 3, 0),
    ("""
     . . o o .
     . . * . .
     . . . . .
     . . . . .
     . . . . .
     """, "O", 2, 2),
    ("""
     . o . . o . .
     . . . . . . .
     . . o . o . .
     . . . * . . .
     . . o . o . .
     . . . . . . .
     . . . . . . .
     """, "O", 6, 2),
    ("""
     . . . . . . .
     . o . o . o .
     . . o o o . .
     . o o * o o .
     . . o o o . .
     . o . o . o .
     . . . . . . .
     """, "X", None, None),
]


def reference_counts(pos: Position) -> tuple[int, int]:
    men = {(p.col, p.row) for p in pos.men}
    ps = all_paths(pos.size.width, pos.size.height, men, (pos.ball.col, pos.ball.row))
    return len(ps), sum(wins(p, pos.size.height, pos.to_move) for p in ps)


@pytest.mark.parametrize("diagram,side,n_paths,n_wins", TABLE)
def test_perft_table(diagram, side, n_paths, n_wins):
    pos = Position.from_diagram(diagram, side)
    got_paths = list(pos.jumps())
    got_wins = pos.winning_jumps().paths
    ref = reference_counts(pos)
    assert (len(got_paths), len(got_wins)) == ref
    if n_paths is not None:
        assert (len(got_paths), len(got_wins)) == (n_paths, n_wins)
    assert got_paths == sorted(got_paths)
    assert len(set(got_paths)) == len(got_paths)
    assert list(got_wins) == [j for j in got_paths if pos.play(j).winner == side]


def test_wikipedia_position_perft():
    pos = Position.from_str("15x19_O_K6_J7H8G10H11")
    assert reference_counts(pos) == (3, 0) == (len(list(pos.jumps())), len(pos.winning_jumps().paths))


@st.composite
def small_boards(draw):
    w = draw(st.sampled_from([5, 7, 9]))
    h = draw(st.sampled_from([5, 7, 9]))
    size = BoardSize(w, h)
    ball = Point(draw(st.integers(1, w)), draw(st.integers(2, h - 1)))
    density = draw(st.floats(0.2, 0.55))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    men = frozenset(p for p in size.points() if p != ball and rng.random() < density)
    return Position(size, men, ball, draw(st.sampled_from(["O", "X"])))


@given(small_boards())
@settings(max_examples=150, deadline=None)
def test_engine_matches_reference_enumerator(pos):
    assume(not pos.count_jumps(limit=3000)[1])  # keep the naive reference fast
    paths = [tuple((p.col, p.row) for p in j.path) for j in pos.jumps()]
    ref = all_paths(pos.size.width, pos.size.height, {(p.col, p.row) for p in pos.men},
                    (pos.ball.col, pos.ball.row))
    assert sorted(paths) == sorted(ref)
    assert len(set(paths)) == len(paths)
    # the distinct results are exactly the distinct end states of all paths
    ends = {pos.play(j) for j in pos.jumps()}
    assert set(pos.results(limit=None)) == ends  # every result: no default bound


def test_results_has_a_default_bound_and_is_lazy():
    pos = dense(15, 19)
    assert pos.find_winning_jump().status == "none"
    assert len(pos.results()) == 2_000
    assert len(pos.results(limit=5)) == 5
    first = list(islice(pos.iter_results(), 3))
    assert [j for _, j in first] == list(pos.results(limit=3).values())
    assert all(pos.play(j) == q for q, j in first)
