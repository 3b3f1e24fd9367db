"""Who the person on the play page plays against: one value, kept with the game (pure Python).

:class:`Computer` (the side it took at the start and its level), :class:`FriendHere` (two players
taking turns on this device) or :class:`FriendByLink` (a friend in another browser, with this
browser's seat: :class:`lab.linkgame.LinkSeat`).  The play page's state holds one
(:attr:`lab.playstate.PlayState.opponent`), and so does each kept game (:mod:`lab.gamestore`),
stored as the JSON object of :func:`to_json`::

    {"kind": "computer", "side": "X", "level": "novice"}
    {"kind": "here"}
    {"kind": "link", "id": "0123456789ab", "you": "O", "seat": "89abcdef", "friend": "", "sent": 3,
     "watching": false, "offer": "", "incoming": "", "ended": ""}
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Union

from lab.linkgame import LinkSeat
from phutball.sides import SIDE_NAMES

_ID = re.compile(r"[0-9a-f]{12}")
_SEAT = re.compile(r"(?:[0-9a-f]{8})?")
_REQUEST = re.compile(r"|draw|declined|(?:takeback|accepted) (?:0|[1-9][0-9]{0,5})")


@dataclass(frozen=True)
class Computer:
    """The computer plays ``side`` (its side at the start: after a pie swap it plays the other) at ``level``."""

    side: str
    level: str = "novice"


@dataclass(frozen=True)
class FriendHere:
    """A friend on this device: the two players take turns at the same board."""


@dataclass(frozen=True)
class FriendByLink:
    """A friend in another browser: moves travel in links (:mod:`lab.linkgame`); ``seat`` is this browser's."""

    seat: LinkSeat


Opponent = Union[Computer, FriendHere, FriendByLink]


def seat_of(opponent: Opponent) -> LinkSeat | None:
    """This browser's seat when ``opponent`` is a friend by link, else None."""
    return opponent.seat if isinstance(opponent, FriendByLink) else None


def kind(opponent: Opponent) -> str:
    """"computer", "here" or "link"."""
    if isinstance(opponent, Computer):
        return "computer"
    return "link" if isinstance(opponent, FriendByLink) else "here"


def to_json(opponent: Opponent) -> dict[str, Any]:
    """The JSON object stored for ``opponent`` (see the module's doc)."""
    if isinstance(opponent, Computer):
        return {"kind": "computer", "side": opponent.side, "level": opponent.level}
    if isinstance(opponent, FriendByLink):
        s = opponent.seat
        return {"kind": "link", "id": s.id, "you": s.you, "seat": s.seat, "friend": s.friend, "sent": s.sent,
                "watching": s.watching, "offer": s.offer, "incoming": s.incoming, "ended": s.ended}
    return {"kind": "here"}


def _text(data: dict[str, Any], name: str, pattern: re.Pattern[str] | None = None,
          choices: tuple[str, ...] | None = None) -> str:
    value = data.get(name, "")
    if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)) or (
            choices is not None and value not in choices):
        raise ValueError(f"its {name} {str(value)[:20]!r} is not valid")
    return value


def from_json(data: Any, levels: tuple[str, ...] | None = None) -> Opponent:
    """The opponent of a stored JSON object, every field checked; :class:`ValueError` saying which is wrong.

    ``levels``: the level names accepted (default: every level of :data:`phutball.ai.LEVELS`, a former name
    read as today's: :func:`phutball.ai.level_name`)."""
    if not isinstance(data, dict):
        raise ValueError("the opponent is not an object")
    what = data.get("kind")
    if what == "here":
        return FriendHere()
    if what == "computer":
        level = data.get("level", "")
        if levels is None:
            from phutball.ai import LEVELS, level_name
            level, levels = level_name(level) or level, tuple(LEVELS)
        side = _text(data, "side", choices=tuple(SIDE_NAMES))
        return Computer(side, _text({"level": level}, "level", choices=levels))
    if what == "link":
        sent = data.get("sent", 0)
        if not isinstance(sent, int) or isinstance(sent, bool) or not 0 <= sent <= 100_000:
            raise ValueError("its sent count is not a move number")
        watching = data.get("watching", False)
        if not isinstance(watching, bool):
            raise ValueError("its watching flag is not true or false")
        return FriendByLink(LinkSeat(
            _text(data, "id", _ID), _text(data, "you", choices=tuple(SIDE_NAMES)), _text(data, "seat", _SEAT),
            _text(data, "friend", _SEAT), sent, watching, _text(data, "offer", _REQUEST),
            _text(data, "incoming", _REQUEST), _text(data, "ended", choices=("", "abort"))))
    raise ValueError(f"the opponent's kind {str(what)[:20]!r} is not computer, here or link")


__all__ = ["Computer", "FriendByLink", "FriendHere", "Opponent", "from_json", "kind", "seat_of", "to_json"]
