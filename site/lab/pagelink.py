"""The worker's view of the page, as pure Python: the other half of ``host.js``, without the channel.

Python runs in a web worker and cannot touch the DOM (no SharedArrayBuffer, so
no synchronous calls into the page).  The pages' glue modules still read and
write "elements", through one :class:`PageLink` (``glue/remote.py`` makes the
page's one instance, carries its operations to the page as JSON and hands the
page's events back to it; a unit test builds its own):

* writes (``el("status").textContent = ...``, ``el("undo").disabled = True``,
  ``draw(canvas_id, shapes)``, ``storage.set_item(...)``) become operations,
  queued (:attr:`PageLink.ops`) and posted to the page in one batch when the
  handler returns (:meth:`PageLink.flush`), or at each ``await flush_now()`` of
  a long computation;
* reads come from the snapshot the page sends with every event: the values of
  its form controls, the boxes of its canvases, the URL; a value written in
  this handler reads back as written;
* ``on(target, "click", handler)`` asks the page to forward that event; the
  handler gets an :class:`Event` with the fields ``host.js`` serialises;
* every page's glue uses the same two tools: :meth:`PageLink.bind` (a table of
  ``(id, event) -> handler``) and :meth:`PageLink.show` (element properties from
  ``lab``, only what changed sent, one cache).

The operations (``host.js``'s ``apply``) are named, each a dict with its fields
named too (``{"op": "draw", "canvas": id, "shapes": [...]}``): ``prop`` (id, prop,
value), ``attr`` (id, name, value; None removes it),
``style`` (id, prop, value), ``call`` (id, method: showModal, close, focus,
select), ``options`` (id, options: [value, text] pairs), ``scroll`` (id,
selector: that child scrolled into view inside the box ``id``, never the window), ``draw`` (canvas, shapes),
``store`` (key, value), ``hash`` (value),
``download`` (filename, text, mime), ``png`` (shapes, width, height, ratio,
filename, theme), ``colours`` (names, theme, handler), ``copy`` (text), ``share`` (url, title,
text, handler: the share sheet on touch screens, else the clipboard), ``storage`` (persist, handler),
``listen`` (handler, target, event, prevent), ``event`` (name, detail), ``grid`` (id, change: a board's grid,
``lab.boardgrid.changes``: full, label, columns, rows | cells, focus), ``ready``.  A batch of them crosses
to the page as one JSON list (``tests/test_architecture.py`` checks that each is named and that
``host.js`` handles each).
"""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Mapping
from urllib.parse import unquote

#: An operation for the page: ``{"op": name, field: value, ...}``.
Op = dict[str, Any]
#: A handler of a page event (a function or a coroutine function).
Handler = Callable[["Event"], Any]

#: The element properties the worker may set (any other name is an attribute, or a mistake).
PROPS = frozenset({"textContent", "className", "hidden", "disabled", "value", "checked", "innerHTML", "title",
                   "href", "open", "selectedIndex"})
#: What the snapshot holds of a form control, and its value when the snapshot has none.
CONTROL_DEFAULTS: dict[str, Any] = {"value": "", "checked": False}
_UNSENT = object()   # show() has not sent this (id, property)


def empty_snapshot() -> dict[str, Any]:
    """The page as the worker knows it before the page says anything: no controls, no boxes, no URL."""
    return {"controls": {}, "boxes": {}, "href": "", "hash": ""}


# ---------------------------------------------------------------- elements


@dataclass(frozen=True)
class Rect:
    """An element's box, as ``getBoundingClientRect`` gives it (from the snapshot)."""

    left: float
    top: float
    width: float
    height: float


