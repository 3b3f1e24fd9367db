"""Offline and installable: the service worker (site/sw.js, site/sw-register.js) and the manifest.

After one visit every page is served from the build's cache and works with the
network gone; a new build replaces the old one (cache and all) without a page
ever mixing files of two builds; an embed on another origin is left alone.
"""

from __future__ import annotations

import json
import pytest
from playwright.sync_api import expect

from conftest import DIST, ROOT, Recorder, click_point, data_position, own_input_devices, poll, wait_ready
from phutball.puzzles.judge import analysis
from test_learnctl import SOLUTIONS
from test_embed import engine_started
from test_puzzles_page import play_1d

# The page's registration has an activated worker.
ACTIVE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  return !!(reg && reg.active && reg.active.state === "activated");
}"""
CACHES = "async () => (await caches.keys()).filter((k) => k.startsWith('phutball-lab-')).sort()"
SW_STATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const state = (w) => w && w.state;
  return {controlled: !!navigator.serviceWorker.controller, caches: await caches.keys(),
          installing: state(reg && reg.installing), waiting: state(reg && reg.waiting), active: state(reg && reg.active)};
}"""


def until(page, condition: str, arg, what: str, server=None) -> None:
    """Poll `condition(arg)` in the page until it is true; fail saying `what` was awaited, with
    the service worker's state, if it is not within READY_TIMEOUT."""
    def explain() -> str:
        seen = "" if server is None else f"; the server saw {server.requests.count('/sw.js')} requests for sw.js"
        return f"{page.evaluate(SW_STATE)}{seen}"
    poll(page, condition, arg, what, explain)


def build_id(dist) -> str:
    return json.loads((dist / "build-info.json").read_text())["build_id"]


def new_page(ctx):
    pg = ctx.new_page()
    pg.recorder = Recorder(pg)
    own_input_devices(pg)
    return pg


def visit_once(page, url: str) -> None:
    """A first visit: the page is ready, then its service worker has cached the whole build."""
    page.goto(url)
    wait_ready(page)
    until(page, ACTIVE, None, "the service worker active")


@pytest.fixture(scope="module")
def visited(browser, server):
    """A browser profile that has visited the play page once, and every request it made."""
    ctx = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 860})
    ctx.requests = []
    ctx.on("request", lambda r: ctx.requests.append(r.url))
    page = new_page(ctx)
    visit_once(page, f"{server.origin}/index.html")
    yield ctx, page
    ctx.close()


def test_the_first_visit_caches_exactly_this_build(visited, server):
    _, page = visited
    name = f"phutball-lab-{build_id(DIST)}"
    assert page.evaluate(CACHES) == [name]
    cached = page.evaluate("async (name) => (await (await caches.open(name)).keys()).map((r) => r.url).sort()", name)
    shipped = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    assert cached == [f"{server.origin}/{p}" for p in shipped if p != "sw.js"]


def test_a_reload_is_served_from_the_cache(visited, server):
    _, page = visited
    responses = []

    def note(response):
        responses.append(response)
    page.on("response", note)
    server.reset_counters()
    page.reload()
    wait_ready(page)
    page.remove_listener("response", note)
    by_name = {r.url.rsplit("/", 1)[-1]: r for r in responses}
    for name in ("index.html", "host.js", "pyodide.asm.wasm", "labboot.py"):
        assert name in by_name, sorted(by_name)
        assert by_name[name].from_service_worker, name
    # The server saw at most the browser's check for a new sw.js.
    assert [p for p in server.requests if p != "/sw.js"] == []
    before = data_position(page)
    click_point(page, "H5")
    expect(page.locator("#board")).not_to_have_attribute("data-position", before)


def play_1d_move(page) -> None:
    play_1d(page, analysis(data_position(page))["winning_moves"][0])


OFFLINE_PAGES = {
    "index.html#9x9_O_E5": lambda page: click_point(page, "A1"),
    "puzzles.html#paper-example-1": play_1d_move,
    "calculator.html#L_o*o.o.o....": lambda page: click_point(page, 4, "#strip"),
    "learn.html": lambda page: [click_point(page, p) for p in SOLUTIONS[list(SOLUTIONS)[0]].split("-")],
    "embed.html#position=9x9_O_E5&mode=play": lambda page: click_point(page, "A1"),
}


