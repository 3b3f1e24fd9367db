"""Calibrate the puzzle ratings (``lab.puzzlerating``) against the computer ladder (issue 27).

    nice -n 19 python tools/calibrate_puzzle_ratings.py play [--levels a,b,...] [--every N] [--seed 1]
                                                             [--out bench/puzzle-calibration.json]
    python tools/calibrate_puzzle_ratings.py fit [--table bench/puzzle-calibration.json]

**play** lets levels of the computer ladder (:data:`phutball.ai.LEVELS`, every level by default)
attempt every 2D puzzle of ``puzzles/*.json`` (``--every N``: every N-th, in file order) once, as a
reader does on the puzzles page: the level's move is judged by the puzzle's own task
(``Task.judge_2d``); a right move that does not finish the puzzle is answered by the page's defender
(:func:`phutball.puzzles.twod.respond`) and the level plays on, so a win in two or three is played out
to the goal against the stubbornest defence.  The first wrong move fails the puzzle (the page's
*first attempt*, the one its rating counts).  The searches have node budgets only (the levels'
``max_seconds`` is ignored, as in ``bench/ladder.py``) and a fixed seed (the noise of the lower
levels), so the same command writes the same table.  The table holds one line per puzzle: its id,
task, board, the features :func:`lab.puzzlerating.features` measures, and one ``0``/``1`` per level
(solved), in the order of the file's ``levels``.

**fit** fits the rating formula to that table by maximum likelihood (the Elo model the reader's
rating uses)::

    P(level solves puzzle) = expected(level_strength(level's ladder rating), puzzle rating)
    puzzle rating          = BASE + WEIGHTS . Features.terms()      (not clamped in the fit)
    level_strength(R)      = START + LADDER_SLOPE (R - START)

The ladder's ratings are Elo points of *games* (15x19); solving puzzles is another contest, so the
map from the one scale to the other is fitted (its slope), not assumed, and pinned at the reader's
start (:data:`lab.puzzlerating.START`: a level rated 1200 on the ladder counts 1200 on the puzzle
scale; the intercept and ``BASE`` are not both identifiable).  Fitted: ``BASE``, the slope and the
weights of :data:`FITTED_TERMS` (depth, log2 of the correct first moves); the others are held at
:data:`KEPT_WEIGHTS`, because what the table says of them is a fact about the computer, not about a
reader (their docstring says why; the report prints the fit with them free).  The fitted weights have
a Gaussian prior (:data:`PRIOR_SD` rating points per unit of a term; :data:`SLOPE_PRIOR_SD` for the
slope), so that a weight the table cannot bound (every level solves every win in one) stays finite.
The fit is Newton's method on the penalised log-likelihood (numpy).  It prints the constants for
``site/lab/puzzlerating.py``, the solve rate of each level and task, the log-loss against a constant
rate (in the sample and held out: :data:`FOLDS` folds of whole puzzles) and against the old constants,
the same model with a free strength per level instead of the map, and the ratings' spread
before and after.  ``tests/test_puzzlerating.py`` checks that the module's constants are this fit of
the committed table.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "site"))

from lab.puzzlerating import (BASE_1D, HIGHEST, LOWEST, START, WEIGHTS_1D, Features, expected, features,  # noqa: E402
                              rating_from)
from phutball import Position  # noqa: E402
from phutball.ai import LEVELS, Level, Searcher, level_of  # noqa: E402
from phutball.puzzles import twod  # noqa: E402
from phutball.puzzles.format import load_dir  # noqa: E402
from phutball.puzzles.puzzle import Puzzle  # noqa: E402
from phutball.puzzles.tasks import task_named  # noqa: E402

TABLE = ROOT / "bench" / "puzzle-calibration.json"
FORMAT = "phutball-puzzle-calibration/1"
#: The noise seed of every search.
SEED = 1
#: The prior's standard deviation on each weight, in rating points per unit of its term.
PRIOR_SD = 400.0
#: The prior's standard deviation on the ladder-to-puzzle slope (centred on 0).
SLOPE_PRIOR_SD = 1.0
#: The terms of :meth:`Features.terms` the ladder measures, whose weights are fitted: depth - 1 and
#: log2(first moves).
FITTED_TERMS = (0, 3)
#: The weights held fixed.  Hops - 1 and decoys keep the first guess: every level solves every puzzle
#: whose difficulty is a long chain or a decoy (each level sees every winning jump and every move that
#: leaves none), so fitted weights come out negative, a longer chain "easier".  Away is 0: no level
#: solves a win in two or three whose answers are all men away from the ball (the search tries men
#: within two points only), so a fitted weight would send every such puzzle to the ceiling.
KEPT_WEIGHTS = {1: 60.0, 2: 60.0, 4: 0.0}
#: Folds of the held-out log-loss (puzzles split by their place in the table).
FOLDS = 5
#: The old, hand-guessed constants (before this calibration): the "before" of the report.
OLD_BASE, OLD_WEIGHTS = BASE_1D, WEIGHTS_1D  # strips, which no level plays, still use them
LN10_400 = math.log(10) / 400  # natural-log odds per Elo point


# ---------------------------------------------------------------- play: the table

#: One attempt: the puzzle's features, the level's ladder rating, solved.
Attempt = tuple[Features, float, bool]


def attempt(p: Puzzle, level: Level, seed: int = SEED) -> bool:
    """Whether ``level`` solves 2D puzzle ``p`` on its first attempt, as on the puzzles page."""
    task = task_named(p.task)
    pos = Position.from_str(p.position)
    history: list[Position] = []
    for _ in range(2 * len(p.main_line) + 2):  # a bound: a right line finishes within the main line
        move = str(Searcher(pos, level, seed=seed, max_seconds=1e9, history=history).run().best)
        verdict = task.judge_2d(str(pos), move)
        if not verdict["ok"]:
            return False
        after = pos.play(move)
        if verdict["won"] or after.winner == pos.to_move:
            return True
        reply = twod.respond(str(after))
        if reply is None:  # the page's defender gave up (a search over its budget): not solved
            return False
        history += [pos, after]
        pos = after.play(reply)
    return False


@dataclass(frozen=True)
class Row:
    """One puzzle of the table: its features and which levels solved it."""

    id: str
    task: str
    size: str
    features: Features
    solved: tuple[bool, ...]  # by level, in the table's order


@dataclass(frozen=True)
class Table:
    """The outcomes: levels (name, ladder rating) and one row per puzzle."""

    levels: tuple[tuple[str, float], ...]
    rows: tuple[Row, ...]

    def attempts(self) -> list[Attempt]:
        """Every attempt: the puzzle's features, the level's ladder rating, solved."""
        return [a for row in self.rows for a in self.row_attempts(row)]

    def row_attempts(self, row: Row) -> list[Attempt]:
        """One puzzle's attempts, one per level."""
        return [(row.features, rating, ok) for (_, rating), ok in zip(self.levels, row.solved)]


