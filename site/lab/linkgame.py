"""Games with a friend by link: correspondence without a server (pure Python, unit-tested without a browser).

A link carries the whole game in the play page's URL fragment::

    index.html#game=<payload>

``<payload>`` is the base64url text (no padding) of the gzip-compressed UTF-8 text of ten lines (a link
made before issue 40's stop carries zlib's framing instead: both are read)
(format 2; format 1, the first six, is still read)::

    2                       the format's version
    <id>                    the game's id: 12 lower-case hex digits, random
    <side>                  the side the link's author plays (O or X; L or R on a strip); the friend plays the other
    <seat>                  the author's seat: 8 hex digits, random, kept by the author's browser with the game
    <to>                    the seat the link is sent to (8 hex digits), or "-" while nobody has taken it
    <setup>                 the start position, as a position string (15x19_O_H10)
    <rules>                 "pie" for a game with the pie rule, else "-"
    <moves>                 every move in the notation, separated by spaces (may be empty)
    <end>                   "-", "resign <side>" (that side resigned), "draw" (agreed) or "abort"
    <request>               "-", "draw" (a draw offered), "takeback <n>" (asks to go back to n moves),
                            "accepted <n>" (the takeback to n moves accepted) or "declined"

``<side>`` is the author's side at the start: after a swap (the pie rule's ``swap``, the second
move) each player plays the other side.

**Seats** (the protocol, :func:`open_link`): each browser in a game keeps its own seat id with the
game.  The first link of a game is sent to nobody's seat yet: the first browser that opens it takes
the free seat, and every link after names both seats.  So the other seat's moves come only from
links signed with that seat; a browser that opens a link naming two seats that are not its own
*watches* (it can replay, review and copy, not move) unless it explicitly takes over a seat
(:meth:`LinkSeat.take_over`).  A move that was sent (:attr:`LinkSeat.sent`) is never undone alone:
a takeback is a request the friend accepts or declines in their next link.  Two histories that
differ (an old page, an edited link) are never a dead end: :data:`DIVERGED` offers to continue
from the friend's version (yours is kept as another game) or to keep yours and send it again.

gzip's CRC-32 makes a link cut short or altered by hand unreadable rather than a different game (it
catches every change of up to 32 bits in a row, so every changed character: zlib's Adler-32 let a
changed character through to another list of moves, which a property test found); the engine
replays every move (:func:`replay`), once per opening.  A 150-ply 15x19 game's payload is about 580
characters (:func:`measure`): with the page's address, about 640, short enough for any messenger.  The longest game a link may carry is :data:`MAX_PLIES` moves
(opening one replays it: well under a second on 15x19).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from lab.movewords import after_text, move_number, turn_text
from phutball.errors import PhutballError, quote
from phutball.game import Game, parse_any_position, variant_of
from phutball.notation import SWAP
from phutball.sides import other_side, side_name, sides_of
from phutball.variant import Variant

#: The fragment's prefix before the payload.
PREFIX = "game="
VERSION = "2"
#: Longest payload read (characters): far above a 1,000-ply game, far below what could stall the page.
MAX_PAYLOAD = 20_000
#: zlib's window bits for gzip's framing (16 + 15), and for reading either framing (32 + 15).
GZIP, GZIP_OR_ZLIB = 31, 47
#: Longest text a payload may unpack to (a compressed bomb is refused).
MAX_TEXT = 200_000
#: The most moves a link may carry: opening a link replays every move once (bench/README.md: link games).
MAX_PLIES = 2_000
_ID = re.compile(r"[0-9a-f]{12}")
_SEAT = re.compile(r"[0-9a-f]{8}")
_B64 = re.compile(r"[A-Za-z0-9_-]+")
_REQUEST = re.compile(r"-|draw|declined|(takeback|accepted) (0|[1-9][0-9]{0,5})")


class LinkError(PhutballError):
    """A game link that cannot be used: damaged, of another version, or with an illegal move."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__("bad game link", text, reason)

    def __str__(self) -> str:
        return f"This game link cannot be used: {self.reason}."


@dataclass(frozen=True)
class LinkGame:
    """What a link carries: the game's id, its author's side and seat, the seat it is sent to, the start,
    every move, how the game ended ("" while it goes on) and a request to the friend ("" for none)."""

    id: str
    sender: str
    setup: str
    moves: tuple[str, ...] = ()
    pie: bool = False
    seat: str = ""
    to: str = ""
    end: str = ""
    request: str = ""

    @property
    def friend(self) -> str:
        """The side the link's receiver plays (at the start)."""
        return other_side(self.sender)


