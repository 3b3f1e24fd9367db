"""Gauntlet: today's strongest level against the frozen baseline (issue 14's player), equal CPU per move.

    python bench/gauntlet.py [--games 100] [--seconds 0.5] [--size 15x19] [--max-plies 300]
                             [--jobs 1] [--seed 1] [--json] [--opponent baseline] [--player grandmaster]
                             [--nodes N] [--cap S] [--opponent-nodes N]

* The baseline is ``phutball/ai.py`` as it was when issue 14 was opened (commit 61bc14b, tag
  ``ai-baseline-issue14``), read from the repository's history (:data:`OLD_PLAYERS`, :func:`load_baseline`),
  so every later gauntlet measures against the same player.  It is loaded as ``phutball.baseline_ai``,
  so its relative imports use today's board code (with one call renamed since: :data:`OLD_PLAYERS`).
* Both players search with the same CPU budget per move (``time.process_time``,
  no node limit, depth up to 64).  The new player is given the game's history
  (repetitions); the baseline is not (it never knew about them).
* Openings: the standard start with 4 men at random in the 5x5 square around
  the ball (seeded), Ohs to move; each opening is played twice with the
  colours swapped (``--games`` is rounded up to an even number).
* A game ends with a goal, with no legal move or a third repetition (draws),
  or after ``--max-plies`` plies (a draw).
* ``--opponent`` plays the new player against another player instead of the baseline:
  a sparring partner of ``bench/sparring.py`` (``beam``, ``mcts``), searching the
  same CPU time per move and given the game's history too ("base" in the
  figures is then that partner).  ``--opponent grandmaster`` plays today's strongest level of
  :mod:`phutball.ai` (with the game's history), for a candidate of ``--player``.
* ``--opponent frozen`` plays ``phutball/ai.py`` as it was at commit 9a816ab (tag ``ai-frozen-issue30``;
  issue 30's "today's hard", before its evaluation changed), read from the history the same way and
  loaded as ``phutball.frozen_ai``, given the game's history.
* ``--player`` is the new player: ``grandmaster`` (:data:`phutball.ai.STRONGEST`, the default), or
  ``hard-fit`` (:data:`fitted.HARD_FIT`: its search with the fitted evaluation of issue 30, ``bench/fitted.py``).
  ``hard``, the strongest level's name until issue 44, still names it, for ``--player`` and ``--opponent``.
* ``--nodes N`` gives the new player a budget of N nodes instead of ``--seconds`` (no clock: the game
  repeats on any machine, loaded or not), and ``--opponent-nodes N`` the same to an opponent of
  ``PLAYERS`` or a sparring partner: ``--player grandmaster --nodes 50000 --opponent grandmaster
  --opponent-nodes 60000`` measures a smaller budget against today's (issue 44).  ``--cap S`` adds a
  limit of S CPU seconds to the new player's nodes (the level's own clock limit, scaled to this Python:
  the browser's Pyodide searches at about half CPython's node rate).
* Reports the new player's score (wins + draws/2), the Elo difference with a
  95% interval (normal approximation on the per-game scores), and each
  player's mean completed depth and node rate.

Figures go into ``bench/README.md``; the machine is shared and noisy, so a
short run is only a smoke test of the script, not a measurement.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from phutball import Point, Position  # noqa: E402
from phutball import ai  # noqa: E402
from phutball.game import Game  # noqa: E402
import fitted  # noqa: E402
import sparring  # noqa: E402


ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class OldPlayer:
    """A computer player of the past: ``path`` as it was at ``commit`` (the full hash is the source of
    truth; ``tag`` names the same commit where tags were fetched), with ``edits`` (old, new) made to
    its text so that it runs on today's engine."""

    commit: str
    tag: str
    path: str = "phutball/ai.py"
    edits: tuple[tuple[str, str], ...] = ()


