"""The exact win-in-three search of the 2D puzzles: proofs with footprints.

Engine side (no site imports); :mod:`phutball.puzzles.twod` decides the ``win-in-three`` task,
judges its moves and plays its defences with :class:`DeepSearch`, which builds on the searches
one and two moves deep of :mod:`phutball.puzzles.search2d`.

**Why the win-in-three search is exact, and why it is fast.**  A search three
moves deep cannot try every placement at every ply (15x19 has 285 points: 285
cubed positions).  It keeps the same answers by a second fact about men: the
ball's jumps from a position examine only its *landing points* (every point a
chain of jumps can reach, with the men it removes) and the points next to
them.  A man added anywhere else changes no jump of that position at all
(:func:`jump_zone` lists the points that can matter).  So every proof the search
makes -- "no winning jump here", "this threat is unstoppable", "no win in two
here" -- records its *footprint*: the union of the zones of every position the
proof looked at.  A man added outside a proof's footprint leaves every step of
the proof as it was, so the proof still holds.  Hence:

* a win in two needs a threat, and only a man inside the position's zone (or a
  jump) can make one: a man elsewhere leaves the opponent a quiet move outside
  the zone too;
* after the attacker's first move, a defence by a man outside the footprint
  of the attacker's win in two *as if the defender had passed* loses to that
  same win in two; only the defender's jumps and the men inside it are tried;
* a first move by a man outside the footprint of the proof that the start has
  no win in two loses to a quiet reply outside it (two such men leave that
  proof standing).

``tests/test_win_in_three.py`` compares the search with trying every move at every
ply on random small boards.
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Iterable

from ..bitboard import DIRECTIONS, bit, jump_results, point_table, points_of
from ..board import Position
from ..errors import PhutballError
from ..notation import Jump, Move2D, Placement, Point
from ..sides import Side, other
from .search2d import LIST_LIMIT, NODES, Effort, Undecided, breakers, jump_moves, win_in_one

__all__ = ["jump_zone", "DeepSearch", "win_in_three_moves", "win_within_two"]


def jump_zone(pos: Position) -> int:
    """The points where a man could change any jump of the ball in ``pos``, as a men mask (bit
    ``row * width + col - 1``): the landing points of every chain of jumps, with the men it removes,
    and the points next to them (see the module doc).

    A hop from a point looks at its neighbour, then along a line of men (occupied points) to the first
    point that is not a man, where it lands; so a man added at an empty point outside the zone is never
    looked at, and every jump, jump result and winning path stays as it was.  Undecided when there are
    more distinct jump states than :data:`LIST_LIMIT`.
    """
    w, h = pos.size.width, pos.size.height
    near = _near(w, h)
    out = near[pos.ball.row * w + pos.ball.col - 1]
    for n, (c, r, _, _) in enumerate(jump_results(w, h, pos.ball.col, pos.ball.row, pos.mask)):
        if n >= LIST_LIMIT:
            raise Undecided("undecided", str(pos), "too many jump results to list")
        if 1 <= r <= h:
            out |= near[r * w + c - 1]
    return out


_NEAR: dict[tuple[int, int], list[int]] = {}


def _near(w: int, h: int) -> list[int]:
    """By bit index: the mask of the point and its neighbours on the board (built once per size)."""
    if (w, h) not in _NEAR:
        table = [0] * (w * (h + 2))
        for r in range(1, h + 1):
            for c in range(1, w + 1):
                for dc, dr in ((0, 0), *DIRECTIONS):
                    if 1 <= c + dc <= w and 1 <= r + dr <= h:
                        table[r * w + c - 1] |= bit(w, c + dc, r + dr)
        _NEAR[(w, h)] = table
    return _NEAR[(w, h)]


def _point_bit(pos: Position, move: Move2D) -> int:
    """The bit of a placement's point (0 for a jump)."""
    return bit(pos.size.width, move.point.col, move.point.row) if isinstance(move, Placement) else 0


