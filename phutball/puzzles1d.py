"""1D puzzles: the exact check of every claim, play against the user, and a generator.

Three parts, all pure Python (they run in a browser worker under Pyodide):

* :func:`check_claim_1d` -- the problems with a 1D or Oddish puzzle's claim
  (empty list: the exact solver confirms it).  :func:`phutball.puzzles.check_claim`
  dispatches here.
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

The claim of each task (see :mod:`phutball.puzzles` and ``puzzles/README.md``)
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

import random
from typing import Any, Callable, Union

from .errors import IllegalPositionError, ParseError, PhutballError
from .oned.oddish import Oddish
from .oned.solve import DRAW, LOSS, WIN, Analysis, MoveOutcome, analyse_oddish, strip_table
from .sides import LEFT, RIGHT, other_side, side_name
from .oned.strip import Strip

__all__ = [
    "MAX_LIVE_N", "THEMES", "parse_position", "analysis_of", "check_claim_1d", "check_line",
    "respond", "judge", "best_line", "analysis", "classify", "generate", "generate_file",
]

#: Longest strip (and Oddish board) solved in process; longer ones need a shipped book.
MAX_LIVE_N = 20
#: Most random positions :func:`generate` examines (``--tries``).
MAX_TRIES = 10_000_000

Position1D = Union[Strip, Oddish]

#: Generator themes, in the order the generator cycles through them.
THEMES = ("backward-jump", "stop-short", "quiet-placement", "long-jump", "long-defence",
          "distant-placement", "placement-behind", "placement-ahead", "forward-jump")

THEME_TITLES = {
    "backward-jump": "Backward jump",
    "stop-short": "Stop short",
    "quiet-placement": "The jump can wait",
    "long-jump": "Long jump",
    "long-defence": "The long haul",
    "distant-placement": "Not next to the ball",
    "placement-behind": "A stone behind the ball",
    "placement-ahead": "Build the bridge",
    "forward-jump": "The right jump",
}


# ====================================================================== positions and analyses


def parse_position(text: Union[str, Position1D]) -> Position1D:
    """A 1D position string (``L_o*o.o.o....``) or Oddish board (``L_..o|o..``) -> the object.

    Raises :class:`~phutball.errors.ParseError` for text that is neither (a 2D
    position included).
    """
    if isinstance(text, (Strip, Oddish)):
        return text
    from .game import parse_any_position
    pos = parse_any_position(text)
    if not isinstance(pos, (Strip, Oddish)):
        raise ParseError("bad 1D position", text, "expected a 1D strip such as 'L_o*o.o.o....' "
                                                  "or an Oddish board such as 'L_..ooo|ooo....o.'")
    return pos


def _size(pos: Position1D) -> int:
    return pos.n if isinstance(pos, Strip) else pos.m


def _book_analysis(strip: Strip) -> Analysis | None:
    from .oned import solve as solve1d
    try:
        book = solve1d.book_for(strip)
    except PhutballError:  # pragma: no cover - a broken data file
        return None
    return book.analysis(strip) if book is not None else None


def _book_refutation(strip: Strip, move: str) -> list[str] | None:
    from .oned import solve as solve1d
    book = solve1d.book_for(strip)
    if book is None:
        return None
    line = book.data.get("refutations", {}).get(str(strip), {}).get(move)
    return list(line) if line is not None else None


def analysis_of(pos: Position1D, max_solve_n: int = MAX_LIVE_N) -> Analysis | None:
    """The exact :class:`~phutball.oned.solve.Analysis` of a live position, or None if not quickly known.

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
        a = _book_analysis(pos)
        if a is not None:
            return a
    if pos.n <= min(max_solve_n, 24):
        return strip_table(pos.n).analyse(pos)
    return None


def _winner_of(pos: Position1D, a: Analysis) -> str | None:
    if a.value == WIN:
        return pos.to_move
    if a.value == LOSS:
        return other_side(pos.to_move)
    return None


def _norm_move(pos: Position1D, move: str) -> str:
    """The canonical text of a legal move (raises ParseError / IllegalMoveError otherwise)."""
    return str(pos.parse_move(move))


def _outcome(a: Analysis, pos: Position1D, move: str) -> MoveOutcome:
    return a.outcome(_norm_move(pos, move))


def _plies(k: int | None) -> str:
    return "?" if k is None else f"{k} ply" if k == 1 else f"{k} plies"


