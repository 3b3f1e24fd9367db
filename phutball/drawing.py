"""Diagrams worked out as lists of shapes: board layouts, hit-testing, and what is drawn where.

Standard library only.  :mod:`phutball.svg` writes these shapes as SVG; the lab's
pages replay the same lists on a canvas (``canvas.js``), so a board looks the same
on a page, in an exported file and in a notebook.  Coordinates are CSS pixels.
Colours are theme roles written as ``"var(--name)"``: the page resolves them from
its CSS, :mod:`phutball.svg` from its palettes (:data:`phutball.svg.LIGHT`,
:data:`phutball.svg.DARK`).

A shape is a dict (JSON-ready):

* ``{"t": "rect", "x", "y", "w", "h", "fill"?, "stroke"?, "lw"?, "r"?}``
* ``{"t": "line", "pts": [[x, y], ...], "stroke", "lw", "dash"?}``
* ``{"t": "circle", "x", "y", "rad", "fill"?, "stroke"?, "lw"?}``
* ``{"t": "text", "x", "y", "s", "fill", "size", "align"?, "bold"?}``
* ``{"t": "poly", "pts": [[x, y], ...], "fill"}`` (a closed, filled polygon: arrowheads)

A shape may carry keys the replayer ignores: the analysis' ghost moves carry
``"ghost": n`` (the move's number in the principal variation) and ``"move"``
(its notation) on the label that numbers them, so a test can read what was drawn.

Diagram marks for teaching pages and exported figures: ``move_numbers`` writes
the move (ply) number on each man (stone) placed in a game, as the paper's
diagrams do, and ``arrow`` draws the ball's path of a jump as one arrow per hop.
Annotations chosen by a caller (:func:`phutball.svg.board`'s ``fill``, ``arrows`` and
``marks``) carry their own colours: ``fills`` shade points under the men, ``arrows``
run from a tail to a head (a ring when both are the same point), ``marks`` ring or
cross points on top of everything.
A layout may be ``flipped``: a 2D board turned half a turn (row 1 at the top,
column A on the right), a strip or an Oddish board read right to left.

Positions are read by their attributes only (a board's ``size``, ``men``, ``ball``;
a strip's ``n``, ``ball``, ``stones``; an Oddish board's ``m``, ``arrow``,
``stones``), so this module imports no position class: :class:`DrawnBoard`, :class:`DrawnStrip`
and :class:`DrawnOddish` name what is read, and :data:`Drawable` is any of them (a
:class:`~phutball.board.Position`, :class:`~phutball.oned.strip.Strip` or
:class:`~phutball.oned.oddish.Oddish` is one; its ``variant`` tells which).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, Mapping, Protocol, Sequence, TypeAlias, TypeVar, Union

from .bitboard import BoardSize
from .notation import COLUMN_LETTERS, Jump, Point
from .variant import Variant

__all__ = ["Shape", "Geometry", "GEOMETRY", "LAST_EDGE", "var", "Layout2D", "LayoutStrip", "Ghost", "MARK_KINDS",
           "board_shapes", "goal_dash", "ghost_shapes", "strip_shapes", "oddish_shapes", "oddish_layout",
           "DrawnBoard", "DrawnStrip", "DrawnOddish", "Drawable"]

Shape = dict[str, Any]


class DrawnBoard(Protocol):
    """What is read of a 2D position (:class:`~phutball.board.Position`) to draw it."""

    @property
    def variant(self) -> Literal[Variant.BOARD]: ...
    @property
    def size(self) -> BoardSize: ...
    @property
    def men(self) -> frozenset[Point]: ...
    @property
    def ball(self) -> Point: ...
    def in_bounds(self, point: Point) -> bool: ...
    def play(self, move: Jump) -> "DrawnBoard": ...


class DrawnStrip(Protocol):
    """What is read of a 1D strip (:class:`~phutball.oned.strip.Strip`) to draw it."""

    @property
    def variant(self) -> Literal[Variant.STRIP]: ...
    @property
    def n(self) -> int: ...
    @property
    def ball(self) -> int: ...
    @property
    def stones(self) -> frozenset[int]: ...
    def in_bounds(self, square: int) -> bool: ...


class DrawnOddish(Protocol):
    """What is read of an Oddish board (:class:`~phutball.oned.oddish.Oddish`) to draw it."""

    @property
    def variant(self) -> Literal[Variant.ODDISH]: ...
    @property
    def m(self) -> int: ...
    @property
    def arrow(self) -> int: ...
    @property
    def stones(self) -> frozenset[int]: ...


#: A position of any variant, as drawn: ``pos.variant is Variant.BOARD`` narrows it to a :class:`DrawnBoard`.
Drawable: TypeAlias = Union[DrawnBoard, DrawnStrip, DrawnOddish]

#: A mark's place: a 2D board's point or a strip's square (the helpers below draw either).
_T = TypeVar("_T", Point, int)


@dataclass(frozen=True)
class Geometry:
    """The drawing's proportions, in cells (a cell: the distance between two neighbouring points).

    Defined here once: the layouts below, :func:`phutball.svg.natural_size`
    and the lab's JavaScript mirror ``embedboard.js`` (the build writes :data:`GEOMETRY`
    into it as JSON, see ``tools/build_site.py``) all read these.
    """

    board_margin: float = 1.2     # a 2D board's extra columns (and rows, besides the 2 off-board rows): coordinates
    board_shift: float = 0.3      # the grid's shift right and up, making room for the row numbers
    board_min_cell: float = 4.0   # CSS pixels: the smallest cell drawn
    strip_width: float = 2.4      # a strip's extra cells across: its two ends and the margins
    strip_height: float = 2.6     # a strip's height in cells (square numbers below, marks above)
    strip_min_cell: float = 6.0   # CSS pixels
    strip_max_cell: float = 64.0  # CSS pixels: a short strip does not grow past this
    strip_raise: float = 0.2      # the squares sit this far above the canvas' middle
    man: float = 0.42             # a man's radius on a 2D board
    stone: float = 0.36           # a stone's radius on a strip
    board_ball: float = 0.44      # the ball's radius on a 2D board
    strip_ball: float = 0.38      # the ball's radius on a strip
    ball_edge: float = 0.18       # the ball's outline, in ball radii ...
    ball_edge_min: float = 1.5    # ... and at least this many CSS pixels
    frame_pad: float = 0.5        # a 2D board's frame beyond the outer points
    frame_corner: float = 0.2     # the frame's corner radius
    goal_line: float = 0.09       # the goal lines' width ...
    goal_line_min: float = 2.0    # ... at least this many CSS pixels
    coord_size: float = 0.42      # the coordinates' font size ...
    coord_size_min: float = 8.0   # ... at least this many CSS pixels
    coord_offboard: float = 0.8   # the off-board rows' numbers, smaller by this factor
    coord_below: float = 0.95     # the column letters, below the lowest row
    coord_left: float = 0.75      # the row numbers, left of the first column
    square: float = 0.46          # half a strip square's side
    square_corner: float = 0.12   # a strip square's corner radius
    end_line: float = 0.04        # the outline of a strip's ends (past its squares) ...
    end_line_min: float = 1.5     # ... at least this many CSS pixels
    number_below: float = 0.85    # a strip square's number, below its middle ...
    number_size: float = 0.32     # ... in this font size (at least coord_size_min)


GEOMETRY = Geometry()


def var(name: str) -> str:
    return f"var(--{name})"


def _steps(v: float, origin: float, cell: float) -> int | None:
    """How many cells ``v`` lies from ``origin``, rounded; None when that is no finite number.

    A click's coordinate comes from outside (a notebook's front end, a caller):
    ``round()`` of an infinity raises OverflowError, of a NaN ValueError (issue 39).
    """
    steps = (v - origin) / cell
    return round(steps) if math.isfinite(steps) else None


@dataclass(frozen=True)
class Layout2D:
    """Where each point of a 2D board goes in a ``css_w`` x ``css_h`` canvas.

    Columns 1..width and rows 0..height+1 (the off-board rows included) are
    laid out on a square grid with a margin for the coordinates.  ``flipped``
    turns the board half a turn: row 1 at the top and column A on the right.
    """

    size: BoardSize
    css_w: float
    css_h: float
    flipped: bool = False

    @property
    def cell(self) -> float:
        g = GEOMETRY
        cols = self.size.width + g.board_margin   # + coordinate margins
        rows = self.size.height + 2 + g.board_margin
        return max(g.board_min_cell, min(self.css_w / cols, self.css_h / rows))

    @property
    def origin(self) -> tuple[float, float]:
        """Canvas position of column 1, row height+1 (top-left point)."""
        c = self.cell
        grid_w = (self.size.width - 1) * c
        grid_h = (self.size.height + 1) * c
        x0 = (self.css_w - grid_w) / 2 + GEOMETRY.board_shift * c
        y0 = (self.css_h - grid_h) / 2 - GEOMETRY.board_shift * c
        return x0, y0

    def turn(self, col: int, row: int) -> tuple[int, int]:
        """The column and row drawn where ``(col, row)`` would be unflipped (itself when not flipped)."""
        if not self.flipped:
            return col, row
        return self.size.width + 1 - col, self.size.height + 1 - row

    def xy(self, p: Point) -> tuple[float, float]:
        x0, y0 = self.origin
        c = self.cell
        col, row = self.turn(p.col, p.row)
        return x0 + (col - 1) * c, y0 + (self.size.height + 1 - row) * c

    def hit(self, x: float, y: float) -> Point | None:
        """The point nearest to (x, y) within half a cell, or None (also for an infinite or NaN coordinate)."""
        x0, y0 = self.origin
        c = self.cell
        i, j = _steps(x, x0, c), _steps(y, y0, c)
        if i is None or j is None:
            return None
        col, row = self.turn(i + 1, self.size.height + 1 - j)
        p = Point(col, row)
        if not self.size.in_bounds(p):
            return None
        px, py = self.xy(p)
        if abs(px - x) > c * 0.5 or abs(py - y) > c * 0.5:
            return None
        return p


#: The last move's square (a man placed, a stone) is framed with a dashed edge besides its colour (issue 41:
#: nothing on the board is said by colour alone).
LAST_EDGE: Shape = {"stroke": "var(--man-edge)", "lw": 1.5, "dash": [3, 2]}


def goal_dash(cell: float) -> list[float]:
    """The goal lines' dashes (long, with short gaps) for a board of ``cell`` CSS px: embedboard.js draws the same."""
    return [cell * 0.5, cell * 0.14]


