"""The 1D atlas page (atlas.html) in headless Chromium: the charts, and a dot opening the calculator.

One page load of the atlas (plain HTML and SVG, no engine), then one click on a dot: the
calculator opens on that dot's example and the exact solver gives its verdict.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import READY_TIMEOUT, Recorder, own_input_devices

from lab.atlas import CHARTS

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
