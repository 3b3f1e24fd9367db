"""Long computations as resumable jobs, run in slices (pure Python, unit-tested).

The browser runs these in the page's PyScript worker (``glue/labboot.py``), so the
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
* ``analyse-2d`` -- the analysis of a 2D position (the play page's Analyse
  switch): :func:`phutball.analysis.analyse`, one report per deeper result
  (evaluation, mate distance, principal variation, its text).
* ``review-2d`` -- the review of a game record: :func:`phutball.analysis.review`,
  reporting progress and, at the end, the marked moves.
* ``puzzles1d`` -- one call of :mod:`phutball.puzzles.judge` (``judge``,
  ``respond``, ``analysis``, ``best_line``) for the puzzle page.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable, Iterator

from phutball.errors import PhutballError

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
    from phutball.oned.solve import analyse
    from phutball.oned.strip import Strip
    strip = Strip.from_str(position)
    yield {"progress": [0, 1], "best": None}
    analysis = analyse(strip)
    best = analysis.best
    move = str(best.move) if best is not None else str(strip.legal_moves()[0])
    value = getattr(analysis, "value", None)
    yield {"done": True, "best": move, "result": {"move": move, "value": value}}


def analyse_2d(position: str, history: list[str] | None = None, level: str = "hard",
               max_nodes: int | None = None, max_depth: int | None = None) -> Job:
    """The analysis of ``position`` (``history``: the positions before it, oldest first, for repetitions).

    Each report has ``depth``, ``nodes``, ``score`` (tenths of a row, for the
    side to move), ``mate`` (plies; positive: the side to move wins), ``pv``
    (moves) and ``text`` (e.g. "Ohs +2.5 rows", for the side to move).
    """
    from phutball.analysis import analyse
    from phutball.board import Position
    pos = Position.from_str(position)
    past = tuple(Position.from_str(p) for p in history or ())
    last: tuple[Any, ...] | None = None
    for a in analyse(pos, history=past, level=level, max_nodes=max_nodes, max_depth=max_depth):
        report = {"depth": a.depth, "nodes": a.nodes, "score": a.score, "mate": a.mate,
                  "pv": [str(m) for m in a.pv], "text": a.text(pos.to_move)}
        if a.done:
            report["done"] = True
        yield report
        last = (a.depth, a.pv)
    if last is None:
        yield {"done": True}


def review_2d(record: str, level: str = "hard", max_nodes: int | None = None) -> Job:
    """The review of the game ``record``: ``progress`` (plies reviewed, of all) as it goes, then ``marks``.

    A mark is :meth:`mark_json` of a :class:`phutball.analysis.ReviewMark`;
    ``max_nodes`` is the search's budget per position (the engine's default if None).
    """
    from phutball.analysis import ReviewMark, review
    from phutball.game import Game
    game = Game.from_record(record)
    total = len(game.moves)
    kwargs: dict[str, Any] = {"level": level}
    if max_nodes is not None:
        kwargs["max_nodes_per_position"] = max_nodes
    marks: list[dict[str, Any]] = []
    for item in review(game, **kwargs):
        if isinstance(item, ReviewMark):
            marks.append(mark_json(item))
        else:
            yield {"progress": [min(item.ply, total), total]}
    yield {"done": True, "progress": [total, total], "marks": marks}


def mark_json(mark: Any) -> dict[str, Any]:
    """A review mark as the page shows it: ``ply`` counted from 1 (as the move list numbers moves),
    the mover's evaluations before and after the move as texts ("Eks win in 1", "Eks -0.3 rows")."""
    from phutball.analysis import Analysis, mate_plies

    def text(score: int) -> str:
        return Analysis(0, 0, score, mate_plies(score), (), True).text(mark.side)
    return {"ply": mark.ply + 1, "move": mark.move, "side": mark.side, "label": mark.label,
            "better": mark.better, "before": text(mark.before), "after": text(mark.after)}


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
    """One call of :mod:`phutball.puzzles.judge`.

    The first call on a strip of up to ``MAX_LIVE_N`` squares needs the whole
    strip solved (0.5 s in CPython for 19 squares, several seconds in Pyodide):
    that solve runs first, in slices (:class:`~phutball.oned.solve.StripSolver`),
    reporting ``{"solving": n, "progress": [step, steps]}``; the call itself is
    then a table lookup.
    """
    if fn not in PUZZLE_CALLS:
        raise ValueError(f"not a puzzle call: {fn!r}")
    from phutball.puzzles import judge
    from phutball.puzzles.common import MAX_LIVE_N, parse_position
    from phutball.oned.solve import StripSolver
    from phutball.oned.strip import Strip
    pos = parse_position(args[0]) if args else None
    if isinstance(pos, Strip) and pos.n <= MAX_LIVE_N and pos.n not in _SOLVED_STRIPS:
        for p in StripSolver(pos.n).steps():
            yield {"progress": [p.step, p.steps], "solving": pos.n, "fraction": p.fraction, "best": None}
        _SOLVED_STRIPS.add(pos.n)
    yield {"done": True, "result": getattr(judge, fn)(*args)}