#: The gauntlet's old players, by the module name they load as (``phutball.<stem>``).
OLD_PLAYERS = {
    # Issue 14's baseline.  Position._from_mask became the public Position.from_mask in 329cd42.
    "baseline_ai": OldPlayer("61bc14b4c91a76399afc720a5175cb6cca9eed5f", "ai-baseline-issue14",
                             edits=(("Position._from_mask(", "Position.from_mask("),)),
    # Issue 30's frozen hard (the strongest level before it placed men near any man).
    "frozen_ai": OldPlayer("9a816abff1ddc2f19ea94a6bd71ddae3d009237d", "ai-frozen-issue30"),
}


class OldPlayerMissing(RuntimeError):
    """The repository here lacks the commit an old player is read from (a shallow clone)."""


def old_source(player: OldPlayer, root: Path = ROOT) -> str:
    """The text of an old player (``git show commit:path`` in ``root``, then its ``edits``).

    :class:`OldPlayerMissing` when git cannot read it, saying how to fetch the history."""
    try:
        run = subprocess.run(["git", "-C", str(root), "show", f"{player.commit}:{player.path}"],
                             capture_output=True, text=True, encoding="utf-8", check=False)
    except OSError as e:  # no git at all
        raise OldPlayerMissing(f"cannot run git to read {player.path} at {player.commit}: {e}") from e
    if run.returncode != 0:
        raise OldPlayerMissing(
            f"{player.path} at commit {player.commit} (tag {player.tag}) is not in the repository at {root}: "
            f"{run.stderr.strip()}. The gauntlet's old players are read from git history; in a shallow "
            f"clone, fetch it first (git fetch --unshallow).")
    text = run.stdout
    for old, new in player.edits:
        if old not in text:
            raise OldPlayerMissing(f"{player.path} at {player.commit} has no {old!r} to edit")
        text = text.replace(old, new)
    return text


