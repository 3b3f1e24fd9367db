"""Node rate of the 2D computer player, in CPython and in Pyodide (WebAssembly), from one run.

    python bench/bench_ai.py [--quick] [--runs N] [--collector]

Searches the same positions with the strongest level's node budget (grandmaster; its clock limit
lifted, so every run searches the same nodes: ``over_limit`` counts the moves that the level's own
limit, 2 s since issue 44, would have cut short) in this Python,
then (if Node.js and the vendored Pyodide are installed: ``npm ci``) runs
this very file inside Pyodide through ``bench/bench_ai_pyodide.mjs`` and
prints both rates and their ratio; ``--runs N`` alternates N runs of each and
prints the medians.  Figures go into ``bench/README.md``.

The search runs in slices, as the browser's worker runs it
(:meth:`Searcher.steps`); the longest slice (the wall time between two
reports) bounds how long Stop or "Move now" waits.  Rates, and the median and
worst seconds per move, are given by wall time and by the process's CPU time (on
a shared machine the CPU time is the steadier figure; under Node it is read from
``process.cpuUsage``).

Positions: the start of 15x19 and 9x9, and middle games made by random
placements within three points of the centre (seeded).
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from phutball import Position  # noqa: E402
from phutball.ai import LEVELS, STRONGEST, Searcher  # noqa: E402


def positions(quick: bool = False) -> list[Position]:
    rng = random.Random(11)
    out = [Position.start("15x19"), Position.start("9x9")]
    for size, men in [("15x19", 12), ("15x19", 24), ("15x19", 40), ("9x9", 10), ("9x9", 20)] * (1 if quick else 2):
        pos = Position.start(size)
        c = pos.ball
        for _ in range(men):
            near = [p for p in pos.placements()
                    if max(abs(p.point.col - c.col), abs(p.point.row - c.row)) <= 3]
            pos = pos.play(rng.choice(near or pos.placements()))
        out.append(pos)
    return out


def cpu_seconds() -> float:
    """This process's CPU time (Pyodide's own ``time.process_time`` is the wall clock)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide under Node
        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


def measure(quick: bool = False, collector: bool = False) -> dict:
    """Search every position at the strongest level, in slices; nodes per second, move and slice times.

    The cyclic garbage collector is off during the searches, as the pages run them
    (``lab.jobs.collector_paused``), unless ``collector`` (``--collector``: the collector's stalls).
    """
    import gc
    was_enabled = gc.isenabled()
    if not collector:
        gc.disable()
    try:
        return _measure(quick)
    finally:
        if was_enabled:
            gc.enable()


def _measure(quick: bool) -> dict:
    nodes, seconds, cpu, worst, longest, depths, times, cpus = 0, 0.0, 0.0, 0.0, 0.0, [], [], []
    for pos in positions(quick):
        searcher = Searcher(pos, STRONGEST, max_seconds=1e9)
        c0 = cpu_seconds()
        t0 = last = time.perf_counter()
        for res in searcher.steps():
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
        cpus.append(cpu_seconds() - c0)
        cpu += cpus[-1]
        dt = last - t0
        nodes += res.nodes
        seconds += dt
        worst = max(worst, dt)
        times.append(dt)
        depths.append(res.depth)
    return {"python": sys.version.split()[0], "positions": len(depths), "nodes": nodes,
            "nodes_per_s": round(nodes / seconds), "nodes_per_cpu_s": round(nodes / cpu),
            "mean_s_per_move": round(seconds / len(depths), 3), "median_s_per_move": round(statistics.median(times), 3),
            "worst_s": round(worst, 3), "median_cpu_s": round(statistics.median(cpus), 3),
            "worst_cpu_s": round(max(cpus), 3),
            "longest_slice_ms": round(longest * 1000, 1), "depths": depths, "cpu_s": [round(c, 3) for c in cpus],
            "over_limit": sum(t > LEVELS[STRONGEST].max_seconds for t in times)}


def describe(name: str, r: dict) -> str:
    return (f"{name} {r['python']}: {r['nodes_per_s']:,} nodes/s ({r['nodes_per_cpu_s']:,} per CPU second) over "
            f"{r['positions']} positions, {r['mean_s_per_move']} s per move at the strongest level "
            f"(median {r['median_s_per_move']} s, worst {r['worst_s']} s; by CPU time median "
            f"{r['median_cpu_s']} s, worst {r['worst_cpu_s']} s), "
            f"longest slice {r['longest_slice_ms']} ms, depths {r['depths']}; "
            f"{r['over_limit']} of {r['positions']} over the level's {LEVELS[STRONGEST].max_seconds} s limit "
            f"(searched to the node budget here), seconds by CPU {r['cpu_s']}")


def pyodide(quick: bool, collector: bool = False) -> dict | None:
    """:func:`measure` run inside the vendored Pyodide under Node (None, said why, if it cannot run)."""
    if not (HERE.parent / "node_modules" / "pyodide").exists():
        print("Pyodide: not measured (run npm ci first)")
        return None
    mjs = HERE / "bench_ai_pyodide.mjs"
    proc = subprocess.run(["node", str(mjs)] + (["--quick"] if quick else []) + (["--collector"] if collector else []),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        print("Pyodide: failed:", proc.stderr.strip().splitlines()[-1:])
        return None
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def main() -> None:
    quick = "--quick" in sys.argv
    collector = "--collector" in sys.argv
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 1
    wall, cpu = [], []
    for _ in range(runs):  # alternating, so a busy spell of the machine spoils both sides alike
        cpy = measure(quick, collector)
        print(describe("CPython", cpy), flush=True)
        pyo = pyodide(quick, collector)
        if pyo is None:
            return
        print(describe("Pyodide", pyo))
        wall.append(pyo["nodes_per_s"] / cpy["nodes_per_s"])
        cpu.append(pyo["nodes_per_cpu_s"] / cpy["nodes_per_cpu_s"])
        print(f"Pyodide / CPython node rate: {wall[-1]:.2f} by wall time, {cpu[-1]:.2f} by CPU time", flush=True)
    if runs > 1:
        print(f"median of {runs}: {statistics.median(wall):.2f} by wall time ({min(wall):.2f}-{max(wall):.2f}), "
              f"{statistics.median(cpu):.2f} by CPU time ({min(cpu):.2f}-{max(cpu):.2f})")


if __name__ == "__main__":
    main()
