"""The bitset engine of the exact 1D solver: a retrograde analysis on whole sets of states.

See :mod:`phutball.oned.solve` for how it works.  :class:`StripSpec` and :class:`OddishSpec`
describe the moves of a strip and of an Oddish board; :class:`Engine` runs the plies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generator

WIN = "win"
LOSS = "loss"
DRAW = "draw"

#: Largest strip :func:`analyse` will solve in process (a whole-strip retrograde).
MAX_SOLVE_N = 24

INVERT = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}




@dataclass(frozen=True)
class Progress:
    """A report from a sliced solve: ``ply`` being computed, ``decided`` of ``states`` so far.

    ``fraction`` is a rough completion estimate for progress bars (the number of
    plies is not known in advance); ``done`` is True on the last report.
    """

    phase: str
    ply: int
    step: int
    steps: int
    decided: int
    states: int
    fraction: float
    done: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"phase": self.phase, "ply": self.ply, "step": self.step, "steps": self.steps,
                "decided": self.decided, "states": self.states, "fraction": self.fraction,
                "done": self.done}


@dataclass
class _Step:
    """One jump of a chain: from ball ``src`` to ``dst``; AND ``add_bits`` into the window, shift by ``shift``."""

    dst: int
    add_bits: tuple[int, ...]
    shift: int
    terminal: bool  # lands on the mover's goal (a win) -- used only for the 1-ply wins


class _Spec:
    """A game for the bitset engine: index bits, live balls, placements, jump steps, mirror."""

    kind = ""

    def __init__(self, bits: int, balls: list[int]) -> None:
        self.bits = bits
        self.balls = balls
        self.right: dict[int, list[_Step]] = {}
        self.left: dict[int, list[_Step]] = {}

    def mirror_ball(self, b: int) -> int:
        raise NotImplementedError

    def through_win(self, b: int, O: list[int], full: int) -> int:
        """States with ball ``b`` from which a jump carries the ball past the far end at once."""
        return 0


class StripSpec(_Spec):
    """1D phutball on ``n`` squares, Left to move (see the module docstring for the index)."""

    kind = "strip"

    def __init__(self, n: int) -> None:
        super().__init__(n - 1, list(range(2, n)))
        self.n = n
        for b in self.balls:
            steps = []
            for j in range(1, n - b + 1):
                dst = b + j + 1
                if dst > n:
                    break  # past the end: handled by through_win
                add = (b - 1, b) if j == 1 else (b + j - 1,)
                steps.append(_Step(dst, add, ((1 << j) - 1) << (b - 1), dst == n))
            self.right[b] = steps
            steps = []
            for j in range(1, b):
                dst = b - j - 1
                if dst < 2:
                    break  # onto square 1 or past it: Right wins, never a good Left move
                add = (b - 3, b - 2) if j == 1 else (dst - 1,)
                steps.append(_Step(dst, add, ((1 << j) - 1) << dst, False))
            self.left[b] = steps

    def mirror_ball(self, b: int) -> int:
        return self.n + 1 - b

    def through_win(self, b: int, O: list[int], full: int) -> int:
        x = full
        for k in range(b - 1, self.bits):
            x &= O[k]
        return x


class OddishSpec(_Spec):
    """Oddish phutball on ``m`` squares, Left to move; the 'ball' is the arrow's gap ``1..m-1``."""

    kind = "oddish"

    def __init__(self, m: int) -> None:
        super().__init__(m, list(range(1, m)))
        self.m = m
        for a in self.balls:
            self.right[a] = [_Step(a + 1, (a,), 1 << a, a + 1 == m)]
            self.left[a] = [_Step(a - 1, (a - 1,), 1 << (a - 1), False)] if a - 1 >= 1 else []

    def mirror_ball(self, b: int) -> int:
        return self.m - b


def _repeat(block: int, period: int, total: int) -> int:
    """The ``period``-bit ``block`` repeated to fill ``total`` bits (both powers of two)."""
    x = block
    while period < total:
        x |= x << period
        period *= 2
    return x


