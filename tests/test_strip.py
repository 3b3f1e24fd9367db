"""1D positions: text forms, move generation, playing moves, bad input (paper section 1)."""

import types

import pytest
from hypothesis import given, settings, strategies as st

from phutball.errors import IllegalMoveError, IllegalPositionError, ParseError
from phutball.notation import StripJump, StripPlacement, parse_strip_move
from phutball.sides import parse_side
from phutball.oned.strip import Strip


@st.composite
def strips(draw, min_n=3, max_n=30, live=False):
    n = draw(st.integers(min_n, max_n))
    ball = draw(st.integers(2, n - 1) if live else st.integers(0, n + 1))
    stones = draw(st.sets(st.integers(1, n), max_size=n)) - {ball}
    return Strip(n, ball, frozenset(stones), draw(st.sampled_from("LR")))


# ---------------------------------------------------------------- text forms


def test_paper_example_1_in_every_spelling():
    s = Strip.from_str("L_o*o.o.o....")
    assert (s.n, s.ball, s.stones, s.to_move) == (11, 2, frozenset({1, 3, 5, 7}), "L")
    assert Strip.from_str("o*o.o.o....", "left") == s
    assert Strip.from_str("o*o.o.o....", to_move="L") == s
    assert Strip.from_str("� • � · � · � · · · ·", "left") == s      # the paper's damaged text
    assert Strip.from_str("○•○·○·○····", "L") == s                   # the paper's symbols
    assert Strip.from_str("  l_o*o.o.o....  ") == s
    assert str(s) == "L_o*o.o.o...."
    assert s.text == "o*o.o.o...."
    assert s.pretty == "○•○·○·○····"
    assert repr(s) == "Strip.from_str('L_o*o.o.o....')"
    assert eval(repr(s)) == s


def test_ball_past_the_ends():
    #   the ball left over the left end: Right has won
    s = Strip.from_str("R_<o..o.")
    assert (s.n, s.ball, s.winner) == (5, 0, "R")
    assert str(s) == "R_<o..o."
    #   past the right end: Left has won
    t = Strip.from_str("R_.o..o>")
    assert (t.n, t.ball, t.winner) == (5, 6, "L")
    #   on the end squares the game is over too
    assert Strip.from_str("L_*o...").winner == "R"
    assert Strip.from_str("L_...o*").winner == "L"
    assert Strip.from_str("L_.*...").winner is None


def test_mirror():
    s = Strip.from_str("L_o*o.o.o....")
    m = s.mirror()
    assert str(m) == "R_....o.o.o*o"
    assert m.mirror() == s


def test_mask_round_trip():
    s = Strip.from_str("R_......oooo.*oo.o........")
    assert Strip.from_mask(s.n, s.ball, s.mask, s.to_move) == s


@given(strips())
@settings(max_examples=300)
def test_position_string_round_trip(s):
    assert Strip.from_str(str(s)) == s
    assert str(Strip.from_str(str(s))) == str(s)
    assert Strip.from_str(s.text, s.to_move) == s
    assert Strip.from_str(s.pretty, s.to_move) == s
    assert eval(repr(s)) == s
    assert hash(Strip.from_str(str(s))) == hash(s)


@pytest.mark.parametrize("text, error", [
    ("o*o.o.o....", ParseError),             # no side to move
    ("X_o*o....", ParseError),                # bad side (reads as an unknown character)
    ("L_o*o.x..", ParseError),                # unknown character
    ("L_o*o|o..", ParseError),                # an Oddish arrow in a strip
    ("L_o.o.o..", IllegalPositionError),      # no ball
    ("L_o*o.*..", IllegalPositionError),      # two balls
    ("L_<o*o..", IllegalPositionError),       # a ball inside and one past the end
    ("L_*.", IllegalPositionError),           # too short
    ("L_", ParseError),
    ("", ParseError),
])
def test_bad_positions(text, error):
    with pytest.raises(error) as e:
        Strip.from_str(text)
    assert repr(text) in str(e.value)


def test_bad_arguments():
    with pytest.raises(ParseError):
        Strip.from_str(None)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="says Left to move but Right"):
        Strip.from_str("L_o*o....", "right")
    with pytest.raises(ParseError):
        parse_side("up")
    with pytest.raises(IllegalPositionError):
        Strip(5, 3, frozenset({3}), "L")          # a stone under the ball
    with pytest.raises(IllegalPositionError):
        Strip(5, 3, frozenset({6}), "L")          # off the strip
    with pytest.raises(IllegalPositionError):
        Strip(5, 7, frozenset(), "L")
    with pytest.raises(IllegalPositionError):
        Strip(5, 3, frozenset(), "X")


# ---------------------------------------------------------------- moves


def moves_of(text):
    return " ".join(str(m) for m in Strip.from_str(text).legal_moves())


def test_moves_of_example_1():
    #   squares   1 2 3 4 5 6 7 8 9 10 11
    #   position  o * o . o . o . .  .  .     Left to move
    assert moves_of("L_o*o.o.o....") == "4 6 8 9 10 11 2-0 2-4 2-4-6 2-4-6-8"


def test_moves_of_the_24_square_position():
    #   ......oooo.*oo.o........   Right to move: square 11 is empty, so her only jumps go right
    assert moves_of("R_......oooo.*oo.o........") == (
        "1 2 3 4 5 6 11 15 17 18 19 20 21 22 23 24 12-15 12-15-17")


