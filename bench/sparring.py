"""Sparring partners for the ladder and the gauntlet, built apart from :mod:`phutball.ai` (issue 30).

Two players, written clean-room from public descriptions of the techniques (no code of
``phutball.ai`` or of the gauntlet's old players); they use only the engine's rules: the distinct
jump results of :func:`phutball.bitboard.jump_results`, the men's bitmask, ``Position.play`` and
``Position.find_winning_jump`` (at the root only).

* ``beam`` -- alpha-beta (negamax, fail-soft) with iterative deepening, a transposition table
  and aspiration windows.  Every node lists its distinct jump results (up to
  :data:`JUMP_CAP`) and searches them first, the one furthest toward the mover's goal first; a
  jump onto the mover's goal wins at once, one onto the other goal is never played (unless
  nothing else is legal).  Placements are the empty points within 2 (king moves) of any man or
  of the ball; with 2 or more plies left only the best :data:`BEAM` of them by a cheap
  evaluation (a jump listing capped at :data:`RANK_CAP`) are searched.  The evaluation
  (:func:`closeness_value`) is a race: how close each side's best jump chain would bring the
  ball to its goal, valued by ``K(d) = 600 / (d + 2)`` (a row gained near a goal counts more
  than one in midfield).
* ``mcts`` -- Monte-Carlo tree search with UCT.  A tree node's moves are its jumps (by
  progress), the landing points of the other side's winning chains (parries), and the empty
  points within 2 of the ball, forward ones first.  A node whose mover has a winning jump is
  a proven win.  A playout takes a winning jump when there is one, else the furthest forward
  jump when it gains at least :data:`PLAYOUT_GAIN` rows, else a man next to the ball (toward
  the mover's goal more often than not); after :data:`PLAYOUT_CAP` plies it ends with a
  heuristic result, a logistic in the ball's row.

Both take a node budget and/or a time budget per move (``clock``: ``time.process_time`` for
equal CPU per move), and return a :class:`Choice` (the move, nodes, depth, score).  A node is a
position searched (``beam``), or a position of a tree descent or a playout (``mcts``, whose
budget is checked before each one).

Names, for ``bench/ladder.py`` and ``bench/gauntlet.py --opponent``: ``beam`` and ``mcts``
(:data:`DEFAULT_NODES` nodes a move when no time is given), or ``beam<N>`` / ``mcts<N>`` for N
nodes, e.g. ``mcts5000``.
"""

from __future__ import annotations

import math
import random
import re
import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phutball import Point, Position  # noqa: E402
from phutball.bitboard import jump_results  # noqa: E402
from phutball.errors import NoMoveError  # noqa: E402
from phutball.notation import Jump, Move2D, Placement  # noqa: E402
from phutball.sides import Side, other  # noqa: E402

#: A win scores ``WIN - plies``; evaluations stay far below it.
WIN = 100_000
#: Distinct jump results listed at a node of ``beam`` (the root: :data:`ROOT_JUMP_CAP`).
JUMP_CAP = 150
ROOT_JUMP_CAP = 1_000
#: Placements searched at a node with 2 or more plies left, and the jump results that rank them.
BEAM = 8
RANK_CAP = 24
#: Half-width of the aspiration window around the previous iteration's score.
ASPIRATION = 40
#: Entries the transposition table may hold before it is cleared.
TT_SIZE = 500_000
#: ``mcts``: the exploration constant, a tree node's jump cap, playout length, jump cap and gain.
UCT_C = 0.6
TREE_JUMP_CAP = 40
PLAYOUT_CAP = 24
PLAYOUT_JUMP_CAP = 16
PLAYOUT_GAIN = 2
#: Rows of ball offset for which the heuristic result at the playout cap is 1/e from a coin flip.
PLAYOUT_SCALE = 2.5
#: Node budgets of the names without a number (ladder games search by nodes only).
DEFAULT_NODES = {"beam": 20_000, "mcts": 20_000}
NAME = re.compile(r"(beam|mcts)(\d+)?$")


class _OutOfBudget(Exception):
    """The node or time budget is spent: unwind the search."""


@dataclass(frozen=True)
class Choice:
    """A partner's answer: the move, the nodes searched, the depth (last complete iteration for
    ``beam``, the most visited line for ``mcts``), the score for the mover and the seconds taken."""

    best: Move2D
    nodes: int
    depth: int
    score: float
    seconds: float


class Child(NamedTuple):
    """A move as the state it reaches: the ball, the men, and a placed point's bit or a jump's path."""

    col: int
    row: int
    mask: int
    tag: int | tuple[tuple[int, int], ...]


