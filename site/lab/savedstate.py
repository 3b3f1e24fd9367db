"""Reading what a page stored in localStorage, safely (pure Python, unit-tested without a browser).

localStorage is user-controlled: a value may be corrupt, hand-edited, from an
older version, or deeply nested JSON that would overflow the parser's stack
(in the browser's worker, ``json.loads`` of 5,000 nested brackets overflows
the JavaScript stack before Python's recursion limit is reached, and the page
never becomes ready).  The rule the pages follow: a stored value that cannot
be read is *set aside* under a backup key (nothing the user saved is thrown
away), the page starts from its defaults, and it says so once, in words.

:func:`load_json` bounds the nesting before parsing, so no input can crash it;
:func:`set_aside` moves an unreadable value to ``<key>.unreadable``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from phutball.errors import quote

#: Deepest nesting of arrays/objects a stored value may have; the pages store at most 3 levels.
MAX_DEPTH = 16
#: Longest stored value read (characters): far above any real game record.
MAX_CHARS = 5_000_000


class StoredValueError(ValueError):
    """A stored value that cannot be read: not JSON, too deep, too long, or not the expected shape."""


class StorageFull(Exception):
    """A write the browser refused: its storage for the page is full (localStorage's quota)."""


class Storage(Protocol):
    def get_item(self, key: str) -> str | None: ...

    def set_item(self, key: str, value: str) -> None: ...


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting of JSON ``text`` (brackets inside strings ignored); no recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def load_json(raw: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse a stored JSON value; :class:`StoredValueError` (never a crash) if it cannot be read."""
    if len(raw) > MAX_CHARS:
        raise StoredValueError(f"it is too long ({len(raw):,} characters)")
    depth = nesting_depth(raw)
    if depth > max_depth:
        raise StoredValueError(f"it is nested {depth} levels deep (at most {max_depth} expected)")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as e:
        raise StoredValueError(f"it is not valid JSON ({str(e)[:80]})") from None


def backup_key(key: str) -> str:
    return key + ".unreadable"


def set_aside(storage: Storage, key: str, raw: str, why: str, *, partly: bool = False) -> str:
    """Keep an unreadable value under :func:`backup_key` and say so (the message the page shows once).

    ``partly``: only some fields were unusable; the page kept the rest and uses defaults for those.
    """
    storage.set_item(backup_key(key), raw)
    where = f"localStorage[\"{backup_key(key)}\"]"
    if partly:
        return (f"Part of your saved data could not be read ({why}); a copy was set aside under {where} "
                f"and the page uses its defaults for that part.")
    return f"Your saved data could not be read ({why}); it was set aside under {where} and the page started afresh."


# ---------------------------------------------------------------- typed fields

#: The JSON type names :func:`json_type` answers, in the order messages list them.
JSON_TYPES = ("null", "boolean", "integer", "number", "string", "array", "object")


def json_type(value: Any) -> str:
    """The JSON type of a parsed value: ``true`` is a boolean, not an integer (as in JSON Schema)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _anything(value: Any) -> bool:
    return True


@dataclass(frozen=True)
class Field:
    """One field of a stored JSON object: the JSON types it may have and a check of its value.

    ``accept`` is only ever called with a value of one of ``types``, so it can
    use the value freely (``value in LEVELS`` cannot meet an unhashable list).
    ``expected`` says in words what the field holds, for the page's message.
    """

    name: str
    types: tuple[str, ...]
    expected: str
    accept: Callable[[Any], bool] = _anything
    required: bool = False

    def problem(self, value: Any) -> str | None:
        """Why ``value`` cannot be this field's, in words; None if it can."""
        kind = json_type(value)
        if kind not in self.types:
            return f"{self.name} is {article(kind)}, not {self.expected}"
        if not self.accept(value):
            return f"{self.name} {quote(value, 30)} is not {self.expected}"
        return None


def article(kind: str) -> str:
    """A JSON type name as a message says it: "an array", "a string", "null"."""
    return {"null": "null", "array": "an array", "object": "an object", "integer": "an integer"}.get(kind, "a " + kind)


@dataclass(frozen=True)
class Schema:
    """What a page stores under ``key``: a JSON object ``{"v": version, <fields>}``.

    Reading it (:meth:`read`) type-checks every field: a value whose version or a
    required field is wrong cannot be used at all; any other wrong field is left
    out (the page uses its default) and named in :attr:`Reading.problems`.
    Fields the schema does not name are ignored (a newer version may add some).
    """

    key: str
    what: str                       # "a saved game": for the message when nothing can be used
    fields: tuple[Field, ...]
    version: int = 1

    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def read(self, raw: str | None) -> "Reading":
        if not raw:
            return Reading(None)
        try:
            data = load_json(raw)
        except StoredValueError as e:
            return Reading(None, unreadable=str(e))
        if not isinstance(data, dict) or json_type(data.get("v")) != "integer" or data["v"] != self.version:
            return Reading(None, unreadable=f"it is not {self.what} of this version")
        values: dict[str, Any] = {}
        problems: list[str] = []
        for f in self.fields:
            if f.name not in data:
                if f.required:
                    return Reading(None, unreadable=f"it is not {self.what}: {f.name} is missing")
                continue
            why = f.problem(data[f.name])
            if why is None:
                values[f.name] = data[f.name]
            elif f.required:
                return Reading(None, unreadable=f"it is not {self.what}: {why}")
            else:
                problems.append(why)
        return Reading(values, problems=tuple(problems))


@dataclass(frozen=True)
class Reading:
    """What :meth:`Schema.read` made of a stored value.

    ``values``: the usable fields (None: nothing stored, or nothing usable);
    ``unreadable``: why nothing could be used; ``problems``: the fields left out.
    """

    values: dict[str, Any] | None
    unreadable: str = ""
    problems: tuple[str, ...] = field(default=())

    def message(self, storage: Storage, key: str, raw: str | None) -> str:
        """Set the stored text aside if anything in it was not used, and say so ("" if all was used)."""
        if self.unreadable:
            return set_aside(storage, key, raw or "", self.unreadable)
        if self.problems:
            return set_aside(storage, key, raw or "", "; ".join(self.problems), partly=True)
        return ""


def read_stored(storage: Storage, schema: Schema) -> tuple[dict[str, Any] | None, str]:
    """The usable fields stored under ``schema.key`` (None if none), and the page's message about the rest."""
    raw = storage.get_item(schema.key)
    reading = schema.read(raw)
    return reading.values, reading.message(storage, schema.key, raw)


__all__ = ["JSON_TYPES", "MAX_DEPTH", "Field", "Reading", "Schema", "StorageFull", "StoredValueError", "article", "backup_key",
           "json_type", "load_json", "nesting_depth", "read_stored", "set_aside"]