def test_jump_over_a_string_past_the_end():
    #   ooo*.    the ball jumps the three stones and leaves the strip
    s = Strip.from_str("L_ooo*.")
    assert [str(m) for m in s.jumps()] == ["4-0"]
    after = s.play("4-0")
    assert str(after) == "R_<....." and after.winner == "R"   # Left's own goal: Right wins


def test_jumps_are_lazy_and_sorted():
    s = Strip.from_str("L_o*o.o.o....")
    assert isinstance(s.jumps(), types.GeneratorType)
    ms = s.legal_moves()
    assert ms == s.legal_moves()
    places = [m for m in ms if isinstance(m, StripPlacement)]
    jumps = [m for m in ms if isinstance(m, StripJump)]
    assert ms == places + jumps and places == sorted(places) and jumps == sorted(jumps)


def test_play_diagrams():
    s = Strip.from_str("L_o*o.o.o....")
    assert str(s.play("4")) == "R_o*ooo.o...."
    assert str(s.play("2-4-6")) == "R_o....*o...."
    assert str(s.play("2-4-6-8")) == "R_o......*..."
    assert str(s.play(StripJump((2, 0)))) == "R_<..o.o.o...."
    # the paper's backward jump
    b = Strip.from_str("R_......oooo.*oo.o........")
    assert str(b.play("12-15-17")) == "L_......oooo......*......."
    # landing on the far end square wins for Left
    w = Strip.from_str("L_.*o.o.").play("2-4-6")
    assert w.winner == "L" and w.text == ".....*"
    # and past it too
    assert Strip.from_str("L_.*o.o").play("2-4-6").text == ".....>"


@pytest.mark.parametrize("move, reason", [
    ("3", "already holds a stone"),
    ("2", "holds the ball"),
    ("12", "not on the strip"),
    ("0", "not on the strip"),
    ("3-5", "starts from the ball's square 2"),
    ("2-5", "lands on square 4, not 5"),
    ("2-4-7", "lands on square 6, not 7"),
    ("2-4-2", "same way"),
    ("2-0-2", "same way"),
    ("2-4-6-8-10", "no stone on square 9"),
])
def test_illegal_moves_name_the_move_and_position(move, reason):
    s = Strip.from_str("L_o*o.o.o....")
    with pytest.raises(IllegalMoveError) as e:
        s.play(move)
    assert reason in str(e.value)
    assert repr(move) in str(e.value) and "L_o*o.o.o...." in str(e.value)
    assert not s.is_legal(move)


def test_bad_move_text_is_a_parse_error():
    s = Strip.from_str("L_o*o.o.o....")
    for text in ("", "a", "2--4", "-2", "2-x", "01"):
        with pytest.raises(ParseError):
            s.play(text)
        with pytest.raises(ParseError):
            s.parse_move(text)
    with pytest.raises(ParseError):
        s.play(3.5)  # type: ignore[arg-type]


def test_no_moves_after_the_game():
    s = Strip.from_str("R_<o..o.")
    assert s.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        s.play("3")


def test_parse_move_checks_legality():
    s = Strip.from_str("L_o*o.o.o....")
    assert s.parse_move(" 2-4-6 ") == StripJump((2, 4, 6))
    assert s.parse_move("9") == StripPlacement(9)
    with pytest.raises(IllegalMoveError):
        s.parse_move("3")


@given(strips(live=True), st.data())
@settings(max_examples=200)
def test_every_listed_move_plays_and_round_trips(s, data):
    ms = s.legal_moves()
    assert len(set(ms)) == len(ms)
    n_empty = s.n - 1 - len(s.stones)
    assert sum(isinstance(m, StripPlacement) for m in ms) == n_empty
    for m in ms:
        assert parse_strip_move(str(m)) == m
        a = s.play(m)
        assert a.to_move != s.to_move
        assert a == s.play(str(m))
        if isinstance(m, StripPlacement):
            assert a.stones == s.stones | {m.square} and a.ball == s.ball
        else:
            lo, hi = sorted((m.start, m.end))
            assert not any(lo <= q <= hi for q in a.stones)            # jumped stones are gone
            assert a.stones == frozenset(q for q in s.stones if not lo < q < hi)
    # random paths: legal exactly when listed
    path = data.draw(st.lists(st.integers(0, s.n + 1), min_size=1, max_size=4))
    mv = parse_strip_move("-".join(map(str, [s.ball, *path])))
    assert s.is_legal(mv) == (mv in ms)


@given(strips(live=True))
@settings(max_examples=100)
def test_mirror_maps_moves(s):
    m = s.mirror()
    assert m.mirror() == s
    assert len(m.legal_moves()) == len(s.legal_moves())
    assert m.winner is None


@given(st.sampled_from(["L", "R"]), st.sampled_from([str.lower, str.upper, lambda s: s]),
       st.booleans())
def test_side_round_trip(side, case, long):
    from phutball.sides import side_name
    text = side_name(side) if long else side
    assert parse_side(case(text)) == side
    assert parse_side(f"  {text} ") == side


@pytest.mark.parametrize("bad", ["", "x", "LR", "lefty", None, 1])
def test_bad_sides(bad):
    with pytest.raises(ParseError):
        parse_side(bad)