# ====================================================================== checking claims


def check_line(start: Position1D, moves: list[str] | tuple[str, ...], winner: str | None = None, *,
               defence: str = "slowest", max_solve_n: int = MAX_LIVE_N, what: str = "main line") -> list[str]:
    """Problems with a main line played from ``start`` (see the module docstring).

    ``winner`` defaults to the winner with best play from ``start``.
    """
    problems: list[str] = []
    s = start
    if s.winner is not None:
        return [f"{what}: the game is already over at the start"]
    for i, mv in enumerate(moves, start=1):
        if s.winner is not None:
            problems.append(f"{what}: ply {i} ({mv}): the game is already over ({side_name(s.winner)} won)")
            return problems
        try:
            text = _norm_move(s, mv)
        except PhutballError as e:
            problems.append(f"{what}: ply {i} ({mv}): {e}")
            return problems
        a = analysis_of(s, max_solve_n)
        if a is None:
            problems.append(f"{what}: ply {i}: position {s} cannot be solved quickly "
                            f"(more than {max_solve_n} squares and not in a shipped book)")
            return problems
        if winner is None:
            winner = _winner_of(s, a)
            if winner is None:
                problems.append(f"{what}: {s} is a draw with best play")
                return problems
        o = a.outcome(text)
        me = side_name(s.to_move)
        if s.to_move == winner:
            if o.value != WIN:
                wins = ", ".join(str(w.move) for w in a.winning_moves) or "none"
                problems.append(f"{what}: ply {i}: {me}'s {text} in {s} does not win "
                                f"({o.value}); winning moves: {wins}")
                return problems
        else:
            if o.value != LOSS:
                problems.append(f"{what}: ply {i}: {me}'s {text} in {s} does not lose ({o.value}): "
                                f"{side_name(winner)} is not winning here")
                return problems
            if defence == "slowest":
                longest = max((x.plies or 0) for x in a.moves if x.value == LOSS)
                if (o.plies or 0) < longest:
                    best = next(str(x.move) for x in a.ranked if x.value == LOSS)
                    problems.append(f"{what}: ply {i}: {me}'s {text} in {s} loses in {_plies(o.plies)} "
                                    f"but {best} holds out {_plies(longest)} (not the most stubborn defence; "
                                    "set \"defence\": \"any\" to allow it)")
                    return problems
        s = o.after
    if s.winner is None:
        problems.append(f"{what}: ends at {s} before the game is over")
    elif winner is not None and s.winner != winner:
        problems.append(f"{what}: ends with {side_name(s.winner)} winning, not {side_name(winner)}")
    return problems


def _check_extras(p: Any, pos: Position1D, a: Analysis, max_solve_n: int) -> list[str]:
    problems: list[str] = []
    extra = p.extra
    traps = extra.get("traps", [])
    if not isinstance(traps, list) or not all(isinstance(t, str) for t in traps):
        problems.append("traps must be a list of moves")
        traps = []
    for t in traps:
        try:
            o = _outcome(a, pos, t)
        except PhutballError as e:
            problems.append(f"trap {t}: {e}")
            continue
        if o.value != LOSS:
            problems.append(f"trap {t} does not lose for {side_name(pos.to_move)} ({o.value})")
    if "plies" in extra and extra["plies"] != a.plies:
        problems.append(f"plies is {extra['plies']!r} but the game lasts {_plies(a.plies)} with best play")
    if "theme" in extra:
        if not p.main_line or a.value != WIN:
            problems.append("theme needs a winning main_line[0] to classify")
        else:
            try:
                got = classify(pos, p.main_line[0], a)["theme"]
            except PhutballError as e:
                got = f"? ({e})"
            if got != extra["theme"]:
                problems.append(f"theme is {extra['theme']!r} but the winning move {p.main_line[0]} "
                                f"classifies as {got!r}")
    return problems


