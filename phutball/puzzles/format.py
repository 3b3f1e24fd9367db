"""Puzzle files: format, validating loader, and the engine's check of every claim.

A puzzle file is JSON (``puzzles/*.json``)::

    {
      "format": "phutball-puzzles/1",
      "collection": "The paper",
      "puzzles": [
        {
          "id": "paper-example-1",            unique across all files; [a-z0-9-]+
          "title": "Example (1)",
          "source": {"kind": "paper", "ref": "Grossman & Nowakowski, sec. 1, example (1)"},
          "variant": "1D",                    "1D" or "2D"
          "position": "L_o*o.o.o....",       the position string (it holds the side to move)
          "task": "win",                      see TASKS
          "difficulty": 2,                    1 (easy) .. 5 (hard)
          "text": "shown after solving",
          "main_line": ["2-4"],              the solution, moves in the notation
          ...task-specific fields...
        }
      ]
    }

Tasks (``TASKS``; each is a class of :mod:`phutball.puzzles.tasks`):

* ``win`` -- the side to move wins; play it out against the strongest defence.
  2D ``win`` puzzles are wins in one jump.
* ``only-move`` -- the side to move has exactly one winning move (1D), e.g. the
  paper's backward jump; ``main_line[0]`` is it.
* ``which-side`` -- say who wins with best play: ``"answer": "L"|"R"`` (or
  ``"O"|"X"``); ``main_line`` shows the winning play.
* ``compare`` -- ``"positions": [a, b]`` and ``"answer"``: the winner of each,
  e.g. ``["L", "R"]``; the paper's point that adding a stone in front of the
  ball or deleting an empty square can turn a win into a loss.
* ``safe-move`` (2D) -- find a move after which the opponent has no winning
  jump; ``"trap"`` names the tempting move that loses.
* ``potential`` -- an Oddish exercise: ``"answer": {"pL": 1, "pR": 0}``.
* ``win-in-two`` (2D) -- a move that makes an unstoppable threat (every
  defence loses to a jump); ``"solutions"`` lists every such first move and
  ``main_line`` is the move, the engine's defence and the winning jump.
* ``win-in-three`` (2D) -- a move after which every defence leaves a win in
  two; ``"solutions"`` lists every such first move and ``main_line`` is five
  plies: the move, a defence, the unstoppable threat, a defence, the jump.
* ``defend`` (2D) -- the opponent threatens a winning jump (``"threat"``);
  ``"solutions"`` is every move that stops it.
* ``dont-jump`` (2D) -- the tempting jump ``"trap"`` loses; ``"solutions"`` is
  every move that does not lose at once.
* ``fastest-win`` (1D) -- win by the fastest route; ``main_line[0]`` is a fastest win.
* ``only-jump`` (2D) -- exactly one of the side to move's jumps scores;
  ``main_line`` is it.

A 2D ``win`` may list every winning path in ``"solutions"``.  The 2D tasks are
decided exactly by their classes (:mod:`phutball.puzzles.tasks.board`, ...; :mod:`phutball.puzzles.search2d`
and :mod:`phutball.puzzles.three2d` say why the analysis is complete).

:func:`load_file` raises :class:`PuzzleFormatError` naming the file, the
puzzle and the field -- every field's JSON type is checked (:data:`OPTIONAL_FIELDS`
lists the optional ones), and so are numbers too big for Python to read and
JSON nested too deep to parse; :func:`check_claim` returns the list of problems found
when the engine or the exact solver disagrees with a puzzle (empty = true).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ..errors import ParseError, PhutballError, quote
from .puzzle import FORMAT, Puzzle  # noqa: F401  (re-exported: the format names them)
from .tasks import TASKS as TASK_TABLE, Task, task_named
from .tasks.base import is_str_list, is_whole

#: The tasks' names (:data:`phutball.puzzles.tasks.TASKS` says what each needs and where it exists).
TASKS = tuple(TASK_TABLE)
SOURCE_KINDS = ("paper", "generated", "composed")


class PuzzleFormatError(ParseError):
    """A puzzle file that does not follow the format."""


_REQUIRED: dict[str, type] = {
    "id": str, "title": str, "source": dict, "variant": str, "position": str, "task": str,
    "difficulty": int, "text": str, "main_line": list,
}


#: The optional fields the checks read, each with its JSON type (other fields are kept as they are).
OPTIONAL_FIELDS: dict[str, tuple[str, Any]] = {
    "positions": ("a list of position strings", is_str_list),
    "trap": ("a move (a string)", lambda v: isinstance(v, str)),
    "threat": ("a move (a string)", lambda v: isinstance(v, str)),
    "safe_moves": ("a list of moves (strings)", is_str_list),
    "traps": ("a list of moves (strings)", is_str_list),
    "tags": ("a list of strings", is_str_list),
    "lines": ("a list of main lines (lists of moves, or null)",
              lambda v: isinstance(v, list) and all(x is None or is_str_list(x) for x in v)),
    "through_own_goal": ("true or false", lambda v: isinstance(v, bool)),
    "min_jumps": ("a whole number 0..10000", is_whole),
    "plies": ("a whole number 0..10000, or null", lambda v: v is None or is_whole(v, 0)),
    "theme": ("a string", lambda v: isinstance(v, str)),
    "defence": ("a string", lambda v: isinstance(v, str)),
    "winner": ("a side letter (a string)", lambda v: isinstance(v, str)),
    "solutions": ("a non-empty list of moves (strings)", lambda v: is_str_list(v) and bool(v)),
    "nodes": ("a whole number 0..10^12 (search effort)", lambda v: is_whole(v, 0, 10**12)),
}


def puzzle_from(d: Any, where: str, collection: str) -> Puzzle:
    if not isinstance(d, dict):
        raise PuzzleFormatError("bad puzzle", where, "each puzzle must be a JSON object")
    pid = d.get("id", "?")
    at = f"{where}: puzzle {quote(pid)}"
    for key, typ in _REQUIRED.items():
        if key not in d:
            raise PuzzleFormatError("bad puzzle", at, f"missing field {key!r}")
        if not isinstance(d[key], typ) or (typ is int and isinstance(d[key], bool)):
            raise PuzzleFormatError("bad puzzle", at, f"field {key!r} must be {typ.__name__}")
    for key, (what, ok) in OPTIONAL_FIELDS.items():
        if key in d and not ok(d[key]):
            raise PuzzleFormatError("bad puzzle", at, f"field {key!r} must be {what}")
    if "answer" in d:
        asked = TASK_TABLE.get(d["task"], Task())  # (an unknown task is refused below; its answer is read as text)
        if not asked.answer_ok(d["answer"]):
            raise PuzzleFormatError("bad puzzle", at,
                                    f"field 'answer' must be {asked.answer_type} for task {quote(d['task'])}")
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", d["id"]):
        raise PuzzleFormatError("bad puzzle", at, "id must be lower-case letters, digits and hyphens")
    if d["task"] not in TASKS:
        raise PuzzleFormatError("bad puzzle", at, f"task must be one of {', '.join(TASKS)}")
    if d["variant"] not in ("1D", "2D"):
        raise PuzzleFormatError("bad puzzle", at, "variant must be 1D or 2D")
    if not 1 <= d["difficulty"] <= 5:
        raise PuzzleFormatError("bad puzzle", at, "difficulty must be 1..5")
    src = d["source"]
    if not all(isinstance(v, str) for v in src.values()):
        raise PuzzleFormatError("bad puzzle", at, "field 'source' must map names to strings")
    if src.get("kind") not in SOURCE_KINDS:
        raise PuzzleFormatError("bad puzzle", at, f"source.kind must be one of {', '.join(SOURCE_KINDS)}")
    if not all(isinstance(m, str) for m in d["main_line"]):
        raise PuzzleFormatError("bad puzzle", at, "main_line must be a list of moves in the notation")
    try:
        from ..game import parse_any_position
        pos = parse_any_position(d["position"])
        for p in d.get("positions", []):
            parse_any_position(p)
    except PhutballError as e:
        raise PuzzleFormatError("bad puzzle", at, f"position: {e}") from None
    from ..game import variant_of
    task = task_named(d["task"])
    if variant_of(pos).is_board != (d["variant"] == "2D"):  # a 1D puzzle may show an Oddish board
        raise PuzzleFormatError("bad puzzle", at, f"position is not a {d['variant']} position")
    for key in task.needs:
        if key not in d:
            raise PuzzleFormatError("bad puzzle", at, f"task {d['task']!r} needs field {key!r}")
    if d["variant"] not in task.variants:
        raise PuzzleFormatError("bad puzzle", at, f"task {d['task']!r} is for {' or '.join(task.variants)} "
                                "positions only")
    if task.needs_main_line and not d["main_line"]:
        raise PuzzleFormatError("bad puzzle", at, "main_line must not be empty")
    extra = {k: v for k, v in d.items() if k not in _REQUIRED}
    return Puzzle(d["id"], d["title"], dict(src), d["variant"], d["position"], task, d["difficulty"],
                  d["text"], tuple(d["main_line"]), collection, extra).with_start(pos)


def load_text(text: str, where: str = "<text>") -> list[Puzzle]:
    """Parse and validate one puzzle file's text."""
    if not isinstance(text, str):
        raise PuzzleFormatError("bad puzzle file", where, "expected text")
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as e:
        raise PuzzleFormatError("bad puzzle file", where, f"not JSON: {e.msg} at line {e.lineno}") from None
    except ValueError as e:  # a number too long for Python's int-string limit
        raise PuzzleFormatError("bad puzzle file", where, f"not readable JSON: {quote(str(e))}") from None
    except RecursionError:
        raise PuzzleFormatError("bad puzzle file", where, "JSON nested too deeply") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleFormatError("bad puzzle file", where, f'expected {{"format": "{FORMAT}", ...}}')
    if not isinstance(data.get("puzzles"), list):
        raise PuzzleFormatError("bad puzzle file", where, "expected a list under 'puzzles'")
    collection = data.get("collection", "")
    if not isinstance(collection, str):
        raise PuzzleFormatError("bad puzzle file", where, "field 'collection' must be a string")
    puzzles = [puzzle_from(d, where, collection) for d in data["puzzles"]]
    seen: set[str] = set()
    for p in puzzles:
        if p.id in seen:
            raise PuzzleFormatError("bad puzzle file", where, f"puzzle id {p.id!r} used twice")
        seen.add(p.id)
    return puzzles


def load_file(path: str | Path) -> list[Puzzle]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PuzzleFormatError("bad puzzle file", str(path), f"cannot read: {e}") from None
    return load_text(text, str(path.name))


def load_dir(folder: str | Path) -> list[Puzzle]:
    """Every puzzle of every ``*.json`` file in ``folder`` (sorted by file name); ids must be unique."""
    out: list[Puzzle] = []
    seen: dict[str, str] = {}
    for path in sorted(Path(folder).glob("*.json")):
        for p in load_file(path):
            if p.id in seen:
                raise PuzzleFormatError("bad puzzle file", path.name, f"puzzle id {p.id!r} is also in {seen[p.id]}")
            seen[p.id] = path.name
            out.append(p)
    return out
