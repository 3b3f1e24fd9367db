"""The one notation module: points, squares and moves, for 2D and 1D phutball.

2D (Wikipedia's convention, seed 001)
-------------------------------------
* Columns are lettered ``A B C D E F G H J K ...`` -- the alphabet without ``I``
  -- from left to right; rows are numbered from Eks' goal line (row 1) to Ohs'
  target line (row ``height``).  Rows ``0`` and ``height + 1`` lie off the
  board behind the goal lines.  A point is written column letter + row:
  ``H10``, ``H0``, ``H20``.
* A placement is written as its point: ``H11``.
* A jump sequence is the ball's path from its starting point, joined by
  hyphens: ``K6-G9-G11-J11``.

1D (a strip of ``n`` squares)
-----------------------------
* Squares are numbered ``1..n`` from the left (Left's own end) to the right;
  ``0`` and ``n + 1`` lie off the strip past the ends.
* A placement is the square's number: ``5``.
* A jump sequence is the ball's path of squares joined by hyphens:
  ``2-5-12`` (the last square may be ``0`` or ``n + 1``).

Parsing is case-insensitive and tolerant of surrounding blanks; formatting is
canonical (upper case, no blanks).  Syntax errors raise
:class:`~phutball.errors.ParseError`; rule violations are checked by the
position classes and raise :class:`~phutball.errors.IllegalMoveError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from .errors import ParseError, quote

#: Column letters: the alphabet without ``I`` (25 letters, so up to 25 columns).
COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
#: The pie rule's move in a game's move list (:class:`phutball.game.Game`): the players swap sides, no man moves.
SWAP = "swap"

_POINT_RE = re.compile(r"([A-HJ-Za-hj-z])([0-9]{1,2})")
_FULL_POINT_RE = re.compile(r"\s*([A-Za-z])([0-9]{1,3})\s*")


@dataclass(frozen=True, order=True)
class Point:
    """A point of a 2D board: ``col`` 1 = column A, ``row`` as written (0..height+1).

    Ordered by (col, row), which is the order of every sorted move list.
    """

    col: int
    row: int

    @classmethod
    def from_str(cls, text: str) -> "Point":
        """Parse ``'H10'`` (case-insensitive).  Does not check board bounds."""
        m = _FULL_POINT_RE.fullmatch(text) if isinstance(text, str) else None
        if not m:
            raise ParseError("bad point", text, "expected a column letter and a row number, e.g. 'H10'")
        letter, digits = m.group(1).upper(), m.group(2)
        if letter == "I":
            raise ParseError("bad point", text, "there is no column I (columns skip it: ...G H J K...)")
        if len(digits) > 1 and digits[0] == "0":
            raise ParseError("bad point", text, "row numbers have no leading zeros")
        return cls(COLUMN_LETTERS.index(letter) + 1, int(digits))

    def __str__(self) -> str:
        return f"{COLUMN_LETTERS[self.col - 1]}{self.row}"

    def __repr__(self) -> str:
        if 1 <= self.col <= len(COLUMN_LETTERS) and self.row >= 0:
            return f"Point.from_str({str(self)!r})"
        return f"Point(col={self.col}, row={self.row})"


@dataclass(frozen=True, order=True)
class Placement:
    """Placing a man on ``point``: written as the point, ``H11``."""

    point: Point

    def __str__(self) -> str:
        return str(self.point)

    def __repr__(self) -> str:
        return f"Move.from_str({str(self)!r})"


@dataclass(frozen=True, order=True)
class Jump:
    """A jump sequence: the ball's path from its start, ``K6-G9-G11-J11``."""

    path: tuple[Point, ...]

    def __post_init__(self) -> None:
        if len(self.path) < 2:
            raise ValueError("a jump path needs a start and at least one landing")

    @property
    def start(self) -> Point:
        return self.path[0]

    @property
    def end(self) -> Point:
        return self.path[-1]

    @property
    def landings(self) -> tuple[Point, ...]:
        return self.path[1:]

    def __str__(self) -> str:
        return "-".join(str(p) for p in self.path)

    def __repr__(self) -> str:
        return f"Move.from_str({str(self)!r})"


Move2D = Union[Placement, Jump]


class Move:
    """Namespace for parsing 2D moves: ``Move.from_str('K6-G9')``."""

    @staticmethod
    def from_str(text: str) -> Move2D:
        return parse_move(text)


def parse_point(text: str) -> Point:
    """Parse a point such as ``'H10'``; see :meth:`Point.from_str`."""
    return Point.from_str(text)


