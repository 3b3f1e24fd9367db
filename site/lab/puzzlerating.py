"""Puzzle ratings and the reader's puzzle rating (pure Python, unit-tested): Elo, on the first attempt.

Each puzzle gets a rating from features measured on its solution (:func:`puzzle_rating`):

* ``depth``: the winner's moves in the main line (a win in one is 1; a defence counts its answer);
* ``first_moves``: how many first moves are correct (the ``solutions`` the checker verified; more
  is easier);
* ``hops``: the first move's hops (a long chain is harder to see);
* ``decoys``: the tempting moves that lose, as the file lists them (``traps``, ``trap``).

``rating = 1000 + 150 (depth - 1) + 60 (hops - 1) + 60 decoys - 100 log2(first_moves)``, between
600 and 2400.  The weights are a first guess, not yet calibrated against the computer ladder's
levels (docs/puzzles.md says how that would be done).

The reader's rating starts at :data:`START` and moves with each puzzle's *first* attempt only (a
retry after seeing the refutation says little): the Elo update with ``K`` = :data:`K`, the puzzle
rating as the opponent's.
"""

from __future__ import annotations

import math

from phutball.puzzles.puzzle import Puzzle

__all__ = ["K", "NEAR", "START", "elo_update", "expected", "puzzle_rating"]

#: A new reader's rating.
START = 1200
#: How far one result moves the reader's rating, at most.
K = 32
#: "Near my rating": puzzles at most this far from it.
NEAR = 200


def puzzle_rating(p: Puzzle) -> int:
    """A puzzle's rating from the features of its solution (see the module's docstring)."""
    depth = max(1, (len(p.main_line) + 1) // 2)
    first = p.main_line[0] if p.main_line else ""
    hops = max(1, len(first.split("-")) - 1)
    solutions = p.extra.get("solutions") or p.extra.get("safe_moves") or [first]
    traps = p.extra.get("traps") or ([p.extra["trap"]] if p.extra.get("trap") else [])
    rating = 1000 + 150 * (depth - 1) + 60 * (hops - 1) + 60 * len(traps) - 100 * math.log2(max(1, len(solutions)))
    return int(round(min(2400, max(600, rating))))


def expected(reader: int, puzzle: int) -> float:
    """The chance the reader solves the puzzle, by the Elo formula."""
    return 1.0 / (1.0 + 10 ** ((puzzle - reader) / 400))


def elo_update(reader: int, puzzle: int, solved: bool, k: int = K) -> int:
    """The reader's new rating after a first attempt at a puzzle rated ``puzzle``."""
    return int(round(reader + k * ((1.0 if solved else 0.0) - expected(reader, puzzle))))
