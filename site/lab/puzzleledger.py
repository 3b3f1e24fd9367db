"""The reader's puzzle attempts, each recorded once, and the puzzle rating replayed from them (pure Python).

**The ledger** (issue 42).  Every attempt at a puzzle is one :class:`Attempt`: a unique id (made
when the attempt starts, :func:`new_attempt_id`), the puzzle's id, when it ended (UTC), how it
ended and the puzzle's rating then::

    clean   solved without a hint                          a solve
    hints   solved after 1 or 2 hints                      a partial solve
    shown   the reader asked for the solution               a failure
    failed  a wrong move or answer, or the third hint       a failure (``hints`` says how many were taken)

The reader's puzzle rating is not stored as a number: it is the **replay** of the records, oldest
first (:attr:`PuzzleLedger.rating`), from ``start`` (:data:`lab.puzzlerating.START` for a newcomer),
by the Elo update of :mod:`lab.puzzlerating` (K = 32, the puzzle's recorded rating as the opponent's):

* a clean solve gains ``round(32 (1 - expected))`` (:func:`lab.puzzlerating.elo_update`);
* a solve after ``h`` hints gains that, halved ``h`` times, rounded down (``gain // 2 ** h``): one
  hint at most half a clean solve's gain, two hints at most a quarter (:func:`change`);
* the third hint of an attempt gives the move away: the attempt is recorded then, as ``failed``;
  *Show solution* is recorded as ``shown``; both lose as a failed attempt does
  (``elo_update(..., solved=False)``), and the puzzle is listed under *Replay my failed puzzles*
  until it is solved;
* **only a puzzle's first attempt moves the rating**, as on lichess: a retry after a wrong move, a
  replay of a failed puzzle or of one already solved is recorded (it ticks the puzzle solved, or
  not) but changes no rating.

An attempt counts once because its id is in the ledger (:meth:`PuzzleLedger.record` of a known
id is the ledger itself).  Two ledgers (two tabs, two devices, the streak embed's, a backup)
merge by id (:meth:`PuzzleLedger.merged`) and the merge is replayed, so the rating is the same
whatever the order in which they met.  Hints taken in an attempt not yet ended are kept too
(:class:`OpenAttempt`, the ledger's ``open``), so a reload or another tab goes on with them
instead of a fresh attempt.

**Stored** in ``localStorage["phutball.puzzles.v1"]`` (the key keeps its name; the value has a
version), :class:`SavedProgress`::

    {"v": 2, "start": 1200,
     "earlier": {"<puzzle id>": [true, 3], ...},        # version 1's per-puzzle progress: [solved, attempts]
     "ledger": [["9f0c1d2e3a4b5c6d", "<puzzle id>", "2026-11-27T17:20:05.123Z", "hints", 1, 1466], ...],
     "open": [["0a1b2c3d4e5f6071", "<puzzle id>", 2], ...],      # [attempt id, puzzle id, hints taken]
     "best_streak": 4, "streak": {"seed": 123, "count": 2},
     "mistakes": [["mistake-0a1b2c3d4e5f", "<position>", "H10", "K6-G9", ["G9-G11"], 11, "2026-11-27"], ...]}

``mistakes`` (written when there are some) are the reader's blunders from reviewed games, puzzles of
their own (:mod:`lab.mistakes`); two values merge by id.

A version 1 value (``{"v": 1, "puzzles": {id: {solved, attempts}}, "rating", "best_streak",
"streak"}``) is read as the starting record: ``start`` is its rating and ``earlier`` its table, so
nobody loses a rating or a tick, and a puzzle tried then is not rated again.  The streak embed
(:mod:`lab.embedstreak`) keeps the same value under its own key; the puzzles page merges the
embed's ledger into its own when it reads (:func:`read_merged`), so an attempt made in an embed
counts once in the reader's rating.  Every stored value is checked before use; what cannot be
used is set aside (:mod:`lab.savedstate`) and the rest kept, record by record.
"""

from __future__ import annotations

import datetime
import json
import random
import re
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, Callable, ClassVar, Iterable, Self, TypedDict, cast