class Engine:
    """The layered bitset retrograde (see the module docstring)."""

    def __init__(self, spec: _Spec) -> None:
        self.spec = spec
        K = spec.bits
        self.N = 1 << K
        self.full = (1 << self.N) - 1
        self.Z = [_repeat((1 << (1 << k)) - 1, 1 << (k + 1), self.N) for k in range(K)]
        self.O = [z ^ self.full for z in self.Z]
        # delta-swap masks for reversing the index bits: swap bits i and K-1-i
        self.swaps = []
        for i in range(K // 2):
            j = K - 1 - i
            self.swaps.append(((1 << j) - (1 << i), self.O[i] & self.Z[j]))
        self.cancelled = False

    # -- set operations -------------------------------------------------

    def reverse(self, x: int) -> int:
        for d, m in self.swaps:
            t = ((x >> d) ^ x) & m
            x ^= t | (t << d)
        return x

    def mirror(self, sets: dict[int, int]) -> Generator[None, None, dict[int, int]]:
        """Left-to-move sets from sets of positions with Right to move (and back); yields per ball."""
        mb = self.spec.mirror_ball
        out = {}
        for b, x in sets.items():
            out[mb(b)] = self.reverse(x) if x else 0
            yield
        return out

    def chains(self, H: dict[int, int], steps: dict[int, list[_Step]], order: list[int],
               terminal_full: bool,
               base: Callable[[int], int] | None = None) -> Generator[None, None, dict[int, int]]:
        """For each ball: states with a jump chain that can stop on a landing in ``H``.

        ``order`` visits balls so that every landing is done before its sources.
        With ``terminal_full`` a landing on the goal square counts (1-ply wins).
        """
        J: dict[int, int] = {}
        full = self.full
        Z = self.Z
        for b in order:
            acc = 0
            window = full
            for st in steps[b]:
                for k in st.add_bits:
                    window &= Z[k]
                if st.terminal:
                    h = full if terminal_full else 0
                else:
                    h = H.get(st.dst, 0) | J.get(st.dst, 0)
                if h:
                    acc |= (h & window) << st.shift
            if base is not None:
                acc |= base(b)
            J[b] = acc
            yield
        return J

    def exists(self, C: dict[int, int]) -> Generator[None, None, dict[int, int]]:
        """States (Left to move) with a move to a position in ``C`` (positions after the move)."""
        spec = self.spec
        Z = self.Z
        K = spec.bits
        out: dict[int, int] = {}
        for b in spec.balls:
            c = C.get(b, 0)
            acc = 0
            if c:
                for k in range(K):
                    acc |= (c >> (1 << k)) & Z[k]
            out[b] = acc
            yield
        jr = yield from self.chains(C, spec.right, sorted(spec.balls, reverse=True), False)
        jl = yield from self.chains(C, spec.left, sorted(spec.balls), False)
        for b in spec.balls:
            out[b] |= jr[b] | jl[b]
        return out

    def win1(self) -> Generator[None, None, dict[int, int]]:
        spec = self.spec
        full, O = self.full, self.O
        tw = {b: spec.through_win(b, O, full) for b in spec.balls}
        return (yield from self.chains(tw, spec.right, sorted(spec.balls, reverse=True), True,
                                       base=lambda b: tw[b]))

    # -- the layered solve ----------------------------------------------

    def run(self) -> Generator[Progress, None, "EngineResult"]:
        spec = self.spec
        balls = spec.balls
        full = self.full
        states = len(balls) * self.N
        nsteps = 5 * len(balls)
        decided = 0
        ply = 1
        step = 0

        def drive(gen: Generator[None, None, Any]) -> Generator[Progress, None, Any]:
            # run a sub-computation, reporting progress (and honouring cancel) at each of its yields
            nonlocal step
            while True:
                try:
                    next(gen)
                except StopIteration as stop:
                    return stop.value
                step += 1
                if self.cancelled:
                    raise Cancelled()
                yield Progress("solve", ply, min(step, nsteps), nsteps, decided, states,
                               min(0.99, 0.02 + 0.98 * decided / max(states, 1)))

        won = yield from drive(self.win1())
        lost = {b: 0 for b in balls}
        planes: list[dict[int, int]] = [dict(won)]  # bit 0 of the plies: ply 1
        decided = sum(x.bit_count() for x in won.values())
        mwon = yield from drive(self.mirror(won))
        new_lost: dict[int, int] = {}
        max_ply = {WIN: 1 if decided else 0, LOSS: 0}
        while True:
            ply += 1
            step = 0
            if ply % 2 == 0:
                target = {b: full ^ mwon.get(b, 0) for b in balls}
            else:
                target = yield from drive(self.mirror(new_lost))
            reach = yield from drive(self.exists(target))
            new: dict[int, int] = {}
            count = 0
            for b in balls:
                und = full ^ won[b] ^ lost[b]
                x = und & (full ^ reach[b]) if ply % 2 == 0 else und & reach[b]
                new[b] = x
                count += x.bit_count()
            if not count:
                break
            decided += count
            if ply % 2 == 0:
                for b in balls:
                    lost[b] |= new[b]
                new_lost = new
                max_ply[LOSS] = ply
            else:
                for b in balls:
                    won[b] |= new[b]
                mw = yield from drive(self.mirror(new))
                for b, x in mw.items():
                    mwon[b] = mwon.get(b, 0) | x
                max_ply[WIN] = ply
            while len(planes) < ply.bit_length():
                planes.append({b: 0 for b in balls})
            for p in range(ply.bit_length()):
                if ply >> p & 1:
                    plane = planes[p]
                    for b in balls:
                        plane[b] |= new[b]
        nbytes = max(1, self.N // 8)

        wins = sum(x.bit_count() for x in won.values())
        losses = sum(x.bit_count() for x in lost.values())
        del target, reach, new, mwon, new_lost

        def pack(sets: dict[int, int]) -> Generator[None, None, dict[int, bytes]]:
            # destructive, so that peak memory stays near one copy of the sets
            out = {}
            for b in balls:
                out[b] = sets.pop(b, 0).to_bytes(nbytes, "little")
                yield
            return out

        packed_won = yield from drive(pack(won))
        packed_lost = yield from drive(pack(lost))
        packed_planes = []
        for plane_sets in planes:
            packed_planes.append((yield from drive(pack(plane_sets))))
        result = EngineResult(self.N, packed_won, packed_lost, packed_planes,
                         max_ply[WIN], max_ply[LOSS], wins, losses, states)
        yield Progress("done", ply, nsteps, nsteps, decided, states, 1.0, True)
        return result


class Cancelled(Exception):
    pass


@dataclass
class EngineResult:
    N: int
    won: dict[int, bytes]
    lost: dict[int, bytes]
    planes: list[dict[int, bytes]]
    max_win: int
    max_loss: int
    wins: int
    losses: int
    states: int

    def counts(self, seconds: float) -> dict[str, Any]:
        """Counts of wins/losses/draws and the longest wins/losses, for the tables' ``stats()``."""
        return {"states": self.states, "wins": self.wins, "losses": self.losses,
                "draws": self.states - self.wins - self.losses, "max_win_plies": self.max_win,
                "max_loss_plies": self.max_loss, "seconds": round(seconds, 3)}

    def get(self, b: int, idx: int) -> tuple[str, int | None]:
        byte, bit = idx >> 3, idx & 7
        if self.won[b][byte] >> bit & 1:
            v = WIN
        elif self.lost[b][byte] >> bit & 1:
            v = LOSS
        else:
            return DRAW, None
        d = 0
        for p, plane in enumerate(self.planes):
            if plane[b][byte] >> bit & 1:
                d |= 1 << p
        return v, d
