"""The potential calculator's controller and jobs (site/lab/calc/, run by site/lab/jobs.py), without a browser."""

from functools import partial
from pathlib import Path

import pytest

from lab.calc.controller import DEFAULT_POSITION, CalcController
from lab.calc.parse import parse_input
from lab.calc.jobs import Exact1D, ExactOddish, Explore, exact_job
from lab.calc.render import html_explorer
from lab.calc.words import even_squares, oddish_strip_squares
from lab.jobs import JobStartError, MakeJob, Runner
from phutball.errors import PhutballError  # noqa: E402
from phutball.oned.oddish import Oddish  # noqa: E402
from phutball.oned.potential import general_potentials  # noqa: E402
from phutball.oned.solve import analyse  # noqa: E402
from phutball.oned.strip import Strip  # noqa: E402

PAPER_ODDISH = "..ooo|ooo....o."
FAILS = "L_.*.o..o.."   # bench/README-1d.md: Left wins in 15 (only move 3), PL = 2 > PR = 1 predicts Right


def solved(text: str, side: str = "L") -> CalcController:
    c = CalcController()
    assert c.load_text(text, side), c.error
    c.solve_all()
    return c


# ---------------------------------------------------------------- input


@pytest.mark.parametrize("text,expected", [
    ("L_o*o.o.o....", "L_o*o.o.o...."),
    ("o*o.o.o....", "L_o*o.o.o...."),                 # no prefix: the selector's side
    ("R_o*o.o.o....", "R_o*o.o.o...."),
    ("○•○·○·○····", "L_o*o.o.o...."),                  # the paper's symbols
    ("○ • ○ · ○ · ○ · · · ·", "L_o*o.o.o...."),        # with blanks, as printed
    ("Left ○ • ○ · ○ · ○ · · · · Right", "L_o*o.o.o...."),
    ("  l_o*o.o.o....  ", "L_o*o.o.o...."),
])
def test_parse_strip_forms(text, expected):
    strip, odd = parse_input(text, "L")
    assert str(strip) == expected and not odd


def test_parse_without_prefix_uses_the_side_given():
    assert str(parse_input("o*o.o.o....", "R")[0]) == "R_o*o.o.o...."
    # a prefix wins over the selector
    assert str(parse_input("L_o*o.o.o....", "R")[0]) == "L_o*o.o.o...."


@pytest.mark.parametrize("text", [PAPER_ODDISH, "L_..ooo|ooo....o.", "··○○○↓○○○····○·"])
def test_parse_oddish_forms_give_the_shortest_strip(text):
    strip, odd = parse_input(text, "L")
    assert odd
    board = Oddish.from_strip(strip)
    assert board.text == PAPER_ODDISH and board.to_move == "L"
    assert strip == Oddish.from_str(PAPER_ODDISH).to_strip("L")


@pytest.mark.parametrize("text,words", [
    ("", "type a strip"),
    ("L_o*o.x.o", "unexpected character 'x'"),
    ("L_o.o.o", "no ball"),
    ("L_*o*..", "2 balls"),
    ("L_*o.o...", "game is over"),
    ("L_o.o.o..*", "game is over"),
    ("o|", "already won"),
    ("..o|o.|.", "2 arrows"),
    ("15x19_O_H10", "2D board"),
    ("L_" + "." * 30 + "*" + "." * 30, "at most 60"),
])
def test_parse_errors_say_what_is_wrong(text, words):
    with pytest.raises(PhutballError) as e:
        parse_input(text, "L")
    assert words in str(e.value)


def test_bad_typed_position_keeps_the_previous_one():
    c = CalcController()
    assert not c.load_text("L_o*o.x.o")
    assert str(c.strip) == DEFAULT_POSITION
    assert "unexpected character 'x'" in c.error and "previous position is kept" in c.error
    assert "unexpected character" in c.view()["texts"]["input-error"]
    assert c.load_text("o*o.o.o....")   # a good one clears the error
    assert c.error == ""


def test_hash_start_good_and_bad():
    c = CalcController.from_hash("R_..o*o..")
    assert str(c.strip) == "R_..o*o.." and c.error == ""
    c = CalcController.from_hash("L_zz")
    assert str(c.strip) == DEFAULT_POSITION
    assert "could not be read" in c.error and "default position" in c.error
    c = CalcController.from_hash("")
    assert str(c.strip) == DEFAULT_POSITION and c.error == ""


