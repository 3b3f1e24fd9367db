"""SVG diagrams of positions and games, for notebooks, documents and the lab's export.

Standard library only, in the manner of python-chess's ``chess.svg``:

>>> from phutball import svg
>>> from phutball.board import Position
>>> text = svg.board(Position.from_str("9x9_O_E5_E6"), size=300, flipped=True, theme="dark",
...                  arrows=[("E5", "E7"), svg.Arrow("E6", "D6", color="#c00")], fill={"E6": "#fc0a"})
>>> text.startswith("<svg")
True

:func:`board` draws a 2D :class:`~phutball.board.Position`, a 1D
:class:`~phutball.oned.strip.Strip` or an :class:`~phutball.oned.oddish.Oddish` board,
with arrows, shaded points, rings and crosses, colours merged over a theme (its
docstring lists the options); :func:`game` draws a :class:`~phutball.game.Game` at a
ply with its marks: the move number on each man placed in the game, and the last
jump's path as arrows.  Both return a :class:`Picture`, SVG text that shows itself in
a notebook, as positions, strips, Oddish boards and games do through these: as an
``<img>`` of the SVG (``_repr_html_``, :func:`img`), which an untrusted notebook still
shows, and as the SVG itself (``_repr_svg_``).

The shapes come from :mod:`phutball.drawing` (the lab's canvases replay the same
lists); :func:`shapes_to_svg` writes any list of them with a palette of colours:
:data:`LIGHT`, :data:`DARK` (the lab's two themes) or your own mapping.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Mapping, Protocol, Sequence, TypeAlias, TypeVar, Union, cast

from .drawing import (GEOMETRY, MARK_KINDS, Drawable, DrawnBoard, DrawnStrip, Ghost, Layout2D, LayoutStrip, Shape,
                      board_shapes, oddish_layout, oddish_shapes, strip_shapes, var)
from .errors import IllegalError, ParseError
from .notation import SWAP, Point, move_targets, parse_square
from .variant import Variant

__all__ = ["LIGHT", "DARK", "THEMES", "EXPORT_CELL", "DEFAULT_CELL", "Arrow", "Picture", "board", "game", "palette",
           "img", "shapes", "game_shapes", "shapes_to_svg", "colour_names", "natural_size", "layout_for",
           "placement_numbers", "jump_path", "parse_target"]

#: A mark's place: a :class:`~phutball.notation.Point` (2D) or an int (a 1D square), each variant's own.
Target: TypeAlias = Union[Point, int]


class DrawnGame(Protocol):
    """What is read of a :class:`~phutball.game.Game` to draw it (this module imports no game: the game's
    own pictures import it)."""

    @property
    def start(self) -> Drawable: ...
    @property
    def moves(self) -> Sequence[str]: ...
    @property
    def positions(self) -> Sequence[Drawable]: ...
    @property
    def cursor(self) -> int: ...

#: Pixels per cell of an exported diagram (a 15x19 board is 583 x 799 pixels).
EXPORT_CELL = 36.0
#: Pixels per cell when no size is asked for (a notebook's picture: a 9x9 board is 286 x 342).
DEFAULT_CELL = 28.0

#: The light theme's colours of the drawing's roles (the lab's ``theme.css``, checked by a test).
LIGHT: Mapping[str, str] = {
    "bg": "#f6f3ec", "board": "#e8c98f", "offboard": "rgba(120, 80, 20, 0.16)", "grid": "#8a6a3a",
    "goal": "#7a1f1f", "coord": "#5b4a2e", "man": "#1f2328", "man-edge": "#000000",
    "man-gone": "rgba(31, 35, 40, 0.25)", "ball": "#fbfbf8", "ball-edge": "#b42318", "landing": "#1d6f5f",
    "landing-fill": "rgba(29, 111, 95, 0.25)", "chain": "#1d6f5f", "last": "rgba(37, 99, 235, 0.5)",
    "hint": "#d97706", "cursor": "#2563eb", "man-label": "#ffffff", "arrow": "#1d4ed8",
    "ghost": "rgba(31, 35, 40, 0.35)", "ghost-edge": "rgba(0, 0, 0, 0.6)", "ghost-arrow": "rgba(124, 58, 237, 0.6)",
    "ghost-label": "#ffffff",
}
#: The dark theme's colours.
DARK: Mapping[str, str] = {
    "bg": "#15181c", "board": "#8a6b48", "offboard": "rgba(0, 0, 0, 0.3)", "grid": "#3f3122",
    "goal": "#f97066", "coord": "#c9b894", "man": "#0b0d10", "man-edge": "#d0d7de",
    "man-gone": "rgba(168, 179, 191, 0.2)", "ball": "#f5f5f0", "ball-edge": "#f97066", "landing": "#3fb39c",
    "landing-fill": "rgba(63, 179, 156, 0.3)", "chain": "#3fb39c", "last": "rgba(96, 165, 250, 0.45)",
    "hint": "#fbbf24", "cursor": "#60a5fa", "man-label": "#e6e8eb", "arrow": "#93c5fd",
    "ghost": "rgba(168, 179, 191, 0.35)", "ghost-edge": "rgba(230, 232, 235, 0.7)",
    "ghost-arrow": "rgba(196, 161, 255, 0.65)", "ghost-label": "#ffffff",
}
THEMES: Mapping[str, Mapping[str, str]] = {"light": LIGHT, "dark": DARK}


# ---------------------------------------------------------------- what a game marks


def parse_target(variant: str, text: str) -> Target:
    """A point (``'H10'``) of a 2D board or a square (``'5'``) of a strip, from a move's text.

    Through the notation (:meth:`Point.from_str`, :func:`~phutball.notation.parse_square`):
    bad text raises its :class:`~phutball.errors.ParseError` quoting it; bounds are not checked.
    """
    return Point.from_str(text) if variant == Variant.BOARD else parse_square(text)


def placement_numbers(game: DrawnGame, ply: int) -> dict[Target, int]:
    """The move number (ply, from 1) of every man on the board after ``ply`` plies of ``game`` that was
    placed in the game.

    Men of the start position have no number; a point placed on twice (the first
    man was jumped) keeps the later number.  An Oddish game has none.
    """
    variant = game.start.variant
    if variant == Variant.ODDISH:
        return {}
    numbers: dict[Target, int] = {}
    for i, move in enumerate(game.moves[:ply], start=1):
        if "-" not in move and move != SWAP:
            numbers[parse_target(variant, move)] = i
    pos = game.positions[ply]  # of the start's variant
    present = pos.men if pos.variant is Variant.BOARD else pos.stones
    return {t: n for t, n in numbers.items() if t in present}


def jump_path(game: DrawnGame, ply: int) -> list[Target]:
    """The ball's path if the move that led to ply ``ply`` was a jump, else ``[]`` (and in Oddish games)."""
    if ply < 1 or game.start.variant == Variant.ODDISH:
        return []
    move = game.moves[ply - 1]
    if "-" not in move:
        return []
    return move_targets(game.start.variant, move)


