"""The shipped 24-square puzzle book (phutball/data/oned24.json) and the paper's backward-jump claim.

The book was produced offline by tools/oned_offline.py (a NumPy whole-strip retrograde).  Here it
is checked without re-running that retrograde: for internal consistency (every legal move listed,
values and plies that agree between parents and children, refutation lines that are legal and
end in the defender's win), and against an *independent* depth-limited AND/OR search wherever the
remaining game is short enough.  One slow test re-solves the strip with the pure-Python engine.
"""

import pytest

from phutball.oned.solve import analyse, load_book, search_loss, search_win
from phutball.oned.strip import Strip

ROOT = "R_......oooo.*oo.o........"


@pytest.fixture(scope="module")
def book():
    return load_book("oned24")


def play(text, moves):
    s = Strip.from_str(text)
    for mv in moves:
        s = s.play(mv)
    return s


# ---------------------------------------------------------------- the paper's claim


def test_right_wins_and_the_backward_jump_is_her_only_winning_move(book):
    #   . . . . . . o o o o . * o o . o . . . . . . . .     Right to move
    #   Right's only winning move is to jump backwards (away from her goal): 12-15-17
    a = book.analysis(Strip.from_str(ROOT))
    assert a.value == "win" and a.plies == 33
    assert [str(o.move) for o in a.winning_moves] == ["12-15-17"]
    assert all(o.value == "loss" for o in a.moves if str(o.move) != "12-15-17")
    # the shorter backward jump and the obvious forward-looking tries all lose
    assert a.outcome("12-15").value == "loss"
    assert a.outcome("11").value == "loss"
    # analyse() answers from the book instantly
    assert analyse(Strip.from_str(ROOT)).source == "book:oned24"


def test_paper_lines_after_the_backward_jump(book):
    """The paper's two options after the backward jump: every Right move keeps her win."""
    for key in ("backward_jump", "option1", "option2"):
        s = Strip.from_str(ROOT)
        for mv in book.data["lines"][key]:
            a = book.analysis(s)
            assert a is not None, (key, str(s))
            o = a.outcome(mv)
            if s.to_move == "R":
                assert o.value == "win", (key, str(s), mv)
            s = o.after
        assert s.winner == "R", key


def test_paper_option_positions(book):
    #   after 12-15-17 18 16 20 14 (the paper's numbers 1-4):
    #   . . . . . . o o o o . . . 4 . 2 * 1 . 3 . . . .
    s = play(ROOT, ["12-15-17", "18", "16", "20", "14"])
    assert s.text == "......oooo...o.o*o.o...."
    #   Option 1:  Left jumps 17-19-21;  Option 2: Left places 22 -- both lose
    a = book.analysis(s)
    assert a.value == "loss"
    assert a.outcome("17-19-21").value == "loss" and a.outcome("22").value == "loss"
    assert play(str(s), ["17-19-21", "20", "22", "18", "24"]).text == "......oooo...o.o.o.o*o.o"
    assert play(str(s), ["22"]).text == "......oooo...o.o*o.o.o.."


def test_the_other_main_right_option_loses(book):
    """Right 11, Left 18 (the paper): Left wins; jumping backwards on her second move does not help."""
    s = play(ROOT, ["11"])
    a = book.analysis(s)
    assert a.value == "win" and a.outcome("18").value == "win"
    t = s.play("18")
    assert t.text == "......ooooo*oo.o.o......"
    b = book.analysis(t)
    assert b.value == "loss"
    backward = [o for o in b.moves if hasattr(o.move, "path") and o.move.path[1] > o.move.path[0]]
    assert backward and all(o.value == "loss" for o in backward)
    # the paper's line: every Left move in it wins, ending with his long jump 10-12-15-17-19
    s = Strip.from_str(ROOT)
    line = book.data["lines"]["other_option"]
    assert line[:12] == ["11", "18", "12-6", "7", "5", "9", "3", "6-8-10", "9", "11", "7", "10-12-15-17-19"]
    for mv in line:
        o = book.analysis(s).outcome(mv)
        if s.to_move == "L":
            assert o.value == "win"
        s = o.after
    assert s.winner == "L"
    assert play(ROOT, line[:12]).text == "..o.o.o.o.........*....."