def swapped(game: Game) -> bool:
    """Whether the players swapped sides (the pie rule's swap, the second move) in the moves up to the cursor."""
    return game.cursor >= 2 and game.moves[1] == SWAP


@dataclass(frozen=True)
class LinkSeat:
    """This browser's place in a game by link.

    ``id``: the game's id; ``you``: the side this browser plays at the start (a watcher: the side it sees
    the game from); ``seat``: this browser's seat id (8 hex digits; "" for a watcher); ``friend``: the
    other seat's id once a link from it was opened ("" before); ``sent``: how many moves the friend has
    seen (the last link sent, or the friend's last link): those are never undone alone; ``watching``: a
    third browser's view; ``offer``: this browser's request waiting for an answer ("draw",
    "takeback <n>"); ``incoming``: the friend's request waiting for this browser's answer;
    ``ended``: "abort" once the game was aborted.
    """

    id: str
    you: str
    seat: str = ""
    friend: str = ""
    sent: int = 0
    watching: bool = False
    offer: str = ""
    incoming: str = ""
    ended: str = ""

    def side(self, game: Game) -> str:
        """The side this browser plays in ``game`` at its cursor (the other one after a swap)."""
        return other_side(self.you) if swapped(game) else self.you

    def live(self, game: Game) -> bool:
        """Is the game going on for this seat (not watched, not aborted, not over)?"""
        pos: Any = game.position
        return not self.watching and not self.ended and not pos.winner and game.result == "*"

    def waiting(self, game: Game) -> bool:
        """Is it the friend's move (and the game not over)?"""
        pos: Any = game.position
        return self.live(game) and pos.to_move != self.side(game)

    def status(self, game: Game, goal: str) -> str:
        """The status line: whose move it is, and what to do with the link."""
        pos: Any = game.position
        if self.ended == "abort":
            return "This game was aborted: it does not count."
        if self.watching:
            return (f"You are watching this game by link ({side_name(pos.to_move)} to move): you can replay it, "
                    "not move.")
        if self.waiting(game):
            return f"Waiting for your friend's move ({side_name(pos.to_move)}): send them the link."
        return f"Your move ({side_name(pos.to_move)}, attacking {goal}) — then send the link back."

    def result_title(self, game: Game, winner: str, moves: str) -> str:
        """The end of a game by link, said to this browser's player."""
        if self.watching:
            return f"{side_name(winner)} won in {moves}."
        return f"You won in {moves}!" if winner == self.side(game) else f"Your friend won in {moves}."

    def link(self, game: Game) -> LinkGame:
        """The link to send for ``game`` (every move, also those after the cursor), signed with this seat."""
        end = ""
        if self.ended == "abort":
            end = "abort"
        elif game.termination == "resignation":
            end = f"resign {other_side(game.result)}"
        elif game.termination == "agreement":
            end = "draw"
        request = self.offer if self.offer in ("draw",) or self.offer.startswith("takeback ") else ""
        if self.incoming.startswith(("accepted ", "declined")):
            request = self.incoming  # this browser's answer to the friend's request
        return LinkGame(self.id, self.you, str(game.start), tuple(game.moves), bool(getattr(game, "pie", False)),
                        self.seat, self.friend, end, request)

    def after_sending(self, game: Game) -> "LinkSeat":
        """This seat once its link for ``game`` was sent (copied or shared): the friend will see every move."""
        return replace(self, sent=max(self.sent, len(game.moves)))

    def can_undo(self, game: Game) -> bool:
        """May Undo take back the move before the cursor alone (a move the friend has not seen)?"""
        return game.cursor > self.sent and game.cursor > 0

    def takeback_target(self, game: Game) -> int | None:
        """How many moves a takeback of this browser's last move keeps (None: there is none to take back)."""
        you = self.side(game)
        for n in range(len(game.moves), 0, -1):
            before: Any = game.positions[n - 1]
            if before.to_move == you and game.moves[n - 1] != SWAP:
                return n - 1
        return None

    def take_over(self, new_seat: str) -> "LinkSeat":
        """A watcher takes the seat the link was sent to (an abandoned seat), under a new seat id."""
        return replace(self, seat=new_seat, watching=False)


def new_id(random_bytes: Callable[[int], bytes] | None = None) -> str:
    """A new game id: 12 hex digits from ``random_bytes`` (default :func:`os.urandom`)."""
    import os
    return (random_bytes or os.urandom)(6).hex()


def new_seat(random_bytes: Callable[[int], bytes] | None = None) -> str:
    """A new seat id: 8 hex digits."""
    import os
    return (random_bytes or os.urandom)(4).hex()


