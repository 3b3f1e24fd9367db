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
