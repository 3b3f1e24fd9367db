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

**Why the analysis is exact.**  Moves are every placement on the board plus
every distinct jump result.  A man added at point q changes a jump path only if
q is one of its landing points (the ball would then jump further and the hop
changes); any other man leaves the path legal.  So the only placements that can
stop a winning jump are the landing points of the winning paths, listed
completely by :func:`phutball.winsearch.winning_jumps`; every other placement
loses to the same jump.  Every search runs with a node budget, and a search that
gives up raises :class:`Undecided` instead of guessing.

Moves are compared by the position they reach, so any path to the same result
counts as the same jump; lists hold one move per result (the first path in
sorted order), placements first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..board import Position
from ..sides import Side, other
from ..errors import PhutballError
from ..notation import Jump, Move2D, Placement, Point


def counted(n: int, one: str, many: str) -> str:
    """``n`` and the words that go with it, as a puzzle's text says it: ``counted(1, "move is", "moves are")``
    is ``"1 move is"`` (never the makers' "1 move(s)")."""
    return f"{n} {one if n == 1 else many}"

#: The 2D tasks this module decides.
TASKS_2D = ("win", "win-in-two", "defend", "dont-jump")
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
    if task == "win-in-two":
        if len(main_line) != 3:
            problems.append("main line must be the move, the defence and the winning jump")
        else:
            try:
                end = pos.play(main_line[0]).play(main_line[1]).play(main_line[2])
            except PhutballError as e:
                return problems + [f"main line: {e}"]
            if end.winner != pos.to_move:
                problems.append("main line does not end with the winning jump")
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


# ---------------------------------------------------------------- judging a move on the puzzle page


def judge(task: str, position: str, move: str, max_nodes: int = 200_000) -> dict[str, Any]:
    """The puzzle page's verdict on ``move`` in ``position``: ``{ok, won, refutation, note}``.

    ``win`` (and the last move of ``win-in-two``): the move must win at once.
    ``win-in-two``: the move must leave a threat no defence stops (the
    refutation of a wrong one is the defence that holds).  ``defend``,
    ``dont-jump``, ``safe-move``: the move must leave the opponent no winning jump.
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
        if task == "win-in-two" and _wins(pos, me, e, max_nodes) is None:
            if threat is not None:
                return {"ok": False, "won": False, "refutation": [str(threat)],
                        "note": f"{SIDE_NAMES[them]} scores first."}
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
    """The engine's defence on the puzzle page: a winning jump if it has one, else the stubbornest defence."""
    pos = Position.from_str(position)
    if pos.is_over:
        return None
    try:
        return str(best_defence(pos, other(pos.to_move), Effort(), max_nodes))
    except Undecided:
        return None


def hint(position: str, main_line: tuple[str, ...] | list[str], ply: int) -> str | None:
    """A hint move: a winning jump when there is one, else the main line's move at ``ply``."""
    pos = Position.from_str(position)
    w = pos.find_winning_jump(max_nodes=200_000)
    if w.jump is not None:
        return str(w.jump)
    return main_line[ply] if ply < len(main_line) else None
