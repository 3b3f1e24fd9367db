"""One-dimensional phutball on a strip of ``n`` squares (Grossman and Nowakowski, section 1).

Rules (paper section 1, issue 3)
--------------------------------
* A strip of ``n`` squares numbered ``1..n`` from the left; ``0`` and ``n + 1``
  lie off the strip past the ends.  One ball, any number of stones.
* **Left** attacks the right end, **Right** the left end.  The side to move is
  part of the position.
* A move is either a *placement* -- a stone on any empty square, the end squares
  included -- or a *jump*: over a string of contiguous stones, one end of which is
  next to the ball, landing on the next empty square (or past the end of the
  strip).  The jumped stones are removed.  Jumps may be chained and the mover may
  stop after any jump.  In one dimension a chain never turns round: the square
  behind the ball is always empty after a jump, so every jump of a chain goes the
  same way.
* When a move ends with the ball on square ``n`` or past it, **Left** wins; on
  square ``1`` or past it, **Right** wins -- whoever moved.

Text forms
----------
* A *strip*: ``.`` empty, ``o`` stone, ``*`` ball, e.g. ``o*o.o.o....`` (the
  paper's example (1)).  On input the paper's ``·`` ``○`` ``•``, its damaged
  stone glyph ``�`` and blanks between symbols are accepted.  A ball that has
  left the strip (game over) is written as ``<`` before the strip (past the left
  end) or ``>`` after it (past the right end): ``<o..o.``.
* A *position string* (URLs, CLI, puzzle files, records):
  ``<side>_<strip>`` with side ``L`` or ``R`` (the side to move), e.g.
  ``L_o*o.o.o....``.
* Moves use :mod:`phutball.notation`: a placement is the square number ``5``; a
  jump is the ball's path ``12-15-17`` (its last square may be ``0`` or ``n+1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, Iterable, Iterator, Sequence, Union

from ..errors import IllegalMoveError, IllegalPositionError, ParseError
from ..variant import Variant
from ..notation import StripJump, StripMove1D, StripPlacement, parse_strip_move
from ..sides import LEFT, RIGHT, other_side, parse_side, side_name

__all__ = ["Strip", "STONE_CHARS", "EMPTY_CHARS", "BALL_CHARS"]

#: Characters read as an empty square / a stone / the ball.
EMPTY_CHARS = ".·"
STONE_CHARS = "oO○�"
BALL_CHARS = "*•"

_MIN_N = 3
_MAX_N = 999  # squares are written with at most three digits


def stones_mask(stones: Iterable[int]) -> int:
    """Squares as a bitmask: bit ``s - 1`` is square ``s`` (strips and Oddish boards alike)."""
    m = 0
    for s in stones:
        m |= 1 << (s - 1)
    return m


def _split_side(text: str) -> tuple[str | None, str]:
    """Split an optional ``L_``/``R_`` prefix off a position string."""
    t = text.strip()
    if len(t) >= 2 and t[1] == "_" and t[0] in "LRlr":
        return t[0].upper(), t[2:]
    return None, t


def _square(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Strip:
    """An immutable 1D phutball position.

    ``n`` squares; ``ball`` is the ball's square (``1..n``, or ``0`` / ``n + 1``
    once a jump has carried it past an end); ``stones`` the occupied squares;
    ``to_move`` ``'L'`` or ``'R'``.  Build one with :meth:`from_str`:

    >>> Strip.from_str("L_o*o.o.o....")
    Strip.from_str('L_o*o.o.o....')
    """

    n: int
    ball: int
    stones: frozenset[int]
    to_move: str

    def __post_init__(self) -> None:
        if not isinstance(self.n, int) or not _MIN_N <= self.n <= _MAX_N:
            raise IllegalPositionError("bad 1D position", self.n,
                                       f"a strip has {_MIN_N} to {_MAX_N} squares")
        if self.to_move not in (LEFT, RIGHT):
            raise IllegalPositionError("bad 1D position", self.to_move, "the side to move is 'L' or 'R'")
        if not isinstance(self.stones, frozenset):
            object.__setattr__(self, "stones", frozenset(self.stones))
        if not 0 <= self.ball <= self.n + 1:
            raise IllegalPositionError("bad 1D position", self.ball,
                                       f"the ball is on a square 0..{self.n + 1}")
        bad = sorted(s for s in self.stones if not (isinstance(s, int) and 1 <= s <= self.n))
        if bad:
            raise IllegalPositionError("bad 1D position", bad, f"stones must lie on squares 1..{self.n}")
        if self.ball in self.stones:
            raise IllegalPositionError("bad 1D position", self.ball, "a stone under the ball")

    # ------------------------------------------------------------------ text

    @classmethod
    def from_str(cls, text: str, to_move: str | None = None) -> "Strip":
        """Parse ``'L_o*o.o.o....'``, or a bare strip ``'o*o.o.o....'`` when ``to_move`` is given.

        ``to_move`` may be ``'L'``/``'R'``/``'left'``/``'right'``; if the text has
        a side prefix too, the two must agree.  Raises :class:`ParseError` for
        unknown characters and :class:`IllegalPositionError` for a strip that is
        too short or does not have exactly one ball.
        """
        if not isinstance(text, str):
            raise ParseError("bad 1D position", text, "expected text such as 'L_o*o.o.o....'")
        prefix, body = _split_side(text)
        side = parse_side(to_move) if to_move is not None else None
        if prefix is not None and side is not None and prefix != side:
            raise ParseError("bad 1D position", text,
                             f"the text says {side_name(prefix)} to move but {side_name(side)} was given")
        side = side or prefix
        if side is None:
            raise ParseError("bad 1D position", text,
                             "no side to move: write 'L_' or 'R_' before the strip, e.g. 'L_o*o.o.o....'")
        body = "".join(body.split())
        if not body:
            raise ParseError("bad 1D position", text, "empty strip")
        off_left = body.startswith("<")
        off_right = body.endswith(">")
        core = body[1 if off_left else 0: len(body) - 1 if off_right else len(body)]
        stones: set[int] = set()
        balls: list[int] = []
        for i, ch in enumerate(core, start=1):
            if ch in EMPTY_CHARS:
                continue
            if ch in STONE_CHARS:
                stones.add(i)
            elif ch in BALL_CHARS:
                balls.append(i)
            else:
                raise ParseError("bad 1D position", text,
                                 f"unexpected character {ch!r}: use '.' empty, 'o' stone, '*' ball "
                                 "('<' before or '>' after the strip for a ball past an end)")
        n = len(core)
        if off_left:
            balls.append(0)
        if off_right:
            balls.append(n + 1)
        if len(balls) != 1:
            raise IllegalPositionError("bad 1D position", text,
                                       "no ball" if not balls else f"{len(balls)} balls; a position has exactly one")
        if n < _MIN_N:
            raise IllegalPositionError("bad 1D position", text, f"a strip has at least {_MIN_N} squares")
        if n > _MAX_N:
            raise IllegalPositionError("bad 1D position", text, f"a strip has at most {_MAX_N} squares")
        return cls(n, balls[0], frozenset(stones), side)

    @classmethod
    def from_mask(cls, n: int, ball: int, mask: int, to_move: str) -> "Strip":
        """Build from a stone bitmask: bit ``s - 1`` set = a stone on square ``s`` (see :attr:`mask`)."""
        return cls(n, ball, frozenset(s for s in range(1, n + 1) if mask >> (s - 1) & 1), to_move)

    def _symbols(self, empty: str, stone: str, ball: str) -> str:
        cells = [ball if s == self.ball else stone if s in self.stones else empty
                 for s in range(1, self.n + 1)]
        text = "".join(cells)
        if self.ball == 0:
            text = "<" + text
        elif self.ball == self.n + 1:
            text = text + ">"
        return text

    @property
    def text(self) -> str:
        """The ASCII strip without the side: ``'o*o.o.o....'``."""
        return self._symbols(".", "o", "*")

    @property
    def pretty(self) -> str:
        """The strip in the paper's symbols: ``'○•○·○·○····'``."""
        return self._symbols("·", "○", "•")

    def __str__(self) -> str:
        return f"{self.to_move}_{self.text}"

    def __repr__(self) -> str:
        return f"Strip.from_str({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The strip as an SVG diagram, for notebooks (:func:`phutball.svg.board`)."""
        from .. import svg
        return str(svg.board(self))

    def _repr_html_(self) -> str:
        """The strip as an ``<img>`` of its SVG diagram, its alt text the strip's string
        (:meth:`phutball.svg.Picture._repr_html_`): what a notebook shows, even an untrusted one, whose
        sanitizer drops inline SVG."""
        from .. import svg
        return svg.board(self)._repr_html_()

    # ------------------------------------------------------------ properties

    @property
    def mask(self) -> int:
        """The stones as a bitmask: bit ``s - 1`` is square ``s``."""
        return stones_mask(self.stones)

    @property
    def winner(self) -> str | None:
        """``'L'`` if the ball is on square ``n`` or past it, ``'R'`` if on square 1 or past it, else None."""
        if self.ball >= self.n:
            return LEFT
        if self.ball <= 1:
            return RIGHT
        return None

    @property
    def is_over(self) -> bool:
        """True when the game has ended (see :attr:`winner`)."""
        return self.winner is not None

    def mirror(self) -> "Strip":
        """The same position seen from the other end: squares reversed and sides swapped.

        Left to move in ``s`` wins exactly when Right to move wins in ``s.mirror()``.
        """
        m = self.n + 1
        return Strip(self.n, m - self.ball, frozenset(m - s for s in self.stones), other_side(self.to_move))

    def with_to_move(self, side: str) -> "Strip":
        """The same strip with ``side`` ('L'/'R'/'left'/'right') to move."""
        return Strip(self.n, self.ball, self.stones, parse_side(side))

    # ----------------------------------------------------------------- the rule questions a UI asks
    # (as on :class:`phutball.board.Position`)

    #: What this position is (a board says :attr:`Variant.BOARD`, an Oddish board :attr:`Variant.ODDISH`).
    variant: ClassVar[Literal[Variant.STRIP]] = Variant.STRIP

    def in_bounds(self, square: int) -> bool:
        """Whether ``square`` is a square of the strip or one past an end (0, ``n + 1``: a jump may land there)."""
        return _square(square) and 0 <= square <= self.n + 1

    def can_place(self, square: int) -> bool:
        """Rule: a stone may be placed on any empty square (paper section 1), not once the game is over."""
        return _square(square) and 1 <= square <= self.n and square != self.ball and square not in self.stones \
            and not self.is_over

    def ends_jump(self, square: int) -> bool:
        """Whether a jump landing on ``square`` is over: past an end (no jump can follow), or on the goal
        square of the side to move (Left wins on square ``n`` or past it, Right on square 1 or past it:
        :attr:`winner`), a goal whatever could follow -- so a UI ends the move there by itself."""
        if not self.in_bounds(square):
            return False
        return square in (0, self.n + 1) or (square <= 1 if self.to_move == RIGHT else square >= self.n)

    # ----------------------------------------------------------------- moves

    def placements(self) -> list[StripPlacement]:
        """Every placement, by square: a stone on any empty square (paper section 1)."""
        if self.is_over:
            return []
        return [StripPlacement(s) for s in range(1, self.n + 1)
                if s != self.ball and s not in self.stones]

    def jumps(self) -> Iterator[StripJump]:
        """Every jump sequence, lazily: leftwards chains first, each chain by length.

        A jump passes a string of contiguous stones next to the ball and lands on
        the next empty square, or past the end of the strip (which ends the
        move); the mover may stop after any jump of a chain (paper section 1).
        """
        if self.is_over:
            return
        for d in (-1, 1):
            path = [self.ball]
            pos = self.ball
            while 1 <= pos + d <= self.n and pos + d in self.stones:
                q = pos + d
                while 1 <= q <= self.n and q in self.stones:
                    q += d
                path.append(q)
                yield StripJump(tuple(path))
                if not 1 <= q <= self.n:
                    break
                pos = q

    def landings(self, path: Sequence[int] = ()) -> list[int]:
        """Where the next single jump can land after the partial jump ``path`` (default: from the ball), sorted.

        What a UI highlights while a chain is being built, as :meth:`phutball.board.Position.landings`:
        a jump passes the contiguous stones next to the ball and lands on the next empty square or
        past an end (0 or ``n + 1``), which ends the move (paper section 1).  Empty when the game is
        over or the chain has left the strip; an illegal ``path`` raises :class:`IllegalMoveError`.
        """
        if self.is_over:
            return []
        path = list(path) or [self.ball]
        if path[0] != self.ball:
            raise self._illegal("-".join(map(str, path)), f"a jump starts from the ball's square {self.ball}")
        here, stones = (self.ball, self.stones) if len(path) == 1 else self._check_jump(StripJump(tuple(path)))
        if not 1 <= here <= self.n:
            return []
        out = []
        for d in (-1, 1):
            q = here + d
            if not (1 <= q <= self.n and q in stones):
                continue
            while 1 <= q <= self.n and q in stones:
                q += d
            out.append(q)
        return sorted(out)

    def legal_moves(self) -> list[StripMove1D]:
        """All legal moves, sorted: placements by square, then jumps by path."""
        return [*self.placements(), *sorted(self.jumps())]

    def _check_jump(self, move: StripJump) -> tuple[int, frozenset[int]]:
        """Check a jump path; return (landing square, stones left) or raise IllegalMoveError."""
        path = move.path
        if path[0] != self.ball:
            raise self._illegal(move, f"a jump starts from the ball's square {self.ball}")
        stones = set(self.stones)
        d = 1 if path[1] > path[0] else -1
        pos = path[0]
        for target in path[1:]:
            if (target - pos) * d <= 0:
                raise self._illegal(move, "in one dimension every jump of a chain goes the same way")
            if not 1 <= pos <= self.n:
                raise self._illegal(move, f"the ball has left the strip at {pos}; the move is over")
            q = pos + d
            if not (1 <= q <= self.n and q in stones):
                raise self._illegal(move, f"no stone on square {q} next to the ball on {pos}")
            while 1 <= q <= self.n and q in stones:
                q += d
            if q != target:
                where = f"square {q}" if 1 <= q <= self.n else f"{q} (past the end)"
                raise self._illegal(move, f"the jump from {pos} lands on {where}, not {target}")
            for s in range(pos + d, q, d):
                stones.discard(s)
            pos = q
        return pos, frozenset(stones)

    def _illegal(self, move: object, reason: str) -> IllegalMoveError:
        return IllegalMoveError("illegal 1D move", str(move), f"{reason} (position {self})")

    def _coerce(self, move: Union[StripMove1D, str]) -> StripMove1D:
        if isinstance(move, str):
            return parse_strip_move(move)
        if isinstance(move, (StripPlacement, StripJump)):
            return move
        raise ParseError("bad 1D move", move, "expected a move such as '5' or '2-5-12'")

    def play(self, move: Union[StripMove1D, str]) -> "Strip":
        """The position after ``move`` (a move object or its text), the other side to move.

        Raises :class:`ParseError` for unreadable text and :class:`IllegalMoveError`
        (naming the move and the position) for an illegal move.
        """
        mv = self._coerce(move)
        if self.is_over:
            raise self._illegal(mv, f"the game is over ({side_name(self.winner or LEFT)} has won)")
        if isinstance(mv, StripPlacement):
            s = mv.square
            if not 1 <= s <= self.n:
                raise self._illegal(mv, f"square {s} is not on the strip (1..{self.n})")
            if s == self.ball:
                raise self._illegal(mv, f"square {s} holds the ball")
            if s in self.stones:
                raise self._illegal(mv, f"square {s} already holds a stone")
            return Strip(self.n, self.ball, self.stones | {s}, other_side(self.to_move))
        landing, stones = self._check_jump(mv)
        return Strip(self.n, landing, stones, other_side(self.to_move))

    def parse_move(self, text: str) -> StripMove1D:
        """Parse ``text`` and check that it is legal here; returns the move."""
        mv = self._coerce(text)
        self.play(mv)
        return mv

    def is_legal(self, move: Union[StripMove1D, str]) -> bool:
        """True if ``move`` can be played here."""
        try:
            self.play(move)
        except (IllegalMoveError, ParseError):
            return False
        return True