KINDS: dict[str, Callable[..., Job]] = {
    "computer-2d": computer_2d,
    "computer-1d": computer_1d,
    "analyse-2d": analyse_2d,
    "review-2d": review_2d,
    "puzzles1d": puzzles1d_call,
    "scripted": scripted,
}


def error_text(e: Exception) -> str:
    """A job's error as the page shows it: a typed engine error's own message (it names what was
    wrong, quoting the input); anything else (a bug) with its type, ``'RuntimeError: boom'``."""
    if isinstance(e, PhutballError):
        return str(e)
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


class Runner:
    """The site's one job runner: one current job per *channel*, advanced in time slices by :meth:`step`.

    ``kinds`` maps a spec's ``kind`` to its job function (default :data:`KINDS`,
    the play and puzzle pages'; the calculator passes
    :data:`lab.calc.jobs.CALC_KINDS`).  Every answer is a JSON object.  Errors
    have one format: ``{"error": text}`` from :meth:`begin` for a spec that
    cannot start (``"bad job spec: ..."``, ``"unknown job kind ..."``), and
    ``{"done": true, "error": error_text(exception), ...}`` from
    :meth:`step` when the job raised (the worker never crashes) or there is
    ``"no job"``.
    """

    def __init__(self, kinds: dict[str, Callable[..., Job]] | None = None) -> None:
        self.kinds = KINDS if kinds is None else kinds
        self.jobs: dict[str, Job] = {}
        self.last: dict[str, dict[str, Any]] = {}

    def begin(self, spec_json: str) -> str:
        """Start the job ``spec_json`` describes (``kind``, its arguments, optional ``channel``)."""
        try:
            spec = json.loads(spec_json)
            channel = str(spec.pop("channel", "main"))
            kind = spec.pop("kind")
        except (ValueError, KeyError, AttributeError, TypeError) as e:
            return json.dumps({"error": f"bad job spec: {error_text(e)}"})
        if kind not in self.kinds:
            return json.dumps({"error": f"unknown job kind {kind!r}"})
        self.stop(channel)
        try:
            self.jobs[channel] = self.kinds[kind](**spec)
        except (TypeError, ValueError) as e:  # a bad spec: reported, never a crash
            return json.dumps({"error": f"bad job spec: {error_text(e)}"})
        self.last[channel] = {"progress": [0, 1], "best": None}
        return json.dumps({"ok": True})

    def step(self, ms: float = 40.0, channel: str = "main") -> str:
        """Advance the channel's job for about ``ms`` milliseconds; its last report (``done`` at the end)."""
        job = self.jobs.get(channel)
        last = self.last.get(channel, {})
        if job is None:
            return json.dumps({"done": True, "error": "no job", **last})
        deadline = time.perf_counter() + ms / 1000.0
        try:
            while True:
                last = next(job)
                if last.get("done") or time.perf_counter() >= deadline:
                    break
        except StopIteration:
            last = {**last, "done": True}
        except Exception as e:  # report, never crash the worker
            last = {k: v for k, v in last.items() if k != "result"}
            last.update(done=True, error=error_text(e))
        self.last[channel] = last
        if last.get("done"):
            self.jobs.pop(channel, None)
        return json.dumps(last)

    def stop(self, channel: str = "main") -> str:
        """Drop the channel's job (closing its generator): ``{"stopped": true}`` if there was one."""
        job = self.jobs.pop(channel, None)
        if job is not None:
            job.close()
        return json.dumps({"stopped": job is not None})
