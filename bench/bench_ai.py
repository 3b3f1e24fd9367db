"""Node rate of the 2D computer player, in CPython and in Pyodide (WebAssembly), from one run.

    python bench/bench_ai.py [--quick]

Searches the same positions with the hard level's budget in this Python,
then (if Node.js and the vendored Pyodide are installed: ``npm ci``) runs
this very file inside Pyodide through ``bench/bench_ai_pyodide.mjs`` and
prints both rates and their ratio.  Figures go into ``bench/README.md``.

Positions: the start of 15x19 and 9x9, and middle games made by random
placements within three points of the centre (seeded).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from phutball import Position  # noqa: E402
from phutball.ai import Searcher  # noqa: E402


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


def measure(quick: bool = False) -> dict:
    """Search every position at the hard level; total nodes per second and the worst move time."""
    nodes, seconds, worst, depths = 0, 0.0, 0.0, []
    for pos in positions(quick):
        t0 = time.perf_counter()
        res = Searcher(pos, "hard", max_seconds=1e9).run()
        dt = time.perf_counter() - t0
        nodes += res.nodes
        seconds += dt
        worst = max(worst, dt)
        depths.append(res.depth)
    return {"python": sys.version.split()[0], "positions": len(depths), "nodes": nodes,
            "nodes_per_s": round(nodes / seconds), "mean_s_per_move": round(seconds / len(depths), 3),
            "worst_s": round(worst, 3), "depths": depths}


def main() -> None:
    quick = "--quick" in sys.argv
    cpy = measure(quick)
    print(f"CPython {cpy['python']}: {cpy['nodes_per_s']:,} nodes/s over {cpy['positions']} positions, "
          f"{cpy['mean_s_per_move']} s per hard move (worst {cpy['worst_s']} s), depths {cpy['depths']}")
    mjs = HERE / "bench_ai_pyodide.mjs"
    if not (HERE.parent / "node_modules" / "pyodide").exists():
        print("Pyodide: not measured (run npm ci first)")
        return
    proc = subprocess.run(["node", str(mjs)] + (["--quick"] if quick else []), capture_output=True, text=True)
    if proc.returncode != 0:
        print("Pyodide: failed:", proc.stderr.strip().splitlines()[-1:])
        return
    pyo = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"Pyodide {pyo['python']}: {pyo['nodes_per_s']:,} nodes/s, {pyo['mean_s_per_move']} s per hard move "
          f"(worst {pyo['worst_s']} s), depths {pyo['depths']}")
    print(f"Pyodide / CPython node rate: {pyo['nodes_per_s'] / cpy['nodes_per_s']:.2f}")


if __name__ == "__main__":
    main()
