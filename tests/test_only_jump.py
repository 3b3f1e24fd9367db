"""The ``only-jump`` task (phutball/puzzles/tasks/only_jump.py): a board task added as one class in one file
(issue 40), read from a puzzle file, its claim checked, a move judged right or wrong, its hint."""

from __future__ import annotations

import json

import pytest

from phutball import Position
from phutball.puzzles.format import FORMAT, TASKS, PuzzleFormatError, load_text
from phutball.puzzles.tasks import TASKS as TABLE, check_claim

# Ohs to move (they attack row 9): three jumps, E7-E9 over E8 scores, E7-G7 and E7-E5 go nowhere.
ONE_JUMP = """
9 . . . . . . . . .
8 . . . . o . . . .
7 . . . . * o . . .
6 . . . . o . . . .
5 . . . . . . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  A B C D E F G H J
"""
# The same with a man on D8: E7-C9 scores too.
TWO_JUMPS = ONE_JUMP.replace("8 . . . . o", "8 . . . o o")


def puzzle_dict(diagram: str = ONE_JUMP, main_line: tuple[str, ...] = ("E7-E9",)) -> dict:
    return {"id": "only-jump-1", "title": "Only one jump", "source": {"kind": "composed"}, "variant": "2D",
            "position": str(Position.from_diagram(diagram, "O")), "task": "only-jump", "difficulty": 1,
            "text": "E7-E9 is the only jump that reaches the goal.", "main_line": list(main_line)}


def load(d: dict):
    [p] = load_text(json.dumps({"format": FORMAT, "puzzles": [d]}), "test.json")
    return p


def test_the_task_is_in_the_table_and_the_format_reads_it():
    assert "only-jump" in TABLE and "only-jump" in TASKS
    p = load(puzzle_dict())
    assert p.task is TABLE["only-jump"] and p.position == "9x9_O_E7_E6E8F7"
    assert repr(p.task) == "task_named('only-jump')" and p.to_dict()["task"] == "only-jump"
    assert p.task.prompt("Ohs") == "Ohs to play: only one jump scores. Find it."
    with pytest.raises(PuzzleFormatError, match="is for 2D positions only"):
        load(puzzle_dict() | {"variant": "1D", "position": "L_o*o.o.o...."})


def test_the_claim_holds_for_one_scoring_jump_and_fails_for_two_or_a_wrong_main_line():
    assert check_claim(load(puzzle_dict())) == []
    assert check_claim(load(puzzle_dict(TWO_JUMPS))) == ["2 jumps score, not exactly one: E7-C9, E7-E9"]
    assert check_claim(load(puzzle_dict(main_line=("E7-G7",)))) == ["the main line is not a scoring jump"]
    assert check_claim(load(puzzle_dict(main_line=("E7-E7",)))) != []  # an illegal move: said, not judged


def test_the_analysis_lists_the_scoring_jumps():
    a = TABLE["only-jump"].analyse(Position.from_diagram(TWO_JUMPS, "O"))
    assert a is not None and [str(j) for j in a.solutions] == ["E7-C9", "E7-E9"] and a.extra["scoring_jumps"] == 2
    assert TABLE["only-jump"].analyse(Position.from_str("9x9_O_E5")) is None  # no jump at all


def test_the_jump_is_right_and_another_move_wrong_with_the_hint_the_jump():
    p = load(puzzle_dict())
    right = p.task.judge_2d(p.position, "E7-E9")
    assert right == {"ok": True, "won": True, "refutation": [], "note": "Goal!"}
    wrong = p.task.judge_2d(p.position, "E7-G7")
    assert not wrong["ok"] and wrong["note"] == "That does not reach the goal."
    assert p.task.hint_2d(p.position, p.main_line, 0) == "E7-E9"


def test_a_wrong_move_that_leaves_the_opponent_a_goal_is_refuted_by_it():
    # Eks (attacking row 1) would score by E5-E3-E1 if Ohs let them move with the ball where it is
    pos = Position.from_str("9x9_O_E5_E4E2E6")
    assert pos.play("A9").find_winning_jump().jump is not None
    v = TABLE["only-jump"].judge_2d(str(pos), "A9")
    assert not v["ok"] and v["refutation"] == ["E5-E3-E1"] and v["note"].endswith("Eks scores instead.")


def test_the_puzzle_page_plays_it():
    from helpers import run_async
    from lab.puzzles import PuzzleController
    c = PuzzleController([load(puzzle_dict())])
    assert c.task_prompt() == "Ohs to play: only one jump scores. Find it."
    run_async(c.user_move("E7-G7"))
    assert c.verdict == "wrong"
    c.retry()
    run_async(c.user_move("E7-E9"))
    assert c.phase == "solved" and c.verdict == "correct"
