"""Long computations as resumable jobs, run in slices (pure Python, unit-tested).

The browser runs these in the page's PyScript worker (``glue/labboot.py``), so the
page's main thread never blocks: :func:`slices` starts a job and advances its
generator for about ``SLICE_MS`` milliseconds per report (progress, the best move
so far, the result when done); the page's glue (``glue/jobs.py``) answers the
page's events between two slices.  Stopping ("move now", "stop") is simply not
asking for the next slice.  Which job runs when is :class:`Scheduler`'s (the play
page's priorities) and :class:`Slots`' (one job per kind, the calculator's).

A job is a callable that makes its generator of :class:`Report` (:data:`MakeJob`):
the pages pass one of these small frozen dataclasses (its fields are the job's
arguments, calling it starts the job), never a name to look up:

* :class:`ComputerMove2D` -- the computer's move (or a hint) on a 2D board: the
  search of :mod:`phutball.ai` at a level, reporting depth, nodes and the
  best move so far.
* :class:`ComputerMove1D` -- the computer's move on a strip: the exact solver's best
  move (fastest win, or the most stubborn defence).
* :class:`Analyse2D` -- the analysis of a 2D position (the play page's Analyse
  switch): :func:`phutball.analysis.analyse`, one report per deeper result
  (evaluation, mate distance, principal variation, its text).
* :class:`Review2D` -- the review of a game record: :func:`phutball.analysis.review`,
  reporting progress and, at the end, the marked moves.
* :class:`PuzzleCall` -- one call of a function of :mod:`phutball.puzzles.judge` (``judge``,
  ``respond``, ``analysis``, ``best_line``) for the puzzle page.

The calculator's jobs are :mod:`lab.calc.jobs`'; :func:`scripted` is the play page's
test stand-in for the engine.
"""

from __future__ import annotations

import gc
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Generator, Iterator, TypedDict, cast

from phutball.ai import STRONGEST
from phutball.errors import PhutballError


class Report(TypedDict, total=False):
    """A job's report, one per slice (after python-chess's ``InfoDict``: every key optional).

    Which keys a report has depends on the job (see each job's doc); the runner adds
    ``done`` at the end and ``error`` when the job failed or could not start.
    """

    progress: list[float]          # [done, total]: positions searched, plies reviewed, steps solved
    depth: int                     # the search's deepest completed iteration
    nodes: int                     # positions searched so far
    best: str | None               # the best move so far ("move now" plays it); None before the first
    outcome: str                   # the search's verdict for display: "win in 3", "+0.4"
    score: int                     # the analysis' evaluation, tenths of a row, for the side to move
    mate: int | None               # plies to the end (positive: the side to move wins)
    pv: list[str]                  # the principal variation
    text: str                      # what the page shows: the evaluation, or what a solve is doing
    marks: list[dict[str, Any]]    # a review's marked moves (:func:`mark_json`)
    curve: list[float]             # a review's win chances of Ohs, position by position
    summary: list[str]             # a review's words for each side
    solving: int                   # a puzzle call solving this strip length first
    fraction: float                # how much of that solve is done, 0..1
    done: bool                     # the last report
    result: dict[str, Any]         # the job's answer (in the last report)
    error: str                     # why the job failed (:func:`error_text`), or "no job"


Job = Generator[Report, None, None]  # closed when stopped
#: What a page passes to start a job: calling it makes the job's generator (one of the job classes here
#: or of :mod:`lab.calc.jobs`; a test may pass any such callable).
MakeJob = Callable[[], Job]


@dataclass(frozen=True)
class ComputerMove2D:
    """The search of :mod:`phutball.ai` at ``level`` (a former name too); ``best`` is always a legal move
    (for "move now").  ``seed`` seeds a weak level's choices among near-equal moves: each game gives its
    own, so two games differ and one game, reloaded, goes on the same way."""

    position: str
    level: str = STRONGEST
    max_nodes: int | None = None
    seed: int | str | None = None

    def __call__(self) -> Job:
        from phutball.ai import Searcher, immediate_move, level_of
        from phutball.board import Position
        pos = Position.from_str(self.position)
        at_once = None if pos.is_over else str(immediate_move(pos))  # "move now" plays it while the tables are built
        for _ in tables_built(pos):
            yield {"progress": [0, 1], "best": at_once}
        searcher = Searcher(pos, level_of(self.level), max_nodes=self.max_nodes, seed=self.seed)
        budget = searcher.max_nodes
        for p in searcher.steps():
            best = str(p.best) if p.best is not None else None  # never the text "None"
            report: Report = {"progress": [min(p.nodes, budget), budget], "depth": p.depth, "best": best,
                              "outcome": p.outcome}
            if p.done:
                report["done"] = True
                report["result"] = {"move": str(p.best), "reason": p.reason, "depth": p.depth, "nodes": p.nodes,
                                    "outcome": p.outcome}
            yield report