def board_shapes(pos: DrawnBoard, layout: Layout2D, *, landings: Iterable[Point] = (),
                 chain: Sequence[Point] = (), last_move: Sequence[Point] = (),
                 cursor: Point | None = None, hint: Point | None = None,
                 coordinates: bool = True, move_numbers: Mapping[Point, int] | None = None,
                 arrow: Sequence[Point] = (), ghosts: Sequence[Ghost] = (),
                 fills: Sequence[tuple[Point, str]] = (), arrows: Sequence[tuple[Point, Point, str]] = (),
                 marks: Sequence[tuple[Point, str, str]] = ()) -> list[Shape]:
    """The shapes that draw ``pos`` (a 2D position): board, goal lines, off-board rows, coordinates, men,
    ball, marks.

    ``move_numbers`` labels men (those of ``pos`` only) with their move number;
    ``arrow`` is a jump path drawn as arrows from point to point; ``ghosts`` are
    moves not played (the analysis' principal variation), see :func:`ghost_shapes`.
    ``fills`` (point, colour), ``arrows`` (tail, head, colour) and ``marks`` (point,
    ``"ring"`` or ``"cross"``, colour) are a caller's annotations, in the colours given.
    """
    size, c = pos.size, layout.cell
    w, h = size.width, size.height
    out: list[Shape] = [{"t": "rect", "x": 0, "y": 0, "w": layout.css_w, "h": layout.css_h, "fill": var("bg")}]
    (x1, y1), (x2, y2) = layout.xy(Point(1, h + 1)), layout.xy(Point(w, 0))
    left, top, right, bottom = min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)
    g = GEOMETRY
    pad = c * g.frame_pad
    out.append({"t": "rect", "x": left - pad, "y": top - pad, "w": right - left + 2 * pad,
                "h": bottom - top + 2 * pad, "fill": var("board"), "r": c * g.frame_corner})
    for row in (h + 1, 0):  # the off-board rows: shaded bands behind the goal lines
        _, y = layout.xy(Point(1, row))
        out.append({"t": "rect", "x": left - pad, "y": y - pad, "w": right - left + 2 * pad, "h": c,
                    "fill": var("offboard")})
    for row in range(1, h + 1):
        _, y = layout.xy(Point(1, row))
        goal = row in (1, h)
        line: Shape = {"t": "line", "pts": [[left, y], [right, y]], "stroke": var("goal" if goal else "grid"),
                       "lw": max(g.goal_line_min, c * g.goal_line) if goal else 1}
        if goal:  # thick and dashed: a goal line differs from the grid by more than its colour (issue 41)
            line["dash"] = goal_dash(c)
        out.append(line)
    for col in range(1, w + 1):
        x, _ = layout.xy(Point(col, 1))
        out.append({"t": "line", "pts": [[x, layout.xy(Point(col, h))[1]], [x, layout.xy(Point(col, 1))[1]]],
                    "stroke": var("grid"), "lw": 1})
    if coordinates:
        fs = max(g.coord_size_min, c * g.coord_size)
        for col in range(1, w + 1):
            x, _ = layout.xy(Point(col, 0))
            out.append({"t": "text", "x": x, "y": bottom + c * g.coord_below, "s": COLUMN_LETTERS[col - 1],
                        "fill": var("coord"), "size": fs, "align": "center"})
        for row in range(0, h + 2):
            _, y = layout.xy(Point(1, row))
            out.append({"t": "text", "x": left - c * g.coord_left, "y": y, "s": str(row), "fill": var("coord"),
                        "size": fs * (g.coord_offboard if row in (0, h + 1) else 1), "align": "right"})
    for p, colour in fills:
        x, y = layout.xy(p)
        out.append({"t": "rect", "x": x - c * 0.48, "y": y - c * 0.48, "w": c * 0.96, "h": c * 0.96,
                    "fill": colour, "r": c * 0.15})
    if last_move:
        pts = [list(layout.xy(p)) for p in last_move]
        if len(pts) == 1:
            x, y = pts[0]
            out.append({"t": "rect", "x": x - c * 0.48, "y": y - c * 0.48, "w": c * 0.96, "h": c * 0.96,
                        "fill": var("last"), "r": c * 0.15, **LAST_EDGE})
        else:
            out.append({"t": "line", "pts": pts, "stroke": var("last"), "lw": c * 0.18, "dash": [c * 0.25, c * 0.2]})
    gone: frozenset[Point] = frozenset()
    if len(chain) > 1:  # men jumped by the unfinished chain are drawn faded
        gone = pos.men - pos.play(Jump(tuple(chain))).men
    for p in sorted(pos.men):
        x, y = layout.xy(p)
        if p in gone:
            out.append({"t": "circle", "x": x, "y": y, "rad": c * GEOMETRY.man, "fill": var("man-gone"),
                        "stroke": var("man-edge"), "lw": 1, "dash": [3, 3]})
        else:
            out.append({"t": "circle", "x": x, "y": y, "rad": c * GEOMETRY.man, "fill": var("man"),
                        "stroke": var("man-edge"), "lw": 1})
    _move_numbers(out, layout.xy, c, pos.men - gone, move_numbers)
    _arrow(out, [layout.xy(p) for p in arrow], c)
    _arrows(out, layout.xy, c, arrows, GEOMETRY.board_ball)
    if chain and len(chain) > 1:
        out.append({"t": "line", "pts": [list(layout.xy(p)) for p in chain], "stroke": var("chain"),
                    "lw": max(2.0, c * 0.12)})
        for p in chain[:-1]:
            x, y = layout.xy(p)
            out.append({"t": "circle", "x": x, "y": y, "rad": c * 0.16, "fill": var("chain")})
    out.extend(ghost_shapes(layout, ghosts))
    _ball_and_marks(out, layout.xy, c, GEOMETRY.board_ball, chain[-1] if chain else pos.ball, landings, hint,
                    cursor)
    _marks(out, layout.xy, c, GEOMETRY.board_ball, marks)
    return out


