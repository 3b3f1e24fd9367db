"""The deeper 2D puzzles: exact analysis, the trivial-rule filter, false claims caught, the shipped set, play.

Every shipped puzzle's claim is re-checked by ``tests/test_puzzles.py`` (all files of ``puzzles/``);
here the shipped deep files are checked against the issue's targets and the filter.
"""

import asyncio
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from phutball import Position
from phutball.puzzles.tasks import check_claim, task_named
from phutball.puzzles.format import FORMAT, PuzzleFormatError, load_file, load_text
from phutball.puzzles.twod import RULES

from lab.puzzles import PuzzleController

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
DEEP = sorted(PUZZLES.glob("2d-deep-*.json"))

# Ohs (attacking row 9) to move.  No jump now; a man on E6 makes E5-E6-E7-E8 a run the ball
# jumps to row 10.  A man on E9 only lengthens the run; Eks' own jump lands on Ohs' goal.
GOAL_SIDE = """
9 . . . . . . . . .
8 . . . . o . . . .
7 . . . . o . . . .
6 . . . . . . . . .
5 . . . . * . . . .
4 . . . . . . . . .
3 . . . . . . . . .
2 . . . . . . . . .
1 . . . . . . . . .
  A B C D E F G H J
"""

# Ohs to move: a four-hop win straight up the E file -- long, but the greedy jump finds it.
STRAIGHT_CHAIN = """
9 . . . . o . . . .
8 . . . . . . . . .
7 . . . . o . . . .
6 . . . . . . . . .
5 . . . . o . . . .
4 . . . . . . . . .
3 . . . . o . . . .
2 . . . . * . . . .
1 . . . . . . . . .
  A B C D E F G H J
"""


def run(coro):
    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


def test_a_win_in_two_solved_by_the_goal_side_placement_is_rejected():
    pos = Position.from_diagram(GOAL_SIDE, "O")
    a = task_named("win-in-two").analyse(pos)
    assert a is not None and [str(m) for m in a.solutions] == ["E6"]
    assert [str(m) for m in a.main_line] == ["E6", "E9", "E5-E10"]
    assert task_named("win-in-two").rule_solves(pos, a.solutions) == {
        "greedy-jump": False, "goal-side-placement": True, "first-jump": False}
    assert task_named("win-in-two").solving_rule(pos, a.solutions) == "goal-side-placement"


def test_a_long_chain_the_greedy_jump_finds_is_rejected():
    pos = Position.from_diagram(STRAIGHT_CHAIN, "O")
    a = task_named("win").analyse(pos)
    assert a is not None and a.extra["min_jumps"] == 4
    assert [str(m) for m in a.solutions] == ["E2-E4-E6-E8-E10"]
    assert task_named("win").solving_rule(pos, a.solutions) == "greedy-jump"


def test_no_win_in_two_where_there_is_no_threat_to_make():
    pos = Position.from_diagram(GOAL_SIDE.replace("8 . . . . o", "8 . . . . ."), "O")
    assert task_named("win-in-two").analyse(pos) is None


def _deep_puzzle(**changes):
    d = {"id": "d-1", "title": "T", "source": {"kind": "composed", "ref": "test"}, "variant": "2D",
         "position": str(Position.from_diagram(GOAL_SIDE, "O")), "task": "win-in-two", "difficulty": 2,
         "text": "t", "main_line": ["E6", "E9", "E5-E10"], "solutions": ["E6"]}
    d.update(changes)
    [p] = load_text(json.dumps({"format": FORMAT, "puzzles": [{k: v for k, v in d.items() if v is not None}]}))
    return p


def test_a_true_win_in_two_claim_checks():
    assert check_claim(_deep_puzzle()) == []


@pytest.mark.parametrize("changes,problem", [
    ({"solutions": ["E6", "A1"]}, "listed solutions that fail: A1"),
    ({"solutions": ["E4"]}, "leave out E6"),
    ({"main_line": ["E6", "E9"]}, "main line must be"),
    ({"task": "defend", "threat": "E5-E3"}, "not a defend puzzle"),
    ({"task": "dont-jump", "trap": "E5-E7"}, "not a dont-jump puzzle"),
])
def test_false_claims_are_caught(changes, problem):
    problems = check_claim(_deep_puzzle(**changes))
    assert any(problem in x for x in problems), problems