@dataclass(frozen=True)
class ComputerMove1D:
    """The exact solver's move on the strip ``position``."""

    position: str

    def __call__(self) -> Job:
        from phutball.oned.solve import analyse
        from phutball.oned.strip import Strip
        strip = Strip.from_str(self.position)
        yield {"progress": [0, 1], "best": None}
        analysis = analyse(strip)
        best = analysis.best
        move = str(best.move) if best is not None else str(strip.legal_moves()[0])
        value = getattr(analysis, "value", None)
        yield {"done": True, "best": move, "result": {"move": move, "value": value}}


@dataclass(frozen=True)
class Analyse2D:
    """The analysis of ``position`` (``history``: the positions before it, oldest first, for repetitions).

    Each report has ``depth``, ``nodes``, ``score`` (tenths of a row, for the
    side to move), ``mate`` (plies; positive: the side to move wins), ``pv``
    (moves) and ``text`` (e.g. "Ohs +2.5 rows", for the side to move).
    """

    position: str
    history: tuple[str, ...] = ()
    level: str = STRONGEST
    max_nodes: int | None = None
    max_depth: int | None = None

    def __call__(self) -> Job:
        from phutball.analysis import analyse
        from phutball.board import Position
        pos = Position.from_str(self.position)
        for _ in tables_built(pos):
            yield {}
        past = tuple(Position.from_str(p) for p in self.history)
        last: tuple[Any, ...] | None = None
        for a in analyse(pos, history=past, level=self.level, max_nodes=self.max_nodes, max_depth=self.max_depth):
            report: Report = {"depth": a.depth, "nodes": a.nodes, "score": a.score, "mate": a.mate,
                              "pv": [str(m) for m in a.pv], "text": a.text(pos.to_move)}
            if a.done:
                report["done"] = True
            yield report
            last = (a.depth, a.pv)
        if last is None:
            yield {"done": True}


@dataclass(frozen=True)
class Review2D:
    """The review of the game ``record``: ``progress`` (plies reviewed, of all) as it goes, then ``marks``,
    ``curve`` (Ohs' win chance at each position, 0..1: :class:`phutball.analysis.ReviewPoint`) and
    ``summary`` (each side's :meth:`phutball.analysis.SideSummary.text`).

    A mark is :meth:`mark_json` of a :class:`phutball.analysis.ReviewMark`;
    ``max_nodes`` is the search's budget per position (the engine's default if None).
    """

    record: str
    level: str = STRONGEST
    max_nodes: int | None = None

    def __call__(self) -> Job:
        from phutball.analysis import ReviewMark, ReviewPoint, review, review_summary
        from phutball.game import Game
        game = Game.from_record(self.record)
        total = len(game.moves)
        for _ in tables_built(game.start):
            yield {"progress": [0, total]}
        kwargs: dict[str, Any] = {"level": self.level}
        if self.max_nodes is not None:
            kwargs["max_nodes_per_position"] = self.max_nodes
        marks: list[ReviewMark] = []
        points: list[ReviewPoint] = []
        for item in review(game, **kwargs):
            if isinstance(item, ReviewMark):
                marks.append(item)
            elif isinstance(item, ReviewPoint):
                points.append(item)
            else:
                yield {"progress": [min(item.ply, total), total]}
        yield {"done": True, "progress": [total, total], "marks": [mark_json(m) for m in marks],
               "curve": [round(p.chance, 3) for p in points],
               "summary": [s.text() for s in review_summary(game, points, marks)]}


def tables_built(position: Any) -> Iterator[None]:
    """The search's tables of ``position``'s board built a part per step (a job reports after each),
    before a search: the first search on a 25x25 board spent 55 ms on them in Pyodide, inside one
    slice (issue 44).  No step when they are built (or the position is a strip's)."""
    from phutball.ai.nodes import building_tables
    from phutball.board import Position
    if isinstance(position, Position):
        yield from building_tables(position.size.width, position.size.height)