@dataclass(frozen=True)
class Ghost:
    """A move shown but not played: number ``n`` of a line, ``move`` its notation, ``path`` its points
    (one point: a man placed; two or more: the ball's jump)."""

    n: int
    move: str
    path: tuple[Point, ...]


def ghost_shapes(layout: Layout2D, ghosts: Sequence[Ghost]) -> list[Shape]:
    """Numbered ghost moves: a translucent man for a placement, translucent arrows for a jump.

    The number is written on the ghost man, or at a jump's landing point (beside
    the ball's end, so the ball does not hide it).  The number's label carries
    ``ghost`` and ``move`` (ignored by the replayer, read by tests).
    """
    c = layout.cell
    out: list[Shape] = []
    for g in ghosts:
        x, y = layout.xy(g.path[-1])
        if len(g.path) == 1:
            out.append({"t": "circle", "x": x, "y": y, "rad": c * GEOMETRY.man, "fill": var("ghost"),
                        "stroke": var("ghost-edge"), "lw": 1, "dash": [3, 2]})
            lx, ly = x, y
        else:
            arrows: list[Shape] = []
            _arrow(arrows, [layout.xy(p) for p in g.path], c)
            for a in arrows:
                a.update({"stroke": var("ghost-arrow")} if a["t"] == "line" else {"fill": var("ghost-arrow")})
            out.extend(arrows)
            lx, ly = x + c * 0.42, y - c * 0.42
            out.append({"t": "circle", "x": lx, "y": ly, "rad": c * 0.27, "fill": var("ghost-arrow")})
        label = str(g.n)
        out.append({"t": "text", "x": lx, "y": ly, "s": label, "fill": var("ghost-label"),
                    "size": c * (0.42 if len(label) < 2 else 0.32), "align": "center", "bold": True,
                    "ghost": g.n, "move": g.move})
    return out


