"""The 1D atlas page (atlas.html) in headless Chromium: the charts, and a dot opening the calculator.

One page load of the atlas (plain HTML and SVG, no engine), then one click on a dot: the
calculator opens on that dot's example and the exact solver gives its verdict.  On a touch screen,
a first tap writes the dot's length's examples under its chart, a second opens the calculator.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import READY_TIMEOUT, Recorder, own_input_devices, seed_saved_start
from playwright.sync_api import expect

from lab.atlas import CHARTS
from phutball.oned.strip import Strip

DIST = Path(__file__).resolve().parents[2] / "dist"


def test_the_charts_render_every_point_and_a_dot_opens_its_example_in_the_calculator(browser, server):
    data = json.loads((DIST / "data" / "atlas.json").read_text(encoding="utf-8"))
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    try:
        page = ctx.new_page()
        recorder = Recorder(page)
        own_input_devices(page)
        page.goto(f"{server.origin}/atlas.html")
        assert page.locator("header nav a[aria-current=page]").inner_text() == "Atlas"
        # on a phone, the header's five sections are all seen, and nothing is wider than the screen
        assert page.evaluate("(n => n.scrollWidth <= n.clientWidth)(document.querySelector('.site-header nav'))")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for chart in CHARTS:
            svg = page.locator(f"#chart-{chart.id}")
            box = svg.bounding_box()
            assert box and 300 < box["width"] <= 390, (chart.id, box)   # as wide as a phone, no wider
            for series in chart.series:
                dots = svg.locator(f'.series[data-key="{series.key}"] .point')
                want = [p for p in data["figures"][series.key] if p["total"] or series.measure == "count"]
                assert dots.count() == len(want), series.key
                linked = svg.locator(f'.series[data-key="{series.key}"] a.point')
                assert linked.count() == sum(1 for p in want if p["example"]), series.key
            sentence = page.locator(f"#{chart.id} .atlas-sentence").inner_text()
            assert "surprised us" in sentence, chart.id
        # the dark theme's colours reach the SVG (a line is drawn in the theme's accent, not black)
        stroke = page.evaluate("getComputedStyle(document.querySelector('#chart-outcomes polyline')).stroke")
        accent = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--accent')")
        assert stroke == page.evaluate(f"(() => {{ const e = document.createElement('i'); e.style.color = "
                                       f"'{accent.strip()}'; document.body.append(e); "
                                       f"const c = getComputedStyle(e).color; e.remove(); return c; }})()")
        # the first dot of the generalized potentials with a miss: the smallest miss, opened in the calculator
        # (a short strip: the calculator's solver answers in a moment; 24 squares take it half a minute)
        miss = [p for p in data["figures"]["general_misses"] if p["count"]][0]
        assert miss["n"] < 12
        dot = page.locator(f'#chart-potentials .series[data-key="general_misses"] a.point[data-n="{miss["n"]}"]')
        assert dot.get_attribute("data-position") == miss["example"]
        dot.dispatch_event("click")
        page.wait_for_url("**/calculator.html#*")
        page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
        page.wait_for_function("document.querySelector('#strip').dataset.position === " + json.dumps(miss["example"]),
                               timeout=READY_TIMEOUT)
        page.wait_for_function("document.getElementById('verdict').textContent.includes('plies')",
                               timeout=READY_TIMEOUT)
        verdict = page.locator("#verdict").inner_text()
        assert verdict.startswith(("Left wins", "Right wins")), verdict
        assert page.locator("#disagreement").is_visible()   # the potentials' miss is flagged there too
        assert recorder.errors == [] and all(url.startswith(server.origin) or url.startswith(("data:", "blob:"))
                                             for url in recorder.requests)
    finally:
        ctx.close()


def test_a_tapped_dot_shows_its_examples_and_a_second_tap_opens_both_positions_in_the_calculator(
        browser, server, saved_start):
    """Issue 39, item 5: a phone shows no tooltip, so the square a stone goes on was never seen, and the
    calculator opened on the won position alone.  A first tap writes the length's examples under the chart
    (every line's: two dots can lie on one another), a second tap opens the calculator on the example
    compared with the example and its stone, that square ringed."""
    data = json.loads((DIST / "data" / "atlas.json").read_text(encoding="utf-8"))
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        seed_saved_start(ctx, server)
        page = ctx.new_page()
        recorder = Recorder(page)
        own_input_devices(page)
        page.goto(f"{server.origin}/atlas.html")
        pick = page.locator("#pick-hurts")
        navigations: list[str] = []
        page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)

        def tap(dot) -> None:
            dot.scroll_into_view_if_needed()
            box = dot.locator(".hit").bounding_box()
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

        # at 10 squares both lines' dots lie on one another: the tap lists both examples
        ten = {k: next(p for p in data["figures"][k] if p["n"] == 10) for k in ("stone_hurts", "delete_hurts")}
        tap(page.locator('#chart-hurts .series[data-key="stone_hurts"] a.point[data-n="10"]'))
        stone_line = pick.locator("li.series-0")
        expect(stone_line).to_be_visible()
        assert navigations == [] and page.url.endswith("/atlas.html")     # the first tap opens nothing
        assert f"with a stone on square {ten['stone_hurts']['square']}" in stone_line.inner_text()
        assert f"with square {ten['delete_hurts']['square']} deleted" in pick.locator("li.series-1").inner_text()
        assert ten["stone_hurts"]["example"] in stone_line.inner_text()
        # the stone's dot at 12 squares, where it lies apart: its example, then the calculator on both positions
        p = next(p for p in data["figures"]["stone_hurts"] if p["n"] == 12)
        s = Strip.from_str(p["example"])
        after = str(Strip(s.n, s.ball, s.stones | {p["square"]}, s.to_move))
        dot = page.locator('#chart-hurts .series[data-key="stone_hurts"] a.point[data-n="12"]')
        tap(dot)
        expect(pick.locator(".pick-head")).to_have_text("12 squares")
        assert navigations == []
        said = stone_line.inner_text()
        assert f"{p['example']}, won by the side to move; with a stone on square {p['square']} ({after}) it is lost" \
            in said, said
        assert stone_line.locator("a").get_attribute("href") == dot.get_attribute("href")
        tap(dot)
        page.wait_for_url("**/calculator.html#*")
        page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
        strip = page.locator("#strip")
        expect(strip).to_have_attribute("data-position", p["example"], timeout=READY_TIMEOUT)
        expect(strip).to_have_attribute("data-compare", after)
        expect(strip).to_have_attribute("data-marks", str(p["square"]))
        line = page.locator("#compared")
        expect(line).to_be_visible()
        expect(line).to_contain_text(f"{after}: this strip with a stone on square {p['square']} (ringed on the strip)"
                                     ", where Left to move loses in")
        expect(page.locator("#verdict")).to_contain_text("Left wins")
        # the line's link opens the other position, compared with the first
        page.locator("#compare-open").click()
        expect(strip).to_have_attribute("data-position", after)
        expect(strip).to_have_attribute("data-compare", p["example"])
        expect(line).to_contain_text(f"this strip with no stone on square {p['square']}")
        expect(page.locator("#verdict")).to_contain_text("Right wins")
        assert recorder.errors == []
    finally:
        ctx.close()
