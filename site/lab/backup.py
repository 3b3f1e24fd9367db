"""One backup of everything the lab keeps, and its merge into another browser (pure Python, unit-tested).

What a visitor keeps lives in one browser's localStorage, under one key per kind (issue 45):

============  ==========================  ==================================================
section       key                         read and written by
============  ==========================  ==================================================
``games``     ``phutball.games.v1``       :mod:`lab.gamestore` (the kept games, by id)
``rating``    ``phutball.rating.v1``      :mod:`lab.rating` (the rated games' ledger)
``puzzles``   ``phutball.puzzles.v1``     :mod:`lab.puzzleledger` (the puzzle attempts' ledger, streaks)
``streak``    ``phutball.embed.streak.v1``  :mod:`lab.puzzleledger` (the streak embed's attempts and runs)
``lesson``    ``phutball.learn.v1``       :mod:`lab.learn` (the lesson's done steps)
``theme``     ``phutball.theme``          ``theme.js`` (``"light"`` or ``"dark"``)
============  ==========================  ==================================================

A backup (:class:`Backup`, format in ``docs/backup.md``) is one JSON object::

    {"format": "phutball-lab-backup", "version": 1, "made": "2026-11-27T17:40:00",
     "games": {...}, "rating": {...}, "puzzles": {...}, "streak": {...}, "lesson": {...}, "theme": "dark"}

where each section is the value its key holds, as that key's own module writes it (a section with
nothing kept is left out).  Reading a backup checks every section with the same reader the pages use
at their start, so a backup holds nothing a page could not read: a file that is not a backup, a
damaged or hostile one (a section its reader would set aside, too deep, too long), or one made by a
newer lab, is refused with one sentence (:class:`BackupError`) and nothing changes.

Restoring **merges** (:func:`plan`): nothing kept here is lost or changed, nothing is counted twice.

* games by id: a game only in the backup is added; the same game is "already here"; a version of a
  game kept here taken further (the same moves, and more, or an end such as a resignation) replaces
  it; two versions that differ otherwise are both kept, the backup's under an id made from its own
  (:func:`renamed_id`);
* the rating: the two ledgers' union (:meth:`lab.rating.Rating.merged`), so the rating is recomputed;
* puzzles: the two ledgers of puzzle attempts merged by id (:meth:`lab.puzzleledger.PuzzleLedger.merged`),
  so the puzzle rating is their replay; the best streak the higher; a streak going on this browser's
  unless it has none (the streak embed's the same way);
* the lesson: the steps done in either; the theme: this browser's unless it has none.

Merging is idempotent (restoring the same backup twice changes nothing the second time) and
symmetric up to ids: two devices merged both ways keep the same set of game records, the same rating,
the same progress.

For another device without a file, :func:`carry_fragment` packs a backup into a link's fragment
(``#restore=...``: zlib, then base64url), small enough for a QR code up to :data:`CARRY_MAX`.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from dataclasses import dataclass, field, replace
from typing import Any

from lab import gamestore, learn, rating
from lab.gamestore import GameEntry, GameStore
from lab.puzzleledger import PROGRESS_KEY, STREAK_KEY, PuzzleLedger, SavedProgress, read_progress
from lab.savedstate import MAX_DEPTH, Storage, StoredValueError, load_json, read_stored
from phutball.errors import PhutballError

#: The ``format`` every backup names.
FORMAT = "phutball-lab-backup"
#: The backup format's version; a file of a higher version is refused (made by a newer lab).
VERSION = 1
#: The longest backup read (characters): localStorage holds about 5 million, so a real one is shorter.
MAX_CHARS = 6_000_000
#: Where ``theme.js`` keeps the theme the visitor chose.
THEME_KEY = "phutball.theme"
THEMES = ("light", "dark")
#: Where the lab keeps when the last backup was made and how many games were kept then.
LAST_KEY = "phutball.backup.v1"
#: Every key a backup covers (the play page hands these to its worker).
KEYS = (gamestore.STORAGE_KEY, rating.STORAGE_KEY, PROGRESS_KEY, STREAK_KEY, learn.STORAGE_KEY, THEME_KEY, LAST_KEY)
#: The longest link fragment :func:`carry_fragment` makes for a QR code (a version-40 code, low error
#: correction, holds 2,953 bytes; the page's address comes before the fragment).
CARRY_MAX = 2_600
#: The fragment's prefix.
CARRY_PREFIX = "restore="
#: New kept games since the last backup after which the page reminds the visitor to back up.
REMIND_AFTER = 10


class BackupError(ValueError):
    """A backup that cannot be restored; the message is one sentence for the page, and nothing changed."""


class MemoryStorage:
    """A storage in a dict: a backup's sections are read through the pages' own readers with it."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get_item(self, key: str) -> str | None:
        return self.items.get(key)

    def set_item(self, key: str, value: str) -> None:
        self.items[key] = value


