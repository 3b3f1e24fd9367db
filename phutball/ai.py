"""A simple 2D computer player: win if it can, never hand the opponent a win in one, else push the ball.

The search is two plies deep with bounded win-in-one checks
(:func:`phutball.winsearch.find_winning_jump`):

1. If a jump wins at once, play it.
2. Candidate moves: every distinct jump result, and placements within two
   points of the ball (all placements if there are few men).
3. Drop candidates after which the opponent has a winning jump (a search that
   gives up counts as a threat).  Score the rest by where the ball is, plus
   how far our best jump could carry it next turn, minus how far the
   opponent's best jump could carry it toward their goal; ties go to the
   sorted move order, so the choice is repeatable.

:func:`iter_choose_move` yields between candidates so a browser can run it in
slices; :func:`choose_move` runs it to the end.
"""

from __future__ import annotations

from typing import Iterator

from .board import Position, other
from .notation import Jump, Move2D


def _candidates(pos: Position) -> list[Move2D]:
    jumps: list[Move2D] = sorted(pos.results(limit=200).values())
    ball = pos.ball
    near = [m for m in pos.placements()
            if max(abs(m.point.col - ball.col), abs(m.point.row - ball.row)) <= 2]
    return near + jumps


def _progress(pos: Position, side: str) -> int:
    """How far the ball is toward ``side``'s goal (bigger is better)."""
    return pos.ball.row if side == "O" else pos.size.height + 1 - pos.ball.row


def _reach(pos: Position, side: str) -> int:
    """How far ``side``'s best jump from ``pos`` would carry the ball toward its goal (0 if none)."""
    as_side = pos if pos.to_move == side else Position._from_mask(pos.size, pos._mask, pos.ball, side)
    here = _progress(pos, side)
    return max([0] + [_progress(q, side) - here for q in as_side.results(limit=150)])


def iter_choose_move(pos: Position, max_nodes: int = 20_000) -> Iterator[tuple[int, int, Move2D | None]]:
    """Yield ``(done, total, best_so_far)`` after each candidate; the last yield holds the choice."""
    me = pos.to_move
    win = pos.find_winning_jump(max_nodes=max_nodes)
    if win.jump is not None:
        yield 1, 1, win.jump
        return
    cands = _candidates(pos)
    best: tuple[tuple[int, int], Move2D] | None = None
    fallback: Move2D | None = cands[0] if cands else None
    for i, move in enumerate(cands):
        nxt = pos.play(move)
        if nxt.winner == other(me):  # an own goal
            yield i + 1, len(cands), best[1] if best else fallback
            continue
        threat = nxt.find_winning_jump(max_nodes=max_nodes)
        if threat.status == "none":
            score = 2 * _progress(nxt, me) + _reach(nxt, me) - 2 * _reach(nxt, other(me))
            key = (score, -i)
            if best is None or key > best[0]:
                best = (key, move)
        yield i + 1, len(cands), best[1] if best else fallback


def choose_move(pos: Position, max_nodes: int = 20_000) -> Move2D:
    """The computer's move in ``pos`` (the game must not be over)."""
    if pos.is_over:
        raise ValueError(f"the game is over in {pos}")
    choice: Move2D | None = None
    for _, _, choice in iter_choose_move(pos, max_nodes):
        pass
    if choice is None:  # nothing near the ball: any legal placement
        choice = pos.placements()[0]
    return choice


__all__ = ["choose_move", "iter_choose_move", "Jump"]
