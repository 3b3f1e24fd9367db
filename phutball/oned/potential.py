"""The Grossman-Nowakowski potentials: pL/pR on the Oddish board and PL/PR on any strip.

Oddish potentials (paper section 2)
-----------------------------------
The Left potential pL looks only at the Oddish squares right of the arrow:

(i) *Summing*: start with 0 at the rightmost edge and, moving left, up to the
    square next to the arrow: add 1 for an empty square; subtract 1 for a
    stone, except when the sum is 0, in which case it stays 0.
(ii) ``psum`` is the sum *before* the square immediately right of the arrow,
    ``bsum`` the total, and ``pL = floor(bsum / 2) + (1 - delta(bsum, psum))``
    with ``delta`` the Kronecker delta (1 only when both are 0).

pR is the mirror image (squares left of the arrow, summed from the leftmost
edge moving right).  **Theorem 1**: Left wins if pL < pR, Right wins if
pL > pR, and the player to move wins if pL = pR.  The paper's example
``..ooo|ooo....o.`` has pR = 0 (psum = bsum = 0) and pL = 1 (psum = 2,
bsum = 1).

Generalized potentials (paper section 3)
----------------------------------------
PL looks at the ball's square and every square right of it:

1. *Transformation*: replace the ball with the symbol immediately to its right;
   then, for each maximal group of contiguous empty squares of odd length, turn
   the rightmost square of the group into a stone.
2. *Summing*: as above, from the rightmost edge moving left, up to and
   including the ball's square.
3. ``psum`` is the sum before the ball's square, ``bsum`` the total, and
   ``PL = floor(bsum / 4) + (1 - delta(bsum, psum))``.

PR is the mirror image (the ball replaced by the symbol to its left, the
*leftmost* square of each odd group turned into a stone, summing from the left
edge).  The paper says the resulting prediction (the same rule as Theorem 1)
"almost works"; ``bench/README-1d.md`` measures how often.

Every function returns frozen dataclasses carrying all the intermediate values a
teacher would show, each with ``to_dict()`` for JSON and ``explain()`` for text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from ..errors import IllegalPositionError, ParseError
from .oddish import ARROW_CHARS, Oddish
from ..sides import LEFT, RIGHT, side_name
from .strip import Strip

__all__ = ["running_sums", "OddishPotential", "OddishPotentials", "GeneralPotential",
           "GeneralPotentials", "Prediction", "oddish_potentials", "general_potentials",
           "predict", "potentials_of_text", "general_values", "oddish_values"]


def running_sums(symbols: str) -> list[int]:
    """The paper's running sum over ``symbols`` (in summing order): +1 empty, -1 stone but never below 0."""
    out = []
    s = 0
    for ch in symbols:
        if ch == ".":
            s += 1
        elif s > 0:
            s -= 1
        out.append(s)
    return out


def _delta(a: int, b: int) -> int:
    return 1 if a == b else 0


@dataclass(frozen=True)
class Prediction:
    """The winner the potentials predict (Theorem 1's rule).

    ``winner`` is ``'L'``/``'R'``, or None when the potentials are equal and the
    side to move is unknown ("the player to move wins").
    """

    rule: str
    winner: str | None
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "winner": self.winner, "text": self.text}


def predict(left: int, right: int, to_move: str | None, names: tuple[str, str] = ("pL", "pR")) -> Prediction:
    """Theorem 1's rule: Left wins if left < right, Right if left > right, else the player to move."""
    a, b = names
    if left < right:
        return Prediction(f"{a} < {b}", LEFT, "Left wins")
    if left > right:
        return Prediction(f"{a} > {b}", RIGHT, "Right wins")
    if to_move is None:
        return Prediction(f"{a} = {b}", None, "the player to move wins")
    return Prediction(f"{a} = {b}", to_move, f"the player to move ({side_name(to_move)}) wins")


# ---------------------------------------------------------------- Oddish


