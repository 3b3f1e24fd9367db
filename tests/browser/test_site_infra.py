"""The static site as shipped: self-contained, relocatable, frameable (its worker needs no COOP/COEP: test_play_page.py).

Page-independent guards for the build (tools/build_site.py) and the vendored
runtime; every top-level page in dist/ is picked up automatically.
"""

from __future__ import annotations

import hashlib
import json
import re
import urllib.error
import urllib.request
from html.parser import HTMLParser

import pytest

from conftest import DIST, READY_TIMEOUT
from devserver import StaticServer

PAGES = sorted(p.name for p in DIST.glob("*.html")) if DIST.is_dir() else ["index.html"]
#: Pages that run no Python: drawn by the build (the atlas's charts), so they neither boot a worker nor wait for one.
STATIC_PAGES = {"atlas.html"}
# A fragment for pages that load Python only for some parameters (embed.html draws a plain
# diagram without it; test_embed.py checks that).
PYTHON_FRAGMENT = {"embed.html": "#mode=view&moves=H11"}  # a view of moves: the engine starts at once


def _outside(urls: list[str], *origins: str) -> list[str]:
    return [u for u in urls if not u.startswith(tuple(o + "/" for o in origins))
            and not u.startswith(("data:", "blob:", "about:"))]


def _record_failures(page) -> list[str]:
    failures: list[str] = []
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("requestfailed", lambda r: failures.append(f"failed {r.url}: {r.failure}"))
    return failures


# ----------------------------------------------------------------- dist/ itself (no browser)

