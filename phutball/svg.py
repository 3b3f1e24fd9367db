"""SVG diagrams of positions and games, for notebooks, documents and the lab's export.

Standard library only, in the manner of python-chess's ``chess.svg``:

>>> from phutball import svg
>>> from phutball.board import Position
>>> text = svg.board(Position.from_str("9x9_O_E5_E6"), size=300, flipped=True, theme="dark")
>>> text.startswith("<svg")
True

:func:`board` draws a 2D :class:`~phutball.board.Position`, a 1D
:class:`~phutball.oned.strip.Strip` or an :class:`~phutball.oned.oddish.Oddish` board;
:func:`game` draws a :class:`~phutball.game.Game` at a ply with its marks: the move
number on each man placed in the game, and the last jump's path as arrows.  Positions
draw themselves in notebooks through these (``_repr_svg_``).

The shapes come from :mod:`phutball.drawing` (the lab's canvases replay the same
lists); :func:`shapes_to_svg` writes any list of them with a palette of colours:
:data:`LIGHT`, :data:`DARK` (the lab's two themes) or your own mapping.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from .drawing import GEOMETRY, Layout2D, LayoutStrip, Shape, board_shapes, oddish_layout, oddish_shapes, strip_shapes
from .drawing import Ghost
from .errors import IllegalError, ParseError
from .notation import SWAP, Point, move_targets, parse_square
from .variant import Variant

__all__ = ["LIGHT", "DARK", "THEMES", "EXPORT_CELL", "DEFAULT_CELL", "board", "game", "shapes",
           "game_shapes", "shapes_to_svg", "colour_names", "natural_size", "layout_for", "placement_numbers",
           "jump_path", "parse_target"]

Target = Any  # Point (2D) or int (1D square): each variant's own

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


def placement_numbers(game: Any, ply: int) -> dict[Target, int]:
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
    pos = game.positions[ply]
    present = pos.men if variant == Variant.BOARD else pos.stones
    return {t: n for t, n in numbers.items() if t in present}


def jump_path(game: Any, ply: int) -> list[Target]:
    """The ball's path if the move that led to ply ``ply`` was a jump, else ``[]`` (and in Oddish games)."""
    if ply < 1 or game.start.variant == Variant.ODDISH:
        return []
    move = game.moves[ply - 1]
    if "-" not in move:
        return []
    return move_targets(game.start.variant, move)


# ---------------------------------------------------------------- shapes at a size


def natural_size(pos: Any, cell: float = EXPORT_CELL) -> tuple[float, float]:
    """The picture's size (CSS pixels) at which ``pos`` fills its layout exactly, ``cell`` pixels a point."""
    if pos.variant == Variant.BOARD:
        return (pos.size.width + GEOMETRY.board_margin) * cell, (pos.size.height + 2 + GEOMETRY.board_margin) * cell
    squares = pos.n if pos.variant == Variant.STRIP else pos.m + 1
    return (squares + GEOMETRY.strip_width) * cell, GEOMETRY.strip_height * cell


def layout_for(pos: Any, width: float, height: float, flipped: bool = False) -> Layout2D | LayoutStrip:
    """The layout (and hit-testing) of ``pos`` on a ``width`` x ``height`` picture."""
    if pos.variant == Variant.BOARD:
        return Layout2D(pos.size, width, height, flipped)
    if pos.variant == Variant.ODDISH:
        return oddish_layout(pos.m, width, height, flipped)
    return LayoutStrip(pos.n, width, height, flipped)


def shapes(pos: Any, width: float, height: float, *, coordinates: bool = True, flipped: bool = False,
           move_numbers: Mapping[Target, int] | None = None, arrow: Sequence[Target] = (),
           last_move: Sequence[Target] = (), chain: Sequence[Target] = (), landings: Sequence[Target] = (),
           cursor: Target | None = None, hint: Target | None = None, ghosts: Sequence[Ghost] = ()) -> list[Shape]:
    """The shapes of ``pos`` (2D, 1D or Oddish) on a ``width`` x ``height`` picture, with its marks.

    ``coordinates``: the column letters and row numbers (square numbers in 1D);
    ``move_numbers``: a number written on men (stones); ``arrow``: a jump's path as
    arrows; ``last_move``: a placement's point (or a jump's path) highlighted.  The
    lab's boards also use ``chain`` and ``landings`` (a jump being entered), ``cursor``,
    ``hint``, and ``ghosts`` (moves shown but not played, 2D only).  An Oddish board
    takes ``coordinates`` and ``flipped`` only.
    """
    lay = layout_for(pos, width, height, flipped)
    if isinstance(lay, Layout2D):
        return board_shapes(pos, lay, landings=landings, chain=chain, last_move=last_move, cursor=cursor,
                            hint=hint, coordinates=coordinates, move_numbers=move_numbers, arrow=arrow,
                            ghosts=ghosts)
    if pos.variant == Variant.ODDISH:
        return oddish_shapes(pos, lay, numbers=coordinates)
    return strip_shapes(pos.n, pos.ball, pos.stones, lay, landings=landings, chain=chain, last_move=last_move,
                        cursor=cursor, hint=hint, numbers=coordinates, move_numbers=move_numbers, arrow=arrow)


def game_shapes(game: Any, ply: int, width: float, height: float, *, coordinates: bool = True,
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
    """The fill/stroke attributes of a shape, with ``var(--x)`` resolved through ``colours``."""
    def colour(v: str) -> str:
        if v.startswith("var(--") and v.endswith(")"):
            return colours.get(v[6:-1], "#ff00ff")
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
    to CSS colours; every text (labels, the title) is XML-escaped.
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


def _palette(theme: str | Mapping[str, str]) -> Mapping[str, str]:
    if isinstance(theme, str):
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}: expected one of {', '.join(THEMES)} or a mapping")
        return THEMES[theme]
    return theme


