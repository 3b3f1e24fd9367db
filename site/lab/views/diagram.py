"""Diagrams of a game: numbered placements, the last jump's arrow, shapes at any size, and SVG.

Pure Python (no ``js``/``pyscript``), unit-tested without a browser.  Used by
the embeds (``glue/embed.py``) and by the play page's share/export dialog
(``glue/share.py``): the same shape list that ``canvas.js`` replays on screen is
turned into SVG text here (:func:`shapes_to_svg`) or drawn on an offscreen
canvas at 2x for PNG (``phutballCanvas.downloadPNG`` in ``canvas.js``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection, Mapping, Sequence
from html import escape

from lab.views.board import GEOMETRY, Ghost, Layout2D, LayoutStrip, Shape, board_shapes, strip_shapes
from phutball.game import Game, variant_of
from phutball.notation import Point

Target = Any  # Point (2D) or int (1D square): the shapes' functions take the variant's own

#: Pixels per cell of an exported diagram (a 15x19 board is 583 x 799 CSS pixels).
EXPORT_CELL = 36.0


@dataclass(frozen=True)
class Marks:
    """What a diagram shows besides the position: coordinates, move numbers, the jump arrow."""

    coordinates: bool = True
    numbers: bool = True
    arrows: bool = True


def parse_target(variant: str, text: str) -> Target:
    """A point (``'H10'``) of a 2D board or a square (``'5'``) of a strip, from a move's text."""
    return Point.from_str(text) if variant == "2D" else int(text)


def placement_numbers(game: Game, ply: int) -> dict[Target, int]:
    """The move number (ply, from 1) of every man on the board after ``ply`` plies that was placed in the game.

    Men of the start position have no number; a point placed on twice (the first
    man was jumped) keeps the later number.
    """
    variant = variant_of(game.start)
    numbers: dict[Target, int] = {}
    for i, move in enumerate(game.moves[:ply], start=1):
        if "-" not in move:
            numbers[parse_target(variant, move)] = i
    pos: Any = game.positions[ply]  # a 2D Position (men) or a strip (stones)
    present: Collection[Target] = pos.men if variant == "2D" else pos.stones
    return {t: n for t, n in numbers.items() if t in present}


def jump_path(game: Game, ply: int) -> list[Target]:
    """The ball's path if the move that led to ply ``ply`` was a jump, else ``[]``."""
    if ply < 1:
        return []
    move = game.moves[ply - 1]
    if "-" not in move:
        return []
    variant = variant_of(game.start)
    return [parse_target(variant, p) for p in move.split("-")]


def natural_size(pos: Any, cell: float = EXPORT_CELL) -> tuple[float, float]:
    """The canvas size (CSS pixels) at which ``pos`` fills its layout exactly, ``cell`` pixels a point."""
    if variant_of(pos) == "2D":
        return (pos.size.width + GEOMETRY.board_margin) * cell, (pos.size.height + 2 + GEOMETRY.board_margin) * cell
    return (pos.n + GEOMETRY.strip_width) * cell, GEOMETRY.strip_height * cell


def layout_for(pos: Any, width: float, height: float) -> Layout2D | LayoutStrip:
    """The layout (and hit-testing) of ``pos`` on a ``width`` x ``height`` canvas."""
    if variant_of(pos) == "2D":
        return Layout2D(pos.size, width, height)
    return LayoutStrip(pos.n, width, height)


