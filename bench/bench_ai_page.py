"""The strongest level's time per move as a player meets it: on the play page, in its own worker.

    python bench/bench_ai_page.py [--runs 1] [--level grandmaster] [--settle 3] [--bare] [--dist DIR]   (after `make dist`)

``bench/bench_ai.py`` times the search under Node (Pyodide without a page). This bench opens the
built play page in headless Chromium on each of bench_ai's positions (``index.html#<position>``,
a fresh context each: a first visit), waits ``--settle`` seconds after it is ready (a player looks
before asking), then times two searches of the position, in the page's own clock:

* the page's first search: Hint (the strongest level), from the click to the hint shown;
* then the computer's move at ``--level``: from giving the computer the side to move to the board
  showing its move (a ``MutationObserver`` on the board's position).

So the time is everything a player waits for: the message to the worker, the search in slices
with the level's own clock (2 s for grandmaster: it is not lifted here), and the board drawn
again. The two differ because WebAssembly's code is compiled in tiers while it runs: a page's
first search runs partly on the slower first tier (the second is what the moves of a game meet).
``--bare`` first runs bench_ai's own measurement in a Chromium worker with no page around it (the node
budget in full, the clock lifted): the same search as under Node, in the browser's WebAssembly.

Prints the seconds per position, their median and worst (all 12, and the 15x19 ones), and the
machine's load average before and after (a shared machine: compare runs of the same hour).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_ai import positions  # noqa: E402
from bench_startup import CHROMIUM_ARGS  # noqa: E402
from devserver import StaticServer  # noqa: E402

READY_MS = 120_000
# Stamps, in the page's clock, the first change of the board's position after ``__asked`` is set.
WATCH = """() => {
  const board = document.getElementById('board');
  window.__moved = null;
  new MutationObserver(() => {
    if (window.__asked != null && window.__moved == null) window.__moved = performance.now();
  }).observe(board, {attributes: true, attributeFilter: ['data-position']});
}"""


# bench_ai.measure() in a Chromium worker with no page around it (``--bare``): Pyodide from the build,
# the engine from its wheel, the clock for the CPU time (a page has no CPU clock).
BARE_WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./pyodide/" });
py.unpackArchive(await (await fetch("./wheels/%s")).arrayBuffer(), "wheel");
py.FS.writeFile("/home/pyodide/bench_ai.py", await (await fetch("./bench_ai.py")).text());
postMessage(await py.runPythonAsync(`
import sys, json, time
sys.path.insert(0, "/home/pyodide")
import bench_ai
bench_ai.cpu_seconds = time.perf_counter
json.dumps(bench_ai.measure())`));
"""
BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><script>
new Worker("./bench-worker.mjs", { type: "module" }).onmessage = (e) => { window.__out = e.data; };
</script></body></html>"""


def bare(browser, server: StaticServer, dist: Path) -> dict:
    """bench_ai's measurement in a Chromium worker without the page: node rate and seconds per move
    (the bench's three files served beside the build, from memory)."""
    wheel = json.loads((dist / "wheels" / "latest.json").read_text())["wheel"]
    server.add_page("/bench.html", BARE_PAGE)
    server.add_page("/bench-worker.mjs", BARE_WORKER % wheel)
    server.add_page("/bench_ai.py", (ROOT / "bench" / "bench_ai.py").read_text())
    page = browser.new_page()
    try:
        page.goto(server.origin + "/bench.html")
        page.wait_for_function("window.__out", timeout=600_000)
        return json.loads(page.evaluate("window.__out"))
    finally:
        page.close()


def time_moves(browser, origin: str, text: str, level: str, settle: float) -> tuple[float, float]:
    """Seconds the page's first search takes on ``text`` (a hint: the strongest level's search; from
    the click to the hint shown), then the computer's move at ``level`` (from giving the computer the
    side to move to its move on the board; the hint's answer is kept, this search starts afresh)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    try:
        page.goto(f"{origin}/index.html#{text}")
        page.wait_for_selector("html.ready", timeout=READY_MS)
        page.wait_for_timeout(settle * 1000)  # the page's own start-up work done, as when a player looks first
        page.select_option("#computer-level", level)
        t0 = page.evaluate("performance.now()")
        page.click("#hint")
        page.wait_for_function("document.getElementById('message').textContent.includes('Hint:')",
                               timeout=READY_MS, polling=5)
        first = (page.evaluate("performance.now()") - t0) / 1000
        page.evaluate(WATCH)
        side = text.split("_")[1]
        page.evaluate("window.__asked = performance.now()")
        page.select_option("#computer-side", side)
        page.wait_for_function("window.__moved != null", timeout=READY_MS)
        return first, page.evaluate("(window.__moved - window.__asked) / 1000")
    finally:
        ctx.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="times each position is played (the median is kept)")
    ap.add_argument("--level", default="grandmaster")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--settle", type=float, default=3.0, help="seconds to wait after the page is ready")
    ap.add_argument("--bare", action="store_true",
                    help="first, bench_ai's measurement in a Chromium worker without the page")
    a = ap.parse_args()
    texts = [str(p) for p in positions()]
    load = os.getloadavg()[0]
    seconds: dict[tuple[str, bool], list[float]] = {(t, w): [] for t in texts for w in (False, True)}
    with StaticServer({"/": a.dist}) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            if a.bare:
                r = bare(browser, server, a.dist)
                print(f"Chromium worker, no page: {r['nodes_per_s']:,} nodes/s, median {r['median_s_per_move']} s, "
                      f"worst {r['worst_s']} s per move (node budget in full, clock lifted), seconds {r['cpu_s']}")
            for _ in range(a.runs):
                for t in texts:
                    first, then = time_moves(browser, server.origin, t, a.level, a.settle)
                    seconds[t, False].append(first)
                    seconds[t, True].append(then)
        finally:
            browser.close()
    per = {k: statistics.median(s) for k, s in seconds.items()}
    for t in texts:
        print(f"first search {per[t, False]:6.3f} s, the next {per[t, True]:6.3f} s  {t[:60]}")
    for warm, name in ((False, "the page's first search (a hint)"), (True, "the computer's move after it")):
        allv = [s for (t, w), s in per.items() if w == warm]
        big = [s for (t, w), s in per.items() if w == warm and t.startswith("15x19")]
        print(f"Chromium, play page, {a.level}, {name}: median {statistics.median(allv):.3f} s, worst "
              f"{max(allv):.3f} s over {len(allv)} positions; 15x19 only: median {statistics.median(big):.3f} s, "
              f"worst {max(big):.3f} s ({len(big)} positions)")
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()
