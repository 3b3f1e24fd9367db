"""The puzzles page's list, in pure Python: the puzzles of the fetched files, their order, the newcomer's
first puzzle, a practice mix of themes, and the daily puzzle.

The daily puzzle is chosen without a server, the same on a page and in an embed: the playable
puzzles sorted by id, the one the date's 32-bit FNV-1a hash points to.  ``site/embedboard.js``
holds the same choice (``fnv1a``, ``playable``), and the build writes :func:`daily_boards` and
:func:`newcomer_puzzle`'s id into the scripts (``tools/build_site.py``), so pages and frames draw
them before Python is ready.
"""

from __future__ import annotations

import json
import re
import zlib
from collections import Counter
from typing import Callable, TypedDict

from phutball.errors import quote
from phutball.game import parse_any_position
from phutball.variant import Variant
from phutball.puzzles.puzzle import Puzzle
from phutball.puzzles.themes import THEME_NAMES, puzzle_themes
from lab.mistakes import is_private, still_to_solve
from lab.puzzleledger import SavedProgress
from lab.puzzlerating import HIGHEST, LOWEST, START, puzzle_rating

__all__ = ["MIX_SIZE", "DailyBoards", "Fact", "daily_boards", "daily_puzzle", "fnv1a", "iso_date", "known_facts",
           "list_order", "newcomer_puzzle", "playable", "puzzle_crc", "puzzle_facts", "puzzles_from_files",
           "theme_mix", "with_mistakes"]


def puzzles_from_files(files: object) -> list[Puzzle]:
    """The puzzles of the files a page fetched (``[{"name", "text"}]`` in index order).

    ``files`` is what the page's JavaScript hands over: that list, or
    ``{"error": ...}`` when the fetch failed (raised here as :class:`OSError`).
    """
    from phutball.puzzles.format import load_text
    if not isinstance(files, list):
        reason = files.get("error") if isinstance(files, dict) else None
        raise OSError(f"the puzzle files could not be fetched ({reason or 'no answer'})")
    out: list[Puzzle] = []
    for f in files:
        name, text = str(f["name"]), str(f["text"])
        out += [p.replaced(collection=p.collection or name) for p in load_text(text, name)]
    return out


#: A puzzle's rating and themes, as :func:`known_facts` gives them.
Fact = tuple[int, tuple[str, ...]]


def puzzle_facts(puzzles: list[Puzzle]) -> dict[str, dict[str, object]]:
    """What the build writes into ``puzzles/index.json`` as ``facts``: each puzzle's rating
    (:func:`lab.puzzlerating.puzzle_rating`) and themes (:func:`phutball.puzzles.themes.puzzle_themes`) by its
    id, with the CRC-32 of the puzzle they were derived from (:func:`puzzle_crc`).  A page rates every
    puzzle as it starts (the list shows each one's rating, a newcomer opens on the one nearest theirs) and
    derives every puzzle's themes once it is ready: the same for every visit of a build, so the build
    derives them once."""
    return {p.id: {"crc": puzzle_crc(p), "rating": puzzle_rating(p), "themes": list(puzzle_themes(p))}
            for p in puzzles}


def puzzle_crc(p: Puzzle) -> int:
    """The CRC-32 of ``p`` as its file holds it (:meth:`Puzzle.to_dict`, as JSON with sorted keys): which puzzle
    a fact was derived from, every field the rating and themes read included (zlib's CRC, in C)."""
    return zlib.crc32(json.dumps(p.to_dict(), sort_keys=True, separators=(",", ":")).encode("utf-8"))


