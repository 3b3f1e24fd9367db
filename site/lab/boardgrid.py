"""The board as an ARIA grid beside its canvas (issue 41): one cell per point, named as the notation names it,
with row and column headers, laid out as the canvas draws the board (turned with it). Pure Python, unit-tested;
every board's glue sends it to the page (``glue/boardinput.py``: ``show_grid``, ``bind_grid``; :class:`ShownGrid`
keeps what the page shows) and ``host.js`` only replays it.

Rules it follows (docs/accessibility.md, "The board as a grid"):

* every point the ball can reach is a cell: columns A.., rows 0..height+1 on a 2D board (rows 0 and height+1
  are past the goal lines, where a jump may land); squares 0..n+1 on a strip, in one row;
* the cells are in the canvas' order: the top row first (row height+1 unturned, row 0 when the board is turned),
  column A on the left unturned, on the right turned; a strip left to right (right to left turned);
* a cell's name is the point in words (:func:`lab.boardwords.point_words`: "H10, ball", "H19, empty, the top
  goal line: Ohs score there") followed by its marks: the jump being entered, a landing, a picked point,
  the last move -- so nothing on the board is said by colour alone;
* one cell is focusable (the cursor's, else the ball's): a roving tab stop; :func:`step` moves it as the
  arrows, Home, End, PageUp and PageDown do in a grid (the row's ends, the column's ends).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from lab.boardwords import point_words
from phutball.errors import ParseError
from phutball.moveentry import ADAPTERS, MoveEntry
from phutball.notation import COLUMN_LETTERS, Point

#: The keys that move the grid's focus (the cell's own key press, Enter or Space, acts as a click does).
GRID_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown")


@dataclass(frozen=True)
class Grid:
    """A board's grid: ``rows`` (top to bottom) of ``(key, name)`` cells, each key a point in the notation
    (``H10``) or a square's number; the headers in the same order; the focused cell's key."""

    label: str
    columns: tuple[str, ...]
    row_headers: tuple[str, ...]
    rows: tuple[tuple[tuple[str, str], ...], ...]
    focus: str

    @property
    def shape(self) -> tuple[str, tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """What the table's layout depends on (a change rebuilds it): the label, the headers, the keys' order."""
        return self.label, self.columns, self.row_headers, tuple(tuple(k for k, _ in row) for row in self.rows)

    def names(self) -> dict[str, str]:
        return {k: name for row in self.rows for k, name in row}

    def where(self, key: str) -> tuple[int, int]:
        """The (row, column) of the cell ``key``; ParseError if there is none."""
        for i, row in enumerate(self.rows):
            for j, (k, _) in enumerate(row):
                if k == key:
                    return i, j
        raise ParseError("bad grid cell", key, "no point of this board has that name")


def key_of(t: Any) -> str:
    """A target's cell key: the point in the notation (``H10``), a square's number (``5``)."""
    return str(t)


def target_of(pos: Any, key: object) -> Any:
    """The target a cell's key names on ``pos`` (read back from the page: checked); ParseError quoting it."""
    if not isinstance(key, str):
        raise ParseError("bad grid cell", key, "expected a point such as 'H10' or a square's number")
    if pos.variant.is_board:
        t: Any = Point.from_str(key)
    elif key.isdigit() and len(key) <= 3:
        t = int(key)
    else:
        raise ParseError("bad grid cell", key, "expected a square's number, e.g. '5'")
    if not pos.in_bounds(t):
        raise ParseError("bad grid cell", key, "that point is not on this board")
    return t


def _marks(t: Any, chain: list[Any], landings: Iterable[Any], armed: Any, last_move: Iterable[Any]) -> str:
    """A cell's marks after its name, in words (what the canvas shows by colour and shape)."""
    words = []
    if t in chain[1:]:
        words.append("the ball jumps here" if t == chain[-1] else "on the jump")
    if t in landings:
        words.append("a landing")
    if t == armed:
        words.append("picked: press again to play")
    if t in last_move:
        words.append("last move")
    return "".join(f", {w}" for w in words)


def has_grid(pos: Any) -> bool:
    """Whether ``pos`` is shown as a grid: a 2D board or a strip, the positions whose moves are entered by
    clicks (an Oddish board's arrow moves are not: its page says them in words)."""
    return getattr(pos, "variant", None) in ADAPTERS


def grid_label(pos: Any) -> str:
    """The grid's name: the board's size, or the strip's length."""
    if pos.variant.is_board:
        return f"Board, {pos.size.width} by {pos.size.height}"
    return f"Strip of {pos.n} squares"


def entry_grid(entry: MoveEntry, *, flipped: bool = False, last_move: Iterable[Any] = ()) -> Grid:
    """The grid of a board whose moves a :class:`~phutball.moveentry.MoveEntry` enters (every page's board):
    its position, its chain, landings, cursor and picked point."""
    return board_grid(entry.position, flipped=flipped, chain=entry.chain, landings=entry.landings(),
                      cursor=entry.cursor, armed=entry.armed, last_move=last_move)


