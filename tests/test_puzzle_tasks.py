"""The puzzle tasks' table (phutball.puzzles.tasks): one class per task, read by the format, the checker,
the puzzle page and the embeds."""

from __future__ import annotations

import json

import pytest

from phutball.puzzles.format import FORMAT, TASKS, PuzzleFormatError, load_text
from phutball.puzzles.tasks import TASKS as TABLE, Task, task_named


def one_puzzle(**fields) -> dict:
    d = {"id": "p", "title": "A puzzle", "source": {"kind": "composed"}, "variant": "1D",
         "position": "L_o*o.o.o....", "task": "win", "difficulty": 1, "text": "", "main_line": ["2-4-6"]}
    return d | fields


def load(**fields):
    return load_text(json.dumps({"format": FORMAT, "puzzles": [one_puzzle(**fields)]}), "test.json")


def test_every_task_is_one_class_named_in_the_table_and_the_format_reads_the_table():
    assert TASKS == tuple(TABLE)
    for name, task in TABLE.items():
        assert isinstance(task, Task) and task.name == name and task_named(name) is task
        assert type(task) is not Task  # each task has its own class
        assert task.question and set(task.variants) <= {"1D", "2D"}
        assert set(task.custom) <= set(task.variants)
        assert task.plays == (task.answer_kind is None)
    with pytest.raises(KeyError, match="no puzzle task 'essay'"):
        task_named("essay")


@pytest.mark.parametrize("task", sorted(TABLE))
def test_the_format_asks_each_task_for_its_fields_and_variants(task):
    t = TABLE[task]
    sample = {"trap": "E6", "threat": "E6", "solutions": ["E6"], "positions": ["L_o*o..", "R_o*o.."],
              "played": "E6", "refutation": [],
              "answer": {"compare": ["L", "R"], "potential": {"pL": 1}}.get(task, "L")}
    board = t.variants[0] == "2D"
    for field in t.needs:  # a puzzle without a field its task needs is refused, naming the field
        others = {k: sample[k] for k in t.needs if k != field}
        with pytest.raises(PuzzleFormatError, match=f"needs field '{field}'"):
            load(task=task, variant=t.variants[0], position="9x9_O_E5" if board else "L_o*o..", **others)
    if t.variants == ("2D",):  # a board-only task on a strip is refused
        with pytest.raises(PuzzleFormatError, match="is for 2D positions only"):
            load(task=task, **{k: sample[k] for k in t.needs})


def test_the_prompt_names_the_side_to_move():
    assert task_named("win").prompt("Ohs") == "Ohs to play and win."
    assert "{who}" not in task_named("defend").prompt("Eks") and "Eks" in task_named("defend").prompt("Eks")


def test_questions_are_judged_by_their_task():
    [which] = load(task="which-side", answer="R", main_line=[])
    assert TABLE["which-side"].is_right(which, "R") and not TABLE["which-side"].is_right(which, "L")
    assert TABLE["which-side"].answer_text(which) == "Right wins."
    [pot] = load(task="potential", position="..ooo|ooo....o.", answer={"pL": 1, "pR": 0}, main_line=[])
    assert TABLE["potential"].is_right(pot, {"pL": " 1", "pR": "0"})
    assert not TABLE["potential"].is_right(pot, {"pL": "0", "pR": "0"})
    with pytest.raises(ValueError, match="whole numbers"):
        TABLE["potential"].is_right(pot, {"pL": "one"})
    [win] = load()
    with pytest.raises(TypeError, match="playing moves"):
        TABLE["win"].is_right(win, "L")
    assert TABLE["win"].answer_text(win) == "2-4-6"


@pytest.mark.parametrize("task, bad, what", [
    ("compare", "L", "a list of side letters"), ("potential", {"pL": "1"}, "an object of whole numbers"),
    ("which-side", ["L"], "a side letter or 'draw'"), ("win", 1, "a string")])
