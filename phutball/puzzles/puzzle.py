"""A puzzle, as a value: :class:`Puzzle` (read from a file by :mod:`phutball.puzzles.format`).

Here, below the format, the tasks and the checks, so that each of them can name it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from ..variant import Variant

if TYPE_CHECKING:
    from ..game import AnyPosition
    from .tasks.base import Task

__all__ = ["FORMAT", "Puzzle"]

#: The puzzle files' format name (their ``"format"`` field).
FORMAT = "phutball-puzzles/1"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle of a file (see :mod:`phutball.puzzles.format` for the fields); ``extra`` holds the
    optional fields (``answer``, ``positions``, ``trap``, ``solutions`` ...)."""

    id: str
    title: str
    source: dict[str, str]
    variant: Variant          # the file's "1D" or "2D" (a 1D question may show an Oddish board)
    position: str
    task: Task                # what it asks: the file's task name read (``task_named("win")``)
    difficulty: int
    text: str
    main_line: tuple[str, ...]
    collection: str = ""
    extra: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", Variant(self.variant))  # "2D" read from a file -> Variant.BOARD

    @cached_property
    def start(self) -> AnyPosition:
        """The position object (2D Position, 1D Strip or Oddish board), parsed once: position objects are
        values (frozen), and a page reads every puzzle's start as it starts (its rating, then its themes)."""
        from ..game import parse_any_position
        return parse_any_position(self.position)

    def with_start(self, start: AnyPosition) -> Puzzle:
        """This puzzle, its :attr:`start` given as already parsed (a file's reader parses every position to
        check it): ``start`` must be what ``parse_any_position(self.position)`` gives."""
        self.__dict__["start"] = start
        return self

    def replaced(self, **changes: Any) -> Puzzle:
        """``dataclasses.replace(self, **changes)``, keeping the parsed :attr:`start` when the position stays
        (a copy made by ``replace`` would parse it again)."""
        out = replace(self, **changes)
        return out if "position" in changes else out.with_start(self.start)

    @property
    def source_game(self) -> str:
        """The game (or hand-made set) the puzzle comes from, for telling puzzles of one game apart from
        the rest (issue 42: a streak never serves two of one game in a row): the collection and the
        source's ``ref`` -- the generators write the game's players and seed there -- without the
        ", the other side to move" the self-play generator adds to a position looked at for the other side."""
        ref = str(self.source.get("ref", "")).removesuffix(", the other side to move")
        return f"{self.collection}: {ref}"

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id, "title": self.title, "source": dict(self.source), "variant": self.variant,
            "position": self.position, "task": self.task.name, "difficulty": self.difficulty,
            "text": self.text, "main_line": list(self.main_line),
        }
        d.update(self.extra)
        return d