def mark_json(mark: Any) -> dict[str, Any]:
    """A review mark as the page shows it: ``ply`` counted from 1 (as the move list numbers moves),
    the mover's evaluations before and after the move as texts ("Eks win in 1", "Eks -0.3 rows"), and the
    engine's refutation of the move (its line after it, the opponent's reply first; issue 42)."""
    from phutball.analysis import SearchReport, mate_plies

    def text(score: int) -> str:
        return SearchReport(0, 0, score, mate_plies(score), (), True).text(mark.side)
    return {"ply": mark.ply + 1, "move": mark.move, "side": mark.side, "label": mark.label,
            "better": mark.better, "before": text(mark.before), "after": text(mark.after),
            "refutation": list(mark.refutation)}


def scripted(reports: list[dict[str, Any]]) -> Job:
    """Yield the given ``reports`` one by one; a report ``{"raise": text}`` raises instead.

    A stand-in engine for tests of the pages (an engine failure, an illegal
    move, a search that never ends): the page passes ``window.phutballTestHooks
    = {engine: [...]}`` through ``host.js``, and the play page's glue runs this
    instead of the computer's move (no page starts it otherwise).
    """
    for report in reports:
        if "raise" in report:
            raise RuntimeError(str(report["raise"]))
        yield cast(Report, dict(report))


#: A function of :mod:`phutball.puzzles.judge`: a position (and a move) in, a JSON-ready dict out.
PuzzleFunction = Callable[..., dict[str, Any]]


def puzzle_functions() -> tuple[PuzzleFunction, ...]:
    """The functions of :mod:`phutball.puzzles.judge` a :class:`PuzzleCall` runs."""
    from phutball.puzzles import judge
    return (judge.judge, judge.respond, judge.analysis, judge.best_line)


_SOLVED_STRIPS: set[int] = set()  # strip lengths solved whole in this process (solve1d keeps the tables)


@dataclass(frozen=True)
class PuzzleCall:
    """One call ``fn(*args)`` of a function of :mod:`phutball.puzzles.judge` (:func:`puzzle_functions`).

    The first call on a strip of up to ``MAX_LIVE_N`` squares needs the whole
    strip solved (0.5 s in CPython for 19 squares, several seconds in Pyodide):
    that solve runs first, in slices (:class:`~phutball.oned.solve.StripSolver`),
    reporting ``{"solving": n, "progress": [step, steps]}``; the call itself is
    then a table lookup.
    """

    fn: PuzzleFunction
    args: tuple[Any, ...] = ()

    def __call__(self) -> Job:
        if self.fn not in puzzle_functions():
            raise ValueError(f"not a puzzle call: {getattr(self.fn, '__name__', self.fn)!r}")
        from phutball.puzzles.common import MAX_LIVE_N, parse_position
        from phutball.oned.solve import StripSolver
        from phutball.oned.strip import Strip
        pos = parse_position(self.args[0]) if self.args else None
        if isinstance(pos, Strip) and pos.n <= MAX_LIVE_N and pos.n not in _SOLVED_STRIPS:
            for p in StripSolver(pos.n).steps():
                yield {"progress": [p.step, p.steps], "solving": pos.n, "fraction": p.fraction, "best": None}
            _SOLVED_STRIPS.add(pos.n)
        yield {"done": True, "result": self.fn(*self.args)}


def error_text(e: Exception) -> str:
    """A job's error as the page shows it: a typed engine error's own message (it names what was
    wrong, quoting the input); anything else (a bug) with its type, ``'RuntimeError: boom'``."""
    if isinstance(e, PhutballError):
        return str(e)
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


class JobStartError(ValueError):
    """A job that cannot start: making its generator raised (a bad argument)."""


#: The longest a slice computes before the worker answers the page again (milliseconds).
SLICE_MS = 40.0
#: Nodes of the search the play page runs once, in the background, as soon as it is ready
#: (``lab.playpage.warm_up``): 0.2-0.4 s here.  A restored start of Python has not run the search yet,
#: and the browser compiles its fast code for the interpreter only as that runs, so a visit's first
#: search took 0.25-0.4 s longer than the next; after a warm-up of 10,000 nodes it took as long
#: (bench/README.md, "The collection after a search; a warm-up search").
WARM_UP_NODES = 10_000