def known_facts(given: object, puzzles: list[Puzzle]) -> dict[str, Fact]:
    """The facts a page was handed (:func:`puzzle_facts`, from ``puzzles/index.json``) that hold for ``puzzles``:
    each well formed entry (a whole rating in LOWEST..HIGHEST, a list of known themes) derived from the very
    puzzle (:func:`puzzle_crc`: a puzzle edited since is derived again).  The page derives the others itself, as
    it does with no table at all (``given`` not a dict: the fetch failed).  The facts are this code's as the
    build ran it: the service worker serves the index with the build's code; a browser without one could
    pair an index cached by HTTP with newer code, and show the older build's ratings until it fetches the
    index again."""
    if not isinstance(given, dict):
        return {}
    out: dict[str, Fact] = {}
    for p in puzzles:
        fact = given.get(p.id)
        if not isinstance(fact, dict) or fact.get("crc") != puzzle_crc(p):
            continue
        rating, themes = fact.get("rating"), fact.get("themes")
        if type(rating) is int and LOWEST <= rating <= HIGHEST and isinstance(themes, list) \
                and all(isinstance(t, str) and t in THEME_NAMES for t in themes):
            out[p.id] = rating, tuple(themes)
    return out


# ---------------------------------------------------------------- the list's order, a first puzzle, a theme mix


def with_mistakes(puzzles: list[Puzzle], saved: SavedProgress) -> list[Puzzle]:
    """The shipped ``puzzles`` and the reader's mistakes still to solve (:func:`lab.mistakes.still_to_solve`:
    solved fewer than twice in the ledger), as puzzles of their own group: by the day a review found them,
    then by the move's place in its game."""
    solves = Counter(a.puzzle for a in saved.ledger.records if a.solved)
    mine = sorted(still_to_solve(saved.mistakes, solves), key=lambda m: (m.date, m.ply))
    return puzzles + [m.puzzle() for m in mine]


def list_order(puzzles: list[Puzzle]) -> list[int]:
    """The puzzles' indices in the order of the list on the page (collections, then difficulty).

    Collections: the reader's own mistakes first (:mod:`lab.mistakes`), the paper's next, then 1D before 2D, 2D ones by the board of their first
    puzzle (9x9 before 15x19), otherwise in file order; inside a collection by difficulty, then
    file order.  Next and Previous follow this order too, and the page opens on its first
    unsolved puzzle.
    """
    first_of: dict[str, int] = {}
    for i, p in enumerate(puzzles):
        first_of.setdefault(p.collection or "Puzzles", i)

    def rank(name: str) -> tuple[int, int, int, int]:
        first = puzzles[first_of[name]]
        kind = first.source.get("kind", "")
        start = first.start if first.variant.is_board else None
        board = start.size.width * start.size.height if start is not None and start.variant is Variant.BOARD else 0
        return (-1 if is_private(first) else 0 if kind == "paper" else 1, 1 if first.variant.is_board else 0, board,
                first_of[name])

    cols = sorted(first_of, key=rank)
    return [i for c in cols for i in sorted(
        (i for i, p in enumerate(puzzles) if (p.collection or "Puzzles") == c),
        key=lambda i: (puzzles[i].difficulty, i))]


def newcomer_puzzle(puzzles: list[Puzzle], rating_of: Callable[[int], int] | None = None) -> int | None:
    """Issue 42: a newcomer's first puzzle: of the puzzles played on the board (not a question), the one rated
    nearest a new reader's rating (:data:`lab.puzzlerating.START`), the first in the list's order among
    equals; None when there is none.  The build writes its id into ``embedboard.js`` (``NEWCOMER``) so the
    page draws it before Python is ready."""
    rating = rating_of or (lambda i: puzzle_rating(puzzles[i]))
    played = [i for i in list_order(puzzles) if puzzles[i].task.plays and not is_private(puzzles[i])]
    return min(played, key=lambda i: abs(rating(i) - START)) if played else None


#: Most puzzles in a practice mix (:func:`theme_mix`).
MIX_SIZE = 30