def _move_numbers(out: list[Shape], xy: Callable[[_T], tuple[float, float]], c: float,
                  men: Iterable[_T], numbers: Mapping[_T, int] | None) -> None:
    """The move number on each numbered man (stone) still there, in the man's colour's contrast."""
    if not numbers:
        return
    for p in sorted(t for t in men if t in numbers):
        x, y = xy(p)
        label = str(numbers[p])
        size = c * (0.46 if len(label) < 3 else 0.34)
        out.append({"t": "text", "x": x, "y": y, "s": label, "fill": var("man-label"), "size": size,
                    "align": "center", "bold": True})


def _arrow(out: list[Shape], pts: Sequence[tuple[float, float]], c: float, colour: str = var("arrow")) -> None:
    """One arrow per hop of a path: a shaft from near each point to a head just outside the ball's radius
    around the next, so a landing under the ball still shows its arrowhead.  A hop shorter than a
    jump's (1.2 cells) is skipped: it is no hop of a jump."""
    for a, b in zip(pts, pts[1:]):
        if math.hypot(b[0] - a[0], b[1] - a[1]) >= c * 1.2:
            _hop(out, a, b, c, colour)


def _hop(out: list[Shape], a: tuple[float, float], b: tuple[float, float], c: float, colour: str) -> None:
    """An arrow from ``a`` to ``b`` (``a != b``): a shaft and a head.

    From 1.2 cells on, the tip stops half a cell short of ``b`` (outside the ball's radius); a
    shorter arrow (neighbouring points) keeps the same shape, scaled to fit.
    """
    (x0, y0), (x1, y1) = a, b
    d = math.hypot(x1 - x0, y1 - y0)
    lw = max(2.0, c * 0.1)
    unit, (start, back, size) = (c, (0.2, 0.48, 0.42)) if d >= c * 1.2 else (d, (0.1, 0.25, 0.35))
    head = unit * size
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    tx, ty = x1 - ux * unit * back, y1 - uy * unit * back    # the tip, short of the landing point
    bx, by = tx - ux * head, ty - uy * head                  # the middle of the head's base
    out.append({"t": "line", "pts": [[x0 + ux * unit * start, y0 + uy * unit * start], [bx, by]],
                "stroke": colour, "lw": lw})
    out.append({"t": "poly", "pts": [[tx, ty], [bx - uy * head * 0.62, by + ux * head * 0.62],
                                     [bx + uy * head * 0.62, by - ux * head * 0.62]], "fill": colour})


