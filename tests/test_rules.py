"""Every rule of 2D phutball as the README states it, on ASCII diagrams.

Diagrams: top row first, ``.`` empty, ``o`` a man, ``*`` the ball; a diagram
with two extra rows includes the off-board rows (0 and height+1).
"""

import pytest

from phutball import BoardSize, IllegalMoveError, IllegalPositionError, ParseError, Point, Position
from phutball.notation import Jump

P = Point.from_str


def paths(pos: Position) -> list[str]:
    return [str(j) for j in pos.jumps()]


# ---------------------------------------------------------------- the board


def test_default_board_is_15_by_19_with_ball_on_h10_and_ohs_to_move():
    pos = Position.start()
    assert pos.size == BoardSize(15, 19)
    assert pos.ball == P("H10")
    assert pos.to_move == "O"
    assert pos.size.columns == "ABCDEFGHJKLMNOP"  # no I


@pytest.mark.parametrize("size,centre,last_column", [
    ("19x19", "K10", "T"), ("9x9", "E5", "J"), ("11x11", "F6", "L"), ("13x13", "G7", "N"),
    ("5x5", "C3", "E"), ("25x25", "N13", "Z"), ("7x11", "D6", "G"),
])
def test_other_sizes_keep_the_conventions(size, centre, last_column):
    pos = Position.start(size)
    assert str(pos.ball) == centre
    assert pos.size.columns[-1] == last_column
    assert "I" not in pos.size.columns


@pytest.mark.parametrize("size", ["4x5", "15x18", "27x27", "3x3", "16x19", "5x27"])
def test_sizes_must_be_odd_and_between_5_and_25(size):
    with pytest.raises(IllegalPositionError, match=size):
        BoardSize.from_str(size)


# ---------------------------------------------------------------- placements


def test_placement_on_any_empty_point_of_rows_1_to_height():
    pos = Position.from_diagram("""
        . . . . .
        . o . . .
        . . * . .
        . . . . .
        . . . . .
    """)
    placements = [str(m) for m in pos.placements()]
    assert len(placements) == 25 - 1 - 1
    assert "A1" in placements and "E5" in placements
    assert "B4" not in placements and "C3" not in placements
    after = pos.play("A1")
    assert P("A1") in after.men and after.to_move == "X"


@pytest.mark.parametrize("move,reason", [
    ("C3", "the ball is there"), ("B4", "a man is already there"),
    ("C0", "rows 1-5"), ("C6", "rows 1-5"),
])
def test_placement_never_on_ball_man_or_off_board_rows(move, reason):
    pos = Position.from_diagram("""
        . . . . .
        . o . . .
        . . * . .
        . . . . .
        . . . . .
    """)
    with pytest.raises(IllegalMoveError, match=reason) as e:
        pos.play(move)
    assert repr(move) in str(e.value)


# ---------------------------------------------------------------- jumps


def test_wikipedia_example_gives_exactly_three_jumps():
    pos = Position.from_str("15x19_O_K6_J7H8G10H11")
    assert paths(pos) == ["K6-G9", "K6-G9-G11", "K6-G9-G11-J11"]
    after = pos.play("K6-G9-G11-J11")
    assert after.ball == P("J11") and after.men == frozenset()


def test_a_man_cannot_be_jumped_twice():
    pos = Position.from_str("15x19_O_K6_J7H8G10H11")
    with pytest.raises(IllegalMoveError, match="no jump from G9 lands on J9"):
        pos.play("K6-G9-J9-G7")
    # H8 is gone after K6-G9: jumping back over it is impossible
    assert P("K6") not in pos.landings([P("K6"), P("G9")])