def frame_shapes(pos: Any, width: float, height: float, *, marks: Marks = Marks(),
                 move_numbers: Mapping[Target, int] | None = None, arrow: Sequence[Target] = (),
                 last_move: Sequence[Target] = (), chain: Sequence[Target] = (),
                 landings: Sequence[Target] = (), cursor: Target | None = None,
                 hint: Target | None = None, ghosts: Sequence[Ghost] = ()) -> list[Shape]:
    """The shapes of ``pos`` (2D or 1D) on a ``width`` x ``height`` canvas, with the marks asked for
    (``ghosts``, moves shown but not played, on 2D boards only)."""
    numbers = move_numbers if marks.numbers else None
    path = arrow if marks.arrows else ()
    lay = layout_for(pos, width, height)
    if isinstance(lay, Layout2D):
        return board_shapes(pos, lay, landings=landings, chain=chain, last_move=last_move, cursor=cursor,
                            hint=hint, coordinates=marks.coordinates, move_numbers=numbers, arrow=path,
                            ghosts=ghosts)
    return strip_shapes(pos.n, pos.ball, pos.stones, lay, landings=landings, chain=chain, last_move=last_move,
                        cursor=cursor, hint=hint, numbers=marks.coordinates, move_numbers=numbers, arrow=path)


def play_shapes(pos: Any, view: Mapping[str, Any], width: float, height: float, *,
                show_cursor: bool) -> list[Shape]:
    """A playable board as :meth:`lab.play.PlayController.view` describes it: the jump being
    entered and its landings, the last move, the hint (ring, and arrows along a jump), and the
    keyboard cursor when ``show_cursor`` (the keyboard is in use), and the analysis' principal
    variation as numbered ghost moves (``view["pv"]``)."""
    return frame_shapes(pos, width, height, marks=Marks(numbers=False), arrow=view["hint_path"],
                        last_move=view["last_move"], chain=view["chain"], landings=view["landings"],
                        cursor=view["cursor"] if show_cursor else None, hint=view["hint"],
                        ghosts=view.get("pv", ()))


def game_diagram(game: Game, ply: int, width: float, height: float, marks: Marks = Marks(), *,
                 chain: Sequence[Target] = (), landings: Sequence[Target] = (),
                 cursor: Target | None = None) -> list[Shape]:
    """The position after ``ply`` plies of ``game``: placements numbered, the last jump as an arrow.

    A placement that led to ``ply`` is also highlighted (a jump shows its arrow
    instead, or its path when arrows are off).  ``chain``, ``landings`` and
    ``cursor`` are a jump being entered (play mode), which hides the last move.
    """
    path = jump_path(game, ply) if not chain else []
    last: list[Target] = []
    if ply >= 1 and not chain and not (path and marks.arrows):
        last = path or [parse_target(variant_of(game.start), game.moves[ply - 1])]
    return frame_shapes(game.positions[ply], width, height, marks=marks, move_numbers=placement_numbers(game, ply),
                        arrow=path, last_move=last, chain=chain, landings=landings, cursor=cursor)


def jump_frames(game: Game, ply: int, width: float, height: float, marks: Marks = Marks()) -> list[list[Shape]]:
    """The in-between pictures of the jump that leads to ``ply`` (one per hop), for an animation.

    Each shows the position before the jump with the ball partway along its path
    and the men already jumped faded; ``[]`` if that move was not a jump.
    """
    path = jump_path(game, ply)
    before = game.positions[ply - 1] if path else None
    numbers = placement_numbers(game, ply - 1) if path else {}
    return [frame_shapes(before, width, height, marks=marks, move_numbers=numbers, chain=path[:k])
            for k in range(2, len(path) + 1)]


# ---------------------------------------------------------------- SVG


def colour_names(shapes: Sequence[Shape]) -> list[str]:
    """The theme roles (``--name``) the shapes use, sorted, for the caller to resolve."""
    names = {v[6:-1] for s in shapes for k in ("fill", "stroke")
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


def shapes_to_svg(shapes: Sequence[Shape], width: float, height: float, colours: Mapping[str, str],
                  title: str = "Phutball diagram") -> str:
    """A standalone SVG document drawing ``shapes`` exactly as ``canvas.js`` does.

    ``colours`` maps theme roles (``"board"``, ``"man"``...; see :func:`colour_names`)
    to CSS colours; every text (labels, the title) is XML-escaped.
    """
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
           f'viewBox="0 0 {_num(width)} {_num(height)}" font-family="system-ui, sans-serif">',
           f"<title>{escape(title)}</title>"]
    for s in shapes:
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
