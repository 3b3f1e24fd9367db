"""Puzzles made on the spot: a position and a task (an embed's ``position`` + ``task``), the solution
found by the engine, or a typed error saying why the position does not have the claimed one.
"""

from __future__ import annotations

from ..game import parse_any_position
from ..variant import Variant
from .claims import CLAIM_NODES, ClaimError, UndecidedClaimError, safe_moves_2d, who
from .puzzle import Puzzle
from .tasks import task_named


def custom_puzzle(position: str, task: str, text: str = "") -> Puzzle:
    """A teacher's puzzle (``position`` + ``task``, a task's name), its solution found by the engine
    (:meth:`phutball.puzzles.tasks.Task.custom_line`), e.g.

    * 2D ``win``: the side to move has a winning jump (the win-in-one search);
    * 2D ``safe-move``: no winning jump now, the opponent threatens one, and
      some move leaves them none;
    * 1D ``win``: the exact solver says the side to move wins;
    * 1D ``only-move``: ... with exactly one winning move.

    Raises :class:`ClaimError` (quoting the position) when the position does not
    have the claimed solution, and its :class:`UndecidedClaimError` when the win
    search gives up (after :data:`CLAIM_NODES` nodes) before deciding.
    """
    t = task_named(task)
    pos = parse_any_position(position)
    if pos.winner:
        raise ClaimError("puzzle position", position, "the game is already over")
    main_line = t.custom_line(pos, position)
    variant = Variant.BOARD if pos.variant.is_board else Variant.STRIP
    title = t.prompt(who(pos)).rstrip(".")
    return Puzzle(f"{t.name}:{pos}", title, {}, variant, str(pos), t, 1, text, tuple(main_line))


__all__ = ["CLAIM_NODES", "ClaimError", "UndecidedClaimError", "custom_puzzle", "safe_moves_2d"]