def _check_potential(p: Any, pos: Position1D) -> list[str]:
    from .oned.potential import general_potentials, oddish_potentials, predict
    answer = p.extra.get("answer")
    if not isinstance(answer, dict) or not answer:
        return ["answer must be an object such as {\"pL\": 1, \"pR\": 0}"]
    if isinstance(pos, Oddish):
        pot = oddish_potentials(pos)
        have = {"pL": pot.pL.value, "pR": pot.pR.value}
    else:
        gp = general_potentials(pos)
        have = {"PL": gp.PL.value, "PR": gp.PR.value}
    problems = []
    for key, want in answer.items():
        if key not in have:
            problems.append(f"answer key {key!r}: this position has {' and '.join(have)}")
        elif have[key] != want:
            problems.append(f"answer says {key} = {want!r} but the paper's rule gives {have[key]}")
    winner = p.extra.get("winner")
    if winner is not None:
        if winner not in (LEFT, RIGHT):
            return problems + ["winner must be 'L' or 'R'"]
        vals = list(have.values())
        pred = predict(vals[0], vals[1], None)
        if pred.winner != winner:
            problems.append(f"winner {winner}: the potentials predict {pred.text} ({pred.rule})")
        for side in (LEFT, RIGHT):
            q = pos.with_to_move(side)
            if q.winner is not None:
                continue
            a = analysis_of(q)
            if a is None:
                problems.append(f"{q} cannot be solved quickly")
            elif _winner_of(q, a) != winner:
                problems.append(f"with {side_name(side)} to move the exact solver says "
                                f"{side_name(_winner_of(q, a) or 'L')} wins, not {side_name(winner)}")
    return problems


def check_claim_1d(p: Any, max_solve_n: int = MAX_LIVE_N) -> list[str]:
    """Problems with a 1D/Oddish puzzle's claim, checked by the exact solver (empty list: it holds).

    Long strips (more than 20 squares) are checked from the shipped book only;
    a position outside it is reported as a problem unless ``max_solve_n`` allows
    a whole-strip solve (24 squares: about 20 s and 0.5 GB).
    """
    try:
        pos = parse_position(p.position)
    except PhutballError as e:
        return [f"position: {e}"]
    defence = p.extra.get("defence", "slowest")
    if defence not in ("slowest", "any"):
        return ["defence must be 'slowest' or 'any'"]
    task = p.task
    if task == "potential":
        problems = _check_potential(p, pos)
        if p.main_line:
            if pos.to_move is None:
                problems.append("main_line needs a side to move in the position (L_ or R_)")
            else:
                problems += check_line(pos, p.main_line, defence=defence, max_solve_n=max_solve_n)
        return problems
    if task == "compare":
        return _check_compare(p, defence, max_solve_n)
    if task not in ("win", "only-move", "which-side"):
        return [f"task {task!r} is not checked for 1D puzzles"]
    if pos.to_move is None:
        return ["the position needs a side to move (L_ or R_)"]
    if pos.winner is not None:
        return [f"the game is already over ({side_name(pos.winner)} has won)"]
    a = analysis_of(pos, max_solve_n)
    if a is None:
        return [f"{pos} cannot be solved quickly (more than {max_solve_n} squares and not in a shipped book)"]
    winner = _winner_of(pos, a)
    me = side_name(pos.to_move)
    problems: list[str] = []
    if task in ("win", "only-move"):
        if a.value != WIN:
            return [f"{me} to move does not win ({a.value} in {_plies(a.plies)})"]
        if task == "only-move":
            wins = [str(o.move) for o in a.winning_moves]
            first = p.main_line[0] if p.main_line else ""
            try:
                first = _norm_move(pos, first)
            except PhutballError:
                pass
            if len(wins) != 1:
                problems.append(f"{len(wins)} winning moves, not exactly one: {', '.join(wins)}")
            elif wins[0] != first:
                problems.append(f"the only winning move is {wins[0]}, not {first}")
    else:
        answer = p.extra.get("answer")
        want = {LEFT: LEFT, RIGHT: RIGHT, "draw": None}.get(answer, "?") if isinstance(answer, str) else "?"
        if want == "?":
            return ["answer must be 'L', 'R' or 'draw'"]
        if want != winner:
            got = side_name(winner) + " wins" if winner else "a draw"
            problems.append(f"answer {answer!r} is wrong: with best play it is {got}")
            return problems
    if p.main_line and winner is not None:
        problems += check_line(pos, p.main_line, winner, defence=defence, max_solve_n=max_solve_n)
    problems += _check_extras(p, pos, a, max_solve_n)
    return problems


