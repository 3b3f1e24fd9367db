"""An embed frame's modes (lab/embedmodes.py): what each does with its buttons, keys, clicks and typed moves,
what it says and draws, and what it posts and stores -- the glue (glue/embed.py) only wires them."""

from __future__ import annotations

from typing import Any

import pytest

from helpers import FakeStorage, run_async
from lab.embedmodes import FrameIO, PlayMode, PuzzleMode, ReplayMode, ViewMode, open_frame
from lab.embedpage import FrameError
from lab.embedstreak import STREAK_KEY
from phutball import Point
from test_embedpage import MOVES, files
from test_puzzlectl import WIN2D, WIN2D_B

REPLAY = "position=9x9_O_E5&mode=replay&moves=" + "+".join(MOVES)


class Page:
    """What the glue gives a mode, each call noted: draws, words said, pictures painted, pauses, jobs, posts."""

    def __init__(self, reduced_motion: bool = False) -> None:
        self.log: list[tuple[str, Any]] = []
        self.jobs: list[Any] = []
        self.storage = FakeStorage()
        self.io = FrameIO(draw=lambda: self.log.append(("draw", None)), say=lambda t: self.log.append(("say", t)),
                          paint=lambda shapes: self.log.append(("paint", len(shapes))), wait=self.wait,
                          spawn=self.jobs.append, size=lambda: (300.0, 300.0),
                          post=lambda *r: self.log.append(("post", r)), storage=self.storage, seed=lambda: 7,
                          reduced_motion=reduced_motion)

    async def wait(self, seconds: float) -> None:
        self.log.append(("wait", seconds))

    def said(self) -> list[str]:
        return [t for what, t in self.log if what == "say"]

    def count(self, what: str) -> int:
        return sum(1 for w, _ in self.log if w == what)

    def run_jobs(self) -> None:
        while self.jobs:
            run_async(self.jobs.pop(0))


def opened(fragment: str, page: Page, puzzles: Any = None) -> Any:
    return open_frame(fragment, page.io, puzzles, "2026-01-02")


def test_the_frame_opens_the_mode_its_parameters_ask_for_or_says_why_not():
    page = Page()
    assert type(opened("position=9x9_O_E5", page)) is ViewMode
    assert type(opened(REPLAY, page)) is ReplayMode
    assert type(opened("position=9x9_O_E5&mode=play", page)) is PlayMode
    puzzle = opened("puzzle=w2", page, files(WIN2D, WIN2D_B))
    assert type(puzzle) is PuzzleMode and puzzle.plays and puzzle.ctl.puzzle.id == "w2"
    assert puzzle.frame_props()[("embed", "data-mode")] == "puzzle"
    with pytest.raises(FrameError) as e:  # a bad parameter: embedframe.js's showError arguments
        opened("position=nonsense", page)
    assert e.value.args[0] == "position" and e.value.args[1] == "nonsense" and e.value.args[2]
    with pytest.raises(FrameError) as e:
        opened("puzzle=nope", page, files(WIN2D))
    assert e.value.args[:2] == ("puzzle", "nope")


def test_a_view_shows_its_grid_and_says_a_command_pressed_on_it():
    page = Page()
    view = opened("position=9x9_O_E5&moves=E6", page)
    picture = view.picture(300, 300)
    assert picture.props[("board", "data-position")] == str(view.game.position) and picture.shapes
    assert picture.grid is not None and picture.grid[1] == view.game.position
    view.focus(Point.from_str("A1"))
    assert view.cursor == Point.from_str("A1") and page.count("draw") == 1
    assert view.read_key("b", "E5", modified=True, cell_key=lambda: True) is False  # the browser's
    assert view.read_key("b", None, modified=False, cell_key=lambda: True) is False  # not on the grid
    assert view.read_key("ArrowUp", "E5", modified=False, cell_key=lambda: True) is True  # the grid took it
    assert page.said() == []
    assert view.read_key("b", "E5", modified=False, cell_key=lambda: False) is True
    assert view.read_key("x", "E5", modified=False, cell_key=lambda: False) is False
    assert len(page.said()) == 1 and page.said()[0]


def test_a_replay_steps_says_each_step_and_animates_a_jump_forward():
    page = Page()
    replay = opened(REPLAY, page)
    assert set(replay.buttons()) == {"first", "prev", "next", "last"}
    replay.buttons()["next"]()
    assert replay.rc.ply == 1 and page.said() == [replay.rc.said()] and page.jobs == []
    assert replay.picture(300, 300).props[("counter", "textContent")] == "1 / 5"
    for _ in range(2):
        replay.buttons()["next"]()
    replay.buttons()["next"]()  # E5-E8: a jump, animated hop by hop
    assert len(page.jobs) == 1
    page.log.clear()
    page.run_jobs()
    assert page.count("paint") >= 1 and page.count("wait") == page.count("paint") and page.log[-1] == ("draw", None)
    replay.buttons()["prev"]()
    assert replay.read_key("ArrowRight", None, modified=False, cell_key=lambda: False) is True
    assert replay.rc.ply == 4 and len(page.jobs) == 1
    replay.read_key("End", None, modified=False, cell_key=lambda: False)  # a later step: the animation stops
    page.log.clear()
    page.run_jobs()
    assert page.count("paint") == 0 and page.count("draw") == 0  # stale before its first hop: nothing painted
    assert replay.read_key("ArrowLeft", None, modified=True, cell_key=lambda: False) is False
    assert replay.read_key("ArrowLeft", "E5", modified=False, cell_key=lambda: True) is True and replay.rc.ply == 5


