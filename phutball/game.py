"""Games: a start position, a move history with undo/redo, and the game record format.

Works for 2D positions (:class:`phutball.board.Position`) and 1D strips
(:class:`phutball.oned.strip.Strip`) alike: anything with ``from_str``, ``__str__``,
``play(text)``, ``to_move`` and ``winner``.

Game record format
------------------
A text file (suggested extension ``.phut``) of header lines, a blank line, then
numbered moves in the notation of :mod:`phutball.notation`::

    [Variant "2D"]
    [Size "15x19"]
    [Ohs "Alice"]
    [Eks "Bob"]
    [Date "2026-11-21"]
    [Result "O"]
    [Termination "goal"]

    1. H11 H9 2. K6-G9-G11 J11

* Headers are ``[Name "value"]`` with ``\\"`` and ``\\\\`` escaped; unknown
  headers are kept.  ``Variant`` is ``2D`` (the default) or ``1D``.  ``Size``
  (2D) defaults to ``15x19``.  ``Setup`` holds the position string of a start
  position other than the standard one (required for 1D).  Player names are
  headers named after the sides: ``Ohs``/``Eks`` (2D), ``Left``/``Right`` (1D).
* ``Result`` is the winner's side letter (``O``, ``X``, ``L``, ``R``), ``draw``,
  or ``*`` for an unfinished game.  ``Termination`` is ``goal``,
  ``resignation``, ``agreement``, ``no legal move``, ``repetition`` or
  ``unfinished``.  A goal scored in the moves decides the result, and so does
  a final position whose side to move has no legal move (a draw: the
  position's ``is_drawn``) or that occurs for the third time (a draw by
  repetition: no move may follow it); a resignation or an agreed draw is
  recorded in the headers.
* ``Pie`` is ``yes`` when the game is played with the pie rule (``no``, the
  default, is not written): after the first move, the second player may swap
  sides instead of moving, written as the move token ``swap`` (ply 2, so
  ``1. H10 swap 2. J9``).  A swap leaves the position as it is (the side to
  move is still the second side, now played by the first player); ``Ohs``/``Eks``
  name who played each side from the swap on.
* A record may start with a UTF-8 byte-order mark (it is skipped).  Move
  numbers are ASCII digits, at most :data:`MAX_MOVE_NUMBER_DIGITS` of them.
* Each number ``n.`` is followed by the two plies ``2n-1`` and ``2n`` counted
  from the start position, whoever is to move there.  Move numbers are checked.
  Lines starting with ``#`` are comments.

:meth:`Game.to_record` writes exactly this canonical form, and
``Game.from_record(g.to_record()) == g``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Never, Protocol, Sequence, TypeAlias, Union, runtime_checkable

from .errors import IllegalError, IllegalMoveError, ParseError, PhutballError, RecordError
from .notation import SWAP  # the pie rule's move: the second player takes over the first side (ply 2 only)
from .sides import SIDE_NAMES, other_side
from .variant import Variant

if TYPE_CHECKING:
    from .board import Position
    from .notation import Move2D, Point, StripMove1D
    from .oned.oddish import Oddish, OddishMove
    from .oned.strip import Strip

RESULTS = ("O", "X", "L", "R", "draw", "*")
TERMINATIONS = ("goal", "resignation", "agreement", "no legal move", "repetition", "unfinished")
#: Occurrences of one position (men, ball, side to move) that draw the game (the lab's rule, docs/rules.md "The rules as implemented (2D)").
REPETITIONS = 3
#: Longest move number read (a 10,000-digit number is an error, not Python's int-string limit).
MAX_MOVE_NUMBER_DIGITS = 6
HEADER_ORDER = ("Variant", "Size", "Ohs", "Eks", "Left", "Right", "Date", "Setup", "Pie", "Result", "Termination")
#: Headers the record format owns (the rest are kept in ``Game.headers`` as given).
FORMAT_HEADERS = ("Variant", "Size", "Setup", "Pie", "Result", "Termination")


@runtime_checkable
class GamePosition(Protocol):
    """What :class:`Game`, the play page's controller and the puzzles need of a position.

    2D :class:`~phutball.board.Position`, 1D :class:`~phutball.oned.strip.Strip` and
    :class:`~phutball.oned.oddish.Oddish` all provide it: what it is (``variant``), the side to move
    (None on an Oddish board written without one), the winner once a move has ended on (or past) a
    goal, the next position after a move, a move read from the variant's notation, and the landing
    points of the next single jump after a partial chain (for a UI building a jump click by click;
    a chain's points are each variant's own, a :class:`~phutball.notation.Point` or a square, so
    only the empty chain is common to all three).  :data:`AnyPosition` is the union of the three.
    """

    @property
    def variant(self) -> Variant: ...

    @property
    def to_move(self) -> str | None: ...

    @property
    def winner(self) -> str | None: ...

    def play(self, move: str) -> "GamePosition": ...

    def parse_move(self, text: str) -> "Move": ...

    def landings(self, path: Sequence[Never] = ()) -> list["Point"] | list[int]: ...


#: A position of any variant, as :func:`parse_any_position` reads it and a :class:`Game` holds it: a 2D
#: board, a 1D strip or an Oddish board.  Its ``variant`` (a literal on each class) tells which, so
#: ``pos.variant is Variant.BOARD`` narrows it to a :class:`~phutball.board.Position` for the type checker.
AnyPosition: TypeAlias = Union["Position", "Strip", "Oddish"]
#: A move of any variant (what :meth:`GamePosition.parse_move` returns).
Move: TypeAlias = Union["Move2D", "StripMove1D", "OddishMove"]


def _is_swap(text: str) -> bool:
    """Whether a move's text is the pie rule's swap (any case, spaces around allowed)."""
    return text.strip().lower() == SWAP


def _drawn(position: AnyPosition) -> bool:
    """Rule: the side to move has no legal move (and no goal was scored) -- the game is a draw."""
    return bool(getattr(position, "is_drawn", False))


def variant_of(position: GamePosition) -> Variant:
    """What a position object is: a board, a strip or an Oddish board (its ``variant``)."""
    variant: Variant = position.variant
    return variant


def parse_any_position(text: str) -> AnyPosition:
    """Parse any position string: 2D (``15x19_O_H10``), 1D (``L_o*o.o``) or Oddish (``L_..o|o.``).

    This is the single entry point used by URLs, the CLI and puzzle files.
    """
    from .board import Position
    if not isinstance(text, str) or not text.strip():
        raise ParseError("bad position", text, "empty position string")
    head = text.strip().split("_", 1)[0]
    if re.fullmatch(r"[0-9]+\s*[xX×]\s*[0-9]+", head.strip()):
        return Position.from_str(text)
    if "|" in text or "↓" in text:
        from .oned.oddish import Oddish
        return Oddish.from_str(text)
    from .oned.strip import Strip
    return Strip.from_str(text)


@dataclass(eq=False)
class Game:
    """A game: start position, moves (with a redo tail), headers and result.

    ``position`` is the position at the cursor; :meth:`undo` and :meth:`redo`
    move the cursor; :meth:`push` plays a move there and drops the redo tail.
    ``pie``: the pie rule is on, so the second ply may be :data:`SWAP` (see :meth:`can_swap`).

    ``moves`` is the *main line*; ``variations`` are the other lines the game left (each all its moves
    from the start, oldest first), as python-chess's ``GameNode`` keeps side variations beside the main
    line: :meth:`push` with ``keep_line`` keeps the line it branches from, :meth:`add_variation` keeps
    one, :meth:`branches` lists them (branch point and moves), :meth:`promote_to_main` switches to one.
    A record holds the main line only (variations are not written, and equality ignores them).
    """

    start: AnyPosition
    moves: list[str] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    cursor: int = -1
    pie: bool = False
    variations: list[tuple[str, ...]] = field(default_factory=list, repr=False)  # the lines left, oldest first
    _positions: list[AnyPosition] = field(default_factory=list, repr=False)
    _ending: tuple[str, str] | None = field(default=None, repr=False)  # (result, termination): resignation/agreement
    _keys: list[str] = field(default_factory=list, repr=False)  # str() of _positions[i], filled lazily

    def __post_init__(self) -> None:
        moves, self.moves = list(self.moves), []
        self.variations = [tuple(line) for line in self.variations]
        self._positions = [self.start]
        self._keys = []
        for m in moves:
            self._append(m)
        self.cursor = len(self.moves) if self.cursor < 0 else self.cursor

    def _append(self, move: "str | Move") -> None:
        text = str(move)
        if self.repetition_at(len(self._positions) - 1):
            raise IllegalError("illegal move", text, "the game is over (drawn by repetition)")
        nxt = self._next(len(self.moves), text)
        self.moves.append(SWAP if _is_swap(text) else text)
        self._positions.append(nxt)

    def _next(self, ply: int, text: str) -> AnyPosition:
        """The position after playing ``text`` as ply ``ply + 1`` (a swap: the position itself, unchanged)."""
        before = self._positions[ply]
        if not _is_swap(text):
            return before.play(text)
        if not self.pie:
            raise IllegalMoveError("illegal move", text, "this game is played without the pie rule (no swap)")
        if ply != 1:
            raise IllegalMoveError("illegal move", text, "a swap is only allowed as the second move, "
                                   f"right after the first one (this would be move {ply + 1})")
        if before.winner or _drawn(before):
            raise IllegalMoveError("illegal move", text, "the game is over")
        return before

    def can_swap(self) -> bool:
        """Whether the side to move may swap sides now: the pie rule is on, one move was played, the game goes on."""
        return (self.pie and self.cursor == 1 and self._ending is None and not self.position.winner
                and not _drawn(self.position))

    @property
    def swapped(self) -> bool:
        """Whether the players swapped sides in the moves up to the cursor (the pie rule's :data:`SWAP`)."""
        return self.cursor >= 2 and self.moves[1] == SWAP

    # ------------------------------------------------------------ navigation

    @property
    def position(self) -> AnyPosition:
        return self._positions[self.cursor]

    @property
    def positions(self) -> list[AnyPosition]:
        return list(self._positions)

    @property
    def played(self) -> list[str]:
        """The moves up to the cursor."""
        return self.moves[: self.cursor]

    def push(self, move: "str | Move", keep_line: bool = False) -> AnyPosition:
        """Play ``move`` (text or Move) at the cursor; drops any redo tail (``keep_line``: the line it
        dropped, all of it, is kept as the newest variation, see :meth:`add_variation`).  Returns the new
        position."""
        if self._ending is not None:
            raise IllegalError("illegal move", str(move), f"the game is over ({self.result_text})")
        if self.repetition_at(self.cursor):
            raise IllegalError("illegal move", str(move), "the game is over (drawn by repetition)")
        nxt = self._next(self.cursor, str(move))
        if keep_line and self.can_redo():
            self.add_variation(self.moves)
        del self.moves[self.cursor:]
        del self._positions[self.cursor + 1:]
        del self._keys[self.cursor + 1:]
        self.moves.append(SWAP if _is_swap(str(move)) else str(move))
        self._positions.append(nxt)
        self.cursor += 1
        return nxt

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return self.cursor < len(self.moves)

    def undo(self) -> AnyPosition:
        if not self.can_undo():
            raise IllegalError("undo", "", "nothing to undo")
        self.cursor -= 1
        self._ending = None
        return self.position

    def redo(self) -> AnyPosition:
        if not self.can_redo():
            raise IllegalError("redo", "", "nothing to redo")
        self.cursor += 1
        return self.position

    def goto(self, ply: int) -> AnyPosition:
        if not 0 <= ply <= len(self.moves):
            raise IllegalError("go to", str(ply), f"ply must be between 0 and {len(self.moves)}")
        self.cursor = ply
        return self.position

    # ------------------------------------------------------------ variations (the lines left)

    def branch_point(self, line: Sequence[str]) -> int:
        """How many first moves ``line`` shares with the main line (the ply where it branches off)."""
        n = 0
        for a, b in zip(line, self.moves):
            if a != b:
                break
            n += 1
        return n

    def branches(self) -> list[tuple[int, tuple[str, ...]]]:
        """The variations, oldest first, each as (branch point, its own moves from there on)."""
        return [(n, line[n:]) for line in self.variations for n in (self.branch_point(line),)]

    def add_variation(self, line: Sequence[str]) -> bool:
        """Keep ``line`` (all its moves from the start) as the newest variation; False if it is kept
        already.  It is not replayed here: :meth:`promote_to_main` checks its moves."""
        kept = tuple(line)
        if kept in self.variations:
            return False
        self.variations.append(kept)
        return True

    def promote_to_main(self, index: int = -1, ply: int | None = None) -> tuple[str, ...]:
        """Make variation ``index`` (default the newest) the main line, shown at ``ply`` (default its end);
        the main line it replaces becomes the oldest variation (unless it is kept already).  A resignation
        or an agreed draw ends the line it was recorded on: the promoted line has none.  Returns the line
        promoted; illegal moves in it raise :class:`~phutball.errors.PhutballError`, leaving the game as it was."""
        line = self.variations[index]
        replay = Game(self.start, moves=list(line), pie=self.pie)
        current = tuple(self.moves)
        del self.variations[index]
        if current != line and current not in self.variations:
            self.variations.insert(0, current)
        self.moves, self._positions, self._keys, self._ending = replay.moves, replay._positions, replay._keys, None
        self.cursor = len(line) if ply is None else min(ply, len(line))
        return line

    # ------------------------------------------------------------ endings

    def repetition_at(self, ply: int) -> bool:
        """Whether position ``ply`` (0 = the start) is the third occurrence of one position.

        Rule (the lab's, docs/rules.md "The rules as implemented (2D)"): the same men, ball and side to move
        for the third time in a game is a draw by repetition.
        """
        keys = self._keys
        while len(keys) <= ply:  # a swap repeats the position before it: that is not a second occurrence
            n = len(keys)
            keys.append(("swapped " if n == 2 and self.moves[1] == SWAP else "") + str(self._positions[n]))
        key = keys[ply]
        return sum(1 for k in keys[:ply + 1] if k == key) >= REPETITIONS

    def resign(self, side: str) -> None:
        """``side`` resigns: the other side wins."""
        if self.position.winner or _drawn(self.position) or self.repetition_at(self.cursor):
            raise IllegalError("resign", side, "the game is already over")
        self.truncate()
        self._ending = (other_side(side), "resignation")

    def agree_draw(self) -> None:
        if self.position.winner or _drawn(self.position) or self.repetition_at(self.cursor):
            raise IllegalError("draw", "", "the game is already over")
        self.truncate()
        self._ending = ("draw", "agreement")

    def truncate(self) -> None:
        """Drop the moves after the cursor: the line played from here on replaces them."""
        del self.moves[self.cursor:]
        del self._positions[self.cursor + 1:]
        del self._keys[self.cursor + 1:]

    @property
    def result(self) -> str:
        """``'O'``/``'X'``/``'L'``/``'R'`` (the winner), ``'draw'``, or ``'*'`` while unfinished."""
        final = self._positions[-1]
        if final.winner:
            return final.winner
        if _drawn(final) or self.repetition_at(len(self._positions) - 1):
            return "draw"
        return self._ending[0] if self._ending else "*"

    @property
    def termination(self) -> str:
        if self._positions[-1].winner:
            return "goal"
        if _drawn(self._positions[-1]):
            return "no legal move"
        if self.repetition_at(len(self._positions) - 1):
            return "repetition"
        return self._ending[1] if self._ending else "unfinished"

    @property
    def result_text(self) -> str:
        r = self.result
        if r == "*":
            return "game in progress"
        if r == "draw":
            return {"no legal move": "a draw: no legal move", "repetition": "a draw by repetition"}.get(
                self.termination, "drawn by agreement")
        how = {"goal": "scored a goal", "resignation": "won by resignation"}[self.termination]
        return f"{SIDE_NAMES[r]} {how}"

    # ------------------------------------------------------------ records

    def to_record(self) -> str:
        """The game in the record format (see module doc); covers all moves, not just to the cursor."""
        from .board import Position
        start = self.start
        h: dict[str, str] = {"Variant": variant_of(start).value}
        if isinstance(start, Position):
            h["Size"] = str(start.size)
        for k, v in self.headers.items():
            if k not in FORMAT_HEADERS:
                h[k] = v
        if not isinstance(start, Position) or str(start) != str(type(start).start(start.size)):
            h["Setup"] = str(start)
        if self.pie:
            h["Pie"] = "yes"
        h["Result"] = self.result
        h["Termination"] = self.termination
        order = [k for k in HEADER_ORDER if k in h] + [k for k in h if k not in HEADER_ORDER]
        lines = [f'[{k} "{_escape(h[k])}"]' for k in order]
        lines.append("")
        body: list[str] = []
        for i in range(0, len(self.moves), 2):
            body.append(f"{i // 2 + 1}. " + " ".join(self.moves[i:i + 2]))
        lines.extend(_wrap(body))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_record(cls, text: str) -> "Game":
        """Read a record; RecordError (with the line number) for anything wrong, including illegal moves."""
        if not isinstance(text, str):
            raise RecordError("bad record", text, "expected text")
        text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
        headers: dict[str, str] = {}
        move_tokens: list[tuple[str, int]] = []
        in_moves = False
        for lineno, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and not in_moves:
                m = re.fullmatch(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]', line)
                if not m:
                    raise RecordError("bad record", raw, 'a header must look like [Name "value"]', lineno)
                if m.group(1) in headers:
                    raise RecordError("bad record", raw, f"header {m.group(1)} given twice", lineno)
                headers[m.group(1)] = _unescape(m.group(2))
                continue
            in_moves = True
            move_tokens.extend((tok, lineno) for tok in line.split())
        start = _start_from_headers(headers)
        pie = headers.get("Pie", "no")
        if pie not in ("yes", "no"):
            raise RecordError("bad record", pie, 'Pie must be "yes" or "no"')
        game = cls(start, headers={k: v for k, v in headers.items() if k not in FORMAT_HEADERS}, pie=pie == "yes")
        expected_number, ply_in_pair = 1, 0
        for tok, lineno in move_tokens:
            num = re.fullmatch(r"([0-9]+)\.", tok)
            if num:
                if len(num.group(1)) > MAX_MOVE_NUMBER_DIGITS or int(num.group(1)) != expected_number \
                        or ply_in_pair != 0:
                    raise RecordError("bad record", tok, f"expected move number {expected_number}.", lineno)
                expected_number += 1
                ply_in_pair = 2
                continue
            if ply_in_pair == 0:
                raise RecordError("bad record", tok, f"expected move number {expected_number}. before it", lineno)
            try:
                game._append(tok)
            except PhutballError as e:
                raise RecordError("bad record", tok, f"move {len(game.moves) + 1}: {e}", lineno) from None
            ply_in_pair -= 1
        game.cursor = len(game.moves)
        _apply_result(game, headers)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (str(self.start), self.moves, self.headers, self.pie, self.result, self.termination) == (
            str(other.start), other.moves, other.headers, other.pie, other.result, other.termination)

    def _repr_html_(self) -> str:
        """The game for notebooks: the position at the cursor as a diagram (:func:`phutball.svg.game`, in an
        ``<img>`` whose alt text is the position string, so an untrusted notebook shows it too), then the
        moves in the notation, numbered as in a record (the last one played in bold, a redo tail faded), and
        how the game stands.  No inline SVG and no script."""
        from html import escape
        from . import svg
        words = []
        for i, move in enumerate(self.moves, start=1):
            text = ("" if i % 2 == 0 else f"{i // 2 + 1}. ") + escape(move)
            words.append(f"<b>{text}</b>" if i == self.cursor else
                         f'<span style="opacity:0.5">{text}</span>' if i > self.cursor else text)
        moves = " ".join(words) or "No moves yet."
        return (f'<div class="phutball-game">{svg.img(svg.game(self), str(self.position))}<p>{moves}</p>'
                f"<p>{escape(self.result_text[:1].upper() + self.result_text[1:])}.</p></div>")


def _start_from_headers(headers: dict[str, str]) -> AnyPosition:
    from .board import BoardSize, Position
    variant = headers.get("Variant", "2D").upper()
    if variant not in ("2D", "1D"):
        raise RecordError("bad record", headers["Variant"], "Variant must be 2D or 1D")
    setup = headers.get("Setup")
    try:
        if variant == "1D":
            if setup is None:
                raise RecordError("bad record", "", "a 1D record needs a Setup header with the start position")
            from .oned.strip import Strip
            return Strip.from_str(setup)
        size = BoardSize.from_str(headers.get("Size", "15x19"))
        if setup is None:
            return Position.start(size)
        start = Position.from_str(setup)
        if "Size" in headers and start.size != size:
            raise RecordError("bad record", setup, f"Setup is a {start.size} position but Size says {size}")
        return start
    except RecordError:
        raise
    except PhutballError as e:
        raise RecordError("bad record", e.text, e.reason) from None


def _apply_result(game: Game, headers: dict[str, str]) -> None:
    result = headers.get("Result", "*")
    termination = headers.get("Termination")
    if result not in RESULTS:
        raise RecordError("bad record", result, f"Result must be one of {', '.join(RESULTS)}")
    if termination is not None and termination not in TERMINATIONS:
        raise RecordError("bad record", termination, f"Termination must be one of {', '.join(TERMINATIONS)}")
    winner = game.position.winner
    if winner:
        if result not in ("*", winner) or termination not in (None, "goal"):
            raise RecordError("bad record", result,
                              f"the moves end with a goal for {SIDE_NAMES[winner]}, but the headers say otherwise")
        return
    if _drawn(game.position):
        if result not in ("*", "draw") or termination not in (None, "no legal move"):
            raise RecordError("bad record", result,
                              "the moves end with no legal move (a draw), but the headers say otherwise")
        return
    if game.repetition_at(len(game.moves)):
        if result not in ("*", "draw") or termination not in (None, "repetition"):
            raise RecordError("bad record", result,
                              "the moves end with a position met for the third time (a draw by repetition), "
                              "but the headers say otherwise")
        return
    if termination == "no legal move":
        raise RecordError("bad record", termination, "the side to move still has a legal move")
    if termination == "repetition":
        raise RecordError("bad record", termination, "no position occurs three times in the moves")
    if result == "*":
        if termination not in (None, "unfinished"):
            raise RecordError("bad record", termination, "an unfinished game cannot have this Termination")
        return
    if result == "draw":
        if termination not in (None, "agreement"):
            raise RecordError("bad record", termination, "a draw can only be by agreement")
        game._ending = ("draw", "agreement")
        return
    if result not in game.start.variant.sides:  # the side to move and the other one
        raise RecordError("bad record", result, "Result names a side that does not play this variant")
    if termination not in (None, "resignation"):
        raise RecordError("bad record", result, "no goal was scored, so a win must be by resignation")
    game._ending = (result, "resignation")


def _escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(v: str) -> str:
    return re.sub(r"\\(.)", r"\1", v)


def _wrap(items: list[str], width: int = 78) -> list[str]:
    lines, cur = [], ""
    for it in items:
        if cur and len(cur) + 1 + len(it) > width:
            lines.append(cur)
            cur = it
        else:
            cur = f"{cur} {it}" if cur else it
    if cur:
        lines.append(cur)
    return lines


# ---------------------------------------------------------------- files of several games


def records_text(games: Sequence[Game]) -> str:
    """Several games in one record file: each game's record (:meth:`Game.to_record`), separated by a blank line."""
    return "\n".join(game.to_record() for game in games)


def split_records(text: str) -> list[tuple[int, str]]:
    """The records of a file of several games, each with the number of its first line.

    A header line after a game's moves, or after a blank line that follows its headers, starts the
    next game (a record's own headers come together, then a blank line, then its moves).
    """
    chunks: list[tuple[int, list[str]]] = []
    state = "none"  # "headers": reading a game's headers; "gap": a blank line after them; "moves": reading moves
    for lineno, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if line.startswith("[") and state in ("none", "gap", "moves"):
            chunks.append((lineno, []))
            state = "headers"
        elif not line:
            state = "gap" if state == "headers" else state
        elif not line.startswith("[") and not line.startswith("#"):
            if state == "none":
                chunks.append((lineno, []))
            state = "moves"
        if chunks:
            chunks[-1][1].append(raw)
    return [(start, "\n".join(lines) + "\n") for start, lines in chunks]


def games_from_records(text: str) -> list[Game]:
    """Read a file of several games (:func:`records_text`); RecordError naming the game and its line."""
    if not isinstance(text, str):
        raise RecordError("bad record", text, "expected text")
    games = []
    for n, (first, record) in enumerate(split_records(text), start=1):
        try:
            games.append(Game.from_record(record))
        except RecordError as e:
            if e.line is None:
                raise RecordError("bad record", e.text, f"game {n} (from line {first}): {e.reason}") from None
            reason = e.reason.removeprefix(f"line {e.line}: ")
            raise RecordError("bad record", e.text, f"game {n}: {reason}", e.line + first - 1) from None
    return games
