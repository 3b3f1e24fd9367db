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

Options: ``--pyodide`` searches each position inside the vendored Pyodide under Node
(``bench/bench_slices_pyodide.mjs``, one Node process per position; CPU time is Node's
``process.cpuUsage``; no memory figure there), where the page's worker runs it; ``--analysis``
runs the play page's analysis job (:class:`lab.jobs.Analyse2D`, no forward pruning near the
ball) instead of the computer's move; ``--gaps`` also reports the longest wall time between two
readings of the clock and where each end of it was read (the code that ran unchecked);
``--only TEXT`` keeps the positions whose kind contains TEXT.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

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


@dataclass(frozen=True)
class Options:
    """What to measure (see the module doc): the job, tracemalloc's peak, the gaps between clock readings."""

    analysis: bool = False
    traced: bool = False
    gaps: bool = False

    @staticmethod
    def parse(argv: list[str]) -> "Options":
        return Options("--analysis" in argv, "--tracemalloc" in argv, "--gaps" in argv)

    def flags(self) -> list[str]:
        return [f for f, on in (("--analysis", self.analysis), ("--tracemalloc", self.traced), ("--gaps", self.gaps))
                if on]


class Gaps:
    """Wraps ``time.perf_counter`` (the clock of the worker's slices and of the search): the longest CPU
    times between two readings (with their wall times), one per pair of places read (the innermost
    frames: file, line, function).  CPU, since a loaded machine's wall gaps are mostly waiting."""

    def __init__(self, cpu: Callable[[], float]) -> None:
        self.real, self.cpu = time.perf_counter, cpu
        self.last, self.last_cpu = self.real(), cpu()
        self.where: tuple[str, ...] = ()
        self.longest: dict[tuple[str, str], tuple[float, float, tuple[str, ...], tuple[str, ...]]] = {}

    def __call__(self) -> float:
        now, cpu = self.real(), self.cpu()
        frame, where = sys._getframe(1), []
        while frame is not None and len(where) < 6:
            where.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_lineno} {frame.f_code.co_name}")
            frame = frame.f_back
        pair = (self.where[:1] + ("",))[0], where[0]
        if cpu - self.last_cpu > self.longest.get(pair, (0.0,))[0]:
            self.longest[pair] = (cpu - self.last_cpu, now - self.last, self.where, tuple(where))
        self.last, self.last_cpu, self.where = now, cpu, tuple(where)
        return now

    def report(self, top: int = 4) -> list[dict]:
        """The ``top`` longest gaps, each between another pair of places."""
        return [{"cpu_ms": round(gap * 1000, 1), "wall_ms": round(wall * 1000, 1), "since": list(since),
                 "until": list(until)} for gap, wall, since, until in sorted(self.longest.values(), reverse=True)[:top]]


def one(text: str, options: Options, cpu: Callable[[], float] = time.process_time) -> dict:
    """Search ``text`` in 40 ms slices as the page does; the longest slice (CPU, wall), nodes, peak memory
    (in CPython: ``resource`` is not in Pyodide).  ``cpu``: the CPU clock, in seconds."""
    import tracemalloc
    from lab.jobs import Analyse2D, ComputerMove2D, slices
    try:
        import resource
    except ImportError:  # Pyodide
        resource = None  # type: ignore[assignment]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss if resource else 0
    if options.traced:
        tracemalloc.start()
    gaps = Gaps(cpu) if options.gaps else None
    if gaps is not None:
        time.perf_counter = gaps
    clock = gaps.real if gaps is not None else time.perf_counter
    job = slices(Analyse2D(text) if options.analysis else ComputerMove2D(text))
    longest_cpu = longest_wall = 0.0
    n = 0
    report: dict = {}
    t0 = clock()
    while True:
        c, w = cpu(), clock()
        report = dict(next(job))
        longest_cpu, longest_wall = max(longest_cpu, cpu() - c), max(longest_wall, clock() - w)
        n += 1
        if report.get("done"):
            break
    result = report.get("result") or report
    out = {"slices": n, "longest_cpu_ms": round(longest_cpu * 1000, 1), "longest_wall_ms": round(longest_wall * 1000, 1),
           "nodes": result["nodes"], "depth": result["depth"], "move_s": round(clock() - t0, 2)}
    if resource:
        out["rss_mb"] = round((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024, 1)
    if options.traced:
        out["traced_mb"] = round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
    if gaps is not None:
        time.perf_counter = gaps.real
        out["gaps"] = gaps.report()
    return out


def main() -> None:
    options = Options.parse(sys.argv)
    if "--one" in sys.argv:  # the child: one position
        print(json.dumps(one(sys.stdin.read().strip(), options)))
        return
    pyodide = "--pyodide" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
          f"{' '.join(f'{x:.1f}' for x in __import__('os').getloadavg())}, "
          f"{'Pyodide under Node' if pyodide else 'Python ' + sys.version.split()[0]}, "
          f"{'the analysis' if options.analysis else 'the computer' + chr(39) + 's move'}")
    child = (["node", str(HERE / "bench_slices_pyodide.mjs")] if pyodide else [sys.executable, __file__, "--one"])
    for kind, text in positions("--quick" in sys.argv):
        if only not in kind:
            continue
        proc = subprocess.run(child + options.flags(), input=text, capture_output=True, text=True, check=True)
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        print(f"{kind:18} longest slice {r['longest_cpu_ms']:6.1f} ms CPU {r['longest_wall_ms']:6.1f} ms wall, "
              f"{r['slices']:4} slices, {r['nodes']:6} nodes, depth {r['depth']}, {r['move_s']:5.2f} s"
              + (f", peak +{r['rss_mb']} MB" if "rss_mb" in r else "")
              + (f" (traced {r['traced_mb']} MB)" if "traced_mb" in r else ""), flush=True)
        for g in r.get("gaps", ()):
            print(f"    gap between clock readings {g['cpu_ms']} ms CPU ({g['wall_ms']} ms wall)\n      since: "
                  + "\n             ".join(g["since"][:4]) + "\n      until: " + "\n             ".join(g["until"][:4]),
                  flush=True)


if __name__ == "__main__":
    main()
