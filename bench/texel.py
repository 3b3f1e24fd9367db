"""Texel-style tuning of the computer's evaluation (issue 30, items 2-3): games, features, a fit.

    python bench/texel.py record [--out bench/texel-games.jsonl.gz] [--cpu-minutes 20] [--first 0]
    python bench/texel.py fit [--data bench/texel-games.jsonl.gz] [--json]
    python bench/texel.py games [--data bench/texel-games.jsonl.gz] [--gauntlet run.json]

* ``record`` plays games between varied players and keeps every game (opening, moves, result)
  in a gzipped JSON-lines file, one game a line, rewritten after each game (so a run can be
  stopped at any time).  The schedule is a function of the game number (:func:`schedule`):
  mostly 15x19, some 13x13 and 11x11; pairings hard-like search (``n<N>d20z0``: N nodes a move)
  against ``beam<N>`` (``bench/sparring.py``), against itself, lower levels (with noise) against
  higher ones, and ``beam`` against ``beam``.  Every player searches by nodes only, with the
  game's history, so a game repeats.  Openings are the gauntlet's (4 random men around the ball).
  A game ends with a goal, a third repetition or no legal move (draws), or at 300 plies (a draw).
* ``fit`` replays the games into positions, labels each with the final result for the side to
  move (1 won, 0 lost, 0.5 drawn), drops the positions the search never evaluates (the mover has a
  winning jump), computes :func:`fitted.eval_features` and fits logistic regressions by
  Newton's method (numpy), on the games with ``id % 5 != 0``, held out: the games with
  ``id % 5 == 0`` (split by game, never by position).  Models: today's ``evaluate()`` with one
  scale (how a tenth of a row turns into a win chance), and the fitted feature set.  It prints
  log-loss, accuracy (decisive games) and the fitted weights in the search's units (tenths of a
  row, through today's scale), and the integers that ``bench/fitted.py`` holds as
  :data:`fitted.FIT_WEIGHTS`; ``tests/test_texel.py`` checks that they match.
* ``games`` counts the recorded games by pairing (games at the ply cap, mean length) and says
  what the last 100 plies of each game at the cap were made of (jumps, the ball's rows, men);
  ``--gauntlet`` does the same for the games of a ``bench/gauntlet.py --json`` run.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from phutball import Position  # noqa: E402
from phutball import ai  # noqa: E402
from phutball.game import Game  # noqa: E402
import fitted  # noqa: E402
import sparring  # noqa: E402
from gauntlet import opening  # noqa: E402
from ladder import level_of  # noqa: E402

DATA = Path(__file__).resolve().with_name("texel-games.jsonl.gz")
MAX_PLIES = 300
#: The players the schedule draws from: hard-like searches by nodes, lower levels, beam by nodes.
HARDS = ("n2000d20z0", "n4000d20z0", "n8000d20z0")
LOWER = ("intermediate", "strong", "sharp", "cunning", "expert")
BEAMS = ("beam1500", "beam2000", "beam3000")


def schedule(k: int) -> tuple[str, str, str, int]:
    """Game ``k``: (board, Ohs' player, Eks' player, opening seed); colours alternate in pairs."""
    rng = random.Random(f"texel/{k // 2}")
    size = rng.choice(["15x19"] * 8 + ["13x13", "11x11"])
    kind = (k // 2) % 4
    if kind == 0:
        pair = (rng.choice(HARDS), rng.choice(BEAMS))
    else:  # two different players (the same one twice would play the same game with each colour)
        pool = HARDS if kind == 1 else LOWER + HARDS if kind == 2 else BEAMS
        first = rng.choice(LOWER if kind == 2 else pool)
        pair = (first, rng.choice([n for n in pool if n != first]))
    o, x = pair if k % 2 == 0 else pair[::-1]
    return size, o, x, k // 2 + 1000


def move_of(name: str, pos: Position, history: list[Position], seed: int) -> str:
    """Player ``name``'s move (a sparring partner, a level or ``n<N>d<D>z<Z>``), by nodes only."""
    if sparring.is_partner(name):
        return str(sparring.choose(name, pos, history=history, seed=seed).best)
    lv = level_of(name)
    assert lv is not None, name
    return str(ai.Searcher(pos, lv, seed=seed, max_seconds=1e9, history=history).run().best)


