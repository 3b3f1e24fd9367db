"""The 1D atlas (tools/atlas.py, data/atlas.json): its figures recomputed by a naive enumeration.

For every strip of 3..12 squares, the game graph is solved by the tests' naive retrograde
(``oned_reference``: positions and move lists from ``Strip.legal_moves``/``play``, no bitsets),
and each figure is counted position by position with the engine's plain objects: the moves
themselves, ``Strip`` edits, ``general_potentials`` and ``oddish_potentials``.  The tool
(bitset solver, NumPy counting) must give the same counts and the same smallest examples, and
the shipped data must be what the tool computes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from oned_reference import all_strips, retrograde, strip_moves
from phutball.errors import IllegalPositionError
from phutball.notation import StripJump, StripPlacement
from phutball.oned.oddish import Oddish
from phutball.oned.potential import general_potentials, oddish_potentials
from phutball.oned.strip import Strip

np = pytest.importorskip("numpy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import atlas  # noqa: E402

NAIVE_MAX = 12


def smallest(found):
    """The smallest example: fewest stones, then the ball's square, then the stone mask."""
    return min(found, key=lambda item: (len(item[0].stones), item[0].ball, item[0].mask), default=None)


class Naive:
    """Every figure of one strip length, counted position by position (Left to move)."""

    def __init__(self, n, values, shorter):
        self.n = n
        self.values = values        # (ball, mask, side) -> value, for n squares
        self.shorter = shorter      # the same for n - 1 squares (or None)

    def value(self, strip, table=None):
        if strip.winner is not None:
            return "win" if strip.winner == strip.to_move else "loss"
        return (table or self.values)[(strip.ball, strip.mask, strip.to_move)]

    def figures(self):
        n = self.n
        found = {key: [] for key in atlas.FIGURES}
        totals = dict.fromkeys(atlas.FIGURES, 0)
        longest = 0
        plies_of = {}
        for s in all_strips(n):
            if s.to_move != "L":
                continue
            v, plies = self.values[(s.ball, s.mask, "L")], self.plies[(s.ball, s.mask)]
            won = v == "win"
            for key, value in (("won", "win"), ("lost", "loss"), ("drawn", "draw")):
                totals[key] += 1
                if v == value:
                    found[key].append((s, {}))
            if not s.stones:
                totals["empty_won"] += 1
                if won:
                    found["empty_won"].append((s, {}))
            front = [q for q in range(s.ball + 1, n + 1) if q not in s.stones]
            for q in front:
                after = self.value(Strip(n, s.ball, s.stones | {q}, "L")) == "win"
                key = "stone_hurts" if won else "stone_helps"
                totals[key] += 1
                if after != won:
                    found[key].append((s, {"square": q}))
                if self.shorter is not None and s.ball <= n - 2:
                    t = Strip(n - 1, s.ball, frozenset(x if x < q else x - 1 for x in s.stones), "L")
                    after = self.value(t, self.shorter) == "win"
                    key = "delete_hurts" if won else "delete_helps"
                    totals[key] += 1
                    if after != won:
                        found[key].append((s, {"square": q}))
            if won:
                self.moves(s, found, totals)
                plies_of[s] = plies
                longest = max(longest, plies)
            totals["general_misses"] += 1
            if general_potentials(s).prediction.winner != ("L" if won else "R"):
                found["general_misses"].append((s, {}))
            try:
                board = Oddish.from_strip(s)
            except IllegalPositionError:
                pass
            else:
                totals["theorem1_misses"] += 1
                if oddish_potentials(board).prediction.winner != ("L" if won else "R"):
                    found["theorem1_misses"].append((s, {}))
        found["longest"] = [(s, {}) for s, p in plies_of.items() if p == longest]
        out = {}
        for key in atlas.FIGURES:
            # a pair figure counts pairs (position, square); its example takes the smallest square
            first = smallest(found[key])
            extra = {} if first is None else min((e for s, e in found[key] if s == first[0]),
                                                 key=lambda e: e.get("square", 0))
            count = longest if key == "longest" else len(found[key])
            out[key] = {"count": count, "total": totals[key] if key != "longest" else 0,
                        "example": None if first is None else str(first[0]), **extra}
        return out

    def moves(self, s, found, totals):
        """Which kinds of move win: only backward jumps? only jumps that stop short of their chain?"""
        jumps = list(s.jumps())
        kinds = []
        for mv in s.legal_moves():
            if self.value(s.play(mv)) != "loss" and s.play(mv).winner != "L":
                continue
            if isinstance(mv, StripPlacement):
                kinds.append(("place", False))
            else:
                assert isinstance(mv, StripJump)
                short = any(len(j.path) > len(mv.path) and j.path[:len(mv.path)] == mv.path for j in jumps)
                kinds.append(("back" if mv.path[1] < mv.path[0] else "forward", short))
        assert kinds, f"{s} is won but has no winning move"
        totals["only_backward"] += 1
        totals["only_short"] += 1
        if all(kind == "back" for kind, _ in kinds):
            found["only_backward"].append((s, {}))
        if all(kind != "place" and short for kind, short in kinds):
            found["only_short"].append((s, {}))


