"""The calculator page's long computations, as sliced jobs (pure Python, unit-tested).

The calculator's glue (``glue/calc.py``, in the page's one PyScript worker, never
on the main thread) runs these with the site's one job loop, :func:`lab.jobs.slices`
(through ``glue/jobs.py``'s ``run_job``): each slice advances the job for about
``SLICE_MS`` milliseconds and reports progress, and finally the result.  Between two
slices the worker answers the page.

The jobs (frozen dataclasses; calling one makes the job's generator, :data:`lab.jobs.MakeJob`):

* :class:`Exact1D` ``(position)`` -- the exact value of a 1D position and every
  move's outcome: from the shipped book when it holds the
  position, else from the whole-strip retrograde (:class:`StripSolver`, run in
  slices with progress; the solved table is kept, so further positions of the
  same length are instant).
* :class:`ExactOddish` ``(position)`` -- the same for an Oddish board (Oddish play:
  stones only at odd distance from the ball).
* :class:`Explore` ``(n, limit)`` -- every position of an ``n``-square strip where
  the generalized potential's prediction (paper section 3) is wrong, from the
  solver.

The functions that turn analyses into plain JSON-ready dicts are also used to
solve short strips directly, in the event's handler (well under 100 ms).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from lab.jobs import Job

from phutball.oned.oddish import Oddish
from phutball.oned.potential import general_values
from phutball.oned.solve import (MAX_SOLVE_N, ExactValue, StripSolver, StripTable, analyse_oddish, clear_tables,
                                 load_book, oddish_table)
from phutball.sides import LEFT, RIGHT, side_name
from phutball.oned.strip import Strip

#: Longest strip the exact 1D solver handles (the engine's limit).
MAX_EXACT_N = MAX_SOLVE_N
#: Largest Oddish board solved exactly (m = 18: about 0.3 s in CPython, one slice).
MAX_EXACT_M = 18
#: Strips at least this long are dropped from the worker's cache when another long one is solved.
BIG_N = 21

#: Rough seconds for a whole-strip solve in the browser (Pyodide), for the progress text.
BROWSER_SECONDS = {16: 0.06, 17: 0.12, 18: 0.25, 19: 0.6, 20: 1.3, 21: 3, 22: 7, 23: 16, 24: 37}

_tables: dict[int, StripTable] = {}


# ---------------------------------------------------------------- plain data


def winner_of(value: str, to_move: str) -> str | None:
    """The winning side for a value seen by ``to_move`` (None for a draw)."""
    if value == "win":
        return to_move
    if value == "loss":
        return RIGHT if to_move == LEFT else LEFT
    return None


def analysis_dict(a: ExactValue, kind: str) -> dict[str, Any]:
    """JSON-ready analysis: value, plies, winner, and every move (best first) with its outcome."""
    pos = a.position
    moves = []
    for o in a.ranked:
        moves.append({"move": str(o.move), "value": o.value, "plies": o.plies,
                      "ends": o.ends_game, "after": None if o.ends_game else str(o.after)})
    return {"kind": kind, "position": str(pos), "value": a.value, "plies": a.plies,
            "winner": winner_of(a.value, pos.to_move), "to_move": pos.to_move,
            "source": a.source, "moves": moves}


def book_analysis(strip: Strip) -> ExactValue | None:
    """The shipped book's analysis of a long strip (e.g. the paper's 24-square puzzle), if it has it."""
    if strip.n <= 20:
        return None
    try:
        book = load_book(f"oned{strip.n}")
    except (ValueError, OSError):
        return None
    return book.analysis(strip)


def solved_now(strip: Strip, direct_n: int) -> bool:
    """Whether :func:`solve_1d_now` answers at once: a strip of at most ``direct_n`` squares, a length solved
    already, or one the shipped book has."""
    return strip.n <= direct_n or strip.n in _tables or book_analysis(strip) is not None


def solve_1d_now(strip: Strip) -> dict[str, Any]:
    """Solve directly (no slicing): for short strips, the book, or an already solved length."""
    a = book_analysis(strip)
    if a is None:
        t = _tables.get(strip.n)
        if t is None:
            t = StripSolver(strip.n).run()
            _remember(t)
        a = t.analyse(strip)
    return analysis_dict(a, "strip")


def solve_oddish_now(board: Oddish) -> dict[str, Any]:
    return analysis_dict(analyse_oddish(board), "oddish")


def _remember(t: StripTable) -> None:
    if t.n >= BIG_N:
        for k in [k for k in _tables if k >= BIG_N and k != t.n]:
            del _tables[k]
        clear_tables(min_n=BIG_N, keep=t.n)  # the engine's own cache of solved tables: the big ones too
    _tables[t.n] = t


def _solve_sliced(n: int, share: float = 1.0) -> Job:
    """Solve an n-square strip in slices, yielding progress; the table ends up in the cache."""
    solver = StripSolver(n)
    est = BROWSER_SECONDS.get(n)
    about = f" (about {est:g} s in the browser)" if est and est >= 1 else ""
    for p in solver.steps():
        yield {"progress": [round(p.fraction * share, 4), 1],
               "text": f"Solving every position of a {n}-square strip{about}: ply {p.ply}, "
                       f"{p.decided:,} of {p.states:,} decided"}
    if solver.table is None:  # pragma: no cover - cancelled inside the engine
        raise RuntimeError("the solve was cancelled")
    _remember(solver.table)


# ---------------------------------------------------------------- jobs


@dataclass(frozen=True)
class Exact1D:
    """Exact analysis of a 1D position, solving its strip length in slices if needed."""

    position: str

    def __call__(self) -> Job:
        strip = Strip.from_str(self.position)
        if strip.n > MAX_EXACT_N:
            raise ValueError(f"{strip.n} squares is too long for the exact solver (at most {MAX_EXACT_N})")
        yield {"progress": [0, 1], "text": "Looking the position up…"}
        if book_analysis(strip) is None and strip.n not in _tables:
            yield from _solve_sliced(strip.n)
        yield {"done": True, "progress": [1, 1], "result": solve_1d_now(strip)}


@dataclass(frozen=True)
class ExactOddish:
    """Exact analysis of an Oddish board (side to move given), m <= MAX_EXACT_M."""

    position: str

    def __call__(self) -> Job:
        board = Oddish.from_str(self.position)
        if board.m > MAX_EXACT_M:
            raise ValueError(f"an Oddish board of {board.m} squares is too big to solve here (at most {MAX_EXACT_M})")
        yield {"progress": [0, 1], "text": f"Solving every Oddish board of {board.m} squares…"}
        oddish_table(board.m)
        yield {"done": True, "progress": [1, 1], "result": solve_oddish_now(board)}


def exact_job(kind: str, position: str) -> Exact1D | ExactOddish:
    """The exact solve of a wanted position (:meth:`lab.calc.controller.CalcController.wanted`'s ``kind``:
    ``"strip"`` or ``"oddish"``)."""
    return Exact1D(position) if kind == "strip" else ExactOddish(position)


def prediction_winner(pl: int, pr: int, to_move: str) -> str:
    """Theorem 1's rule applied to (PL, PR): Left if smaller, Right if bigger, else the mover."""
    if pl < pr:
        return LEFT
    if pl > pr:
        return RIGHT
    return to_move


