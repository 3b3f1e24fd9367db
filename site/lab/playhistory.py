"""Undo, redo, the lines a game leaves and the game a new one replaced: the play page's history (a part
:class:`lab.play.PlayController` holds, built on its :class:`~lab.playstate.PlayState` and
:class:`~lab.playwords.PlayWords` alone).

Playing a move mid-game does not drop the moves after it: they are kept as a *line* that Undo (back
past the branch) or "Restore the previous line" brings back.  The lines are the game's variations
(:attr:`phutball.game.Game.variations`, oldest first), so the CLI and notebooks reach them too.  A link,
an import or a new game keeps the game it replaced as :attr:`PlayHistory.previous` until a move is
made on the new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from phutball.game import Game
from lab.opponent import FriendByLink, FriendHere
from lab.playstate import PlayState
from lab.playwords import PlayWords


@dataclass(eq=False)
class PlayHistory:
    """Moving through the game and its lines; the game a link, an import or a new game replaced."""

    state: PlayState
    words: PlayWords
    previous: Game | None = None       # the game a link, import or new game replaced, until a move is made
    previous_id: str = ""              # its id (restoring it brings back its kept entry)

    @property
    def lines(self) -> list[tuple[str, ...]]:
        """The lines left by playing a move mid-game, oldest first (the game's variations)."""
        return self.state.game.variations

    def undo(self) -> None:
        state, game = self.state, self.state.game
        state.reset_feedback()
        if state.chain:
            state.cancel_chain()
            return
        if not game.can_undo():
            state.error = "Nothing to undo."
            return
        seat = state.link
        if seat is not None and seat.live(game) and not seat.can_undo(game):
            move = game.moves[game.cursor - 1]
            state.error = (f"{move} was sent to your friend: Undo cannot take it back alone. “Ask for a takeback” "
                           "puts the request in your next link." if seat.waiting(game) else
                           f"{move} is your friend's move: it cannot be undone here.")
            return
        start = game.cursor
        state.browsing = False  # Undo takes the game back: it is live, not a position looked at
        game.undo()
        if state.mode == "computer" and state.position.to_move == state.computer_plays and game.can_undo():
            game.undo()  # take back the computer's reply too: the player is to move again
        if game.variations and game.cursor <= game.branch_point(game.variations[-1]) < start:
            # undid the move that left a line: that line comes back (Redo replays it)
            self._switch_line(game.cursor)
            state.message = ("The line you had left is back: Redo replays it; "
                             "“Restore the previous line” returns to the one you undid.")
        state.announcement = f"Undone. {self.words.status()}"

    def _switch_line(self, ply: int | None = None) -> tuple[str, ...]:
        """Make the line left most recently the current line (the current one is kept as a line), shown at
        ``ply`` (default: its end)."""
        line = self.state.game.promote_to_main(-1, ply)
        self.state.chain = []
        self.state.cursor = self.state.ball
        return line

    def restore_line(self) -> None:
        """Go back to the line left most recently (the current one is kept; repeat to cycle through them)."""
        state = self.state
        state.reset_feedback()
        if not state.game.variations:
            state.error = "There is no other line to restore."
            return
        line = self._switch_line()
        state.message = f"Restored the previous line ({len(line)} moves)."
        state.announcement = f"{state.message} {self.words.status()}"

    def replace_game(self, game: Game, game_id: str = "") -> None:
        """Start ``game`` (kept under ``game_id``, default a new id) in place of the current one, which stays
        restorable if it had moves (without its lines: they were the page's way back through it).  A game
        by link is not carried over: the new game is a friend's here unless the caller says otherwise; the
        computer stays as it was set."""
        state = self.state
        if state.game.moves and game_id != state.game_id:
            self.previous, self.previous_id = state.game, state.game_id
        state.game.variations.clear()
        state.game, state.chain, state.browsing = game, [], False
        state.game_id = game_id or state.new_id()
        state.welcome = False  # another game on the board: the welcome panel has done its work
        if isinstance(state.opponent, FriendByLink):
            state.opponent = FriendHere()

    def restore_previous(self) -> None:
        """Bring back the game a link, import or new game replaced (the current one becomes restorable)."""
        state = self.state
        state.reset_feedback()
        if self.previous is None:
            state.error = "There is no previous game to restore."
            return
        game, game_id = self.previous, self.previous_id
        self.previous, self.previous_id = None, ""
        self.replace_game(game, game_id)
        state.cursor = state.ball
        state.message = f"Restored your previous game ({len(game.moves)} moves)."
        state.announcement = f"{state.message} {self.words.status()}"

    def redo(self) -> None:
        state = self.state
        state.reset_feedback()
        state.chain = []
        if not state.game.can_redo():
            state.error = "Nothing to redo."
            return
        state.game.redo()
        state.announcement = f"Redone. {self.words.status()}"

    def goto(self, ply: int) -> None:
        state = self.state
        state.reset_feedback()
        state.chain = []
        state.game.goto(ply)
        state.browsing = True
        state.announcement = self.words.status()


__all__ = ["PlayHistory"]
