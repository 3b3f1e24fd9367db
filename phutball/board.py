"""2D phutball: board sizes, positions, the rules of moving, and the position string.

Rules implemented (Winning Ways; seeds 001-004; each has a test in
``tests/test_rules.py``):

* The board has ``width`` columns (A, B, ... without I) and ``height`` rows,
  numbered 1..height from Eks' side.  Rows 1 and ``height`` are the goal lines;
  rows 0 and ``height + 1`` lie off the board behind them.
* Ohs (``O``) attacks row ``height`` and moves first by default; Eks (``X``)
  attacks row 1.  The ball starts on the centre point.
* A move places a man on an empty point of rows 1..height (not on the ball), or
  is a jump sequence.  Each jump goes in one of 8 directions over one or more
  adjacent men in a line and lands on the first vacant point beyond them; the
  jumped men are removed at once.  The mover may stop after any jump.  A jump
  may land on row 0 or ``height + 1`` (off the board over an end), which ends
  the move; it may never leave the board across a side edge.
* When the move ends, the ball's row decides: on row ``height`` or beyond, Ohs
  wins; on row 1 or beyond, Eks wins -- whoever moved.  Passing through a goal
  line mid-sequence scores nothing.  There is no pass.
* No legal move: when the side to move has no legal move at all (no empty
  point to place a man on and no jump), the game ends in a draw -- no one
  scored (:attr:`Position.is_drawn`, :attr:`Position.result`).

Position string (one line, URL-safe: letters, digits, ``x`` and ``_`` only)::

    <width>x<height>_<side to move>_<ball>[_<men>]
    15x19_O_H10                      the standard start
    15x19_O_K6_G10H8H11J7            men concatenated, sorted by column then row

The men field is omitted when there are none.  :meth:`Position.from_str`
accepts the men in any order, upper or lower case, and ``,`` between them;
:meth:`Position.__str__` writes the canonical form, so
``str(Position.from_str(s)) == s`` for every canonical ``s``.
"""

from __future__ import annotations

import re
from itertools import islice
from dataclasses import dataclass, field
from typing import ClassVar, Iterator, Literal, Sequence

from .bitboard import STANDARD as STANDARD, BoardSize as BoardSize  # re-exported: part of this module's API
from .bitboard import Step, bit, jump_results, mask_of, points_of, single_jumps
from .errors import IllegalMoveError, IllegalPositionError, ParseError, quote
from .variant import Variant
from .notation import Jump, Move2D, Placement, Point, parse_move, parse_points
from .sides import SIDE_NAMES, SIDES, Side, other
from .winsearch import WinningJumps, WinSearch, find_winning_jump, winning_jumps

#: Default bound of :meth:`Position.results` (distinct results listed).
RESULTS_LIMIT = 2_000