def parse_move(text: str) -> Move2D:
    """Parse ``'H11'`` (placement) or ``'K6-G9-G11'`` (jump) without checking legality."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError("bad move", text, "empty move")
    parts = text.strip().split("-")
    points = []
    for part in parts:
        try:
            points.append(Point.from_str(part))
        except ParseError as e:
            raise ParseError("bad move", text, f"{quote(part)} is not a point ({e.reason})") from None
    if len(points) == 1:
        return Placement(points[0])
    return Jump(tuple(points))


def parse_points(text: str) -> tuple[Point, ...]:
    """Parse a list of points separated by commas, blanks, or nothing (``'J7,H8'``, ``'J7H8'``)."""
    if not isinstance(text, str):
        raise ParseError("bad point list", text, "expected text")
    squeezed = re.sub(r"[\s,;]+", "", text)
    points: list[Point] = []
    pos = 0
    while pos < len(squeezed):
        m = _POINT_RE.match(squeezed, pos)
        if not m:
            raise ParseError("bad point list", text, f"cannot read a point at {squeezed[pos:pos + 4]!r}")
        points.append(Point.from_str(m.group(0)))
        pos = m.end()
    return tuple(points)


def format_points(points: "tuple[Point, ...] | list[Point]", sep: str = "") -> str:
    """Format points, e.g. ``format_points(pts, ',')`` -> ``'J7,H8'``."""
    return sep.join(str(p) for p in points)


# ---------------------------------------------------------------- 1D moves


@dataclass(frozen=True, order=True)
class StripPlacement:
    """Placing a stone on square ``square`` (1-based from the left): written ``5``."""

    square: int

    def __str__(self) -> str:
        return str(self.square)

    def __repr__(self) -> str:
        return f"StripMove.from_str({str(self)!r})"


@dataclass(frozen=True, order=True)
class StripJump:
    """A 1D jump sequence: the ball's squares, ``2-5-12`` (0 / n+1 = off the ends)."""

    path: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.path) < 2:
            raise ValueError("a jump path needs a start and at least one landing")

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    def __str__(self) -> str:
        return "-".join(str(s) for s in self.path)

    def __repr__(self) -> str:
        return f"StripMove.from_str({str(self)!r})"


StripMove1D = Union[StripPlacement, StripJump]


class StripMove:
    """Namespace for parsing 1D moves: ``StripMove.from_str('2-5')``."""

    @staticmethod
    def from_str(text: str) -> StripMove1D:
        return parse_strip_move(text)


_SQUARE_RE = re.compile(r"[ \t]*(0|[1-9][0-9]{0,2})[ \t]*")


def parse_square(text: str) -> int:
    """Parse a 1D square such as ``'5'`` (ASCII digits, blanks around them); bounds are not checked."""
    m = _SQUARE_RE.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise ParseError("bad square", text, "expected a square number, e.g. '5'")
    return int(m.group(1))


def parse_strip_move(text: str) -> StripMove1D:
    """Parse ``'5'`` (placement) or ``'2-5-12'`` (jump) without checking legality."""
    if not isinstance(text, str) or not text.strip():
        raise ParseError("bad 1D move", text, "empty move")
    squares = []
    for part in text.strip().split("-"):
        m = _SQUARE_RE.fullmatch(part)
        if not m:
            raise ParseError("bad 1D move", text, f"{quote(part)} is not a square number")
        squares.append(int(m.group(1)))  # ASCII digits only: int() sees nothing else
    if len(squares) == 1:
        return StripPlacement(squares[0])
    return StripJump(tuple(squares))


def move_targets(variant: str, text: str) -> list[Point | int]:
    """The points (a board, ``variant`` ``'2D'``) or squares (a strip) a move's text names, in order:
    ``'K6-G9'`` -> ``[Point('K6'), Point('G9')]``, ``'2-5'`` -> ``[2, 5]``.

    Only the syntax is checked (:class:`~phutball.errors.ParseError`), not the rules.
    """
    targets: list[Point | int] = []
    if variant == "2D":
        move = parse_move(text)
        targets += move.path if isinstance(move, Jump) else [move.point]
    else:
        strip_move = parse_strip_move(text)
        targets += strip_move.path if isinstance(strip_move, StripJump) else [strip_move.square]
    return targets


# ---------------------------------------------------------------- counting moves as players do


def move_number(ply: int) -> int:
    """The number a move list gives to turn ``ply`` (from 1): each number covers the first side's turn and the
    second side's answer, as in chess ("1. H11 H9  2. ..."), so turns 1 and 2 are move 1."""
    return (ply + 1) // 2


def moves_text(plies: int) -> str:
    """A game or line of ``plies`` turns in numbered moves, as every message a player reads counts: "4 moves"."""
    n = move_number(plies)
    return f"{n} {'move' if n == 1 else 'moves'}"