def test_share_string_keeps_the_oddish_form_until_the_strip_is_edited():
    c = CalcController()
    c.load_text(PAPER_ODDISH, "L")
    assert c.share_string() == "L_..ooo|ooo....o."
    assert c.view()["position"] == str(c.strip) != c.share_string()
    c.set_side("R")
    assert c.share_string() == "R_..ooo|ooo....o."
    c.click(1)
    assert c.share_string() == str(c.strip) and c.share_string().startswith("R_o")
    # the shared string reads back to the same position
    assert CalcController.from_hash(c.share_string()).strip == c.strip


def test_load_hash_from_a_link():
    c = CalcController()
    assert c.load_hash(FAILS)
    assert str(c.strip) == FAILS
    assert not c.load_hash(FAILS)           # unchanged
    assert not c.load_hash("L_nope")
    assert str(c.strip) == FAILS and "could not be read" in c.error


# ---------------------------------------------------------------- editing


def test_clicks_cycle_stones_and_the_ball_tool_moves_the_ball():
    c = CalcController.from_hash("L_..*..")
    assert c.click(4) and str(c.strip) == "L_..*o."
    assert c.click(4) and str(c.strip) == "L_..*.."
    assert not c.click(3) and "holds the ball" in c.error and str(c.strip) == "L_..*.."
    c.set_tool("ball")
    c.click(4)
    assert str(c.strip) == "L_...*." and "Moved the ball to square 4" in c.message
    assert not c.click(5) and "end square" in c.error
    assert not c.click(0) and "past the end" in c.error
    c.set_tool("stone")
    c.click(1)
    c.set_tool("ball")
    c.click(2)
    assert str(c.strip) == "L_o*..." and c.error == ""
    c.set_tool("stone")
    c.click(5)
    c.set_tool("ball")
    c.click(3)   # the ball replaces a stone
    assert str(c.strip) == "L_o.*.o"


def test_length_and_end_squares():
    c = CalcController.from_hash("L_o*o.o")
    assert c.add_square("right") and str(c.strip) == "L_o*o.o."
    assert c.add_square("left") and str(c.strip) == "L_.o*o.o."
    assert c.remove_square("left") and str(c.strip) == "L_o*o.o."
    assert not c.remove_square("left") and "first square" in c.error   # the ball would be on square 1
    assert c.set_length(12) and c.strip.n == 12
    assert c.set_length(4) and str(c.strip) == "L_o*o."
    assert "1 stone removed" in c.message
    assert not c.set_length(2) and "3 to 60" in c.error
    assert not c.set_length(61)
    assert not c.set_length("x")
    c = CalcController.from_hash("L_...*.")
    assert not c.set_length(4) and "Move the ball first" in c.error
    assert not c.remove_square("right") and str(c.strip) == "L_...*."


def test_clear_and_mirror():
    c = CalcController.from_hash(FAILS)
    assert c.mirror() and str(c.strip) == "R_..o..o.*."
    assert c.clear_stones() and str(c.strip) == "R_.......*."
    assert not c.clear_stones()


def test_side_selector():
    c = CalcController()
    assert c.set_side("R") and str(c.strip) == "R_o*o.o.o...."
    assert not c.set_side("R")
    assert not c.set_side("X")


def test_keyboard_edits():
    c = CalcController.from_hash("L_..*..")
    assert c.key("ArrowRight") and c.cursor == 3          # first press shows the cursor on the ball
    assert c.key("ArrowRight") and c.cursor == 4 and "empty" in c.message
    assert c.key(" ") and str(c.strip) == "L_..*o."
    assert c.key("Delete") and str(c.strip) == "L_..*.."
    assert c.key("o") and str(c.strip) == "L_..*o."
    assert c.key("ArrowLeft") and c.key("ArrowLeft") and c.cursor == 2
    assert c.key("b") and str(c.strip) == "L_.*.o."
    assert c.key("End") and c.cursor == 5 and c.key("Home") and c.cursor == 1
    assert not c.key("q")


# ---------------------------------------------------------------- what the page shows


