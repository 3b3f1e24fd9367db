"""Long computations as resumable jobs, run in slices (pure Python, unit-tested).

The browser runs these in the page's PyScript worker (``labboot.py``), so the
page's main thread never blocks: the page's glue calls ``begin(spec)`` and then
``step(ms)`` again and again, answering the page's events in between; each step advances the job's generator for about ``ms``
milliseconds and reports progress, the best move so far, and the result when
done.  Stopping ("move now", "stop") is simply not calling ``step`` again.

Job kinds (``spec["kind"]``):

* ``computer-2d`` -- the computer's move (or a hint) on a 2D board: the
  search of :mod:`phutball.ai` at a level, reporting depth, nodes and the
  best move so far.
* ``computer-1d`` -- the computer's move on a strip: the exact solver's best
  move (fastest win, or the most stubborn defence).
* ``puzzles1d`` -- one call of :mod:`phutball.puzzles1d` (``judge``,
  ``respond``, ``analysis``, ``best_line``) for the puzzle page.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable, Iterator

Job = Iterator[dict[str, Any]]


def computer_2d(position: str, level: str = "hard", max_nodes: int | None = None) -> Job:
    """The search of :mod:`phutball.ai` at ``level``; ``best`` is always a legal move (for "move now")."""
    from phutball.ai import LEVELS, Searcher
    from phutball.board import Position
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
    searcher = Searcher(Position.from_str(position), level, max_nodes=max_nodes)
    budget = searcher.max_nodes
    for p in searcher.steps():
        best = str(p.best) if p.best is not None else None  # never the text "None"
        report = {"progress": [min(p.nodes, budget), budget], "depth": p.depth, "best": best, "outcome": p.outcome}
        if p.done:
            report.update(done=True, result={"move": str(p.best), "reason": p.reason, "depth": p.depth,
                                             "nodes": p.nodes, "outcome": p.outcome})
        yield report


def computer_1d(position: str) -> Job:
    from phutball.solve1d import analyse
    from phutball.strip import Strip
    strip = Strip.from_str(position)
    yield {"progress": [0, 1], "best": None}
    analysis = analyse(strip)
    best = analysis.best
    move = str(best.move) if best is not None else str(strip.legal_moves()[0])
    value = getattr(analysis, "value", None)
    yield {"done": True, "best": move, "result": {"move": move, "value": value}}


def scripted(reports: list[dict[str, Any]]) -> Job:
    """Yield the given ``reports`` one by one; a report ``{"raise": text}`` raises instead.

    A stand-in engine for tests of the pages (an engine failure, an illegal
    move, a search that never ends): the page passes ``window.phutballTestHooks
    = {engine: [...]}`` through ``host.js``.
    """
    for report in reports:
        if "raise" in report:
            raise RuntimeError(str(report["raise"]))
        yield dict(report)


PUZZLE_CALLS = ("judge", "respond", "analysis", "best_line")


_SOLVED_STRIPS: set[int] = set()  # strip lengths solved whole in this process (solve1d keeps the tables)


def puzzles1d_call(fn: str, args: list[Any]) -> Job:
    """One call of :mod:`phutball.puzzles1d`.

    The first call on a strip of up to ``MAX_LIVE_N`` squares needs the whole
    strip solved (0.5 s in CPython for 19 squares, several seconds in Pyodide):
    that solve runs first, in slices (:class:`~phutball.solve1d.StripSolver`),
    reporting ``{"solving": n, "progress": [step, steps]}``; the call itself is
    then a table lookup.
    """
    if fn not in PUZZLE_CALLS:
        raise ValueError(f"not a puzzle call: {fn!r}")
    from phutball import puzzles1d
    from phutball.solve1d import StripSolver
    from phutball.strip import Strip
    pos = puzzles1d.parse_position(args[0]) if args else None
    if isinstance(pos, Strip) and pos.n <= puzzles1d.MAX_LIVE_N and pos.n not in _SOLVED_STRIPS:
        for p in StripSolver(pos.n).steps():
            yield {"progress": [p.step, p.steps], "solving": pos.n, "fraction": p.fraction, "best": None}
        _SOLVED_STRIPS.add(pos.n)
    yield {"done": True, "result": getattr(puzzles1d, fn)(*args)}


KINDS: dict[str, Callable[..., Job]] = {
    "computer-2d": computer_2d,
    "computer-1d": computer_1d,
    "puzzles1d": puzzles1d_call,
    "scripted": scripted,
}


class Runner:
    """Holds the current job between ``step`` calls."""

    def __init__(self) -> None:
        self.job: Job | None = None
        self.last: dict[str, Any] = {}

    def begin(self, spec_json: str) -> str:
        spec = json.loads(spec_json)
        kind = spec.pop("kind")
        if kind not in KINDS:
            return json.dumps({"error": f"unknown job kind {kind!r}"})
        try:
            self.job = KINDS[kind](**spec)
        except (TypeError, ValueError) as e:  # a bad spec: reported like a failing job
            self.job = None
            return json.dumps({"error": f"{type(e).__name__}: {e}"})
        self.last = {"progress": [0, 1], "best": None}
        return json.dumps({"ok": True})

    def step(self, ms: float = 40.0) -> str:
        if self.job is None:
            return json.dumps({"done": True, "error": "no job", **self.last})
        deadline = time.perf_counter() + ms / 1000.0
        try:
            while True:
                self.last = next(self.job)
                if self.last.get("done") or time.perf_counter() >= deadline:
                    break
        except StopIteration:
            self.last = {**self.last, "done": True}
        except Exception as e:  # report, never crash the worker
            self.last = {**self.last, "done": True, "error": f"{type(e).__name__}: {e}"}
        if self.last.get("done"):
            self.job = None
        return json.dumps(self.last)

    def stop(self) -> str:
        self.job = None
        return json.dumps(self.last)