# ---------------------------------------------------------------- shapes at a size


def natural_size(pos: Drawable, cell: float = EXPORT_CELL) -> tuple[float, float]:
    """The picture's size (CSS pixels) at which ``pos`` fills its layout exactly, ``cell`` pixels a point."""
    if pos.variant is Variant.BOARD:
        return (pos.size.width + GEOMETRY.board_margin) * cell, (pos.size.height + 2 + GEOMETRY.board_margin) * cell
    squares = pos.n if pos.variant is Variant.STRIP else pos.m + 1
    return (squares + GEOMETRY.strip_width) * cell, GEOMETRY.strip_height * cell


def layout_for(pos: Drawable, width: float, height: float, flipped: bool = False) -> Layout2D | LayoutStrip:
    """The layout (and hit-testing) of ``pos`` on a ``width`` x ``height`` picture."""
    if pos.variant is Variant.BOARD:
        return Layout2D(pos.size, width, height, flipped)
    if pos.variant is Variant.ODDISH:
        return oddish_layout(pos.m, width, height, flipped)
    return LayoutStrip(pos.n, width, height, flipped)


def shapes(pos: Drawable, width: float, height: float, *, coordinates: bool = True, flipped: bool = False,
           move_numbers: Mapping[Target, int] | None = None, arrow: Sequence[Target] = (),
           last_move: Sequence[Target] = (), chain: Sequence[Target] = (), landings: Sequence[Target] = (),
           cursor: Target | None = None, hint: Target | None = None, ghosts: Sequence[Ghost] = (),
           fills: Sequence[tuple[Target, str]] = (), arrows: Sequence[tuple[Target, Target, str]] = (),
           marks: Sequence[tuple[Target, str, str]] = ()) -> list[Shape]:
    """The shapes of ``pos`` (2D, 1D or Oddish) on a ``width`` x ``height`` picture, with its marks.

    ``coordinates``: the column letters and row numbers (square numbers in 1D);
    ``move_numbers``: a number written on men (stones); ``arrow``: a jump's path as
    arrows; ``last_move``: a placement's point (or a jump's path) highlighted; ``fills``
    (point, colour), ``arrows`` (tail, head, colour) and ``marks`` (point, kind, colour):
    :func:`board`'s annotations, read.  The lab's boards also use ``chain`` and ``landings``
    (a jump being entered), ``cursor``, ``hint``, and ``ghosts`` (moves shown but not
    played, 2D only).  An Oddish board takes ``coordinates`` and ``flipped`` only.
    """
    lay = layout_for(pos, width, height, flipped)
    if pos.variant is Variant.BOARD:  # a Layout2D; the marks are points
        assert isinstance(lay, Layout2D)
        return board_shapes(
            pos, lay, landings=cast("Sequence[Point]", landings), chain=cast("Sequence[Point]", chain),
            last_move=cast("Sequence[Point]", last_move), cursor=cast("Point | None", cursor),
            hint=cast("Point | None", hint), coordinates=coordinates,
            move_numbers=cast("Mapping[Point, int] | None", move_numbers), arrow=cast("Sequence[Point]", arrow),
            ghosts=ghosts, fills=cast("Sequence[tuple[Point, str]]", fills),
            arrows=cast("Sequence[tuple[Point, Point, str]]", arrows),
            marks=cast("Sequence[tuple[Point, str, str]]", marks))
    assert isinstance(lay, LayoutStrip)
    if pos.variant is Variant.ODDISH:
        return oddish_shapes(pos, lay, numbers=coordinates)
    return strip_shapes(  # the marks are squares
        pos.n, pos.ball, pos.stones, lay, landings=cast("Sequence[int]", landings), chain=cast("Sequence[int]", chain),
        last_move=cast("Sequence[int]", last_move), cursor=cast("int | None", cursor), hint=cast("int | None", hint),
        numbers=coordinates, move_numbers=cast("Mapping[int, int] | None", move_numbers),
        arrow=cast("Sequence[int]", arrow), fills=cast("Sequence[tuple[int, str]]", fills),
        arrows=cast("Sequence[tuple[int, int, str]]", arrows), marks=cast("Sequence[tuple[int, str, str]]", marks))


