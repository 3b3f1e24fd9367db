"""Issue 42, no near-copies: the rule (same board, same side to move, >= 85 % of the men shared over the
larger set), the checker refusing a pair, the harder kept, and the shipped files free of pairs."""

import json
from collections import Counter
from pathlib import Path

from phutball.cli.main import main
from phutball.puzzles.format import FORMAT, load_dir, load_text
from phutball.puzzles.nearcopy import NEAR_COPY_SHARE, men_shared, near_copies, without_near_copies
from lab.puzzlerating import features

ROOT = Path(__file__).resolve().parent.parent
MEN = "A1A2A3A4A5A6A7A8A9B1B2B3B4B5B6B7B8B9C1C2"  # 20 men
BASE = {"id": "a", "title": "T", "source": {"kind": "composed", "ref": "test"}, "variant": "2D",
        "position": f"9x9_O_E5_{MEN}", "task": "win", "difficulty": 1, "text": "", "main_line": ["E5-E7"]}


def puzzle(pid, position):
    [p] = load_text(json.dumps({"format": FORMAT, "puzzles": [dict(BASE, id=pid, position=position)]}))
    return p


def test_the_share_is_counted_over_the_larger_set():
    a, b = frozenset(range(20)), frozenset(range(17))
    assert men_shared(a, b) == 17 / 20 == NEAR_COPY_SHARE
    assert men_shared(b, a) == men_shared(a, b)
    assert men_shared(a, frozenset(range(16))) < NEAR_COPY_SHARE
    assert men_shared(frozenset(), frozenset()) == 0.0


def test_pairs_need_the_same_board_the_same_side_and_85_percent():
    first = puzzle("a", f"9x9_O_E5_{MEN}")
    three_fewer = puzzle("b", f"9x9_O_E5_{MEN[:-6]}")  # 17 of 20 shared: 85 %
    four_fewer = puzzle("c", f"9x9_O_E5_{MEN[:-8]}")  # 16 of 20: 80 %
    other_side = puzzle("d", f"9x9_X_E5_{MEN}")
    other_board = puzzle("e", f"11x11_O_E5_{MEN}")
    pairs = near_copies([first, three_fewer, four_fewer, other_side, other_board])
    assert [(c.first, c.second) for c in pairs] == [("a", "b"), ("b", "c")]  # b and c: 16 of 17
    assert pairs[0].share == 0.85 and "85 %" in pairs[0].text()


def test_the_harder_of_a_pair_is_kept():
    easy, hard = puzzle("easy", f"9x9_O_E5_{MEN}"), puzzle("hard", f"9x9_O_E5_{MEN[:-2]}")
    kept, removed = without_near_copies([easy, hard], lambda p: p.id == "hard")
    assert (kept, removed) == ([hard], [easy])
    kept, removed = without_near_copies([easy, hard], lambda p: p.id == "easy")
    assert (kept, removed) == ([easy], [hard])
    far = puzzle("far", f"9x9_O_E5_{MEN[:10]}")
    assert without_near_copies([easy, far], lambda p: 0) == ([easy, far], [])


def test_the_checker_refuses_near_copies(tmp_path, capsys):
    win = dict(BASE, main_line=["B3-B5"])  # a true claim: only the near-copy rule can refuse it
    d = {"format": FORMAT, "puzzles": [dict(win, id="a", position="5x5_O_B3_B4D1D2D3E1E2E3"),
                                       dict(win, id="b", position="5x5_O_B3_B4D1D2D3E1E2E3A1")]}
    f = tmp_path / "p.json"
    f.write_text(json.dumps(d))
    assert main(["puzzles", "check", str(f)]) == 1
    out = capsys.readouterr().out
    assert "a and b are near-copies" in out and "88 % of their men shared" in out
    d["puzzles"][1]["position"] = "5x5_O_B3_B4D1D2D3E1E2"  # 6 of 7 shared: 86 %, still a copy
    f.write_text(json.dumps(d))
    assert main(["puzzles", "check", str(f)]) == 1 and "86 %" in capsys.readouterr().out
    d["puzzles"][1]["position"] = "5x5_O_B3_B4D1E1A1"  # 3 of 7 shared
    f.write_text(json.dumps(d))
    assert main(["puzzles", "check", str(f)]) == 0
    assert "near-copies" not in capsys.readouterr().out


def test_the_shipped_files_hold_no_near_copies_and_enough_of_each_depth():
    board = [p for p in load_dir(ROOT / "puzzles") if p.variant.is_board]
    assert near_copies(board) == []
    depths = Counter(features(p).depth for p in board)
    assert len(board) >= 300 and all(depths[d] >= 100 for d in (1, 2, 3)), depths


def test_the_removal_tool_keeps_the_harder_and_records_what_it_removed(tmp_path):
    """tools/remove_near_copies.py (also the generators' last pass): the easier of a pair is taken out of its
    file, the file's counts recounted and the removed id listed; a file without near-copies is left as it is."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("remove_near_copies", ROOT / "tools" / "remove_near_copies.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    one = dict(BASE, id="one", position="5x5_O_B3_B4D1D2D3E1E2E3", main_line=["B3-B5"])  # a win in one
    two = dict(BASE, id="two", task="win-in-two", position="5x5_O_B3_B4D1D2D3E1E2", main_line=["C1", "A1", "B3-B5"],
               solutions=["C1"])  # deeper: rated higher
    (tmp_path / "a.json").write_text(json.dumps({"format": FORMAT, "counts": {"win": 1, "win-in-two": 1},
                                                 "puzzles": [one, two]}))
    alone = json.dumps({"format": FORMAT, "puzzles": [dict(BASE, id="far", position="7x7_X_D4_D3")]})
    (tmp_path / "b.json").write_text(alone)
    assert tool.main(["--dir", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "a.json").read_text())
    assert [d["id"] for d in data["puzzles"]] == ["two"]
    assert data["counts"] == {"win": 0, "win-in-two": 1} and data["near_copies_removed"] == ["one"]
    assert (tmp_path / "b.json").read_text() == alone
    assert near_copies(load_dir(tmp_path)) == []
