"""tools/oned_offline.py: the build-time NumPy retrograde agrees with the pure-Python engine."""

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import oned_offline  # noqa: E402

from phutball.oned.solve import Book, solve_strip  # noqa: E402
from phutball.oned.strip import Strip  # noqa: E402


@pytest.mark.parametrize("n", [3, 4, 5, 8, 11, 14])
def test_numpy_and_python_engines_agree(n):
    t = oned_offline.solve(n)
    py = solve_strip(n)
    assert t.stats()["wins"] == py.stats()["wins"] and t.stats()["losses"] == py.stats()["losses"]
    assert t.stats()["max_win_plies"] == py.stats()["max_win_plies"]
    for b in range(2, n):
        for idx in range(0, 1 << (n - 1), 1 if n <= 11 else 7):
            v, d = py._r.get(b, idx)
            nv = int(t.val[b][idx])
            assert (nv, int(t.dtm[b][idx])) == ({"win": 1, "loss": 2}[v], d)


def test_book_builder_on_example_1():
    t = oned_offline.solve(11)
    root = Strip.from_str("L_o*o.o.o....")
    data = oned_offline.build_book(t.lookup, root, {"all_three": ["2-4-6-8"]}, budget=60, name="ex1")
    book = Book(data)
    assert data["winner"] == "L" and data["lines"]["main"][0] == "2-4-6"
    assert Strip.from_str(data["root"]) in book and len(book) >= 20
    a = book.analysis(root)
    assert [str(o.move) for o in a.winning_moves] == ["2-4-6"]
    # after jumping all three Right wins; the line continues with best play to her win
    end = root
    for mv in data["lines"]["all_three"]:
        end = end.play(mv)
    assert end.winner == "R"
    assert set(data["refutations"][str(root)]) >= {"2-4-6-8", "2-4"}