class DeepSearch:
    """Wins in two and three moves for the side to move, decided exactly with the footprints of their
    proofs (men masks; see the module doc).  Answers are cached by position for the search's life."""

    def __init__(self, effort: Effort, max_nodes: int = NODES) -> None:
        self.effort, self.max_nodes = effort, max_nodes
        self._zones: dict[tuple[int, Point], int] = {}
        self._wins: dict[tuple[int, Point, Side], Jump | None] = {}
        self._two: dict[Position, tuple[Move2D | None, int]] = {}
        self._failed: dict[Position, list[tuple[Move2D, int]]] = {}

    def zone(self, pos: Position) -> int:
        key = (pos.mask, pos.ball)
        if key not in self._zones:
            self._zones[key] = jump_zone(pos)
        return self._zones[key]

    def win1(self, pos: Position, side: Side) -> Jump | None:
        """A winning jump for ``side`` in ``pos`` (cached :func:`~phutball.puzzles.search2d.win_in_one`)."""
        key = (pos.mask, pos.ball, side)
        if key not in self._wins:
            self._wins[key] = win_in_one(pos, side, self.effort, self.max_nodes)
        return self._wins[key]

    @staticmethod
    def _free(pos: Position) -> int:
        """The empty points of the board (rows 1..h) as a men mask."""
        w, h = pos.size.width, pos.size.height
        return (((1 << (w * h)) - 1) << w) & ~pos.mask & ~bit(w, pos.ball.col, pos.ball.row)

    def placements_in(self, pos: Position, fp: int, inside: bool = True) -> list[Placement]:
        """The empty points of the board inside footprint ``fp`` (or outside it), lowest bit first."""
        return [Placement(p) for p in points_of(pos.size, self._free(pos) & (fp if inside else ~fp))]

    def quiet(self, pos: Position, fp: int) -> Placement | None:
        """A man outside footprint ``fp`` (a move that changes nothing the proof looked at), or None."""
        out = self._free(pos) & ~fp
        return Placement(point_table(pos.size)[(out & -out).bit_length() - 1]) if out else None

    def refute(self, after: Position, attacker: Side) -> tuple[Move2D | None, int]:
        """:func:`~phutball.puzzles.search2d.refute_threat` with its footprint: a defence that survives the
        attacker's next jump (None: every defence loses), and the points its answer depends on."""
        defender = other(attacker)
        fp = self.zone(after)
        own = self.win1(after, defender)
        if own is not None:
            return own, fp
        places: list[Placement]
        if self.win1(after, attacker) is None:
            far = self.quiet(after, fp)
            if far is not None:
                return far, fp | _point_bit(after, far)
            places = after.placements()
        else:
            places = [Placement(q) for q in breakers(after, attacker, self.effort, self.max_nodes)]
        for m in places:
            x = after.play(m)
            fp |= self.zone(x)
            if self.win1(x, attacker) is None:
                return m, fp | _point_bit(after, m)
        for res, j in jump_moves(after):
            if res.winner == defender:
                return j, fp
            if res.winner is None:
                fp |= self.zone(res)
                if self.win1(res, attacker) is None:
                    return j, fp
        return None, fp

    def _threats(self, q: Position, killers: Iterable[Move2D]) -> list[tuple[Position, Move2D]]:
        """The moves that can make a threat in ``q``: the killers (moves that worked in a sibling) that
        are legal here, then every man in the zone, then every jump; one per result."""
        zq = self.zone(q)
        out: list[tuple[Position, Move2D]] = []
        for m in killers:
            if _point_bit(q, m) and not zq & _point_bit(q, m):
                continue  # out of the zone: no threat
            try:
                out.append((q.play(m), m))
            except PhutballError:
                continue
        out += [(q.play(m), m) for m in self.placements_in(q, zq)]
        out += jump_moves(q)
        seen: set[Position] = set()
        moves = []
        for r, m in out:
            if r.winner is None and r not in seen:
                seen.add(r)
                moves.append((r, m))
        return moves

    def win2(self, q: Position, killers: Iterable[Move2D] = ()) -> tuple[Move2D | None, int]:
        """A move of the side to move in ``q`` (no winning jump assumed) after which every defence loses
        to a jump, or None; with the footprint of that answer."""
        if q not in self._two:
            self._decide2(q, self._threats(q, killers))
        return self._two[q]

    def _decide2(self, q: Position, moves: Iterable[tuple[Position, Move2D]],
                 known: Iterable[tuple[Move2D, int]] = ()) -> None:
        """Try ``moves`` as win-in-two moves in ``q`` (``known``: moves already refuted, with the
        footprints of their refutations); cache the answer, and a failed proof's parts (:meth:`_grow`)."""
        a, zq = q.to_move, self.zone(q)
        failed = list(known)
        for after, m in moves:
            ref, fp = self.refute(after, a)
            if ref is None:
                self._two[q] = (m, fp | zq | _point_bit(q, m))
                return
            failed.append((m, fp))
        self._failed[q] = failed
        self._two[q] = (None, reduce(or_, (fp for _, fp in failed), zq))

    def _grow(self, q: Position, man: Placement) -> None:
        """Decide the win in two of ``q`` plus ``man`` (a man outside ``q``'s zone, the same side to
        move) from ``q``'s failed proof: only the moves whose refutation looked at that point are
        tried again; every other refutation still holds (see the module doc)."""
        b = _point_bit(q, man)
        plus = Position.from_mask(q.size, q.mask | b, q.ball, q.to_move)
        if plus in self._two:
            return
        again = [(m, fp) for m, fp in self._failed[q] if fp & b]
        self._decide2(plus, [(plus.play(m), m) for m, _ in again],
                      [(m, fp) for m, fp in self._failed[q] if not fp & b])

    def within_two(self, q: Position, killers: Iterable[Move2D] = ()) -> tuple[Move2D | None, int]:
        """A winning jump or a win-in-two move of the side to move in ``q``, or None; with its footprint."""
        j = self.win1(q, q.to_move)
        return (j, self.zone(q)) if j is not None else self.win2(q, killers)

    def all_win2(self, q: Position) -> list[Move2D]:
        """Every win-in-two move of the side to move in ``q``: men in the zone (lowest bit first), then jumps."""
        return [m for after, m in self._threats(q, ()) if self.refute(after, q.to_move)[0] is None]

    def defences(self, after: Position, attacker: Side) -> tuple[Move2D | None, list[Move2D]]:
        """The defender's moves in ``after`` that need trying against a win within two: ``(saving, rest)``.

        ``saving`` is a defence found to leave no win within two (then ``rest`` is empty), else None
        and ``rest`` holds the defender's jumps, the men inside the footprint of the attacker's win
        as if the defender had passed, and one man outside it standing for all the others.
        """
        passed = Position.from_mask(after.size, after.mask, after.ball, attacker)
        plan, fp = self.within_two(passed)
        fp |= self.zone(after)
        far = self.quiet(after, fp)
        if plan is None and far is not None:
            return far, []  # nothing to answer: a quiet man leaves no win within two
        places = self.placements_in(after, fp) if plan is not None else after.placements()
        rest: list[Move2D] = [j for r, j in jump_moves(after) if r.winner != attacker]
        return None, rest + list(places) + ([far] if far is not None and plan is not None else [])

    def refute3(self, pos: Position, move: Move2D) -> Move2D | None:
        """A defence to ``move`` (by the side to move in ``pos``, not ending the game) after which the
        mover has no win in one or two, or None: ``move`` wins in three."""
        a = pos.to_move
        after = pos.play(move)
        own = self.win1(after, other(a))
        if own is not None:
            return own
        if isinstance(move, Placement) and pos in self._failed and not self.zone(pos) & _point_bit(pos, move):
            self._grow(pos, move)  # the defender's pass: decided from the start's failed proof
        saving, rest = self.defences(after, a)
        if saving is not None:
            return saving
        killers: list[Move2D] = []
        for d in rest:
            plan, _ = self.within_two(after.play(d), killers)
            if plan is None:
                return d
            if plan not in killers:
                killers.insert(0, plan)
        return None

    def first_moves3(self, pos: Position) -> list[Move2D]:
        """Every move that wins in three (the side to move has no win in one or two, else empty)."""
        if self.win1(pos, pos.to_move) is not None:
            return []
        plan, fp = self.win2(pos)
        if plan is not None:
            return []
        outside = self.placements_in(pos, fp, inside=False)
        places = self.placements_in(pos, fp) + (outside if len(outside) < 2 else [])
        cands: list[tuple[Position, Move2D]] = [(pos.play(m), m) for m in sorted(places)]
        cands += jump_moves(pos)
        return [m for after, m in cands if after.winner is None and self.refute3(pos, m) is None]

    def stubborn3(self, after: Position, attacker: Side) -> Move2D:
        """The engine's defence in ``after`` against a win in three: a defence that saves the game if
        there is one, else the one that leaves the attacker no winning jump and the fewest win-in-two
        moves (ties: the first)."""
        own = self.win1(after, other(attacker))
        if own is not None:
            return own
        saving, rest = self.defences(after, attacker)
        if saving is not None:
            return saving
        best: tuple[tuple[int, int], Move2D] | None = None
        for d in rest:
            q = after.play(d)
            if self.within_two(q)[0] is None:
                return d
            score = (0, 0) if self.win1(q, attacker) is not None else (1, -len(self.all_win2(q)))
            if best is None or score > best[0]:
                best = (score, d)
        if best is None:
            raise Undecided("undecided", str(after), "no defence to try")
        return best[1]


def win_in_three_moves(pos: Position, effort: Effort, max_nodes: int = NODES) -> list[Move2D]:
    """Every move of the side to move after which every defence leaves it a win in one or two (a win
    in three), placements first; empty when it has a win in one or two.  Exact (see the module doc)."""
    return DeepSearch(effort, max_nodes).first_moves3(pos)


def win_within_two(pos: Position, effort: Effort, max_nodes: int = NODES) -> Move2D | None:
    """A winning jump, else a win-in-two move, of the side to move; None if it has neither."""
    return DeepSearch(effort, max_nodes).within_two(pos)[0]
