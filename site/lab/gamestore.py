"""Your games: every game played on the play page, kept in ``localStorage["phutball.games.v1"]`` (pure Python).

The stored value is one JSON object (read through :class:`lab.savedstate.Schema`)::

    {"v": 1, "current": <id of the game on the board> | null,
     "games": [{"id": <12 hex digits>, "opponent": "computer" | "here" | "link",
                "you": <side> | null, "level": <level name> | null,
                "started": "2026-11-25", "updated": "2026-11-25T19:30:00",
                "result": "O" | "X" | "L" | "R" | "draw" | "*", "plies": <moves>,
                "record": <the game record (phutball.game)>}, ...]}       # newest first

A game is kept once it has a move.  A game entry that cannot be read is left out and the
stored text set aside (the page says so once).  The whole value is kept under
:data:`MAX_CHARS` characters (localStorage holds about 5 million): past it, the oldest
finished games are dropped first, then the oldest unfinished ones, and the page says how
many (:meth:`GameStore.fitted`).  :class:`Keeper` follows the board: which kept game it
shows, and the entry to write after each change.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from html import escape
from typing import TYPE_CHECKING, Any, Callable

from lab.savedstate import Field, Schema, Storage, json_type, read_stored, set_aside
from phutball.errors import PhutballError
from phutball.game import RESULTS, Game, records_text
from phutball.sides import SIDE_NAMES, side_name

if TYPE_CHECKING:
    from lab.linkgame import KeptLink
    from lab.play import PlayController

STORAGE_KEY = "phutball.games.v1"
OPPONENTS = ("computer", "here", "link")
#: The most characters the kept games may take in localStorage (the rest of the site's data is far smaller).
MAX_CHARS = 1_500_000
_OPPONENT_TEXT = {"computer": "The computer", "here": "A friend here", "link": "A friend by link"}


def _games(value: list[Any]) -> bool:
    return True  # each entry is checked on its own (GameEntry.from_json): one bad entry loses only itself


SCHEMA = Schema(STORAGE_KEY, "your kept games", (
    Field("games", ("array",), "a list of games", _games, required=True),
    Field("current", ("string", "null"), "a game id or null"),
))


@dataclass(frozen=True)
class GameEntry:
    """One kept game: who played, the result and length (to list it without replaying), and its record."""

    id: str
    opponent: str
    record: str
    started: str
    updated: str
    result: str = "*"
    plies: int = 0
    you: str | None = None
    level: str | None = None

    @property
    def finished(self) -> bool:
        return self.result != "*"

    def game(self) -> Game:
        """The kept game (its record replayed by the engine)."""
        return Game.from_record(self.record)

    def kept_link(self) -> "KeptLink":
        """This game as :func:`lab.linkgame.open_link` compares a link with it."""
        from lab.linkgame import KeptLink
        game = self.game()
        return KeptLink(str(self.you), str(game.start), tuple(game.moves), bool(getattr(game, "pie", False)))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "opponent": self.opponent, "you": self.you, "level": self.level,
                "started": self.started, "updated": self.updated, "result": self.result, "plies": self.plies,
                "record": self.record}

    @classmethod
    def from_json(cls, data: Any) -> "GameEntry":
        """An entry from its JSON object; :class:`ValueError` saying which field is wrong."""
        if not isinstance(data, dict):
            raise ValueError(f"a game is {json_type(data)}, not an object")
        want = {"id": "string", "opponent": "string", "record": "string", "started": "string", "updated": "string",
                "result": "string", "plies": "integer"}
        for name, kind in want.items():
            if json_type(data.get(name)) != kind:
                raise ValueError(f"a game's {name} is {json_type(data.get(name))}, not {kind}")
        for name in ("you", "level"):
            if json_type(data.get(name)) not in ("string", "null"):
                raise ValueError(f"a game's {name} is {json_type(data.get(name))}, not a string or null")
        if data["opponent"] not in OPPONENTS:
            raise ValueError(f"a game's opponent {data['opponent'][:20]!r} is not one of {', '.join(OPPONENTS)}")
        if data["result"] not in RESULTS:
            raise ValueError(f"a game's result {data['result'][:20]!r} is not one of {', '.join(RESULTS)}")
        if data.get("you") is not None and data["you"] not in SIDE_NAMES:
            raise ValueError(f"a game's side {data['you'][:20]!r} is not a side")
        return cls(data["id"], data["opponent"], data["record"], data["started"], data["updated"],
                   data["result"], max(0, data["plies"]), data.get("you"), data.get("level"))


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

    def to_text(self) -> str:
        return json.dumps({"v": SCHEMA.version, "current": self.current, "games": [g.to_json() for g in self.games]},
                          separators=(",", ":"))

    def fitted(self, limit: int = MAX_CHARS) -> tuple["GameStore", str]:
        """This store within ``limit`` characters: the oldest finished games dropped first, then the oldest
        unfinished ones (never the one on the board); and the message saying so ("" when all fit)."""
        store = self
        dropped = {"finished": 0, "unfinished": 0}
        while len(store.to_text()) > limit:
            candidates = ([g for g in reversed(store.games) if g.finished and g.id != store.current]
                          or [g for g in reversed(store.games) if g.id != store.current])
            if not candidates:
                break
            victim = candidates[0]
            dropped["finished" if victim.finished else "unfinished"] += 1
            store = replace(store, games=tuple(g for g in store.games if g.id != victim.id))
        parts = [f"{n} {what} {'game' if n == 1 else 'games'}" for what, n in dropped.items() if n]
        if not parts:
            return store, ""
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
    games, bad = [], []
    for item in values["games"]:
        try:
            games.append(GameEntry.from_json(item))
        except ValueError as e:
            bad.append(str(e))
    if bad and not problem:
        problem = set_aside(storage, STORAGE_KEY, storage.get_item(STORAGE_KEY) or "",
                            f"{len(bad)} of your kept games ({bad[0]})", partly=True)
    current = values.get("current")
    return GameStore(tuple(sorted(games, key=lambda g: g.updated, reverse=True)),
                     current if isinstance(current, str) else None), problem


def save(storage: Storage, store: GameStore, limit: int = MAX_CHARS) -> tuple[GameStore, str]:
    """Store the kept games within ``limit`` characters; what was stored and the message (see :meth:`fitted`)."""
    store, message = store.fitted(limit)
    storage.set_item(STORAGE_KEY, store.to_text())
    return store, message


# ---------------------------------------------------------------- following the board


def entry_of(ctl: "PlayController", game_id: str, now: str, before: GameEntry | None) -> GameEntry:
    """The entry of the game on ``ctl``'s board (``before``: its entry so far, which keeps its start date)."""
    game = ctl.game
    link = ctl.link
    if link is not None:
        opponent, you, level = "link", link.you, None
    elif ctl.against_computer and ctl.computer_side:
        from phutball.sides import other_side
        opponent, you = "computer", other_side(ctl.computer_side)
        level = ctl.level if ctl.variant.is_board else None
    else:
        opponent, you, level = "here", None, None
    return GameEntry(game_id, opponent, game.to_record(), before.started if before else now[:10], now,
                     game.result, len(game.moves), you, level)


