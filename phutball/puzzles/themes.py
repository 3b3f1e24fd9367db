"""A puzzle's themes, derived from its position and solution (never written by hand): the list's filters.

:func:`puzzle_themes` reads a puzzle as the checker has verified it (the
position, the main line played out, the side to move) and answers the themes
that apply, in the order of :data:`THEMES`:

========================= ================================================================
``win-in-one/two/three``  the main line ends with the side to move winning, on its 1st, 2nd or
                          3rd move (``long-win``: later)
``chain``                 the first move is a jump of three hops or more
``backward-jump``         one of the winner's jumps in the main line has a hop toward its own goal
``defend``                the opponent threatens to win at once (a winning jump if it were
                          their move), and the first move must stop it
``dont-jump``             the ball can jump toward the goal, but the first move is a placement
``paper``                 from Grossman and Nowakowski's paper
``1d``                    a strip or an Oddish board
``question``              answered, not played (who wins, compare, potentials)
========================= ================================================================

Pure standard library; the 2D threat is the win-in-one search (milliseconds).
"""

from __future__ import annotations

from typing import TypeAlias

from ..board import Position
from ..errors import PhutballError
from ..oned.strip import Strip
from ..sides import other, other_side
from .puzzle import Puzzle

__all__ = ["THEMES", "THEME_NAMES", "puzzle_themes"]

#: Every theme, in the order the list's filters show them.
THEMES = ("win-in-one", "win-in-two", "win-in-three", "long-win", "chain", "backward-jump", "defend",
          "dont-jump", "paper", "1d", "question")
#: A theme as the page names it.
THEME_NAMES = {"win-in-one": "Win in one", "win-in-two": "Win in two", "win-in-three": "Win in three",
               "long-win": "Long win", "chain": "Chain", "backward-jump": "Backward jump", "defend": "Defend",
               "dont-jump": "Don't jump", "paper": "The paper", "1d": "1D", "question": "Questions"}
_WIN_IN = {1: "win-in-one", 2: "win-in-two", 3: "win-in-three"}
#: A position whose ball can jump: a board or a strip (an Oddish board's themes are its question's).
Jumping: TypeAlias = Position | Strip


def _forward(side: str) -> int:
    """+1 if ``side`` attacks increasing rows (2D: Ohs) or squares (1D: Left), else -1."""
    return 1 if side in ("O", "L") else -1


def _hops(pos: Jumping, move: str) -> list[tuple[int, int]]:
    """A jump's hops as (from, to) coordinates along the attack axis (rows in 2D, squares in 1D)."""
    parts = move.split("-")
    if len(parts) < 2:
        return []
    if pos.variant.is_board:
        rows = [int(p[1:]) for p in parts]
    else:
        rows = [int(p) for p in parts]
    return list(zip(rows, rows[1:]))


def _forward_jump(pos: Jumping, side: str) -> bool:
    """Whether the ball can jump toward ``side``'s goal (a jump that ends nearer to it than it starts)."""
    for jump in pos.jumps():
        hops = _hops(pos, str(jump))
        if hops and (hops[-1][1] - hops[0][0]) * _forward(side) > 0:
            return True
    return False


def _threatened(pos: Jumping) -> bool:
    """Whether the side not to move could win at once, were it its move."""
    if isinstance(pos, Position):
        return pos.find_winning_jump(side=other(pos.to_move)).jump is not None
    them = other_side(pos.to_move)
    turned = pos.with_to_move(them)
    return any(turned.play(j).winner == them for j in turned.jumps())


def puzzle_themes(p: Puzzle) -> tuple[str, ...]:
    """The themes of ``p`` (see the module's table), in :data:`THEMES` order."""
    found: set[str] = set()
    if not p.variant.is_board:
        found.add("1d")
    if p.source.get("kind") == "paper":
        found.add("paper")
    if p.task.answer_kind is not None:
        found.add("question")
    try:
        start = p.start
    except PhutballError:
        start = None
    side = getattr(start, "to_move", None)
    if start is not None and side is not None and p.main_line and isinstance(start, (Position, Strip)):
        found |= _line_themes(start, side, p.main_line)
        first = p.main_line[0]
        if "-" not in first and _forward_jump(start, side):
            found.add("dont-jump")
        if p.task.answer_kind is None and _threatened(start):
            found.add("defend")
    return tuple(t for t in THEMES if t in found)


def _line_themes(start: Jumping, side: str, line: tuple[str, ...]) -> set[str]:
    """The themes read from playing the main line out: how soon it wins, its chains and backward hops."""
    found: set[str] = set()
    if len(line[0].split("-")) >= 4:
        found.add("chain")
    pos = start
    try:
        for ply, move in enumerate(line):
            if ply % 2 == 0 and any((b - a) * _forward(side) < 0 for a, b in _hops(pos, move)):
                found.add("backward-jump")
            pos = pos.play(move)
    except PhutballError:
        return found
    if pos.winner == side:
        found.add(_WIN_IN.get((len(line) + 1) // 2, "long-win"))
    return found