@pytest.mark.parametrize("changes,reason", [
    ({"solutions": None}, "task 'win-in-two' needs field 'solutions'"),
    ({"solutions": "E6"}, "field 'solutions' must be a non-empty list"),
    ({"solutions": []}, "field 'solutions' must be a non-empty list"),
    ({"task": "defend"}, "task 'defend' needs field 'threat'"),
    ({"task": "dont-jump"}, "task 'dont-jump' needs field 'trap'"),
    ({"nodes": -3}, "field 'nodes' must be a whole number"),
    ({"variant": "1D", "position": "L_o*o.o.o...."}, "for 2D positions only"),
])
def test_bad_deep_fields_are_named(changes, reason):
    with pytest.raises(PuzzleFormatError, match=reason):
        _deep_puzzle(**changes)


def test_the_page_plays_a_win_in_two_threat_defence_and_jump():
    c = PuzzleController([_deep_puzzle()])
    run(c.user_move("E4"))  # no threat at all
    assert c.verdict == "wrong"
    c.retry()
    run(c.user_move("E6"))
    assert c.verdict == "correct" and c.queue == ["E9"]  # the engine's (hopeless) defence
    while c.animate_step():
        pass
    assert c.phase == "playing"
    run(c.user_move("E5-E10"))
    assert c.phase == "solved"


def test_the_shipped_deep_set_meets_the_targets():
    puzzles = [p for f in DEEP for p in load_file(f)]
    by_task = {t: sum(p.task.name == t for p in puzzles) for t in ("win", "win-in-two", "defend", "dont-jump")}
    assert len(puzzles) >= 200 and by_task["win-in-two"] >= 60 and all(by_task.values()), by_task
    sizes = {Position.from_str(p.position).size.__str__() for p in puzzles}
    assert sizes == {"9x9", "11x11", "13x13", "15x19"}
    assert all(p.extra["min_jumps"] >= 3 for p in puzzles if p.task.name == "win")
    assert len({p.difficulty for p in puzzles}) >= 3


