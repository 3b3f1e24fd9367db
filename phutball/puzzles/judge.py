"""The 1D live judge of the puzzles page: the engine's reply, a move's verdict, the best line.

Answers are plain dicts (JSON-ready) for the page's worker.
"""

from __future__ import annotations

from typing import Any, Union

from ..errors import IllegalPositionError
from ..oned.oddish import Oddish
from ..oned.solve import DRAW, LOSS, WIN, ExactValue, MoveOutcome, book_for
from ..oned.strip import Strip
from ..sides import side_name
from .common import (MAX_LIVE_N, Position1D, analysis_of, book_refutation, norm_move, parse_position,
                   size_of)


def _known(pos: Position1D, max_solve_n: int) -> bool:
    """True if the game is over at ``pos`` or its analysis is available quickly."""
    if pos.winner is not None:
        return True
    if isinstance(pos, Strip) and pos.n > max_solve_n:
        return book_for(pos) is not None
    if isinstance(pos, Oddish) and pos.m > max_solve_n:
        return False
    return True


def _pick(a: ExactValue, max_solve_n: int) -> MoveOutcome | None:
    """The strongest move, preferring (among moves of the best value) one whose continuation is known.

    On strips the engine solves whole this is simply the fastest win / the
    slowest loss; from a book it keeps play inside the book when it can.
    """
    ranked = a.ranked
    if not ranked:
        return None
    best = ranked[0]
    for o in ranked:
        if o.value != best.value:
            break
        if _known(o.after, max_solve_n):
            return o
    return best


def _head(pos: Position1D, a: ExactValue | None) -> dict[str, Any]:
    d: dict[str, Any] = {"position": str(pos), "to_move": pos.to_move, "known": a is not None}
    if a is not None:
        d.update(value=a.value, plies=a.plies, source=a.source)
    else:
        d.update(value=None, plies=None, source=None,
                 reason=f"{size_of(pos)} squares: not in a shipped book and too long to solve here")
    return d


def _live(position: Union[str, Position1D]) -> Position1D:
    pos = parse_position(position)
    if pos.to_move is None:
        raise IllegalPositionError("bad Oddish position", str(pos),
                                   "the side to move is needed: write 'L_' or 'R_' before the board")
    if pos.winner is not None:
        raise IllegalPositionError("bad 1D position", str(pos),
                                   f"the game is over: {side_name(pos.winner)} has won")
    return pos


def respond(position: Union[str, Position1D], max_solve_n: int = MAX_LIVE_N) -> dict[str, Any]:
    """The strongest move for the side to move: the fastest win if winning, else the slowest loss.

    Returns::

        {"position": "R_o....*o....", "to_move": "R", "known": true,
         "value": "loss", "plies": 12,          # for the side to move, before its move
         "source": "retrograde",                # or "book:oned24"
         "move": "8", "move_value": "loss", "move_plies": 12,
         "after": "L_o....*oo...", "winner": null,   # winner: "L"/"R" if the move ends the game
         "strongest": true}                  # false: a weaker move of the same value was chosen

    On strips of up to 20 squares the move is always the strongest.  From a book
    (the 24-square puzzles) the engine prefers, among the moves of the best value,
    the best one whose continuation the book holds, so that play stays inside the
    book; ``strongest`` tells when that is not the fastest win / slowest loss.
    With ``"known": false`` (a long strip outside the books) ``move`` is null and
    ``reason`` says why.  Raises ParseError / IllegalPositionError for bad input
    or a finished game.
    """
    pos = _live(position)
    a = analysis_of(pos, max_solve_n)
    d = _head(pos, a)
    o = _pick(a, max_solve_n) if a is not None else None
    if o is None:
        d.update(move=None, move_value=None, move_plies=None, after=None, winner=None, strongest=None)
    else:
        best = a.best if a is not None else None
        d.update(move=str(o.move), move_value=o.value, move_plies=o.plies, after=str(o.after),
                 winner=o.after.winner,
                 strongest=best is not None and (o.value, o.plies) == (best.value, best.plies))
    return d


def _play_out(start: Position1D, max_solve_n: int, max_plies: int = 300) -> tuple[list[str], Position1D, bool]:
    """Best play from ``start`` to the end: (moves, final position, complete?)."""
    s = start
    moves: list[str] = []
    while s.winner is None and len(moves) < max_plies:
        a = analysis_of(s, max_solve_n)
        if a is None:
            return moves, s, False
        o = _pick(a, max_solve_n)
        if o is None or o.value == DRAW:
            return moves, s, False
        moves.append(str(o.move))
        s = o.after
    return moves, s, s.winner is not None


