"""A puzzle board's move flow (lab.puzzleboard): the entry, the busy state, one error policy, a line played
move by move with a pause between two, and what the live region and the status line say -- the same for the
puzzles page and puzzle embeds (issue 40)."""

from __future__ import annotations

import pytest

from helpers import run_async as run
from lab.puzzleboard import CHECKING, CHOOSE, PuzzleBoard, Status, failure_words
from lab.puzzles import PuzzleController
from phutball import Point
from phutball.errors import IllegalMoveError
from test_puzzlectl import EX1, SAFE2D, WHICH, WIN2D, puzzle


class Page:
    """What the glue gives the board: each call noted in order (draws, words said, pauses, records)."""

    def __init__(self) -> None:
        self.log: list[tuple[str, str]] = []
        self.board: PuzzleBoard | None = None

    def board_of(self, ctl: PuzzleController) -> PuzzleBoard:
        self.board = PuzzleBoard(ctl, show=self.show, say=self.say, wait=self.wait, record=self.record)
        return self.board

    def show(self) -> None:
        assert self.board is not None
        self.log.append(("show", "busy" if self.board.busy else "free"))

    def say(self, text: str) -> None:
        self.log.append(("say", text))

    async def wait(self) -> None:
        self.log.append(("wait", ""))

    def record(self) -> None:
        self.log.append(("record", ""))

    def said(self) -> list[str]:
        return [text for what, text in self.log if what == "say"]


def board_on(*puzzles: dict, **oracles: object) -> tuple[PuzzleBoard, Page]:
    page = Page()
    return page.board_of(PuzzleController([puzzle(p) for p in puzzles], **oracles)), page  # type: ignore[arg-type]


def click(board: PuzzleBoard, *targets: object) -> str | None:
    assert board.entry is not None
    for t in targets:
        board.entry.click(t)  # type: ignore[arg-type]
    return board.take_move()


def test_a_move_entered_makes_the_board_busy_until_it_is_judged():
    board, page = board_on(WIN2D)
    assert board.can_enter() and not board.busy
    assert click(board, Point.from_str("B3")) is None and not board.busy  # the ball picked: no move yet
    assert click(board, Point.from_str("B5")) == "B3-B5"
    assert board.busy and not board.can_enter() and board.phase() == "busy"
    assert page.said() == [f"You played B3-B5. {CHECKING}"]
    assert board.status().text == f"You played B3-B5. {CHECKING}"
    assert board.enter_typed("B3-B5").startswith("Wait") and board.take_move() is None
    run(board.submit("B3-B5"))
    assert not board.busy and board.phase() == "solved" and board.ctl.progress["w2"]["solved"]
    assert page.said()[-1].startswith("You played B3-B5. ✓ Solved!")
    assert page.log[-3:-1] == [("show", "free"), ("record", "")]
    assert board.status().tone == "ok"


def test_a_refutation_is_played_move_by_move_a_pause_before_each_and_busy_throughout():
    board, page = board_on(EX1)
    assert board.enter_typed("2-4-6-8") == ""
    move = board.take_move()
    run(board.submit(move))
    refutation = board.ctl.game.moves[1:]
    assert refutation and board.ctl.phase == "wrong" and not board.busy
    log = page.log[1:]  # after "Checking…"
    assert log[:3] == [("show", "busy"), ("record", ""), ("say", f"You played 2-4-6-8. {board.ctl.message}")]
    steps, last = log[3:-4], log[-4]
    assert [s for s in steps if s[0] != "say"] == [("wait", ""), ("show", "busy")] * len(refutation)
    assert [s[0] for s in steps] == ["wait", "show", "say"] * len(refutation) and last == ("wait", "")
    assert all(text.startswith(("Right ", "Left ")) for what, text in steps if what == "say")
    assert log[-3:] == [("show", "free"), ("record", ""), ("say", board.ctl.message)]
    assert board.entry is not None and board.entry.position == board.ctl.game.position
    assert board.status().tone == "error" and board.ctl.can_step()


def test_the_engines_answer_is_played_after_a_pause_then_the_move_is_the_readers_again():
    board, page = board_on(EX1)
    board.enter_typed("2-4-6")
    run(board.submit(board.take_move()))
    assert [w for w, _ in page.log].count("wait") == 2  # before the answer, and after it
    assert board.ctl.phase == "playing" and board.can_enter() and page.said()[-1].endswith("Your move.")


