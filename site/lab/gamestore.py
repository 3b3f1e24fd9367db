"""Your games: every game played on the play page, kept in ``localStorage["phutball.games.v1"]`` (pure Python).

The stored value is one JSON object (read through :class:`lab.savedstate.Schema`)::

    {"v": 1, "current": <id of the game on the board> | null,
     "games": [{"id": <12 hex digits>, "opponent": <lab.opponent.to_json>,
                "started": "2026-11-25", "updated": "2026-11-25T19:30:00",
                "result": "O" | "X" | "L" | "R" | "draw" | "*", "plies": <moves>,
                "record": <the game record (phutball.game)>}, ...]}       # newest first

(Entries written before the opponent was one value say ``"opponent": "computer" | "here" | "link"``
with ``"you"`` and ``"level"`` beside it; they are read as such.)  A game is kept from its first
move, a game by link from its opening.  Its id is the one the play page holds for the game on the
board (:attr:`lab.playstate.PlayState.game_id`): nothing is matched by guessing.  A game entry that
cannot be read is left out and the stored text set aside (the page says so once).  The whole value
is kept under :data:`MAX_CHARS` characters (localStorage holds about 5 million): past it, the oldest
finished games are dropped first, then the oldest unfinished ones, and the page says how many
(:meth:`GameStore.fitted`, linear in the number of games).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from html import escape
from typing import Any, Callable

from lab import opponent as opponents
from lab.opponent import Computer, FriendByLink, FriendHere, Opponent
from lab.linkgame import LinkSeat
from lab.movewords import moves_text
from lab.savedstate import Field, Schema, Storage, json_type, read_stored, set_aside
from phutball.errors import PhutballError
from phutball.game import RESULTS, Game, records_text
from phutball.sides import SIDE_NAMES, other_side, side_name

STORAGE_KEY = "phutball.games.v1"
OPPONENTS = ("computer", "here", "link")
#: The most characters the kept games may take in localStorage (the rest of the site's data is far smaller).
MAX_CHARS = 1_500_000
_OPPONENT_TEXT = {"computer": "The computer", "here": "A friend here", "link": "A friend by link"}
ID = re.compile(r"[0-9a-f]{12}")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TIME = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?")


def _games(value: list[Any]) -> bool:
    return True  # each entry is checked on its own (GameEntry.from_json): one bad entry loses only itself


def _id_or_null(value: Any) -> bool:
    return value is None or bool(ID.fullmatch(value))


SCHEMA = Schema(STORAGE_KEY, "your kept games", (
    Field("games", ("array",), "a list of games", _games, required=True),
    Field("current", ("string", "null"), "a game id or null", _id_or_null),
))


@dataclass(frozen=True)
class GameEntry:
    """One kept game: who played, the result and length (to list it without replaying), and its record."""

    id: str
    opponent: Opponent
    record: str
    started: str
    updated: str
    result: str = "*"
    plies: int = 0

    @property
    def finished(self) -> bool:
        return self.result != "*"

    @property
    def kind(self) -> str:
        """"computer", "here" or "link"."""
        return opponents.kind(self.opponent)

    @property
    def you(self) -> str | None:
        """The side the person played at the start (None for two players on this device)."""
        if isinstance(self.opponent, Computer):
            return other_side(self.opponent.side)
        seat = self.seat
        return None if seat is None or seat.watching else seat.you

    @property
    def level(self) -> str | None:
        return self.opponent.level if isinstance(self.opponent, Computer) else None

    @property
    def seat(self) -> LinkSeat | None:
        return opponents.seat_of(self.opponent)

    @property
    def aborted(self) -> bool:
        return self.seat is not None and self.seat.ended == "abort"

    def game(self) -> Game:
        """The kept game (its record replayed by the engine)."""
        return Game.from_record(self.record)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "opponent": opponents.to_json(self.opponent), "started": self.started,
                "updated": self.updated, "result": self.result, "plies": self.plies, "record": self.record}

    @classmethod
    def from_json(cls, data: Any) -> "GameEntry":
        """An entry from its JSON object; :class:`ValueError` saying which field is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"a game is {json_type(data)}, not an object")
        want = {"id": "string", "record": "string", "started": "string", "updated": "string",
                "result": "string", "plies": "integer"}
        for name, kind in want.items():
            if json_type(data.get(name)) != kind:
                raise ValueError(f"a game's {name} is {json_type(data.get(name))}, not {kind}")
        if not ID.fullmatch(data["id"]):
            raise ValueError(f"a game's id {data['id'][:20]!r} is not 12 hex digits")
        if not _DATE.fullmatch(data["started"]) or not _TIME.fullmatch(data["updated"]):
            raise ValueError(f"a game's dates {data['started'][:20]!r}, {data['updated'][:20]!r} are not dates")
        if data["result"] not in RESULTS:
            raise ValueError(f"a game's result {data['result'][:20]!r} is not one of {', '.join(RESULTS)}")
        if not 0 <= data["plies"] <= 1_000_000:
            raise ValueError(f"a game's length {str(data['plies'])[:20]} is not a number of moves")
        return cls(data["id"], _opponent(data), data["record"], data["started"], data["updated"],
                   data["result"], data["plies"])


