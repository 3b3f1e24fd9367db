#!/usr/bin/env python3
"""Benchmarks and figures of the 1D part (issue 3); results go into bench/README-1d.md.

    python bench/bench_1d.py            # everything (about 5 minutes on 2 cores)
    python bench/bench_1d.py --quick    # skip the slowest runs (n = 24 NumPy, deep searches)
    python bench/bench_1d.py --json out.json

Figures:
1. whole-strip solve in CPython with the in-package bitset retrograde (phutball.oned.solve),
   n = 10..24, positions per second and peak memory (each run in a fresh process);
   the naive graph retrograde of the tests for comparison (n = 10, 12);
2. the offline NumPy path (tools/oned_offline.py), n = 16..24;
3. how far in-browser-style pure-Python search gets on the paper's 24-square position:
   proof-number search (with and without the potentials as heuristic) under a node/time
   budget at the root and along the main line, the depth-limited AND/OR search, and the
   sliced bitset retrograde itself (which decides it);
4. Theorem 1 against the exact Oddish solver, and the accuracy of the generalized potential.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAPER24 = "R_......oooo.*oo.o........"


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------- workers (run in a fresh process)


def worker(kind: str, n: int) -> dict:
    if kind == "python":
        from phutball.oned.solve import solve_strip
        t0 = time.perf_counter()
        t = solve_strip(n)
        sec = time.perf_counter() - t0
        st = t.stats()
    elif kind == "sliced":
        from phutball.oned.solve import StripSolver
        s = StripSolver(n)
        t0 = time.perf_counter()
        last = t0
        gap = 0.0
        k = 0
        for _ in s.steps():
            now = time.perf_counter()
            gap = max(gap, now - last)
            last = now
            k += 1
        sec = time.perf_counter() - t0
        st = s.table.stats()
        st["slices"] = k
        st["max_slice_ms"] = round(gap * 1000, 1)
    elif kind == "numpy":
        sys.path.insert(0, str(ROOT / "tools"))
        import oned_offline
        t0 = time.perf_counter()
        t = oned_offline.solve(n)
        sec = time.perf_counter() - t0
        st = t.stats()
    elif kind == "naive":
        sys.path.insert(0, str(ROOT / "tests"))
        from oned_reference import all_strips, retrograde, strip_moves
        t0 = time.perf_counter()
        r = retrograde(all_strips(n), strip_moves)
        sec = time.perf_counter() - t0
        st = {"n": n, "states": len(r) // 2}
    else:
        raise SystemExit(f"unknown worker {kind}")
    st.update({"kind": kind, "seconds": round(sec, 3), "peak_mb": round(_rss_mb(), 1),
               "positions_per_s": round(2 * st["states"] / sec)})
    return st


def run_worker(kind: str, n: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--worker", kind, str(n)], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------- searches on the 24-square position


def searches(quick: bool) -> dict:
    from phutball.oned.solve import load_book, pn_search, search_win
    from phutball.oned.strip import Strip
    book = load_book("oned24")
    root = Strip.from_str(PAPER24)
    res: dict = {}
    budget_nodes = 300_000 if quick else 1_000_000
    budget_s = 60.0 if quick else 120.0
    for h in (True, False):
        r = pn_search(root, max_nodes=budget_nodes, max_seconds=budget_s, heuristic=h)
        res[f"pn_root_heuristic_{h}"] = r.to_dict()
    # along the main line: the deepest position each search proves within a budget
    line = book.data["lines"]["main"]
    positions = []
    s = root
    for mv in line:
        positions.append(s)
        s = s.play(mv)
    winner_nodes = [p for p in positions if p.to_move == "R"]   # Right to move, Right wins
    for h in (True, False):
        best = None
        for p in reversed(winner_nodes):                            # shortest first
            plies = book.get(p)["plies"]
            r = pn_search(p, max_nodes=200_000, max_seconds=30.0, heuristic=h)
            if r.value != "win":
                res[f"pn_line_heuristic_{h}"] = {"deepest_proved_plies": best, "failed_at_plies": plies,
                                                 "failed_nodes": r.nodes, "failed_seconds": r.seconds}
                break
            best = plies
        else:
            res[f"pn_line_heuristic_{h}"] = {"deepest_proved_plies": best}
    best = None
    for p in reversed(winner_nodes):
        plies = book.get(p)["plies"]
        t0 = time.perf_counter()
        ok = search_win(p, plies, max_nodes=400_000)
        sec = time.perf_counter() - t0
        if not ok or sec > 60:
            res["and_or_line"] = {"deepest_proved_plies": best, "failed_at_plies": plies,
                                  "failed_seconds": round(sec, 2)}
            break
        best = (plies, round(sec, 2))
    return res


# ---------------------------------------------------------------- potentials


def potentials(max_m: int, max_n: int) -> dict:
    from phutball.oned.potential import general_values, oddish_values
    from phutball.oned.solve import oddish_table, strip_table
    from phutball.oned.strip import Strip
    theorem = {}
    for m in range(2, max_m + 1):
        fails = 0
        total = 0
        for a, mask, v, _ in oddish_table(m).raw():
            pl, pr = oddish_values(m, a, mask)
            total += 2   # Left to move, and its mirror image with Right to move
            if (pl <= pr) != (v == "win"):
                fails += 2
        theorem[m] = {"positions": total, "failures": fails}
    acc = {}
    for n in range(3, max_n + 1):
        ok = total = 0
        first = []
        for b, mask, v, _ in strip_table(n).raw():
            pl, pr = general_values(n, b, mask)
            total += 2
            if (pl <= pr) == (v == "win"):
                ok += 2
            elif len(first) < 3:
                first.append(str(Strip.from_mask(n, b, mask, "L")))
        acc[n] = {"positions": total, "correct": ok, "share": round(ok / total, 5), "examples": first}
    return {"theorem1": theorem, "general_accuracy": acc}


# ---------------------------------------------------------------- main


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", nargs=2, metavar=("KIND", "N"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", metavar="PATH")
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker[0], int(args.worker[1]))))
        return 0
    results: dict = {"python": {}, "numpy": {}, "naive": {}, "sliced": {}}
    say = lambda s: print(s, flush=True)  # noqa: E731
    say("## Whole-strip solve, CPython, pure-Python bitset retrograde (phutball.oned.solve)")
    say("| n | Left-to-move states | seconds | positions/s (both sides) | peak MB | longest win |")
    say("|---|---|---|---|---|---|")
    for n in range(10, 25):
        if args.quick and n > 20:
            break
        r = run_worker("python", n)
        results["python"][n] = r
        say(f"| {n} | {r['states']:,} | {r['seconds']:.3f} | {r['positions_per_s']:,} | {r['peak_mb']:.0f} | "
            f"{r['max_win_plies']} |")
    say("\n## Sliced (browser-style) solve: slices and the longest slice")
    for n in (14, 20) if args.quick else (14, 20, 24):
        r = run_worker("sliced", n)
        results["sliced"][n] = r
        say(f"n={n}: {r['seconds']:.2f} s, {r['slices']} slices, longest {r['max_slice_ms']} ms")
    say("\n## Naive graph retrograde (tests/oned_reference.py), for comparison")
    for n in (10, 12):
        r = run_worker("naive", n)
        results["naive"][n] = r
        say(f"n={n}: {r['seconds']:.2f} s, {r['positions_per_s']:,} positions/s, {r['peak_mb']:.0f} MB")
    say("\n## Offline NumPy path (tools/oned_offline.py)")
    say("| n | seconds | peak MB | wins | losses | draws | longest win |")
    say("|---|---|---|---|---|---|---|")
    for n in (16, 18, 20, 22, 24):
        if args.quick and n > 20:
            break
        r = run_worker("numpy", n)
        results["numpy"][n] = r
        say(f"| {n} | {r['seconds']:.1f} | {r['peak_mb']:.0f} | {r['wins']:,} | {r['losses']:,} | {r['draws']} | "
            f"{r['max_win_plies']} |")
    say("\n## Search on the 24-square position")
    s = searches(args.quick)
    results["search"] = s
    for k, v in s.items():
        say(f"{k}: {json.dumps(v)}")
    say("\n## Potentials")
    p = potentials(14 if args.quick else 16, 14 if args.quick else 16)
    results["potentials"] = p
    for m, v in p["theorem1"].items():
        say(f"Theorem 1, Oddish m={m}: {v['positions']} positions, {v['failures']} failures")
    say("| n | positions | correct | share | first failures (Left to move) |")
    say("|---|---|---|---|---|")
    for n, v in p["general_accuracy"].items():
        say(f"| {n} | {v['positions']:,} | {v['correct']:,} | {v['share']:.4f} | {' '.join(v['examples'])} |")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
