"""The strongest level's decisions at a fixed node budget, recorded once and checked after a speed-up.

    python bench/fixed_decisions.py record [--nodes 20000] [--out bench/fixed-decisions.json]
    python bench/fixed_decisions.py check  [--data bench/fixed-decisions.json]

A speed-up of the search (issue 44) must not change what it decides: at the same node budget, with
no clock, every position must give the same best move, score, nodes searched, depth and principal
variation.  Then the strength at a node budget is unchanged by construction, and at a time budget
it can only rise.  ``record`` writes the search's answers on :func:`positions` (before the change),
``check`` searches them again and lists every difference (exit status 1 if any).

Positions: ``bench/bench_ai.py``'s twelve, then seeded middle games of 15x19 and 9x9, some sparse
and some crowded (so threats, parries and the wide level's ranking all come up).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_ai import positions as bench_positions  # noqa: E402
from phutball import Position  # noqa: E402
from phutball.ai import STRONGEST, Searcher  # noqa: E402

DATA = HERE / "fixed-decisions.json"


def middle_game(rng: random.Random, size: str, men: int, radius: int) -> Position:
    """A game of ``men`` random placements within ``radius`` of the ball (any point if none is left),
    stopped early if it ends; the last position that is not over."""
    pos = Position.start(size)
    for _ in range(men):
        c = pos.ball
        near = [p for p in pos.placements()
                if max(abs(p.point.col - c.col), abs(p.point.row - c.row)) <= radius]
        nxt = pos.play(rng.choice(near or pos.placements()))
        if nxt.is_over:
            break
        pos = nxt
    return pos


def positions() -> list[Position]:
    """The checked positions: bench_ai's, then 18 seeded middle games (15x19 and 9x9)."""
    rng = random.Random(44)
    out = list(bench_positions())
    for size, men, radius in [("15x19", 8, 2), ("15x19", 20, 4), ("15x19", 30, 3), ("15x19", 55, 5),
                              ("9x9", 6, 2), ("9x9", 14, 3), ("9x9", 25, 4)] * 2 + \
            [("15x19", 16, 7), ("15x19", 70, 7), ("9x9", 30, 4), ("9x9", 12, 8)]:
        out.append(middle_game(rng, size, men, radius))
    return out


def decide(pos: Position, nodes: int) -> dict:
    """The strongest level's search of ``pos`` at ``nodes`` nodes and no clock: what it decided."""
    s = Searcher(pos, STRONGEST, max_nodes=nodes, max_seconds=1e9)
    res = s.run()
    return {"position": str(pos), "best": str(res.best), "score": res.score, "nodes": res.nodes,
            "depth": res.depth, "reason": res.reason, "pv": [str(m) for m in s.pv()]}


def main() -> None:
    args = sys.argv[1:]
    mode = args[0] if args else "check"
    nodes = int(args[args.index("--nodes") + 1]) if "--nodes" in args else 20_000
    if mode == "record":
        out = Path(args[args.index("--out") + 1]) if "--out" in args else DATA
        t0 = time.process_time()
        rows = [decide(pos, nodes) for pos in positions()]
        out.write_text(json.dumps({"nodes": nodes, "decisions": rows}, indent=1) + "\n")
        print(f"recorded {len(rows)} decisions at {nodes:,} nodes in {time.process_time() - t0:.1f} CPU s")
        return
    data = json.loads((Path(args[args.index("--data") + 1]) if "--data" in args else DATA).read_text())
    t0 = time.process_time()
    bad, total = 0, 0
    for want in data["decisions"]:
        got = decide(Position.from_str(want["position"]), data["nodes"])
        total += got["nodes"]
        if got != want:
            bad += 1
            print("DIFFERS", want["position"])
            for k in want:
                if got[k] != want[k]:
                    print(f"  {k}: recorded {want[k]!r}, now {got[k]!r}")
    cpu = time.process_time() - t0
    print(f"{len(data['decisions']) - bad} of {len(data['decisions'])} decisions identical at {data['nodes']:,} nodes; "
          f"{total:,} nodes in {cpu:.1f} CPU s ({total / cpu:,.0f} nodes per CPU second)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
