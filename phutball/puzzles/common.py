"""1D puzzles: the exact check of every claim, play against the user, and a generator.

Three parts, all pure Python (they run in a browser worker under Pyodide):

* :func:`~phutball.puzzles.check.check_strip_claim` -- the problems with a 1D or Oddish puzzle's
  claim (empty list: the exact solver confirms it); each task's
  :meth:`~phutball.puzzles.tasks.Task.check_1d` says what it runs.
* :func:`respond`, :func:`judge`, :func:`best_line` and :func:`analysis` -- what
  the puzzle page calls while the user plays: the engine's strongest reply, the
  verdict on a user's move with the refutation of a losing one, and the main
  line from any position.  All take position strings and return JSON-ready dicts.
* :func:`generate` / :func:`generate_file` -- the puzzle generator behind
  ``phutball puzzles generate``: positions with a unique winning move, classified
  by theme and rated by depth and by how many tempting moves lose.

Where the answers come from
---------------------------
A strip of up to :data:`MAX_LIVE_N` (20) squares is solved whole, once per
process, by :func:`phutball.oned.solve.strip_table` (20 squares: about half a
second in CPython).  Longer strips are answered only from the shipped books
(``phutball/data/oned*.json``, the 24-square position of the paper); a position
the book does not hold comes back with ``"known": false`` instead of starting a
solve that would take minutes in a browser.  Oddish boards of up to 20 squares
are solved by :func:`phutball.oned.solve.oddish_table`.

The claim of each task (see :mod:`phutball.puzzles.format` and ``puzzles/README.md``)
-------------------------------------------------------------------------------
``main_line`` is checked as a game played from ``position`` by the *winner*
(the side that wins with best play) against the *defender*:

* every move is legal, and the line ends with the winner's win (the game is over);
* each of the winner's moves is a winning move (not necessarily the fastest);
* each of the defender's replies is one of the **slowest losses** (the most
  stubborn defence, the reply the puzzle page plays), unless the puzzle says
  ``"defence": "any"`` -- used for lines quoted from the paper, whose
  defender does not always choose the longest resistance; then any legal reply
  is accepted (in a lost position every reply loses).

Tasks:

* ``win`` -- the side to move wins; ``main_line`` as above.
* ``only-move`` -- additionally the side to move has exactly one winning move,
  ``main_line[0]``.
* ``which-side`` -- ``answer`` (``"L"``/``"R"``) is the winner with best play;
  a non-empty ``main_line`` is checked as above (it starts with the loser's move
  when the loser is to move).
* ``compare`` -- ``positions`` (two or more) and ``answer`` (one winner per
  position); optional ``lines``: one main line per position (or null), each
  checked as above.
* ``potential`` -- ``answer`` holds ``pL``/``pR`` for an Oddish board or
  ``PL``/``PR`` for a strip, which must equal the paper's potentials; optional
  ``winner`` (``"L"``/``"R"``): Theorem 1's prediction and the exact solver
  must both give that winner whichever side is to move.

Optional fields checked for any task (``win``, ``only-move``, ``which-side``):

* ``traps``: moves for the side to move that look natural and lose;
* ``plies``: the exact length of the game with best play from ``position``;
* ``theme``: the theme :func:`classify` gives the winning move ``main_line[0]``;
* ``defence``: ``"slowest"`` (default) or ``"any"``, as above.
"""

from __future__ import annotations

from typing import Union

from ..errors import IllegalPositionError, ParseError, PhutballError
from ..oned.oddish import Oddish
from ..oned.solve import LOSS, WIN, ExactValue, MoveOutcome, analyse_oddish, book_for, strip_table
from ..oned.strip import Strip
from ..sides import other_side, side_name

#: Longest strip (and Oddish board) solved in process; longer ones need a shipped book.
MAX_LIVE_N = 20

Position1D = Union[Strip, Oddish]


# ====================================================================== positions and analyses


def parse_position(text: Union[str, Position1D]) -> Position1D:
    """A 1D position string (``L_o*o.o.o....``) or Oddish board (``L_..o|o..``) -> the object.

    Raises :class:`~phutball.errors.ParseError` for text that is neither (a 2D
    position included).
    """
    if isinstance(text, (Strip, Oddish)):
        return text
    from ..game import parse_any_position
    pos = parse_any_position(text)
    if not isinstance(pos, (Strip, Oddish)):
        raise ParseError("bad 1D position", text, "expected a 1D strip such as 'L_o*o.o.o....' "
                                                  "or an Oddish board such as 'L_..ooo|ooo....o.'")
    return pos


def size_of(pos: Position1D) -> int:
    return pos.n if isinstance(pos, Strip) else pos.m


def book_analysis(strip: Strip) -> ExactValue | None:
    try:
        book = book_for(strip)
    except PhutballError:  # pragma: no cover - a broken data file
        return None
    return book.analysis(strip) if book is not None else None


def book_refutation(strip: Strip, move: str) -> list[str] | None:
    book = book_for(strip)
    if book is None:
        return None
    line = book.data.get("refutations", {}).get(str(strip), {}).get(move)
    return list(line) if line is not None else None


def analysis_of(pos: Position1D, max_solve_n: int = MAX_LIVE_N) -> ExactValue | None:
    """The exact :class:`~phutball.oned.solve.ExactValue` of a live position, or None if not quickly known.

    Strips: the shipped book for strips longer than 20 squares, else a whole-strip
    solve when ``n <= max_solve_n`` (cached per process).  Oddish boards: solved
    when ``m <= max_solve_n``.  Raises IllegalPositionError for a finished game or
    an Oddish board without a side to move.
    """
    if pos.winner is not None:
        raise IllegalPositionError("bad 1D position", str(pos),
                                   f"the game is over: {side_name(pos.winner)} has won")
    if isinstance(pos, Oddish):
        if pos.to_move is None:
            raise IllegalPositionError("bad Oddish position", str(pos),
                                       "the side to move is needed: write 'L_' or 'R_' before the board")
        if pos.m > min(max_solve_n, 24) or pos.m < 2:
            return None
        return analyse_oddish(pos)
    if pos.n > 20:
        a = book_analysis(pos)
        if a is not None:
            return a
    if pos.n <= min(max_solve_n, 24):
        return strip_table(pos.n).analyse(pos)
    return None


def winner_of(pos: Position1D, a: ExactValue) -> str | None:
    if a.value == WIN:
        return pos.to_move
    if a.value == LOSS and pos.to_move is not None:  # a side-less Oddish has no winner
        return other_side(pos.to_move)
    return None


def norm_move(pos: Position1D, move: str) -> str:
    """The canonical text of a legal move (raises ParseError / IllegalMoveError otherwise)."""
    return str(pos.parse_move(move))


def outcome_of(a: ExactValue, pos: Position1D, move: str) -> MoveOutcome:
    return a.outcome(norm_move(pos, move))




# ====================================================================== checking claims
