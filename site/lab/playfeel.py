"""The play page's feel, in pure Python: the welcome panel, the pie rule's computer, the turned board,
the jumps' animation and the sounds (unit-tested without a browser).

``lab/play.py`` (the controller) and ``glue/play.py`` (the wiring) ask these small questions:

* :func:`shows_welcome` -- a first visit (no game of one's own, no link) opens on the welcome panel;
* :func:`computer_takes_swap` -- does the computer, second in a game with the pie rule, swap sides?
* :func:`flip_key` -- on a board drawn turned, the arrow keys move the cursor as seen;
* :func:`animated_ply` -- was the board's last change one jump forward that should be animated hop by hop?
* :func:`move_sound` -- which sound a move makes: ``"move"``, ``"capture"`` (men jumped) or ``"goal"``.
"""

from __future__ import annotations

from typing import Any

from phutball.game import Game
from phutball.notation import SWAP

#: The arrow keys on a board drawn turned half a turn: up is down, left is right.
FLIPPED_KEYS = {"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp", "ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft"}
#: The sounds a move makes (site/sound.js synthesizes them; nothing is fetched).
SOUNDS = ("move", "capture", "goal")


def shows_welcome(game: Game, link: str, previous: Game | None = None) -> bool:
    """Whether the page opens on the welcome panel: a first visit, with no link to open and no game of
    one's own (a saved game with moves, or one a link replaced).  A returning visitor lands in the game."""
    return not link.strip() and not game.moves and (previous is None or not previous.moves)


def computer_takes_swap(position: Any) -> bool:
    """Whether the computer, second to move in a game with the pie rule, takes the first player's side.

    On a board: when the engine's static evaluation (:func:`phutball.ai.evaluate`, tenths of a row for
    the side to move, i.e. for the computer) of the position after the first move is below zero, the
    first move favours the mover, so the computer takes it.  On the standard 15x19 start a man above
    the ball (H11) scores -0.6 rows for the second side (swap), one below it (H9) +1.6 (no swap).  On a
    strip the computer never swaps (its exact solver is not asked).
    """
    if not getattr(position, "variant", None) or not position.variant.is_board or position.winner:
        return False
    from phutball.ai import evaluate
    return evaluate(position) < 0


def flip_key(name: str) -> str:
    """The key as the unturned board understands it: on a turned board, what looks up is down."""
    return FLIPPED_KEYS.get(name, name)


def animated_ply(game: Game, shown: str, entering: bool) -> int | None:
    """The ply to animate hop by hop, if the board last showed ``shown`` (a position string) and the game
    has since moved exactly one jump forward from it (the computer's jump, or Redo); None otherwise.

    ``entering``: the board showed a jump being entered click by click: that jump was already seen hop
    by hop, so it is not animated again.
    """
    ply = game.cursor
    if entering or ply < 1 or "-" not in game.moves[ply - 1]:
        return None
    return ply if str(game.positions[ply - 1]) == shown else None


def move_sound(game: Game, ply: int) -> str | None:
    """The sound of the move that led to ``ply``: ``"goal"`` if it scored, ``"capture"`` for a jump (men
    removed), ``"move"`` for a placement; None at the start or for a swap (nothing moved)."""
    if ply < 1 or ply > len(game.moves) or game.moves[ply - 1] == SWAP:
        return None
    if game.positions[ply].winner:
        return "goal"
    return "capture" if "-" in game.moves[ply - 1] else "move"


__all__ = ["FLIPPED_KEYS", "SOUNDS", "animated_ply", "computer_takes_swap", "flip_key", "move_sound",
           "shows_welcome"]
