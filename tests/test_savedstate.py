"""Reading localStorage values safely: corrupt and deeply nested values are set aside, never crash."""

import json

import pytest

from helpers import FakeStorage

from lab.learn import SCHEMA as LEARN
from lab.mistakes import Mistake, mistake_id
from lab.learn import LearnController
from lab.play import PlayController
from lab.puzzleledger import ENTRY_FIELDS, Attempt, Earlier, OpenAttempt, PuzzleLedger, Runs, SavedProgress, Streak, load
from lab.puzzleledger import PROGRESS_SCHEMA as PUZZLES
from lab.puzzleledger import PROGRESS_SCHEMA_V1 as PUZZLES_V1
from lab.savedgame import SCHEMA as PLAY
from lab.savedgame import initial_controller, saved_data
from lab.savedstate import (JSON_TYPES, MAX_DEPTH, Field, StoredValueError, backup_key, json_type, load_json,
                            nesting_depth, set_aside)
from phutball.game import Game

DEEP = '{"v":1,"record":' + "[" * 5000 + "]" * 5000 + "}"  # issue 15, item 12


def test_nesting_depth_ignores_brackets_in_strings():
    assert nesting_depth('{"a": [1, {"b": "[[[{{{"}]}') == 3
    assert nesting_depth('"\\"[["') == 0
    assert nesting_depth(DEEP) == 5001


@pytest.mark.parametrize("raw", [DEEP, "[" * 100_000, "{" * 50 + "}" * 50, "not json", '{"v":1,', "\ud800"])
def test_unreadable_values_raise_the_documented_error_only(raw):
    with pytest.raises(StoredValueError) as e:
        load_json(raw)
    assert str(e.value).startswith("it is")


def test_readable_values_load_and_the_limit_is_generous():
    assert load_json('{"v": 1, "record": "x", "previous": {"record": "y"}}')["v"] == 1
    assert load_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_set_aside_keeps_the_value_under_a_backup_key_and_says_where():
    s = FakeStorage()
    msg = set_aside(s, "phutball.play.v1", DEEP, "it is nested too deep")
    assert s.items[backup_key("phutball.play.v1")] == DEEP
    assert "phutball.play.v1.unreadable" in msg and "nested too deep" in msg


@pytest.mark.parametrize("raw", [DEEP, '{"v":1,"done":' + "[" * 5000 + "]" * 5000 + "}", "garbage", "null",
                                 json.dumps({"v": 1, "done": "place"}), json.dumps({"v": 1, "done": [[[1]]]})])
def test_the_lesson_sets_unreadable_progress_aside_and_starts_at_step_one(raw):
    s = FakeStorage()
    s.items[LEARN.key] = raw
    c = LearnController()
    c.start(s)
    assert c.done == set() and c.index == 0
    assert "could not be read" in c.board.error and s.items[backup_key(LEARN.key)] == raw
    assert LEARN.read(s.items[LEARN.key]).problems == ()  # stored again, readable: said once


# ---------------------------------------------------------------- every stored field, every wrong JSON type
# Issue 24 item 1: a saved game whose level was a list stopped the play page at start
# (`level in LEVELS` on an unhashable value). Each page's start is run here as the page
# runs it, with each field of its stored value replaced by a value of each other JSON type.

WRONG = {"null": None, "boolean": True, "integer": 7, "number": 1.5, "string": "x", "array": [1, ["a"]],
         "object": {"a": [1]}}


def _play_doc() -> dict:
    ctl = PlayController.new("9x9_O_E5")
    ctl.game.push(ctl.position.parse_move("E6"))
    ctl.restore_settings("computer", "O", "easy")  # Eks to move: the person's turn
    ctl.history.previous = Game.from_record('[Size "9x9"]\n\n1. D4\n')
    return saved_data(ctl)


def _start_play(s: FakeStorage) -> tuple[str, dict]:
    ctl = initial_controller(s, "")
    state = ctl.state
    return state.error, {"moves": list(ctl.game.moves), "level": state.level, "mode": state.mode,
                         "previous": ctl.history.previous is not None}


def _start_learn(s: FakeStorage) -> tuple[str, dict]:
    c = LearnController()
    c.start(s)
    return c.board.error, {"done": sorted(c.done), "index": c.index}


def _start_puzzles(s: FakeStorage) -> tuple[str, dict]:
    saved, message = load(s)
    return message, {"progress": saved.ledger.progress, "rating": saved.ledger.rating}


def _puzzles_doc() -> dict:
    """Version 2 of the puzzles page's progress (lab.puzzleledger), with one of everything."""
    ledger = PuzzleLedger(1250, (Earlier("a", True, 2),),
                          (Attempt("00000000000000a1", "b", "2026-11-27T17:20:05.123Z", "hints", 1, 1466),),
                          (OpenAttempt("00000000000000a2", "c", 2),))
    position = "9x9_O_E5_D6E2E3"
    mistake = Mistake(mistake_id(position, "A9"), position, "A9", "C8", ("E4",), 0, "2026-11-27")
    return json.loads(SavedProgress(ledger, Runs(3, Streak(5, 1)), (mistake,)).to_text())


