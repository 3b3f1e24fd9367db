"""lab.pagelink, the worker's view of the page, run in CPython on its own link: show (one property-diff
cache), forget, bind, closes, elements read from the snapshot, events delivered, storage, the URL.

What the glue sends is read the way the page gets it: the batches posted to it."""

from __future__ import annotations

import asyncio

import pytest

from lab.pagelink import Event, PageLink, empty_snapshot

SNAPSHOT = {"controls": {"side-left": {"value": "L", "checked": True}}, "boxes": {}, "href": "", "hash": ""}


class Page:
    """The page's end of the link: every batch posted to it."""

    def __init__(self) -> None:
        self.batches: list[list[dict]] = []

    def post(self, ops: list[dict]) -> None:
        self.batches.append(ops)


@pytest.fixture
def page():
    return Page()


@pytest.fixture
def link(page):
    lk = PageLink()
    lk.start({"snapshot": {**SNAPSHOT, "controls": {"side-left": dict(SNAPSHOT["controls"]["side-left"])}}},
             page.post)
    return lk


def sent(link: PageLink, page: Page) -> list[dict]:
    link.flush()
    ops = [op for batch in page.batches for op in batch]
    page.batches.clear()
    return ops


def test_show_sends_only_what_changed(link, page):
    link.show({("t", "textContent"): "Hello.", ("t", "hidden"): False, ("c", "data-position"): "9x9_O_E5"})
    assert sent(link, page) == [{"op": "prop", "id": "t", "prop": "textContent", "value": "Hello."},
                                {"op": "prop", "id": "t", "prop": "hidden", "value": False},
                                {"op": "attr", "id": "c", "name": "data-position", "value": "9x9_O_E5"}]
    link.show({("t", "textContent"): "Hello.", ("t", "hidden"): True})
    assert sent(link, page) == [{"op": "prop", "id": "t", "prop": "hidden", "value": True}]


def test_show_sends_a_first_value_even_when_it_is_none(link, page):
    link.show({("t", "title"): None})   # never sent: no value counts as sent already
    assert sent(link, page) == [{"op": "prop", "id": "t", "prop": "title", "value": None}]


def test_forget_sends_a_value_again(link, page):
    link.show({("t", "textContent"): "x"})
    link.forget(("t", "textContent"))
    link.show({("t", "textContent"): "x"})
    assert [op["value"] for op in sent(link, page)] == ["x", "x"]


def test_a_checkbox_is_compared_with_the_page_not_the_cache(link, page):
    link.show({("side-left", "checked"): True})   # checked on the page already
    assert sent(link, page) == []
    link.show({("side-left", "checked"): False})
    assert sent(link, page) == [{"op": "prop", "id": "side-left", "prop": "checked", "value": False}]


def test_two_links_keep_their_own_caches(link, page):
    other, elsewhere = PageLink(), Page()
    other.start({}, elsewhere.post)
    link.show({("t", "textContent"): "x"})
    other.show({("t", "textContent"): "x"})
    assert len(sent(link, page)) == len(sent(other, elsewhere)) == 1


def test_bind_and_closes(link, page):
    link.bind({("games-close", "click"): link.closes("games-dialog"), ("window", "resize"): lambda e: None})
    listens = [op for op in sent(link, page) if op["op"] == "listen"]
    assert [(op["target"], op["event"]) for op in listens] == [("games-close", "click"), ("window", "resize")]
    answer = asyncio.run(link.deliver(listens[0]["handler"], {}, SNAPSHOT))
    assert answer + sent(link, page) == [{"op": "call", "id": "games-dialog", "method": "close"}]  # the Close button


def test_an_event_is_answered_when_the_page_cannot_be_posted_to():
    link = PageLink()   # not started: nothing to post on
    seen = []

    async def handler(event: Event) -> None:
        seen.append((event.target.id, event.target.getAttribute("data-point"), event.key, event.target.value))
        link.el("status").textContent = "E5"
    link.on(link.el("board"), "keydown", handler, prevent=True)
    [listen] = link.take()
    assert listen == {"op": "listen", "handler": 0, "target": "board", "event": "keydown", "prevent": True}
    event = {"type": "keydown", "key": "Enter", "target": {"id": "move", "attrs": {"data-point": "E5"}}}
    snapshot = {**empty_snapshot(), "controls": {"move": {"value": "E5-E7"}}}
    assert asyncio.run(link.deliver(0, event, snapshot)) == [
        {"op": "prop", "id": "status", "prop": "textContent", "value": "E5"}]
    assert seen == [("move", "E5", "Enter", "E5-E7")]
    assert link.ops == []


