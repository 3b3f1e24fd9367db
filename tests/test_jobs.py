"""Sliced jobs for the page's worker: progress, results, stopping, errors; which job runs when."""

from functools import partial

import pytest

from lab.jobs import (ComputerMove1D, ComputerMove2D, JobStartError, PuzzleCall, Runner, Scheduler, Slot, Slots,
                      fraction, scripted, search_text, slices)
from phutball import Position  # noqa: E402
from phutball.game import parse_any_position


def run(r, job):
    r.begin(job)
    steps = []
    while True:
        out = r.step(5)
        steps.append(out)
        if out.get("done"):
            return steps


def test_computer_2d_takes_a_winning_jump():
    steps = run(Runner(), ComputerMove2D("9x9_O_E5_E6E7E8"))
    assert steps[-1]["result"]["move"] == "E5-E9"  # over three men onto the Ohs' goal row


def test_computer_2d_reports_progress_and_a_legal_move():
    pos = "15x19_X_H10_G11H11J11G9J9"
    steps = run(Runner(), ComputerMove2D(pos))
    move = steps[-1]["result"]["move"]
    after = Position.from_str(pos).play(move)
    assert after.winner != "O"
    assert all("progress" in s or s.get("done") for s in steps)


def test_computer_1d_plays_the_solvers_move():
    steps = run(Runner(), ComputerMove1D("L_o*o.o.o...."))
    assert steps[-1]["result"]["value"] == "win"
    assert steps[-1]["result"]["move"] != "2-4-6-8"  # the paper: jumping all three stones loses


def test_stop_and_bad_arguments_and_errors_are_reported():
    r = Runner()
    r.begin(ComputerMove2D("15x19_O_H10"))
    assert r.stop() is True and r.stop() is False
    assert r.step(5)["error"] == "no job"
    with pytest.raises(JobStartError, match="bad job: TypeError"):
        r.begin(partial(scripted, nonsense=1))
    steps = run(r, ComputerMove2D("not a position"))
    assert steps[-1]["error"].startswith("bad position 'not a position'")  # the engine's own words


def test_puzzle_calls_run_as_jobs_and_other_functions_are_refused():
    from phutball.puzzles import judge
    from phutball.puzzles.common import parse_position
    r = Runner()
    steps = run(r, PuzzleCall(judge.judge, ("L_o*o.o.o....", "2-4-6-8")))
    assert steps[-1]["result"]["keeps_win"] is False and steps[-1]["result"]["refutation"]
    steps = run(r, PuzzleCall(parse_position, ("L_o*o.o.o....",)))
    assert steps[-1]["error"] == "ValueError: not a puzzle call: 'parse_position'"


def test_computer_2d_at_each_level_reports_depth_and_legal_best_moves():
    pos = Position.from_str("15x19_O_H10_G11H11J9")
    for level in ("easy", "medium", "hard"):
        steps = run(Runner(), ComputerMove2D(str(pos), level, max_nodes=3000))
        for s in steps:
            pos.play(s["best"])  # every "move now" answer is legal
        final = steps[-1]["result"]
        assert final["move"] == steps[-1]["best"] and final["nodes"] <= 3000 and final["depth"] >= 1


def test_an_unknown_level_is_an_error_not_a_crash():
    steps = run(Runner(), ComputerMove2D("9x9_O_E5", "wizard"))
    assert "unknown level 'wizard'" in steps[-1]["error"]


def test_a_scripted_job_reports_its_reports_and_a_failure_as_an_error():
    r = Runner()
    r.begin(partial(scripted, [{"best": "A1"}, {"raise": "boom"}]))
    assert r.step(1000)["error"] == "RuntimeError: boom"
    with pytest.raises(JobStartError, match="bad job: TypeError"):  # a bad argument: an error, no crash
        r.begin(partial(scripted, nonsense=1))


def test_a_puzzle_call_on_an_unsolved_strip_solves_it_in_slices_first():
    from phutball.puzzles import judge
    r = Runner()
    pos = "L_.o.*.o.oooo..." + "..."  # 17 squares: no other test here solves this length
    assert len(pos) - 2 == 17
    steps = run(r, PuzzleCall(judge.analysis, (pos,)))
    solving = [s for s in steps if s.get("solving") == 17]
    assert len(solving) > 1 and not any(s.get("done") for s in solving)
    assert steps[-1]["result"]["winning_moves"] is not None
    again = run(r, PuzzleCall(judge.analysis, (pos,)))
    assert len(again) == 1 and again[0]["result"] == steps[-1]["result"]  # solved once per process


def test_a_typed_engine_error_is_shown_as_its_message_a_bug_with_its_type():
    """One format for every page: what the engine says about bad input, or the bug's type and text."""
    def bad_position(position: str):
        yield {"position": str(parse_any_position(position))}

    def bug():
        yield {}[0]
    r = Runner()
    r.begin(partial(bad_position, "9x9_Q_E5"))
    error = r.step(1000)["error"]
    assert "9x9_Q_E5" in error and not error.startswith("ParseError")
    r.begin(bug)
    assert r.step(1000)["error"] == "KeyError: 0"


