"""What the 1D solver answers: a position's value and every move's outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Union

from ...notation import StripMove1D
from .engine import DRAW, INVERT, LOSS, WIN



def plies_text(k: int | None) -> str:
    """``'1 ply'``, ``'15 plies'``, or ``'?'`` when unknown."""
    return "?" if k is None else f"{k} ply" if k == 1 else f"{k} plies"


@dataclass(frozen=True)
class MoveOutcome:
    """One legal move and what it leads to, for the side that plays it.

    ``value`` is ``'win'``/``'loss'``/``'draw'`` for the mover; ``plies`` counts
    the plies to the end of the game with best play *including this move* (1 =
    the move itself wins); ``after`` is the position after the move.
    """

    move: StripMove1D | Any
    after: Any
    value: str
    plies: int | None

    @property
    def ends_game(self) -> bool:
        return self.after.winner is not None

    def to_dict(self) -> dict[str, Any]:
        return {"move": str(self.move), "after": None if self.ends_game else self.after.text,
                "value": self.value, "plies": self.plies}


def _outcome_key(o: MoveOutcome) -> tuple[int, int]:
    # fastest wins first, then draws, then losses that last longest
    rank = {WIN: 0, DRAW: 1, LOSS: 2}[o.value]
    p = o.plies or 0
    return (rank, p if o.value == WIN else -p)


@dataclass(frozen=True)
class ExactValue:
    """The exact value of ``position`` for the side to move, and every legal move's outcome.

    ``plies`` is the length of the game with best play (fastest win / most
    stubborn defence), None for a draw or a finished game.  ``moves`` is in the
    order of :meth:`Strip.legal_moves`; :attr:`ranked` sorts it best first.
    """

    position: Any
    value: str
    plies: int | None
    moves: tuple[MoveOutcome, ...]
    source: str = "retrograde"

    @property
    def winning_moves(self) -> list[MoveOutcome]:
        """The winning moves, fastest first (ties in legal-move order)."""
        return sorted((o for o in self.moves if o.value == WIN), key=lambda o: o.plies or 0)

    @property
    def ranked(self) -> list[MoveOutcome]:
        """All moves best first: fastest wins, draws, then the most stubborn losses."""
        return sorted(self.moves, key=_outcome_key)

    @property
    def best(self) -> MoveOutcome | None:
        """The best move (fastest win, else a draw, else the longest defence)."""
        r = self.ranked
        return r[0] if r else None

    def outcome(self, move: Union[StripMove1D, str]) -> MoveOutcome:
        """The outcome of one move (given as text or object)."""
        text = str(move).strip()
        for o in self.moves:
            if str(o.move) == text:
                return o
        self.position.play(move)  # raises IllegalMoveError / ParseError
        raise AssertionError("unreachable")  # pragma: no cover

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: value, plies, winning_moves (CLI format) and every move's outcome."""
        return {
            "position": str(self.position),
            "value": self.value,
            "plies": self.plies,
            "winning_moves": [{"move": str(o.move), "after": None if o.ends_game else o.after.text,
                               "plies_to_win": o.plies} for o in self.winning_moves],
            "moves": [o.to_dict() for o in self.ranked],
            "source": self.source,
        }


def analyse_with(position: Any, lookup_fn: Callable[[Any], tuple[str, int | None]],
                  value: str, plies: int | None, source: str) -> ExactValue:
    outs = []
    for mv in position.legal_moves():
        after = position.play(mv)
        w = after.winner
        if w is not None:
            outs.append(MoveOutcome(mv, after, WIN if w == position.to_move else LOSS, 1))
            continue
        v, d = lookup_fn(after)
        outs.append(MoveOutcome(mv, after, INVERT[v], None if d is None else d + 1))
    return ExactValue(position, value, plies, tuple(outs), source)
