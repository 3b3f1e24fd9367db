"""The reader's puzzle progress as the puzzles page keeps it, in pure Python: each puzzle's entry (solved,
attempts), and the stored copy kept in step with the page's (:class:`ProgressSync`).

The stored form itself -- its fields, how it is read, checked and merged with another tab's -- is
:mod:`lab.puzzleledger`'s (:class:`~lab.puzzleledger.SavedProgress`, :func:`~lab.puzzleledger.save`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from lab.puzzleledger import PROGRESS_KEY, ProgressEntry, SavedProgress, save
from lab.savedstate import Storage

__all__ = ["NOT_TRIED", "ProgressSync", "entry_of", "is_solved"]

#: The progress of a puzzle not tried yet.
NOT_TRIED: ProgressEntry = {"solved": False, "attempts": 0}


def entry_of(progress: Mapping[str, ProgressEntry], puzzle: str) -> ProgressEntry:
    """The progress of the puzzle of id ``puzzle`` (:data:`NOT_TRIED` if it was never tried)."""
    return progress.get(puzzle, NOT_TRIED)


def is_solved(progress: Mapping[str, ProgressEntry], puzzle: str) -> bool:
    """Whether the puzzle of id ``puzzle`` is solved (by any attempt)."""
    return entry_of(progress, puzzle)["solved"]


@dataclass
class ProgressSync:
    """Stores a page's progress, merged with what another tab stored meanwhile; remembers, by key, the text
    it stored last, so that while a key still holds it nobody else wrote and nothing is read or merged."""

    _stored: dict[str, str] = field(default_factory=dict, repr=False)

    def sync(self, storage: Storage, current: SavedProgress, key: str = PROGRESS_KEY) -> SavedProgress:
        """Store ``current`` under ``key``, merged with what is stored there now (another tab's:
        :func:`lab.puzzleledger.save`); returns the progress to go on with (the merge, or ``current``)."""
        stored = storage.get_item(key)
        if stored is not None and stored == self._stored.get(key):
            text = current.to_text()
            if text != stored:
                storage.set_item(key, text)
            self._stored[key] = text
            return current
        merged = save(storage, current, key)
        self._stored[key] = storage.get_item(key) or ""
        return merged
