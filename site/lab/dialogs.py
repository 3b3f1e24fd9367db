"""The play page's dialogs, as data: Share / embed, New game, and the game record (Import / export).

Pure Python, unit-tested; the glue (``glue/share.py``, ``glue/newgame.py``, ``glue/gamerecord.py``) reads
the dialogs' controls, calls these and shows their element properties (:mod:`lab.pageprops`) or words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from lab.embedparams import EmbedParams, share_params, snippets
from lab.pageprops import Props
from lab.play import PlayController, side_options
from lab.views.diagram import EXPORT_CELL, Marks, colour_names, game_diagram, natural_size, shapes_to_svg
from phutball.game import Game

#: What the Share dialog says after a copy button.
COPIED = "Copied (or selected: press Ctrl+C)."
#: What the page says after Download record.
RECORD_DOWNLOADED = "Game record downloaded (also shown in Import/Export)."
#: The file Download record writes.
RECORD_FILE = "phutball-game.phut"
#: The Share dialog's boxes, each with its Copy button (``<id>-copy``).
SHARE_FIELDS = ("share-link", "share-iframe", "share-div")
#: PNG pixels per CSS pixel: crisp on slides and in print.
PNG_RATIO = 2
#: The New game dialog's menus the person sets: shown again at each opening, whatever was shown before.
NEW_GAME_CHOICES = (("ng-opponent", "value"), ("ng-side", "value"), ("ng-level", "value"))
#: The welcome panel's buttons, each opening the New game dialog with its opponent chosen.
WELCOME_CHOICES = {"welcome-computer": "computer", "welcome-friend": "two-players", "welcome-link": "link"}


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


@dataclass(frozen=True)
class Picture:
    """The picture Export SVG and Export PNG download: the game at its cursor (:func:`diagram`), drawn with the
    dialog's options, in its ``theme``."""

    shapes: list[dict[str, Any]]
    width: float
    height: float
    title: str
    svg_name: str
    png_name: str
    theme: str

    @classmethod
    def of(cls, game: Game, options: Mapping[str, Any]) -> Picture:
        """The picture of ``game`` with the Share dialog's ``options`` (theme, coords, numbers, arrows)."""
        shapes, w, h = diagram(game, options)
        return cls(shapes, w, h, diagram_title(game), diagram_file(game, "svg"), diagram_file(game, "png"),
                   str(options["theme"]))

    def colour_names(self) -> list[str]:
        """The theme roles its shapes use, for the page to resolve in :attr:`theme` (SVG has no CSS variables)."""
        return colour_names(self.shapes)

    def svg(self, colours: Mapping[str, str]) -> tuple[str, str, str]:
        """Export SVG, with the theme's ``colours``: the file's name, its text and its type."""
        text = shapes_to_svg(self.shapes, self.width, self.height, colours, title=self.title)
        return self.svg_name, text, "image/svg+xml"

    def png(self) -> tuple[list[dict[str, Any]], float, float, float, str, str]:
        """Export PNG (the page draws the shapes on an offscreen canvas, :data:`PNG_RATIO` times the size): the
        shapes, their width and height, the ratio, the file's name and the theme."""
        return self.shapes, self.width, self.height, PNG_RATIO, self.png_name, self.theme


# ---------------------------------------------------------------- the game record


def record_export(ctl: PlayController) -> tuple[str, str]:
    """Download record: the file's name and the record (the review's marks as comments); the page says so."""
    ctl.state.message = RECORD_DOWNLOADED
    return RECORD_FILE, ctl.analysis.analysed_record()


# ---------------------------------------------------------------- New game


def new_game_open_props(choice: Mapping[str, str], opponent: str | None, suggestion: str) -> Props:
    """The New game dialog as it opens: the last choices (:meth:`lab.play.PlayController.dialog_choice`; a
    newcomer: the computer, a weak level, Ohs) or ``opponent`` (the welcome panel's), and ``suggestion``, the
    level nearest to your rating."""
    return {("ng-opponent", "value"): opponent or choice["opponent"], ("ng-pie", "checked"): bool(choice["pie"]),
            ("ng-side", "value"): choice["side"], ("ng-level", "value"): choice["level"],
            ("ng-suggest", "textContent"): suggestion}


@dataclass
class SideMenu:
    """The New game dialog's "You play" menu, whose choices say who else moves first: the computer, or your
    friend by link (``link``, as last shown; None: not yet)."""

    link: bool | None = None

    def options(self, opponent: str) -> list[tuple[str, str]] | None:
        """The menu's choices for ``opponent``, when they change (None: they stay, and so does the choice)."""
        link = opponent == "link"
        if link == self.link:
            return None
        self.link = link
        return side_options(link)


def new_game_props(opponent: str, board: str) -> Props:
    """Which of the New game dialog's fields show: the side against the computer or a friend by link, the
    strength against the computer but on a strip (it plays a strip perfectly)."""
    computer, link = opponent == "computer", opponent == "link"
    return {("ng-side-label", "hidden"): not (computer or link),
            ("ng-level-label", "hidden"): not computer or board.startswith("strip-")}


__all__ = ["COPIED", "NEW_GAME_CHOICES", "PNG_RATIO", "Picture", "RECORD_DOWNLOADED", "RECORD_FILE",
           "SHARE_FIELDS", "SideMenu", "WELCOME_CHOICES", "diagram", "diagram_file", "diagram_title", "frame_height",
           "new_game_open_props", "new_game_props", "record_export", "share_kind", "share_props"]