def _arrows(out: list[Shape], xy: Callable[[_T], tuple[float, float]], c: float,
            arrows: Sequence[tuple[_T, _T, str]], k: float, lift: float = 0.0) -> None:
    """A caller's arrows, each (tail, head, colour): an arrow ``lift`` cells above the points (a strip's
    arrows run above its squares), or a ring around the point when the tail is the head (``k``: the
    ball's radius in cells), as python-chess draws an arrow from a square to itself."""
    for tail, head, colour in arrows:
        if tail == head:
            _ring(out, xy, c, k, tail, colour)
            continue
        (x0, y0), (x1, y1) = xy(tail), xy(head)
        _hop(out, (x0, y0 - c * lift), (x1, y1 - c * lift), c, colour)


#: The shapes a mark on a point may take (:func:`_marks`).
MARK_KINDS = ("ring", "cross")


def _marks(out: list[Shape], xy: Callable[[_T], tuple[float, float]], c: float, k: float,
           marks: Sequence[tuple[_T, str, str]]) -> None:
    """A caller's marks, each (point, kind, colour): a ``"ring"`` as the hint's, or a ``"cross"`` (an X
    across the point), drawn last, over the men and the ball (``k``: the ball's radius in cells)."""
    for target, kind, colour in marks:
        if kind == "ring":
            _ring(out, xy, c, k, target, colour)
        elif kind == "cross":
            x, y = xy(target)
            r, lw = c * k * 0.75, max(2.5, c * k * 0.27)
            out.append({"t": "line", "pts": [[x - r, y - r], [x + r, y + r]], "stroke": colour, "lw": lw})
            out.append({"t": "line", "pts": [[x - r, y + r], [x + r, y - r]], "stroke": colour, "lw": lw})
        else:
            raise ValueError(f"unknown mark {kind!r}: expected one of {', '.join(MARK_KINDS)}")


