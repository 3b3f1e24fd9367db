"""What the puzzles page's events do (lab/puzzleactions.py; glue/puzzles.py binds them and does what they answer)."""

from __future__ import annotations

from helpers import FakeStorage, run_async
from lab import puzzleactions as actions
from lab.puzzleboard import PuzzleBoard
from lab.puzzleledger import PROGRESS_KEY, STREAK_KEY, UNSAVED, Attempt, PuzzleLedger, SavedProgress
from lab.puzzles import PuzzleController
from phutball import Point
from test_puzzlectl import POT, SAFE2D, WHICH, WIN2D, WIN2D_B, WIN2D_C, drain, puzzle

A1, A2 = "00000000000000a1", "00000000000000a2"  # two attempts another tab recorded


def board_of(*puzzles, **kw) -> PuzzleBoard:
    return PuzzleBoard(PuzzleController([puzzle(p) for p in puzzles], **kw))


def at(id_: str = "", values: dict | None = None, seed: int = 0, **attrs) -> actions.Click:
    """A click on the element ``id_`` with these attributes (``data_index`` for ``data-index``) and fields."""
    named = {k.replace("_", "-"): v for k, v in attrs.items()}
    return actions.Click(id_, named.get, lambda field: (values or {})[field], seed)


class TabStorage(FakeStorage):
    """The page's storage: what another tab stored is learnt, not written back."""

    def __init__(self) -> None:
        super().__init__()
        self.learnt: list[tuple[str, str | None]] = []

    def learn(self, key: str, value: str | None) -> None:
        self.learnt.append((key, value))
        if value is not None:
            self.items[key] = value


# ---------------------------------------------------------------- clicks


def test_every_click_answers_a_follow_up_the_page_knows_and_none_while_the_board_is_busy():
    b = board_of(WIN2D, WIN2D_B)
    b.busy = True
    before = b.ctl.puzzle.id
    assert {actions.click(b, bound, at(bound)) for bound in actions.CLICKS} == {""}
    assert b.ctl.puzzle.id == before and b.ctl.mode == "list"
    assert actions.click(None, "next", at("next")) == ""
    b.busy = False
    answers = {actions.click(board_of(WIN2D, WIN2D_B), bound, at(bound)) for bound in actions.CLICKS}
    assert answers <= set(actions.FOLLOW_UPS) and {"opened", "hint", "share", "line"} <= answers


def test_next_and_previous_open_another_puzzle_on_a_fresh_entry():
    b = board_of(WIN2D, WIN2D_B, WIN2D_C)
    first, entry = b.ctl.puzzle.id, b.entry
    assert actions.click(b, "next", at("next")) == "opened"
    assert b.ctl.puzzle.id != first and b.entry is not entry
    assert str(b.played_entry().position) == str(b.ctl.game.position)
    assert actions.click(b, "prev", at("prev")) == "opened" and b.ctl.puzzle.id == first


def test_try_again_takes_the_board_back_and_the_steps_walk_the_refutation():
    b = board_of(SAFE2D)
    run_async(b.ctl.user_move("A1"))
    drain(b.ctl)
    assert actions.click(b, "step-next", at("step-next")) == ""  # at the line's end already
    assert actions.click(b, "step-prev", at("step-prev")) == "draw" and b.ctl.game.cursor == 1
    assert str(b.played_entry().position) == str(b.ctl.game.position)
    assert actions.click(b, "retry", at("retry")) == "refresh"
    assert b.ctl.phase == "playing" and str(b.played_entry().position) == SAFE2D["position"]


def test_the_solution_is_queued_for_its_line_and_the_hint_and_share_are_the_pages():
    b = board_of(WIN2D)
    assert actions.click(b, "solution", at("solution")) == "line" and b.ctl.queue == ["B3-B5"]
    assert actions.click(board_of(WIN2D), "hint", at("hint")) == "hint"
    assert actions.click(board_of(WIN2D), "share", at("share")) == "share"


