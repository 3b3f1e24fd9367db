"""Your rating: Elo on the computer ladder's scale, replayed from a ledger of your rated games (pure Python).

Each finished 2D game against the computer counts once, by its id in :mod:`lab.gamestore`: a win
scores 1, a draw 1/2, a loss 0, against the level's fitted rating (``phutball.ai.LEVELS``,
docs/computer.md: Elo points on 15x19 with random moves at 0).  The Elo formula (Arpad Elo, *The
Rating of Chessplayers*, 1978; :func:`expected`, :func:`updated`)::

    expected = 1 / (1 + 10 ** ((level - you) / 400))
    you += K * (score - expected)             # K = 32

The rating is not stored as a number but as a **ledger**: one :class:`RatedGame` per rated game
(id, level, score, date, board).  :class:`Rating` replays the ledger from ``start`` (the rating
before the ledger's first game: a newcomer's is the rating of *novice*, 716, the level a newcomer
plays, so the first games against it move the rating by 16 either way).  A game counts once
because its id is in the ledger; two ledgers (two devices, a backup) merge by id
(:meth:`Rating.merged`).  Past :data:`LEDGER_CAP` games the oldest are *folded* into ``start``:
their ids move to ``folded`` (at most :data:`FOLDED_CAP`, the oldest dropped), so they are never
counted again either.

Stored in ``localStorage["phutball.rating.v1"]`` (the key keeps its name; the value has a version)::

    {"v": 2, "start": 716.0,
     "ledger": [["3f2a9c0b1d4e", "novice", 1.0, "2026-11-25", "15x19"], ...],   # oldest first
     "folded": [<game id>, ...]}                                              # oldest first

A version 1 value (``{"v": 1, "rating": 902.0, "history": [[date, rating], ...], "rated": [ids]}``)
is migrated: ``start`` is its rating, ``folded`` its rated ids, the ledger empty, so the player
keeps their rating and no game it counted is counted again.  Every stored value is checked before
use (:func:`load`): ratings finite and in :data:`LOWEST`..:data:`HIGHEST`, scores 0, 0.5 or 1,
ids of 12 lower-case hex digits, known rated levels, dates ``YYYY-MM-DD``, boards like ``15x19``.
A bad ledger entry or id is left out (the others kept) and the stored text set aside; a value
that cannot be used at all is set aside and the page starts afresh (:mod:`lab.savedstate`).
"""

from __future__ import annotations

import datetime
import json
import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Iterable

from lab.savedstate import Field, Schema, Storage, StoredValueError, json_type, load_json, set_aside
from phutball.errors import quote

STORAGE_KEY = "phutball.rating.v1"
#: How far one game moves the rating, at most (Elo's K factor).
K = 32
#: The level a newcomer starts at (lab.play.DEFAULT_LEVEL), whose rating is a newcomer's rating.
START_LEVEL = "novice"
#: The board a rated game is on unless it says otherwise (the board the levels' ratings were measured on).
DEFAULT_BOARD = "15x19"
#: Most games the ledger keeps; older ones are folded into ``start``.
LEDGER_CAP = 1_000
#: Most folded game ids kept; the oldest are dropped past it.
FOLDED_CAP = 5_000
#: The range of a stored rating (anything outside it is not a rating this page wrote).
LOWEST = -10_000.0
HIGHEST = 20_000.0
#: A game's possible scores for the player: a loss, a draw, a win.
SCORES = (0.0, 0.5, 1.0)
#: The stored value's version (:data:`SCHEMA`); version 1 (:data:`SCHEMA_V1`) is still read.
VERSION = 2

_ID = re.compile(r"[0-9a-f]{12}")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_BOARD = re.compile(r"([0-9]{1,2})x([0-9]{1,2})")
_SIZE_HEADER = re.compile(r'^\[Size "([^"\n]*)"\]', re.MULTILINE)
#: At most this many problems are named one by one in the page's message.
_NAMED = 3


# ---------------------------------------------------------------- the Elo formula