class Runner:
    """One job at a time, advanced in time slices by :meth:`step` (plain calls: a job in, reports out).

    Errors have one format: :meth:`begin` raises :class:`JobStartError` for a
    job that cannot start (``"bad job: ..."``), and :meth:`step` reports
    ``{"done": True, "error": error_text(exception), ...}`` when the job raised
    (the worker never crashes) or there is ``"no job"``.  The pages run jobs
    through :func:`slices` (and ``glue/jobs.py``'s ``run_job``), not directly.
    """

    def __init__(self) -> None:
        self.job: Job | None = None
        self.last: Report = {}

    def begin(self, make: MakeJob) -> None:
        """Start the job ``make`` makes (e.g. ``ComputerMove2D(position)``), dropping the current one."""
        self.stop()
        try:
            self.job = make()
        except (TypeError, ValueError) as e:  # a bad argument: reported, never a crash
            raise JobStartError(f"bad job: {error_text(e)}") from e
        self.last = {"progress": [0, 1], "best": None}

    def step(self, ms: float = SLICE_MS) -> Report:
        """Advance the job for about ``ms`` milliseconds; its last report (``done`` at the end)."""
        job, last = self.job, self.last
        if job is None:
            return {"done": True, "error": "no job", **last}
        deadline = time.perf_counter() + ms / 1000.0
        try:
            while True:
                last = next(job)
                if last.get("done") or time.perf_counter() >= deadline:
                    break
        except StopIteration:
            last = {**last, "done": True}
        except Exception as e:  # report, never crash the worker
            last = last.copy()
            last.pop("result", None)
            last["done"], last["error"] = True, error_text(e)
        self.last = last
        if last.get("done"):
            self.job = None
        return last.copy()

    def stop(self) -> bool:
        """Drop the job (closing its generator): True if there was one."""
        job, self.job = self.job, None
        if job is not None:
            job.close()
        return job is not None


def slices(make: MakeJob, ms: float = SLICE_MS) -> Job:
    """Run the job ``make`` makes: one report per slice of about ``ms`` milliseconds, the last one ``done``.

    A job that cannot start gives one report, ``{"done": True, "error": "bad job:
    ..."}``, like a job that fails: the pages handle one kind of end.
    Closing the iterator (or dropping it) stops the job.  The pages' glue awaits
    between two slices (``glue/jobs.py``), so the page stays answered.
    """
    runner = Runner()
    try:
        runner.begin(make)
    except JobStartError as e:
        yield {"done": True, "error": str(e)}
        return
    try:
        with collector_paused():
            while True:
                report = runner.step(ms)
                yield report
                if report.get("done"):
                    return
    finally:
        runner.stop()


class _Pause:
    """How many jobs run now with the collector paused (one worker interleaves several), and whether
    the collector was on before the first of them."""

    running = 0
    was_enabled = True


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while a job runs; back on when the last running job ends.

    A search's tables hold hundreds of thousands of tracked tuples, and the collector's full
    collections scanned them in the middle of slices: 150-430 ms in CPython and up to 1.5 s in
    Pyodide (bench/README.md, "The search without generators (issue 28, 2026-11-25)"), so Stop or "Move now" waited that long.  Reference
    counting still frees what a job drops; nothing a job makes needs the collector meanwhile.
    """
    if _Pause.running == 0:
        _Pause.was_enabled = gc.isenabled()
        gc.disable()
    _Pause.running += 1
    try:
        yield
    finally:
        _Pause.running -= 1
        if _Pause.running == 0 and _Pause.was_enabled:
            gc.enable()


def fraction(report: Report) -> float:
    """How far a job is, from 0 to 1, by its report's ``progress`` ``[done, total]`` (0 without one)."""
    done, total = (report.get("progress") or [0, 1])[:2]
    return min(1.0, max(0.0, float(done) / float(total or 1)))


def search_text(label: str, report: Report, best: str | None) -> str | None:
    """The play page's line under "thinking" for a search's report (None: a report without a depth)."""
    if report.get("depth") is None:
        return None
    positions = (report.get("progress") or [0])[0]
    return f"{label} depth {report['depth']}, {positions:,} positions, best {best}"


# ---------------------------------------------------------------- scheduling


