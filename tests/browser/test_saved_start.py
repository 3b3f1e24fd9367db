"""A returning visitor's start: Python's memory, saved at the first visit, is restored (site/pyodide/lab.mjs).

The first start of a visitor saves a memory snapshot of the freshly started
Python in Cache Storage; every later start on the site restores it instead of
starting Python again.  A saved copy that cannot be used ends in a fresh start
that saves a new one; the page never notices.  These tests make their own
contexts: they need a visitor with nothing saved (the `context` fixture is a
returning visitor, see conftest.py).
"""

from __future__ import annotations

import pytest

from conftest import SAVED_START_CACHE, Recorder, click_point, data_position, own_input_devices, poll, wait_ready

HOW = "document.documentElement.dataset.pythonStart"
SAVED = f"async () => (await (await caches.open('{SAVED_START_CACHE}')).keys()).map((r) => r.url)"


def fresh_page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    page.recorder = Recorder(page)
    own_input_devices(page)
    return ctx, page


def saved_keys(page) -> list[str]:
    return poll(page, SAVED, None, "the start saved")


def play_a_man(page, point: str) -> None:
    """Place a man at ``point`` (the engine in the worker answers: the position shows it)."""
    before = data_position(page)
    click_point(page, point)
    page.wait_for_function(f"document.getElementById('board').dataset.position !== {before!r}")
    assert point in data_position(page).split("_")[3]


@pytest.fixture
def server(unshipped_server):
    """This file's site has no shipped start (404: test_shipped_start.py), so a first start is
    Python's own: each test here is also the shipped start's "missing" case (the page starts, plays)."""
    return unshipped_server


@pytest.fixture
def visitor(browser):
    ctx, page = fresh_page(browser)
    yield page
    ctx.close()


def test_the_first_start_is_saved_and_every_later_start_restores_it(visitor, server):
    page = visitor
    page.goto(f"{server.origin}/index.html#9x9_O_E5")
    wait_ready(page)
    assert page.evaluate(HOW) == "saved"
    [key] = saved_keys(page)
    assert key.startswith(f"{server.origin}/pyodide/snapshot-") and key.endswith(".bin.gz")
    page.reload()
    wait_ready(page)
    assert page.evaluate(HOW) == "restored"
    play_a_man(page, "E6")
    # another page of the site restores the same saved start, and its engine works
    page.goto(f"{server.origin}/puzzles.html#2d-chain-1")
    wait_ready(page)
    assert page.evaluate(HOW) == "restored"
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.includes('Hint')")
    assert page.evaluate(SAVED) == [key]
    assert page.recorder.errors == []


def test_a_saved_start_that_cannot_be_used_is_replaced_and_the_page_starts(visitor, server):
    page = visitor
    page.goto(f"{server.origin}/index.html#9x9_O_E5")
    wait_ready(page)
    [key] = saved_keys(page)
    # the saved copy is spoiled: bytes that are not gzip, then gzip of bytes that are not Python's memory
    for garbage, point in (("not gzip at all", "E6"), ("gzip", "E4")):
        page.evaluate("""async ([key, garbage]) => {
            let body = new Blob([new Uint8Array(4096).fill(7)]);
            if (garbage === "gzip") body = await new Response(body.stream().pipeThrough(new CompressionStream("gzip"))).blob();
            else body = new Blob([garbage]);
            const cache = await caches.open("phutball-lab:snapshot");
            await cache.put(key, new Response(body));
        }""", [key, garbage])
        page.reload()
        wait_ready(page)
        assert page.evaluate(HOW) == "saved", garbage  # a fresh start, saved again
        play_a_man(page, point)
        poll(page, """async (key) => {
            const r = await (await caches.open("phutball-lab:snapshot")).match(key);
            return !!r && (await r.blob()).size > 100000;
        }""", key, f"a good copy saved again after {garbage}")
    page.reload()
    wait_ready(page)
    assert page.evaluate(HOW) == "restored"
    play_a_man(page, "E8")
