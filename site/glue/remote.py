"""The worker's link to the page: the page's one :class:`lab.pagelink.PageLink`, carried to ``host.js``.

Python runs in a web worker and cannot touch the DOM (no SharedArrayBuffer, so
no synchronous calls into the page).  The pages' glue modules still read and
write "elements", with the names of this module: ``el(id)``, ``on``, ``bind``,
``show``, ``storage``, ``draw`` ... are those of the one ``PageLink`` made here
(writes become named operations, reads come from the page's snapshot; see
:mod:`lab.pagelink`, pure Python that unit tests drive with their own instance).

This module is the transport: a batch of operations crosses to the page as one
JSON list posted on the worker's channel (``flush``; ``host.js``'s ``apply``
runs it), and each event the page forwards comes back as JSON (``dispatch``).
It also holds what awaits or needs the browser: ``flush_now`` (between slices
of a search), ``pause`` (between pictures of a move) and ``install_wheel``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from lab.pacing import paced
from lab.pagelink import Element, Event, PageLink  # noqa: F401 (Element, Event: the glue's names for them)

link = PageLink()   # the page's one link: its operations, handlers, snapshot and show() cache

# the page's elements and their events
el, root, window, document = link.el, link.root, link.window, link.document
on, bind, closes = link.on, link.bind, link.closes
show, forget = link.show, link.forget

# the page's state: its storage, start values and URL
storage, init_value = link.storage, link.init_value
location_hash, location_fragment, location_href = link.location_hash, link.location_fragment, link.location_href
theme, set_hash = link.theme, link.set_hash

# other operations
draw, grid, emit, ready = link.draw, link.grid, link.emit, link.ready
download, download_png, copy_text = link.download, link.download_png, link.copy_text
resolve_colours, share_link, storage_info = link.resolve_colours, link.share_link, link.storage_info
spawn, flush = link.spawn, link.flush


def init(data: dict[str, Any], channel: Any) -> None:
    """Called once by ``labboot.start`` with the page's initial state and the worker's channel to the page
    (``xworker``; None in a test: the operations stay queued)."""
    link.start(data, None if channel is None else lambda ops: channel.postMessage(json.dumps(ops)))


async def dispatch(handler_id: int, event_json: str, snapshot_json: str) -> str:
    """Deliver one event (called by ``labboot.dispatch``); the operations it queued, as JSON (``"[]"`` when
    they were posted on the channel: see ``PageLink.deliver``)."""
    return json.dumps(await link.deliver(handler_id, json.loads(event_json), json.loads(snapshot_json)))


async def flush_now() -> None:
    """Send what is queued and let the worker answer other events (between slices of a search)."""
    flush()
    await asyncio.sleep(0)


async def pause(seconds: float) -> None:
    """Send what is drawn, then wait ``seconds`` between two pictures of a move shown step by step
    (:mod:`lab.pacing`), scaled by the page's test hook ``pace``, if any."""
    flush()
    await asyncio.sleep(paced(seconds, init_value("testHooks")))


async def install_wheel(url: str) -> None:
    """Fetch a pure-Python wheel from the site and unpack it into site-packages (as ``labboot`` unpacks
    the engine's), for a module only some visits need (the QR encoder); ``OSError`` if it cannot be had."""
    import importlib
    import site

    import js
    import pyodide_js
    from pyodide.ffi import to_js
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"{url}: HTTP {response.status}")
    buffer = await response.arrayBuffer()
    options = to_js({"extractDir": site.getsitepackages()[0]}, dict_converter=js.Object.fromEntries)
    pyodide_js.unpackArchive(buffer, "wheel", options)
    importlib.invalidate_caches()
