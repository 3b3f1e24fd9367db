"""Puzzles made on the spot: a position and a task (an embed's ``position`` + ``task``), the solution
found by the engine, or a typed error saying why the position does not have the claimed one.
"""

from __future__ import annotations


from ..board import Position
from ..errors import PhutballError
from ..game import parse_any_position
from ..notation import moves_text
from ..sides import SIDE_NAMES, other
from .puzzle import Puzzle
from .judge import analysis, best_line
from .tasks import task_named
from ..variant import Variant


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


def safe_moves_2d(pos: Position, limit: int = 1) -> list[str]:
    """Up to ``limit`` moves (sorted order) after which the opponent has no winning jump."""
    return _safe_moves_2d(pos, limit)[0]


def _safe_moves_2d(pos: Position, limit: int = 1) -> tuple[list[str], bool]:
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


def custom_puzzle(position: str, task: str, text: str = "") -> Puzzle:
    """A teacher's puzzle (``position`` + ``task``), its solution
    found by the engine.

    * 2D ``win``: the side to move has a winning jump (the win-in-one search);
    * 2D ``safe-move``: no winning jump now, the opponent threatens one, and
      some move leaves them none;
    * 1D ``win``: the exact solver says the side to move wins;
    * 1D ``only-move``: ... with exactly one winning move.

    Raises :class:`ClaimError` (quoting the position) when the position does not
    have the claimed solution, and its :class:`UndecidedClaimError` when the win
    search gives up (after :data:`CLAIM_NODES` nodes) before deciding.
    """
    pos = parse_any_position(position)
    who = SIDE_NAMES[pos.to_move or ""]  # "": an Oddish board without a side (no such puzzle)
    if isinstance(pos, Position):
        variant = Variant.BOARD
        if pos.winner:
            raise ClaimError("puzzle position", position, "the game is already over")
        win = pos.find_winning_jump(max_nodes=CLAIM_NODES)
        if win.status == "gave-up":
            raise UndecidedClaimError("puzzle position", position,
                                      f"the engine could not decide in time whether {who} have a winning jump here")
        if task == "win":
            if win.status != "found":
                raise ClaimError("puzzle position", position, f"{who} have no winning jump here")
            main_line = [str(win.jump)]
        else:
            if win.status != "none":
                raise ClaimError("puzzle position", position, f"{who} can win at once: that is a win puzzle")
            threatened = Position(pos.size, pos.men, pos.ball, other(pos.to_move))
            threat = threatened.find_winning_jump(max_nodes=CLAIM_NODES).status
            if threat == "gave-up":
                raise UndecidedClaimError("puzzle position", position, "the engine could not decide in time whether "
                                          f"{SIDE_NAMES[other(pos.to_move)]} threaten a winning jump here")
            if threat != "found":
                raise ClaimError("puzzle position", position,
                                 f"{SIDE_NAMES[other(pos.to_move)]} threaten nothing: every move is safe")
            safe, undecided = _safe_moves_2d(pos)
            if not safe and undecided:
                raise UndecidedClaimError("puzzle position", position,
                                          f"the engine could not decide in time whether a move of {who} "
                                          "stops the winning jump")
            if not safe:
                raise ClaimError("puzzle position", position, f"no move of {who} stops the winning jump")
            main_line = safe
    else:
        variant = Variant.STRIP
        if pos.winner:
            raise ClaimError("puzzle position", position, "the game is already over")
        a = analysis(position)
        if not a.get("known"):
            raise UndecidedClaimError("puzzle position", position,
                                      "the strip is too long for the exact solver here")
        wins = a.get("winning_moves") or []
        if not wins:
            raise ClaimError("puzzle position", position,
                             f"{who} does not win this position (the opponent wins in {moves_text(int(a.get('plies') or 0))})")
        if task == "only-move" and len(wins) != 1:
            raise ClaimError("puzzle position", position,
                             f"{who} has {len(wins)} winning moves ({', '.join(wins)}), not only one")
        main_line = list(best_line(position)["moves"])
    title = task_named(task).prompt(who).rstrip(".")
    return Puzzle(f"{task}:{pos}", title, {}, variant, str(pos), task, 1, text, tuple(main_line))


__all__ = ["CLAIM_NODES", "ClaimError", "UndecidedClaimError", "custom_puzzle", "safe_moves_2d"]
