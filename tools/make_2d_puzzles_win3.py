"""Generate the win-in-three 2D puzzles (puzzles/2d-win-in-three.json) from games between the lab's levels.

    nice -n 19 python tools/make_2d_puzzles_win3.py [--games 4] [--out puzzles/2d-win-in-three.json]
    nice -n 19 python tools/make_2d_puzzles_win3.py --check [puzzles/2d-win-in-three.json]

**The games.**  Pairs of the lab's own levels (:data:`phutball.ai.LEVELS`, neighbours on the
ladder, from beginner v novice to expert v master) play each other on 9x9, 11x11, 13x13 and 15x19
from the ladder's seeded openings (``bench/ladder.py``'s ``opening``: two men within two points of
the ball), colours alternating, with node budgets only and fixed seeds: the same command writes
the same file (the game loop is :func:`make_2d_puzzles_deep.self_play`).

**The proof.**  Every position of every game, with the side that is to move there, is decided by
the exact search :func:`phutball.puzzles.twod.analyse` (task ``win-in-three``): no win in one or
two, every first move that wins in three against every defence, and the main line against the
engine's stubbornest defences.

**The filter** (each file records what it removed, under ``filter``):

* more first moves than the task allows (:meth:`~phutball.puzzles.tasks.Task.accepts`): too easy to stumble on;
* solved by a trivial rule of :data:`phutball.puzzles.twod.RULES` that plays a jump (``greedy-jump``:
  hop by hop as far toward the goal as possible; ``first-jump``): none is kept;
* answered by a man next to the ball (any of the eight points; the goal side's three included):
  kept for at most a quarter of each board's placement puzzles (those whose first move is a man),
  the hardest first;
* at most :data:`PER_GAME` puzzles from one game, the earliest first.

**Difficulty** (1..5) is the quintile of measured features: the engine's search effort for the
proof (log2 of its nodes), plus two when no correct first move is next to the ball, minus log2 of
the number of correct first moves.

``--check`` re-proves every puzzle of a file exactly (the unit tests check a sample; see
``tests/test_puzzles2d.py``) and prints the time it took.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

from make_2d_puzzles_deep import SIZES, self_play, set_difficulties  # noqa: E402
from ladder import opening  # noqa: E402

from phutball import Position  # noqa: E402
from phutball.ai import LEVELS  # noqa: E402
from phutball.notation import Move2D, Placement  # noqa: E402
from phutball.puzzles.format import FORMAT, load_file  # noqa: E402
from phutball.puzzles.rules2d import neighbour_placements, rule_solves  # noqa: E402
from phutball.puzzles.tasks import check_claim, task_named  # noqa: E402
from phutball.puzzles.twod import RULES, Undecided  # noqa: E402

TASK = "win-in-three"
#: The pairs of the lab's levels that play each other, weakest first (neighbours on the ladder).
PAIRS = (("beginner", "novice"), ("learner", "casual"), ("easy", "medium"), ("steady", "intermediate"),
         ("advanced", "strong"), ("keen", "sharp"), ("cunning", "tough"), ("expert", "master"))
#: Games per pair and board size (game g starts from the ladder's opening g // 2; colours alternate).
GAMES = 4
#: Most puzzles taken from one game.
PER_GAME = 2
#: The trivial rules that play a jump: a puzzle one of them solves is dropped.
JUMP_RULES = ("greedy-jump", "first-jump")
#: Most placement puzzles answered by a man next to the ball, as a share of a board's placement puzzles.
NEXT_TO_BALL_SHARE = 0.25
OUT = ROOT / "puzzles" / "2d-win-in-three.json"


def difficulty_score(d: dict) -> float:
    """The measured features behind the difficulty (see the module doc)."""
    return math.log2(max(1, d["nodes"])) + 2 * (not d["next_to_ball"]) - math.log2(len(d["solutions"]))


def next_to_ball(pos: Position, solutions: Sequence[Move2D]) -> bool:
    """Whether a man placed next to the ball (any of the eight points) is a solution."""
    return rule_solves(pos, {"next-to-ball": list(neighbour_placements(pos))}, solutions)["next-to-ball"]


def game_players(pair: tuple[str, str], g: int) -> tuple[str, str]:
    """Ohs' and Eks' levels in game ``g`` of a pair (the colours alternate, as on the ladder)."""
    return pair if g % 2 == 0 else (pair[1], pair[0])


def scan_size(size: str, games: int, stats: dict) -> list[dict]:
    """The candidates (proved, not solved by a jump rule) from the games on one board size."""
    out: list[dict] = []
    seen: set[str] = set()
    for pi, pair in enumerate(PAIRS):
        for g in range(games):
            white, black = game_players(pair, g)
            seed = (SIZES.index(size) * 100 + pi) * 100 + g
            game = self_play(size, LEVELS[white], LEVELS[black], seed, start=opening(size, pair, g // 2))
            taken = 0
            for pos in game:
                if pos.is_over or str(pos) in seen or taken >= PER_GAME:
                    continue
                seen.add(str(pos))
                stats["positions"] += 1
                try:
                    a = task_named(TASK).analyse(pos)
                except Undecided:
                    stats["undecided"] += 1
                    continue
                if a is None:
                    continue
                stats["proven"] += 1
                if not task_named(TASK).accepts(a):
                    stats["removed"]["too-many-first-moves"] += 1
                    continue
                solved = task_named(TASK).rule_solves(pos, a.solutions)
                for rule, ok in solved.items():
                    stats["solved_by"][rule] += ok
                jump_rule = next((r for r in JUMP_RULES if solved[r]), None)
                if jump_rule:
                    stats["removed"][jump_rule] += 1
                    continue
                taken += 1
                ref = (f"self-play {size}, {white} v {black} (the lab's levels), ladder opening {g // 2}, "
                       f"seed {seed} (tools/make_2d_puzzles_win3.py)")
                title, text = task_named(TASK).describe(pos, a)
                out.append({"id": "", "title": title, "source": {"kind": "generated", "ref": ref},
                            "variant": "2D", "position": str(pos), "task": TASK, "difficulty": 1,
                            "text": text, "main_line": [str(m) for m in a.main_line],
                            "solutions": [str(m) for m in a.solutions], "nodes": a.nodes,
                            "next_to_ball": next_to_ball(pos, a.solutions),
                            "placement": isinstance(a.solutions[0], Placement)})
            print(f"  {size} {white} v {black} #{g}: {len(game)} positions, {len(out)} so far", file=sys.stderr)
    return out


def limit_next_to_ball(cands: list[dict], stats: dict) -> list[dict]:
    """Keep every candidate, except that placement puzzles answered next to the ball stay at most
    :data:`NEXT_TO_BALL_SHARE` of the placement puzzles (the hardest first)."""
    near = sorted((d for d in cands if d["placement"] and d["next_to_ball"]),
                  key=lambda d: (-difficulty_score(d), d["position"]))
    others = sum(d["placement"] and not d["next_to_ball"] for d in cands)
    room = math.floor(NEXT_TO_BALL_SHARE * others / (1 - NEXT_TO_BALL_SHARE))
    dropped = {id(d) for d in near[room:]}
    stats["removed"]["next-to-ball-over-a-quarter"] += len(dropped)
    return [d for d in cands if id(d) not in dropped]


def generate(games: int) -> dict:
    """The puzzle file's data."""
    stats = {"positions": 0, "proven": 0, "undecided": 0, "rules": dict(RULES),
             "solved_by": {r: 0 for r in RULES if r != "next-to-ball"},
             "removed": {"too-many-first-moves": 0, **{r: 0 for r in JUMP_RULES}, "next-to-ball-over-a-quarter": 0},
             "kept": 0, "seconds": {}}
    puzzles: list[dict] = []
    t0 = time.perf_counter()
    for size in SIZES:
        puzzles += limit_next_to_ball(scan_size(size, games, stats), stats)
        stats["seconds"][size] = round(time.perf_counter() - t0)
        print(f"{size}: {sum(d['position'].startswith(size + '_') for d in puzzles)} puzzles; "
              f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    set_difficulties(puzzles, (TASK,), difficulty_score)
    puzzles.sort(key=lambda d: (SIZES.index(d["position"].split("_")[0]), d["difficulty"], d["position"]))
    counts: dict[str, int] = {}
    for d in puzzles:
        size = d["position"].split("_")[0]
        counts[size] = counts.get(size, 0) + 1
        d["id"] = f"win3-{size}-{counts[size]}"
        d["title"] = f"{task_named(TASK).label.capitalize()} {counts[size]} ({size}): {d['title']}"
        del d["next_to_ball"], d["placement"]
    stats["kept"] = len(puzzles)
    return {"format": FORMAT, "collection": "2D win in three, from games between the computer's levels",
            "generated_by": f"python tools/make_2d_puzzles_win3.py --games {games}",
            "filter": stats, "counts": counts, "puzzles": puzzles}


def check(path: Path) -> int:
    """Re-prove every puzzle of ``path`` exactly; 1 if a claim is false."""
    t0 = time.perf_counter()
    bad = 0
    puzzles = load_file(path)
    for p in puzzles:
        problems = check_claim(p)
        if problems:
            bad += 1
            print(f"{p.id}: {'; '.join(problems)}")
    print(f"{len(puzzles)} puzzles, {bad} false; {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return 1 if bad else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES, help="games per pair of levels, per board size")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--check", nargs="?", const=str(OUT), metavar="FILE",
                    help="re-prove every puzzle of FILE instead of generating")
    args = ap.parse_args()
    if args.check:
        raise SystemExit(check(Path(args.check)))
    t0 = time.perf_counter()
    data = generate(args.games)
    Path(args.out).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    import remove_near_copies  # the generators refuse near-copies too (issue 42): the same pass as the shipped files
    remove_near_copies.main(["--dir", str(Path(args.out).parent)])
    print(f"{args.out}: {data['counts']}; filter {data['filter']['removed']}; "
          f"done in {time.perf_counter() - t0:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
