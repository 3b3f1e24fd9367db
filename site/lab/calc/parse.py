"""The calculator's input, in pure Python (unit-tested): a typed position, and the positions of a link.

A typed position is a strip (``L_o*o.o.o....``, ``o*o.o.o....``, the paper's ``○•○·○·○····``)
or an Oddish board (``L_..ooo|ooo....o.``, ``··○○○↓○○○····○·``); the ``L_``/``R_`` prefix is
optional (the side-to-move selector supplies it).  An Oddish board is turned into the shortest
strip with that board (Grossman and Nowakowski, *One-Dimensional Phutball*, section 2).  A strip
is refused when its game is over or it is longer than :data:`MAX_N` squares; a 2D board is refused
with a pointer to the Play page.  A link's fragment is read by :mod:`lab.calc.link`; here its
positions become strips, and what cannot be read becomes a sentence for the page.
:class:`lab.calc.controller.CalcController` calls these.
"""

from __future__ import annotations

import re
from typing import Optional

from lab.calc.link import CalcLink, LinkError, decode, shorten
from phutball.errors import IllegalPositionError, ParseError, PhutballError
from phutball.oned.oddish import ARROW_CHARS, Oddish
from phutball.oned.strip import Strip
from phutball.sides import LEFT, side_name

#: The strip lengths the calculator takes (typed, opened from a link or edited).
MIN_N = 3
MAX_N = 60          # longest strip the page edits (the potentials work for any length)

_2D = re.compile(r"^\s*\d+\s*[xX×]\s*\d+\s*_")
_SIDE = re.compile(r"^\s*([LRlr])_")


def parse_input(text: str, side: str = LEFT) -> tuple[Strip, bool]:
    """Read a typed position: ``(strip, entered_as_oddish)``.

    ``side`` is used when the text has no ``L_``/``R_`` prefix.  Raises a
    :class:`PhutballError` whose message says what is wrong.
    """
    if not isinstance(text, str) or not text.strip():
        raise ParseError("bad position", text if isinstance(text, str) else "",
                         "type a strip such as 'L_o*o.o.o....' or an Oddish board such as '..ooo|ooo....o.'")
    t = text.strip()
    # the paper writes "Left · · ○ ○ • ○ ○ · ○ · · · Right"
    t = re.sub(r"^left\s+", "", t, flags=re.I)
    t = re.sub(r"\s+right$", "", t, flags=re.I)
    if _2D.match(t):
        raise ParseError("bad position", text, "that is a 2D board; the calculator works on 1D strips "
                                               "and Oddish boards (play 2D positions on the Play page)")
    m = _SIDE.match(t)
    if m:
        side = m.group(1).upper()
    if any(ch in t for ch in ARROW_CHARS):
        board = Oddish.from_str(t, None if m else side)
        if board.winner is not None:
            raise IllegalPositionError("bad Oddish position", text,
                                       f"the arrow is past the last square: {side_name(board.winner)} has already won")
        strip = board.to_strip()
        if strip.n > MAX_N:
            raise IllegalPositionError("bad Oddish position", text,
                                       f"its strip would have {strip.n} squares; the calculator takes at most {MAX_N}")
        return strip, True
    strip = Strip.from_str(t, None if m else side)
    if strip.winner is not None:
        raise IllegalPositionError("bad 1D position", text,
                                   f"the ball is on an end square or past it, so the game is over "
                                   f"({side_name(strip.winner)} has won); put it on squares 2..{strip.n - 1}")
    if strip.n > MAX_N:
        raise IllegalPositionError("bad 1D position", text, f"{strip.n} squares; the calculator takes at most {MAX_N}")
    return strip, False


def decode_fragment(fragment: str) -> tuple[str, str]:
    """A URL fragment's position (without ``#``, still %-encoded) as ``(text, error)``.

    A link's position is %-encoded UTF-8 (RFC 3986 section 2.1); escapes that do
    not decode to UTF-8 text (``%E0%A4%A``) give ``("", error)``, an error naming
    the fragment, instead of an exception.
    """
    try:
        return decode(fragment), ""
    except LinkError as e:
        return "", str(e)


def compared_position(link: CalcLink) -> tuple[Optional[Strip], str]:
    """The position a link compares with (None for none) and why a part of the link was left out ("" if none was)."""
    if not link.compare:
        return None, link.ignored
    try:
        other, _ = parse_input(link.compare, LEFT)
    except PhutballError as e:
        return None, (f"The link's position to compare with {shorten(link.compare)!r} could not be read: "
                      f"{e.reason}. It is left out.")
    return other, ""


def error_text(e: Exception) -> str:
    """A user-facing sentence for an engine error."""
    if isinstance(e, PhutballError):
        return f"Could not read {e.text!r}: {e.reason}."
    return f"Could not read that position: {e}."
