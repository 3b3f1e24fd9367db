"""The strongest level's time per move as a player meets it: on the play page, in its own worker.

    python bench/bench_ai_page.py [--runs 1] [--level grandmaster] [--dist DIR]   (after `make dist`)

``bench/bench_ai.py`` times the search under Node (Pyodide without a page). This bench opens the
built play page in headless Chromium on each of bench_ai's positions (``index.html#<position>``),
chooses the level, then gives the computer the side to move, and times from that choice to the
board showing the computer's move (a ``MutationObserver`` on the board's position, in the page's
own clock). So the time is everything a player waits for: the message to the worker, the
search in slices with the level's own clock (2 s for grandmaster: it is not lifted here), and
the board drawn again. Each position in a fresh context (a first visit; the tables of a board are
built before the first search of a page, as in a game's first move).

Prints the seconds per position, their median and worst (all 12, and the 15x19 ones), and the
machine's load average before and after (a shared machine: compare runs of the same hour).
"""

from __future__ import annotations

import argparse
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


def time_move(browser, origin: str, text: str, level: str) -> float:
    """Seconds from giving the computer the side to move on ``text`` to its move on the board."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    try:
        page.goto(f"{origin}/index.html#{text}")
        page.wait_for_selector("html.ready", timeout=READY_MS)
        page.select_option("#computer-level", level)
        page.evaluate(WATCH)
        side = text.split("_")[1]
        page.evaluate("window.__asked = performance.now()")
        page.select_option("#computer-side", side)
        page.wait_for_function("window.__moved != null", timeout=READY_MS)
        return page.evaluate("(window.__moved - window.__asked) / 1000")
    finally:
        ctx.close()


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=1, help="times each position is played (the median is kept)")
    ap.add_argument("--level", default="grandmaster")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    a = ap.parse_args()
    texts = [str(p) for p in positions()]
    load = os.getloadavg()[0]
    seconds: dict[str, list[float]] = {t: [] for t in texts}
    with StaticServer({"/": a.dist}) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            for _ in range(a.runs):
                for t in texts:
                    seconds[t].append(time_move(browser, server.origin, t, a.level))
        finally:
            browser.close()
    per = {t: statistics.median(s) for t, s in seconds.items()}
    for t, s in per.items():
        print(f"{s:6.3f} s  {t[:70]}")
    big = [s for t, s in per.items() if t.startswith("15x19")]
    allv = list(per.values())
    print(f"Chromium, play page, {a.level}: median {statistics.median(allv):.3f} s, worst {max(allv):.3f} s "
          f"over {len(allv)} positions; 15x19 only: median {statistics.median(big):.3f} s, worst {max(big):.3f} s "
          f"({len(big)} positions); load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()