@dataclass(frozen=True)
class Kept:
    """Everything one browser keeps, read and checked (a section with nothing kept is empty)."""

    games: GameStore = field(default_factory=GameStore)
    rating: rating.Rating = field(default_factory=rating.Rating)
    puzzles: SavedProgress | None = None   # the puzzles page's ledger and streaks (None: nothing kept)
    streak: SavedProgress | None = None    # the streak embed's
    lesson: frozenset[str] = frozenset()   # the lesson's steps done
    step: str | None = None                # the lesson's open step
    theme: str | None = None

    @classmethod
    def read(cls, storage: Storage) -> "Kept":
        """What ``storage`` keeps, as the pages read it; anything they would set aside is left out here
        (this never writes: the pages set such values aside themselves)."""
        kept, _ = _read(_ReadOnly(storage))
        return kept

    def texts(self) -> dict[str, str]:
        """What each key holds for this data, as the pages write it (a section with nothing kept is left out)."""
        out: dict[str, str] = {}
        if self.games.games:
            out[gamestore.STORAGE_KEY] = self.games.to_text()
        if self.rating.games or self.rating.folded:
            out[rating.STORAGE_KEY] = self.rating.to_text()
        if self.puzzles is not None:
            out[PROGRESS_KEY] = self.puzzles.to_text()
        if self.streak is not None:
            out[STREAK_KEY] = self.streak.to_text()
        if self.lesson or self.step:
            out[learn.STORAGE_KEY] = learn.progress_text(self.lesson, self.step)
        if self.theme:
            out[THEME_KEY] = self.theme
        return out

    def sections(self) -> dict[str, Any]:
        """The backup's sections: the values the keys hold (:meth:`texts`), as JSON."""
        texts = self.texts()
        return {name: (texts[key] if name == "theme" else json.loads(texts[key]))
                for name, key in _SECTION_KEYS.items() if key in texts}

    def solved(self) -> int:
        """How many puzzles are ticked solved (on the puzzles page, and in the streak embed)."""
        ledger = self.puzzle_ledger()
        return sum(1 for p in ledger.progress.values() if p["solved"]) if ledger else 0

    def puzzle_ledger(self) -> PuzzleLedger | None:
        """Every puzzle attempt kept: the puzzles page's ledger merged with the streak embed's (as the
        puzzles page reads them, :func:`lab.puzzleledger.read_merged`)."""
        parts = [p.ledger for p in (self.puzzles, self.streak) if p is not None]
        return parts[0].merged(parts[1]) if len(parts) == 2 else (parts[0] if parts else None)


#: A section's name and the key whose value it holds.
_SECTION_KEYS = {"games": gamestore.STORAGE_KEY, "rating": rating.STORAGE_KEY, "puzzles": PROGRESS_KEY,
                 "streak": STREAK_KEY, "lesson": learn.STORAGE_KEY, "theme": THEME_KEY}
#: What each section holds, in words, for a refusal ("its kept games are damaged").
_SECTION_WORDS = {"games": "kept games", "rating": "rating", "puzzles": "puzzle progress",
                  "streak": "puzzle streak", "lesson": "lesson progress", "theme": "theme"}


