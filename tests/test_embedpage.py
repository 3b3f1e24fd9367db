"""What an embed frame shows, says and does with its keys (lab/embedpage.py; glue/embed.py only shows it)."""

from __future__ import annotations

import json

import pytest

from helpers import FakeStorage
from lab import embedpage as page
from lab.embed import ReplayController, play_controller
from lab.embedparams import parse_params
from lab.puzzleboard import PuzzleBoard
from lab.puzzles import PuzzleController
from phutball.game import Game
from test_puzzlectl import WHICH, WIN2D, WIN2D_B, puzzle

MOVES = ["E6", "A1", "E7", "E5-E8", "E6"]


def files(*puzzles):
    """The puzzle files as embedframe.js hands them to the worker."""
    listed = [{"source": {"kind": "composed"}, "text": ""} | p for p in puzzles]
    text = json.dumps({"format": "phutball-puzzles/1", "collection": "Test", "puzzles": listed})
    return [{"name": "test.json", "text": text}]


def replay():
    return ReplayController(parse_params("position=9x9_O_E5&moves=" + "+".join(MOVES)).game())


def test_the_status_line_is_red_only_for_an_error_and_the_state_links_to_the_lab():
    assert page.status_props("Start: Ohs to move.") == {("status", "textContent"): "Start: Ohs to move.",
                                                         ("status", "className"): "embed-status"}
    assert page.status_props("Bad", error=True)[("status", "className")] == "embed-status error"
    game = replay().game
    props = page.state_props(game)
    assert props[("embed", "data-ply")] == "0"
    assert props[("open-lab", "href")] == "./index.html#" + props[("board", "data-position")]


def test_the_frame_shows_the_bar_of_its_mode_only():
    props = page.frame_props(parse_params("position=9x9_O_E5&mode=replay"), None)
    assert props[("embed", "data-mode")] == "replay" and props[("bar", "hidden")] is False
    assert [m for m in page.MODES if not props[(f"{m}-controls", "hidden")]] == ["replay"]
    assert props[("board", "data-variant")] == "2D" and ("embed", "data-streak") not in props
    view = page.frame_props(parse_params("position=9x9_O_E5&mode=view"), None)
    assert view[("bar", "hidden")] is True and all(view[(f"{m}-controls", "hidden")] for m in page.MODES)


def test_a_replay_disables_the_steps_at_its_ends_and_animates_one_jump_forward():
    rc = replay()
    props = page.replay_props(rc)
    assert props[("counter", "textContent")] == "0 / 5"
    assert (props[("first", "disabled")], props[("next", "disabled")]) == (True, False)
    rc.go("last")
    props = page.replay_props(rc)
    assert (props[("prev", "disabled")], props[("last", "disabled")]) == (False, True)
    rc.go("first")
    for _ in range(3):
        rc.go("next")
    before = rc.ply
    rc.go("next")  # E5-E8, a jump
    assert page.jumped_forward(rc, before) and not page.jumped_forward(rc, before - 1)
    rc.go("next")  # E6, a placement
    assert not page.jumped_forward(rc, before + 1)


def test_modified_keys_are_the_browsers_and_a_read_only_grid_says_its_commands():
    rc = replay()
    assert rc.key("ArrowRight", modified=True) is None and rc.ply == 0
    assert page.on_cell("E5", False) and not page.on_cell("E5", True) and not page.on_cell(None, False)
    assert page.command_said(rc.game, "ArrowUp") == ""
    assert page.command_said(rc.game, "b")  # where the ball is, said
    rc.go("next")
    assert "Last move: " in page.command_said(rc.game, "l")


def test_a_play_frame_says_an_error_first_then_a_message_then_whose_move():
    ctl = play_controller(parse_params("position=9x9_O_E5&mode=play"))
    v = ctl.view()
    props = page.play_props(v)
    assert props[("status", "textContent")] == v["status"] and props[("undo", "disabled")] is True
    assert props[("restart", "disabled")] is False
    props = page.play_props({**v, "message": "Hello.", "error": "No."})
    assert props[("status", "textContent")] == "No." and props[("status", "className")] == "embed-status error"
    assert page.play_props({**v, "message": "Hello."})[("status", "textContent")] == "Hello."


