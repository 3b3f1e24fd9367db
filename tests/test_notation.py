"""Parsers and formatters of points, moves and 2D position strings: round trips and bad input."""

import pytest
from hypothesis import given, settings, strategies as st

from phutball import BoardSize, IllegalPositionError, ParseError, Point, Position, parse_move
from phutball.errors import quote
from phutball.notation import (COLUMN_LETTERS, Jump, Placement, format_points, parse_points,
                               parse_strip_move, StripJump, StripPlacement)

points = st.builds(Point, st.integers(1, 25), st.integers(0, 26))


@st.composite
def positions(draw):
    w = draw(st.sampled_from([5, 7, 9, 11, 13, 15, 19, 25]))
    h = draw(st.sampled_from([5, 7, 9, 15, 19, 25]))
    size = BoardSize(w, h)
    all_points = list(size.points())
    ball = draw(st.builds(Point, st.integers(1, w), st.integers(0, h + 1)))
    men = draw(st.sets(st.sampled_from(all_points), max_size=60)) - {ball}
    return Position(size, frozenset(men), ball, draw(st.sampled_from(["O", "X"])))


@given(points)
def test_point_round_trip(p):
    assert Point.from_str(str(p)) == p
    assert eval(repr(p)) == p


@given(st.lists(points, min_size=1, max_size=6))
def test_move_round_trip(pts):
    move = parse_move("-".join(map(str, pts)))
    assert str(move) == "-".join(map(str, pts))
    assert isinstance(move, Placement if len(pts) == 1 else Jump)
    from phutball.notation import Move  # noqa: F401  (repr names it)
    assert eval(repr(move)) == move


@given(st.lists(points, max_size=10))
def test_point_list_round_trip(pts):
    assert parse_points(format_points(pts)) == tuple(pts)
    assert parse_points(format_points(pts, ",")) == tuple(pts)


@given(positions())
@settings(max_examples=200)
def test_position_string_round_trip(pos):
    s = str(pos)
    assert Position.from_str(s) == pos
    assert str(Position.from_str(s)) == s
    assert eval(repr(pos)) == pos
    assert all(c.isalnum() or c == "_" for c in s)  # URL-safe


@given(positions())
@settings(max_examples=100)
def test_diagram_round_trip(pos):
    assert Position.from_diagram(pos.to_diagram(), pos.to_move) == pos
    assert Position.from_diagram(pos.to_diagram(coordinates=False), pos.to_move) == pos


@given(st.lists(st.integers(0, 40), min_size=1, max_size=6))
def test_strip_move_round_trip(squares):
    text = "-".join(map(str, squares))
    move = parse_strip_move(text)
    assert str(move) == text
    assert isinstance(move, StripPlacement if len(squares) == 1 else StripJump)


def test_position_string_examples():
    assert str(Position.start()) == "15x19_O_H10"
    pos = Position.from_str("15x19_x_k6_j7,h8, g10,h11")  # lenient input, canonical output
    assert str(pos) == "15x19_X_K6_G10H8H11J7"
    assert str(Position.from_str("19x19_O_K10")) == "19x19_O_K10"


@pytest.mark.parametrize("text", ["", "H", "10", "I5", "H-1", "H1.5", "HH10", "H010", "H 10", "é3", "H1000"])
def test_bad_points(text):
    with pytest.raises(ParseError) as e:
        Point.from_str(text)
    assert repr(text) in str(e.value)


@pytest.mark.parametrize("text", ["", "-", "H10-", "-H10", "H10--G9", "H10-I9", "pass", "H10 G9"])
def test_bad_moves(text):
    with pytest.raises(ParseError) as e:
        parse_move(text)
    assert repr(text) in str(e.value)


@pytest.mark.parametrize("text", ["", "-", "1--2", "a", "1-b", "01", "-3"])
def test_bad_strip_moves(text):
    with pytest.raises(ParseError):
        parse_strip_move(text)


def test_1d_move_with_a_control_character():
    with pytest.raises(ParseError, match="square number"):
        parse_strip_move("2-\x1d4-24")


@pytest.mark.parametrize("text", ["٥", "2-٤"])
def test_non_ascii_digits_in_1d_moves(text):
    with pytest.raises(ParseError):
        parse_strip_move(text)


@pytest.mark.parametrize("text", [
    "15x19", "15x19_O", "15x19_Q_H10", "15y19_O_H10", "15x19_O_Z10", "15x19_O_H21",
    "15x19_O_H10_H11I3", "15x19_O_H10_H0", "15x19_O_H10_H20", "15x19_O_H10_X", "a_b_c_d_e",
])
def test_bad_position_strings_are_parse_errors(text):
    with pytest.raises(ParseError) as e:
        Position.from_str(text)
    assert repr(text) in str(e.value)


@pytest.mark.parametrize("text", ["9x9_O_E٥", "٩x9_O_E5", "9x9_O_E5_E٦"])
def test_non_ascii_digits_in_position_strings(text):
    with pytest.raises(ParseError):
        Position.from_str(text)


def test_long_inputs_are_quoted_shortened():
    long = "x" * 120_000
    with pytest.raises(ParseError) as e:
        Position.from_str(long)
    msg = str(e.value)
    assert len(msg) < 300 and "120000 characters" in msg and e.value.text == long
    assert quote("abc") == "'abc'" and quote("y" * 61).endswith("(61 characters)")


@pytest.mark.parametrize("text,reason", [
    ("15x19_O_H10_H10", "under the ball"),
    ("15x19_O_H10_H11H11", "two men on H11"),
    ("16x19_O_H10", "width must be odd"),
])
def test_impossible_positions_are_illegal_position_errors(text, reason):
    with pytest.raises(IllegalPositionError, match=reason) as e:
        Position.from_str(text)
    assert repr(text) in str(e.value)


def test_parse_error_and_illegal_error_are_distinct():
    assert not issubclass(ParseError, IllegalPositionError)
    assert not issubclass(IllegalPositionError, ParseError)


def test_column_letters_skip_i():
    assert "I" not in COLUMN_LETTERS and len(COLUMN_LETTERS) == 25
