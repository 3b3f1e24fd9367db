"""Embeds end to end: embed.html, the embed.js snippet on a page of another origin, the share dialog
and the SVG/PNG export, in headless Chromium.

The JavaScript drawing of plain diagrams (embedboard.js) and the frame's reading of
its parameters (embedframe.js) are checked against the Python they mirror
(lab/views/board.py, lab/embedparams.py), so the two cannot drift apart.
"""

from __future__ import annotations

import re
import struct
import tempfile
import urllib.parse
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import expect

from conftest import (CHROMIUM, DIST, ROOT, chromium_args, READY_TIMEOUT, SAVED_START_CACHE, Recorder, click_point,
                      own_input_devices, poll, seed_saved_start, wait_ready)
from devserver import StaticServer
from lab.views.diagram import Marks, frame_shapes, natural_size
from lab.embedparams import parse_params
from phutball.errors import PhutballError
from phutball.game import parse_any_position

HOSTILE = "<img src=x onerror=alert(1)>"


def approx_equal(a, b, path="shapes") -> None:
    """JSON-like values equal, numbers to 1e-9 (JavaScript and Python do the same float operations)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        assert abs(a - b) <= 1e-9 * max(1.0, abs(b)), f"{path}: {a} != {b}"
    elif isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), f"{path}: keys {sorted(a)} != {sorted(b)}"
        for k in a:
            approx_equal(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        assert len(a) == len(b), f"{path}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            approx_equal(x, y, f"{path}[{i}]")
    else:
        assert a == b, f"{path}: {a!r} != {b!r}"


def engine_started(scope) -> None:
    """Ready, as a reader gets it: a replay or play frame (html.lazy) starts its engine when focused."""
    scope.locator("html.ready, html.lazy").wait_for(timeout=READY_TIMEOUT)
    if scope.locator("html.lazy").count():
        scope.locator("#board").focus()  # an interaction that changes nothing
    scope.locator("html.ready").wait_for(timeout=READY_TIMEOUT)


def open_embed(page, server, fragment: str) -> None:
    page.goto(f"{server.origin}/embed.html#{fragment}")
    engine_started(page)


# ----------------------------------------------------------------- the JavaScript mirror of boardview

POSITIONS = ["15x19_O_H10", "9x9_o_e5_d4,e6,f7", "19x19_X_K20_A1T19K10", "5x5_O_C0_A1B2E5",
             "25x25_O_N13_Z25A1", "7x11_X_D6_D5D7", "9x9_O_J10_A9J9",
             "L_o*o.o.o....", "R_<o..o.", "L_..o.o>", "r_.*.", "L_o.*" + "." * 30]
SIZES = [(480, 600), (333, 421), (900, 200)]


def test_javascript_shapes_equal_the_python_shapes(page, server):
    open_embed(page, server, "")
    cases = [(t, w, h, c) for t in POSITIONS for (w, h) in SIZES for c in (True, False)]
    got = page.evaluate("""async (cases) => {
        const B = await import(new URL("./embedboard.js", document.baseURI).href);  // the page's module
        return cases.map(([t, w, h, c]) => {
            const p = B.parsePosition(t);
            return p && {canonical: p.canonical, shapes: B.shapes(p, w, h, c), natural: B.naturalSize(p, 40)};
        });
    }""", cases)
    for (text, w, h, coords), js in zip(cases, got):
        pos = parse_any_position(text)
        assert js is not None, f"JavaScript could not read {text!r}"
        assert js["canonical"] == str(pos)
        approx_equal(js["shapes"], frame_shapes(pos, w, h, marks=Marks(coordinates=coords)), f"{text} {w}x{h}")
        approx_equal(js["natural"], list(natural_size(pos, 40)), f"{text} natural size")


DOUBTFUL = ["", " 9x9_O_E5", "9x9_O_E5_E5", "8x9_O_E5", "27x27_O_N13", "9x9_O_Z5", "9x9_Q_E5", "9x9_O_E5_I3",
            "9x9_O_E5_E0", "9x9_O_E11", "9x9_O_E05", "9x9_O_E5_E6E6", "9x9_O", "L_o*o*", "L_*.", "X_o*o",
            "L_o|o.", "L_o↓o", "L_ o*o", "L_○•○··", HOSTILE]


def test_javascript_reads_a_position_only_when_sure_and_never_one_python_refuses(page, server):
    open_embed(page, server, "")
    got = page.evaluate("""async (texts) => {
        const B = await import(new URL("./embedboard.js", document.baseURI).href);
        return texts.map((t) => {
            const p = B.parsePosition(t);
            return p && p.canonical;
        });
    }""", DOUBTFUL)
    for text, js in zip(DOUBTFUL, got):
        try:
            pos = parse_any_position(text)
            python = str(pos) if hasattr(pos, "n") or hasattr(pos, "size") else None  # not an Oddish board
        except PhutballError:
            python = None
        assert js is None or js == python, (text, js, python)
    assert got.count(None) == len(DOUBTFUL)  # none of these is drawn without Python


FRAGMENTS = ["", "9x9_O_E5", "9x9_o_e5", "9x9_O_E5%20", "%3Cb%3E", "%zz", "position=9x9_O_E5&theme=DARK",
             "theme=dark%20", "coords=Off", "coords=0", "coords=off%EF%BB%BF", "coords=", "mode=View",
             "mode=play", "position=L_o*o.o.o....&numbers=no&arrows=yes", "position=9x9_O_E5&position=9x9_O_E5",
             "foo=bar", "moves=E6", "ply=0", "position=%zz", "theme=dark&coords=maybe", "position=L_o|o.",
             "mode=view&theme=light&coords=1&numbers=0&arrows=off&position=" + urllib.parse.quote("R_<o..o.")]


def test_the_frame_draws_alone_only_what_python_would_draw_the_same(page, server):
    open_embed(page, server, "")
    got = page.evaluate("""async (frags) => {
        const B = await import(new URL("./embedboard.js", document.baseURI).href);
        const F = await import(new URL("./embedframe.js", document.baseURI).href);  // the page's, not run again
        return frags.map((f) => {
            const p = F.readParams("#" + f);
            const pos = p.position === null ? null : B.parsePosition(p.position);
            return {alone: !!(p.sure && p.mode === "view" && pos), canonical: pos && pos.canonical,
                    theme: p.theme, coords: p.coords};
        });
    }""", FRAGMENTS)
    alone = 0
    for fragment, js in zip(FRAGMENTS, got):
        if not js["alone"]:
            continue
        alone += 1
        p = parse_params(fragment)  # must not raise: the frame would have drawn without a word
        assert (p.mode, p.moves, p.record) == ("view", (), None), fragment
        assert (p.position, p.theme, p.coords) == (js["canonical"], js["theme"], js["coords"]), fragment
    assert alone >= 8  # the sure cases are really drawn alone


# How many times the board is drawn (drawShapes clears the canvas first).
COUNT_DRAWS = """(() => {
    window.boardDraws = 0;
    const clear = CanvasRenderingContext2D.prototype.clearRect;
    CanvasRenderingContext2D.prototype.clearRect = function (...args) {
        if (this.canvas && this.canvas.id === 'board') window.boardDraws++;
        return clear.apply(this, args);
    };
})()"""


def test_a_plain_diagram_is_drawn_without_loading_python(page, server):
    page.add_init_script(COUNT_DRAWS)
    open_embed(page, server, "position=9x9_O_E5_D4&theme=dark&coords=off")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-position", "9x9_O_E5_D4")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    painted = page.evaluate("""() => {
        const c = document.getElementById('board');
        return c.getContext('2d').getImageData(c.width / 2, c.height / 2, 1, 1).data[3] > 0;
    }""")
    assert painted
    # once: drawn in a task after the frame's own start, the ResizeObserver's first call (the first frame)
    # does not draw it again (issue 39, item 12: it was drawn twice, the first time in the start's task)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert page.evaluate("window.boardDraws") == 1
    loaded = [u for u in page.recorder.requests if u.endswith((".js", ".mjs", ".py", ".whl", ".wasm", ".zip"))
              and not u.endswith(("/theme.js", "/embed.js", "/canvas.js", "/embedboard.js", "/embedframe.js", "/sw-register.js"))]
    assert loaded == []
    assert page.recorder.errors == []


def test_a_view_of_moves_numbers_the_placements_and_draws_the_jump(page, server):
    open_embed(page, server, "position=9x9_O_E5&moves=E6+A1+E7+E5-E8+E6&mode=view")
    expect(page.locator("#board")).to_have_attribute("data-position", "9x9_X_E8_A1E6")
    assert page.locator("#bar").is_hidden()


# ----------------------------------------------------------------- embed.js on another origin

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A teaching page</title><link rel="icon" href="data:,">
<style>body {{ font: 16px sans-serif; max-width: 640px; margin: 1rem auto; }}</style></head>
<body>
<h1>Phutball in three boards</h1>
<div class="phutball" id="view" data-position="9x9_O_E5_D4E6F7" data-coords="off">Diagram 9x9_O_E5_D4E6F7</div>
<div class="phutball" id="replay" data-position="9x9_O_E5" data-moves="E6 A1 E7 E5-E8 E6">Game: E6 A1 E7 E5-E8 E6</div>
<div class="phutball" id="play" data-position="L_o*o.o.o...." data-mode="play" data-theme="dark">Strip L_o*o.o.o....</div>
<div class="phutball" id="hostile" data-position="{hostile}">A bad board</div>
<script src="{origin}/sub/path/embed.js"></script>
</body></html>
"""


