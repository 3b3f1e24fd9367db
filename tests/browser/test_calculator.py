"""The potential calculator page (calculator.html), end to end in headless Chromium.

Drives the built site in ``dist/`` (``make test`` builds it) like a user: typing
positions, clicking squares on the strip canvas, the explorer, the worker's
progress and Stop.  Reads back the test hooks: ``#strip[data-position]``, the
URL hash, and the ids ``#pL #pR #PL #PR #verdict #disagreement``.
"""

from __future__ import annotations

import urllib.parse
from pathlib import Path

import pytest
from conftest import (BLOCKED_MS, READY_TIMEOUT, click_point, data_position, hold_the_engine, own_input_devices,
                      seed_saved_start)

from lab.views.board import LayoutStrip

DIST = Path(__file__).resolve().parents[2] / "dist"

LONG_TASKS = """
window.__calcLong = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__calcLong.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (e) {}
"""


@pytest.fixture
def calc_page(browser, server, saved_start):
    """A fresh page (light theme, laptop size; a returning visitor: see conftest.py) recording page
    errors, requests and long tasks."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, color_scheme="light")
    seed_saved_start(ctx, server)
    page = ctx.new_page()
    page.calc_errors = []
    page.calc_requests = []
    page.on("pageerror", lambda e: page.calc_errors.append(str(e)))
    page.on("console", lambda m: page.calc_errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: page.calc_requests.append(r.url))
    page.add_init_script(LONG_TASKS)
    own_input_devices(page)   # key presses and mouse actions wait until the page's worker has answered
    yield page
    ctx.close()


@pytest.fixture
def calc_server(server):
    """The site's base URL (ending with '/')."""
    if not (DIST / "calculator.html").is_file():
        pytest.fail(f"{DIST / 'calculator.html'} is missing: rebuild dist/ (`make dist`)", pytrace=False)
    return server.origin + "/"


def open_calc(page, base: str, hash_: str = "") -> None:
    page.goto(base + "calculator.html" + (("#" + urllib.parse.quote(hash_, safe="_.*")) if hash_ else ""))
    page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
    page.calc_ready_at = page.evaluate("performance.now()")


def position(page) -> str:
    return data_position(page, "#strip")


def url_hash(page) -> str:
    return urllib.parse.unquote(page.evaluate("location.hash"))[1:]


def text(page, sel: str) -> str:
    return (page.text_content(sel) or "").strip()


def type_position(page, s: str) -> None:
    page.fill("#position-input", s)
    page.press("#position-input", "Enter")


def click_square(page, sq: int) -> None:
    """Click square ``sq`` of the strip canvas where boardview's layout draws it."""
    click_point(page, sq, "#strip")


def long_tasks_after_ready(page) -> list:
    return [d for start, d in page.evaluate("window.__calcLong") if start > page.calc_ready_at]


# ---------------------------------------------------------------- the checks


