"""Benchmark the 2D engine: jump-path enumeration and win-in-one search.

    python bench/bench_2d.py [--seed 1] [--quick]

Prints rates (positions per second) and worst cases from one run; these
machines are shared and noisy, so compare ratios within a run, not seconds
across runs.

* Enumeration: random 15x19 positions with 40, 60 and 80 men (men placed
  uniformly, ball on a random free point of rows 2-18), every jump path listed
  lazily and counted (capped at CAP paths, reported when hit).
* Win-in-one: dense random positions (100, 125, 150 men) and adversarial mazes
  (lattices with exponentially many paths and a gate near the goal) with a node
  budget; reported as positions per second, the worst time, and how many gave up.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phutball import BoardSize, Point, Position  # noqa: E402

SIZE = BoardSize(15, 19)
CAP = 200_000


def random_position(rng: random.Random, n_men: int, size: BoardSize = SIZE) -> Position:
    pts = list(size.points())
    ball = Point(rng.randint(1, size.width), rng.randint(2, size.height - 1))
    pts.remove(ball)
    return Position(size, frozenset(rng.sample(pts, n_men)), ball, rng.choice("OX"))


def goal_first_traps() -> list[Position]:
    """The dense boards on which a goal-first walk alone gave up (tests/test_winsearch.py's reproducers)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_winsearch import GOAL_FIRST_TRAPS
    return [Position.from_str(p) for p in GOAL_FIRST_TRAPS]


def lattice_maze(rng: random.Random, kind: str) -> Position:
    """A lattice of men on every point with odd col+row in rows 2..16: from an
    (even, even) point the ball hops orthogonally over single men, so the jump
    paths are self-avoiding walks on a grid (exponentially many).  A 2-man gate
    on rows 17-18 above column g decides the goal:

    * ``open``: g even, so the ball can reach (g,16) and jump through: a win, far away;
    * ``parity``: g odd, unreachable by parity (no win; the relaxation sees it);
    * ``plugged``: g even but (g,16) holds a man too: the ball must first remove
      it with a sideways jump along row 16, then come back up column g.
    """
    men = {p for p in SIZE.points() if 2 <= p.row <= 16 and (p.col + p.row) % 2 == 1}
    g = rng.randrange(2, SIZE.width - 1, 2) + (1 if kind == "parity" else 0)
    men |= {Point(g, 17), Point(g, 18)}
    if kind == "plugged":
        men.add(Point(g, 16))
    ball = Point(rng.randrange(2, SIZE.width, 2), rng.choice([2, 4, 6]))
    men.discard(ball)
    return Position(SIZE, frozenset(men), ball, "O")


def bench_enumeration(rng: random.Random, per_size: int) -> None:
    print(f"Jump-path enumeration, random 15x19 positions ({per_size} per row, cap {CAP:,} paths)")
    print(f"{'men':>5} {'positions/s':>12} {'paths/s':>10} {'median':>8} {'max':>9} {'worst s':>8}")
    for n_men in (40, 60, 80):
        counts, times = [], []
        for _ in range(per_size):
            pos = random_position(rng, n_men)
            t = time.perf_counter()
            n, _trunc = pos.count_jumps(limit=CAP)
            times.append(time.perf_counter() - t)
            counts.append(n)
        total = sum(times)
        print(f"{n_men:>5} {per_size / total:>12.0f} {sum(counts) / total:>10.0f} "
              f"{statistics.median(counts):>8.0f} {max(counts):>9,} {max(times):>8.3f}"
              + ("  (cap hit)" if max(counts) >= CAP else ""))


def bench_win(rng: random.Random, per_kind: int, max_nodes: int) -> None:
    print(f"\nWin-in-one search ({per_kind} positions per row, budget {max_nodes:,} nodes)")
    print(f"{'kind':>22} {'positions/s':>12} {'found':>6} {'none':>5} {'gave up':>8} {'worst s':>8} {'max nodes':>10}")

    def drawn(make):
        return lambda: [make() for _ in range(per_kind)]
    kinds = [(f"random, {n} men", drawn(lambda n=n: random_position(rng, n))) for n in (100, 125, 150)]
    kinds += [(f"maze, {k} gate", drawn(lambda k=k: lattice_maze(rng, k))) for k in ("open", "parity", "plugged")]
    kinds += [("25x25, 247 men", drawn(lambda: random_position(rng, 247, BoardSize(25, 25)))),
              ("goal-first traps", goal_first_traps)]
    for name, positions in kinds:
        stats = {"found": 0, "none": 0, "gave-up": 0}
        times, nodes = [], []
        batch = positions()
        count = len(batch)
        for pos in batch:
            t = time.perf_counter()
            res = pos.find_winning_jump(max_nodes=max_nodes)
            times.append(time.perf_counter() - t)
            nodes.append(res.nodes)
            stats[res.status] += 1
            if res.jump is not None:
                assert pos.play(res.jump).winner == pos.to_move
        print(f"{name:>22} {count / sum(times):>12.1f} {stats['found']:>6} {stats['none']:>5} "
              f"{stats['gave-up']:>8} {max(times):>8.3f} {max(nodes):>10,}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="fewer positions")
    ap.add_argument("--max-nodes", type=int, default=200_000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"Python {sys.version.split()[0]}, seed {args.seed}")
    bench_enumeration(rng, 10 if args.quick else 40)
    bench_win(rng, 5 if args.quick else 20, args.max_nodes)


if __name__ == "__main__":
    main()