def encode(link: LinkGame) -> str:
    """The payload of ``link`` (see the module's doc)."""
    import base64
    import zlib
    text = "\n".join((VERSION, link.id, link.sender, link.seat or "-", link.to or "-", link.setup,
                      "pie" if link.pie else "-", " ".join(link.moves), link.end or "-", link.request or "-"))
    packer = zlib.compressobj(9, zlib.DEFLATED, GZIP)  # gzip's framing: a CRC-32 of the text (no name, no time)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(payload: str) -> LinkGame:
    """The game a payload carries, its fields checked (not yet its moves: :func:`replay`); :class:`LinkError`
    naming what is wrong otherwise.  Format 1 links (six lines, no seats) are read too."""
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
        unpacker = zlib.decompressobj(GZIP_OR_ZLIB)
        raw = unpacker.decompress(packed, MAX_TEXT)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise zlib.error("incomplete or too long")
        text = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise LinkError(payload[:20], "it is damaged or cut short (copy the whole link again)") from None
    lines = text.split("\n")
    want = {"1": 6, "2": 10}.get(lines[0])
    if want is None:
        raise LinkError(lines[0][:20], f"it is of a format this page does not know ({quote(lines[0][:20])})")
    if len(lines) != want:
        raise LinkError(text[:40], f"it has {len(lines)} lines instead of {want}")
    if want == 6:
        _, game_id, sender, setup, rules, moves = lines
        seat, to, end, request = "-", "-", "-", "-"
    else:
        _, game_id, sender, seat, to, setup, rules, moves, end, request = lines
    if rules not in ("pie", "-"):
        raise LinkError(rules, f"its rules {quote(rules, 20)} are not “pie” or “-”")
    if not _ID.fullmatch(game_id):
        raise LinkError(game_id, f"its game id {quote(game_id, 20)} is not 12 hex digits")
    for what, value in (("seat", seat), ("friend's seat", to)):
        if value != "-" and not _SEAT.fullmatch(value):
            raise LinkError(value, f"its {what} {quote(value, 20)} is not 8 hex digits")
    if not _REQUEST.fullmatch(request):
        raise LinkError(request, f"its request {quote(request, 20)} is not one this page knows")
    try:
        start = parse_any_position(setup)
        if variant_of(start) is Variant.ODDISH:
            raise PhutballError("bad position", setup, "an Oddish board cannot be played here")
    except PhutballError as e:
        raise LinkError(setup, f"its start position {quote(setup, 40)} is not valid ({e.reason})") from None
    sides = sides_of(variant_of(start))
    if sender not in sides:
        raise LinkError(sender, f"its side {quote(sender)} is not a side of this game ({' or '.join(sides)})")
    if end not in ("-", "draw", "abort") and not (end.startswith("resign ") and end[7:] in sides):
        raise LinkError(end, f"its ending {quote(end, 20)} is not one this page knows")
    move_list = tuple(moves.split())
    if len(move_list) > MAX_PLIES:
        raise LinkError(str(len(move_list)), f"it carries {len(move_list):,} moves (at most {MAX_PLIES:,})")
    return LinkGame(game_id, sender, str(start), move_list, rules == "pie", "" if seat == "-" else seat,
                    "" if to == "-" else to, "" if end == "-" else end, "" if request == "-" else request)


def replay(link: LinkGame) -> Game:
    """The link's game, every move checked by the engine, and its ending (a resignation, an agreed draw)
    applied; :class:`LinkError` naming the first illegal move."""
    game = _game(link.setup, link.pie)
    for i, move in enumerate(link.moves, start=1):
        try:
            game.push(move)
        except PhutballError as e:
            who = side_name(game.position.to_move or "")
            raise LinkError(move, f"move {move_number(i)} ({who}: {quote(move, 30)}) is illegal: {e.reason}") \
                from None
    return game


def _game(setup: str, pie: bool, moves: tuple[str, ...] = ()) -> Game:
    """A game from ``setup`` with ``moves`` (already checked), with the pie rule if ``pie``."""
    game = Game(parse_any_position(setup), pie=pie) if pie else Game(parse_any_position(setup))
    for move in moves:
        game.push(move)
    return game


def read(fragment: str) -> LinkGame | None:
    """The game in a URL fragment (without ``#``, %-decoded), or None if it is not a game link.

    A fragment ``game=...`` that cannot be used raises :class:`LinkError` (its moves are checked by
    :func:`open_link`, which replays them once).
    """
    if not is_game_link(fragment):
        return None
    return decode(fragment[len(PREFIX):])


def is_game_link(fragment: str) -> bool:
    return fragment.startswith(PREFIX)


