"""The exact 1D solver: the paper's claims, agreement with a naive reference, slicing, searches."""

import json

import pytest

from oned_reference import all_strips, retrograde, strip_moves
from phutball.errors import IllegalPositionError
from phutball.oned.solve import (MAX_SOLVE_N, StripSolver, analyse, lookup, pn_search, principal_line, search_loss,
                                 search_win, solve_strip, strip_table)
from phutball.oned.strip import Strip


def value_of(text):
    return analyse(Strip.from_str(text)).value


# ---------------------------------------------------------------- the paper's examples (1)-(3)


def test_example_1_left_wins_but_not_by_jumping_all_three():
    #   (1)  o * o . o . o . . . .    Left to move: Left wins
    a = analyse(Strip.from_str("L_o*o.o.o...."))
    assert a.value == "win"
    assert [str(o.move) for o in a.winning_moves] == ["2-4-6"]      # jump two stones, not three
    assert a.outcome("2-4-6-8").value == "loss"                      # "Left loses if he jumps all three"
    assert a.plies == 13


def test_example_2_right_wins():
    #   (2)  o * o . o o o . . . .    Left to move: Right wins (a stone more for Left hurts him)
    a = analyse(Strip.from_str("L_o*o.ooo...."))
    assert a.value == "loss" and a.winning_moves == []


def test_example_3_right_wins():
    #   (3)  o * o . o o . . . .      Left to move: Right wins (a square less hurts him too)
    assert value_of("L_o*o.oo....") == "loss"


def test_left_must_move_the_ball():
    #   "since Right can win by jumping if Left does not move the ball, Left's move must be a jump"
    for text in ("L_o*o.o.o....", "L_o*o.ooo....", "L_o*o.oo...."):
        a = analyse(Strip.from_str(text))
        assert all(o.value == "loss" and o.plies == 2 for o in a.moves if not hasattr(o.move, "path"))


def test_paper_main_continuation_of_example_1():
    #   o * o . o . o . . . .  ->  o . 3 . 1 * o . 2 . .  ->  ... "Left jumps and wins"
    #   (the second diagram lost a square in the text; read with the ball on 6 after 2-4-6)
    s = Strip.from_str("L_o*o.o.o....")
    for mv in ("2-4-6", "5", "9", "3"):      # Left jumps; then 1 (Right) 5, 2 (Left) 9, 3 (Right) 3
        o = analyse(s).outcome(mv)
        assert o.value == ("win" if s.to_move == "L" else "loss")
        s = o.after
    assert s.text == "o.o.o*o.o.."
    a = analyse(s)
    assert [str(o.move) for o in a.winning_moves] == ["6-8-10"]      # Left jumps (and wins in 7)


def test_paper_main_continuation_of_example_2():
    #   o * o . o o o . . . .  ->  o . . . 3 . 1 * 2 . 4  ->  o . 2 * 1 . 3 . o . o   "Right jumps and wins"
    s = Strip.from_str("L_o*o.ooo....")
    line = ["2-4-8", "7", "9", "5", "11", "8-6-4", "5", "3", "7", "4-2-0"]
    for mv in line:
        o = analyse(s).outcome(mv)
        assert o.value == ("win" if s.to_move == "R" else "loss"), mv
        s = o.after
        if mv == "11":
            assert s.text == "o...o.o*o.o"
        if mv == "7" and s.ball == 4:
            assert s.text == "o.o*o.o.o.o"
    assert s.winner == "R"


# ---------------------------------------------------------------- agreement with a naive solver


@pytest.mark.parametrize("n", range(3, 11))
def test_bitset_solver_matches_naive_retrograde(n):
    """Values and plies of every position (both sides to move) agree with a graph retrograde that
    uses Strip.legal_moves/play, so the bitset jump patterns agree with the move generator."""
    ref = retrograde(all_strips(n), strip_moves)
    table = solve_strip(n)
    bad = [(str(s), v, table.lookup(s)) for s, v in ref.items() if table.lookup(s) != v]
    assert bad == []


def test_no_draws_and_longest_wins():
    # measured: no 1D position of up to 24 squares is a draw; the longest wins grow with n
    stats = {n: strip_table(n).stats() for n in (8, 12, 14)}
    assert all(s["draws"] == 0 for s in stats.values())
    assert (stats[8]["max_win_plies"], stats[12]["max_win_plies"], stats[14]["max_win_plies"]) == (11, 19, 21)
    assert stats[14]["states"] == 12 * 2 ** 13


def test_analysis_is_consistent():
    t = strip_table(12)
    for s, v, d in list(t.positions("R"))[::211]:
        a = t.analyse(s)
        assert (a.value, a.plies) == (v, d)
        if v == "win":
            assert a.plies == min(o.plies for o in a.moves if o.value == "win")
            assert a.best.value == "win" and a.best.plies == a.plies
        else:
            assert all(o.value == "loss" for o in a.moves)
            assert a.plies == max(o.plies for o in a.moves)
            assert a.best.plies == a.plies                # the most stubborn defence
        assert a.ranked[0] == a.best


