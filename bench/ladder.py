"""The levels as a ladder: a round robin of the computer's levels and two baselines, with ratings.

    python bench/ladder.py [--games 20] [--hard-games 8] [--size 15x19] [--jobs 2]
                           [--players random,greedy,beginner,easy,...] [--max-plies 300]
                           [--neighbours K | --pairs a:b,c:d]
                           [--record games.jsonl] [--from games.jsonl ...] [--first N]

Every pair of players plays ``--games`` games (``--hard-games`` for a pair
that includes the strongest level, ``grandmaster``, once called ``hard``, whose
games are expensive) on one board: the full round robin, or with ``--neighbours K`` only the pairs at most K places apart
in the ``--players`` order (list them weakest first: far-apart pairs end
100-0 and cost time without telling the fit much).  Game ``2k``
and ``2k + 1`` start from the same opening -- two men placed at random within
two points of the ball, seeded by the pair and ``k`` -- with the colours
swapped, so every game is repeatable and neither player gets the first move
more often.  A game is a draw when a position occurs for the third time (the
lab's rule, see :class:`phutball.game.Game`) or after ``--max-plies`` plies.
Engines are given the game's history (so they see repetitions), search with
node budgets only (their ``max_seconds`` is ignored), and are seeded by the
game number (only the noise of the lower levels uses the seed).

Players: ``random`` and ``greedy`` (the baselines of ``bench/tournament.py``),
the sparring partners of ``bench/sparring.py`` (``beam``, ``mcts``, or ``beam<N>`` /
``mcts<N>`` for N nodes a move), every name in :data:`phutball.ai.LEVELS`, and, for tuning, ad-hoc levels
written ``n<nodes>d<depth>z<noise>`` (e.g. ``n300d1z15``: 300 nodes, depth 1,
noise 1.5 rows), then for a level that errs like people (issue 44, :mod:`phutball.ai.lapses`)
``h<hops>`` (the longest chain it sees), ``o<chance>`` (how often it overlooks a threat built one
move ahead) and ``m<margin>`` (tenths of a row within which it picks among moves by chance), e.g.
``n1200d2z6h3o0.5m15``, and a ``w`` at the end for a level that places men near any man, not only near
the ball (``n60000d20z0w`` was the strongest level from issue 30, ``grandmaster``, called ``hard`` until
issue 44, which gave it 50,000 nodes: ``n50000d20z0w``; ``n60000d20z0`` the strongest level before issue 30).

Ratings: a Bradley-Terry model fitted by maximum likelihood (Hunter's MM
algorithm, a draw counting half a win for each side), on the Elo scale
(400 points = 10:1 odds), anchored at ``random`` = 0.  Every pair that played
gets one virtual draw as a prior, so a player that won (or lost) every game
still has a finite rating: such a rating is a bound set by the prior, not a
measurement, and is flagged ``*``.  Intervals are +-1.96 standard errors from
the observed information (the anchor's row removed).  Prints Markdown
tables (ratings and the W-L-D matrix) for ``bench/README.md``.

``--pairs a:b:N`` plays N games of that pair (``--games`` for a pair without N).
``--record FILE`` appends every game's outcome to FILE (a JSON line each; the games
already recorded there are in the fit and not played again, so an interrupted run
resumes), and
``--from FILE ...`` adds the games recorded there to the fit (a run with
``--from`` and ``--games 0`` only fits): tuning runs of a few pairs add up to
one ladder; ``--first N`` numbers a run's games from N, so more games of a pair
already played start from new openings.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from phutball import Position  # noqa: E402
from phutball.ai import LEVELS, STRONGEST, Level, Searcher, level_name  # noqa: E402
from phutball.ai.lapses import Lapses  # noqa: E402
from phutball.notation import Placement  # noqa: E402
from tournament import greedy_player, random_player  # noqa: E402
import sparring  # noqa: E402

ELO = 400 / math.log(10)  # Elo points per natural-log unit of strength
NUMBER = r"(\d+(?:\.\d+)?)"
ADHOC = re.compile(rf"n(\d+)d(\d+)z{NUMBER}(?:h(\d+))?(?:o{NUMBER})?(?:m{NUMBER})?(w?)$")


def level_of(name: str) -> Level | None:
    """The engine level a player name stands for (None for the baselines and the sparring partners)."""
    if name in ("random", "greedy") or sparring.is_partner(name):
        return None
    today = level_name(name)  # a level's name, or a former one
    if today is not None:
        return LEVELS[today]
    m = ADHOC.match(name)
    if not m:
        raise SystemExit(f"unknown player {name!r}: random, greedy, beam[N], mcts[N], {', '.join(LEVELS)} "
                         "or n<nodes>d<depth>z<noise>[h<hops>][o<chance>][m<margin>][w]")
    lapses = Lapses(horizon=int(m[4]) if m[4] else None, overlook=float(m[5] or 0), margin=float(m[6] or 0))
    return Level(name, max_nodes=int(m[1]), max_depth=int(m[2]), max_seconds=1e9, noise=float(m[3]), wide=bool(m[7]),
                 lapses=lapses)


def adhoc_name(lv: Level) -> str:
    """The ad-hoc player name of a level's budget and lapses, ``n<nodes>d<depth>z<noise>``, then
    ``h<hops>o<chance>m<margin>`` where it has them (read by :func:`level_of`)."""
    lapses = lv.lapses
    erring = (f"{'' if lapses.horizon is None else f'h{lapses.horizon}'}"
              f"{f'o{lapses.overlook:g}' if lapses.overlook else ''}{f'm{lapses.margin:g}' if lapses.margin else ''}")
    return f"n{lv.max_nodes}d{lv.max_depth}z{lv.noise:g}{erring}{'w' if lv.wide else ''}"


def opening(size: str, pair: tuple[str, str], k: int) -> Position:
    """Opening ``k`` of a pair: two men within two points of the ball, seeded."""
    rng = random.Random(f"ladder/{size}/{sorted(pair)}/{k}")
    pos = Position.start(size)
    centre = pos.ball
    for _ in range(2):
        near = [p for p in pos.placements()
                if max(abs(p.point.col - centre.col), abs(p.point.row - centre.row)) <= 2]
        pos = pos.play(Placement(rng.choice(near).point))
    return pos


@dataclass(frozen=True)
class Outcome:
    pair: tuple[str, str]
    game: int
    winner: int | None   # 0: pair[0] won, 1: pair[1] won, None: a draw
    plies: int
    final: str           # the last position
    seconds: float


def play_game(size: str, pair: tuple[str, str], game: int, max_plies: int) -> Outcome:
    """Game ``game`` of a pair: pair[0] moves first (Ohs) in even games, second in odd ones."""
    t0 = time.perf_counter()
    rng = random.Random(f"ladder/{size}/{pair}/{game}")
    pos = opening(size, pair, game // 2)
    seat = {"O": 0, "X": 1} if game % 2 == 0 else {"O": 1, "X": 0}
    levels = [level_of(n) for n in pair]
    history: list[Position] = []
    seen: dict[str, int] = {str(pos): 1}
    plies, drawn = 0, False
    while not pos.is_over and plies < max_plies:
        who = seat[pos.to_move]
        lv = levels[who]
        if sparring.is_partner(pair[who]):
            move = sparring.choose(pair[who], pos, history=history, seed=game).best
        elif lv is None:
            move = random_player(pos, rng) if pair[who] == "random" else greedy_player(pos, rng)
        else:
            move = Searcher(pos, lv, seed=game, max_seconds=1e9, history=history).run().best
        history.append(pos)
        pos = pos.play(move)
        plies += 1
        seen[str(pos)] = seen.get(str(pos), 0) + 1
        if seen[str(pos)] >= 3:
            drawn = True
            break
    winner = None if drawn or pos.winner is None else seat[pos.winner]
    return Outcome(pair, game, winner, plies, str(pos), time.perf_counter() - t0)


def read_outcomes(path: Path, size: str) -> list[Outcome]:
    """The games of ``size`` recorded in ``path`` by ``--record`` (other boards' games are skipped)."""
    try:
        text = path.read_text()
    except OSError as e:
        raise SystemExit(f"{path}: cannot read the recorded games ({e.strerror})")
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            d = json.loads(line)
            if d.pop("size") == size:
                out.append(Outcome(**{**d, "pair": tuple(d["pair"])}))
        except (ValueError, KeyError, TypeError) as e:
            raise SystemExit(f"{path}:{n}: not a recorded game ({e}): {line[:80]!r}")
    return out


def add_result(results: dict[tuple[str, str], tuple[int, int, int]], o: Outcome) -> None:
    """Count ``o`` in ``results[pair]`` = (pair[0]'s wins, pair[1]'s wins, draws)."""
    w, l, d = results.get(o.pair, (0, 0, 0))
    results[o.pair] = (w + (o.winner == 0), l + (o.winner == 1), d + (o.winner is None))


def _play(args: tuple[str, tuple[str, str], int, int]) -> Outcome:
    return play_game(*args)


# ------------------------------------------------------------------ the rating fit


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    half_width: float   # of the 95 % interval (0 for the anchor)
    bound: bool         # won or lost every game: the prior sets the rating


def fit_ratings(names: list[str], results: dict[tuple[str, str], tuple[int, int, int]], *,
                anchor: str | None = None, prior_draws: float = 1.0, iterations: int = 10_000) -> list[Rating]:
    """Bradley-Terry ratings (Elo scale) from ``results[(a, b)] = (a's wins, b's wins, draws)``.

    Maximum likelihood by minorization-maximization (Hunter 2004): a draw is half a win for
    each side, and every pair that played gets ``prior_draws`` virtual draws.  Ratings are
    shifted so that ``anchor`` (default: the first name) is 0.  Raises ``ValueError`` when a
    player has no games or the players fall into groups that never met.
    """
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    games = [[0.0] * k for _ in range(k)]
    score = [[0.0] * k for _ in range(k)]   # score[i][j]: i's points against j
    real = [[0.0, 0.0] for _ in range(k)]   # points and games without the prior
    for (a, b), (wa, wb, d) in results.items():
        i, j = idx[a], idx[b]
        n = wa + wb + d
        if n == 0:
            continue
        games[i][j] += n + prior_draws
        games[j][i] += n + prior_draws
        score[i][j] += wa + d / 2 + prior_draws / 2
        score[j][i] += wb + d / 2 + prior_draws / 2
        real[i][0] += wa + d / 2
        real[j][0] += wb + d / 2
        real[i][1] += n
        real[j][1] += n
    _check_connected(names, games)
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            w = sum(score[i])
            den = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k) if games[i][j])
            new.append(w / den)
        g = math.exp(sum(math.log(x) for x in new) / k)  # fix the scale's origin while iterating
        new = [x / g for x in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, gamma)) < 1e-10
        gamma = new
        if done:
            break
    theta = [math.log(x) for x in gamma]
    a = idx[anchor] if anchor is not None else 0
    # Observed information of theta (the log strengths); the anchor's row and column are dropped.
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                info[i][i] += games[i][j] * p * (1 - p)
                info[i][j] -= games[i][j] * p * (1 - p)
    keep = [i for i in range(k) if i != a]
    cov = _inverse([[info[i][j] for j in keep] for i in keep])
    var = {i: cov[n][n] for n, i in enumerate(keep)}
    out = []
    for i, name in enumerate(names):
        half = 0.0 if i == a else 1.96 * math.sqrt(max(var[i], 0.0)) * ELO
        pts, n = real[i]
        out.append(Rating(name, (theta[i] - theta[a]) * ELO, half, n > 0 and pts in (0, n)))
    return out