def play_recorded(k: int, max_plies: int = MAX_PLIES) -> dict[str, Any]:
    """Play game ``k`` of the schedule; its record (a JSON object)."""
    size, o, x, seed = schedule(k)
    game = Game(opening(size, seed))
    t0 = time.process_time()
    while game.result == "*" and len(game.moves) < max_plies:
        pos = game.position
        assert isinstance(pos, Position)
        history = [p for p in game.positions[:-1] if isinstance(p, Position)]
        game.push(move_of(o if pos.to_move == "O" else x, pos, history, k))
    winner = game.result if game.result in ("O", "X") else None
    ending = game.termination if game.result != "*" else "max plies"
    return {"id": k, "size": size, "O": o, "X": x, "opening": str(game.start), "moves": game.moves,
            "winner": winner, "ending": ending, "plies": len(game.moves),
            "cpu": round(time.process_time() - t0, 1)}


def read_games(path: Path = DATA) -> list[dict[str, Any]]:
    """The recorded games of ``path`` (none when it does not exist)."""
    if not path.exists():
        return []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_games(path: Path, games: list[dict[str, Any]]) -> None:
    """Write ``games`` (sorted by id) to ``path``, gzipped, through a temporary file."""
    tmp = path.with_suffix(".tmp")
    with gzip.GzipFile(tmp, "wb", mtime=0) as f:  # mtime 0: the same games give the same bytes
        for g in sorted(games, key=lambda g: g["id"]):
            f.write((json.dumps(g, separators=(",", ":")) + "\n").encode())
    tmp.replace(path)


def record(out: Path, cpu_minutes: float, first: int) -> None:
    """Play the schedule's games from ``first`` on, skipping those ``out`` has, until the CPU time is spent."""
    games = read_games(out)
    done = {g["id"] for g in games}
    t0 = time.process_time()
    k = first
    while time.process_time() - t0 < cpu_minutes * 60:
        if k not in done:
            g = play_recorded(k)
            games.append(g)
            write_games(out, games)
            print(f"game {k}: {g['size']} {g['O']} v {g['X']}: {g['winner'] or 'draw'} ({g['ending']}, "
                  f"{g['plies']} plies, {g['cpu']} s)", file=sys.stderr, flush=True)
        k += 1


def positions(game: dict[str, Any]) -> Iterator[tuple[Position, float]]:
    """Each position of a recorded game before its end, with the result for its side to move."""
    pos = Position.from_str(game["opening"])
    for move in game["moves"]:
        y = 0.5 if game["winner"] is None else float(game["winner"] == pos.to_move)
        yield pos, y
        pos = pos.play(move)


# ------------------------------------------------------------------ the fit


