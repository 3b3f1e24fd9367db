"""The Oddish board (paper section 2): text, conversion to and from strips, moves, the exact solver."""

import pytest
from hypothesis import given, settings, strategies as st

from oned_reference import retrograde
from phutball.errors import IllegalMoveError, IllegalPositionError, ParseError
from phutball.notation import StripJump, StripPlacement
from phutball.oned.oddish import Oddish, OddishArrowMove, OddishPlacement, parse_oddish_move
from phutball.oned.solve import solve_oddish
from phutball.oned.strip import Strip


@st.composite
def boards(draw, min_m=1, max_m=16, side=True, live=False):
    m = draw(st.integers(max(min_m, 2 if live else 1), max_m))
    arrow = draw(st.integers(1, m - 1) if live else st.integers(0, m))
    stones = draw(st.sets(st.integers(1, m), max_size=m))
    to_move = draw(st.sampled_from("LR")) if side else draw(st.sampled_from(["L", "R", None]))
    return Oddish(m, arrow, frozenset(stones), to_move)


# ---------------------------------------------------------------- text and conversion


def test_paper_conversion_example():
    #   1D:      · · ○ · · · ○ · ○ • ○ · ○ · · · · · · ·     (20 squares, ball on 10)
    #   Oddish:  · ○ · ○ ○ ↓ ○ ○ · · ·
    s = Strip.from_str("··○···○·○•○·○·······", "L")
    b = Oddish.from_strip(s)
    assert b.pretty == "·○·○○↓○○···"
    assert str(b) == "L_.o.oo|oo..."
    assert (b.m, b.arrow, b.stones) == (10, 5, frozenset({2, 4, 5, 6, 7}))
    # back: the shortest strip drops the even-distance square 20
    assert str(b.to_strip()) == "L_..o...o.o*o.o......"
    assert str(b.to_strip(pad_right=True)) == "L_..o...o.o*o.o......."
    assert Oddish.from_strip(b.to_strip(pad_left=True, pad_right=True)) == b


def test_paper_oddish_example_text():
    b = Oddish.from_str("..ooo|ooo....o.")
    assert (b.m, b.arrow, b.to_move) == (14, 5, None)
    assert Oddish.from_str("··○○○↓○○○····○·") == b
    assert Oddish.from_str("· · � � � ↓ � � � · · · · � ·") == b        # the paper's damaged text
    assert str(b) == "..ooo|ooo....o."
    assert repr(b) == "Oddish.from_str('..ooo|ooo....o.')"
    assert str(Oddish.from_str("R_..ooo|ooo....o.")) == "R_..ooo|ooo....o."
    assert Oddish.from_str("..ooo|ooo....o.", "left").to_move == "L"


@given(boards(side=False))
@settings(max_examples=300)
def test_text_round_trip(b):
    assert Oddish.from_str(str(b)) == b
    assert Oddish.from_str(b.pretty, b.to_move) == b
    assert eval(repr(b)) == b
    assert Oddish.from_mask(b.m, b.arrow, b.mask, b.to_move) == b
    assert b.mirror().mirror() == b


@given(boards(min_m=2), st.booleans(), st.booleans())
@settings(max_examples=300)
def test_strip_round_trip(b, pad_left, pad_right):
    s = b.to_strip(pad_left=pad_left, pad_right=pad_right)
    assert Oddish.from_strip(s) == b
    assert s.winner == b.winner


def test_not_oddish_names_the_squares():
    #   . o * . o . . o        ball on 3: stones on 5 and 8? 5 is at distance 2 (even)
    with pytest.raises(IllegalPositionError) as e:
        Oddish.from_strip(Strip.from_str("L_.o*.o..o"))
    assert "on square 5" in str(e.value) and "'L_.o*.o..o'" in str(e.value)
    with pytest.raises(IllegalPositionError, match="on squares 1, 5"):
        Oddish.from_strip(Strip.from_str("L_o.*.o.o"))


@pytest.mark.parametrize("text, error", [
    ("..ooo ooo", IllegalPositionError),        # no arrow
    ("..o|oo|o", IllegalPositionError),         # two arrows
    ("..o*oo", ParseError),                     # a ball
    ("..x|oo", ParseError),
    ("|", IllegalPositionError),                # no squares
    ("L_..o|o", None),
    ("Q_..o|o", ParseError),
])
def test_bad_boards(text, error):
    if error is None:
        Oddish.from_str(text)
        return
    with pytest.raises(error) as e:
        Oddish.from_str(text)
    assert repr(text) in str(e.value)


def test_bad_board_values():
    with pytest.raises(IllegalPositionError):
        Oddish(3, 4, frozenset(), "L")
    with pytest.raises(IllegalPositionError):
        Oddish(3, 1, frozenset({4}), "L")
    with pytest.raises(ParseError):
        Oddish.from_str(None)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        Oddish.from_str("L_.|.", "right")
    with pytest.raises(IllegalPositionError, match="side to move"):
        Oddish.from_str(".|.").to_strip()


# ---------------------------------------------------------------- moves