def test_paper_oddish_example_pl_1_pr_0_and_the_verdict(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    type_position(page, "..ooo|ooo....o.")
    page.wait_for_function("document.getElementById('pL').textContent === '1'")
    assert text(page, "#pL") == "1" and text(page, "#pR") == "0"
    assert "pL > pR" in text(page, "#theorem1") and "Right wins" in text(page, "#theorem1")
    # the 27-square strip is beyond the 1D solver; the exact Oddish solver gives the verdict
    page.wait_for_function("document.getElementById('verdict').textContent.includes('plies')")
    assert text(page, "#verdict").startswith("Right wins: Left to move loses in 22 plies (Oddish play")
    assert "psum = 2, bsum = 1" in text(page, "#oddish-content")
    assert page.is_hidden("#disagreement")
    assert url_hash(page) == "L_..ooo|ooo....o."
    assert position(page) == "L_....o.o.o*o.o.o.........o.."
    assert not page.calc_errors


def test_disagreement_is_flagged_where_the_generalized_potential_fails(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    type_position(page, "L_.*.o..o..")        # bench/README-1d.md: Left wins in 15, PL/PR predict Right
    page.wait_for_selector("#disagreement:not([hidden])")
    assert (text(page, "#PL"), text(page, "#PR")) == ("2", "1")
    assert "Right wins" in text(page, "#general-prediction")
    assert text(page, "#verdict").startswith("Left wins: Left to move wins in 15 plies")
    assert "Winning move: 3." in text(page, "#verdict")
    assert "generalized potential is wrong" in text(page, "#disagreement")
    assert "bad" in page.get_attribute("#cmp-general-1d", "class")
    assert "✗ disagrees" in text(page, "#cmp-general-1d")
    # not Oddish: the offending square is named
    assert "square 4" in text(page, "#not-oddish")
    assert text(page, "#pL") == "–"


def test_longer_strip_is_solved_in_the_worker_and_flags_a_disagreement(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    type_position(page, "L_....oo..*.....")   # 14 squares (solved in the worker): Left wins in 21, PL 2 > PR 1
    page.wait_for_function("document.getElementById('verdict').textContent.includes('plies')", timeout=60_000)
    assert text(page, "#verdict").startswith("Left wins: Left to move wins in 21 plies")
    assert page.is_visible("#disagreement")
    assert page.locator("#moves-table tbody tr").count() > 10
    assert [t for t in long_tasks_after_ready(page) if t >= BLOCKED_MS] == []


def test_clicking_squares_edits_the_position_and_the_url(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    assert position(page) == "L_o*o.o.o...."
    click_square(page, 4)
    page.wait_for_function("document.getElementById('strip').dataset.position === 'L_o*ooo.o....'")
    assert url_hash(page) == "L_o*ooo.o...."
    click_square(page, 4)                      # a second click removes it
    page.wait_for_function("document.getElementById('strip').dataset.position === 'L_o*o.o.o....'")
    click_square(page, 11)
    assert position(page) == "L_o*o.o.o...o"
    assert url_hash(page) == "L_o*o.o.o...o"
    # the ball tool
    page.check("#tool-ball")
    click_square(page, 9)
    assert position(page) == "L_o.o.o.o.*.o"
    click_square(page, 11)                      # an end square: refused with a message
    assert "end square" in text(page, "#input-error") and position(page) == "L_o.o.o.o.*.o"
    # length and end squares
    page.click("#add-right")
    assert position(page) == "L_o.o.o.o.*.o."
    page.click("#remove-left")
    assert position(page) == "L_.o.o.o.*.o."
    page.fill("#length", "15")
    page.press("#length", "Enter")
    assert position(page) == "L_.o.o.o.*.o....."
    # a click, as a person makes it: the worker's answer to the length field's change (sent as the field
    # loses focus) may redraw the side buttons between Playwright's click and check()'s own re-check
    page.click("#side-right")
    page.wait_for_function("document.getElementById('strip').dataset.position === 'R_.o.o.o.*.o.....'")
    assert page.is_checked("#side-right")
    assert url_hash(page) == "R_.o.o.o.*.o....."
    # the keyboard: focus the strip, move the cursor, put a stone
    page.check("#tool-stone")
    page.focus("#strip")
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    assert position(page) == "R_.o.o.o.*.o..o.."
    page.keyboard.press("b")            # the ball to the cursor (square 13)
    assert position(page) == "R_.o.o.o...o..*.."
    # reload restores the position from the URL
    page.reload()
    page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
    assert position(page) == "R_.o.o.o...o..*.."
    assert not page.calc_errors


def test_bad_typed_position_shows_an_error_and_keeps_the_previous_one(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server, "L_.*.o..o..")
    assert position(page) == "L_.*.o..o.."
    type_position(page, "L_o*o.x.o")
    page.wait_for_function("document.getElementById('input-error').textContent.length > 0")
    err = text(page, "#input-error")
    assert "unexpected character 'x'" in err and "previous position is kept" in err
    assert position(page) == "L_.*.o..o.."
    assert url_hash(page) == "L_.*.o..o.."
    assert (text(page, "#PL"), text(page, "#PR")) == ("2", "1")
    type_position(page, "o*oo..o..")           # without a prefix: the selector's side (Left)
    assert position(page) == "L_o*oo..o.." and text(page, "#input-error") == ""


def test_bad_link_keeps_the_default_position(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server, "L_nonsense")
    assert "could not be read" in text(page, "#input-error")
    assert position(page) == "L_o*o.o.o...."
    open_calc(page, calc_server, "R_..o*o..")     # same document: only the hash changes
    page.wait_for_function("document.getElementById('strip').dataset.position === 'R_..o*o..'")
    assert text(page, "#input-error") == ""
    page.click("#copy-link")                      # copied, or shown to copy by hand
    page.wait_for_function("document.getElementById('edit-message').textContent.includes('calculator.html#R_..o*o..')")


def test_explorer_lists_failures_and_opens_one(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    page.select_option("#explore-n", "9")
    page.click("#explore-run")
    page.wait_for_selector("#explore-table", timeout=60_000)
    summary = text(page, "#explore-summary")
    assert "3,584 live positions" in summary and "wrongly in 6" in summary
    links = page.locator("#explore-table a")
    assert links.count() == 3
    assert links.nth(2).text_content() == "L_o*oo..o.."
    page.click("#explore-table tbody tr:nth-child(1) td:nth-child(3)")    # not a link: nothing happens
    assert position(page) == "L_o*o.o.o...."
    links.nth(2).click()
    page.wait_for_function("document.getElementById('strip').dataset.position === 'L_o*oo..o..'")
    assert url_hash(page) == "L_o*oo..o.."
    # the focus goes to the opened strip, at its grid's tab stop (the canvas is none, issue 41)
    page.wait_for_function("() => document.activeElement.closest('#strip-grid') && document.activeElement.dataset.point")
    page.wait_for_selector("#disagreement:not([hidden])")
    assert text(page, "#verdict").startswith("Left wins: Left to move wins in 13 plies")
    page.go_back()                                # the link pushed a history entry
    page.wait_for_function("document.getElementById('strip').dataset.position === 'L_o*o.o.o....'")
    page.go_forward()
    page.wait_for_function("document.getElementById('strip').dataset.position === 'L_o*oo..o..'")
    # a bigger strip, with progress, in the worker
    page.select_option("#explore-n", "13")
    page.click("#explore-run")
    page.wait_for_selector("#explore-table >> text=L_", timeout=60_000)
    page.wait_for_function("document.getElementById('explore-summary').textContent.includes('On 13 squares')",
                           timeout=60_000)
    assert "wrongly in 926" in text(page, "#explore-summary")      # bench/README-1d.md: 90,112 - 89,186
    assert [t for t in long_tasks_after_ready(page) if t >= BLOCKED_MS] == []
    assert not page.calc_errors


def test_long_solve_shows_progress_and_stops(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    type_position(page, "L_.*." + "o.." * 6)       # 21 squares: a few seconds of solving in the worker
    page.wait_for_selector("#solve-status:not([hidden])")
    page.wait_for_function("document.getElementById('solve-text').textContent.includes('21-square strip')",
                           timeout=60_000)
    assert text(page, "#verdict") == "Solving…"
    page.click("#solve-stop")
    page.wait_for_selector("#solve-status", state="hidden")
    assert "Stopped" in text(page, "#exact-content")
    assert page.is_visible("#solve-again")
    # the page stays usable: edit a short strip meanwhile
    type_position(page, "L_o*o.o.o....")
    page.wait_for_function("document.getElementById('verdict').textContent.includes('13 plies')")
    assert [t for t in long_tasks_after_ready(page) if t >= BLOCKED_MS] == []


def test_solver_finishes_a_longer_strip_and_nothing_leaves_the_site(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    type_position(page, "L_.*.o..o..o..o..o.")   # 17 squares: Left wins in 25 (only move 3)
    page.wait_for_function("document.getElementById('verdict').textContent.includes('plies')", timeout=60_000)
    assert text(page, "#verdict") == "Left wins: Left to move wins in 25 plies. Winning move: 3."
    # clicking on the same strip length again answers at once from the solved table
    click_square(page, 17)
    page.wait_for_function("document.getElementById('verdict').textContent.includes('plies')", timeout=30_000)
    assert position(page) == "L_.*.o..o..o..o..oo"
    assert all(u.startswith(calc_server) or u.startswith(("data:", "blob:")) for u in page.calc_requests), \
        [u for u in page.calc_requests if not u.startswith(calc_server)]
    assert [t for t in long_tasks_after_ready(page) if t >= BLOCKED_MS] == []
    assert not page.calc_errors


def test_default_strip_is_drawn_before_python_is_ready(calc_page, calc_server):
    page = calc_page
    release = hold_the_engine(page)
    page.goto(calc_server + "calculator.html")
    page.wait_for_function("""() => {
        const c = document.getElementById('strip');
        const d = c.getContext('2d').getImageData(c.width / 2, c.height / 2, 1, 1).data;
        return d[3] > 0;
    }""")  # painted by the page's module script after its first frame, which may come after "load"
    assert page.evaluate("document.documentElement.classList.contains('ready')") is False
    release()
    page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)


def test_works_under_a_sub_path(calc_page, server):
    page = calc_page
    open_calc(page, server.origin + "/sub/path/", "R_..o*o..")
    assert position(page) == "R_..o*o.."
    page.wait_for_function("document.getElementById('verdict').textContent.includes('plies')")
    assert not page.calc_errors


def test_phone_size_and_dark_theme(browser, calc_server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark",
                                   is_mobile=True, has_touch=True)
    page = ctx.new_page()
    try:
        page.goto(calc_server + "calculator.html#L_.*.o..o..")
        page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
        # nothing is wider than the screen except inside the horizontal scrollers
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = page.locator("#strip").bounding_box()
        x, y = LayoutStrip(9, box["width"], box["height"]).xy(6)
        page.touchscreen.tap(box["x"] + x, box["y"] + y)       # a tap puts a stone
        page.wait_for_function("document.getElementById('strip').dataset.position === 'L_.*.o.oo..'")
        bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert bg == "rgb(21, 24, 28)"             # theme.css dark --bg
        pixel = """() => { const c = document.getElementById('strip');
            return Array.from(c.getContext('2d').getImageData(3, 3, 1, 1).data).join(','); }"""
        dark_bg = page.evaluate(pixel)
        page.click("#theme")
        assert page.evaluate("document.documentElement.dataset.theme") == "light"
        page.wait_for_function(f"({pixel})() !== '{dark_bg}'")     # the strip is redrawn in the new theme
    finally:
        ctx.close()


# ---------------------------------------------------------------- start-up (Python only in the page's worker)


def test_before_ready_a_click_on_the_strip_is_applied_once_ready(calc_page, calc_server):
    page = calc_page
    release = hold_the_engine(page)
    page.goto(calc_server + "calculator.html#L_.*.o..o..")
    assert page.evaluate("document.documentElement.classList.contains('ready')") is False
    assert "Starting the engine" in text(page, "#loading")
    assert position(page) == "L_.*.o..o.."          # drawn by the JS mirror at once
    assert text(page, "#strip-caption") == "9 squares, ball on square 2, 2 stones, Left to move"
    click_square(page, 6)                              # before ready: queued, and the page says so
    assert "your edit will be applied" in text(page, "#edit-message")
    release()
    page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
    page.wait_for_function("document.getElementById('strip').dataset.position === 'L_.*.o.oo..'")
    assert url_hash(page) == "L_.*.o.oo.."
    assert not page.calc_errors


def test_engine_controls_are_disabled_until_ready_and_say_why(calc_page, calc_server):
    page = calc_page
    release = hold_the_engine(page)
    page.goto(calc_server + "calculator.html#R_..o*o..")
    assert page.evaluate("document.documentElement.classList.contains('ready')") is False
    for sel in ("#calculate", "#clear", "#mirror", "#add-left", "#explore-run", "#side-choice", "#length"):
        assert page.get_attribute(sel, "aria-disabled") == "true", sel
    assert page.get_attribute("#position-input", "readonly") is not None
    page.click("#mirror", force=True)                  # force: Playwright itself waits while aria-disabled
    assert "works as soon as it is ready" in text(page, "#edit-message")
    release()
    page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
    assert position(page) == "R_..o*o.."               # the refused click did nothing
    for sel in ("#calculate", "#clear", "#mirror", "#add-left", "#explore-run", "#side-choice", "#length"):
        assert page.get_attribute(sel, "aria-disabled") is None, sel
    assert page.get_attribute("#position-input", "readonly") is None
    assert page.is_hidden("#loading")
    page.click("#mirror")
    assert position(page) == "L_..o*o.."
    assert not page.calc_errors


def test_the_page_answers_while_a_long_solve_runs(calc_page, calc_server):
    page = calc_page
    open_calc(page, calc_server)
    type_position(page, "L_.*." + "o.." * 6)       # 21 squares: seconds of solving, in slices
    page.wait_for_function("document.getElementById('solve-text').textContent.includes('21-square strip')",
                           timeout=60_000)
    # the worker answers between two slices: an edit is applied while the solve goes on
    page.check("#tool-ball")
    click_square(page, 11)
    assert position(page) == "L_...o..o..o*.o..o..o.."
    assert page.is_visible("#solve-status") and text(page, "#verdict") == "Solving…"
    page.click("#solve-stop")
    page.wait_for_selector("#solve-status", state="hidden")
    tasks = long_tasks_after_ready(page)
    assert [t for t in tasks if t >= BLOCKED_MS] == [], tasks   # Python never blocked the page
    assert not page.calc_errors


def test_a_link_with_malformed_escapes_is_named_not_thrown(calc_page, calc_server):
    page = calc_page
    page.goto(calc_server + "calculator.html#%E0%A4%A")
    page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
    err = text(page, "#input-error")
    assert "'%E0%A4%A' could not be read" in err and "%-escapes" in err and "default position" in err
    assert position(page) == "L_o*o.o.o...."
    assert url_hash(page) == "L_o*o.o.o...."
    assert not page.calc_errors                         # no uncaught "URI malformed"


@pytest.mark.parametrize("stored", ["[" * 5000 + "]" * 5000, '{"v":1,"theme":' + "[" * 5000 + "]" * 5000 + "}",
                                    "purple", ""])
def test_corrupt_stored_values_do_not_break_the_page(browser, calc_server, stored):
    """The calculator stores nothing itself; theme.js keeps the theme: anything but light/dark is ignored."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, color_scheme="dark")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(f"try {{ localStorage.setItem('phutball.theme', {stored!r}); }} catch (e) {{}}")
    try:
        page.goto(calc_server + "calculator.html#L_.*.o..o..")
        page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"   # the system's
        assert position(page) == "L_.*.o..o.."
        assert not errors
    finally:
        ctx.close()


# ---------------------------------------------------------------- a phone: the strip fits, its ends are seen


def luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0..255 channels)."""
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_on_a_phone_a_16_square_strip_fits_and_its_ends_stand_out_on_both_themes(browser, server, saved_start):
    """Issue 39, item 6 (calculator): on a 390-px phone a 12-square strip scrolled sideways (a square was
    at least 30 px wide for fingers), and in the dark theme the ends past the strip were near-black cells
    outlined in near-black (1.3:1 against the page).  A strip of up to 16 squares (17 here) fits the
    screen, and each end's outline has at least 3:1 against the page around it (WCAG 1.4.11), on both
    themes; in the dark theme the end also stands 3:1 apart from the square next to it."""
    from lab.views.board import GEOMETRY
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark", is_mobile=True,
                              has_touch=True)
    try:
        seed_saved_start(ctx, server)
        page = ctx.new_page()
        own_input_devices(page)
        for n in (12, 16, 17):
            position = "L_.*.o.o" + "." * (n - 6)     # squares 1 and n empty: the ends' neighbours show their fill
            page.goto(f"{server.origin}/calculator.html#{position}")
            page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
            page.wait_for_function(f"document.getElementById('strip').dataset.position === '{position}'")
            sizes = page.evaluate("""() => { const s = document.getElementById('strip-scroll');
                const r = document.getElementById('strip').getBoundingClientRect();
                return {page: document.scrollingElement.scrollWidth, inner: innerWidth, scroll: s.scrollWidth,
                        box: s.clientWidth, left: r.left, right: r.right}; }""")
            assert sizes["page"] <= sizes["inner"], (n, sizes)               # no sideways scroll of the page
            assert sizes["scroll"] <= sizes["box"], (n, sizes)               # nor of the strip's own box
            assert 0 <= sizes["left"] and sizes["right"] <= 390, (n, sizes)  # the whole strip on the screen
        pixels = """([xs, y]) => { const c = document.getElementById('strip');
            const k = c.width / c.getBoundingClientRect().width;
            return xs.map((x) => Array.from(c.getContext('2d').getImageData(Math.floor(x * k), Math.floor(y * k),
                                                                             1, 1).data)); }"""
        for theme in ("dark", "light"):
            if page.evaluate("document.documentElement.dataset.theme") != theme:
                before = page.evaluate(pixels, [[3], 3])
                page.click("#theme")
                page.wait_for_function(f"({pixels})([[3], 3])[0].join() !== '{','.join(map(str, before[0]))}'")
            box = page.locator("#strip").bounding_box()
            lay = LayoutStrip(17, box["width"], box["height"])
            half = lay.cell * GEOMETRY.square
            (bg,) = page.evaluate(pixels, [[3], 3])                          # the page around the strip
            for end, inward in ((0, 1), (18, -1)):
                x, y = lay.xy(end)
                edge = x - inward * half                                     # the end's outer side
                ring = page.evaluate(pixels, [[edge + d / 2 for d in range(-6, 7)], y])
                best = max(contrast(p, bg) for p in ring)
                assert best >= 3, (theme, end, ring, bg, best)
                if theme == "dark":
                    fill, neighbour = page.evaluate(pixels, [[x, x + inward * lay.cell], y])
                    assert contrast(fill, neighbour) >= 3, (end, fill, neighbour)
    finally:
        ctx.close()