def url(base: str, link: LinkGame) -> str:
    """The page's address carrying ``link`` (``base``: the play page's URL, its fragment dropped)."""
    return f"{base.split('#')[0]}#{PREFIX}{encode(link)}"


# ---------------------------------------------------------------- a link against the kept game

SAME, NEWER, OLDER, REWRITES, OTHER_START = "same", "newer", "older", "rewrites", "other start"
#: Opening kinds besides :func:`compare`'s: a game not kept yet (a seat taken), watched by a third
#: browser, a link this browser sent itself, one from a browser that is not the friend's, and two
#: histories that differ (a way out is offered).
NEW, WATCH, OWN, STRANGER, DIVERGED = "new", "watch", "own", "stranger", "diverged"


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
class Opening:
    """What opening a link does to the kept game of its id.

    ``kind``: :data:`NEW`, :data:`WATCH`, :data:`SAME`, :data:`NEWER`, :data:`OLDER`, :data:`OWN`, or
    refused: :data:`STRANGER`, :data:`OTHER_START`, :data:`DIVERGED` (the friend's version is
    ``theirs``: the page offers both ways out); ``seat``: this browser's place in the game; ``game``: the
    game to show (the link's, or the kept one when the link is older or refused); ``message``: what the
    page says.
    """

    kind: str
    seat: LinkSeat
    game: Game
    message: str
    theirs: Game | None = None

    @property
    def refused(self) -> bool:
        return self.kind in (REWRITES, OTHER_START, STRANGER, DIVERGED)


def open_link(link: LinkGame, kept: LinkSeat | None, kept_game: Game | None,
              seat_id: Callable[[], str] = new_seat) -> Opening:
    """Open ``link`` against this browser's seat and game of its id (None, None: not kept yet); the link's
    moves are replayed here, once.  See the module's doc for the protocol."""
    game = replay(link)
    if kept is None or kept_game is None:
        if link.to and link.seat:  # both seats are taken: this browser watches
            seat = LinkSeat(link.id, link.friend, link.to, link.seat, len(link.moves), watching=True)
            _apply_end(link, game, seat)
            return Opening(WATCH, seat, game, "You are watching a game by link between two other players: you "
                           "can replay it, not move. “Take over the seat” lets you play it if it was abandoned.")
        seat = LinkSeat(link.id, link.friend, seat_id(), link.seat, len(link.moves), incoming=link.request)
        seat = _apply_end(link, game, seat)
        return Opening(NEW, seat, game, f"A game by link from your friend: you play {side_name(link.friend)}.")
    if kept.watching:
        seat = replace(kept, sent=len(link.moves))
        if compare(kept_game.moves, link.moves) == OLDER:
            return Opening(OLDER, kept, kept_game, f"This link is older than the game you watch: it stops at "
                           f"{_after(game)}, the game is at {_after(kept_game)}.")
        return Opening(NEWER, _apply_end(link, game, seat), game, "The game you watch, as this link has it.")
    if str(kept_game.start) != link.setup or kept_game.pie != link.pie:
        return Opening(OTHER_START, kept, kept_game,
                       "This link does not match your game of the same id (another start or other rules): "
                       "it is refused and your game is kept as it was.")
    if link.seat and link.seat == kept.seat:
        behind = (f" It stops at {_after(game)}, you are at {_after(kept_game)}."
                  if len(link.moves) < len(kept_game.moves) else "")
        return Opening(OWN, kept, kept_game, f"This is a link you sent: your game is as you left it.{behind}")
    if link.seat and ((kept.friend and link.seat != kept.friend) or (link.to and link.to != kept.seat)):
        return Opening(STRANGER, kept, kept_game,
                       "This link comes from another browser than your friend's (someone else opened your "
                       "invitation too): it is refused and your game is kept as it was.")
    seat = replace(kept, friend=link.seat or kept.friend)
    kind = compare(kept_game.moves, link.moves)
    if link.request.startswith("accepted ") and kept.offer.startswith("takeback "):
        n = int(kept.offer.split()[1])
        if link.request == f"accepted {n}" and kind in (OLDER, SAME) and len(link.moves) == n:
            seat = replace(seat, offer="", sent=n)
            return Opening(NEWER, seat, game, f"Your friend accepted the takeback: the game is back at "
                                              f"{_after(game)}.")
    if kind == REWRITES:
        at = first_difference(kept_game.moves, link.moves)
        return Opening(DIVERGED, seat, kept_game,
                       f"Your friend's game differs from yours at "
                       f"{turn_text(at, kept_game.positions[at - 1].to_move or '')} ({quote(link.moves[at - 1], 20)} "
                       f"instead of {quote(kept_game.moves[at - 1], 20)}). Nothing is lost: continue from your "
                       "friend's version (yours is kept in Your games), or keep yours and send it again.",
                       theirs=game)
    if kind == OLDER:
        return Opening(OLDER, seat, kept_game,
                       f"This link is older than your game: it stops at {_after(game)}, "
                       f"you are at {_after(kept_game)}.")
    seat = replace(seat, sent=max(seat.sent, len(link.moves)))
    notes = _requests(link, seat)
    seat = notes[0]
    if kind == SAME:
        seat = _apply_end(link, kept_game, seat)
        return Opening(SAME, seat, kept_game, " ".join(("Your game by link, as you left it.", *notes[1])))
    seat = _apply_end(link, game, seat)
    added = link.moves[len(kept_game.moves):]
    said = f"Your friend played {len(added)} new {'move' if len(added) == 1 else 'moves'}: {' '.join(added)}."
    return Opening(NEWER, seat, game, " ".join((said, *notes[1])))


