"""What the play page shows around its board, says after a button, and does with its engine's answers
(lab/playpage.py; glue/play.py only shows it and runs the jobs)."""

from __future__ import annotations

from lab import playpage as page
from lab.jobs import WARM_UP_NODES, Scheduler
from lab.play import PlayController
from phutball import Point, Position
from helpers import FakeStorage

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
    c.state.error = "No."
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
    c.state.sounds = True
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
    c.state.sounds = False
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
    assert c.state.mode == "two-players" and c.state.message == page.STOPPED
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
    assert c.state.message == page.HINT_CANCELLED
    jobs.error = "boom"
    page.hint_answered(c, jobs, str(c.position), None)
    assert c.state.error == "No hint: the engine failed (boom)."
    c.state.error = ""
    page.hint_answered(c, jobs, "9x9_X_E5_E6", "E6")  # the player moved meanwhile: nothing said
    assert c.state.error == ""


def test_a_level_alone_keeps_the_search_a_new_side_stops_it():
    c = PlayController.new("9x9_O_E5")
    jobs = searching()
    assert page.change_computer(c, jobs, "", "easy") is False and jobs.stop is None and c.state.level == "easy"
    assert page.change_computer(c, jobs, "X", "easy") is True and jobs.stop == "changed"
    assert c.state.computer_plays == "X"
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


def test_the_canvas_follows_the_variant_and_the_boards_proportions():
    square, strip = PlayController.new("9x9_O_E5"), PlayController.new("L_...*...")
    props = page.canvas_props(square.view(), square.position)
    assert props[("board", "data-variant")] == "2D" and props[("board", "style")].startswith("--board-aspect: ")
    assert props != page.canvas_props(PlayController.new("15x19_O_H10").view(), PlayController.new("15x19_O_H10").position)
    assert page.canvas_props(strip.view(), strip.position)[("board", "data-variant")] != "2D"


def test_the_live_region_the_moves_and_the_bars_width_are_props():
    c = PlayController.new("9x9_O_E5")
    v = c.view()
    assert ("live", "textContent") not in page.page_props(c, {**v, "announcement": ""}, False, [])  # left as it is
    props = page.page_props(c, {**v, "announcement": "E6, ball"}, False, [])
    assert props[("live", "textContent")] == "E6, ball" and props[page.MOVES] == page.moves_props(v)[page.MOVES]
    assert ("eval-fill", "style") not in props  # the analysis off: the bar keeps its width
    a = {"text": "Even.", "depth": 3, "bar": 0.625, "side": "Ohs", "pv": [], "done": True}
    assert page.analysis_props({**v, "analysis": a})[("eval-fill", "style")] == "width: 62%"


def test_what_was_drawn_a_jump_animated_and_the_result_note_cleared_by_a_new_result():
    c = PlayController.new("9x9_O_E5_E6")
    drawn = page.Drawn()
    assert drawn.feel(c, False) == page.Feel(False) and drawn.token == 0  # nothing drawn yet
    assert drawn.drawn(c.view()) == {}  # no result, as before
    c.click(P("E5"))
    c.click(P("E7"))
    c.finish_chain()
    f = drawn.feel(c, False)
    assert f.jump == 1 and drawn.token == 1 and drawn.running
    assert drawn.animating(1, 1, c.game.cursor) and not drawn.animating(0, 1, c.game.cursor)
    assert drawn.animated(0) == "" and drawn.running  # an older animation's end: the newer one draws
    assert drawn.animated(1) == "draw" and not drawn.running
    drawn.drawn(c.view())
    assert drawn.feel(c, False) == page.Feel(False) and drawn.token == 1  # the position drawn: no change
    over = PlayController.new("9x9_O_E8_E9")
    over.click(P("E8"))
    over.click(P("E10"))
    assert drawn.drawn(over.view()) == {("result-note", "textContent"): ""}  # a new result: its note cleared
    assert drawn.drawn(over.view()) == {}