def test_a_failing_handlers_operations_reach_the_page(page):
    link = PageLink()
    link.start({}, page.post)

    def handler(event: Event) -> None:
        link.el("status").textContent = "half"
        raise ValueError("broken")
    link.on(link.el("b"), "click", handler)
    link.flush()
    page.batches.clear()
    with pytest.raises(ValueError):
        asyncio.run(link.deliver(0, {}, SNAPSHOT))
    assert page.batches == [[{"op": "prop", "id": "status", "prop": "textContent", "value": "half"}]]


def test_elements_read_the_snapshot_and_what_this_handler_wrote(link):
    box = {"left": 1.0, "top": 2.0, "width": 30.0, "height": 40.0, "clientWidth": 30}
    link.snapshot["boxes"]["board"] = box
    board = link.el("board")
    assert (board.clientWidth, board.clientHeight) == (30, 0)
    assert board.getBoundingClientRect().width == 30.0
    assert (link.el("side-left").value, link.el("nowhere").checked) == ("L", False)
    link.el("move").value = "E5"
    assert link.el("move").value == "E5"
    with pytest.raises(AttributeError):
        link.el("move").innerText = "no"
    with pytest.raises(AttributeError):
        link.el("move").innerText
    assert link.el("a") == link.el("a") != link.el("b") and link.el("") != link.el("")


def test_storage_reads_what_the_page_passed_and_sends_writes(page):
    link = PageLink()
    link.start({"storage": {"k": "v"}, "today": "2026-01-01"}, page.post)
    assert (link.storage.get_item("k"), link.init_value("today"), link.init_value("none", 3)) == ("v", "2026-01-01", 3)
    link.storage.set_item("k", "w")
    link.storage.remove_item("j")
    link.storage.learn("other", "tab")
    assert (link.storage.get_item("k"), link.storage.get_item("j"), link.storage.get_item("other")) == \
        ("w", None, "tab")
    assert sent(link, page) == [{"op": "store", "key": "k", "value": "w"}, {"op": "store", "key": "j", "value": None}]


@pytest.mark.parametrize(("hash_", "fragment", "decoded"), [
    ("", "", ""), ("#", "", ""), ("#9x9_O_E5", "9x9_O_E5", "9x9_O_E5"),
    ("#a%20b", "a%20b", "a b"), ("#bad%FF", "bad%FF", "bad%FF"),   # malformed escapes: left as they are
])
def test_the_url_fragment(link, hash_, fragment, decoded):
    link.snapshot["hash"] = hash_
    assert (link.location_fragment(), link.location_hash()) == (fragment, decoded)


def test_set_hash_is_sent_and_read_back(link, page):
    link.set_hash("E5")
    assert link.location_hash() == "E5"
    assert sent(link, page) == [{"op": "hash", "value": "E5"}]


def test_a_background_task_is_flushed_when_it_ends(link, page):
    async def main() -> None:
        async def work() -> None:
            await asyncio.sleep(0)
            link.ready()
        link.spawn(work())
        assert link.tasks
        while link.tasks:
            await asyncio.sleep(0)
    asyncio.run(main())
    assert page.batches == [[{"op": "ready"}]]


def test_handlers_are_numbered_in_the_order_they_are_given(link, page):
    link.on(link.window, "resize", lambda e: None)
    link.share_link("https://x", "T", "t", lambda e: None)
    link.resolve_colours(["ink"], "dark", lambda e: None)
    link.storage_info(True, lambda e: None)
    assert [op.get("handler") for op in sent(link, page)] == [0, 1, 2, 3]


def test_an_event_with_ctrl_meta_or_alt_is_modified():
    link = PageLink()
    assert Event({"key": "b", "ctrlKey": True}, link).modified()
    assert Event({"key": "b", "altKey": True}, link).modified()
    assert not Event({"key": "b", "shiftKey": True}, link).modified()
    with pytest.raises(AttributeError):
        Event({}, link).data
