"""What the play page shows around its board, says after a button, and does with its engine's answers
(lab/playpage.py; glue/play.py only shows it and runs the jobs)."""

from __future__ import annotations

from lab import playpage as page
from lab.jobs import Scheduler
from lab.play import PlayController
from phutball import Point

P = Point.from_str


def searching() -> Scheduler:
    jobs = Scheduler()
    jobs.start_search("move")
    return jobs


def test_the_page_shows_the_controllers_view_and_waits_for_a_search():
    c = PlayController.new("9x9_O_E5")
    c.click(P("E6"))
    v = c.view()
    props = page.page_props(c, v, False, [])
    assert props[("board", "data-position")] == v["position"] and props[("board", "data-flipped")] == "false"
    assert props[("status", "textContent")] == v["status"] and props[("status", "className")] == "status"
    assert props[("undo", "disabled")] is False and props[("redo", "disabled")] is True
    assert props[("finish", "hidden")] is True and props[("result", "hidden")] is True
    assert props[("computer-side", "value")] == "" and props[("analysis", "hidden")] is True
    assert ("restore-game", "textContent") not in props and ("review-status", "textContent") not in props
    assert page.page_props(c, v, True, [])[("undo", "disabled")] is True  # Undo waits for the search
    c.error = "No."
    props = page.page_props(c, c.view(), False, [])
    assert props[("message", "textContent")] == "No." and props[("message", "className")] == "message error"
    assert page.ghosts([{"ghost": 1, "move": "E6"}, {"kind": "line"}, {"ghost": 2, "move": "E7"}]) == "1:E6 2:E7"
    assert page.restore_game_text(4) == "Restore your previous game (4 moves)"
    assert "<" in page.moves_props(v)[("moves", "innerHTML")]


def test_the_result_panel_and_the_review_line():
    c = PlayController.new("9x9_O_E8_E9")
    c.click(P("E8"))
    c.click(P("E10"))
    v = c.view()
    assert v["over"]
    props = page.page_props(c, v, False, [])
    assert props[("result", "hidden")] is False and props[("result-title", "textContent")] == v["result"]["title"]
    assert props[("status", "className")] == "status over"
    review = {"running": True, "progress": (2, 5), "marks": [], "reviewed": False, "curve": [], "summary": []}
    assert page.review_status({**v, "review": review}) == "Reviewing… 2 of 5 moves."
    done = {**review, "running": False, "reviewed": True}
    assert page.review_status({**v, "review": done}) == "Review: no mistakes found."
    assert page.review_status({**v, "review": {**done, "marks": [{}]}}) == "Review: 1 marked move."
    assert page.review_status({**v, "review": {**done, "marks": [{}, {}]}}) == "Review: 2 marked moves."
    link, title, text = page.result_share(c, "https://lab.example/play/index.html#x")
    assert link.startswith("https://lab.example/play/embed.html") and title == page.RESULT_SHARE
    assert text == f"Phutball: {v['result']['title']}"


def test_the_analysis_panel_shows_the_bar_and_the_depth():
    c = PlayController.new("9x9_O_E5")
    v = c.view()
    assert page.bar_percent(v) is None and page.analysis_props(v)[("analyse", "checked")] is False
    a = {"text": "Even.", "depth": 3, "bar": 0.625, "side": "Ohs", "pv": ["E6", "E4"], "done": False}
    props = page.analysis_props({**v, "analysis": a})
    assert page.bar_percent({**v, "analysis": a}) == 62 and props[("eval-bar", "aria-valuenow")] == 62
    assert props[("eval-depth", "textContent")] == "depth 3…" and props[("pv", "textContent")] == "E6 E4"
    assert page.analysis_props({**v, "analysis": {**a, "depth": None}})[("eval-depth", "textContent")] == ""


def test_a_change_feels_like_a_sound_and_a_jump_is_animated_unless_motion_is_reduced():
    c = PlayController.new("9x9_O_E5_E6")
    c.sounds = True
    before = str(c.position)
    assert page.feel(c, before, False, False) == page.Feel(False)
    assert page.feel(c, None, False, False) == page.Feel(False)
    c.click(P("E5"))
    c.click(P("E7"))
    c.finish_chain()
    assert c.game.cursor == 1
    assert page.feel(c, before, False, False) == page.Feel(True, "capture", 1)
    assert page.feel(c, before, False, True) == page.Feel(True, "capture", None)
    assert page.feel(c, before, True, False).jump is None  # entered click by click: seen already
    c.sounds = False
    assert page.feel(c, before, False, False).sound is None