class Element:
    """A page element by id: property writes become operations, reads come from the snapshot."""

    id: str
    tagName: str  # noqa: N815 (DOM name)
    _link: PageLink
    _attrs: dict[str, str]

    def __init__(self, link: PageLink, id_: str, attrs: dict[str, str] | None = None, tag: str = "") -> None:
        object.__setattr__(self, "_link", link)
        object.__setattr__(self, "id", id_)
        object.__setattr__(self, "_attrs", dict(attrs or {}))
        object.__setattr__(self, "tagName", tag)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in PROPS:
            raise AttributeError(f"remote element {self.id!r}: cannot set {name!r}")
        self._link.ops.append({"op": "prop", "id": self.id, "prop": name, "value": value})
        if name in CONTROL_DEFAULTS:
            self._link.snapshot["controls"].setdefault(self.id, {})[name] = value

    def __getattr__(self, name: str) -> Any:
        if name in CONTROL_DEFAULTS:
            return self._link.snapshot["controls"].get(self.id, {}).get(name, CONTROL_DEFAULTS[name])
        if name in ("clientWidth", "clientHeight"):
            return self._link.snapshot["boxes"].get(self.id, {}).get(name, 0)
        raise AttributeError(f"remote element {self.id!r}: {name!r} cannot be read in the worker")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and other.id == self.id and bool(self.id)

    def __hash__(self) -> int:
        return hash(self.id)

    def getBoundingClientRect(self) -> Rect:  # noqa: N802 (DOM name)
        b = self._link.snapshot["boxes"].get(self.id, {})
        return Rect(b.get("left", 0.0), b.get("top", 0.0), b.get("width", 0.0), b.get("height", 0.0))

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        """An attribute the page sent with the event's target (``data-point``, ``data-act`` ...)."""
        return self._attrs.get(name)

    def setAttribute(self, name: str, value: Any) -> None:  # noqa: N802
        self._link.ops.append({"op": "attr", "id": self.id, "name": name, "value": str(value)})

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self._link.ops.append({"op": "attr", "id": self.id, "name": name, "value": None})

    def showModal(self) -> None:  # noqa: N802
        self._link.ops.append({"op": "call", "id": self.id, "method": "showModal"})

    def close(self) -> None:
        self._link.ops.append({"op": "call", "id": self.id, "method": "close"})

    def focus(self) -> None:
        self._link.ops.append({"op": "call", "id": self.id, "method": "focus"})

    def select(self) -> None:
        self._link.ops.append({"op": "call", "id": self.id, "method": "select"})

    def set_style(self, prop: str, value: str) -> None:
        self._link.ops.append({"op": "style", "id": self.id, "prop": prop, "value": value})

    def set_options(self, options: list[tuple[str, str]]) -> None:
        """Replace a <select>'s options by (value, text) pairs."""
        self._link.ops.append({"op": "options", "id": self.id, "options": [list(o) for o in options]})

    def scroll_into_view(self, selector: str | None = None) -> None:
        """Scroll this element (or its first descendant matching ``selector``) into view."""
        self._link.ops.append({"op": "scroll", "id": self.id, "selector": selector})


# ---------------------------------------------------------------- events


class Event:
    """A DOM event as ``host.js`` serialised it (``target`` is an :class:`Element`)."""

    def __init__(self, data: dict[str, Any], link: PageLink) -> None:
        self._data = data
        t = data.get("target") or {}
        self.target = Element(link, t.get("id", ""), t.get("attrs"), t.get("tagName", ""))
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


# ---------------------------------------------------------------- storage


class Storage:
    """localStorage as the page passed it at start; writes are sent back to the page."""

    def __init__(self, link: PageLink) -> None:
        self._link = link
        self.items: dict[str, str | None] = {}

    def get_item(self, key: str) -> str | None:
        return self.items.get(key)

    def set_item(self, key: str, value: str) -> None:
        self.items[key] = value
        self._link.ops.append({"op": "store", "key": key, "value": value})

    def remove_item(self, key: str) -> None:
        self.items[key] = None
        self._link.ops.append({"op": "store", "key": key, "value": None})

    def learn(self, key: str, value: str | None) -> None:
        """What another tab stored under ``key`` (the window's ``storage`` event): read from now on, not
        written back."""
        self.items[key] = value


# ---------------------------------------------------------------- the link


