"""The play page's state (:class:`PlayState`) and the questions about it that every part of the page
asks: the position shown, its variant and sides, whose move it is, whether the computer is to move,
whether the game is over.

The play page's controller is built in layers on this state, each in its own module (issue 25):
:class:`~lab.playwords.PlayWords` (what the page says), :class:`~lab.playhistory.PlayHistory` (undo,
redo, lines, the previous game), :class:`~lab.analysispanel.AnalysisPanel` (hints, analysis, review)
and :class:`~lab.play.PlayController` (moves, the computer, records, the view).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, TypedDict

from phutball.game import Game, variant_of
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


class LatestAnalysis(TypedDict):
    """The latest analysis of ``position`` (:attr:`PlayState.analysis`), from the search's reports."""

    position: str
    depth: int | None
    nodes: int | None
    score: float | None      # tenths of a row, for the side to move
    mate: int | None
    pv: list[str]
    text: str
    done: bool


@dataclass
class PlayState:
    """Everything the play page keeps, minus the DOM."""

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
    lines: list[list[str]] = field(default_factory=list)  # lines left by playing a move mid-game (oldest first)
    previous: Game | None = None       # the game a link, import or new game replaced, until a move is made
    previous_id: str = ""              # its id (restoring it brings back its kept entry)
    analysing: bool = False            # the Analyse switch: the engine analyses the position shown
    analysis: LatestAnalysis | None = None   # the latest analysis report, for ``analysis["position"]``
    review_marks: list[dict[str, Any]] = field(default_factory=list)  # the review's marks (see review_report)
    review_for: tuple[str, ...] | None = None  # the moves the review (marks or progress) is about
    review_progress: tuple[int, int] | None = None  # plies reviewed / to review, while the review runs
    review_curve: list[float] = field(default_factory=list)  # Ohs' win chance at each position (the graph)
    review_summary: list[str] = field(default_factory=list)  # each side's summary in words
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
        return self._entry().chain

    @chain.setter
    def chain(self, value: list[Target]) -> None:
        self._entry().chain = value

    @property
    def cursor(self) -> Target | None:
        return self.entry.cursor

    @cursor.setter
    def cursor(self, value: Target | None) -> None:
        self.entry.cursor = value

    def _entry(self) -> MoveEntry:
        """The move entry on the position shown (a new position: a fresh entry, the cursor kept if it fits)."""
        if self.entry.position is not self.position:
            self.entry.reset(self.position)
        return self.entry

    def cancel_chain(self) -> None:
        entry = self._entry()
        if entry.chain:
            entry.cancel()
            self.message = entry.message

    def _reset_feedback(self) -> None:
        self.error = ""
        self.message = ""
        self.hint = None

    # ------------------------------------------------------------ the position shown

    @property
    def position(self) -> Any:
        return self.game.position

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

    def _before_swap(self, side: str) -> str:
        """The side the computer took at the start, if it plays ``side`` at the cursor."""
        return other_side(side) if self.game.swapped else side

    @property
    def computer_plays(self) -> str | None:
        """The side the computer plays in the position shown: its side at the start, the other one after a swap."""
        if self.computer_side is None:
            return None
        return self._before_swap(self.computer_side)

    def computer_to_move(self) -> bool:
        return (self.mode == "computer" and self.computer_plays == self.position.to_move
                and not self.over and not self.game.can_redo())

    def _your_side_below(self) -> bool:
        """Whether the board is drawn turned: the person plays the second side (Eks, Right) against the
        computer or by link, so the side the person plays attacks upward (on a strip: to the right)."""
        if self.link is not None:  # a game by link: each browser sees its own side attack upward
            return self.link.you == self.sides[1]
        return self.against_computer and self.computer_plays == self.sides[0]


__all__ = ["DEFAULT_LEVEL", "LatestAnalysis", "PlayState"]
