"""The puzzle page's controller: judging, refutations, retries, hints, answers, stored progress."""

import asyncio
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "site"))

from puzzlectl import PuzzleController, dump_progress, load_progress  # noqa: E402
from phutball import Point  # noqa: E402

EX1 = {"id": "ex1", "title": "Example (1)", "variant": "1D", "task": "win", "difficulty": 2,
       "position": "L_o*o.o.o....", "main_line": ["2-4-6"], "text": "Jump two, not three.",
       "collection": "Paper", "source": {"kind": "paper", "ref": "sec. 1, (1)"}}
WIN2D = {"id": "w2", "title": "Win", "variant": "2D", "task": "win", "difficulty": 1,
         "position": "5x5_O_B3_B4C4", "main_line": ["B3-B5"], "text": "Up!", "collection": "2D"}
SAFE2D = {"id": "s2", "title": "Safe", "variant": "2D", "task": "safe-move", "difficulty": 1,
          "position": "7x7_X_D5_D4D6", "main_line": ["D3"], "text": "Block.", "trap": "D5-D7",
          "collection": "2D"}
WHICH = {"id": "which", "title": "Who wins?", "variant": "1D", "task": "which-side", "difficulty": 1,
         "position": "L_o*o.ooo....", "main_line": [], "answer": "R", "text": "Right wins.", "collection": "Paper"}
POT = {"id": "pot", "title": "Potentials", "variant": "1D", "task": "potential", "difficulty": 1,
       "position": "..ooo|ooo....o.", "main_line": [], "answer": {"pL": 1, "pR": 0}, "text": "pL=1, pR=0.",
       "collection": "Paper"}


def run(coro):
    """Run a coroutine to the end in a fresh thread (the browser tests' Playwright loop may be running here)."""
    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


def ctl(*puzzles):
    return PuzzleController(list(puzzles))


def drain(c):
    while c.animate_step():
        pass


def test_a_winning_2d_jump_solves_and_counts():
    c = ctl(WIN2D)
    run(c.user_move("B3-B5"))
    assert c.phase == "solved" and c.progress["w2"] == {"solved": True, "attempts": 1}


def test_a_wrong_2d_move_is_refuted_on_the_board_then_retry_restores():
    c = ctl(SAFE2D)
    run(c.user_move("A1"))  # ignores the threat: Ohs jumps D5-D7 and wins
    assert c.verdict == "wrong" and c.queue == ["D5-D7"]
    drain(c)
    assert c.phase == "wrong" and c.game.position.winner == "O"
    c.retry()
    assert c.phase == "playing" and str(c.game.position) == SAFE2D["position"]
    run(c.user_move("D6"))  # occupied: illegal, nothing changes
    assert c.phase == "playing" and "already there" in c.message


def test_1d_wrong_move_gets_a_full_refutation_and_the_right_one_is_answered():
    c = ctl(EX1)
    run(c.user_move("2-4-6-8"))  # the paper: jumping all three stones loses
    assert c.verdict == "wrong" and c.queue
    drain(c)
    assert c.game.position.winner == "R"
    c.retry()
    run(c.user_move("2-4-6"))
    assert c.verdict == "correct" and len(c.queue) == 1  # the engine's reply
    drain(c)
    assert c.phase == "playing" and c.game.position.to_move == "L"
    # play on with the hint's move until the win
    for _ in range(20):
        if c.phase == "solved":
            break
        run(c.show_hint())
        move = c.message  # "Hint: use ..." -- take the solver's move directly instead
        from phutball.puzzles1d import analysis
        best = analysis(str(c.game.position))["winning_moves"][0]
        run(c.user_move(best))
        drain(c)
    assert c.phase == "solved" and c.progress["ex1"]["solved"]


def test_hint_highlights_the_ball_or_the_square():
    c = ctl(EX1)
    run(c.show_hint())
    assert c.hint == 2 and "the ball" in c.message
    c = ctl(WIN2D)
    run(c.show_hint())
    assert c.hint == Point.from_str("B3")


