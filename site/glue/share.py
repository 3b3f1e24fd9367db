"""The play page's "Share / embed" dialog: a link, the iframe and div snippets, and SVG/PNG diagrams.

Browser glue only (``glue/play.py`` calls :func:`bind` once).  The parameters come from
:func:`lab.embedparams.share_params`, the snippets from :func:`lab.embedparams.snippets`,
the picture from :func:`lab.views.diagram.game_diagram`: SVG text is made in Python by
:func:`phutball.svg.shapes_to_svg`, PNG by ``canvas.js`` drawing the same shapes on
an offscreen canvas at twice the size.
"""

from __future__ import annotations

from typing import Any, Callable

from lab.views.diagram import EXPORT_CELL, Marks, colour_names, game_diagram, natural_size, shapes_to_svg
from lab.embedparams import EmbedParams, share_params, snippets
from phutball.game import Game
from glue.remote import copy_text, download, download_png, el, location_href, on, resolve_colours

PNG_RATIO = 2  # PNG pixels per CSS pixel: crisp on slides and in print


def _options() -> dict:
    return {"theme": str(el("share-theme").value), "coords": bool(el("share-coords").checked),
            "numbers": bool(el("share-numbers").checked), "arrows": bool(el("share-arrows").checked)}


def _kind() -> str:
    for kind in ("game", "play"):
        if el(f"share-what-{kind}").checked:
            return kind
    return "position"


def _base() -> str:
    from urllib.parse import urljoin
    return urljoin(location_href(), "./")


def _frame_height(p: EmbedParams) -> int:
    """The iframe height for a 480-pixel-wide frame: the board's aspect ratio, plus the button bar."""
    start = p.game().start
    w, h = natural_size(start)
    bar = 0 if p.mode == "view" else 48
    return round(min(480.0, w) * h / w) + 8 + bar


def bind(get_game: Callable[[], Game]) -> None:
    """Wire the dialog to the page; ``get_game`` returns the game currently on the board."""

    def update(event: Any = None) -> None:
        p = share_params(get_game(), _kind(), **_options())
        s = snippets(_base(), p, height=_frame_height(p))
        el("share-link").value = s.link
        el("share-iframe").value = s.iframe
        el("share-div").value = s.div
        el("share-open").href = s.link

    def diagram() -> tuple[list, float, float]:
        game = get_game()
        o = _options()
        w, h = natural_size(game.position, EXPORT_CELL)
        marks = Marks(coordinates=o["coords"], numbers=o["numbers"], arrows=o["arrows"])
        return game_diagram(game, game.cursor, w, h, marks), w, h

    def filename(ext: str) -> str:
        return f"phutball-move-{get_game().cursor}.{ext}"

    def export_svg(event) -> None:
        shapes, w, h = diagram()
        title = f"Phutball: {get_game().position}"
        name = filename("svg")

        def write(answer) -> None:
            svg = shapes_to_svg(shapes, w, h, dict(answer.data or {}), title=title)
            download(name, svg, "image/svg+xml")

        resolve_colours(colour_names(shapes), _options()["theme"], write)

    def export_png(event) -> None:
        shapes, w, h = diagram()
        download_png(shapes, w, h, PNG_RATIO, filename("png"), _options()["theme"])

    def copy(field: str) -> Callable[[Any], None]:
        def handler(event) -> None:
            box = el(field)
            box.select()
            copy_text(str(box.value))
            el("share-note").textContent = "Copied (or selected: press Ctrl+C)."
        return handler

    def open_dialog(event) -> None:
        el("share-note").textContent = ""
        update()
        el("share-dialog").showModal()

    on(el("share"), "click", open_dialog)
    on(el("share-form"), "change", update)
    on(el("share-close"), "click", lambda e: el("share-dialog").close())
    for field in ("share-link", "share-iframe", "share-div"):
        on(el(f"{field}-copy"), "click", copy(field))
    on(el("export-svg"), "click", export_svg)
    on(el("export-png"), "click", export_png)