def test_jump_over_a_line_of_men_lands_on_first_vacant_point_and_removes_them():
    pos = Position.from_diagram("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . * o o o . o
        . . . . . . .
        . . . . . . .
        . . . . . . .
    """)
    assert paths(pos) == ["B4-F4"]
    after = pos.play("B4-F4")
    assert after.men == frozenset({P("G4")})


def test_the_mover_may_stop_after_any_jump():
    pos = Position.from_diagram("""
        . . . . .
        . . o . .
        . . . . .
        . . o . .
        . . * . .
        . . . . .
        . . . . .
    """)
    assert paths(pos) == ["C3-C5", "C3-C5-C7"]


@pytest.mark.parametrize("diagram", [
    # sideways over the left edge
    """
    . . . . .
    . . . . .
    o * . . .
    . . . . .
    . . . . .
    """,
    # diagonally over a corner
    """
    o . . . .
    . * . . .
    . . . . .
    . . . . .
    . . . . .
    """,
    # a line of men running to the right edge
    """
    . . . . .
    . . . . .
    . . * o o
    . . . . .
    . . . . .
    """,
])
def test_jumps_may_never_leave_across_a_side_edge(diagram):
    assert paths(Position.from_diagram(diagram)) == []


def test_a_jump_over_an_end_lands_off_the_board_and_ends_the_move():
    pos = Position.from_diagram("""
        . . o o .
        . . * . .
        . . . . .
        . . . . .
        . . . . .
    """)
    # C4 over C5 to C6 (row height+1), or over D5 to E6; nothing continues from row 6
    assert paths(pos) == ["C4-C6", "C4-E6"]
    with pytest.raises(IllegalMoveError, match="ended when the ball left the board"):
        pos.play("C4-C6-E4")
    assert pos.play("C4-C6").winner == "O"


def test_a_jump_can_land_on_row_0():
    pos = Position.from_diagram("""
        . . . . .
        . . . . .
        . . . . .
        . . * . .
        . . o . .
    """, to_move="X")
    assert paths(pos) == ["C2-C0"]
    assert pos.play("C2-C0").ball == P("C0")


# ---------------------------------------------------------------- winning


def test_goal_on_or_over_the_line_decides_for_whoever_moved():
    pos = Position.from_diagram("""
        . . . . .
        . . o . .
        . . * . .
        . o . . .
        . . . . .
    """, to_move="X")
    # Eks jumping up to C5 is an own goal: Ohs wins.
    assert pos.play("C3-C5").winner == "O"
    assert pos.play("C3-A1").winner == "X"


def test_ball_on_rows_0_1_is_eks_win_and_height_height_plus_1_is_ohs_win():
    size = BoardSize(5, 5)
    for row, winner in [(0, "X"), (1, "X"), (2, None), (4, None), (5, "O"), (6, "O")]:
        assert Position(size, frozenset(), Point(3, row), "O").winner == winner


def test_passing_through_a_goal_line_mid_sequence_scores_nothing():
    pos = Position.from_diagram("""
        . . . . .
        . o o . .
        . * . . .
        . . . . .
        . . . . .
    """)
    assert paths(pos) == ["B3-B5", "B3-B5-D3", "B3-D5"]
    assert pos.play("B3-B5").winner == "O"
    assert pos.play("B3-B5-D3").winner is None


def test_no_moves_once_the_game_is_over_and_no_pass():
    won = Position.from_str("9x9_X_E9_E5")
    assert won.winner == "O"
    assert won.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        won.play("A1")
    with pytest.raises(ParseError):
        Position.start().play("pass")


def test_no_legal_move_rule_on_a_full_board():
    """The rule (a draw when the side to move has no legal move) never triggers on a 2D board:
    with every point taken, the ball's column is a line of men to an off-board row, so the
    straight jump along it is always legal.  Diagram (Ohs to move, 5x5, full)::

        o o o o o
        o o o o o
        o o * o o      C3-C6 jumps C4 C5 and lands past row 5: Ohs win; C3-C0 is Eks' goal.
        o o o o o
        o o o o o
    """
    pos = Position.from_diagram("""
        o o o o o
        o o o o o
        o o * o o
        o o o o o
        o o o o o
    """)
    assert pos.placements() == []
    assert [str(j) for j in pos.jumps() if len(j.path) == 2 and j.end.col == 3] == ["C3-C0", "C3-C6"]
    for size in (BoardSize(5, 5), BoardSize(7, 9), BoardSize(25, 25)):
        for ball in (Point(1, 2), size.centre, Point(size.width, size.height - 1)):
            men = frozenset(p for p in size.points() if p != ball)
            for side in "OX":
                q = Position(size, men, ball, side)
                assert q.has_moves and not q.is_drawn and not q.is_over and q.result is None


def test_move_list_is_placements_then_jumps_sorted():
    pos = Position.from_str("5x5_O_B3_B4C4")
    moves = pos.legal_moves()
    placements = [m for m in moves if not isinstance(m, Jump)]
    jumps = [m for m in moves if isinstance(m, Jump)]
    assert moves == placements + jumps
    assert placements == sorted(placements) and jumps == sorted(jumps)
    assert pos.legal_moves() == moves  # repeatable


# ---------------------------------------------------------------- landings


def test_landings_follow_a_partial_chain_with_men_removed():
    pos = Position.from_str("15x19_O_K6_J7H8G10H11")
    assert pos.landings() == [P("G9")]
    assert pos.landings([P("K6"), P("G9")]) == [P("G11")]
    assert pos.landings([P("K6"), P("G9"), P("G11")]) == [P("J11")]
    assert pos.landings([P("K6"), P("G9"), P("G11"), P("J11")]) == []
    with pytest.raises(IllegalMoveError):
        pos.landings([P("K6"), P("G10")])
