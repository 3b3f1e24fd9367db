"""The engine's checks of strip (1D) puzzle claims that the tasks share (each task's
:meth:`~phutball.puzzles.tasks.Task.check` says which it runs; an empty list: the claim holds).

* :func:`check_strip_claim` -- a strip where the side to move has a task's answer: the position, the main
  line against the slowest defence, the optional claims; the task's own test is a callback;
* :func:`check_line` -- a main line played from a position, every move checked by the exact solver;
* :func:`check_extras` -- the optional claims of a strip puzzle (``traps``, ``plies``, ``theme``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import PhutballError
from ..oned.solve import LOSS, WIN, ExactValue, plies_text
from ..sides import side_name
from .generate import classify
from .common import MAX_LIVE_N, Position1D, analysis_of, norm_move, outcome_of, parse_position, winner_of

if TYPE_CHECKING:
    from .tasks.base import Posed

__all__ = ["StripClaim", "check_extras", "check_line", "check_strip_claim", "strip_start"]

#: A task's own test of a strip puzzle (the puzzle, its start, the start's exact value, the winner with best
#: play): the problems found, and whether the main line and the optional claims are worth checking after them.
StripClaim = Callable[["Posed", Position1D, ExactValue, str | None], tuple[list[str], bool]]


def strip_start(p: Posed) -> tuple[Position1D, str] | list[str]:
    """A strip puzzle's position and ``defence`` (``"slowest"``, the default, or ``"any"``), or the problems that
    stop its check there."""
    try:
        pos = parse_position(p.position)
    except PhutballError as e:
        return [f"position: {e}"]
    defence = p.extra.get("defence", "slowest")
    if defence not in ("slowest", "any"):
        return ["defence must be 'slowest' or 'any'"]
    return pos, defence


def check_strip_claim(p: Posed, claim: StripClaim, max_solve_n: int = MAX_LIVE_N) -> list[str]:
    """Problems with a strip (or Oddish) puzzle's claim, checked by the exact solver (empty list: it holds):
    the position must have a side to move and a game to play, ``claim`` says the task's own problems, then
    the main line and the optional claims are checked.

    Long strips (more than 20 squares) are checked from the shipped book only;
    a position outside it is reported as a problem unless ``max_solve_n`` allows
    a whole-strip solve (24 squares: about 20 s and 0.5 GB).
    """
    start = strip_start(p)
    if isinstance(start, list):
        return start
    pos, defence = start
    if pos.to_move is None:
        return ["the position needs a side to move (L_ or R_)"]
    if pos.winner is not None:
        return [f"the game is already over ({side_name(pos.winner)} has won)"]
    a = analysis_of(pos, max_solve_n)
    if a is None:
        return [f"{pos} cannot be solved quickly (more than {max_solve_n} squares and not in a shipped book)"]
    winner = winner_of(pos, a)
    problems, go_on = claim(p, pos, a, winner)
    if not go_on:
        return problems
    if p.main_line and winner is not None:
        problems += check_line(pos, p.main_line, winner, defence=defence, max_solve_n=max_solve_n)
    problems += check_extras(p, pos, a, side_name(pos.to_move))
    return problems


def check_line(start: Position1D, moves: list[str] | tuple[str, ...], winner: str | None = None, *,
               defence: str = "slowest", max_solve_n: int = MAX_LIVE_N, what: str = "main line") -> list[str]:
    """Problems with a main line played from ``start`` (see the module docstring).

    ``winner`` defaults to the winner with best play from ``start``.
    """
    problems: list[str] = []
    s = start
    if s.winner is not None:
        return [f"{what}: the game is already over at the start"]
    for i, mv in enumerate(moves, start=1):
        if s.winner is not None:
            problems.append(f"{what}: ply {i} ({mv}): the game is already over ({side_name(s.winner)} won)")
            return problems
        try:
            text = norm_move(s, mv)
        except PhutballError as e:
            problems.append(f"{what}: ply {i} ({mv}): {e}")
            return problems
        a = analysis_of(s, max_solve_n)
        if a is None:
            problems.append(f"{what}: ply {i}: position {s} cannot be solved quickly "
                            f"(more than {max_solve_n} squares and not in a shipped book)")
            return problems
        if winner is None:
            winner = winner_of(s, a)
            if winner is None:
                problems.append(f"{what}: {s} is a draw with best play")
                return problems
        o = a.outcome(text)
        if s.to_move is None:  # a side-less Oddish: no line can be played from it
            problems.append(f"{what}: ply {i}: {s} has no side to move")
            return problems
        me = side_name(s.to_move)
        if s.to_move == winner:
            if o.value != WIN:
                wins = ", ".join(str(w.move) for w in a.winning_moves) or "none"
                problems.append(f"{what}: ply {i}: {me}'s {text} in {s} does not win "
                                f"({o.value}); winning moves: {wins}")
                return problems
        else:
            if o.value != LOSS:
                problems.append(f"{what}: ply {i}: {me}'s {text} in {s} does not lose ({o.value}): "
                                f"{side_name(winner)} is not winning here")
                return problems
            if defence == "slowest":
                longest = max((x.plies or 0) for x in a.moves if x.value == LOSS)
                if (o.plies or 0) < longest:
                    best = next(str(x.move) for x in a.ranked if x.value == LOSS)
                    problems.append(f"{what}: ply {i}: {me}'s {text} in {s} loses in {plies_text(o.plies)} "
                                    f"but {best} holds out {plies_text(longest)} (not the most stubborn defence; "
                                    "set \"defence\": \"any\" to allow it)")
                    return problems
        s = o.after
    if s.winner is None:
        problems.append(f"{what}: ends at {s} before the game is over")
    elif winner is not None and s.winner != winner:
        problems.append(f"{what}: ends with {side_name(s.winner)} winning, not {side_name(winner)}")
    return problems


def check_extras(p: Posed, pos: Position1D, a: ExactValue, me: str) -> list[str]:
    """Problems with a strip puzzle's optional claims (``traps``, ``plies``, ``theme``); ``me``: the name of the
    side to move in ``pos``, ``a`` its exact value."""
    problems: list[str] = []
    extra = p.extra
    traps = extra.get("traps", [])
    if not isinstance(traps, list) or not all(isinstance(t, str) for t in traps):
        problems.append("traps must be a list of moves")
        traps = []
    for t in traps:
        try:
            o = outcome_of(a, pos, t)
        except PhutballError as e:
            problems.append(f"trap {t}: {e}")
            continue
        if o.value != LOSS:
            problems.append(f"trap {t} does not lose for {me} ({o.value})")
    if "plies" in extra and extra["plies"] != a.plies:
        problems.append(f"plies is {extra['plies']!r} but the game lasts {plies_text(a.plies)} with best play")
    if "theme" in extra:
        if not p.main_line or a.value != WIN:
            problems.append("theme needs a winning main_line[0] to classify")
        else:
            try:
                got = classify(pos, p.main_line[0], a)["theme"]
            except PhutballError as e:
                got = f"? ({e})"
            if got != extra["theme"]:
                problems.append(f"theme is {extra['theme']!r} but the winning move {p.main_line[0]} "
                                f"classifies as {got!r}")
    return problems