@pytest.mark.parametrize("path", list(OFFLINE_PAGES))
def test_every_page_starts_and_plays_offline(visited, server, path):
    ctx, _ = visited
    page = new_page(ctx)
    ctx.set_offline(True)
    try:
        page.goto(f"{server.origin}/{path}")
        page.reload()  # a reload, as the issue asks: still nothing from the network
        engine_started(page)  # a play-mode embed starts its engine at the reader's first input
        canvas = "#strip" if path.startswith("calculator") else "#board"
        page.wait_for_function(f"document.querySelector('{canvas}').dataset.position")
        before = data_position(page, canvas)
        OFFLINE_PAGES[path](page)
        expect(page.locator(canvas)).not_to_have_attribute("data-position", before)
        assert page.evaluate("navigator.onLine") is False
        assert page.evaluate("!!navigator.serviceWorker.controller")
        assert page.recorder.errors == []  # the icon too: a data: URL, no request (issue 24 item 6)
    finally:
        ctx.set_offline(False)
        page.close()


def test_no_request_leaves_the_origin(visited, server):
    ctx, _ = visited
    assert len(ctx.requests) > 20
    own = (server.origin + "/", f"blob:{server.origin}/", "data:")
    assert [u for u in ctx.requests if not u.startswith(own)] == []


