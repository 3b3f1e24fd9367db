"""Your rating: Elo on the computer ladder's scale, from your games against the computer (pure Python).

Each finished 2D game against the computer counts once (by its id in :mod:`lab.gamestore`): a
win scores 1, a draw 1/2, a loss 0, against the level's fitted rating (``phutball.ai.LEVELS``,
docs/computer.md: Elo points on 15x19 with random moves at 0)::

    expected = 1 / (1 + 10 ** ((level - you) / 400))
    you += K * (score - expected)             # K = 32

A newcomer starts at the rating of the level a newcomer plays, *novice* (870), so the first
games against it move the rating by 16 either way.  Stored in
``localStorage["phutball.rating.v1"]``::

    {"v": 1, "rating": 902.0, "history": [["2026-11-25", 902.0], ...], "rated": [<game id>, ...]}

``history`` keeps the last :data:`HISTORY` ratings, ``rated`` the last :data:`RATED` game ids.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace

from lab.savedstate import Field, Schema, Storage, read_stored

STORAGE_KEY = "phutball.rating.v1"
K = 32
#: The level a newcomer starts at (lab.play.DEFAULT_LEVEL), whose rating is a newcomer's rating.
START_LEVEL = "novice"
HISTORY = 50
RATED = 500


def _number(value: float) -> bool:
    return -10_000 <= value <= 20_000


def _history(value: list[object]) -> bool:
    return all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and isinstance(p[1], (int, float))
               and not isinstance(p[1], bool) for p in value)


def _ids(value: list[object]) -> bool:
    return all(isinstance(i, str) for i in value)


SCHEMA = Schema(STORAGE_KEY, "your rating", (
    Field("rating", ("number", "integer"), "a rating", _number, required=True),
    Field("history", ("array",), "a list of [date, rating]", _history),
    Field("rated", ("array",), "a list of game ids", _ids),
))


def level_rating(level: str) -> float:
    """The fitted rating of a computer level (:class:`KeyError` for an unknown or unrated one)."""
    from phutball.ai import LEVELS
    rating = LEVELS[level].rating
    if rating is None:
        raise KeyError(level)
    return float(rating)


def start_rating() -> float:
    return level_rating(START_LEVEL)


def expected(you: float, opponent: float) -> float:
    """The score Elo expects of a player rated ``you`` against ``opponent``."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - you) / 400.0))


def updated(you: float, opponent: float, score: float, k: float = K) -> float:
    """The rating after a game scored ``score`` (1, 1/2 or 0) against ``opponent``."""
    return you + k * (score - expected(you, opponent))


@dataclass(frozen=True)
class Rating:
    """Your rating, its history (date, rating) and the games already counted."""

    value: float
    history: tuple[tuple[str, float], ...] = ()
    rated: tuple[str, ...] = ()

    @property
    def games(self) -> int:
        return len(self.history)

    def change(self) -> float | None:
        """The last game's change (None before any game)."""
        if not self.history:
            return None
        before = self.history[-2][1] if len(self.history) > 1 else start_rating()
        return self.history[-1][1] - before

    def record(self, game_id: str, level: str, score: float, date: str) -> "Rating":
        """The rating after game ``game_id`` against ``level``; unchanged if that game was counted already."""
        if game_id in self.rated:
            return self
        value = updated(self.value, level_rating(level), score)
        return replace(self, value=value, history=(*self.history, (date, round(value, 1)))[-HISTORY:],
                       rated=(*self.rated, game_id)[-RATED:])

    def text(self) -> str:
        """The panel's line: "Your rating: 1040 (+16)", "Your rating: 870 (no games yet)"."""
        change = self.change()
        if change is None:
            return f"Your rating: {round(self.value)} (no games against the computer yet)"
        return f"Your rating: {round(self.value)} ({round(change):+d})"

    def history_text(self) -> str:
        """The history in one line, oldest first ("870 → 886 → 870")."""
        values = [start_rating()] + [r for _, r in self.history] if self.history else [self.value]
        return " → ".join(str(round(v)) for v in values[-10:])

    def to_text(self) -> str:
        return json.dumps({"v": SCHEMA.version, "rating": round(self.value, 1),
                           "history": [list(p) for p in self.history], "rated": list(self.rated)})


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


def load(storage: Storage) -> tuple[Rating, str]:
    """The stored rating (a newcomer's if none), and the page's message about what could not be read."""
    values, problem = read_stored(storage, SCHEMA)
    if values is None:
        return Rating(start_rating()), problem
    history = tuple((str(d), float(r)) for d, r in values.get("history", []))
    return Rating(float(values["rating"]), history, tuple(values.get("rated", []))), problem


def save(storage: Storage, rating: Rating) -> None:
    storage.set_item(STORAGE_KEY, rating.to_text())


__all__ = ["K", "SCHEMA", "START_LEVEL", "STORAGE_KEY", "Rating", "expected", "level_rating", "load",
           "nearest_level", "save", "score_of", "start_rating", "updated"]
