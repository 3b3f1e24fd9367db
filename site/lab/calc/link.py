"""The calculator's link: the URL fragment that opens a position, and optionally a second one to compare.

``calculator.html#<position>`` opens a position (a strip or an Oddish board, as typed);
``calculator.html#<position>&compare=<other>`` opens it next to a second position, whose
differences the calculator marks (the atlas links each example so: a won position and the same
strip with one stone more, say).  Each position is %-encoded UTF-8 with encodeURIComponent's
safe characters left as they are, so a raw ``&`` or ``=`` in the fragment only separates.
:func:`format_link` writes the fragment, :func:`parse_link` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, unquote

#: The characters a position keeps as they are in the fragment (the ones encodeURIComponent keeps).
HASH_SAFE = "-_.!~*'()"
#: The parameter naming the position to compare with.
COMPARE = "compare"


class LinkError(ValueError):
    """A fragment the calculator cannot read; the message is a sentence for the page."""


@dataclass(frozen=True)
class CalcLink:
    """What a fragment says: the position's text, the text of the one to compare it with ("" for none),
    and what was left out of the fragment, as a sentence ("" when nothing was)."""

    position: str
    compare: str = ""
    ignored: str = ""


def shorten(text: str, limit: int = 60) -> str:
    """``text`` for quoting in a message: cut to ``limit`` characters (with an ellipsis) when longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def decode(part: str, what: str = "position") -> str:
    """One %-encoded part of the fragment as text; escapes that are not UTF-8 raise :class:`LinkError`."""
    try:
        return unquote(part, errors="strict")
    except UnicodeDecodeError:
        raise LinkError(f"The link's {what} {shorten(part)!r} could not be read: its %-escapes do not "
                        "decode to text (they must be UTF-8).") from None


def format_link(position: str, compare: str = "") -> str:
    """The fragment (without ``#``) opening ``position``, compared with ``compare`` if it is given."""
    out = quote(position, safe=HASH_SAFE)
    if compare:
        out += f"&{COMPARE}=" + quote(compare, safe=HASH_SAFE)
    return out


def parse_link(fragment: str) -> CalcLink:
    """The fragment (without ``#``, still %-encoded) as a :class:`CalcLink`.

    The position's escapes must decode (else :class:`LinkError`); a part after it that is not
    understood (anything but one ``compare=``), or a second position whose escapes do not decode,
    is left out, and :attr:`CalcLink.ignored` says so.  The positions' texts are read by the controller.
    """
    head, *rest = fragment.split("&")
    position = decode(head)
    compare = ""
    for i, part in enumerate(rest):
        name, equals, value = part.partition("=")
        if name != COMPARE or not equals or i > 0:
            return CalcLink(position, "", f"The link's part {shorten(part)!r} is not understood, so it is left "
                                          f"out: after the position, a link may only give {COMPARE}= and a "
                                          "second position.")
        try:
            compare = decode(value, "position to compare with")
        except LinkError as e:
            return CalcLink(position, "", f"{e} It is left out.")
    return CalcLink(position, compare)


__all__ = ["COMPARE", "HASH_SAFE", "CalcLink", "LinkError", "decode", "format_link", "parse_link", "shorten"]
