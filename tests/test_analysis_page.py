"""The play page's analysis and review, controller side: reports in, what the page shows out (no browser)."""



import pytest

from lab.views.board import Ghost
from lab.views.diagram import play_shapes
from phutball import Point  # noqa: E402
from phutball.game import Game  # noqa: E402
from phutball.ai import win_chance
from lab.analysispanel import eval_bar, mark_text, pv_notation
from lab.jobs import Analyse2D, Review2D
from lab.play import PlayController, level_choices
from helpers import CYCLE, CYCLE_START

P = Point.from_str

# Eks (moving down) to move wins at once with E5-E1 (over E4, E3, E2):
#
#   6 . . . o . . . . .      D6
#   5 . . . . * . . . .      the ball on E5
#   4 . . . . o . . . .      E4
#   3 . . . . o . . . .      E3
#   2 . . . . o . . . .      E2
#   1 . . . . . . . . .      (Eks' goal line)
#     A B C D E F G H I
EKS_WINS = "9x9_X_E5_D6E2E3E4"


def analysing(position="9x9_O_E5"):
    c = PlayController.new(position)
    c.analysis.set_analysing(True)
    return c


def report(depth, pv, score=0, mate=None, text="", done=False):
    r = {"depth": depth, "nodes": 100 * depth, "score": score, "mate": mate, "pv": pv, "text": text}
    if done:
        r["done"] = True
    return r


def test_the_analysis_job_is_for_the_position_shown_with_its_history_and_stops_when_done():
    c = PlayController.new("9x9_O_E5")
    assert c.analysis.analysis_spec() is None  # off
    c.analysis.set_analysing(True)
    c.click(P("E6"))
    c.click(P("E4"))
    spec = c.analysis.analysis_spec()
    assert spec == Analyse2D("9x9_O_E5_E4E6", ("9x9_O_E5", "9x9_X_E5_E6"))
    assert c.analysis.analysis_report("9x9_O_E5_E4E6", report(3, ["E5-E7"], done=True))
    assert c.analysis.analysis_spec() is None  # complete: nothing more to search here
    c.history.undo()
    assert c.analysis.analysis_spec() == Analyse2D("9x9_X_E5_E6", ("9x9_O_E5",))  # a new position: analysed again


def test_no_analysis_while_the_computer_is_to_move():
    c = analysing()
    c.set_computer("X", "easy")
    assert c.analysis.analysis_spec().position == "9x9_O_E5"
    c.click(P("E6"))
    assert c.state.computer_to_move() and c.analysis.analysis_spec() is None
    c.computer_reply("A1")
    assert c.analysis.analysis_spec().position == "9x9_O_E5_A1E6"


def test_a_deeper_report_replaces_the_first_and_a_stale_one_is_ignored():
    c = analysing()
    assert c.view()["analysis"]["text"] == "Analysing…"
    assert c.analysis.analysis_report("9x9_O_E5", report(1, ["E6"], score=5, text="Ohs +0.5 rows"))
    assert c.view()["analysis"]["text"] == "Ohs +0.5 rows" and c.view()["analysis"]["depth"] == 1
    assert not c.analysis.analysis_report("9x9_O_E5",
                                          {**report(1, ["E6"], score=5, text="Ohs +0.5 rows"), "nodes": 999})
    assert c.analysis.analysis_report("9x9_O_E5", report(2, ["D6", "E4"], score=-3, text="Ohs -0.3 rows"))
    a = c.view()["analysis"]
    assert (a["text"], a["depth"], a["pv"]) == ("Ohs -0.3 rows", 2, ["1. D6", "2. E4"])
    c.click(P("E6"))  # a move: the position shown changes
    assert not c.analysis.analysis_report("9x9_O_E5", report(3, ["E6"], text="late"))
    assert c.view()["analysis"]["text"] == "Analysing…" and c.view()["pv"] == []


def test_a_progress_report_without_a_result_changes_nothing_and_an_empty_finish_is_final():
    c = analysing()
    assert not c.analysis.analysis_report("9x9_O_E5", {"progress": [10, 100]})
    assert c.analysis.analysis_report("9x9_O_E5", {"done": True})
    assert c.view()["analysis"]["text"] == "No evaluation" and c.analysis.analysis_spec() is None


def test_a_failing_analysis_switches_itself_off_saying_why():
    c = analysing()
    c.analysis.analysis_report("9x9_O_E5", {"done": True, "error": "RuntimeError: boom"})
    assert not c.analysis.analysing and "boom" in c.state.error and c.view()["analysis"] is None


