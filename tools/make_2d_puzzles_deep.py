"""Generate the deeper 2D puzzles (puzzles/2d-deep-*.json) from the computer's self-play games.

    python tools/make_2d_puzzles_deep.py [--games 40] [--out-dir puzzles]

Deterministic: every game is the computer (``phutball.ai``) against itself at
fixed levels and node budgets with fixed seeds (no clock limits), on 9x9,
11x11, 13x13 and 15x19.  Every position of every game is scanned for the four
tasks of :mod:`phutball.puzzles.twod` (win through a long chain, win in two,
defend, don't jump); the engine decides each exactly (every placement and
every jump result, with the win search; see that module) and records the
complete solution set.  Each task's class says which candidates make a puzzle
(:meth:`~phutball.puzzles.tasks.Task.accepts`: not too many solutions; a win
needs a long chain) and the puzzle's words (:meth:`~phutball.puzzles.tasks.Task.describe`),
so this tool never asks which task it holds.  A candidate is then dropped if a trivial
rule solves it (:data:`phutball.puzzles.twod.RULES`); each file records how many candidates
each rule would solve and how many were removed.  Difficulty (1..5) comes
from the engine's search effort (nodes) to verify the claim.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phutball import BoardSize, Position  # noqa: E402
from phutball.ai import Level, Searcher  # noqa: E402
from phutball.sides import other  # noqa: E402
from phutball.puzzles.format import FORMAT  # noqa: E402
from phutball.puzzles.tasks import task_named  # noqa: E402
from phutball.puzzles.twod import RULES, TaskAnswer, Undecided  # noqa: E402

SIZES = ("9x9", "11x11", "13x13", "15x19")
#: The players: (level, node budget).  Self-play pairs every level with every other.
PLAYERS = (("easy", 150), ("medium", 500), ("hard", 1200))
MAX_PLIES = {"9x9": 80, "11x11": 100, "13x13": 120, "15x19": 160}
#: Games per pairing of levels and board size.
GAMES = 5
#: Most puzzles of one task taken from one game.
PER_GAME = 2
#: The order the tasks are tried in each position; a position gives at most one puzzle.
TASK_ORDER = ("win", "win-in-two", "defend", "dont-jump")


def level_of(player: tuple[str, int] | Level) -> Level:
    """A player's search level: one of the lab's levels as it is, or this tool's (name, node budget)."""
    if isinstance(player, Level):
        return player
    name, nodes = player
    return Level(name, nodes, 20 if name == "hard" else 2, 1e9, {"easy": 40.0, "medium": 8.0}.get(name, 0.0))


def self_play(size: str, white: tuple[str, int] | Level, black: tuple[str, int] | Level, seed: int,
              start: Position | None = None) -> list[Position]:
    """The positions of one game, from ``start`` (default: the empty board) to the end; Ohs play
    ``white`` (fixed budgets, no clock: repeatable)."""
    pos = start or Position.start(BoardSize.from_str(size))
    out = [pos]
    for ply in range(MAX_PLIES[size]):
        if pos.is_over:
            break
        lv = level_of(white if pos.to_move == "O" else black)
        pos = pos.play(Searcher(pos, lv, seed=seed * 1000 + ply, max_seconds=1e9).run().best)
        out.append(pos)
    return out


def swap(pos: Position) -> Position:
    """The same men and ball with the other side to move."""
    return Position(pos.size, pos.men, pos.ball, other(pos.to_move))


def set_difficulties(puzzles: list[dict], tasks: tuple[str, ...] = TASK_ORDER,
                     measure: Callable[[dict], float] = lambda d: d["nodes"]) -> None:
    """Difficulty 1..5: the quintile of a measure (default: the engine's search effort, nodes) among
    the puzzles of the same task."""
    for task in tasks:
        group = sorted((d for d in puzzles if d["task"] == task), key=lambda d: (measure(d), d["position"]))
        for i, d in enumerate(group):
            d["difficulty"] = 1 + 5 * i // len(group)


