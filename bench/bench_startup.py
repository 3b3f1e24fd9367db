"""Start-up benchmark: every page against a bare PyScript page on the same vendored Pyodide.

    python bench/bench_startup.py [--runs 5] [--only bare,worker,hosts] [--dist DIR]   (after `make dist`)

For each page (play, puzzles, calculator, learn, a play-mode embed.html, a
bare PyScript page with one line of Python, and a bare PyScript *worker* page
-- the main thread starts a PyScript worker that runs one line of Python and
answers one call, what every lab page does before any of its own work: the
floor for a page that keeps Python off the main thread), in a fresh browser
profile, three loads:

* **cold**: the first visit (empty HTTP cache, no service worker);
* **warm**: a reload once the lab's service worker has cached the build
  (site/sw.js) and the first start is saved (site/pyodide/lab.mjs: a returning
  visitor's worker restores Python's memory instead of starting Python; the
  *Python start* column says which start each load had); the bare page has
  neither, so its warm reload is the HTTP cache's (304 revalidations);
* **offline**: the same reload with the network gone (Playwright
  ``set_offline``); the bare page cannot start then.

Each load measures from navigation start:

* **visible**: the first animation frame in which the board canvas
  (``#board``, the calculator's ``#strip``) has a painted pixel at its centre;
* **ready**: when ``<html>`` gets the class ``ready`` (input accepted);
* **longest task**: the longest main-thread task (PerformanceObserver
  ``longtask``, buffered: tasks over 50 ms) that started before ready; 0 if none;
* **bytes** the server sent (response bodies).

A replay or play embed shows its board at once and starts its engine at the
reader's first input (``html.lazy`` until then): the bench gives that input
(focuses the board) as soon as the board is shown, so its *ready* is a reader
who touches the board at once.

Then host pages on another origin with one and with three Python embeds
(embed.js; play and replay frames): time until every frame shows its board,
then, from a touch on every board at once, time until every engine is ready,
and the host page's cumulative layout shift (PerformanceObserver
``layout-shift``) until every board is shown (embed.js replacing each div by
its frame) and from then until every engine is ready (the frames' own share).

Medians over --runs profiles.  Times are also reported as ratios to the bare
page's cold time to ready in the same run (one noisy shared machine: compare
ratios, not seconds).

Each profile is Chromium on a new, empty user-data directory rather than an
incognito-like Playwright context: those keep their HTTP cache in memory and
do not store responses as big as pyodide.asm.wasm (9.6 MB), so a reload, or a
page's worker, would download it again -- which no real visitor's browser does.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from devserver import StaticServer  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_MS = 120_000

BARE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script>
<py-config type="json">{"interpreter": "./pyodide/pyodide.mjs"}</py-config></head>
<body><canvas id="board" width="10" height="10"></canvas>
<script type="py">
from pyscript import document
document.documentElement.classList.add("ready")
</script></body></html>"""

# What every lab page does before its own work (host.js): the main thread imports PyScript's
# core.js and starts a PyWorker (Pyodide from the same vendored folder), which runs one line of
# Python and answers one call.
BARE_WORKER = """<!doctype html><html><head><meta charset="utf-8"><title>bare worker</title>
<link rel="icon" href="data:,"></head>
<body><canvas id="board" width="10" height="10"></canvas>
<script type="module">
const { PyWorker } = await import("./pyscript/core.js");
const here = (u) => new URL(u, location.href).href;
const worker = await PyWorker(here("./bare-worker.py"), { version: here("./pyodide/pyodide.mjs"), config: {} });
if (await worker.sync.hello() === "hello") document.documentElement.classList.add("ready");
</script></body></html>"""
BARE_WORKER_PY = """from polyscript import xworker
xworker.sync.hello = lambda: "hello"
"""

