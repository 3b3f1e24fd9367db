"""glue.remote, the transport, run in CPython: the glue's names are the page's one link's, its operations
cross to the page as JSON posted on the channel, and an event comes back as JSON.

(The link itself, show's one property-diff cache, bind, closes and the rest, is tests/test_pagelink.py's.)"""

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


SNAPSHOT = {"controls": {"side-left": {"value": "L", "checked": True}}, "boxes": {}, "href": "", "hash": "#E5"}


@pytest.fixture
def channel():
    ch = Channel()
    remote.init({"snapshot": json.loads(json.dumps(SNAPSHOT)), "storage": {"k": "v"}}, ch)
    remote.forget(("t", "textContent"), ("side-left", "checked"))
    yield ch
    remote.init({"snapshot": {"controls": {}, "boxes": {}, "href": "", "hash": ""}}, None)


def sent(ch: Channel) -> list[dict]:
    remote.flush()
    return [op for batch in ch.batches for op in batch]


def test_the_glues_names_are_the_one_links():
    assert remote.show == remote.link.show and remote.el("x") == remote.link.el("x")
    assert remote.storage is remote.link.storage and remote.root.id == "html"


def test_show_is_posted_as_one_json_batch(channel):
    remote.show({("t", "textContent"): "Hello.", ("side-left", "checked"): True})   # checked on the page already
    remote.draw("board", [{"shape": "line"}])
    remote.flush()
    assert channel.batches == [[{"op": "prop", "id": "t", "prop": "textContent", "value": "Hello."},
                                {"op": "draw", "canvas": "board", "shapes": [{"shape": "line"}]}]]
    remote.flush()
    assert len(channel.batches) == 1   # nothing more queued: nothing posted


def test_the_page_state_comes_from_init(channel):
    assert (remote.location_hash(), remote.storage.get_item("k")) == ("E5", "v")


def test_an_event_is_answered_on_the_channel(channel):
    remote.bind({("games-close", "click"): remote.closes("games-dialog")})
    [listen] = [op for op in sent(channel) if op["op"] == "listen"]
    channel.batches.clear()
    event = json.dumps({"type": "click", "target": {"id": "games-close"}})
    answer = asyncio.run(remote.dispatch(listen["handler"], event, json.dumps(SNAPSHOT)))
    assert answer == "[]" and channel.batches == [[{"op": "call", "id": "games-dialog", "method": "close"}]]


def test_without_a_channel_the_answer_carries_the_operations():
    remote.init({}, None)
    remote.on(remote.window, "resize", lambda e: remote.el("t").focus())
    [listen] = remote.link.take()
    answer = asyncio.run(remote.dispatch(listen["handler"], "{}", json.dumps(SNAPSHOT)))
    assert json.loads(answer) == [{"op": "call", "id": "t", "method": "focus"}]