class _ReadOnly:
    """A storage read through, whose writes (a reader setting a value aside) are kept in memory only."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.written: dict[str, str] = {}

    def get_item(self, key: str) -> str | None:
        return self.written.get(key, self.storage.get_item(key))

    def set_item(self, key: str, value: str) -> None:
        self.written[key] = value


def _read(storage: Storage) -> tuple[Kept, list[str]]:
    """What ``storage`` keeps, and the sections a page's reader found (partly) unreadable."""
    bad: list[str] = []
    store, problem = gamestore.load(storage)
    if problem:
        bad.append("games")
    rated, problem = rating.load(storage)
    if problem:
        bad.append("rating")
    found: dict[str, SavedProgress | None] = {}
    for name, key in (("puzzles", PROGRESS_KEY), ("streak", STREAK_KEY)):
        saved, reading = read_progress(storage.get_item(key))
        if reading.unreadable or reading.problems:
            bad.append(name)
        found[name] = saved if reading.values is not None else None
    values, problem = read_stored(storage, learn.SCHEMA)
    if problem:
        bad.append("lesson")
    done = frozenset(values.get("done", ())) if values else frozenset()
    step = values.get("step") if values else None
    theme = storage.get_item(THEME_KEY)
    if theme is not None and theme not in THEMES:
        bad.append("theme")
        theme = None
    return Kept(store, rated, found["puzzles"], found["streak"], done, step, theme), bad


# ---------------------------------------------------------------- the file


@dataclass(frozen=True)
class Backup:
    """A backup: what it holds (:class:`Kept`) and when it was made."""

    kept: Kept
    made: str = ""

    def to_text(self) -> str:
        """The backup file's text (sections in a fixed order, so the same data gives the same file)."""
        return json.dumps({"format": FORMAT, "version": VERSION, "made": self.made, **self.kept.sections()},
                          indent=1, ensure_ascii=False)

    @classmethod
    def from_text(cls, text: str) -> "Backup":
        """Read a backup file's text; :class:`BackupError` (one sentence) if it cannot be restored."""
        if len(text) > MAX_CHARS:
            raise BackupError(f"This file is too large to be a backup of the lab ({len(text):,} characters; "
                              f"a backup holds at most {MAX_CHARS:,}): nothing was changed.")
        if not isinstance(text, str) or not text.strip():
            raise BackupError("This is empty: choose a backup file of the phutball lab, or paste its text.")
        try:
            data = load_json(text, MAX_DEPTH)
        except StoredValueError:
            raise BackupError("This is not a backup of the phutball lab (it is not a backup file's text): "
                              "nothing was changed.") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BackupError("This is not a backup of the phutball lab: nothing was changed.")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise BackupError("This backup is damaged (it gives no version of its format): nothing was changed.")
        if version > VERSION:
            raise BackupError("This backup was made by a newer version of the lab: reload the page to get it, "
                              "then restore again. Nothing was changed.")
        made = data.get("made")
        items: dict[str, str] = {}
        for name, key in _SECTION_KEYS.items():
            if name not in data:
                continue
            value = data[name]
            if name == "theme":
                if not isinstance(value, str):
                    raise BackupError("This backup is damaged: its theme is not a word. Nothing was changed.")
                items[key] = value
            elif not isinstance(value, dict):
                raise BackupError(f"This backup is damaged: its {_SECTION_WORDS[name]} are not what the lab "
                                  "keeps. Nothing was changed.")
            else:
                items[key] = json.dumps(value)
        kept, bad = _read(MemoryStorage(items))
        if bad:
            raise BackupError(f"This backup is damaged: its {_SECTION_WORDS[bad[0]]} cannot be read. "
                              "Nothing was changed.")
        return cls(kept, made if isinstance(made, str) else "")


# ---------------------------------------------------------------- merging


def renamed_id(entry: GameEntry) -> str:
    """The id a backup's game takes when a different game is kept here under its id: made from its id and
    record, so restoring the same backup again finds it already here."""
    return hashlib.sha256(f"{entry.id}\n{entry.record}".encode()).hexdigest()[:12]


