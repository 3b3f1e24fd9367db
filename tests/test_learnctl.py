"""The rules lesson's controller: every step completed by clicking its move, wrong moves explained."""

import json

import pytest

from lab.learn import SCHEMA, STEPS, LearnController
from phutball.game import parse_any_position
from phutball.notation import Point
from phutball.oned.solve import analyse

# A move that does what each step asks (the controller and the engine decide; see also the
# wrong moves below, which they must refuse).
SOLUTIONS = {"place": "D4", "jump": "E5-E7", "remove": "E4-E7", "chain": "C3-C5-E7", "stop": "E3-E5",
             "goal": "E6-E9", "own-goal": "E3-E1-G3", "sides": "B5-D7", "strip": "3-5-8-10",
             "oddish": "2-4-6"}
WRONG = {"jump": ("A1", "placed a man"), "chain": ("C3-C5", "stopped after one jump"),
         "stop": ("E3-E5-E7", "You made 2 jumps"), "goal": ("A1", "No goal yet"),
         "own-goal": ("E3-E1", "own goal line: Eks wins"), "oddish": ("2-4", "loses"),
         "place": None, "strip": ("1", "No goal yet")}


def target(ctl, text):
    return Point.from_str(text) if ctl.board.variant == "2D" else int(text)


def play_by_clicks(ctl, move):
    """Enter ``move`` as a person would: a placement is one click; a jump clicks the ball, each
    landing, and the last landing again if the chain did not end by itself."""
    parts = move.split("-")
    before = ctl.board.game.cursor
    for p in parts:
        ctl.click(target(ctl, p))
    if len(parts) > 1 and ctl.board.chain:
        ctl.click(target(ctl, parts[-1]))  # stop here
    return ctl.board.game.cursor != before or ctl.feedback


def test_every_step_has_a_solution_and_the_lesson_covers_the_rules():
    assert [s.id for s in STEPS] == list(SOLUTIONS)
    assert 8 <= len(STEPS) <= 10
    for s in STEPS:
        parse_any_position(s.position)  # every position is valid
        assert s.rule.endswith(".") and s.task and s.done


@pytest.mark.parametrize("step", STEPS, ids=lambda s: s.id)
def test_each_step_is_completed_by_clicking_its_move(step):
    ctl = LearnController()
    ctl.goto([s.id for s in STEPS].index(step.id))
    assert not ctl.view()["done"]
    play_by_clicks(ctl, SOLUTIONS[step.id])
    v = ctl.view()
    assert v["ok"] and v["done"], v["feedback"]
    assert v["feedback"] == step.done
    assert step.id in ctl.done
    # the board waits for Next / Try again: another click changes nothing
    pos = str(ctl.board.position)
    ctl.click(target(ctl, SOLUTIONS[step.id].split("-")[0]))
    assert str(ctl.board.position) == pos and "Press Next" in ctl.feedback


@pytest.mark.parametrize("step_id", [k for k, v in WRONG.items() if v])
def test_a_wrong_move_is_explained_and_taken_back(step_id):
    ctl = LearnController()
    ctl.goto([s.id for s in STEPS].index(step_id))
    start = str(ctl.board.position)
    move, why = WRONG[step_id]
    play_by_clicks(ctl, move)
    v = ctl.view()
    assert not v["ok"] and not v["done"]
    assert why in v["feedback"]
    assert str(ctl.board.position) == start  # taken back: try again from the same position
    play_by_clicks(ctl, SOLUTIONS[step_id])
    assert ctl.view()["ok"]


def test_the_oddish_step_has_exactly_one_winning_move_as_it_says():
    step = next(s for s in STEPS if s.id == "oddish")
    wins = [str(m.move) for m in analyse(parse_any_position(step.position)).winning_moves]
    assert wins == [SOLUTIONS["oddish"]]
    assert "pL = 0" in step.rule and "pR = 0" in step.rule


def test_the_own_goal_step_has_losing_alternatives_through_the_same_line():
    step = next(s for s in STEPS if s.id == "own-goal")
    pos = parse_any_position(step.position)
    outcomes = {str(j): pos.play(j).winner for j in pos.jumps()}
    assert outcomes == {"E3-E1": "X", "E3-E1-G3": None, "E3-G1": "X"}


def test_progress_round_trips_and_garbage_is_ignored():
    ctl = LearnController()
    for i in (0, 1):
        ctl.goto(i)
        play_by_clicks(ctl, SOLUTIONS[STEPS[i].id])
    ctl.next()
    saved = ctl.progress_json()
    other = LearnController()
    assert other.load_progress(SCHEMA.read(saved).values)
    assert other.done == {"place", "jump"} and other.index == 2
    for junk in ("", "null", "[]", '{"v": 2}', "[" * 5000 + "]" * 5000, "{bad json"):
        fresh = LearnController()
        assert fresh.load_progress(SCHEMA.read(junk).values) is False
        assert fresh.done == set() and fresh.index == 0
    partly = LearnController()  # step ids of another version of the lesson are skipped
    assert partly.load_progress(SCHEMA.read(json.dumps({"v": 1, "done": ["jump", "nope"], "step": "nope"})).values)
    assert partly.done == {"jump"} and partly.index == 0  # first unfinished
    wrong = SCHEMA.read(json.dumps({"v": 1, "done": ["jump", 3], "step": 5}))  # wrong types: named, left out
    assert wrong.values == {} and len(wrong.problems) == 2


def test_keys_enter_a_move_and_undo_is_not_a_shortcut():
    ctl = LearnController()
    ctl.goto(1)  # the jump: ball E5, man E6
    ctl.board.cursor = Point.from_str("E5")
    assert ctl.key("Enter")         # picks up the ball
    ctl.key("ArrowUp")
    ctl.key("ArrowUp")
    ctl.key("Enter")                # lands on E7: no further jump, the move ends
    assert ctl.view()["ok"]
    assert ctl.key("u") is False


def test_the_pages_step_list_matches_the_lesson():
    """learn.html lists the steps (and their positions, drawn before Python is ready) as learnctl does."""
    import re
    from pathlib import Path
    html = (Path(__file__).resolve().parent.parent / "site" / "learn.html").read_text()
    found = re.findall(r'<li data-id="([^"]+)" data-position="([^"]+)"><button[^>]*>.*?</span> ([^<]+)</button>', html)
    assert found == [(s.id, s.position, s.title) for s in STEPS]


def test_after_a_refused_landing_a_second_click_on_the_ball_keeps_the_jump():
    """Issue 27: the second click on the ball cancelled the jump, and the next click placed a man."""
    c = LearnController()
    c.goto([s.id for s in STEPS].index("remove"))
    for point in ("E4", "E6"):  # the ball, then a man instead of the point beyond both
        c.click(Point.from_str(point))
    assert "cannot jump to E6" in c.view()["board"]["error"]
    c.click(Point.from_str("E4"))  # the ball again
    v = c.view()
    assert v["board"]["chain"] == [Point.from_str("E4")] and "Still jumping" in v["board"]["message"]
    assert v["board"]["error"] == ""
    c.click(Point.from_str("E7"))  # the landing: the jump is played, the step done
    assert c.view()["ok"] and c.view()["board"]["position"] == "9x9_X_E7"
