"""The play page's state (:class:`PlayState`) and the questions about it that every part of the page
asks: the position shown, its variant and sides, whose move it is, whether the computer is to move,
whether the game is over.

The play page's controller (:class:`~lab.play.PlayController`: moves, the computer, records, the view)
holds this state and three parts built on it, each its own object in its own module (issue 40):
:class:`~lab.playwords.PlayWords` (what the page says), :class:`~lab.playhistory.PlayHistory` (undo,
redo, lines, the previous game) and :class:`~lab.analysispanel.AnalysisPanel` (hints, analysis, review).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from phutball.game import AnyPosition, Game, variant_of
from phutball.moveentry import MoveEntry, Target
from phutball.sides import other_side, sides_of
from phutball.variant import Variant

from lab.opponent import Computer, FriendHere, Opponent, seat_of

if TYPE_CHECKING:
    from lab.linkgame import LinkSeat

def _new_id() -> str:
    from lab.linkgame import new_id
    return new_id()


#: A newcomer's level: the ladder's second rung (docs/computer.md, "Levels": for a first game); then the last one used.
DEFAULT_LEVEL = "novice"


@dataclass
class PlayState:
    """What every part of the play page reads and writes, minus the DOM: the game (its lines are its
    variations, :attr:`phutball.game.Game.variations`), the opponent, the move being entered, the
    feedback (message, error, announcement, hint) and the page's settings.  The previous game is
    :class:`~lab.playhistory.PlayHistory`'s, the analysis and review :class:`~lab.analysispanel.AnalysisPanel`'s."""

    game: Game
    opponent: Opponent = field(default_factory=FriendHere)  # the computer, a friend here or by link
    game_id: str = ""                  # the id the game on the board is kept under (lab.gamestore)
    entry: MoveEntry = field(default=None)  # type: ignore[assignment]  # set in __post_init__
    message: str = ""
    error: str = ""
    announcement: str = ""
    hint: str | None = None            # a suggested move (notation) shown on the board
    level: str = DEFAULT_LEVEL         # the computer's level on 2D boards (phutball.ai.LEVELS); weak for a newcomer
    side_choice: str = "first"         # the New game dialog's "You play": "first", "second" or "random"
    browsing: bool = False             # the position shown was picked in the move list (not reached by Undo)
    pie_choice: bool = False           # the New game dialog's pie rule, as last chosen
    flipped: bool = False              # the board turned half a turn (playing Eks against the computer)
    sounds: bool = False               # the Sounds switch: a move, a capture, a goal make a sound
    welcome: bool = False              # the welcome panel is open (a first visit): no game chosen yet

    new_id: Callable[[], str] = field(default=_new_id, repr=False)  # ids for new games (random)

    def __post_init__(self) -> None:
        if self.entry is None:
            self.entry = MoveEntry(self.game.position)
        if not self.game_id:
            self.game_id = self.new_id()

    # ------------------------------------------------------------ the opponent

    @property
    def mode(self) -> str:
        """"computer" when the computer plays a side, else "two-players" (derived from :attr:`opponent`)."""
        return "computer" if isinstance(self.opponent, Computer) else "two-players"

    @property
    def computer_side(self) -> str | None:
        """The side the computer took at the start (None: it does not play)."""
        return self.opponent.side if isinstance(self.opponent, Computer) else None

    @property
    def link(self) -> LinkSeat | None:
        """This browser's seat in a game by link (None for any other game)."""
        return seat_of(self.opponent)

    @property
    def live_link(self) -> bool:
        """A game by link going on for this browser's seat: hints, analysis and the computer are off."""
        seat = self.link
        return seat is not None and seat.live(self.game)

    # ------------------------------------------------------------ the move being entered

    @property
    def chain(self) -> list[Target]:
        """The jump being entered (the widget's, on the position shown)."""
        return self.entry_here().chain

    @chain.setter
    def chain(self, value: list[Target]) -> None:
        self.entry_here().chain = value

    @property
    def cursor(self) -> Target | None:
        return self.entry.cursor

    @cursor.setter
    def cursor(self, value: Target | None) -> None:
        self.entry.cursor = value

    def entry_here(self) -> MoveEntry:
        """The move entry on the position shown (a new position: a fresh entry, the cursor kept if it fits)."""
        if self.entry.position is not self.position:
            self.entry.reset(self.position)
        return self.entry

    def cancel_chain(self) -> None:
        entry = self.entry_here()
        if entry.chain:
            entry.cancel()
            self.message = entry.message

    def reset_feedback(self) -> None:
        """Clear the message, the error and the hint: a new action speaks for itself."""
        self.error = ""
        self.message = ""
        self.hint = None

    # ------------------------------------------------------------ the position shown

    @property
    def position(self) -> AnyPosition:
        """The position shown: the game's at its cursor, a board or a strip.  Typed as the engine's union
        (:data:`~phutball.game.AnyPosition`, with the Oddish board the page never plays): a caller narrows it
        by its ``variant``, or asks :attr:`to_move` and :attr:`ball`, which answer for all three."""
        return self.game.position

    @property
    def to_move(self) -> str:
        """The side to move in the position shown: a board's and a strip's always name one ("" only on an
        Oddish board written without one, which the page never plays)."""
        return self.position.to_move or ""

    @property
    def ball(self) -> Target | None:
        """Where the ball is in the position shown, where the keyboard cursor goes after a jump or a new game
        (None on an Oddish board, whose ball is an arrow between squares: the page never plays one)."""
        pos = self.position
        return None if pos.variant is Variant.ODDISH else pos.ball

    @property
    def variant(self) -> Variant:
        return variant_of(self.position)

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides of this game: Ohs and Eks on a board, Left and Right on a strip."""
        return sides_of(self.variant)

    @property
    def over(self) -> bool:
        """Is the game over in the position shown?

        A goal scored at the cursor, or an ending (resignation, agreement) recorded
        at the end of the line.  A goal further down the line, seen after Undo or a
        click in the move list, is not: from here the game goes on.
        """
        return bool(self.position.winner) or (self.game.result != "*" and not self.game.can_redo())

    # ------------------------------------------------------------ the computer's side

    @property
    def against_computer(self) -> bool:
        return self.mode == "computer" and self.computer_side is not None

    def before_swap(self, side: str) -> str:
        """The side the computer took at the start, if it plays ``side`` at the cursor."""
        return other_side(side) if self.game.swapped else side

    @property
    def computer_plays(self) -> str | None:
        """The side the computer plays in the position shown: its side at the start, the other one after a swap."""
        if self.computer_side is None:
            return None
        return self.before_swap(self.computer_side)

    def computer_to_move(self) -> bool:
        return (self.mode == "computer" and self.computer_plays == self.position.to_move
                and not self.over and not self.game.can_redo())

    def your_side_below(self) -> bool:
        """Whether the board is drawn turned: the person plays the second side (Eks, Right) against the
        computer or by link, so the side the person plays attacks upward (on a strip: to the right)."""
        if self.link is not None:  # a game by link: each browser sees its own side attack upward
            return self.link.you == self.sides[1]
        return self.against_computer and self.computer_plays == self.sides[0]


__all__ = ["DEFAULT_LEVEL", "PlayState"]