@dataclass
class Keeper:
    """Which kept game the board shows, and keeping it up to date (the glue calls :meth:`observe`).

    A game gets an id when its first move is made; the same game object keeps its id (Undo, Redo, a
    new line); a game the controller replaced and brought back (“Restore your previous game”) keeps
    its id too.
    """

    store: GameStore
    new_id: Callable[[], str]
    ids: dict[int, tuple[Game, str]] = field(default_factory=dict)  # id(game) -> (the game, its entry's id)
    tracked: Game | None = None

    def adopt(self, game: Game, game_id: str) -> None:
        """``game`` (now on the board) is the kept game ``game_id``."""
        self.ids[id(game)] = (game, game_id)
        self.tracked = game
        self.store = replace(self.store, current=game_id)

    def id_of(self, ctl: "PlayController") -> str | None:
        """The id of the game on the board (None before its first move)."""
        game = ctl.game
        known = self.ids.get(id(game))
        if known is not None and known[0] is game:
            return known[1]
        link = ctl.link
        if link is not None:
            self.adopt(game, link.id)
            return link.id
        prev = self.tracked
        if (prev is not None and prev is not game and str(prev.start) == str(game.start)
                and list(prev.moves) in ctl.lines):  # a line restored: the same game, another line of it
            game_id = self.ids[id(prev)][1]
            self.adopt(game, game_id)
            return game_id
        if not game.moves:
            return None
        game_id = self.new_id()
        self.adopt(game, game_id)
        return game_id

    def attach(self, ctl: "PlayController") -> GameEntry | None:
        """At the page's start: the restored game on the board is the kept game ``current`` if it is the
        same game (same start, one's moves the start of the other's); that entry, or None."""
        entry = self.store.get(self.store.current)
        if entry is None:
            return None
        try:
            kept = entry.game()
        except PhutballError:
            return None
        game = ctl.game
        n = min(len(kept.moves), len(game.moves))
        if str(kept.start) != str(game.start) or kept.moves[:n] != game.moves[:n]:
            return None
        self.adopt(game, entry.id)
        return entry

    def observe(self, ctl: "PlayController", now: str) -> GameEntry | None:
        """The board's game as an entry when it changed since kept (None: nothing to write)."""
        game_id = self.id_of(ctl)
        if game_id is None:
            return None
        self.tracked = ctl.game
        before = self.store.get(game_id)
        if before is not None and before.opponent == "link" and before.you and ctl.link is None:
            from lab.linkgame import LinkSeat  # a game by link brought back (“Restore your previous game”)
            ctl.link = LinkSeat(game_id, before.you)
        entry = entry_of(ctl, game_id, now, before)
        if before is not None and replace(before, updated=now) == entry and self.store.current == game_id:
            return None
        if before is not None and before.record == entry.record and before.opponent == entry.opponent:
            entry = replace(entry, updated=before.updated)  # only the settings changed: it keeps its place
        self.store = replace(self.store.with_game(entry), current=game_id)
        return entry


