"""The board in words, for a player who cannot see it (issue 41): each point named as the notation names it,
and the commands a focused board answers in its live region (pure Python, unit-tested).

Keys on a focused board (docs/accessibility.md): the arrows move the cursor, and each move says the point
under it ("H11, man"; "H19, empty, the top goal line: Ohs score there"); ``b`` where the ball is, ``n`` the
men next to the ball, ``j`` the jumps the ball can make now, ``l`` the last move, ``s`` whose move it is.
"""

from __future__ import annotations

from typing import Any

from phutball.errors import PhutballError
from phutball.game import variant_of
from phutball.notation import SWAP, Placement, Point, StripPlacement, move_targets
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


def move_words(before: Any, move: Any, mover: str, after: Any, coming: bool = False) -> str:
    """A move in words, as it was played ("Eks jumped G11 to G9, removing 1 man.") or, ``coming``, as it
    will be ("Eks jumps G11 to G9, removing 1 man."); ``after``: the position it leads to."""
    who = side_name(mover)
    board = before.variant.is_board
    if isinstance(move, (Placement, StripPlacement)):
        what = "a man" if board else "a stone"
        where = str(move) if board else f"square {move}"
        return f"{who} {'places' if coming else 'placed'} {what} on {where}."
    removed = len(getattr(before, "men", getattr(before, "stones", ()))) - len(
        getattr(after, "men", getattr(after, "stones", ())))
    path = " to ".join(str(p) for p in move.path)
    goal = " and scores" if coming and getattr(after, "winner", None) else ""
    one, many = ("man", "men") if board else ("stone", "stones")
    return (f"{who} {'jumps' if coming else 'jumped'} {path}, removing {removed} "
            f"{one if removed == 1 else many}{goal}.")


def ply_words(game: Any, ply: int) -> str:
    """Turn ``ply`` (from 1) of ``game`` in words, as it was played ("Eks jumped G11 to G9, removing 1 man.",
    "Eks swapped sides."): what the live region says of a move, on every page."""
    before, text = game.positions[ply - 1], game.moves[ply - 1]
    if text == SWAP:
        return f"{side_name(before.to_move)} swapped sides."
    return move_words(before, before.parse_move(text), before.to_move, game.positions[ply])


def last_move_words(game: Any) -> str:
    """The move that led to the position ``game`` shows, in words, as the ``l`` command says it on a game's
    board ("Last move: Eks jumped G11 to G9, removing 1 man."; "" at the start)."""
    ply = game.cursor
    if ply == 0:
        return ""
    words = ply_words(game, ply)
    return words if game.moves[ply - 1] == SWAP else "Last move: " + words


def last_move_targets(game: Any) -> list[Any]:
    """The points (squares) of the move that led to the position ``game`` shows, in order (none at the start or
    after a swap, which moves nothing): what a board marks as the last move, on the canvas and in its grid."""
    ply = game.cursor
    if ply == 0 or game.moves[ply - 1] == SWAP:
        return []
    return move_targets(variant_of(game.positions[ply - 1]), game.moves[ply - 1])


def typed_preview(pos: Any, text: str) -> tuple[bool, str]:
    """What a move typed in the notation (``H11``, ``K6-G9-G11-J11``; a strip: ``4``, ``5-7``) will do on ``pos``
    before it is played: (playable, words); not playable: why, in the engine's own words (quoting it)."""
    text = text.strip()
    if not text:
        return False, ""
    try:
        move = pos.parse_move(text)
        after = pos.play(move)
    except PhutballError as e:
        return False, str(e)
    return True, move_words(pos, move, pos.to_move, after, coming=True)


__all__ = ["COMMANDS", "MAX_JUMPS", "last_move_targets", "last_move_words", "move_words", "neighbours", "ply_words", "point_words", "tell", "typed_preview"]