def test_paper_oddish_example_pl_1_pr_0_and_the_oddish_verdict():
    c = solved(PAPER_ODDISH)
    v = c.view()
    t = v["texts"]
    assert t["pL"] == "1" and t["pR"] == "0"
    assert "pL > pR" in t["theorem1"] and "Right wins" in t["theorem1"]
    # its shortest strip has 27 squares: too long for the exact 1D solver; the Oddish solver decides
    assert v["exact_1d"].state == "too-long"
    assert v["exact_oddish"].state == "done"
    assert t["verdict"].startswith("Right wins: Left to move loses in 22 plies (Oddish play")
    assert not v["disagree"] and t["disagreement"] == ""
    html = v["html"]["oddish-content"]
    assert "psum = 2, bsum = 1, δ = 0" in html        # pL, as in the paper
    assert "psum = 0, bsum = 0, δ = 1" in html        # pR
    assert 'id="oddish-table"' in html and "↓" in html
    row = next(r for r in v["comparisons"] if r["id"] == "theorem1-oddish")
    assert row["agrees"] is True


def test_running_sums_square_by_square():
    c = CalcController()
    c.load_text(PAPER_ODDISH)
    html = c.view()["html"]["oddish-content"]
    # pR from the left edge over ..ooo: 1 2 1 0 0, pL from the right edge over ooo....o.: 1 0 1 2 3 4 3 2 1
    g = general_potentials(c.strip)
    assert list(g.oddish.pR.running) == [1, 2, 1, 0, 0]
    assert list(g.oddish.pL.running) == [1, 0, 1, 2, 3, 4, 3, 2, 1]
    assert html.count('class="bsum"') == 2 and html.count('class="psum"') == 2


def test_oddish_moves_written_on_the_strip():
    from lab.calc.words import oddish_move_1d
    s = Strip.from_str("L_.o.o*o.o.o.")
    board = Oddish.from_strip(s)
    for mv in board.legal_moves():
        after = board.play(mv)
        after_strip = s.play(oddish_move_1d(str(mv), s))
        if after.winner is None:
            assert Oddish.from_strip(after_strip) == after
        else:
            assert after_strip.winner == after.winner


def test_oddish_strip_squares_match_the_engine():
    s = Strip.from_str("L_.o.o*o...o.")
    assert oddish_strip_squares(s) == [2, 4, 6, 8, 10]
    board = Oddish.from_strip(s)
    assert board.m == 5 and board.arrow == 2 and board.text == "oo|o.o"
    assert [sq for i, sq in enumerate(oddish_strip_squares(s), 1) if i in board.stones] == sorted(s.stones)


def test_not_oddish_names_the_squares():
    c = solved(FAILS)
    v = c.view()
    assert v["texts"]["pL"] == "–" and not v["oddish"]
    assert v["marked"] == [4] == even_squares(c.strip)
    assert "square <b>4</b>" in v["html"]["oddish-content"]
    c2 = CalcController.from_hash("L_o.*oo...")
    assert even_squares(c2.strip) == [1, 5]
    assert "squares <b>1, 5</b>" in c2.view()["html"]["oddish-content"]


def test_generalized_potential_disagreement_is_flagged():
    c = solved(FAILS)
    v = c.view()
    t = v["texts"]
    assert (t["PL"], t["PR"]) == ("2", "1")
    assert "Right wins" in t["general-prediction"]
    assert t["verdict"].startswith("Left wins: Left to move wins in 15 plies") and "Winning move: 3." in t["verdict"]
    assert v["disagree"]
    assert "generalized potential is wrong" in t["disagreement"]
    row = next(r for r in v["comparisons"] if r["id"] == "general-1d")
    assert row["agrees"] is False
    assert "✗ disagrees" in v["html"]["comparison"]
    # cross-check with the engine
    a = analyse(c.strip)
    assert a.value == "win" and [str(o.move) for o in a.winning_moves] == ["3"]


def test_transformation_marks_changed_squares():
    c = CalcController.from_hash("L_o*o.o.o....")
    g = general_potentials(c.strip)
    html = c.view()["html"]["general-content"]
    assert g.PL.turned == (4, 6)
    assert html.count("turned into a stone)") == 2          # one marked cell per turned square
    assert "squares 4, 6" in html and "Even groups stay empty: 8–11" in html
    assert 'id="general-left"' in html and 'id="general-right"' in html
    assert f"PL = ⌊{g.PL.bsum}/4⌋" in html