def level_rating(level: str) -> float:
    """The fitted rating of a computer level, by today's name or a former one (:class:`KeyError` for an
    unknown or unrated one)."""
    from phutball.ai import LEVELS, level_name
    name = level_name(level)
    rating = None if name is None else LEVELS[name].rating
    if rating is None:
        raise KeyError(level)
    return float(rating)


def start_rating() -> float:
    """A newcomer's rating: the rating of :data:`START_LEVEL`."""
    return level_rating(START_LEVEL)


def expected(you: float, opponent: float) -> float:
    """The score Elo expects of a player rated ``you`` against ``opponent``:
    ``1 / (1 + 10 ** ((opponent - you) / 400))``."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - you) / 400.0))


def updated(you: float, opponent: float, score: float, k: float = K) -> float:
    """The rating after a game scored ``score`` (1, 1/2 or 0) against ``opponent``: ``you + k * (score - expected)``."""
    return you + k * (score - expected(you, opponent))


# ---------------------------------------------------------------- checks of stored values


def _is_number(value: Any) -> bool:
    return json_type(value) in ("integer", "number")


def in_range(value: Any) -> bool:
    """Whether ``value`` is a number (not a boolean) from :data:`LOWEST` to :data:`HIGHEST`.

    Compared, never converted first: NaN compares false, ±Infinity is out of range, and an
    integer of any length compares exactly (``float()`` of a 401-digit integer would overflow).
    """
    return _is_number(value) and LOWEST <= value <= HIGHEST


def board_problem(board: Any) -> str | None:
    """Why ``board`` is not a board size as the engine writes it ("15x19": odd, 5..25), in words; None if it is."""
    from phutball.bitboard import MAX_SIZE, MIN_SIZE
    m = _BOARD.fullmatch(board) if isinstance(board, str) else None
    ok = (m is not None and not board.startswith("0") and not m.group(2).startswith("0")
          and all(MIN_SIZE <= int(g) <= MAX_SIZE and int(g) % 2 == 1 for g in m.groups()))
    return None if ok else f"board {quote(board, 30)} is not a board size such as {DEFAULT_BOARD}"


def game_problem(game_id: Any, level: Any, score: Any, date: Any, board: Any) -> str | None:
    """Why these are not a rated game's id, level, score, date and board, in words; None if they are."""
    from phutball.ai import LEVELS, level_name
    if not (isinstance(game_id, str) and _ID.fullmatch(game_id)):
        return f"a game id {quote(game_id, 30)} is not 12 lower-case hex digits"
    name = level_name(level)  # a former name too: a ledger keeps the name it was written with
    if name is None or LEVELS[name].rating is None:
        return f"game {game_id}'s level {quote(level, 30)} is not a rated level"
    if not (_is_number(score) and score in SCORES):
        return f"game {game_id}'s score {quote(score, 30)} is not 0, 0.5 or 1"
    if not (isinstance(date, str) and _DATE.fullmatch(date) and _real_date(date)):
        return f"game {game_id}'s date {quote(date, 30)} is not a date such as 2026-11-25"
    why = board_problem(board)
    return None if why is None else f"game {game_id}'s {why}"


def _real_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def board_of(record: str) -> str:
    """The board size of a game record (its ``Size`` header, :mod:`phutball.game`); :data:`DEFAULT_BOARD`
    without one."""
    m = _SIZE_HEADER.search(record)
    if m is None:
        return DEFAULT_BOARD
    board = m.group(1).strip().lower().replace(" ", "")
    return DEFAULT_BOARD if board_problem(board) else board


# ---------------------------------------------------------------- the ledger


@dataclass(frozen=True)
class RatedGame:
    """One finished rated game: its id (12 lower-case hex digits), the computer's level (a rated level
    of ``phutball.ai.LEVELS``), the player's score (1, 0.5 or 0), the date ("YYYY-MM-DD") and the board.

    :class:`ValueError` (in words) for anything else: a ledger holds only games it can replay.
    """

    id: str
    level: str
    score: float
    date: str
    board: str = DEFAULT_BOARD

    def __post_init__(self) -> None:
        why = game_problem(self.id, self.level, self.score, self.date, self.board)
        if why is not None:
            raise ValueError(why)
        object.__setattr__(self, "score", float(self.score))

    def to_json(self) -> list[Any]:
        """The stored form: ``[id, level, score, date, board]``."""
        return [self.id, self.level, self.score, self.date, self.board]

    @classmethod
    def from_json(cls, data: Any) -> "RatedGame":
        """A game from its stored form; :class:`ValueError` saying what is wrong."""
        if not isinstance(data, list) or len(data) not in (4, 5):
            raise ValueError(f"a rated game {quote(data, 30)} is not a list [id, level, score, date, board]")
        return cls(*data)


