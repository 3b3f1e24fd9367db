"""Your mistakes (issue 42): each blunder a game review marks becomes a private puzzle, "find the better
move", kept with the reader's puzzle progress (pure Python, unit-tested).

A :class:`Mistake` is the position before the blunder (the blunderer to move), the move played, the
engine's move instead (the answer) and the engine's line after the move played (its refutation, the
opponent's reply first), with the game's date and the move's number for its title.  The play page makes
them when a review ends (:func:`from_review`: the blunders of the side the reader played, both sides'
in a game between two people) and keeps them in the puzzle progress (:class:`lab.puzzleledger.SavedProgress`'s
``mistakes``, stored as lists, :meth:`Mistake.to_json`); the puzzles page lists them under *Your mistakes*
as :class:`~phutball.puzzles.puzzle.Puzzle` values (:meth:`Mistake.puzzle`, the task ``better-move``)
until each is solved twice (:func:`still_to_solve`).  A mistake's id is made from its position and the
move played, so the same blunder found by two reviews (or two tabs) is one puzzle.

Every stored mistake is checked before use (:meth:`Mistake.from_json` raises :class:`ValueError` in words);
at most :data:`KEPT` are kept, the newest.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from phutball import Position
from phutball.errors import PhutballError, quote
from phutball.game import Game
from phutball.notation import move_number
from phutball.puzzles.format import puzzle_from
from phutball.puzzles.puzzle import Puzzle
from phutball.puzzles.tasks.better_move import BetterMove
from phutball.sides import SIDE_NAMES

__all__ = ["COLLECTION", "KEPT", "Mistake", "from_review", "is_private", "merged", "mistake_id", "still_to_solve"]

#: The puzzles page's group of them.
COLLECTION = "Your mistakes"
#: At most this many mistakes are kept (the newest by date, then by id).
KEPT = 100
#: Solved this many times, a mistake leaves the list.
SOLVES = 2
#: The refutation kept: the engine's first plies after the move played.
REFUTATION_PLIES = 6
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Mistake:
    """A blunder from one of the reader's games, as a puzzle to solve (see the module's doc).
    :class:`ValueError` naming the field when one does not fit (a stored value is checked by building it)."""

    id: str
    position: str               # a 2D position string, the blunderer to move
    played: str                 # the move played in the game
    better: str                 # the engine's move instead: the answer
    refutation: tuple[str, ...]  # the engine's line after the move played, the opponent's reply first
    ply: int                    # the move's index in its game (0-based), for the title
    date: str                   # the review's day, YYYY-MM-DD

    def __post_init__(self) -> None:
        object.__setattr__(self, "refutation", tuple(self.refutation))
        why = self._problem()
        if why is not None:
            raise ValueError(f"a mistake {quote(self.id, 30)}: {why}")

    def _problem(self) -> str | None:
        if not (isinstance(self.ply, int) and not isinstance(self.ply, bool) and 0 <= self.ply < 100_000):
            return f"its move index {quote(self.ply, 20)} is not a whole number from 0"
        if not (isinstance(self.date, str) and _DATE.fullmatch(self.date)):
            return f"its date {quote(self.date, 20)} is not YYYY-MM-DD"
        texts = (self.id, self.position, self.played, self.better, *self.refutation)
        if not all(isinstance(t, str) for t in texts):
            return "a field that should be text is not text"
        try:
            pos = Position.from_str(self.position)
            after = pos.play(self.played)
            pos.play(self.better)
            for move in self.refutation:
                after = after.play(move)
        except PhutballError as e:
            return str(e)
        if self.id != mistake_id(self.position, self.played):
            return "its id is not the one its position and move make"
        return None

    @property
    def side(self) -> str:
        """The blunderer's letter (the side to move in :attr:`position`)."""
        return Position.from_str(self.position).to_move

    @property
    def title(self) -> str:
        """The puzzle's title: "Your move 12 (Ohs), 2026-11-27"."""
        return f"Your move {move_number(self.ply + 1)} ({SIDE_NAMES[self.side]}), {self.date}"

    def to_json(self) -> list[Any]:
        """The stored form: ``[id, position, played, better, [refutation...], ply, date]``."""
        return [self.id, self.position, self.played, self.better, list(self.refutation), self.ply, self.date]

    @classmethod
    def from_json(cls, data: Any) -> "Mistake":
        """A mistake from its stored form; :class:`ValueError` saying what is wrong."""
        if not (isinstance(data, list) and len(data) == 7 and isinstance(data[4], list)):
            raise ValueError(f"a mistake {quote(data, 40)} is not a list [id, position, played, better, "
                             "[refutation], ply, date]")
        return cls(data[0], data[1], data[2], data[3], tuple(data[4]), data[5], data[6])

    def puzzle(self) -> Puzzle:
        """The mistake as a puzzle of the ``better-move`` task (holding its answer,
        :meth:`~phutball.puzzles.tasks.better_move.BetterMove.of`), in the :data:`COLLECTION` group."""
        p = puzzle_from({
            "id": self.id, "title": self.title, "variant": "2D", "position": self.position,
            "task": "better-move", "difficulty": 2, "main_line": [self.better],
            "source": {"kind": "generated", "ref": f"your game, reviewed on {self.date}"},
            "text": f"In your game you played {self.played} here, and the engine found a better move.",
            "played": self.played, "refutation": list(self.refutation)}, f"your mistake {self.id}", COLLECTION)
        return p.replaced(task=BetterMove.of(p))