@dataclass(frozen=True)
class OddishPotential:
    """pL or pR of an Oddish board with every intermediate value (paper section 2).

    ``squares`` are the Oddish squares summed, in summing order (pL: from the
    rightmost square towards the arrow; pR: from the leftmost); ``symbols`` their
    contents in that order; ``running`` the sum after each square.
    """

    side: str
    squares: tuple[int, ...]
    symbols: str
    running: tuple[int, ...]
    psum: int
    bsum: int
    delta: int
    value: int

    @property
    def name(self) -> str:
        return "pL" if self.side == LEFT else "pR"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "squares": list(self.squares), "symbols": self.symbols,
                "running": list(self.running), "psum": self.psum, "bsum": self.bsum,
                "delta": self.delta, "value": self.value,
                "formula": f"floor({self.bsum}/2) + (1 - {self.delta}) = {self.value}"}

    def explain(self) -> str:
        where = "right of the arrow, summed from the right edge" if self.side == LEFT else \
            "left of the arrow, summed from the left edge"
        lines = [f"{self.name}: squares {where}"]
        if self.squares:
            w = max(len(str(x)) for x in (*self.squares, *self.running)) + 1
            lines.append("  square " + "".join(str(x).rjust(w) for x in self.squares))
            lines.append("  symbol " + "".join(x.rjust(w) for x in self.symbols))
            lines.append("  sum    " + "".join(str(x).rjust(w) for x in self.running))
        lines.append(f"  psum = {self.psum}, bsum = {self.bsum}, delta = {self.delta}")
        lines.append(f"  {self.name} = floor({self.bsum}/2) + (1 - {self.delta}) = {self.value}")
        return "\n".join(lines)


def _oddish_potential(board: Oddish, side: str) -> OddishPotential:
    if side == LEFT:
        squares = tuple(range(board.m, board.arrow, -1))
    else:
        squares = tuple(range(1, board.arrow + 1))
    symbols = "".join("o" if s in board.stones else "." for s in squares)
    run = running_sums(symbols)
    bsum = run[-1] if run else 0
    psum = run[-2] if len(run) >= 2 else 0
    d = _delta(bsum, psum)
    return OddishPotential(side, squares, symbols, tuple(run), psum, bsum, d, bsum // 2 + (1 - d))


@dataclass(frozen=True)
class OddishPotentials:
    """pL, pR and Theorem 1's prediction for an Oddish board."""

    board: Oddish
    pL: OddishPotential
    pR: OddishPotential
    prediction: Prediction

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "oddish", "position": str(self.board), "pL": self.pL.value, "pR": self.pR.value,
                "left": self.pL.to_dict(), "right": self.pR.to_dict(),
                "prediction": self.prediction.to_dict()}

    def explain(self) -> str:
        return "\n".join([f"Oddish board {self.board.pretty}", self.pL.explain(), self.pR.explain(),
                          f"Theorem 1: {self.prediction.rule}, so {self.prediction.text}."])


def oddish_potentials(board: Oddish) -> OddishPotentials:
    """pL and pR of an Oddish board (paper section 2) and Theorem 1's prediction."""
    pl = _oddish_potential(board, LEFT)
    pr = _oddish_potential(board, RIGHT)
    return OddishPotentials(board, pl, pr, predict(pl.value, pr.value, board.to_move))


# ---------------------------------------------------------------- generalized