# ---------------------------------------------------------------- the list


def result_text(entry: GameEntry) -> str:
    """The result as the list says it, for the person when their side is known ("You won", "Ohs won")."""
    if entry.result == "*":
        return "Unfinished"
    if entry.result == "draw":
        return "Draw"
    if entry.you is not None:
        return "You won" if entry.result == entry.you else "You lost"
    return f"{side_name(entry.result)} won"


def opponent_text(entry: GameEntry, level_label: Callable[[str], str] = str) -> str:
    text = _OPPONENT_TEXT[entry.opponent]
    if entry.opponent == "computer" and entry.level:
        text += f" ({level_label(entry.level)})"
    return text


def games_html(store: GameStore, level_label: Callable[[str], str] = str) -> str:
    """The list of kept games: a row per game (opponent, result, date, length) with its buttons."""
    if not store.games:
        return '<li class="small">No games yet: your games appear here from their first move.</li>'
    rows = []
    for g in store.games:
        gid = escape(g.id)
        current = " current" if g.id == store.current else ""
        moves = f"{g.plies} {'move' if g.plies == 1 else 'moves'}"
        what = (f"{escape(opponent_text(g, level_label))} · {escape(result_text(g))} · "
                f'<span class="nowrap">{escape(g.started)}</span> · <span class="nowrap">{moves}</span>')
        buttons = "".join(f'<button type="button" data-game="{gid}" data-act="{act}">{label}</button>'
                          for act, label in (("open", "Open"), ("review", "Review"), ("share", "Share"),
                                             ("download", "Download")))
        rows.append(f'<li class="game-row{current}" data-game-row="{gid}"><span>{what}</span>'
                    f'<span class="buttons">{buttons}</span></li>')
    return "".join(rows)


__all__ = ["MAX_CHARS", "OPPONENTS", "SCHEMA", "STORAGE_KEY", "GameEntry", "GameStore", "Keeper", "entry_of",
           "games_html", "load", "opponent_text", "result_text", "save"]
