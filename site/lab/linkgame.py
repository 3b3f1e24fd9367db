"""Games with a friend by link: correspondence without a server (pure Python, unit-tested without a browser).

A link carries the whole game in the play page's URL fragment::

    index.html#game=<payload>

``<payload>`` is the base64url text (no padding) of the zlib-compressed UTF-8 text of five lines::

    1                       the format's version
    <id>                    the game's id: 12 lower-case hex digits, random
    <side>                  the side the link's author plays (O or X; L or R on a strip); the friend plays the other
    <setup>                 the start position, as a position string (15x19_O_H10)
    <rules>                 "pie" for a game with the pie rule, else "-"
    <moves>                 every move in the notation, separated by spaces (may be empty)

``<side>`` is the author's side at the start: after a swap (the pie rule's ``swap``, the second
move) each player plays the other side.

zlib's checksum makes a link cut short or altered by hand unreadable rather than a
different game; the engine replays every move (:func:`replay`).  A 150-ply 15x19 game's
payload is about 540 characters (:func:`measure`; the plain text would be about 800, with ``*`` and
``_`` that messengers take for formatting): with the page's address, about 600, short enough for
any messenger.

Each browser keeps its link games by id (:mod:`lab.gamestore`); :func:`compare` says what
a link opened is to the kept game: the same, newer (it extends it), older (behind it) or a
rewrite of its history (refused: the kept game stays).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from phutball.errors import PhutballError, quote
from phutball.game import Game, parse_any_position, variant_of
from phutball.notation import SWAP
from phutball.sides import other_side, side_name, sides_of
from phutball.variant import Variant

#: The fragment's prefix before the payload.
PREFIX = "game="
VERSION = "1"
#: Longest payload read (characters): far above a 1,000-ply game, far below what could stall the page.
MAX_PAYLOAD = 20_000
#: Longest text a payload may unpack to (a compressed bomb is refused).
MAX_TEXT = 200_000
_ID = re.compile(r"[0-9a-f]{12}")
_B64 = re.compile(r"[A-Za-z0-9_-]+")


class LinkError(PhutballError):
    """A game link that cannot be used: damaged, of another version, or with an illegal move."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__("bad game link", text, reason)

    def __str__(self) -> str:
        return f"This game link cannot be used: {self.reason}."


@dataclass(frozen=True)
class LinkGame:
    """What a link carries: the game's id, the side its author plays, the start and every move."""

    id: str
    sender: str
    setup: str
    moves: tuple[str, ...] = ()
    pie: bool = False

    @property
    def friend(self) -> str:
        """The side the link's receiver plays (at the start)."""
        return other_side(self.sender)


def swapped(game: Game) -> bool:
    """Whether the players swapped sides (the pie rule's swap, the second move) in the moves up to the cursor."""
    return game.cursor >= 2 and game.moves[1] == SWAP


@dataclass(frozen=True)
class LinkSeat:
    """This browser's place in a game by link: the game's id and the side it plays at the start."""

    id: str
    you: str

    def side(self, game: Game) -> str:
        """The side this browser plays in ``game`` at its cursor (the other one after a swap)."""
        return other_side(self.you) if swapped(game) else self.you

    def waiting(self, game: Game) -> bool:
        """Is it the friend's move (and the game not over)?"""
        pos: Any = game.position
        return not pos.winner and game.result == "*" and pos.to_move != self.side(game)

    def status(self, game: Game, goal: str) -> str:
        """The status line: whose move it is, and what to do with the link."""
        pos: Any = game.position
        if self.waiting(game):
            return f"Waiting for your friend's move ({side_name(pos.to_move)}): send them the link."
        return f"Your move ({side_name(pos.to_move)}, attacking {goal}) — then send the link back."

    def result_title(self, game: Game, winner: str, moves: str) -> str:
        """The end of a game by link, said to this browser's player."""
        return f"You won in {moves}!" if winner == self.side(game) else f"Your friend won in {moves}."

    def link(self, game: Game) -> LinkGame:
        """The link to send for ``game`` (every move, also those after the cursor)."""
        return LinkGame(self.id, self.you, str(game.start), tuple(game.moves), bool(getattr(game, "pie", False)))


def new_id(random_bytes: Callable[[int], bytes] | None = None) -> str:
    """A new game id: 12 hex digits from ``random_bytes`` (default :func:`os.urandom`)."""
    import os
    return (random_bytes or os.urandom)(6).hex()


