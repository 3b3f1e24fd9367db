"""Generate the 2D puzzles in puzzles/2d.json (deterministic: fixed seeds).

    python tools/make_2d_puzzles.py [--out puzzles/2d.json]

Three kinds, every one checked by the engine (tests re-check them):

* chain -- a win in one jump whose every winning path has at least N jumps:
  the ball has to find its way through a maze of decoys;
* own-goal -- a win in one whose every winning path touches the mover's own
  goal line on the way (legal: only where the move *ends* counts);
* trap -- no win in one; the tempting jump (the one that carries the ball
  furthest forward) hands the opponent a winning jump; find a safe move.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phutball import BoardSize, Point, Position  # noqa: E402
from phutball.bitboard import DIRECTIONS  # noqa: E402
from phutball.puzzles.twod import counted, greedy_jump  # noqa: E402
from phutball.sides import other
from phutball.notation import Jump  # noqa: E402
from phutball.puzzles.format import FORMAT, Puzzle


#: What a jump maze's text says of the greedy chain (hop by hop as far toward the goal as possible,
#: :func:`phutball.puzzles.twod.greedy_jump`): the one that holds (``tests/test_puzzles2d.py`` checks it).
GREEDY_FAILS = "Shorter, greedier chains run into dead ends."
GREEDY_FINDS = "Shorter chains run into dead ends; jumping as far toward the goal as you can at every hop finds a way."


def build_chain(rng: random.Random, size: BoardSize, side: str, n_jumps: int, via_own: bool):
    """A random jump path of ``n_jumps`` ending on ``side``'s goal; returns (ball, men, path) or None."""
    h, w = size.height, size.width
    goal_dir = 1 if side == "O" else -1
    own_row = 1 if side == "O" else h
    start_row = rng.randint(2, 4) if side == "O" else rng.randint(h - 3, h - 1)
    if not via_own:
        start_row = rng.randint(2, h // 2) if side == "O" else rng.randint(h // 2 + 1, h - 1)
    ball = Point(rng.randint(1, w), start_row)
    used = {ball}
    men: set[Point] = set()
    path = [ball]
    here = ball
    visited_own = False
    for i in range(n_jumps):
        last = i == n_jumps - 1
        options = []
        for dc, dr in DIRECTIONS:
            for k in (1, 2, 3):
                run = [Point(here.col + dc * j, here.row + dr * j) for j in range(1, k + 1)]
                land = Point(here.col + dc * (k + 1), here.row + dr * (k + 1))
                if any(not size.on_board(p) or p in used for p in run):
                    continue
                if not size.in_bounds(land) or land in used or land in men:
                    continue
                goal_hit = (land.row >= h) if side == "O" else (land.row <= 1)
                own_hit = (land.row <= 1) if side == "O" else (land.row >= h)
                if last != goal_hit:
                    continue
                if land.row in (0, h + 1) and not last:
                    continue
                if own_hit and land.row in (0, h + 1):
                    continue
                if via_own and last and not visited_own:
                    continue
                weight = 1.0
                if via_own and not visited_own:
                    weight = 4.0 if dr == -goal_dir else 0.5
                else:
                    weight = 3.0 if dr == goal_dir else 1.0 if dr == 0 else 0.3
                options.append((weight, run, land))
        if not options:
            return None
        total = sum(o[0] for o in options)
        x = rng.random() * total
        for weight, run, land in options:
            x -= weight
            if x <= 0:
                break
        men.update(run)
        used.update(run)
        used.add(land)
        path.append(land)
        here = land
        if land.row == own_row:
            visited_own = True
    return ball, men, path


def chain_puzzle(rng: random.Random, size: BoardSize, side: str, n_jumps: int, decoys: int, via_own: bool):
    for _ in range(4000):
        built = build_chain(rng, size, side, n_jumps, via_own)
        if not built:
            continue
        ball, men, path = built
        free = [p for p in size.points() if p not in men and p != ball and p not in path]
        men = set(men) | set(rng.sample(free, min(decoys, len(free))))
        pos = Position(size, frozenset(men), ball, side)
        jump = Jump(tuple(path))
        try:
            if pos.play(jump).winner != side:
                continue
        except Exception:
            continue
        wins = pos.winning_jumps(limit=5000, max_nodes=2_000_000)
        if not wins.complete or wins.truncated or not wins.paths:
            continue
        shortest = min(len(j.path) - 1 for j in wins.paths)
        own = 1 if side == "O" else size.height
        if via_own:
            if not all(any(q.row == own for q in j.path) for j in wins.paths):
                continue
        elif shortest < n_jumps - 1:
            continue
        best = min(wins.paths, key=lambda j: (len(j.path), j))
        return pos, best, shortest, len(wins.paths)
    return None


def safe_moves(pos: Position) -> tuple[list, int]:
    """Every move (placements and distinct jump results) after which the opponent cannot win at once,
    and the number of moves that lose at once."""
    me = pos.to_move
    safe, losing = [], 0
    candidates = [(pos.play(m), m) for m in pos.placements()]
    candidates += sorted(((q, j) for q, j in pos.results(limit=400).items()), key=lambda qj: qj[1])
    for q, m in candidates:
        if q.winner == other(me) or q.find_winning_jump(max_nodes=200_000).status != "none":
            losing += 1
        else:
            safe.append(m)
    return safe, losing


def trap_puzzle(rng: random.Random, size: BoardSize, density: float):
    """The opponent threatens a winning jump; the tempting forward jump does not stop it
    (or opens another); only a few moves are safe."""
    for _ in range(20000):
        side = rng.choice("OX")
        ball = Point(rng.randint(2, size.width - 1), rng.randint(3, size.height - 2))
        men = frozenset(p for p in size.points() if p != ball and rng.random() < density)
        pos = Position(size, men, ball, side)
        if pos.find_winning_jump(max_nodes=200_000).status != "none":
            continue
        threat = Position(size, men, ball, other(side)).find_winning_jump(max_nodes=200_000)
        if threat.status != "found":
            continue
        results = pos.results(limit=300)
        if len(results) < 2:
            continue
        fwd = (lambda q: q.ball.row) if side == "O" else (lambda q: -q.ball.row)
        tempting = max(results, key=lambda q: (fwd(q), -len(results[q].path), results[q]))
        if fwd(tempting) - fwd(pos) < 3:
            continue
        if tempting.find_winning_jump(max_nodes=200_000).status != "found":
            continue
        safe, losing = safe_moves(pos)
        if not 1 <= len(safe) <= 3:
            continue
        return pos, results[tempting], safe, losing, threat.jump
    return None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "puzzles" / "2d.json"))
    args = ap.parse_args()
    rng = random.Random(20261121)
    puzzles: list[dict] = []

    chain_specs = [("9x9", "O", 3, 12), ("9x9", "X", 4, 14), ("11x11", "O", 4, 18), ("11x11", "X", 5, 18),
                   ("13x13", "O", 5, 26), ("15x19", "O", 6, 40), ("15x19", "X", 6, 50), ("15x19", "O", 7, 60),
                   ("9x9", "O", 5, 10)]
    for i, (sz, side, n, decoys) in enumerate(chain_specs, start=1):
        got = chain_puzzle(rng, BoardSize.from_str(sz), side, n, decoys, via_own=False)
        if not got:
            print(f"chain {i}: none found", file=sys.stderr)
            continue
        pos, best, shortest, n_wins = got
        who = "Ohs" if side == "O" else "Eks"
        greedy = greedy_jump(pos)
        puzzles.append({
            "id": f"2d-chain-{i}", "title": f"Jump maze {i}: {who} to win in one",
            "source": {"kind": "generated", "ref": "tools/make_2d_puzzles.py (chain)"},
            "variant": "2D", "position": str(pos), "task": "win",
            "difficulty": min(5, max(1, shortest - 1)),
            "text": f"The ball needs at least {shortest} jumps in one move to reach the goal; "
                    f"{counted(n_wins, 'winning path exists', 'winning paths exist')}. "
                    + (GREEDY_FINDS if greedy and pos.play(greedy).winner == side else GREEDY_FAILS),
            "main_line": [str(best)], "min_jumps": shortest,
        })
    own_specs = [("9x9", "O", 3, 6), ("9x9", "X", 3, 8), ("11x11", "O", 4, 10), ("11x11", "X", 4, 12),
                 ("13x13", "O", 5, 14), ("15x19", "O", 5, 25), ("15x19", "X", 6, 25)]
    for i, (sz, side, n, decoys) in enumerate(own_specs, start=1):
        got = chain_puzzle(rng, BoardSize.from_str(sz), side, n, decoys, via_own=True)
        if not got:
            print(f"own-goal {i}: none found", file=sys.stderr)
            continue
        pos, best, shortest, n_wins = got
        who = "Ohs" if side == "O" else "Eks"
        puzzles.append({
            "id": f"2d-own-goal-{i}", "title": f"Through your own goal line {i} ({who})",
            "source": {"kind": "generated", "ref": "tools/make_2d_puzzles.py (own goal)"},
            "variant": "2D", "position": str(pos), "task": "win",
            "difficulty": min(5, max(2, shortest - 1)),
            "text": "Every winning path touches your own goal line on the way. That is legal: "
                    "only where the ball ends the move counts.",
            "main_line": [str(best)], "through_own_goal": True,
        })
    trap_specs = [("9x9", 0.35), ("9x9", 0.4), ("9x9", 0.45), ("11x11", 0.35), ("11x11", 0.4),
                  ("11x11", 0.45), ("13x13", 0.4), ("9x9", 0.5)]
    for i, (sz, density) in enumerate(trap_specs, start=1):
        got = trap_puzzle(rng, BoardSize.from_str(sz), density)
        if not got:
            print(f"trap {i}: none found", file=sys.stderr)
            continue
        pos, tempting, safe, losing, threat = got
        who = "Ohs" if pos.to_move == "O" else "Eks"
        them = "Eks" if pos.to_move == "O" else "Ohs"
        answers = " or ".join(str(m) for m in safe)
        puzzles.append({
            "id": f"2d-trap-{i}", "title": f"Trap {i}: {who} to move, {them} threatens",
            "source": {"kind": "generated", "ref": "tools/make_2d_puzzles.py (trap)"},
            "variant": "2D", "position": str(pos), "task": "safe-move",
            "difficulty": 4 if len(safe) == 1 else 3,
            "text": f"{them} threatens {threat}. The big jump {tempting} carries the ball forward but "
                    f"leaves {them} a winning jump; {losing} moves lose at once. Only {answers} "
                    f"{'keeps' if len(safe) == 1 else 'keep'} the game going.",
            "main_line": [str(safe[0])], "trap": str(tempting), "threat": str(threat),
            "safe_moves": [str(m) for m in safe],
        })
    data = {"format": FORMAT, "collection": "2D puzzles", "puzzles": puzzles}
    for d in puzzles:
        from phutball.puzzles.format import puzzle_from
        p: Puzzle = puzzle_from(d, "generated", "2D puzzles")
        problems = p.task.check_2d(p)
        assert not problems, (p.id, problems)
    Path(args.out).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(puzzles)} puzzles to {args.out}")


if __name__ == "__main__":
    main()
