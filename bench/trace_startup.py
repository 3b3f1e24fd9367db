"""What a first visit's long main-thread tasks are made of: a Chromium trace per fresh profile.

    python bench/trace_startup.py [--runs 3] [--pages calculator,play] [--over 40] [--save DIR]
                                  [--dist DIR]                          (after `make dist`)

Each run opens the page in a new, empty Chromium profile (as bench/bench_startup.py does: a first
visit), traces it with the ``devtools.timeline`` categories until ``<html>`` is ready plus one
second, and prints every task on the page's main thread longer than ``--over`` ms (before ready:
the tasks bench_startup.py's "longest task" column takes its maximum of), each with what it is made
of: script evaluation and compilation (by URL), function calls (by URL and function), style
recalculations (elements), layouts (objects dirty / total, and the script line that forced a
synchronous one), HTML parsing, paint, and the new font strikes it asked for (on Linux each is a
synchronous call to the browser process).  A task that is mostly Playwright's own injected script
is listed but not counted.  Then, per page, the medians and ranges over the runs of the longest task
(also as the page's own PerformanceObserver saw it) and of the counts.  Timing is noisy on a shared
machine: the counts (objects laid out, elements styled, font strikes) are not.  Each task's *CPU*
time is the main thread's own (the trace's thread clock): on a loaded machine a task's wall time is
mostly the thread waiting for a core (a 100 ms task of 1 ms CPU), its CPU time is the work itself.
The summary gives both: the longest task before ready (wall) and the most CPU any task before ready
took.  A replay or play embed is focused as soon as its board shows (bench_startup.py's ``start``).
``--dist`` traces another build's folder (e.g. a copy of dist/ made before a change: A/B runs
interleaved on the same machine load).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

from devserver import StaticServer  # noqa: E402
from bench_startup import CHROMIUM_ARGS, PAGES, PROBE, READY_MS, start  # noqa: E402

CATEGORIES = ",".join(["devtools.timeline", "disabled-by-default-devtools.timeline",
                       "disabled-by-default-devtools.timeline.stack", "v8.execute", "blink.user_timing", "fonts"])
STRIKE = "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike"  # a new font strike: a sync call to the browser
TASK_NAMES = {"RunTask", "ThreadControllerImpl::RunTask"}


def trace_first_visit(playwright, url: str, setup=None) -> tuple[list[dict], float, list[list[float]]]:
    """A first visit to `url` in a fresh profile: the trace's events, the time to ready (ms) and the
    page's own long tasks ([start, duration], PerformanceObserver, as bench_startup.py reads them).
    ``setup(context)``, if given, runs before the visit (e.g. to route a file to a variant)."""
    with tempfile.TemporaryDirectory(prefix="trace-profile-") as tmp:
        ctx = playwright.chromium.launch_persistent_context(
            tmp, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS,
            headless=True, viewport={"width": 1280, "height": 860})
        try:
            ctx.add_init_script(PROBE)
            if setup is not None:
                setup(ctx)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            cdp = ctx.new_cdp_session(page)
            events: list[dict] = []
            done: list[bool] = []
            cdp.on("Tracing.dataCollected", lambda p: events.extend(p["value"]))
            cdp.on("Tracing.tracingComplete", lambda p: done.append(True))
            cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES.split(",")},
                                       "transferMode": "ReportEvents"})
            page.goto(url)
            start(page)  # as bench_startup.py: a lazy embed is focused as soon as its board shows
            ready = page.evaluate("window.__startup.ready")
            page.wait_for_timeout(1000)
            observed = page.evaluate("window.__startup.tasks")
            cdp.send("Tracing.end")
            while not done:
                page.wait_for_timeout(100)
            return events, ready, observed
        finally:
            ctx.close()


def main_thread(events: list[dict], url_part: str) -> tuple[int, int] | None:
    """(pid, tid) of the renderer main thread that loaded `url_part`."""
    for e in events:
        if e.get("name") == "ParseHTML" and url_part in json.dumps(e.get("args", {})):
            return e["pid"], e["tid"]
    return None


def describe(ev: dict) -> str:
    """One child event in words (its kind and its main figures)."""
    name, data = ev["name"], ev.get("args", {}).get("data") or {}
    begin = ev.get("args", {}).get("beginData") or {}
    end = ev.get("args", {}).get("endData") or {}
    short = lambda u: (u or "").rsplit("/", 1)[-1][:40]  # noqa: E731
    if name == "Layout":
        forced = begin.get("stackTrace") or []
        where = f", forced by {short(forced[0].get('url'))}:{forced[0].get('lineNumber')} " \
                f"{forced[0].get('functionName')}" if forced else ""
        return f"Layout {begin.get('dirtyObjects')}/{begin.get('totalObjects')} objects" \
               f"{' partial' if begin.get('partialLayout') else ''}{where}"
    if name in ("UpdateLayoutTree", "RecalculateStyles"):
        stack = begin.get("stackTrace") or data.get("stackTrace") or []
        where = f", forced by {short(stack[0].get('url'))}:{stack[0].get('lineNumber')} " \
                f"{stack[0].get('functionName')}" if stack else ""
        count = ev["args"].get("elementCount", end.get("elementCount", data.get("elementCount", "?")))
        return f"Style {count} elements{where}"
    if name == "ParseHTML":
        return f"ParseHTML {short(begin.get('url'))} lines {begin.get('startLine')}-{end.get('endLine')}"
    if name == "EvaluateScript" and not data and not begin:
        return "EvaluateScript (no URL: Playwright's injected script, not the page's)"
    if name in ("EvaluateScript", "v8.evaluateModule", "v8.compileModule", "v8.compile", "CompileScript"):
        return f"{name} {short(data.get('url') or data.get('fileName') or begin.get('url'))}"
    if name == "FunctionCall":
        return f"FunctionCall {short(data.get('url'))}:{data.get('lineNumber')} {data.get('functionName')}"
    if name == "EventDispatch":
        return f"EventDispatch {data.get('type')}"
    return name


CHILDREN = {"Layout", "UpdateLayoutTree", "ParseHTML", "EvaluateScript", "v8.evaluateModule", "v8.compileModule",
            "v8.compile", "FunctionCall", "Paint", "PrePaint", "Layerize", "ScheduleStyleRecalculation",
            "EventDispatch", "TimerFire", "FireAnimationFrame", "HitTest", "IntersectionObserverController::"
            "computeIntersections", "ParseAuthorStyleSheet", "Decode Image", "UpdateLayer", "MajorGC", "MinorGC",
            "V8.GC_MC_BACKGROUND_MARKING", "BlinkGC.AtomicPhase", "V8.GCScavenger", "V8.GCFinalizeMC",
            "CpuProfiler::StartProfiling", "v8.produceModuleCache", "v8.produceCache", "CommitLoad",
            "ResourceReceivedData", "ResourceReceiveResponse", "ResourceFinish", "XHRReadyStateChange",
            "PaintImage", "ComputeIntersections", "v8.parseOnBackground", "V8.ParseFunction"}


def parts(mine: list[dict], task: dict) -> list[dict]:
    """A task's pieces: the outermost events inside it, and every layout and style recalculation
    (listed wherever they are: a script forcing one)."""
    t0, t1 = task["ts"], task["ts"] + task["dur"]
    inside = [e for e in mine if e is not task and t0 <= e["ts"] < t1 and e["name"] in CHILDREN]
    inside.sort(key=lambda e: (e["ts"], -e["dur"]))
    pieces, open_until = [], -1.0
    for e in inside:
        if e["ts"] >= open_until or e["name"] in ("Layout", "UpdateLayoutTree"):
            pieces.append(e)
            if e["ts"] >= open_until:
                open_until = e["ts"] + e["dur"]
    return pieces


def long_tasks(events: list[dict], url_part: str, over: float, ready_ts: float | None = None) -> list[dict]:
    """The tasks over `over` ms on the page's main thread, each with its direct pieces."""
    where = main_thread(events, url_part)
    if where is None:
        return []
    mine = [e for e in events if (e.get("pid"), e.get("tid")) == where and e.get("ph") == "X" and "dur" in e]
    tasks = sorted((e for e in mine if e["name"] in TASK_NAMES and e["dur"] / 1000 > over), key=lambda e: e["ts"])
    out = []
    for t in tasks:
        t0, t1 = t["ts"], t["ts"] + t["dur"]
        pieces = parts(mine, t)
        strikes = [e for e in mine if t0 <= e["ts"] < t1 and e["name"] == STRIKE]
        fonts = sum(e["dur"] for e in mine if t0 <= e["ts"] < t1 and e["name"] == "FontCache::GetFontPlatformData"
                    and not any(o is not e and o["name"] == e["name"] and o["ts"] <= e["ts"] < o["ts"] + o["dur"]
                                for o in mine if o["name"] == e["name"]))
        out.append({"ts": t0, "ms": t["dur"] / 1000, "strikes": len(strikes), "fonts_ms": fonts / 1000,
                    "strikes_ms": sum(e["dur"] for e in strikes) / 1000,
                    "cpu": t.get("tdur", 0) / 1000, "pieces": [(describe(e), e["dur"] / 1000, e) for e in pieces]})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pages", default="calculator,play", help=f"comma-separated: {', '.join(PAGES)}")
    ap.add_argument("--over", type=float, default=40.0, help="list tasks longer than this (ms)")
    ap.add_argument("--min-piece", type=float, default=2.0, help="list a task's pieces longer than this (ms)")
    ap.add_argument("--save", default="", help="a folder to save each run's raw trace in (JSON)")
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="the build to serve (default: dist/)")
    args = ap.parse_args()
    if not (Path(args.dist) / "index.html").exists():
        print("dist/ is missing: run `make dist` first", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright
    summary: dict[str, list[dict]] = defaultdict(list)
    with StaticServer({"/": Path(args.dist)}) as server, sync_playwright() as p:
        for run in range(args.runs):
            for key in args.pages.split(","):
                name, path = PAGES[key.strip()]
                events, ready, observed = trace_first_visit(p, server.origin + path)
                if args.save:
                    Path(args.save).mkdir(parents=True, exist_ok=True)
                    (Path(args.save) / f"{key}-{run + 1}.json").write_text(json.dumps(events))
                url_part = path.split("#")[0].lstrip("/")
                where = main_thread(events, url_part)
                navs = [e["ts"] for e in events if e.get("name") == "navigationStart"
                        and url_part in e.get("args", {}).get("data", {}).get("documentLoaderURL", "")]
                t_nav = min(navs) if navs else 0
                tasks = long_tasks(events, url_part, args.over)
                # tasks before ready, without Playwright's own (its injected script: the page's observer does
                # not see them either)
                before = [t for t in tasks if (t["ts"] - t_nav) / 1000 <= ready
                          and not any("Playwright" in text and ms > t["ms"] / 2 for text, ms, _ in t["pieces"])]
                mine = [e for e in events if (e.get("pid"), e.get("tid")) == where and e.get("ph") == "X"]
                layouts = [e for e in mine if e["name"] == "Layout"]
                styles = [e for e in mine if e["name"] == "UpdateLayoutTree"]
                # the most CPU any task before ready took (its wall time aside), from every task, not only
                # the long ones
                # (without Playwright's injected script, as above)
                injected = [e for e in mine if e["name"] == "EvaluateScript" and not e.get("args", {}).get("data")
                            and not e.get("args", {}).get("beginData")]
                cpu_tasks = [e for e in mine if e["name"] in TASK_NAMES and "tdur" in e
                             and (e["ts"] - t_nav) / 1000 <= ready
                             and not any(e["ts"] <= i["ts"] < e["ts"] + e["dur"] and i.get("tdur", 0) > e["tdur"] / 2
                                         for i in injected)]
                heaviest = sorted(cpu_tasks, key=lambda e: -e["tdur"])[:3]
                summary[name].append({
                    "longest": max((t["ms"] for t in before), default=0.0), "ready": ready,
                    "cpu": max((e["tdur"] / 1000 for e in cpu_tasks), default=0.0),
                    "observed": max((d for s, d in observed if s <= ready), default=0.0),
                    "max_layout_objects": max((e["args"]["beginData"].get("totalObjects", 0) for e in layouts
                                               if "beginData" in e.get("args", {})), default=0),
                    "layout_ms": sum(e["dur"] for e in layouts) / 1000, "layouts": len(layouts),
                    "style_ms": sum(e["dur"] for e in styles) / 1000, "styles": len(styles),
                    "strikes": sum(1 for e in mine if e["name"] == STRIKE)})
                print(f"\n== {name}, run {run + 1}: ready {ready:.0f} ms; the page's own long tasks (start, ms): "
                      f"{', '.join(f'{s:.0f} {d:.0f}' for s, d in observed)}; {len(layouts)} layouts "
                      f"({summary[name][-1]['layout_ms']:.0f} ms), {len(styles)} style recalcs "
                      f"({summary[name][-1]['style_ms']:.0f} ms), {summary[name][-1]['strikes']} new font strikes")
                for t in tasks:
                    print(f"  task at {(t['ts'] - t_nav) / 1000:7.0f} ms: {t['ms']:6.1f} ms (CPU {t['cpu']:5.1f} ms)"
                          f"{'' if t in before else '  (after ready)'}; fonts {t['fonts_ms']:.1f} ms, "
                          f"{t['strikes']} new font strikes ({t['strikes_ms']:.1f} ms)")
                    for text, ms, _ in t["pieces"]:
                        if ms >= args.min_piece:
                            print(f"      {ms:6.1f} ms  {text}")
                print("  the most CPU in one task before ready (any length):")
                for e in heaviest:
                    print(f"  task at {(e['ts'] - t_nav) / 1000:7.0f} ms: CPU {e['tdur'] / 1000:5.1f} ms "
                          f"({e['dur'] / 1000:.1f} ms)")
                    for piece in parts(mine, e):
                        if piece.get("tdur", 0) / 1000 >= args.min_piece / 2:
                            print(f"      CPU {piece['tdur'] / 1000:5.1f} ms  {describe(piece)}")
    print()
    for name, rs in summary.items():
        vals = sorted(r["longest"] for r in rs)
        seen = sorted(r["observed"] for r in rs)
        cpus = sorted(r["cpu"] for r in rs)
        print(f"{name}: longest task before ready, median {statistics.median(vals):.0f} ms "
              f"(range {vals[0]:.0f}-{vals[-1]:.0f}, {len(vals)} fresh profiles; the page's own observer: "
              f"{statistics.median(seen):.0f} ms, {seen[0]:.0f}-{seen[-1]:.0f}); the most CPU in one task before "
              f"ready: median {statistics.median(cpus):.0f} ms ({cpus[0]:.0f}-{cpus[-1]:.0f}); largest layout "
              f"{statistics.median(r['max_layout_objects'] for r in rs):.0f} objects; layouts "
              f"{statistics.median(r['layout_ms'] for r in rs):.0f} ms in {statistics.median(r['layouts'] for r in rs):.0f}; "
              f"style {statistics.median(r['style_ms'] for r in rs):.0f} ms in {statistics.median(r['styles'] for r in rs):.0f}; "
              f"new font strikes {statistics.median(r['strikes'] for r in rs):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