def test_no_jump_is_animated_for_a_reader_who_asked_for_less_motion():
    page = Page(reduced_motion=True)
    replay = opened(REPLAY, page)
    replay.rc.go("last")
    replay.buttons()["prev"]()
    replay.buttons()["prev"]()
    replay.buttons()["next"]()  # E5-E8
    assert replay.rc.ply == 4 and page.jobs == []


def test_a_play_frame_plays_says_each_new_announcement_once_and_restarts():
    page = Page()
    play = opened("position=9x9_O_E5&mode=play", page)
    play.draw()
    play.draw()
    assert page.said() == [play.ctl.state.announcement] and page.count("draw") == 2
    play.target(Point.from_str("E6"), None)
    assert play.ctl.game.moves == ["E6"] and len(page.said()) == 2
    assert play.picture(300, 300).props[("undo", "disabled")] is False
    assert play.play_typed("Z99") != "" and play.play_typed("A1") == "" and len(play.ctl.game.moves) == 2
    assert play.preview_typed("A2")[0] is True
    play.buttons()["undo"]()
    assert play.ctl.game.cursor == 1
    assert play.key("x", on_board=True) is False
    play.focus(Point.from_str("A1"))
    assert play.ctl.state.cursor == Point.from_str("A1")
    play.buttons()["restart"]()
    assert play.ctl.game.moves == [] and play.position() == play.ctl.position and play.can_enter()


def test_a_puzzle_frame_judges_a_move_in_the_background_and_posts_its_result_once():
    page = Page()
    puzzle = opened("puzzle=w2", page, files(WIN2D, WIN2D_B))
    puzzle.target(Point.from_str("B3"), None)  # the ball picked
    assert page.jobs == [] and puzzle.can_enter()
    puzzle.target(Point.from_str("B5"), None)  # B3-B5: judged in the background
    assert len(page.jobs) == 1 and puzzle.board.busy and not puzzle.can_enter()
    assert page.said()[-1].startswith("You played B3-B5.")
    puzzle.buttons()["hint"]()  # nothing while the move is judged
    puzzle.buttons()["retry"]()
    assert len(page.jobs) == 1
    page.run_jobs()
    assert [r for what, r in page.log if what == "post"] == [("w2", True, 1)]
    puzzle.record()
    assert page.count("post") == 1  # posted again only when it changed
    assert puzzle.picture(300, 300).props[("board", "data-phase")] == "solved"


def test_a_puzzle_frame_enters_typed_moves_and_keys_and_shows_the_solution():
    page = Page()
    puzzle = opened("puzzle=w2", page, files(WIN2D, WIN2D_B))
    assert puzzle.play_typed("B3-B5") == "" and len(page.jobs) == 1
    page.run_jobs()
    puzzle.buttons()["retry"]()
    assert puzzle.key("b", on_board=True) and puzzle.key("b", on_board=False) is False
    assert puzzle.play_typed("nonsense") != "" and page.jobs == []
    puzzle.buttons()["solution"]()
    assert puzzle.ctl.queue or page.jobs  # the line to play, played in the background
    page.run_jobs()
    assert not puzzle.board.busy
    puzzle.buttons()["hint"]()
    assert len(page.jobs) == 1
    page.log.clear()
    page.run_jobs()  # the hint asked, then drawn
    assert not puzzle.board.busy and page.count("draw") == 1


def test_a_streak_frame_reads_the_facts_it_was_handed(monkeypatch):
    """embedframe.js hands a streak frame the ratings and themes the build derived (``puzzleFacts``): the frame's
    streak is ordered by them, none derived again."""
    from lab import puzzlestate
    from lab.puzzlelist import puzzle_facts, puzzles_from_files
    f = files(WIN2D, WIN2D_B)
    facts = puzzle_facts(puzzles_from_files(f))
    derived: list[str] = []
    monkeypatch.setattr(puzzlestate, "puzzle_rating", lambda p: derived.append(p.id) or 1500)
    monkeypatch.setattr(puzzlestate, "puzzle_themes", lambda p: derived.append(p.id) or ())
    streak = open_frame("puzzle=streak", Page().io, f, "2026-01-02", facts)
    assert streak.ctl.mode == "streak" and derived == []
    open_frame("puzzle=streak", Page().io, f, "2026-01-02")  # handed none: derived
    assert derived


def test_a_streak_frame_stores_its_streak_when_it_changed_and_starts_again():
    page = Page()
    streak = opened("puzzle=streak", page, files(WIN2D, WIN2D_B))
    streak.draw()
    stored = page.storage.items[STREAK_KEY]
    page.storage.items[STREAK_KEY] = "kept"
    streak.draw()
    assert page.storage.items[STREAK_KEY] == "kept"  # unchanged: not stored again
    assert set(streak.buttons()) >= {"streak-next", "streak-again"}
    streak.buttons()["streak-again"]()
    assert streak.picture(300, 300).props[("streak-count", "textContent")].startswith("Streak: 0")
    assert stored
