"""The computer player's static evaluation, in tenths of a row for the side to move, and what a score means.

:func:`evaluate` scores a position without searching (its terms are documented there);
:func:`evaluate_node` is the same for a state of a search, as the search calls it.  Scores beyond
:data:`WON` are wins and losses (``WIN - plies``); :func:`win_chance` turns any score into the
chance that the side to move wins (the calibration of recorded games).
"""

from __future__ import annotations

import math
from typing import Callable

from ..board import Position
from ..errors import NoMoveError
from ..sides import Side
from .nodes import Node, NodeFacts

#: A sure win, minus the plies to reach it.
WIN = 1_000_000
#: Scores beyond this are wins or losses, not evaluations.
WON = WIN - 1000


#: A static evaluation of a state of a search, in tenths of a row for the side to move: given the
#: search's :class:`NodeFacts`, the state's :class:`Node`, its men, the ball's column and row, and the
#: side to move.  :func:`evaluate_node` is the engine's; a bench may try another (``Searcher(evaluation=...)``).
#: The node's rows (``lo``, ``hi``) and wins are always whole; when a wide level ranks its placements,
#: its ``results`` may be only the first ones listed (``complete`` False: :meth:`NodeFacts.glance`).
Evaluation = Callable[[NodeFacts, Node, int, int, int, Side], int]
#: An :data:`Evaluation` given one search's :class:`NodeFacts` (what the search and its move ordering call).
StateValue = Callable[[Node, int, int, int, Side], int]


def evaluate_node(facts: NodeFacts, node: Node, mask: int, c: int, r: int, side: Side,
                  threatened: bool | None = None) -> int:
    """:func:`evaluate` of a state of a search (an :data:`Evaluation`); ``threatened``: the facts'
    :meth:`~phutball.ai.nodes.NodeFacts.threatened` when the caller has it already (the search's
    leaves: a call less at each)."""
    # Ohs gain rows upward: their reach is the highest result's row minus the ball's (a result on a
    # row at or behind the ball gains nothing); Eks' the same downward.
    up, down = node.hi - r, r - node.lo
    if up < 0:  # not max(): a call costs more than a comparison, at every leaf
        up = 0
    if down < 0:
        down = 0
    ball = 2 * r - facts.h - 1  # = 2 * (rows from the middle toward the Ohs' goal)
    if side == "O":
        score = 5 * ball + 6 * up - 5 * down
    else:
        score = -5 * ball + 6 * down - 5 * up
    if threatened is None:
        threatened = facts.threatened(node, mask, c, r, side)
    return score + 4 - 25 * threatened


def position_node(pos: Position) -> tuple[NodeFacts, Node]:
    """Fresh :class:`NodeFacts` for ``pos``'s board and the :class:`Node` of ``pos`` in them (what a
    search of ``pos`` evaluates).  :class:`~phutball.errors.NoMoveError` when the game is over, as
    :class:`~phutball.ai.search.Searcher` does."""
    if pos.is_over:  # won, or drawn because the side to move has no legal move
        raise NoMoveError("no move", str(pos), pos.over_reason())
    facts = NodeFacts(pos.size.width, pos.size.height)
    return facts, facts.node(pos.mask, pos.ball.col, pos.ball.row)


def evaluate(pos: Position, evaluation: Evaluation = evaluate_node) -> int:
    """The static evaluation of ``pos`` for the side to move, in tenths of a row (no search).

    ``5 * ball + 6 * my_reach - 5 * their_reach + 4 - 25 * threatened`` where

    * ``ball`` is the ball's row offset from the middle toward my goal,
      counted in half rows (so ``5 * ball`` is tenths of a row): the ball's
      distance to each goal;
    * ``my_reach`` is how many rows my best jump would carry the ball toward
      my goal now (0 if none goes forward);
    * ``their_reach`` is the same for the opponent if it were their turn --
      what I must watch after my move;
    * ``4`` is the tempo of having the move;
    * ``threatened`` is 1 when the opponent has a winning jump waiting (I
      can still parry it: the search looks at that).

    A position where the side to move can win at once is not evaluated: the
    search scores it as a win.

    ``evaluation``: another static evaluation of the search's states (a bench's candidate).
    """
    facts, node = position_node(pos)
    return evaluation(facts, node, pos.mask, pos.ball.col, pos.ball.row, pos.to_move)


#: How a score turns into a win chance for the side to move: ``P = 1 / (1 + exp(-slope * score))``,
#: ``score`` in tenths of a row.  The logistic regression of recorded games' results (a draw half a
#: win) on :func:`evaluate` (``python bench/texel.py fit``, "today's evaluate()"; ``tests/test_texel.py``
#: checks it): one row ahead is 61%, two rows 72%, four rows 86%.
WIN_CHANCE_SLOPE = 0.0464


def win_chance(score: int | float) -> float:
    """The chance that the side to move wins from a position the search scored ``score``, 0..1:
    1 for a forced win, 0 for a forced loss, else the calibrated logistic of :data:`WIN_CHANCE_SLOPE`
    (a draw counts half a win in the games it was fitted on)."""
    if score > WON:
        return 1.0
    if score < -WON:
        return 0.0
    return 1.0 / (1.0 + math.exp(-WIN_CHANCE_SLOPE * score))
