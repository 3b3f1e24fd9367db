"""The worker's view of the page: the other half of ``host.js``.

Python runs in a web worker and cannot touch the DOM (no SharedArrayBuffer, so
no synchronous calls into the page).  The pages' glue modules still read and
write "elements", but through this module:

* writes (``el("status").textContent = ...``, ``el("undo").disabled = True``,
  ``draw(canvas_id, shapes)``, ``storage.set_item(...)``) become operations,
  queued and sent to the page in one message when the handler returns
  (``flush``), or at each ``await flush_now()`` of a long computation;
* reads come from the snapshot the page sends with every event: the values of
  its form controls, the boxes of its canvases, the URL; a value written in
  this handler reads back as written;
* ``on(target, "click", handler)`` asks the page to forward that event; the
  handler gets an :class:`Event` with the fields ``host.js`` serialises;
* every page's glue uses the same two tools: :func:`bind` (a table of
  ``(id, event) -> handler``) and :func:`show` (element properties from ``lab``,
  only what changed sent, one cache).

The operations (``host.js``'s ``apply``) are named, each a dict with its fields
named too (``{"op": "draw", "canvas": id, "shapes": [...]}``): ``prop`` (id, prop,
value), ``attr`` (id, name, value; None removes it),
``style`` (id, prop, value), ``call`` (id, method: showModal, close, focus,
select), ``options`` (id, options: [value, text] pairs), ``scroll`` (id,
selector: that child scrolled into view inside the box ``id``, never the window), ``draw`` (canvas, shapes), ``store`` (key, value), ``hash`` (value),
``download`` (filename, text, mime), ``png`` (shapes, width, height, ratio,
filename, theme), ``colours`` (names, theme, handler), ``copy`` (text), ``share`` (url, title,
text, handler: the share sheet on touch screens, else the clipboard),
``listen`` (handler, target, event, prevent), ``event`` (name, detail), ``grid`` (id, change: a board's grid,
``lab.boardgrid.changes``: full, label, columns, rows | cells, focus), ``ready``.  A batch of them crosses
to the page as one JSON list.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from typing import Any, Callable, Mapping

_ops: list[dict[str, Any]] = []
_handlers: list[Callable[..., Any]] = []
_state: dict[str, Any] = {"snapshot": {"controls": {}, "boxes": {}, "href": "", "hash": ""}, "init": {}}
_channel: Any = None
_tasks: set = set()


# ---------------------------------------------------------------- elements


_PROPS = {"textContent", "className", "hidden", "disabled", "value", "checked", "innerHTML", "title",
          "href", "open", "selectedIndex"}
_CONTROL_DEFAULTS: dict[str, Any] = {"value": "", "checked": False}   # what the snapshot holds of a control


class Element:
    """A page element by id: property writes become operations, reads come from the snapshot."""

    def __init__(self, id_: str, attrs: dict[str, str] | None = None, tag: str = "") -> None:
        object.__setattr__(self, "id", id_)
        object.__setattr__(self, "_attrs", dict(attrs or {}))
        object.__setattr__(self, "tagName", tag)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _PROPS:
            raise AttributeError(f"remote element {self.id!r}: cannot set {name!r}")
        _ops.append({"op": "prop", "id": self.id, "prop": name, "value": value})
        if name in ("value", "checked"):
            _state["snapshot"]["controls"].setdefault(self.id, {})[name] = value

    def __getattr__(self, name: str) -> Any:
        if name in _CONTROL_DEFAULTS:
            return _state["snapshot"]["controls"].get(self.id, {}).get(name, _CONTROL_DEFAULTS[name])
        if name in ("clientWidth", "clientHeight"):
            return _state["snapshot"]["boxes"].get(self.id, {}).get(name, 0)
        raise AttributeError(f"remote element {self.id!r}: {name!r} cannot be read in the worker")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and other.id == self.id and bool(self.id)

    def __hash__(self) -> int:
        return hash(self.id)

    def getBoundingClientRect(self) -> Any:  # noqa: N802 (DOM name)
        b = _state["snapshot"]["boxes"].get(self.id, {})
        return _Rect(b.get("left", 0.0), b.get("top", 0.0), b.get("width", 0.0), b.get("height", 0.0))

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self._attrs.get(name)

    def setAttribute(self, name: str, value: Any) -> None:  # noqa: N802
        _ops.append({"op": "attr", "id": self.id, "name": name, "value": str(value)})

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        _ops.append({"op": "attr", "id": self.id, "name": name, "value": None})

    def showModal(self) -> None:  # noqa: N802
        _ops.append({"op": "call", "id": self.id, "method": "showModal"})

    def close(self) -> None:
        _ops.append({"op": "call", "id": self.id, "method": "close"})

    def focus(self) -> None:
        _ops.append({"op": "call", "id": self.id, "method": "focus"})

    def select(self) -> None:
        _ops.append({"op": "call", "id": self.id, "method": "select"})

    def set_style(self, prop: str, value: str) -> None:
        _ops.append({"op": "style", "id": self.id, "prop": prop, "value": value})

    def set_options(self, options: list[tuple[str, str]]) -> None:
        """Replace a <select>'s options by (value, text) pairs."""
        _ops.append({"op": "options", "id": self.id, "options": [list(o) for o in options]})

    def scroll_into_view(self, selector: str | None = None) -> None:
        """Scroll this element (or its first descendant matching ``selector``) into view."""
        _ops.append({"op": "scroll", "id": self.id, "selector": selector})