def encode(link: LinkGame) -> str:
    """The payload of ``link`` (see the module's doc)."""
    import base64
    import zlib
    text = "\n".join((VERSION, link.id, link.sender, link.setup, "pie" if link.pie else "-", " ".join(link.moves)))
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def decode(payload: str) -> LinkGame:
    """The game a payload carries, its fields checked (not yet its moves: :func:`replay`); :class:`LinkError`
    naming what is wrong otherwise."""
    import base64
    import binascii
    import zlib
    payload = payload.strip()
    if not payload:
        raise LinkError(payload, "it carries no game (nothing after “game=”)")
    if len(payload) > MAX_PAYLOAD:
        raise LinkError(payload[:20], f"it is too long ({len(payload):,} characters)")
    if not _B64.fullmatch(payload):
        bad = next(c for c in payload if not _B64.fullmatch(c))
        raise LinkError(payload[:20], f"it is damaged (it contains {quote(bad)}, which no game link has)")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_TEXT)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise zlib.error("incomplete or too long")
        text = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise LinkError(payload[:20], "it is damaged or cut short (copy the whole link again)") from None
    lines = text.split("\n")
    if lines[0] != VERSION:
        raise LinkError(lines[0][:20], f"it is of a format this page does not know ({quote(lines[0][:20])})")
    if len(lines) != 6:
        raise LinkError(text[:40], f"it has {len(lines)} lines instead of 6")
    _, game_id, sender, setup, rules, moves = lines
    if rules not in ("pie", "-"):
        raise LinkError(rules, f"its rules {quote(rules, 20)} are not “pie” or “-”")
    if not _ID.fullmatch(game_id):
        raise LinkError(game_id, f"its game id {quote(game_id, 20)} is not 12 hex digits")
    try:
        start = parse_any_position(setup)
        if variant_of(start) is Variant.ODDISH:
            raise PhutballError("bad position", setup, "an Oddish board cannot be played here")
    except PhutballError as e:
        raise LinkError(setup, f"its start position {quote(setup, 40)} is not valid ({e.reason})") from None
    if sender not in sides_of(variant_of(start)):
        raise LinkError(sender, f"its side {quote(sender)} is not a side of this game "
                                f"({' or '.join(sides_of(variant_of(start)))})")
    return LinkGame(game_id, sender, str(start), tuple(moves.split()), rules == "pie")


def replay(link: LinkGame) -> Game:
    """The link's game, every move checked by the engine; :class:`LinkError` naming the first illegal move."""
    game = _game(link.setup, link.pie)
    for i, move in enumerate(link.moves, start=1):
        try:
            game.push(move)
        except PhutballError as e:
            who = side_name(game.position.to_move)
            raise LinkError(move, f"move {i} ({who}: {quote(move, 30)}) is illegal: {e.reason}") from None
    return game


def _game(setup: str, pie: bool, moves: tuple[str, ...] = ()) -> Game:
    """A game from ``setup`` with ``moves`` (already checked), with the pie rule if ``pie``."""
    game = Game(parse_any_position(setup), pie=pie) if pie else Game(parse_any_position(setup))
    for move in moves:
        game.push(move)
    return game


def read(fragment: str) -> LinkGame | None:
    """The game in a URL fragment (without ``#``, %-decoded), or None if it is not a game link.

    A fragment ``game=...`` that cannot be used raises :class:`LinkError`; the game's moves are replayed.
    """
    if not is_game_link(fragment):
        return None
    link = decode(fragment[len(PREFIX):])
    replay(link)
    return link


def is_game_link(fragment: str) -> bool:
    return fragment.startswith(PREFIX)


def url(base: str, link: LinkGame) -> str:
    """The page's address carrying ``link`` (``base``: the play page's URL, its fragment dropped)."""
    return f"{base.split('#')[0]}#{PREFIX}{encode(link)}"


# ---------------------------------------------------------------- a link against the kept game

SAME, NEWER, OLDER, REWRITES, OTHER_START = "same", "newer", "older", "rewrites", "other start"


def compare(kept: tuple[str, ...] | list[str], link: tuple[str, ...] | list[str]) -> str:
    """What the moves of a link are to the kept game's (same start): :data:`SAME`, :data:`NEWER` (they extend
    them), :data:`OLDER` (they are behind) or :data:`REWRITES` (they differ at some move)."""
    kept, link = tuple(kept), tuple(link)
    n = min(len(kept), len(link))
    if kept[:n] != link[:n]:
        return REWRITES
    if len(link) == len(kept):
        return SAME
    return NEWER if len(link) > len(kept) else OLDER