def _replay(start: float, games: Iterable[RatedGame]) -> tuple[float, ...]:
    """The rating after each of ``games``, from ``start``, by :func:`updated`."""
    ratings: dict[str, float] = {}
    out: list[float] = []
    you = start
    for g in games:
        if g.level not in ratings:
            ratings[g.level] = level_rating(g.level)
        you = updated(you, ratings[g.level], g.score)
        out.append(you)
    return tuple(out)


def _clamped(value: float) -> float:
    return min(HIGHEST, max(LOWEST, value))


@dataclass(frozen=True)
class Rating:
    """Your rating: the replay of ``ledger`` (your rated games, in the order they were counted) from ``start``.

    ``start``: the rating before the ledger's first game (a newcomer's :func:`start_rating`, or the
    games folded into it); ``folded``: ids of games counted in ``start`` (folded from the ledger past
    :data:`LEDGER_CAP`, or counted by a migrated version 1 value), so never counted again.
    The caps are applied on construction; ``value`` and the history are replayed once, when first asked.
    :class:`ValueError` for a ``start`` that is not a finite rating in :data:`LOWEST`..:data:`HIGHEST`.
    """

    start: float = field(default_factory=start_rating)
    ledger: tuple[RatedGame, ...] = ()
    folded: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not in_range(self.start):
            raise ValueError(f"a rating's start {quote(self.start, 30)} is not a rating from {LOWEST:,.0f} "
                             f"to {HIGHEST:,.0f}")
        start, ledger, folded = float(self.start), tuple(self.ledger), tuple(self.folded)
        if len(ledger) > LEDGER_CAP:
            old, ledger = ledger[:len(ledger) - LEDGER_CAP], ledger[len(ledger) - LEDGER_CAP:]
            start = _clamped(_replay(start, old)[-1])
            folded = (*folded, *(g.id for g in old))
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "ledger", ledger)
        object.__setattr__(self, "folded", folded[-FOLDED_CAP:])

    # ------------------------------------------------------------ the replay

    @cached_property
    def ratings(self) -> tuple[float, ...]:
        """The rating after each game of the ledger, oldest first (replayed once)."""
        return _replay(self.start, self.ledger)

    @property
    def value(self) -> float:
        """The rating now: the last of :attr:`ratings`, or ``start`` before any game in the ledger."""
        return self.ratings[-1] if self.ratings else self.start

    @property
    def history(self) -> tuple[tuple[str, float], ...]:
        """(date, rating after the game) for each game of the ledger, oldest first."""
        return tuple((g.date, r) for g, r in zip(self.ledger, self.ratings))

    @property
    def games(self) -> int:
        """How many rated games: the ledger's and the folded ones (at most :data:`FOLDED_CAP` of those)."""
        return len(self.ledger) + len(self.folded)

    @cached_property
    def _ids(self) -> frozenset[str]:
        return frozenset(g.id for g in self.ledger) | frozenset(self.folded)

    def has(self, game_id: str) -> bool:
        """Whether game ``game_id`` was counted (it is in the ledger or folded)."""
        return game_id in self._ids

    def change(self) -> float | None:
        """The last game's change (None with no game in the ledger)."""
        if not self.ratings:
            return None
        before = self.ratings[-2] if len(self.ratings) > 1 else self.start
        return self.ratings[-1] - before

    def by_board(self) -> dict[str, float]:
        """The rating on each board size with a game in the ledger: its games replayed from ``start``
        (folded games cannot be told apart by board: they are all in ``start``)."""
        ratings: dict[str, float] = {}
        for g in self.ledger:
            ratings[g.board] = updated(ratings.get(g.board, self.start), level_rating(g.level), g.score)
        return ratings

    # ------------------------------------------------------------ new games

    def record(self, game_id: str, level: str, score: float, date: str, board: str = DEFAULT_BOARD) -> "Rating":
        """The rating after game ``game_id`` (appended to the ledger); ``self`` itself if that game was counted.

        :class:`ValueError` if these are not a rated game's (:class:`RatedGame`).
        """
        if self.has(game_id):
            return self
        return Rating(self.start, (*self.ledger, RatedGame(game_id, level, score, date, board)), self.folded)

    def merged(self, other: "Rating") -> "Rating":
        """Both ledgers' games, each once by its id: what two devices or a backup counted.

        If one holds every game of the other (in its ledger or folded), it is the answer as it is
        (``a.merged(a) is a``; merging an older backup changes nothing).  Otherwise the union is
        replayed in date-then-id order from the ``start`` of the one with more folded games (then
        the higher start): folded games cannot be replayed, so a game folded into that start is
        not replayed again, and the other's folded ids stay folded.  A game in both ledgers with
        different contents counts as its earliest (by date, level, score, board).  Commutative:
        ``a.merged(b) == b.merged(a)``.
        """
        mine, theirs = self._ids, other._ids
        if mine == theirs and self == other:
            return self
        if mine != theirs:
            if theirs <= mine:
                return self
            if mine <= theirs:
                return other
        base, rest = sorted((self, other), key=lambda r: (len(r.folded), r.start, r.folded))[::-1]
        skip = frozenset(base.folded)
        games: dict[str, RatedGame] = {}
        for g in (*base.ledger, *rest.ledger):
            if g.id not in skip and (g.id not in games or _order(g) < _order(games[g.id])):
                games[g.id] = g
        ledger = tuple(sorted(games.values(), key=lambda g: (g.date, g.id)))
        folded = tuple(dict.fromkeys(i for i in (*base.folded, *rest.folded) if i not in games))
        return Rating(base.start, ledger, folded)

    # ------------------------------------------------------------ words and pictures

    def text(self) -> str:
        """The panel's line: "Your rating: 1040 (+16)", "Your rating: 716 (no games against the computer yet)"."""
        change = self.change()
        if change is None:
            return f"Your rating: {_whole(self.value)}" + ("" if self.games else
                                                            " (no games against the computer yet)")
        return f"Your rating: {_whole(self.value)} ({_signed(change)})"

    def history_text(self) -> str:
        """The last ten ratings in one line, oldest first, from the start ("716 → 732 → 716")."""
        values = (self.start, *self.ratings) if self.ratings else (self.value,)
        return " → ".join(_whole(v) for v in values[-10:])

    def to_text(self) -> str:
        """The stored form (see the module's doc)."""
        return json.dumps({"v": VERSION, "start": self.start, "ledger": [g.to_json() for g in self.ledger],
                           "folded": list(self.folded)}, separators=(",", ":"), allow_nan=False)

    def graph_svg(self, width: int = 320, height: int = 120) -> str:
        """The rating over the ledger as a small line chart (inline SVG; "" with no game in the ledger).

        One point per rating from ``start``, a light dashed line at ``start``, the highest and lowest
        rating written at the left.  Colours follow the page: the line is ``var(--accent, currentColor)``,
        the rest ``currentColor``, so it suits light and dark themes.  :class:`ValueError` for a size
        outside 60..4000 by 40..2000.
        """
        if not (_is_number(width) and 60 <= width <= 4000 and _is_number(height) and 40 <= height <= 2000):
            raise ValueError(f"a graph of {quote(width, 20)} by {quote(height, 20)}: expected 60..4000 by 40..2000")
        if not self.ledger:
            return ""
        values = (self.start, *self.ratings)
        top, bottom = max(values), min(values)
        hi, lo = top, bottom
        if hi - lo < 20:  # a flat line sits in the middle, not on an edge
            mid = (hi + lo) / 2
            hi, lo = mid + 10, mid - 10
        left, right, pad = 40.0, 6.0, 8.0
        w, h = float(width), float(height)

        def x(i: int) -> float:
            return left + (w - left - right) * i / (len(values) - 1)

        def y(v: float) -> float:
            return pad + (h - 2 * pad) * (hi - v) / (hi - lo)

        n = len(self.ledger)
        label = (f"Your rating over your last {n} games" if n > 1 else "Your rating over your last game") + \
            f": from {_whole(self.start)} to {_whole(self.value)}"
        points = " ".join(f"{_num(x(i))},{_num(y(v))}" for i, v in enumerate(values))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-graph" role="img" aria-label="{label}" '
                f'viewBox="0 0 {_num(w)} {_num(h)}" width="{_num(w)}" height="{_num(h)}">'
                f"<title>{label}</title>"
                f'<line x1="{_num(left)}" y1="{_num(y(self.start))}" x2="{_num(w - right)}" y2="{_num(y(self.start))}" '
                f'stroke="currentColor" stroke-opacity="0.3" stroke-dasharray="3 3"/>'
                f'<polyline points="{points}" fill="none" stroke="currentColor" '
                f'style="stroke: var(--accent, currentColor)" stroke-width="2" stroke-linejoin="round"/>'
                f'<text x="{_num(left - 4)}" y="{_num(y(top) + 4)}" text-anchor="end" font-size="10" '
                f'fill="currentColor">{_whole(top)}</text>'
                f'<text x="{_num(left - 4)}" y="{_num(y(bottom))}" text-anchor="end" font-size="10" '
                f'fill="currentColor">{_whole(bottom)}</text>'
                "</svg>")


