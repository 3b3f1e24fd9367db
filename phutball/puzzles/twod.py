"""Deeper 2D puzzle tasks: what each task asks, its exact analysis, the claim checks and the page's judge.

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

The searches are in their own modules, each saying why it is exact:
:mod:`~phutball.puzzles.search2d` (a winning jump, its defences, a win in two),
:mod:`~phutball.puzzles.three2d` (a win in three, by proofs with footprints) and
:mod:`~phutball.puzzles.rules2d` (the trivial rules of the filter).  Their names are
importable from here too, as they were when this module held them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..board import Position
from ..errors import PhutballError
from ..sides import other
from ..notation import Move2D
from .rules2d import (RULES, first_jump, goal_side_placements, greedy_jump, neighbour_placements, rule_moves,
                      rule_solves, solving_rule)
from .search2d import (LIST_LIMIT, NODES, Effort, Undecided, all_moves, all_winning_paths, as_to_move, best_defence,
                       breakers, defences, jump_moves, loses_at_once, refute_threat, win_in_one, win_in_two_moves)
from .three2d import DeepSearch, jump_zone, win_in_three_moves, win_within_two

__all__ = [
    # this module's own
    "counted", "TASKS_2D", "TaskAnswer", "analyse", "check_task", "judge", "respond", "hint",
    # re-exported (they were defined here before issue 40 split the module)
    "RULES", "first_jump", "goal_side_placements", "greedy_jump", "neighbour_placements", "rule_moves", "rule_solves",
    "solving_rule", "LIST_LIMIT", "NODES", "Effort", "Undecided", "all_moves", "all_winning_paths", "breakers",
    "best_defence", "defences", "jump_moves", "loses_at_once", "refute_threat", "win_in_two_moves", "jump_zone",
    "win_in_three_moves", "win_within_two",
]


def counted(n: int, one: str, many: str) -> str:
    """``n`` and the words that go with it, as a puzzle's text says it: ``counted(1, "move is", "moves are")``
    is ``"1 move is"`` (never the makers' "1 move(s)")."""
    return f"{n} {one if n == 1 else many}"

#: The 2D tasks this module decides.
TASKS_2D = ("win", "win-in-two", "defend", "dont-jump", "win-in-three")


# ---------------------------------------------------------------- analysis of a task


@dataclass(frozen=True)
class TaskAnswer:
    """The engine's complete answer for one task in one position."""

    task: str
    solutions: tuple[Move2D, ...]
    main_line: tuple[Move2D, ...]
    nodes: int
    extra: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


def analyse(pos: Position, task: str, max_nodes: int = NODES) -> TaskAnswer | None:
    """The task's solution set in ``pos`` if the position is an instance of the task, else None.

    Raises :class:`Undecided` when a search runs out of budget.
    """
    me, them = pos.to_move, other(pos.to_move)
    e = Effort()
    if pos.is_over:
        return None
    win_now = win_in_one(pos, me, e, max_nodes)
    if task == "win":
        if win_now is None:
            return None
        paths = all_winning_paths(pos, me, e, max_nodes)
        shortest = min(len(j.path) - 1 for j in paths)
        return TaskAnswer(task, paths, (paths[0],), e.nodes, {"min_jumps": shortest})
    if win_now is not None:
        return None
    if task == "win-in-two":
        sols = win_in_two_moves(pos, e, max_nodes)
        if not sols:
            return None
        after = pos.play(sols[0])
        d = best_defence(after, me, e, max_nodes)
        w = win_in_one(after.play(d), me, e, max_nodes)
        assert w is not None
        return TaskAnswer(task, tuple(sols), (sols[0], d, w), e.nodes)
    if task == "win-in-three":
        return _analyse_three(pos, e, max_nodes)
    threat = win_in_one(pos, them, e, max_nodes)
    if task == "defend":
        if threat is None:
            return None
        sols = defences(as_to_move(pos, me), them, e, max_nodes)
        if not sols:
            return None
        return TaskAnswer(task, tuple(sols), (sols[0],), e.nodes, {"threat": threat})
    if task == "dont-jump":
        trap = greedy_jump(pos)
        if trap is None:
            return None
        if loses_at_once(pos.play(trap), me, e, max_nodes) is None:
            return None
        sols = [m for after, m in all_moves(pos) if loses_at_once(after, me, e, max_nodes) is None]
        if not sols:
            return None
        return TaskAnswer(task, tuple(sols), (sols[0],), e.nodes, {"trap": trap})
    raise ValueError(f"unknown 2D task {task!r}")


def _analyse_three(pos: Position, e: Effort, max_nodes: int) -> TaskAnswer | None:
    """``analyse(pos, "win-in-three")``: every first move, and the main line against the engine's
    stubbornest defences (``extra["defences"]``: the defender's moves tried against the main line's
    first move, a man outside the proof's footprint counted once)."""
    me = pos.to_move
    deep = DeepSearch(e, max_nodes)
    sols = deep.first_moves3(pos)
    if not sols:
        return None
    first = pos.play(sols[0])
    defence = deep.stubborn3(first, me)
    second = first.play(defence)
    threat = deep.all_win2(second)[0]
    third = second.play(threat)
    reply = best_defence(third, me, e, max_nodes)
    jump = win_in_one(third.play(reply), me, e, max_nodes)
    assert jump is not None
    return TaskAnswer("win-in-three", tuple(sols), (sols[0], defence, threat, reply, jump), e.nodes,
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
            if as_to_move(pos, other(pos.to_move)).play(extra["threat"]).winner != other(pos.to_move):
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
            if win_in_one(line[3], pos.to_move, Effort(), max_nodes) is None \
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
        threat = win_in_one(after, them, e, max_nodes)
        if task in ("win-in-two", "win-in-three") and win_in_one(pos, me, e, max_nodes) is None:
            if threat is not None:
                return {"ok": False, "won": False, "refutation": [str(threat)],
                        "note": f"{SIDE_NAMES[them]} scores first."}
            deep = DeepSearch(e, max_nodes)
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
                    "note": f"{SIDE_NAMES[them]} can stop that." if win_in_one(after, me, e, max_nodes)
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
        return str(DeepSearch(e, max_nodes).stubborn3(pos, attacker))
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
