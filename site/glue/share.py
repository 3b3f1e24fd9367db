"""The play page's "Share / embed" dialog: a link, the iframe and div snippets, and SVG/PNG diagrams.

Browser glue only (``glue/play.py`` calls :func:`bind` once); what the dialog shows and the pictures are
:mod:`lab.dialogs`' (the snippets :func:`lab.embedparams.snippets`, the pictures :class:`lab.dialogs.Picture`).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable
from urllib.parse import urljoin

from lab import dialogs
from phutball.game import Game
from glue.remote import (Event, bind as bind_events, closes, copy_text, download, download_png, el, location_href,
                         resolve_colours, show)


def _options() -> dict[str, Any]:
    return {"theme": str(el("share-theme").value), "coords": bool(el("share-coords").checked),
            "numbers": bool(el("share-numbers").checked), "arrows": bool(el("share-arrows").checked)}


def bind(get_game: Callable[[], Game]) -> None:
    """Wire the dialog to the page; ``get_game`` returns the game currently on the board."""

    def update(event: Any = None) -> None:
        kind = dialogs.share_kind(bool(el("share-what-game").checked), bool(el("share-what-play").checked))
        show(dialogs.share_props(get_game(), kind, _options(), urljoin(location_href(), "./")))

    def export_svg(event: Event) -> None:
        picture = dialogs.Picture.of(get_game(), _options())  # its colours resolved by the page, in its theme
        resolve_colours(picture.colour_names(), picture.theme,
                        lambda answer: download(*picture.svg(dict(answer.data or {}))))

    def copy(field: str, event: Event) -> None:
        el(field).select()
        copy_text(str(el(field).value))
        el("share-note").textContent = dialogs.COPIED

    def open_dialog(event: Event) -> None:
        el("share-note").textContent = ""
        update()
        el("share-dialog").showModal()

    bind_events({("share", "click"): open_dialog, ("share-form", "change"): update,
                 ("share-close", "click"): closes("share-dialog"), ("export-svg", "click"): export_svg,
                 ("export-png", "click"): lambda e: download_png(*dialogs.Picture.of(get_game(), _options()).png()),
                 **{(f"{field}-copy", "click"): partial(copy, field) for field in dialogs.SHARE_FIELDS}})
