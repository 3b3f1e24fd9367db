"""An interactive board for notebooks, an `anywidget <https://anywidget.dev>`_ widget.

Until the engine is on PyPI, install it with the widget's extra from the wheel the lab's site
serves (``wheels/latest.json`` names the current one; docs/notebooks.md)::

    pip install "phutball[widget] @ https://example.org/phutball/wheels/phutball-0.1.0-py3-none-any.whl"

(``https://example.org/phutball/`` stands for your copy of the lab), or ``pip install -e ".[widget]"``
from a clone.  In a browser kernel (JupyterLite, Pyodide), micropip installs the wheel that
``wheels/latest.json`` names, and ``anywidget`` from PyPI (the lab's host must send CORS headers)::

    import micropip
    from pyodide.http import pyfetch
    site = "https://example.org/phutball/"
    latest = await (await pyfetch(site + "wheels/latest.json")).json()
    await micropip.install([site + "wheels/" + latest["wheel"], "anywidget"])

After installing into a running Jupyter, **reload the browser tab** and run the cell again: the
page only learns of the widget's front end when it loads (till then the board shows as a
picture, or as ipywidgets' error box where the widgets extension was already loaded).  Then

>>> from phutball.widget import Board                          # doctest: +SKIP
>>> board = Board("9x9_O_E5")                                  # doctest: +SKIP
>>> board                                                      # doctest: +SKIP

The same widget runs in Jupyter, JupyterLab, Colab, VS Code and marimo.  Where no widget can
run (a notebook converted to HTML, a site that renders notebooks, a front end without the
widgets extension), the board shows as a picture of its position, and its text is a
``Board(...)`` you can paste.

A student enters moves by clicking, as on the lab's pages: a click on an empty point places a
man; a click on the ball starts a jump, each click on a highlighted landing extends it, and a
click on the ball again (or *Finish*) ends it.  A landing that scores, leaves the board or
allows no further jump ends the move by itself; a click on a point of the chain steps back to
it, unless the ball may land there again (a landing comes first:
:meth:`phutball.moveentry.MoveEntry.click`).  ``Board(game)`` shows a
:class:`~phutball.game.Game` at its cursor; the buttons ◀ and ▶ step through its moves
(:attr:`Board.ply`).  The teacher reads and drives the board from Python:
:attr:`Board.position` (the position string), :attr:`Board.moves` (the game's moves, in the
notation), :attr:`Board.ply`, :meth:`Board.play`, :meth:`Board.undo`, :attr:`Board.game`.

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

from . import svg
from .errors import PhutballError, quote
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


def _start_game(position: object, moves: Sequence[str]) -> Game:
    """The game a board starts with: a copy of a :class:`~phutball.game.Game` (at its cursor), or a new
    game from a position (its string, or a position) and the ``moves`` played from it."""
    if isinstance(position, Game):
        if moves:
            raise TypeError("Board(game) shows the game's own moves: play more with board.play(), not moves=")
        return _copy_game(position)
    if isinstance(position, str):
        start = parse_any_position(position)
    elif hasattr(position, "variant") and hasattr(position, "play"):   # a Position, Strip or Oddish
        start = parse_any_position(str(position))
    else:
        raise TypeError(f"Board() takes a position string, a position or a Game, not {type(position).__name__}")
    if isinstance(moves, str):
        raise TypeError(f"moves is a list of moves, not the string {quote(moves)}")
    return Game(start, [str(m) for m in moves])


def _copy_game(game: Game) -> Game:
    """A copy of ``game``: its start, moves, headers, pie rule, cursor and ending (a resignation, an agreed draw)."""
    copy = Game(game.start, list(game.moves), headers=dict(game.headers), cursor=game.cursor, pie=game.pie)
    copy._ending = game._ending
    return copy


class Board(anywidget.AnyWidget):
    """A board to play on in a notebook: ``Board("9x9_O_E5")``, optionally with ``moves`` already played,
    or ``Board(game)``: a :class:`~phutball.game.Game` (copied), shown at its cursor.

    ``size`` is the picture's width in CSS pixels, from 120 to 2000 (default: 28 pixels
    a point; anything else raises :class:`traitlets.TraitError` and is not synced);
    ``flipped`` turns the board half a turn (a strip reads right to left);
    ``theme`` is ``"auto"`` (the notebook's light or dark theme), ``"light"`` or
    ``"dark"``; ``coordinates`` writes the column letters and row numbers.  2D boards
    and 1D strips take moves by clicks; an Oddish board takes them through :meth:`play`.

    The board holds a game: :attr:`moves` are all its moves, and the board shows the
    position after the first :attr:`ply` of them.  The buttons ◀ and ▶ (and the arrow
    keys) step through them, as does assigning :attr:`ply`.  A move played at the end
    extends the game; a move played at an earlier ply replaces the moves after it.

    Assigning :attr:`position` starts anew from that position (no moves).  The
    other synced traits are the widget's output: read them, do not set them.

    Where no widget can run (nbconvert's HTML, a front end without the widgets extension),
    the board shows as a picture of its position; its text (``repr``) is a ``Board(...)``
    you can paste.
    """

    _esm = "\n".join(f.read_text(encoding="utf-8") for f in _ESM)
    _css = _CSS

    #: The position on the board, as a position string (the one format of the project).
    position = traitlets.Unicode("").tag(sync=True)
    #: The position the moves were played from.
    start = traitlets.Unicode("", read_only=True).tag(sync=True)
    #: The game's moves from :attr:`start`, in the notation (``"E6"``, ``"E5-E7-E9"``).
    moves = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    #: How many of :attr:`moves` are played on the board (0 to ``len(moves)``): assign it to step through the game.
    ply = traitlets.Int(0).tag(sync=True)
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
        try:
            self._game = _start_game(position, moves)
        except PhutballError as error:   # the engine's error, without the engine's frames
            raise error.with_traceback(None) from None
        self._entry = MoveEntry(self._game.position)
        self._said = ""
        super().__init__(position=str(self._game.position), **options)
        self.on_msg(self._on_message)
        self._update()

    # ------------------------------------------------------------ the teacher's side

    @property
    def game(self) -> Game:
        """A copy of the game on the board: its start, moves, result, and its cursor at :attr:`ply`."""
        return _copy_game(self._game)

    def play(self, move: object) -> None:
        """Play ``move`` (its text, ``"E6"`` or ``"E5-E7"``, or a move) at :attr:`ply`.

        At the end of the game the move extends it; at an earlier ply it replaces the moves
        after it.  An illegal move raises the engine's error (:class:`~phutball.errors.ParseError`,
        :class:`~phutball.errors.IllegalMoveError`, or :class:`~phutball.errors.IllegalError`
        once the game is over) and changes nothing.
        """
        try:
            self._game.push(str(move))
        except PhutballError as error:   # the engine's error, without the engine's frames
            raise error.with_traceback(None) from None
        self._moved()

    def undo(self) -> None:
        """Take back the move that led to the position shown, and the moves after it
        (:class:`~phutball.errors.IllegalError` at the start)."""
        try:
            self._game.undo()
        except PhutballError as error:
            raise error.with_traceback(None) from None
        self._game.truncate()
        self._moved()

    def _moved(self) -> None:
        """After a move, an undo or a step: no jump being entered, nothing said, the picture anew."""
        self._entry.reset(self._game.position)
        self._said = ""
        self._update()

    def _over(self) -> bool:
        """Whether the game has ended at the position shown (no move may follow it)."""
        return self._game.cursor == len(self._game.moves) and self._game.result != "*"

    # ------------------------------------------------------------ the student's side (the front end's messages)

    def click(self, where: object) -> None:
        """A click on the board: ``(x, y)`` in the picture's CSS pixels, or a point's (square's) name.

        Places a man, or starts, extends, steps back or ends a jump, as on the lab's pages
        (:class:`phutball.moveentry.MoveEntry`); a click that does nothing says why in :attr:`message`.
        """
        pos = self._game.position
        target = self._target(where)
        if self._over():
            self._said = f"The game is over: {self._game.result_text}."
        elif pos.variant is Variant.ODDISH:
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
            return parse_target(pos.variant, where)
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
        ``{"cancel": true}``, ``{"undo": true}``, ``{"step": -1}`` or ``{"step": 1}`` (the buttons ◀ ▶).
        An error is said in :attr:`message`, never raised into the kernel's log.  Each message is
        answered with ``{"ack": true}``: a front end that gets no answer tells the student that
        the kernel is busy or gone (after a restart, JupyterLab leaves the board on the page)."""
        if not isinstance(content, dict):
            return
        try:
            self._handle(content)
        finally:
            self.send({"ack": True})

    def _handle(self, content: dict[str, Any]) -> None:
        """One message of the front end (:meth:`_on_message`)."""
        try:
            if "click" in content:
                self.click(content["click"])
            elif content.get("finish"):
                self.finish()
            elif content.get("cancel"):
                self.cancel()
            elif content.get("undo"):
                self.undo()
            elif content.get("step") in (-1, 1):
                self.ply = min(max(self._game.cursor + int(content["step"]), 0), len(self._game.moves))
        except (ValueError, TypeError, traitlets.TraitError) as e:  # the engine's errors are ValueErrors
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

    @traitlets.validate("ply")
    def _valid_ply(self, proposal: Any) -> int:
        """A ply assigned must be one of the game's: 0 (the start) to ``len(moves)``."""
        value = proposal["value"]
        last = len(self._game.moves) if hasattr(self, "_game") else 0
        if not 0 <= value <= last:
            raise traitlets.TraitError(f"ply {quote(value)}: expected 0 to {last}, the number of moves")
        return int(value)

    @traitlets.observe("ply")
    def _step(self, change: Any) -> None:
        """A ply assigned (or a step of the buttons): show the game after that many moves."""
        if hasattr(self, "_game") and change["new"] != self._game.cursor:
            self._game.goto(change["new"])
            self._moved()

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
        elif self._over():
            said = f"The game is over: {game.result_text}."
        elif game.cursor < len(game.moves):
            said = (f"After {game.cursor} of {len(game.moves)} moves: {SIDE_NAMES[str(pos.to_move)]} to move "
                    "(a move played here replaces the moves after it).")
        else:
            said = f"{SIDE_NAMES[str(pos.to_move)]} to move."
        with self.hold_sync():
            self.set_trait("start", str(game.start))
            self.set_trait("moves", list(game.moves))
            self.set_trait("ply", game.cursor)
            self.set_trait("chain", [str(t) for t in chain])
            self.set_trait("landings", [str(t) for t in landings])
            self.set_trait("message", said)
            self.set_trait("width", float(w))
            self.set_trait("height", float(h))
            self.set_trait("shapes", drawn)
            self.position = str(pos)

    # ------------------------------------------------------------ where no widget runs: a picture and a text

    def __repr__(self) -> str:
        """A ``Board(...)`` that makes this board again: ``Board(Position.from_str('9x9_O_E5'), moves=['E6'])``,
        or ``Board(Game(...))`` for a game shown before its end (or with headers), then the options
        that differ from the defaults."""
        if not hasattr(self, "_game"):   # not made yet
            return object.__repr__(self)
        game = self._game
        if (game.cursor == len(game.moves) and not game.headers and not game.pie
                and game.termination not in ("resignation", "agreement")):
            args = [repr(game.start)] + ([f"moves={game.moves!r}"] if game.moves else [])
        else:
            args = [repr(self.game)]
        for name, default in (("size", None), ("flipped", False), ("coordinates", True), ("theme", "auto")):
            value = getattr(self, name)
            if value != default:
                args.append(f"{name}={value!r}")
        return f"Board({', '.join(args)})"

    def picture(self) -> svg.Picture:
        """The position shown, as SVG (:func:`phutball.svg.game`, with this board's options): a
        :class:`~phutball.svg.Picture`, which shows itself in a notebook, its alt text the position string."""
        return svg.game(self._game, size=self.size, coordinates=self.coordinates, flipped=self.flipped,
                        theme="dark" if self.theme == "dark" else "light")

    def _repr_html_(self) -> str:
        """A picture of the position shown: its :meth:`picture` as an ``<img>`` (:func:`phutball.svg.img`,
        an SVG data URL, which survives the sanitizers of untrusted notebooks and of sites that render
        notebooks), its ``alt`` the position string.  The SVG's own width is the canvas's (:attr:`width`)."""
        return self.picture()._repr_html_()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """anywidget's bundle (the widget's view, and the text), with the picture beside it as ``text/html``:
        a front end shows the widget where it can and the picture where it cannot.  A board closed
        (:meth:`close`) is the picture and the text alone."""
        bundle = super()._repr_mimebundle_(**kwargs) if self.comm is not None else None
        data, metadata = bundle if bundle is not None else ({}, {})
        return {**data, "text/plain": repr(self), "text/html": self._repr_html_()}, metadata

    def close(self) -> None:
        """Close the widget (its views go): the board shows as its picture from then on."""
        super().close()
        self.__dict__.pop("_repr_mimebundle_", None)   # ipywidgets sets it to None on the instance
