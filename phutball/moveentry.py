"""Entering one move on a board or a strip, click by click: the widget every page's board uses.

Pure Python, standard library only (unit-tested without a browser).  The play
page, the lesson, the puzzles page, every embed and the notebook widget
(:mod:`phutball.widget`) enter moves through a :class:`MoveEntry`; the site's
glue (``glue/boardinput.py``) turns pointer and key events into its calls.
A *target* is a :class:`~phutball.notation.Point` on a 2D board, a square
number on a strip.

How a move is entered (docs/pages.md "`index.html`: play"):

* click an empty point (square) to place a man (stone) there;
* click the ball to start a jump chain; the legal landings are highlighted;
  click a landing to extend the chain, a point of the chain to step back to
  it, and the ball again (or Enter, or Finish) to end the move.  A landing
  that wins, leaves the board, or allows no further jump ends the move by
  itself (rule: a jump ends when the ball leaves the board or crosses a goal
  line, and cannot go on without a man to jump).  Escape cancels the chain.
  A landing comes before stepping back: a chain may come back to a point it
  left (``E5-G7-G5-E5`` on ``9x9_O_E5_F5F6G6``: the men jumped are gone, the
  ball may land there again), so a click on an earlier point of the chain that
  is also a legal landing jumps there; Backspace steps back one jump, always
  (:meth:`MoveEntry.click`).  Every legal jump is thus entered by clicking the
  ball and then each landing in turn, bar one kind: a chain that passes
  through the mover's own goal line has already won there, and ends there.
* on a touch screen, where points are closer than a fingertip
  (:data:`TOUCH_CELL`), the first touch picks a point (marked) and a second
  touch on it plays there (pages that ask for it: ``two_touch``);
* keyboard: arrows move a cursor, Enter/Space act at the cursor, Backspace
  steps back in a chain, Escape cancels it;
* typed in the notation (``H11``, ``K6-G9-G11-J11``; a strip's ``5``, ``2-4-6``):
  :meth:`MoveEntry.enter` checks it by the position's own rules and leaves it
  where a click's move is left, so a page plays typed and clicked moves alike.

A completed move is left in :attr:`MoveEntry.move` for the page to take
(:meth:`MoveEntry.take_move`): the page decides what playing it means (push
it on the game, send it to the puzzle's judge ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence, TypedDict, Union, cast

from phutball.board import Position
from phutball.notation import Jump, Placement, Point, StripJump, StripPlacement
from phutball.variant import Variant

if TYPE_CHECKING:
    from phutball.game import AnyPosition
    from phutball.oned.oddish import OddishMove
    from phutball.oned.strip import Strip

Target = Union[Point, int]  # Point (2D) or int (1D)
#: A move entered: a 2D placement or jump, or a strip's (or an Oddish board's, typed: :meth:`MoveEntry.enter`).
EnteredMove = Union[Placement, Jump, StripPlacement, StripJump, "OddishMove"]

#: CSS px: on a touch screen, a board whose points are closer than this picks a point at the first touch.
TOUCH_CELL = 28.0


# ---------------------------------------------------------------- variant adapters
# The rules (can a man go here, does this landing end the move) are the positions' own
# (``can_place``, ``ends_jump``, ``in_bounds`` on Position and Strip); an adapter only
# builds the move and moves the keyboard cursor, which differ between a board and a strip.
# The widget's targets are a Point or an int (:data:`Target`): each adapter narrows them to its
# variant's (a point of a board, a square of a strip), the chain holding only targets it took.


def _in_bounds(pos: AnyPosition, t: Target) -> bool:
    """``pos.in_bounds(t)``, ``t`` narrowed to ``pos``'s variant (each position's own check says False
    to another variant's target, as this does)."""
    if pos.variant is Variant.BOARD:
        return isinstance(t, Point) and pos.in_bounds(t)
    return isinstance(t, int) and pos.in_bounds(t)


class _Adapter2D:
    def __init__(self, pos: Position) -> None:
        self.pos = pos

    @property
    def ball(self) -> Point:
        return self.pos.ball

    def can_place(self, t: Target) -> bool:
        return isinstance(t, Point) and self.pos.can_place(t)

    def ends_jump(self, t: Target) -> bool:
        return isinstance(t, Point) and self.pos.ends_jump(t)

    def landings(self, chain: Sequence[Target]) -> list[Target]:
        return list(self.pos.landings(cast("Sequence[Point]", chain)))

    def placement(self, t: Target) -> Placement:
        assert isinstance(t, Point)
        return Placement(t)

    def jump(self, chain: list[Target]) -> Jump:
        return Jump(tuple(cast("list[Point]", chain)))

    def move_cursor(self, t: Target, key: str) -> Point:
        assert isinstance(t, Point)
        dc, dr = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}[key]
        n = Point(t.col + dc, t.row + dr)
        return n if self.pos.in_bounds(n) else t

    def describe(self, t: Target) -> str:
        return str(t)


