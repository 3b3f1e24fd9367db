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