@dataclass(frozen=True)
class GeneralPotential:
    """PL or PR of a 1D position with every intermediate value (paper section 3).

    ``squares`` are the strip squares considered, in board order (PL: the ball's
    square to ``n``; PR: ``1`` to the ball's square); ``original``, ``replaced``
    (ball replaced by its neighbour's symbol) and ``transformed`` (odd empty
    groups given a stone) are their contents in board order; ``turned`` the
    squares the odd-group rule turned into stones; ``running`` the sum after each
    square in summing order (from the far edge towards the ball).
    """

    side: str
    squares: tuple[int, ...]
    original: str
    replaced: str
    transformed: str
    turned: tuple[int, ...]
    running: tuple[int, ...]
    psum: int
    bsum: int
    delta: int
    value: int

    @property
    def name(self) -> str:
        return "PL" if self.side == LEFT else "PR"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "squares": list(self.squares), "original": self.original,
                "replaced": self.replaced, "transformed": self.transformed, "turned": list(self.turned),
                "running": list(self.running), "psum": self.psum, "bsum": self.bsum,
                "delta": self.delta, "value": self.value,
                "formula": f"floor({self.bsum}/4) + (1 - {self.delta}) = {self.value}"}

    def explain(self) -> str:
        if self.side == LEFT:
            head = f"{self.name}: the ball's square and the squares right of it (squares {self.squares[0]}..{self.squares[-1]})"
            order = "summed from the right edge"
        else:
            head = f"{self.name}: the squares left of the ball and its square (squares {self.squares[0]}..{self.squares[-1]})"
            order = "summed from the left edge"
        run = list(self.running) if self.side == RIGHT else list(reversed(self.running))
        w = max(len(str(x)) for x in (*self.squares, *run)) + 1
        turned = ", ".join(map(str, self.turned)) or "none"
        return "\n".join([
            head,
            "  square      " + "".join(str(x).rjust(w) for x in self.squares),
            "  position    " + "".join(x.rjust(w) for x in self.original),
            "  ball moved  " + "".join(x.rjust(w) for x in self.replaced),
            "  odd groups  " + "".join(x.rjust(w) for x in self.transformed) + f"   (stones added on {turned})",
            f"  sum ({order})",
            "              " + "".join(str(x).rjust(w) for x in run),
            f"  psum = {self.psum}, bsum = {self.bsum}, delta = {self.delta}",
            f"  {self.name} = floor({self.bsum}/4) + (1 - {self.delta}) = {self.value}",
        ])


def _general_potential(strip: Strip, side: str) -> GeneralPotential:
    b = strip.ball
    sym = {s: ("o" if s in strip.stones else ".") for s in range(1, strip.n + 1)}
    if side == LEFT:
        squares = tuple(range(b, strip.n + 1))
        neighbour = b + 1
    else:
        squares = tuple(range(1, b + 1))
        neighbour = b - 1
    original = "".join("*" if s == b else sym[s] for s in squares)
    cells = {s: sym[s] for s in squares if s != b}
    cells[b] = sym[neighbour]
    replaced = "".join(cells[s] for s in squares)
    # odd groups of contiguous empty squares: the square farthest from... the rightmost (PL) /
    # leftmost (PR) becomes a stone
    turned = []
    run: list[int] = []
    for s in (*squares, None):
        if s is not None and cells[s] == ".":
            run.append(s)
            continue
        if len(run) % 2 == 1:
            turned.append(run[-1] if side == LEFT else run[0])
        run = []
    for s in turned:
        cells[s] = "o"
    transformed = "".join(cells[s] for s in squares)
    order = squares[::-1] if side == LEFT else squares
    sums = running_sums("".join(cells[s] for s in order))
    bsum = sums[-1]
    psum = sums[-2] if len(sums) >= 2 else 0
    d = _delta(bsum, psum)
    return GeneralPotential(side, squares, original, replaced, transformed, tuple(sorted(turned)),
                            tuple(sums), psum, bsum, d, bsum // 4 + (1 - d))


@dataclass(frozen=True)
class GeneralPotentials:
    """PL, PR, their prediction, and the Oddish potentials when the strip is an Oddish position."""

    strip: Strip
    PL: GeneralPotential
    PR: GeneralPotential
    prediction: Prediction
    oddish: OddishPotentials | None
    side_known: bool = True

    @property
    def position(self) -> str:
        """The position string, or the bare strip when the side to move was not given."""
        return str(self.strip) if self.side_known else self.strip.text

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "strip", "position": self.position, "PL": self.PL.value, "PR": self.PR.value,
                "left": self.PL.to_dict(), "right": self.PR.to_dict(),
                "prediction": self.prediction.to_dict(),
                "oddish": self.oddish.to_dict() if self.oddish else None}

    def explain(self) -> str:
        side = f"{side_name(self.strip.to_move)} to move" if self.side_known else "side to move not given"
        parts = [f"Position {self.strip.pretty} ({side})",
                 self.PL.explain(), self.PR.explain(),
                 f"Prediction: {self.prediction.rule}, so {self.prediction.text}."]
        if self.oddish:
            parts += ["", "All stones lie at odd distance from the ball, so this is an Oddish position:",
                      self.oddish.explain()]
        return "\n".join(parts)