def held_out(game: dict[str, Any]) -> bool:
    """Whether a game is in the held-out set: every fifth opening, both its games (split by game)."""
    return (game["id"] // 2) % 5 == 0


@dataclass
class Data:
    """The positions of the recorded games: today's evaluation, the features, labels, game ids."""

    today: np.ndarray      # evaluate(), tenths of a row
    features: np.ndarray   # eval_features(), one row per position
    y: np.ndarray          # the result for the side to move: 1, 0.5, 0
    test: np.ndarray       # the position's game is held out
    game: np.ndarray


def dataset(games: list[dict[str, Any]]) -> Data:
    """Every position of ``games`` the search would evaluate (the mover has no winning jump)."""
    today, feats, ys, test, ids = [], [], [], [], []
    for g in games:
        for pos, y in positions(g):
            if pos.find_winning_jump(max_nodes=ai.WIN_NODES).status == "found":
                continue
            today.append(ai.evaluate(pos))
            feats.append(fitted.eval_features(pos))
            ys.append(y)
            test.append(held_out(g))
            ids.append(g["id"])
    return Data(np.array(today, float), np.array(feats, float), np.array(ys), np.array(test), np.array(ids))


def logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-6, iterations: int = 50) -> np.ndarray:
    """Weights ``w`` maximising the likelihood of ``y`` (soft labels in 0..1) under sigmoid(x @ w),
    by Newton's method with a tiny ridge (for columns that barely vary)."""
    w = np.zeros(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-12:
            break
    return w


def quality(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, float]:
    """Log-loss (natural log, every position) and accuracy (positions of decisive games, p = 0.5 a miss)."""
    p = np.clip(1 / (1 + np.exp(-(x @ w))), 1e-12, 1 - 1e-12)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decisive = y != 0.5
    acc = float(np.mean((p[decisive] > 0.5) == (y[decisive] == 1)))
    return {"log_loss": loss, "accuracy": acc, "positions": int(len(y))}


def to_weights(w: np.ndarray, scale: float) -> tuple[int, ...]:
    """The fitted weights (logit units) as :data:`fitted.FIT_WEIGHTS`: tenths of a row through
    ``scale`` (logit per tenth of a row of today's evaluation), times :data:`fitted.FIT_SCALE`."""
    return tuple(int(round(v / scale * fitted.FIT_SCALE)) for v in w)


def fit_all(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Fit the models on the training games and measure them on the held-out ones (module doc)."""
    d = dataset(games)
    tr, te = ~d.test, d.test
    base_x = d.today[:, None]
    scale = logistic(base_x[tr], d.y[tr])
    linear = d.features[:, :5]  # today's terms, refitted
    w_lin = logistic(linear[tr], d.y[tr])
    w_fit = logistic(d.features[tr], d.y[tr])
    weights = to_weights(w_fit, float(scale[0]))
    terms = dict(zip(fitted.FIT_TERMS, weights))
    return {
        "games": len(games), "held_out_games": sum(held_out(g) for g in games),
        "positions": {"train": int(tr.sum()), "test": int(te.sum())},
        "scale_per_tenth_row": float(scale[0]),
        "today": {"train": quality(base_x[tr], d.y[tr], scale), "test": quality(base_x[te], d.y[te], scale)},
        "today_terms_refit": {"train": quality(linear[tr], d.y[tr], w_lin),
                              "test": quality(linear[te], d.y[te], w_lin),
                              "weights_tenths": [float(v / scale[0]) for v in w_lin]},
        "fitted": {"train": quality(d.features[tr], d.y[tr], w_fit), "test": quality(d.features[te], d.y[te], w_fit),
                   "weights_tenths": [float(v / scale[0]) for v in w_fit]},
        "fit_weights": weights, "fit_terms": terms,
    }


def report(r: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(r))
        return
    print(f"{r['games']} games ({r['held_out_games']} held out), positions: {r['positions']['train']} train, "
          f"{r['positions']['test']} held out")
    s = r["scale_per_tenth_row"]
    print(f"today's evaluate(): win chance = sigmoid({s:.4f} x tenths of a row): one row ahead "
          f"{1 / (1 + np.exp(-10 * s)):.1%}, two rows {1 / (1 + np.exp(-20 * s)):.1%}")
    for name in ("today", "today_terms_refit", "fitted"):
        q = r[name]
        print(f"  {name:18}: held out log-loss {q['test']['log_loss']:.4f}, accuracy {q['test']['accuracy']:.1%}"
              f"  (train {q['train']['log_loss']:.4f}, {q['train']['accuracy']:.1%})")
    print("fitted weights, tenths of a row per unit: " + ", ".join(
        f"{t} {v:+.2f}" for t, v in zip(fitted.FIT_TERMS, r["fitted"]["weights_tenths"])))
    print(f"FIT_WEIGHTS = {tuple(r['fit_weights'])}  (in 1/{fitted.FIT_SCALE} of a tenth of a row; bench/fitted.py "
          f"holds {fitted.FIT_WEIGHTS})")


# ------------------------------------------------------------------ the games, and why some reach the cap


def kind(game: dict[str, Any]) -> str:
    """The pairing of a game: hard v beam, hard v hard, lower v any, beam v beam (hard: ``n<N>d20z0``),
    or other (players not of the schedule, e.g. a gauntlet's)."""
    names = {"hard" if n in HARDS else "beam" if n in BEAMS else "lower" if n in LOWER else "other"
             for n in (game["O"], game["X"])}
    return {frozenset({"hard", "beam"}): "hard v beam", frozenset({"hard"}): "hard v hard",
            frozenset({"beam"}): "beam v beam"}.get(frozenset(names), "other" if "other" in names else "lower v any")


def late_play(game: dict[str, Any], last: int = 100) -> dict[str, float]:
    """What the last ``last`` plies of a game were made of: the share of jumps, the rows the ball
    moved over, how far its furthest jump went, and the men on the board at the end."""
    pos = Position.from_str(game["opening"])
    rows, jumps, longest = [], 0, 0
    for n, move in enumerate(game["moves"]):
        nxt = pos.play(move)
        if n >= len(game["moves"]) - last:
            rows.append(nxt.ball.row)
            if nxt.ball != pos.ball:
                jumps += 1
                longest = max(longest, abs(nxt.ball.row - pos.ball.row))
        pos = nxt
    return {"jump_share": jumps / max(len(rows), 1), "ball_rows": (min(rows), max(rows)) if rows else (0, 0),
            "longest_jump": longest, "men": len(pos.men)}


def from_gauntlet(path: Path) -> list[dict[str, Any]]:
    """The games of a ``bench/gauntlet.py --json`` run as records like :func:`play_recorded`'s."""
    run = json.loads(path.read_text())
    size, out = run["summary"]["size"], []
    for k, g in enumerate(run["games"]):
        new, base = "new", "base"
        o, x = (new, base) if g["new_side"] == "O" else (base, new)
        winner = None if g["score"] == 0.5 else g["new_side"] if g["score"] == 1 else "XO"[g["new_side"] == "X"]
        out.append({"id": k, "size": size, "O": o, "X": x, "opening": str(opening(size, g["opening"])),
                    "moves": g["moves"], "winner": winner, "ending": g["ending"], "plies": g["plies"]})
    return out


def games_summary(games: list[dict[str, Any]]) -> None:
    """Per pairing: games, decisive, share at the ply cap, mean plies; then each capped game's end."""
    for k in ("hard v beam", "hard v hard", "lower v any", "beam v beam", "other"):
        gs = [g for g in games if kind(g) == k and g["size"] == "15x19"]
        if gs:
            capped = sum(g["ending"] == "max plies" for g in gs)
            print(f"{k:12} 15x19: {len(gs)} games, {sum(g['winner'] is not None for g in gs)} decisive, "
                  f"{capped} at the cap ({capped / len(gs):.0%}), mean {np.mean([g['plies'] for g in gs]):.0f} plies")
    for g in games:
        if g["ending"] == "max plies":
            lp = late_play(g)
            print(f"  capped game {g['id']} ({g['size']}, {g['O']} v {g['X']}): last 100 plies "
                  f"{lp['jump_share']:.0%} jumps, ball on rows {lp['ball_rows'][0]}-{lp['ball_rows'][1]}, "
                  f"longest jump {lp['longest_jump']} rows, {lp['men']} men at the end")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record", help="play and record games")
    r.add_argument("--out", type=Path, default=DATA)
    r.add_argument("--cpu-minutes", type=float, default=20.0)
    r.add_argument("--first", type=int, default=0, help="the first game number of the schedule")
    f = sub.add_parser("fit", help="fit the evaluations on the recorded games")
    f.add_argument("--data", type=Path, default=DATA)
    f.add_argument("--json", action="store_true")
    gs = sub.add_parser("games", help="the recorded games by pairing, and the ends of those at the cap")
    gs.add_argument("--data", type=Path, default=DATA)
    gs.add_argument("--gauntlet", type=Path, help="a bench/gauntlet.py --json output to read instead")
    a = p.parse_args(argv)
    if a.command == "record":
        record(a.out, a.cpu_minutes, a.first)
    elif a.command == "games":
        games_summary(from_gauntlet(a.gauntlet) if a.gauntlet else read_games(a.data))
    else:
        report(fit_all(read_games(a.data)), a.json)


if __name__ == "__main__":
    main()
