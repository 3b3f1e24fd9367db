"""The fitted evaluation of issue 30 (items 2-3): a candidate for the bench, not a level of the engine.

Today's terms of :func:`phutball.ai.evaluate` plus race terms and the men near the ball, weighted by a
logistic regression of recorded games' results (``bench/texel.py fit``, Texel tuning; bench/README.md
"Fitted evaluation").  :data:`HARD_FIT` is the strongest level's budget searched with it
(:func:`searcher`; the engine's search takes it as its ``evaluation``); ``bench/gauntlet.py --player
hard-fit`` measures it.  It lost to today's evaluation in play, so the engine does not ship it.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phutball import Position  # noqa: E402
from phutball.ai import Level, Node, NodeFacts, Searcher, evaluate, position_node, search_tables  # noqa: E402
from phutball.bitboard import bit_point  # noqa: E402
from phutball.sides import Side  # noqa: E402

#: The terms of :func:`evaluate_fitted`, in the order of :data:`FIT_WEIGHTS` (see :func:`fit_terms`).
FIT_TERMS = ("ball", "my_reach", "their_reach", "threatened", "tempo", "my_race", "their_race",
             "men_ahead", "men_behind")
#: :data:`FIT_WEIGHTS` are in 1/FIT_SCALE of a tenth of a row.
FIT_SCALE = 16
#: The weights of :func:`evaluate_fitted`, one per term of :data:`FIT_TERMS`: a logistic regression
#: of the games' results on the terms (Texel tuning), turned into tenths of a row by the scale that
#: fits today's :func:`phutball.ai.evaluate` to the same results.  Written by ``python bench/texel.py fit``
#: from ``bench/texel-games.jsonl.gz`` (99 games, 9,542 positions; ``tests/test_texel.py`` checks that
#: the fit gives these).  In tenths of a row: ball +4.4, my_reach +5.0, their_reach -6.1, threatened
#: -4.6, tempo +5.1, my_race +91 / (rows + 2), their_race -19 / (rows + 2), men -1.8 and -1.1 each.
FIT_WEIGHTS: tuple[int, ...] = (71, 80, -97, -74, 81, 1455, -310, -28, -18)

#: The candidate: the strongest level's budget, searched with the fitted evaluation (:func:`searcher`).
HARD_FIT = Level("hard-fit", max_nodes=60_000, max_depth=20, max_seconds=8.0, noise=0.0)


@lru_cache(maxsize=None)
def boxes(w: int, h: int) -> tuple[tuple[int, int], ...]:
    """By bit index of the ball: the bit masks of the points within two of it on the rows above
    it and on the rows below it (on the board)."""
    out = []
    for index, near in enumerate(search_tables(w, h).near):
        row = bit_point(w, index)[1]
        out.append((sum(b for b, rr in near if rr > row), sum(b for b, rr in near if rr < row)))
    return tuple(out)


def fit_terms(w: int, h: int, mask: int, c: int, r: int, side: Side, hi: int, lo: int,
              threatened: bool) -> tuple[int, ...]:
    """The raw terms of the fitted evaluation for ``side`` to move (:data:`FIT_TERMS`), integers.

    ``hi`` and ``lo`` are the highest and lowest rows the ball's jumps reach (its own row when it
    has none).  ``ball``, ``my_reach``, ``their_reach`` and ``threatened`` are
    :func:`phutball.ai.evaluate`'s; ``tempo`` is 1; ``my_race`` and ``their_race`` are the rows left
    to my goal after my best jump chain and to theirs after theirs (the race of issue 30: a row
    gained near a goal is worth more, so the evaluation values them as 1 / (rows + 2));
    ``men_ahead`` and ``men_behind`` count the men within two points of the ball on my goal's side
    of it and on theirs.
    """
    top, bottom = max(hi, r), min(lo, r)
    up, down = boxes(w, h)[r * w + c - 1]
    above, below = (mask & up).bit_count(), (mask & down).bit_count()
    if side == "O":  # Ohs aim at row h, Eks at row 1
        return (2 * r - h - 1, top - r, r - bottom, int(threatened), 1, max(h - top, 0), max(bottom - 1, 0),
                above, below)
    return (h + 1 - 2 * r, r - bottom, top - r, int(threatened), 1, max(bottom - 1, 0), max(h - top, 0),
            below, above)


def fit_value(terms: tuple[int, ...], weights: tuple[int, ...] = FIT_WEIGHTS) -> int:
    """The fitted evaluation of :func:`fit_terms`' ``terms``, in tenths of a row (integer arithmetic):
    the race terms count ``weight // (rows + 2)``, the others ``weight * term``."""
    ball, mine, theirs, threat, tempo, my_race, their_race, ahead, behind = terms
    wb, wm, wt, wth, wte, wmr, wtr, wa, wbe = weights
    total = (wb * ball + wm * mine + wt * theirs + wth * threat + wte * tempo + wmr // (my_race + 2)
             + wtr // (their_race + 2) + wa * ahead + wbe * behind)
    return total // FIT_SCALE


def terms_at(facts: NodeFacts, node: Node, mask: int, c: int, r: int, side: Side) -> tuple[int, ...]:
    """:func:`fit_terms` of a state of a search (its facts and node, as an evaluation is given them)."""
    return fit_terms(facts.w, facts.h, mask, c, r, side, node.hi, node.lo,
                     facts.threatened(node, mask, c, r, side))


def evaluate_node(facts: NodeFacts, node: Node, mask: int, c: int, r: int, side: Side) -> int:
    """The fitted evaluation of a state of a search: :func:`fit_value` of :func:`terms_at` (the
    ``evaluation`` that :func:`searcher` gives the engine's search)."""
    return fit_value(terms_at(facts, node, mask, c, r, side))


def eval_features(pos: Position) -> tuple[float, ...]:
    """The fitted evaluation's features of ``pos`` (what ``bench/texel.py fit`` regresses on):
    :func:`fit_terms` with each race term as 1 / (rows + 2)."""
    facts, node = position_node(pos)
    t = terms_at(facts, node, pos.mask, pos.ball.col, pos.ball.row, pos.to_move)
    return (*map(float, t[:5]), 1 / (t[5] + 2), 1 / (t[6] + 2), float(t[7]), float(t[8]))


def evaluate_fitted(pos: Position) -> int:
    """The candidate evaluation of issue 30 for the side to move, in tenths of a row (no search):
    :func:`fit_value` of :func:`fit_terms` with :data:`FIT_WEIGHTS`.  Like :func:`phutball.ai.evaluate`,
    it is not asked about a position whose side to move can win at once."""
    return evaluate(pos, evaluate_node)


def searcher(pos: Position, level: Level = HARD_FIT, **options: Any) -> Searcher:
    """A search of ``pos`` at ``level`` (default :data:`HARD_FIT`) with the fitted evaluation;
    ``options`` are :class:`phutball.ai.Searcher`'s."""
    return Searcher(pos, level, evaluation=evaluate_node, **options)
