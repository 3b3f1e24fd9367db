"""glue.remote's shared tools, run in CPython: show (one property-diff cache), forget, bind, closes, Event.modified.

What the glue sends is read the way the page gets it: the JSON batches posted on the channel."""

from __future__ import annotations

import asyncio
import json

import pytest

from glue import remote


class Channel:
    def __init__(self) -> None:
        self.batches: list[list[dict]] = []

    def postMessage(self, message: str) -> None:  # noqa: N802 (the worker's channel)
        self.batches.append(json.loads(message))


SNAPSHOT = {"controls": {"side-left": {"value": "L", "checked": True}}, "boxes": {}, "href": "", "hash": ""}


@pytest.fixture
def channel():
    ch = Channel()
    remote.init({"snapshot": SNAPSHOT}, ch)
    remote.forget(("t", "textContent"), ("t", "hidden"), ("c", "data-position"), ("side-left", "checked"))
    yield ch
    remote.init({"snapshot": {"controls": {}, "boxes": {}, "href": "", "hash": ""}}, None)


def sent(ch: Channel) -> list[dict]:
    remote.flush()
    return [op for batch in ch.batches for op in batch]


def test_show_sends_only_what_changed(channel):
    remote.show({("t", "textContent"): "Hello.", ("t", "hidden"): False, ("c", "data-position"): "9x9_O_E5"})
    assert sent(channel) == [{"op": "prop", "id": "t", "prop": "textContent", "value": "Hello."},
                             {"op": "prop", "id": "t", "prop": "hidden", "value": False},
                             {"op": "attr", "id": "c", "name": "data-position", "value": "9x9_O_E5"}]
    channel.batches.clear()
    remote.show({("t", "textContent"): "Hello.", ("t", "hidden"): True})
    assert sent(channel) == [{"op": "prop", "id": "t", "prop": "hidden", "value": True}]


def test_forget_sends_a_value_again(channel):
    remote.show({("t", "textContent"): "x"})
    remote.forget(("t", "textContent"))
    remote.show({("t", "textContent"): "x"})
    assert [op["value"] for op in sent(channel)] == ["x", "x"]


def test_a_checkbox_is_compared_with_the_page_not_the_cache(channel):
    remote.show({("side-left", "checked"): True})   # checked on the page already
    assert sent(channel) == []
    remote.show({("side-left", "checked"): False})
    assert sent(channel) == [{"op": "prop", "id": "side-left", "prop": "checked", "value": False}]


def test_bind_and_closes(channel):
    remote.bind({("games-close", "click"): remote.closes("games-dialog"), ("window", "resize"): lambda e: None})
    listens = [op for op in sent(channel) if op["op"] == "listen"]
    assert [(op["target"], op["event"]) for op in listens] == [("games-close", "click"), ("window", "resize")]
    channel.batches.clear()
    answer = json.loads(asyncio.run(remote.dispatch(listens[0]["handler"], "{}", json.dumps(SNAPSHOT))))
    assert answer + sent(channel) == [{"op": "call", "id": "games-dialog", "method": "close"}]  # the Close button


def test_an_event_with_ctrl_meta_or_alt_is_modified():
    assert remote.Event({"key": "b", "ctrlKey": True}).modified()
    assert remote.Event({"key": "b", "altKey": True}).modified()
    assert not remote.Event({"key": "b", "shiftKey": True}).modified()
