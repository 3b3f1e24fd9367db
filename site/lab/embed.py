"""The state of an embedded board in ``replay`` and ``play`` mode, in pure Python (unit-tested).

The frame's replay and play modes (:mod:`lab.embedmodes`, wired by ``glue/embed.py``) make calls here
and draw what they say with :mod:`lab.views.diagram`.  ``play`` reuses the play page's :class:`PlayController`
(nothing is saved: an embed never touches the play page's stored game).
"""

from __future__ import annotations

from dataclasses import dataclass

from lab.boardwords import ply_words
from lab.embedparams import EmbedParams
from lab.movewords import move_number
from lab.play import PlayController
from phutball.game import Game, parse_any_position, variant_of
from phutball.puzzles.custom import ClaimError, UndecidedClaimError
from phutball.sides import SIDE_NAMES, sides_of

#: Keys of a replay and where they go (see :meth:`ReplayController.go`).
REPLAY_KEYS = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last",
               "PageUp": "prev", "PageDown": "next"}


@dataclass
class ReplayController:
    """Stepping through a game's moves: first / previous / next / last, by buttons or keys."""

    game: Game

    @property
    def ply(self) -> int:
        return self.game.cursor

    @property
    def total(self) -> int:
        return len(self.game.moves)

    def go(self, where: str) -> bool:
        """Go ``'first'``, ``'prev'``, ``'next'`` or ``'last'``; True if the ply changed."""
        target = {"first": 0, "prev": self.ply - 1, "next": self.ply + 1, "last": self.total}[where]
        target = max(0, min(self.total, target))
        if target == self.ply:
            return False
        self.game.goto(target)
        return True

    def key(self, name: str, modified: bool = False) -> str | None:
        """A key press (ArrowLeft/ArrowRight/Home/End/PageUp/PageDown): where it went, or None if not ours (one
        ``modified`` by Ctrl, Meta or Alt is the browser's)."""
        where = None if modified else REPLAY_KEYS.get(name)
        if where is not None:
            self.go(where)
        return where

    def counter(self) -> str:
        """``'3 / 10'``."""
        return f"{self.ply} / {self.total}"

    def said(self) -> str:
        """What the frame's live region says after a step (issue 41: a screen reader hears the position change):
        the step and the move in words ("Step 2 of 5: Eks jumped E5 to E8, removing 2 men."), or the start,
        then any result."""
        pos = self.game.position
        if self.ply == 0:
            text = f"The start, before {self.total} {'move' if self.total == 1 else 'moves'}: " \
                   f"{SIDE_NAMES[pos.to_move or '']} to move."
        else:
            text = f"Step {self.ply} of {self.total}: {ply_words(self.game, self.ply)}"
        if pos.winner:
            text += f" {SIDE_NAMES[pos.winner]} won."
        return text

    def status(self) -> str:
        """What the reader sees under the board: the move just played, or the start, and any result."""
        pos = self.game.position
        if self.ply == 0:
            text = f"Start: {SIDE_NAMES[pos.to_move or '']} to move."
        else:
            mover = SIDE_NAMES[self.game.positions[self.ply - 1].to_move or ""]
            move = self.game.moves[self.ply - 1]
            verb = "jumped" if "-" in move else "placed on"
            text = f"Move {move_number(self.ply)}: {mover} {verb} {move}."
        if pos.winner:
            text += f" {SIDE_NAMES[pos.winner]} won."
        return text


def play_controller(params: EmbedParams) -> PlayController:
    """A play controller on the parameters' game, at its first ply, two players on one device."""
    ctl = PlayController(params.game())
    ctl.state.cursor = ctl.state.ball
    ctl.state.announcement = ctl.words.status()
    return ctl


def claim_error_text(error: ClaimError, task: str) -> tuple[str, str]:
    """The frame's error message and headline for a teacher's puzzle (``position`` + ``task``) the engine rejected.

    A refuted claim says the puzzle has no solution as set; an undecided one
    (:class:`UndecidedClaimError`: the search ran out of time) says only that,
    never that there is no solution.
    """
    if isinstance(error, UndecidedClaimError):
        reason = error.reason[:1].upper() + error.reason[1:]
        return (f"{reason}, so it cannot check this '{task}' puzzle. Try a position with fewer men near the ball.",
                "The engine could not check this puzzle.")
    return (f"{error.reason}, so it is not a '{task}' puzzle. Check the position, the side to move and the task.",
            "This puzzle has no solution as set.")


def goals_line(position: str, flipped: bool = False) -> str:
    """Which goal each side attacks, as the frame draws ``position``, its side to move first (a puzzle frame's line
    under the task): ``'Ohs attack the top, Eks the bottom.'``, ``'Left attacks the right end, Right the left end.'``

    The rules (:mod:`phutball.sides`): Ohs attack the high rows, drawn at the top, and Eks the low ones; on a strip
    Left attacks the right end and Right the left end.  A board drawn turned half a turn (``flipped``) has them
    the other way round.  An Oddish board, which has no side to move, names Left first.
    """
    pos = parse_any_position(position)
    variant = variant_of(pos)
    sides = sides_of(variant)  # Ohs and Eks, or Left and Right
    ends = ("the top", "the bottom") if variant.is_board else ("the right end", "the left end")
    end = dict(zip(sides, ends[::-1] if flipped else ends))
    first, second = sides[::-1] if getattr(pos, "to_move", sides[0]) == sides[1] else sides
    verb = "attack" if variant.is_board else "attacks"  # Ohs attack, Left attacks
    return f"{SIDE_NAMES[first]} {verb} {end[first]}, {SIDE_NAMES[second]} {end[second]}."
