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
mode       ``view`` (a static diagram), ``play`` (playable), ``replay``
           (step through the moves) or ``puzzle`` (solve it); default replay
           with moves, puzzle with ``puzzle`` or ``task``, else view
puzzle     a puzzle shipped with the lab, by id (``paper-example-1``);
           ``position`` may be given too (it must be the puzzle's: it lets
           embed.js reserve the frame's height before the frame loads);
           ``daily``: the reader's daily puzzle; ``streak``: the lab's
           puzzles in a run until the first mistake (no ``position``)
task       a teacher's own puzzle on ``position``: ``win`` (2D: win with
           one jump; 1D: the side to move wins), ``only-move`` (1D: exactly
           one winning move) or ``safe-move`` (2D: leave no winning jump);
           the engine decides it when the frame loads
text       a teacher's puzzle: the sentence shown once it is solved
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
from typing import TypedDict

from phutball.board import STANDARD_START
from phutball.errors import QUOTE_MAX, PhutballError, quote
from phutball.game import AnyPosition, Game, parse_any_position, variant_of
from phutball.notation import SWAP
from phutball.puzzles.tasks import TASKS

#: Every parameter, in the order links are written.  ``embed.js`` passes exactly
#: these ``data-*`` attributes (a unit test keeps the two lists equal).
PARAM_NAMES = ("position", "moves", "record", "mode", "ply", "theme", "coords", "numbers", "arrows",
               "puzzle", "task", "text")
MODES = ("view", "play", "replay", "puzzle")
#: The tasks a teacher's puzzle may claim, by variant (the engine checks the claim in the frame).
PUZZLE_TASKS = {v: tuple(t.name for t in TASKS.values() if v in t.custom) for v in ("2D", "1D")}
MAX_TEXT_CHARS = 600
#: ``puzzle=streak``: the lab's puzzles one after another, until the first mistake (:mod:`lab.embedstreak`).
STREAK = "streak"
_PUZZLE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}")
THEMES = ("light", "dark", "auto")
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
    puzzle: str | None = None
    task: str | None = None
    text: str = ""

    def game(self) -> Game:
        """A fresh game of the start position and moves (or the record), its cursor on :attr:`first_ply`."""
        if self.record is not None:
            game = Game.from_record(self.record)
        else:
            # a swap as the second move: the game was played with the pie rule
            game = Game(parse_any_position(self.position), list(self.moves), pie=self.moves[1:2] == (SWAP,))
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


#: A whole number as a link writes it: ASCII digits, ASCII spaces around them and nothing else.
#: (``\s``, ``\d`` and ``int()`` each accept more -- control characters U+001C-U+001F,
#: other scripts' digits -- and do not agree on it: issue 39.)
_COUNT = re.compile(r" *([0-9]{1,6}) *", re.ASCII)


def _count(name: str, value: str, most: int) -> int:
    """``value`` as a whole number from 0 to ``most``; ParamError naming ``name`` and quoting it otherwise."""
    m = _COUNT.fullmatch(value)
    if m is None or int(m.group(1)) > most:
        raise ParamError(name, value, f"expected a move number from 0 to {most}")
    return int(m.group(1))


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


def _start(position: str) -> AnyPosition:
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
    game = Game(_start(position or STANDARD_START), pie=[m.strip().lower() for m in moves[1:2]] == [SWAP])
    for i, text in enumerate(moves, start=1):
        try:
            game.push(SWAP if i == 2 and game.pie else game.position.parse_move(text))
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
    puzzle_like = "puzzle" in raw or "task" in raw
    mode = raw.get("mode", "puzzle" if puzzle_like else "replay" if game.moves else "view").strip().lower()
    if mode not in MODES:
        raise ParamError("mode", raw["mode"], f"expected one of {', '.join(MODES)}")
    puzzle, task, text = _puzzle_params(raw, mode, game)
    theme = raw.get("theme", "auto").strip().lower()
    if theme not in THEMES:
        raise ParamError("theme", raw["theme"], f"expected one of {', '.join(THEMES)}")
    ply = _count("ply", raw["ply"], len(game.moves)) if "ply" in raw else None
    return EmbedParams(
        position=str(game.start) if record is None else STANDARD_START,
        moves=tuple(game.moves) if record is None else (),
        record=record, mode=mode, ply=ply, theme=theme,
        coords=_flag("coords", raw["coords"]) if "coords" in raw else True,
        numbers=_flag("numbers", raw["numbers"]) if "numbers" in raw else True,
        arrows=_flag("arrows", raw["arrows"]) if "arrows" in raw else True,
        puzzle=puzzle, task=task, text=text,
    )