def _opponent(data: dict[str, Any]) -> Opponent:
    """A stored entry's opponent: the JSON object, or the first format's ``opponent``/``you``/``level``."""
    value = data.get("opponent")
    try:
        if isinstance(value, dict):
            return opponents.from_json(value)
    except ValueError as e:
        raise ValueError(f"a game's opponent: {e}") from None
    for name in ("you", "level"):
        if json_type(data.get(name)) not in ("string", "null"):
            raise ValueError(f"a game's {name} is {json_type(data.get(name))}, not a string or null")
    you = data.get("you")
    if you is not None and you not in SIDE_NAMES:
        raise ValueError(f"a game's side {you[:20]!r} is not a side")
    if value == "computer" and you:
        level = data.get("level") or Computer.level
        from phutball.ai import level_name
        today = level_name(level)  # a former name is read as today's
        if today is None:
            raise ValueError(f"a game's level {level[:20]!r} is not a level")
        return Computer(other_side(you), today)
    if value == "link" and you:
        return FriendByLink(LinkSeat(data["id"], you))
    if value in OPPONENTS:
        return FriendHere()
    raise ValueError(f"a game's opponent {str(value)[:20]!r} is not one of {', '.join(OPPONENTS)}")


@dataclass(frozen=True)
class GameStore:
    """The kept games, newest first, and the id of the one on the board."""

    games: tuple[GameEntry, ...] = ()
    current: str | None = None

    def get(self, game_id: str | None) -> GameEntry | None:
        return next((g for g in self.games if g.id == game_id), None)

    def with_game(self, entry: GameEntry) -> "GameStore":
        """``entry`` added, or put in place of the entry of the same id; the most recently updated first."""
        rest = [g for g in self.games if g.id != entry.id]
        games = sorted([entry, *rest], key=lambda g: g.updated, reverse=True)
        return replace(self, games=tuple(games))

    def without(self, ids: set[str]) -> "GameStore":
        """The store with the games ``ids`` removed."""
        return replace(self, games=tuple(g for g in self.games if g.id not in ids))

    def to_text(self) -> str:
        return json.dumps({"v": SCHEMA.version, "current": self.current, "games": [g.to_json() for g in self.games]},
                          separators=(",", ":"))

    def fitted(self, limit: int = MAX_CHARS) -> tuple["GameStore", str]:
        """This store within ``limit`` characters: the oldest finished games dropped first, then the oldest
        unfinished ones (never the one on the board); and the message saying so ("" when all fit).

        Each game's size is measured once, so trimming is linear in the number of games."""
        sizes = {g.id: len(json.dumps(g.to_json(), separators=(",", ":"))) + 1 for g in self.games}
        total = len(self.to_text())
        if total <= limit:
            return self, ""
        order = ([g for g in reversed(self.games) if g.finished and g.id != self.current]
                 + [g for g in reversed(self.games) if not g.finished and g.id != self.current])
        dropped: set[str] = set()
        counts = {"finished": 0, "unfinished": 0}
        for victim in order:
            if total <= limit:
                break
            dropped.add(victim.id)
            total -= sizes[victim.id]
            counts["finished" if victim.finished else "unfinished"] += 1
        store = self.without(dropped)
        parts = [f"{n} {what} {'game' if n == 1 else 'games'}" for what, n in counts.items() if n]
        return store, (f"Your games fill the space this browser gives the page: the oldest "
                       f"{' and '.join(parts)} were removed to keep the newest (use “Export all” to keep "
                       "every record in a file).")

    def export_all(self) -> str:
        """Every kept game in one record file, oldest first, separated by blank lines."""
        games = []
        for entry in reversed(self.games):
            try:
                games.append(entry.game())
            except PhutballError:
                continue
        return records_text(games)