def test_the_type_of_an_answer_is_its_tasks(task, bad, what):
    assert not TABLE[task].answer_ok(bad) and TABLE[task].answer_type.startswith(what)
    with pytest.raises(PuzzleFormatError, match=f"field 'answer' must be {what}"):
        load(task=task, answer=bad, positions=["L_o*o..", "R_o*o.."])
    assert TABLE["potential"].answer_ok({"pL": 1, "pR": 0}) and TABLE["compare"].answer_ok(["L", "R"])


def test_a_strip_move_is_judged_by_reading_the_solvers_verdict():
    from phutball.puzzles.judge import judge
    win = TABLE["win"]
    good = win.verdict_1d(judge("L_o*o.o.o....", "2-4-6"), "L")
    bad = win.verdict_1d(judge("L_o*o.o.o....", "2-4-6-8"), "L")
    assert good["ok"] and not good["won"] and good["note"] == ""
    assert not bad["ok"] and bad["refutation"] and bad["note"].startswith("That move loses")


def test_a_fastest_win_puzzle_takes_back_a_slower_win_and_its_claim_is_checked():
    """The task added as a proof that a task is one class: ``fastest-win`` (1D)."""
    from lab.puzzles import PuzzleController
    from helpers import run_async
    from phutball.puzzles.tasks import check_claim
    from dataclasses import replace
    from pathlib import Path
    from phutball.oned.strip import Strip
    from phutball.puzzles.format import load_file
    from phutball.puzzles.judge import best_line
    shipped = load_file(Path(__file__).resolve().parent.parent / "puzzles" / "fastest-1d.json")
    assert [check_claim(p) for p in shipped] == [[], []]
    [p] = [q for q in shipped if q.id == "fastest-1"]   # L_..o*o.o...: 9 wins in 5 plies, 4-6-8 in 7
    after = Strip.from_str(p.position).play("4-6-8")
    slower = replace(p, main_line=("4-6-8", *best_line(str(after))["moves"]))  # a true win, slower
    assert check_claim(replace(slower, task=task_named("win"))) == []
    assert check_claim(slower) == ["4-6-8 is not a fastest win (those are 9)"]
    c = PuzzleController([p])
    assert c.task_prompt() == "Left to play: win in as few moves as possible."
    run_async(c.user_move("4-6-8"))  # wins, but slower: taken back, not played
    assert c.phase == "playing" and c.game.moves == [] and "not by the fastest route" in c.message
    run_async(c.user_move("9"))
    assert c.verdict == "correct"


# ---------------------------------------------------------------- no switch on a task's name (issue 40)

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent
#: A test of a task's name: ``task == ...``, ``p.task.name != ...``, ``task in (...)``, ``answer_kind == ...``.
SWITCH = __import__("re").compile(r"\b(task|answer_kind)(\.name)?\s*(==|!=|(not\s+)?in\s*([(\[{]|[A-Z_]+\b))")


def name_switches(text: str, names) -> list[str]:
    """The lines of ``text`` that switch on a task's name: a test of ``task``/``answer_kind``, or a comparison
    with one of ``names`` (``"win"`` is left out: it is also the exact solver's value)."""
    import re
    literal = re.compile(r"""(==|!=)\s*["'](%s)["']""" % "|".join(map(re.escape, sorted(set(names) - {"win"}))))
    return [line.strip() for line in text.splitlines() if SWITCH.search(line) or literal.search(line)]


def test_the_engine_the_site_and_the_tools_never_switch_on_a_tasks_name():
    """Each task's analysis, check, judge, rules, form and generated words are its class's methods: no module asks
    which task it holds (before issue 40, ``check.py``, ``twod.py``, ``rules2d.py``, ``custom.py``, the markup and
    the deep puzzles' generator did)."""
    found = {str(f.relative_to(ROOT)): hits for folder in ("phutball", "site", "tools")
             for f in sorted((ROOT / folder).rglob("*.py"))
             if (hits := name_switches(f.read_text(encoding="utf-8"), TABLE))}
    assert found == {}