PAGES = {
    "play": (PLAY, _play_doc, _start_play),
    "learn": (LEARN, lambda: {"v": 1, "done": ["place", "jump"], "step": "jump"}, _start_learn),
    "puzzles": (PUZZLES, _puzzles_doc, _start_puzzles),
    "puzzles-v1": (PUZZLES_V1, lambda: {"v": 1, "puzzles": {"a": {"solved": True, "attempts": 2},
                                                            "b": {"solved": False, "attempts": 1}},
                                        "rating": 1300}, _start_puzzles),
}


def _cases():
    for page, (schema, doc, _) in PAGES.items():
        fields = [(("v",), ("integer",))] + [((f.name,), f.types) for f in schema.fields]
        if page == "play":
            fields += [(("previous", "record"), ("string",)), (("previous", "ply"), ("integer",))]
        if page == "puzzles-v1":
            fields += [(("puzzles", "a", f.name), f.types) for f in ENTRY_FIELDS] + [(("puzzles", "a"), ("object",))]
        if page == "puzzles":  # an entry of the earlier table, of the ledger, of the open attempts
            fields += [(("earlier", "a"), ("array",)), (("ledger", 0), ("array",)), (("open", 0), ("array",))]
        for path, types in fields:
            for kind in WRONG:
                if kind not in types and not (kind == "integer" and "number" in types):
                    yield pytest.param(page, path, kind, id=f"{page}-{'.'.join(map(str, path))}-{kind}")


def _put(doc: dict, path: tuple[str, ...], value) -> None:
    for name in path[:-1]:
        doc = doc[name]
    doc[path[-1]] = value


def test_every_page_declares_each_field_it_stores():
    """The schemas name exactly the fields the pages write, so the test below covers every one."""
    assert set(_play_doc()) - {"v"} == set(PLAY.field_names())
    c = LearnController()
    assert set(json.loads(c.progress_json())) - {"v"} == set(LEARN.field_names())
    assert set(_puzzles_doc()) - {"v"} == set(PUZZLES.field_names())


@pytest.mark.parametrize("page,path,kind", list(_cases()))
def test_a_stored_field_of_the_wrong_json_type_is_set_aside_and_the_page_starts(page, path, kind):
    schema, make_doc, start = PAGES[page]
    good = FakeStorage()
    good.items[schema.key] = json.dumps(make_doc())
    message, kept = start(good)
    assert message == "" and backup_key(schema.key) not in good.items
    doc = make_doc()
    _put(doc, path, WRONG[kind])
    raw = json.dumps(doc)
    s = FakeStorage()
    s.items[schema.key] = raw
    message, got = start(s)  # never raises
    assert "could not be read" in message and s.items[backup_key(schema.key)] == raw
    assert len(message) < 400
    if path[0] != "v" and page == "play" and path != ("record",):  # the game itself is kept
        assert got["moves"] == kept["moves"]
    if path[0] not in ("v", "record", "puzzles") or len(path) > 1:
        assert "Part of your saved data" in message
        assert path[0] in message or page == "puzzles"  # an entry's message names the entry, not its list
    if page.startswith("puzzles") and path[0] != "v" and path != ("puzzles",):
        lost = path[0] == "earlier" or path[:2] == ("puzzles", "a")  # what held puzzle a's tick
        assert lost or got["progress"]["a"]["solved"]  # the rest is kept
    again, _ = start(s)  # stored again without the bad part: said once
    assert again == ""


def test_a_stored_level_that_is_a_list_no_longer_stops_the_play_page():
    """The reported case (issue 24 item 1), in the page's own words."""
    doc = _play_doc()
    doc["level"] = ["hard"]
    s = FakeStorage()
    s.items[PLAY.key] = json.dumps(doc)
    ctl = initial_controller(s, "")
    assert ctl.state.level == "novice" and ctl.state.mode == "computer"  # the default level
    assert len(ctl.game.moves) == 1
    assert "level is an array, not a level name" in ctl.state.error and PLAY.key + ".unreadable" in ctl.state.error


def test_a_saved_game_at_a_former_level_name_loads_at_that_level():
    """Issue 44: "hard", the strongest level's name until the names rose with the ratings, is read as today's
    name (the level menu has no "hard"); the game and its settings load with no complaint."""
    doc = _play_doc()
    doc["level"] = "hard"
    s = FakeStorage()
    s.items[PLAY.key] = json.dumps(doc)
    ctl = initial_controller(s, "")
    assert ctl.state.error == "" and ctl.state.level == "grandmaster" and ctl.state.mode == "computer"
    assert len(ctl.game.moves) == 1
    assert ctl.computer_job(ctl.state.level).level == "grandmaster"


def test_json_types_are_told_apart_as_json_tells_them():
    assert [json_type(v) for v in (None, True, 0, 0.5, "", [], {})] == list(JSON_TYPES)
    f = Field("ply", ("integer",), "a move number", lambda v: v >= 0)
    assert f.problem(3) is None and f.problem(True) == "ply is a boolean, not a move number"
    assert f.problem(-1) == "ply -1 is not a move number"