def _size(pos: Any, size: float | None) -> tuple[float, float]:
    """The picture's width and height: ``size`` pixels wide (the natural height follows), else
    :data:`DEFAULT_CELL` pixels a cell."""
    w, h = natural_size(pos, DEFAULT_CELL)
    if size is None:
        return w, h
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 16 <= size <= 10_000:
        raise ValueError(f"bad size {size!r}: expected a width in pixels from 16 to 10000")
    return float(size), h * size / w


def _target(pos: Any, mark: object) -> Target:
    """One mark's point (square): its name through the notation, or the variant's own target as is."""
    if isinstance(mark, str):
        return parse_target(pos.variant, mark)
    if pos.variant == Variant.BOARD:
        if isinstance(mark, Point):
            return mark
        raise ParseError("bad point", mark, "expected a point or its name, e.g. 'H10'")
    if isinstance(mark, int) and not isinstance(mark, bool):
        return mark
    raise ParseError("bad square", mark, "expected a square number, e.g. 5 or '5'")


def _on_board(pos: Any, argument: str, targets: list[Target], text: object) -> list[Target]:
    """``targets`` if each is on ``pos``'s board (or strip, or just past it), else IllegalError quoting ``text``.

    Well-formed marks off the board are not bad syntax but impossible here (``'Z99'`` on a 9x9
    board).  An Oddish board draws no marks: it is not checked.
    """
    if pos.variant == Variant.ODDISH:
        return targets
    for t in targets:
        if not pos.in_bounds(t):
            where = (f"the {pos.size} board (columns {pos.size.columns[0]}-{pos.size.columns[-1]}, "
                     f"rows 0-{pos.size.height + 1})" if pos.variant == Variant.BOARD
                     else f"the strip (squares 1-{pos.n}, 0 and {pos.n + 1} past its ends)")
            raise IllegalError(argument, text, f"{t} is not on {where}")
    return targets


def _targets(pos: Any, argument: str, marks: str | Sequence[Target] | None) -> list[Target]:
    """Points (squares) from a move's text (``"K6-G9-G11"``, ``"H10"``) or a sequence of them (or of
    their names), for the argument ``argument``.

    Bad text raises the notation's :class:`~phutball.errors.ParseError` quoting it; a well-formed
    point off the board an :class:`~phutball.errors.IllegalError`.
    """
    if marks is None:
        return []
    if isinstance(marks, str):
        return _on_board(pos, argument, move_targets("2D" if pos.variant == Variant.BOARD else "1D", marks),
                         marks)
    return [_on_board(pos, argument, [_target(pos, t)], t)[0] for t in marks]


def _numbers(pos: Any, marks: Mapping[Target, int] | None) -> dict[Target, int] | None:
    """``move_numbers`` with each key read as a mark (a point's name or the point itself)."""
    if marks is None:
        return None
    return {_on_board(pos, "move_numbers", [_target(pos, t)], t)[0]: n for t, n in marks.items()}


def board(pos: Any, *, size: float | None = None, coordinates: bool = True, flipped: bool = False,
          theme: str | Mapping[str, str] = "light", last_move: str | Sequence[Target] | None = None,
          arrow: str | Sequence[Target] | None = None, move_numbers: Mapping[Target, int] | None = None,
          title: str | None = None) -> str:
    """An SVG picture of ``pos``: a 2D position, a 1D strip or an Oddish board.

    ``size``: the width in pixels (default: 28 pixels a point); ``coordinates``: the column
    letters and row numbers (square numbers in 1D); ``flipped``: a board turned half a turn
    (a strip read right to left); ``theme``: ``"light"``, ``"dark"`` or a mapping of roles
    to colours (see :data:`LIGHT`); ``last_move``: a placement's point or a jump's path
    highlighted, ``arrow``: a jump's path as arrows (each a move's text, ``"K6-G9-G11"``, or
    a sequence of points or squares, or their names); ``move_numbers``: numbers written on men
    (keyed by points or squares, or their names); ``title``: the picture's title (default: the
    position string).  A mark is read through :mod:`phutball.notation`: bad text raises its
    :class:`~phutball.errors.ParseError` quoting it, a well-formed point off the board (``'Z99'``
    on a 9x9 board) an :class:`~phutball.errors.IllegalError`.
    """
    colours = _palette(theme)
    w, h = _size(pos, size)
    drawn = shapes(pos, w, h, coordinates=coordinates, flipped=flipped, move_numbers=_numbers(pos, move_numbers),
                   arrow=_targets(pos, "arrow", arrow), last_move=_targets(pos, "last_move", last_move))
    return shapes_to_svg(drawn, w, h, colours, title=f"Phutball: {pos}" if title is None else title)


def game(record: Any, ply: int | None = None, *, size: float | None = None, coordinates: bool = True,
         numbers: bool = True, arrows: bool = True, flipped: bool = False,
         theme: str | Mapping[str, str] = "light", title: str | None = None) -> str:
    """An SVG picture of a :class:`~phutball.game.Game` after ``ply`` plies (default: at its cursor),
    with the move number on each man placed (``numbers``) and the last jump's arrows (``arrows``).

    The other options are :func:`board`'s.
    """
    at = record.cursor if ply is None else ply
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(record.moves):
        raise ValueError(f"bad ply {ply!r}: expected 0 to {len(record.moves)}")
    colours = _palette(theme)
    pos = record.positions[at]
    w, h = _size(pos, size)
    drawn = game_shapes(record, at, w, h, coordinates=coordinates, numbers=numbers, arrows=arrows, flipped=flipped)
    return shapes_to_svg(drawn, w, h, colours, title=f"Phutball: {pos}" if title is None else title)