def _order(g: RatedGame) -> tuple[str, str, float, str]:
    return (g.date, g.level, g.score, g.board)


def _num(v: float) -> str:
    """A coordinate, always finite (0 for what is not)."""
    return f"{v:.1f}" if math.isfinite(v) else "0"


def _whole(v: float) -> str:
    """A rating rounded to a whole number, always finite (0 for what is not)."""
    return str(round(v)) if math.isfinite(v) else "0"


def _signed(v: float) -> str:
    return f"{round(v):+d}" if math.isfinite(v) else "+0"


# ---------------------------------------------------------------- levels and scores


def nearest_level(rating: float) -> str:
    """The rated level nearest to ``rating`` (the New game dialog suggests it)."""
    from phutball.ai import LEVELS
    rated = [(name, lv.rating) for name, lv in LEVELS.items() if lv.rating is not None]
    return min(rated, key=lambda nr: abs(nr[1] - rating))[0]


def score_of(result: str, you: str) -> float | None:
    """A game's score for the side ``you`` from its result ("O", "X", "draw"); None while it goes on."""
    if result == "*":
        return None
    if result == "draw":
        return 0.5
    return 1.0 if result == you else 0.0


# ---------------------------------------------------------------- storage


def _history(value: list[Any]) -> bool:
    return all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and in_range(p[1]) for p in value)


