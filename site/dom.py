"""Small DOM helpers shared by the pages' browser glue (app.py, puzzleapp.py, calcapp.py)."""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

_proxies: list = []  # keep event-handler proxies alive for the page's lifetime


def el(id_: str):
    """The element with this id."""
    return document.getElementById(id_)


def on(element, event: str, handler) -> None:
    """Call the Python ``handler`` on ``event``."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


def location_hash() -> str:
    """The URL's fragment without ``#``, decoded (left as is if its %-escapes are malformed)."""
    h = str(window.location.hash or "")
    if not h.startswith("#"):
        return ""
    try:
        return str(js.decodeURIComponent(h[1:]))
    except Exception:
        return h[1:]