class PageLink:
    """One page as its worker sees it: the operations queued for it, the handlers of its events, its last
    snapshot and start values, what :meth:`show` last sent, and its storage.

    ``post`` carries a batch of operations to the page (``glue/remote.py``: JSON on the worker's
    channel); until it is given (:meth:`start`) operations stay queued and :meth:`deliver` answers them.
    """

    def __init__(self) -> None:
        self.ops: list[Op] = []
        self.handlers: list[Handler] = []
        self.snapshot: dict[str, Any] = empty_snapshot()
        self.values: dict[str, Any] = {}   # what the page passed to bootLab
        self.shown: dict[tuple[str, str], Any] = {}   # (id, property) -> the value last sent by show()
        self.storage = Storage(self)
        self.post: Callable[[list[Op]], None] | None = None
        self.tasks: set[asyncio.Future[None]] = set()
        self.root = self.el("html")
        self.window = self.el("window")
        self.document = self.el("document")

    # -- the page's start and its events

    def start(self, data: dict[str, Any], post: Callable[[list[Op]], None] | None) -> None:
        """The page's initial state (its snapshot, storage and ``bootLab`` values), and how to post to it."""
        self.post = post
        self.values = data
        self.snapshot = data.get("snapshot") or self.snapshot
        self.storage.items = dict(data.get("storage") or {})

    async def deliver(self, handler_id: int, event: dict[str, Any], snapshot: dict[str, Any]) -> list[Op]:
        """Deliver one event with the page's snapshot at that moment; the operations it queued.

        When the page can be posted to, the operations are posted, like a background
        task's (:meth:`spawn`), and none are returned: one channel keeps every batch
        in the order it was made, so a task that finishes before this answer
        reaches the page is not undone by the older state in it.  The answer still
        arrives after the posted operations, so the page knows when the worker has
        answered (``phutballHost.idle``).
        """
        self.snapshot = snapshot
        try:
            result = self.handlers[handler_id](Event(event, self))
            if inspect.isawaitable(result):
                await result
        finally:
            self.flush()
            ops = self.take()
        return ops

    def take(self) -> list[Op]:
        """The queued operations, the queue emptied."""
        ops, self.ops = self.ops, []
        return ops

    def flush(self) -> None:
        """Post the queued operations to the page (kept queued while it cannot be posted to)."""
        if self.ops and self.post is not None:
            self.post(self.take())

    def spawn(self, coro: Awaitable[Any]) -> None:
        """Run a coroutine in the background; its page updates are flushed when it finishes."""
        async def run() -> None:
            try:
                await coro
            finally:
                self.flush()
        task = asyncio.ensure_future(run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def init_value(self, name: str, default: Any = None) -> Any:
        """A value the page passed to ``bootLab`` (``extra``)."""
        return self.values.get(name, default)

    # -- elements and their events

    def el(self, id_: str) -> Element:
        """The element with this id."""
        return Element(self, id_)

    def handler_id(self, handler: Handler) -> int:
        """The number the page calls ``handler`` by (in ``listen``, ``colours``, ``share``, ``storage``)."""
        self.handlers.append(handler)
        return len(self.handlers) - 1

    def on(self, target: Element, event: str, handler: Handler, *, prevent: bool = False) -> None:
        """Call ``handler`` (a function or coroutine function) for ``event`` on ``target``."""
        self.ops.append({"op": "listen", "handler": self.handler_id(handler), "target": target.id, "event": event,
                         "prevent": prevent})

    def bind(self, events: Mapping[tuple[str, str], Handler]) -> None:
        """Listen to many events at once: ``{(element id, event name): handler}`` (ids ``window``, ``document``
        too)."""
        for (id_, event), handler in events.items():
            self.on(self.el(id_), event, handler)

    def closes(self, dialog_id: str) -> Callable[[Event], None]:
        """A handler closing the dialog ``dialog_id`` (its Close or Cancel button)."""
        return lambda event: self.el(dialog_id).close()

    def show(self, props: Mapping[tuple[str, str], Any]) -> None:
        """Give page elements these values, ``{(id, property or attribute): value}`` (``lab.pageprops.Props``,
        made by the page's ``lab`` module), sending only those that changed since ``show`` last sent them: one
        cache for the whole page.  A name of ``Element``'s properties is set as one (``textContent``,
        ``hidden`` ...), any other as an attribute (``data-position``); ``checked`` is compared with the
        control as the page last reported it (the person clicks radios and boxes without the worker), a
        ``value`` the person types in is sent again after :meth:`forget`."""
        for (id_, prop), value in props.items():
            if self.last_shown(id_, prop) != value:
                self.shown[(id_, prop)] = value
                self.set_prop(self.el(id_), prop, value)

    def last_shown(self, id_: str, prop: str) -> Any:
        """What the page shows of (id, prop) as far as :meth:`show` knows (a box's ``checked``: as the page
        last reported it)."""
        return self.el(id_).checked if prop == "checked" else self.shown.get((id_, prop), _UNSENT)

    @staticmethod
    def set_prop(element: Element, prop: str, value: Any) -> None:
        """Set a property (a name of :data:`PROPS`) or else an attribute."""
        if prop in PROPS:
            setattr(element, prop, value)
        else:
            element.setAttribute(prop, value)

    def forget(self, *keys: tuple[str, str]) -> None:
        """Let :meth:`show` send these (id, property) again: the person changed them (typed in a field)."""
        for key in keys:
            self.shown.pop(key, None)

    # -- the URL

    def location_hash(self) -> str:
        """The URL's fragment without ``#``, %-decoded (left as is if its escapes are malformed)."""
        raw = self.location_fragment()
        try:
            return unquote(raw, errors="strict")
        except UnicodeDecodeError:
            return raw

    def location_fragment(self) -> str:
        """The URL's fragment without ``#``, as in the URL (still %-encoded)."""
        h = str(self.snapshot.get("hash") or "")
        return h[1:] if h.startswith("#") else ""

    def location_href(self) -> str:
        """The page's URL."""
        return str(self.snapshot.get("href") or "")

    def theme(self) -> str:
        """The page's colour theme (light or dark)."""
        return str(self.snapshot.get("theme") or "light")

    def set_hash(self, value: str) -> None:
        """Replace the URL's fragment (no new history entry)."""
        self.ops.append({"op": "hash", "value": value})
        self.snapshot["hash"] = "#" + value

    # -- other operations

    def draw(self, canvas_id: str, shapes: list[dict[str, Any]]) -> None:
        """Replay ``shapes`` on the canvas (``canvas.js``)."""
        self.ops.append({"op": "draw", "canvas": canvas_id, "shapes": shapes})

    def grid(self, table_id: str, change: dict[str, Any]) -> None:
        """Show a board's grid in the table ``table_id``: ``change`` is ``lab.boardgrid.changes``' answer."""
        self.ops.append({"op": "grid", "id": table_id, "change": change})

    def download(self, filename: str, text: str, mime: str = "text/plain") -> None:
        """Download ``text`` as the file ``filename``."""
        self.ops.append({"op": "download", "filename": filename, "text": text, "mime": mime})

    def download_png(self, shapes: list[dict[str, Any]], w: float, h: float, ratio: float, filename: str,
                     theme: str = "auto") -> None:
        """Draw ``shapes`` on an offscreen canvas in ``theme`` (light, dark, or auto: the page's) and download
        it."""
        self.ops.append({"op": "png", "shapes": shapes, "width": w, "height": h, "ratio": ratio,
                         "filename": filename, "theme": theme})

    def resolve_colours(self, names: list[str], theme: str, handler: Handler) -> None:
        """Ask the page for the CSS colours of theme roles in ``theme``; ``handler`` gets them as ``event.data``."""
        self.ops.append({"op": "colours", "names": names, "theme": theme, "handler": self.handler_id(handler)})

    def copy_text(self, text: str) -> None:
        """Put ``text`` on the clipboard."""
        self.ops.append({"op": "copy", "text": text})

    def share_link(self, url: str, title: str, text: str, handler: Handler) -> None:
        """Share ``url``: the system's share sheet on a touch screen when it has one, else the clipboard;
        ``handler`` gets how as ``event.data`` ("shared", "copied", "cancelled" or "failed")."""
        self.ops.append({"op": "share", "url": url, "title": title, "text": text,
                         "handler": self.handler_id(handler)})

    def storage_info(self, persist: bool, handler: Handler) -> None:
        """Ask the browser about the lab's storage (``navigator.storage``; ``persist``: ask it to keep the
        data); ``handler`` gets ``{persisted, usage, quota, local, asked}`` as ``event.data`` (host.js)."""
        self.ops.append({"op": "storage", "persist": bool(persist), "handler": self.handler_id(handler)})

    def emit(self, name: str, detail: Any = None) -> None:
        """Dispatch ``CustomEvent(name, {detail})`` on the page's window (for the page's own JavaScript)."""
        self.ops.append({"op": "event", "name": name, "detail": detail})

    def ready(self) -> None:
        """The page accepts input: ``<html class="ready">``, the loading line hidden, early clicks replayed."""
        self.ops.append({"op": "ready"})
