"""The sides of every variant, in one place.

Rules (docs/rules.md "The rules as implemented (2D)" and "1D phutball"):

* 2D: **Ohs** (``'O'``) move first and attack the high rows; **Eks** (``'X'``)
  attack the low rows.
* 1D and Oddish: **Left** (``'L'``) attacks the right end, **Right** (``'R'``)
  the left end.

Boards, strips, games, puzzles and the CLI all ask this module for the other
side and for a side's name, so the letters are spelt out once.
"""

from __future__ import annotations

from typing import Literal

from .errors import ParseError
from .variant import Variant

__all__ = ["Side", "SIDES", "LEFT", "RIGHT", "SIDE_NAMES", "other", "other_side", "side_name", "sides_of", "parse_side"]

#: A 2D side: Ohs or Eks.
Side = Literal["O", "X"]
SIDES: tuple[Side, Side] = ("O", "X")

#: The 1D (strip and Oddish) sides.
LEFT = "L"
RIGHT = "R"

#: Every side's name: ``'O'`` Ohs, ``'X'`` Eks, ``'L'`` Left, ``'R'`` Right.
SIDE_NAMES = {"O": "Ohs", "X": "Eks", "L": "Left", "R": "Right"}

_OTHER = {"O": "X", "X": "O", "L": "R", "R": "L"}


def other(side: Side) -> Side:
    """The opponent of a 2D ``side`` (``'O'`` <-> ``'X'``)."""
    return "X" if side == "O" else "O"


def other_side(side: str) -> str:
    """The opponent of any side: ``'O'`` <-> ``'X'``, ``'L'`` <-> ``'R'``."""
    return _OTHER[side]


def sides_of(variant: str) -> tuple[str, str]:
    """The two sides of a variant (a :class:`~phutball.variant.Variant` or its value), the first to move
    first: ``('O', 'X')`` in 2D, ``('L', 'R')`` in 1D and on Oddish boards."""
    return Variant(variant).sides


def side_name(side: str) -> str:
    """``'O'`` -> ``'Ohs'``, ``'X'`` -> ``'Eks'``, ``'L'`` -> ``'Left'``, ``'R'`` -> ``'Right'``."""
    return SIDE_NAMES[side]


def parse_side(text: object) -> str:
    """Read a 1D side to move: ``L``/``R``/``left``/``right`` (any case) -> ``'L'`` or ``'R'``."""
    if isinstance(text, str):
        t = text.strip().lower()
        if t in ("l", "left"):
            return LEFT
        if t in ("r", "right"):
            return RIGHT
    raise ParseError("bad side to move", text, "expected 'L', 'R', 'left' or 'right'")
