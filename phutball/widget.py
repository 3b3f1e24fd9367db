"""An interactive board for notebooks: ``pip install phutball[widget]``, then

>>> from phutball.widget import Board                          # doctest: +SKIP
>>> board = Board("9x9_O_E5")                                  # doctest: +SKIP
>>> board                                                      # doctest: +SKIP

The board is an `anywidget <https://anywidget.dev>`_ widget, so the same widget runs in
Jupyter, JupyterLab, Colab, VS Code and marimo.  A student enters moves by clicking, as on
the lab's pages: a click on an empty point places a man; a click on the ball starts a jump,
each click on a highlighted landing extends it, and a click on the ball again (or *Finish*)
ends it.  A landing that scores, leaves the board or allows no further jump ends the move by
itself; a click on a point of the chain steps back to it, unless the ball may land there
again (a landing comes first: :meth:`phutball.moveentry.MoveEntry.click`).  The teacher
reads and drives the board from Python: :attr:`Board.position` (the position string),
:attr:`Board.moves` (the moves played, in the notation), :meth:`Board.play`, :meth:`Board.undo`.

This is the only engine module that imports a third-party package (``anywidget``, and its
``traitlets``); ``import phutball`` never imports it.  The move entry's rules are the
lab's pages' (:class:`phutball.moveentry.MoveEntry`, on the positions' own rules); the pictures are
:func:`phutball.svg.game_shapes`, painted on a canvas by ``widget.js`` (shipped beside this
file, after the lab's painter ``paint.js``, which the site's ``canvas.js`` uses too).
"""

from __future__ import annotations

import numbers
from pathlib import Path
from typing import Any, Sequence

import anywidget
import traitlets

from .errors import quote
from .game import Game, parse_any_position
from .moveentry import START_JUMP, MoveEntry
from .notation import Point
from .sides import SIDE_NAMES
from .svg import DARK, DEFAULT_CELL, LIGHT, game_shapes, layout_for, natural_size, parse_target
from .variant import Variant

__all__ = ["Board", "START_JUMP"]

#: The front end: the lab's painter of shape lists (paint.js), then the widget's module (widget.js).
_ESM = (Path(__file__).with_name("paint.js"), Path(__file__).with_name("widget.js"))
_CSS = """
.phutball-widget { display: inline-flex; flex-direction: column; gap: 6px; font: 14px system-ui, sans-serif; }
.phutball-widget canvas { max-width: 100%; cursor: pointer; touch-action: manipulation; }
.phutball-widget .phutball-bar { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.phutball-widget .phutball-message { min-height: 1.3em; }
"""


#: The picture's widths a board may be given (:attr:`Board.size`), in CSS pixels.
MIN_SIZE, MAX_SIZE = 120, 2000


class _Size(traitlets.Float[float | None, float | None]):
    """A board's width in CSS pixels: None (the natural size) or a number from MIN_SIZE to MAX_SIZE.

    NaN, the infinities, 0, negative and huge widths (an ``int`` too big for a
    float too) are refused here, before the value is set or synced, with a
    :class:`traitlets.TraitError` quoting it (issue 39).
    """

    def validate(self, obj: Any, value: Any) -> float | None:
        if value is None:
            return None
        if isinstance(value, numbers.Integral) and not isinstance(value, bool):
            value = int(value)  # numpy's integers too
        # comparisons of int and float are exact: NaN, the infinities and 10**400 all fail them
        if isinstance(value, (int, float)) and not isinstance(value, bool) and MIN_SIZE <= value <= MAX_SIZE:
            return float(value)
        raise traitlets.TraitError(f"size {quote(value)}: expected a width from {MIN_SIZE} to {MAX_SIZE} "
                                   "CSS pixels, or None for the natural size")


