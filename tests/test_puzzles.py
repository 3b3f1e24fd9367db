"""Puzzle files: the loader's validation, and every shipped puzzle's claim checked by the engine/solver."""

import json
from pathlib import Path

import pytest

from phutball.cli.main import main
from phutball.puzzles.tasks import check_claim
from phutball.puzzles.format import FORMAT, PuzzleFormatError, load_dir, load_text

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
ALL = load_dir(PUZZLES)

GOOD = {
    "id": "t-1", "title": "T", "source": {"kind": "composed", "ref": "test"}, "variant": "2D",
    "position": "5x5_O_B3_B4C4", "task": "win", "difficulty": 1, "text": "ok", "main_line": ["B3-B5"],
}


def file_with(**changes):
    d = dict(GOOD)
    for k, v in changes.items():
        if v is None:
            d.pop(k)
        else:
            d[k] = v
    return json.dumps({"format": FORMAT, "puzzles": [d]})


def test_a_good_file_loads_and_its_claim_holds():
    [p] = load_text(file_with())
    assert p.id == "t-1" and p.main_line == ("B3-B5",)
    assert check_claim(p) == []


def test_a_replaced_puzzle_keeps_its_parsed_start_unless_its_position_changes():
    [p] = load_text(file_with())
    kept = p.replaced(collection="mine")
    assert kept.collection == "mine" and kept.__dict__["start"] is p.start  # not parsed again
    moved = p.replaced(position="5x5_O_B3_B4")
    assert "start" not in moved.__dict__ and str(moved.start) == "5x5_O_B3_B4"


def test_a_false_claim_is_caught():
    [p] = load_text(file_with(position="5x5_O_B3_C4"))  # B3-B5 is not even legal
    assert check_claim(p) != []
    [p] = load_text(file_with(main_line=["B3-B5-D3"], position="5x5_O_B3_B4C4"))
    assert check_claim(p) != []


@pytest.mark.parametrize("text,reason", [
    ("not json", "not JSON"),
    ('{"format": "other", "puzzles": []}', "expected"),
    (file_with(id=None), "missing field 'id'"),
    (file_with(id="Bad Id"), "id must be"),
    (file_with(task="dance"), "task must be one of"),
    (file_with(difficulty=9), "difficulty must be"),
    (file_with(difficulty="easy"), "'difficulty' must be int"),
    (file_with(position="15x19_O_Z99"), "position:"),
    (file_with(variant="1D"), "not a 1D position"),
    (file_with(main_line=[]), "must not be empty"),
    (file_with(task="safe-move"), "needs field 'trap'"),
    (file_with(source={"kind": "rumour"}), "source.kind"),
])
def test_bad_files_name_what_is_wrong(text, reason):
    with pytest.raises(PuzzleFormatError, match=reason):
        load_text(text, "x.json")


def test_duplicate_ids_are_rejected():
    d = json.loads(file_with())
    d["puzzles"].append(d["puzzles"][0])
    with pytest.raises(PuzzleFormatError, match="used twice"):
        load_text(json.dumps(d))


def test_puzzle_file_with_a_huge_number():
    with pytest.raises(PuzzleFormatError):
        load_text(file_with().replace('"difficulty": 1', f'"difficulty": {"9" * 10_000}'))
    with pytest.raises(PuzzleFormatError):
        load_text(file_with().replace('"difficulty": 1', '"difficulty": 1' + "0" * 4000))


@pytest.mark.parametrize("field,value", [
    ("main_line", [["B3-B5"]]),           # a list where a move is expected
    ("main_line", 3),                     # an int where a list is
    ("difficulty", "2"),                  # a string where a number is
    ("traps", None),                      # null traps
    ("threat", ["B3-B5"]),                # a threat given as a list
    ("trap", 5),
    ("safe_moves", "E4"),
    ("positions", [1, 2]),
    ("source", {"kind": "paper", "ref": ["x"]}),
    ("min_jumps", "2"),
    ("through_own_goal", "yes"),
    ("lines", [[1]]),
    ("collection", None),
])
def test_puzzle_field_of_the_wrong_type_is_named(field, value):
    d = json.loads(file_with())
    if field == "collection":
        d["collection"] = value
    else:
        d["puzzles"][0][field] = value
    with pytest.raises(PuzzleFormatError, match=field):
        load_text(json.dumps(d))


def test_puzzle_answer_type_depends_on_the_task():
    with pytest.raises(PuzzleFormatError, match="answer"):
        load_text(file_with(task="which-side", answer=["O"]))


def test_deeply_nested_puzzle_file():
    for text in ("[" * 100_000 + "]" * 100_000, '{"format": "phutball-puzzles/1", "puzzles": '
                 + "[" * 100_000 + "]" * 100_000 + "}"):
        with pytest.raises(PuzzleFormatError):
            load_text(text)


def test_puzzles_check_cli_on_a_wrong_type(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text(file_with(threat=["B3-B5"]))
    assert main(["puzzles", "check", str(f)]) == 2
    err = capsys.readouterr().err
    assert "threat" in err and "internal" not in err


def test_the_shipped_set_is_big_enough():
    twod = [p for p in ALL if p.variant == "2D"]
    assert len(twod) >= 20
    assert {p.task.name for p in twod} >= {"win", "safe-move"}
    assert any(p.extra.get("through_own_goal") for p in twod)


# Proving every win in three takes about half a minute: tests/test_win_in_three.py proves a sample,
# and `python tools/make_2d_puzzles_win3.py --check` all of them.
CHECKED = [p for p in ALL if p.task.name != "win-in-three"]


@pytest.mark.parametrize("puzzle", CHECKED, ids=[p.id for p in CHECKED])
def test_every_shipped_puzzle_claim_is_true(puzzle):
    assert check_claim(puzzle) == []