def test_a_shipped_puzzle_opens_by_its_id_and_a_wrong_id_or_position_is_refused():
    f = files(WIN2D, WIN2D_B)
    assert page.puzzle_of(parse_params("puzzle=w2"), f, "").id == "w2"
    with pytest.raises(page.FrameError) as e:
        page.puzzle_of(parse_params("puzzle=nope"), f, "")
    assert e.value.args == ("puzzle", "nope", page.NO_PUZZLE)
    with pytest.raises(page.FrameError) as e:
        page.puzzle_of(parse_params("puzzle=w2&position=9x9_O_E5"), f, "")
    assert e.value.args[:2] == ("position", "9x9_O_E5") and "w2" in e.value.args[2]
    with pytest.raises(page.FrameError) as e:
        page.puzzle_controller(parse_params("puzzle=w2"), {"error": "offline"}, "", FakeStorage(), 1)
    assert e.value.args[0] == "puzzle" and "offline" in e.value.args[2]


def test_the_daily_puzzle_and_a_streak_and_a_teachers_puzzle():
    f = files(WIN2D, WIN2D_B, WHICH)
    assert page.puzzle_of(parse_params("puzzle=daily"), f, "2026-01-02").id in ("w2", "w2b", "which")
    with pytest.raises(page.FrameError):
        page.puzzle_of(parse_params("puzzle=daily"), f, "not a date")
    streak = page.puzzle_controller(parse_params("puzzle=streak"), f, "", FakeStorage(), 5)
    assert streak.mode == "streak"
    teacher = page.puzzle_controller(parse_params("mode=puzzle&position=5x5_O_B3_B4C4&task=win"), None, "",
                                     FakeStorage(), 5)
    assert teacher.puzzle.position == "5x5_O_B3_B4C4"
    with pytest.raises(page.FrameError) as e:
        page.puzzle_of(parse_params("mode=puzzle&position=9x9_O_E5&task=win"), None, "")
    assert e.value.args[0] == "position" and len(e.value.args) == 4  # the reason and a headline


def test_a_streak_frame_reads_the_ratings_and_themes_the_build_derived(monkeypatch):
    """A streak's order reads every puzzle's rating and themes: a frame handed the build's (puzzles/index.json's
    facts, as embedframe.js passes them) derives none of them again; handed none (or another build's) it derives them."""
    from lab import puzzlestate
    from lab.puzzlelist import puzzle_facts, puzzles_from_files
    f = files(WIN2D, WIN2D_B, WHICH)
    facts = puzzle_facts(puzzles_from_files(f))
    derived: list[str] = []
    rate, themes = puzzlestate.puzzle_rating, puzzlestate.puzzle_themes
    monkeypatch.setattr(puzzlestate, "puzzle_rating", lambda p: derived.append(p.id) or rate(p))
    monkeypatch.setattr(puzzlestate, "puzzle_themes", lambda p: derived.append(p.id) or themes(p))
    given = page.puzzle_controller(parse_params("puzzle=streak"), f, "", FakeStorage(), 5, facts)
    assert given.mode == "streak" and derived == []
    alone = page.puzzle_controller(parse_params("puzzle=streak"), f, "", FakeStorage(), 5, {"w2": {"crc": 1}})
    assert alone.mode == "streak" and derived and set(derived) <= set(facts)
    assert alone.puzzle.id == given.puzzle.id  # the same first puzzle either way


def test_a_puzzle_frame_shows_its_task_buttons_and_streak_and_its_keys():
    ctl = PuzzleController([puzzle(WIN2D)], tells_rating=False)
    board = PuzzleBoard(ctl)
    props = page.puzzle_props(ctl, board, streak=False)
    assert props[("task", "textContent")] == ctl.task_prompt()
    assert props[("goals", "textContent")].startswith("Ohs attack")
    assert props[("retry", "disabled")] is True and props[("hint", "disabled")] is False
    assert props[("board-grid", "hidden")] is False and ("streak-count", "textContent") not in props
    assert page.puzzle_marks(ctl, board, keyboard=False)["chain"] == []
    assert page.puzzle_key(ctl, board, "b", on_board=True)[0] == "say"
    assert page.puzzle_key(ctl, board, "b", on_board=False) == ("", "")
    assert page.puzzle_key(ctl, board, "ArrowUp", on_board=True) == ("entered", "")
    board.busy = True
    assert page.puzzle_key(ctl, board, "ArrowUp", on_board=True) == ("", "")
    assert page.puzzle_props(ctl, board, streak=False)[("solution", "disabled")] is True
    streak = page.puzzle_controller(parse_params("puzzle=streak"), files(WIN2D, WIN2D_B), "", FakeStorage(), 5)
    props = page.puzzle_props(streak, PuzzleBoard(streak), streak=True)
    assert props[("streak-count", "textContent")].startswith("Streak: 0")
    assert props[("streak-next", "disabled")] is True and props[("streak-again", "hidden")] is True
