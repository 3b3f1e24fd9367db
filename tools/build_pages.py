"""What the build writes into the site's own files (tools/build_site.py builds dist/ with it).

Every file under site/ is shipped as it is, except that in text files the build's tokens are
replaced (:func:`site_files`): the engine wheel's and the site archive's file names, the shipped
start's facts; in pages the shared parts (``<!--{{NAME ...}}-->``, tools/site_pages.py) and the
values the site's own Python renders (:func:`page_tokens`); in scripts the facts that have their
one definition in Python (:func:`script_tokens`).  A page or script left with a token the build
does not know is refused.  The service worker gets this build's precache list
(:func:`service_worker`, with :func:`sri` and :func:`build_id`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
PUZZLES = ROOT / "puzzles"

TOKEN = "{{ENGINE_WHEEL}}"
LAB_TOKEN = "{{LAB_ZIP}}"
GEOMETRY_TOKEN = "/*{{GEOMETRY}}*/ null"
STRIP_TOKEN = "/*{{STRIP}}*/ null"
DAILY_TOKEN = "/*{{DAILY_BOARDS}}*/ null"
NEWCOMER_TOKEN = "/*{{NEWCOMER_PUZZLE}}*/ null"
PAINT_TOKEN = "/*{{PAINT_SHAPES}}*/"
KEYS_TOKEN = "/*{{STORAGE_KEYS}}*/ null"
START_POSITION_TOKEN = "/*{{STANDARD_START}}*/ null"
# A part the pages share (tools/site_pages.py), on a line of its own: <!--{{NAME attr="value" ...}}-->.
PAGE_PART = re.compile(r'^([ \t]*)<!--\{\{([A-Z_]+)((?:\s+[a-z]+="[^"]*")*)\s*\}\}-->', re.M)
PART_ATTRIBUTE = re.compile(r'([a-z]+)="([^"]*)"')
# Any token left in a built page or script: the build refuses to ship it.
LEFT_TOKEN = re.compile(rb"\{\{[A-Z][A-Z0-9_]*[^{}\n]*\}\}")
FAVICON_TOKEN = "{{FAVICON}}"
SW_FILE = "sw.js"
# The shipped start's facts, for pyodide/lab.mjs (tools/build_site.py's python_start makes it).
START_TOKEN = "{{PYTHON_START}}"
START_SHA256_TOKEN = "{{PYTHON_START_SHA256}}"
START_SNAPSHOT_SHA256_TOKEN = "{{PYTHON_START_SNAPSHOT_SHA256}}"
SW_TOKEN = "/*{{PRECACHE}}*/ null"
TEXT_SUFFIXES = {".html", ".htm", ".json", ".toml", ".py", ".js", ".mjs", ".css", ".txt", ".svg"}


class BuildError(Exception):
    pass


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# ---------------------------------------------------------------- the site's files

def _importable(site: Path) -> None:
    """Make the engine and the site's packages (lab/) importable here, as they are in the worker
    (and tools/site_pages.py, what the pages share)."""
    for path in (str(ROOT / "tools"), str(ROOT), str(site)):
        if path not in sys.path:
            sys.path.insert(0, path)


def page_tokens(site: Path = SITE) -> dict[str, str]:
    """The values the build writes into the pages: ``{{CALC_<KEY>}}`` -> text, HTML-escaped, and
    ``{{STANDARD_START}}`` (``site_pages.standard_start``: the play page's board before anything is drawn).

    Rendered by the site's own Python (``lab.calc.controller.CalcController.first_paint``),
    so the calculator's first picture is what its worker will show; never committed.
    """
    import html
    _importable(site)
    from lab.calc.controller import CalcController
    tokens = {f"{{{{CALC_{k}}}}}": html.escape(v, quote=True) for k, v in CalcController().first_paint().items()}
    if (site / "favicon.svg").is_file():
        tokens[FAVICON_TOKEN] = favicon_data_url(site)
    import site_pages
    tokens["{{STANDARD_START}}"] = html.escape(site_pages.standard_start(), quote=True)
    return tokens


def favicon_data_url(site: Path = SITE) -> str:
    """``site/favicon.svg`` as a ``data:`` URL for the pages' ``<link rel="icon">``.

    Chromium fetches a page's icon from its browser process, which the service
    worker never sees: an icon given as a file fails on an offline page
    (``ERR_INTERNET_DISCONNECTED``). A data URL needs no request at all.
    """
    from urllib.parse import quote
    svg = (site / "favicon.svg").read_text(encoding="utf-8").strip()
    return "data:image/svg+xml," + quote(svg, safe=" /=:,;'")


def page_parts(site: Path = SITE) -> dict:
    """The parts the pages share, by token name: ``name -> f(page, **attributes) -> lines`` (see site_pages)."""
    _importable(site)
    import site_pages
    levels, boards = site_pages.level_options(), site_pages.board_options()
    return {
        "HEAD": lambda page, **a: site_pages.head(**a),
        "HEADER": lambda page, **a: site_pages.header(page, **a),
        "LEVEL_OPTIONS": lambda page: levels,
        "BOARD_OPTIONS": lambda page: boards,
        "ATLAS_CHARTS": lambda page: site_pages.atlas_charts(),
        "BOARD_GRID": lambda page, canvas, keys="board", early="": site_pages.board_grid(canvas, keys, early),
        "MOVE_FORM": lambda page, placeholder, close="": site_pages.move_form(placeholder, close),
        "MOVE_PREVIEW": lambda page, kind="small": site_pages.move_preview(kind),
    }


def fill_parts(text: str, page: str, parts: dict) -> str:
    """``text`` (the page ``page``) with each <!--{{NAME ...}}--> line replaced by its part, indented as the token."""
    def one(m: re.Match) -> str:
        indent, name = m[1], m[2]
        if name not in parts:
            raise BuildError(f"site/{page} has a token the build does not know: {{{{{name}}}}}")
        attributes = dict(PART_ATTRIBUTE.findall(m[3]))
        try:
            lines = parts[name](page.rsplit("/", 1)[-1], **attributes)
        except TypeError as e:
            raise BuildError(f"site/{page}: {{{{{name}}}}} with attributes {sorted(attributes)}: {e}") from None
        return indent + ("\n" + indent).join(lines)
    return PAGE_PART.sub(one, text)


def script_tokens(site: Path = SITE) -> dict[str, str]:
    """The values the build writes into the scripts: the drawing's proportions, the strip's symbols, the
    painter of shape lists (``phutball/paint.js``, its one definition, shared with the notebook widget),
    the board of every puzzle a day can have, a newcomer's first puzzle, the localStorage keys and the
    standard start (``site_pages.storage_keys``, ``site_pages.standard_start``: one definition each, in Python).

    ``phutball.drawing.GEOMETRY`` is the proportions' one definition (embedboard.js, embed.js get
    it as JSON); the strip's symbols are the engine's (``site_pages.strip_symbols``); the days' boards are
    ``lab.puzzlelist.daily_boards`` of the shipped puzzles (embed.js sizes a daily frame with them).
    """
    import dataclasses
    _importable(site)
    import site_pages
    from lab.puzzlelist import daily_boards, newcomer_puzzle
    from phutball.drawing import GEOMETRY
    from phutball.puzzles.format import load_dir
    puzzles = load_dir(PUZZLES)
    first = newcomer_puzzle(puzzles)
    return {GEOMETRY_TOKEN: json.dumps(dataclasses.asdict(GEOMETRY), sort_keys=True),
            STRIP_TOKEN: json.dumps(site_pages.strip_symbols(), sort_keys=True),
            PAINT_TOKEN: (ROOT / "phutball" / "paint.js").read_text(encoding="utf-8"),
            DAILY_TOKEN: json.dumps(daily_boards(puzzles), separators=(",", ":")),
            NEWCOMER_TOKEN: json.dumps(puzzles[first].id if first is not None else None),
            KEYS_TOKEN: json.dumps(site_pages.storage_keys(), sort_keys=True),
            START_POSITION_TOKEN: json.dumps(site_pages.standard_start())}


def puzzle_index(names: list[str], site: Path = SITE) -> bytes:
    """``puzzles/index.json``: the puzzle files ``names`` (in ``puzzles/``), in order, and the ratings and themes
    of their puzzles (``facts``: ``lab.puzzlelist.puzzle_facts`` of the puzzles as a page reads them), which
    the puzzles page reads instead of deriving them as it starts (``lab.puzzlelist.known_facts``)."""
    _importable(site)
    from lab.puzzlelist import puzzle_facts, puzzles_from_files
    files = [{"name": name, "text": (PUZZLES / name).read_text(encoding="utf-8")} for name in names]
    facts = puzzle_facts(puzzles_from_files(files))
    return (json.dumps({"files": names, "facts": facts}, separators=(",", ":"), sort_keys=True) + "\n").encode()


def site_files(site: Path, wheel_name: str, lab_name: str, start: dict | None = None) -> dict[str, Path | bytes]:
    """Every file under ``site`` as dist/ gets it: text files with the build's tokens written in
    (``start``: the shipped start's facts, build-info.json's python_start: its file name in
    pyodide/, the SHA-256 of the file and of its snapshot; None for none)."""
    start_tokens = {token: (start or {}).get(fact, "") for token, fact in (
        (START_TOKEN, "file_name"), (START_SHA256_TOKEN, "sha256"), (START_SNAPSHOT_SHA256_TOKEN, "snapshot_sha256"))}
    files: dict[str, Path | bytes] = {}
    if not site.is_dir():
        raise BuildError(f"{site} is missing")
    page = page_tokens(site)
    parts = page_parts(site)
    script = script_tokens(site)
    used_token = False
    for dirpath, dirnames, filenames in os.walk(site):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "_")))
        for fname in sorted(filenames):
            if fname.startswith((".", "_")) or fname.endswith((".pyc", "~")):
                continue
            src = Path(dirpath) / fname
            rel = src.relative_to(site).as_posix()
            if rel.split("/")[0] in ("pyscript", "polyscript", "wheels") or rel == "build-info.json":
                raise BuildError(f"site/{rel} clashes with a generated path of dist/")
            if src.suffix.lower() in TEXT_SUFFIXES:
                data = src.read_bytes()
                used_token = used_token or TOKEN.encode() in data
                data = data.replace(TOKEN.encode(), wheel_name.encode()).replace(LAB_TOKEN.encode(), lab_name.encode())
                for token, value in start_tokens.items():
                    data = data.replace(token.encode(), value.encode())
                if src.suffix.lower() == ".js":
                    for token, value in script.items():
                        data = data.replace(token.encode(), value.encode())
                if src.suffix.lower() == ".html":   # the shared parts, then the pages' first pictures
                    data = fill_parts(data.decode("utf-8"), rel, parts).encode("utf-8")
                    for token, value in page.items():
                        data = data.replace(token.encode(), value.encode())
                if src.suffix.lower() in (".html", ".js", ".mjs"):
                    unknown = LEFT_TOKEN.search(data.replace(SW_TOKEN.encode(), b"") if rel == SW_FILE else data)
                    if unknown:
                        raise BuildError(f"site/{rel} has a token the build does not know: {unknown[0].decode()}")
                files[rel] = data
            else:
                files[rel] = src
    if not used_token:
        log(f"warning: no file in site/ uses {TOKEN}, so no page installs the engine wheel")
    return files


# ---------------------------------------------------------------- service worker

def sri(src: Path | bytes) -> str:
    """The Subresource Integrity string ("sha256-<base64>") of a file's bytes."""
    import base64
    digest = hashlib.sha256(src if isinstance(src, bytes) else src.read_bytes()).digest()
    return "sha256-" + base64.b64encode(digest).decode()


def build_id(integrity: dict[str, str]) -> str:
    """The build's id: 16 hex digits of a sha256 over every shipped (path, hash) pair, sorted."""
    h = hashlib.sha256()
    for rel in sorted(integrity):
        h.update(f"{rel}\0{integrity[rel]}\n".encode())
    return h.hexdigest()[:16]


def service_worker(template: Path | bytes, build: str, integrity: dict[str, str]) -> bytes:
    """site/sw.js with this build's precache list ({"build": id, "files": {path: sri}}) written in."""
    text = (template if isinstance(template, bytes) else template.read_bytes()).decode()
    if text.count(SW_TOKEN) != 1:
        raise BuildError(f"site/{SW_FILE} must contain {SW_TOKEN!r} exactly once (the precache list goes there)")
    listing = json.dumps({"build": build, "files": dict(sorted(integrity.items()))}, indent=1)
    return text.replace(SW_TOKEN, listing).encode()
