"""The potentials pL/pR (section 2, Theorem 1) and PL/PR (section 3), checked against the solver."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from phutball.errors import IllegalPositionError, ParseError
from phutball.oned.oddish import Oddish
from phutball.oned.potential import (general_potentials, general_values, oddish_potentials, oddish_values,
                                     potentials_of_text, predict, running_sums)
from phutball.oned.solve import oddish_table, strip_table
from phutball.oned.strip import Strip


# ---------------------------------------------------------------- the paper's Oddish example


def test_paper_oddish_example():
    #   . . o o o | o o o . . . . o .
    #   pR: from the left edge   1 2 1 0 0      psum = bsum = 0     -> pR = 0
    #   pL: from the right edge  1 0 1 2 3 4 3 2 1  psum = 2, bsum = 1 -> pL = 1
    p = oddish_potentials(Oddish.from_str("..ooo|ooo....o."))
    assert (p.pL.value, p.pR.value) == (1, 0)
    assert (p.pR.psum, p.pR.bsum, p.pR.delta) == (0, 0, 1)
    assert (p.pL.psum, p.pL.bsum, p.pL.delta) == (2, 1, 0)
    assert p.pL.squares == (14, 13, 12, 11, 10, 9, 8, 7, 6)
    assert p.pL.symbols == ".o....ooo"
    assert p.pL.running == (1, 0, 1, 2, 3, 4, 3, 2, 1)
    assert p.pR.running == (1, 2, 1, 0, 0)
    assert p.prediction.winner == "R" and p.prediction.rule == "pL > pR"
    d = p.to_dict()
    assert d["pL"] == 1 and d["pR"] == 0 and d["left"]["psum"] == 2 and d["left"]["bsum"] == 1
    assert json.loads(json.dumps(d)) == d
    text = p.explain()
    assert "pL = floor(1/2) + (1 - 0) = 1" in text and "pR = floor(0/2) + (1 - 1) = 0" in text


def test_running_sum_never_goes_below_zero():
    assert running_sums("o.oo..o") == [0, 1, 0, 0, 1, 2, 1]
    assert running_sums("") == []


def test_theorem_1_rule():
    assert predict(0, 1, None).winner == "L"
    assert predict(2, 1, "L").winner == "R"
    assert predict(1, 1, "R").winner == "R" and predict(1, 1, None).winner is None
    assert predict(1, 1, None).text == "the player to move wins"


# ---------------------------------------------------------------- generalized potential


def test_generalized_potential_of_example_1():
    #   squares     2 3 4 5 6 7 8 9 10 11     (PL: the ball's square and right of it)
    #   position    * o . o . o . . .  .
    #   ball moved  o o . o . o . . .  .      (the ball takes the symbol on its right)
    #   odd groups  o o o o o o . . .  .      (groups 4 and 6 have odd length 1)
    g = general_potentials(Strip.from_str("L_o*o.o.o...."))
    assert g.PL.original == "*o.o.o...."
    assert g.PL.replaced == "oo.o.o...."
    assert g.PL.transformed == "oooooo...."
    assert g.PL.turned == (4, 6)
    assert (g.PL.psum, g.PL.bsum, g.PL.value) == (0, 0, 0)
    assert (g.PR.original, g.PR.transformed, g.PR.value) == ("o*", "oo", 0)
    assert g.prediction.winner == "L"           # PL = PR: the player to move (Left) wins -- correct
    assert g.oddish is not None and g.oddish.board.text == "o|ooo.."


def test_generalized_potential_of_the_24_square_position():
    #   PL over squares 12..24:  *oo.o........  ->  ooo.o........  ->  ooooo........ (15 turned)
    #   PR over squares 1..12:   ......oooo.*   ->  ......oooo..   (even groups: no change)
    g = general_potentials(Strip.from_str("R_......oooo.*oo.o........"))
    assert (g.PL.transformed, g.PL.turned, g.PL.psum, g.PL.bsum, g.PL.value) == ("ooooo........", (15,), 4, 3, 1)
    assert (g.PR.transformed, g.PR.turned, g.PR.psum, g.PR.bsum, g.PR.value) == ("......oooo..", (), 3, 4, 2)
    # PL < PR predicts a Left win, but Right to move wins (only by the backward jump):
    # this is the position that showed the authors the hole in the generalized potential.
    assert g.prediction.winner == "L"
    assert g.oddish is None
    assert json.loads(json.dumps(g.to_dict()))["PL"] == 1


def test_potentials_of_text():
    assert potentials_of_text("..ooo|ooo....o.").to_dict()["kind"] == "oddish"
    assert potentials_of_text("R_..ooo|ooo....o.").prediction.winner == "R"
    d = potentials_of_text("L_o*o.o.o....").to_dict()
    assert d["kind"] == "strip" and d["PL"] == 0 and d["PR"] == 0 and d["oddish"]["pL"] == 0
    bare = potentials_of_text("o*o.o.o....")
    assert bare.prediction.winner is None and bare.to_dict()["position"] == "o*o.o.o...."
    assert potentials_of_text("o*o.o.o....", "right").prediction.winner == "R"


@pytest.mark.parametrize("text, error", [
    ("L_o*o.x", ParseError), ("..o|o|.", IllegalPositionError), ("L_*o...", IllegalPositionError),
    ("L_<o...", IllegalPositionError), ("", ParseError),
])
def test_bad_potential_input(text, error):
    with pytest.raises(error):
        potentials_of_text(text)
    with pytest.raises(ParseError):
        potentials_of_text(None)  # type: ignore[arg-type]


@given(st.integers(3, 24).flatmap(lambda n: st.tuples(st.just(n), st.integers(2, n - 1),
                                                        st.integers(0, (1 << n) - 1))))
@settings(max_examples=300)
def test_fast_values_match_the_teaching_version(t):
    n, b, mask = t
    mask &= ~(1 << (b - 1))
    g = general_potentials(Strip.from_mask(n, b, mask, "L"))
    assert general_values(n, b, mask) == (g.PL.value, g.PR.value)
    # the mirror image swaps them
    m = g.strip.mirror()
    gm = general_potentials(m)
    assert (gm.PL.value, gm.PR.value) == (g.PR.value, g.PL.value)


@given(st.integers(1, 16).flatmap(lambda m: st.tuples(st.just(m), st.integers(0, m),
                                                        st.integers(0, (1 << m) - 1))))
@settings(max_examples=300)
def test_fast_oddish_values(t):
    m, a, mask = t
    p = oddish_potentials(Oddish.from_mask(m, a, mask))
    assert oddish_values(m, a, mask) == (p.pL.value, p.pR.value)


# ---------------------------------------------------------------- Theorem 1 against the solver


def _theorem_failures(m):
    fails = []
    for a, mask, v, _ in oddish_table(m).raw():      # Left to move; Right to move = the mirror
        pl, pr = oddish_values(m, a, mask)
        predicted = "L" if pl < pr else "R" if pl > pr else "L"
        actual = "L" if v == "win" else "R" if v == "loss" else None
        if predicted != actual:
            fails.append(str(Oddish.from_mask(m, a, mask, "L")))
    return fails


@pytest.mark.parametrize("m", range(2, 13))
def test_theorem_1_on_every_oddish_board(m):
    """Every position of every Oddish board of m <= 12 squares: the player Theorem 1 names wins."""
    assert _theorem_failures(m) == []


def test_theorem_1_uses_both_sides():
    # the solver's Right-to-move values are the mirror images; spot-check them directly
    t = oddish_table(8)
    for a, mask, v, _ in list(t.raw())[::97]:
        b = Oddish.from_mask(8, a, mask, "L").mirror()            # Right to move
        p = oddish_potentials(b).prediction.winner
        assert (t.lookup(b)[0] == "win") == (p == "R")


# ---------------------------------------------------------------- generalized accuracy

#: (positions, correct predictions) over every live position of the strip, both sides to move
GENERAL_ACCURACY = {
    3: (8, 8), 4: (32, 32), 5: (96, 96), 6: (256, 256), 7: (640, 640), 8: (1536, 1536),
    9: (3584, 3578), 10: (8192, 8156), 11: (18432, 18306), 12: (40960, 40612),
}


def _general_accuracy(n):
    total = ok = 0
    fails = []
    for b, mask, v, _ in strip_table(n).raw():
        pl, pr = general_values(n, b, mask)
        # Left to move: predicted to win iff PL <= PR.  Its mirror image (Right to move) has
        # PL and PR exchanged, so the same prediction, and the same value for the mover.
        s = Strip.from_mask(n, b, mask, "L")
        for pos in (s, s.mirror()):
            total += 1
            if (pl <= pr) == (v == "win"):
                ok += 1
            else:
                fails.append(str(pos))
    return total, ok, sorted(fails)


@pytest.mark.parametrize("n", range(3, 13))
def test_generalized_potential_accuracy(n):
    total, ok, fails = _general_accuracy(n)
    assert (total, ok) == GENERAL_ACCURACY[n]


def test_smallest_generalized_failures():
    """The smallest strips where PL/PR mispredict: 9 squares, 3 positions and their mirror images."""
    _, _, fails = _general_accuracy(9)
    assert fails == ["L_.*.o..o..", "L_..o..oo*.", "L_o*oo..o..",
                     "R_.*oo..o..", "R_..o..o.*.", "R_..o..oo*o"]
    table = strip_table(9)
    for f in fails:
        s = Strip.from_str(f)
        predicted = general_potentials(s).prediction.winner
        value = table.lookup(s)[0]
        actual = s.to_move if value == "win" else ("R" if s.to_move == "L" else "L")
        assert predicted != actual
    #   . * . o . . o . .   Left to move: PL = 2 > PR = 1 predicts Right, but Left wins with 3
    a = table.analyse(Strip.from_str("L_.*.o..o.."))
    assert a.value == "win" and [str(o.move) for o in a.winning_moves] == ["3"]
