"""How long the strongest level's slices run, and how much memory its search takes, on crowded boards (issue 44).

    python bench/bench_slices.py [--quick] [--tracemalloc]

The browser's worker runs a search in slices of 40 ms (``lab.jobs.slices``) and answers Stop and
"Move now" only between two slices, so the longest slice is how long the page may wait.  Each
position is searched in a fresh subprocess, as the page would (:class:`lab.jobs.ComputerMove2D`,
grandmaster's budget, the collector paused as the pages pause it), and reports the longest slice by
CPU time and by wall time, the nodes searched and the process's peak memory (``ru_maxrss`` after
the search less before it; ``--tracemalloc``: tracemalloc's peak too, which slows the search).

Positions: crowded 25x25 boards of 190-600 men placed at random (seeded; the ball in play, no
jump onto either goal, the game not over), and bench_ai's 15x19 positions for comparison.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "site"))

from phutball import Position  # noqa: E402
from phutball import BoardSize  # noqa: E402
from phutball.notation import Point  # noqa: E402
from phutball.winsearch import win_path  # noqa: E402

CROWDS = (190, 300, 400, 500, 600)


def crowded(men: int, seed: int) -> Position:
    """``men`` men at random on 25x25, the ball at random in rows 8-18, O to move; drawn again until no
    jump of Ohs reaches their goal (no win found by a pruned win search of 2,000 nodes)."""
    rng = random.Random(seed)
    size = BoardSize(25, 25)
    points = [(c, r) for r in range(1, 26) for c in range(1, 26)]
    while True:
        ball = (rng.randint(1, 25), rng.randint(8, 18))
        mask = 0
        for c, r in rng.sample([p for p in points if p != ball], men):
            mask |= 1 << (r * 25 + c - 1)
        if win_path(25, 25, mask, ball[0], ball[1], "O", 2_000)[0] != "found":
            pos = Position.from_mask(size, mask, Point(*ball), "O")
            if not pos.is_over:
                return pos


def positions(quick: bool = False) -> list[tuple[str, str]]:
    """(kind, position text): the crowded 25x25 boards, then bench_ai's 15x19 middle games."""
    sys.path.insert(0, str(HERE))
    from bench_ai import positions as middle
    out = [(f"25x25 {men} men", str(crowded(men, seed))) for seed, men in enumerate(CROWDS[::2] if quick else CROWDS)]
    out += [(f"15x19 {bin(p.mask).count('1')} men", str(p)) for i, p in enumerate(middle(True)) if p.size.width == 15]
    return out


def one(text: str, traced: bool) -> dict:
    """Search ``text`` in 40 ms slices as the page does; the longest slice (CPU, wall), nodes, peak memory."""
    import tracemalloc
    from lab.jobs import ComputerMove2D, slices
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if traced:
        tracemalloc.start()
    job = slices(ComputerMove2D(text))
    cpu = wall = 0.0
    n = 0
    report: dict = {}
    t0 = time.perf_counter()
    while True:
        c, w = time.process_time(), time.perf_counter()
        report = dict(next(job))
        cpu, wall, n = max(cpu, time.process_time() - c), max(wall, time.perf_counter() - w), n + 1
        if report.get("done"):
            break
    out = {"slices": n, "longest_cpu_ms": round(cpu * 1000, 1), "longest_wall_ms": round(wall * 1000, 1),
           "nodes": report["result"]["nodes"], "depth": report["result"]["depth"],
           "move_s": round(time.perf_counter() - t0, 2),
           "rss_mb": round((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024, 1)}
    if traced:
        out["traced_mb"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
    return out


def main() -> None:
    if "--one" in sys.argv:  # the child: one position
        print(json.dumps(one(sys.stdin.read().strip(), "--tracemalloc" in sys.argv)))
        return
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
          f"{' '.join(f'{x:.1f}' for x in __import__('os').getloadavg())}, Python {sys.version.split()[0]}")
    extra = ["--tracemalloc"] if "--tracemalloc" in sys.argv else []
    for kind, text in positions("--quick" in sys.argv):
        proc = subprocess.run([sys.executable, __file__, "--one"] + extra, input=text, capture_output=True,
                              text=True, check=True)
        r = json.loads(proc.stdout)
        print(f"{kind:18} longest slice {r['longest_cpu_ms']:6.1f} ms CPU {r['longest_wall_ms']:6.1f} ms wall, "
              f"{r['slices']:4} slices, {r['nodes']:6} nodes, depth {r['depth']}, {r['move_s']:5.2f} s, "
              f"peak +{r['rss_mb']} MB" + (f" (traced {r['traced_mb']} MB)" if "traced_mb" in r else ""), flush=True)


if __name__ == "__main__":
    main()