def board_puzzles(every: int = 1) -> list[Puzzle]:
    """The 2D puzzles of ``puzzles/*.json`` (every ``every``-th, in file order)."""
    return [p for p in load_dir(ROOT / "puzzles") if p.variant.is_board][::every]


def play(levels: Sequence[Level], every: int, seed: int, out: Path) -> Table:
    """Let ``levels`` attempt the puzzles and write the table to ``out``."""
    rows = []
    puzzles = board_puzzles(every)
    t0 = time.process_time()
    for k, p in enumerate(puzzles):
        rows.append(Row(p.id, p.task, p.position.split("_")[0], features(p),
                        tuple(attempt(p, lv, seed) for lv in levels)))
        print(f"\r{k + 1}/{len(puzzles)} puzzles, {time.process_time() - t0:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    table = Table(tuple((lv.name, float(lv.rating or 0.0)) for lv in levels), tuple(rows))
    write_table(table, out, f"python tools/calibrate_puzzle_ratings.py play --every {every} --seed {seed} "
                            f"--levels {','.join(lv.name for lv in levels)}", seed)
    return table


def write_table(table: Table, out: Path, command: str, seed: int) -> None:
    """The table as JSON, one puzzle a line."""
    head = {"format": FORMAT, "command": command, "seed": seed,
            "levels": [{"name": n, "rating": r} for n, r in table.levels]}
    lines = [json.dumps({"id": r.id, "task": r.task, "size": r.size, "depth": r.features.depth,
                         "first_moves": r.features.first_moves, "hops": r.features.hops,
                         "decoys": r.features.decoys, "away": r.features.away,
                         "solved": "".join("1" if s else "0" for s in r.solved)})
             for r in table.rows]
    text = json.dumps(head)[:-1] + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"
    out.write_text(text, encoding="utf-8")


def read_table(path: Path = TABLE) -> Table:
    """The table written by ``play``."""
    d = json.loads(path.read_text(encoding="utf-8"))
    if d.get("format") != FORMAT:
        raise ValueError(f"{path}: not a {FORMAT} file")
    levels = tuple((str(lv["name"]), float(lv["rating"])) for lv in d["levels"])
    rows = tuple(Row(r["id"], r["task"], r["size"],
                     Features(r["depth"], r["first_moves"], r["hops"], r["decoys"], r["away"]),
                     tuple(c == "1" for c in r["solved"])) for r in d["puzzles"])
    if any(len(r.solved) != len(levels) for r in rows):
        raise ValueError(f"{path}: a row's outcomes do not match the levels")
    return Table(levels, rows)


# ---------------------------------------------------------------- fit

#: A fitted model: the chance that a level of a ladder rating solves a puzzle of some features.
Predict = Callable[[Features, float], float]


@dataclass(frozen=True)
class Fit:
    """The fitted constants (rating points), as ``lab.puzzlerating`` holds them."""

    base: float
    weights: tuple[float, ...]
    slope: float

    def rating(self, f: Features) -> float:
        """A puzzle's rating by these constants, not clamped (the fit's)."""
        return self.base + sum(w * t for w, t in zip(self.weights, f.terms()))

    def probability(self, f: Features, ladder_rating: float) -> float:
        """The model's chance that a level of ``ladder_rating`` solves a puzzle with features ``f``."""
        return expected(START + self.slope * (ladder_rating - START), self.rating(f))


def _newton(x: np.ndarray, y: np.ndarray, penalty: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """The penalised maximum-likelihood coefficients of a logistic regression: log-odds
    ``x @ theta + offset``, a Gaussian prior ``penalty[i] = 1 / sd**2`` on each coefficient."""
    theta = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1 / (1 + np.exp(-(x @ theta + offset)))
        step = np.linalg.solve((x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty),
                               x.T @ (y - p) - penalty * theta)
        theta = theta + step
        if np.max(np.abs(step)) < 1e-9:
            return theta
    raise ArithmeticError("the fit did not converge")


def _regression(columns: Sequence[Sequence[float]], attempts: Sequence[Attempt], terms: Sequence[int],
                kept: dict[int, float], penalty: Sequence[float]) -> np.ndarray:
    """Fit log-odds ``LN10_400 * (columns . c - WEIGHTS . terms)`` (rating points): ``columns`` are the
    level's columns of each attempt, ``terms`` the fitted terms (prior :data:`PRIOR_SD`), ``kept`` the
    weights held fixed (an offset).  Returns the level columns' coefficients, then the terms' weights."""
    x = np.array([[*c, *(-f.terms()[i] for i in terms)] for c, (f, _, _) in zip(columns, attempts)]) * LN10_400
    y = np.array([1.0 if ok else 0.0 for *_, ok in attempts])
    offset = np.array([-sum(w * f.terms()[i] for i, w in kept.items()) for f, _, _ in attempts]) * LN10_400
    return _newton(x, y, np.array([*penalty, *[PRIOR_SD ** -2] * len(terms)]), offset)


def fit(attempts: Sequence[Attempt], terms: Sequence[int] = FITTED_TERMS,
        kept: dict[int, float] | None = None) -> Fit:
    """The penalised maximum-likelihood fit of the model (see the module's docstring): the weights of
    ``terms`` are fitted, the others held at ``kept`` (default :data:`KEPT_WEIGHTS`).

    In rating points, the log-odds of a solve are ``LN10_400 * (START - BASE + slope (R - START) -
    WEIGHTS . terms)``: a logistic regression on the columns 1, R - START and the negated terms."""
    kept = KEPT_WEIGHTS if kept is None else kept
    theta = _regression([(1.0, r - START) for _, r, _ in attempts], attempts, terms, kept,
                        [0.0, SLOPE_PRIOR_SD ** -2])
    weights = dict(kept) | {i: float(w) for i, w in zip(terms, theta[2:])}
    return Fit(base=START - float(theta[0]), weights=tuple(weights[i] for i in sorted(weights)),
               slope=float(theta[1]))


def per_level(attempts: Sequence[Attempt]) -> Predict:
    """The alternative to the fitted map: a free strength for each level (the same terms and prior)."""
    levels = sorted({r for _, r, _ in attempts})
    theta = _regression([[float(r == q) for q in levels] for _, r, _ in attempts], attempts, FITTED_TERMS,
                        KEPT_WEIGHTS, [0.0] * len(levels))
    strength = dict(zip(levels, theta))
    weights = KEPT_WEIGHTS | dict(zip(FITTED_TERMS, theta[len(levels):]))

    def predict(f: Features, ladder_rating: float) -> float:
        z = LN10_400 * (strength[ladder_rating] - sum(w * f.terms()[i] for i, w in weights.items()))
        return float(1 / (1 + math.exp(-z)))
    return predict


def map_log_loss(ratings: Sequence[float], attempts: Sequence[Attempt]) -> tuple[float, float]:
    """For fixed puzzle ratings (one per attempt), the log-loss with their best level map
    (``START + offset + slope (R - START)``, no prior), and that map's slope."""
    x = np.array([[1.0, r - START] for _, r, _ in attempts]) * LN10_400
    y = np.array([1.0 if ok else 0.0 for *_, ok in attempts])
    offset, slope = _newton(x, y, np.zeros(2), (START - np.array(ratings)) * LN10_400)
    return log_loss([expected(START + offset + slope * (r - START), q) for q, (_, r, _) in zip(ratings, attempts)],
                    [ok for *_, ok in attempts]), float(slope)


def log_loss(probabilities: Iterable[float], outcomes: Iterable[bool]) -> float:
    """The mean log-loss (nats per attempt) of predicted chances against outcomes."""
    losses = [-math.log(min(1 - 1e-12, max(1e-12, p if ok else 1 - p))) for p, ok in zip(probabilities, outcomes)]
    return sum(losses) / len(losses)


def fitted(attempts: Sequence[Attempt]) -> Predict:
    """The model of :func:`fit`, as a prediction."""
    return fit(attempts).probability


def constant(attempts: Sequence[Attempt]) -> Predict:
    """The baseline: every attempt succeeds at the overall rate."""
    rate = sum(ok for *_, ok in attempts) / len(attempts)
    return lambda f, r: rate


def held_out(table: Table, model: Callable[[Sequence[Attempt]], Predict], folds: int = FOLDS) -> float:
    """The held-out log-loss of ``model``: each fold's puzzles (every ``folds``-th row, all their
    attempts) predicted by the model fitted to the other puzzles."""
    probabilities: list[float] = []
    outcomes: list[bool] = []
    for k in range(folds):
        predict = model([a for i, r in enumerate(table.rows) if i % folds != k for a in table.row_attempts(r)])
        for f, rating, ok in (a for i, r in enumerate(table.rows) if i % folds == k for a in table.row_attempts(r)):
            probabilities.append(predict(f, rating))
            outcomes.append(ok)
    return log_loss(probabilities, outcomes)


# ---------------------------------------------------------------- the report


def clamped(rating: float) -> int:
    """A rating as the site shows it: rounded, between LOWEST and HIGHEST."""
    return int(round(min(HIGHEST, max(LOWEST, rating))))


def spread(ratings: Sequence[int]) -> str:
    """min / median / max of some ratings."""
    return f"{min(ratings)} / {statistics.median(ratings):g} / {max(ratings)}"


def report(table: Table) -> Fit:
    """Fit the table, print the constants and the figures, and return the fit."""
    tried = table.attempts()
    f = fit(tried)
    shipped = Fit(round(f.base), tuple(round(w) for w in f.weights), round(f.slope, 4))
    old = Fit(OLD_BASE, OLD_WEIGHTS, 0.0)
    outcomes = [ok for *_, ok in tried]
    rate = sum(outcomes) / len(outcomes)
    print(f"{len(table.rows)} puzzles x {len(table.levels)} levels = {len(tried)} attempts, solved {rate:.1%}")
    print("\nsolve rate by level (ladder rating -> strength on the puzzle scale):")
    for j, (name, r) in enumerate(table.levels):
        won = [row.solved[j] for row in table.rows]
        print(f"  {name:13s} {r:6.0f} -> {START + f.slope * (r - START):5.0f}  {sum(won) / len(won):6.1%}")
    print("\nsolve rate by task, over all levels (deep: win in two or three; away: every answer a man "
          "more than two points from the ball):")
    groups: dict[str, list[bool]] = defaultdict(list)
    for row in table.rows:
        groups[row.task] += row.solved
        if row.features.depth > 1:
            groups[f"deep, away={row.features.away}"] += row.solved
    for name, s in sorted(groups.items()):
        print(f"  {name:14s} {sum(s) / len(s):6.1%} of {len(s)}")
    print("\nlog-loss, nats per attempt (in the sample; held out: 5 folds of whole puzzles):")
    print(f"  a constant rate                     {log_loss([rate] * len(tried), outcomes):.4f}"
          f"   held out {held_out(table, constant):.4f}")
    before, old_slope = map_log_loss([clamped(old.rating(x)) for x, _, _ in tried], tried)
    print(f"  the old ratings, best level map     {before:.4f}   (slope {old_slope:.4f})")
    in_sample = log_loss([f.probability(x, r) for x, r, _ in tried], outcomes)
    print(f"  the fit (ladder map)                {in_sample:.4f}"
          f"   held out {held_out(table, fitted):.4f}   (slope {f.slope:.4f})")
    as_shipped = map_log_loss([clamped(shipped.rating(x)) for x, _, _ in tried], tried)[0]
    print(f"  the new ratings as shipped          {as_shipped:.4f}")
    print(f"  a strength per level instead        {' ' * 6}   held out {held_out(table, per_level):.4f}")
    free = fit(tried, terms=range(4), kept={4: 0.0})  # the four features of the first guess, all fitted
    print(f"  all four weights fitted (not used)  "
          f"{log_loss([free.probability(x, r) for x, r, _ in tried], outcomes):.4f}   base {free.base:.0f}, weights {', '.join(f'{w:.0f}' for w in free.weights)}")
    print("\nratings, min / median / max, before -> after:")
    for task in sorted({r.task for r in table.rows}):
        rows = [r.features for r in table.rows if r.task == task]
        print(f"  2D {task:13s} {spread([clamped(old.rating(x)) for x in rows]):>18s} -> "
              f"{spread([clamped(shipped.rating(x)) for x in rows])}")
    for variant in ("2D", "1D"):  # as shipped: strips keep the first guess (rating_from(..., board=False))
        every = [features(p) for p in load_dir(ROOT / "puzzles") if str(p.variant) == variant]
        before_after = [[clamped(old.rating(x)) for x in every],
                        [clamped(shipped.rating(x)) if variant == "2D" else rating_from(x, board=False) for x in every]]
        print(f"  every {variant} puzzle ({len(every)}) {spread(before_after[0]):>18s} -> {spread(before_after[1])}"
              f"   at {HIGHEST}: {before_after[0].count(HIGHEST)} -> {before_after[1].count(HIGHEST)}")
    print("\nfor site/lab/puzzlerating.py:")
    print(f"BASE = {shipped.base:.1f}")
    print(f"WEIGHTS = ({', '.join(f'{w:.1f}' for w in shipped.weights)})")
    print(f"LADDER_SLOPE = {shipped.slope}")
    return shipped


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="let the levels attempt the puzzles and write the table")
    p.add_argument("--levels", default=",".join(LEVELS), help="comma-separated level names (default: all)")
    p.add_argument("--every", type=int, default=1, help="every N-th 2D puzzle (default: all)")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--out", type=Path, default=TABLE)
    f = sub.add_parser("fit", help="fit the rating constants to the table and print the figures")
    f.add_argument("--table", type=Path, default=TABLE)
    args = ap.parse_args(argv)
    if args.command == "play":
        levels = [level_of(n) for n in args.levels.split(",")]  # a former name too
        play(levels, args.every, args.seed, args.out)
    report(read_table(args.table if args.command == "fit" else args.out))


if __name__ == "__main__":
    main()