def load_source(name: str, source: str, origin: str) -> ModuleType:
    """``source`` run as the module ``name`` (registered in ``sys.modules`` first, so a ``phutball.``
    name makes its ``from .board import ...`` imports today's engine); ``origin`` names it in tracebacks."""
    spec = importlib.util.spec_from_loader(name, loader=None, origin=origin)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        exec(compile(source, origin, "exec"), module.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def load_baseline(stem: str = "baseline_ai") -> ModuleType:
    """An old player of :data:`OLD_PLAYERS` as the module ``phutball.<stem>``, read from git history
    once: ``baseline_ai`` (issue 14's baseline) or ``frozen_ai`` (issue 30's frozen hard)."""
    name = f"phutball.{stem}"
    if name in sys.modules:
        return sys.modules[name]
    player = OLD_PLAYERS[stem]
    return load_source(name, old_source(player), f"{player.commit[:12]}:{player.path}")


def opening(size: str, seed: int) -> Position:
    """The start position with 4 men at random in the 5x5 square around the ball."""
    start = Position.start(size)
    rng = random.Random(f"gauntlet/{size}/{seed}")
    c, r = start.ball.col, start.ball.row
    square = [Point(c + dc, r + dr) for dc in range(-2, 3) for dr in range(-2, 3) if (dc, dr) != (0, 0)]
    return Position(start.size, frozenset(rng.sample(square, 4)), start.ball, "O")


@dataclass(frozen=True)
class GameResult:
    opening: int
    new_side: str        # "O" or "X"
    score: float         # for the new player: 1, 0.5, 0
    ending: str          # goal / repetition / no legal move / max plies
    plies: int
    depth: dict[str, float]    # mean completed depth per player ("new", "base")
    nodes: dict[str, int]
    cpu: dict[str, float]
    moves: tuple[str, ...] = ()  # the game's moves (in --json's output), to look at a game again


#: The players ``--player`` may name (``--opponent`` too): the strongest level and the fitted candidate.
PLAYERS = {ai.STRONGEST: ai.level_of(ai.STRONGEST), "hard-fit": fitted.HARD_FIT}
#: The static evaluation a player of :data:`PLAYERS` searches with, where it is not the engine's.
EVALUATIONS: dict[str, ai.Evaluation] = {"hard-fit": fitted.evaluate_node}


def budget(seconds: float, nodes: int | None, cap: float = math.inf) -> tuple[int, float]:
    """A player's (max_nodes, max_seconds): ``nodes`` and ``cap`` when nodes are given, else ``seconds``."""
    return (10**12, seconds) if nodes is None else (nodes, cap)


def play(size: str, opening_seed: int, new_side: str, seconds: float, max_plies: int,
         opponent: str = "baseline", player: str = ai.STRONGEST,
         nodes: int | None = None, opponent_nodes: int | None = None, cap: float = math.inf) -> GameResult:
    opponent, player = today(opponent), today(player)
    budgets = {"new": budget(seconds, nodes, cap), "base": budget(seconds, opponent_nodes)}
    old = load_baseline("frozen_ai" if opponent == "frozen" else "baseline_ai") \
        if opponent in ("baseline", "frozen") else None
    game = Game(opening(size, opening_seed))
    depths: dict[str, list[int]] = {"new": [], "base": []}
    nodes = {"new": 0, "base": 0}
    cpu = {"new": 0.0, "base": 0.0}
    ending = "max plies"
    while len(game.moves) < max_plies:
        if game.result != "*":
            ending = game.termination
            break
        pos = game.position
        who = "new" if pos.to_move == new_side else "base"
        t0 = time.process_time()
        max_nodes, max_seconds = budgets[who]
        if who == "new" or opponent in PLAYERS:
            name = player if who == "new" else opponent
            res = ai.Searcher(pos, PLAYERS[name], max_nodes=max_nodes, max_depth=64, max_seconds=max_seconds,
                              clock=time.process_time, history=game.positions[:-1],
                              evaluation=EVALUATIONS.get(name)).run()
        elif old is None:
            res = sparring.choose(opponent, pos, history=game.positions[:-1],
                                  max_nodes=None if opponent_nodes is None else max_nodes, max_seconds=max_seconds)
        elif opponent == "frozen":  # the old players keep their own name, "hard", for their strongest level
            res = old.Searcher(pos, "hard", max_nodes=10**12, max_depth=64, max_seconds=seconds,
                               clock=time.process_time, history=game.positions[:-1]).run()
        else:  # the baseline knew nothing of repetitions: no history
            res = old.Searcher(pos, "hard", max_nodes=10**12, max_depth=64, max_seconds=seconds,
                               clock=time.process_time).run()
        cpu[who] += time.process_time() - t0
        nodes[who] += res.nodes
        depths[who].append(res.depth)
        game.push(str(res.best))
    else:
        if game.result != "*":
            ending = game.termination
    result = game.result
    score = 0.5 if result in ("draw", "*") else 1.0 if result == new_side else 0.0
    return GameResult(opening_seed, new_side, score, ending, len(game.moves),
                      {k: sum(v) / len(v) if v else 0.0 for k, v in depths.items()}, nodes, cpu, tuple(game.moves))


def _play(args: tuple[str, int, str, float, int, str, str, int | None, int | None, float]) -> GameResult:
    return play(*args)


def elo(score: float) -> float:
    """The Elo difference that predicts ``score`` (the score clamped to 0.09%..99.91%: about +-1200)."""
    s = min(max(score, 0.0009), 0.9991)
    return -400 * math.log10(1 / s - 1)


def summary(results: list[GameResult]) -> dict[str, Any]:
    n = len(results)
    scores = [r.score for r in results]
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    out: dict[str, Any] = {
        "games": n, "score": mean,
        "wins": sum(s == 1 for s in scores), "draws": sum(s == 0.5 for s in scores),
        "losses": sum(s == 0 for s in scores),
        "elo": elo(mean), "elo_95": [elo(mean - half), elo(mean + half)],
        "endings": {e: sum(r.ending == e for r in results) for e in sorted({r.ending for r in results})},
        "mean_plies": sum(r.plies for r in results) / n,
    }
    for who in ("new", "base"):
        out[f"{who}_mean_depth"] = sum(r.depth[who] for r in results) / n
        cpu = sum(r.cpu[who] for r in results)
        out[f"{who}_nodes_per_s"] = sum(r.nodes[who] for r in results) / cpu if cpu else 0.0
    return out


def today(name: str) -> str:
    """A former level name (``hard``) as today's (:func:`phutball.ai.level_name`); any other name as it is."""
    return ai.level_name(name) or name


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per move, both players")
    p.add_argument("--size", default="15x19")
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--seed", type=int, default=1, help="first opening's seed")
    p.add_argument("--json", action="store_true")
    p.add_argument("--opponent", default="baseline",
                   help=f"baseline, frozen (the strongest level as of issue 30's start), {', '.join(PLAYERS)}, "
                   "or a sparring partner: beam, mcts", type=today)
    p.add_argument("--player", default=ai.STRONGEST, choices=sorted(PLAYERS), help="the new player", type=today)
    p.add_argument("--nodes", type=int, help="the new player's node budget (no clock) instead of --seconds")
    p.add_argument("--cap", type=float, default=math.inf,
                   help="with --nodes: the new player's CPU seconds at most besides its nodes")
    p.add_argument("--opponent-nodes", type=int, help="the opponent's node budget (no clock) instead of --seconds")
    a = p.parse_args(argv)
    if a.opponent_nodes is not None and a.opponent in ("baseline", "frozen"):
        raise SystemExit("--opponent-nodes: the old players search by --seconds only")
    pairs = (a.games + 1) // 2
    if a.opponent not in ("baseline", "frozen", *PLAYERS) and not sparring.is_partner(a.opponent):
        raise SystemExit(f"--opponent: {a.opponent!r} is not baseline, frozen, {', '.join(PLAYERS)}, beam or mcts")
    tasks = [(a.size, a.seed + i, side, a.seconds, a.max_plies, a.opponent, a.player, a.nodes, a.opponent_nodes, a.cap)
             for i in range(pairs)
             for side in ("O", "X")]
    t0 = time.perf_counter()
    results = []

    def played(r: GameResult) -> None:  # one line per game on stderr, so a long run shows where it is
        results.append(r)
        print(f"game {len(results)}/{len(tasks)}: opening {r.opening}, new plays {r.new_side}: "
              f"{r.score} ({r.ending}, {r.plies} plies)", file=sys.stderr, flush=True)
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            for future in as_completed([ex.submit(_play, t) for t in tasks]):
                played(future.result())
        results.sort(key=lambda r: (r.opening, r.new_side != "O"))  # the order of the tasks
    else:
        for t in tasks:
            played(_play(t))
    s = summary(results)
    s.update(size=a.size, seconds=a.seconds, nodes=a.nodes, cap=a.cap, opponent_nodes=a.opponent_nodes, max_plies=a.max_plies,
             wall=time.perf_counter() - t0)
    if a.json:
        print(json.dumps({"summary": s, "games": [asdict(r) for r in results]}))
        return

    def spend(nodes: int | None, cap: float = math.inf) -> str:
        return f"{a.seconds} s CPU" if nodes is None else f"{nodes:,} nodes" + (
            f" or {cap} s CPU" if cap < math.inf else "")
    print(f"new {a.player} ({spend(a.nodes, a.cap)}) vs {a.opponent} ({spend(a.opponent_nodes)}) a move on {a.size}, "
          f"{s['games']} games ({pairs} openings x 2 colours), max {a.max_plies} plies")
    print(f"  score {s['score']:.1%}  (+{s['wins']} ={s['draws']} -{s['losses']})  "
          f"Elo {s['elo']:+.0f}  95% [{s['elo_95'][0]:+.0f}, {s['elo_95'][1]:+.0f}]")
    print(f"  endings {s['endings']}  mean length {s['mean_plies']:.0f} plies")
    for who in ("new", "base"):
        print(f"  {who:4}: mean depth {s[f'{who}_mean_depth']:.1f}, {s[f'{who}_nodes_per_s']:,.0f} nodes/s")
    print(f"  wall {s['wall']:.0f} s")


if __name__ == "__main__":
    main()
