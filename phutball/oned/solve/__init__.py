"""Exact solver for 1D phutball and Oddish phutball (issue 3, "Exact solver").

What it computes
----------------
For every position: its **value** for the side to move -- ``'win'``, ``'loss'``
or ``'draw'`` (play can cycle for ever: placements add stones and jumps remove
them) -- and, for wins and losses, the number of **plies** to the end of the game
with best play on both sides (the winner hurries, the loser holds out: the usual
distance-to-mate).  :func:`analyse` lists every legal move with its outcome, so a
caller can pick the fastest win or the most stubborn defence.

How: a retrograde analysis over a whole strip, on bitsets of states
--------------------------------------------------------------------
Left-to-move positions are enough: Right to move in ``s`` is Left to move in
``s.mirror()``.  With the ball on square ``b`` (``2..n-1``; the ball on an end
square means the game is over), the other ``n - 1`` squares form an index
``idx`` of ``n - 1`` bits (square ``s`` is bit ``s - 1`` left of the ball and
``s - 2`` right of it).  A *set* of positions with the ball on ``b`` is one
Python integer of ``2**(n-1)`` bits: bit ``idx`` set = position ``(b, idx)`` in
the set.  Every move is then a handful of whole-set integer operations:

* a placement on the square of index bit ``k`` maps ``idx`` to ``idx | 1 << k``
  for every ``idx`` without bit ``k`` -- the predecessors of a set ``C`` are
  ``(C >> 2**k) & Z[k]``, ``Z[k]`` being the indices with bit ``k`` clear;
* a jump over ``j`` stones from ``b`` to ``l = b + j + 1`` (or ``b - j - 1``)
  clears a window of index bits and adds a fixed pattern: predecessors are
  ``(C_l & window) << pattern``.  Chains are folded in by sweeping the landing
  squares in order ("stop here, or jump on");
* mirroring (the side to move changes at every ply) reverses the index bits,
  done with ``(n - 1) // 2`` delta swaps.

The analysis then proceeds ply by ply: positions with a winning jump (1 ply);
positions all of whose moves lead to a win for the opponent (2 plies); positions
with a move to such a loss (3 plies); ... until nothing changes; the rest are
draws.  The same engine solves Oddish boards (:func:`solve_oddish`), whose
index is the Oddish squares and whose "ball" is the arrow's gap.

Cost: a strip of 14 squares takes milliseconds, 20 squares about a second, and
24 squares (185 million Left-to-move states) well under a minute in CPython (see
``bench/README-1d.md``) -- in pure Python, so it also runs in Pyodide.  Use
:class:`StripSolver` to run it in slices (a generator yielding
:class:`Progress`, stoppable at any yield) so a browser's main thread stays free.

Long strips without the whole retrograde
----------------------------------------
:func:`pn_search` is a proof-number search (potentials as the heuristic) with a
node/time budget; :func:`search_win` a depth-limited AND/OR search used to check
shipped data independently; :func:`load_book` reads the precomputed lines of the
long puzzles shipped under ``phutball/data/``.
"""

from __future__ import annotations

from .books import Book, book_for, book_names, load_book
from .engine import DRAW, LOSS, MAX_SOLVE_N, WIN, Progress
from .results import ExactValue, MoveOutcome, plies_text
from .search import PNResult, pn_search, search_loss, search_win
from .tables import (OddishTable, StripSolver, StripTable, analyse, analyse_oddish, clear_tables, lookup,
                     oddish_table, principal_line, solve_oddish, solve_strip, strip_table, tables_cache_info)

__all__ = [
    "WIN", "LOSS", "DRAW", "Progress", "MoveOutcome", "ExactValue", "StripTable", "StripSolver",
    "solve_strip", "strip_table", "analyse", "lookup", "OddishTable", "solve_oddish",
    "oddish_table", "analyse_oddish", "PNResult", "pn_search", "search_win", "search_loss", "Book",
    "load_book", "book_for", "book_names",
    "MAX_SOLVE_N", "principal_line", "plies_text", "clear_tables", "tables_cache_info",
]