@pytest.fixture(scope="module")
def host(browser, server):
    """The host page, loaded once: every embed's Python start is paid once for the tests below."""
    html = HOST_PAGE.format(origin=server.origin, hostile=HOSTILE.replace("<", "&lt;").replace(">", "&gt;"))
    with StaticServer({}, pages={"/host.html": html}) as srv:
        assert srv.origin != server.origin
        ctx = browser.new_context(viewport={"width": 900, "height": 900})
        page = ctx.new_page()
        page.recorder = Recorder(page)
        page.dialogs = []
        page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
        page.goto(f"{srv.origin}/host.html")
        for i in range(4):
            engine_started(page.frame_locator("iframe").nth(i))
        page.host_origin = srv.origin
        yield page
        ctx.close()


def frame_of(host, div_id: str):
    return host.frame_locator(f"#{div_id} iframe")


@pytest.mark.parametrize("div_id", ["view", "replay", "play", "hostile"])
def test_every_embed_is_as_tall_as_its_content_and_hides_its_fallback(host, server, div_id):
    src = host.locator(f"#{div_id} iframe").get_attribute("src")
    assert src.startswith(f"{server.origin}/sub/path/embed.html#")  # found next to embed.js
    content = frame_of(host, div_id).locator("#embed")
    height = content.evaluate("e => Math.ceil(e.getBoundingClientRect().height)")
    assert height > 100
    host.wait_for_function("([id, h]) => document.querySelector(`#${id} iframe`).getBoundingClientRect().height === h",
                           arg=[div_id, height])
    expect(host.locator(f"#{div_id} .phutball-fallback")).to_be_hidden()
    if div_id != "hostile":
        board = frame_of(host, div_id).locator("#board")
        box = board.bounding_box()
        pos = parse_any_position(board.get_attribute("data-position"))
        w, h = natural_size(pos)
        assert abs(box["height"] - box["width"] * h / w) <= 1.5  # the board's own proportions
        assert box["width"] <= host.locator(f"#{div_id} iframe").bounding_box()["width"]


def test_size_messages_from_another_origin_or_window_are_ignored(host):
    before = host.evaluate("document.querySelector('#view iframe').style.height")
    # The host page itself (another origin than embed.js) and a forged message from the top window.
    host.evaluate("window.postMessage({type: 'phutball-size', height: 7, rendered: true}, '*')")
    host.wait_for_timeout(300)  # let the message be delivered (and ignored)
    assert host.evaluate("document.querySelector('#view iframe').style.height") == before != "7px"


def test_replay_steps_with_the_arrow_keys(host):
    frame = frame_of(host, "replay")
    board = frame.locator("#board")
    expect(board).to_have_attribute("data-position", "9x9_O_E5")
    expect(frame.locator("#counter")).to_have_text("0 / 5")
    board.click()
    host.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-position", "9x9_X_E5_E6")
    expect(frame.locator("#counter")).to_have_text("1 / 5")
    for _ in range(3):
        host.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-position", "9x9_O_E8_A1")  # Eks jumped E5-E8 over E6 and E7
    expect(frame.locator("#status")).to_have_text("Move 2: Eks jumped E5-E8.")
    host.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-position", "9x9_X_E5_A1E6E7")
    host.keyboard.press("End")
    expect(board).to_have_attribute("data-position", "9x9_X_E8_A1E6")
    expect(frame.locator("#next")).to_be_disabled()
    frame.locator("#first").click()
    expect(board).to_have_attribute("data-position", "9x9_O_E5")


