"""Calibrate the puzzle ratings (``lab.puzzlerating``) against the computer ladder (issues 27 and 42).

    nice -n 19 python tools/calibrate_puzzle_ratings.py play [--levels a,b,...] [--every N] [--seed 1]
                         [--budget 1] [--wide] [--append] [--out bench/puzzle-calibration.json]
    python tools/calibrate_puzzle_ratings.py fit [--table bench/puzzle-calibration.json]

**play** lets levels of the computer ladder (:data:`phutball.ai.LEVELS`, every level by default)
attempt every 2D puzzle of ``puzzles/*.json`` (``--every N``: every N-th, in file order) once, as a
reader does on the puzzles page: the level's move is judged by the puzzle's own task
(``Task.judge_2d``); a right move that does not finish the puzzle is answered by the page's defender
(:func:`phutball.puzzles.twod.respond`) and the level plays on, so a win in two or three is played out
to the goal against the stubbornest defence.  The first wrong move fails the puzzle (the page's
*first attempt*, the one its rating counts).  The searches have node budgets only (the levels'
``max_seconds`` is ignored, as in ``bench/ladder.py``), times ``--budget``, and a fixed ``--seed`` (the
noise of the lower levels), so the same command writes the same table; ``--wide``: the levels place men
near any man (``Level.wide``).  ``--append`` adds the players to the table already there, so that one
table holds the attempts of several seeds, budgets and placements (issue 42: attempts that differ within
a depth).  The table holds one line per puzzle: its id, task, board, the features
:func:`lab.puzzlerating.features` measures, and one ``0``/``1`` per player (solved), in the order of the
file's ``levels`` (each a level's name and ladder rating, the seed, budget and placement it played with).

**fit** fits the rating formula to that table by maximum likelihood (the Elo model the reader's
rating uses)::

    P(player solves puzzle) = expected(strength(player), puzzle rating)
    puzzle rating           = depth's level + WEIGHTS . Features.terms()     (not clamped in the fit)
    strength(player)        = START + LADDER_SLOPE (R - START) + its budget's and placement's offsets

The ladder's ratings are Elo points of *games* (15x19); solving puzzles is another contest, so the
map from the one scale to the other is fitted (its slope), not assumed, and pinned at the reader's
start (:data:`lab.puzzlerating.START`).  Only the :func:`informative` attempts are read.  Fitted: the
slope, the offsets, each depth's level and the weights of :data:`FITTED_TERMS`; the others are held at
:data:`KEPT_WEIGHTS` (their docstring says why).  A depth's level is the computer's, not a reader's, so
it is not shipped: :func:`anchored` sets each depth's base so that its median puzzle keeps the rating it
had.  The fitted weights have a Gaussian prior (:data:`PRIOR_SD`), so that a weight the table cannot bound
stays finite.  The fit is Newton's method on the penalised log-likelihood (numpy).  It prints the
constants for ``site/lab/puzzlerating.py``, the solve rate of each player and task, the log-loss against a
constant rate and the model before issue 42 (in the sample and held out: :data:`FOLDS` folds of whole
puzzles), the same model with a free strength per player, and the ratings' spread per depth before and
after.  ``tests/test_puzzlerating.py`` checks that the module's constants are this fit of the committed
table.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, fields, replace
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
from phutball.ai.lapses import NO_LAPSES  # noqa: E402
from phutball.puzzles import twod  # noqa: E402
from phutball.puzzles.format import load_dir  # noqa: E402
from phutball.puzzles.puzzle import Puzzle  # noqa: E402

TABLE = ROOT / "bench" / "puzzle-calibration.json"
FORMAT = "phutball-puzzle-calibration/1"
#: The noise seed of every search.
SEED = 1
#: The prior's standard deviation on each fitted weight (centred on 0), in rating points per unit of its term.
PRIOR_SD = 400.0
#: The prior's standard deviation on a depth's level (and on a player's strength, when each player has
#: its own), in rating points from START (Newton's method does not converge without one).
DEPTH_PRIOR_SD = 1000.0
#: The prior's standard deviation on the ladder-to-puzzle slope (centred on 0).
SLOPE_PRIOR_SD = 1.0
#: The terms of :meth:`Features.terms` whose weights are fitted, within a depth: log2(first moves),
#: men / 10, log2(1 + replies).  A depth's level is not fitted (see :func:`fit`).
FITTED_TERMS = (3, 5, 8)
#: The weights held fixed (first guesses, 60 points a unit), because what the table says of them is a fact
#: about the computer, not about a reader.  Hops - 1, decoys and back hops: every level sees every jump,
#: however long or backwards, and every move that leaves none, so fitted weights come out negative (a
#: longer chain "easier").  Tries likewise: the levels fail *fewer* puzzles with more plausible moves that
#: fail (-204 points per doubling when fitted), where a reader has more to refute.  Away is 0: a level
#: that places men near the ball only never finds such an answer (those attempts are left out, see
#: :func:`informative`).  Depth - 1 is 0: each depth has its own base (:data:`lab.puzzlerating.BASES`).
KEPT_WEIGHTS = {0: 0.0, 1: 60.0, 2: 60.0, 4: 0.0, 6: 60.0, 7: 60.0}
#: Folds of the held-out log-loss (puzzles split by their place in the table).
FOLDS = 5
#: The first guess (before any calibration) and the ratings as they were before issue 42 (base, weights):
#: the "before" of the report; a depth's base is anchored at the median of the latter (:func:`anchored`).
OLD_BASE, OLD_WEIGHTS = BASE_1D, WEIGHTS_1D  # strips, which no level plays, still use them
BEFORE_BASE, BEFORE_WEIGHTS = 762.0, (704.0, 60.0, 60.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
LN10_400 = math.log(10) / 400  # natural-log odds per Elo point


# ---------------------------------------------------------------- play: the table

#: The noise of the levels that issue 44 gave lapses (and less noise), as it was before: a player of a
#: table played before then (its recorded rating is not its level's rating now) is replayed as it played.
NOISE_BEFORE_LAPSES = {"beginner": 40.0, "novice": 25.0, "learner": 20.0, "casual": 17.0, "easy": 17.0,
                       "medium": 14.0, "steady": 12.0, "intermediate": 10.0, "advanced": 7.0, "strong": 4.0,
                       "keen": 2.0, "cunning": 6.0, "tough": 3.0}


@dataclass(frozen=True)
class Player:
    """Who attempted the puzzles: a level of the ladder (its name and the ladder rating it had), the noise
    seed of its searches, its node budget as a multiple of the level's (``budget``), and ``wide``: whether it
    placed men near any man (``Level.wide``; a table written before the wide levels has none)."""

    name: str
    rating: float
    seed: int = SEED
    budget: float = 1.0
    wide: bool = False

    def level(self) -> Level:
        """The level as it played: its node budget times :attr:`budget`, wide if :attr:`wide` (a former
        name too)."""
        level = level_of(self.name)
        if level.name in NOISE_BEFORE_LAPSES and self.rating != level.rating:  # played before issue 44
            level = replace(level, noise=NOISE_BEFORE_LAPSES[level.name], lapses=NO_LAPSES)
        return replace(level, max_nodes=max(1, round(level.max_nodes * self.budget)), wide=self.wide)

    @property
    def made_wide(self) -> bool:
        """Whether it placed men wide though its level does not (the fit gives that an offset)."""
        return self.wide and not level_of(self.name).wide


#: One attempt: the puzzle's features, who attempted it, solved.
Attempt = tuple[Features, Player, bool]
#: The node budgets the table's players had besides the levels' own (1): the fit gives each an offset, and
#: one to the levels made wide (:attr:`Player.wide`).
BUDGETS = (0.5,)
#: The offsets' names, in :attr:`Fit.offsets`' order.
OFFSETS = (*(f"x{b:g} budget" for b in BUDGETS), "made wide")


def attempt(p: Puzzle, level: Level, seed: int = SEED) -> bool:
    """Whether ``level`` solves 2D puzzle ``p`` on its first attempt, as on the puzzles page."""
    task = p.task
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
    """The outcomes: the players (levels, seeds, budgets) and one row per puzzle."""

    levels: tuple[Player, ...]
    rows: tuple[Row, ...]

    def attempts(self) -> list[Attempt]:
        """Every attempt: the puzzle's features, who attempted it, solved."""
        return [a for row in self.rows for a in self.row_attempts(row)]

    def row_attempts(self, row: Row) -> list[Attempt]:
        """One puzzle's attempts, one per player."""
        return [(row.features, player, ok) for player, ok in zip(self.levels, row.solved)]