def game_shapes(game: DrawnGame, ply: int, width: float, height: float, *, coordinates: bool = True,
                numbers: bool = True, arrows: bool = True, flipped: bool = False, chain: Sequence[Target] = (),
                landings: Sequence[Target] = (), cursor: Target | None = None) -> list[Shape]:
    """The position after ``ply`` plies of ``game``: placements numbered (``numbers``), the last jump as
    arrows (``arrows``).

    A placement that led to ``ply`` is also highlighted (a jump shows its arrow
    instead, or its path when arrows are off).  ``chain``, ``landings`` and
    ``cursor`` are a jump being entered (the lab's boards), which hides the last move.
    """
    path = jump_path(game, ply) if not chain else []
    last: list[Target] = []
    if ply >= 1 and not chain and not (path and arrows) and game.start.variant != Variant.ODDISH \
            and game.moves[ply - 1] != SWAP:  # a swap moves nothing
        last = path or [parse_target(game.start.variant, game.moves[ply - 1])]
    return shapes(game.positions[ply], width, height, coordinates=coordinates, flipped=flipped,
                  move_numbers=placement_numbers(game, ply) if numbers else None, arrow=path if arrows else (),
                  last_move=last, chain=chain, landings=landings, cursor=cursor)


# ---------------------------------------------------------------- SVG text