class Failing:
    """An oracle whose engine fails: on judging (``judge``), on answering a good move (``respond``), on a hint."""

    def __init__(self, error: BaseException, where: str = "judge") -> None:
        self.error, self.where = error, where

    async def judge(self, task, position, move):
        if self.where == "judge":
            raise self.error
        return {"ok": True, "won": False, "note": ""}

    async def respond(self, position):
        raise self.error

    async def hint_move(self, task, position, main_line, ply):
        raise self.error


@pytest.mark.parametrize("error", [RuntimeError("bad job: TypeError: x"), IllegalMoveError("move", "X", "no"),
                                   RecursionError(), MemoryError()])
@pytest.mark.parametrize("where", ["judge", "respond"])
def test_an_engine_failure_is_said_and_the_puzzle_is_kept_as_before_the_move(error, where):
    board, page = board_on(SAFE2D, oracle_2d=Failing(error, where))
    before = board.ctl.view()
    board.enter_typed("A1")
    run(board.submit(board.take_move()))
    after = board.ctl.view()
    assert board.ctl.message == failure_words(error) and failure_words(error).startswith("The engine failed: ")
    assert str(error) in failure_words(error) and "RecursionError" in failure_words(RecursionError())
    assert after["id"] == before["id"] and after["position"] == before["position"] and after["moves"] == []
    assert after["phase"] == "playing" and board.can_enter() and not board.busy and board.ctl.queue == []
    assert page.said()[-1] == f"You played A1. {failure_words(error)}" and board.status().tone == ""
    board.enter_typed("D3")  # the puzzle goes on
    assert board.take_move() == "D3"


def test_what_is_not_an_error_is_not_caught():
    class Stop(BaseException):
        pass

    board, _ = board_on(SAFE2D, oracle_2d=Failing(Stop()))
    board.enter_typed("A1")
    with pytest.raises(Stop):
        run(board.submit(board.take_move()))


def test_a_hint_is_asked_with_the_same_policy_and_keeps_the_entry():
    board, page = board_on(WIN2D, oracle_2d=Failing(RuntimeError("boom")))
    entry = board.entry
    entry.click(Point.from_str("B3"))
    run(board.hint())
    assert board.ctl.message == "The engine failed: boom" and not board.busy and board.entry is entry
    assert page.log == [("show", "free"), ("record", "")]
    board, page = board_on(WIN2D)
    run(board.hint())
    assert "Hint 1 of 3" in board.ctl.message and board.ctl.hint == Point.from_str("B3")


def test_the_solution_is_recorded_at_once_then_played_and_stepped_through():
    board, page = board_on(EX1)
    board.show_solution()
    assert board.busy and board.ctl.phase == "busy" and page.log == [("show", "busy"), ("record", "")]
    assert not board.step("first") and not board.step_key("Home")  # not while it is played
    run(board.play_line())
    assert not board.busy and board.ctl.phase == "solution" and board.ctl.progress["ex1"]["attempts"] == 1
    assert [w for w, _ in page.log].count("wait") == len(board.ctl.puzzle.main_line) + 1
    assert board.step("first") and board.entry.position == board.ctl.game.position
    assert board.ctl.game.cursor == 0 and not board.step("prev") and board.step_key("End")


def test_nothing_queued_plays_nothing():
    board, page = board_on(WIN2D)
    run(board.play_line())
    assert page.log == [] and not board.busy


def test_the_status_line_the_entrys_words_first_and_in_a_frame_the_step_and_an_invitation():
    board, _ = board_on(WIN2D)
    board.ctl.message = ""  # (a newcomer's first puzzle says why it opened)
    assert board.status().text == "" and board.status(framed=True).text == CHOOSE
    board.entry.click(Point.from_str("A1"), touch_cell=5)  # a finger picked A1 on a small board
    assert board.status().text.startswith("A1 picked") and board.take_move() is None
    board.entry.click(Point.from_str("B4"))  # a man there: refused
    assert board.status() == Status("You cannot place on B4.", "error")
    board, _ = board_on(EX1)
    board.show_solution()
    run(board.play_line())
    board.step("first")
    board.step("next")
    framed = board.status(framed=True).text
    assert framed.endswith(board.ctl.message) and framed != board.ctl.message and "2-4-6" in framed


def test_a_question_puzzle_has_no_entry():
    board, _ = board_on(WHICH)
    assert board.entry is None and not board.can_enter() and board.shown_position() is None
    assert not board.finish() and board.take_move() is None
    with pytest.raises(AssertionError, match="question puzzle"):
        board.played_entry()  # the glue asks for it only where the board takes input
    played, _ = board_on(EX1)
    assert played.played_entry() is played.entry is not None
