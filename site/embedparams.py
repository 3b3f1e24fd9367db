"""The parameters of an embedded board (``embed.html#...``), read from untrusted text, and the share snippets.

Pure Python (no ``js``/``pyscript``), unit-tested without a browser.

An embed's parameters travel in the URL's fragment, like the play page's
position link (``index.html#15x19_O_H10``), written as a query string::

    embed.html#position=9x9_O_E5&moves=E6+E4+E5-E7&mode=replay&theme=dark&coords=off

========== ===============================================================
position   a position string, 2D or 1D (default: the standard start)
moves      moves played from it, separated by blanks or commas; move
           numbers (``1.``) are skipped
record     a whole game record instead of position and moves
mode       ``view`` (a static diagram), ``play`` (playable) or ``replay``
           (step through the moves); default replay with moves, else view
ply        the move shown first: replay starts at 0, view and play at the end
theme      ``light``, ``dark`` or ``auto`` (the reader's system setting)
coords     coordinates ``on``/``off`` (also true/false, yes/no, 1/0)
numbers    move numbers on the men placed in the moves, on/off
arrows     an arrow along the last jump, on/off
========== ===============================================================

A fragment without ``=`` is a bare position string (``embed.html#9x9_O_E5``).
Nothing here is ever interpreted as HTML or code: every value is parsed by the
engine's own parsers, and anything wrong raises :class:`ParamError` naming the
parameter and quoting its value, which the frame shows as text.
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass
from html import escape
from typing import Any

from phutball.errors import QUOTE_MAX, PhutballError, quote
from phutball.game import Game, parse_any_position

#: Every parameter, in the order links are written.  ``embed.js`` passes exactly
#: these ``data-*`` attributes (a unit test keeps the two lists equal).
PARAM_NAMES = ("position", "moves", "record", "mode", "ply", "theme", "coords", "numbers", "arrows")
MODES = ("view", "play", "replay")
THEMES = ("light", "dark", "auto")
STANDARD_START = "15x19_O_H10"
MAX_VALUE_CHARS = 20_000
_TRUE = ("on", "true", "yes", "1")
_FALSE = ("off", "false", "no", "0")


class ParamError(PhutballError):
    """A bad embed parameter: ``name`` is the parameter, ``text`` its value, ``reason`` what is wrong."""

    def __init__(self, name: str, value: object, reason: str) -> None:
        self.name = name
        # the name comes from the link too: quote it shortened, like every value (issue 15)
        super().__init__(f"parameter {name if len(name) <= QUOTE_MAX else quote(name)}", value, reason)


@dataclass(frozen=True)
class EmbedParams:
    """Checked, canonical embed parameters (see the module doc); build with :func:`parse_params`."""

    position: str = STANDARD_START
    moves: tuple[str, ...] = ()
    record: str | None = None
    mode: str = "view"
    ply: int | None = None
    theme: str = "auto"
    coords: bool = True
    numbers: bool = True
    arrows: bool = True

    def game(self) -> Game:
        """A fresh game of the start position and moves (or the record), its cursor on :attr:`first_ply`."""
        if self.record is not None:
            game = Game.from_record(self.record)
        else:
            game = Game(parse_any_position(self.position), list(self.moves))
        game.goto(self.first_ply(len(game.moves)))
        return game

    def first_ply(self, total: int) -> int:
        """The ply shown first: :attr:`ply` if given, else 0 in replay and the last one otherwise."""
        if self.ply is not None:
            return self.ply
        return 0 if self.mode == "replay" else total


def _split_moves(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t and not re.fullmatch(r"\d+\.+", t)]


def _flag(name: str, value: str) -> bool:
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise ParamError(name, value, "expected on or off")


def _pairs(fragment: str) -> list[tuple[str, str]]:
    text = fragment[1:] if fragment.startswith(("#", "?")) else fragment
    if not text:
        return []
    if "=" not in text:  # a bare position string, as in the play page's links
        try:
            return [("position", urllib.parse.unquote(text, errors="strict"))]
        except UnicodeDecodeError:
            raise ParamError("position", text, "a %-escape in the link is not valid UTF-8") from None
    try:
        return urllib.parse.parse_qsl(text, keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        raise ParamError("link", text, "a %-escape in the link is not valid UTF-8") from None


def _start(position: str) -> Any:
    try:
        start = parse_any_position(position)
    except PhutballError as e:
        if not re.match(r"\s*(\d|[LRlr]_)", position):
            raise ParamError("position", position, "expected a 2D position string such as '15x19_O_H10' "
                             "or a 1D one such as 'L_o*o.o.o....'") from None
        raise ParamError("position", position, e.reason) from None
    if not hasattr(start, "n") and not hasattr(start, "size"):
        raise ParamError("position", position, "an Oddish board cannot be shown here: give the strip itself")
    return start


def _game(position: str | None, moves: list[str], record: str | None) -> Game:
    """The game the parameters describe; ParamError names the first bad move or the record's error."""
    if record is not None:
        try:
            return Game.from_record(record)
        except PhutballError as e:
            raise ParamError("record", record, e.reason) from None
    game = Game(_start(position or STANDARD_START))
    for i, text in enumerate(moves, start=1):
        try:
            game.push(game.position.parse_move(text))
        except PhutballError as e:
            raise ParamError("moves", text, f"move {i}: {e.reason}") from None
    return game


