"""Small texts and records shared by the calculator's controller and its HTML (pure Python).

Plies and values in words ("Left to move wins in 15 plies"), the squares that
keep a strip from being Oddish, the Oddish squares' places on the strip,
:class:`Exact`, the state of one exact computation, and :class:`Comparison`, a
row of the comparison table.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Optional, TypedDict

from phutball.oned.solve import plies_text
from phutball.oned.strip import Strip
from phutball.sides import side_name


def esc(x: object) -> str:
    return html.escape(str(x), quote=True)


def value_phrase(value: str, plies: Optional[int], to_move: str) -> str:
    """'Left to move wins in 15 plies' / '... loses in 14 plies' / '... draws'."""
    me = side_name(to_move)
    if value == "win":
        return f"{me} to move wins in {plies_text(plies)}"
    if value == "loss":
        return f"{me} to move loses in {plies_text(plies)}"
    return f"{me} to move: a draw (neither side can force a win)"


def winner_text(w: Optional[str]) -> str:
    return "a draw" if w is None else f"{side_name(w)} wins"


def even_squares(strip: Strip) -> list[int]:
    """The stones at an even distance from the ball: what keeps a strip from being Oddish."""
    return sorted(s for s in strip.stones if (s - strip.ball) % 2 == 0)


def oddish_strip_squares(strip: Strip) -> list[int]:
    """The 1D square of each Oddish square 1..m (as :meth:`Oddish.from_strip` numbers them)."""
    b = strip.ball
    return list(range(b - 1, 0, -2))[::-1] + list(range(b + 1, strip.n + 1, 2))


@dataclass
class Exact:
    """The state of one exact computation (``kind`` 'strip' or 'oddish') for the current position."""

    state: str                      # done | pending | running | stopped | error | too-long | n/a
    text: str = ""
    result: Optional[dict[str, Any]] = None
    progress: float = 0.0
    short: str = ""                 # a short form of ``text`` for the comparison table


def oddish_move_1d(move: str, strip: Strip) -> str:
    """An Oddish move (``7``, ``>2``, ``<1``) written as the same move on the strip (``9``, ``5-7-9``)."""
    if move[:1] in "<>":
        d = 2 if move[0] == ">" else -2
        b = strip.ball
        return "-".join(str(b + d * i) for i in range(int(move[1:]) + 1))
    return str(oddish_strip_squares(strip)[int(move) - 1])


class Comparison(TypedDict):
    """A prediction next to the exact value it can be checked against (a row of the comparison table)."""

    id: str
    name: str
    values: str
    predicted: Optional[str]
    predicted_text: str
    game: str
    agrees: Optional[bool]
    exact_text: str
    flag: str


def without_square(strip: Strip, square: int) -> Strip:
    """``strip`` one square shorter: ``square`` (not the ball's) deleted, the squares after it moved up one."""
    s = strip
    return Strip(s.n - 1, s.ball if square > s.ball else s.ball - 1,
                 frozenset(x if x < square else x - 1 for x in s.stones if x != square), s.to_move)


def squares_text(squares: list[int]) -> str:
    """``[5]`` as ``'square 5'``, ``[3, 5, 7]`` as ``'squares 3, 5 and 7'``."""
    words = [str(k) for k in squares]
    if len(words) == 1:
        return "square " + words[0]
    return "squares " + ", ".join(words[:-1]) + " and " + words[-1]


def _deletions(longer: Strip, shorter: Strip) -> list[int]:
    """The empty squares of ``longer`` whose deletion gives ``shorter`` (a run of them, or none)."""
    if longer.n - 1 != shorter.n or longer.to_move != shorter.to_move:
        return []
    return [k for k in range(1, longer.n + 1)
            if k != longer.ball and k not in longer.stones and without_square(longer, k) == shorter]


def difference(a: Strip, b: Strip) -> tuple[str, list[int]]:
    """How ``b`` differs from ``a``, in words (``'this strip with a stone on square 5'``), and the squares of
    ``a`` that the words name (to mark them on ``a``)."""
    if a == b:
        return "the same position", []
    if a.n == b.n:
        parts, marks = [], []
        added, removed = sorted(b.stones - a.stones), sorted(a.stones - b.stones)
        if b.ball != a.ball:
            parts.append(f"the ball on square {b.ball}")
            marks.append(b.ball)
            added = [k for k in added if k != a.ball]          # the ball's old square: said by the ball's move
            removed = [k for k in removed if k != b.ball]
        if added:
            parts.append(("a stone on " if len(added) == 1 else "stones on ") + squares_text(added))
        if removed:
            parts.append(("no stone on " if len(removed) == 1 else "no stones on ") + squares_text(removed))
        if b.to_move != a.to_move:
            parts.append(f"{side_name(b.to_move)} to move")
        return "this strip with " + ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1], \
            sorted(set(marks + added + removed))
    deleted = _deletions(a, b)
    if deleted:
        if len(deleted) == 1:
            return f"this strip with square {deleted[0]} deleted", deleted
        return (f"this strip with one of squares {deleted[0]} to {deleted[-1]} deleted (any one of them gives it)",
                deleted)
    if _deletions(b, a):
        return "this strip with one more empty square", []
    return "another position", []