def test_play_accepts_a_click_and_stores_nothing(host):
    frame = frame_of(host, "play")
    expect(frame.locator("#board")).to_have_attribute("data-position", "L_o*o.o.o....")
    click_point(frame, 4)
    expect(frame.locator("#board")).to_have_attribute("data-position", "R_o*ooo.o....")
    expect(frame.locator("#status")).to_contain_text("Right to move")
    expect(frame.locator("#undo")).to_be_enabled()
    assert frame.locator("html").get_attribute("data-theme") == "dark"
    assert frame.locator("html").evaluate("() => localStorage.length") == 0


def test_a_hostile_parameter_is_shown_as_text(host):
    frame = frame_of(host, "hostile")
    error = frame.locator("#error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("position")
    expect(error.locator("code.value")).to_have_text(HOSTILE)
    assert frame.locator("img").count() == 0 and host.locator("img").count() == 0
    assert frame.locator("#board").is_hidden()
    assert host.dialogs == []


def test_the_host_page_logs_no_error_and_asks_only_the_two_origins(host, server):
    assert host.recorder.errors == []
    outside = [u for u in host.recorder.requests
               if not u.startswith((server.origin + "/", host.host_origin + "/", "data:", "blob:", "about:"))]
    assert outside == []


STEADY_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A post with boards</title><link rel="icon" href="data:,">
<style>body {{ font: 16px sans-serif; max-width: 640px; margin: 1rem auto; }}</style>
<script>
  // Every layout shift of this page, as a reader's browser scores them (input or not).
  window.shifts = [];
  new PerformanceObserver((list) => {{ for (const e of list.getEntries()) window.shifts.push(e.value); }})
    .observe({{ type: "layout-shift", buffered: true }});
</script>
<script src="{origin}/embed.js"></script></head>
<body>
<p>Text above the boards.</p>
<div class="phutball" id="view" data-position="9x9_O_E5_D4E6F7">Diagram</div>
<p>Text between.</p>
<div class="phutball" id="replay" data-position="9x9_O_E5" data-moves="E6 A1 E7 E5-E8 E6">Game</div>
<p>Text between.</p>
<div class="phutball" id="play" data-position="L_o*o.o.o...." data-mode="play">Strip</div>
<p>Text between.</p>
<div class="phutball" id="bad" data-position="9x9_O_E5_Q9">A bad position</div>
<p>Text between.</p>
<div class="phutball" id="junk" data-position="not a board">Not a board</div>
<p>Text below the boards.</p>
<script>
  // Each iframe's height, every time it changes, from the moment embed.js made it.
  window.heights = {{}};
  const seen = new ResizeObserver((entries) => {{
    for (const e of entries) {{
      const id = e.target.parentElement.id;
      (window.heights[id] = window.heights[id] || []).push(e.target.getBoundingClientRect().height);
    }}
  }});
  document.querySelectorAll("div.phutball iframe").forEach((f) => seen.observe(f));
</script>
</body></html>
"""


# The saved start's keys once it is kept in one form, gzipped (site/pyodide/lab.mjs), else null.
SAVED_KEYS_GZIPPED = f"""async () => {{
  const keys = (await (await caches.open('{SAVED_START_CACHE}')).keys()).map((r) => r.url);
  return keys.length === 1 && keys[0].endsWith('.bin.gz') ? keys : null;
}}"""


def test_three_embeds_start_without_moving_the_host_page(browser, unshipped_server):
    """View, replay and play (two needing Python) and two bad positions on another origin: each frame's height is
    final before it loads, replay and play start their engine at the reader's first input, which is applied.
    (A site without its shipped start: the frames' own first start, one at a time.)"""
    server = unshipped_server
    html = STEADY_PAGE.format(origin=server.origin)
    with StaticServer({}, pages={"/post.html": html}) as srv:
        ctx = browser.new_context(viewport={"width": 900, "height": 2600})
        try:
            page = ctx.new_page()
            page.recorder = Recorder(page)
            own_input_devices(page)
            page.goto(f"{srv.origin}/post.html")
            frames = {i: page.frame_locator(f"#{i} iframe") for i in ("view", "replay", "play", "bad", "junk")}
            frames["view"].locator("html.ready").wait_for(timeout=READY_TIMEOUT)
            for i in ("replay", "play"):
                frames[i].locator("html.lazy").wait_for(timeout=READY_TIMEOUT)
                expect(frames[i].locator("#board")).to_have_attribute("data-position", re.compile("."))
                started = frames[i].locator("html").evaluate(
                    "() => performance.getEntriesByType('resource').map((e) => e.name)"
                    ".filter((u) => /host\\.js|pyscript|polyscript|pyodide/.test(u))")
                assert started == []  # nothing of the engine before the reader asks
            # The reader's first inputs, made before the engines are ready: queued, then applied.
            frames["replay"].locator("#next").click()
            expect(frames["replay"].locator("#loading")).to_contain_text("Starting the engine")
            click_point(frames["play"], 4)
            for i in frames:
                frames[i].locator("html.ready").wait_for(timeout=READY_TIMEOUT)
            expect(frames["replay"].locator("#counter")).to_have_text("1 / 5")
            expect(frames["replay"].locator("#board")).to_have_attribute("data-position", "9x9_X_E5_E6")
            expect(frames["play"].locator("#board")).to_have_attribute("data-position", "R_o*ooo.o....")
            # One Python start for the page: the first of the four frames with Python (replay, play, and the two
            # that let Python word the error) started it and saved it, the others waited and restored that
            # (pyodide/lab.mjs's start lock), instead of four starts competing for the CPU.
            starts = sorted(frames[i].locator("html").get_attribute("data-python-start")
                            for i in ("replay", "play", "bad", "junk"))
            assert starts == ["restored", "restored", "restored", "saved"]
            # ...kept gzipped in the end, whichever form the first start handed over while others waited
            play_frame = page.locator("#play iframe").element_handle().content_frame()
            keys = poll(play_frame, SAVED_KEYS_GZIPPED, None, "the saved start kept gzipped")
            assert len(keys) == 1 and keys[0].endswith(".bin.gz"), keys
            for i in ("bad", "junk"):
                expect(frames[i].locator("#error")).to_contain_text("position")
            for i in frames:
                expect(frames[i].locator("#loading")).to_be_hidden()
                content = frames[i].locator("#embed").evaluate("e => e.getBoundingClientRect().height")
                host_h = page.locator(f"#{i} iframe").evaluate("e => e.getBoundingClientRect().height")
                assert content == host_h, i
            heights = page.evaluate("window.heights")
            assert sorted(heights) == ["bad", "junk", "play", "replay", "view"]
            for i, seen in heights.items():
                assert len(set(seen)) == 1 and seen[0] > 100, (i, seen)  # one height from first paint to ready
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            assert page.evaluate("window.shifts") == []  # cumulative layout shift: 0
            assert page.recorder.errors == []
        finally:
            ctx.close()


@pytest.mark.parametrize("width", [320, 480, 1000])
def test_the_fixed_layout_fits_its_content_at_every_width(browser, server, width):
    """The frame's height is fixed before Python (embed.js's layout): at a phone's width too, the board keeps
    its proportions, the bar's buttons stay on one row and its status in two lines, and nothing is left over."""
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = ctx.new_page()
        for fragment in ("position=9x9_O_E5_D4", "position=15x19_O_H10&moves=H11+H9&mode=replay",
                         "position=L_o*o.o.o....&mode=play", "position=R_<o..o.&mode=replay&moves=2"):
            page.goto("about:blank")
            page.goto(f"{server.origin}/embed.html#{fragment}")
            page.locator("html.ready, html.lazy").wait_for(timeout=READY_TIMEOUT)
            got = page.evaluate("""() => {
                const box = (id) => document.getElementById(id).getBoundingClientRect();
                const bar = document.getElementById('bar'), row = bar.querySelector('.embed-row');
                const status = document.getElementById('status');
                return {embed: box('embed'), board: box('board'), bar: bar.hidden ? null : box('bar'),
                        rowFits: row.scrollHeight <= row.clientHeight, statusFits: bar.hidden || status.clientHeight >= 2 * 21,
                        page: document.body.getBoundingClientRect().height};
            }""")
            pos = parse_any_position(page.locator("#board").get_attribute("data-position"))
            w, h = natural_size(pos)
            board, embed = got["board"], got["embed"]
            assert abs(board["height"] - board["width"] * h / w) <= 1.0, fragment
            last = got["bar"]["bottom"] if got["bar"] else board["bottom"]
            assert abs(embed["bottom"] - 4 - last) <= 0.5, fragment  # no room left over, none missing
            assert board["width"] <= width - 8 and got["rowFits"] and got["statusFits"], fragment
            assert got["page"] == round(embed["height"]), fragment
    finally:
        ctx.close()


def test_the_standalone_embed_page_follows_the_theme_chosen_on_the_site(context, server):
    page = context.new_page()
    page.emulate_media(color_scheme="light")
    page.goto(f"{server.origin}/index.html")
    page.locator("#theme").click()  # the reader picks the dark theme on the site
    assert page.evaluate("localStorage.getItem('phutball.theme')") == "dark"
    for fragment, theme in (("position=9x9_O_E5", "dark"), ("position=9x9_O_E5&theme=auto", "dark"),
                            ("9x9_O_E5", "dark"), ("position=9x9_O_E5&theme=light", "light"),
                            ("position=9x9_O_E5&mode=play", "dark")):
        page.goto("about:blank")  # a new document each time (not a same-document fragment change)
        page.goto(f"{server.origin}/embed.html#{fragment}")
        page.locator("html.ready, html.lazy").wait_for(timeout=READY_TIMEOUT)
        assert page.evaluate("document.documentElement.dataset.theme") == theme, fragment
        drawn, bg = page.evaluate("""() => {
            const c = document.getElementById('board');
            const px = c.getContext('2d').getImageData(c.width / 2, 2, 1, 1).data;
            const t = document.createElement('canvas').getContext('2d');
            t.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim();
            t.fillRect(0, 0, 1, 1);
            return [Array.from(px.slice(0, 3)), Array.from(t.getImageData(0, 0, 1, 1).data.slice(0, 3))];
        }""")
        assert drawn == bg, fragment  # the board is drawn in that theme's colours
    page.locator("html").evaluate("() => localStorage.setItem('phutball.theme', 'light')")
    page.goto("about:blank")
    page.goto(f"{server.origin}/embed.html#position=9x9_O_E5&theme=dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"  # an explicit theme wins


def test_several_embeds_download_pyodide_once(browser, server):
    """A real (on-disk) profile, as a reader's browser has: two Python embeds, one download of the runtime."""
    wasm = (DIST / "pyodide" / "pyodide.asm.wasm").stat().st_size
    html = HOST_PAGE.format(origin="ORIGIN", hostile="9x9_O_E5").replace("ORIGIN/sub/path", "")
    with StaticServer({"/": DIST}, pages={"/two.html": html}) as srv, \
            tempfile.TemporaryDirectory(prefix="embed-profile-") as profile:
        ctx = browser.browser_type.launch_persistent_context(profile, executable_path=CHROMIUM, args=chromium_args(),
                                                             headless=True)
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(f"{srv.origin}/two.html")
            for i in range(4):  # the replay and the play frame start their engines at once
                page.frame_locator("iframe").nth(i).locator("html.ready, html.lazy").wait_for(timeout=READY_TIMEOUT)
            for i in range(4):
                engine_started(page.frame_locator("iframe").nth(i))
        finally:
            ctx.close()
        wasm_requests = [r for r in srv.requests if r.endswith("pyodide.asm.wasm")]
        assert len(wasm_requests) >= 2  # the two Python frames both asked for it...
        # ...but it came down once, as did the shipped start (everything the page loads is ~1.5x the runtime,
        # plus the start once)
        start = sum(f.stat().st_size for f in (DIST / "pyodide").glob("python-start-*.bin.gz"))
        assert srv.bytes_sent < 2 * wasm + start


# ----------------------------------------------------------------- the play page's share dialog and export


def play_a_short_game(page, server) -> None:
    page.goto(f"{server.origin}/index.html#9x9_O_E5")
    wait_ready(page)
    expect(page.locator("#board")).to_have_attribute("data-position", "9x9_O_E5")
    for target in ("E6", "A1", "E5", "E7"):  # Ohs E6, Eks A1, Ohs jumps E5-E7
        click_point(page, target)
    expect(page.locator("#board")).to_have_attribute("data-position", "9x9_X_E7_A1")


def test_share_dialog_gives_a_working_link_iframe_and_div(page, server):
    play_a_short_game(page, server)
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    page.check('input[name="share-what"][value="game"]')
    expect(page.locator("#share-link")).to_have_value(f"{server.origin}/embed.html#position=9x9_O_E5&moves=E6+A1+E5-E7")
    page.click("#share-link-copy")
    expect(page.locator("#share-note")).to_have_text(re.compile(r"^(Copied|Selected)"))
    link = page.locator("#share-link").input_value()
    iframe = page.locator("#share-iframe").input_value()
    div = page.locator("#share-div").input_value()
    assert parse_params(urllib.parse.urlsplit(link).fragment).moves == ("E6", "A1", "E5-E7")

    viewer = page.context.new_page()
    viewer.recorder = Recorder(viewer)
    viewer.goto(link)
    engine_started(viewer)
    expect(viewer.locator("#counter")).to_have_text("0 / 3")
    viewer.locator("#board").click()
    viewer.keyboard.press("End")
    expect(viewer.locator("#board")).to_have_attribute("data-position", "9x9_X_E7_A1")

    html = f'<!doctype html><title>snippets</title><link rel="icon" href="data:,">{iframe}\n{div}'
    with StaticServer({}, pages={"/snippets.html": html}) as host:
        viewer.goto(f"{host.origin}/snippets.html")
        frames = viewer.frame_locator("iframe")
        for i in range(2):
            engine_started(frames.nth(i))
            expect(frames.nth(i).locator("#board")).to_have_attribute("data-position", "9x9_O_E5")
        expect(viewer.locator("div.phutball .phutball-fallback")).to_be_hidden()
    assert viewer.locator("iframe").count() == 2

    page.check('input[name="share-what"][value="position"]')
    page.uncheck("#share-numbers")
    page.uncheck("#share-arrows")
    page.select_option("#share-theme", "light")
    expect(page.locator("#share-link")).to_have_value(f"{server.origin}/embed.html#position=9x9_X_E7_A1&theme=light"
                                                      "&numbers=off&arrows=off")
    assert page.recorder.errors + viewer.recorder.errors == []


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_export_svg_and_png_of_the_current_position(page, server, tmp_path):
    play_a_short_game(page, server)
    page.click("#share")
    with page.expect_download() as d:
        page.click("#export-svg")
    svg_path = tmp_path / "board.svg"
    d.value.save_as(svg_path)
    assert d.value.suggested_filename == "phutball-move-3.svg"
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(svg_path).getroot()
    assert root.tag == ns + "svg"
    man = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--man').trim()")
    assert len([c for c in root.iter(ns + "circle") if c.get("fill") == man]) == 1  # A1; E6 was jumped
    label = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--man-label').trim()")
    assert [t.text for t in root.iter(ns + "text") if t.get("fill") == label] == ["2"]  # placed on move 2
    assert len(list(root.iter(ns + "polygon"))) == 1  # the arrow of E5-E7
    assert "var(" not in svg_path.read_text()

    with page.expect_download() as d:
        page.click("#export-png")
    png_path = tmp_path / "board.png"
    d.value.save_as(png_path)
    w, h = natural_size(parse_any_position("9x9_X_E7_A1"))
    assert png_size(png_path.read_bytes()) == (round(2 * w), round(2 * h))
    assert page.recorder.errors == []


def test_a_frame_whose_engine_cannot_load_says_so(page, server):
    page.route("**/polyscript/index.js", lambda route: route.abort())
    page.goto(f"{server.origin}/embed.html#position=9x9_O_E5&mode=play")
    engine_started(page)
    expect(page.locator("#error")).to_contain_text("The engine could not start.")
    expect(page.locator("#error")).to_contain_text("The engine's files did not load from this site.")
    expect(page.locator("#error")).not_to_contain_text("Error:")
    assert page.is_hidden("#loading")


def test_export_uses_the_theme_chosen_in_the_dialog(page, server, tmp_path):
    play_a_short_game(page, server)
    page_theme = page.evaluate("document.documentElement.dataset.theme")
    other = "dark" if page_theme != "dark" else "light"
    wanted = page.evaluate(f"""() => {{
        const root = document.documentElement, before = root.dataset.theme;
        root.dataset.theme = {other!r};
        const v = getComputedStyle(root).getPropertyValue('--board').trim();
        root.dataset.theme = before;
        return v;
    }}""")
    page.click("#share")
    page.select_option("#share-theme", other)
    with page.expect_download() as d:
        page.click("#export-svg")
    svg_path = tmp_path / "board.svg"
    d.value.save_as(svg_path)
    fills = {e.get("fill") for e in ET.parse(svg_path).getroot().iter() if e.get("fill")}
    assert wanted in fills
    assert page.evaluate("document.documentElement.dataset.theme") == page_theme  # the page is untouched


# ----------------------------------------------------------------- puzzle embeds (issue 16)

COURSE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title><link rel="icon" href="data:,">
<script src="{origin}/embed.js"></script></head>
<body>
<h1>Exercise 1</h1>
<div class="phutball" id="ex1" data-puzzle="paper-example-1" data-position="L_o*o.o.o....">Puzzle</div>
<h1>Exercise 2</h1>
<div class="phutball" id="ex2" data-position="5x5_O_B3_B4C4" data-task="win" data-text="Straight up!">Mine</div>
<h1>Exercise 3</h1>
<div class="phutball" id="bad" data-position="L_o*o.ooo...." data-task="win">Not a win</div>
<script>
  window.results = [];
  document.addEventListener("phutball-puzzle", (e) => window.results.push([e.target.id, e.detail]));
  window.addEventListener("message", (e) => {{ if (e.data && e.data.type === "phutball-puzzle") window.posted = true; }});
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def course(browser, server):
    """A course page on another origin with two puzzle embeds (a shipped one, a teacher's) and a bad one."""
    with StaticServer({}, pages={"/course.html": COURSE_PAGE.format(origin=server.origin)}) as srv:
        assert srv.origin != server.origin
        ctx = browser.new_context(viewport={"width": 900, "height": 1400})
        page = ctx.new_page()
        page.recorder = Recorder(page)
        own_input_devices(page)
        page.goto(f"{srv.origin}/course.html")
        for i in ("ex1", "ex2", "bad"):
            page.frame_locator(f"#{i} iframe").locator("html.ready").wait_for(timeout=READY_TIMEOUT)
        yield page
        ctx.close()


def test_a_shipped_puzzle_embed_is_solved_by_clicks_and_the_host_page_gets_the_result(course):
    from phutball.puzzles.judge import analysis
    frame = course.frame_locator("#ex1 iframe")
    board = frame.locator("#board")
    expect(board).to_have_attribute("data-position", "L_o*o.o.o....")
    expect(frame.locator("#task")).to_have_text("Left to play and win.")
    height = frame.locator("#embed").evaluate("e => Math.ceil(e.getBoundingClientRect().height)")
    assert course.locator("#ex1 iframe").evaluate("f => f.getBoundingClientRect().height") == height  # layout()'s
    # a wrong move first: refuted on the board, reported as an attempt, then Retry
    for s in (2, 4, 6, 8):
        click_point(frame, s)
    expect(board).to_have_attribute("data-phase", "wrong", timeout=60_000)
    expect(frame.locator("#status")).to_contain_text("✗")
    course.wait_for_function("window.results.length === 1")
    assert course.evaluate("window.results") == [["ex1", {"id": "paper-example-1", "solved": False, "attempts": 1}]]
    frame.locator("#step-prev").click()  # the refutation, move by move, each with its side
    expect(frame.locator("#status")).to_contain_text(re.compile(r"^\d+\. (Left|Right) [0-9-]+\. "))
    frame.locator("#retry").click()
    expect(board).to_have_attribute("data-position", "L_o*o.o.o....")
    for _ in range(12):
        pos = board.get_attribute("data-position")
        move = analysis(pos)["winning_moves"][0]
        squares = [int(x) for x in move.split("-")]
        for s in squares:
            click_point(frame, s)
        if len(squares) > 1 and board.get_attribute("data-phase") == "playing" \
                and board.get_attribute("data-position") == pos:
            frame.locator("#pfinish").click()
        expect(board).not_to_have_attribute("data-position", pos)
        expect(board).to_have_attribute("data-phase", re.compile("^(playing|solved)$"), timeout=60_000)
        if board.get_attribute("data-phase") == "solved":
            break
    course.wait_for_function("window.results.length === 2")
    assert course.evaluate("window.results[1]") == ["ex1", {"id": "paper-example-1", "solved": True, "attempts": 2}]
    expect(frame.locator("#status")).to_contain_text("Solved")


def test_a_teachers_puzzle_embed_with_hint_and_solution(course):
    frame = course.frame_locator("#ex2 iframe")
    board = frame.locator("#board")
    expect(frame.locator("#task")).to_have_text("Ohs to play and win.")
    frame.locator("#hint").click()
    expect(frame.locator("#status")).to_contain_text("Hint 1 of 3")
    click_point(frame, "B3")
    click_point(frame, "B5")
    expect(board).to_have_attribute("data-phase", "solved")
    expect(frame.locator("#status")).to_contain_text("Straight up!")
    assert "rating" not in frame.locator("#status").inner_text()  # a frame stores nothing: it tells no rating
    course.wait_for_function("window.results.some(([id]) => id === 'ex2')")
    got = [d for i, d in course.evaluate("window.results") if i == "ex2"]
    assert got == [{"id": "win:5x5_O_B3_B4C4", "solved": True, "attempts": 1}]


def test_a_teachers_puzzle_without_its_position_names_the_missing_parameter(page, server):
    page.goto(f"{server.origin}/embed.html#task=win&text=Go")  # issue 24 item 5: was "could not start"
    error = page.locator("#error")
    expect(error).to_be_visible(timeout=READY_TIMEOUT)
    expect(error).to_contain_text("position")
    expect(error).to_contain_text("missing")
    assert "could not start" not in error.inner_text() and page.recorder.errors == []


def test_a_teachers_bad_puzzle_shows_an_error_box(course):
    frame = course.frame_locator("#bad iframe")
    error = frame.locator("#error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("This puzzle has no solution as set.")
    expect(error).to_contain_text("Left does not win this position")
    expect(error.locator("code.value")).to_have_text("L_o*o.ooo....")
    assert frame.locator("#board").is_hidden()


def test_forged_puzzle_messages_are_not_dispatched(course):
    n = course.evaluate("window.results.length")
    course.evaluate("window.postMessage({type: 'phutball-puzzle', id: 'x', solved: true, attempts: 1}, '*')")
    course.evaluate("() => new Promise((r) => setTimeout(r, 300))")  # let it be delivered (and ignored)
    assert course.evaluate("window.results.length") == n


def test_the_puzzles_share_dialog_writes_a_working_puzzle_snippet(page, server):
    page.goto(f"{server.origin}/puzzles.html#2d-chain-1")
    wait_ready(page)
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    link = page.locator("#share-link").input_value()
    assert link.startswith(f"{server.origin}/embed.html#position=9x9_O_E2_") and link.endswith("&puzzle=2d-chain-1")
    div = page.locator("#share-div").input_value()
    assert 'data-puzzle="2d-chain-1"' in div and f'src="{server.origin}/embed.js"' in div
    page.goto(link)
    page.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
    expect(page.locator("#task")).to_have_text("Ohs to play and win.")
    assert parse_params(link.split("#", 1)[1]).puzzle == "2d-chain-1"


PHONE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>On a phone</title><link rel="icon" href="data:,"><script src="./embed.js"></script></head>
<body style="margin: 8px">
<div class="phutball" id="shipped" data-puzzle="paper-example-1" data-position="L_o*o.o.o....">A puzzle</div>
<div style="width: 320px"><div class="phutball" id="daily" data-puzzle="daily">Today's puzzle</div></div>
</body></html>
"""
ROW_FITS = """() => {
    const width = document.documentElement.clientWidth, row = document.querySelector('#bar .embed-row');
    const shown = [...row.querySelectorAll('button, a')].filter(e => e.getClientRects().length);
    return {width, scroll: row.scrollWidth <= row.clientWidth, count: shown.length,
            over: shown.filter(e => e.getBoundingClientRect().right > width - 4 + 0.5).map(e => e.id)};
}"""


def test_on_a_phone_a_puzzle_embeds_buttons_fit_and_a_daily_embed_fits_a_320_px_column(browser, server):
    """Issue 27: the puzzle bar ran off a 390 px phone; data-puzzle="daily" is the day's puzzle (the date
    injected with the browser's clock), the one Python chooses, in a 320 px frame."""
    import datetime
    from lab.puzzlelist import daily_puzzle, puzzles_from_files
    from lab.puzzles import PuzzleController
    files = [{"name": f.name, "text": f.read_text()} for f in sorted((DIST / "puzzles").glob("*.json"))
             if f.name != "index.json"]
    puzzles = puzzles_from_files(files)
    today = puzzles[daily_puzzle(puzzles, "2026-11-25")]
    server.add_page("/phone-course.html", PHONE_PAGE)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                              timezone_id="UTC")
    try:
        ctx.clock.set_fixed_time(datetime.datetime(2026, 11, 25, 12, 0, tzinfo=datetime.timezone.utc))
        page = ctx.new_page()
        page.goto(f"{server.origin}/phone-course.html")
        daily = page.frame_locator("#daily iframe")
        daily.locator(f"#board[data-position='{parse_any_position(today.position)}']").wait_for(
            timeout=READY_TIMEOUT)
        for frame_id, width in (("shipped", 390 - 16), ("daily", 320)):
            frame = page.frame_locator(f"#{frame_id} iframe")
            frame.locator("#bar .embed-row").wait_for()
            got = frame.locator("html").evaluate(ROW_FITS)
            assert got["width"] == width and got["count"] == 7, (frame_id, got)  # 6 buttons and the link
            assert got["over"] == [] and got["scroll"], (frame_id, got)
        assert page.locator("#daily iframe").bounding_box()["width"] == 320
        # as tall as the day's board and its bar (embed.js reserved that height at once, issue 39 item 4c): no room left
        inner = daily.locator("#embed").evaluate("e => e.getBoundingClientRect().height")
        page.wait_for_function("h => Math.abs(document.querySelector('#daily iframe').getBoundingClientRect().height"
                               " - h) <= 1", arg=inner)
        engine_started(daily)  # the engine: it reads data-puzzle="daily" as the same puzzle
        expect(daily.locator("#task")).to_have_text(PuzzleController([today]).task_prompt())
        expect(daily.locator("#board")).to_have_attribute("data-position", str(parse_any_position(today.position)))
        expect(daily.locator("#error")).to_be_hidden()
    finally:
        ctx.close()


# ----------------------------------------------------------------- issue 39, item 4: puzzle frames on a phone

PHONE_PUZZLES = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Puzzles on a phone</title><link rel="icon" href="data:,"><script src="./embed.js"></script></head>
<body style="margin: 8px">
<div class="phutball" id="deep" data-puzzle="deep-11x11-win-in-two-1" data-position="11x11_O_D8_C9">A 2D puzzle</div>
<div class="phutball" id="strip" data-puzzle="gen1d-s1-05" data-position="R_.*..o...oo.o.....o">A strip</div>
<div class="phutball" id="daily" data-puzzle="daily">Today's puzzle</div>
<div class="phutball" id="streak" data-puzzle="streak">A streak</div>
</body></html>
"""
#: A line of a frame's bar (the task): whether its text lies whole inside its box and the box that clips it
#: (no clipping, no ellipsis), and its sizes and those of that box.
TASK_SHOWN = """(e) => {
    const clip = e.closest('.embed-puzzle-text') || e, bar = document.getElementById('bar');
    const within = (r, b) => r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5
                             && r.bottom <= b.bottom + 0.5;
    const range = document.createRange();
    range.selectNodeContents(e);
    const rects = [...range.getClientRects()];
    const inside = rects.length > 0 && rects.every((r) => within(r, e.getBoundingClientRect())
                                                          && within(r, clip.getBoundingClientRect()));
    return {text: e.textContent, inside, inBar: within(clip.getBoundingClientRect(), bar.getBoundingClientRect()),
            scrollWidth: e.scrollWidth, clientWidth: e.clientWidth,
            scrollHeight: e.scrollHeight, clientHeight: e.clientHeight,
            clipped: clip.scrollHeight > clip.clientHeight || clip.scrollWidth > clip.clientWidth,
            ellipsis: getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth};
}"""


@pytest.fixture(scope="module")
def phone_puzzles(browser, server, saved_start):
    """A 390 px wide page with puzzle frames: a 2D puzzle with the longest kind of task, a strip, the day's puzzle
    and a streak."""
    server.add_page("/phone-puzzles.html", PHONE_PUZZLES)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    seed_saved_start(ctx, server)
    page = ctx.new_page()
    page.recorder = Recorder(page)
    own_input_devices(page)
    page.goto(f"{server.origin}/phone-puzzles.html")
    for i in ("deep", "strip", "daily", "streak"):
        page.frame_locator(f"#{i} iframe").locator("html.ready").wait_for(timeout=READY_TIMEOUT)
    yield page
    ctx.close()


def test_a_puzzle_frames_task_wraps_whole_at_a_phones_width(phone_puzzles):
    """Issue 39 item 4a: "Ohs to play: make a threat no defence ca…" was cut at 390 px: the task wraps instead."""
    from lab.puzzles import PuzzleController
    from phutball.puzzles.format import load_dir
    tasks = {p.id: PuzzleController([p]).task_prompt() for p in load_dir(ROOT / "puzzles")
             if p.id in ("deep-11x11-win-in-two-1", "gen1d-s1-05")}
    for div_id, puzzle in (("deep", "deep-11x11-win-in-two-1"), ("strip", "gen1d-s1-05")):
        task = phone_puzzles.frame_locator(f"#{div_id} iframe").locator("#task")
        expect(task).to_have_text(tasks[puzzle])
        got = task.evaluate(TASK_SHOWN)
        assert got["text"] == tasks[puzzle] and got["inside"] and got["inBar"], (div_id, got)
        assert not got["ellipsis"] and not got["clipped"], (div_id, got)
        assert got["scrollWidth"] <= got["clientWidth"] and got["scrollHeight"] <= got["clientHeight"], (div_id, got)
    assert phone_puzzles.locator("#deep iframe").bounding_box()["width"] == 390 - 16
    # a task longer than two lines hold (a wider font would do the same): set smaller, still whole
    task = phone_puzzles.frame_locator("#deep iframe").locator("#task")
    longer = tasks["deep-11x11-win-in-two-1"] + " Then do it again, and once more, on the same board."
    task.evaluate("(e, t) => { e.textContent = t; }", longer)
    expect(task).to_have_css("font-size", re.compile(r"^1[0-4](\.\d+)?px$"))
    got = task.evaluate(TASK_SHOWN)
    assert got["text"] == longer and got["inside"] and not got["clipped"], got
    assert phone_puzzles.recorder.errors == []


def test_puzzle_daily_and_streak_frames_say_which_goal_each_side_attacks(phone_puzzles):
    """Issue 39 item 4b: a line under the task, from lab.embed.goals_line (the side to move first)."""
    from lab.embed import goals_line
    expected = {"deep": "Ohs attack the top, Eks the bottom.", "strip": "Right attacks the left end, Left the right end."}
    for div_id in ("deep", "strip", "daily", "streak"):
        frame = phone_puzzles.frame_locator(f"#{div_id} iframe")
        start = frame.locator("#board").get_attribute("data-position")  # the puzzle's start: nothing played yet
        line = expected.get(div_id) or goals_line(start)
        goals = frame.locator("#goals")
        expect(goals).to_have_text(line)
        got = goals.evaluate(TASK_SHOWN)
        assert got["inside"] and got["inBar"] and not got["clipped"], (div_id, got)
        # under the task, above the status
        y = [frame.locator(f"#{i}").bounding_box()["y"] for i in ("task", "goals", "status")]
        assert y == sorted(y), (div_id, y)


DAILY_POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Today's puzzle</title><link rel="icon" href="data:,">
<script>
  window.shifts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.shifts.push(e.value); })
    .observe({ type: "layout-shift", buffered: true });
</script>
<script src="./embed.js"></script></head>
<body style="margin: 8px">
<p style="height: 1200px">A long text before the day's puzzle, which is below the fold.</p>
<div class="phutball" id="daily" data-puzzle="daily">Today's puzzle</div>
<p id="after">The text after it.</p>
<script>window.firstY = document.getElementById("after").getBoundingClientRect().top + scrollY;</script>
</body></html>
"""


def test_a_daily_frame_has_its_height_from_the_start_and_never_moves_the_host_page(browser, server, saved_start):
    """Issue 39 item 4c: a daily frame without a position was sized for a 15x19 board, then took its puzzle's
    height once it knew it (1,004 px to 684 px at 390 px), moving the host's text. Now embed.js knows the
    board of every day's puzzle (the build writes them in) and sizes the frame for it at once."""
    import datetime
    from lab.puzzlelist import daily_puzzle
    from phutball.puzzles.format import load_dir
    puzzles = load_dir(ROOT / "puzzles")
    days = (datetime.date(2026, 1, 1) + datetime.timedelta(days=i) for i in range(400))
    day = next(d for d in days if puzzles[daily_puzzle(puzzles, str(d))].variant.value == "1D")  # a strip: far
    today = puzzles[daily_puzzle(puzzles, str(day))]                                             # from 15x19
    server.add_page("/daily-post.html", DAILY_POST)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, timezone_id="UTC")
    try:
        seed_saved_start(ctx, server)
        ctx.clock.set_fixed_time(datetime.datetime(day.year, day.month, day.day, 12, tzinfo=datetime.timezone.utc))
        page = ctx.new_page()
        page.recorder = Recorder(page)
        page.goto(f"{server.origin}/daily-post.html")
        page.locator("#daily").scroll_into_view_if_needed()  # the frame loads (lazily) and shows in full
        frame = page.frame_locator("#daily iframe")
        frame.locator(f"#board[data-position='{parse_any_position(today.position)}']").wait_for(timeout=READY_TIMEOUT)
        frame.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
        inner = frame.locator("#embed").evaluate("e => e.getBoundingClientRect().height")
        assert inner < 500  # a strip's frame, not a 15x19 board's
        page.wait_for_function("h => Math.abs(document.querySelector('#daily iframe').getBoundingClientRect().height"
                               " - h) <= 1", arg=inner)  # as tall as its content
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        after = page.evaluate("document.getElementById('after').getBoundingClientRect().top + scrollY")
        assert after == page.evaluate("window.firstY")  # where it was before the frame loaded
        assert page.evaluate("window.shifts") == []  # cumulative layout shift: 0
        assert page.recorder.errors == []
    finally:
        ctx.close()


def test_the_embed_page_on_its_own_says_what_it_is_and_how_to_put_it_in_a_page(page, server):
    """Issue 39 item 4d: embed.html opened alone (no parameters) showed a bare 15x19 board. It says what it is and
    gives the lines to paste (with this site's address), above the board they show; a frame, or any parameter,
    shows only the board."""
    for path in ("/embed.html", "/sub/path/embed.html"):
        page.goto(f"{server.origin}{path}")
        wait_ready(page)
        about = page.locator("#about")
        expect(about).to_be_visible()
        expect(about.locator("h1")).to_have_text("A phutball board for other pages")
        snippet = about.locator("pre").inner_text()
        base = server.origin + path.removesuffix("embed.html")
        assert f'<script src="{base}embed.js"></script>' in snippet, snippet
        div = re.search(r'<div class="phutball" data-position="([^"]+)">', snippet)
        assert div, snippet
        expect(page.locator("#board")).to_have_attribute("data-position", str(parse_any_position(div[1])))
        assert about.bounding_box()["y"] + about.bounding_box()["height"] <= page.locator("#board").bounding_box()["y"]
        assert "embed.js" not in about.inner_text().replace(snippet, "")  # words for people outside the snippet
        expect(about.locator("a[href='./index.html']")).to_be_visible()  # the play page, which writes these lines
    page.goto(f"{server.origin}/embed.html#position=9x9_O_E5")
    wait_ready(page)
    expect(page.locator("#about")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("data-position", "9x9_O_E5")
    server.add_page("/bare-div.html", '<!doctype html><title>A bare board</title><link rel="icon" href="data:,">'
                    '<script src="./embed.js"></script><div class="phutball">A board</div>')
    page.goto(f"{server.origin}/bare-div.html")  # a div with no data-*: the standard board, framed
    frame = page.frame_locator("iframe")
    frame.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
    expect(frame.locator("#board")).to_have_attribute("data-position", "15x19_O_H10")
    expect(frame.locator("#about")).to_be_hidden()
    assert page.recorder.errors == []


SANDBOXED = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandboxed boards</title><link rel="icon" href="data:,"></head>
<body>
<iframe id="scripts" sandbox="allow-scripts" src="{origin}/embed.html#position=9x9_O_E5" style="width: 480px; height: 560px"></iframe>
<iframe id="none" sandbox="" src="{origin}/embed.html#position=9x9_O_E5" style="width: 480px; height: 560px"></iframe>
<iframe id="both" sandbox="allow-scripts allow-same-origin" src="{origin}/embed.html#position=9x9_O_E5"
        style="width: 480px; height: 560px"></iframe>
</body></html>
"""


def test_a_frame_sandboxed_without_its_origin_says_what_it_needs(browser, server):
    """Issue 39 item 4e: in an iframe with sandbox="allow-scripts", the frame's origin is opaque and the browser
    refuses its module scripts: the frame stayed blank. It says what the iframe needs (allow-same-origin), in
    HTML shown unless the frame's scripts can run; with allow-same-origin the board is drawn, without the text."""
    with StaticServer({}, pages={"/sandboxed.html": SANDBOXED.format(origin=server.origin)}) as srv:
        ctx = browser.new_context(viewport={"width": 1280, "height": 1800})
        try:
            page = ctx.new_page()
            page.goto(f"{srv.origin}/sandboxed.html")
            both = page.frame_locator("#both")
            both.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
            expect(both.locator("#board")).to_have_attribute("data-position", "9x9_O_E5")
            expect(both.locator("#blocked")).to_be_hidden()
            for frame_id in ("scripts", "none"):  # module scripts refused / no scripts at all
                blocked = page.frame_locator(f"#{frame_id}").locator("#blocked")
                expect(blocked).to_be_visible()
                expect(blocked).to_contain_text("cannot start")
                expect(blocked).to_contain_text('sandbox="allow-scripts allow-same-origin"')
        finally:
            ctx.close()