def colour_names(drawn: Sequence[Shape]) -> list[str]:
    """The theme roles (``--name``) the shapes use, sorted, for the caller to resolve."""
    names = {v[6:-1] for s in drawn for k in ("fill", "stroke")
             if isinstance(v := s.get(k), str) and v.startswith("var(--") and v.endswith(")")}
    return sorted(names)


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def _quoted(value: str) -> str:
    """An XML attribute value, escaped and in double quotes (``html.escape``: importing
    ``xml.sax.saxutils`` would pull in ``urllib.request`` and ``email``, about 0.6 s of the
    browser worker's start)."""
    return f'"{escape(value)}"'


def _paint(s: Shape, colours: Mapping[str, str]) -> list[str]:
    """The fill/stroke attributes of a shape, with ``var(--x)`` resolved through ``colours`` (a role
    missing there: :data:`LIGHT`'s; a role no theme has, which is a bug of the drawing: magenta)."""
    def colour(v: str) -> str:
        if v.startswith("var(--") and v.endswith(")"):
            return colours.get(v[6:-1]) or LIGHT.get(v[6:-1], "#ff00ff")
        return v
    attrs = [f"fill={_quoted(colour(s['fill']))}" if s.get("fill") else 'fill="none"']
    if s.get("stroke"):
        attrs.append(f"stroke={_quoted(colour(s['stroke']))}")
        attrs.append(f'stroke-width="{_num(s.get("lw") or 1)}"')
    if s.get("dash"):
        attrs.append(f'stroke-dasharray="{" ".join(_num(d) for d in s["dash"])}"')
    return attrs