def _extends(longer: GameEntry, shorter: GameEntry) -> bool:
    """Is ``longer`` the game of ``shorter`` taken further: the same start, the same moves first, and more
    moves or an end (a resignation, a draw agreed) that ``shorter`` has not reached?"""
    if longer.plies < shorter.plies or (longer.plies == shorter.plies and (shorter.finished or not longer.finished)):
        return False
    try:
        a, b = longer.game(), shorter.game()
    except PhutballError:
        return False
    return a.start == b.start and a.moves[:len(b.moves)] == b.moves


@dataclass(frozen=True)
class GamesMerge:
    store: GameStore
    added: int = 0
    here: int = 0
    longer: int = 0
    both: int = 0
    left_out: int = 0    # the oldest finished games that do not fit in this browser (they stay in the file)
    current_changed: bool = False


def merge_games(here: GameStore, there: GameStore, limit: int = gamestore.MAX_CHARS) -> GamesMerge:
    """``there``'s games added to ``here``'s by id (the module's rules); the game on the board stays current."""
    store = here
    added = same = longer = both = 0
    current_changed = False
    for entry in reversed(there.games):
        mine = store.get(entry.id)
        if mine is None:
            store, added = store.with_game(entry), added + 1
        elif mine == entry or _extends(mine, entry) or mine.record == entry.record:
            same += 1
        elif _extends(entry, mine):
            store, longer = store.with_game(entry), longer + 1
            current_changed = current_changed or entry.id == here.current
        else:
            copy = replace(entry, id=renamed_id(entry))
            if store.get(copy.id) is None:
                store, both = store.with_game(copy), both + 1
            else:
                same += 1
    kept_ids = {g.id for g in store.games}
    fitted, _ = store.fitted(limit)
    left_out = len(kept_ids) - len(fitted.games)
    return GamesMerge(fitted, added, same, longer, both, left_out, current_changed)


def merge_progress(here: SavedProgress | None, there: SavedProgress | None) -> SavedProgress | None:
    """Both browsers' puzzle progress: the ledgers merged by attempt id, the best streak the higher, a streak
    going on this browser's unless it has none."""
    if here is None or there is None:
        return here if there is None else there
    merged = here.merged(there)
    if merged.runs.streak is None and there.runs.streak is not None:
        merged = replace(merged, runs=replace(merged.runs, streak=there.runs.streak))
    return merged


def _attempts(kept: Kept) -> int:
    ledger = kept.puzzle_ledger()
    return len(ledger.records) + len(ledger.earlier) if ledger else 0


def _best(kept: Kept) -> int:
    return max((p.runs.best_streak for p in (kept.puzzles, kept.streak) if p is not None), default=0)


