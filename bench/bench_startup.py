"""Start-up benchmark: our pages against a bare PyScript page on the same vendored Pyodide.

    python bench/bench_startup.py [--runs 3]      (after `make dist`)

For each page, in a fresh browser profile (cold HTTP cache) and then on a
reload (warm cache), it measures from navigation start:

* **visible**: the first animation frame in which the board canvas has a
  painted pixel at its centre (the play page pre-renders the start position);
* **ready**: when ``<html>`` gets the class ``ready`` (input accepted);

and the bytes the server sent.  Times are reported as ratios to the bare
page's time to ready in the same run (one noisy shared machine: compare
ratios, not seconds).

Each measurement launches Chromium on a new, empty user-data directory rather
than using an incognito-like Playwright context: those keep their HTTP cache
in memory and do not store responses as big as pyodide.asm.wasm (9.6 MB), so
a reload, or a page's worker, would download it again -- which no real
visitor's browser does.
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

BARE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script>
<py-config type="json">{"interpreter": "./pyodide/pyodide.mjs"}</py-config></head>
<body><canvas id="board" width="10" height="10"></canvas>
<script type="py">
from pyscript import document
document.documentElement.classList.add("ready")
</script></body></html>"""

# Records when the canvas first has paint and when <html> becomes ready.
PROBE = """
(() => {
  const t = {};
  window.__startup = t;
  // (init scripts run before <html> exists: watch the whole document)
  new MutationObserver(() => {
    const h = document.documentElement;
    if (!t.ready && h && h.classList.contains('ready')) t.ready = performance.now();
  }).observe(document, {attributes: true, subtree: true, childList: true, attributeFilter: ['class']});
  const look = () => {
    const c = document.getElementById('board');
    if (c && c.width > 1) {
      try {
        const d = c.getContext('2d').getImageData(Math.floor(c.width / 2), Math.floor(c.height / 2), 1, 1).data;
        if (d[3] > 0) { t.visible = performance.now(); return; }
      } catch (e) {}
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


def measure(playwright, server, url: str) -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        ctx = playwright.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS,
            headless=True, viewport={"width": 1280, "height": 860})
        try:
            return _measure(ctx, server, url)
        finally:
            ctx.close()


def _measure(ctx, server, url: str) -> list[dict]:
    ctx.add_init_script(PROBE)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    out = []
    for load in ("cold", "warm"):
        server.reset_counters()
        if load == "cold":
            page.goto(url)
        else:
            page.reload()
        page.wait_for_function("window.__startup && window.__startup.ready", timeout=120_000)
        page.wait_for_timeout(200)
        t = page.evaluate("window.__startup")
        out.append({"load": load, "visible": t.get("visible"), "ready": t["ready"],
                    "bytes": server.bytes_sent, "requests": len(server.requests)})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    dist = ROOT / "dist"
    if not (dist / "index.html").exists():
        print("dist/ is missing: run `make dist` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright
    pages = {"bare PyScript": "/bare-bench.html", "play (index.html)": "/index.html",
             "puzzles.html": "/puzzles.html", "calculator.html": "/calculator.html"}
    results: dict[tuple[str, str], list[dict]] = {}
    with StaticServer({"/": dist}, pages={"/bare-bench.html": BARE}) as server, sync_playwright() as p:
        for _ in range(args.runs):
            for name, path in pages.items():
                if path != "/bare-bench.html" and not (dist / path.lstrip("/")).exists():
                    continue
                for r in measure(p, server, server.origin + path):
                    results.setdefault((name, r["load"]), []).append(r)
    print(f"Start-up, median of {args.runs} runs; times as ratios to the bare page's time to ready "
          f"(same load kind), seconds in brackets")
    print(f"{'page':>20} {'load':>5} {'visible':>16} {'ready':>16} {'MB sent':>8} {'requests':>8}")
    for load in ("cold", "warm"):
        base = statistics.median(r["ready"] for r in results[("bare PyScript", load)])
        for name in pages:
            rs = results.get((name, load))
            if not rs:
                continue
            ready = statistics.median(r["ready"] for r in rs)
            vis = [r["visible"] for r in rs if r["visible"] is not None]
            vis_s = f"{statistics.median(vis) / base:5.2f} ({statistics.median(vis) / 1000:4.1f}s)" if vis else "-"
            mb = statistics.median(r["bytes"] for r in rs) / 1e6
            req = statistics.median(r["requests"] for r in rs)
            print(f"{name:>20} {load:>5} {vis_s:>16} {ready / base:5.2f} ({ready / 1000:4.1f}s) "
                  f"{mb:>8.2f} {req:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