def load(storage: Storage) -> tuple[GameStore, str]:
    """The kept games, and the page's message about what could not be read ("" if all could)."""
    values, problem = read_stored(storage, SCHEMA)
    if values is None:
        return GameStore(), problem
    games, bad, seen = [], [], set()
    for item in values["games"]:
        try:
            entry = GameEntry.from_json(item)
        except ValueError as e:
            bad.append(str(e))
            continue
        if entry.id in seen:
            bad.append(f"a game's id {entry.id} is given twice")
            continue
        seen.add(entry.id)
        games.append(entry)
    if bad and not problem:
        problem = set_aside(storage, STORAGE_KEY, storage.get_item(STORAGE_KEY) or "",
                            f"{len(bad)} of your kept games ({bad[0]})", partly=True)
    current = values.get("current")
    return GameStore(tuple(sorted(games, key=lambda g: g.updated, reverse=True)),
                     current if isinstance(current, str) else None), problem


def save(storage: Storage, store: GameStore, limit: int = MAX_CHARS) -> tuple[GameStore, str]:
    """Store the kept games within ``limit`` characters; what was stored and the message (see :meth:`fitted`).
    A write the storage refuses raises (:class:`lab.savedstate.StorageFull` from a full storage)."""
    store, message = store.fitted(limit)
    storage.set_item(STORAGE_KEY, store.to_text())
    return store, message


def entry_of(game: Game, game_id: str, opponent: Opponent, now: str, before: GameEntry | None) -> GameEntry:
    """The entry of ``game`` kept as ``game_id`` (``before``: its entry so far, which keeps its start date)."""
    return GameEntry(game_id, opponent, game.to_record(), before.started if before else now[:10], now,
                     game.result, len(game.moves))


# ---------------------------------------------------------------- the list


def result_text(entry: GameEntry) -> str:
    """The result as the list says it, for the person when their side is known ("You won", "Ohs won")."""
    if entry.aborted:
        return "Aborted"
    if entry.result == "*":
        return "Unfinished"
    if entry.result == "draw":
        return "Draw"
    if entry.you is not None:
        return "You won" if entry.result == entry.you else "You lost"
    return f"{side_name(entry.result)} won"


def opponent_text(entry: GameEntry, level_label: Callable[[str], str] = str) -> str:
    if entry.seat is not None and entry.seat.watching:
        return "Watched by link"
    text = _OPPONENT_TEXT[entry.kind]
    if entry.level:
        text += f" ({level_label(entry.level)})"
    return text


def unreadable(store: GameStore) -> set[str]:
    """The ids of the kept games whose record does not replay (one replay each): their rows offer no action
    that needs the game."""
    bad = set()
    for g in store.games:
        try:
            g.game()
        except PhutballError:
            bad.add(g.id)
    return bad


def games_html(store: GameStore, level_label: Callable[[str], str] = str, broken: set[str] | None = None) -> str:
    """The list of kept games: a row per game (opponent, result, date, length) with its buttons; a game in
    ``broken`` (its record does not replay) says so and offers only Download and Delete."""
    if not store.games:
        return '<li class="small">No games yet: your games appear here from their first move.</li>'
    rows = []
    for g in store.games:
        gid = escape(g.id)
        current = " current" if g.id == store.current else ""
        moves = moves_text(g.plies)
        result = "its record cannot be read" if broken and g.id in broken else result_text(g)
        what = (f"{escape(opponent_text(g, level_label))} · {escape(result)} · "
                f'<span class="nowrap">{escape(g.started)}</span> · <span class="nowrap">{moves}</span>')
        acts = (("download", "Download"), ("delete", "Delete")) if broken and g.id in broken else (
            ("open", "Open"), ("review", "Review"), ("share", "Share"), ("download", "Download"), ("delete", "Delete"))
        buttons = "".join(f'<button type="button" data-game="{gid}" data-act="{act}">{label}</button>'
                          for act, label in acts)
        rows.append(f'<li class="game-row{current}" data-game-row="{gid}"><span>{what}</span>'
                    f'<span class="buttons">{buttons}</span></li>')
    return "".join(rows)


__all__ = ["ID", "MAX_CHARS", "OPPONENTS", "SCHEMA", "STORAGE_KEY", "GameEntry", "GameStore", "entry_of",
           "games_html", "load", "opponent_text", "result_text", "save", "unreadable"]