def test_a_report_is_the_callers_to_keep():
    r = Runner()
    r.begin(lambda: iter([{"n": 1}, {"n": 2, "done": True}]))
    first = r.step(0)
    first["n"] = 99
    assert r.step(0) == {"n": 2, "done": True}


def test_a_job_that_ends_without_saying_done_is_done_with_its_last_report():
    r = Runner()
    r.begin(lambda: iter([{"progress": [1, 2]}]))
    assert r.step(1000) == {"progress": [1, 2], "done": True}
    assert r.step(1000)["error"] == "no job"


# ---------------------------------------------------------------- slices: what the pages' glue loops over


def test_slices_yield_one_report_per_slice_the_last_one_done():
    reports = list(slices(partial(scripted, [{"best": "A1"}, {"best": "B2", "done": True, "result": {"move": "B2"}}]),
                          ms=0))
    assert reports == [{"best": "A1"}, {"best": "B2", "done": True, "result": {"move": "B2"}}]


def not_a_job(position: str):
    raise ValueError(f"bad position {position!r}")


@pytest.mark.parametrize("make,error", [(partial(scripted, nonsense=1), "bad job: TypeError"),
                                        (partial(not_a_job, "Q"), "bad job: ValueError: bad position 'Q'")])
def test_a_job_that_cannot_start_ends_like_a_failing_job(make, error):
    (report,) = list(slices(make))
    assert report["done"] and report["error"].startswith(error)


def test_a_failing_job_ends_with_its_error_and_no_result():
    reports = list(slices(partial(scripted, [{"result": 1}, {"raise": "boom"}]), ms=0))
    assert reports == [{"result": 1}, {"done": True, "error": "RuntimeError: boom"}]


def test_closing_the_slices_closes_the_job():
    closed = []

    def job():
        try:
            while True:
                yield {"progress": [0, 1]}
        finally:
            closed.append(True)
    reports = slices(job, ms=0)
    assert next(reports) == {"progress": [0, 1]}
    reports.close()
    assert closed == [True]


def test_the_calculators_jobs_run_through_the_same_slices():
    from lab.calc.jobs import Exact1D
    last = list(slices(Exact1D("L_.*.o..o..")))[-1]
    assert last["done"] and last["result"]["plies"] == 15


def test_fraction_and_search_text_read_a_report():
    assert fraction({"progress": [1, 4]}) == 0.25 and fraction({}) == 0.0 and fraction({"progress": [3, 0]}) == 1.0
    assert search_text("Thinking…", {"depth": 3, "progress": [12345, 20000]}, "H10") == \
        "Thinking… depth 3, 12,345 positions, best H10"
    assert search_text("Thinking…", {"progress": [0, 1]}, None) is None


# ---------------------------------------------------------------- the play page's priorities


def test_the_search_comes_before_a_review_which_comes_before_the_analysis():
    s = Scheduler()
    assert all(s.may_start(k) for k in Scheduler.ORDER)
    s.started("analysis")
    assert not s.may_start("analysis") and s.may_start("review") and not s.outranked("analysis")
    s.started("review")
    assert s.outranked("analysis") and not s.outranked("review") and not s.may_start("review")
    s.start_search("move")
    assert s.searching and s.outranked("review") and s.outranked("analysis") and not s.may_start("search")
    s.end_search()
    s.finished("review")
    assert not s.searching and not s.outranked("analysis") and s.may_start("review")
    with pytest.raises(ValueError):
        s.started("tea")


def test_the_pages_warm_up_gives_way_to_every_other_job_and_keeps_none_waiting():
    s = Scheduler()
    s.started("warm-up")
    assert not s.searching and not s.outranked("warm-up") and not s.may_start("warm-up")
    assert all(s.may_start(k) for k in ("search", "review", "analysis"))  # none waits for it
    for kind in ("analysis", "review"):
        s.started(kind)
        assert s.outranked("warm-up")  # so it stops before its next slice
        s.finished(kind)
    s.start_search("hint")
    assert s.outranked("warm-up")


def test_a_search_stops_for_stop_or_move_now_with_a_move_and_says_why():
    s = Scheduler()
    s.stop_search("user")  # no search: nothing to stop
    assert s.stop is None
    s.start_search("move")
    assert not s.search_should_end(None)
    s.move_now = True
    assert not s.search_should_end(None) and s.search_should_end("H10")  # "move now" needs a move to play
    assert s.search_answer("H10") == "H10"
    s.stop_search("user")
    assert s.search_should_end(None) and s.search_answer("H10") is None
    s.end_search()
    assert s.stop == "user"  # still there for the caller to read
    s.start_search("move")
    assert (s.stop, s.move_now, s.error) == (None, False, None)  # a new search starts afresh


def test_a_move_played_cancels_a_hint_but_not_the_computers_move():
    s = Scheduler()
    s.start_search("move")
    s.move_played()
    assert s.stop is None
    s.end_search()
    s.start_search("hint")
    s.move_played()
    assert s.stop == "changed" and s.purpose == "hint"
    s.end_search()
    assert s.purpose is None