def test_moves_of_the_paper_example():
    b = Oddish.from_str("L_..ooo|ooo....o.")
    assert " ".join(map(str, b.legal_moves())) == "1 2 9 10 11 12 14 <1 <2 <3 >1 >2 >3"
    #   ..ooo|ooo....o.  ->  >2  ->  ..ooo..|o....o.
    assert str(b.play(">2")) == "R_..ooo..|o....o."
    assert str(b.play("<3")) == "R_..|...ooo....o."
    assert str(b.play("9")) == "R_..ooo|oooo...o."


def test_winning_by_passing_the_last_square():
    b = Oddish.from_str("L_.o|oo")
    assert b.play(">2").winner == "L"
    assert b.play("<1").winner is None
    assert Oddish.from_str("L_o|oo").play("<1").winner == "R"   # into his own goal


@pytest.mark.parametrize("move, reason", [
    ("3", "already holds a stone"),
    ("20", "not on the board"),
    (">4", "only 3 consecutive stones"),
    ("<4", "only 3 consecutive stones"),
])
def test_illegal_oddish_moves(move, reason):
    b = Oddish.from_str("L_..ooo|ooo....o.")
    with pytest.raises(IllegalMoveError) as e:
        b.play(move)
    assert reason in str(e.value) and repr(move) in str(e.value) and "..ooo|ooo....o." in str(e.value)


def test_play_needs_a_side_and_a_live_game():
    with pytest.raises(IllegalMoveError, match="side to move"):
        Oddish.from_str("..ooo|ooo....o.").play("1")
    with pytest.raises(IllegalMoveError, match="game is over"):
        Oddish.from_str("L_oo|").play("1")
    assert Oddish.from_str("L_oo|").legal_moves() == []


@pytest.mark.parametrize("text, move", [
    ("7", OddishPlacement(7)), (">2", OddishArrowMove(1, 2)), ("<1", OddishArrowMove(-1, 1)),
    (" > 3 ", OddishArrowMove(1, 3)), ("→1", OddishArrowMove(1, 1)), ("←2", OddishArrowMove(-1, 2)),
])
def test_parse_oddish_moves(text, move):
    assert parse_oddish_move(text) == move


@pytest.mark.parametrize("text", ["", ">", ">0", "0", "<-1", "1-3", "x", "07", ">>1"])
def test_bad_oddish_move_text(text):
    with pytest.raises(ParseError) as e:
        parse_oddish_move(text)
    assert repr(text) in str(e.value)


@given(st.one_of(st.builds(OddishPlacement, st.integers(1, 999)),
                 st.builds(OddishArrowMove, st.sampled_from([-1, 1]), st.integers(1, 999))))
def test_oddish_move_round_trip(mv):
    assert parse_oddish_move(str(mv)) == mv
    assert eval(repr(mv)) == mv


@given(boards(min_m=2, max_m=12, live=True))
@settings(max_examples=200)
def test_oddish_moves_are_the_restricted_1d_moves(b):
    """Every Oddish move is a 1D move of the strip (placement at odd distance, or a chain of
    single-stone jumps), and leads to the Oddish board of the resulting strip."""
    s = b.to_strip()
    sq = b.strip_squares()
    oddish_squares = set(sq)
    for mv in b.legal_moves():
        after = b.play(mv)
        if isinstance(mv, OddishPlacement):
            m1 = StripPlacement(sq[mv.square - 1])
        else:
            step = 2 * mv.direction
            m1 = StripJump(tuple(s.ball + step * i for i in range(mv.count + 1)))
        a1 = s.play(m1)
        if after.winner is None:
            assert Oddish.from_strip(a1) == after
        else:
            assert a1.winner == after.winner
    # conversely: the 1D moves that keep the position Oddish are exactly these
    n_odd_places = sum(1 for m in s.placements() if m.square in oddish_squares)
    assert n_odd_places == len(b.placements())


# ---------------------------------------------------------------- exact solver


def oddish_moves(b):
    out = []
    for mv in b.legal_moves():
        a = b.play(mv)
        out.append(("win" if a.winner == b.to_move else "loss", None) if a.winner else ("go", a))
    return out


@pytest.mark.parametrize("m", range(2, 8))
def test_oddish_solver_matches_reference(m):
    states = [Oddish.from_mask(m, a, mask, side) for side in "LR" for a in range(1, m) for mask in range(1 << m)]
    ref = retrograde(states, oddish_moves)
    table = solve_oddish(m)
    assert all(table.lookup(b) == v for b, v in ref.items())


def test_oddish_analysis_of_the_paper_example():
    from phutball.oned.solve import analyse_oddish
    for side in "LR":
        a = analyse_oddish(Oddish.from_str("..ooo|ooo....o.", side))
        assert a.value == ("win" if side == "R" else "loss")      # pL = 1 > pR = 0: Right wins
    a = analyse_oddish(Oddish.from_str("R_..ooo|ooo....o."))
    assert [str(o.move) for o in a.winning_moves][:1] and all(o.value == "win" for o in a.winning_moves)