def test_default_position_everything_agrees():
    c = CalcController()
    assert c.solve_direct()
    v = c.view()
    assert [r["agrees"] for r in v["comparisons"]] == [True, True, True]
    assert v["texts"]["verdict"].startswith("Left wins: Left to move wins in 13 plies")
    assert "2-4-6" in v["html"]["exact-content"]
    assert not c.wanted()


def test_moves_table_lists_every_move_with_plies():
    c = solved(FAILS)
    html = c.view()["html"]["exact-content"]
    a = analyse(c.strip)
    assert html.count("<tr class=") == len(a.moves)
    assert "wins in 15 plies" in html and "loses in" in html
    assert 'id="moves-table"' in html


def test_long_strip_is_left_to_the_worker_and_short_ones_are_direct():
    c = CalcController.from_hash("L_" + "." * 8 + "*" + "." * 9)          # 18 squares
    w = c.wanted()
    assert [(x["kind"], x["size"], x["direct"]) for x in w] == [("strip", 18, False), ("oddish", 9, True)]
    assert c.solve_direct()                     # the Oddish board only
    assert [x["kind"] for x in c.wanted()] == ["strip"]
    assert c.view()["texts"]["verdict"] == "Solving…"             # the 1D value is the one that counts
    assert c.view()["exact_1d"].state == "pending" and c.view()["exact_oddish"].state == "done"
    assert c.job_update("strip", str(c.strip), "running", "ply 3", 0.5)
    assert not c.job_update("strip", "L_.*.", "running")                    # another position: ignored
    assert c.exact("strip").text == "ply 3"
    assert c.job_update("strip", str(c.strip), "stopped")
    assert c.wanted() == [] and "Stopped" in c.view()["html"]["exact-content"]
    # stopped: the Oddish value is shown instead, its moves written on the strip (Oddish square 5 = square 10)
    assert c.view()["texts"]["verdict"] == ("Left wins: Left to move wins in 23 plies (Oddish play: stones only "
                                            "at odd distance). Winning moves: 10, 12, 14, 16.")
    assert "solve-again" in c.view()["html"]["exact-content"]
    c.solve_again()
    assert c.wanted()
    c.solve_all()
    a = analyse(c.strip)                        # the exact solver's verdict, worked out apart from the page
    winner = "Left" if (a.value == "win") == (c.strip.to_move == "L") else "Right"
    best = [str(m.move) for m in a.moves if m.value == "win"]
    assert (winner, a.plies, best[:3]) == ("Left", 23, ["10", "11", "12"])
    assert c.view()["texts"]["verdict"].startswith(f"Left wins: Left to move wins in {a.plies} plies. "
                                                   f"Winning moves: {', '.join(best[:6])} …")
    # the paper's 24-square puzzle is in the shipped book: direct
    c = CalcController.from_hash("R_......oooo.*oo.o........")
    assert c.wanted()[0]["direct"]
    c.solve_direct()
    assert "Right wins: Right to move wins in 33 plies" in c.view()["texts"]["verdict"]
    assert "12-15-17" in c.view()["texts"]["verdict"]


# ---------------------------------------------------------------- jobs and the explorer


def run(r: Runner, job: MakeJob) -> list[dict]:
    r.begin(job)
    out = []
    while True:
        x = r.step(5)
        out.append(x)
        if x.get("done"):
            return out


def test_runner_exact_1d_reports_progress_then_the_result():
    r = Runner()
    steps = run(r, Exact1D("L_.*.o..o..o..o..o."))
    assert len(steps) > 2 and any("Solving every position of a 17-square strip" in s.get("text", "") for s in steps)
    res = steps[-1]["result"]
    assert res["value"] == "win" and res["plies"] == 25 and res["kind"] == "strip"
    # the same length again: instant
    steps = run(r, exact_job("strip", "R_.*.o..o..o..o..o."))
    assert len(steps) <= 2


def test_runner_oddish_errors_and_stopping():
    r = Runner()
    res = run(r, ExactOddish("L_" + PAPER_ODDISH))[-1]["result"]
    assert (res["value"], res["plies"], res["winner"]) == ("loss", 22, "R")
    assert exact_job("oddish", "L_" + PAPER_ODDISH) == ExactOddish("L_" + PAPER_ODDISH)
    with pytest.raises(JobStartError, match="bad job: TypeError"):
        r.begin(partial(Explore, size=3))  # a bad argument: an error, no crash
    bad = run(r, Exact1D("L_" + "." * 12 + "*" + "." * 12))[-1]
    assert "too long" in bad["error"]
    # a job begun while another runs replaces it; a stopped job is gone
    r.begin(Explore(14))
    r.step(1)
    assert r.stop() is True
    assert r.step(1)["error"] == "no job"
    assert run(r, Exact1D("L_.*.o..o.."))[-1]["result"]["plies"] == 15


