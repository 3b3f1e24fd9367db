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
