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
from typing import Any, Protocol

#: Deepest nesting of arrays/objects a stored value may have; the pages store at most 3 levels.
MAX_DEPTH = 16
#: Longest stored value read (characters): far above any real game record.
MAX_CHARS = 5_000_000


class StoredValueError(ValueError):
    """A stored value that cannot be read: not JSON, too deep, too long, or not the expected shape."""


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


def set_aside(storage: Storage, key: str, raw: str, why: str) -> str:
    """Keep an unreadable value under :func:`backup_key` and say so (the message the page shows once)."""
    storage.set_item(backup_key(key), raw)
    return (f"Your saved data could not be read ({why}); it was set aside under "
            f"localStorage[\"{backup_key(key)}\"] and the page started afresh.")


__all__ = ["MAX_DEPTH", "StoredValueError", "backup_key", "load_json", "nesting_depth", "set_aside"]