def _points(pts: Sequence[Sequence[float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in pts)


_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


def shapes_to_svg(drawn: Sequence[Shape], width: float, height: float, colours: Mapping[str, str],
                  title: str = "Phutball diagram") -> str:
    """A standalone SVG document drawing the shapes ``drawn`` exactly as the lab's ``canvas.js`` does.

    ``colours`` maps theme roles (``"board"``, ``"man"``...; see :func:`colour_names`)
    to CSS colours (a role it lacks takes :data:`LIGHT`'s colour); every text (labels, the
    title) is XML-escaped.
    """
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
           f'viewBox="0 0 {_num(width)} {_num(height)}" font-family="system-ui, sans-serif">',
           f"<title>{escape(title)}</title>"]
    for s in drawn:
        t = s["t"]
        paint = " ".join(_paint(s, colours))
        if t == "rect":
            r = f' rx="{_num(s["r"])}"' if s.get("r") else ""
            out.append(f'<rect x="{_num(s["x"])}" y="{_num(s["y"])}" width="{_num(s["w"])}" '
                       f'height="{_num(s["h"])}"{r} {paint}/>')
        elif t == "line":
            out.append(f'<polyline points="{_points(s["pts"])}" stroke-linecap="round" '
                       f'stroke-linejoin="round" {paint}/>')
        elif t == "circle":
            out.append(f'<circle cx="{_num(s["x"])}" cy="{_num(s["y"])}" r="{_num(s["rad"])}" {paint}/>')
        elif t == "poly":
            out.append(f'<polygon points="{_points(s["pts"])}" {paint}/>')
        elif t == "text":
            weight = ' font-weight="600"' if s.get("bold") else ""
            out.append(f'<text x="{_num(s["x"])}" y="{_num(s["y"])}" font-size="{_num(s["size"])}"{weight} '
                       f'text-anchor="{_ANCHOR[s.get("align", "left")]}" dominant-baseline="central" '
                       f'{paint}>{escape(str(s["s"]))}</text>')
        else:
            raise ValueError(f"unknown shape type {t!r}")
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- the diagrams


class Picture(str):
    """The SVG text of a picture (a ``str``), which shows itself in notebooks, as ``chess.svg``'s do.

    A cell ending with ``svg.board(...)`` shows the picture: as an ``<img>`` (``_repr_html_``,
    :func:`img`, whose alt text is :attr:`alt`), which an untrusted notebook still shows, and as
    the SVG itself (``_repr_svg_``) for the front ends that prefer it.
    """

    #: The ``<img>``'s alt text: the position string.
    alt: str = ""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return img(str(self), self.alt)


def _picture(text: str, alt: str) -> Picture:
    out = Picture(text)
    out.alt = alt
    return out


@dataclass(frozen=True)
class Arrow:
    """An arrow for :func:`board`'s ``arrows``: from ``tail`` to ``head`` (points or squares, or their names),
    in ``color`` (a CSS colour; None: the theme's ``arrow`` colour).

    An arrow from a point to itself is drawn as a ring around it, as ``chess.svg`` does.
    """

    tail: Target | str
    head: Target | str
    color: str | None = None


def _colour(value: object, what: str) -> str:
    """A CSS colour given by a caller (kept as written: the SVG writer escapes it), or ParseError quoting it.

    ``var(--role)`` names a theme colour (see :data:`LIGHT`), resolved when the picture is written.
    """
    if not isinstance(value, str) or not value.strip():
        raise ParseError("bad colour", value, f"{what}: expected a CSS colour, e.g. '#c00', '#ffcc00aa' or 'red'")
    if value.startswith("var(--") and value.endswith(")") and value[6:-1] not in LIGHT:
        raise ParseError("unknown colour", value, f"{what}: the theme's colours are {', '.join(LIGHT)}")
    return value


def palette(theme: str | Mapping[str, str] = "light", colors: Mapping[str, str] | None = None) -> dict[str, str]:
    """The colours of a picture: ``theme``'s (``"light"``, ``"dark"``, or a mapping merged over
    :data:`LIGHT`), with ``colors`` merged over them, as ``chess.svg`` merges its ``colors``.

    A colour name that is no role of :data:`LIGHT` raises :class:`~phutball.errors.ParseError` naming it
    and listing the known names, so a typo never paints the picture magenta or hides a part of it.

    >>> palette("dark", {"board": "#dee3e6"})["board"], palette("dark")["ball"] == DARK["ball"]
    ('#dee3e6', True)
    """
    if isinstance(theme, str):
        if theme not in THEMES:
            raise ParseError("unknown theme", theme, f"expected {' or '.join(map(repr, THEMES))}, or a mapping of "
                             "colours, e.g. {'board': '#dee3e6'}")
        base, overrides = THEMES[theme], [colors]
    elif isinstance(theme, Mapping):
        base, overrides = LIGHT, [theme, colors]
    else:
        raise ParseError("bad theme", theme, f"expected {' or '.join(map(repr, THEMES))}, or a mapping of colours")
    out = dict(base)
    for given in overrides:
        if given is None:
            continue
        if not isinstance(given, Mapping):
            raise ParseError("bad colours", given, "expected a mapping of colour names to CSS colours, "
                             "e.g. {'board': '#dee3e6'}")
        for name, value in given.items():
            if name not in LIGHT:
                raise ParseError("unknown colour", name, f"the colours are {', '.join(LIGHT)}")
            out[name] = _colour(value, f"the colour of {name!r}")
    return out


_V = TypeVar("_V")
#: A mapping of points (squares), or their names, to values (:func:`board`'s ``fill``, ``marks``, ``move_numbers``).
OnPoints: TypeAlias = Union[Mapping[Point, _V], Mapping[int, _V], Mapping[str, _V], Mapping[Target, _V],
                            Mapping[Target | str, _V]]

#: A position that takes marks: a 2D board or a strip (not an Oddish board).
_Marked: TypeAlias = Union[DrawnBoard, DrawnStrip]


def _size(pos: Drawable, size: float | None) -> tuple[float, float]:
    """The picture's width and height: ``size`` pixels wide (the natural height follows), else
    :data:`DEFAULT_CELL` pixels a cell."""
    w, h = natural_size(pos, DEFAULT_CELL)
    if size is None:
        return w, h
    if isinstance(size, bool) or not isinstance(size, (int, float)):
        raise ParseError("bad size", size, "expected a width in pixels from 16 to 10000")
    if not 16 <= size <= 10_000:
        raise IllegalError("bad size", size, "expected a width in pixels from 16 to 10000")
    return float(size), h * size / w


def _target(pos: _Marked, mark: object) -> Target:
    """One mark's point (square): its name through the notation, or the variant's own target as is."""
    if isinstance(mark, str):
        return parse_target(pos.variant, mark)
    if pos.variant is Variant.BOARD:
        if isinstance(mark, Point):
            return mark
        raise ParseError("bad point", mark, "expected a point or its name, e.g. 'H10'")
    if isinstance(mark, int) and not isinstance(mark, bool):
        return mark
    raise ParseError("bad square", mark, "expected a square number, e.g. 5 or '5'")


def _in_bounds(pos: _Marked, t: Target) -> bool:
    """Whether ``t``, of ``pos``'s variant (:func:`_target` and the notation read it so), is on ``pos``."""
    if pos.variant is Variant.BOARD:
        assert isinstance(t, Point)
        return pos.in_bounds(t)
    assert isinstance(t, int)
    return pos.in_bounds(t)


def _on_board(pos: _Marked, argument: str, targets: list[Target], text: object) -> list[Target]:
    """``targets`` if each is on ``pos``'s board (or strip, or just past it), else IllegalError quoting ``text``.

    Well-formed marks off the board are not bad syntax but impossible here (``'Z99'`` on a 9x9
    board).
    """
    for t in targets:
        if not _in_bounds(pos, t):
            where = (f"the {pos.size} board (columns {pos.size.columns[0]}-{pos.size.columns[-1]}, "
                     f"rows 0-{pos.size.height + 1})" if pos.variant is Variant.BOARD
                     else f"the strip (squares 1-{pos.n}, 0 and {pos.n + 1} past its ends)")
            raise IllegalError(argument, text, f"{t} is not on {where}")
    return targets


def _point(pos: _Marked, argument: str, mark: object) -> Target:
    """One point (square) of ``argument``, read by :func:`_target` and checked on the board."""
    return _on_board(pos, argument, [_target(pos, mark)], mark)[0]


def _targets(pos: _Marked, argument: str, marks: str | Sequence[Target | str] | None) -> list[Target]:
    """Points (squares) from a move's text (``"K6-G9-G11"``, ``"H10"``) or a sequence of them (or of
    their names), for the argument ``argument``.

    Bad text raises the notation's :class:`~phutball.errors.ParseError` quoting it; a well-formed
    point off the board an :class:`~phutball.errors.IllegalError`.
    """
    if marks is None:
        return []
    if isinstance(marks, str):
        return _on_board(pos, argument, move_targets("2D" if pos.variant is Variant.BOARD else "1D", marks),
                         marks)
    return [_point(pos, argument, t) for t in marks]


def _numbers(pos: _Marked, marks: OnPoints[int] | None) -> dict[Target, int] | None:
    """``move_numbers`` with each key read as a mark (a point's name or the point itself)."""
    if marks is None:
        return None
    return {_point(pos, "move_numbers", t): n for t, n in marks.items()}


#: An arrow for :func:`board`: an :class:`Arrow`, (tail, head), (tail, head, color), or a move's text
#: (``"K6-G9-G11"``); a tail or head is a point (square) or its name.
ArrowSpec: TypeAlias = Union[Arrow, tuple[Target | str, Target | str], tuple[Target | str, Target | str, str | None],
                             str]

_ARROW_FORMS = "an Arrow(tail, head, color=...), a tuple (tail, head) or (tail, head, color), or a move's text"


def _arrows(pos: _Marked, arrows: ArrowSpec | Sequence[ArrowSpec] | None) -> list[tuple[Target, Target, str]]:
    """Each arrow of ``arrows`` (a list, or one :class:`Arrow` or move's text alone) as (tail, head,
    colour); a move's text gives one arrow per hop (a placement's point: a ring)."""
    if arrows is None:
        return []
    if isinstance(arrows, (str, Arrow)):
        arrows = [arrows]
    if not isinstance(arrows, (list, tuple)):
        raise ParseError("bad arrows", arrows, f"expected a list of arrows, each {_ARROW_FORMS}")
    out: list[tuple[Target, Target, str]] = []
    for item in arrows:
        if isinstance(item, str):
            path = _targets(pos, "arrows", item)
            out += [(path[0], path[0], var("arrow"))] if len(path) == 1 else \
                [(a, b, var("arrow")) for a, b in zip(path, path[1:])]
            continue
        if isinstance(item, Arrow):
            tail, head, colour = item.tail, item.head, item.color
        elif isinstance(item, tuple) and len(item) in (2, 3):
            tail, head, colour = item if len(item) == 3 else (*item, None)
        else:
            raise ParseError("bad arrow", item, f"expected {_ARROW_FORMS}, e.g. 'K6-G9'")
        out.append((_point(pos, "arrows", tail), _point(pos, "arrows", head),
                    var("arrow") if colour is None else _colour(colour, f"the colour of the arrow {item!r}")))
    return out


def _fills(pos: _Marked, fill: OnPoints[str] | None) -> list[tuple[Target, str]]:
    """``fill`` as (point, colour) pairs."""
    if fill is None:
        return []
    if not isinstance(fill, Mapping):
        raise ParseError("bad fill", fill, "expected a mapping of points (squares) to colours, e.g. {'H11': '#fc0a'}")
    return [(_point(pos, "fill", t), _colour(c, f"the fill of {t!r}")) for t, c in fill.items()]


#: A mark for :func:`board`: ``"ring"`` or ``"cross"``, or (kind, color).
MarkSpec: TypeAlias = Union[str, tuple[str, str | None]]

_MARK_FORMS = f"expected {' or '.join(map(repr, MARK_KINDS))}, or (kind, color)"


def _marks(pos: _Marked, marks: OnPoints[MarkSpec] | None) -> list[tuple[Target, str, str]]:
    """``marks`` as (point, kind, colour) triples; a mark's colour defaults to the theme's ``hint``."""
    if marks is None:
        return []
    if not isinstance(marks, Mapping):
        raise ParseError("bad marks", marks, "expected a mapping of points (squares) to marks, e.g. {'G9': 'ring'}")
    out = []
    for t, spec in marks.items():
        kind, colour = (spec, None) if isinstance(spec, str) else \
            spec if isinstance(spec, tuple) and len(spec) == 2 else (None, None)
        if kind not in MARK_KINDS:
            raise ParseError("bad mark", spec, f"{_MARK_FORMS}, e.g. {{'G9': 'ring'}}")
        out.append((_point(pos, "marks", t), kind,
                    var("hint") if colour is None else _colour(colour, f"the colour of the mark on {t!r}")))
    return out


def board(pos: Drawable, *, size: float | None = None, coordinates: bool = True, flipped: bool = False,
          theme: str | Mapping[str, str] = "light", colors: Mapping[str, str] | None = None,
          arrows: ArrowSpec | Sequence[ArrowSpec] | None = None, fill: OnPoints[str] | None = None,
          marks: OnPoints[MarkSpec] | None = None,
          last_move: str | Sequence[Target | str] | None = None,
          move_numbers: OnPoints[int] | None = None, arrow: str | Sequence[Target | str] | None = None,
          title: str | None = None) -> Picture:
    """An SVG picture of ``pos``: a 2D position, a 1D strip or an Oddish board.

    The picture:

    * ``size``: the width in pixels (the height follows; default: 28 pixels a point);
    * ``coordinates``: the column letters and row numbers (square numbers on a strip);
    * ``flipped``: the board turned half a turn (a strip read right to left);
    * ``theme``: ``"light"``, ``"dark"``, or a mapping of colours merged over the light ones;
    * ``colors``: a mapping of colours merged over the theme's, e.g. ``{"board": "#dee3e6"}``
      (the names are :data:`LIGHT`'s keys; an unknown one raises :class:`~phutball.errors.ParseError`
      listing them);
    * ``title``: the picture's ``<title>`` (default: ``"Phutball: "`` and the position string).

    Marks (not on an Oddish board), each point a name (``"H11"``, a square ``"5"``) or the variant's
    own target (a :class:`~phutball.notation.Point`, a square number):

    * ``arrows``: a list of arrows, each an :class:`Arrow`, a tuple ``(tail, head)`` or
      ``(tail, head, color)``, or a move's text (``"K6-G9-G11"``: one arrow per hop, ``"H11"``: a
      ring); in the theme's ``arrow`` colour unless given one;
    * ``fill``: points shaded under the men, ``{point: color}``;
    * ``marks``: ``{point: "ring"}`` or ``"cross"``, or ``(kind, color)``; in the theme's ``hint``
      colour unless given one; drawn on top;
    * ``last_move``: a placement's point (``"H11"``) or a jump's path (``"K6-G9-G11"``) highlighted;
    * ``move_numbers``: numbers written on men (stones), ``{point: number}``;
    * ``arrow``: a jump's path as arrows, the same as ``arrows=[path]``.

    A colour is any CSS colour (``"#c00"``, ``"#ffcc00aa"``, ``"rgba(0, 0, 0, 0.5)"``, ``"red"``) or
    ``"var(--role)"`` for a theme colour.  Bad text raises the notation's
    :class:`~phutball.errors.ParseError` quoting it, a well-formed point off the board (``'Z99'`` on a
    9x9 board) an :class:`~phutball.errors.IllegalError`.

    >>> from phutball.board import Position
    >>> pos = Position.from_str("15x19_X_H11_G9H10")
    >>> text = board(pos, size=400, arrows=["H11-H9", Arrow("G9", "G11", color="#c00"), ("G9", "F9", "teal")],
    ...              fill={"H11": "#fc0a"}, marks={"G9": "ring", "J9": ("cross", "#c00")},
    ...              colors={"board": "#dee3e6"}, last_move="H10")
    >>> text.count("<polygon"), text.count('fill="#dee3e6"'), "#ff00ff" in text
    (3, 1, False)
    >>> board(pos, marks={"G9": "star"})
    Traceback (most recent call last):
    ...
    phutball.errors.ParseError: bad mark 'star': expected 'ring' or 'cross', or (kind, color), e.g. {'G9': 'ring'}
    >>> board(pos, fill={"Z99": "red"})
    Traceback (most recent call last):
    ...
    phutball.errors.IllegalError: fill 'Z99': Z99 is not on the 15x19 board (columns A-P, rows 0-20)
    """
    colours = palette(theme, colors)
    w, h = _size(pos, size)
    if pos.variant is Variant.ODDISH:
        for name, given in (("arrows", arrows), ("fill", fill), ("marks", marks), ("last_move", last_move),
                            ("move_numbers", move_numbers), ("arrow", arrow)):
            if given:
                raise IllegalError(name, given, "an Oddish board is drawn without marks")
        drawn = shapes(pos, w, h, coordinates=coordinates, flipped=flipped)
    else:
        drawn = shapes(pos, w, h, coordinates=coordinates, flipped=flipped, move_numbers=_numbers(pos, move_numbers),
                       arrow=_targets(pos, "arrow", arrow), last_move=_targets(pos, "last_move", last_move),
                       fills=_fills(pos, fill), arrows=_arrows(pos, arrows), marks=_marks(pos, marks))
    return _picture(shapes_to_svg(drawn, w, h, colours, title=f"Phutball: {pos}" if title is None else title),
                    str(pos))


def game(record: DrawnGame, ply: int | None = None, *, size: float | None = None, coordinates: bool = True,
         numbers: bool = True, arrows: bool = True, flipped: bool = False,
         theme: str | Mapping[str, str] = "light", colors: Mapping[str, str] | None = None,
         title: str | None = None) -> Picture:
    """An SVG picture of a :class:`~phutball.game.Game` after ``ply`` plies (default: at its cursor),
    with the move number on each man placed (``numbers``) and the last jump's arrows (``arrows``).

    The other options are :func:`board`'s.
    """
    at = record.cursor if ply is None else ply
    if isinstance(at, bool) or not isinstance(at, int):
        raise ParseError("bad ply", ply, f"expected a number of plies from 0 to {len(record.moves)}")
    if not 0 <= at <= len(record.moves):
        raise IllegalError("bad ply", ply, f"expected 0 to {len(record.moves)}: the game has {len(record.moves)} "
                           "plies")
    colours = palette(theme, colors)
    pos = record.positions[at]
    w, h = _size(pos, size)
    drawn = game_shapes(record, at, w, h, coordinates=coordinates, numbers=numbers, arrows=arrows, flipped=flipped)
    return _picture(shapes_to_svg(drawn, w, h, colours, title=f"Phutball: {pos}" if title is None else title),
                    str(pos))


# ---------------------------------------------------------------- pictures in HTML


def img(picture: str, alt: str) -> str:
    """An HTML ``<img>`` showing the SVG text ``picture`` from a base64 ``data:`` URI, with ``alt`` text.

    What the pictures (:class:`Picture`) and the values' ``_repr_html_`` return: an untrusted
    notebook's HTML sanitizer (JupyterLab's) drops an inline ``<svg>`` but keeps such an image.

    >>> print(img('<svg xmlns="http://www.w3.org/2000/svg"/>', 'a "quoted" alt'))
    <img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0i...Lz4=" alt="a &quot;quoted&quot; alt">
    """
    from base64 import b64encode
    return f'<img src="data:image/svg+xml;base64,{b64encode(picture.encode("utf-8")).decode("ascii")}" ' \
           f"alt={_quoted(alt)}>"
