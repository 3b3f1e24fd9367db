"""The play page's "Share / embed" dialog: a link, the iframe and div snippets, and SVG/PNG diagrams.

Browser glue only (``glue/play.py`` calls :func:`bind` once); what the dialog shows and the pictures are
:mod:`lab.dialogs`' (the snippets :func:`lab.embedparams.snippets`).  SVG text is made in Python by
:func:`phutball.svg.shapes_to_svg`, PNG by ``canvas.js`` drawing the same shapes on an offscreen canvas
at twice the size.
"""

from __future__ import annotations

from typing import Any, Callable

from lab import dialogs
from lab.views.diagram import colour_names, shapes_to_svg
from phutball.game import Game
from glue.remote import (Event, bind as bind_events, closes, copy_text, download, download_png, el, location_href,
                         on, resolve_colours, show)

PNG_RATIO = 2  # PNG pixels per CSS pixel: crisp on slides and in print


def _options() -> dict[str, Any]:
    return {"theme": str(el("share-theme").value), "coords": bool(el("share-coords").checked),
            "numbers": bool(el("share-numbers").checked), "arrows": bool(el("share-arrows").checked)}


def bind(get_game: Callable[[], Game]) -> None:
    """Wire the dialog to the page; ``get_game`` returns the game currently on the board."""

    def update(event: Any = None) -> None:
        from urllib.parse import urljoin
        kind = dialogs.share_kind(bool(el("share-what-game").checked), bool(el("share-what-play").checked))
        show(dialogs.share_props(get_game(), kind, _options(), urljoin(location_href(), "./")))

    def export_svg(event: Event) -> None:
        game = get_game()
        shapes, w, h = dialogs.diagram(game, _options())
        title, name = dialogs.diagram_title(game), dialogs.diagram_file(game, "svg")

        def write(answer: Event) -> None:
            download(name, shapes_to_svg(shapes, w, h, dict(answer.data or {}), title=title), "image/svg+xml")

        resolve_colours(colour_names(shapes), _options()["theme"], write)

    def export_png(event: Event) -> None:
        shapes, w, h = dialogs.diagram(get_game(), _options())
        download_png(shapes, w, h, PNG_RATIO, dialogs.diagram_file(get_game(), "png"), _options()["theme"])

    def copy(field: str) -> Callable[[Event], None]:
        def handler(event: Event) -> None:
            el(field).select()
            copy_text(str(el(field).value))
            el("share-note").textContent = dialogs.COPIED
        return handler

    def open_dialog(event: Event) -> None:
        el("share-note").textContent = ""
        update()
        el("share-dialog").showModal()

    bind_events({("share", "click"): open_dialog, ("share-form", "change"): update,
                 ("share-close", "click"): closes("share-dialog"), ("export-svg", "click"): export_svg,
                 ("export-png", "click"): export_png})
    for field in dialogs.SHARE_FIELDS:
        on(el(f"{field}-copy"), "click", copy(field))