def board_grid(pos: Any, *, flipped: bool = False, chain: Iterable[Any] = (), landings: Iterable[Any] = (),
               cursor: Any = None, armed: Any = None, last_move: Iterable[Any] = (), label: str = "",
               past_the_ends: bool = True) -> Grid:
    """The grid of ``pos`` (a 2D board or a strip) as the canvas draws it (``flipped``: turned), with the move
    being entered (``chain``, ``landings``, ``armed``) and the ``last_move``'s points marked; the focus on the
    ``cursor`` (else the ball). ``past_the_ends``: a strip's squares 0 and n + 1, where a jump may land (the
    calculator's strip, an editor, has none)."""
    chain_l, landing_s, last_s = list(chain), set(landings), set(last_move)

    def cell(t: Any) -> tuple[str, str]:
        return key_of(t), point_words(pos, t) + _marks(t, chain_l, landing_s, armed, last_s)

    if pos.variant.is_board:
        w, h = pos.size.width, pos.size.height
        cols = list(range(1, w + 1))
        rows = list(range(h + 1, -1, -1))
        if flipped:
            cols.reverse()
            rows.reverse()
        columns = tuple(COLUMN_LETTERS[c - 1] for c in cols)
        grid_rows = tuple(tuple(cell(Point(c, r)) for c in cols) for r in rows)
        headers = tuple(str(r) for r in rows)
    else:
        squares = list(range(0, pos.n + 2) if past_the_ends else range(1, pos.n + 1))
        if flipped:
            squares.reverse()
        columns = tuple(str(s) for s in squares)
        grid_rows = (tuple(cell(s) for s in squares),)
        headers = ("strip",)
    focus = cursor if cursor is not None and pos.in_bounds(cursor) else pos.ball
    return Grid(label or grid_label(pos), columns, headers, grid_rows, key_of(focus))


def step(grid: Grid, key: str, name: str) -> str:
    """The cell the focus goes to from ``key`` when ``name`` (one of :data:`GRID_KEYS`) is pressed, as seen:
    arrows one cell (stopping at the edges), Home/End the row's ends, PageUp/PageDown the column's ends."""
    i, j = grid.where(key)
    last_i, last_j = len(grid.rows) - 1, len(grid.rows[0]) - 1
    moves = {"ArrowLeft": (i, max(0, j - 1)), "ArrowRight": (i, min(last_j, j + 1)),
             "ArrowUp": (max(0, i - 1), j), "ArrowDown": (min(last_i, i + 1), j),
             "Home": (i, 0), "End": (i, last_j), "PageUp": (0, j), "PageDown": (last_i, j)}
    if name not in moves:
        raise ParseError("bad grid key", name, f"expected one of {', '.join(GRID_KEYS)}")
    ni, nj = moves[name]
    return grid.rows[ni][nj][0]


def changes(before: Grid | None, after: Grid) -> dict[str, Any]:
    """What the page must change to show ``after`` when it shows ``before`` (None: nothing yet): the whole
    table when its layout changed (``full``), else only the cells whose names changed, and the focus.
    A move changes a handful of the 285 cells of a 15x19 board, so that is all that crosses to the page."""
    if before is None or before.shape != after.shape:
        return {"full": True, "label": after.label, "columns": list(after.columns),
                "rows": [[header, [list(c) for c in row]] for header, row in zip(after.row_headers, after.rows)],
                "focus": after.focus}
    old = before.names()
    changed = [[k, name] for row in after.rows for k, name in row if old.get(k) != name]
    return {"full": False, "cells": changed, "focus": after.focus}


@dataclass
class ShownGrid:
    """A page's grid (the ``<table id=table_id>`` beside a board's canvas): the grid it shows and the position
    it shows, to send only what changed (:meth:`update`) and to read a cell's key back (:meth:`target`)."""

    table_id: str
    shown: Grid | None = None
    position: Any = field(default=None, repr=False)

    def update(self, g: Grid, position: Any) -> dict[str, Any] | None:
        """What to send the page to show ``g`` (:func:`changes`), or None when it shows it already."""
        self.position = position
        if g == self.shown:
            return None
        change, self.shown = changes(self.shown, g), g
        return change

    def target(self, key: object) -> Any:
        """The point of a cell the page names by its key (None: not a cell, or one of a board shown before,
        whose event crossed a move)."""
        if key is None or self.position is None:
            return None
        try:
            return target_of(self.position, key)
        except ParseError:
            return None

    def step(self, key: object, name: str) -> Any:
        """The point the focus goes to from the cell ``key`` when ``name`` (:data:`GRID_KEYS`) is pressed."""
        t = self.target(key)
        if t is None or self.shown is None:
            return None
        return target_of(self.position, step(self.shown, key_of(t), name))

    def arriving(self, key: object) -> Any:
        """The point of the cell ``key`` the focus arrived on (Tab, a click), or None when it is not a cell or
        the cell the grid shows focused already (the focus the grid moved itself)."""
        t = self.target(key)
        if t is None or self.shown is None or str(key) == self.shown.focus:
            return None
        return t


__all__ = ["GRID_KEYS", "Grid", "ShownGrid", "board_grid", "changes", "entry_grid", "grid_label", "has_grid", "key_of", "step", "target_of"]