def test_analysis_json_shape():
    a = analyse(Strip.from_str("L_o*o.o.o...."))
    d = json.loads(json.dumps(a.to_dict()))
    assert d["value"] == "win"
    assert d["winning_moves"] == [{"move": "2-4-6", "after": "o....*o....", "plies_to_win": 13}]
    assert {m["move"] for m in d["moves"]} == {str(m) for m in Strip.from_str("L_o*o.o.o....").legal_moves()}
    own_goal = [m for m in d["moves"] if m["move"] == "2-0"][0]
    assert own_goal == {"move": "2-0", "after": None, "value": "loss", "plies": 1}


def test_finished_or_too_long_positions_raise():
    with pytest.raises(IllegalPositionError, match="game is over"):
        analyse(Strip.from_str("L_<o..o."))
    with pytest.raises(IllegalPositionError, match="too long"):
        analyse(Strip.from_str("L_" + "." * 10 + "*" + "." * 20))
    assert MAX_SOLVE_N >= 24
    with pytest.raises(IllegalPositionError):
        strip_table(8).lookup(Strip.from_str("L_.*..."))


def test_principal_line_ends_with_the_predicted_winner():
    s = Strip.from_str("L_o*o.o.o....")
    line = principal_line(s)
    assert len(line) == 13
    last = line[-1][0].after
    assert last.winner == "L"
    assert [a.plies for _, a in line] == list(range(13, 0, -1))


# ---------------------------------------------------------------- slices, progress, cancel


def test_sliced_solve_reports_progress_and_finishes():
    solver = StripSolver(12)
    reports = list(solver.steps())
    assert len(reports) > 50
    assert reports[-1].done and reports[-1].fraction == 1.0
    assert all(0.0 <= p.fraction <= 1.0 for p in reports)
    assert [p.ply for p in reports] == sorted(p.ply for p in reports)
    assert solver.table is not None
    assert solver.table.stats()["states"] == 10 * 2 ** 11
    s = Strip.from_str("L_o*o.o.o.....")   # 12 squares
    assert solver.table.lookup(s) == solve_strip(12).lookup(s)


def test_sliced_solve_can_be_cancelled():
    solver = StripSolver(16)
    steps = solver.steps()
    for i, _ in enumerate(steps):
        if i == 20:
            solver.cancel()
    assert solver.table is None
    # and simply dropping the generator stops it too
    solver = StripSolver(16)
    g = solver.steps()
    next(g)
    next(g)
    g.close()
    assert solver.table is None
    with pytest.raises(RuntimeError):
        s = StripSolver(10)
        s.cancel()
        s.run()


def test_bad_strip_length():
    with pytest.raises(IllegalPositionError):
        StripSolver(2)


@pytest.mark.parametrize("n", [MAX_SOLVE_N + 1, 30, 2])
def test_solve_strip_refuses_lengths_outside_3_to_24(n):
    with pytest.raises(IllegalPositionError, match="3..24"):
        solve_strip(n)


# ---------------------------------------------------------------- independent searches


@pytest.mark.parametrize("text", ["L_o*o.o.o....", "L_o*o.ooo....", "L_o*o.oo....", "L_.*.o..o..",
                                  "R_..o..o.*.", "L_..*.oo.o..."])
def test_depth_limited_search_agrees(text):
    s = Strip.from_str(text)
    v, d = lookup(s)
    if v == "win":
        assert search_win(s, d) is True and search_win(s, d - 2) is False
    else:
        assert search_loss(s, d) is True and search_loss(s, d - 2) is False


def test_pn_search_proves_short_wins_and_respects_budgets():
    s = Strip.from_str("L_o*o.o.o....")
    r = pn_search(s, max_nodes=200_000)
    assert r.value == "win" and r.best_move == "2-4-6"
    r = pn_search(Strip.from_str("L_o*o.oo...."), prove="R", max_nodes=200_000)
    assert r.value == "loss"
    r = pn_search(Strip.from_str("R_......oooo.*oo.o........"), max_nodes=2_000)
    assert r.value is None and r.reason == "node budget" and r.nodes >= 2_000
    r = pn_search(s, max_nodes=10**9, should_stop=lambda: True)
    assert r.value is None and r.reason == "time budget"


def test_progress_and_tables_housekeeping():
    from phutball.oned.solve import clear_tables, tables_cache_info
    reports = list(StripSolver(8).steps())
    d = reports[-1].to_dict()
    assert d["done"] is True and d["states"] == 6 * 2 ** 7 and d["decided"] == d["states"]
    strip_table(8)
    assert 8 in tables_cache_info()["strips"]
    clear_tables()
    assert tables_cache_info() == {"strips": [], "oddish": []}


def test_unknown_book_is_a_parse_error():
    from phutball.errors import ParseError
    from phutball.oned.solve import load_book
    with pytest.raises(ParseError, match="no-such-book"):
        load_book("no-such-book")
    assert load_book("oned24").n == 24