# ---------------------------------------------------------------- internal consistency


def test_every_entry_lists_every_legal_move_consistently(book):
    for key, e in book.entries.items():
        s = Strip.from_str(key)
        a = book.analysis(s)
        assert a is not None, key
        assert {str(m) for m in s.legal_moves()} == {m["move"] for m in e["moves"]}
        if e["value"] == "win":
            assert e["plies"] == min(o.plies for o in a.moves if o.value == "win")
        else:
            assert e["value"] == "loss" and all(o.value == "loss" for o in a.moves)
            assert e["plies"] == max(o.plies for o in a.moves)
        for o in a.moves:
            if o.ends_game:
                assert o.plies == 1 and o.value == ("win" if o.after.winner == s.to_move else "loss")
            child = book.get(o.after)
            if child is not None:
                assert child["value"] == {"win": "loss", "loss": "win"}[o.value]
                assert child["plies"] + 1 == o.plies


def test_main_lines_are_complete_games(book):
    for key, moves in book.data["lines"].items():
        s = play(ROOT, moves)
        assert s.winner == ("L" if key == "other_option" else "R"), key
    assert len(book.data["lines"]["main"]) == 33


def test_refutations_of_every_losing_try(book):
    """At every book position where Right (the winner) is to move, each losing try has a
    refutation line that is legal and ends in Left's win, as long as the book says."""
    refs = book.data["refutations"]
    assert ROOT in refs and set(refs[ROOT]) == {str(o.move) for o in book.analysis(Strip.from_str(ROOT)).moves
                                                 if o.value == "loss" and not o.ends_game}
    count = 0
    for key, tries in refs.items():
        a = book.analysis(Strip.from_str(key))
        for mv, line in tries.items():
            o = a.outcome(mv)
            assert o.value == "loss"
            end = play(str(o.after), line)
            assert end.winner == "L" and len(line) + 1 == o.plies, (key, mv)
            count += 1
    assert count > 500


# ---------------------------------------------------------------- independent search


@pytest.mark.slow
def test_short_endings_agree_with_an_independent_search(book):
    """Every book position with at most 9 plies left: value and exact plies by AND/OR search."""
    checked = 0
    for key, e in book.entries.items():
        if e["plies"] > 9:
            continue
        s = Strip.from_str(key)
        d = e["plies"]
        if e["value"] == "win":
            assert search_win(s, d) is True and (d < 3 or search_win(s, d - 2) is False), key
        else:
            assert search_loss(s, d) is True and (d < 3 or search_loss(s, d - 2) is False), key
        checked += 1
    assert checked > 100


def test_refutation_endings_agree_with_an_independent_search(book):
    """The last 7 plies of a sample of refutation lines (Left's win) by AND/OR search."""
    refs = book.data["refutations"]
    for key, tries in list(refs.items())[::6]:
        a = book.analysis(Strip.from_str(key))
        for mv, line in list(tries.items())[::4]:
            s = a.outcome(mv).after
            if len(line) > 7:
                s = play(str(s), line[: len(line) - 7])
            left = len(line) if len(line) <= 7 else 7
            assert s.to_move == "L"
            assert search_win(s, left) is True


@pytest.mark.slow
def test_book_against_a_fresh_pure_python_solve(book):
    """Re-solve all 185 million Left-to-move positions of the 24-square strip with the in-package
    bitset engine (about 20 s, 0.5 GB) and compare every value and plies of the book."""
    from phutball.oned.solve import solve_strip
    table = solve_strip(24)
    for key, e in book.entries.items():
        s = Strip.from_str(key)
        assert table.lookup(s) == (e["value"], e["plies"]), key
        for m in e["moves"]:
            after = s.play(m["move"])
            if after.winner is None:
                v, d = table.lookup(after)
                assert ({"win": "loss", "loss": "win"}[v], d + 1) == (m["value"], m["plies"])
