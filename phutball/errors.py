"""Typed errors shared by every parser and rule check in the package.

Two families, so callers can tell them apart:

* :class:`ParseError` -- the text is not well formed (bad syntax).
* :class:`IllegalError` and its subclasses -- the text is well formed, but
  what it describes is not allowed (an impossible position, an illegal move).

Every message quotes the offending input, e.g.
``ParseError: bad point 'Z99': column 'Z' is not on a 15x19 board``; a quote
longer than :data:`QUOTE_MAX` characters is shortened by :func:`quote` (its
first characters, ``…`` and its length), so a 120 KB line never floods a
terminal or a page.
All errors derive from :class:`PhutballError`, itself a :class:`ValueError`,
so ``except ValueError`` keeps working for callers that do not care.
"""

from __future__ import annotations


#: Longest input quoted whole in an error message.
QUOTE_MAX = 60


def quote(text: object, limit: int = QUOTE_MAX) -> str:
    """``repr(text)``, shortened when long: its first ``limit`` characters, ``…`` and its length.

    The one helper every error message uses to quote input, e.g.
    ``quote('x' * 1000)`` -> ``"'xxxx…xxxx'… (1000 characters)"``.
    """
    if isinstance(text, str) and len(text) > limit:
        return f"{text[:limit]!r}… ({len(text)} characters)"
    r = repr(text)
    if len(r) > limit + 2:
        return f"{r[:limit]}… ({len(r)} characters)"
    return r


class PhutballError(ValueError):
    """Base class of every error the package raises on bad input.

    ``text`` is kept whole; the message quotes it through :func:`quote`.
    """

    def __init__(self, what: str, text: object, reason: str) -> None:
        self.what = what
        self.text = text
        self.reason = reason
        super().__init__(f"{what} {quote(text)}: {reason}")


class ParseError(PhutballError):
    """The input is not well formed (syntax error)."""


class IllegalError(PhutballError):
    """The input is well formed but breaks the rules."""


class IllegalPositionError(IllegalError):
    """A well-formed position that cannot exist (e.g. a man under the ball)."""


class IllegalMoveError(IllegalError):
    """A well-formed move that is not legal in the given position."""


class RecordError(ParseError):
    """A game record that cannot be read; ``line`` is 1-based, or None."""

    def __init__(self, what: str, text: object, reason: str, line: int | None = None) -> None:
        self.line = line
        if line is not None:
            reason = f"line {line}: {reason}"
        super().__init__(what, text, reason)


class NoMoveError(IllegalError):
    """The side to move has no legal move: the game is over (a goal, or a draw by no legal move).

    Raised by the computer player (:class:`phutball.ai.Searcher`,
    :func:`phutball.ai.choose_move`) instead of returning a move that does not exist.
    """