@pytest.mark.parametrize("n,failures", [(8, 0), (9, 6), (10, 36), (12, 348)])
def test_explorer_counts_match_bench(n, failures):
    *_, last = Explore(n)()
    res = last["result"]
    assert res["failures"] == failures                  # bench/README-1d.md's table (both sides to move)
    assert res["positions"] == 2 * (n - 2) * 2 ** (n - 1)
    for x in res["listed"][:20]:
        s = Strip.from_str(x["position"])
        g = general_potentials(s)
        a = analyse(s)
        winner = s.to_move if a.value == "win" else ("R" if s.to_move == "L" else "L")
        assert g.prediction.winner != winner            # really a failure
        assert (g.PL.value, g.PR.value) == (x["PL"], x["PR"])


def test_explorer_lists_the_paper_bench_examples_and_links_them():
    *_, last = Explore(9)()
    res = last["result"]
    assert [x["position"] for x in res["listed"]] == ["L_.*.o..o..", "L_..o..oo*.", "L_o*oo..o.."]
    html = html_explorer(res)
    assert 'href="#L_.*.o..o.."' in html and "6 with Left to move" not in html and "wrongly in <b>6</b>" in html
    assert "correctly" in html_explorer(list(Explore(8)())[-1]["result"])
    with pytest.raises(ValueError):
        list(Explore(40)())


def test_explorer_limit_truncates():
    *_, last = Explore(12, limit=10)()
    res = last["result"]
    assert len(res["listed"]) == 10 and res["truncated"]
    assert [x["stones"] for x in res["listed"]] == sorted(x["stones"] for x in res["listed"])


def test_the_page_opens_the_default_position_before_the_engine_is_ready():
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import build_site   # the page as built: its first picture is written in by the build
    page = build_site.site_files(build_site.SITE, "engine.whl", "lab-0.zip")["calculator.html"].decode()
    assert f'data-position="{DEFAULT_POSITION}"' in page and f'value="{DEFAULT_POSITION}"' in page
    assert '<script type="py"' not in page and "py-config" not in page   # no Python on the main thread


def test_a_link_with_malformed_escapes_names_them_and_keeps_the_default():
    from lab.calc.parse import decode_fragment
    assert decode_fragment("L_o*o.o%2E") == ("L_o*o.o.", "")
    text, error = decode_fragment("%E0%A4%A")
    assert text == "" and "'%E0%A4%A'" in error and "UTF-8" in error
    c = CalcController.from_link("%E0%A4%A")
    assert str(c.strip) == DEFAULT_POSITION
    assert c.error.startswith("The link's position '%E0%A4%A' could not be read") and "default" in c.error
    assert str(CalcController.from_link("R_..o%2Ao..").strip) == "R_..o*o.."
    c = CalcController.from_link("R_..o*o..")
    assert not c.load_link("%E0%A4%A") and "previous position is kept" in c.error
    assert str(c.strip) == "R_..o*o.."
    assert c.load_link("L_.*...") and str(c.strip) == "L_.*..."


def test_a_long_bad_link_is_quoted_shortened():
    c = CalcController.from_hash("L_" + "x" * 5000)
    assert "could not be read" in c.error and len(c.error) < 400 and "…" in c.error


# ---------------------------------------------------------------- links: a position, and one to compare it with


def test_a_link_reads_back_the_positions_it_was_written_with():
    from hypothesis import given, settings, strategies as st
    from lab.calc.link import CalcLink, format_link, parse_link

    @settings(max_examples=300, derandomize=True, deadline=None)
    @given(st.text(), st.text())
    def round_trip(position, compare):
        fragment = format_link(position, compare)
        assert parse_link(fragment) == CalcLink(position, compare)
        assert "#" not in fragment and fragment.count("&") == (1 if compare else 0)
    round_trip()