def test_the_controls_call_the_controller_and_say_what_the_page_does_next():
    c = PlayController.new("9x9_O_E5")
    c.click(P("E6"))
    undo, swap = page.CONTROLS[("undo", "click")], page.CONTROLS[("restore-line", "click")]
    assert swap.press(c, True, lambda a: None, False) == ""  # waits for the search
    assert undo.press(c, False, lambda a: None, False) == "refresh" and c.game.cursor == 0
    goto = page.CONTROLS[("moves", "click")]
    assert goto.press(c, False, {"data-ply": None}.get, False) == ""  # between two moves
    assert goto.press(c, True, {"data-ply": "1"}.get, False) == ""  # a search runs
    assert goto.press(c, False, {"data-ply": "1"}.get, False) == "refresh" and c.game.cursor == 1
    assert page.CONTROLS[("sounds", "change")].press(c, False, lambda a: None, True) == "keep" and c.state.sounds
    c.state.welcome = True
    assert page.CONTROLS[("welcome-close", "click")].press(c, False, lambda a: None, False) == "draw"
    assert not c.state.welcome
    assert page.CONTROLS[("flip", "click")].press(c, False, lambda a: None, False) == "keep" and c.state.flipped


def test_a_click_a_drag_a_typed_move_and_the_grids_focus():
    c = PlayController.new("9x9_O_E5_E6")
    c.state.welcome = True
    assert page.dragged(c, P("E7")) == "" and c.game.cursor == 0  # no jump being entered: no drag
    assert page.clicked(c, Scheduler(), P("E5"), None) == "refresh" and c.state.chain and not c.state.welcome
    assert page.dragged(c, P("E7")) == "refresh" and c.game.cursor == 1  # the jump over E6, played
    c = PlayController.new("9x9_O_E5")
    assert page.typed(c, Scheduler(), "E6") == "" and c.game.moves == ["E6"]
    assert page.typed(c, Scheduler(), "E6") == c.state.error != ""  # taken: why not
    assert page.focused(c, P("A1")) == "draw" and c.state.cursor == P("A1")


def test_the_next_job_the_analysis_and_the_review_runs():
    c = PlayController.new("9x9_O_E5")
    jobs = Scheduler()
    assert page.next_job(c, jobs) == "" and page.analysis_due(c, jobs, print) is None  # the analysis off
    c.analysis.set_analysing(True)
    drawn: list[int] = []
    run = page.analysis_due(c, jobs, lambda: drawn.append(1))
    assert run is not None and run.spec.position == str(c.position) and not run.stale()
    assert page.next_job(c, jobs) == "analysis" and page.next_job(c, jobs) == ""  # started once
    run.done()
    assert drawn == [1]
    c.click(P("E6"))
    assert run.stale()  # another position
    c.set_computer("X", "easy")
    assert page.next_job(c, Scheduler()) == "computer" and page.next_job(c, searching()) != "computer"
    review = page.review_asked(PlayController.new("9x9_O_E5"), Scheduler(), FakeStorage(), print)
    assert review is None  # no moves to review
    jobs = Scheduler()
    review = page.review_asked(c, jobs, FakeStorage(), lambda: drawn.append(2))
    assert review is not None and "review" in jobs.running and not review.stopped()
    assert page.review_asked(c, jobs, FakeStorage(), print) is None  # one runs
    review.report({"progress": [1, 2]})
    assert drawn[-1] == 2


def test_the_warm_up_is_a_short_strongest_search_of_the_board_shown_when_nothing_else_runs():
    c = PlayController.new("15x19_O_H10_G9H9J9")
    job = page.warm_up(c, Scheduler(), None)
    assert job is not None
    reports = list(job())
    done = reports[-1]
    assert done["done"] and done["result"]["nodes"] == WARM_UP_NODES  # the whole budget, then it ends
    assert c.position == Position.from_str("15x19_O_H10_G9H9J9")  # nothing played
    assert page.warm_up(c, Scheduler(), {"warmUp": False, "pace": 0.3}) is None  # the tests' hook
    assert page.warm_up(c, searching(), None) is None
    analysing = Scheduler()
    analysing.started("analysis")
    assert page.warm_up(c, analysing, None) is None
    assert page.warm_up(PlayController.new("9x9_O_E9"), Scheduler(), None) is None  # Ohs won: nothing to search
    assert page.warm_up(PlayController.new("L_o*o.o.o...."), Scheduler(), None) is None  # a strip: the solver's


def test_the_hint_and_the_computers_menus_say_what_the_page_does_next():
    c = PlayController.new("9x9_O_E5")
    assert page.hint_pressed(c, False) == "hint" and page.hint_pressed(c, True) == "draw"
    assert page.computer_menus(c, Scheduler(), "", "easy") == "keep"
    assert page.computer_menus(c, Scheduler(), "X", "easy") == "refresh"