BLOG = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog post</title>
<link rel="icon" href="data:,"></head><body><p>Try it:</p>
<div class="phutball" id="play" data-position="9x9_O_E5" data-mode="play">Board 9x9_O_E5</div>
<script src="{origin}/embed.js"></script></body></html>"""

IN_FRAME = """async () => ({controlled: !!navigator.serviceWorker.controller,
  registrations: await navigator.serviceWorker.getRegistrations().then((r) => r.length, () => 0)})"""
# (a frame on another site may not be allowed service workers at all: none, then)


def test_an_embed_on_another_site_plays_beside_the_labs_worker(visited, server):
    """This profile has the lab's worker; a blog on another site embeds the lab: the frame's
    storage is partitioned by the blog's site, so the worker neither serves nor is installed
    there, and the embed plays from the network as before."""
    from devserver import StaticServer
    ctx, lab_page = visited
    assert lab_page.evaluate(IN_FRAME)["registrations"] == 1
    with StaticServer({}, pages={"/blog.html": BLOG.format(origin=server.origin)}) as blog:
        other_site = blog.origin.replace("127.0.0.1", "localhost")   # another site, not only another port
        page = new_page(ctx)
        try:
            page.goto(f"{other_site}/blog.html")
            frame = page.frame_locator("#play iframe")
            engine_started(frame)
            embed = next(f for f in page.frames if f.url.startswith(f"{server.origin}/embed.html"))
            assert embed.evaluate(IN_FRAME) == {"controlled": False, "registrations": 0}
            before = data_position(frame)
            click_point(frame, "A1")
            expect(frame.locator("#board")).not_to_have_attribute("data-position", before)
            assert page.recorder.errors == []
        finally:
            page.close()


# ------------------------------------------------------------ a new build
def restamp(site, marker: str) -> str:
    """Make `site` a new build: index.html carries `marker`, sw.js lists every file's new hash.

    What tools/build_site.py does after any change, with its own functions; files
    are replaced, never written through (the copy is hard links into dist/).
    """
    import os
    import re
    from build_site import build_id as new_id, service_worker, sri
    index = site / "index.html"
    text = re.sub(r"<!--build-marker:\w+-->", "", index.read_text())
    tmp = site / "index.html.tmp"
    tmp.write_text(text.replace("<title>", f"<!--build-marker:{marker}--><title>", 1))
    os.replace(tmp, index)
    integrity = {p.relative_to(site).as_posix(): sri(p) for p in site.rglob("*")
                 if p.is_file() and p.name != "sw.js"}
    build = new_id(integrity)
    (site / "sw.js").unlink()
    (site / "sw.js").write_bytes(service_worker(ROOT / "site" / "sw.js", build, integrity))
    return build


MARKER = r"(html) => (html.match(/<!--build-marker:(\w+)-->/) || [])[1] || null"
SHOWN = f"() => ({MARKER})(document.documentElement.outerHTML)"
# What the page's own files are now: index.html fetched again by the page (a subresource
# request of this page's client, as a page's later requests for puzzles or books are).
FETCHED = f"() => fetch('./index.html').then((r) => r.text()).then({MARKER})"
# The same from a new blob: worker of this page (as the page's Python worker is), first asking
# with `?build=` (as host.js makes the Python worker do), then with no hint.
FROM_WORKER = """(build) => new Promise((resolve) => {
  const code = `(async () => {
    const text = async (url) => (await fetch(url)).text();
    const first = await text(${JSON.stringify(new URL("./index.html", location.href).href + (build ? "?build=" + build : ""))});
    const again = await text(${JSON.stringify(new URL("./index.html", location.href).href)});
    postMessage([first, again]);
  })()`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  worker.onmessage = (e) => { worker.terminate(); resolve(e.data); };
})"""
# The page's registration has a new worker active whose build is cached as `name`
# (nothing installing or waiting), / `name` is the lab's only cache.
SETTLED = """async (name) => {
  const reg = await navigator.serviceWorker.getRegistration();
  return !!(reg && reg.active && reg.active.state === "activated" && !reg.installing && !reg.waiting
            && (await caches.keys()).includes(name));
}"""
ONLY = """async (name) => {
  const names = (await caches.keys()).filter((k) => k.startsWith('phutball-lab-'));
  return names.length === 1 && names[0] === name;
}"""


def markers_from_worker(page, build: str | None) -> list[str | None]:
    return [page.evaluate(f"({MARKER})", html) for html in page.evaluate(FROM_WORKER, build)]


def test_a_new_build_replaces_the_cached_one(browser, tmp_path):
    """Deploy a new build while a visitor has the lab open: the next load gets it, while a
    page already open keeps every file of the build it was loaded with (and so does its
    Python worker); the old build's cache goes when its last page does."""
    import os
    import shutil
    from devserver import StaticServer
    site = tmp_path / "site"
    shutil.copytree(DIST, site, copy_function=os.link)
    first = restamp(site, "one")
    with StaticServer({"/": site}) as srv:
        ctx = browser.new_context(service_workers="allow")
        try:
            page = new_page(ctx)
            visit_once(page, f"{srv.origin}/index.html")
            assert page.evaluate(SHOWN) == "one"
            assert page.evaluate(CACHES) == [f"phutball-lab-{first}"]

            second = restamp(site, "two")          # deployed while the visitor is away
            page.reload()                          # this load is the cached build ...
            wait_ready(page)
            assert page.evaluate(SHOWN) == "one"
            until(page, SETTLED, f"phutball-lab-{second}", "the new build installed", srv)  # ... and installs the new one
            assert page.evaluate(CACHES) == sorted([f"phutball-lab-{first}", f"phutball-lab-{second}"])
            # The new build is active now, but this open page still gets its own files,
            # and so does a worker it starts once it names the page's build.
            assert page.evaluate(FETCHED) == "one"
            assert markers_from_worker(page, first) == ["one", "one"]
            assert markers_from_worker(page, None) == ["two", "two"]

            other = new_page(ctx)                  # a new tab: the new build, whole
            other.goto(f"{srv.origin}/index.html")
            wait_ready(other)
            assert other.evaluate(SHOWN) == "two"
            assert other.evaluate(FETCHED) == "two"
            before = data_position(other)
            click_point(other, "H5")
            expect(other.locator("#board")).not_to_have_attribute("data-position", before)
            assert page.evaluate(FETCHED) == "one"  # the first tab still on its build, still playing
            before = data_position(page)
            click_point(page, "H5")
            expect(page.locator("#board")).not_to_have_attribute("data-position", before)

            page.reload()                          # the second load after the deploy: the new build
            wait_ready(page)
            assert page.evaluate(SHOWN) == "two"
            assert page.evaluate(FETCHED) == "two"
            until(page, ONLY, f"phutball-lab-{second}", "the old build's cache deleted")  # no page uses it now
            assert page.recorder.errors == [] and other.recorder.errors == []
        finally:
            ctx.close()