def theme_mix(puzzles: list[Puzzle], themes: tuple[str, ...], reader: int, themes_of: Callable[[int], tuple[str, ...]],
              rating_of: Callable[[int], int], solved: Callable[[int], bool]) -> list[int]:
    """A practice mix of ``themes`` (issue 42, the dashboard's *Practise these*): the unsolved puzzles of each
    theme, nearest the ``reader``'s rating first, taken in turn one theme after the other (each puzzle
    once), at most :data:`MIX_SIZE`."""
    queues = [[i for i in sorted(range(len(puzzles)), key=lambda i: (abs(rating_of(i) - reader), i))
               if t in themes_of(i) and not solved(i)] for t in themes]
    mix: list[int] = []
    while any(queues) and len(mix) < MIX_SIZE:
        for q in queues:
            while q and q[0] in mix:
                q.pop(0)
            if q and len(mix) < MIX_SIZE:
                mix.append(q.pop(0))
    return mix


# ---------------------------------------------------------------- the daily puzzle

_ISO_DATE = re.compile(r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])")


def iso_date(text: str) -> str:
    """``text`` if it is a date written ``YYYY-MM-DD`` (the daily puzzle's key), else ValueError quoting it."""
    if not isinstance(text, str) or not _ISO_DATE.fullmatch(text):
        raise ValueError(f"the date {quote(text, 30)} is not written YYYY-MM-DD")
    return text


def fnv1a(text: str) -> int:
    """The 32-bit FNV-1a hash of ``text``'s UTF-8 bytes: small, and the same in JavaScript
    (``site/embedboard.js``'s ``fnv1a``), so a page and an embed choose the same daily puzzle."""
    h = 0x811C9DC5
    for b in text.encode("utf-8"):
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def playable(p: Puzzle) -> bool:
    """A puzzle solved by playing on a board or strip (the daily puzzle and the streak's): not a question, nor
    one of the reader's own (:func:`lab.mistakes.is_private`).

    The same as ``embedboard.js``'s ``playable`` (no ``answer`` nor ``positions`` field, a position it
    can draw), which a test checks on the shipped puzzles.
    """
    # an Oddish board (arrow moves, not entered by clicks) is told by its arrow, as parse_any_position
    # tells it, without parsing every puzzle (a page's start reads hundreds)
    return p.task.plays and "|" not in p.position and "↓" not in p.position and not is_private(p)


def _daily_candidates(puzzles: list[Puzzle]) -> list[int]:
    """The indices of the puzzles a day can have, in :func:`daily_puzzle`'s order: the playable ones, by id."""
    return sorted((i for i, p in enumerate(puzzles) if playable(p)), key=lambda i: puzzles[i].id)


def daily_puzzle(puzzles: list[Puzzle], date: str) -> int | None:
    """The index of the puzzle of the day ``date`` (``YYYY-MM-DD``): the same for everyone on that date,
    chosen without a server: the playable puzzles sorted by id, the one the date's hash (:func:`fnv1a`)
    points to.  None if there is no playable puzzle."""
    iso_date(date)
    candidates = _daily_candidates(puzzles)
    return candidates[fnv1a(date) % len(candidates)] if candidates else None


class DailyBoards(TypedDict):
    """The board of every puzzle a day can have (:func:`daily_boards`)."""

    boards: list[dict[str, str | int]]  # each once: {"variant": "2D", "width", "height"} or {"variant": "1D", "n"}
    day: list[int]                      # for each candidate of daily_puzzle, in its order, its board in ``boards``


def daily_boards(puzzles: list[Puzzle]) -> DailyBoards:
    """The board of each puzzle :func:`daily_puzzle` can choose, in its order, for ``embed.js``: the build
    writes them in, so that a daily frame without a position (``data-puzzle="daily"``) is sized for the
    day's board before it loads, from the date's hash alone (``day[fnv1a(date) % len(day)]``)."""
    boards: list[dict[str, str | int]] = []
    day: list[int] = []
    for i in _daily_candidates(puzzles):
        pos = parse_any_position(puzzles[i].position)
        assert pos.variant is not Variant.ODDISH, "the daily puzzles are played: no Oddish board"
        board: dict[str, str | int] = ({"variant": "2D", "width": pos.size.width, "height": pos.size.height}
                                       if pos.variant is Variant.BOARD else {"variant": "1D", "n": pos.n})
        if board not in boards:
            boards.append(board)
        day.append(boards.index(board))
    return {"boards": boards, "day": day}