def _check_compare(p: Any, defence: str, max_solve_n: int) -> list[str]:
    positions = p.extra.get("positions")
    answer = p.extra.get("answer")
    if not isinstance(positions, list) or len(positions) < 2:
        return ["positions must list at least two positions"]
    if not isinstance(answer, list) or len(answer) != len(positions):
        return ["answer must list one winner ('L', 'R' or 'draw') per position"]
    lines = p.extra.get("lines")
    if lines is not None and (not isinstance(lines, list) or len(lines) != len(positions)):
        return ["lines must list one main line (or null) per position"]
    problems: list[str] = []
    for i, (text, want) in enumerate(zip(positions, answer)):
        try:
            q = parse_position(text)
        except PhutballError as e:
            problems.append(f"positions[{i}]: {e}")
            continue
        if q.to_move is None or q.winner is not None:
            problems.append(f"positions[{i}]: needs a side to move and a game not over")
            continue
        a = analysis_of(q, max_solve_n)
        if a is None:
            problems.append(f"positions[{i}] {q} cannot be solved quickly")
            continue
        w = _winner_of(q, a)
        if {LEFT: LEFT, RIGHT: RIGHT, "draw": None}.get(want, "?") != w:
            problems.append(f"positions[{i}] {q}: answer {want!r} but "
                            f"{side_name(w) + ' wins' if w else 'it is a draw'} with best play")
            continue
        if lines is not None and lines[i]:
            problems += check_line(q, lines[i], w, defence=defence, max_solve_n=max_solve_n,
                                   what=f"lines[{i}]")
    if p.main_line:
        try:
            start = parse_position(p.position)
            problems += check_line(start, p.main_line, defence=defence, max_solve_n=max_solve_n)
        except PhutballError as e:
            problems.append(f"position: {e}")
    return problems


# ====================================================================== playing against the user


def _known(pos: Position1D, max_solve_n: int) -> bool:
    """True if the game is over at ``pos`` or its analysis is available quickly."""
    if pos.winner is not None:
        return True
    if isinstance(pos, Strip) and pos.n > max_solve_n:
        from .oned import solve as solve1d
        return solve1d.book_for(pos) is not None
    if isinstance(pos, Oddish) and pos.m > max_solve_n:
        return False
    return True


def _pick(a: Analysis, max_solve_n: int) -> MoveOutcome | None:
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


def _head(pos: Position1D, a: Analysis | None) -> dict[str, Any]:
    d: dict[str, Any] = {"position": str(pos), "to_move": pos.to_move, "known": a is not None}
    if a is not None:
        d.update(value=a.value, plies=a.plies, source=a.source)
    else:
        d.update(value=None, plies=None, source=None,
                 reason=f"{_size(pos)} squares: not in a shipped book and too long to solve here")
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
    text = _norm_move(pos, move)
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
        stored = _book_refutation(pos, text) if isinstance(pos, Strip) else None
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
    if after.winner is not None or _size(after) <= max_solve_n:
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


def _forward(side: str) -> int:
    return 1 if side == LEFT else -1


def _is_jump(move: Any) -> bool:
    return hasattr(move, "path")


