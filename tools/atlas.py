#!/usr/bin/env python3
"""The 1D atlas (issue 31): what the exact solver says about every strip of 3..24 squares.

For every length ``n`` the pure-Python bitset engine (:mod:`phutball.oned.solve`) decides every
position of the strip at once; NumPy then counts, over all of them, the figures below, each with
its smallest example (fewest stones, then the ball's square, then the stones as a number: the
stone mask).  Positions are counted with Left to move only: Right to move is the mirror image,
so every share is the same over both sides (``positions = 2 * states``).

Figures (``figures[key]`` in the data, one point per n: ``count``, ``total``, ``example``):

* ``won`` / ``lost`` / ``drawn``: positions won, lost, drawn (play cycles) by the side to move;
* ``empty_won``: empty strips (the ball on any square 2..n-1) won by the side to move;
  ``start`` is the play page's start (the ball in the middle) with its value and plies;
* ``stone_hurts`` / ``stone_helps``: pairs (position, empty square between the ball and the goal
  the mover attacks) where a stone there turns a win into a non-win, of the pairs whose position
  is won / turns a non-win into a win, of the pairs whose position is not won;
* ``delete_hurts`` / ``delete_helps``: the same for deleting that empty square (the strip gets
  one square shorter; squares whose deletion puts the ball on the goal are left out); n >= 4;
* ``only_backward``: won positions whose only winning moves are jumps away from the mover's goal;
* ``only_short``: won positions whose every winning move is a jump that stops although its chain
  could go on (it does not take all the stones it could);
* ``theorem1_misses``: positions with every stone at odd distance from the ball (Oddish
  positions) where Theorem 1 (pL, pR of the Oddish board) names the wrong winner of the 1D game;
* ``general_misses``: positions where the generalized potentials (PL, PR) name the wrong winner;
* ``longest``: ``count`` is the longest forced win in plies, the example a position reaching it.

Usage::

    python tools/atlas.py                 # write data/atlas.json for n = 3..24 (make atlas)
    python tools/atlas.py --max-n 16      # a quick run
    python tools/atlas.py --print 12      # one length's figures as JSON, nothing written

NumPy is needed (``pip install -e '.[offline]'``); the browser never runs this.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Generator, Iterable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from phutball.oned.potential import oddish_values  # noqa: E402
from phutball.oned.solve.engine import Engine, EngineResult, StripSpec  # noqa: E402
from phutball.oned.strip import Strip  # noqa: E402

#: Where the atlas is kept (shipped as dist/data/atlas.json by tools/build_site.py).
OUT = ROOT / "data" / "atlas.json"
FORMAT = "phutball-1d-atlas/1"
MIN_N, MAX_N = 3, 24

#: Every figure's key, in the data's order.
FIGURES = ("won", "lost", "drawn", "empty_won", "stone_hurts", "stone_helps", "delete_hurts",
           "delete_helps", "only_backward", "only_short", "theorem1_misses", "general_misses", "longest")

Candidates = Callable[[int], "np.ndarray | None"]


def drain(gen: Generator[Any, None, Any]) -> Any:
    """Run one of the engine's sliced generators to its end and return its value."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def bits(data: bytes | int, n_states: int) -> np.ndarray:
    """A set of states (the engine's bytes or integer; bit ``idx``) as a bool array of ``n_states``."""
    if isinstance(data, int):
        data = data.to_bytes(max(1, n_states // 8), "little")
    return np.unpackbits(np.frombuffer(data, np.uint8), bitorder="little")[:n_states].view(bool)


def to_mask(ball: int, idx: int) -> int:
    """The stone mask (bit ``s - 1`` = square ``s``) of index ``idx`` with the ball on ``ball``."""
    low = idx & ((1 << (ball - 1)) - 1)
    return low | ((idx >> (ball - 1)) << ball)


def position(n: int, ball: int, idx: int) -> str:
    """The position string (Left to move) of state ``(ball, idx)``."""
    return str(Strip.from_mask(n, ball, to_mask(ball, idx), "L"))


# ---------------------------------------------------------------- the generalized potentials, vectorized


def general_potential_table(m: int) -> np.ndarray:
    """PL of every pattern of the ``m`` squares right of the ball (bit ``j`` = square ``ball + 1 + j``).

    The paper's section 3, as :func:`phutball.oned.potential.general_values`: the ball's square
    takes its right neighbour's symbol, the farthest square of each odd group of empty squares
    becomes a stone, then the running sum from the far edge gives psum and bsum, and
    ``PL = bsum // 4 + (psum != bsum)``.  PR is the same function of the mirrored left part.
    """
    size = 1 << m
    pat = np.arange(size, dtype=np.uint32)
    cells = np.zeros((m + 1, size), dtype=bool)          # outwards from the ball: True = stone
    for j in range(m):
        cells[j + 1] = (pat >> j) & 1
    cells[0] = cells[1]
    run = np.zeros(size, dtype=np.int32)
    for i in range(m + 1):
        stone = cells[i]
        if i:
            odd_end = stone & (run % 2 == 1)
            cells[i - 1] |= odd_end
        run = np.where(stone, 0, run + 1)
    cells[m] |= run % 2 == 1
    total = np.zeros(size, dtype=np.int32)
    before = np.zeros(size, dtype=np.int32)
    for i in range(m, -1, -1):
        before = total
        total = np.where(cells[i], np.maximum(total - 1, 0), total + 1)
    return (total // 4 + (before != total)).astype(np.int16)


def reversal(k: int) -> np.ndarray:
    """The permutation reversing the order of ``k`` bits."""
    idx = np.arange(1 << k, dtype=np.uint32)
    out = np.zeros(1 << k, dtype=np.uint32)
    for j in range(k):
        out |= ((idx >> j) & 1) << (k - 1 - j)
    return out


# ---------------------------------------------------------------- one strip


class StripFigures:
    """Every figure of one strip length, from the solved bitsets (Left to move)."""

    def __init__(self, n: int, shorter: dict[int, np.ndarray] | None,
                 potentials: dict[int, np.ndarray], log: Callable[[str], None]) -> None:
        self.n = n
        self.N = 1 << (n - 1)
        self.balls = list(range(2, n))
        self.log = log
        t0 = time.perf_counter()
        self.engine = Engine(StripSpec(n))
        self.result: EngineResult = drain(self.engine.run())
        self.solve_seconds = time.perf_counter() - t0
        self.won = {b: bits(self.result.won[b], self.N) for b in self.balls}
        self.lost = {b: bits(self.result.lost[b], self.N) for b in self.balls}
        self.shorter = shorter
        self.potentials = potentials
        idx = np.arange(self.N, dtype=np.uint32)
        # the order of examples: fewest stones, then the ball, then the index (= the stone mask's order)
        self.key = (np.bitwise_count(idx).astype(np.uint32) << np.uint32(n - 1)) | idx

    # -- examples

    def smallest(self, candidates: Candidates) -> tuple[int, int] | None:
        """The smallest ``(ball, idx)`` among ``candidates(ball)`` (bool arrays; None = none there)."""
        best: tuple[int, int, int] | None = None
        for b in self.balls:
            c = candidates(b)
            if c is None or not c.any():
                continue
            k = int(np.where(c, self.key, np.uint32(0xFFFFFFFF)).min())
            here = (k >> (self.n - 1), b, k & (self.N - 1))
            if best is None or here < best:
                best = here
        return None if best is None else (best[1], best[2])

    def point(self, count: int, total: int, example: tuple[int, int] | None, **extra: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"n": self.n, "count": int(count), "total": int(total),
                               "example": None if example is None else position(self.n, *example)}
        out.update(extra)
        return out

    def counted(self, sets: dict[int, np.ndarray], total: int) -> dict[str, Any]:
        count = sum(int(np.count_nonzero(sets[b])) for b in self.balls)
        return self.point(count, total, self.smallest(lambda b: sets[b]))

    # -- the figures

    def figures(self) -> dict[str, dict[str, Any]]:
        n, N = self.n, self.N
        states = len(self.balls) * N
        drawn = {b: ~(self.won[b] | self.lost[b]) for b in self.balls}
        wins = sum(int(np.count_nonzero(self.won[b])) for b in self.balls)
        out = {"won": self.counted(self.won, states), "lost": self.counted(self.lost, states),
               "drawn": self.counted(drawn, states)}
        del drawn
        middle = (n + 1) // 2
        start_value, start_plies = self.result.get(middle, 0)
        empty = [b for b in self.balls if self.won[b][0]]
        out["empty_won"] = self.point(len(empty), len(self.balls), (empty[0], 0) if empty else None,
                                      start=position(n, middle, 0), start_value=start_value,
                                      start_plies=start_plies)
        out.update(self.stone_figures())
        out.update(self.delete_figures())
        out.update(self.move_figures(wins))
        out.update(self.potential_figures(states))
        out["longest"] = self.longest()
        return out

    def front_pairs(self, b: int) -> Iterable[int]:
        """Index bits of the squares between the ball and the mover's goal (squares b+1..n)."""
        return range(b - 1, self.n - 1)

    def stone_figures(self) -> dict[str, dict[str, Any]]:
        """A stone added on an empty square in front of the ball (the mover still to move)."""
        return self.pair_figures("stone", lambda b, k: self.won[b].reshape(-1, 2, 1 << k)[:, 1, :])

    def delete_figures(self) -> dict[str, dict[str, Any]]:
        """An empty square in front of the ball deleted (the strip one square shorter)."""
        shorter = self.shorter
        if shorter is None:
            return {"delete_hurts": self.point(0, 0, None), "delete_helps": self.point(0, 0, None)}
        return self.pair_figures("delete", lambda b, k: shorter[b].reshape(-1, 1 << k))

    def pair_figures(self, kind: str, after: Callable[[int, int], np.ndarray]) -> dict[str, dict[str, Any]]:
        """``<kind>_hurts`` and ``<kind>_helps``: over the pairs (position, empty square in front of the
        ball), ``after(ball, bit)`` being whether the mover wins once the square is changed, as an array
        over the positions without a stone there."""
        hurt_pairs = help_pairs = won_pairs = other_pairs = 0
        hurt_any: dict[int, np.ndarray] = {}
        help_any: dict[int, np.ndarray] = {}
        for b in self.balls:
            h_any = np.zeros(self.N, dtype=bool)
            p_any = np.zeros(self.N, dtype=bool)
            if kind == "stone" or b <= self.n - 2:   # a deletion next to the goal puts the ball on it
                for k in self.front_pairs(b):
                    before = self.won[b].reshape(-1, 2, 1 << k)[:, 0, :]
                    then = after(b, k)
                    won_pairs += int(np.count_nonzero(before))
                    other_pairs += before.size - int(np.count_nonzero(before))
                    hurt = before & ~then
                    helps = ~before & then
                    hurt_pairs += int(np.count_nonzero(hurt))
                    help_pairs += int(np.count_nonzero(helps))
                    h_any.reshape(-1, 2, 1 << k)[:, 0, :] |= hurt
                    p_any.reshape(-1, 2, 1 << k)[:, 0, :] |= helps
            hurt_any[b], help_any[b] = h_any, p_any
        return {f"{kind}_hurts": self.pair_point(hurt_pairs, won_pairs, hurt_any, kind),
                f"{kind}_helps": self.pair_point(help_pairs, other_pairs, help_any, kind)}

    def pair_point(self, count: int, total: int, any_sets: dict[int, np.ndarray], kind: str) -> dict[str, Any]:
        """A pair figure's point: the smallest position, and its first square that does it."""
        ex = self.smallest(lambda b: any_sets[b])
        if ex is None:
            return self.point(count, total, None)
        b, idx = ex
        for k in self.front_pairs(b):
            if idx >> k & 1:
                continue
            before = bool(self.won[b][idx])
            if kind == "stone":
                after = bool(self.won[b][idx | 1 << k])
            else:
                assert self.shorter is not None
                after = bool(self.shorter[b][(idx & ((1 << k) - 1)) | ((idx >> (k + 1)) << k)])
            if before != after:
                square = k + 2   # index bit k right of the ball is square k + 2
                return self.point(count, total, ex, square=square)
        raise AssertionError(f"no square changes the value of {position(self.n, b, idx)}")

    def move_figures(self, wins: int) -> dict[str, dict[str, Any]]:
        """Which kinds of move win: placements, forward and backward jumps, chains stopped short."""
        e, spec, n = self.engine, self.engine.spec, self.n
        assert isinstance(spec, StripSpec)
        lost_ints = {b: int.from_bytes(self.result.lost[b], "little") for b in self.balls}
        target = drain(e.mirror(lost_ints))       # Right to move and lost: Left's winning moves land here
        del lost_ints
        full, Z, O = e.full, e.Z, e.O
        through = {b: spec.through_win(b, O, full) for b in self.balls}
        down, up = sorted(self.balls, reverse=True), sorted(self.balls)
        place = {}
        for b in self.balls:
            c = target.get(b, 0)
            acc = 0
            if c:
                for k in range(spec.bits):
                    acc |= (c >> (1 << k)) & Z[k]
            place[b] = acc
        forward = drain(e.chains(target, spec.right, down, True, base=lambda b: through[b]))
        backward = drain(e.chains(target, spec.left, up, False))
        # a chain that ends where it could not go on: the next square in its direction is empty
        end_right = {b: target.get(b, 0) & Z[b - 1] for b in self.balls if b + 1 <= n}
        end_left = {b: target.get(b, 0) & Z[b - 2] for b in self.balls}
        forward_all = drain(e.chains(end_right, spec.right, down, True, base=lambda b: through[b]))
        backward_all = drain(e.chains(end_left, spec.left, up, False))
        only_back: dict[int, np.ndarray] = {}
        only_short: dict[int, np.ndarray] = {}
        for b in self.balls:
            some = place[b] | forward[b] | backward[b]
            if not np.array_equal(bits(some & full, self.N), self.won[b]):
                raise AssertionError(f"n={n} ball {b}: the winning moves do not make up the won set")
            only_back[b] = bits(backward[b] & ~(place[b] | forward[b]) & full, self.N) & self.won[b]
            only_short[b] = self.won[b] & ~bits(place[b] | forward_all[b] | backward_all[b], self.N)
        return {"only_backward": self.counted(only_back, wins), "only_short": self.counted(only_short, wins)}

    def potential_figures(self, states: int) -> dict[str, dict[str, Any]]:
        """Theorem 1 on the Oddish positions and the generalized potentials on all, against the solver."""
        n, N = self.n, self.N
        misses: dict[int, np.ndarray] = {}
        for b in self.balls:
            pl = np.repeat(self.potentials[n - b], 1 << (b - 1))
            pr = np.tile(self.potentials[b - 1][reversal(b - 1)], 1 << (n - b))
            misses[b] = (pl <= pr) != self.won[b]
        general = self.counted(misses, states)
        del misses
        # Oddish positions: stones only at odd distance from the ball (few: enumerate them)
        odd_total = odd_miss = 0
        odd_sets: dict[int, np.ndarray] = {}
        for b in self.balls:
            left = list(range(b - 1, 0, -2))[::-1]       # Oddish squares 1..l, board order
            right = list(range(b + 1, n + 1, 2))
            squares = left + right
            miss = np.zeros(N, dtype=bool)
            for sub in range(1 << len(squares)):
                mask = 0
                for i, s in enumerate(squares):
                    if sub >> i & 1:
                        mask |= 1 << (s - 1)
                pL, pR = oddish_values(len(squares), len(left), sub)
                idx = (mask & ((1 << (b - 1)) - 1)) | ((mask >> b) << (b - 1))
                odd_total += 1
                if (pL <= pR) != bool(self.won[b][idx]):
                    odd_miss += 1
                    miss[idx] = True
            odd_sets[b] = miss
        theorem1 = self.point(odd_miss, odd_total, self.smallest(lambda b: odd_sets[b]))
        return {"theorem1_misses": theorem1, "general_misses": general}

    def longest(self) -> dict[str, Any]:
        """The longest forced win (plies) and the smallest position reaching it."""
        longest = self.result.max_win

        def reaching(b: int) -> np.ndarray:
            plies = np.zeros(self.N, dtype=np.uint16)
            for p, plane in enumerate(self.result.planes):
                plies |= bits(plane[b], self.N).astype(np.uint16) << p
            return self.won[b] & (plies == longest)
        return self.point(longest, 0, self.smallest(reaching))


# ---------------------------------------------------------------- all lengths


def compute(max_n: int = MAX_N, min_n: int = MIN_N, log: Callable[[str], None] = lambda s: None) -> dict[str, Any]:
    """The atlas's figures for every strip of ``min_n..max_n`` squares (the data file's contents)."""
    if not MIN_N <= min_n <= max_n <= MAX_N:
        raise ValueError(f"lengths {min_n}..{max_n}: the atlas covers {MIN_N}..{MAX_N} squares")
    t0 = time.perf_counter()
    potentials = {m: general_potential_table(m) for m in range(1, max_n)}
    figures: dict[str, list[dict[str, Any]]] = {key: [] for key in FIGURES}
    seconds: dict[str, float] = {}
    shorter: dict[int, np.ndarray] | None = None
    if min_n > MIN_N:
        shorter = StripFigures(min_n - 1, None, potentials, log).won
    for n in range(min_n, max_n + 1):
        t = time.perf_counter()
        one = StripFigures(n, shorter, potentials, log)
        for key, point in one.figures().items():
            figures[key].append(point)
        seconds[str(n)] = round(time.perf_counter() - t, 1)
        log(f"n={n}: solved in {one.solve_seconds:.1f} s, figures in "
            f"{time.perf_counter() - t - one.solve_seconds:.1f} s")
        shorter = one.won
        del one
    return {"format": FORMAT, "lengths": [min_n, max_n],
            "generated_by": "tools/atlas.py: the pure-Python bitset solver (phutball.oned.solve), "
                            "figures counted with NumPy",
            "seconds": {"total": round(time.perf_counter() - t0, 1), "by_length": seconds},
            "figures": figures}


# ---------------------------------------------------------------- puzzles from the atlas

#: The puzzle file made from the atlas's smallest counterexamples (checked like every puzzle file).
PUZZLES_OUT = ROOT / "puzzles" / "atlas-1d.json"
#: Longest strip a puzzle may have: the puzzle checker solves strips up to 20 squares on the spot.
PUZZLE_MAX_N = 20


def _line(text: str) -> list[str]:
    from phutball.oned.solve import principal_line
    return [str(move.move) for move, _ in principal_line(Strip.from_str(text))]


def _winner(text: str) -> str:
    from phutball.oned.solve import analyse
    s = Strip.from_str(text)
    return s.to_move if analyse(s).value == "win" else ("R" if s.to_move == "L" else "L")


def _first(data: dict[str, Any], key: str) -> dict[str, Any] | None:
    found = [p for p in data["figures"][key] if p["count"] and p["example"] and p["n"] <= PUZZLE_MAX_N]
    return found[0] if found else None


SOURCE = {"kind": "composed", "ref": "the 1D atlas: the smallest example of its kind, found by the exact solver"}


def _compare(pid: str, title: str, positions: list[str], text: str) -> dict[str, Any]:
    """A ``compare`` puzzle: who wins each position, with the solver's main lines."""
    return {"id": pid, "title": title, "source": SOURCE, "variant": "1D", "position": positions[0],
            "task": "compare", "positions": positions, "answer": [_winner(t) for t in positions], "main_line": [],
            "lines": [_line(t) for t in positions], "difficulty": 3, "text": text}


def make_puzzles(data: dict[str, Any]) -> dict[str, Any]:
    """Puzzles of the atlas's smallest counterexamples (and the empty strip the side to move loses).

    Main lines are the solver's (fastest win, most stubborn defence), as the checker wants them.
    """
    from phutball.oned.potential import general_potentials
    from phutball.oned.solve import analyse
    source = SOURCE
    out: list[dict[str, Any]] = []
    hurt = _first(data, "stone_hurts")
    if hurt:
        s = Strip.from_str(hurt["example"])
        q = hurt["square"]
        more = str(Strip(s.n, s.ball, s.stones | {q}, s.to_move))
        out.append(_compare(
            "atlas-stone-hurts", f"A stone in front of the ball ({s.n} squares): compare", [str(s), more],
            (f"The smallest position where a stone added between the ball and Right's goal turns Left's win "
                     f"into a loss: Left to move wins (with {_and([str(o.move) for o in analyse(s).winning_moves])}) "
                     f"but loses once a stone stands on square {q}. Below "
                     f"{hurt['n']} squares a stone in front of the ball never hurts; at 24 squares it hurts in "
                     f"{_pct(data, 'stone_hurts')} of the ways.")))
    gone = _first(data, "delete_hurts")
    if gone:
        s = Strip.from_str(gone["example"])
        q = gone["square"]
        shorter = str(Strip(s.n - 1, s.ball, frozenset(x if x < q else x - 1 for x in s.stones), s.to_move))
        out.append(_compare(
            "atlas-square-hurts", f"One empty square fewer ({s.n} squares): compare", [str(s), shorter],
            (f"The smallest position where deleting an empty square between the ball and Right's goal turns "
                     f"Left's win into a loss: without square {q}, the stones in front of the ball close up into one "
                     f"group. At 24 squares a deleted square hurts in {_pct(data, 'delete_hurts')} of the ways.")))
    short = _first(data, "only_short")
    if short:
        s = Strip.from_str(short["example"])
        a = analyse(s)
        line = _line(str(s))
        traps = [str(o.move) for o in a.moves if "-" in str(o.move) and o.value == "loss"
                 and str(o.move).startswith(line[0] + "-")]
        out.append({
            "id": "atlas-stop-short", "title": f"Stop in time ({s.n} squares, Left to move)", "source": source,
            "variant": "1D", "position": str(s), "task": "only-move", "main_line": line, "traps": traps,
            "plies": a.plies, "difficulty": 3,
            "text": (f"The smallest position whose every winning move is a jump that stops although it could go on: "
                     f"only {line[0]} wins, and jumping on ({', '.join(traps) or 'further'}) loses. "
                     f"At 24 squares {_pct(data, 'only_short', 'won')} of won positions are like this.")})
    miss = _first(data, "general_misses")
    if miss:
        s = Strip.from_str(miss["example"])
        g = general_potentials(s)
        winner = _winner(str(s))
        said = {"L": "Left", "R": "Right"}
        out.append({
            "id": "atlas-potentials-miss", "title": f"The potentials' first mistake ({s.n} squares): who wins?",
            "source": source, "variant": "1D", "position": str(s), "task": "which-side", "answer": winner,
            "main_line": _line(str(s)), "difficulty": 4,
            "text": (f"{said[winner]} wins, in {analyse(s).plies} plies. The generalized potentials are right on "
                     f"every position of up to {miss['n'] - 1} squares, but here PL = {g.PL.value} and "
                     f"PR = {g.PR.value}, so they predict {g.prediction.text}: one of the {miss['count']} smallest "
                     f"positions where they are wrong. At 24 squares they are wrong on "
                     f"{_pct(data, 'general_misses')} of all positions.")})
    lost = [p for p in data["figures"]["empty_won"] if p.get("start_value") == "loss" and p["n"] <= PUZZLE_MAX_N]
    if lost:
        start = lost[0]["start"]
        out.append({
            "id": "atlas-empty-strip", "title": f"The empty {lost[0]['n']}-square strip: who wins?", "source": source,
            "variant": "1D", "position": start, "task": "which-side", "answer": _winner(start),
            "main_line": _line(start), "difficulty": 2,
            "text": (f"The side to move loses: on an empty strip with the ball in the middle, the first to move loses "
                     f"at {_and([p['n'] for p in data['figures']['empty_won'] if p.get('start_value') == 'loss'])} "
                     f"squares (the ball left of centre on an even strip) and wins at every other length up to 24.")})
    return {"format": "phutball-puzzles/1", "collection": "From the 1D atlas",
            "generated_by": "python tools/atlas.py --puzzles (from data/atlas.json)", "puzzles": out}


def _and(ns: list[Any]) -> str:
    words = [str(n) for n in ns]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _pct(data: dict[str, Any], key: str, of: str | None = None) -> str:
    p = data["figures"][key][-1]
    total = data["figures"][of][-1]["count"] if of else p["total"]
    return f"{100 * p['count'] / total:.2f} %"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max-n", type=int, default=MAX_N, help=f"longest strip (default {MAX_N})")
    ap.add_argument("--out", default=str(OUT), help="the data file (default data/atlas.json)")
    ap.add_argument("--print", type=int, metavar="N", help="print one length's figures, write nothing")
    ap.add_argument("--puzzles", action="store_true",
                    help="write puzzles/atlas-1d.json from the data file (no solve of the atlas)")
    args = ap.parse_args(argv)
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731
    if args.puzzles:
        book = make_puzzles(json.loads(Path(args.out).read_text(encoding="utf-8")))
        PUZZLES_OUT.write_text(json.dumps(book, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        log(f"wrote {PUZZLES_OUT}: {len(book['puzzles'])} puzzles")
        return 0
    if args.print:
        data = compute(args.print, args.print, log)
        print(json.dumps({k: v[0] for k, v in data["figures"].items()}, indent=1))
        return 0
    data = compute(args.max_n, MIN_N, log)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dumps(data), encoding="utf-8")
    log(f"wrote {out} in {data['seconds']['total']} s")
    return 0


def dumps(data: dict[str, Any]) -> str:
    """The data file's text: one figure point per line, so a diff shows what changed."""
    lines = ["{", f' "format": {json.dumps(data["format"])},', f' "lengths": {json.dumps(data["lengths"])},',
             f' "generated_by": {json.dumps(data["generated_by"])},', f' "seconds": {json.dumps(data["seconds"])},',
             ' "figures": {']
    keys = list(data["figures"])
    for i, key in enumerate(keys):
        points = data["figures"][key]
        lines.append(f"  {json.dumps(key)}: [")
        lines += [f"   {json.dumps(p, ensure_ascii=False)}{',' if j < len(points) - 1 else ''}"
                  for j, p in enumerate(points)]
        lines.append("  ]" + ("," if i < len(keys) - 1 else ""))
    lines += [" }", "}"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
