"""Puzzle files: the loader's validation, and every shipped puzzle's claim checked by the engine/solver."""

import json
from pathlib import Path

import pytest

from phutball.puzzles.check import check_claim
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


def test_the_shipped_set_is_big_enough():
    twod = [p for p in ALL if p.variant == "2D"]
    assert len(twod) >= 20
    assert {p.task for p in twod} >= {"win", "safe-move"}
    assert any(p.extra.get("through_own_goal") for p in twod)


@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_every_shipped_puzzle_claim_is_true(puzzle):
    assert check_claim(puzzle) == []