def first_difference(kept: tuple[str, ...] | list[str], link: tuple[str, ...] | list[str]) -> int:
    """The first move number (from 1) where two move lists differ."""
    for i, (a, b) in enumerate(zip(kept, link), start=1):
        if a != b:
            return i
    return min(len(kept), len(link)) + 1


@dataclass(frozen=True)
class KeptLink:
    """A link game as this browser keeps it: the side it plays (at the start), the start, the rules, the moves."""

    you: str
    setup: str
    moves: tuple[str, ...]
    pie: bool = False


@dataclass(frozen=True)
class Opening:
    """What opening a link does to the kept link games.

    ``kind``: :data:`SAME`, :data:`NEWER`, :data:`OLDER`, "new" (a game not kept yet), :data:`REWRITES` or
    :data:`OTHER_START` (both refused); ``seat``: this browser's place in the game; ``game``: the game to
    show (the link's, or the kept one when the link is older or refused); ``message``: what the page says.
    """

    kind: str
    seat: LinkSeat
    game: Game
    message: str

    @property
    def refused(self) -> bool:
        return self.kind in (REWRITES, OTHER_START)


def open_link(link: LinkGame, kept: KeptLink | None) -> Opening:
    """Open ``link`` against the kept game of its id (None: not kept yet); its moves are replayed here."""
    game = replay(link)
    if kept is None:
        return Opening("new", LinkSeat(link.id, link.friend), game,
                       f"A game by link from your friend: you play {side_name(link.friend)}.")
    seat = LinkSeat(link.id, kept.you)
    kept_game = _game(kept.setup, kept.pie, kept.moves)
    if str(parse_any_position(kept.setup)) != link.setup or kept.pie != link.pie:
        return Opening(OTHER_START, seat, kept_game,
                       "This link does not match your game of the same id (another start or other rules): "
                       "it is refused and your game is kept as it was.")
    kind = compare(kept.moves, link.moves)
    if kind == REWRITES:
        at = first_difference(kept.moves, link.moves)
        return Opening(REWRITES, seat, kept_game,
                       f"This link changes the history of your game at move {at} "
                       f"({quote(link.moves[at - 1], 20)} instead of {quote(kept.moves[at - 1], 20)}): "
                       "it is refused and your game is kept as it was.")
    if kind == OLDER:
        return Opening(OLDER, seat, kept_game,
                       f"This link is older than your game: it stops at move {len(link.moves)}, "
                       f"you are at move {len(kept.moves)}.")
    if kind == SAME:
        return Opening(SAME, seat, kept_game, "Your game by link, as you left it.")
    added = link.moves[len(kept.moves):]
    return Opening(NEWER, LinkSeat(link.id, link.friend), game,
                   f"Your friend played {len(added)} new {'move' if len(added) == 1 else 'moves'}: {' '.join(added)}.")


def measure(plies: int = 150, seed: int = 1) -> tuple[int, int]:
    """The length of a ``plies``-ply 15x19 game's link payload, compressed and as plain text (for the docs and
    tests): men placed near the ball, and a jump whenever one is there and does not score."""
    import random
    from phutball.board import Position
    rng = random.Random(seed)
    game = Game(Position.start("15x19"))
    while len(game.moves) < plies:
        pos: Any = game.position
        jumps = [j for j in pos.jumps() if not pos.play(j).winner]
        if jumps and rng.random() < 0.3:
            game.push(rng.choice(jumps))
            continue
        near = sorted(pos.placements(), key=lambda p: abs(p.point.col - pos.ball.col) + abs(p.point.row - pos.ball.row)
                      + rng.random() * 3)
        game.push(near[0])
    link = LinkGame("0123456789ab", "O", str(game.start), tuple(game.moves))
    plain = "\n".join((VERSION, link.id, link.sender, link.setup, "-", " ".join(link.moves)))
    return len(encode(link)), len(plain)


__all__ = ["MAX_PAYLOAD", "NEWER", "OLDER", "OTHER_START", "PREFIX", "REWRITES", "SAME", "KeptLink", "LinkError",
           "LinkGame", "LinkSeat", "Opening", "compare", "decode", "encode", "first_difference", "is_game_link",
           "measure", "new_id", "open_link", "read", "replay", "swapped", "url"]
