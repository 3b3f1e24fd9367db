"""The phutball lab engine: Conway's Philosopher's Football in 2D and 1D.

Standard library only; runs on CPython 3.11+ and on Pyodide in the browser.
"""

from .board import STANDARD, BoardSize, Position
from .sides import Side, other
from .errors import (IllegalError, IllegalMoveError, IllegalPositionError, ParseError,
                     PhutballError, RecordError)
from .notation import Jump, Move, Placement, Point, parse_move, parse_point

__version__ = "0.1.0"

__all__ = [
    "STANDARD", "BoardSize", "Position", "Side", "other",
    "IllegalError", "IllegalMoveError", "IllegalPositionError", "ParseError", "PhutballError", "RecordError",
    "Jump", "Move", "Placement", "Point", "parse_move", "parse_point",
]
