"""lab.calc.page: the calculator's view as element properties, its progress lines, its sentences, its keys."""

from __future__ import annotations

from lab.calc import page
from lab.calc.controller import CalcController
from lab.jobs import Slot


def test_the_view_becomes_the_pages_properties():
    ctl = CalcController()
    v = ctl.view()
    props = page.page_props(v)
    assert props[("strip", "data-position")] == v["position"]
    assert props[("position-input", "value")] == v["input"]
    assert props[("length", "value")] == str(v["n"])
    assert props[(f"side-{'left' if v['side'] == 'L' else 'right'}", "checked")] is True
    assert all(props[(id_, "textContent")] == text for id_, text in v["texts"].items())


def test_after_a_typing_error_the_typed_text_stays():
    ctl = CalcController()
    ctl.load_text("not a strip", "L")
    v = ctl.view()
    assert v["error"] and ("position-input", "value") not in page.page_props(v)
    assert page.page_props(v)[("input-error", "textContent")] == v["error"]


def test_the_solvers_line_shows_the_first_running_solve():
    assert page.status_props([]) == {("solve-status", "hidden"): True}
    run = Slot("strip", text="", progress=0.5)
    assert page.status_props([run]) == {("solve-status", "hidden"): False, ("solve-text", "textContent"): page.SOLVING,
                                        ("solve-progress", "value"): 0.5}


def test_the_explorers_lines():
    assert page.explorer_props(None)[("explore-status", "hidden")] is True
    run = Slot("explore", text="Half way", progress=0.5)
    assert page.explorer_props(run)[("explore-text", "textContent")] == "Half way"
    assert page.explorer_report({"error": "boom"}, run) == {("explore-error", "textContent"): "The explorer failed: boom"}
    assert page.explorer_report({"progress": 0.5}, run)[("explore-progress", "value")] == 0.5
    assert page.explore_length("12") == 12 and page.explore_length("twelve") is None
    assert page.not_a_length("x") == {("explore-error", "textContent"): "Not a strip length: 'x'."}


def test_a_solves_reports_reach_the_controller():
    ctl = CalcController.from_hash("L_" + "." * 8 + "*" + "." * 9)   # 18 squares: solved in slices
    assert [w["kind"] for w in page.exact_wanted(ctl)] == ["strip"]  # not the Oddish board's, solved at once
    w = page.exact_wanted(ctl)[0]
    run = Slot(w["kind"], position=w["position"], text="Solving 1", progress=0.25)
    page.take_report(ctl, run, {"progress": 0.25})
    assert ctl.exact(w["kind"]).state == "running"
    page.take_report(ctl, run, {"error": "no memory", "done": True})
    assert ctl.exact(w["kind"]).state == "error"


def test_sentences_after_a_button():
    ctl = CalcController()
    ctl.error = "old"
    page.link_copied(ctl, "https://x/#p")
    assert ctl.message == "Link to this position (copied if the browser allows it): https://x/#p" and not ctl.error
    page.open_from_explorer(ctl, "L_" + "." * 4 + "*" + "." * 4)
    assert ctl.message.startswith("Opened ") and "from the explorer" in ctl.message


def test_a_link_is_followed_unless_it_is_the_position_shown():
    ctl = CalcController()
    assert not page.follow_link(ctl, "", "")
    assert not page.follow_link(ctl, ctl.link(), ctl.link_text())
    assert page.follow_link(ctl, "L_..*..", "L_..*..")


def test_keys_go_to_the_grid_the_strip_or_nobody():
    assert page.key_route("strip", False, False) == "strip"
    assert page.key_route("x", True, False) == "cell"
    assert page.key_route("length", False, False) == ""
    assert page.key_route("strip", False, True) == ""
    assert page.shows_cursor("ArrowLeft") and page.shows_cursor("Home") and not page.shows_cursor("m")


def test_the_strips_picture_and_size():
    ctl = CalcController()
    n = ctl.strip.n
    assert page.strip_width(n) == round((n + page.GEOMETRY.strip_width) * page.STRIP_MIN_CELL)
    assert page.strip_layout(n, 0.0, 900.0, 120.0).css_w == max(900.0, page.strip_width(n))  # no scroller: the canvas
    assert page.strip_layout(n, 2000.0, 900.0, 120.0).css_w == 2000.0
    ctl.cursor = 2
    with_cursor = page.strip_picture(ctl, page.strip_layout(n, 600.0, 600.0, 120.0), True)
    without = page.strip_picture(ctl, page.strip_layout(n, 600.0, 600.0, 120.0), False)
    assert with_cursor != without   # the cursor is drawn only after a key
    assert page.strip_grid(ctl).focus is not None


# ---------------------------------------------------------------- CalcPage: each event, and what the page shows again


class Box:
    def __init__(self, left=0.0, top=0.0, width=0.0, height=0.0):
        self.left, self.top, self.width, self.height = left, top, width, height