def test_a_switch_on_a_tasks_name_is_found():
    sample = '''
if p.task == "defend":
    pass
elif task in ("win-in-two", "win-in-three"):
    pass
if p.task.name != "win":
    pass
if kind == "potential":
    pass
legend = self.task.name in LEGEND_QUESTIONS
ok = value == "win"  # the solver's value, not a task
'''
    assert name_switches(sample, TABLE) == ['if p.task == "defend":', 'elif task in ("win-in-two", "win-in-three"):',
                                            'if p.task.name != "win":', 'if kind == "potential":',
                                            'legend = self.task.name in LEGEND_QUESTIONS']


# ---------------------------------------------------------------- the generators read the tasks (issue 40)

def answer(task: str, n: int, **extra):
    """A board analysis of ``task`` with ``n`` solutions (placements) and the facts ``extra``, as a generator gets
    one."""
    from phutball.puzzles.twod import TaskAnswer
    moves = tuple(__import__("phutball").Position.from_str("9x9_O_E5").parse_move(f"{c}1") for c in "ABCDEFGHJ" * 2)
    return TaskAnswer(task, moves[:n], moves[:1], 10, extra)


def test_which_candidates_make_a_generated_puzzle_is_each_tasks_own_rule():
    win, two, defend, dont = (task_named(n) for n in ("win", "win-in-two", "defend", "dont-jump"))
    assert win.accepts(answer("win", 6, min_jumps=3)) and not win.accepts(answer("win", 7, min_jumps=3))
    assert not win.accepts(answer("win", 1, min_jumps=2))  # a generated board win is a long chain
    assert two.accepts(answer("win-in-two", 6)) and not two.accepts(answer("win-in-two", 7))
    assert task_named("win-in-three").max_solutions == 6
    assert defend.accepts(answer("defend", 4, threat="E6")) and not defend.accepts(answer("defend", 5, threat="E6"))
    assert dont.accepts(answer("dont-jump", 18, trap="E5-E7"))  # no limit: every safe move is listed
    assert [t.name for t in TABLE.values() if t.both_sides and "2D" in t.variants] == ["win"]
    assert (win.label, two.label, dont.label) == ("win through a long chain", "win in two", "don't jump")


def test_a_generated_puzzles_words_are_its_tasks():
    from phutball import Position
    pos = Position.from_str("9x9_X_E5")
    title, text = task_named("defend").describe(pos, answer("defend", 2, threat="E5-E7"))
    assert title == "Eks to move, Ohs threaten"
    assert text == "Ohs threaten E5-E7. Only 2 moves stop every winning jump: A1, B1."
    title, text = task_named("safe-move").describe(pos, answer("safe-move", 1))  # a task with no words of its own
    assert (title, text) == ("Eks to move", "Eks to move: find a move that leaves no winning jump. 1 move does it.")


def shipped_generated():
    """Of each shipped generated file, the puzzle of each task its engine proved with the least effort."""
    from phutball.puzzles.format import load_file
    least = {}
    for path in sorted((ROOT / "puzzles").glob("2d-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "generated_by" not in data:
            continue
        for d, p in zip(data["puzzles"], load_file(path)):
            key = (path.name, p.task.name)
            if key not in least or d["nodes"] < least[key][0]["nodes"]:
                least[key] = (d, p)
    return sorted(least.values(), key=lambda dp: dp[0]["id"])


@pytest.mark.parametrize("d, p", shipped_generated(), ids=lambda x: x["id"] if isinstance(x, dict) else "")
def test_the_shipped_generated_puzzles_have_the_words_and_pass_the_rule_of_their_task(d, p):
    """The words each task's class gives a generated puzzle are those the shipped files carry (the generators
    write the same files from the classes as they did from their own tables)."""
    from phutball import Position
    pos = Position.from_str(p.position)
    a = p.task.analyse(pos)
    assert a is not None and p.task.accepts(a) and [str(m) for m in a.solutions] == d["solutions"]
    title, text = p.task.describe(pos, a)
    assert text == d["text"]
    assert d["title"].startswith(p.task.label.capitalize() + " ") and d["title"].endswith("): " + title)
