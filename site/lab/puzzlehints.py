"""The puzzles' hints, in pure Python: three graded hints toward a winning move, each giving more away, what the
board marks with each, and what a hint costs (issue 42: one or two make a solve a partial one, the third
gives the move away and counts as a miss; :func:`lab.puzzleledger.change` is the rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from phutball.game import parse_any_position
from phutball.notation import Point, move_targets
from phutball.variant import Variant
from lab.puzzleledger import MAX_HINTS

if TYPE_CHECKING:
    from phutball.moveentry import Target

__all__ = ["GIVEN_AWAY", "HINT_COST", "REPLAYED", "Hint", "cost_words", "graded_hint", "graded_hints"]

#: What a hint costs, said with it (the ledger's rule, :func:`lab.puzzleledger.change`), by hints taken.
HINT_COST = {1: "a solve now gains at most half of a clean solve's rating points",
             2: "a solve now gains at most a quarter of a clean solve's rating points"}
#: Said with the last hint of an attempt, which records it as failed.
GIVEN_AWAY = " That was the third hint: it gives the move away, so this attempt counts as not solved."
#: Said with a hint at a puzzle solved or failed before: its rating counts once.
REPLAYED = " (A replay: your rating does not move.)"


@dataclass(frozen=True)
class Hint:
    """A hint shown: its words ("Hint 2 of 3: ...") and the point or square the board marks (None: none)."""

    words: str
    mark: Target | None


def graded_hints(position: str, move: str) -> tuple[str, str, str]:
    """Three hints toward ``move`` (a winning move of ``position``), each giving more away.

    Derived from the move alone, never written per puzzle:

    1. what kind of move it is: a jump (the ball moves) or a placement (a man is put down);
    2. for a jump, where the ball first lands; for a placement, the area (three
       squares of the strip, or a 3x3 block of the board) and whether it lies
       toward the goal the mover attacks;
    3. the move itself.
    """
    pos = parse_any_position(position)
    parts = move.split("-")
    is_2d = pos.variant is Variant.BOARD
    if len(parts) > 1:
        hops = len(parts) - 1
        first = (f"The move to find is a jump: the ball moves, in {hops} hop{'s' if hops > 1 else ''}."
                 if hops > 1 else "The move to find is a jump of a single hop.")
        where = parts[1] if is_2d else f"square {parts[1]}"
        return (first, f"The ball's first landing is {where}.", f"The move: {move}.")
    first = "The move to find is a placement: put a man down (no jump this time)."
    if pos.variant is Variant.BOARD:
        p = Point.from_str(parts[0])
        w, h = pos.size.width, pos.size.height
        c0, c1 = max(1, p.col - 1), min(w, p.col + 1)
        r0, r1 = max(1, p.row - 1), min(h, p.row + 1)
        corner = (str(Point(c0, r0)), str(Point(c1, r1)))
        ahead = (p.row > pos.ball.row) == (pos.to_move == "O")
        toward = "" if p.row == pos.ball.row else (" ahead of the ball" if ahead else " behind the ball")
        near = " next to the ball" if max(abs(p.col - pos.ball.col), abs(p.row - pos.ball.row)) == 1 else ""
        second = f"Place it in the block {corner[0]}–{corner[1]}{near or toward}."
        return (first, second, f"The move: place a man on {parts[0]}.")
    s = int(parts[0])
    assert pos.variant is Variant.STRIP, "a placement hint on an Oddish board"
    lo, hi = max(1, s - 1), min(pos.n, s + 1)
    ahead = (s > pos.ball) == (pos.to_move == "L")
    return (first, f"Place it on one of squares {lo}–{hi}, {'ahead of' if ahead else 'behind'} the ball.",
            f"The move: place a stone on square {s}.")


def graded_hint(position: str, variant: Variant, move: str, level: int) -> Hint:
    """The hint of ``level`` (1 to :data:`lab.puzzleledger.MAX_HINTS`) toward ``move`` at ``position``:
    :func:`graded_hints`' words, and what the board marks: the ball of a jump (1), its first landing (2),
    its last landing (3); a placement's point only with the third hint."""
    parts = move.split("-")
    jump = len(parts) > 1
    mark = {1: parts[0] if jump else None, 2: parts[1] if jump else None, 3: parts[-1]}[level]
    more = " (Hint again for more.)" if level < MAX_HINTS else ""
    return Hint(f"Hint {level} of {MAX_HINTS}: {graded_hints(position, move)[level - 1]}{more}",
                None if mark is None else move_targets(variant, mark)[0])


def cost_words(hints: int) -> str:
    """What the ``hints``-th hint of an attempt (1 or 2) costs, said with it."""
    return f" What it costs: {HINT_COST[hints]}; a third hint counts as a miss."