def test_a_link_opens_its_position_compared_with_the_other():
    from lab.calc.link import format_link
    c = CalcController.from_link(format_link("L_.*.o.o....", "L_.*.ooo...."))
    assert (str(c.strip), str(c.other), c.error) == ("L_.*.o.o....", "L_.*.ooo....", "")
    assert c.link() == "L_.*.o.o....&compare=L_.*.ooo...." and c.link_text() == c.link()
    assert CalcController.from_link(c.link()).other == c.other                 # the page's own link reads back
    v = c.view()
    assert v["compare"] == "L_.*.ooo...." and v["marks"] == [5]
    assert "this strip with a stone on square 5 (ringed on the strip)" in v["html"]["compared"]
    # the link in the line opens the other position, compared with this one
    assert 'href="#L_.*.ooo....&amp;compare=L_.*.o.o...."' in v["html"]["compared"]
    # the compared position is short: it is solved at once, and its value said
    c.solve_direct()
    assert "where Left to move loses in 16 plies" in c.view()["html"]["compared"]
    # without compare=, nothing is compared
    plain = CalcController.from_link("L_.*.o.o....")
    assert plain.other is None and plain.view()["html"]["compared"] == "" and plain.view()["marks"] == []


def test_an_edit_keeps_the_comparison_and_reaching_the_other_position_swaps_them():
    c = CalcController.from_link("L_.*.o.o....&compare=L_.*.ooo....")
    assert c.click(5) and str(c.strip) == "L_.*.ooo...."          # the stone added: now on the other position
    assert str(c.other) == "L_.*.o.o...." and c.compared() == ("this strip with no stone on square 5", [5])
    assert c.click(9) and str(c.other) == "L_.*.o.o...."           # another edit: still compared with it
    assert c.compared() == ("this strip with no stones on squares 5 and 9", [5, 9])
    assert c.load_text("L_.*...")                                   # a typed position: nothing compared any more
    assert c.other is None


def test_a_hash_change_opens_both_positions_and_a_bad_part_is_said_and_left_out():
    c = CalcController.from_link("L_.*.o.o....")
    assert c.load_link("L_.*.ooo....&compare=L_.*.o.o....")
    assert (str(c.strip), str(c.other)) == ("L_.*.ooo....", "L_.*.o.o....")
    assert not c.load_link("L_.*.ooo....&compare=L_.*.o.o....")    # unchanged
    c = CalcController.from_link("L_.*...&compare=L_zz")
    assert str(c.strip) == "L_.*..." and c.other is None
    assert c.error.startswith("The link's position to compare with 'L_zz' could not be read") and "left out" in c.error
    c = CalcController.from_link("L_.*...&size=9")
    assert str(c.strip) == "L_.*..." and "'size=9' is not understood" in c.error
    c = CalcController.from_link("L_.*...&compare=%E0%A4%A")
    assert str(c.strip) == "L_.*..." and "UTF-8" in c.error and c.other is None
    c = CalcController.from_link("%E0%A4%A&compare=L_.*...")
    assert str(c.strip) == DEFAULT_POSITION and "default" in c.error
    c = CalcController.from_link("L_.*...&compare=L_.*...")         # the same position: nothing to compare
    assert c.other is None and c.error == ""


@pytest.mark.parametrize("a,b,said,marks", [
    ("L_.*.o.o....", "L_.*.ooo....", "this strip with a stone on square 5", [5]),
    ("L_.*.ooo....", "L_.*.o.o....", "this strip with no stone on square 5", [5]),
    ("L_.*.o.o....", "L_o*...o....", "this strip with a stone on square 1 and no stone on square 4", [1, 4]),
    ("L_.*.o.o....", "R_.*.o.o....", "this strip with Right to move", []),
    ("L_.*.o.o....", "L_..*o.o....", "this strip with the ball on square 3", [3]),
    ("L_.*.o.o....", "L_.*.oo....", "this strip with square 5 deleted", [5]),
    ("L_.*.o.o....", "L_.*.o.o...", "this strip with one of squares 7 to 10 deleted (any one of them gives it)",
     [7, 8, 9, 10]),
    ("L_.*.oo....", "L_.*.o.o....", "this strip with one more empty square", []),
    ("L_.*.o.o....", "L_.*..", "another position", []),
    ("L_.*.o.o....", "L_.*.o.o....", "the same position", []),
])
def test_the_difference_between_two_positions_in_words(a, b, said, marks):
    from lab.calc.words import difference
    assert difference(Strip.from_str(a), Strip.from_str(b)) == (said, marks)
