"""How every page counts moves, in one vocabulary (issue 39 item 3): numbered moves as the move list shows them.

The move list numbers each pair of turns (``1. E6 A1``, ``2. F4 …``): a *move number* covers the first
side's turn and the second side's answer, as in chess.  Every message a player reads counts in those
numbers ("You won in 4 moves!", "move 2 (Eks, E5-G7)"); the word "ply" is for code only.
"""

from __future__ import annotations

from phutball.notation import move_number, moves_text
from phutball.sides import side_name


def turn_text(ply: int, mover: str) -> str:
    """Turn ``ply`` (from 1) by side ``mover`` as a message names it: "move 2 (Eks)"."""
    return f"move {move_number(ply)} ({side_name(mover)})"


def after_text(ply: int, mover: str | None) -> str:
    """The position after turn ``ply`` (0: the start) whose mover was ``mover``: "the start", "move 2 (Eks)"."""
    return "the start" if ply == 0 or mover is None else turn_text(ply, mover)


__all__ = ["after_text", "move_number", "moves_text", "turn_text"]
