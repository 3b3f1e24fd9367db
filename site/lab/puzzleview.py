"""What the puzzles page shows, as data (pure Python, unit-tested): the view :meth:`lab.puzzles.PuzzleController.view`
returns (:class:`PuzzleView`), the list grouped by collection, the list's theme filters, a line shown
move by move, and the goal legend.  The glue draws them; :mod:`lab.views.markup` writes the list, the
filters and the line as HTML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping, NotRequired, TypedDict

from phutball.game import parse_any_position
from phutball.variant import Variant
from phutball.puzzles.puzzle import Puzzle
from phutball.puzzles.themes import THEME_NAMES, THEMES
from phutball.sides import SIDE_NAMES
from lab.puzzleledger import ProgressEntry
from lab.puzzleprogress import entry_of
from lab.puzzlewords import collection_words

if TYPE_CHECKING:
    from phutball.moveentry import Target

__all__ = ["LineEntry", "PuzzleGroup", "PuzzleListEntry", "PuzzleView", "ThemeChoice",
           "goal_legend", "labelled_line", "list_groups", "theme_choices"]

class LineEntry(TypedDict):
    """A move of a line shown step by step (:func:`labelled_line`); ``current`` in
    :meth:`lab.puzzles.PuzzleController.view`."""

    ply: int
    side: str
    move: str
    label: str
    current: NotRequired[bool]


class PuzzleListEntry(TypedDict):
    """A puzzle in the list (:func:`list_groups`)."""

    index: int
    id: str
    title: str
    rating: int          # the puzzle's rating (lab.puzzlerating), the one the puzzle itself shows
    solved: bool
    attempts: int
    current: bool


class PuzzleGroup(TypedDict):
    """A collection in the puzzle list (:func:`list_groups`)."""

    collection: str
    puzzles: list[PuzzleListEntry]
    open: bool           # shown open: it holds the current puzzle, or it is the paper's (one click away, issue 42)


class PuzzleView(TypedDict):
    """What :meth:`lab.puzzles.PuzzleController.view` returns: everything the puzzle page draws (the glue reads
    it by key)."""

    id: str
    title: str
    task: str
    variant: str
    difficulty: int
    source: str
    collection: str
    position: str
    phase: str
    message: str
    verdict: str
    hint: Target | None
    solved: bool
    attempts: int
    can_move: bool
    can_retry: bool
    index: int
    count: int
    moves: list[str]
    legend: str
    line: list[LineEntry]
    can_step: bool
    positions: list[str] | None
    answer_kind: str | None
    mode: str
    streak: int | None
    best_streak: int
    daily: bool
    failed: int
    theme: str
    themes: list[str]
    rating: int
    puzzle_rating: int


class ThemeChoice(TypedDict):
    """A filter of the list (:func:`theme_choices`)."""

    theme: str
    name: str
    count: int
    current: bool


def goal_legend(position: str) -> str:
    """Which end each side attacks (docs/rules.md "The rules as implemented (2D)"): shown next to the board."""
    pos = parse_any_position(position)
    if pos.variant is Variant.BOARD:
        h = pos.size.height
        return f"Ohs ↑ attacks the top goal line (row {h}) · Eks ↓ attacks the bottom one (row 1)"
    return "Left → attacks the right end · Right ← attacks the left end"


def labelled_line(start: str, moves: list[str] | tuple[str, ...]) -> list[LineEntry]:
    """Each move of a line from ``start`` with the side that plays it: ``{"ply", "side", "move", "label"}``."""
    pos = parse_any_position(start)
    out: list[LineEntry] = []
    for i, m in enumerate(moves, start=1):
        side = SIDE_NAMES.get(pos.to_move or "", pos.to_move or "")  # "": an Oddish board without a side
        out.append({"ply": i, "side": side, "move": m, "label": f"{i}. {side} {m}"})
        pos = pos.play(m)
    return out


def list_groups(puzzles: list[Puzzle], shown: list[int], progress: Mapping[str, ProgressEntry],
                rating_of: Callable[[int], int], current: int) -> list[PuzzleGroup]:
    """The puzzles ``shown`` (indices, in the list's order) grouped by collection (source), with solved marks;
    a group is open if it holds the ``current`` puzzle or is the paper's."""
    out: dict[str, list[PuzzleListEntry]] = {}
    paper: set[str] = set()
    for i in shown:
        p = puzzles[i]
        entry = entry_of(progress, p.id)
        out.setdefault(p.collection or "Puzzles", []).append({
            "index": i, "id": p.id, "title": p.title, "rating": rating_of(i),
            "solved": bool(entry.get("solved")), "attempts": int(entry.get("attempts", 0)),
            "current": i == current})
        if p.source.get("kind") == "paper":
            paper.add(p.collection or "Puzzles")
    return [{"collection": collection_words(k), "puzzles": v,
             "open": k in paper or any(e["current"] for e in v)} for k, v in out.items()]


def theme_choices(themes: list[tuple[str, ...]], near: int, current: str) -> list[ThemeChoice]:
    """The list's filters: "Near my rating" (``near`` puzzles), then every theme some puzzle has (``themes``:
    each puzzle's), with how many have it; the ``current`` one marked."""
    counts = {t: 0 for t in THEMES}
    for each in themes:
        for t in each:
            counts[t] += 1
    first: ThemeChoice = {"theme": "near", "name": "Near my rating", "count": near, "current": current == "near"}
    return [first] + [{"theme": t, "name": THEME_NAMES[t], "count": n, "current": t == current}
                      for t, n in counts.items() if n]