def board_puzzles(every: int = 1) -> list[Puzzle]:
    """The 2D puzzles of ``puzzles/*.json`` (every ``every``-th, in file order)."""
    return [p for p in load_dir(ROOT / "puzzles") if p.variant.is_board][::every]


def play(levels: Sequence[Level], every: int, seed: int, budget: float, out: Path, append: bool = False,
         wide: bool = False) -> Table:
    """Let ``levels`` (their node budgets times ``budget``, made wide if ``wide``) attempt the puzzles and write the table to
    ``out``; ``append``: add them as more players to the table already there (its rows whose puzzle is no
    longer shipped are dropped, and every row's features are measured again)."""
    if append and every != 1:
        raise ValueError("--append needs every puzzle (--every 1): the table's rows are the shipped puzzles")
    puzzles = board_puzzles(every)
    players = tuple(Player(lv.name, float(lv.rating or 0.0), seed, budget, wide or lv.wide) for lv in levels)
    old = read_table(out) if append else Table((), tuple(Row(p.id, p.task.name, "", features(p), ())
                                                         for p in puzzles))
    known = {p.id: p for p in puzzles}
    rows = []
    t0 = time.process_time()
    for k, row in enumerate(r for r in old.rows if r.id in known):
        p = known[row.id]
        rows.append(Row(p.id, p.task.name, p.position.split("_")[0], features(p),
                        row.solved + tuple(attempt(p, pl.level(), seed) for pl in players)))
        print(f"\r{k + 1}/{len(puzzles)} puzzles, {time.process_time() - t0:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    table = Table(old.levels + players, tuple(rows))
    write_table(table, out)
    return table


def write_table(table: Table, out: Path) -> None:
    """The table as JSON, one puzzle a line; the players as a list of objects (name, rating, seed, budget)."""
    head = {"format": FORMAT, "command": "python tools/calibrate_puzzle_ratings.py play, see the module's docstring",
            "levels": [{"name": p.name, "rating": p.rating, "seed": p.seed, "budget": p.budget, "wide": p.wide}
                       for p in table.levels]}
    lines = [json.dumps({"id": r.id, "task": r.task, "size": r.size} | asdict(r.features)
                        | {"solved": "".join("1" if s else "0" for s in r.solved)})
             for r in table.rows]
    text = json.dumps(head)[:-1] + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"
    out.write_text(text, encoding="utf-8")


def read_table(path: Path = TABLE) -> Table:
    """The table written by ``play`` (a player without a seed or budget played with :data:`SEED` and its
    level's own budget)."""
    d = json.loads(path.read_text(encoding="utf-8"))
    if d.get("format") != FORMAT:
        raise ValueError(f"{path}: not a {FORMAT} file")
    levels = tuple(Player(str(lv["name"]), float(lv["rating"]), int(lv.get("seed", d.get("seed", SEED))),
                          float(lv.get("budget", 1.0)), bool(lv.get("wide", False))) for lv in d["levels"])
    names = [f.name for f in fields(Features)]
    rows = tuple(Row(r["id"], r["task"], r["size"], Features(**{k: r[k] for k in names if k in r}),
                     tuple(c == "1" for c in r["solved"])) for r in d["puzzles"])
    if any(len(r.solved) != len(levels) for r in rows):
        raise ValueError(f"{path}: a row's outcomes do not match the levels")
    return Table(levels, rows)


# ---------------------------------------------------------------- fit

#: A fitted model: the chance that a level of a ladder rating solves a puzzle of some features.
Predict = Callable[[Features, float], float]


@dataclass(frozen=True)
class Fit:
    """A fitted model: each depth's rating on the computer's scale (``depths``: depth -> points; not
    shipped, see :func:`fit`), the weights of :meth:`Features.terms`, the ladder-to-puzzle slope and the
    players' offsets (:data:`OFFSETS`)."""

    depths: tuple[tuple[int, float], ...]
    weights: tuple[float, ...]
    slope: float
    offsets: tuple[float, ...] = (0.0,) * len(OFFSETS)

    def rating(self, f: Features) -> float:
        """A puzzle's rating on the computer's scale, not clamped (a depth the fit did not see: the nearest)."""
        depths = dict(self.depths)
        depth = min(depths, key=lambda d: (abs(d - f.depth), d))
        return depths[depth] + sum(w * t for w, t in zip(self.weights, f.terms()))

    def strength(self, player: Player) -> float:
        """A player's strength on the puzzle scale: its level's by the ladder map, plus the offsets of its
        budget and of being made wide."""
        return START + self.slope * (player.rating - START) + sum(
            o * c for o, c in zip(self.offsets, ladder_columns(player)[2:]))

    def probability(self, f: Features, player: Player) -> float:
        """The model's chance that ``player`` solves a puzzle with features ``f``."""
        return expected(self.strength(player), self.rating(f))


def ladder_columns(player: Player) -> tuple[float, ...]:
    """The regression's columns of a player in the ladder map: 1, its ladder rating - START, and one
    indicator per offset of :data:`OFFSETS` (each budget of :data:`BUDGETS`, made wide)."""
    return (1.0, player.rating - START, *(float(player.budget == b) for b in BUDGETS), float(player.made_wide))


def _newton(x: np.ndarray, y: np.ndarray, penalty: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """The penalised maximum-likelihood coefficients of a logistic regression: log-odds
    ``x @ theta + offset``, a Gaussian prior ``penalty[i] = 1 / sd**2`` on each coefficient."""
    def objective(t: np.ndarray) -> float:  # the penalised log-likelihood
        z = x @ t + offset
        return float(np.sum(y * z - np.logaddexp(0, z)) - 0.5 * np.sum(penalty * t * t))

    theta = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1 / (1 + np.exp(-np.clip(x @ theta + offset, -500, 500)))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.lstsq(hessian, x.T @ (y - p) - penalty * theta, rcond=None)[0]
        while objective(theta + step) < objective(theta) and np.max(np.abs(step)) > 1e-12:
            step = step / 2  # a step too long for the curvature at theta: halve it
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


def informative(a: Attempt) -> bool:
    """Whether an attempt says something of its puzzle's rating: not a puzzle of depth 1 (every level solves
    every one: the table bounds their ratings only from above), nor a deeper puzzle whose answers are all
    men away from the ball attempted by a level that never places a man there (it cannot find the answer
    however easy it is)."""
    f, player, _ = a
    return f.depth > 1 and not (f.away and not player.wide)


def fit(attempts: Sequence[Attempt], terms: Sequence[int] = FITTED_TERMS,
        kept: dict[int, float] | None = None) -> Fit:
    """The penalised maximum-likelihood fit of the model to the :func:`informative` attempts: the weights
    of ``terms`` are fitted (prior :data:`PRIOR_SD`), the others held at ``kept`` (default
    :data:`KEPT_WEIGHTS`), with the slope of the ladder map, the players' offsets and a free level for each
    depth.

    In rating points, the log-odds of a solve are ``LN10_400 * (START + slope (R - START) + offsets
    - depth's level - WEIGHTS . terms)``: a logistic regression on one column per depth, R - START, the
    offsets' columns and the negated terms.  A depth's level is what the *computer* finds of a win in two
    or three (levels that place men wide solve most wins in two), not a reader: it is not shipped; each
    depth's base is anchored instead (:func:`anchored`)."""
    kept = KEPT_WEIGHTS if kept is None else kept
    attempts = [a for a in attempts if informative(a)]
    depths = sorted({f.depth for f, _, _ in attempts})
    theta = _regression([(*(float(f.depth == d) for d in depths), *ladder_columns(p)[1:]) for f, p, _ in attempts],
                        attempts, terms, kept,
                        [*[DEPTH_PRIOR_SD ** -2] * len(depths), SLOPE_PRIOR_SD ** -2, *[PRIOR_SD ** -2] * len(OFFSETS)])
    n = len(depths) + 1 + len(OFFSETS)
    weights = dict(kept) | {i: float(w) for i, w in zip(terms, theta[n:])}
    return Fit(depths=tuple((d, START - float(c)) for d, c in zip(depths, theta)),
               weights=tuple(weights[i] for i in sorted(weights)), slope=float(theta[len(depths)]),
               offsets=tuple(float(o) for o in theta[len(depths) + 1:n]))


#: Before issue 42: the depth and the number of answers (whose weight is fitted), hops and decoys kept.
BEFORE_TERMS, BEFORE_KEPT = (3,), {0: 0.0, 1: 60.0, 2: 60.0, 4: 0.0, 5: 0.0, 6: 0.0, 7: 0.0, 8: 0.0}


def before_fit(attempts: Sequence[Attempt]) -> Fit:
    """The model before issue 42's features, fitted as :func:`fit` fits: the "before" of the report."""
    return fit(attempts, terms=BEFORE_TERMS, kept=BEFORE_KEPT)


def anchored(weights: Sequence[float], puzzles: Sequence[Puzzle]) -> dict[int, float]:
    """Each depth's base, so that its median 2D puzzle keeps the rating it had before issue 42 (the reader's
    scale, calibrated by issue 27: 762 + 704 per move of depth) and ``weights`` tell its puzzles apart."""
    by_depth: dict[int, list[Features]] = defaultdict(list)
    for p in puzzles:
        if p.variant.is_board:
            by_depth[features(p).depth].append(features(p))
    before = Fit(((1, BEFORE_BASE),), BEFORE_WEIGHTS, 0.0)
    return {d: round(statistics.median(clamped(before.rating(f)) for f in fs)
                     - statistics.median(sum(w * t for w, t in zip(weights, f.terms())) for f in fs))
            for d, fs in sorted(by_depth.items())}


def per_level(attempts: Sequence[Attempt]) -> Predict:
    """The alternative to the fitted map: a free strength for each player (the same terms and prior, and
    the depth's weight fitted)."""
    attempts = [a for a in attempts if informative(a)]
    levels = sorted({p for _, p, _ in attempts}, key=repr)
    terms = (0, *FITTED_TERMS)
    kept = {i: w for i, w in KEPT_WEIGHTS.items() if i not in terms}
    theta = _regression([[float(p == q) for q in levels] for _, p, _ in attempts], attempts, terms,
                        kept, [DEPTH_PRIOR_SD ** -2] * len(levels))
    strength = dict(zip(levels, theta))
    weights = kept | dict(zip(terms, theta[len(levels):]))

    def predict(f: Features, player: Player) -> float:
        z = LN10_400 * (strength[player] - sum(w * f.terms()[i] for i, w in weights.items()))
        return float(1 / (1 + math.exp(-z)))
    return predict


def map_log_loss(ratings: Sequence[float], attempts: Sequence[Attempt]) -> tuple[float, float]:
    """For fixed puzzle ratings (one per attempt), the log-loss with their best level map
    (``START + offset + slope (R - START)`` plus the players' offsets, the fit's priors), and its slope."""
    x = np.array([ladder_columns(p) for _, p, _ in attempts]) * LN10_400
    y = np.array([1.0 if ok else 0.0 for *_, ok in attempts])
    theta = _newton(x, y, np.array([0.0, SLOPE_PRIOR_SD ** -2, *[PRIOR_SD ** -2] * len(OFFSETS)]),
                    (START - np.array(ratings)) * LN10_400)  # the fit's priors (a column may be all 0)
    strengths = START + np.array([ladder_columns(p) for _, p, _ in attempts]) @ theta
    return log_loss([expected(float(s), q) for q, s in zip(ratings, strengths)],
                    [ok for *_, ok in attempts]), float(theta[1])


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


def held_out(table: Table, model: Callable[[Sequence[Attempt]], Predict], folds: int = FOLDS,
             scored: Callable[[Attempt], bool] = informative) -> float:
    """The held-out log-loss of ``model`` on the ``scored`` attempts: each fold's puzzles (every
    ``folds``-th row, their attempts) predicted by the model fitted to the other puzzles."""
    probabilities: list[float] = []
    outcomes: list[bool] = []
    for k in range(folds):
        predict = model([a for i, r in enumerate(table.rows) if i % folds != k for a in table.row_attempts(r)])
        for f, rating, ok in (a for i, r in enumerate(table.rows) if i % folds == k for a in table.row_attempts(r)
                              if scored(a)):
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


def spread_figures(ratings: Sequence[int]) -> str:
    """How much some ratings vary: their number of distinct values and their interquartile range."""
    q1, _, q3 = statistics.quantiles(ratings, n=4)
    return f"{len(set(ratings))} values, IQR {q3 - q1:.0f}"


def report(table: Table) -> Fit:
    """Fit the table, print the constants and the figures, and return the fit."""
    every_attempt = table.attempts()
    f, before = fit(every_attempt), before_fit(every_attempt)
    puzzles = board_puzzles()
    bases = anchored([round(w) for w in f.weights], puzzles)
    tried = [a for a in every_attempt if informative(a)]  # what the fit and the log-losses read
    outcomes = [ok for *_, ok in tried]
    rate = sum(outcomes) / len(outcomes)
    print(f"{len(table.rows)} puzzles x {len(table.levels)} players = {len(every_attempt)} attempts, "
          f"{len(tried)} informative, solved {rate:.1%}")
    print("\nsolve rate by player (level, seed, budget: ladder rating -> strength on the puzzle scale):")
    for j, pl in enumerate(table.levels):
        won = [row.solved[j] for row in table.rows]
        print(f"  {pl.name:13s} {pl.seed} x{pl.budget:<4g} {'wide' if pl.wide else '    '} {pl.rating:6.0f} -> "
              f"{f.strength(pl):5.0f}  {sum(won) / len(won):6.1%}")
    print("\nsolve rate by task, over all players (deep: win in two or three; away: every answer a man "
          "more than two points from the ball):")
    groups: dict[str, list[bool]] = defaultdict(list)
    for row in table.rows:
        groups[row.task] += row.solved
        if row.features.depth > 1:
            groups[f"deep, away={row.features.away}"] += row.solved
    for name, s in sorted(groups.items()):
        print(f"  {name:14s} {sum(s) / len(s):6.1%} of {len(s)}")
    print("\nlog-loss on the informative attempts, nats per attempt (in the sample; held out: 5 folds of "
          "whole puzzles):")
    print(f"  a constant rate                        {log_loss([rate] * len(tried), outcomes):.4f}"
          f"   held out {held_out(table, constant):.4f}")
    print(f"  before issue 42 (depth, answers)       {log_loss([before.probability(x, p) for x, p, _ in tried], outcomes):.4f}"
          f"   held out {held_out(table, lambda a: before_fit(a).probability):.4f}")
    print(f"  the fit (+ men, replies; kept weights) {log_loss([f.probability(x, p) for x, p, _ in tried], outcomes):.4f}"
          f"   held out {held_out(table, fitted):.4f}   (slope {f.slope:.4f})")
    print(f"  a strength per player instead          {' ' * 6}   held out {held_out(table, per_level):.4f}")
    free = fit(every_attempt, terms=(1, 2, 3, 5, 6, 7, 8), kept={0: 0.0, 4: 0.0})
    print(f"  every weight fitted (not used)         {log_loss([free.probability(x, p) for x, p, _ in tried], outcomes):.4f}"
          f"   weights {', '.join(f'{w:.0f}' for w in free.weights)}")
    shipped = Fit(tuple(bases.items()), tuple(round(w) for w in f.weights), round(f.slope, 4))
    old = Fit(((1, BEFORE_BASE),), BEFORE_WEIGHTS, 0.0)
    print("\nratings of the shipped 2D puzzles, min / median / max, before -> after:")
    by_task: dict[str, list[Features]] = {}
    for p in puzzles:
        by_task.setdefault(p.task.name, []).append(features(p))
    for task, rows in sorted(by_task.items()):
        print(f"  {task:13s} {spread([clamped(old.rating(x)) for x in rows]):>18s} -> "
              f"{spread([clamped(shipped.rating(x)) for x in rows])}")
    print("\nratings by depth, before -> after (issue 42: at least 15 values and an IQR of 100 points):")
    for depth in sorted(bases):
        rows = [features(p) for p in puzzles if features(p).depth == depth]
        print(f"  depth {depth} ({len(rows)} puzzles)  {spread_figures([clamped(old.rating(x)) for x in rows])} -> "
              f"{spread_figures([clamped(shipped.rating(x)) for x in rows])}")
    print("\nfor site/lab/puzzlerating.py:")
    print(f"BASES = {bases}")
    print(f"WEIGHTS = ({', '.join(f'{w:.1f}' for w in shipped.weights)})")
    print(f"LADDER_SLOPE = {shipped.slope}")
    print(f"(each depth on the computer's scale, not shipped: {', '.join(f'{d}: {r:.0f}' for d, r in f.depths)}; "
          f"offsets of a player's strength: {', '.join(f'{n} {o:+.0f}' for n, o in zip(OFFSETS, f.offsets))})")
    return shipped


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="let the levels attempt the puzzles and write the table")
    p.add_argument("--levels", default=",".join(LEVELS), help="comma-separated level names (default: all)")
    p.add_argument("--every", type=int, default=1, help="every N-th 2D puzzle (default: all)")
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--budget", type=float, default=1.0, help="the levels' node budgets times this (default 1)")
    p.add_argument("--append", action="store_true", help="add the players to the table instead of a new one")
    p.add_argument("--wide", action="store_true", help="the levels place men near any man (Level.wide)")
    p.add_argument("--out", type=Path, default=TABLE)
    f = sub.add_parser("fit", help="fit the rating constants to the table and print the figures")
    f.add_argument("--table", type=Path, default=TABLE)
    args = ap.parse_args(argv)
    if args.command == "play":
        levels = [level_of(n) for n in args.levels.split(",")]  # a former name too
        play(levels, args.every, args.seed, args.budget, args.out, args.append, args.wide)
    report(read_table(args.table if args.command == "fit" else args.out))


if __name__ == "__main__":
    main()