class Scheduler:
    """The play page's engine jobs, one at a time by priority (:data:`ORDER`).

    The search (the computer's move or a hint) comes first, then a review,
    then the analysis, then the page's warm-up (:data:`WARM_UP_NODES`).  A job
    starts only when neither it nor a job before it runs (:meth:`may_start`); a
    running job checks between two slices whether a job before it is due
    (:meth:`outranked`) and gives way.  The search
    also carries why it should end early: ``stop`` ("user": the Stop button,
    "changed": its question changed) and ``move_now`` (play the best move
    found so far), and the engine's ``error``.
    """

    ORDER = ("search", "review", "analysis", "warm-up")

    def __init__(self) -> None:
        self.running: set[str] = set()
        self.purpose: str | None = None   # the search's: "move" or "hint"
        self.stop: str | None = None
        self.move_now = False
        self.error: str | None = None

    @property
    def searching(self) -> bool:
        """A search runs: the page's moves, Undo and the other jobs wait."""
        return "search" in self.running

    def outranked(self, kind: str) -> bool:
        """A job before ``kind`` runs: a job of ``kind`` gives way (or does not start)."""
        return any(k in self.running for k in self.ORDER[: self.ORDER.index(kind)])

    def may_start(self, kind: str) -> bool:
        """Neither a job of ``kind`` nor one before it runs."""
        return kind not in self.running and not self.outranked(kind)

    def started(self, kind: str) -> None:
        if kind not in self.ORDER:
            raise ValueError(f"unknown job {kind!r} (expected one of {', '.join(self.ORDER)})")
        self.running.add(kind)

    def finished(self, kind: str) -> None:
        self.running.discard(kind)

    def start_search(self, purpose: str = "move") -> None:
        """A search starts: no stop, no "move now", no error yet."""
        self.started("search")
        self.purpose, self.stop, self.move_now, self.error = purpose, None, False, None

    def end_search(self) -> None:
        """The search ended (``stop`` and ``error`` stay, for its caller to read)."""
        self.finished("search")
        self.purpose = None

    def stop_search(self, why: str) -> None:
        """Ask the running search to stop: ``"user"`` (Stop) or ``"changed"`` (what it answers changed)."""
        if self.searching:
            self.stop = why

    def move_played(self) -> None:
        """A move played on the board: a hint being searched is for the old position."""
        if self.purpose == "hint":
            self.stop_search("changed")

    def search_should_end(self, best: str | None) -> bool:
        """Before the next slice: stopped, or "move now" with a move to play."""
        return bool(self.stop) or (self.move_now and bool(best))

    def search_answer(self, best: str | None) -> str | None:
        """The search's move: None if it was stopped."""
        return None if self.stop else best


@dataclass
class Slot:
    """A background job's record: what it is for, how far it is, whether it was cancelled or is done."""

    kind: str
    position: str = ""
    size: Any = None
    text: str = "Starting the solver…"
    progress: float = 0.0
    cancel: bool = False
    done: bool = False

    @property
    def running(self) -> bool:
        return not self.done and not self.cancel

    def report(self, report: Report) -> None:
        """Take a progress report: its fraction done and its text (the last text if it has none)."""
        self.progress = fraction(report)
        self.text = str(report.get("text") or self.text)


class Slots:
    """At most one running job per kind (the calculator's exact solves, its explorer).

    A new job of a kind cancels the running one (:meth:`replace`), unless the
    running one computes what the new one needs (:meth:`sharing`: the same
    table size, so the new position is answered right after it).
    """

    def __init__(self) -> None:
        self.by_kind: dict[str, Slot] = {}

    def running(self) -> list[Slot]:
        return [s for s in self.by_kind.values() if s.running]

    def sharing(self, kind: str, size: Any) -> Slot | None:
        """The running job of ``kind`` for ``size``, if there is one."""
        cur = self.by_kind.get(kind)
        return cur if cur is not None and cur.running and cur.size == size else None

    def replace(self, kind: str, **fields: Any) -> Slot:
        """A new job of ``kind`` (``fields``: :class:`Slot`'s), cancelling the running one."""
        cur = self.by_kind.get(kind)
        if cur is not None and cur.running:
            cur.cancel = True
        slot = self.by_kind[kind] = Slot(kind, **fields)
        return slot

    def is_current(self, slot: Slot) -> bool:
        """``slot`` is its kind's latest job (not replaced since)."""
        return self.by_kind.get(slot.kind) is slot

    def cancel_all(self) -> list[Slot]:
        """Cancel every running job (Stop); those cancelled."""
        stopped = self.running()
        for s in stopped:
            s.cancel = True
        return stopped
