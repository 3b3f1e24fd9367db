"""The boards' drawing: layouts, hit-testing and lists of shapes, from the engine.

The drawing is defined once, in :mod:`phutball.drawing` (its docstring describes the
shapes); the lab's canvases replay those lists (``canvas.js``), :mod:`phutball.svg`
writes them as SVG.  The lab's modules import it from here.
"""

from __future__ import annotations

from phutball.drawing import (GEOMETRY, Geometry, Ghost, Layout2D, LayoutStrip, Shape, board_shapes, ghost_shapes,
                              strip_shapes, var)

__all__ = ["GEOMETRY", "Geometry", "Ghost", "Layout2D", "LayoutStrip", "Shape", "board_shapes", "ghost_shapes",
           "strip_shapes", "var"]
