"""The win-in-one search agrees with brute force, and bounds its work."""

import random

import pytest
from hypothesis import assume, given, settings

from phutball import BoardSize, Point, Position, winsearch
from phutball.bitboard import board_masks, grow, mask_of
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


# Issue 24 item 2: dense boards where the goal-first depth-first walk sinks into a subtree of
# millions of states without a win (the search used to give up after 1,000,000 nodes), while a
# walk in another order (the move generator's) finds a winning jump at once.
GOAL_FIRST_TRAPS = [
    "11x11_O_C7_A3A4A5A6A9A10B2B4B6B7B8C2C3C4C6C9D2D3D4D5D7E4E5E7E8E9E10F3F5F6F7F8F9G4G5G7G10H2H3H6H8H9H10"
    "J3J4J5J6J7J8J9K2K4K5K6K9K10L2L5L7L9",
    "11x11_O_D10_A2A3B3B6B7B8B9C3C5C7C9C10D2D3D4D6D9E3E5E6E7E8E10F2F4F7F10G2G3G4G5G7G9G10H3H4H5H6H7H8H9H10"
    "J4J5J6J7J8J9J10K2K3K4K5K6K7K9L2L3L7L10",
    # the kind: a random 25x25 board with 247 men (about 1 in 20,000 behaves so)
    "25x25_X_S10_A1A4A5A6A9A11A14A15A16A17A19A22B3B4B6B9B16B17B18B19B21B23C2C3C5C7C10C14C21C24C25D2D4D5D17"
    "D19D21D23D25E1E2E6E7E9E10E11E14E16E18E21F10F22F24G1G3G4G6G8G9G16H2H4H5H7H11H12H14H15H21J3J5J8J11J13J16"
    "J17J19J20J23J24J25K1K4K5K7K10K11K12K15K16K18K19K21K24L3L7L10L17L18L23L25M1M5M6M10M11M13M14M16M23M25N3N7"
    "N10N11N12N13N14N15N21N25O7O11O15O16O17O19O20O21O23O25P1P2P3P5P9P11P12P13P14P15P20P23P25Q6Q10Q13Q14Q15"
    "Q17Q21Q22Q25R2R4R9R12R13R19R20R21R25S3S6S12S14S15S16S18S22S24S25T1T10T11T12T15T17T18T19T21T23T24T25U1"
    "U3U10U14U16U18U19U23U25V1V6V8V9V12V13V16V21V23V25W2W3W6W7W10W16W21W23X6X10X12X14X15X16X17X19X20X22X23"
    "X24X25Y2Y4Y9Y13Y15Y16Y20Y21Y22Z2Z6Z9Z10Z12Z13Z14Z16Z18Z20Z21Z23Z24Z25",
]


@pytest.mark.parametrize("text", GOAL_FIRST_TRAPS)
def test_restarts_find_the_win_the_goal_first_walk_gets_lost_before(text):
    pos = Position.from_str(text)
    res = pos.find_winning_jump(max_nodes=100_000)
    assert res.status == "found" and res.nodes < 5_000
    assert pos.play(res.jump).winner == pos.to_move  # legal (play checks every hop) and winning
    assert pos.find_winning_jump(max_nodes=100_000) == res  # seeded shuffles: the same answer every time
    assert pos.play(pos.winning_jumps(limit=1).paths[0]).winner == pos.to_move  # the generator agrees


def test_shut_in_cut_proves_no_win_that_took_the_plain_search_50000_nodes(monkeypatch):
    # no winning jump: the plain memoised search (no cut) needs about 50,000 nodes to prove it;
    # the relaxed-reachability check along the path drops the shut-in subtrees at once
    pos = Position.from_str("11x11_O_H10_A3A5A6A8A9B3B4B5B6C2C3C4C6C7C8C9C10D2D3D5D6D7D9D10E4E5E10F2F3F4F5F7"
                            "F10G2G3G4G6G7G8G10H2H3H4H5H6J3J4J5J6J7J8K2K3K7L2L3L4L6L7L10")
    res = pos.find_winning_jump(max_nodes=100_000)
    assert res.status == "none" and 0 < res.nodes < 5_000
    monkeypatch.setattr(winsearch, "CUT_EVERY", 10**9)  # never cut: the memo and restarts alone
    plain = pos.find_winning_jump(max_nodes=10**6)
    assert plain.status == "none" and plain.nodes > 10 * res.nodes