def test_the_principal_variation_becomes_numbered_ghost_moves():
    # 9x9, Ohs to move, ball on E5: the line E6 (Ohs), E4 (Eks), E5-E7 (Ohs jumps E6)
    c = analysing()
    c.analysis.analysis_report("9x9_O_E5", report(3, ["E6", "E4", "E5-E7"], score=12, text="Ohs +1.2 rows"))
    assert c.view()["pv"] == [Ghost(1, "E6", (P("E6"),)), Ghost(2, "E4", (P("E4"),)),
                              Ghost(3, "E5-E7", (P("E5"), P("E7")))]
    w = analysing(EKS_WINS)
    w.analysis.analysis_report(EKS_WINS, report(1, ["E5-E1"], mate=1))
    assert w.view()["pv"]
    w.click(P("E5"))  # a jump being entered hides the ghosts
    assert w.state.chain and w.view()["pv"] == []


def test_a_line_stops_at_a_move_that_does_not_follow_and_at_a_goal():
    c = analysing()
    c.analysis.analysis_report("9x9_O_E5", report(3, ["E6", "E6", "E4"]))  # the second E6 is occupied
    assert [g.move for g in c.view()["pv"]] == ["E6"]
    w = analysing(EKS_WINS)
    w.analysis.analysis_report(EKS_WINS, report(1, ["E5-E1", "A1"], mate=1, text="Eks win in 1"))
    assert w.view()["pv"] == [Ghost(1, "E5-E1", (P("E5"), P("E1")))]
    assert w.view()["analysis"]["bar"] == 1.0


def test_ghosts_are_drawn_translucent_numbered_and_with_arrows_for_jumps():
    c = analysing()
    c.analysis.analysis_report("9x9_O_E5", report(3, ["E6", "E4", "E5-E7"]))
    shapes = play_shapes(c.position, c.view(), 400, 480, show_cursor=False)
    labels = [(s["ghost"], s["move"], s["s"]) for s in shapes if s.get("ghost")]
    assert labels == [(1, "E6", "1"), (2, "E4", "2"), (3, "E5-E7", "3")]
    ghost_men = [s for s in shapes if s["t"] == "circle" and s.get("fill") == "var(--ghost)"]
    assert len(ghost_men) == 2  # E6 and E4: the jump is an arrow
    assert any(s["t"] == "poly" and s["fill"] == "var(--ghost-arrow)" for s in shapes)
    ball = [i for i, s in enumerate(shapes) if s.get("fill") == "var(--ball)"]
    assert ball and ball[0] > max(i for i, s in enumerate(shapes) if s.get("ghost"))  # the ball stays on top


def test_the_evaluation_bar_grows_with_the_lead_and_is_full_for_a_win():
    assert eval_bar(0, None) == 0.5
    assert 0.5 < eval_bar(10, None) < eval_bar(40, None) < eval_bar(200, None) < 1.0
    assert eval_bar(40, None) == pytest.approx(win_chance(40)) == pytest.approx(0.865, abs=0.001)
    assert eval_bar(-40, None) == pytest.approx(1 - win_chance(40))
    assert eval_bar(999, 3) == 1.0 and eval_bar(-999, -2) == 0.0
    assert pv_notation(4, ["E6", "E5-E7"]) == ["5. E6", "6. E5-E7"]


def test_analysis_on_a_strip_is_refused_with_a_reason():
    c = PlayController.new("L_o*o.o.o....")
    c.analysis.set_analysing(True)
    assert not c.analysis.analysing and "2D boards" in c.state.error and c.analysis.analysis_spec() is None


def test_analysis_of_a_finished_position_says_the_game_is_over():
    c = analysing(EKS_WINS)
    c.play_text("E5-E1")
    assert c.state.over and c.analysis.analysis_spec() is None
    assert c.view()["analysis"]["text"] == "The game is over here."


# ---------------------------------------------------------------- review

# Ohs: A1, Eks: E4, Ohs: A2, Eks: A3 -- with E4 E3 E2 below the ball, Eks misses E5-E1 at move 4.
MISSED = '[Size "9x9"]\n[Setup "9x9_O_E5_E3E2D6"]\n\n1. A9 E4 2. A8 A3\n'


