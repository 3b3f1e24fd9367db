"""Undo, redo, the lines a game leaves and the game a new one replaced: the play page's history (a part
of :class:`lab.play.PlayController`, see :mod:`lab.playstate`).

Playing a move mid-game does not drop the moves after it: they are kept as a *line* that Undo (back
past the branch) or "Restore the previous line" brings back.  A link, an import or a new game keeps
the game it replaced as :attr:`~lab.playstate.PlayState.previous` until a move is made on the new one.
"""

from __future__ import annotations

from phutball.game import Game
from lab.opponent import FriendByLink, FriendHere
from lab.playwords import PlayWords


class PlayHistory(PlayWords):
    """Moving through the game and its lines."""

    def undo(self) -> None:
        self._reset_feedback()
        if self.chain:
            self.cancel_chain()
            return
        if not self.game.can_undo():
            self.error = "Nothing to undo."
            return
        seat = self.link
        if seat is not None and seat.live(self.game) and not seat.can_undo(self.game):
            move = self.game.moves[self.game.cursor - 1]
            self.error = (f"{move} was sent to your friend: Undo cannot take it back alone. “Ask for a takeback” "
                          "puts the request in your next link." if seat.waiting(self.game) else
                          f"{move} is your friend's move: it cannot be undone here.")
            return
        start = self.game.cursor
        self.browsing = False  # Undo takes the game back: it is live, not a position looked at
        self.game.undo()
        if self.mode == "computer" and self.position.to_move == self.computer_plays and self.game.can_undo():
            self.game.undo()  # take back the computer's reply too: the player is to move again
        if self.lines and self.game.cursor <= self._branch_point(self.lines[-1]) < start:
            # undid the move that left a line: that line comes back (Redo replays it)
            self._switch_line(self.lines.pop(), self.game.cursor)
            self.message = ("The line you had left is back: Redo replays it; "
                            "“Restore the previous line” returns to the one you undid.")
        self.announcement = f"Undone. {self.status()}"

    def _branch_point(self, line: list[str]) -> int:
        """How many first moves ``line`` shares with the current line."""
        n = 0
        for a, b in zip(line, self.game.moves):
            if a != b:
                break
            n += 1
        return n

    def _switch_line(self, line: list[str], ply: int) -> None:
        """Make ``line`` the current line (the current one is kept in :attr:`lines`), shown at ``ply``."""
        current = list(self.game.moves)
        self.game = Game(self.game.start, moves=line, headers=dict(self.game.headers), cursor=min(ply, len(line)),
                         pie=self.game.pie)
        if current != line and current not in self.lines:
            self.lines.insert(0, current)
        self.chain = []
        self.cursor = self.position.ball

    def restore_line(self) -> None:
        """Go back to the line left most recently (the current one is kept; repeat to cycle through them)."""
        self._reset_feedback()
        if not self.lines:
            self.error = "There is no other line to restore."
            return
        line = self.lines.pop()
        self._switch_line(line, len(line))
        self.message = f"Restored the previous line ({len(line)} moves)."
        self.announcement = f"{self.message} {self.status()}"

    def _replace_game(self, game: Game, game_id: str = "") -> None:
        """Start ``game`` (kept under ``game_id``, default a new id) in place of the current one, which stays
        restorable if it had moves.  A game by link is not carried over: the new game is a friend's here
        unless the caller says otherwise; the computer stays as it was set."""
        if self.game.moves and game_id != self.game_id:
            self.previous, self.previous_id = self.game, self.game_id
        self.game, self.chain, self.lines, self.browsing = game, [], [], False
        self.game_id = game_id or self.new_id()
        self.welcome = False  # another game on the board: the welcome panel has done its work
        if isinstance(self.opponent, FriendByLink):
            self.opponent = FriendHere()

    def restore_previous(self) -> None:
        """Bring back the game a link, import or new game replaced (the current one becomes restorable)."""
        self._reset_feedback()
        if self.previous is None:
            self.error = "There is no previous game to restore."
            return
        game, game_id = self.previous, self.previous_id
        self.previous, self.previous_id = None, ""
        self._replace_game(game, game_id)
        self.cursor = self.position.ball
        self.message = f"Restored your previous game ({len(game.moves)} moves)."
        self.announcement = f"{self.message} {self.status()}"

    def redo(self) -> None:
        self._reset_feedback()
        self.chain = []
        if not self.game.can_redo():
            self.error = "Nothing to redo."
            return
        self.game.redo()
        self.announcement = f"Redone. {self.status()}"

    def goto(self, ply: int) -> None:
        self._reset_feedback()
        self.chain = []
        self.game.goto(ply)
        self.browsing = True
        self.announcement = self.status()


__all__ = ["PlayHistory"]