def test_finish_makes_a_move_of_the_chain_being_entered():
    b = board_of(WIN2D)
    entry = b.played_entry()
    entry.click(Point.from_str("B3"))  # the ball: a jump begins
    entry.click(Point.from_str("B5"))
    assert actions.click(b, "finish", at("finish")) == "entered" and b.take_move() == "B3-B5"
    assert actions.click(board_of(WHICH), "finish", at("finish")) == ""  # a question has no entry


def test_a_puzzle_picked_in_the_list_opens_and_a_click_beside_the_buttons_does_nothing():
    b = board_of(WIN2D, WIN2D_B)
    other = 1 - b.ctl.index
    assert actions.click(b, "puzzle-groups", at("", data_index=None)) == ""
    assert actions.click(b, "puzzle-groups", at("", data_index=str(other))) == "opened"
    assert b.ctl.index == other


def test_a_theme_filter_narrows_the_list_and_all_widens_it():
    b = board_of(WIN2D, WHICH)
    assert actions.click(b, "theme-filters", at("theme-filters")) == ""
    assert actions.click(b, "theme-filters", at("", data_theme="win-in-one")) == "opened"
    assert b.ctl.theme == "win-in-one" and b.ctl.puzzle.id == "w2"
    assert actions.click(b, "theme-filters", at("", data_theme="")) == "opened" and b.ctl.theme == ""


def test_the_answer_form_answers_with_a_button_or_with_its_blanks():
    b = board_of(WHICH, POT)
    assert b.ctl.open_id("which")
    assert actions.click(b, "answer-area", at("answer-area")) == ""  # beside the buttons
    assert actions.click(b, "answer-area", at("", data_answer="R")) == "refresh" and b.ctl.phase == "solved"
    assert b.ctl.open_id("pot")
    form = b.ctl.answer_form()
    values = {form.field_id(i): v for i, v in enumerate(("1", "0"))}
    assert actions.click(b, "answer-area", at(form.check_id, values)) == "refresh" and b.ctl.phase == "solved"
    assert not actions.answer(board_of(WIN2D).ctl, "R", "", lambda field: "")  # no form: moves are played


def test_a_streak_starts_with_the_clicks_seed_and_ends_at_the_readers_word():
    b = board_of(WIN2D, WIN2D_B, WIN2D_C)
    assert actions.click(b, "streak-start", at("streak-start", seed=7)) == "opened" and b.ctl.mode == "streak"
    assert b.ctl.runs.streak is not None and b.ctl.runs.streak.seed == 7
    assert actions.click(b, "streak-end", at("streak-end")) == "opened"
    assert b.ctl.mode == "list" and actions.YOU_ENDED_IT in b.ctl.message


def test_replaying_the_failed_puzzles_and_showing_all():
    b = board_of(WIN2D, WIN2D_B)
    run_async(b.ctl.user_move("A1"))
    failed = b.ctl.puzzle.id
    assert actions.click(b, "replay-failed", at("replay-failed")) == "opened"
    assert b.ctl.mode == "failed" and b.ctl.puzzle.id == failed
    assert actions.click(b, "show-all", at("show-all")) == "refresh" and b.ctl.mode == "list"


def test_practise_these_on_the_dashboard_opens_a_mix_and_other_clicks_there_do_nothing():
    b = board_of(WIN2D, WIN2D_B, WIN2D_C)
    assert actions.click(b, "dashboard", at("dashboard", data_themes="win-in-one")) == ""
    assert actions.click(b, "dashboard", at("practise", data_themes="win-in-one")) == "opened"
    assert b.ctl.mode == "practise" and b.ctl.index == b.ctl.mix[0]


# ---------------------------------------------------------------- keys, focus, links, other tabs


def test_a_command_key_is_said_on_the_board_only():
    b = board_of(WIN2D)
    act, words = actions.key_action(b, "b", True)
    assert act == "say" and "ball" in words.lower()
    assert actions.key_action(b, "b", False) == ("", "")
    assert actions.key_action(None, "b", True) == ("", "")