def _ball_and_marks(out: list[Shape], xy: Callable[[_T], tuple[float, float]], c: float, k: float, ball: _T,
                    landings: Iterable[_T], hint: _T | None, cursor: _T | None) -> None:
    """The ball (radius ``k`` cells), landing rings, the hint ring and the keyboard cursor, on top."""
    bx, by = xy(ball)
    out.append({"t": "circle", "x": bx, "y": by, "rad": c * k, "fill": var("ball"), "stroke": var("ball-edge"),
                "lw": max(GEOMETRY.ball_edge_min, c * k * GEOMETRY.ball_edge)})
    for t in landings:
        x, y = xy(t)
        out.append({"t": "circle", "x": x, "y": y, "rad": c * k * 0.68, "stroke": var("landing"),
                    "lw": max(2.0, c * k * 0.22), "fill": var("landing-fill")})
    if hint is not None:
        _ring(out, xy, c, k, hint)
    if cursor is not None:
        x, y = xy(cursor)
        out.append({"t": "rect", "x": x - c * 0.5, "y": y - c * 0.5, "w": c, "h": c, "stroke": var("cursor"),
                    "lw": 2, "r": c * 0.12})


def _ring(out: list[Shape], xy: Callable[[_T], tuple[float, float]], c: float, k: float, target: _T,
          colour: str = var("hint")) -> None:
    """The hint's ring around ``target`` (``k``: the ball's radius in cells), or a mark's in ``colour``."""
    x, y = xy(target)
    ring: Shape = {"t": "circle", "x": x, "y": y, "rad": c * k * 1.25, "stroke": colour, "lw": max(2.5, c * k * 0.27)}
    if colour == var("hint"):  # dashed: a hint's ring differs from a landing's and a mark's by its pattern
        ring["dash"] = [c * k * 0.55, c * k * 0.3]
    out.append(ring)


# ---------------------------------------------------------------- 1D strips