def reviewed():
    c = PlayController.new()
    assert c.import_record(MISSED)
    spec = c.analysis.review_spec()
    assert isinstance(spec, Review2D) and "A3" in spec.record
    return c


def test_review_shows_progress_then_marks_the_moves_with_the_better_move():
    c = reviewed()
    assert c.view()["review"]["running"] and c.view()["review"]["progress"] == (0, 4)
    c.analysis.review_report({"progress": [2, 4]})
    assert c.view()["review"]["progress"] == (2, 4)
    c.analysis.review_report({"done": True, "progress": [4, 4], "marks": [
        {"ply": 4, "move": "A3", "side": "X", "label": "blunder", "better": "E5-E1",
         "before": "Eks win in 1", "after": "Ohs +0.2 rows"}]})
    v = c.view()
    assert not v["review"]["running"] and v["review"]["reviewed"]
    assert v["marks"][4]["label"] == "blunder" and "1 move marked" in c.state.message
    assert mark_text(v["marks"][4]) == ("Move 2 (Eks, A3) was a blunder: better E5-E1 "
                                        "(Eks win in 1 before it, Ohs +0.2 rows after).")


def run_job(job, ms=40):
    """Run a job of ``lab/jobs.py`` to the end, in slices as the page does; every slice's report, in order
    (``ms=0``: a slice is one report, so every report is seen)."""
    from lab.jobs import slices
    return list(slices(job, ms=ms))


def test_the_analysis_job_finds_the_win_in_one_and_the_controller_shows_it():
    c = analysing(EKS_WINS)
    reports = run_job(c.analysis.analysis_spec())
    for r in reports:
        c.analysis.analysis_report(EKS_WINS, r)
    a = c.view()["analysis"]
    assert a["text"] == "Eks win in 1" and a["bar"] == 1.0 and a["done"] and a["pv"] == ["1. E5-E1"]
    assert [g.move for g in c.view()["pv"]] == ["E5-E1"] and c.analysis.analysis_spec() is None


def test_the_analysis_job_deepens_with_a_legal_line_at_every_report():
    from phutball.board import Position
    reports = run_job(Analyse2D("9x9_O_E5_E6", max_nodes=3000), ms=0)
    depths = [r["depth"] for r in reports]
    assert depths == sorted(depths) and depths[-1] > depths[0]
    for r in reports:
        pos = Position.from_str("9x9_O_E5_E6")
        for move in r["pv"]:  # every line is legal move after move
            pos = pos.play(move)
        assert r["text"].startswith("Ohs ")


def test_the_review_job_marks_the_missed_win_in_one_naming_the_winning_move():
    reports = run_job(Review2D(MISSED, max_nodes=5000))
    progress = [r["progress"][0] for r in reports]
    assert progress == sorted(progress) and reports[-1]["progress"] == [4, 4]
    marks = {m["ply"]: m for m in reports[-1]["marks"]}
    assert marks[4]["label"] == "blunder" and marks[4]["better"] == "E5-E1" and marks[4]["move"] == "A3"
    assert marks[4]["before"] == "Eks win in 1"
    # issue 42: the engine's line after the blunder, legal from the position it left (the opponent first)
    from phutball.game import Game
    game = Game.from_record(MISSED)
    after = game.positions[4]
    assert marks[4]["refutation"] and all(isinstance(m, str) for m in marks[4]["refutation"])
    for m in marks[4]["refutation"]:
        after = after.play(m)
    c = reviewed()
    c.analysis.review_report(reports[-1])
    c.analysis.goto_mark(4)
    assert c.game.cursor == 3 and c.state.hint == "E5-E1"
    # Issue 44: the graph's points, each side's summary, and the record exported with them.
    curve = c.view()["review"]["curve"]
    assert len(curve) == 5 and all(0 <= x <= 1 for x in curve) and curve[3] < 0.5  # Eks win in 1 there
    assert [t.split(":")[0] for t in c.view()["review"]["summary"]] == ["Ohs", "Eks"]
    record = c.analysis.analysed_record()
    assert "# Review by the lab's engine:" in record and "# Move 2 (Eks, A3) was a blunder: better E5-E1" in record
    assert "# Ohs' chance to win, position by position (%): " in record
    from phutball.game import Game
    assert Game.from_record(record) == Game.from_record(MISSED) and c.export_record() == Game.from_record(MISSED).to_record()