def puzzle_dict(pos: Position, task: str, a: TaskAnswer, ref: str) -> dict:
    """The puzzle's JSON object (id and title numbered later); the analysis' facts (``extra``) are fields of
    their own, numbers as they are and moves as text."""
    title, text = task_named(task).describe(pos, a)
    d = {"id": "", "title": title, "source": {"kind": "generated", "ref": ref},
         "variant": "2D", "position": str(pos), "task": task,
         "difficulty": 1, "text": text,
         "main_line": [str(m) for m in a.main_line],
         "solutions": [str(m) for m in a.solutions], "nodes": a.nodes}
    for key, value in a.extra.items():
        d[key] = value if isinstance(value, int) else str(value)
    return d


def scan_size(size: str, games: int) -> tuple[list[dict], dict]:
    """The puzzles found in the self-play games on one board size, and the filter's counts."""
    puzzles: list[dict] = []
    tried: set[tuple[str, str]] = set()
    used: set[str] = set()
    stats = {"candidates": 0, "kept": 0, "solved_by": {r: 0 for r in RULES},
             "removed": {r: 0 for r in RULES}, "rules": dict(RULES), "undecided": 0}
    for gi, (white, black) in enumerate((w, b) for w in PLAYERS for b in PLAYERS):
        for g in range(games):
            seed = (SIZES.index(size) * 100 + gi) * 1000 + g
            per_task = {t: 0 for t in TASK_ORDER}
            game = self_play(size, white, black, seed)
            # a task rarely met as the mover's own (a long chain) is also asked of the side not to move
            scan = [(p, t, "") for p in game for t in TASK_ORDER] + \
                [(swap(p), t, ", the other side to move") for t in TASK_ORDER if task_named(t).both_sides for p in game]
            for pos, task, note in scan:
                key = str(pos)
                if pos.is_over or key in used or (key, task) in tried or per_task[task] >= PER_GAME:
                    continue
                tried.add((key, task))
                try:
                    a = task_named(task).analyse(pos)
                except Undecided:
                    stats["undecided"] += 1
                    continue
                if a is None or not task_named(task).accepts(a):
                    continue
                stats["candidates"] += 1
                solves = [rule for rule, ok in task_named(task).rule_solves(pos, a.solutions).items() if ok]
                for rule in solves:
                    stats["solved_by"][rule] += 1
                if solves:
                    stats["removed"][solves[0]] += 1
                    continue
                per_task[task] += 1
                used.add(key)
                ref = (f"tools/make_2d_puzzles_deep.py: self-play {size}, {white[0]} ({white[1]} nodes) "
                       f"v {black[0]} ({black[1]} nodes), seed {seed}{note}")
                puzzles.append(puzzle_dict(pos, task, a, ref))
    stats["kept"] = len(puzzles)
    return puzzles, stats


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=GAMES, help="games per pairing of levels, per board size")
    ap.add_argument("--out-dir", default=str(Path(__file__).resolve().parent.parent / "puzzles"))
    args = ap.parse_args()
    t0 = time.perf_counter()
    found = {}
    for size in SIZES:
        found[size] = scan_size(size, args.games)
        print(f"{size}: {found[size][1]['kept']} puzzles; {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    set_difficulties([d for puzzles, _ in found.values() for d in puzzles])
    for size, (puzzles, stats) in found.items():
        puzzles.sort(key=lambda d: (TASK_ORDER.index(d["task"]), d["difficulty"], d["nodes"], d["position"]))
        counts: dict[str, int] = {}
        for d in puzzles:
            counts[d["task"]] = counts.get(d["task"], 0) + 1
            d["id"] = f"deep-{size}-{d['task']}-{counts[d['task']]}"
            d["title"] = f"{task_named(d['task']).label.capitalize()} {counts[d['task']]} ({size}): {d['title']}"
        data = {"format": FORMAT, "collection": f"2D from self-play, {size}",
                "generated_by": f"python tools/make_2d_puzzles_deep.py --games {args.games}",
                "trivial_filter": stats, "counts": counts, "puzzles": puzzles}
        out = Path(args.out_dir) / f"2d-deep-{size}.json"
        out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{out.name}: {len(puzzles)} puzzles {counts}; filter {stats['solved_by']} removed "
              f"{stats['removed']}", file=sys.stderr)
    import remove_near_copies  # the generators refuse near-copies too (issue 42): the same pass as the shipped files
    remove_near_copies.main(["--dir", args.out_dir])
    print(f"done in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