def parse_params(fragment: str) -> EmbedParams:
    """Read an embed link's fragment (with or without ``#``); ParamError for anything wrong."""
    if len(fragment) > len(PARAM_NAMES) * (MAX_VALUE_CHARS + 20):
        raise ParamError("link", fragment[:60] + "…", "too long")
    raw: dict[str, str] = {}
    for name, value in _pairs(fragment):
        if name not in PARAM_NAMES:
            raise ParamError(name, value, f"unknown parameter (known: {', '.join(PARAM_NAMES)})")
        if name in raw:
            raise ParamError(name, value, "given twice")
        if len(value) > MAX_VALUE_CHARS:
            raise ParamError(name, value[:60] + "…", f"longer than {MAX_VALUE_CHARS} characters")
        raw[name] = value
    if "record" in raw and ("position" in raw or "moves" in raw):
        raise ParamError("record", raw["record"], "give either a record or a position and moves, not both")
    record = raw.get("record")
    moves = _split_moves(raw.get("moves", ""))
    game = _game(raw.get("position"), moves, record)
    mode = raw.get("mode", "replay" if game.moves else "view").strip().lower()
    if mode not in MODES:
        raise ParamError("mode", raw["mode"], f"expected one of {', '.join(MODES)}")
    theme = raw.get("theme", "auto").strip().lower()
    if theme not in THEMES:
        raise ParamError("theme", raw["theme"], f"expected one of {', '.join(THEMES)}")
    ply = None
    if "ply" in raw:
        if not re.fullmatch(r"\s*\d{1,6}\s*", raw["ply"]) or int(raw["ply"]) > len(game.moves):
            raise ParamError("ply", raw["ply"], f"expected a move number from 0 to {len(game.moves)}")
        ply = int(raw["ply"])
    return EmbedParams(
        position=str(game.start) if record is None else STANDARD_START,
        moves=tuple(game.moves) if record is None else (),
        record=record, mode=mode, ply=ply, theme=theme,
        coords=_flag("coords", raw["coords"]) if "coords" in raw else True,
        numbers=_flag("numbers", raw["numbers"]) if "numbers" in raw else True,
        arrows=_flag("arrows", raw["arrows"]) if "arrows" in raw else True,
    )


def to_pairs(p: EmbedParams) -> list[tuple[str, str]]:
    """The parameters that differ from their defaults, in :data:`PARAM_NAMES` order."""
    out: list[tuple[str, str]] = []
    if p.record is not None:
        out.append(("record", p.record))
    else:
        if p.position != STANDARD_START:
            out.append(("position", p.position))
        if p.moves:
            out.append(("moves", " ".join(p.moves)))
    has_moves = bool(p.moves) or p.record is not None
    if p.mode != ("replay" if has_moves else "view"):
        out.append(("mode", p.mode))
    if p.ply is not None:
        out.append(("ply", str(p.ply)))
    if p.theme != "auto":
        out.append(("theme", p.theme))
    for name in ("coords", "numbers", "arrows"):
        if not getattr(p, name):
            out.append((name, "off"))
    return out


def to_fragment(p: EmbedParams) -> str:
    """The link fragment (without ``#``) for ``p``, encoded as ``URLSearchParams`` writes it."""
    return urllib.parse.urlencode(to_pairs(p), quote_via=urllib.parse.quote_plus, safe="*")


@dataclass(frozen=True)
class Snippets:
    """What the share dialog offers: a link, an iframe, and the div for ``embed.js``."""

    link: str
    iframe: str
    div: str


def fallback_text(p: EmbedParams) -> str:
    """One line describing the board, shown where JavaScript does not run."""
    if p.record is not None:
        return "A phutball game (game record)."
    if p.moves:
        return f"A phutball game from {p.position}: {' '.join(p.moves)}"
    return f"A phutball position: {p.position}"


def snippets(base: str, p: EmbedParams, height: int = 560) -> Snippets:
    """The share snippets for ``p``; ``base`` is the URL of the folder holding embed.html and embed.js."""
    base = base if base.endswith("/") else base + "/"
    link = f"{base}embed.html#{to_fragment(p)}" if to_pairs(p) else f"{base}embed.html"
    iframe = (f'<iframe src="{escape(link)}" title="Phutball board" loading="lazy" '
              f'style="width:100%;max-width:480px;height:{height}px;border:0"></iframe>')
    attrs = "".join(f' data-{name}="{escape(value)}"' for name, value in to_pairs(p))
    div = (f'<div class="phutball"{attrs}>{escape(fallback_text(p))}</div>\n'
           f'<script src="{escape(base)}embed.js"></script>')
    return Snippets(link, iframe, div)


#: What the share dialog can show: the position as a diagram, the game to step through, or a playable board.
SHARE_KINDS = ("position", "game", "play")


def share_params(game: Game, kind: str, *, theme: str = "auto", coords: bool = True, numbers: bool = True,
                 arrows: bool = True) -> EmbedParams:
    """The embed parameters for the play page's game at its cursor (``kind`` from :data:`SHARE_KINDS`).

    A position diagram with move numbers or the last jump's arrow needs the moves
    that led to it; without those marks it is just the position (and its embed
    is drawn without waiting for Python).
    """
    if kind not in SHARE_KINDS:
        raise ParamError("kind", kind, f"expected one of {', '.join(SHARE_KINDS)}")
    options = {"theme": theme, "coords": coords, "numbers": numbers, "arrows": arrows}
    played = tuple(game.moves[:game.cursor])
    if kind == "game":
        return EmbedParams(position=str(game.start), moves=tuple(game.moves), mode="replay", **options)
    if kind == "position" and played and (numbers or arrows):
        return EmbedParams(position=str(game.start), moves=played, mode="view", **options)
    return EmbedParams(position=str(game.position), mode="view" if kind == "position" else "play", **options)