def test_answers_and_solution():
    c = ctl(WHICH, POT)
    c.answer("L")
    assert c.verdict == "wrong" and c.progress["which"]["attempts"] == 1
    c.answer("R")
    assert c.phase == "solved"
    c.next()
    c.answer({"pL": "0", "pR": "0"})
    assert c.verdict == "wrong"
    c.answer({"pL": "1", "pR": "0"})
    assert c.phase == "solved"
    c.open(0)
    c.show_solution()
    assert "Right wins" in c.message


def test_solution_is_replayed_step_by_step():
    c = ctl(EX1)
    c.show_solution()
    assert c.queue == ["2-4-6"] and c.phase == "busy"
    drain(c)
    assert c.phase == "solution" and c.game.moves == ["2-4-6"]


def test_groups_and_deep_links():
    c = ctl(EX1, WIN2D, SAFE2D)
    c.progress["w2"] = {"solved": True, "attempts": 2}
    groups = {g["collection"]: g["puzzles"] for g in c.groups()}
    assert [e["id"] for e in groups["2D"]] == ["w2", "s2"] and groups["2D"][0]["solved"]
    assert c.open_id("s2") and c.puzzle["id"] == "s2"
    assert not c.open_id("nope") and "no puzzle" in c.message


def test_progress_storage_ignores_corruption_entry_by_entry():
    good = dump_progress({"a": {"solved": True, "attempts": 3}})
    assert load_progress(good) == {"a": {"solved": True, "attempts": 3}}
    for raw in (None, "", "{", "[]", '{"v": 0, "puzzles": {}}', json.dumps({"v": 1, "puzzles": []})):
        assert load_progress(raw) == {}
    mixed = json.dumps({"v": 1, "puzzles": {"a": {"solved": True, "attempts": 1}, "b": "junk",
                                            "c": {"solved": "yes", "attempts": 1}, "d": {"solved": False,
                                                                                         "attempts": -2}}})
    assert load_progress(mixed) == {"a": {"solved": True, "attempts": 1}}


def test_a_winning_move_outside_the_long_puzzles_book_is_taken_back_not_marked_wrong():
    from phutball.puzzles import load_file
    from phutball.puzzles1d import analysis, judge
    paper = {p.id: p for p in load_file(Path(__file__).resolve().parent.parent / "puzzles" / "paper.json")}
    only = paper["paper-24-backward-jump"]
    c = ctl(only.to_dict() | {"collection": "Paper"})
    # play winning moves the book follows (the engine answers) until one winning move leaves the book
    outside = None
    for _ in range(20):
        pos = str(c.game.position)
        wins = analysis(pos)["winning_moves"]
        known = {m: judge(pos, m).get("continuation_known") for m in wins}
        outside = next((m for m in wins if known[m] is False), None)
        if outside:
            break
        run(c.user_move(next(m for m in wins if known[m])))
        assert c.verdict == "correct"
        drain(c)
    assert outside is not None
    before = c.game.moves[:]
    run(c.user_move(outside))
    assert c.phase == "playing" and c.game.moves == before and "wins too" in c.message
    assert c.progress.get(only.id, {"attempts": 0})["attempts"] == 0


def test_unreadable_stored_progress_is_reported_as_such_and_bad_entries_are_not():
    from puzzlectl import read_progress
    nested = "[" * 5000 + "]" * 5000  # deeper than the JSON parser's recursion allows
    for raw in (nested, "{not json", "[]", '{"v": 2, "puzzles": {}}', json.dumps({"v": 1, "puzzles": []})):
        assert read_progress(raw) == ({}, True), raw[:20]
    assert read_progress(None) == ({}, False) and read_progress("") == ({}, False)
    mixed = json.dumps({"v": 1, "puzzles": {"a": {"solved": True, "attempts": 1}, "b": "junk"}})
    assert read_progress(mixed) == ({"a": {"solved": True, "attempts": 1}}, False)