@given(small_boards())
@settings(max_examples=200, deadline=None)
def test_cuts_and_restarts_at_every_node_still_agree_with_brute_force(pos):
    # the cut and the restarts rarely trigger on small boards at their usual rates: force them
    assume(not pos.count_jumps(limit=3000)[1])
    brute = [j for j in pos.jumps() if pos.play(j).winner == pos.to_move]
    saved = winsearch.CUT_EVERY, winsearch.RESTART_UNIT
    winsearch.CUT_EVERY, winsearch.RESTART_UNIT = 1, 1
    try:
        res = pos.find_winning_jump(max_nodes=10**7)
        all_wins = pos.winning_jumps()
    finally:
        winsearch.CUT_EVERY, winsearch.RESTART_UNIT = saved
    assert (res.status == "found") == bool(brute) and res.status != "gave-up"
    if res.jump:
        assert pos.play(res.jump).winner == pos.to_move
    assert all_wins.complete and list(all_wins.paths) == brute


def test_luby_sequence():
    assert [winsearch.luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    with pytest.raises(ValueError):
        winsearch.luby(0)


def test_board_masks_and_grow_on_a_5x5_board():
    """The one definition of a board's bit masks (bitboard.board_masks), read by the win search's flood
    fill and the computer's wide placements: rows 0..6 have bits, a step never wraps round a side."""
    w, h = 5, 5
    m = board_masks(w, h)
    points = {(c, r) for c in range(1, w + 1) for r in range(h + 2)}
    assert m.full == mask_of(w, [Point(c, r) for c, r in points])
    assert m.board == mask_of(w, [Point(c, r) for c, r in points if 1 <= r <= h])
    assert m.not_first == mask_of(w, [Point(c, r) for c, r in points if c != 1])
    assert m.not_last == mask_of(w, [Point(c, r) for c, r in points if c != w])
    assert board_masks(w, h) is m  # built once per size
    corner = mask_of(w, [Point(1, 1)])
    assert grow(corner, w, h, 1) == mask_of(w, [Point(c, r) for c in (1, 2) for r in (0, 1, 2)])
    assert grow(mask_of(w, [Point(5, 3)]), w, h, 2) & m.board == \
        mask_of(w, [Point(c, r) for c in (3, 4, 5) for r in range(1, 6)])


def _expansions_between_yields(steps, counted):
    """Run a win search's steps; the expansions (calls of single_jumps) between two yields, and its answer."""
    gaps, last = [], 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return gaps + [counted[0] - last], done.value
        gaps.append(counted[0] - last)
        last = counted[0]


def _counting_single_jumps(monkeypatch):
    counted = [0]
    real = winsearch.single_jumps

    def counting(*args):
        counted[0] += 1
        return real(*args)
    monkeypatch.setattr(winsearch, "single_jumps", counting)
    return counted


@pytest.mark.parametrize("every", [7, 16])
def test_the_win_search_in_steps_yields_after_bounded_work_and_answers_as_win_path(monkeypatch, every):
    """Issue 44: the root's win search (up to 200,000 nodes) yields every few nodes, where the search
    reads the clock; on a crowded 25x25 board its steps expand at most ``every`` states each, and the
    answer is win_path's (the walks go on where they paused)."""
    pos = Position.from_str(GOAL_FIRST_TRAPS[2])
    args = (25, 25, pos.mask, pos.ball.col, pos.ball.row, "X", 100_000)  # a win found after 210 nodes
    answer = winsearch.win_path(*args)
    counted = _counting_single_jumps(monkeypatch)
    gaps, stepped = _expansions_between_yields(winsearch.win_path_steps(*args, every=every), counted)
    assert stepped == answer and sum(gaps) == counted[0]
    assert max(gaps) <= every and len(gaps) >= answer[2] // every >= 13


def test_a_long_win_search_in_steps_pauses_all_the_way(monkeypatch):
    """A proof that takes 50,000 nodes (the shut-in cut off): never more than STEP_NODES between yields."""
    monkeypatch.setattr(winsearch, "CUT_EVERY", 10**9)
    pos = Position.from_str("11x11_O_H10_A3A5A6A8A9B3B4B5B6C2C3C4C6C7C8C9C10D2D3D5D6D7D9D10E4E5E10F2F3F4F5F7"
                            "F10G2G3G4G6G7G8G10H2H3H4H5H6J3J4J5J6J7J8K2K3K7L2L3L4L6L7L10")
    args = (11, 11, pos.mask, pos.ball.col, pos.ball.row, "O", 10**6)
    counted = _counting_single_jumps(monkeypatch)
    gaps, (status, _, nodes) = _expansions_between_yields(winsearch.win_path_steps(*args), counted)
    assert status == "none" and nodes > 20_000
    assert max(gaps) <= winsearch.STEP_NODES and len(gaps) >= nodes // winsearch.STEP_NODES
