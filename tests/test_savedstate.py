"""Reading localStorage values safely: corrupt and deeply nested values are set aside, never crash."""

import json

import pytest

from lab.learn import LearnController
from lab.savedstate import MAX_DEPTH, StoredValueError, backup_key, load_json, nesting_depth, set_aside

DEEP = '{"v":1,"record":' + "[" * 5000 + "]" * 5000 + "}"  # issue 15, item 12


class FakeStorage:
    def __init__(self):
        self.items = {}

    def get_item(self, key):
        return self.items.get(key)

    def set_item(self, key, value):
        self.items[key] = value


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
def test_the_lesson_ignores_unreadable_progress(raw):
    c = LearnController()
    assert not c.load_progress(raw) or c.done == set()