class _Refs(HTMLParser):
    """URLs an HTML page refers to, and its PyScript configs."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.configs: list[str] = []
        self._in_config = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("src", "href"):
            if a.get(key):
                self.urls.append(a[key])
        if tag == "script" and a.get("config"):
            self.configs.append(a["config"])
        self._in_config = tag == "py-config"

    def handle_endtag(self, tag):
        if tag == "py-config":
            self._in_config = False

    def handle_data(self, data):
        if self._in_config and data.strip():
            self.configs.append(data)


@pytest.mark.parametrize("name", PAGES)
def test_page_refers_only_to_relative_urls_that_are_shipped(name):
    text = (DIST / name).read_text()
    assert "{{ENGINE_WHEEL}}" not in text
    refs = _Refs()
    refs.feed(text)
    urls = list(refs.urls)
    for raw in refs.configs:
        cfg = json.loads(raw)
        assert cfg["interpreter"] == "./pyodide/pyodide.mjs"
        urls += [cfg["interpreter"], *cfg.get("packages", []), *cfg.get("files", {})]
        assert not cfg.get("index_urls"), "no package index: everything is shipped"
    scripts = [(DIST / u).read_text() for u in refs.urls if u.endswith(".js") and (DIST / u).is_file()]
    if any("bootLab(" in t for t in (text, *scripts)):  # Python in the page's worker, booted by host.js
        urls.append("./host.js")
        host = (DIST / "host.js").read_text()
        build = re.search(r'const BUILD = \{ wheel: "([^"]+)", lab: "([^"]+)" \};', host)
        assert build, "host.js names the engine wheel and the site's Python archive"
        boot = re.search(r'XWorker\(here\("([^"]+\.py)"\)', host)
        assert boot, "host.js starts the worker from a Python file of the build"
        urls += [f"./wheels/{build[1]}", f"./{build[2]}", boot[1], "./pyodide/pyodide.mjs"]
    elif name in STATIC_PAGES:
        assert not refs.configs, f"{name} is a page without Python, yet has a PyScript config"
    else:
        assert refs.configs, f"{name} has neither a worker boot (host.js) nor a PyScript config"
    for url in urls:
        if url.startswith(("data:", "#")):
            continue
        assert not re.match(r"^(/|[a-z][a-z0-9+.-]*:)", url, re.I), f"{name}: non-relative URL {url!r}"
        path = url.split("#")[0].split("?")[0]
        assert (DIST / path).is_file(), f"{name} refers to {url!r}, which dist/ does not have"


def test_vendored_lock_file_matches_the_shipped_wheels():
    lock = json.loads((DIST / "pyodide" / "pyodide-lock.json").read_text())
    info = json.loads((DIST / "build-info.json").read_text())
    for name in ("micropip", "packaging"):
        entry = lock["packages"][name]
        wheel = DIST / "pyodide" / entry["file_name"]
        assert wheel.is_file(), wheel
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]
    engine = DIST / "wheels" / info["engine_wheel"]["file_name"]
    assert hashlib.sha256(engine.read_bytes()).hexdigest() == info["engine_wheel"]["sha256"]
    qr = DIST / "wheels" / info["qr_wheel"]["file_name"]  # the QR encoder (lab/qr.py), unpacked on first use
    assert hashlib.sha256(qr.read_bytes()).hexdigest() == info["qr_wheel"]["sha256"]
    assert sorted((DIST / "wheels").glob("*.whl")) == sorted([engine, qr])
    assert not list(DIST.rglob("*.map")), "source maps are not shipped"


def test_server_redirects_a_sub_path_without_its_trailing_slash(server):
    # Relative URLs need the base to end with '/': a host must redirect /sub/path to /sub/path/.
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as e:
        opener.open(server.origin + "/sub/path")
    assert e.value.code == 301 and e.value.headers["Location"].endswith("/sub/path/")


# ----------------------------------------------------------------- in the browser

@pytest.mark.parametrize("name", PAGES)
def test_page_is_ready_under_a_sub_path_with_no_request_leaving_the_origin(page, server, name):
    failures = _record_failures(page)
    page.goto(f"{server.origin}/sub/path/{name}{PYTHON_FRAGMENT.get(name, '')}")
    if name in STATIC_PAGES:  # no Python: loaded is ready, and the engine is not fetched for nothing
        page.wait_for_load_state("load")
        assert not any("/wheels/phutball-" in u for u in page.recorder.requests)
    else:
        page.wait_for_selector("html.ready", timeout=READY_TIMEOUT)
        page.wait_for_timeout(1000)  # let a page's worker finish loading too
        assert any("/sub/path/wheels/phutball-" in u for u in page.recorder.requests), "the engine wheel was installed"
    reqs = page.recorder.requests
    assert _outside(reqs, server.origin) == []
    assert not [u for u in reqs if u.startswith(server.origin + "/") and "/sub/path/" not in u]
    assert failures == []


def test_index_in_a_cross_origin_iframe(page, server):
    # The host page is on another origin (another port), as when the site is embedded elsewhere.
    host_html = (f'<!doctype html><title>host</title><link rel="icon" href="data:,">'
                 f'<iframe id="f" src="{server.origin}/sub/path/index.html" '
                 f'style="width:1000px;height:800px"></iframe>')
    failures = _record_failures(page)
    with StaticServer({}, pages={"/host.html": host_html}) as host:
        assert host.origin != server.origin
        page.goto(f"{host.origin}/host.html")
        frame = page.frame_locator("#f")
        frame.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
        assert frame.locator("#board").is_visible()
        page.wait_for_timeout(1000)
        assert _outside(page.recorder.requests, server.origin, host.origin) == []
    assert failures == []




def test_the_tests_browser_opens_no_address_bar_pages_and_keeps_playwrights_switches(browser):
    """conftest.chromium_args: Playwright's disabled features are kept (Chromium keeps the last
    --disable-features switch only), and a new context opens no omnibox popup page (0.8 s of CPU)."""
    from conftest import NO_OMNIBOX_POPUPS, chromium_args, playwright_disabled_features
    features = playwright_disabled_features(browser.browser_type)
    assert features, "Playwright disables features of its own: the probe should read them"
    [switch] = [a for a in chromium_args() if a.startswith("--disable-features=")]
    assert switch.split("=", 1)[1].split(",") == list(dict.fromkeys([*features, *NO_OMNIBOX_POPUPS]))
    ctx = browser.new_context()
    try:
        ctx.new_page().goto("about:blank")
        targets = browser.new_browser_cdp_session().send("Target.getTargets")["targetInfos"]
        assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []
        assert [t for t in targets if t["type"] == "page"]
    finally:
        ctx.close()
