"""What a position is: a 2D board, a 1D strip, or an Oddish board.

Every position type says which it is (``Position.variant``, ``Strip.variant``,
``Oddish.variant``), so code that must tell them apart asks the position
instead of testing its class or comparing strings:

>>> from phutball.board import Position
>>> Position.from_str("9x9_O_E5").variant
Variant.BOARD
>>> Variant.STRIP.sides
('L', 'R')

The values are the words used in game records (``[Variant "2D"]``) and in the
pages' ``data-variant`` attributes; a :class:`Variant` equals its value
(``Variant.BOARD == "2D"``), so a value read from a file compares directly.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Variant"]


class Variant(StrEnum):
    """The three kinds of position (docs/rules.md "The rules as implemented (2D)", "1D phutball"; the paper's section 2 for Oddish)."""

    #: Conway's game on a board of points (15x19 by default): Ohs and Eks place men and jump.
    BOARD = "2D"
    #: The paper's one-dimensional game on a strip of squares: Left and Right place stones and jump.
    STRIP = "1D"
    #: The paper's Oddish boards (section 2): a strip read in pairs, with the ball in a gap.
    ODDISH = "Oddish"

    def __repr__(self) -> str:
        return f"Variant.{self.name}"

    @property
    def is_board(self) -> bool:
        """Whether this is the 2D game (men on points, Ohs and Eks), not a 1D one."""
        return self is Variant.BOARD

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides, the first to move first: ``('O', 'X')`` on a board, ``('L', 'R')`` in 1D."""
        return ("O", "X") if self is Variant.BOARD else ("L", "R")