@pytest.mark.parametrize("path", DEEP, ids=[p.name for p in DEEP])
def test_each_deep_file_records_its_filter_and_no_rule_solves_a_shipped_puzzle(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    f = data["trivial_filter"]
    assert set(f["solved_by"]) == set(RULES) and set(f["removed"]) == set(RULES)
    assert f["candidates"] == f["kept"] + sum(f["removed"].values())
    assert f["kept"] == len(data["puzzles"]) + len(data.get("near_copies_removed", []))  # issue 42: near-copies out
    for p in load_file(path):
        pos = Position.from_str(p.position)
        assert p.task.solving_rule(pos, [pos.parse_move(m) for m in p.extra["solutions"]]) is None, p.id


def test_phutball_puzzles_check_confirms_every_deep_file(capsys):
    from phutball.cli.main import main
    code = main(["puzzles", "check", *map(str, DEEP), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["false"] == 0
    assert report["puzzles"] == sum(len(load_file(f)) for f in DEEP) >= 200


# Eks to move; Ohs (attacking row 7) threaten D5-D7.  A man on D7 only lengthens the run (the ball
# then lands on D8, still a goal); the one defence is to jump the ball away, D5-D3.
THREATENED = """
7 . . . . . . .
6 . . . o . . .
5 . . . * . . .
4 . . . o . . .
3 . . . . . . .
2 . . . . . . .
1 . . . . . . .
  A B C D E F G
"""


def test_defend_finds_the_only_defence_and_the_page_judges_it():
    pos = Position.from_diagram(THREATENED, "X")
    a = task_named("defend").analyse(pos)
    assert [str(m) for m in a.solutions] == ["D5-D3"] and str(a.extra["threat"]) == "D5-D7"
    p = _deep_puzzle(position=str(pos), task="defend", main_line=["D5-D3"], solutions=["D5-D3"],
                     threat="D5-D7")
    assert check_claim(p) == []
    c = PuzzleController([p])
    run(c.user_move("D7"))
    assert c.verdict == "wrong" and c.queue == ["D5-D8"]  # the refutation: the longer run still scores
    c.retry()
    run(c.user_move("D5-D3"))
    assert c.phase == "solved"


def test_a_search_out_of_budget_is_reported_not_guessed():
    pos = Position.from_diagram(THREATENED, "X")
    problems = task_named("defend").check_analysis(str(pos), ["D5-D3"], {"solutions": ["D5-D3"], "threat": "D5-D7"}, max_nodes=1)
    assert problems and problems[0].startswith("cannot decide exactly")


def test_a_teachers_puzzle_the_engine_cannot_decide_in_time_says_so_not_that_it_has_no_solution(monkeypatch):
    # issue 24 item 2: a dense board whose win the goal-first search alone could not find in a
    # million nodes; a search that gives up must say it could not decide, never "no winning jump"
    from lab.embed import claim_error_text
    from phutball.puzzles import claims, custom
    position = ("11x11_O_C7_A3A4A5A6A9A10B2B4B6B7B8C2C3C4C6C9D2D3D4D5D7E4E5E7E8E9E10F3F5F6F7F8F9G4G5G7G10H2H3"
                "H6H8H9H10J3J4J5J6J7J8J9K2K4K5K6K9K10L2L5L7L9")
    pos = Position.from_str(position)
    solved = custom.custom_puzzle(position, "win")
    assert pos.play(solved.main_line[0]).winner == pos.to_move
    monkeypatch.setattr(claims, "CLAIM_NODES", 1)  # a budget no search can decide it in
    for task in ("win", "safe-move"):
        with pytest.raises(custom.UndecidedClaimError) as e:
            custom.custom_puzzle(position, task)
        assert "could not decide in time" in str(e.value) and e.value.text == position
        assert "no winning jump" not in str(e.value)
        message, headline = claim_error_text(e.value, task)
        assert "could not decide in time" in message and "could not check" in headline
        assert "not a" not in message and "no solution" not in message + headline
    monkeypatch.undo()
    with pytest.raises(custom.UndecidedClaimError) as long_strip:  # beyond the exact solver: not refuted either
        custom.custom_puzzle("L_" + "o." * 20 + "*" + ".o" * 20, "win")
    assert "could not check" in claim_error_text(long_strip.value, "win")[1]
    with pytest.raises(custom.ClaimError) as refuted:  # a refuted claim still says so
        custom.custom_puzzle("9x9_O_E5", "win")
    assert not isinstance(refuted.value, custom.UndecidedClaimError)
    message, headline = claim_error_text(refuted.value, "win")
    assert "no winning jump" in message and "not a 'win' puzzle" in message
    assert headline == "This puzzle has no solution as set."


def test_what_each_jump_maze_says_of_the_greedy_chain_holds():
    # issue 27: a maze said "greedier chains run into dead ends" although hopping toward the goal solves it
    import re
    from phutball.puzzles.twod import greedy_jump
    sys.path.insert(0, str(PUZZLES.parent / "tools"))
    from make_2d_puzzles import GREEDY_FAILS, GREEDY_FINDS
    mazes = [p for p in load_file(PUZZLES / "2d.json") if p.id.startswith("2d-chain-")]
    said = {GREEDY_FAILS: 0, GREEDY_FINDS: 0}
    for p in mazes:
        pos = Position.from_str(p.position)
        g = greedy_jump(pos)
        finds = g is not None and pos.play(g).winner == pos.to_move
        assert p.text.endswith(GREEDY_FINDS if finds else GREEDY_FAILS), p.id
        said[GREEDY_FINDS if finds else GREEDY_FAILS] += 1
        wins = pos.winning_jumps(limit=10_000, max_nodes=2_000_000)
        jumps, paths = map(int, re.search(r"at least (\d+) jumps.*?(\d+) winning paths? exists?", p.text).groups())
        assert jumps == p.extra["min_jumps"] == min(len(j.path) - 1 for j in wins.paths), p.id
        assert wins.complete and paths == len(wins.paths), p.id
    assert said[GREEDY_FAILS] >= 5 and said[GREEDY_FINDS] >= 1, said