def classify(pos: Position1D, move: str, a: Analysis | None = None) -> dict[str, Any]:
    """Theme, tags and the tempting moves of a winning ``move`` in a 1D position.

    Themes (the first that applies is the theme; all that apply are the tags):

    * ``backward-jump`` -- the move jumps the ball away from the mover's target;
    * ``stop-short`` -- a forward jump that stops although the chain could go on,
      and every longer chain loses;
    * ``quiet-placement`` -- a placement although a forward jump is available,
      and every forward jump loses;
    * ``long-jump`` -- a forward chain of two or more jumps;
    * ``long-defence`` -- the win takes 15 plies or more against the best defence;
    * ``distant-placement`` -- a placement ahead of the ball, but not on the
      empty square nearest the ball;
    * ``placement-behind`` -- a placement between the ball and the mover's own goal;
    * ``placement-ahead`` -- a placement on the empty square nearest the ball,
      towards the opponent's goal;
    * ``forward-jump`` -- a single forward jump.

    One more tag, ``obvious-jump-loses``: the forward jump that carries the ball
    furthest loses.  *Tempting* moves are every forward jump and the placements
    on the empty squares nearest the ball on either side (leaving out the
    blunders that let the opponent win at once); ``tempting_losses`` lists those
    that lose.  Returns ``{"theme", "tags", "tempting",
    "tempting_losses", "most_tempting", "plies", "winning_moves"}``.
    """
    if not isinstance(pos, Strip):
        raise ParseError("bad 1D position", str(pos), "classification is for strips")
    a = a or analysis_of(pos)
    if a is None:
        raise IllegalPositionError("bad 1D position", str(pos), "cannot be solved quickly")
    text = _norm_move(pos, move)
    o = a.outcome(text)
    f = _forward(pos.to_move)
    b = pos.ball
    forward_jumps = [x for x in a.moves if _is_jump(x.move) and (x.move.path[1] - b) * f > 0]
    near: dict[int, int] = {}
    for d in (-1, 1):
        q = b + d
        while 1 <= q <= pos.n and q in pos.stones:
            q += d
        if 1 <= q <= pos.n:
            near[d] = q
    near_moves = [x for x in a.moves if not _is_jump(x.move) and x.move.square in near.values()
                  and not (x.value == LOSS and (x.plies or 0) <= 2)]
    tempting = forward_jumps + near_moves
    losses = [x for x in tempting if x.value == LOSS]
    furthest = max(forward_jumps, key=lambda x: ((x.after.ball - b) * f, -len(x.move.path)), default=None)
    tags: list[str] = []
    mv = o.move
    if _is_jump(mv):
        dirn = 1 if mv.path[1] > mv.path[0] else -1
        if dirn * f < 0:
            tags.append("backward-jump")
        else:
            longer = [x for x in forward_jumps if len(x.move.path) > len(mv.path)
                      and x.move.path[:len(mv.path)] == mv.path]
            if longer and all(x.value == LOSS for x in longer):
                tags.append("stop-short")
            tags.append("long-jump" if len(mv.path) >= 3 else "forward-jump")
    else:
        if forward_jumps and all(x.value == LOSS for x in forward_jumps):
            tags.append("quiet-placement")
        if (mv.square - b) * f < 0:
            tags.append("placement-behind")
        elif mv.square == near.get(f):
            tags.append("placement-ahead")
        else:
            tags.append("distant-placement")
    if (o.plies or 0) >= 15:
        tags.append("long-defence")
    if furthest is not None and furthest.value == LOSS:
        tags.append("obvious-jump-loses")
    order = {t: i for i, t in enumerate(THEMES + ("obvious-jump-loses",))}
    tags.sort(key=lambda t: order[t])
    most = None
    if furthest is not None and furthest.value == LOSS:
        most = furthest
    else:
        ahead = [x for x in losses if not _is_jump(x.move) and (x.move.square - b) * f > 0]
        most = ahead[0] if ahead else None
    return {"theme": tags[0], "tags": tags, "tempting": [str(x.move) for x in tempting],
            "tempting_losses": [str(x.move) for x in losses],
            "most_tempting": None if most is None else str(most.move),
            "plies": o.plies, "winning_moves": [str(x.move) for x in a.winning_moves]}


def rate(info: dict[str, Any]) -> int:
    """Difficulty 1..5: the depth (plies to win), plus one for a subtle theme or many losing tempting moves.

    3 plies: 1; 5-7: 2; 9-11: 3; 13-15: 4; 17 or more: 5.  One more (at most 5)
    for a backward jump, stopping short, a quiet placement, a stone behind the
    ball or a distant placement, or when three or more tempting moves lose.
    """
    plies = info["plies"] or 1
    base = 1 if plies <= 3 else 2 if plies <= 7 else 3 if plies <= 11 else 4 if plies <= 15 else 5
    subtle = info["theme"] in ("backward-jump", "stop-short", "quiet-placement", "placement-behind",
                               "distant-placement")
    return min(5, base + (1 if subtle or len(info["tempting_losses"]) >= 3 else 0))


# ====================================================================== generator