from lab.mistakes import Mistake
from lab.mistakes import merged as merged_mistakes
from lab.puzzlerating import START, elo_update
from lab.savedstate import (Field, Reading, Schema, Storage, StoredValueError, article, json_type, load_json,
                            set_aside)
from phutball.errors import quote

#: Where the puzzles page keeps its progress (the key of version 1, now holding version 2).
PROGRESS_KEY = "phutball.puzzles.v1"
#: Where the streak embed keeps its own progress (:mod:`lab.embedstreak`), in the same format.
STREAK_KEY = "phutball.embed.streak.v1"
#: What the puzzles page says when the browser refused to store its progress (``host.js``'s store-failed event).
UNSAVED = ("This browser refused to save your puzzle progress (its storage for this site is full, or it forbids "
           "storage): your attempts and rating are kept while this page stays open.")
#: The stored value's version; version 1 is still read.
VERSION = 2
#: How an attempt ended (see the module's doc).
OUTCOMES = ("clean", "hints", "shown", "failed")
#: The hint that gives the move away: taking it records the attempt as failed.
MAX_HINTS = 3
#: A reader's rating (and a puzzle's recorded one) stays in this range.
LOWEST, HIGHEST = 0, 4000
#: Most unfinished attempts with hints kept (past it, those of the last puzzle ids, in order, are dropped).
OPEN_CAP = 200

_ID = re.compile(r"[0-9a-f]{16}")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{3})?Z")
#: At most this many problems are named one by one in the page's message.
_NAMED = 3


# ---------------------------------------------------------------- checks


def _integer(value: Any) -> bool:
    return json_type(value) == "integer"


def _rating_ok(value: Any) -> bool:
    return _integer(value) and LOWEST <= value <= HIGHEST