def general_potentials(strip: Strip, side_known: bool = True) -> GeneralPotentials:
    """PL and PR of a live 1D position (paper section 3), their prediction, and the Oddish potentials.

    With ``side_known=False`` the strip's side to move is ignored (equal
    potentials then predict "the player to move wins").
    """
    if strip.winner is not None:
        raise IllegalPositionError("bad 1D position", str(strip),
                                   f"the game is over: {side_name(strip.winner)} has won")
    pl = _general_potential(strip, LEFT)
    pr = _general_potential(strip, RIGHT)
    try:
        board = Oddish.from_strip(strip)
        odd: OddishPotentials | None = oddish_potentials(board if side_known else board.with_to_move(None))
    except IllegalPositionError:
        odd = None
    side = strip.to_move if side_known else None
    return GeneralPotentials(strip, pl, pr, predict(pl.value, pr.value, side, ("PL", "PR")), odd, side_known)


def potentials_of_text(text: str, to_move: str | None = None) -> Union[OddishPotentials, GeneralPotentials]:
    """Potentials of a position given as text: an Oddish board (has ``|``/``↓``) or a 1D position.

    The side to move (an ``L_``/``R_`` prefix or ``to_move``) is optional for
    both: without it, equal potentials predict "the player to move wins".
    """
    if not isinstance(text, str):
        raise ParseError("bad position", text, "expected an Oddish board or a 1D position string")
    if any(ch in text for ch in ARROW_CHARS):
        return oddish_potentials(Oddish.from_str(text, to_move))
    t = text.strip()
    has_side = len(t) >= 2 and t[1] == "_" and t[0] in "LRlr"
    if has_side or to_move is not None:
        return general_potentials(Strip.from_str(text, to_move))
    return general_potentials(Strip.from_str(text, LEFT), side_known=False)


# ---------------------------------------------------------------- fast integer versions


def _sum_values(cells: list[bool]) -> tuple[int, int]:
    """(psum, bsum) of cells given in summing order (True = stone)."""
    s = 0
    p = 0
    for c in cells:
        p = s
        if not c:
            s += 1
        elif s:
            s -= 1
    return (p if len(cells) >= 2 else 0), s


def oddish_values(m: int, arrow: int, mask: int) -> tuple[int, int]:
    """(pL, pR) of the Oddish board (m, arrow, stone bitmask) -- the numbers only, fast."""
    right = [bool(mask >> (s - 1) & 1) for s in range(m, arrow, -1)]
    left = [bool(mask >> (s - 1) & 1) for s in range(1, arrow + 1)]
    out = []
    for cells in (right, left):
        psum, bsum = _sum_values(cells)
        out.append(bsum // 2 + (0 if psum == bsum else 1))
    return out[0], out[1]


def general_values(n: int, ball: int, mask: int) -> tuple[int, int]:
    """(PL, PR) of the live strip (n, ball, stone bitmask) -- the numbers only, fast."""
    out = []
    for d in (1, -1):
        end = n if d == 1 else 1
        cells = [bool(mask >> (s - 1) & 1) for s in range(ball, end + d, d)]  # from the ball outwards
        cells[0] = cells[1]
        # odd groups of empties: the square farthest along d becomes a stone
        i, k = 0, len(cells)
        while i < k:
            if not cells[i]:
                j = i
                while j < k and not cells[j]:
                    j += 1
                if (j - i) % 2:
                    cells[j - 1] = True
                i = j
            else:
                i += 1
        psum, bsum = _sum_values(cells[::-1])
        out.append(bsum // 4 + (0 if psum == bsum else 1))
    return out[0], out[1]
