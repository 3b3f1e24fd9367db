"""Oddish phutball (Grossman and Nowakowski, section 2).

Oddish phutball is 1D phutball in which stones are only ever placed at an *odd*
distance from the ball.  The squares at even distance are then always empty and
can be dropped: what is left is the **Oddish board**, with the ball drawn as an
arrow between two squares.  The paper's example: the strip
``··○···○·○•○·○·······`` becomes ``·○·○○↓○○···``.

The board
---------
* ``m`` Oddish squares numbered ``1..m`` from the left; the arrow stands after
  square ``arrow`` (``0..m``): squares ``1..arrow`` are on its left.
* Text: ``.`` empty, ``o`` stone, ``|`` the arrow (``↓`` accepted on input and
  used by :attr:`Oddish.pretty`), e.g. ``..ooo|ooo....o.``.  With a side to move
  the text is prefixed ``L_`` or ``R_`` (``L_..ooo|ooo....o.``); the prefix is
  optional where the side does not matter (the potentials).

Moves and their notation
------------------------
* **Place** a stone on an empty Oddish square: written as the square's number,
  ``7``.
* **Move the arrow** past ``k`` of the consecutive stones next to it (``k`` from
  1 up to the length of that run of stones), removing them: written ``>k`` to
  the right, ``<k`` to the left, e.g. ``>2``.  In the strip this is a chain of
  ``k`` single-stone jumps.
* Left wins by moving the arrow past the last square on the right (the arrow
  reaches ``m``), Right by moving it past the first square (``0``) -- whoever
  moved, as in 1D.

Conversion
----------
:meth:`Oddish.from_strip` takes a 1D position whose stones all lie at odd
distance from the ball (else :class:`~phutball.errors.IllegalPositionError`
naming the offending squares); :meth:`Oddish.to_strip` gives back the shortest
such strip (optionally with an extra even-distance square at either end, which
changes nothing in the game).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Literal, Iterator, Sequence, Union

from ..errors import IllegalMoveError, IllegalPositionError, ParseError
from ..variant import Variant
from ..sides import LEFT, RIGHT, other_side, parse_side, side_name
from .strip import BALL_CHARS, EMPTY_CHARS, STONE_CHARS, Strip, stones_mask

__all__ = ["Oddish", "OddishPlacement", "OddishArrowMove", "OddishMove", "parse_oddish_move"]

ARROW_CHARS = "|↓"


@dataclass(frozen=True, order=True)
class OddishPlacement:
    """Placing a stone on Oddish square ``square``: written ``7``."""

    square: int

    def __str__(self) -> str:
        return str(self.square)

    def __repr__(self) -> str:
        return f"parse_oddish_move({str(self)!r})"


@dataclass(frozen=True, order=True)
class OddishArrowMove:
    """Moving the arrow past ``count`` stones, ``direction`` -1 (left, ``<k``) or +1 (right, ``>k``)."""

    direction: int
    count: int

    def __post_init__(self) -> None:
        if self.direction not in (-1, 1) or not isinstance(self.count, int) or self.count < 1:
            raise ValueError("an arrow move goes left (-1) or right (+1) past at least one stone")

    def __str__(self) -> str:
        return f"{'>' if self.direction > 0 else '<'}{self.count}"

    def __repr__(self) -> str:
        return f"parse_oddish_move({str(self)!r})"


OddishMove = Union[OddishPlacement, OddishArrowMove]

_ODDISH_MOVE_RE = re.compile(r"\s*(?:([<>←→])\s*([1-9][0-9]{0,2})|([1-9][0-9]{0,2}))\s*")


def parse_oddish_move(text: str) -> OddishMove:
    """Parse ``'7'`` (placement), ``'>2'`` or ``'<1'`` (arrow moves) without checking legality."""
    m = _ODDISH_MOVE_RE.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise ParseError("bad Oddish move", text,
                         "expected a square number ('7') or an arrow move ('>2', '<1')")
    if m.group(3):
        return OddishPlacement(int(m.group(3)))
    return OddishArrowMove(1 if m.group(1) in ">→" else -1, int(m.group(2)))


@dataclass(frozen=True)
class Oddish:
    """An Oddish board: ``m`` squares, the arrow after square ``arrow``, ``stones``, side to move.

    ``to_move`` may be None where the side does not matter (the potentials);
    playing and solving need it.

    >>> Oddish.from_str("..ooo|ooo....o.")
    Oddish.from_str('..ooo|ooo....o.')
    """

    m: int
    arrow: int
    stones: frozenset[int]
    to_move: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.m, int) or not 1 <= self.m <= 999:
            raise IllegalPositionError("bad Oddish position", self.m, "an Oddish board has 1 to 999 squares")
        if not isinstance(self.stones, frozenset):
            object.__setattr__(self, "stones", frozenset(self.stones))
        if not isinstance(self.arrow, int) or not 0 <= self.arrow <= self.m:
            raise IllegalPositionError("bad Oddish position", self.arrow, f"the arrow stands in a gap 0..{self.m}")
        bad = sorted(s for s in self.stones if not (isinstance(s, int) and 1 <= s <= self.m))
        if bad:
            raise IllegalPositionError("bad Oddish position", bad, f"stones must lie on squares 1..{self.m}")
        if self.to_move not in (None, LEFT, RIGHT):
            raise IllegalPositionError("bad Oddish position", self.to_move, "the side to move is 'L', 'R' or None")

    # ------------------------------------------------------------------ text

    @classmethod
    def from_str(cls, text: str, to_move: str | None = None) -> "Oddish":
        """Parse ``'..ooo|ooo....o.'``, ``'L_..ooo|ooo....o.'`` or the paper's ``'··○○○↓○○○····○·'``."""
        if not isinstance(text, str):
            raise ParseError("bad Oddish position", text, "expected text such as '..ooo|ooo....o.'")
        t = text.strip()
        prefix = None
        if len(t) >= 2 and t[1] == "_" and t[0] in "LRlr":
            prefix, t = t[0].upper(), t[2:]
        side = parse_side(to_move) if to_move is not None else None
        if prefix is not None and side is not None and prefix != side:
            raise ParseError("bad Oddish position", text,
                             f"the text says {side_name(prefix)} to move but {side_name(side)} was given")
        side = side or prefix
        body = "".join(t.split())
        stones: set[int] = set()
        arrows: list[int] = []
        i = 0
        for ch in body:
            if ch in ARROW_CHARS:
                arrows.append(i)
                continue
            i += 1
            if ch in STONE_CHARS:
                stones.add(i)
            elif ch in EMPTY_CHARS:
                pass
            elif ch in BALL_CHARS:
                raise ParseError("bad Oddish position", text,
                                 "an Oddish board has an arrow '|' (or '↓'), not a ball; "
                                 "use Oddish.from_strip for a 1D strip")
            else:
                raise ParseError("bad Oddish position", text,
                                 f"unexpected character {ch!r}: use '.' empty, 'o' stone, '|' the arrow")
        if len(arrows) != 1:
            raise IllegalPositionError("bad Oddish position", text,
                                       "no arrow" if not arrows else f"{len(arrows)} arrows; a board has exactly one")
        if i < 1:
            raise IllegalPositionError("bad Oddish position", text, "an Oddish board has at least one square")
        return cls(i, arrows[0], frozenset(stones), side)

    def _symbols(self, empty: str, stone: str, arrow: str) -> str:
        cells = [stone if s in self.stones else empty for s in range(1, self.m + 1)]
        cells.insert(self.arrow, arrow)
        return "".join(cells)

    @property
    def text(self) -> str:
        """The ASCII board without the side: ``'..ooo|ooo....o.'``."""
        return self._symbols(".", "o", "|")

    @property
    def pretty(self) -> str:
        """The board in the paper's symbols: ``'··○○○↓○○○····○·'``."""
        return self._symbols("·", "○", "↓")

    def __str__(self) -> str:
        return f"{self.to_move}_{self.text}" if self.to_move else self.text

    def __repr__(self) -> str:
        return f"Oddish.from_str({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The Oddish board as an SVG diagram, for notebooks (:func:`phutball.svg.board`)."""
        from .. import svg
        return str(svg.board(self))

    def _repr_html_(self) -> str:
        """The Oddish board as an ``<img>`` of its SVG diagram, its alt text the Oddish board's string
        (:meth:`phutball.svg.Picture._repr_html_`): what a notebook shows, even an untrusted one, whose
        sanitizer drops inline SVG."""
        from .. import svg
        return svg.board(self)._repr_html_()

    @property
    def mask(self) -> int:
        """The stones as a bitmask: bit ``s - 1`` is Oddish square ``s``."""
        return stones_mask(self.stones)

    @classmethod
    def from_mask(cls, m: int, arrow: int, mask: int, to_move: str | None = None) -> "Oddish":
        return cls(m, arrow, frozenset(s for s in range(1, m + 1) if mask >> (s - 1) & 1), to_move)

    @property
    def winner(self) -> str | None:
        """``'L'`` once the arrow is past the last square on the right, ``'R'`` past the first."""
        if self.arrow >= self.m:
            return LEFT
        if self.arrow <= 0:
            return RIGHT
        return None

    def mirror(self) -> "Oddish":
        """The board reversed with the sides swapped (same game, roles exchanged)."""
        k = self.m + 1
        side = other_side(self.to_move) if self.to_move else None
        return Oddish(self.m, self.m - self.arrow, frozenset(k - s for s in self.stones), side)

    def with_to_move(self, side: str | None) -> "Oddish":
        return Oddish(self.m, self.arrow, self.stones, parse_side(side) if side is not None else None)

    # ------------------------------------------------------------ conversion

    @classmethod
    def from_strip(cls, strip: Strip) -> "Oddish":
        """The Oddish board of a 1D position whose stones all lie at odd distance from the ball.

        The Oddish squares are the squares at odd distance from the ball (paper
        section 2); the side to move is kept.  Raises IllegalPositionError naming
        the stones at even distance otherwise.
        """
        b = strip.ball
        even = sorted(s for s in strip.stones if (s - b) % 2 == 0)
        if even:
            sq = ", ".join(map(str, even))
            raise IllegalPositionError(
                "not an Oddish position", str(strip),
                f"stone{'s' if len(even) > 1 else ''} at even distance from the ball (square {b}) "
                f"on square{'s' if len(even) > 1 else ''} {sq}")
        left = list(range(b - 1, 0, -2))[::-1]   # 1D squares of Oddish squares 1..a
        right = list(range(b + 1, strip.n + 1, 2))
        squares = left + right
        stones = frozenset(i for i, s in enumerate(squares, start=1) if s in strip.stones)
        return cls(len(squares), len(left), stones, strip.to_move)

    def strip_squares(self, pad_left: bool = False) -> list[int]:
        """The 1D square of each Oddish square (index 0 = Oddish square 1) in :meth:`to_strip`."""
        b = 2 * self.arrow + (1 if pad_left else 0)
        return [b - (2 * (self.arrow - i) + 1) if i <= self.arrow else b + 2 * (i - self.arrow) - 1
                for i in range(1, self.m + 1)]

    def to_strip(self, to_move: str | None = None, *, pad_left: bool = False, pad_right: bool = False) -> Strip:
        """The shortest 1D position with this Oddish board (side from the board or ``to_move``).

        ``pad_left``/``pad_right`` add an even-distance square at that end.
        """
        side = parse_side(to_move) if to_move is not None else self.to_move
        if side is None:
            raise IllegalPositionError("bad Oddish position", str(self), "the side to move is needed for a strip")
        b = 2 * self.arrow + (1 if pad_left else 0)
        r = self.m - self.arrow
        n = b + 2 * r - 1 + (1 if pad_right else 0)
        if r == 0:
            n = b - 1 + (1 if pad_right else 0)
        if n < 3:
            raise IllegalPositionError("bad Oddish position", str(self),
                                       f"the strip would have {n} squares; pad it (pad_left/pad_right)")
        sq = self.strip_squares(pad_left)
        stones = frozenset(sq[s - 1] for s in self.stones)
        return Strip(n, b, stones, side)  # b is 0 / n + 1 when the arrow is past an end

    # ----------------------------------------------------------------- moves

    def _run(self, direction: int) -> int:
        """Number of consecutive stones next to the arrow on that side."""
        k = 0
        s = self.arrow + 1 if direction > 0 else self.arrow
        while 1 <= s <= self.m and s in self.stones:
            k += 1
            s += direction
        return k

    # ------------------------------------------------------------------ the rule questions a UI asks
    # (as on :class:`phutball.board.Position`; a target is a square, or the gap an arrow move lands in)

    #: What this position is (a board says :attr:`Variant.BOARD`, a strip :attr:`Variant.STRIP`).
    variant: ClassVar[Literal[Variant.ODDISH]] = Variant.ODDISH

    def in_bounds(self, target: int) -> bool:
        """Whether ``target`` is a gap of the board (0..m: the arrow stands in one) or a square (1..m)."""
        return isinstance(target, int) and not isinstance(target, bool) and 0 <= target <= self.m

    def can_place(self, square: int) -> bool:
        """Rule: a stone may be placed on any empty square (the paper's Oddish board), not once the game is over."""
        return self.in_bounds(square) and square >= 1 and square not in self.stones and self.winner is None

    def ends_jump(self, gap: int) -> bool:
        """Rule: an arrow move is one step: wherever it lands, the move ends."""
        return self.in_bounds(gap)

    def placements(self) -> list[OddishPlacement]:
        if self.winner is not None:
            return []
        return [OddishPlacement(s) for s in range(1, self.m + 1) if s not in self.stones]

    def arrow_moves(self) -> Iterator[OddishArrowMove]:
        """Arrow moves: left past 1..k stones, then right past 1..k stones."""
        if self.winner is not None:
            return
        for d in (-1, 1):
            for k in range(1, self._run(d) + 1):
                yield OddishArrowMove(d, k)

    def landings(self, path: Sequence[int] = ()) -> list[int]:
        """The gaps the arrow can move to (past 1..k stones next to it on either side), sorted.

        The Oddish counterpart of :meth:`phutball.board.Position.landings`: an arrow move is one
        step, so ``path`` is empty or just the arrow's gap; anything else raises IllegalMoveError.
        """
        if list(path) not in ([], [self.arrow]):
            raise self._illegal("-".join(map(str, path)), f"an arrow move starts from the arrow's gap {self.arrow}")
        return sorted(self.arrow + mv.direction * mv.count for mv in self.arrow_moves())

    def legal_moves(self) -> list[OddishMove]:
        """All legal moves, sorted: placements by square, then arrow moves (left, then right)."""
        return [*self.placements(), *self.arrow_moves()]

    def _illegal(self, move: object, reason: str) -> IllegalMoveError:
        return IllegalMoveError("illegal Oddish move", str(move), f"{reason} (position {self})")

    def play(self, move: Union[OddishMove, str]) -> "Oddish":
        """The board after ``move``; raises IllegalMoveError naming the move and the position."""
        mv = parse_oddish_move(move) if isinstance(move, str) else move
        if not isinstance(mv, (OddishPlacement, OddishArrowMove)):
            raise ParseError("bad Oddish move", move, "expected a move such as '7' or '>2'")
        if self.to_move is None:
            raise self._illegal(mv, "the side to move is not set")
        if self.winner is not None:
            raise self._illegal(mv, f"the game is over ({side_name(self.winner)} has won)")
        if isinstance(mv, OddishPlacement):
            s = mv.square
            if not 1 <= s <= self.m:
                raise self._illegal(mv, f"square {s} is not on the board (1..{self.m})")
            if s in self.stones:
                raise self._illegal(mv, f"square {s} already holds a stone")
            return Oddish(self.m, self.arrow, self.stones | {s}, other_side(self.to_move))
        run = self._run(mv.direction)
        if mv.count > run:
            side = "right" if mv.direction > 0 else "left"
            raise self._illegal(mv, f"only {run} consecutive stone{'s' if run != 1 else ''} "
                                    f"next to the arrow on its {side}")
        if mv.direction > 0:
            gone = set(range(self.arrow + 1, self.arrow + mv.count + 1))
        else:
            gone = set(range(self.arrow - mv.count + 1, self.arrow + 1))
        return Oddish(self.m, self.arrow + mv.direction * mv.count, self.stones - gone,
                      other_side(self.to_move))

    def parse_move(self, text: str) -> OddishMove:
        """Parse ``text`` and check it is legal here."""
        mv = parse_oddish_move(text)
        self.play(mv)
        return mv
