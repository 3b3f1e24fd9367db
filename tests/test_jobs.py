"""Sliced jobs for the page's worker: progress, results, stopping, errors."""

import json

from lab.jobs import Runner
from phutball import Position  # noqa: E402
from phutball.game import parse_any_position


def run(r, spec):
    assert json.loads(r.begin(json.dumps(spec))) == {"ok": True}
    steps = []
    while True:
        out = json.loads(r.step(5))
        steps.append(out)
        if out.get("done"):
            return steps


def test_computer_2d_takes_a_winning_jump():
    steps = run(Runner(), {"kind": "computer-2d", "position": "9x9_O_E5_E6E7"})
    assert steps[-1]["result"]["move"] == "E5-E8"


def test_computer_2d_reports_progress_and_a_legal_move():
    pos = "15x19_X_H10_G11H11J11G9J9"
    steps = run(Runner(), {"kind": "computer-2d", "position": pos})
    move = steps[-1]["result"]["move"]
    after = Position.from_str(pos).play(move)
    assert after.winner != "O"
    assert all("progress" in s or s.get("done") for s in steps)


def test_computer_1d_plays_the_solvers_move():
    steps = run(Runner(), {"kind": "computer-1d", "position": "L_o*o.o.o...."})
    assert steps[-1]["result"]["value"] == "win"
    assert steps[-1]["result"]["move"] != "2-4-6-8"  # the paper: jumping all three stones loses


def test_stop_and_unknown_kinds_and_errors_are_reported():
    r = Runner()
    r.begin(json.dumps({"kind": "computer-2d", "position": "15x19_O_H10"}))
    r.stop()
    assert json.loads(r.step(5))["error"] == "no job"
    assert "unknown job kind" in json.loads(r.begin(json.dumps({"kind": "nope"})))["error"]
    steps = run(r, {"kind": "computer-2d", "position": "not a position"})
    assert steps[-1]["error"].startswith("bad position 'not a position'")  # the engine's own words


def test_puzzle_calls_run_as_jobs_and_other_names_are_refused():
    r = Runner()
    steps = run(r, {"kind": "puzzles1d", "fn": "judge", "args": ["L_o*o.o.o....", "2-4-6-8"]})
    assert steps[-1]["result"]["keeps_win"] is False and steps[-1]["result"]["refutation"]
    steps = run(r, {"kind": "puzzles1d", "fn": "check_claim_1d", "args": []})
    assert "not a puzzle call" in steps[-1]["error"]


def test_computer_2d_at_each_level_reports_depth_and_legal_best_moves():
    pos = Position.from_str("15x19_O_H10_G11H11J9")
    for level in ("easy", "medium", "hard"):
        steps = run(Runner(), {"kind": "computer-2d", "position": str(pos), "level": level, "max_nodes": 3000})
        for s in steps:
            pos.play(s["best"])  # every "move now" answer is legal
        final = steps[-1]["result"]
        assert final["move"] == steps[-1]["best"] and final["nodes"] <= 3000 and final["depth"] >= 1


def test_an_unknown_level_is_an_error_not_a_crash():
    steps = run(Runner(), {"kind": "computer-2d", "position": "9x9_O_E5", "level": "grandmaster"})
    assert "unknown level 'grandmaster'" in steps[-1]["error"]


def test_a_scripted_job_reports_its_reports_and_a_failure_as_an_error():
    r = Runner()
    assert json.loads(r.begin(json.dumps({"kind": "scripted", "reports": [{"best": "A1"}, {"raise": "boom"}]})))["ok"]
    assert json.loads(r.step(1000))["error"] == "RuntimeError: boom"
    assert "error" in json.loads(r.begin(json.dumps({"kind": "scripted", "nonsense": 1})))  # bad spec: no crash


def test_a_puzzle_call_on_an_unsolved_strip_solves_it_in_slices_first():
    r = Runner()
    pos = "L_.o.*.o.oooo..." + "..."  # 17 squares: no other test here solves this length
    assert len(pos) - 2 == 17
    steps = run(r, {"kind": "puzzles1d", "fn": "analysis", "args": [pos]})
    solving = [s for s in steps if s.get("solving") == 17]
    assert len(solving) > 1 and not any(s.get("done") for s in solving)
    assert steps[-1]["result"]["winning_moves"] is not None
    again = run(r, {"kind": "puzzles1d", "fn": "analysis", "args": [pos]})
    assert len(again) == 1 and again[0]["result"] == steps[-1]["result"]  # solved once per process


def test_a_typed_engine_error_is_shown_as_its_message_a_bug_with_its_type():
    """One format for every page: what the engine says about bad input, or the bug's type and text."""
    def bad_position(position: str):
        yield {"position": str(parse_any_position(position))}

    def bug():
        yield {}[0]
    r = Runner(kinds={"bad-position": bad_position, "bug": bug})
    assert json.loads(r.begin(json.dumps({"kind": "bad-position", "position": "9x9_Q_E5"})))["ok"]
    error = json.loads(r.step(1000))["error"]
    assert "9x9_Q_E5" in error and not error.startswith("ParseError")
    assert json.loads(r.begin(json.dumps({"kind": "bug"})))["ok"]
    assert json.loads(r.step(1000))["error"] == "KeyError: 0"