class _AdapterStrip:
    def __init__(self, strip: Strip) -> None:
        self.pos = strip

    @property
    def ball(self) -> int:
        return self.pos.ball

    def can_place(self, t: Target) -> bool:
        return isinstance(t, int) and self.pos.can_place(t)

    def ends_jump(self, t: Target) -> bool:
        return isinstance(t, int) and self.pos.ends_jump(t)

    def landings(self, chain: Sequence[Target]) -> list[Target]:
        return list(self.pos.landings(cast("Sequence[int]", chain)))

    def placement(self, t: Target) -> StripPlacement:
        assert isinstance(t, int)
        return StripPlacement(t)

    def jump(self, chain: list[Target]) -> StripJump:
        return StripJump(tuple(cast("list[int]", chain)))

    def move_cursor(self, t: Target, key: str) -> int:
        """Squares 0 and ``n + 1`` (past the ends) included, as a 2D cursor reaches the off-board rows:
        a jump may land there (paper section 1), and the keys enter every jump."""
        assert isinstance(t, int)
        d = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": 0, "ArrowDown": 0}[key]
        return min(self.pos.n + 1, max(0, t + d))

    def describe(self, t: Target) -> str:
        return f"square {t}"


#: The variants whose moves the widget enters (an Oddish board's arrow moves are not entered by clicks).
ADAPTERS: dict[Variant, type[_Adapter2D] | type[_AdapterStrip]] = {Variant.BOARD: _Adapter2D,
                                                                    Variant.STRIP: _AdapterStrip}


def adapter(pos: AnyPosition) -> _Adapter2D | _AdapterStrip:
    """The adapter for ``pos`` (a 2D Position or a Strip; TypeError for an Oddish board)."""
    if pos.variant is Variant.BOARD:
        return _Adapter2D(pos)
    if pos.variant is Variant.STRIP:
        return _AdapterStrip(pos)
    raise TypeError(f"moves cannot be entered on {pos.variant.name.lower()} positions ({pos})")


# ---------------------------------------------------------------- the widget

def _last_index(chain: list[Target], t: Target) -> int:
    """Where ``t`` was last in ``chain`` (a chain may visit a point twice: step back to the latest visit)."""
    return len(chain) - 1 - chain[::-1].index(t)


class MoveEntryView(TypedDict):
    """What :meth:`MoveEntry.view` returns (the glue reads it by key)."""

    chain: list[Target]
    landings: list[Target]
    cursor: Target | None
    armed: Target | None
    can_finish: bool
    message: str
    error: str


CURSOR_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
START_JUMP = "Jumping: choose a highlighted landing point."


