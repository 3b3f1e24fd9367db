"""Strength of the 2D computer player: matches between levels and simple baseline players.

    python bench/tournament.py [--games 50] [--sizes 15x19,9x9] [--jobs 2] [--quick]
                               [--match grandmaster:random,grandmaster:greedy,...,easy:random]

Each match plays ``--games`` games per board size with colours alternating
(the first-named player moves first in the even games).  Prints one line per
match: wins, losses, draws (no winner after ``MAX_PLIES``), the win rate,
the mean game length, and the first player's node rate.  Figures go into
``bench/README.md``; they come from one run on a shared, noisy machine.

Baseline players (seeded, so every game is repeatable):

* ``random`` -- a uniformly random legal placement, never a jump.
* ``greedy`` -- the jump that carries the ball furthest toward its goal (the
  first such path in sorted order), if one goes forward; else a man on a
  random empty point next to the ball.

Engine players are the levels of :data:`phutball.ai.LEVELS`, seeded by the
game number (only the noise of easy and medium uses the seed).  Games
between two engines start with two random men within two points of the
centre (seeded), so that the games differ.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phutball import Position  # noqa: E402
from phutball.ai import STRONGEST, Searcher, level_name  # noqa: E402
from phutball.notation import Move2D, Placement, Point  # noqa: E402

MAX_PLIES = 400


def random_player(pos: Position, rng: random.Random) -> Move2D:
    return rng.choice(pos.placements())


def greedy_player(pos: Position, rng: random.Random) -> Move2D:
    here = pos.ball.row
    fwd = 1 if pos.to_move == "O" else -1
    best, gain = None, 0
    for q, jump in sorted(pos.results().items(), key=lambda kv: kv[1]):
        g = fwd * (q.ball.row - here)
        if g > gain:
            best, gain = jump, g
    if best is not None:
        return best
    near = [Placement(Point(pos.ball.col + dc, pos.ball.row + dr))
            for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
    near = [m for m in near if pos.size.on_board(m.point) and m.point not in pos.men]
    return rng.choice(near) if near else rng.choice(pos.placements())


@dataclass
class GameResult:
    winner: int | None   # 0: the first-named player, 1: the second, None: a draw
    plies: int
    nodes: int           # searched by the first-named player
    seconds: float       # spent by the first-named player


def play_game(size: str, names: tuple[str, str], game: int) -> GameResult:
    """Game ``game`` of a match: the first-named player takes Ohs (moving first) in even games."""
    rng = random.Random(f"{size}/{names}/{game}")
    pos = Position.start(size)
    if all(level_name(n) for n in names):  # two levels (a former name too: "hard" is today's grandmaster)
        centre = pos.ball
        for _ in range(2):
            pos = pos.play(Placement(rng.choice([p.point for p in pos.placements()
                                                 if max(abs(p.point.col - centre.col),
                                                        abs(p.point.row - centre.row)) <= 2])))
    seat = {"O": 0, "X": 1} if game % 2 == 0 else {"O": 1, "X": 0}
    nodes, seconds, plies = 0, 0.0, 0
    while not pos.is_over and plies < MAX_PLIES:
        who = seat[pos.to_move]
        name = names[who]
        t0 = time.perf_counter()
        if name == "random":
            move = random_player(pos, rng)
        elif name == "greedy":
            move = greedy_player(pos, rng)
        else:
            result = Searcher(pos, name, seed=game, max_seconds=1e9).run()  # node budgets only: repeatable
            move = result.best
            if who == 0:
                nodes += result.nodes
        if who == 0:
            seconds += time.perf_counter() - t0
        pos = pos.play(move)
        plies += 1
    winner = None if pos.winner is None else seat[pos.winner]
    return GameResult(winner, plies, nodes, seconds)


def _play(args: tuple[str, tuple[str, str], int]) -> GameResult:
    return play_game(*args)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--sizes", default="15x19,9x9")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--match", default=f"{STRONGEST}:random,{STRONGEST}:greedy,{STRONGEST}:medium,medium:easy,"
                                       "easy:greedy,easy:random")
    ap.add_argument("--quick", action="store_true", help="4 games per match (a smoke test)")
    args = ap.parse_args(argv)
    games = 4 if args.quick else args.games
    print(f"{games} games per match and size, colours alternating; draws after {MAX_PLIES} plies")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for match in args.match.split(","):
            a, b = match.split(":")
            for size in args.sizes.split(","):
                t0 = time.perf_counter()
                res = list(pool.map(_play, [(size, (a, b), g) for g in range(games)]))
                wins = sum(r.winner == 0 for r in res)
                losses = sum(r.winner == 1 for r in res)
                draws = games - wins - losses
                nodes, secs = sum(r.nodes for r in res), sum(r.seconds for r in res)
                rate = f", {nodes / secs:,.0f} nodes/s" if nodes else ""
                print(f"{a} vs {b} on {size}: {wins}-{losses}-{draws} (win rate {wins / games:.0%}), "
                      f"mean {sum(r.plies for r in res) / games:.0f} plies, "
                      f"{secs / max(1, sum(r.plies for r in res) / 2):.2f} s per {a} move{rate} "
                      f"[{time.perf_counter() - t0:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