def is_private(p: Puzzle) -> bool:
    """Whether ``p`` is one of the reader's own puzzles (a mistake): never a daily puzzle, a streak's or a
    newcomer's first."""
    return p.collection == COLLECTION


def mistake_id(position: str, played: str) -> str:
    """A mistake's id: ``mistake-`` and 16 hex digits of the position and the move played (their CRC-32 and
    Adler-32: ``hashlib`` is too heavy a module for the pages' start)."""
    text = f"{position} {played}".encode()
    return f"mistake-{zlib.crc32(text):08x}{zlib.adler32(text):08x}"


def from_review(game: Game, marks: Iterable[Mapping[str, Any]], date: str,
                mine: Callable[[int, str], bool] = lambda ply, side: True) -> list[Mistake]:
    """The blunders among a review's ``marks`` (as the page has them, :func:`lab.jobs.mark_json`: ``ply``
    counted from 1, as the move list numbers moves) of the reader's
    moves (``mine(ply, side)``: every move in a game between two people here; against the computer, the
    side the reader played then), as mistakes found on ``date``; a mark that does not fit the game (another
    game's) is left out."""
    out = []
    for m in marks:
        if m.get("label") != "blunder" or not m.get("better"):
            continue
        try:
            ply = int(m["ply"]) - 1  # the move's index in the game
            if ply < 0 or not mine(ply, str(m["side"])):
                continue
            position = str(game.positions[ply])
            refutation = tuple(str(x) for x in m.get("refutation") or ())[:REFUTATION_PLIES]
            out.append(Mistake(mistake_id(position, str(m["move"])), position, str(m["move"]), str(m["better"]),
                               refutation, ply, date))
        except (ValueError, TypeError, IndexError, KeyError):
            continue
    return out


def merged(*lists: Sequence[Mistake]) -> tuple[Mistake, ...]:
    """The mistakes of every list, one per id (the first list's wins), the newest :data:`KEPT` of them in
    date then id order."""
    by_id: dict[str, Mistake] = {}
    for mistakes in lists:
        for m in mistakes:
            by_id.setdefault(m.id, m)
    newest = sorted(by_id.values(), key=lambda m: (m.date, m.id), reverse=True)[:KEPT]
    return tuple(sorted(newest, key=lambda m: (m.date, m.id)))


def still_to_solve(mistakes: Sequence[Mistake], solves: Mapping[str, int]) -> list[Mistake]:
    """The mistakes solved fewer than :data:`SOLVES` times (``solves``: puzzle id -> solved attempts)."""
    return [m for m in mistakes if solves.get(m.id, 0) < SOLVES]