# ------------------------------------------------------------------ board geometry and moves


@dataclass(frozen=True)
class Geometry:
    """Bit masks of one board size: its points (rows 1..h), its first and its last column."""

    w: int
    h: int
    board: int
    first_col: int
    last_col: int


@lru_cache(maxsize=None)
def geometry(w: int, h: int) -> Geometry:
    """The masks of a ``w`` x ``h`` board (bit ``row * w + col - 1``, off-board rows 0 and h + 1 included)."""
    board = ((1 << (w * h)) - 1) << w
    first = sum(1 << (r * w) for r in range(h + 2))
    return Geometry(w, h, board, first, first << (w - 1))


def grow(g: Geometry, m: int, radius: int) -> int:
    """``m`` with every point within ``radius`` king moves of one of its points (clipped to the columns)."""
    for _ in range(radius):
        m |= ((m << 1) & ~g.first_col) | ((m >> 1) & ~g.last_col)
        m |= (m << g.w) | (m >> g.w)
    return m


def bits(m: int) -> Iterable[int]:
    """The bit numbers set in ``m``, lowest first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def forward(side: Side) -> int:
    """+1 for Ohs (attacking the top row), -1 for Eks."""
    return 1 if side == "O" else -1


def wins(side: Side, row: int, h: int) -> bool:
    """Whether the ball on ``row`` is a goal for ``side``."""
    return row >= h if side == "O" else row <= 1


def scan(g: Geometry, col: int, row: int, mask: int, cap: int) -> tuple[list[Child], int, int]:
    """The first ``cap`` distinct jump results from the ball, and the highest and lowest rows the
    ball can reach (its own row included)."""
    kids = [Child(c, r, m, path) for c, r, m, path in islice(jump_results(g.w, g.h, col, row, mask), cap)]
    rows = [row, *(k.row for k in kids)]
    return kids, max(rows), min(rows)


@lru_cache(maxsize=None)
def closeness(h: int) -> tuple[int, ...]:
    """``K(d) = 600 / (d + 2)``, the value of the ball ``d`` rows from a goal, for d = 0..h."""
    return tuple(round(600 / (d + 2)) for d in range(h + 1))


def closeness_value(h: int, side: Side, top: int, bottom: int) -> int:
    """The race for ``side`` (to move) when its jumps reach rows ``bottom``..``top``: K(my distance
    after my best chain) - K(theirs after their best chain)."""
    k = closeness(h)
    up, down = k[max(h - top, 0)], k[max(bottom - 1, 0)]
    return up - down if side == "O" else down - up


def placements_near(g: Geometry, col: int, row: int, mask: int, seed: int, radius: int) -> list[int]:
    """The empty board points within ``radius`` of a point of ``seed``; every empty point when none is."""
    ball = 1 << (row * g.w + col - 1)
    free = g.board & ~mask & ~ball
    near = grow(g, seed, radius) & free
    return list(bits(near or free))


def to_move(g: Geometry, child: Child) -> Move2D:
    """The engine's move for a child state."""
    if isinstance(child.tag, int):
        return Placement(Point(child.tag % g.w + 1, child.tag // g.w))
    return Jump(tuple(Point(c, r) for c, r in child.tag))


def key_of(pos: Position) -> tuple[int, int, int, Side]:
    """A position as the partners' state key."""
    return pos.ball.col, pos.ball.row, pos.mask, pos.to_move


# ------------------------------------------------------------------ the beam alpha-beta player

EXACT, LOWER, UPPER = 0, 1, 2


class BeamSearch:
    """Iterative-deepening alpha-beta over jumps and near placements (see the module doc)."""

    def __init__(self, pos: Position, *, max_nodes: int, max_seconds: float, max_depth: int = 64,
                 clock: Callable[[], float] = time.process_time, history: Sequence[Position] = ()) -> None:
        if pos.is_over:
            raise NoMoveError("no move", str(pos), pos.over_reason())
        self.pos = pos
        self.g = geometry(pos.size.width, pos.size.height)
        self.max_nodes, self.max_depth, self.clock = max_nodes, max_depth, clock
        self.deadline = clock() + max_seconds
        self.nodes = 0
        self.tt: dict[tuple[int, int, int, Side], tuple[int, int, int, tuple[int, int, int] | None]] = {}
        self.seen: dict[tuple[int, int, int, Side], int] = {}
        for p in history:
            self.seen[key_of(p)] = self.seen.get(key_of(p), 0) + 1
        self.seen[key_of(pos)] = self.seen.get(key_of(pos), 0) + 1
        self.partial: Child | None = None   # the current iteration's best root move so far

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes or self.clock() > self.deadline:
            self.nodes -= 1
            raise _OutOfBudget

    def _children(self, col: int, row: int, mask: int, side: Side, depth: int, kids: list[Child]
                  ) -> tuple[list[Child], list[Child]]:
        """The moves to search, jumps first, and the jumps that score an own goal (played only when
        nothing else is legal)."""
        g, f = self.g, forward(side)
        foe = other(side)
        jumps = [k for k in kids if not wins(foe, k.row, g.h)]
        own_goals = [k for k in kids if wins(foe, k.row, g.h)]
        jumps.sort(key=lambda k: -f * k.row)
        near = placements_near(g, col, row, mask, mask | (1 << (row * g.w + col - 1)), 2)
        if depth >= 2 and len(near) > BEAM:
            def cheap(i: int) -> int:
                _, top, bottom = scan(g, col, row, mask | (1 << i), RANK_CAP)
                return closeness_value(g.h, foe, top, bottom)  # the opponent's view: smaller is better
            near = sorted(near, key=cheap)[:BEAM]
        else:
            near.sort(key=lambda i: max(abs(i % g.w + 1 - col), abs(i // g.w - row)))
        places = [Child(col, row, mask | (1 << i), i) for i in near]
        return jumps + places, own_goals

    def node(self, col: int, row: int, mask: int, side: Side, depth: int, alpha: int, beta: int, ply: int
             ) -> tuple[int, Child | None]:
        """The negamax score of a state for ``side`` (to move), and its best child (None at a leaf)."""
        self._tick()
        g = self.g
        key = (col, row, mask, side)
        entry = self.tt.get(key)
        hint = None
        if entry is not None:
            e_depth, e_score, e_flag, hint = entry
            if ply and e_depth >= depth:
                s = e_score - ply if e_score > WIN // 2 else e_score + ply if e_score < -WIN // 2 else e_score
                if e_flag == EXACT or (e_flag == LOWER and s >= beta) or (e_flag == UPPER and s <= alpha):
                    return s, None
        kids, top, bottom = scan(g, col, row, mask, ROOT_JUMP_CAP if ply == 0 else JUMP_CAP)
        for k in kids:
            if wins(side, k.row, g.h):
                return WIN - ply - 1, k
        if depth <= 0:
            return closeness_value(g.h, side, top, bottom), None
        moves, own_goals = self._children(col, row, mask, side, depth, kids)
        if not moves:
            return (-(WIN - ply - 1), own_goals[0]) if own_goals else (0, None)
        if hint is not None:
            for i, k in enumerate(moves):
                if (k.col, k.row, k.mask) == hint:
                    moves.insert(0, moves.pop(i))
                    break
        foe = other(side)
        best, best_child, a0 = -2 * WIN, moves[0], alpha
        for k in moves:
            ck = (k.col, k.row, k.mask, foe)
            if self.seen.get(ck, 0) >= 2:
                score = 0  # the third time: a draw by repetition
            else:
                self.seen[ck] = self.seen.get(ck, 0) + 1
                try:
                    score = -self.node(k.col, k.row, k.mask, foe, depth - 1, -beta, -alpha, ply + 1)[0]
                finally:
                    self.seen[ck] -= 1
            if score > best:
                best, best_child = score, k
                if score > alpha:
                    alpha = score
                    if ply == 0:
                        self.partial = k  # proved better than the moves before it
                    if alpha >= beta:
                        break
        flag = LOWER if best >= beta else UPPER if best <= a0 else EXACT
        if len(self.tt) >= TT_SIZE:
            self.tt.clear()
        stored = best + ply if best > WIN // 2 else best - ply if best < -WIN // 2 else best
        self.tt[key] = (depth, stored, flag, (best_child.col, best_child.row, best_child.mask))
        return best, best_child

    def run(self) -> Choice:
        """Search until the budget or ``max_depth`` is reached: the last complete iteration's move."""
        t0 = self.clock()
        pos, g = self.pos, self.g
        win = pos.find_winning_jump(max_nodes=20_000)
        if win.jump is not None:
            return Choice(win.jump, 1, 1, WIN - 1, self.clock() - t0)
        col, row, mask, side = key_of(pos)
        kids, _, _ = scan(g, col, row, mask, ROOT_JUMP_CAP)
        moves, own_goals = self._children(col, row, mask, side, 1, kids)
        if not moves and not own_goals:
            raise NoMoveError("no move", str(pos), "no legal move")
        best = (moves or own_goals)[0]
        score, depth = 0, 0
        for d in range(1, self.max_depth + 1):
            self.partial = None
            try:
                if d == 1 or abs(score) > WIN // 2:
                    score, found = self.node(col, row, mask, side, d, -2 * WIN, 2 * WIN, 0)
                else:
                    lo, hi = score - ASPIRATION, score + ASPIRATION
                    s, found = self.node(col, row, mask, side, d, lo, hi, 0)
                    if s <= lo or s >= hi:
                        self.partial = None
                        s, found = self.node(col, row, mask, side, d, -2 * WIN, 2 * WIN, 0)
                    score = s
            except _OutOfBudget:
                if self.partial is not None:
                    best = self.partial
                break
            if found is not None:
                best = found
            depth = d
            if abs(score) > WIN // 2:
                break
        return Choice(to_move(g, best), self.nodes, depth, score, self.clock() - t0)


# ------------------------------------------------------------------ the Monte-Carlo tree search player


class TreeNode:
    """A state of the UCT tree: visits, the total result for the side that moved into it, children."""

    __slots__ = ("state", "side", "visits", "total", "moves", "children", "winner")

    def __init__(self, state: Child, side: Side) -> None:
        self.state, self.side = state, side
        self.visits, self.total = 0, 0.0
        self.moves: list[Child] | None = None      # untried moves, best first (None: not expanded yet)
        self.children: list[TreeNode] = []
        self.winner: Side | None = None            # proven: the ball is in a goal, or the mover wins in one


class MonteCarlo:
    """UCT with light playouts (see the module doc)."""

    def __init__(self, pos: Position, *, max_nodes: int, max_seconds: float, seed: int = 0,
                 clock: Callable[[], float] = time.process_time) -> None:
        if pos.is_over:
            raise NoMoveError("no move", str(pos), pos.over_reason())
        self.pos = pos
        self.g = geometry(pos.size.width, pos.size.height)
        self.max_nodes, self.clock = max_nodes, clock
        self.deadline = clock() + max_seconds
        self.rng = random.Random(f"mcts/{pos}/{seed}")
        self.nodes = 0

    def expand(self, node: TreeNode) -> None:
        """List a node's moves (a proven win when the mover has a winning jump)."""
        g, (col, row, mask, _) = self.g, node.state
        side, foe = node.side, other(node.side)
        kids, _, _ = scan(g, col, row, mask, TREE_JUMP_CAP)
        won = [k for k in kids if wins(side, k.row, g.h)]
        if won:
            node.winner, node.moves = side, won[:1]  # proven: the winning jump is its one move
            return
        f = forward(side)
        jumps = sorted((k for k in kids if not wins(foe, k.row, g.h)), key=lambda k: -f * k.row)
        parry = 0
        for k in kids:
            if wins(foe, k.row, g.h) and not isinstance(k.tag, int):
                for c, r in k.tag[1:]:
                    if 1 <= r <= g.h:
                        parry |= 1 << (r * g.w + c - 1)
        ball = 1 << (row * g.w + col - 1)
        parries = list(bits(parry & g.board & ~mask & ~ball))
        near = sorted((i for i in placements_near(g, col, row, mask, ball, 2) if not (parry >> i) & 1),
                      key=lambda i: (-f * (i // g.w - row), max(abs(i % g.w + 1 - col), abs(i // g.w - row))))
        spots = parries + near
        node.moves = jumps + [Child(col, row, mask | (1 << i), i) for i in spots]
        if not node.moves:
            own = [k for k in kids if wins(foe, k.row, g.h)]
            node.moves = own[:1]
        node.moves.reverse()  # popped from the end: best first

    def playout(self, col: int, row: int, mask: int, side: Side) -> float:
        """Play on from a state with the light policy: 1.0 when Ohs win, 0.0 when Eks win, else the
        logistic of the ball's row at the cap."""
        g, rng = self.g, self.rng
        for _ in range(PLAYOUT_CAP):
            if self.nodes >= self.max_nodes:
                break
            self.nodes += 1
            kids, _, _ = scan(g, col, row, mask, PLAYOUT_JUMP_CAP)
            f = forward(side)
            best, gain = None, PLAYOUT_GAIN - 1
            for k in kids:
                if wins(side, k.row, g.h):
                    return 1.0 if side == "O" else 0.0
                if f * (k.row - row) > gain and not wins(other(side), k.row, g.h):
                    best, gain = k, f * (k.row - row)
            if best is not None and rng.random() < 0.9:
                col, row, mask = best.col, best.row, best.mask
            else:
                near = placements_near(g, col, row, mask, 1 << (row * g.w + col - 1), 1)
                ahead = [i for i in near if f * (i // g.w - row) > 0]
                pick = ahead if ahead and rng.random() < 0.7 else near
                if not pick:
                    break
                mask |= 1 << rng.choice(pick)
            side = other(side)
        return 1 / (1 + math.exp(-(row - (g.h + 1) / 2) / PLAYOUT_SCALE))

    def run(self) -> Choice:
        """Iterate select-expand-playout-backpropagate until the budget: the most visited move."""
        t0 = self.clock()
        pos, g = self.pos, self.g
        win = pos.find_winning_jump(max_nodes=20_000)
        if win.jump is not None:
            return Choice(win.jump, 1, 1, 1.0, self.clock() - t0)
        root = TreeNode(Child(*key_of(pos)[:3], ()), pos.to_move)
        self.expand(root)
        if root.winner is not None and root.moves:
            return Choice(to_move(g, root.moves[0]), 1, 1, 1.0, self.clock() - t0)
        if not root.moves:
            raise NoMoveError("no move", str(pos), "no legal move")
        while True:
            if root.visits and (self.nodes >= self.max_nodes or self.clock() > self.deadline):
                break
            path = [root]
            node = root
            while (node.winner is None and node.moves is not None and not node.moves and node.children
                   and self.nodes < self.max_nodes):
                log_n = math.log(node.visits)
                node = max(node.children, key=lambda c: c.total / c.visits + UCT_C * math.sqrt(log_n / c.visits))
                path.append(node)
                self.nodes += 1
            if node.winner is None and node.moves and self.nodes < self.max_nodes:
                k = node.moves.pop()
                child = TreeNode(k, other(node.side))
                if wins("O", k.row, g.h) or wins("X", k.row, g.h):
                    child.winner, child.moves = ("O" if wins("O", k.row, g.h) else "X"), []
                node.children.append(child)
                node = child
                path.append(node)
                self.nodes += 1
                if node.winner is None:
                    self.expand(node)
            if node.winner is not None:
                result = 1.0 if node.winner == "O" else 0.0
            elif node.moves is not None and not node.moves and not node.children:
                result = 0.5  # no legal move: a draw
            else:
                result = self.playout(node.state.col, node.state.row, node.state.mask, node.side)
            for n in path:
                n.visits += 1
                n.total += result if other(n.side) == "O" else 1.0 - result
        if not root.children:  # a budget of no nodes: the first move in the tree's order
            return Choice(to_move(g, (root.moves or [])[-1]), self.nodes, 0, 0.5, self.clock() - t0)
        top = max(root.children, key=lambda c: (c.visits, c.total / c.visits))
        depth, n = 0, root
        while n.children:
            n = max(n.children, key=lambda c: c.visits)
            depth += 1
        return Choice(to_move(g, top.state), self.nodes, depth, top.total / top.visits, self.clock() - t0)


# ------------------------------------------------------------------ names, for the ladder and the gauntlet


def is_partner(name: str) -> bool:
    """Whether ``name`` is a sparring partner: ``beam``, ``mcts``, or either with a node budget."""
    return NAME.match(name) is not None


def describe(name: str) -> str:
    """One line on a partner, for the ladder's table."""
    m = NAME.match(name)
    if m is None:
        raise ValueError(f"not a sparring partner: {name!r}")
    nodes = int(m[2]) if m[2] else DEFAULT_NODES[m[1]]
    what = "clean-room alpha-beta, beam of 8" if m[1] == "beam" else "clean-room UCT, light playouts"
    return f"{what}, {nodes:,} nodes"


def choose(name: str, pos: Position, *, history: Sequence[Position] = (), max_nodes: int | None = None,
           max_seconds: float = math.inf, clock: Callable[[], float] = time.process_time, seed: int = 0) -> Choice:
    """The move of partner ``name`` in ``pos``.  Without ``max_nodes``, the name's own budget
    applies unless a time is given (then nodes are unbounded): ``choose("beam", pos,
    max_seconds=0.5)`` searches half a second of ``clock``."""
    m = NAME.match(name)
    if m is None:
        raise ValueError(f"not a sparring partner: {name!r} (beam, mcts, beam<N> or mcts<N>)")
    if max_nodes is None:
        max_nodes = int(m[2]) if m[2] else DEFAULT_NODES[m[1]] if math.isinf(max_seconds) else 1 << 62
    if m[1] == "beam":
        return BeamSearch(pos, max_nodes=max_nodes, max_seconds=max_seconds, clock=clock, history=history).run()
    return MonteCarlo(pos, max_nodes=max_nodes, max_seconds=max_seconds, clock=clock, seed=seed).run()