def test_a_mark_jumps_to_the_position_before_the_move_with_the_better_move_as_hint():
    c = reviewed()
    c.analysis.review_report({"done": True, "marks": [
        {"ply": 2, "move": "E4", "side": "X", "label": "mistake", "better": "E6"},
        {"ply": 4, "move": "A3", "side": "X", "label": "blunder", "better": "E5-E1"}]})
    c.analysis.goto_mark(4)
    assert c.game.cursor == 3 and c.state.hint == "E5-E1" and "blunder" in c.state.message
    assert c.view()["hint_path"] == [P("E5"), P("E1")]
    c.analysis.next_mark()  # none after move 4: back to the first
    assert c.game.cursor == 1 and c.state.hint == "E6"
    c.analysis.next_mark()
    assert c.game.cursor == 3
    c.analysis.goto_mark(3)
    assert "no review mark" in c.state.error


def test_marks_belong_to_the_game_reviewed():
    c = reviewed()
    c.analysis.review_report({"done": True, "marks": [
        {"ply": 4, "move": "A3", "side": "X", "label": "blunder", "better": "E5-E1"}]})
    c.history.goto(4)
    c.click(P("J9"))  # a new move: another game now
    assert c.view()["marks"] == {} and not c.view()["review"]["reviewed"]
    c.analysis.next_mark()
    assert "review the game first" in c.state.error


def test_a_review_of_another_game_or_a_failing_one_is_not_shown():
    c = reviewed()
    c.new_game("9x9_O_E5")
    c.analysis.review_report({"done": True, "marks": [{"ply": 1, "move": "A9", "side": "O", "label": "blunder"}]})
    assert c.view()["marks"] == {}
    d = reviewed()
    d.analysis.review_report({"done": True, "error": "ValueError: bad"})
    assert "review failed" in d.state.error and not d.view()["review"]["running"]


def test_review_needs_moves_and_a_2d_board():
    assert PlayController.new().analysis.review_spec() is None
    strip = PlayController.new("L_o*o.o.o....")
    strip.click(9)
    assert strip.analysis.review_spec() is None and "2D boards" in strip.state.error


def test_cancelled_review_stops_showing_progress():
    c = reviewed()
    c.analysis.cancel_review()
    assert not c.view()["review"]["running"] and c.state.message == "Review cancelled."
    c.analysis.review_report({"done": True, "marks": [{"ply": 4, "move": "A3", "side": "X", "label": "blunder"}]})
    assert c.view()["marks"] == {}


# ---------------------------------------------------------------- the level menu


def test_level_menu_shows_a_rating_when_the_engine_has_one(monkeypatch):
    import dataclasses

    from phutball import ai
    names = list(ai.LEVELS)
    assert [v for v, _ in level_choices()] == names
    for value, text in level_choices():
        rating = getattr(ai.LEVELS[value], "rating", None)
        number = f"{names.index(value) + 1} · {value}"
        assert text == (f"{number} (rating {round(rating)})" if rating is not None else number)

    @dataclasses.dataclass(frozen=True)
    class Rated:
        rating: float
    monkeypatch.setattr(ai, "LEVELS", {"easy": Rated(812.4), "hard": Rated(1490)})
    assert level_choices() == [("easy", "1 · easy (rating 812)"), ("hard", "2 · hard (rating 1490)")]


def test_record_game_is_a_game():  # the review record round-trips through Game (what the job reads)
    g = Game.from_record(MISSED)
    assert g.moves == ["A9", "E4", "A8", "A3"] and g.positions[3].to_move == "X"


# ---------------------------------------------------------------- repetition on the page

# The 6-ply cycle CYCLE from CYCLE_START (drawn in helpers.py) brings back the same position.


def test_a_third_repetition_is_announced_as_a_draw_and_ends_the_game_until_undone():
    c = analysing(CYCLE_START)
    for move in CYCLE * 2:
        assert not c.state.over
        c.play_text(move)
    assert c.state.over and c.words.status() == "Draw by repetition." and "Draw by repetition." in c.state.announcement
    assert c.analysis.analysis_spec() is None and c.view()["analysis"]["text"] == "The game is over here."
    c.click(P("A1"))
    assert "game is over" in c.state.error and len(c.game.moves) == 12
    c.history.undo()  # live again, as after a goal
    assert not c.state.over
    assert c.words.status() == "Eks to move (attacking the bottom)."  # live: no "Viewing move 11 of 12"
    c.click(P("A1"))
    assert not c.state.over and c.game.moves[-1] == "A1" and c.game.result == "*"
