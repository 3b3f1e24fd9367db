"""Solved tables of whole strips and Oddish boards, and the process-wide cache of them.

Cache (the one public API for it): :func:`strip_table` / :func:`oddish_table` solve once per
length and keep the table; :func:`tables_cache_info` says what is cached; :func:`clear_tables`
is the eviction policy (drop every table, or only the big ones but one: a 24-square table
holds about 0.2 GB, so the calculator keeps one big table at a time).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterator

from ...errors import IllegalPositionError
from ...sides import LEFT, side_name
from ..oddish import Oddish
from ..strip import Strip
from .books import book_for
from .engine import MAX_SOLVE_N, Cancelled, Engine, EngineResult, OddishSpec, Progress, StripSpec
from .results import ExactValue, MoveOutcome, analyse_with



def _strip_index(n: int, ball: int, mask: int) -> int:
    """The index of a stone mask with the ball on ``ball`` (drop the ball's bit)."""
    low = mask & ((1 << (ball - 1)) - 1)
    return low | ((mask >> ball) << (ball - 1))


def _strip_mask(ball: int, idx: int) -> int:
    low = idx & ((1 << (ball - 1)) - 1)
    return low | ((idx >> (ball - 1)) << ball)


class StripTable:
    """Every position of a strip of ``n`` squares, solved.  Build with :func:`solve_strip`."""

    def __init__(self, n: int, result: EngineResult, seconds: float = 0.0) -> None:
        self.n = n
        self._r = result
        self.seconds = seconds

    @property
    def states(self) -> int:
        """Number of live Left-to-move states solved (Right to move is the mirror image)."""
        return self._r.states

    def stats(self) -> dict[str, Any]:
        """Counts of wins/losses/draws (Left to move, live positions) and the longest wins/losses."""
        return {"n": self.n, **self._r.counts(self.seconds)}

    def lookup(self, strip: Strip) -> tuple[str, int | None]:
        """(value, plies) of ``strip`` for its side to move; a finished game raises."""
        if strip.n != self.n:
            raise IllegalPositionError("bad 1D position", str(strip), f"this table is for {self.n} squares")
        if strip.winner is not None:
            raise IllegalPositionError("bad 1D position", str(strip),
                                       f"the game is over: {side_name(strip.winner)} has won")
        s = strip if strip.to_move == LEFT else strip.mirror()
        return self._r.get(s.ball, _strip_index(self.n, s.ball, s.mask))

    def value(self, strip: Strip) -> str:
        return self.lookup(strip)[0]

    def analyse(self, strip: Strip) -> ExactValue:
        """Exact value of ``strip`` and the outcome of every legal move."""
        value, plies = self.lookup(strip)
        return analyse_with(strip, self.lookup, value, plies, "retrograde")

    def positions(self, to_move: str = LEFT) -> Iterator[tuple[Strip, str, int | None]]:
        """Every live position with ``to_move`` to move, with its (value, plies)."""
        n = self.n
        for b in range(2, n):
            for idx in range(1 << (n - 1)):
                s = Strip.from_mask(n, b, _strip_mask(b, idx), LEFT)
                v, d = self._r.get(b, idx)
                yield (s if to_move == LEFT else s.mirror()), v, d

    def raw(self) -> Iterator[tuple[int, int, str, int | None]]:
        """Every live Left-to-move state as (ball, stone mask, value, plies) -- fast."""
        get = self._r.get
        for b in range(2, self.n):
            for idx in range(1 << (self.n - 1)):
                v, d = get(b, idx)
                yield b, _strip_mask(b, idx), v, d


class StripSolver:
    """A whole-strip solve run in slices, for a browser's event loop.

    >>> solver = StripSolver(10)
    >>> for progress in solver.steps():   # yields often; stop iterating to cancel
    ...     pass
    >>> solver.table.lookup(Strip.from_str("L_o*o.ooo."))[0]
    'loss'

    :meth:`cancel` (or simply not resuming the generator) stops the work;
    :attr:`table` is set when the last :class:`Progress` (``done=True``) is yielded.
    """

    def __init__(self, n: int) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or not 3 <= n <= MAX_SOLVE_N:
            # past MAX_SOLVE_N the table outgrows memory (25 squares: about 1 GB; 30: MemoryError)
            raise IllegalPositionError("bad strip length", n,
                                       f"whole-strip solving handles 3..{MAX_SOLVE_N} squares "
                                       "(longer strips answer from shipped books)")
        self.n = n
        self.table: StripTable | None = None
        self._engine: Engine | None = None
        self._cancel = False

    def cancel(self) -> None:
        """Ask the running :meth:`steps` to stop at its next yield."""
        self._cancel = True
        if self._engine is not None:
            self._engine.cancelled = True

    def steps(self) -> Iterator[Progress]:
        t0 = time.perf_counter()
        yield Progress("setup", 0, 0, 1, 0, (self.n - 2) << (self.n - 1), 0.0)
        if self._cancel:
            return
        self._engine = Engine(StripSpec(self.n))
        self._engine.cancelled = self._cancel
        gen = self._engine.run()
        try:
            while True:
                try:
                    p = next(gen)
                except StopIteration as stop:
                    self.table = StripTable(self.n, stop.value, time.perf_counter() - t0)
                    _STRIPS[self.n] = self.table
                    return
                if p.done:
                    # finish the generator to get the table, then report done
                    try:
                        next(gen)
                    except StopIteration as stop:
                        self.table = StripTable(self.n, stop.value, time.perf_counter() - t0)
                        _STRIPS[self.n] = self.table
                    yield p
                    return
                yield p
        except Cancelled:
            return

    def run(self, progress: Callable[[Progress], object] | None = None) -> StripTable:
        """Run to the end (calling ``progress`` at every slice) and return the table."""
        for p in self.steps():
            if progress is not None:
                progress(p)
        if self.table is None:
            raise RuntimeError("the solve was cancelled")
        return self.table


_STRIPS: dict[int, StripTable] = {}


def solve_strip(n: int, progress: Callable[[Progress], object] | None = None) -> StripTable:
    """Solve every position of a strip of ``n`` squares (a fresh solve; see :func:`strip_table`).

    ``3 <= n <= MAX_SOLVE_N`` (24); anything else raises
    :class:`~phutball.errors.IllegalPositionError` before any work.
    """
    return StripSolver(n).run(progress)


def clear_tables(*, min_n: int | None = None, keep: int | None = None) -> None:
    """Evict cached tables (a 24-square table holds about 0.2 GB).

    With no arguments every strip and Oddish table is dropped.  With ``min_n``
    only the strip tables of ``min_n`` squares or more go, except the one of
    ``keep`` squares: the calculator's policy of one big table at a time.
    """
    if min_n is None and keep is None:
        _STRIPS.clear()
        _ODDISH.clear()
        return
    for n in [n for n in _STRIPS if n >= (min_n or 0) and n != keep]:
        del _STRIPS[n]


def tables_cache_info() -> dict[str, list[int]]:
    """What the cache holds: ``{"strips": [lengths], "oddish": [board sizes]}``, sorted."""
    return {"strips": sorted(_STRIPS), "oddish": sorted(_ODDISH)}


def strip_table(n: int) -> StripTable:
    """The solved table for ``n`` squares, computed once per process and cached."""
    t = _STRIPS.get(n)
    if t is None:
        t = solve_strip(n)
    return t


def lookup(strip: Strip) -> tuple[str, int | None]:
    """(value, plies) of a live position: the shipped book if it has it, else a whole-strip solve."""
    book = book_for(strip)
    if book is not None:
        entry = book.get(strip)
        if entry is not None:
            return entry["value"], entry["plies"]
    return strip_table(_check_n(strip)).lookup(strip)


def _check_n(strip: Strip) -> int:
    if strip.n > MAX_SOLVE_N:
        raise IllegalPositionError("bad 1D position", str(strip),
                                   f"{strip.n} squares is too long to solve exactly here "
                                   f"(at most {MAX_SOLVE_N}); try pn_search()")
    return strip.n


def analyse(strip: Strip, *, use_book: bool = True) -> ExactValue:
    """Exact analysis of a live 1D position: value, plies, and every move's outcome.

    Uses the shipped book of long-puzzle lines when it holds the position and
    every child, else solves the whole strip (cached; ``n <= MAX_SOLVE_N``; 14
    squares take milliseconds, 24 squares tens of seconds).
    """
    if strip.winner is not None:
        raise IllegalPositionError("bad 1D position", str(strip),
                                   f"the game is over: {side_name(strip.winner)} has won")
    if use_book:
        book = book_for(strip)
        if book is not None:
            a = book.analysis(strip)
            if a is not None:
                return a
    return strip_table(_check_n(strip)).analyse(strip)


def principal_line(strip: Strip, max_plies: int = 200,
                   analyser: Callable[[Strip], ExactValue] | None = None) -> list[tuple[MoveOutcome, ExactValue]]:
    """The main line from ``strip``: the winner's fastest win against the most stubborn defence.

    Returns (move played, analysis of the position it was played in) per ply; a
    drawn position yields the first drawing move until ``max_plies``.
    """
    analyser = analyser or analyse
    line = []
    s = strip
    for _ in range(max_plies):
        if s.winner is not None:
            break
        a = analyser(s)
        best = a.best
        if best is None:
            break
        line.append((best, a))
        s = best.after
    return line


# ====================================================================== Oddish tables


class OddishTable:
    """Every position of an Oddish board of ``m`` squares, solved (both sides to move)."""

    def __init__(self, m: int, result: EngineResult, seconds: float = 0.0) -> None:
        self.m = m
        self._r = result
        self.seconds = seconds

    def stats(self) -> dict[str, Any]:
        return {"m": self.m, **self._r.counts(self.seconds)}

    def lookup(self, board: Oddish) -> tuple[str, int | None]:
        """(value, plies) of a live Oddish board for its side to move."""
        if board.m != self.m:
            raise IllegalPositionError("bad Oddish position", str(board), f"this table is for {self.m} squares")
        if board.to_move is None:
            raise IllegalPositionError("bad Oddish position", str(board), "the side to move is needed")
        if board.winner is not None:
            raise IllegalPositionError("bad Oddish position", str(board),
                                       f"the game is over: {side_name(board.winner)} has won")
        b = board if board.to_move == LEFT else board.mirror()
        return self._r.get(b.arrow, b.mask)

    def analyse(self, board: Oddish) -> ExactValue:
        value, plies = self.lookup(board)
        return analyse_with(board, self.lookup, value, plies, "retrograde")

    def raw(self) -> Iterator[tuple[int, int, str, int | None]]:
        """Every live Left-to-move board as (arrow, stone mask, value, plies)."""
        get = self._r.get
        for a in range(1, self.m):
            for mask in range(1 << self.m):
                v, d = get(a, mask)
                yield a, mask, v, d


_ODDISH: dict[int, OddishTable] = {}


def solve_oddish(m: int) -> OddishTable:
    """Solve every position of the Oddish board with ``m`` squares (2 <= m <= 24)."""
    if not isinstance(m, int) or not 2 <= m <= 24:
        raise IllegalPositionError("bad Oddish board size", m, "solving handles 2..24 squares")
    t0 = time.perf_counter()
    gen = Engine(OddishSpec(m)).run()
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return OddishTable(m, stop.value, time.perf_counter() - t0)


def oddish_table(m: int) -> OddishTable:
    """Cached :func:`solve_oddish`."""
    t = _ODDISH.get(m)
    if t is None:
        t = _ODDISH[m] = solve_oddish(m)
    return t


def analyse_oddish(board: Oddish) -> ExactValue:
    """Exact analysis of a live Oddish board (its side to move must be set)."""
    return oddish_table(board.m).analyse(board)