def _value_text(value: str, plies: int | None, to_move: str) -> str:
    me = side_name(to_move)
    if value == "win":
        return f"{me} wins in {plies}"
    if value == "loss":
        return f"{me} loses in {plies}"
    return "draw"


#: Largest strip the explorer scans (16 squares: 917,504 positions, ~10 s in the browser).
EXPLORE_MIN, EXPLORE_MAX = 3, 16


@dataclass(frozen=True)
class Explore:
    """Every live position of an n-square strip where PL/PR predict the wrong winner.

    Left to move is scanned; Right-to-move failures are exactly their mirror
    images (both the values and the potentials are symmetric), so counts are
    given for both.  The listed failures (at most ``limit``) are the simplest
    first: fewest stones, then by ball square and stones.
    """

    n: int
    limit: int = 300

    def __call__(self) -> Job:
        n, limit = int(self.n), self.limit
        if not EXPLORE_MIN <= n <= EXPLORE_MAX:
            raise ValueError(f"the explorer handles strips of {EXPLORE_MIN} to {EXPLORE_MAX} squares")
        t0 = time.perf_counter()
        yield {"progress": [0, 1], "text": f"Solving every position of a {n}-square strip…"}
        if n not in _tables:
            yield from _solve_sliced(n, 0.3)
        table = _tables[n]
        # PL depends only on the ball and the squares right of it, PR on those left of it: cache both.
        pl_cache: dict[tuple[int, int], int] = {}
        pr_cache: dict[tuple[int, int], int] = {}
        full = (1 << n) - 1
        states = table.states
        failures: list[tuple[int, int, int, str, int | None, int, int]] = []
        count = 0
        seen = 0
        by_value = {"win": 0, "loss": 0, "draw": 0}
        for ball, mask, value, plies in table.raw():
            seen += 1
            right = mask & (full ^ ((1 << ball) - 1))
            left = mask & ((1 << (ball - 1)) - 1)
            pl = pl_cache.get((ball, right))
            if pl is None:
                pl = pl_cache[(ball, right)] = general_values(n, ball, right)[0]
            pr = pr_cache.get((ball, left))
            if pr is None:
                pr = pr_cache[(ball, left)] = general_values(n, ball, left)[1]
            predicted = prediction_winner(pl, pr, LEFT)
            if winner_of(value, LEFT) != predicted:
                count += 1
                by_value[value] += 1
                failures.append((bin(mask).count("1"), ball, mask, value, plies, pl, pr))
            if seen % 4096 == 0:
                yield {"progress": [round(0.3 + 0.7 * seen / states, 4), 1],
                       "text": f"Comparing PL/PR with the exact values: {seen:,} of {states:,} positions"}
        failures.sort()
        listed = []
        for stones, ball, mask, value, plies, pl, pr in failures[:limit]:
            s = Strip.from_mask(n, ball, mask, LEFT)
            predicted = prediction_winner(pl, pr, LEFT)
            listed.append({"position": str(s), "pretty": s.pretty, "value": value, "plies": plies,
                           "exact": _value_text(value, plies, LEFT),
                           "winner": winner_of(value, LEFT), "PL": pl, "PR": pr, "predicted": predicted,
                           "stones": stones})
        result = {"n": n, "states": states, "positions": 2 * states, "failures_left": count,
                  "failures": 2 * count, "correct": 2 * (states - count),
                  "share": round((states - count) / states, 4) if states else 1.0,
                  "by_value": by_value, "listed": listed, "truncated": count > len(listed),
                  "seconds": round(time.perf_counter() - t0, 3)}
        yield {"done": True, "progress": [1, 1], "result": result}