def _check_connected(names: list[str], games: list[list[float]]) -> None:
    k = len(names)
    for i in range(k):
        if not any(games[i]):
            raise ValueError(f"player {names[i]!r} has no games")
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in range(k):
            if games[i][j] and j not in reached:
                reached.add(j)
                todo.append(j)
    if len(reached) < k:
        raise ValueError("the players fall into groups that never played each other: "
                         + ", ".join(names[i] for i in range(k) if i not in reached))


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small symmetric positive definite matrix."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [x / piv for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[n:] for row in a]


def expected_score(elo_a: float, elo_b: float) -> float:
    """A's expected score against B (the logistic Elo curve)."""
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))


# ------------------------------------------------------------------ the tournament


def describe(name: str) -> str:
    lv = level_of(name)
    if sparring.is_partner(name):
        return sparring.describe(name)
    if lv is None:
        return {"random": "a random placement", "greedy": "the furthest forward jump, else a man next to the ball"}[name]
    noise = f", noise {lv.noise / 10:g} rows" if lv.noise else ""
    same = [n for n, v in LEVELS.items() if adhoc_name(v) == adhoc_name(lv)]
    level = f" (the level {same[0]})" if same and same[0] != name else ""  # an ad-hoc name for a level's budget
    wide = ", men placed near any man" if lv.wide else ""
    lapses = lv.lapses
    hops = "" if lapses.horizon is None else f"{lapses.horizon} hop{'' if lapses.horizon == 1 else 's'}"
    erring = "".join([f", chains of up to {hops}" if hops else "",
                      f", overlooks {lapses.overlook:.0%}" if lapses.overlook else "",
                      f", picks within {lapses.margin / 10:g} rows" if lapses.margin else ""])
    return f"{lv.max_nodes:,} nodes, depth {lv.max_depth}{noise}{erring}{wide}{level}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per pair (even)")
    ap.add_argument("--hard-games", type=int, default=8, help=f"games per pair that includes {STRONGEST} (even)")
    ap.add_argument("--size", default="15x19")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--players", default=",".join(["random", "greedy", *LEVELS]))
    ap.add_argument("--pairs", default="",
                    help="only these pairs (a:b,c:d), not the round robin; a:b:N plays N games of that pair")
    ap.add_argument("--first", type=int, default=0,
                    help="number the games from this (even) one: more games of a pair already played")
    ap.add_argument("--record", type=Path, help="append each game's outcome to this file (JSON lines)")
    ap.add_argument("--from", dest="sources", type=Path, nargs="*", default=[],
                    help="add the games recorded in these files to the fit")
    ap.add_argument("--neighbours", type=int, default=0,
                    help="only pairs at most this far apart in --players' order (0: the full round robin)")
    args = ap.parse_args(argv)
    names = args.players.split(",")
    pairs: list[tuple[str, str]]
    count: dict[tuple[str, str], int] = {}  # games of a pair written a:b:N
    if args.pairs:
        pairs = []
        for spec in args.pairs.split(","):
            m = re.fullmatch(r"([^:]+):([^:]+)(?::(\d+))?", spec)
            if not m:
                raise SystemExit(f"--pairs: {spec!r} is not a:b or a:b:N (N games)")
            pairs.append((m[1], m[2]))
            if m[3]:
                count[(m[1], m[2])] = int(m[3])
        names = [n for n in dict.fromkeys(n for p in pairs for n in p)]
    else:
        reach = args.neighbours or len(names)
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:i + 1 + reach]]
    # The games recorded in the files read (--from) and in the file written (an interrupted run, started
    # again) are in the fit and are not played again; a game found twice (the same pair and number)
    # counts once: games are repeatable.
    sources = [*args.sources, *([args.record] if args.record and args.record.exists() else [])]
    recorded = list({(o.pair, o.game): o for path in sources for o in read_outcomes(path, args.size)}.values())
    names += [n for n in dict.fromkeys(n for o in recorded for n in o.pair) if n not in names]
    for n in names:
        level_of(n)
    done = {(o.pair, o.game) for o in recorded}
    tasks = []
    for a, b in pairs:
        n = count.get((a, b), args.hard_games if STRONGEST in map(level_name, (a, b)) else args.games)
        tasks += [(args.size, (a, b), g, args.max_plies) for g in range(args.first, args.first + n)
                  if ((a, b), g) not in done]
    tasks.sort(key=lambda t: -sum(lv.max_nodes for lv in map(level_of, t[1]) if lv))  # slow games first
    print(f"{args.size}: {len(pairs)} pairs, {args.games} games per pair ({args.hard_games} with {STRONGEST}), "
          f"colours swapped on each opening, a draw on a threefold repetition or after {args.max_plies} plies",
          flush=True)
    t0 = time.perf_counter()
    outcomes: list[Outcome] = []
    results: dict[tuple[str, str], tuple[int, int, int]] = {}
    plies: dict[tuple[str, str], list[int]] = {}
    todo = {p: sum(t[1] == p for t in tasks) for p in pairs}
    for o in recorded:
        add_result(results, o)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for f in as_completed([pool.submit(_play, t) for t in tasks]):
            o = f.result()
            outcomes.append(o)
            if args.record:
                with args.record.open("a") as out:
                    out.write(json.dumps({"size": args.size, **asdict(o)}) + "\n")
            add_result(results, o)
            plies.setdefault(o.pair, []).append(o.plies)
            if len(plies[o.pair]) == todo[o.pair]:  # the pair's last game: its line
                a, b = o.pair
                w, l, d = results[o.pair]
                print(f"{a} vs {b}: {w}-{l}-{d} ({(w + d / 2) / (w + l + d):.0%}), "
                      f"mean {sum(plies[o.pair]) / len(plies[o.pair]):.0f} plies "
                      f"[{time.perf_counter() - t0:.0f} s]", flush=True)
    wall = time.perf_counter() - t0
    print(f"\nplayed {len(outcomes)} games in {wall / 60:.1f} min of wall time "
          f"({sum(o.seconds for o in outcomes) / 60:.1f} min of game time, {args.jobs} jobs)"
          + (f", and {len(recorded)} recorded games" if recorded else ""))
    played = [n for n in names if any(n in p for p in results)]
    try:
        ratings = fit_ratings(played, results, anchor="random" if "random" in played else played[0])
    except ValueError as e:  # e.g. --pairs that do not link every player: the results above stand
        print(f"\nno ratings: {e}")
        return
    ratings.sort(key=lambda r: r.elo)
    print("\n| player | what it does | rating (Elo, random = 0) | 95 % interval | step |")
    print("|---|---|---:|---:|---:|")
    prev = None
    for r in ratings:
        star = "*" if r.bound else ""
        step = f"+{r.elo - prev:.0f}" if prev is not None else ""
        iv = f"±{r.half_width:.0f}" if r.half_width else "anchor"
        print(f"| {r.name} | {describe(r.name)} | {r.elo:.0f}{star} | {iv} | {step} |")
        prev = r.elo
    order = [r.name for r in ratings]
    print("\nW-L-D of the row player against the column player:\n")
    print("| | " + " | ".join(order) + " |")
    print("|---|" + "---:|" * len(order))
    for a in order:
        cells = []
        for b in order:
            if (a, b) in results:
                cells.append("%d-%d-%d" % results[(a, b)])
            elif (b, a) in results:
                w, l, d = results[(b, a)]
                cells.append(f"{l}-{w}-{d}")
            else:
                cells.append("–")
        print(f"| {a} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