@dataclass(frozen=True)
class Position:
    """An immutable 2D phutball position: board size, men, ball, side to move.

    ``play(move)`` returns the next position; keep the old one to undo (see
    :class:`phutball.game.Game` for a history with undo and redo).
    """

    size: BoardSize
    men: frozenset[Point]
    ball: Point
    to_move: Side = "O"
    _mask: int = field(default=-1, repr=False, compare=False, hash=False)

    # ------------------------------------------------------------ construction

    def __post_init__(self) -> None:
        if self.to_move not in SIDES:
            raise IllegalPositionError("bad position", self.to_move, "side to move must be 'O' or 'X'")
        if not self.size.in_bounds(self.ball):
            raise IllegalPositionError("bad position", str(self.ball), f"ball is not on a {self.size} board")
        for p in self.men:
            if not self.size.on_board(p):
                raise IllegalPositionError("bad position", str(p), f"a man must be on rows 1-{self.size.height} "
                                           f"of columns {self.size.columns[0]}-{self.size.columns[-1]}")
        if self.ball in self.men:
            raise IllegalPositionError("bad position", str(self.ball), "a man stands under the ball")
        if self._mask < 0:
            object.__setattr__(self, "_mask", mask_of(self.size.width, self.men))

    @classmethod
    def start(cls, size: BoardSize | str = STANDARD, to_move: Side = "O") -> "Position":
        """The start position: empty board, ball on the centre point."""
        if isinstance(size, str):
            size = BoardSize.from_str(size)
        return cls(size, frozenset(), size.centre, to_move)

    @classmethod
    def from_mask(cls, size: BoardSize, mask: int, ball: Point, to_move: Side) -> "Position":
        """The position with the men of ``mask`` (see :mod:`phutball.bitboard`), unchecked: for searches."""
        pos = object.__new__(cls)
        object.__setattr__(pos, "size", size)
        object.__setattr__(pos, "men", frozenset(points_of(size, mask)))
        object.__setattr__(pos, "ball", ball)
        object.__setattr__(pos, "to_move", to_move)
        object.__setattr__(pos, "_mask", mask)
        return pos

    @property
    def mask(self) -> int:
        """The men as a bitmask (bit ``row * width + col - 1``, see :mod:`phutball.bitboard`)."""
        return self._mask

    @classmethod
    def from_str(cls, text: str) -> "Position":
        """Parse a position string such as ``15x19_O_K6_G10H8H11J7`` (see module doc)."""
        if not isinstance(text, str):
            raise ParseError("bad position", text, "expected text")
        parts = text.strip().split("_")
        if len(parts) not in (3, 4):
            raise ParseError("bad position", text,
                             "expected <size>_<side>_<ball>[_<men>], e.g. '15x19_O_K6_G10H8H11J7'")
        try:
            size = BoardSize.from_str(parts[0])
        except IllegalPositionError as e:
            raise IllegalPositionError("bad position", text, e.reason) from None
        except ParseError as e:
            raise ParseError("bad position", text, e.reason) from None
        side = parts[1].strip().upper()
        if side not in SIDES:
            raise ParseError("bad position", text, f"side to move must be O or X, not {quote(parts[1])}")
        try:
            ball = Point.from_str(parts[2])
            size.check_point(ball, parts[2], ball=True)
            men = parse_points(parts[3]) if len(parts) == 4 else ()
            for p in men:
                size.check_point(p, str(p))
        except ParseError as e:
            raise ParseError("bad position", text, f"{e.reason} ({quote(e.text)})") from None
        seen: set[Point] = set()
        for p in men:
            if p in seen:
                raise IllegalPositionError("bad position", text, f"two men on {p}")
            seen.add(p)
        try:
            return cls(size, frozenset(men), ball, side)
        except IllegalPositionError as e:
            raise IllegalPositionError("bad position", text, f"{e.reason} ({e.text})") from None

    def __str__(self) -> str:
        head = f"{self.size}_{self.to_move}_{self.ball}"
        if not self.men:
            return head
        return head + "_" + "".join(str(p) for p in sorted(self.men))

    def __repr__(self) -> str:
        return f"Position.from_str({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The position as an SVG diagram, for notebooks (:func:`phutball.svg.board`)."""
        from . import svg
        return str(svg.board(self))

    def _repr_html_(self) -> str:
        """The position as an ``<img>`` of its SVG diagram, its alt text the position's string
        (:meth:`phutball.svg.Picture._repr_html_`): what a notebook shows, even an untrusted one, whose
        sanitizer drops inline SVG."""
        from . import svg
        return svg.board(self)._repr_html_()

    def __hash__(self) -> int:
        return hash((self.size, self._mask, self.ball, self.to_move))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.size, self._mask, self.ball, self.to_move) == (
            other.size, other._mask, other.ball, other.to_move)

    # ------------------------------------------------------------ diagrams

    @classmethod
    def from_diagram(cls, text: str, to_move: Side = "O") -> "Position":
        """Read an ASCII diagram: one line per row from the top row down.

        ``.`` empty, ``o`` (or ``#``) a man, ``*`` the ball; blanks, a leading
        row number and a line of column letters are ignored.  Give ``height``
        rows, or ``height + 2`` to include the off-board rows, drawn with ``-``
        for their empty points (they may hold only the ball).  Example (5x5)::

            . . . . .
            . o . . .
            . . * . .
            . o o . .
            . . . . .
        """
        rows = []
        for line in text.strip("\n").splitlines():
            if re.fullmatch(r"\s*[A-HJ-Z](\s+[A-HJ-Z])*\s*", line):
                continue  # the column letters under a diagram
            body = re.sub(r"^\s*\d+\s", "", line)
            cells = re.sub(r"\s+", "", body)
            if cells:
                rows.append(cells)
        if not rows:
            raise ParseError("bad diagram", text, "no rows")
        width = len(rows[0])
        if any(len(r) != width for r in rows):
            raise ParseError("bad diagram", text, "rows have different lengths")
        bad = set("".join(rows)) - set(".o#*-")
        if bad:
            raise ParseError("bad diagram", text, f"unknown symbols {''.join(sorted(bad))!r}")
        off_rows = "-" in rows[0]
        if off_rows != ("-" in rows[-1]) or any("-" in r for r in rows[1:-1]) or \
                (off_rows and set(rows[0] + rows[-1]) - set("-*")):
            raise ParseError("bad diagram", text, "off-board rows ('-' for empty) must be both the first and the last")
        height = len(rows) - 2 if off_rows else len(rows)
        size = BoardSize(width, height)
        men, balls = [], []
        for i, cells in enumerate(rows):
            row = (height + 1 - i) if off_rows else (height - i)
            for j, ch in enumerate(cells):
                p = Point(j + 1, row)
                if ch in "o#":
                    men.append(p)
                elif ch == "*":
                    balls.append(p)
        if len(balls) != 1:
            raise ParseError("bad diagram", text, f"expected one ball, found {len(balls)}")
        return cls(size, frozenset(men), balls[0], to_move)

    def to_diagram(self, coordinates: bool = True) -> str:
        """The position as an ASCII diagram (top row first), the inverse of :meth:`from_diagram`.

        The off-board rows (both) are drawn only when the ball is on one of them.
        """
        h, w = self.size.height, self.size.width
        off = self.ball.row in (0, h + 1)
        rows = [r for r in range(h + 1, -1, -1) if off or 1 <= r <= h]
        lines = []
        for r in rows:
            empty = "." if 1 <= r <= h else "-"
            cells = " ".join("*" if Point(c, r) == self.ball else "o" if Point(c, r) in self.men else empty
                             for c in range(1, w + 1))
            lines.append(f"{r:>2} {cells}" if coordinates else cells)
        if coordinates:
            lines.append("   " + " ".join(self.size.columns))
        return "\n".join(lines)

    # ------------------------------------------------------------ state

    @property
    def winner(self) -> Side | None:
        """``'O'`` if the ball is on row height or beyond, ``'X'`` if on row 1 or beyond, else None."""
        if self.ball.row >= self.size.height:
            return "O"
        if self.ball.row <= 1:
            return "X"
        return None

    @property
    def has_moves(self) -> bool:
        """Whether the side to move has a legal move (False once the game is over).

        Cheap: a board with an empty point always has a placement; on a full
        board only a jump from the ball can move (over men to the off-board row).
        """
        if self.winner is not None:
            return False
        if len(self.men) + 1 < self.size.width * self.size.height:
            return True
        return bool(self._steps(self.ball.col, self.ball.row, self._mask))

    @property
    def is_drawn(self) -> bool:
        """Rule: no goal scored and the side to move has no legal move at all -- a draw."""
        return self.winner is None and not self.has_moves

    @property
    def result(self) -> Literal["O", "X", "draw"] | None:
        """``'O'``/``'X'`` (the winner), ``'draw'`` (no legal move, see :attr:`is_drawn`), or None while live."""
        if self.winner is not None:
            return self.winner
        return "draw" if self.is_drawn else None

    @property
    def is_over(self) -> bool:
        """A goal was scored, or the side to move has no legal move (a draw)."""
        return self.result is not None

    def over_reason(self) -> str:
        """Why no move can be played here, for error messages."""
        if self.winner is not None:
            return f"the game is over ({SIDE_NAMES[self.winner]} won)"
        return "the game is over (a draw: no legal move)"

    def target_rows(self, side: Side | None = None) -> tuple[int, int]:
        """The rows on which ``side`` (default: the side to move) wins."""
        side = side or self.to_move
        h = self.size.height
        return (h, h + 1) if side == "O" else (0, 1)

    # ------------------------------------------------------------ the rule questions a board's UI asks
    # (the same three on :class:`~phutball.oned.strip.Strip` and :class:`~phutball.oned.oddish.Oddish`)

    #: What this position is (a strip says :attr:`Variant.STRIP`, an Oddish board :attr:`Variant.ODDISH`).
    variant: ClassVar[Literal[Variant.BOARD]] = Variant.BOARD

    def in_bounds(self, point: Point) -> bool:
        """Whether ``point`` is a point of the board or of an off-board row (where a jump may land)."""
        return isinstance(point, Point) and self.size.in_bounds(point)

    def can_place(self, point: Point) -> bool:
        """Rule: a man may be placed on any empty point of the board proper (not while the game is over)."""
        return (isinstance(point, Point) and self.size.on_board(point) and point != self.ball
                and point not in self.men and not self.is_over)

    def ends_jump(self, point: Point) -> bool:
        """Whether a jump landing on ``point`` is over: the ball left the board (no jump can follow), or it
        is on or past the goal line of the side to move (:meth:`target_rows`), a goal whatever could
        follow -- so a UI ends the move there by itself."""
        return self.in_bounds(point) and (point.row in (0, self.size.height + 1) or point.row in self.target_rows())

    # ------------------------------------------------------------ move generation

    def placements(self) -> list[Placement]:
        """Every legal placement, sorted by point."""
        if self.is_over:
            return []
        occupied = self.men | {self.ball}
        return [Placement(p) for p in self.size.points() if p not in occupied]

    def _steps(self, col: int, row: int, mask: int) -> list[Step]:
        """The single jumps from (col,row) with men ``mask``, sorted by landing point."""
        return single_jumps(self.size.width, self.size.height, col, row, mask)

    def _follow(self, path: Sequence[Point], text: str | None = None) -> tuple[int, Point]:
        """Check a partial jump path from the ball; return (men mask, ball point) after it."""
        text = text if text is not None else "-".join(map(str, path))
        if self.is_over:
            raise IllegalMoveError("illegal move", text, self.over_reason())
        if not path or path[0] != self.ball:
            raise IllegalMoveError("illegal move", text, f"a jump must start from the ball on {self.ball}")
        mask, here = self._mask, path[0]
        h = self.size.height
        for i, nxt in enumerate(path[1:], start=1):
            if here.row in (0, h + 1):
                raise IllegalMoveError("illegal move", text, f"the move ended when the ball left the board at {here}")
            for s in self._steps(here.col, here.row, mask):
                if (s.col, s.row) == (nxt.col, nxt.row):
                    mask &= ~s.removed
                    here = nxt
                    break
            else:
                raise IllegalMoveError("illegal move", text, f"no jump from {here} lands on {nxt}")
        return mask, here

    def landings(self, path: Sequence[Point] = ()) -> list[Point]:
        """Where the next single jump can land, after the partial jump ``path`` (default: from the ball).

        This is what a UI highlights while a chain is being built.  Empty when
        the chain has left the board (the move is over) or no man is adjacent.
        """
        mask, here = self._follow(list(path) or [self.ball])
        if here.row in (0, self.size.height + 1):
            return []
        return [Point(s.col, s.row) for s in self._steps(here.col, here.row, mask)]

    def jumps(self) -> Iterator[Jump]:
        """Lazily yield every legal jump path, in sorted (lexicographic) order.

        The count grows exponentially with the men near the ball; do not
        materialise it on dense boards -- use :meth:`results`,
        :meth:`find_winning_jump` or :meth:`landings` instead.
        """
        if self.is_over:
            return
        h = self.size.height
        path = [self.ball]

        def walk(col: int, row: int, mask: int) -> Iterator[Jump]:
            for s in self._steps(col, row, mask):
                path.append(Point(s.col, s.row))
                yield Jump(tuple(path))
                if s.row not in (0, h + 1):
                    yield from walk(s.col, s.row, mask & ~s.removed)
                path.pop()

        try:
            yield from walk(self.ball.col, self.ball.row, self._mask)
        finally:
            del walk  # it calls itself through its closure: a cycle only the cyclic collector would free

    def legal_moves(self) -> list[Move2D]:
        """Every legal move: placements (sorted), then jump paths (sorted).

        Only for sparse positions: see :meth:`jumps` for why.
        """
        return [*self.placements(), *self.jumps()]

    def iter_results(self) -> Iterator[tuple["Position", Jump]]:
        """Lazily yield the distinct positions one jump move reaches, each with its first path.

        The lazy form of :meth:`results` (see :func:`jump_results`): take as
        many as you need; dense boards can have millions.
        """
        if self.is_over:
            return
        nxt = other(self.to_move)
        for c, r, m, path in jump_results(self.size.width, self.size.height, self.ball.col, self.ball.row,
                                          self._mask):
            yield (Position.from_mask(self.size, m, Point(c, r), nxt),
                   Jump(tuple(Point(pc, pr) for pc, pr in path)))

    def results(self, limit: int | None = RESULTS_LIMIT) -> dict["Position", Jump]:
        """The distinct positions reachable by one jump move, each with the first path (in sorted order) to it.

        Memoised on (ball, men), so it visits each distinct result once instead
        of every path.  Stops after ``limit`` results (default
        :data:`RESULTS_LIMIT`; ``None`` lists them all, which dense boards
        cannot afford -- use :meth:`iter_results` or :meth:`find_winning_jump`).
        """
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be at least 0, not {limit}")
        return dict(islice(self.iter_results(), limit))

    def count_jumps(self, limit: int | None = None) -> tuple[int, bool]:
        """Count jump paths without building them; returns (count, truncated)."""
        n = 0
        for _ in self.jumps():
            n += 1
            if limit is not None and n >= limit:
                return n, True
        return n, False

    # ------------------------------------------------------------ playing

    def parse_move(self, text: str) -> Move2D:
        """Parse ``text`` and check it is legal here (ParseError / IllegalMoveError)."""
        move = parse_move(text)
        self._check(move, text)
        return move

    def _check(self, move: Move2D, text: str) -> None:
        if isinstance(move, Placement):
            p = move.point
            if self.is_over:
                raise IllegalMoveError("illegal move", text, self.over_reason())
            if not self.size.on_board(p):
                raise IllegalMoveError("illegal move", text,
                                       f"men go on rows 1-{self.size.height} of columns "
                                       f"{self.size.columns[0]}-{self.size.columns[-1]}")
            if p == self.ball:
                raise IllegalMoveError("illegal move", text, "the ball is there")
            if p in self.men:
                raise IllegalMoveError("illegal move", text, "a man is already there")
        else:
            self._follow(move.path, text)

    def play(self, move: Move2D | str) -> "Position":
        """The position after ``move`` (a Move or its text), with the other side to move.

        Raises ParseError for bad text and IllegalMoveError for an illegal move.
        """
        text = move if isinstance(move, str) else str(move)
        if isinstance(move, str):
            move = parse_move(move)
        nxt = other(self.to_move)
        if isinstance(move, Placement):
            self._check(move, text)
            p = move.point
            return Position.from_mask(self.size, self._mask | bit(self.size.width, p.col, p.row),
                                       self.ball, nxt)
        mask, end = self._follow(move.path, text)
        return Position.from_mask(self.size, mask, end, nxt)

    # ------------------------------------------------------------ search

    def find_winning_jump(self, max_nodes: int = 200_000, side: Side | None = None) -> "WinSearch":
        """Search for a jump move that wins at once for ``side`` (default: the side to move).

        See :func:`phutball.winsearch.find_winning_jump`.
        """
        return find_winning_jump(self, max_nodes=max_nodes, side=side)

    def winning_jumps(self, limit: int | None = None, max_nodes: int = 1_000_000) -> "WinningJumps":
        """Every jump path that wins at once, in sorted order (see :mod:`phutball.winsearch`)."""
        return winning_jumps(self, limit=limit, max_nodes=max_nodes)



#: The standard start's position string, ``str(Position.start())`` (``15x19_O_H10``): the board a
#: new game, a play link or a play embed opens on when it names none.
STANDARD_START: str = str(Position.start())