def _each(value: list[Any]) -> bool:
    return True  # each entry is checked on its own (load): one bad entry loses only itself


#: Version 2, written by :meth:`Rating.to_text`.
SCHEMA = Schema(STORAGE_KEY, "your rating", (
    Field("start", ("number", "integer"), "a rating from -10,000 to 20,000", in_range),
    Field("ledger", ("array",), "a list of rated games", _each),
    Field("folded", ("array",), "a list of game ids", _each),
), version=VERSION)

#: Version 1, read and migrated by :func:`load`.
SCHEMA_V1 = Schema(STORAGE_KEY, "your rating", (
    Field("rating", ("number", "integer"), "a rating from -10,000 to 20,000", in_range),
    Field("history", ("array",), "a list of [date, rating]", _history),
    Field("rated", ("array",), "a list of game ids", _each),
), version=1)


def _some(bad: list[str], total: int, what: str) -> str:
    """One problem in words, or how many of ``total`` and the first few."""
    if len(bad) == 1:
        return bad[0]
    more = "; …" if len(bad) > _NAMED else ""
    return f"{len(bad)} of {total} {what} could not be read ({'; '.join(bad[:_NAMED])}{more})"


def _checked(items: list[Any], what: str, read: Callable[[Any], Any], key: Callable[[Any], str],
             ) -> tuple[list[Any], str | None]:
    """The items ``read`` accepts, each key once, and the problem with the rest in words (None if none)."""
    kept: list[Any] = []
    seen: set[str] = set()
    bad: list[str] = []
    for item in items:
        try:
            value = read(item)
        except ValueError as e:
            bad.append(str(e))
            continue
        if key(value) in seen:
            bad.append(f"game {key(value)} is there twice")
            continue
        seen.add(key(value))
        kept.append(value)
    return kept, (_some(bad, len(items), what) if bad else None)


