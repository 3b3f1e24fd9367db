"""The board in words, for a player who cannot see it (issue 41): each point named as the notation names it,
and the commands a focused board answers in its live region (pure Python, unit-tested).

Keys on a focused board (docs/accessibility.md): the arrows move the cursor, and each move says the point
under it ("H11, man"; "H19, empty, the top goal line: Ohs score there"); ``b`` where the ball is, ``n`` the
men next to the ball, ``j`` the jumps the ball can make now, ``l`` the last move, ``s`` whose move it is.
"""

from __future__ import annotations

from typing import Any

from phutball.notation import Point
from phutball.sides import side_name

#: The commands a focused board answers (key -> what it says), as the Keys help lists them.
COMMANDS = {"b": "where the ball is", "n": "the men next to the ball", "j": "the jumps the ball can make now",
            "l": "the last move", "s": "whose move it is"}
#: How many jumps are read out at most (a crowded board can have thousands).
MAX_JUMPS = 8


def point_words(pos: Any, t: Any) -> str:
    """A point (a square on a strip) in words: what is on it and, on a goal line or past it, whose goal it is."""
    if pos.variant.is_board:
        p: Point = t
        what = "ball" if p == pos.ball else "man" if p in pos.men else "empty"
        h = pos.size.height
        if p.row >= h:
            goal = ", the top goal line: Ohs score there" if p.row == h else ", past the top goal line"
        elif p.row <= 1:
            goal = ", the bottom goal line: Eks score there" if p.row == 1 else ", past the bottom goal line"
        else:
            goal = ""
        return f"{p}, {what}{goal}"
    square = int(t)
    what = "ball" if square == pos.ball else "stone" if square in pos.stones else "empty"
    end = (", the right end: Left scores there" if square == pos.n else
           ", the left end: Right scores there" if square == 1 else "")
    return f"square {square}, {what}{end}"


def neighbours(pos: Any) -> list[Any]:
    """The men (stones) next to the ball, in the notation's order."""
    if pos.variant.is_board:
        b = pos.ball
        return sorted((m for m in pos.men if max(abs(m.col - b.col), abs(m.row - b.row)) == 1),
                      key=lambda m: (m.col, m.row))
    return sorted(s for s in pos.stones if abs(s - pos.ball) == 1)


def tell(pos: Any, command: str, last_move: str = "") -> str:
    """What a command key says about ``pos`` (see :data:`COMMANDS`); ``last_move``: the last move in words."""
    if command == "b":
        where = pos.ball if pos.variant.is_board else f"square {pos.ball}"
        return f"The ball is on {where}."
    if command == "n":
        near = neighbours(pos)
        one, many = ("man", "men") if pos.variant.is_board else ("stone", "stones")
        if not near:
            return f"No {one} is next to the ball."
        names = ", ".join(str(m) for m in near)
        return f"{len(near)} {one if len(near) == 1 else many} next to the ball: {names}."
    if command == "j":
        jumps = []
        for j in pos.jumps():
            jumps.append(str(j))
            if len(jumps) > MAX_JUMPS:
                break
        if not jumps:
            return "The ball cannot jump now."
        more = " and more" if len(jumps) > MAX_JUMPS else ""
        shown = sorted(jumps[:MAX_JUMPS], key=lambda s: (s.count("-"), s))
        return f"Jumps now: {'; '.join(shown)}{more}."
    if command == "l":
        return last_move or "No move has been played yet."
    if command == "s":
        return f"{side_name(pos.to_move)} to move."
    return ""


__all__ = ["COMMANDS", "MAX_JUMPS", "neighbours", "point_words", "tell"]
