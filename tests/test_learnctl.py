"""The rules lesson's controller: every step completed by clicking its move, wrong moves explained."""

import json
import re
from pathlib import Path

import pytest

from lab.learn import SCHEMA, STEPS, LearnController
from lab.views.markup import lesson_end_html
from phutball.game import parse_any_position
from phutball.notation import Point

SITE = Path(__file__).resolve().parent.parent / "site"

# A move that does what each step asks (the controller and the engine decide; see also the
# wrong moves below, which they must refuse).
SOLUTIONS = {"place": "D4", "jump": "E5-E7", "remove": "E4-E7", "chain": "C3-C5-E7", "stop": "E3-E5",
             "goal": "E6-E9", "own-goal": "E3-E1-G3", "sides": "B5-D7", "strip": "3-5-8-10"}
WRONG = {"jump": ("A1", "placed a man"), "chain": ("C3-C5", "stopped after one jump"),
         "stop": ("E3-E5-E7", "You made 2 jumps"), "goal": ("A1", "No goal yet"),
         "own-goal": ("E3-E1", "own goal line: Eks wins"), "place": None, "strip": ("1", "No goal yet")}


def target(ctl, text):
    return Point.from_str(text) if ctl.board.position.variant == "2D" else int(text)


def play_by_clicks(ctl, move):
    """Enter ``move`` as a person would: a placement is one click; a jump clicks the ball, each
    landing, and the last landing again if the chain did not end by itself."""
    parts = move.split("-")
    before = ctl.board.game.cursor
    for p in parts:
        ctl.click(target(ctl, p))
    if len(parts) > 1 and ctl.board.entry.chain:
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


def test_the_lesson_teaches_the_rules_and_its_end_links_to_the_papers_ideas():
    """Issue 39: the last step spoke of the Oddish board, pL = 0 and pR = 0 (Theorem 1), and asked for a
    13-ply win.  The lesson is the rules a newcomer needs; the paper's ideas are the puzzles' and the
    calculator's, and the lesson's end links to them (its example (1) is a puzzle of its own)."""
    words = " ".join(f"{s.title} {s.rule} {s.task} {s.done}" for s in STEPS)
    for idea in ("Oddish", "potential", "pL", "pR", "Theorem", "plies", "solver"):
        assert idea not in words
    end = re.search(r'<section id="end".*?</section>', (SITE / "learn.html").read_text(), re.S).group(0)
    links = re.findall(r'href="\./([^"]+)"', end)
    assert links == ["index.html", "puzzles.html", "puzzles.html#paper-example-1", "calculator.html"]
    paper = json.loads((SITE.parent / "puzzles" / "paper.json").read_text())
    example = next(p for p in paper["puzzles"] if p["id"] == "paper-example-1")
    assert example["position"] == "L_o*o.o.o...." and example["variant"] == "1D"


def test_the_end_says_which_steps_are_not_done_yet():
    ctl = LearnController()
    last = len(STEPS) - 1
    ctl.goto(last)  # straight to the last step (the list, or Next without playing)
    assert not ctl.view()["at_end"]  # not done yet: the end waits
    play_by_clicks(ctl, SOLUTIONS[STEPS[last].id])
    v = ctl.view()
    assert v["ok"] and v["at_end"] and not v["all_done"]
    end = lesson_end_html(v["steps"])
    assert end.startswith(f"{last} steps are not done yet: ")
    assert re.findall(r'data-step="(\d+)">step (\d+), ([^<]+)</button>', end) == [
        (str(i), str(i + 1), s.title) for i, s in enumerate(STEPS[:last])]
    for i, s in enumerate(STEPS[:last]):
        if s.id != "remove":
            ctl.goto(i)
            play_by_clicks(ctl, SOLUTIONS[s.id])
            assert not ctl.view()["at_end"]  # in the middle of the lesson, with a step left: no end
    ctl.goto(last)  # done before: the end shows again
    assert ctl.view()["at_end"]
    assert lesson_end_html(ctl.view()["steps"]) == (
        'One step is not done yet: <button type="button" class="link-button" data-step="2">'
        "step 3, Jumped men are removed</button>.")
    ctl.goto(2)
    play_by_clicks(ctl, SOLUTIONS["remove"])
    v = ctl.view()
    assert v["all_done"] and v["at_end"] and lesson_end_html(v["steps"]) == "All steps done: you know the rules."


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
    ctl.board.entry.cursor = Point.from_str("E5")
    assert ctl.key("Enter")         # picks up the ball
    ctl.key("ArrowUp")
    ctl.key("ArrowUp")
    ctl.key("Enter")                # lands on E7: no further jump, the move ends
    assert ctl.view()["ok"]
    assert ctl.key("u") is False


def test_the_page_s_board_keys_are_the_lesson_s_only_on_the_board():
    """What glue/learn.py hands on: a key on the canvas (or a grid cell, handed on as the canvas'), the grid's
    focus, a typed move and a step of the list."""
    ctl = LearnController()
    ctl.goto(1)  # the jump: ball E5, man E6
    assert ctl.board_key("b", on_board=False) is False and ctl.view()["board"]["announcement"] != "The ball is on E5."
    assert ctl.board_key("b", on_board=True) and ctl.view()["board"]["announcement"] == "The ball is on E5."
    ctl.focus(Point.from_str("A1"))
    assert ctl.board.entry.cursor == Point.from_str("A1")
    assert ctl.typed("Z99")  # why not: the board's error
    assert ctl.typed("E5-E7") == "" and ctl.view()["ok"]
    assert ctl.typed("A1") == ctl.feedback != ""  # the step is done: Next, or Try again
    assert ctl.goto_step(None) is False and ctl.index == 1
    assert ctl.goto_step("3") and ctl.index == 3 and not ctl.view()["ok"]


def test_the_board_s_keys_say_what_the_play_page_s_say():
    """The lesson's board holds the play page's keys (lab.boardkeys): the arrows name the point under the
    cursor, b n j l s are answered, Escape cancels a jump, each in the live region."""
    ctl = LearnController()
    ctl.goto(1)  # the jump: ball E5, man E6
    assert ctl.key("ArrowUp") and ctl.view()["board"]["announcement"] == "E6, man"
    assert ctl.key("b") and ctl.view()["board"]["announcement"] == "The ball is on E5."
    assert ctl.key("j") and ctl.view()["board"]["announcement"] == "Jumps now: E5-E7."
    assert ctl.key("l") and ctl.view()["board"]["announcement"] == "No move has been played yet."
    ctl.click(Point.from_str("E5"))
    assert ctl.view()["board"]["chain"] == [Point.from_str("E5")]
    assert ctl.key("Escape") and ctl.view()["board"]["chain"] == [] and ctl.view()["board"]["message"] == "Jump cancelled."


def test_the_pages_step_list_matches_the_lesson():
    """learn.html lists the steps (and their positions, drawn before Python is ready) as learnctl does."""
    html = (SITE / "learn.html").read_text()
    found = re.findall(r'<li data-id="([^"]+)" data-position="([^"]+)"><button[^>]*>.*?</span> ([^<]+)</button>', html)
    assert found == [(s.id, s.position, s.title) for s in STEPS]
    assert f'<p id="step-count" class="small">Step 1 of {len(STEPS)}</p>' in html


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