def _game_id(value: Any) -> str:
    if not (isinstance(value, str) and _ID.fullmatch(value)):
        raise ValueError(f"a game id {quote(value, 30)} is not 12 lower-case hex digits")
    return value


def _from_values(values: dict[str, Any], version: int) -> tuple[Rating, list[str]]:
    """The rating from a stored value's usable fields, and what else could not be used, in words."""
    problems: list[str] = []
    start_name, ids_name = ("start", "folded") if version == VERSION else ("rating", "rated")
    start = float(values[start_name]) if start_name in values else start_rating()
    ledger: list[RatedGame] = []
    if version == VERSION:
        ledger, why = _checked(values.get("ledger", []), "rated games", RatedGame.from_json, lambda g: g.id)
        problems += [why] if why else []
    folded, why = _checked(values.get(ids_name, []), "game ids", _game_id, lambda i: i)
    problems += [why] if why else []
    in_ledger = {g.id for g in ledger}
    return Rating(start, tuple(ledger), tuple(i for i in folded if i not in in_ledger)), problems


def _stored_version(raw: str) -> tuple[int, Any]:
    """The version a stored value says it is (:data:`VERSION` if it says nothing readable), and its JSON."""
    try:
        data = load_json(raw)
    except StoredValueError:
        return VERSION, None
    v = data.get("v") if isinstance(data, dict) else None
    return (1 if json_type(v) == "integer" and v == 1 else VERSION), data


def _load(storage: Storage, raw: str | None) -> tuple[Rating, str]:
    if not raw:
        return Rating(), ""
    version, data = _stored_version(raw)
    reading = (SCHEMA_V1 if version == 1 else SCHEMA).read(raw)
    if reading.values is None:
        return Rating(), reading.message(storage, STORAGE_KEY, raw)
    rating, problems = _from_values(reading.values, version)
    start_name = "start" if version == VERSION else "rating"
    if isinstance(data, dict) and start_name not in data:
        problems.insert(0, f"{start_name} is missing")
    problems = [*reading.problems, *problems]
    return rating, (set_aside(storage, STORAGE_KEY, raw, "; ".join(problems), partly=True) if problems else "")


def load(storage: Storage) -> tuple[Rating, str]:
    """The stored rating (a newcomer's if none), and the page's message about what could not be read.

    Never raises: a value of either version is checked field by field and entry by entry (see the
    module's doc); what cannot be used is set aside under ``<key>.unreadable`` and named in the message.
    """
    raw = storage.get_item(STORAGE_KEY)
    try:
        return _load(storage, raw)
    except Exception as e:  # a last resort (no known input gets here): the page must start
        why = f"it could not be read ({type(e).__name__})"
        return Rating(), set_aside(storage, STORAGE_KEY, raw or "", why)


def save(storage: Storage, rating: Rating) -> None:
    """Store ``rating`` (:meth:`Rating.to_text`)."""
    storage.set_item(STORAGE_KEY, rating.to_text())


__all__ = ["DEFAULT_BOARD", "FOLDED_CAP", "HIGHEST", "K", "LEDGER_CAP", "LOWEST", "SCHEMA", "SCHEMA_V1", "SCORES",
           "START_LEVEL", "STORAGE_KEY", "VERSION", "RatedGame", "Rating", "board_of", "board_problem", "expected",
           "game_problem", "in_range", "level_rating", "load", "nearest_level", "save", "score_of", "start_rating",
           "updated"]