def _puzzle_ok(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 200 and value.isprintable()


def _at_ok(value: Any) -> bool:
    if not (isinstance(value, str) and _AT.fullmatch(value)):
        return False
    try:
        datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _hints_ok(outcome: str, hints: Any) -> bool:
    """``clean``: none; ``hints``: 1 or 2; ``shown``: 0 to 2 (the third was recorded as failed); ``failed``: 0 to 3."""
    if not _integer(hints):
        return False
    low, high = {"clean": (0, 0), "hints": (1, MAX_HINTS - 1), "shown": (0, MAX_HINTS - 1),
                 "failed": (0, MAX_HINTS)}[outcome]
    return bool(low <= hints <= high)


def attempt_problem(attempt_id: Any, puzzle: Any, at: Any, outcome: Any, hints: Any, rating: Any) -> str | None:
    """Why these are not an attempt's fields (see :class:`Attempt`), in words; None if they are."""
    if not (isinstance(attempt_id, str) and _ID.fullmatch(attempt_id)):
        return f"an attempt id {quote(attempt_id, 30)} is not 16 lower-case hex digits"
    if not _puzzle_ok(puzzle):
        return f"attempt {attempt_id}'s puzzle {quote(puzzle, 30)} is not a puzzle id"
    if not _at_ok(at):
        return f"attempt {attempt_id}'s time {quote(at, 30)} is not a UTC time such as 2026-11-27T17:20:05.123Z"
    if not (isinstance(outcome, str) and outcome in OUTCOMES):
        return f"attempt {attempt_id}'s outcome {quote(outcome, 30)} is not one of {', '.join(OUTCOMES)}"
    if not _hints_ok(outcome, hints):
        return f"attempt {attempt_id}'s hints {quote(hints, 30)} do not fit the outcome {outcome}"
    if not _rating_ok(rating):
        return f"attempt {attempt_id}'s puzzle rating {quote(rating, 30)} is not a rating from {LOWEST} to {HIGHEST}"
    return None


def new_attempt_id() -> str:
    """A fresh attempt id: 16 random lower-case hex digits (64 bits: two devices never make the same)."""
    return f"{random.SystemRandom().getrandbits(64):016x}"


def utc_now() -> str:
    """The time now, as :class:`Attempt` stores it (UTC, milliseconds: ``2026-11-27T17:20:05.123Z``)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


# ---------------------------------------------------------------- records


class _Row:
    """A record stored as the JSON list of its fields, in order (``[id, puzzle, at, ...]``)."""

    #: What one is, for messages ("an attempt").
    WHAT: ClassVar[str] = "a record"

    def to_json(self) -> list[Any]:
        """The stored form: the list of the fields' values."""
        return [getattr(self, f.name) for f in fields(cast(Any, self))]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """A record from its stored form; :class:`ValueError` saying what is wrong (the fields check themselves)."""
        names = [f.name for f in fields(cast(Any, cls))]
        if not isinstance(data, list) or len(data) != len(names):
            raise ValueError(f"{cls.WHAT} {quote(data, 40)} is not a list [{', '.join(names)}]")
        return cls(*data)


@dataclass(frozen=True)
class Attempt(_Row):
    """One attempt at a puzzle, ended (see the module's doc for the outcomes and what each is worth).

    ``hints``: the hints taken in the attempt; ``rating``: the puzzle's rating when it was tried (the
    replay uses it, so refitted puzzle ratings do not rewrite a reader's past).
    :class:`ValueError` (in words) for fields that do not fit (:func:`attempt_problem`).
    """

    WHAT: ClassVar[str] = "an attempt"

    id: str
    puzzle: str
    at: str
    outcome: str
    hints: int
    rating: int

    def __post_init__(self) -> None:
        why = attempt_problem(self.id, self.puzzle, self.at, self.outcome, self.hints, self.rating)
        if why is not None:
            raise ValueError(why)

    @property
    def solved(self) -> bool:
        """A solve, clean or after one or two hints: the puzzle is ticked solved."""
        return self.outcome in ("clean", "hints")



@dataclass(frozen=True)
class OpenAttempt(_Row):
    """An attempt not ended yet, in which hints were taken: kept so that a reload goes on with them."""

    WHAT: ClassVar[str] = "an open attempt"

    id: str
    puzzle: str
    hints: int

    def __post_init__(self) -> None:
        why = attempt_problem(self.id, self.puzzle, "2000-01-01T00:00:00Z", "shown", self.hints, START)
        if why is not None or self.hints < 1:
            raise ValueError(why or f"an open attempt {self.id} with {quote(self.hints, 30)} hints")



@dataclass(frozen=True)
class Earlier:
    """A puzzle's progress kept from version 1 (before the ledger): solved or not, how many attempts."""

    puzzle: str
    solved: bool
    attempts: int

    def __post_init__(self) -> None:
        if not (_puzzle_ok(self.puzzle) and isinstance(self.solved, bool) and _integer(self.attempts)
                and self.attempts > 0):
            raise ValueError(f"puzzle {quote(self.puzzle, 30)}: {quote([self.solved, self.attempts], 30)} is not "
                             "[solved, attempts] with at least one attempt")


def change(reader: int, attempt: Attempt) -> int:
    """How a puzzle's first attempt moves a rating of ``reader`` (see the module's doc): a clean solve the
    Elo gain, a solve after ``h`` hints that gain // 2**h (at most half of it), a failure the Elo loss."""
    if not attempt.solved:
        return elo_update(reader, attempt.rating, False) - reader
    gain = elo_update(reader, attempt.rating, True) - reader
    return gain >> attempt.hints  # gain // 2**hints: gain is never negative


def _clamped(value: int) -> int:
    return min(HIGHEST, max(LOWEST, value))


def _order(a: Attempt) -> tuple[str, str]:
    return (a.at, a.id)


class ProgressEntry(TypedDict):
    """One puzzle's progress, as the page lists it: solved (by any attempt) and how many attempts."""

    solved: bool
    attempts: int


@dataclass(frozen=True)
class PuzzleLedger:
    """The reader's puzzle attempts: ``records`` replayed from ``start`` give the rating.

    ``earlier``: per-puzzle progress from before the ledger (version 1), counted as tried; ``open``:
    unfinished attempts with hints.  Records are kept sorted by time, then id, each id once (if two
    differ, the smaller stored form); open attempts whose id is recorded are dropped, and one per puzzle
    is kept (the most hints).  :class:`ValueError` for a ``start`` that is not a rating.
    """

    start: int = START
    earlier: tuple[Earlier, ...] = ()
    records: tuple[Attempt, ...] = ()
    open: tuple[OpenAttempt, ...] = ()

    def __post_init__(self) -> None:
        if not _rating_ok(self.start):
            raise ValueError(f"a puzzle rating's start {quote(self.start, 30)} is not a rating from {LOWEST} to {HIGHEST}")
        by_id: dict[str, Attempt] = {}
        for a in self.records:
            if a.id not in by_id or a.to_json() < by_id[a.id].to_json():
                by_id[a.id] = a
        records = tuple(sorted(by_id.values(), key=_order))
        by_puzzle: dict[str, OpenAttempt] = {}
        for o in self.open:
            if o.id not in by_id:
                was = by_puzzle.get(o.puzzle)
                if was is None or (o.hints, was.id) > (was.hints, o.id):
                    by_puzzle[o.puzzle] = o
        earlier = {e.puzzle: e for e in self.earlier}
        object.__setattr__(self, "records", records)
        object.__setattr__(self, "open", tuple(sorted(by_puzzle.values(), key=lambda o: o.puzzle))[:OPEN_CAP])
        object.__setattr__(self, "earlier", tuple(earlier[p] for p in sorted(earlier)))

    # ------------------------------------------------------------ the replay

    @cached_property
    def changes(self) -> tuple[int, ...]:
        """What each record changed the rating by, oldest first (0 for all but a puzzle's first attempt)."""
        tried = {e.puzzle for e in self.earlier}
        you = self.start
        out: list[int] = []
        for a in self.records:
            after = you if a.puzzle in tried else _clamped(you + change(you, a))
            tried.add(a.puzzle)
            out.append(after - you)
            you = after
        return tuple(out)

    @property
    def rating(self) -> int:
        """The reader's puzzle rating: ``start`` plus every record's change."""
        return self.start + sum(self.changes)

    @cached_property
    def _ids(self) -> frozenset[str]:
        return frozenset(a.id for a in self.records)

    def has(self, attempt_id: str) -> bool:
        """Whether attempt ``attempt_id`` is recorded."""
        return attempt_id in self._ids

    def last_change(self, attempt_id: str) -> int | None:
        """The change recorded attempt ``attempt_id`` made (None if it is not recorded)."""
        return next((c for a, c in zip(self.records, self.changes) if a.id == attempt_id), None)

    @cached_property
    def progress(self) -> dict[str, ProgressEntry]:
        """Each tried puzzle's progress: solved by an earlier tick or any solve, attempts counted."""
        out: dict[str, ProgressEntry] = {e.puzzle: {"solved": e.solved, "attempts": e.attempts} for e in self.earlier}
        for a in self.records:
            entry = out.setdefault(a.puzzle, {"solved": False, "attempts": 0})
            entry["attempts"] += 1
            entry["solved"] = entry["solved"] or a.solved
        return out

    def hints_open(self, puzzle: str) -> OpenAttempt | None:
        """The unfinished attempt at ``puzzle`` in which hints were taken, if any."""
        return next((o for o in self.open if o.puzzle == puzzle), None)

    # ------------------------------------------------------------ new records

    def record(self, attempt: Attempt) -> "PuzzleLedger":
        """The ledger with ``attempt`` (its open hints closed); ``self`` itself if that attempt is recorded."""
        if self.has(attempt.id):
            return self
        return replace(self, records=(*self.records, attempt))

    def hinted(self, attempt_id: str, puzzle: str, hints: int) -> "PuzzleLedger":
        """The ledger noting that unfinished attempt ``attempt_id`` at ``puzzle`` has taken ``hints`` hints."""
        if self.has(attempt_id):
            return self
        others = tuple(o for o in self.open if o.puzzle != puzzle)
        return replace(self, open=(*others, OpenAttempt(attempt_id, puzzle, hints)))

    def merged(self, other: "PuzzleLedger") -> "PuzzleLedger":
        """Both ledgers' records, each once by id, replayed (two tabs, two devices, the embed's, a backup).

        The start and earlier table are those of the ledger with more earlier entries (then the higher
        start); the other's earlier entries are added where it has a puzzle the first lacks (solved if
        either says so).  Commutative, and ``a.merged(a) == a``.
        """
        base, rest = sorted((self, other), key=lambda g: (len(g.earlier), g.start,
                                                          [(e.puzzle, e.solved, e.attempts) for e in g.earlier]))[::-1]
        earlier = {e.puzzle: e for e in rest.earlier}
        for e in base.earlier:
            was = earlier.get(e.puzzle)
            earlier[e.puzzle] = e if was is None else Earlier(e.puzzle, e.solved or was.solved,
                                                               max(e.attempts, was.attempts))
        merged = PuzzleLedger(base.start, tuple(earlier.values()), (*self.records, *other.records),
                              (*self.open, *other.open))
        return self if merged == self else merged

    # ------------------------------------------------------------ stored form

    def fields(self) -> dict[str, Any]:
        """The ledger's part of the stored value (see the module's doc)."""
        return {"start": self.start, "earlier": {e.puzzle: [e.solved, e.attempts] for e in self.earlier},
                "ledger": [a.to_json() for a in self.records], "open": [o.to_json() for o in self.open]}


# ---------------------------------------------------------------- streaks, and the whole stored value


@dataclass(frozen=True)
class Streak:
    """A streak in progress: puzzles solved in a row (``count``) along the order ``seed`` shuffles
    (:func:`lab.puzzlestreak.streak_order`); stored with the progress, so it survives a reload."""

    seed: int
    count: int = 0


@dataclass(frozen=True)
class Runs:
    """What the page keeps besides the ledger: the best streak and the streak going on."""

    best_streak: int = 0
    streak: Streak | None = None


@dataclass(frozen=True)
class SavedProgress:
    """What :data:`PROGRESS_KEY` (and the streak embed's key) holds: the ledger, the runs, and the reader's
    mistakes from reviewed games (:mod:`lab.mistakes`; written when there are some)."""

    ledger: PuzzleLedger = field(default_factory=PuzzleLedger)
    runs: Runs = Runs()
    mistakes: tuple[Mistake, ...] = ()

    def to_text(self) -> str:
        """The stored form (see the module's doc)."""
        s = self.runs.streak
        streak = None if s is None else {"seed": s.seed, "count": s.count}
        found = {"mistakes": [m.to_json() for m in self.mistakes]} if self.mistakes else {}
        return json.dumps({"v": VERSION, **self.ledger.fields(), "best_streak": self.runs.best_streak,
                           "streak": streak, **found}, sort_keys=True, separators=(",", ":"))

    def merged(self, stored: "SavedProgress") -> "SavedProgress":
        """This tab's progress with what is ``stored`` now (another tab's): the ledgers merged, the best
        streak the higher, the streak going on this tab's, the mistakes of both."""
        best = max(self.runs.best_streak, stored.runs.best_streak)
        return SavedProgress(self.ledger.merged(stored.ledger), replace(self.runs, best_streak=best),
                             merged_mistakes(self.mistakes, stored.mistakes))


def _count(value: int) -> bool:
    return value >= 0


def _streak(value: dict[str, Any] | None) -> bool:
    return value is None or (set(value) == {"seed", "count"} and all(
        _integer(value[k]) and value[k] >= 0 for k in value))


def _each(value: Any) -> bool:
    return True  # each entry is checked on its own: one bad entry loses only itself


_RUN_FIELDS = (Field("best_streak", ("integer",), "a count of puzzles", _count),
               Field("streak", ("object", "null"), "a streak ({seed, count})", _streak))
#: Version 2 (:meth:`SavedProgress.to_text`).
PROGRESS_SCHEMA = Schema(PROGRESS_KEY, "saved puzzle progress", (
    Field("start", ("integer",), f"a rating from {LOWEST} to {HIGHEST}", _rating_ok),
    Field("earlier", ("object",), "a table of puzzles", _each),
    Field("ledger", ("array",), "a list of attempts", _each),
    Field("open", ("array",), "a list of unfinished attempts", _each),
    *_RUN_FIELDS,
    Field("mistakes", ("array",), "a list of mistakes", _each),
), version=VERSION)
#: Version 1, read as the starting record.
PROGRESS_SCHEMA_V1 = Schema(PROGRESS_KEY, "saved puzzle progress", (
    Field("puzzles", ("object",), "a table of puzzles"),  # (the streak embed's version 1 had none)
    *_RUN_FIELDS,
    Field("rating", ("integer",), f"a rating from {LOWEST} to {HIGHEST}", _rating_ok),
), version=1)
#: The fields of one puzzle's entry in version 1's ``puzzles``.
ENTRY_FIELDS = (Field("solved", ("boolean",), "true or false", required=True),
                Field("attempts", ("integer",), "a count of attempts", _count, required=True))


def _some(bad: list[str], total: int, what: str) -> str:
    if len(bad) == 1:
        return bad[0]
    more = "; …" if len(bad) > _NAMED else ""
    return f"{len(bad)} of {total} {what} could not be read ({'; '.join(bad[:_NAMED])}{more})"


def _checked(items: Iterable[Any], what: str, read: Callable[[Any], Any]) -> tuple[list[Any], list[str]]:
    """The items ``read`` accepts, and the problem with the rest in words (none: an empty list)."""
    items = list(items)
    kept: list[Any] = []
    bad: list[str] = []
    for item in items:
        try:
            kept.append(read(item))
        except (ValueError, TypeError) as e:
            bad.append(str(e))
    return kept, ([_some(bad, len(items), what)] if bad else [])


def _v1_entry(item: tuple[Any, Any]) -> Earlier | None:
    pid, entry = item
    if not isinstance(entry, dict):
        raise ValueError(f"puzzle {quote(pid, 30)}: is {article(json_type(entry))}, not an object")
    why = next((w for f in ENTRY_FIELDS if (w := f.problem(entry.get(f.name))) is not None), None)
    if why is not None:
        raise ValueError(f"puzzle {quote(pid, 30)}: {why}")
    if entry["attempts"] == 0:
        return None  # not tried: nothing to keep
    return Earlier(pid, entry["solved"], entry["attempts"])


def _v2_earlier(item: tuple[Any, Any]) -> Earlier:
    pid, entry = item
    if not (isinstance(entry, list) and len(entry) == 2):
        raise ValueError(f"puzzle {quote(pid, 30)}: {quote(entry, 30)} is not [solved, attempts]")
    return Earlier(pid, *entry)


def _runs(values: dict[str, Any]) -> Runs:
    s = values.get("streak")
    return Runs(int(values.get("best_streak", 0)), Streak(s["seed"], s["count"]) if s else None)


def _version(raw: str) -> int:
    """The version a stored value says it is (:data:`VERSION` if it says nothing readable)."""
    try:
        data = load_json(raw)
    except StoredValueError:
        return VERSION
    v = data.get("v") if isinstance(data, dict) else None
    return 1 if json_type(v) == "integer" and v == 1 else VERSION


def read_progress(raw: str | None) -> tuple[SavedProgress, Reading]:
    """Stored progress of either version, and what :mod:`lab.savedstate` made of the text.

    Unreadable means not JSON (including JSON nested too deeply to parse) or not a progress object;
    a readable object keeps its good fields and entries, and each bad one is named in the reading's
    problems (the page then sets the text aside and says so once, :meth:`Reading.message`).
    """
    if not raw:
        return SavedProgress(), Reading(None)
    version = _version(raw)
    reading = (PROGRESS_SCHEMA_V1 if version == 1 else PROGRESS_SCHEMA).read(raw)
    values = reading.values
    if values is None:
        return SavedProgress(), reading
    problems = list(reading.problems)
    mistakes: list[Mistake] = []
    if version == 1:
        earlier, bad = _checked(values.get("puzzles", {}).items(), "puzzles", _v1_entry)
        problems += bad
        ledger = PuzzleLedger(values.get("rating", START), tuple(e for e in earlier if e is not None))
    else:
        earlier, bad = _checked(values.get("earlier", {}).items(), "puzzles", _v2_earlier)
        records, bad_records = _checked(values.get("ledger", []), "attempts", Attempt.from_json)
        opened, bad_open = _checked(values.get("open", []), "unfinished attempts", OpenAttempt.from_json)
        mistakes, bad_mistakes = _checked(values.get("mistakes", []), "mistakes", Mistake.from_json)
        problems += bad + bad_records + bad_open + bad_mistakes
        ledger = PuzzleLedger(values.get("start", START), tuple(earlier), tuple(records), tuple(opened))
    if len(problems) > _NAMED:
        problems[_NAMED:] = [f"and {len(problems) - _NAMED} more"]
    saved = SavedProgress(ledger, _runs(values), merged_mistakes(mistakes))
    return saved, Reading(values, reading.unreadable, tuple(problems))


def load(storage: Storage, key: str = PROGRESS_KEY) -> tuple[SavedProgress, str]:
    """The progress stored under ``key`` (a newcomer's if none), and the page's message about what could
    not be read: that part is set aside under ``<key>.unreadable`` and the usable part stored again, so
    the message is said once."""
    raw = storage.get_item(key)
    try:
        saved, reading = read_progress(raw)
    except Exception as e:  # a last resort (no known input gets here): the page must start, the text is kept
        return SavedProgress(), set_aside(storage, key, raw or "", f"it could not be read ({type(e).__name__})")
    message = reading.message(storage, key, raw)
    if message:
        storage.set_item(key, saved.to_text())
    return saved, message


def peek(storage: Storage, key: str) -> SavedProgress:
    """What ``key`` holds, its unreadable parts left out, without setting anything aside (another
    page's value: the page that owns it says what it could not read)."""
    return read_progress(storage.get_item(key))[0]


def read_merged(storage: Storage) -> tuple[SavedProgress, str]:
    """The puzzles page's progress at start (:func:`load`), its ledger merged with the streak embed's
    (:data:`STREAK_KEY`, read as it is: the embed owns it), and the message about what could not be read."""
    saved, message = load(storage)
    embed = peek(storage, STREAK_KEY).ledger
    return replace(saved, ledger=saved.ledger.merged(embed)), message


def embed_ledger(ledger: PuzzleLedger) -> PuzzleLedger:
    """The part of a ledger the streak embed keeps: its attempts (records and open hints) alone, from a
    newcomer's start (a version 1 embed's rating was never shown and is not carried over), so that merging
    it into the page's ledger adds attempts and never changes the page's start."""
    return PuzzleLedger(START, (), ledger.records, ledger.open)


def save(storage: Storage, saved: SavedProgress, key: str = PROGRESS_KEY) -> SavedProgress:
    """Store ``saved`` merged with what ``key`` holds now (another tab may have written since), and return
    the merge: nothing another tab recorded is lost, and nothing is counted twice.  A stored value that
    cannot be used (in part) is set aside first, as :func:`load` does."""
    raw = storage.get_item(key)
    stored, reading = read_progress(raw)
    reading.message(storage, key, raw)  # what cannot be used now is set aside, never overwritten unseen
    merged = saved.merged(stored)
    text = merged.to_text()
    if storage.get_item(key) != text:
        storage.set_item(key, text)
    return merged


def add_mistakes(storage: Storage, found: Iterable[Mistake]) -> str:
    """Keep the reader's blunders ``found`` by a game review (the play page) with the puzzle progress, merged
    with what is stored; "" when kept (or nothing new), else the page's words on why not: a stored progress
    that cannot be read whole is left for the puzzles page, which owns it, to set aside and say so."""
    found = tuple(found)
    if not found:
        return ""
    raw = storage.get_item(PROGRESS_KEY)
    stored, reading = read_progress(raw)
    if raw and (reading.values is None or reading.problems):
        return ("Your mistakes could not be kept as puzzles: the puzzle progress saved here could not be read. "
                "Open the puzzles page to see what it kept.")
    kept = replace(stored, mistakes=merged_mistakes(stored.mistakes, found)).to_text()
    if kept != raw:  # read whole just now: what is stored, with the mistakes added (nothing to merge)
        storage.set_item(PROGRESS_KEY, kept)
    return ""


__all__ = ["ENTRY_FIELDS", "HIGHEST", "LOWEST", "MAX_HINTS", "OUTCOMES", "PROGRESS_KEY", "PROGRESS_SCHEMA",
           "PROGRESS_SCHEMA_V1", "VERSION", "Attempt", "Earlier", "OpenAttempt", "ProgressEntry", "PuzzleLedger",
           "Runs", "STREAK_KEY", "SavedProgress", "Streak", "UNSAVED", "attempt_problem", "change", "embed_ledger", "load", "new_attempt_id", "peek",
           "add_mistakes", "read_merged", "read_progress", "save", "utc_now"]