def _after(game: Game) -> str:
    """Where a game's last move leaves it, in the move list's numbers: "move 2 (Eks)", "the start"."""
    n = len(game.moves)
    return after_text(n, game.positions[n - 1].to_move if n else None)


def _requests(link: LinkGame, seat: LinkSeat) -> tuple[LinkSeat, list[str]]:
    """The friend's request or answer in ``link``, on this seat: what changes and what the page says."""
    if link.request == "declined" and seat.offer:
        what = "draw" if seat.offer == "draw" else "takeback"
        return replace(seat, offer=""), [f"Your friend declined your {what}."]
    if link.request == "draw":
        return replace(seat, incoming="draw"), ["Your friend offers a draw: accept or decline it."]
    if link.request.startswith("takeback "):
        return replace(seat, incoming=link.request), ["Your friend asks to take back their last move: accept or "
                                                      "decline it."]
    return seat, []


def _apply_end(link: LinkGame, game: Game, seat: LinkSeat) -> LinkSeat:
    """Apply the link's ending to ``game`` (already at the link's moves): a resignation by the link's author,
    a draw this browser offered, or an abort before move 2; anything else in it is ignored."""
    if not link.end or game.result != "*" or game.cursor != len(game.moves):
        return seat
    author = other_side(link.sender) if swapped(game) else link.sender
    if link.end == f"resign {author}" or (seat.watching and link.end.startswith("resign ")):
        game.resign(link.end.split()[1])
    elif link.end == "draw" and (seat.offer == "draw" or seat.watching):
        game.agree_draw()
    elif link.end == "abort" and len(game.moves) < 2:
        return replace(seat, ended="abort", offer="", incoming="")
    return replace(seat, offer="", incoming="")


def measure(plies: int = 150, seed: int = 1) -> tuple[int, int]:
    """The length of a ``plies``-ply 15x19 game's link payload, compressed and as plain text (for the docs and
    tests): a :func:`sample_game`."""
    game = sample_game("15x19", plies, seed)
    link = LinkGame("0123456789ab", "O", str(game.start), tuple(game.moves), False, "0123abcd", "4567cdef")
    plain = "\n".join((VERSION, link.id, link.sender, link.seat, link.to, link.setup, "-", " ".join(link.moves),
                       "-", "-"))
    return len(encode(link)), len(plain)


def sample_game(size: str, plies: int, seed: int = 1) -> Game:
    """A ``plies``-ply game on a ``size`` board as people play one (for measures): men placed near the ball,
    and, three times in ten, a jump when one is there and does not score."""
    import random
    from phutball.board import Position
    rng = random.Random(seed)
    game = Game(Position.start(size))
    while len(game.moves) < plies:
        pos: Any = game.position
        jumps = [j for j in pos.jumps() if not pos.play(j).winner]
        if jumps and rng.random() < 0.3:
            game.push(rng.choice(jumps))
            continue
        near = sorted(pos.placements(), key=lambda p: abs(p.point.col - pos.ball.col) + abs(p.point.row - pos.ball.row)
                      + rng.random() * 3)
        game.push(near[0])
    return game


__all__ = ["DIVERGED", "MAX_PAYLOAD", "MAX_PLIES", "NEW", "NEWER", "OLDER", "OTHER_START", "OWN", "PREFIX",
           "REWRITES", "SAME", "STRANGER", "WATCH", "LinkError", "LinkGame", "LinkSeat", "Opening", "compare",
           "decode", "encode", "first_difference", "is_game_link", "measure", "new_id", "new_seat", "open_link",
           "read", "replay", "sample_game", "swapped", "url"]