def _explain(pos: Strip, info: dict[str, Any], a: Analysis, line: list[str]) -> tuple[str, str]:
    """A title and the text shown after solving (facts from the solver, in plain words)."""
    me, opp = side_name(pos.to_move), side_name(other_side(pos.to_move))
    move = line[0]
    theme = info["theme"]
    goal = "right" if pos.to_move == LEFT else "left"
    plies = info["plies"]
    parts: list[str] = []
    if theme == "backward-jump":
        parts.append(f"{move} jumps the ball backwards, away from the {goal} end {me} is attacking, "
                     "and it is the only winning move: never jumping backwards is not a rule.")
    elif theme == "stop-short":
        full = max((x for x in info["tempting_losses"] if x.startswith(move + "-")), key=len, default=None)
        parts.append(f"Stop short: {move} wins, but carrying the chain on"
                     + (f" ({full})" if full else "") + " loses. The stones left in front of the ball "
                     "are worth more as a later jump than the squares the ball would gain now.")
    elif theme == "quiet-placement":
        jumps = [x for x in info["tempting_losses"] if "-" in x]
        parts.append(f"The ball can jump ({', '.join(jumps[:3])}{', ...' if len(jumps) > 3 else ''}), "
                     f"but every jump loses. The only winning move is the quiet placement {move}: "
                     "the jump can wait until it cannot be answered.")
    elif theme == "long-jump":
        parts.append(f"Only the whole chain {move} ({move.count('-')} jumps in one move) wins; "
                     "stopping anywhere earlier on the way loses.")
    elif theme == "long-defence":
        parts.append(f"Only {move} wins, and even then it is a long fight: against {opp}'s most "
                     f"stubborn defence the game lasts {plies} plies.")
    elif theme == "placement-behind":
        parts.append(f"{move} puts a stone behind the ball, between it and {me}'s own goal, "
                     "yet it is the only winning move.")
    elif theme == "distant-placement":
        parts.append(f"The only winning move is the placement {move}, ahead of the ball but not next to it.")
    elif theme == "placement-ahead":
        parts.append(f"The only winning move is the placement {move}, on the first empty square "
                     "ahead of the ball.")
    else:
        parts.append(f"Of all the moves only the jump {move} wins.")
    most = info["most_tempting"]
    if most and most != move:
        o = a.outcome(most)
        reply = _pick_reply(o.after)
        rest = (o.plies or 1) - 1
        how = "with a jump to the goal" if rest == 1 else f"and wins in {_plies(rest)}"
        parts.append(f"The tempting {most} loses: {opp} answers {reply} {how}.")
    tl = info["tempting_losses"]
    if len(tl) > 1:
        parts.append(f"{len(tl)} natural-looking moves lose here ({', '.join(tl[:6])}"
                     f"{', ...' if len(tl) > 6 else ''}).")
    if plies == 3 and len(line) == 3:
        parts.append(f"After {move} {me} wins with his next move whatever {opp} does "
                     f"(the main line: {line[1]}, then {line[2]})." if pos.to_move == LEFT else
                     f"After {move} {me} wins with her next move whatever {opp} does "
                     f"(the main line: {line[1]}, then {line[2]}).")
    elif len(line) >= 3:
        parts.append(f"After {move}, {opp}'s most stubborn defence is {line[1]}, {me} continues "
                     f"{line[2]}, and wins in {_plies(plies)} in all.")
    title = THEME_TITLES.get(theme, "Only move")
    return title, " ".join(parts)


def _pick_reply(after: Strip) -> str:
    if after.winner is not None:
        return "nothing"
    a = analysis_of(after)
    return str(a.best.move) if a is not None and a.best is not None else "?"


def _candidate(rng: random.Random, n: int) -> Strip:
    ball = rng.randint(2, n - 1)
    density = rng.choice((0.25, 0.3, 0.35, 0.4, 0.45, 0.5))
    stones = frozenset(s for s in range(1, n + 1) if s != ball and rng.random() < density)
    side = rng.choice((LEFT, RIGHT))
    return Strip(n, ball, stones, side)


