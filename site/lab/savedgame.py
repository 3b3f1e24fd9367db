"""The play page's saved game (``localStorage["phutball.play.v1"]``): its format, and the page's start from it.

Pure Python: ``glue/play.py`` only hands in the storage and the link's
fragment.  The stored value is one JSON object::

    {"v": 1, "record": <game record>, "ply": <move shown>, "position": <position string>,
     "mode": "two-players" | "computer", "computer": <side> | null, "level": <level name>,
     "previous": {"record": ..., "ply": ...},         # the game a link replaced, until a move is made
     "flipped": <bool>, "sounds": <bool>}             # the board turned (flip button); the Sounds switch

``record`` is required (without it nothing can be restored); every other field
is type-checked (:class:`lab.savedstate.Schema`): a wrong one falls back to its
default, the stored text is set aside and the page says so once.
``position`` is read only by the page's JavaScript, to draw the board before
Python is ready.
"""

from __future__ import annotations

import json
from typing import Any, NotRequired, TypedDict

from lab import opponent as opponents
from lab.gamestore import ID, GameStore
from lab.play import PlayController
from lab.savedstate import Field, Schema, Storage, read_stored, set_aside
from phutball.errors import PhutballError
from phutball.game import Game
from phutball.sides import SIDE_NAMES

STORAGE_KEY = "phutball.play.v1"
MODES = ("two-players", "computer")


def _move_number(value: int) -> bool:
    return value >= 0


def _level(value: str) -> bool:
    from phutball.ai import level_name  # the search module is imported when the computer first plays
    return level_name(value) is not None  # a former name too: the controller reads it as today's


def _previous(value: dict[str, Any]) -> bool:
    return isinstance(value.get("record"), str)  # its ply is read as the game's own (clamped, else the end)


def _opponent(value: dict[str, Any]) -> bool:
    try:
        opponents.from_json(value)
    except ValueError:
        return False
    return True


#: The move shown of the previous game (``previous.ply``).
PREVIOUS_PLY = Field("previous.ply", ("integer",), "a move number", _move_number)

SCHEMA = Schema(STORAGE_KEY, "a saved game", (
    Field("record", ("string",), "a game record", required=True),
    Field("ply", ("integer",), "a move number", _move_number),
    Field("position", ("string",), "a position string"),
    Field("mode", ("string",), "two-players or computer", lambda v: v in MODES),
    Field("computer", ("string", "null"), "a side or null", lambda v: v is None or v in SIDE_NAMES),
    Field("level", ("string",), "a level name", _level),
    Field("previous", ("object",), "a game with its record", _previous),
    Field("id", ("string",), "a game id", lambda v: bool(ID.fullmatch(v))),
    Field("opponent", ("object",), "an opponent", _opponent),
    Field("flipped", ("boolean",), "true or false"),
    Field("sounds", ("boolean",), "true or false"),
))


class SavedPrevious(TypedDict):
    record: str
    ply: int
    id: str


class SavedGame(TypedDict):
    """What :func:`saved_data` returns: the stored JSON object (:data:`SCHEMA`)."""

    v: int
    record: str
    ply: int
    position: str
    mode: str
    computer: str | None
    level: str
    previous: NotRequired[SavedPrevious]
    id: str
    opponent: dict[str, Any]
    flipped: bool
    sounds: bool


def saved_data(ctl: PlayController) -> SavedGame:
    """What the page stores for ``ctl``'s game (the format above)."""
    state, history = ctl.state, ctl.history
    data: SavedGame = {"v": SCHEMA.version, "record": ctl.export_record(), "ply": ctl.game.cursor,
                       "position": str(ctl.position), "mode": state.mode, "computer": state.computer_side,
                       "level": state.level, "id": state.game_id, "opponent": opponents.to_json(state.opponent),
                       "flipped": state.flipped, "sounds": state.sounds}
    if history.previous is not None:  # kept across reloads until a move is made on the new game
        data["previous"] = {"record": history.previous.to_record(), "ply": history.previous.cursor,
                            "id": history.previous_id}
    return data


def save(storage: Storage, ctl: PlayController) -> None:
    storage.set_item(STORAGE_KEY, json.dumps(saved_data(ctl)))


def _game(data: dict[str, Any]) -> Game | None:
    """The game of a saved ``{"record", "ply"}`` (the cursor clamped to its moves), or None if unreadable."""
    try:
        game = Game.from_record(data["record"])
    except PhutballError:
        return None
    ply = data.get("ply")
    game.goto(ply if isinstance(ply, int) and not isinstance(ply, bool) and 0 <= ply <= len(game.moves)
              else len(game.moves))
    return game


def _old_id(game: Game, kept: GameStore | None) -> str:
    """The id of a game saved before ids were kept: the kept current game's if they are the same game."""
    entry = kept.get(kept.current) if kept is not None else None
    if entry is None:
        return ""
    try:
        same = entry.game()
    except PhutballError:
        return ""
    return entry.id if str(same.start) == str(game.start) and same.moves == game.moves else ""


def initial_controller(storage: Storage, link: str = "", kept: GameStore | None = None) -> PlayController:
    """The play page's controller at start: the saved game (settings included), then the link's position.

    Nothing stored is lost: what cannot be used is set aside (:mod:`lab.savedstate`)
    and ``ctl.state.error`` says so; a bad link is reported and the restored game stays.  The game keeps the id
    it was saved with; a game saved before ids were kept takes the id of ``kept``'s current game only if
    they are the same game, move for move (else a new one: it is a game of its own).
    """
    values, problem = read_stored(storage, SCHEMA)
    ctl = PlayController.new()
    state, history = ctl.state, ctl.history
    if values is not None:
        game = _game(values)
        if game is None:
            problem = set_aside(storage, STORAGE_KEY, storage.get_item(STORAGE_KEY) or "",
                                "its game record is not valid")
        else:
            state.game = game
            state.cursor = state.ball
            if "previous" in values:
                history.previous = _game(values["previous"])
                ply = values["previous"].get("ply", 0)
                why = ("the previous game's record is not valid" if history.previous is None else
                       PREVIOUS_PLY.problem(ply))  # a bad ply: that game is shown at its end
                if why:  # kept under the backup key: the next save writes what could be used
                    problem = set_aside(storage, STORAGE_KEY, storage.get_item(STORAGE_KEY) or "", why, partly=True)
            ctl.restore_settings(values.get("mode"), values.get("computer"), values.get("level"))
            if "opponent" in values:
                state.opponent = opponents.from_json(values["opponent"])
            state.game_id = values.get("id") or _old_id(game, kept) or state.game_id
            previous = values.get("previous") or {}
            if history.previous is not None and isinstance(previous.get("id"), str) and ID.fullmatch(previous["id"]):
                history.previous_id = previous["id"]
            elif history.previous is not None:
                history.previous_id = state.new_id()
            state.flipped = values.get("flipped") is True
            state.sounds = values.get("sounds") is True
            state.announcement = "Game restored. " + ctl.words.status()
    state.error = "\n".join(e for e in (problem, state.error) if e)
    if problem:  # what could be used is stored again, so the message is said once
        save(storage, ctl)
    if link and link != str(ctl.position):
        error = state.error
        ctl.load_position(link)  # a bad link is reported; the restored game stays either way
        state.error = "\n".join(e for e in (error, state.error) if e)
    return ctl


__all__ = ["MODES", "SCHEMA", "STORAGE_KEY", "initial_controller", "save", "saved_data"]