def test_the_arrows_step_through_a_line_and_else_move_the_entrys_cursor():
    b = board_of(SAFE2D)
    assert actions.key_action(b, "ArrowRight", True) == ("entered", "")  # the cursor moved
    assert actions.key_action(b, "ArrowRight", False) == ("", "")  # not on the board
    assert actions.key_action(b, "x", True) == ("", "")
    run_async(b.ctl.user_move("A1"))
    drain(b.ctl)
    assert actions.key_action(b, "ArrowLeft", False) == ("draw", "") and b.ctl.game.cursor == 1
    assert actions.key_action(b, "ArrowLeft", False) == ("draw", "") and b.ctl.game.cursor == 0
    assert actions.key_action(b, "ArrowLeft", True) == ("", "")  # at the line's start
    b.busy = True
    assert actions.key_action(b, "ArrowRight", True) == ("", "")


def test_the_grids_focus_moves_the_entrys_cursor():
    b = board_of(WIN2D)
    assert actions.focus(b, Point.from_str("C3")) == "draw" and b.played_entry().cursor == Point.from_str("C3")
    assert actions.focus(board_of(WHICH), 3) == ""


def test_a_link_opens_the_daily_puzzle_a_listed_one_or_says_there_is_none():
    b = board_of(WIN2D, WIN2D_B, SAFE2D, today="2026-11-25")
    shown = b.ctl.puzzle.id
    assert actions.follow_link(b, shown) == "" and actions.follow_link(b, "") == ""
    other = "s2" if shown != "s2" else "w2"
    b.busy = True
    assert actions.follow_link(b, other) == "" and b.ctl.puzzle.id == shown
    b.busy = False
    assert actions.follow_link(b, other) == "opened" and b.ctl.puzzle.id == other
    assert actions.follow_link(b, "daily") == "opened" and b.ctl.view()["daily"]
    assert actions.follow_link(b, "nope") == "opened" and "There is no puzzle 'nope'" in b.ctl.message


def test_another_tabs_progress_joins_the_ledger_and_other_keys_are_left_alone():
    ctl = PuzzleController([puzzle(p) for p in (WIN2D, WIN2D_B)])
    storage = TabStorage()
    assert actions.other_tab(ctl, storage, "phutball.theme", "dark") == "" and storage.learnt == []
    theirs = PuzzleLedger(records=(Attempt(A1, "w2", "2026-11-25T10:00:00.000Z", "clean", 0, 1000),))
    stored = SavedProgress(theirs).to_text()
    assert actions.other_tab(ctl, storage, PROGRESS_KEY, stored) == "draw"
    assert storage.learnt == [(PROGRESS_KEY, stored)] and ctl.progress["w2"]["solved"]
    streak = SavedProgress(PuzzleLedger(records=(Attempt(A2, "w3", "2026-11-25T11:00:00.000Z", "failed", 0,
                                                         1000),))).to_text()
    assert actions.other_tab(ctl, storage, STREAK_KEY, streak) == "draw"
    assert ctl.ledger.has(A1) and ctl.ledger.has(A2)
    assert actions.other_tab(ctl, storage, PROGRESS_KEY, None) == "draw" and storage.learnt[-1] == (PROGRESS_KEY, None)


def test_a_refused_write_of_the_progress_is_said_once():
    ctl = PuzzleController([puzzle(WIN2D)])
    ctl.message = "✓ Solved!"
    assert actions.store_failed(ctl, {"key": "phutball.games"}) == "" and UNSAVED not in ctl.message
    assert actions.store_failed(ctl, "junk") == ""
    assert actions.store_failed(ctl, {"key": PROGRESS_KEY}) == "draw"
    assert ctl.message == f"✓ Solved! {UNSAVED}"
    assert actions.store_failed(ctl, {"key": PROGRESS_KEY}) == "draw" and ctl.message.count(UNSAVED) == 1