@dataclass(frozen=True)
class LayoutStrip:
    """Squares 0..n+1 of a 1D strip (0 and n+1 are past the ends) in one row; ``flipped``: right to left."""

    n: int
    css_w: float
    css_h: float
    flipped: bool = False

    @property
    def cell(self) -> float:
        g = GEOMETRY
        return max(g.strip_min_cell, min(self.css_w / (self.n + g.strip_width), self.css_h / g.strip_height,
                                         g.strip_max_cell))

    def xy(self, square: int) -> tuple[float, float]:
        c = self.cell
        x0 = (self.css_w - (self.n + 2) * c) / 2 + c / 2
        place = self.n + 1 - square if self.flipped else square
        return x0 + place * c, self.css_h / 2 - c * GEOMETRY.strip_raise

    def hit(self, x: float, y: float) -> int | None:
        """The square nearest to (x, y) (0 and n + 1: the ends), or None (also for an infinite or NaN coordinate)."""
        c = self.cell
        x0, yc = self.xy(self.n + 1 if self.flipped else 0)
        sq = _steps(x, x0, c)
        if sq is None or not math.isfinite(y):
            return None
        sq = self.n + 1 - sq if self.flipped else sq
        if not 0 <= sq <= self.n + 1 or abs(y - yc) > c * 0.6:
            return None
        return sq


def _end_edge(c: float) -> Shape:
    """The outline of a strip's end (the cell past its last square): the grid's colour is too dark to see
    on the dark theme's page (1.3:1), the coordinates' stands out on both themes' (8:1 and more)."""
    return {"stroke": var("coord"), "lw": max(GEOMETRY.end_line_min, c * GEOMETRY.end_line)}


def strip_shapes(n: int, ball: int, stones: Iterable[int], layout: LayoutStrip, *,
                 landings: Iterable[int] = (), chain: Sequence[int] = (), cursor: int | None = None,
                 hint: int | None = None, last_move: Sequence[int] = (), numbers: bool = True,
                 move_numbers: Mapping[int, int] | None = None, arrow: Sequence[int] = (),
                 rings: Iterable[int] = (), fills: Sequence[tuple[int, str]] = (),
                 arrows: Sequence[tuple[int, int, str]] = (),
                 marks: Sequence[tuple[int, str, str]] = ()) -> list[Shape]:
    """Shapes for a 1D strip: squares 1..n, the ends past them, stones, ball, marks.

    The goal squares, 1 and n (a move ending with the ball there or past it wins), are framed in
    the goal lines' colour, thick and dashed, as a 2D board's goal lines are drawn (not by colour alone,
    issue 41); the ends past them are outlined
    in the coordinates' colour (:func:`_end_edge`).  ``numbers`` writes the square numbers (the strip's coordinates); ``move_numbers``
    and ``arrow`` are the diagram marks of :func:`board_shapes`, the arrow running
    above the squares; ``rings`` are squares ringed as the ``hint`` is (a calculator's compared squares).
    ``fills``, ``arrows`` and ``marks`` are a caller's annotations, as on a 2D board (:func:`board_shapes`);
    the arrows run above the squares.
    """
    c, g = layout.cell, GEOMETRY
    out: list[Shape] = [{"t": "rect", "x": 0, "y": 0, "w": layout.css_w, "h": layout.css_h, "fill": var("bg")}]
    for sq in range(0, n + 2):
        x, y = layout.xy(sq)
        end = sq in (0, n + 1)
        goal = sq in (1, n)
        half = c * g.square
        edge: Shape = _end_edge(c) if end else {"stroke": var("goal" if goal else "grid"),
                                                "lw": max(g.goal_line_min, c * g.goal_line) if goal else 1}
        if goal and not end:
            edge["dash"] = goal_dash(c)  # a goal square's frame is dashed, as a goal line is
        out.append({"t": "rect", "x": x - half, "y": y - half, "w": 2 * half, "h": 2 * half,
                    "fill": var("offboard" if end else "board"), **edge, "r": c * g.square_corner})
        if numbers and not end:
            out.append({"t": "text", "x": x, "y": y + c * g.number_below, "s": str(sq), "fill": var("coord"),
                        "size": max(g.coord_size_min, c * g.number_size), "align": "center"})
    for sq, colour in fills:
        x, y = layout.xy(sq)
        out.append({"t": "rect", "x": x - c * 0.46, "y": y - c * 0.46, "w": c * 0.92, "h": c * 0.92,
                    "fill": colour, "r": c * 0.12})
    for sq in last_move:
        x, y = layout.xy(sq)
        out.append({"t": "rect", "x": x - c * 0.46, "y": y - c * 0.46, "w": c * 0.92, "h": c * 0.92,
                    "fill": var("last"), "r": c * 0.12, **LAST_EDGE})
    stones = sorted(stones)
    for sq in stones:
        x, y = layout.xy(sq)
        out.append({"t": "circle", "x": x, "y": y, "rad": c * GEOMETRY.stone, "fill": var("man"), "stroke": var("man-edge"),
                    "lw": 1})
    _move_numbers(out, layout.xy, c, stones, move_numbers)
    _arrow(out, [(layout.xy(s)[0], layout.xy(s)[1] - c * 0.7) for s in arrow], c)
    _arrows(out, layout.xy, c, arrows, GEOMETRY.strip_ball, lift=0.7)
    if chain and len(chain) > 1:
        pts = [[layout.xy(s)[0], layout.xy(s)[1] - c * 0.55] for s in chain]
        out.append({"t": "line", "pts": pts, "stroke": var("chain"), "lw": max(2.0, c * 0.08)})
    _ball_and_marks(out, layout.xy, c, GEOMETRY.strip_ball, chain[-1] if chain else ball, landings, hint, cursor)
    for sq in rings:
        _ring(out, layout.xy, c, GEOMETRY.strip_ball, sq)
    _marks(out, layout.xy, c, GEOMETRY.strip_ball, marks)
    return out


