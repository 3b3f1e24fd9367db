"""Python embeds on one page: one against three, started together (what eager boots would cost).

    python bench/bench_embeds.py [--runs 5]      (after `make dist`)

A host page on another origin carries one, or three, `replay` embeds (embed.js in
its head).  Replay and play frames start their engine at the reader's first input
(site/embedframe.js); here every frame is focused at the same moment, the worst
case, which is also what booting every frame at load would cost.  Each run uses a
new Chromium profile on disk (a cold HTTP cache that keeps pyodide.asm.wasm, as a
reader's browser does).  Reported, as medians: time from load to every frame drawn
(no engine needed), and from the first input to every frame ready.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from devserver import StaticServer  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
GAMES = ["E6 A1 E7 E5-E8 E6", "E6 E4 E7", "D5 F5 E6"]
PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>embeds</title><link rel="icon" href="data:,">
<script src="{origin}/embed.js"></script></head><body style="max-width:640px">
{divs}
</body></html>"""


def run_once(pw, origin: str, count: int) -> tuple[float, float]:
    divs = "\n".join(f'<div class="phutball" data-position="9x9_O_E5" data-moves="{g}">game</div>'
                     for g in GAMES[:count])
    with StaticServer({}, pages={"/p.html": PAGE.format(origin=origin, divs=divs)}) as host, \
            tempfile.TemporaryDirectory(prefix="bench-embeds-") as profile:
        ctx = pw.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS,
                                                    headless=True, viewport={"width": 900, "height": 2400})
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(f"{host.origin}/p.html")
            frames = [page.frame_locator("iframe").nth(i) for i in range(count)]
            for f in frames:
                f.locator("html.lazy").wait_for(timeout=120_000)
            drawn = page.evaluate("performance.now()")
            t0 = page.evaluate("performance.now()")
            for f in frames:
                f.locator("#board").focus()
            for f in frames:
                f.locator("html.ready").wait_for(timeout=300_000)
            t1 = page.evaluate("performance.now()")
            return drawn / 1000, (t1 - t0) / 1000
        finally:
            ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    results: dict[int, list[tuple[float, float]]] = {1: [], 3: []}
    with StaticServer({"/": ROOT / "dist"}) as site, sync_playwright() as pw:
        for _ in range(args.runs):
            for count in (1, 3):  # interleaved, so both see the same machine load
                results[count].append(run_once(pw, site.origin, count))
    med = {c: (statistics.median(d for d, _ in r), statistics.median(t for _, t in r)) for c, r in results.items()}
    for c in (1, 3):
        print(f"{c} embed(s): drawn {med[c][0]:.2f} s after load; all ready {med[c][1]:.2f} s after the first input")
    print(f"three started together / one: {med[3][1] / med[1][1]:.2f}x  ({args.runs} runs, medians)")


if __name__ == "__main__":
    main()
