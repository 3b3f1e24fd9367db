"""The play page's dialogs, as data: Share / embed, New game, and the game record (Import / export).

Pure Python, unit-tested; the glue (``glue/share.py``, ``glue/newgame.py``, ``glue/gamerecord.py``) reads
the dialogs' controls, calls these and shows their element properties (:mod:`lab.pageprops`) or words.
"""

from __future__ import annotations

from typing import Any, Mapping

from lab.embedparams import EmbedParams, share_params, snippets
from lab.pageprops import Props
from lab.views.diagram import EXPORT_CELL, Marks, game_diagram, natural_size
from phutball.game import Game

#: What the Share dialog says after a copy button.
COPIED = "Copied (or selected: press Ctrl+C)."
#: What the page says after Download record.
RECORD_DOWNLOADED = "Game record downloaded (also shown in Import/Export)."
#: The Share dialog's boxes, each with its Copy button (``<id>-copy``).
SHARE_FIELDS = ("share-link", "share-iframe", "share-div")


# ---------------------------------------------------------------- Share / embed


def share_kind(game: bool, play: bool) -> str:
    """What is shared, from the dialog's radio buttons: the whole game, the position to play on, or the
    position (the default)."""
    return "game" if game else "play" if play else "position"


def frame_height(p: EmbedParams) -> int:
    """The iframe height for a 480-pixel-wide frame: the board's aspect ratio, plus the button bar."""
    w, h = natural_size(p.game().start)
    bar = 0 if p.mode == "view" else 48
    return round(min(480.0, w) * h / w) + 8 + bar


def share_props(game: Game, kind: str, options: Mapping[str, Any], base: str) -> Props:
    """The Share dialog's link, iframe and div for ``game`` shared as ``kind`` with ``options`` (theme,
    coords, numbers, arrows); ``base``: the folder of embed.html."""
    p = share_params(game, kind, **options)
    s = snippets(base, p, height=frame_height(p))
    return {("share-link", "value"): s.link, ("share-iframe", "value"): s.iframe, ("share-div", "value"): s.div,
            ("share-open", "href"): s.link}


def diagram(game: Game, options: Mapping[str, Any]) -> tuple[list[dict[str, Any]], float, float]:
    """The picture of ``game`` at its cursor for Export SVG/PNG: its shapes, width and height."""
    w, h = natural_size(game.position, EXPORT_CELL)
    marks = Marks(coordinates=options["coords"], numbers=options["numbers"], arrows=options["arrows"])
    return game_diagram(game, game.cursor, w, h, marks), w, h


def diagram_file(game: Game, ext: str) -> str:
    return f"phutball-move-{game.cursor}.{ext}"


def diagram_title(game: Game) -> str:
    return f"Phutball: {game.position}"


# ---------------------------------------------------------------- New game


def new_game_props(opponent: str, board: str) -> Props:
    """Which of the New game dialog's fields show: the side against the computer or a friend by link, the
    strength against the computer but on a strip (it plays a strip perfectly)."""
    computer, link = opponent == "computer", opponent == "link"
    return {("ng-side-label", "hidden"): not (computer or link),
            ("ng-level-label", "hidden"): not computer or board.startswith("strip-")}


__all__ = ["COPIED", "RECORD_DOWNLOADED", "SHARE_FIELDS", "diagram", "diagram_file", "diagram_title", "frame_height",
           "new_game_props", "share_kind", "share_props"]
