"""2D board geometry: board sizes, points as bits of a men mask, and single jumps.

The one place that knows the bit layout: point (col, row) is bit
``row * width + col - 1`` of a men mask (rows 0..height+1, so the off-board
rows have bits too).  :class:`phutball.board.Position`, the win search
(:mod:`phutball.winsearch`) and the computer player (:mod:`phutball.ai`) work
on these masks.

Rules (docs/rules.md "The rules as implemented (2D)"): the board has ``width`` columns and ``height`` rows,
both odd, 5..25; a jump goes over an unbroken line of men in one of the 8
directions and lands on the first empty point beyond (see :func:`single_jumps`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Iterator, NamedTuple, Protocol

from .errors import IllegalPositionError, ParseError
from .notation import COLUMN_LETTERS, Point
from .sides import Side

MIN_SIZE = 5
MAX_SIZE = 25

#: The 8 directions as (d_col, d_row).
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1),
)



@dataclass(frozen=True, order=True)
class BoardSize:
    """A board of ``width`` columns by ``height`` rows, both odd, 5..25.

    Written ``15x19`` (columns x rows).  The standard board is 15x19; the Go
    board is 19x19 (columns A-T without I).
    """

    width: int = 15
    height: int = 19

    def __post_init__(self) -> None:
        for name, v in (("width", self.width), ("height", self.height)):
            if not (MIN_SIZE <= v <= MAX_SIZE) or v % 2 == 0:
                raise IllegalPositionError(
                    "bad board size", f"{self.width}x{self.height}",
                    f"{name} must be odd and between {MIN_SIZE} and {MAX_SIZE}",
                )

    @classmethod
    def from_str(cls, text: str) -> "BoardSize":
        m = re.fullmatch(r"\s*([0-9]{1,3})\s*[xX×]\s*([0-9]{1,3})\s*", text) if isinstance(text, str) else None
        if not m:
            raise ParseError("bad board size", text, "expected columns x rows, e.g. '15x19'")
        return cls(int(m.group(1)), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.width}x{self.height}"

    def __repr__(self) -> str:
        return f"BoardSize.from_str({str(self)!r})"

    @property
    def centre(self) -> Point:
        return Point((self.width + 1) // 2, (self.height + 1) // 2)

    @property
    def columns(self) -> str:
        return COLUMN_LETTERS[: self.width]

    def on_board(self, p: Point) -> bool:
        """True for the playing points: columns 1..width, rows 1..height."""
        return 1 <= p.col <= self.width and 1 <= p.row <= self.height

    def in_bounds(self, p: Point) -> bool:
        """True where the ball may be: the board plus the off-board rows 0 and height+1."""
        return 1 <= p.col <= self.width and 0 <= p.row <= self.height + 1

    def check_point(self, p: Point, text: str, *, ball: bool = False) -> None:
        """Raise ParseError if ``p`` is outside this board (rows 0/height+1 allowed for the ball)."""
        if not 1 <= p.col <= self.width:
            raise ParseError("bad point", text, f"column {COLUMN_LETTERS[p.col - 1]} is not on a {self} board "
                             f"(columns {self.columns[0]}-{self.columns[-1]})")
        top = self.height + 1 if ball else self.height
        bottom = 0 if ball else 1
        if not bottom <= p.row <= top:
            raise ParseError("bad point", text, f"row {p.row} is not on a {self} board (rows {bottom}-{top})")

    def points(self) -> Iterator[Point]:
        """Every playing point, in sorted (column, row) order."""
        for c in range(1, self.width + 1):
            for r in range(1, self.height + 1):
                yield Point(c, r)


STANDARD = BoardSize(15, 19)


def bit_index(width: int, col: int, row: int) -> int:
    """The bit number of point (col, row) in a men mask: ``row * width + col - 1``."""
    return row * width + col - 1


def bit(width: int, col: int, row: int) -> int:
    """The mask with only point (col, row) set."""
    return 1 << (row * width + col - 1)


def bit_point(width: int, index: int) -> tuple[int, int]:
    """The (col, row) of bit number ``index`` (the inverse of :func:`bit_index`)."""
    return index % width + 1, index // width


def row_span(width: int, mask: int) -> tuple[int, int]:
    """The lowest and the highest row with a point of ``mask`` (not empty)."""
    return ((mask & -mask).bit_length() - 1) // width, (mask.bit_length() - 1) // width


def row_mask(width: int, row: int) -> int:
    """The mask of every point of ``row``."""
    return ((1 << width) - 1) << (row * width)


class BoardMasks(NamedTuple):
    """The bit masks of a ``width`` x ``height`` board (see :func:`board_masks`)."""

    full: int       # every point that has a bit: columns 1..width, rows 0..height+1
    board: int      # the playing points: rows 1..height
    not_first: int  # every point with a bit but those of column 1 (a step right may land there)
    not_last: int   # every point with a bit but those of column ``width`` (a step left may land there)


@lru_cache(maxsize=None)
def board_masks(width: int, height: int) -> BoardMasks:
    """The bit masks of a ``width`` x ``height`` board, built once per size.

    A step (dc, dr) moves a mask by ``dr * width + dc`` bits; a step right
    that lands on column 1, or left on column ``width``, has wrapped round a
    side, and ``& not_first`` / ``& not_last`` drops it (see :func:`grow`).
    """
    full = (1 << (width * (height + 2))) - 1
    first = sum(1 << (r * width) for r in range(height + 2))
    return BoardMasks(full, ((1 << (width * height)) - 1) << width, full & ~first, full & ~(first << (width - 1)))


def grow(mask: int, width: int, height: int, radius: int) -> int:
    """``mask`` with every point within ``radius`` king moves of one of its points (rows 0..height+1:
    the result may reach the off-board rows, callers mask it)."""
    masks = board_masks(width, height)
    not_first, not_last = masks.not_first, masks.not_last
    for _ in range(radius):
        mask |= ((mask << 1) & not_first) | ((mask >> 1) & not_last)
        mask |= (mask << width) | (mask >> width)
    return mask


def mask_of(width: int, points: Iterable[Point]) -> int:
    """The men mask of ``points``."""
    mask = 0
    for p in points:
        mask |= 1 << (p.row * width + p.col - 1)
    return mask


class Step(NamedTuple):
    """One single jump: where it lands and what it removes (a tuple, so it sorts by landing point)."""

    col: int
    row: int
    removed: int  # bitmask of the men jumped


def single_jumps(width: int, height: int, col: int, row: int, mask: int) -> list[Step]:
    """The single jumps from (col, row) over the men in ``mask``, sorted by landing point.

    Rule: the ball jumps over an unbroken line of one or more adjacent men in
    one of the 8 directions and lands on the first empty point beyond; it may
    land on a goal line or on the off-board row beyond it, but not off the
    sides.  Point (c, r) is bit ``r * width + c - 1`` of ``mask``.
    """
    out = []
    for dc, dr in DIRECTIONS:
        c, r = col + dc, row + dr
        removed = 0
        while 1 <= c <= width and 1 <= r <= height:
            bit = 1 << (r * width + c - 1)
            if not mask & bit:
                break
            removed |= bit
            c += dc
            r += dr
        if removed and 1 <= c <= width and 0 <= r <= height + 1:
            out.append(Step(c, r, removed))
    out.sort()
    return out


def jump_results(width: int, height: int, col: int, row: int, mask: int
                 ) -> Iterator[tuple[int, int, int, tuple[tuple[int, int], ...]]]:
    """Lazily yield each distinct state one jump move reaches: ``(col, row, men, path)``.

    ``path`` is the first path (in sorted order) to that state, as (col, row)
    pairs from the ball.  States are memoised on (ball, men), so each is
    visited once; the walk is iterative (no recursion limit on big boards)
    and does its work only as it is consumed, so a caller can stop or pause
    it at any point (the computer player counts it in its time budget).
    """
    seen: set[tuple[int, int, int]] = set()
    path: list[tuple[int, int]] = [(col, row)]
    masks = [mask]
    stack = [iter(single_jumps(width, height, col, row, mask))]
    while stack:
        s = next(stack[-1], None)
        if s is None:
            stack.pop()
            masks.pop()
            path.pop()
            continue
        m2 = masks[-1] & ~s.removed
        key = (s.col, s.row, m2)
        if key in seen:
            continue
        seen.add(key)
        yield s.col, s.row, m2, (*path, (s.col, s.row))
        if s.row not in (0, height + 1):
            path.append((s.col, s.row))
            masks.append(m2)
            stack.append(iter(single_jumps(width, height, s.col, s.row, m2)))




_POINT_TABLES: dict[BoardSize, list[Point]] = {}




def point_table(size: BoardSize) -> list[Point]:
    """The Point of each bit of a men mask (bit ``r * width + c - 1``), built once per board size."""
    table = _POINT_TABLES.get(size)
    if table is None:
        w = size.width
        table = [Point(i % w + 1, i // w) for i in range(w * (size.height + 2))]
        _POINT_TABLES[size] = table
    return table


def points_of(size: BoardSize, mask: int) -> list[Point]:
    """The points of the men in ``mask``, lowest bit first."""
    table = point_table(size)
    men = []
    m = mask
    while m:
        low = m & -m
        men.append(table[low.bit_length() - 1])
        m ^= low
    return men


class BitPosition(Protocol):
    """What the mask-level searches need of a 2D position (:class:`phutball.board.Position` has it)."""

    @property
    def size(self) -> BoardSize: ...

    @property
    def ball(self) -> Point: ...

    @property
    def to_move(self) -> Side: ...

    @property
    def mask(self) -> int: ...

    @property
    def is_over(self) -> bool: ...
