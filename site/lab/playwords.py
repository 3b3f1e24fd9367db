"""What the play page says: the status line, the end of a game, each move in words (a part
:class:`lab.play.PlayController` holds, built on its :class:`~lab.playstate.PlayState` alone).

Spoken to the person (issue 26): "Your move", "The computer is thinking…", "You won in 23 moves!"
against the computer; "Ohs to move", "Eks won in 31 moves!" between two players; a game by link
says it through its seat (:class:`lab.linkgame.LinkSeat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from phutball.sides import other_side, side_name
from lab.boardwords import move_words
from lab.movewords import move_number, moves_text, turn_text
from lab.playstate import PlayState

if TYPE_CHECKING:
    from phutball.moveentry import EnteredMove


#: The status line while the welcome panel is open (no game chosen yet); index.html's #welcome says the same.
WELCOME = "Choose how to play: the computer, a friend here or a friend by link."


def goal_words(side: str, top: str, bottom: str, flipped: bool = False) -> str:
    """Where ``side``'s goal is as the board is drawn: ``top`` or ``bottom`` (a strip: its right or left
    end); a turned board (``flipped``) swaps them."""
    first = side in ("O", "L")
    if flipped:
        first = not first
    if side in ("L", "R"):
        return "the right end" if first else "the left end"
    return top if first else bottom


def to_move_text(side: str, flipped: bool = False) -> str:
    """The status line of a game between two players here: "Ohs to move (attacking the top)."."""
    return f"{side_name(side)} to move (attacking {goal_words(side, 'the top', 'the bottom', flipped)})."


def won_text(winner: str, plies: int) -> str:
    """The end of a game between two players here: "Eks won in 31 moves!"."""
    return f"{side_name(winner)} won in {moves_text(plies)}!"


@dataclass(frozen=True)
class PlayWords:
    """The play page's words, from its state (read, never written)."""

    state: PlayState

    def status(self) -> str:
        """The status line, spoken to the person: "Your move", "The computer is thinking…", "You won in 23
        moves!" against the computer; "Ohs to move", "Eks won in 31 moves!" between two players.

        "Viewing move N of M" only while a position picked in the move list (or a review's mark) is shown:
        after Undo the game is live again and the status says whose move it is.
        """
        state, game = self.state, self.state.game
        if state.welcome:
            return WELCOME
        if state.browsing and game.can_redo() and game.cursor < len(game.moves):
            ply = game.cursor
            shown = "the start" if ply == 0 else turn_text(ply, game.positions[ply - 1].to_move or "")
            prefix = f"Viewing {shown} of {move_number(len(game.moves))}. "
        else:
            prefix = ""
        pos = state.position
        if pos.winner:
            return prefix + self.result_title()
        if game.result != "*" and not game.can_redo():
            return prefix + self.result_title()
        goal = self._goal_words(state.to_move, "the top", "the bottom")
        if state.link is not None:
            return prefix + state.link.status(state.game, goal)
        if state.against_computer:
            if state.to_move != state.computer_plays:
                return prefix + f"Your move ({side_name(state.to_move)}, attacking {goal})."
            if state.computer_to_move():
                return prefix + "The computer is thinking…"
            return prefix + "The computer's turn: Redo shows its move, or play one for it."
        return prefix + to_move_text(state.to_move, state.flipped)

    def result_title(self) -> str:
        """The end of the game in words ("You won in 23 moves!", "The computer won.", "Eks won in 31 moves!")."""
        state, game = self.state, self.state.game
        winner, plies = state.position.winner, game.cursor
        if not winner:
            if game.termination == "repetition":
                return "Draw by repetition."
            if game.termination == "resignation" and state.link is not None and not state.link.watching:
                mine = game.result == state.link.side(state.game)
                return "You won: your friend resigned." if mine else "You resigned: your friend won."
            return game.result_text + "."
        moves = moves_text(plies)
        if state.link is not None:
            return state.link.result_title(state.game, winner, moves)
        if state.against_computer:
            return "The computer won." if winner == state.computer_plays else f"You won in {moves}!"
        return won_text(winner, plies)

    def _goal_words(self, side: str, top: str, bottom: str) -> str:
        return goal_words(side, top, bottom, self.state.flipped)

    def result_detail(self) -> str:
        """One line under the result: how the game ended."""
        state, game = self.state, self.state.game
        pos = state.position
        if not pos.winner:
            if game.termination == "resignation" and game.result in state.sides:
                return f"{side_name(other_side(game.result))} resigned."
            if game.termination == "agreement":
                return "Both players agreed to a draw."
            return "Nobody scored."
        goal = self._goal_words(pos.winner, "top goal line", "bottom goal line").removeprefix("the ")
        return f"{side_name(pos.winner)} took the ball to the {goal}."

    def describe_move(self, before: Any, move: EnteredMove, mover: str, after: Any = None,
                      coming: bool = False) -> str:
        """A move in words, as it was played ("Eks jumped G11 to G9, removing 1 man.") or, ``coming``, as it
        will be ("Eks jumps G11 to G9, removing 1 man."); ``after``: the position it leads to (default: the
        game's)."""
        return move_words(before, move, mover, self.state.game.position if after is None else after, coming)