@dataclass
class MoveEntry:
    """One move being entered on ``position``: the jump chain so far, the keyboard cursor, a picked point.

    Clicks and keys enter moves on a 2D board or a strip; an Oddish board (the widget shows one) takes
    typed moves only (:meth:`enter`).
    """

    position: AnyPosition
    chain: list[Target] = field(default_factory=list)
    cursor: Target | None = None
    armed: Target | None = None    # a point picked by a first touch (two_touch), played by a second
    message: str = ""
    error: str = ""
    move: EnteredMove | None = None  # the move entered, once complete (see take_move)

    # ------------------------------------------------------------ the position

    def reset(self, position: AnyPosition) -> None:
        """A new position to enter a move on (after a move, undo, another puzzle ...): no chain, no pick."""
        self.position = position
        self.chain, self.armed, self.move = [], None, None
        self.message = self.error = ""
        if self.cursor is not None and not self.in_bounds(self.cursor):
            self.cursor = None

    def in_bounds(self, t: Target) -> bool:
        return t is not None and _in_bounds(self.position, t)

    def landings(self) -> list[Target]:
        return adapter(self.position).landings(self.chain) if self.chain else []  # a chain: clicked, so adapted

    def take_move(self) -> EnteredMove | None:
        """The move entered, if complete; the entry then waits for the next one."""
        move, self.move = self.move, None
        return move

    # ------------------------------------------------------------ input

    def click(self, t: Target, *, touch_cell: float | None = None) -> None:
        """A click or tap on ``t`` (None: outside the board).

        With a chain begun, a click on the ball's point (the chain's last) ends the move there;
        on a legal landing, jumps there -- even when the chain has been there before (the men it
        jumped are gone, so it may come back: ``E5-G7-G5-E5``); on another point of the chain,
        steps back to its latest visit.  A landing comes first so that every legal chain can be
        entered by clicks; stepping back to a point that is also a landing is Backspace's (one
        jump at a time) or the cancel button's.

        ``touch_cell``: the size of a point on screen when the page picks before it
        plays on touch screens (two_touch); None for a mouse, a pen or a page without it.
        """
        self.message = self.error = ""
        if t is None or not self.in_bounds(t):
            self.armed = None  # a touch beside the board lets go of a picked point
            return
        self.cursor = t
        pos, ad = self.position, adapter(self.position)
        if touch_cell is not None and touch_cell < TOUCH_CELL and pos.variant.is_board and t != self.armed:
            self.armed = t
            self.message = f"{ad.describe(t)} picked: touch it again to play there, or touch another point."
            return
        self.armed = None
        if not self.chain:
            if t == ad.ball:
                if ad.landings([t]):
                    self.chain = [t]
                    self.message = START_JUMP
                else:
                    self.error = "The ball has no man next to it to jump over."
            elif ad.can_place(t):
                self.move = ad.placement(t)
            else:
                self.error = f"You cannot place on {ad.describe(t)}."
            return
        if t == self.chain[-1]:
            self.finish()
        elif t in ad.landings(self.chain):  # before stepping back: a chain may land again where it has been
            self.chain.append(t)
            if ad.ends_jump(t) or not ad.landings(self.chain):
                self.finish()
            else:
                self.message = "Choose another landing to go on, or the ball again (Enter) to stop here."
        elif t in self.chain:
            del self.chain[_last_index(self.chain, t) + 1:]
            self.message = "Stepped back." if len(self.chain) > 1 else START_JUMP
        else:
            self.error = f"The ball cannot jump to {ad.describe(t)}."

    def enter(self, text: str) -> EnteredMove:
        """A move typed in the notation: parsed and checked by the position's rules (the engine's own
        ``ParseError``/``IllegalMoveError``, quoting ``text``, when it cannot be played), then left in
        :attr:`move` as a click's move is (the chain being clicked, or a picked point, is dropped)."""
        pos, typed = self.position, text.strip() if isinstance(text, str) else text
        move: EnteredMove
        if pos.variant is Variant.BOARD:  # the rules: play raises the engine's error for a move it refuses
            move = pos.parse_move(typed)
            pos.play(move)
        elif pos.variant is Variant.STRIP:
            move = pos.parse_move(typed)
            pos.play(move)
        else:
            move = pos.parse_move(typed)
            pos.play(move)
        self.chain, self.armed = [], None
        self.message = self.error = ""
        self.move = move
        return move

    def finish(self) -> None:
        """End the jump chain here (the Finish button, Enter, a click on the ball's landing)."""
        self.message = self.error = ""
        if len(self.chain) < 2:
            self.chain = []
            self.message = "Jump cancelled."
            return
        self.move = adapter(self.position).jump(self.chain)
        self.chain = []

    def cancel(self) -> None:
        self.armed = None
        if self.chain:
            self.chain = []
            self.message = "Jump cancelled."

    def step_back(self) -> None:
        """Backspace: undo the chain's last jump (the one way back to a point the ball could also land on)."""
        if len(self.chain) > 1:
            self.chain.pop()
        elif self.chain:
            self.chain = []

    def move_cursor(self, key: str) -> None:
        ad = adapter(self.position)
        self.cursor = ad.move_cursor(self.cursor if self.cursor is not None else ad.ball, key)

    def act_at_cursor(self) -> Target | None:
        """Enter/Space: what the key acts on -- None to finish the chain, else the target to click."""
        if self.chain and (self.cursor is None or self.cursor == self.chain[-1]):
            return None
        return self.cursor if self.cursor is not None else adapter(self.position).ball

    def key(self, name: str) -> bool:
        """A key press on the board; True if it was one of the entry's keys."""
        if name in CURSOR_KEYS:
            self.move_cursor(name)
        elif name in ("Enter", " "):
            t = self.act_at_cursor()
            self.finish() if t is None else self.click(t)
        elif name == "Escape":
            self.cancel()
        elif name == "Backspace":
            self.step_back()
        else:
            return False
        return True

    # ------------------------------------------------------------ view

    def view(self) -> MoveEntryView:
        return {"chain": list(self.chain), "landings": self.landings(), "cursor": self.cursor, "armed": self.armed,
                "can_finish": len(self.chain) > 1, "message": self.message, "error": self.error}


__all__ = ["TOUCH_CELL", "EnteredMove", "MoveEntry", "MoveEntryView", "Target", "adapter"]