@pytest.fixture(scope="module")
def naive():
    """Naive figures for n = 3..12: {n: {key: {count, total, example, ...}}}."""
    out = {}
    shorter = None
    for n in range(3, NAIVE_MAX + 1):
        solved = retrograde(all_strips(n), strip_moves)
        values = {(s.ball, s.mask, s.to_move): v for s, (v, _) in solved.items()}
        one = Naive(n, values, shorter)
        one.plies = {(s.ball, s.mask): p for s, (_, p) in solved.items() if s.to_move == "L"}
        out[n] = one.figures()
        shorter = values
    return out


@pytest.fixture(scope="module")
def tool():
    return atlas.compute(NAIVE_MAX)


def point(data, key, n):
    (p,) = [p for p in data["figures"][key] if p["n"] == n]
    return {k: v for k, v in p.items() if k in ("count", "total", "example", "square")}


@pytest.mark.slow
@pytest.mark.parametrize("n", range(3, NAIVE_MAX + 1))
def test_the_tools_figures_are_the_naive_enumerations(naive, tool, n):
    for key in atlas.FIGURES:
        if key.startswith("delete") and n == 3:
            continue   # no 2-square strip to delete into
        assert point(tool, key, n) == naive[n][key], (n, key)


def test_the_figures_say_what_the_page_says(tool):
    """Spot checks a reader can redo: no draws; the empty 6-square strip is lost by the side to move."""
    from phutball.oned.solve import analyse
    assert all(p["count"] == 0 for p in tool["figures"]["drawn"])
    (six,) = [p for p in tool["figures"]["empty_won"] if p["n"] == 6]
    assert six["start"] == "L_..*..." and six["start_value"] == "loss"
    assert analyse(Strip.from_str(six["start"])).value == "loss"
    (ten,) = [p for p in tool["figures"]["only_short"] if p["n"] == 10]
    winning = [str(o.move) for o in analyse(Strip.from_str(ten["example"])).winning_moves]
    assert winning and all("-" in move for move in winning)        # only jumps win, and each could go on
    general = point(tool, "general_misses", 9)
    assert general["count"] == 3 and general["example"] == "L_.*.o..o.."   # bench/README-1d.md's table


def test_the_shipped_data_is_what_the_tool_computes(tool):
    shipped = json.loads((ROOT / "data" / "atlas.json").read_text(encoding="utf-8"))
    assert shipped["format"] == atlas.FORMAT and shipped["lengths"] == [atlas.MIN_N, atlas.MAX_N]
    for key in atlas.FIGURES:
        assert [p["n"] for p in shipped["figures"][key]] == list(range(atlas.MIN_N, atlas.MAX_N + 1))
        assert shipped["figures"][key][:NAIVE_MAX - 2] == tool["figures"][key], key
    # the file is written as the tool writes it (one point a line), so `make atlas` leaves no diff
    assert atlas.dumps(shipped) == (ROOT / "data" / "atlas.json").read_text(encoding="utf-8")


def test_the_vectorized_generalized_potential_is_the_papers():
    from phutball.oned.potential import general_values
    for m in range(1, 11):
        table = atlas.general_potential_table(m)
        for pattern in range(1 << m):
            assert table[pattern] == general_values(m + 2, 2, pattern << 2)[0], (m, pattern)


def test_the_tool_refuses_lengths_it_does_not_cover():
    with pytest.raises(ValueError, match="25"):
        atlas.compute(25)


def test_the_atlas_puzzles_are_its_smallest_counterexamples():
    """puzzles/atlas-1d.json is what the tool makes from the shipped data (every puzzle file is checked
    by tests/test_puzzles.py; here: that it holds the atlas's examples)."""
    shipped = json.loads((ROOT / "data" / "atlas.json").read_text(encoding="utf-8"))
    puzzles = json.loads((ROOT / "puzzles" / "atlas-1d.json").read_text(encoding="utf-8"))
    assert atlas.make_puzzles(shipped) == puzzles
    by_id = {p["id"]: p for p in puzzles["puzzles"]}
    first_miss = [p for p in shipped["figures"]["general_misses"] if p["count"]][0]
    assert by_id["atlas-potentials-miss"]["position"] == first_miss["example"]
    assert by_id["atlas-stone-hurts"]["answer"] == ["L", "R"] and by_id["atlas-square-hurts"]["answer"] == ["L", "R"]