def test_the_position_s_events_say_what_to_show_again():
    calc = page.CalcPage()
    assert calc.submit("..*..", True) == "changed" and calc.ctl.strip.n == 5 and calc.ctl.view()["side"] == "R"
    assert calc.side("R") == "" and calc.side("L") == "changed"  # only a change of side changes the position
    assert calc.tool("ball") == "render" and calc.ctl.view()["tool"] == "ball"
    assert calc.length("7") == "changed" and calc.ctl.strip.n == 7
    assert calc.click(None) == "" and calc.cursor(3) == "draw" and calc.ctl.cursor == 3
    assert calc.hash_changed("", "") == "" and calc.hash_changed("L_...*...", "L_...*...") == "changed"
    assert calc.ctl.strip.n == 7 and calc.ctl.strip.ball == 4


def test_the_strip_s_buttons_change_the_position():
    calc = page.CalcPage()
    n = calc.ctl.strip.n
    assert calc.button(page.BUTTONS["add-left"]) == "changed" and calc.ctl.strip.n == n + 1
    calc.button(page.BUTTONS["remove-right"])
    assert calc.ctl.strip.n == n
    calc.ctl.click(1)  # a stone on the first square
    stones = calc.ctl.strip.stones
    calc.button(page.BUTTONS["mirror"])
    assert calc.ctl.strip.stones != stones
    calc.button(page.BUTTONS["clear"])
    assert not calc.ctl.strip.stones


def test_a_press_clicks_the_square_under_it_and_hides_the_cursor():
    calc = page.CalcPage()
    calc.keyboard["used"] = True
    shown = page.strip_layout(calc.ctl.strip.n, 600.0, 600.0, 120.0)
    x, y = shown.xy(4)  # an empty square
    assert calc.press(2, 10 + x, 20 + y, Box(10, 20, 600, 120), shown) == "" and calc.keyboard["used"]  # not primary
    assert calc.press(0, 10 + x, 20 + y, Box(10, 20, 600, 120), shown) == "changed" and not calc.keyboard["used"]
    assert 4 in calc.ctl.strip.stones
    assert calc.press(0, x, y, Box(), shown) == "changed" and 4 not in calc.ctl.strip.stones  # no box: as drawn
    assert calc.press(0, 5000, 5000, Box(0, 0, 600, 120), shown) == ""  # beside the strip


def test_keys_show_the_cursor_and_a_blur_hides_it():
    calc = page.CalcPage()
    assert calc.strip_key("m") == "" and not calc.keyboard["used"]
    assert calc.strip_key("ArrowLeft") == "changed" and calc.keyboard["used"]
    assert calc.blur() == "draw" and not calc.keyboard["used"]


def test_copy_link_says_the_link_of_the_position():
    calc = page.CalcPage()
    url = calc.copy_link("https://lab/calculator.html#old")
    assert url == "https://lab/calculator.html#" + calc.ctl.link() and url in calc.ctl.message


def test_exact_solves_are_started_shared_reported_and_ended():
    calc = page.CalcPage(CalcController.from_hash("L_" + "." * 8 + "*" + "." * 9))  # 18 squares: in slices
    first = calc.exact_needed()
    assert [run.kind for run in first] == ["strip"] and calc.ctl.exact("strip").state == "running"
    assert calc.exact_needed() == []  # the running solve answers it
    assert calc.exact_report(first[0], {"progress": [1, 2], "text": "Half"}) == page.status_props([first[0]])
    assert calc.exact_ended(first[0]) == "changed" and first[0].done
    again = calc.exact_needed()[0]
    assert calc.stop() == "render" and again.cancel and calc.ctl.exact("strip").state == "stopped"
    assert calc.exact_ended(again) == "status"
    calc.ctl.solve_again()
    old, new = again, calc.exact_needed()[0]
    assert calc.exact_ended(old) == ""  # replaced by a newer solve
    calc.exact_failed(new, ValueError("boom"))
    assert calc.ctl.exact("strip").state == "error"
    assert calc.solve_again("elsewhere") == "" and calc.solve_again("solve-again") == "changed"


def test_the_explorer_runs_once_at_a_time():
    calc = page.CalcPage()
    assert calc.explore("twelve") == (None, page.not_a_length("twelve"))
    run, props = calc.explore("6")
    assert run is not None and run.size == 6 and props == page.explorer_props(run)
    assert calc.explore_report(run, {"error": "boom"}) == page.explorer_report({"error": "boom"}, run)
    newer, _ = calc.explore("7")
    assert run.cancel and calc.explore_ended(run) == {}  # replaced: the newer run's lines stay
    assert calc.explore_stop() == page.explorer_props(None) and newer.cancel
    assert calc.explore_stop() == {}  # nothing runs
    assert calc.explore_ended(newer) == page.explorer_props(None) and newer.done
    assert calc.open_explored(None) == "" and calc.open_explored("L_..*..") == "explored"
    assert calc.ctl.strip.n == 5 and "from the explorer" in calc.ctl.message