class Board(anywidget.AnyWidget):
    """A board to play on in a notebook: ``Board("9x9_O_E5")``, optionally with ``moves`` already played.

    ``size`` is the picture's width in CSS pixels, from 120 to 2000 (default: 28 pixels
    a point; anything else raises :class:`traitlets.TraitError` and is not synced);
    ``flipped`` turns the board half a turn (a strip reads right to left);
    ``theme`` is ``"auto"`` (the notebook's light or dark theme), ``"light"`` or
    ``"dark"``; ``coordinates`` writes the column letters and row numbers.  2D boards
    and 1D strips take moves by clicks; an Oddish board takes them through :meth:`play`.

    Assigning :attr:`position` starts anew from that position (no moves).  The
    other synced traits are the widget's output: read them, do not set them.
    """

    _esm = "\n".join(f.read_text(encoding="utf-8") for f in _ESM)
    _css = _CSS

    #: The position on the board, as a position string (the one format of the project).
    position = traitlets.Unicode("").tag(sync=True)
    #: The position the moves were played from.
    start = traitlets.Unicode("", read_only=True).tag(sync=True)
    #: The moves played from :attr:`start`, in the notation (``"E6"``, ``"E5-E7-E9"``).
    moves = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    #: The jump being entered: the ball's points so far (empty when no jump is being entered).
    chain = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    #: Where the jump being entered can land next.
    landings = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    #: What the board says to the player: whose move it is, how a jump goes on, why a click did nothing.
    message = traitlets.Unicode("", read_only=True).tag(sync=True)
    #: The picture, as :mod:`phutball.drawing`'s shapes, for a ``width`` x ``height`` canvas.
    shapes = traitlets.List(traitlets.Dict(), read_only=True).tag(sync=True)
    width = traitlets.Float(0.0, read_only=True).tag(sync=True)
    height = traitlets.Float(0.0, read_only=True).tag(sync=True)
    #: The theme colours the picture's roles fall back to (``--phutball-<role>`` CSS variables win).
    palettes = traitlets.Dict({"light": dict(LIGHT), "dark": dict(DARK)}, read_only=True).tag(sync=True)
    #: The picture's width in CSS pixels (:data:`MIN_SIZE` to :data:`MAX_SIZE`), or None for the natural size.
    size = _Size(None, allow_none=True).tag(sync=True)
    flipped = traitlets.Bool(False).tag(sync=True)
    coordinates = traitlets.Bool(True).tag(sync=True)
    theme = traitlets.Enum(("auto", "light", "dark"), "auto").tag(sync=True)

    def __init__(self, position: object = "9x9_O_E5", moves: Sequence[str] = (), **options: Any) -> None:
        self._game = Game(parse_any_position(str(position)), [str(m) for m in moves])
        self._entry = MoveEntry(self._game.position)
        self._said = ""
        super().__init__(position=str(self._game.position), **options)
        self.on_msg(self._on_message)
        self._update()

    # ------------------------------------------------------------ the teacher's side

    @property
    def game(self) -> Game:
        """A copy of the game on the board (its start, moves and result)."""
        return Game(self._game.start, list(self._game.moves))

    def play(self, move: object) -> None:
        """Play ``move`` (its text, ``"E6"`` or ``"E5-E7"``, or a move).

        An illegal move raises the engine's error (:class:`~phutball.errors.ParseError`,
        :class:`~phutball.errors.IllegalMoveError`, or :class:`~phutball.errors.IllegalError`
        once the game is over) and changes nothing.
        """
        self._game.push(str(move))
        self._entry.reset(self._game.position)
        self._said = ""
        self._update()

    def undo(self) -> None:
        """Take back the last move (:class:`~phutball.errors.IllegalError` when there is none)."""
        self._game.undo()
        self._game.truncate()
        self._entry.reset(self._game.position)
        self._said = ""
        self._update()

    # ------------------------------------------------------------ the student's side (the front end's messages)

    def click(self, where: object) -> None:
        """A click on the board: ``(x, y)`` in the picture's CSS pixels, or a point's (square's) name.

        Places a man, or starts, extends, steps back or ends a jump, as on the lab's pages
        (:class:`phutball.moveentry.MoveEntry`); a click that does nothing says why in :attr:`message`.
        """
        pos = self._game.position
        target = self._target(where)
        if self._game.result != "*":
            self._said = f"The game is over: {self._game.result_text}."
        elif pos.variant is Variant.ODDISH:  # type: ignore[attr-defined]
            self._said = "Moves on an Oddish board are played with board.play(...)."
        else:
            self._entry.click(target)
            self._take_move()
            return
        self._update()

    def finish(self) -> None:
        """End the jump being entered (the *Finish* button): it is played if it has a landing."""
        self._entry.finish()
        self._take_move()

    def cancel(self) -> None:
        """Drop the jump being entered (the Escape key)."""
        self._entry.cancel()
        self._take_move()

    def _take_move(self) -> None:
        """Play the move the entry completed, if any; else show what the entry says."""
        move = self._entry.take_move()
        if move is not None:
            self.play(move)
            return
        self._said = self._entry.error or self._entry.message
        self._update()

    def _target(self, where: object) -> Any:
        """The point (square) clicked: from CSS pixels through the layout's hit-testing, or from a name."""
        pos = self._game.position
        if isinstance(where, str):
            return parse_target(pos.variant, where)  # type: ignore[attr-defined]
        if isinstance(where, Point) or (isinstance(where, int) and not isinstance(where, bool)):
            return where
        if not (isinstance(where, (list, tuple)) and len(where) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in where)):
            raise TypeError(f"a click is a point's name or [x, y] in pixels, not {quote(where)}")
        try:
            x, y = float(where[0]), float(where[1])
        except OverflowError:  # an int too big for a float: no board is there
            return None
        return layout_for(pos, self.width, self.height, self.flipped).hit(x, y)

    def _on_message(self, _widget: object, content: object, _buffers: object) -> None:
        """A message from the front end: ``{"click": [x, y]}`` (or a point's name), ``{"finish": true}``,
        ``{"cancel": true}``, ``{"undo": true}``.  An error is said in :attr:`message`, never raised
        into the kernel's log."""
        if not isinstance(content, dict):
            return
        try:
            if "click" in content:
                self.click(content["click"])
            elif content.get("finish"):
                self.finish()
            elif content.get("cancel"):
                self.cancel()
            elif content.get("undo"):
                self.undo()
        except (ValueError, TypeError) as e:  # the engine's errors are ValueErrors
            self._said = str(e)
            self._update()

    # ------------------------------------------------------------ the synced picture

    @traitlets.validate("position")
    def _valid_position(self, proposal: Any) -> str:
        """A position assigned must parse (the engine's :class:`~phutball.errors.ParseError` if not)."""
        return str(parse_any_position(proposal["value"]))

    @traitlets.observe("position")
    def _new_position(self, change: Any) -> None:
        """A position assigned by the teacher: start anew from it."""
        if hasattr(self, "_game") and change["new"] != str(self._game.position):
            self._game = Game(parse_any_position(change["new"]))
            self._entry.reset(self._game.position)
            self._said = ""
            self._update()

    @traitlets.observe("size", "flipped", "coordinates")
    def _redraw(self, _change: Any) -> None:
        if hasattr(self, "_game"):
            self._update()

    def _update(self) -> None:
        """Every synced output from the game and the chain, sent as one message."""
        game, pos = self._game, self._game.position
        w, h = natural_size(pos, DEFAULT_CELL)
        if self.size is not None:
            w, h = self.size, h * self.size / w
        chain, landings = self._entry.chain, self._entry.landings()
        drawn = game_shapes(game, game.cursor, w, h, coordinates=self.coordinates, flipped=self.flipped,
                            chain=chain, landings=landings)
        if self._said:
            said = self._said
        elif game.result != "*":
            said = f"The game is over: {game.result_text}."
        else:
            said = f"{SIDE_NAMES[str(pos.to_move)]} to move."
        with self.hold_sync():
            self.set_trait("start", str(game.start))
            self.set_trait("moves", list(game.played))
            self.set_trait("chain", [str(t) for t in chain])
            self.set_trait("landings", [str(t) for t in landings])
            self.set_trait("message", said)
            self.set_trait("width", float(w))
            self.set_trait("height", float(h))
            self.set_trait("shapes", drawn)
            self.position = str(pos)