def test_a_search_reports_its_best_move_and_an_error_and_answers_none_when_stopped():
    jobs = searching()
    s = page.Search(page.MOVE_SEARCH)
    assert s.report({"progress": [10, 0]}, jobs) == {("thinking", "hidden"): False}
    props = s.report({"depth": 2, "progress": [1500, 0], "best": "E6"}, jobs)
    assert props[("thinking-text", "textContent")] == "Searching… depth 2, 1,500 positions, best E6"
    assert s.answer(None, jobs) == "E6"
    assert s.answer({"error": "boom"}, jobs) is None
    s.report({"error": "boom"}, jobs)
    assert jobs.error == "boom"
    jobs.stop_search("user")
    assert s.answer(None, jobs) is None
    assert page.engine_job(print, None) is print and page.engine_job(print, {"engine": [{"best": "E6"}]}) is not print


def test_the_computers_answer_stop_and_a_changed_question():
    c = PlayController.new("9x9_O_E5")
    c.set_computer("O", "easy")
    jobs = searching()
    jobs.stop_search("user")
    page.computer_answered(c, jobs, str(c.position), "E6")
    assert c.mode == "two-players" and c.message == page.STOPPED
    c.set_computer("O", "easy")
    page.computer_answered(c, searching(), "9x9_X_E5_E6", "E6")  # another position: dropped
    assert c.game.cursor == 0
    page.computer_answered(c, searching(), str(c.position), "E6")
    assert c.game.moves == ["E6"]


def test_a_hint_is_asked_shown_cancelled_or_says_the_engine_failed():
    c = PlayController.new("9x9_O_E5")
    assert page.hint_asked(c, False) and not page.hint_asked(c, True)
    jobs = searching()
    page.hint_answered(c, jobs, str(c.position), "E6")
    assert c.view()["hint"] == P("E6")
    jobs.stop_search("changed")
    page.hint_answered(c, jobs, str(c.position), None)
    assert c.message == page.HINT_CANCELLED
    jobs.error = "boom"
    page.hint_answered(c, jobs, str(c.position), None)
    assert c.error == "No hint: the engine failed (boom)."
    c.error = ""
    page.hint_answered(c, jobs, "9x9_X_E5_E6", "E6")  # the player moved meanwhile: nothing said
    assert c.error == ""


def test_a_level_alone_keeps_the_search_a_new_side_stops_it():
    c = PlayController.new("9x9_O_E5")
    jobs = searching()
    assert page.change_computer(c, jobs, "", "easy") is False and jobs.stop is None and c.level == "easy"
    assert page.change_computer(c, jobs, "X", "easy") is True and jobs.stop == "changed"
    assert c.computer_plays == "X"
    assert page.computer_sides(c) == [("", "nobody"), ("O", "Ohs"), ("X", "Eks")]
    assert page.computer_props(c, False)[("computer-side", "value")] == "X"
    assert page.computer_props(c, True)[("hint", "disabled")] is True


def test_keys_hints_undo_waiting_for_a_search_and_the_boards_own():
    c = PlayController.new("9x9_O_E5")
    assert page.key_action(c, "h", False, False) == "hint"
    assert page.key_action(c, "ArrowUp", False, False) == ""  # not on the board
    assert page.key_action(c, "x", True, False) == ""  # not a key of the board
    c.click(P("E6"))
    assert page.key_action(c, "u", False, True) == ""  # Undo waits for the search
    assert page.key_action(c, "u", False, False) == "played" and c.game.cursor == 0


def test_a_fragment_opens_a_position_and_links_and_notes():
    c = PlayController.new("9x9_O_E5")
    assert not page.load_fragment(c, "") and not page.load_fragment(c, str(c.position))
    assert page.load_fragment(c, "9x9_O_E4") and str(c.position) == "9x9_O_E4"
    assert page.position_link("https://x.org/index.html#old", "9x9_O_E4") == "https://x.org/index.html#9x9_O_E4"
    assert page.result_note("copied", "L")[("result-note", "textContent")] == "Link copied: it replays this game."
    assert page.result_note("cancelled", "L")[("result-note", "textContent")] == ""
    assert page.result_note("failed", "L")[("result-note", "textContent")] == "Could not copy the link: L"
    assert page.thinking_props(None, shown=False) == {("thinking", "hidden"): True}