def judge(position: Union[str, Position1D], move: str, max_solve_n: int = MAX_LIVE_N) -> dict[str, Any]:
    """The verdict on ``move`` played in ``position``; for a losing move, its refutation.

    Returns::

        {"position": "L_o*o.o.o....", "to_move": "L", "known": true,
         "value": "win", "plies": 13, "source": "retrograde",   # the position, before the move
         "move": "2-4-6-8",                  # canonical text of the move
         "move_value": "loss", "move_plies": 14,
         "keeps_win": false,                 # the position was won and the move still wins
         "correct": false,                   # the move keeps the best result (win, or loss anyway)
         "fastest": false,                   # ... and is one of the fastest wins / slowest losses
         "winning_moves": ["2-4-6"],         # fastest first
         "after": "R_o......*...", "winner": null,   # winner: the move itself ended the game
         "continuation_known": true,         # the engine can answer the move and the user can
                                             # go on (always true up to 20 squares)
         "refutation": ["9", "7-11", ...],  # the opponent's best play (fastest win, the user's
                                             # slowest defence) to the end; [] unless move_value is loss
         "refutation_complete": true,        # false if the book ran out before the end
         "final": "R_...<", "final_winner": "R"}   # where the refutation (or the move) ends

    ``"known": false`` when the position is a long strip outside the books (the
    move's fields are then null).  Raises ParseError / IllegalMoveError for an
    unreadable or illegal move and IllegalPositionError for a finished game.
    """
    pos = _live(position)
    text = norm_move(pos, move)
    a = analysis_of(pos, max_solve_n)
    d = _head(pos, a)
    d["move"] = text
    after = pos.play(text)
    d["after"] = str(after)
    d["winner"] = after.winner
    if a is None:
        d.update(continuation_known=False, move_value=None, move_plies=None, keeps_win=None, correct=None,
                 fastest=None,
                 winning_moves=None, refutation=None, refutation_complete=False, final=None, final_winner=None)
        return d
    o = a.outcome(text)
    best = a.best
    d["continuation_known"] = _continuation_known(after, max_solve_n)
    d.update(move_value=o.value, move_plies=o.plies,
             keeps_win=a.value == WIN and o.value == WIN,
             correct=o.value == a.value,
             fastest=best is not None and o.value == best.value and o.plies == best.plies,
             winning_moves=[str(w.move) for w in a.winning_moves])
    refutation: list[str] = []
    complete = True
    final: Position1D = after
    if o.value == LOSS and after.winner is None:
        stored = book_refutation(pos, text) if isinstance(pos, Strip) else None
        if stored is not None:
            refutation = stored
            for mv in stored:
                final = final.play(mv)
        else:
            refutation, final, complete = _play_out(after, max_solve_n)
    d.update(refutation=refutation, refutation_complete=complete, final=str(final),
             final_winner=final.winner)
    return d


def _continuation_known(after: Position1D, max_solve_n: int) -> bool:
    """Can the engine answer at ``after`` and then judge the user's next move?"""
    if after.winner is not None or size_of(after) <= max_solve_n:
        return True
    a = analysis_of(after, max_solve_n)
    if a is None:
        return False
    o = _pick(a, max_solve_n)
    return o is not None and _known(o.after, max_solve_n)


def best_line(position: Union[str, Position1D], max_solve_n: int = MAX_LIVE_N,
              max_plies: int = 300) -> dict[str, Any]:
    """The main line from ``position``: fastest win against the slowest defence, to the end.

    ``{"position", "to_move", "known", "value", "plies", "source", "moves": [...],
    "positions": [position string after each move], "complete": bool, "winner"}``.
    """
    pos = _live(position)
    a = analysis_of(pos, max_solve_n)
    d = _head(pos, a)
    moves, final, complete = _play_out(pos, max_solve_n, max_plies) if a is not None else ([], pos, False)
    positions = []
    s = pos
    for mv in moves:
        s = s.play(mv)
        positions.append(str(s))
    d.update(moves=moves, positions=positions, complete=complete, winner=final.winner)
    return d


def analysis(position: Union[str, Position1D], max_solve_n: int = MAX_LIVE_N) -> dict[str, Any]:
    """Value, plies and every move's outcome (best first) -- for hints and the calculator.

    ``{"position", "to_move", "known", "value", "plies", "source",
    "moves": [{"move", "value", "plies", "after"}...], "winning_moves": [...]}``.
    """
    pos = _live(position)
    a = analysis_of(pos, max_solve_n)
    d = _head(pos, a)
    if a is not None:
        d["moves"] = [{"move": str(o.move), "value": o.value, "plies": o.plies, "after": str(o.after)}
                      for o in a.ranked]
        d["winning_moves"] = [str(o.move) for o in a.winning_moves]
    else:
        d["moves"] = d["winning_moves"] = None
    return d


# ====================================================================== classification