def generate(min_n: int = 9, max_n: int = 16, count: int = 40, seed: int = 1, *, tries: int = 20000,
             id_prefix: str | None = None, ref: str | None = None,
             progress: Callable[[int, int], Any] | None = None) -> list[dict[str, Any]]:
    """Puzzles with a unique winning move, varied themes and difficulties (deterministic for a seed).

    Random positions on strips of ``min_n..max_n`` squares (at most 20) are
    solved exactly; those with exactly one winning move that does not win at
    once are classified (:func:`classify`) and rated (:func:`rate`).  The
    selection cycles through the themes and, within a theme, through the
    difficulties, so the set is varied.  Returns puzzle dicts (the file format).
    """
    if not (3 <= min_n <= max_n <= MAX_LIVE_N):
        raise ParseError("bad strip lengths", f"{min_n}..{max_n}", f"need 3 <= min-n <= max-n <= {MAX_LIVE_N}")
    if count < 1:
        raise ParseError("bad count", count, "need at least one puzzle")
    if not 1 <= tries <= MAX_TRIES:
        raise ParseError("bad tries", tries, f"need 1 <= tries <= {MAX_TRIES}")
    # Every distinct position (seen from Left: ball on 2..n-1, any stones elsewhere); once all have
    # been examined more tries find nothing new, so the search stops (short strips have only a few).
    distinct = sum((n - 2) << (n - 1) for n in range(min_n, max_n + 1))
    rng = random.Random(seed)
    prefix = id_prefix or f"gen1d-s{seed}"
    ref = ref or f"phutball puzzles generate --min-n {min_n} --max-n {max_n} --count {count} --seed {seed}"
    seen: set[str] = set()
    motifs: set[tuple[str, str, str]] = set()
    pool: list[tuple[Strip, dict[str, Any], Analysis]] = []
    per_cell = max(2, count // 8 + 1)
    cells: dict[tuple[str, int], int] = {}
    for i in range(tries):
        if len(seen) >= distinct:
            break
        if progress is not None and i % 1000 == 0:
            progress(i, tries)
        n = rng.randint(min_n, max_n)
        s = _candidate(rng, n)
        if s.winner is not None:
            continue
        left = s if s.to_move == LEFT else s.mirror()
        key = str(left)
        if key in seen:
            continue
        seen.add(key)
        a = analysis_of(s)
        if a is None or a.value != WIN or (a.plies or 0) < 3:
            continue
        wins = a.winning_moves
        if len(wins) != 1:
            continue
        info = classify(s, str(wins[0].move), a)
        info["difficulty"] = rate(info)
        # one puzzle per motif: the theme and the squares near the ball (seen from Left)
        b = left.ball
        window = "".join("*" if q == b else "o" if q in left.stones else "." if 1 <= q <= n else "|"
                         for q in range(b - 1, b + 7))
        motif = (info["theme"], window, str(info["plies"]))
        if motif in motifs:
            continue
        cell = (info["theme"], info["difficulty"])
        if cells.get(cell, 0) >= per_cell:
            continue
        motifs.add(motif)
        cells[cell] = cells.get(cell, 0) + 1
        pool.append((s, info, a))
    # selection: cycle through the difficulties 1..5; at each, take the candidate of the
    # theme chosen least so far (ties: THEMES order, then the order found)
    chosen: list[tuple[Strip, dict[str, Any], Analysis]] = []
    used: dict[str, int] = {t: 0 for t in THEMES}
    while len(chosen) < count and pool:
        took = False
        for lvl in range(1, 6):
            if len(chosen) >= count:
                break
            here = [it for it in pool if it[1]["difficulty"] == lvl]
            if not here:
                continue
            it = min(here, key=lambda x: (used[x[1]["theme"]], THEMES.index(x[1]["theme"])))
            pool.remove(it)
            chosen.append(it)
            used[it[1]["theme"]] += 1
            took = True
        if not took:
            break
    chosen.sort(key=lambda it: (it[1]["difficulty"], THEMES.index(it[1]["theme"]), it[0].n, str(it[0])))
    puzzles = []
    for k, (s, info, a) in enumerate(chosen, start=1):
        line = best_line(s)["moves"]
        title, text = _explain(s, info, a, line)
        puzzles.append({
            "id": f"{prefix}-{k:02d}",
            "title": f"{title} ({s.n} squares, {side_name(s.to_move)} to move)",
            "source": {"kind": "generated", "ref": f"{ref} (#{k})"},
            "variant": "1D",
            "position": str(s),
            "task": "only-move",
            "difficulty": info["difficulty"],
            "text": text,
            "main_line": line,
            "theme": info["theme"],
            "tags": info["tags"],
            "plies": info["plies"],
            "traps": info["tempting_losses"],
        })
    return puzzles


def generate_file(min_n: int = 9, max_n: int = 16, count: int = 40, seed: int = 1, *,
                  tries: int = 20000, collection: str | None = None, id_prefix: str | None = None,
                  progress: Callable[[int, int], Any] | None = None) -> dict[str, Any]:
    """A whole puzzle file (``phutball-puzzles/1``) made by :func:`generate`."""
    from .puzzles import FORMAT
    ref = f"phutball puzzles generate --min-n {min_n} --max-n {max_n} --count {count} --seed {seed}"
    if tries != 20000:
        ref += f" --tries {tries}"
    puzzles = generate(min_n, max_n, count, seed, tries=tries, id_prefix=id_prefix, ref=ref, progress=progress)
    return {
        "format": FORMAT,
        "collection": collection or f"Generated 1D puzzles (seed {seed})",
        "generated_by": ref,
        "puzzles": puzzles,
    }
