"""The win-in-one search agrees with brute force, and bounds its work."""

import random

from hypothesis import assume, given, settings

from phutball import BoardSize, Point, Position
from phutball.winsearch import find_winning_jump
from test_perft import small_boards


@given(small_boards())
@settings(max_examples=200, deadline=None)
def test_find_winning_jump_agrees_with_brute_force(pos):
    assume(not pos.count_jumps(limit=3000)[1])  # brute force must stay cheap
    brute = [j for j in pos.jumps() if pos.play(j).winner == pos.to_move]
    res = pos.find_winning_jump(max_nodes=10**7)
    assert res.status in ("found", "none")
    assert (res.status == "found") == bool(brute)
    if res.jump:
        assert pos.play(res.jump).winner == pos.to_move
    all_wins = pos.winning_jumps()
    assert all_wins.complete and list(all_wins.paths) == brute


def test_row_gap_prune_proves_no_win_without_search():
    pos = Position.from_diagram("""
        . . . . .
        . . . . .
        . . . . .
        o o o o o
        o o * o o
        o o o o o
        . . . . .
    """)
    res = find_winning_jump(pos)
    assert res.status == "none" and res.nodes == 0


def test_gives_up_and_says_so_on_a_tiny_budget():
    rng = random.Random(7)
    size = BoardSize(15, 19)
    ball = Point(8, 10)
    men = frozenset(p for p in size.points() if p != ball and (p.col + p.row) % 2 == 0 and rng.random() < 0.9)
    pos = Position(size, men, ball, "O")
    res = pos.find_winning_jump(max_nodes=5)
    assert res.status in ("gave-up", "found")
    if res.status == "gave-up":
        assert res.jump is None and res.nodes <= 5


def test_finds_a_long_winning_chain():
    # a ladder of single men: the ball must zig-zag up the board
    pos = Position.from_diagram("""
        . . . o . . .
        . . . . . . .
        . . o . . . .
        . . . . . . .
        . . o . . . .
        . . . . . . .
        . . o . . . .
        . . . . . . .
        . . o . . . .
        . . . * . . .
        . . . . . . .
    """)
    res = pos.find_winning_jump()
    assert res.status == "found"
    assert str(res.jump) == "D2-B4-D6-B8-D10-D12"
    assert pos.play(res.jump).winner == "O"


def test_relaxed_reachability_proves_a_gated_maze_has_no_win():
    # a dense lattice below, and men on every row above it (so no two empty rows
    # in a row), but not in line with anything: only the relaxation can prove it
    size = BoardSize(9, 11)
    lattice = {p for p in size.points() if 2 <= p.row <= 6 and (p.col + p.row) % 2 == 1}
    ball = Point(5, 5)
    gated = lattice | {Point(5, 7), Point(5, 8), Point(1, 9), Point(9, 10)}
    pos = Position(size, frozenset(gated - {ball}), ball, "O")
    res = pos.find_winning_jump(max_nodes=10**6)
    assert res.status == "none" and res.nodes == 0
    brute = [j for j in pos.jumps() if pos.play(j).winner == "O"]
    assert brute == []
    # the same maze with the gate in line does have a win
    aligned = lattice | {Point(5, 7), Point(5, 8), Point(5, 9), Point(5, 10)}
    res = Position(size, frozenset(aligned - {ball}), ball, "O").find_winning_jump()
    assert res.status == "found" and str(res.jump) == "E5-E11"


def test_dense_lattice_without_a_win_is_proved_by_search():
    size = BoardSize(9, 11)
    men = {p for p in size.points() if 2 <= p.row <= 7 and (p.col + p.row) % 2 == 1}
    men |= {Point(5, 8), Point(5, 9), Point(7, 10)}
    ball = Point(5, 5)
    pos = Position(size, frozenset(men - {ball}), ball, "O")
    res = pos.find_winning_jump(max_nodes=10**6)
    assert res.status == "none" and res.nodes > 0