def _puzzle_params(raw: dict[str, str], mode: str, game: Game) -> tuple[str | None, str | None, str]:
    """``puzzle``, ``task`` and ``text`` checked against the mode (the claim itself is the engine's to check)."""
    if mode != "puzzle":
        for name in ("puzzle", "task", "text"):
            if name in raw:
                raise ParamError(name, raw[name], "only for mode=puzzle")
        return None, None, ""
    for name in ("moves", "record", "ply"):
        if name in raw:
            raise ParamError(name, raw[name], "a puzzle starts from a position: give no moves, record or ply")
    text = raw.get("text", "").strip()
    if len(text) > MAX_TEXT_CHARS:
        raise ParamError("text", text[:60] + "…", f"longer than {MAX_TEXT_CHARS} characters")
    if "puzzle" in raw:
        pid = raw["puzzle"].strip()
        if not _PUZZLE_ID.fullmatch(pid):
            raise ParamError("puzzle", raw["puzzle"], "expected a puzzle id such as 'paper-example-1' "
                             "(letters, digits, '.', '_' and '-')")
        for name in ("task", "text"):
            if name in raw:
                raise ParamError(name, raw[name], "a shipped puzzle has its own task and text: give puzzle "
                                 "alone, or position and task for your own puzzle")
        if pid == STREAK and "position" in raw:
            raise ParamError("position", raw["position"], "a streak chooses its own puzzles: give "
                             "puzzle=streak alone")
        return pid, None, ""
    if "position" not in raw:
        if "task" in raw:  # a teacher's puzzle names its position: say which parameter is missing
            raise ParamError("position", "", f"missing: a puzzle with task={raw['task'].strip()[:20]} "
                             "needs the position it is set on")
        raise ParamError("mode", raw["mode"], "a puzzle needs puzzle=<id>, or position and task")
    variant = "2D" if variant_of(game.start).is_board else "1D"
    tasks = PUZZLE_TASKS[variant]
    if "task" not in raw:
        raise ParamError("task", "", f"missing: a {variant} puzzle's task is one of {', '.join(tasks)}")
    task = raw["task"].strip().lower()
    if task not in tasks:
        raise ParamError("task", raw["task"], f"expected one of {', '.join(tasks)} for a {variant} position")
    return None, task, text


def usv(text: str) -> str:
    """``text`` as a Unicode scalar value string: each lone surrogate becomes U+FFFD.

    What ``URLSearchParams`` and the DOM do with a JavaScript string, so a value
    that came through JavaScript can always be encoded (UTF-8 has no lone surrogates).
    """
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def to_pairs(p: EmbedParams) -> list[tuple[str, str]]:
    """The parameters that differ from their defaults, in :data:`PARAM_NAMES` order (values as :func:`usv`)."""
    return [(name, usv(value)) for name, value in _pairs_of(p)]


def _pairs_of(p: EmbedParams) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if p.record is not None:
        out.append(("record", p.record))
    else:
        if p.position != STANDARD_START:
            out.append(("position", p.position))
        if p.moves:
            out.append(("moves", " ".join(p.moves)))
    has_moves = bool(p.moves) or p.record is not None
    if p.mode != ("puzzle" if p.puzzle or p.task else "replay" if has_moves else "view"):
        out.append(("mode", p.mode))
    if p.ply is not None:
        out.append(("ply", str(p.ply)))
    if p.theme != "auto":
        out.append(("theme", p.theme))
    for name in ("coords", "numbers", "arrows"):
        if not getattr(p, name):
            out.append((name, "off"))
    for name in ("puzzle", "task", "text"):
        if getattr(p, name):
            out.append((name, getattr(p, name)))
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
    if p.mode == "puzzle":
        return f"A phutball puzzle: {p.puzzle or p.position}"
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
    div = (f'<div class="phutball"{attrs}>{escape(usv(fallback_text(p)))}</div>\n'
           f'<script src="{escape(base)}embed.js"></script>')
    return Snippets(link, iframe, div)


#: What the share dialog can show: the position as a diagram, the game to step through, or a playable board.
SHARE_KINDS = ("position", "game", "play")


class _Options(TypedDict):
    theme: str
    coords: bool
    numbers: bool
    arrows: bool


def share_params(game: Game, kind: str, *, theme: str = "auto", coords: bool = True, numbers: bool = True,
                 arrows: bool = True) -> EmbedParams:
    """The embed parameters for the play page's game at its cursor (``kind`` from :data:`SHARE_KINDS`).

    A position diagram with move numbers or the last jump's arrow needs the moves
    that led to it; without those marks it is just the position (and its embed
    is drawn without waiting for Python).
    """
    if kind not in SHARE_KINDS:
        raise ParamError("kind", kind, f"expected one of {', '.join(SHARE_KINDS)}")
    options: _Options = {"theme": theme, "coords": coords, "numbers": numbers, "arrows": arrows}
    played = tuple(game.moves[:game.cursor])
    if kind == "game":
        return EmbedParams(position=str(game.start), moves=tuple(game.moves), mode="replay", **options)
    if kind == "position" and played and (numbers or arrows):
        return EmbedParams(position=str(game.start), moves=played, mode="view", **options)
    return EmbedParams(position=str(game.position), mode="view" if kind == "position" else "play", **options)


def puzzle_share_params(puzzle_id: str, position: str, *, theme: str = "auto") -> EmbedParams:
    """A shipped puzzle's embed (the puzzles page's Share dialog): its id, and its position for the frame's height."""
    return EmbedParams(position=position, mode="puzzle", puzzle=puzzle_id, theme=theme)