# In every frame: when the board canvas first has paint, when <html> becomes
# ready (also as an absolute time, for frames of a host page), long tasks and
# layout shifts.
PROBE = """
(() => {
  const t = {tasks: [], shift: 0};
  window.__startup = t;
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) t.tasks.push([e.startTime, e.duration]); })
      .observe({type: 'longtask', buffered: true});
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) t.shift += e.value; })
      .observe({type: 'layout-shift', buffered: true});
  } catch (e) {}
  // (init scripts run before <html> exists: watch the whole document)
  new MutationObserver(() => {
    const h = document.documentElement;
    if (!t.ready && h && h.classList.contains('ready')) {
      t.ready = performance.now();
      t.readyAt = performance.timeOrigin + t.ready;
    }
    if (!t.shownAt && h && (h.classList.contains('ready') || h.classList.contains('lazy'))) {
      t.shownAt = performance.timeOrigin + performance.now();
    }
  }).observe(document, {attributes: true, subtree: true, childList: true, attributeFilter: ['class']});
  const look = () => {
    const c = document.getElementById('board') || document.getElementById('strip');
    if (c && c.width > 1 && c.offsetParent !== null) {
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

SW_ACTIVE = """async () => {
  if (!navigator.serviceWorker) return false;
  for (let i = 0; i < 1200; i++) {
    const reg = await navigator.serviceWorker.getRegistration();
    if (reg && reg.active && reg.active.state === "activated") return true;
    if (!reg && i > 20) return false;      // no worker registered (the bare page)
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}"""

PAGES = {  # --only's key: (the name in the table, the path)
    "bare": ("bare PyScript", "/bare-bench.html"),
    "worker": ("bare PyScript worker", "/bare-worker.html"),
    "play": ("play (index.html)", "/index.html"),
    "puzzles": ("puzzles.html", "/puzzles.html"),
    "calculator": ("calculator.html", "/calculator.html"),
    "learn": ("learn.html", "/learn.html"),
    "embed": ("embed.html (play)", "/embed.html#position=9x9_O_E5&mode=play"),
}

EMBEDS = [
    '<div class="phutball" data-position="9x9_O_E5" data-mode="play">A 9x9 board to play</div>',
    '<div class="phutball" data-position="L_o*o.o.o...." data-mode="play">A strip to play</div>',
    '<div class="phutball" data-position="9x9_O_E5" data-moves="E6 A1 E7 E5-E8">A game</div>',
]
HOST = """<!doctype html><html><head><meta charset="utf-8"><title>blog</title><link rel="icon" href="data:,">
<style>body {{ font: 16px sans-serif; max-width: 640px; margin: 1rem auto; }}</style></head><body>
<h1>A post</h1><p>Some text before the boards.</p>{divs}<p>Text after the boards.</p>
<script src="{origin}/embed.js"></script></body></html>"""


def profile(playwright):
    tmp = tempfile.TemporaryDirectory(prefix="bench-profile-")
    ctx = playwright.chromium.launch_persistent_context(
        tmp.name, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS,
        headless=True, viewport={"width": 1280, "height": 860})
    ctx.add_init_script(PROBE)
    return tmp, ctx


READY_OR_LAZY = "window.__startup && (window.__startup.ready || document.documentElement.classList.contains('lazy'))"


def start(page, timeout: float = READY_MS) -> None:
    """Wait until the page is ready; a replay or play embed (``html.lazy``) starts its engine at
    the reader's first input: give it one (focus the board) as soon as it is shown, then wait."""
    page.wait_for_function(READY_OR_LAZY, timeout=timeout)
    if not page.evaluate("window.__startup.ready"):
        page.locator("#board").focus()
    page.wait_for_function("window.__startup && window.__startup.ready", timeout=timeout)


def read(page, server) -> dict:
    t = page.evaluate("window.__startup")
    tasks = [d for s, d in t["tasks"] if s <= t["ready"]]
    return {"visible": t.get("visible"), "ready": t["ready"], "task": max(tasks, default=0.0),
            "bytes": server.bytes_sent, "how": page.evaluate("document.documentElement.dataset.pythonStart || '-'")}


# The first start saved (site/pyodide/lab.mjs stores it once the page is ready); true when it is,
# or when the page restored the shipped start (then it saves none).
START_SAVED = """async () => {
  if (!globalThis.caches || !document.documentElement.dataset.pythonStart) return false;
  if (document.documentElement.dataset.pythonStart === "shipped") return true;
  for (let i = 0; i < 300; i++) {
    if ((await (await caches.open("phutball-lab:snapshot")).keys()).length) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}"""


def measure_page(playwright, server, url: str) -> dict[str, dict | None]:
    tmp, ctx = profile(playwright)
    out: dict[str, dict | None] = {}
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        server.reset_counters()
        try:
            page.goto(url)
            start(page)
        except Exception:  # did not start: counted in the `started` column, as the reloads are
            return {"cold": None, "warm": None, "offline": None}
        out["cold"] = read(page, server)
        page.evaluate(SW_ACTIVE)  # the worker has cached the build (or there is none)
        page.evaluate(START_SAVED)  # and the first start is saved (a visitor who comes back later)
        for load in ("warm", "offline"):
            if load == "offline" and "bare" in url:
                out[load] = None  # no service worker: it cannot start offline
                continue
            ctx.set_offline(load == "offline")
            server.reset_counters()
            try:
                page.reload(timeout=READY_MS)
                start(page)
                out[load] = read(page, server)
            except Exception:  # did not start: counted in the `started` column
                out[load] = None
        ctx.set_offline(False)
    finally:
        ctx.close()
        tmp.cleanup()
    return out


def measure_host(playwright, server, host, path: str, frames: int) -> dict | None:
    tmp, ctx = profile(playwright)
    try:
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        server.reset_counters()
        page.goto(host.origin + path)
        embeds = [page.frame_locator("iframe").nth(i) for i in range(frames)]
        try:
            for f in embeds:  # every frame shows its board (a replay or play frame: no Python yet)
                f.locator("html.ready, html.lazy").wait_for(timeout=READY_MS)
            origin = page.evaluate("performance.timeOrigin")
            shown = [f.locator("html").evaluate("() => window.__startup.shownAt") - origin for f in embeds]
            page.wait_for_timeout(300)  # let the last size messages arrive and lay out
            shift_shown = page.evaluate("window.__startup.shift")  # embed.js putting the frames in
            touched = page.evaluate("performance.now()")
            for f in embeds:  # a reader who touches every board at once: every engine starts
                if f.locator("html.lazy").count():
                    f.locator("#board").focus()
            for f in embeds:
                f.locator("html.ready").wait_for(timeout=READY_MS)
            ready = [f.locator("html").evaluate("() => window.__startup.readyAt") - origin for f in embeds]
            page.wait_for_timeout(300)  # let the last size messages arrive and lay out
            shift = page.evaluate("window.__startup.shift")
        except Exception:  # a frame never became ready: left out of the medians
            return None
        return {"shown": max(shown), "ready": max(ready) - touched, "shift_shown": shift_shown,
                "shift": shift - shift_shown, "bytes": server.bytes_sent}
    finally:
        ctx.close()
        tmp.cleanup()


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default="", help=f"comma-separated: {', '.join(PAGES)}, hosts (the host pages "
                    "with embeds); the bare page always runs (the ratios' base)")
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="the build to serve (default: dist/; e.g. a copy "
                    "made before a change)")
    args = ap.parse_args()
    dist = Path(args.dist)
    if not (dist / "index.html").exists():
        print("dist/ is missing: run `make dist` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright
    results: dict[tuple[str, str], list[dict | None]] = {}
    only = {w.strip() for w in args.only.split(",") if w.strip()}
    chosen = {name: path for key, (name, path) in PAGES.items() if not only or key in only | {"bare"}}
    if not only or "hosts" in only:
        hosts: dict[int, list[dict]] = {1: [], 3: []}
    else:
        hosts = {}
    served = {"/bare-bench.html": BARE, "/bare-worker.html": BARE_WORKER, "/bare-worker.py": BARE_WORKER_PY}
    with StaticServer({"/": dist}, pages=served) as server, sync_playwright() as p:
        pages = {"/one.html": HOST.format(divs=EMBEDS[0], origin=server.origin),
                 "/three.html": HOST.format(divs="".join(EMBEDS), origin=server.origin)}
        with StaticServer({}, pages=pages) as host:
            for run in range(args.runs):
                for name, path in chosen.items():
                    for load, r in measure_page(p, server, server.origin + path).items():
                        results.setdefault((name, load), []).append(r)
                for n in hosts:
                    hosts[n].append(measure_host(p, server, host, "/one.html" if n == 1 else "/three.html", n))
                print(f"[bench] run {run + 1}/{args.runs} done", file=sys.stderr, flush=True)
    base = med(r["ready"] for r in results[("bare PyScript", "cold")] if r)
    if base is None:
        print("the bare page never started: no figures", file=sys.stderr)
        return 1
    print(f"Start-up, medians of {args.runs} fresh profiles; x = ratio to the bare page's cold ready "
          f"({base / 1000:.2f} s)")
    print("| page | load | board visible | ready | longest task before ready | MB sent | started | Python start |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for load in ("cold", "warm", "offline"):
        for name in chosen:
            rs = results[(name, load)]
            ok = [r for r in rs if r]
            started = f"{len(ok)}/{len(rs)}"
            if not ok:
                print(f"| {name} | {load} | – | – | – | – | {started} | – |")
                continue
            hows = Counter(r["how"] for r in ok)
            how = ", ".join(f"{k} {v}/{len(ok)}" for k, v in sorted(hows.items()))
            vis = med(r["visible"] for r in ok)
            ready = med(r["ready"] for r in ok)
            vis_s = f"{vis / base:.2f}x ({vis / 1000:.2f} s)" if vis is not None else "–"
            print(f"| {name} | {load} | {vis_s} | {ready / base:.2f}x ({ready / 1000:.2f} s) | "
                  f"{med(r['task'] for r in ok):.0f} ms | {med(r['bytes'] for r in ok) / 1e6:.2f} | {started} | "
                  f"{how} |")
    if not hosts:
        return 0
    one = med(r["ready"] for r in hosts[1] if r)
    print()
    print("| host page (another origin, cold) | every board shown | every engine ready, from the first touch "
          "| vs one embed | layout shift until shown | from then to ready | MB sent |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for n, rs in hosts.items():
        rs = [r for r in rs if r]
        if not rs or one is None:
            print(f"| {n} Python embeds | – (never all ready) | – | – | – | – | – |")
            continue
        ready, shown = med(r["ready"] for r in rs), med(r["shown"] for r in rs)
        print(f"| {n} Python embed{'s' if n > 1 else ''} | {shown / base:.2f}x ({shown / 1000:.2f} s) | "
              f"{ready / base:.2f}x ({ready / 1000:.2f} s) | {ready / one:.2f}x | "
              f"{med(r['shift_shown'] for r in rs):.4f} | {med(r['shift'] for r in rs):.4f} | "
              f"{med(r['bytes'] for r in rs) / 1e6:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
