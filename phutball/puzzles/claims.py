"""A teacher's puzzle claim, checked on the spot: the errors that refute one (:class:`ClaimError`) and the
searches the tasks share to find its main line (:meth:`phutball.puzzles.tasks.Task.custom_line`).

Below the tasks (which raise these errors) and :mod:`phutball.puzzles.custom` (which builds the puzzle), so
that both can name them; :mod:`~phutball.puzzles.custom` re-exports them, as it defined them before issue 40.
"""

from __future__ import annotations

from ..board import Position
from ..errors import PhutballError
from ..notation import Jump, moves_text
from ..sides import SIDE_NAMES, other
from .common import Position1D
from .judge import analysis, best_line

__all__ = ["CLAIM_NODES", "ClaimError", "UndecidedClaimError", "board_threat", "board_win", "safe_moves_2d", "safe_moves_found",
           "strip_line", "strip_wins"]

#: The win search's budget (nodes) for a teacher's 2D puzzle: about a second here, a few in the
#: browser's worker; past it the claim is undecided (:class:`UndecidedClaimError`), never refuted.
CLAIM_NODES = 100_000


class ClaimError(PhutballError):
    """A well-formed puzzle whose claim the engine refutes (no win, several winning moves, ...).

    Bad syntax is the caller's to report (a :class:`~phutball.errors.ParseError` for the
    position); this is a position that does not have the solution its task claims.
    """


class UndecidedClaimError(ClaimError):
    """A puzzle whose claim the engine could neither confirm nor refute within its search budget.

    Not a refutation: the win-in-one search gave up (:data:`CLAIM_NODES`), so
    the puzzle may well be right; the reason says so.
    """


def who(pos: Position | Position1D) -> str:
    """The side to move's name, as a claim's reason says it ("" for an Oddish board without a side)."""
    return SIDE_NAMES[pos.to_move or ""]


def board_win(pos: Position, position: str) -> Jump | None:
    """The side to move's winning jump in ``pos`` (``position`` as the teacher wrote it), or None;
    :class:`UndecidedClaimError` when the search gives up (after :data:`CLAIM_NODES` nodes)."""
    win = pos.find_winning_jump(max_nodes=CLAIM_NODES)
    if win.status == "gave-up":
        raise UndecidedClaimError("puzzle position", position,
                                  f"the engine could not decide in time whether {who(pos)} have a winning jump here")
    return win.jump if win.status == "found" else None


def board_threat(pos: Position, position: str) -> bool:
    """Whether the opponent of the side to move threatens a winning jump (were it their move);
    :class:`UndecidedClaimError` when the search gives up."""
    them = other(pos.to_move)
    threat = Position(pos.size, pos.men, pos.ball, them).find_winning_jump(max_nodes=CLAIM_NODES).status
    if threat == "gave-up":
        raise UndecidedClaimError("puzzle position", position, "the engine could not decide in time whether "
                                  f"{SIDE_NAMES[them]} threaten a winning jump here")
    return threat == "found"


def safe_moves_2d(pos: Position, limit: int = 1) -> list[str]:
    """Up to ``limit`` moves (sorted order) after which the opponent has no winning jump."""
    return safe_moves_found(pos, limit)[0]


def safe_moves_found(pos: Position, limit: int = 1) -> tuple[list[str], bool]:
    """:func:`safe_moves_2d`, and whether the search gave up on some move (so "none safe" is not proved)."""
    me = pos.to_move
    out: list[str] = []
    undecided = False
    for m in pos.legal_moves():
        after = pos.play(m)
        status = "none" if after.winner == me else after.find_winning_jump(max_nodes=200_000).status \
            if after.winner is None else "found"
        if status == "none":
            out.append(str(m))
            if len(out) >= limit:
                break
        undecided = undecided or status == "gave-up"
    return out, undecided


def strip_wins(pos: Position1D, position: str) -> list[str]:
    """The side to move's winning moves on a strip, by the exact solver; :class:`ClaimError` when it has
    none, :class:`UndecidedClaimError` when the strip is too long to solve here."""
    a = analysis(position)
    if not a.get("known"):
        raise UndecidedClaimError("puzzle position", position, "the strip is too long for the exact solver here")
    wins = [str(w) for w in a.get("winning_moves") or []]
    if not wins:
        raise ClaimError("puzzle position", position, f"{who(pos)} does not win this position "
                         f"(the opponent wins in {moves_text(int(a.get('plies') or 0))})")
    return wins


def strip_line(position: str) -> list[str]:
    """A strip's main line: the fastest win against the slowest defence (:func:`phutball.puzzles.judge.best_line`)."""
    return [str(m) for m in best_line(position)["moves"]]