# ---------------------------------------------------------------- Oddish boards


def oddish_layout(m: int, css_w: float, css_h: float, flipped: bool = False) -> LayoutStrip:
    """The layout of an Oddish board of ``m`` squares: a strip with one more cell, the arrow's.

    Oddish square ``k`` is drawn in the strip's cell ``k`` left of the arrow and ``k + 1``
    right of it; the arrow has the cell between (see :func:`oddish_shapes`).
    """
    return LayoutStrip(m + 1, css_w, css_h, flipped)


def oddish_shapes(board: DrawnOddish, layout: LayoutStrip, *, numbers: bool = True) -> list[Shape]:
    """Shapes for an Oddish board (squares ``1..m``, the arrow after square ``arrow``), as the paper
    draws it: squares with stones, and the ball as a downward arrow in a cell of its own.

    ``numbers`` writes the Oddish squares' numbers below them.
    """
    c, g = layout.cell, GEOMETRY
    m, arrow = board.m, board.arrow

    def cell(square: int) -> int:
        return square if square <= arrow else square + 1

    out: list[Shape] = [{"t": "rect", "x": 0, "y": 0, "w": layout.css_w, "h": layout.css_h, "fill": var("bg")}]
    half = c * g.square
    for square in range(0, m + 2):
        x, y = layout.xy(cell(square))
        end = square in (0, m + 1)
        edge = _end_edge(c) if end else {"stroke": var("grid"), "lw": 1}
        out.append({"t": "rect", "x": x - half, "y": y - half, "w": 2 * half, "h": 2 * half,
                    "fill": var("offboard" if end else "board"), **edge, "r": c * g.square_corner})
        if numbers and not end:
            out.append({"t": "text", "x": x, "y": y + c * g.number_below, "s": str(square), "fill": var("coord"),
                        "size": max(g.coord_size_min, c * g.number_size), "align": "center"})
    for square in sorted(board.stones):
        x, y = layout.xy(cell(square))
        out.append({"t": "circle", "x": x, "y": y, "rad": c * g.stone, "fill": var("man"),
                    "stroke": var("man-edge"), "lw": 1})
    x, y = layout.xy(arrow + 1)
    shaft, head = c * 0.12, c * 0.3
    out.append({"t": "poly", "pts": [[x - shaft, y - c * 0.46], [x + shaft, y - c * 0.46], [x + shaft, y],
                                     [x + head, y], [x, y + c * 0.46], [x - head, y], [x - shaft, y]],
                "fill": var("ball"), "stroke": var("ball-edge"),
                "lw": max(g.ball_edge_min, c * g.strip_ball * g.ball_edge)})
    return out
