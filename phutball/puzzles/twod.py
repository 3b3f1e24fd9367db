"""Deeper 2D puzzle tasks: exact analysis, the trivial-rule filter, claim checks and judging.

Engine side (no site imports); the puzzle page's controller and ``phutball
puzzles check`` both call it.  The tasks (``TASKS_2D``), for the side to move S:

* ``win`` with ``min_jumps >= 3`` (a *long chain*): S wins at once, and every
  winning path has at least ``min_jumps`` hops; ``solutions`` lists every
  winning path.
* ``win-in-two``: S has no winning jump, but has a move after which every
  defence loses to a jump (an unstoppable threat); ``solutions`` is the set of
  all such first moves; ``main_line`` is the move, the engine's defence and
  the winning jump.
* ``defend``: the opponent threatens a winning jump (``threat``) and S cannot
  win at once; ``solutions`` is every move after which the opponent has no
  winning jump.
* ``dont-jump``: the tempting jump ``trap`` hands the opponent a winning
  jump; ``solutions`` is every move that does not (placements anywhere and
  jumps).
* ``win-in-three``: S has no win in one or two, but has a move after which
  every defence leaves S a win in one or two; ``solutions`` is every such first
  move; ``main_line`` is five plies: the move, the engine's stubbornest
  defence, a win-in-two threat, the engine's defence and the winning jump.

**Why the analysis is exact.**  Moves are every placement on the board plus
every distinct jump result.  A man added at point q changes a jump path only if
q is one of its landing points (the ball would then jump further and the hop
changes); any other man leaves the path legal.  So the only placements that can
stop a winning jump are the landing points of the winning paths, listed
completely by :func:`phutball.winsearch.winning_jumps`; every other placement
loses to the same jump.  Every search runs with a node budget, and a search that
gives up raises :class:`Undecided` instead of guessing.

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

``tests/test_puzzles2d.py`` compares the search with trying every move at every
ply on random small boards.

Moves are compared by the position they reach, so any path to the same result
counts as the same jump; lists hold one move per result (the first path in
sorted order), placements first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from typing import Any, Iterable

from ..bitboard import DIRECTIONS, bit, jump_results, point_table, points_of
from ..board import Position
from ..sides import Side, other
from ..errors import PhutballError
from ..notation import Jump, Move2D, Placement, Point


def counted(n: int, one: str, many: str) -> str:
    """``n`` and the words that go with it, as a puzzle's text says it: ``counted(1, "move is", "moves are")``
    is ``"1 move is"`` (never the makers' "1 move(s)")."""
    return f"{n} {one if n == 1 else many}"

#: The 2D tasks this module decides.
TASKS_2D = ("win", "win-in-two", "defend", "dont-jump", "win-in-three")
#: Node budget of each win search (generous: the positions are small or sparse near the ball).
NODES = 400_000
#: Most winning paths / jump results listed before the analysis gives up.
LIST_LIMIT = 4000
#: The trivial rules of the filter (name -> what it does), in the order they are tried.
RULES = {
    "greedy-jump": "jump as far toward the goal as possible, hop by hop",
    "goal-side-placement": "place a man next to the ball on the goal side",
    "first-jump": "take the first legal jump in sorted order (first landing at every hop)",
    "next-to-ball": "(defend) place a man next to the ball",
}


class Undecided(PhutballError):
    """A search ran out of its node budget, so a claim cannot be decided exactly."""


@dataclass
class Effort:
    """Search nodes spent (the puzzle's difficulty comes from it)."""

    nodes: int = 0


def _wins(pos: Position, side: Side, effort: Effort, max_nodes: int = NODES) -> Jump | None:
    """A winning jump for ``side`` in ``pos`` (as if ``side`` were to move), or None; exact or Undecided."""
    s = pos.find_winning_jump(max_nodes=max_nodes, side=side)
    effort.nodes += s.nodes
    if s.status == "gave-up":
        raise Undecided("undecided", str(pos), f"win search over {max_nodes} nodes")
    return s.jump


def _as(pos: Position, side: Side) -> Position:
    return pos if pos.to_move == side else Position(pos.size, pos.men, pos.ball, side)


def all_winning_paths(pos: Position, side: Side, effort: Effort, max_nodes: int = NODES) -> tuple[Jump, ...]:
    """Every winning path of ``side`` in ``pos`` (complete, sorted), or Undecided."""
    w = _as(pos, side).winning_jumps(limit=LIST_LIMIT, max_nodes=max_nodes)
    effort.nodes += w.nodes
    if not w.complete or w.truncated:
        raise Undecided("undecided", str(pos), "too many winning paths to list")
    return w.paths


def breakers(pos: Position, side: Side, effort: Effort, max_nodes: int = NODES) -> list[Point]:
    """The empty points where a man breaks at least one of ``side``'s winning paths (their landing points)."""
    h = pos.size.height
    pts = {q for j in all_winning_paths(pos, side, effort, max_nodes) for q in j.path[1:] if 1 <= q.row <= h}
    return sorted(q for q in pts if q not in pos.men and q != pos.ball)


def jump_moves(pos: Position) -> list[tuple[Position, Jump]]:
    """Every distinct jump result with its first path, sorted by path; Undecided when there are too many."""
    res = pos.results(limit=LIST_LIMIT + 1)
    if len(res) > LIST_LIMIT:
        raise Undecided("undecided", str(pos), "too many jump results to list")
    return sorted(res.items(), key=lambda qj: qj[1])


def all_moves(pos: Position) -> list[tuple[Position, Move2D]]:
    """Every move, one per distinct result: placements (sorted), then jumps (sorted)."""
    return [(pos.play(m), m) for m in pos.placements()] + list(jump_moves(pos))


def loses_at_once(after: Position, mover: Side, effort: Effort, max_nodes: int = NODES) -> Jump | None | bool:
    """After ``mover``'s move: True if it ended on the mover's own goal, the opponent's winning jump, or None."""
    if after.winner == other(mover):
        return True
    if after.winner == mover:
        return None
    return _wins(after, other(mover), effort, max_nodes)


def refute_threat(after: Position, attacker: Side, effort: Effort, max_nodes: int = NODES) -> Move2D | None:
    """``after`` has the defender to move: a defender's move that survives the attacker's next jump, or None.

    None means the threat is unstoppable: every defence loses to a jump.  The
    defender's own winning jump also refutes (it is returned first).
    """
    defender = other(attacker)
    own = _wins(after, defender, effort, max_nodes)
    if own is not None:
        return own
    if _wins(after, attacker, effort, max_nodes) is None:
        return after.placements()[0] if after.placements() else None
    for q in breakers(after, attacker, effort, max_nodes):
        m = Placement(q)
        if _wins(after.play(m), attacker, effort, max_nodes) is None:
            return m
    for res, j in jump_moves(after):
        if res.winner == defender or (res.winner is None and _wins(res, attacker, effort, max_nodes) is None):
            return j
    return None


def defences(after: Position, attacker: Side, effort: Effort, max_nodes: int = NODES) -> list[Move2D]:
    """Every defender's move in ``after`` (defender to move) that leaves the attacker no winning jump."""
    out: list[Move2D] = []
    threatened = _wins(after, attacker, effort, max_nodes) is not None
    places = [Placement(q) for q in breakers(after, attacker, effort, max_nodes)] if threatened \
        else after.placements()
    for m in places:
        if _wins(after.play(m), attacker, effort, max_nodes) is None:
            out.append(m)
    for res, j in jump_moves(after):
        if res.winner == attacker:
            continue
        if res.winner == other(attacker) or _wins(res, attacker, effort, max_nodes) is None:
            out.append(j)
    return out


def win_in_two_moves(pos: Position, effort: Effort, max_nodes: int = NODES) -> list[Move2D]:
    """Every move of the side to move after which every defence loses to a jump (no win in one assumed)."""
    me = pos.to_move
    out: list[Move2D] = []
    for after, m in all_moves(pos):
        if after.winner is not None:
            continue
        if _wins(after, me, effort, max_nodes) is None:
            continue  # no threat at all
        if refute_threat(after, me, effort, max_nodes) is None:
            out.append(m)
    return out


def best_defence(after: Position, attacker: Side, effort: Effort, max_nodes: int = NODES) -> Move2D:
    """The engine's reply in a lost position: the defence whose refutation costs the most search (ties: first).

    If the position is not lost, a surviving move (see :func:`refute_threat`).
    """
    saved = refute_threat(after, attacker, effort, max_nodes)
    if saved is not None:
        return saved
    best: tuple[int, Move2D] | None = None
    cands: list[tuple[Position, Move2D]] = [(after.play(Placement(q)), Placement(q))
                                           for q in breakers(after, attacker, effort, max_nodes)]
    cands += [(r, j) for r, j in jump_moves(after) if r.winner is None]
    for res, m in cands:
        e = Effort()
        _wins(res, attacker, e, max_nodes)
        if best is None or e.nodes > best[0]:
            best = (e.nodes, m)
    return best[1] if best else after.placements()[0]


# ---------------------------------------------------------------- win in three: proofs with footprints


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


class _Deep:
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
        """A winning jump for ``side`` in ``pos`` (cached :func:`_wins`)."""
        key = (pos.mask, pos.ball, side)
        if key not in self._wins:
            self._wins[key] = _wins(pos, side, self.effort, self.max_nodes)
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
        """:func:`refute_threat` with its footprint: a defence that survives the attacker's next jump
        (None: every defence loses), and the points its answer depends on."""
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
    return _Deep(effort, max_nodes).first_moves3(pos)


def win_within_two(pos: Position, effort: Effort, max_nodes: int = NODES) -> Move2D | None:
    """A winning jump, else a win-in-two move, of the side to move; None if it has neither."""
    return _Deep(effort, max_nodes).within_two(pos)[0]


# ---------------------------------------------------------------- the trivial rules


def _ahead(side: Side) -> int:
    return 1 if side == "O" else -1


def greedy_jump(pos: Position) -> Jump | None:
    """Rule: hop by hop, take the single jump landing furthest toward the goal (ties: sorted first);
    go on while the best hop still advances the ball.  None when the ball cannot jump."""
    d, h = _ahead(pos.to_move), pos.size.height
    path = [pos.ball]
    while True:
        lands = pos.landings(path)
        if not lands:
            break
        best = max(lands, key=lambda q: (d * q.row, -q.col))
        if len(path) > 1 and d * best.row <= d * path[-1].row:
            break
        path.append(best)
        if (best.row <= 1) if d < 0 else (best.row >= h):
            break  # on the goal line or beyond
    return Jump(tuple(path)) if len(path) > 1 else None


def first_jump(pos: Position) -> Jump | None:
    """Rule: the first jump path in sorted order taken to its end (the first landing at every hop)."""
    path = [pos.ball]
    while lands := pos.landings(path):
        path.append(lands[0])
    return Jump(tuple(path)) if len(path) > 1 else None


def goal_side_placements(pos: Position) -> list[Placement]:
    """Rule: the empty points next to the ball on the goal side (straight ahead first, then the diagonals)."""
    d, b = _ahead(pos.to_move), pos.ball
    pts = [Point(b.col, b.row + d), Point(b.col - 1, b.row + d), Point(b.col + 1, b.row + d)]
    return [Placement(p) for p in pts if pos.size.on_board(p) and p not in pos.men]


def neighbour_placements(pos: Position) -> list[Placement]:
    """Rule (defend): the empty points next to the ball, in sorted order."""
    b = pos.ball
    pts = [Point(b.col + dc, b.row + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]
    return sorted(Placement(p) for p in pts if pos.size.on_board(p) and p not in pos.men)


def rule_moves(pos: Position, task: str) -> dict[str, list[Move2D]]:
    """What each trivial rule plays (a rule with several equally natural moves lists them all)."""
    out: dict[str, list[Move2D]] = {}
    g, f = greedy_jump(pos), first_jump(pos)
    out["greedy-jump"] = [g] if g else []
    out["goal-side-placement"] = list(goal_side_placements(pos))
    out["first-jump"] = [f] if f else []
    if task == "defend":
        out["next-to-ball"] = list(neighbour_placements(pos))
    return out


def rule_solves(pos: Position, task: str, solutions: Iterable[Move2D]) -> dict[str, bool]:
    """For each trivial rule, whether it solves the puzzle (any of its moves is a solution)."""
    wanted = {pos.play(m) for m in solutions}
    return {name: any(pos.play(m) in wanted for m in moves) for name, moves in rule_moves(pos, task).items()}


def solving_rule(pos: Position, task: str, solutions: Iterable[Move2D]) -> str | None:
    """The first trivial rule (in :data:`RULES` order) that solves the puzzle, or None."""
    return next((name for name, ok in rule_solves(pos, task, solutions).items() if ok), None)


# ---------------------------------------------------------------- analysis of a task


@dataclass(frozen=True)
class Analysis:
    """The engine's complete answer for one task in one position."""

    task: str
    solutions: tuple[Move2D, ...]
    main_line: tuple[Move2D, ...]
    nodes: int
    extra: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


def analyse(pos: Position, task: str, max_nodes: int = NODES) -> Analysis | None:
    """The task's solution set in ``pos`` if the position is an instance of the task, else None.

    Raises :class:`Undecided` when a search runs out of budget.
    """
    me, them = pos.to_move, other(pos.to_move)
    e = Effort()
    if pos.is_over:
        return None
    win_now = _wins(pos, me, e, max_nodes)
    if task == "win":
        if win_now is None:
            return None
        paths = all_winning_paths(pos, me, e, max_nodes)
        shortest = min(len(j.path) - 1 for j in paths)
        return Analysis(task, paths, (paths[0],), e.nodes, {"min_jumps": shortest})
    if win_now is not None:
        return None
    if task == "win-in-two":
        sols = win_in_two_moves(pos, e, max_nodes)
        if not sols:
            return None
        after = pos.play(sols[0])
        d = best_defence(after, me, e, max_nodes)
        w = _wins(after.play(d), me, e, max_nodes)
        assert w is not None
        return Analysis(task, tuple(sols), (sols[0], d, w), e.nodes)
    if task == "win-in-three":
        return _analyse_three(pos, e, max_nodes)
    threat = _wins(pos, them, e, max_nodes)
    if task == "defend":
        if threat is None:
            return None
        sols = defences(_as(pos, me), them, e, max_nodes)
        if not sols:
            return None
        return Analysis(task, tuple(sols), (sols[0],), e.nodes, {"threat": threat})
    if task == "dont-jump":
        trap = greedy_jump(pos)
        if trap is None:
            return None
        if loses_at_once(pos.play(trap), me, e, max_nodes) is None:
            return None
        sols = [m for after, m in all_moves(pos) if loses_at_once(after, me, e, max_nodes) is None]
        if not sols:
            return None
        return Analysis(task, tuple(sols), (sols[0],), e.nodes, {"trap": trap})
    raise ValueError(f"unknown 2D task {task!r}")


def _analyse_three(pos: Position, e: Effort, max_nodes: int) -> Analysis | None:
    """``analyse(pos, "win-in-three")``: every first move, and the main line against the engine's
    stubbornest defences (``extra["defences"]``: the defender's moves tried against the main line's
    first move, a man outside the proof's footprint counted once)."""
    me = pos.to_move
    deep = _Deep(e, max_nodes)
    sols = deep.first_moves3(pos)
    if not sols:
        return None
    first = pos.play(sols[0])
    defence = deep.stubborn3(first, me)
    second = first.play(defence)
    threat = deep.all_win2(second)[0]
    third = second.play(threat)
    reply = best_defence(third, me, e, max_nodes)
    jump = _wins(third.play(reply), me, e, max_nodes)
    assert jump is not None
    return Analysis("win-in-three", tuple(sols), (sols[0], defence, threat, reply, jump), e.nodes,
                    {"defences": len(deep.defences(first, me)[1])})


# ---------------------------------------------------------------- checking a puzzle's claim


def _keyed(pos: Position, task: str, moves: Iterable[Any]) -> dict[Any, str]:
    """Moves keyed by what identifies them: the path for a ``win`` (every winning path counts), else the result."""
    if task == "win":
        return {str(pos.parse_move(str(m))): str(m) for m in moves}
    return {pos.play(m): str(m) for m in moves}


def check_task(position: str, task: str, main_line: list[str] | tuple[str, ...], extra: dict[str, Any],
               max_nodes: int = NODES) -> list[str]:
    """Problems with a ``win-in-two``, ``defend`` or ``dont-jump`` claim (or a ``win`` with ``solutions``)."""
    pos = Position.from_str(position)
    try:
        got = analyse(pos, task, max_nodes)
    except Undecided as e:
        return [f"cannot decide exactly: {e}"]
    if got is None:
        return [f"the position is not a {task} puzzle"]
    problems: list[str] = []
    try:
        claimed = _keyed(pos, task, extra.get("solutions", []))
    except PhutballError as e:
        return [f"solutions: {e}"]
    true = _keyed(pos, task, got.solutions)
    if "solutions" in extra or task != "win":
        missing = sorted(v for k, v in true.items() if k not in claimed)
        wrong = sorted(v for k, v in claimed.items() if k not in true)
        if missing:
            problems.append(f"solutions leave out {', '.join(missing[:5])}" + (" ..." if len(missing) > 5 else ""))
        if wrong:
            problems.append(f"listed solutions that fail: {', '.join(wrong[:5])}")
        if len(extra.get("solutions", [])) != len(claimed):
            problems.append("solutions list the same move (result) twice")
    if main_line:
        try:
            first = next(iter(_keyed(pos, task, main_line[:1])))
        except PhutballError as e:
            return problems + [f"main line: {e}"]
        if first not in true:
            problems.append(f"main line move {main_line[0]} is not a solution")
    if task in ("win-in-two", "win-in-three"):
        problems += _check_line(pos, task, main_line, max_nodes)
    if task == "defend" and "threat" in extra:
        try:
            if _as(pos, other(pos.to_move)).play(extra["threat"]).winner != other(pos.to_move):
                problems.append(f"the threat {extra['threat']} does not win for the opponent")
        except PhutballError as e:
            problems.append(f"threat: {e}")
    if task == "dont-jump":
        try:
            trap = pos.play(extra.get("trap", ""))
        except PhutballError as e:
            return problems + [f"trap: {e}"]
        if trap in true:
            problems.append(f"the trap {extra['trap']} does not lose")
        if "-" not in extra.get("trap", ""):
            problems.append("the trap must be a jump")
    return problems


def _check_line(pos: Position, task: str, main_line: list[str] | tuple[str, ...], max_nodes: int) -> list[str]:
    """Problems with a win-in-two or win-in-three main line: its length, legality and goal, and (win in
    three) that its third move still wins in two after the line's defence."""
    plies = 3 if task == "win-in-two" else 5
    if len(main_line) != plies:
        return ["main line must be the move, the defence and the winning jump" if plies == 3 else
                "main line must be five plies: move, defence, threat, defence, winning jump"]
    try:
        line = [pos]
        for m in main_line:
            line.append(line[-1].play(m))
    except PhutballError as e:
        return [f"main line: {e}"]
    problems = []
    if line[-1].winner != pos.to_move or any(p.winner for p in line[:-1]):
        problems.append("main line does not end with the winning jump")
    if plies == 5:
        try:
            if _wins(line[3], pos.to_move, Effort(), max_nodes) is None \
                    or refute_threat(line[3], pos.to_move, Effort(), max_nodes) is not None:
                problems.append(f"main line move {main_line[2]} is not a threat that no defence stops")
        except Undecided as e:
            problems.append(f"cannot decide exactly: {e}")
    return problems


# ---------------------------------------------------------------- judging a move on the puzzle page


def judge(task: str, position: str, move: str, max_nodes: int = 200_000) -> dict[str, Any]:
    """The puzzle page's verdict on ``move`` in ``position``: ``{ok, won, refutation, note}``.

    ``win`` (and the last move of ``win-in-two`` and ``win-in-three``): the move must win at once.
    ``win-in-two`` (and the second move of ``win-in-three``): the move must leave a threat no defence
    stops (the refutation of a wrong one is the defence that holds).  ``win-in-three``, while the
    mover has no win in one or two: every defence must leave the mover a win in one or two (the
    refutation of a wrong move is a defence that leaves none).  ``defend``, ``dont-jump``,
    ``safe-move``: the move must leave the opponent no winning jump.
    """
    from ..sides import SIDE_NAMES
    pos = Position.from_str(position)
    me, them = pos.to_move, other(pos.to_move)
    after = pos.play(move)
    e = Effort()
    if after.winner == me:
        return {"ok": True, "won": True, "refutation": [], "note": "Goal!"}
    if after.winner == them:
        return {"ok": False, "won": False, "refutation": [], "note": "That ends on your own goal line."}
    try:
        threat = _wins(after, them, e, max_nodes)
        if task in ("win-in-two", "win-in-three") and _wins(pos, me, e, max_nodes) is None:
            if threat is not None:
                return {"ok": False, "won": False, "refutation": [str(threat)],
                        "note": f"{SIDE_NAMES[them]} scores first."}
            deep = _Deep(e, max_nodes)
            if task == "win-in-three" and deep.within_two(pos)[0] is None:  # the first of three moves
                saved = deep.refute3(pos, pos.parse_move(move))
                if saved is None:
                    return {"ok": True, "won": False, "refutation": [],
                            "note": "Every defence leaves you a win in two."}
                passed = Position.from_mask(after.size, after.mask, after.ball, me)
                return {"ok": False, "won": False, "refutation": [str(saved)],
                        "note": f"{SIDE_NAMES[them]} can stop that." if deep.within_two(passed)[0]
                        else f"That makes no threat {SIDE_NAMES[them]} must answer."}
            defence = refute_threat(after, me, e, max_nodes)
            if defence is None:
                return {"ok": True, "won": False, "refutation": [],
                        "note": "Every defence loses to a jump now."}
            return {"ok": False, "won": False, "refutation": [str(defence)],
                    "note": f"{SIDE_NAMES[them]} can stop that." if _wins(after, me, e, max_nodes)
                    else "That makes no threat."}
    except Undecided:
        return {"ok": False, "won": False, "refutation": [], "note": "The engine could not decide that move."}
    if task in ("defend", "dont-jump", "safe-move"):
        if threat is None:
            return {"ok": True, "won": True, "refutation": [],
                    "note": f"Safe: {SIDE_NAMES[them]} has no winning jump now."}
        return {"ok": False, "won": False, "refutation": [str(threat)],
                "note": f"{SIDE_NAMES[them]} can score at once."}
    note = "That does not reach the goal." + (f" {SIDE_NAMES[them]} scores instead." if threat else "")
    return {"ok": False, "won": False, "refutation": [str(threat)] if threat else [], "note": note}


def respond(position: str, max_nodes: int = 200_000) -> str | None:
    """The engine's defence on the puzzle page: a winning jump if it has one, else the stubbornest
    defence -- against the opponent's next jump when every defence loses to one (:func:`best_defence`),
    else against a win in one or two (after the first move of a win in three)."""
    pos = Position.from_str(position)
    if pos.is_over:
        return None
    attacker, e = other(pos.to_move), Effort()
    try:
        if refute_threat(pos, attacker, e, max_nodes) is None:
            return str(best_defence(pos, attacker, e, max_nodes))
        return str(_Deep(e, max_nodes).stubborn3(pos, attacker))
    except Undecided:
        return None


def hint(position: str, main_line: tuple[str, ...] | list[str], ply: int) -> str | None:
    """A hint move: a winning jump when there is one; from the second move on (a win in three), a
    win-in-two move; else the main line's move at ``ply``."""
    pos = Position.from_str(position)
    w = pos.find_winning_jump(max_nodes=200_000)
    if w.jump is not None:
        return str(w.jump)
    if ply >= 2:
        try:
            two = win_within_two(pos, Effort(), 200_000)
        except Undecided:
            two = None
        if two is not None:
            return str(two)
    return main_line[ply] if ply < len(main_line) else None