@dataclass(frozen=True)
class Plan:
    """What restoring a backup does (:func:`plan`): the merged data, and the counts its preview says."""

    before: Kept
    after: Kept
    games: GamesMerge
    steps_added: int

    @property
    def attempts_added(self) -> int:
        """Puzzle attempts the backup adds (each attempt once, by its id)."""
        return _attempts(self.after) - _attempts(self.before)

    def changes(self) -> bool:
        return self.after != self.before

    def words(self, done: bool = False) -> str:
        """The preview: "Restoring this backup adds 12 games and 40 puzzle attempts; 3 games are already
        here; your rating becomes 1034 (now 1002), from 25 rated games."; ``done``: what the page says after."""
        g = self.games
        if not self.changes():
            return ("Everything in this backup was already here: nothing changed." if done else
                    "Everything in this backup is already here: restoring it changes nothing.")
        verb = (lambda now, then: then) if done else (lambda now, then: now)
        adds = [p for p in (_count(g.added, "game"), _count(self.attempts_added, "puzzle attempt"),
                            _count(self.steps_added, "lesson step")) if p]
        parts = [f"{verb('adds', 'added')} {_and(adds)}" if adds else verb("adds nothing new", "added nothing new")]
        if g.longer:
            parts.append(f"{verb('brings', 'brought')} {_count(g.longer, 'game')} further "
                         "(moves made on the other device)")
        if g.both:
            parts.append(f"{verb('keeps', 'kept')} both versions of {_count(g.both, 'game')} played differently "
                         "on each device")
        if g.here:
            are = "is" if g.here == 1 else "are"
            parts.append(f"{_count(g.here, 'game')} {verb(are, 'was' if g.here == 1 else 'were')} already here")
        old, new = self.before.rating, self.after.rating
        if new.games != old.games:
            becomes = verb(f"becomes {round(new.value)} (now {round(old.value)})",
                           f"is now {round(new.value)} (it was {round(old.value)})")
            parts.append(f"your rating {becomes}, from {_count(new.games, 'rated game')}")
        puzzles_old, puzzles_new = self.before.puzzle_ledger(), self.after.puzzle_ledger()
        if puzzles_new is not None and (puzzles_old is None or puzzles_new.rating != puzzles_old.rating):
            was = puzzles_old.rating if puzzles_old is not None else puzzles_new.start
            becomes = verb(f"becomes {puzzles_new.rating} (now {was})", f"is now {puzzles_new.rating} (it was {was})")
            parts.append(f"your puzzle rating {becomes}")
        best_old, best_new = _best(self.before), _best(self.after)
        if best_new > best_old:
            parts.append(f"your best puzzle streak {verb('becomes', 'is now')} {best_new}")
        text = ("Restored: " if done else "Restoring this backup ") + "; ".join(parts) + "."
        if g.left_out:
            text += (f" {_count(g.left_out, 'old finished game')} did not fit in this browser's storage: "
                     f"{'it stays' if g.left_out == 1 else 'they stay'} in the file." if done else
                     f" {_count(g.left_out, 'old finished game')} will not fit in this browser's storage: "
                     f"{'it stays' if g.left_out == 1 else 'they stay'} in the file.")
        return text

    def write(self, storage: Storage) -> list[str]:
        """Write every key whose value changes (the games first, the largest); the keys written.
        A write the browser refuses raises (:class:`lab.savedstate.StorageFull`): what was written stays
        (it only adds to what was here)."""
        before, after = self.before.texts(), self.after.texts()
        written = []
        for key, text in after.items():
            if before.get(key) != text:
                storage.set_item(key, text)
                written.append(key)
        return written


def _count(n: int, what: str, before: str = "") -> str:
    """"3 games", "1 game"; "" for none (a part the preview leaves out)."""
    return f"{before}{count(n, what)}" if n else ""


def count(n: int, what: str) -> str:
    """"0 games", "1 game", "12 games"."""
    return f"{n} {what}{'' if n == 1 else 's'}"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def plan(here: Kept, there: Kept) -> Plan:
    """What merging ``there`` (a backup) into ``here`` (this browser) gives (the module's rules)."""
    games = merge_games(here.games, there.games)
    lesson = here.lesson | there.lesson
    after = Kept(games.store, here.rating.merged(there.rating), merge_progress(here.puzzles, there.puzzles),
                 merge_progress(here.streak, there.streak), lesson, here.step or there.step, here.theme or there.theme)
    return Plan(here, after, games, len(lesson - here.lesson))


# ---------------------------------------------------------------- carrying by link or QR code


def carry_fragment(backup: Backup) -> str | None:
    """``restore=<zlib, base64url>`` for a link that restores ``backup``; None if it is longer than
    :data:`CARRY_MAX` (too large for a QR code: the page offers the file)."""
    packed = zlib.compress(json.dumps({"format": FORMAT, "version": VERSION, "made": backup.made,
                                       **backup.kept.sections()}, separators=(",", ":")).encode(), 9)
    fragment = CARRY_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return fragment if len(fragment) <= CARRY_MAX else None


def is_carry_fragment(fragment: str) -> bool:
    return fragment.lstrip("#").startswith(CARRY_PREFIX)