class _Rect:
    def __init__(self, left: float, top: float, width: float, height: float) -> None:
        self.left, self.top, self.width, self.height = left, top, width, height


def el(id_: str) -> Element:
    """The element with this id."""
    return Element(id_)


root = Element("html")
window = Element("window")
document = Element("document")


# ---------------------------------------------------------------- events


class Event:
    """A DOM event as ``host.js`` serialised it (``target`` is an :class:`Element`)."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        t = data.get("target") or {}
        self.target = Element(t.get("id", ""), t.get("attrs"), t.get("tagName", ""))
        self.type = data.get("type", "")
        self.files = data.get("files") or []

    def __getattr__(self, name: str) -> Any:
        if name in self._data:
            return self._data[name]
        if name in ("ctrlKey", "metaKey", "altKey", "shiftKey"):
            return False
        raise AttributeError(name)

    def modified(self) -> bool:
        """Ctrl, Meta or Alt held (a shortcut of the browser's or the system's, never the page's)."""
        return any(bool(getattr(self, k)) for k in ("ctrlKey", "metaKey", "altKey"))

    def preventDefault(self) -> None:  # noqa: N802 -- done by host.js (submit, keys on the board)
        pass


def on(target: Element, event: str, handler: Callable[[Event], Any], *, prevent: bool = False) -> None:
    """Call ``handler`` (a function or coroutine function) for ``event`` on ``target``."""
    _handlers.append(handler)
    _ops.append({"op": "listen", "handler": len(_handlers) - 1, "target": target.id, "event": event,
                 "prevent": prevent})


def bind(events: Mapping[tuple[str, str], Callable[[Event], Any]]) -> None:
    """Listen to many events at once: ``{(element id, event name): handler}`` (ids ``window``, ``document`` too)."""
    for (id_, event), handler in events.items():
        on(Element(id_), event, handler)


def closes(dialog_id: str) -> Callable[[Event], None]:
    """A handler closing the dialog ``dialog_id`` (its Close or Cancel button)."""
    return lambda event: el(dialog_id).close()


_shown: dict[tuple[str, str], Any] = {}   # (id, property) -> the value last sent by show()


def show(props: Mapping[tuple[str, str], Any]) -> None:
    """Give page elements these values, ``{(id, property or attribute): value}`` (``lab.pageprops.Props``,
    made by the page's ``lab`` module), sending only those that changed since ``show`` last sent them: one
    cache for the whole page.  A name of ``Element``'s properties is set as one (``textContent``,
    ``hidden`` ...), any other as an attribute (``data-position``); ``checked`` is compared with the
    control as the page last reported it (the person clicks radios and boxes without the worker), a
    ``value`` the person types in is sent again after :func:`forget`."""
    for (id_, prop), value in props.items():
        if _last(id_, prop) != value:
            _shown[(id_, prop)] = value
            _set(Element(id_), prop, value)


def _last(id_: str, prop: str) -> Any:
    return Element(id_).checked if prop == "checked" else _shown.get((id_, prop), _shown)


def _set(element: Element, prop: str, value: Any) -> None:
    if prop in _PROPS:
        setattr(element, prop, value)
    else:
        element.setAttribute(prop, value)


def forget(*keys: tuple[str, str]) -> None:
    """Let :func:`show` send these (id, property) again: the person changed them (typed in a field)."""
    for key in keys:
        _shown.pop(key, None)


def spawn(coro: Any) -> None:
    """Run a coroutine in the background; its page updates are flushed when it finishes."""
    async def run() -> None:
        try:
            await coro
        finally:
            flush()
    task = asyncio.ensure_future(run())
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def dispatch(handler_id: int, event_json: str, snapshot_json: str) -> str:
    """Deliver one event (called by ``labboot.dispatch``); the operations it queued, as JSON.

    When a channel is open the operations are posted on it, like a background
    task's (``spawn``), and ``"[]"`` is returned: one channel keeps every batch
    in the order it was made, so a task that finishes before this answer
    reaches the page is not undone by the older state in it.  The answer still
    arrives after the posted operations, so the page knows when the worker has
    answered (``phutballHost.idle``).
    """
    _state["snapshot"] = json.loads(snapshot_json)
    try:
        result = _handlers[handler_id](Event(json.loads(event_json)))
        if inspect.isawaitable(result):
            await result
    finally:
        flush()
        ops = json.dumps(_ops)
        _ops.clear()
    return ops


# ---------------------------------------------------------------- page state


def init(data: dict[str, Any], channel: Any) -> None:
    """Called once by ``labboot.start`` with the page's initial state."""
    global _channel
    _channel = channel
    _state["init"] = data
    _state["snapshot"] = data.get("snapshot") or _state["snapshot"]
    storage._items = dict(data.get("storage") or {})


def init_value(name: str, default: Any = None) -> Any:
    """A value the page passed to ``bootLab`` (``extra``)."""
    return _state["init"].get(name, default)


async def pause(seconds: float) -> None:
    """Wait ``seconds`` between two pictures of a move shown step by step (:mod:`lab.pacing`), scaled by
    the page's test hook ``pace``, if any."""
    from lab.pacing import paced
    await asyncio.sleep(paced(seconds, init_value("testHooks")))


def location_hash() -> str:
    """The URL's fragment without ``#``, %-decoded (left as is if its escapes are malformed)."""
    from urllib.parse import unquote
    raw = location_fragment()
    try:
        return unquote(raw, errors="strict")
    except UnicodeDecodeError:
        return raw


def location_fragment() -> str:
    """The URL's fragment without ``#``, as in the URL (still %-encoded)."""
    h = str(_state["snapshot"].get("hash") or "")
    return h[1:] if h.startswith("#") else ""


def location_href() -> str:
    return str(_state["snapshot"].get("href") or "")


def theme() -> str:
    return str(_state["snapshot"].get("theme") or "light")


def set_hash(value: str) -> None:
    """Replace the URL's fragment (no new history entry)."""
    _ops.append({"op": "hash", "value": value})
    _state["snapshot"]["hash"] = "#" + value


class _Storage:
    """localStorage as the page passed it at start; writes are sent back to the page."""

    def __init__(self) -> None:
        self._items: dict[str, str | None] = {}

    def get_item(self, key: str) -> str | None:
        return self._items.get(key)

    def set_item(self, key: str, value: str) -> None:
        self._items[key] = value
        _ops.append({"op": "store", "key": key, "value": value})

    def remove_item(self, key: str) -> None:
        self._items[key] = None
        _ops.append({"op": "store", "key": key, "value": None})

    def learn(self, key: str, value: str | None) -> None:
        """What another tab stored under ``key`` (the window's ``storage`` event): read from now on, not
        written back."""
        self._items[key] = value


storage = _Storage()


# ---------------------------------------------------------------- other operations


def draw(canvas_id: str, shapes: list[dict[str, Any]]) -> None:
    """Replay ``shapes`` on the canvas (``canvas.js``)."""
    _ops.append({"op": "draw", "canvas": canvas_id, "shapes": shapes})


def grid(table_id: str, change: dict[str, Any]) -> None:
    """Show a board's grid in the table ``table_id``: ``change`` is ``lab.boardgrid.changes``' answer."""
    _ops.append({"op": "grid", "id": table_id, "change": change})


def download(filename: str, text: str, mime: str = "text/plain") -> None:
    _ops.append({"op": "download", "filename": filename, "text": text, "mime": mime})


def download_png(shapes: list[dict[str, Any]], w: float, h: float, ratio: float, filename: str,
                 theme: str = "auto") -> None:
    """Draw ``shapes`` on an offscreen canvas in ``theme`` (light, dark, or auto: the page's) and download it."""
    _ops.append({"op": "png", "shapes": shapes, "width": w, "height": h, "ratio": ratio, "filename": filename,
                 "theme": theme})


def resolve_colours(names: list[str], theme: str, handler: Callable[[Event], Any]) -> None:
    """Ask the page for the CSS colours of theme roles in ``theme``; ``handler`` gets them as ``event.data``."""
    _handlers.append(handler)
    _ops.append({"op": "colours", "names": names, "theme": theme, "handler": len(_handlers) - 1})


def copy_text(text: str) -> None:
    _ops.append({"op": "copy", "text": text})


def share_link(url: str, title: str, text: str, handler: Callable[[Event], Any]) -> None:
    """Share ``url``: the system's share sheet on a touch screen when it has one, else the clipboard;
    ``handler`` gets how as ``event.data`` ("shared", "copied", "cancelled" or "failed")."""
    _handlers.append(handler)
    _ops.append({"op": "share", "url": url, "title": title, "text": text, "handler": len(_handlers) - 1})


def storage_info(persist: bool, handler: Callable[[Event], Any]) -> None:
    """Ask the browser about the lab's storage (``navigator.storage``; ``persist``: ask it to keep the
    data); ``handler`` gets ``{persisted, usage, quota, local, asked}`` as ``event.data`` (host.js)."""
    _handlers.append(handler)
    _ops.append({"op": "storage", "persist": bool(persist), "handler": len(_handlers) - 1})


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


def emit(name: str, detail: Any = None) -> None:
    """Dispatch ``CustomEvent(name, {detail})`` on the page's window (for the page's own JavaScript)."""
    _ops.append({"op": "event", "name": name, "detail": detail})


def ready() -> None:
    """The page accepts input: ``<html class="ready">``, the loading line hidden, early clicks replayed."""
    _ops.append({"op": "ready"})


def flush() -> None:
    """Send the queued operations to the page."""
    if not _ops or _channel is None:
        return
    message = json.dumps(_ops)
    _ops.clear()
    _channel.postMessage(message)


async def flush_now() -> None:
    """Send what is queued and let the worker answer other events (between slices of a search)."""
    flush()
    await asyncio.sleep(0)
