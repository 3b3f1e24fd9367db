"""Shipped books: precomputed analyses of the long puzzles' positions (``phutball/data/oned*.json``)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ...errors import ParseError
from ..strip import Strip
from .results import ExactValue, MoveOutcome



class Book:
    """Precomputed analyses of the positions a long puzzle needs (``phutball/data/*.json``).

    Each entry: the position string -> its value, plies, and every legal move's
    (value, plies) for the mover.  Produced by ``tools/oned_offline.py``.
    """

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.n: int = data["n"]
        self.name: str = data.get("name", "")
        self.entries: dict[str, dict[str, Any]] = data["positions"]

    def __contains__(self, strip: object) -> bool:
        return str(strip) in self.entries

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, strip: Strip) -> dict[str, Any] | None:
        """The raw entry of a position, or None."""
        e = self.entries.get(str(strip))
        return e

    def analysis(self, strip: Strip) -> ExactValue | None:
        """The :class:`ExactValue` of a position in the book (every move), or None."""
        e = self.get(strip)
        if e is None:
            return None
        by_move = {m["move"]: m for m in e["moves"]}
        outs = []
        for mv in strip.legal_moves():
            m = by_move.get(str(mv))
            if m is None:
                return None
            outs.append(MoveOutcome(mv, strip.play(mv), m["value"], m["plies"]))
        return ExactValue(strip, e["value"], e["plies"], tuple(outs), f"book:{self.name}")

    def positions(self) -> list[Strip]:
        return [Strip.from_str(k) for k in self.entries]


_BOOKS: dict[str, Book] = {}


def load_book(name: str) -> Book:
    """Load ``phutball/data/<name>.json`` (e.g. ``'oned24'``) -- cached."""
    b = _BOOKS.get(name)
    if b is None:
        try:
            text = resources.files("phutball").joinpath("data", f"{name}.json").read_text(encoding="utf-8")
        except (FileNotFoundError, OSError) as e:
            raise ParseError("unknown book", name, f"no data file: {e}") from None
        b = _BOOKS[name] = Book(json.loads(text))
    return b


def book_names() -> list[str]:
    try:
        d = resources.files("phutball").joinpath("data")
        return sorted(p.name[:-5] for p in d.iterdir() if p.name.endswith(".json") and p.name.startswith("oned"))
    except (FileNotFoundError, OSError, NotADirectoryError):
        return []


def book_for(strip: Strip) -> Book | None:
    """The shipped book holding ``strip``, if any (only strips too long to solve quickly)."""
    if strip.n <= 20:
        return None
    for name in book_names():
        try:
            book = load_book(name)
        except ParseError:
            continue
        if book.n == strip.n and strip in book:
            return book
    return None