def from_fragment(fragment: str) -> Backup:
    """The backup a ``restore=`` link carries; :class:`BackupError` if the link is damaged."""
    data = fragment.lstrip("#")[len(CARRY_PREFIX):]
    if len(data) > MAX_CHARS:
        raise BackupError("This link is too long to be the lab's: nothing was changed.")
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        z = zlib.decompressobj()
        text = z.decompress(packed, MAX_CHARS + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise BackupError("This link is damaged (part of it is missing or changed): nothing was changed.") from None
    if len(text) > MAX_CHARS or z.unconsumed_tail:
        raise BackupError("This link holds more than a backup of the lab can: nothing was changed.")
    if not z.eof:  # the end of the packed text (and its checksum) is missing: a link cut short
        raise BackupError("This link is damaged (part of it is missing or changed): nothing was changed.")
    try:
        return Backup.from_text(text.decode())
    except UnicodeDecodeError:
        raise BackupError("This link is damaged (part of it is missing or changed): nothing was changed.") from None


# ---------------------------------------------------------------- the last backup, and reminders


@dataclass(frozen=True)
class LastBackup:
    """When the last backup was made (date) and how many games were kept then."""

    date: str = ""
    games: int = 0

    def to_text(self) -> str:
        return json.dumps({"v": 1, "date": self.date, "games": self.games})

    @classmethod
    def read(cls, storage: Storage) -> "LastBackup":
        """The stored mark (none if nothing readable is stored: it only drives a reminder)."""
        raw = storage.get_item(LAST_KEY)
        try:
            data = load_json(raw) if raw else None
        except StoredValueError:
            data = None
        if (isinstance(data, dict) and isinstance(data.get("date"), str) and len(data["date"]) <= 32
                and isinstance(data.get("games"), int) and not isinstance(data["games"], bool)
                and 0 <= data["games"] <= 1_000_000):
            return cls(data["date"], data["games"])
        return cls()


def reminder(kept_games: int, last: LastBackup, *, failed: bool) -> str:
    """The gentle line that asks for a backup ("" when none is due): after :data:`REMIND_AFTER` new games
    since the last backup, or after a write the browser refused.  (A browser that may clear the lab's
    data is said by :func:`storage_words`, in *Your games*.)"""
    if not kept_games:
        return ""
    if failed:
        return "This browser could not save everything: back up now, so nothing is lost."
    new = kept_games - last.games if last.date else kept_games
    if new >= REMIND_AFTER:
        since = f"since your last backup ({last.date})" if last.date else "and no backup yet"
        return f"{new} new games {since}: back up, to keep them if this browser's data is cleared."
    return ""


#: About how many characters localStorage holds for one site (Chromium, Firefox and Safari: 5 MiB or
#: 10 MB of UTF-16, i.e. about five million characters).
LOCAL_QUOTA = 5_000_000


def _size(n: float) -> str:
    """A size in words: "840 bytes", "84 KB", "14 MB", "120 GB" (powers of 1,000, as browsers show them)."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= scale:
            whole = n >= 10 * scale or n % scale == 0
            return f"{n / scale:.0f} {unit}" if whole else f"{n / scale:.1f} {unit}"
    return f"{n:.0f} bytes"


def storage_words(persisted: bool | None, local: int | None, usage: int | None = None,
                  quota: int | None = None) -> str:
    """What *Your games* says of the browser's storage (``navigator.storage`` as host.js reads it)."""
    keeps = {True: "This browser keeps the lab's data: it will not clear it to free space.",
             False: "This browser may clear the lab's data if space runs low (Safari: after a week without a "
                    "visit, unless the lab is on the home screen): back up to keep it.",
             None: "This browser does not say whether it keeps the lab's data: back up to keep it."}[persisted]
    parts = [keeps]
    if local is not None:
        parts.append(f"Your games and progress take {_size(local)} of the about {_size(LOCAL_QUOTA)} "
                     "this browser gives them.")
    if usage is not None and quota:
        parts.append(f"The offline copy of the lab takes {_size(usage)} of the {_size(quota)} it may use.")
    return " ".join(parts)


__all__ = ["CARRY_MAX", "FORMAT", "KEYS", "LAST_KEY", "LOCAL_QUOTA", "MAX_CHARS", "REMIND_AFTER", "THEME_KEY", "VERSION",
           "Backup", "BackupError", "GamesMerge", "Kept", "LastBackup", "MemoryStorage", "Plan", "carry_fragment", "count",
           "from_fragment", "is_carry_fragment", "merge_games", "merge_progress", "plan", "reminder", "renamed_id",
           "storage_words"]
