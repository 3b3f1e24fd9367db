"""Diagrams of a game on the lab's pages: numbered placements, the last jump's arrow, shapes at any size.

Pure Python (no ``js``/``pyscript``), unit-tested without a browser.  Used by
the embeds (``glue/embed.py``), the puzzles page and the play page's share/export
dialog (``glue/share.py``).  The drawing and the SVG writer are the engine's
(:mod:`phutball.drawing`, :mod:`phutball.svg`, re-exported here): this module keeps
what is the site's, the :class:`Marks` a page's switches choose, the play page's
board, and the jump animation.  The same shape list that ``canvas.js`` replays on
screen is turned into SVG text (:func:`phutball.svg.shapes_to_svg`) or drawn on an
offscreen canvas at 2x for PNG (``downloadPNG`` in ``canvas.js``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from lab.views.board import Ghost, Shape
from phutball.game import Game
from phutball.svg import (EXPORT_CELL, colour_names, game_shapes, jump_path, layout_for, natural_size, parse_target,
                          placement_numbers, shapes, shapes_to_svg)

__all__ = ["EXPORT_CELL", "Marks", "colour_names", "frame_shapes", "game_diagram", "jump_frames", "jump_path",
           "layout_for", "natural_size", "parse_target", "placement_numbers", "play_shapes", "shapes_to_svg"]

Target = Any  # Point (2D) or int (1D square): the shapes' functions take the variant's own


@dataclass(frozen=True)
class Marks:
    """What a diagram shows besides the position: coordinates, move numbers, the jump arrow."""

    coordinates: bool = True
    numbers: bool = True
    arrows: bool = True


def frame_shapes(pos: Any, width: float, height: float, *, marks: Marks = Marks(),
                 move_numbers: Mapping[Target, int] | None = None, arrow: Sequence[Target] = (),
                 last_move: Sequence[Target] = (), chain: Sequence[Target] = (),
                 landings: Sequence[Target] = (), cursor: Target | None = None,
                 hint: Target | None = None, ghosts: Sequence[Ghost] = (), flipped: bool = False) -> list[Shape]:
    """The shapes of ``pos`` (2D or 1D) on a ``width`` x ``height`` canvas, with the marks asked for
    (``ghosts``, moves shown but not played, on 2D boards only); ``flipped``: turned half a turn."""
    return shapes(pos, width, height, coordinates=marks.coordinates, flipped=flipped,
                  move_numbers=move_numbers if marks.numbers else None, arrow=arrow if marks.arrows else (),
                  last_move=last_move, chain=chain, landings=landings, cursor=cursor, hint=hint, ghosts=ghosts)


def play_shapes(pos: Any, view: Mapping[str, Any], width: float, height: float, *,
                show_cursor: bool, flipped: bool = False) -> list[Shape]:
    """A playable board as :meth:`lab.play.PlayController.view` describes it: the jump being
    entered and its landings, the last move, the hint (ring, and arrows along a jump), and the
    keyboard cursor when ``show_cursor`` (the keyboard is in use) or a point picked by a first touch, and the
    analysis' principal
    variation as numbered ghost moves (``view["pv"]``).

    The last move is marked as in every diagram (:func:`game_diagram`): a placed man's square, a
    jump's arrows, one hue (``--last``, ``--arrow``).  A hint is orange (``--hint``): its ring, and
    its jump's arrows, which take the last jump's place while it is shown.  The principal variation
    is violet (``--ghost-arrow``).  ``flipped``: the board turned half a turn, coordinates and arrows too.
    """
    last, hint_path = list(view["last_move"]), list(view["hint_path"])
    armed = view.get("armed")  # a point picked by a first touch: framed as the cursor is, until the second
    jump = hint_path or (last if len(last) > 1 else [])
    out = frame_shapes(pos, width, height, marks=Marks(numbers=False), arrow=jump,
                       last_move=[] if len(last) > 1 else last, chain=view["chain"], landings=view["landings"],
                       cursor=armed if armed is not None else view["cursor"] if show_cursor else None,
                       hint=view["hint"],
                       ghosts=view.get("pv", ()), flipped=flipped)
    if hint_path:  # the only arrows drawn are the hint's
        for shape in out:
            for key in ("stroke", "fill"):
                if shape.get(key) == "var(--arrow)":
                    shape[key] = "var(--hint)"
    return out


def game_diagram(game: Game, ply: int, width: float, height: float, marks: Marks = Marks(), *,
                 chain: Sequence[Target] = (), landings: Sequence[Target] = (),
                 cursor: Target | None = None) -> list[Shape]:
    """The position after ``ply`` plies of ``game``: placements numbered, the last jump as an arrow
    (:func:`phutball.svg.game_shapes`, with the page's ``marks``).

    ``chain``, ``landings`` and ``cursor`` are a jump being entered (play mode), which
    hides the last move.
    """
    return game_shapes(game, ply, width, height, coordinates=marks.coordinates, numbers=marks.numbers,
                       arrows=marks.arrows, chain=chain, landings=landings, cursor=cursor)


def jump_frames(game: Game, ply: int, width: float, height: float, marks: Marks = Marks(), *,
                flipped: bool = False) -> list[list[Shape]]:
    """The in-between pictures of the jump that leads to ``ply`` (one per hop), for an animation.

    Each shows the position before the jump with the ball partway along its path
    and the men already jumped faded; ``[]`` if that move was not a jump.  ``flipped``: as
    :func:`play_shapes` draws a turned board.
    """
    path = jump_path(game, ply)
    before = game.positions[ply - 1] if path else None
    numbers = placement_numbers(game, ply - 1) if path else {}
    return [frame_shapes(before, width, height, marks=marks, move_numbers=numbers, chain=path[:k], flipped=flipped)
            for k in range(2, len(path) + 1)]