# ---------------------------------------------------------------- one job per kind (the calculator)


def test_a_new_job_of_a_kind_cancels_the_running_one_unless_it_shares_its_table():
    slots = Slots()
    a = slots.replace("strip", position="L_.*.o..", size=7)
    assert slots.running() == [a] and slots.is_current(a)
    assert slots.sharing("strip", 7) is a and slots.sharing("strip", 9) is None and slots.sharing("oddish", 7) is None
    b = slots.replace("strip", position="L_.*.o....", size=9)
    assert a.cancel and not a.running and slots.is_current(b) and not slots.is_current(a)
    c = slots.replace("oddish", position="x", size=5)
    assert slots.running() == [b, c]
    b.done = True
    assert slots.running() == [c] and slots.sharing("strip", 9) is None
    assert slots.cancel_all() == [c] and c.cancel and slots.running() == [] and slots.cancel_all() == []


def test_a_slot_takes_progress_and_keeps_its_text_when_a_report_has_none():
    s = Slot("explore", size=12)
    assert (s.text, s.progress, s.running) == ("Starting the solver…", 0.0, True)
    s.report({"progress": [1, 4], "text": "Solving…"})
    s.report({"progress": [1, 2]})
    assert (s.text, s.progress) == ("Solving…", 0.5)


# ---------------------------------------------------------------- the glue's one loop (glue/jobs.py)


def test_the_glue_loop_reports_each_slice_and_stops_when_asked():
    import time

    from glue.jobs import run_job
    from helpers import run_async
    from lab.jobs import SLICE_MS

    def slow(reports):  # each report takes longer than a slice: one report per slice
        for r in reports:
            time.sleep(SLICE_MS / 1000 + 0.005)
            yield r
    seen = []
    job = partial(slow, [{"best": "A1"}, {"best": "B2"}, {"done": True, "best": "C3"}])
    assert run_async(run_job(job, seen.append)) == {"done": True, "best": "C3"}
    assert [r["best"] for r in seen] == ["A1", "B2", "C3"]
    seen.clear()
    assert run_async(run_job(job, seen.append, lambda: len(seen) == 2)) is None  # asked before each slice
    assert [r["best"] for r in seen] == ["A1", "B2"]
    assert run_async(run_job(partial(slow, nonsense=1), seen.append))["error"].startswith("bad job: TypeError")


def test_the_collector_is_off_while_jobs_run_and_back_when_the_last_one_ends():
    """Issue 28: a full collection scanning a search's tables stalled slices for hundreds of ms."""
    import gc
    assert gc.isenabled()
    search = slices(ComputerMove2D("15x19_O_H10_G9H11J12", "hard"), ms=1)
    other = slices(ComputerMove1D("L_.*.o..."), ms=1)
    try:
        first = next(search)
        assert not gc.isenabled() and not first.get("done")
        reports = [next(other)]
        search.close()  # Stop: one job still runs
        assert not gc.isenabled()
        reports += list(other)
        assert reports[-1]["done"] and gc.isenabled()
    finally:  # a failure here must not leave the collector off for the tests after it
        search.close()
        other.close()
    gc.disable()  # a caller that had it off keeps it off
    try:
        for _ in slices(ComputerMove1D("L_.*.o...")):
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_search_on_a_new_board_size_builds_its_tables_a_part_per_report(monkeypatch):
    """Issue 44: the first search on a 25x25 board spent 55 ms (Pyodide) on its tables inside one slice.
    The job builds them first, 32 points per report (a point: its rays, its neighbours, its jump
    starts), each a report of no progress yet whose best move is a legal one ("move now" plays it);
    the tables are the ones built at once."""
    from phutball.ai import nodes
    monkeypatch.setattr(nodes, "_TABLES", {})
    whole = nodes.search_tables(25, 25)
    monkeypatch.setattr(nodes, "_TABLES", {})
    built = [0]
    real = nodes.bit_point

    def counting(w: int, index: int) -> tuple[int, int]:
        built[0] += 1
        return real(w, index)
    monkeypatch.setattr(nodes, "bit_point", counting)
    pos = Position.start("25x25")
    job = ComputerMove2D(str(pos), "easy")()
    first, points = [], []
    for report in job:
        if report.get("depth") is not None:
            break
        first.append(report)
        points.append(built[0])
    best = first[0]["best"]
    assert all(r == {"progress": [0, 1], "best": best} for r in first)
    placed = pos.parse_move(best).point  # "move now" plays a man next to the ball
    assert max(abs(placed.col - pos.ball.col), abs(placed.row - pos.ball.row)) == 1 and pos.play(best)
    steps = [b - a for a, b in zip([0] + points, points)]
    assert len(first) >= 2 * 25 * 27 // 32 and max(steps) <= 32  # both parts of the tables, 32 points a step
    assert nodes.search_tables(25, 25) == whole
    assert list(nodes.building_tables(25, 25)) == []  # built once
