#!/usr/bin/env python3
"""Build the self-contained static site into dist/ (stdlib only).

Usage:  python3 tools/build_site.py [--out dist] [--clean]

What ends up in dist/ (every URL the pages use is relative, so dist/ can be
served from any sub-path of any static host, or framed by another page):

  <everything under site/>   html, css, py, js, json, subfolders... copied as is;
                             in text files (.html .htm .json .toml .py .js .mjs
                             .css .txt) the token {{ENGINE_WHEEL}} is replaced by
                             the engine wheel's file name (e.g.
                             phutball-0.1.0-py3-none-any.whl), {{LAB_ZIP}} by
                             the site's Python archive's; in .html files {{CALC_<KEY>}} by
                             what the site's own Python renders for the
                             calculator's first picture (build_pages.page_tokens), and in
                             .js files /*{{GEOMETRY}}*/ null by the drawing's
                             proportions, phutball.drawing.GEOMETRY as JSON
                             (build_pages.script_tokens); in .html files {{FAVICON}} by
                             site/favicon.svg as a data: URL (the browser
                             fetches a page's icon outside its service worker,
                             so a file URL fails offline); in .html files, a
                             line's <!--{{HEAD ...}}-->, <!--{{HEADER}}-->,
                             <!--{{LEVEL_OPTIONS}}-->, <!--{{BOARD_OPTIONS}}-->,
                             <!--{{BOARD_GRID ...}}--> or <!--{{MOVE_FORM ...}}-->
                             by what the pages share (tools/site_pages.py:
                             the head, the header and its navigation, the
                             level and board menus from the engine's and the
                             site's Python); in .js files /*{{STRIP}}*/ null
                             by the 1D strip's symbols as the engine writes
                             them, /*{{PAINT_SHAPES}}*/ by phutball/paint.js
                             (canvas.js's painter), and /*{{DAILY_BOARDS}}*/ null
                             by the board of every puzzle a day can have
                             (lab.puzzlelist.daily_boards: embed.js's daily
                             frames). A page or script left with a {{TOKEN}} the
                             build does not know is refused. Files or folders
                             whose name starts with "." or "_" are skipped.
  pyscript/                  @pyscript/core dist (core.js, core.css, lazily
                             imported chunks; no source maps): for embedders'
                             own PyScript pages (docs/notebooks.md)
  polyscript/                polyscript's dist (PyScript's worker layer): host.js
                             starts the pages' worker with its XWorker
  pyodide/python-start-<hash>.bin.gz
                             the shipped start: a memory snapshot of Python started by
                             this Pyodide with the engine and site/lab imported, gzipped
                             (tools/make_snapshot.mjs under Node; cached in build/cache/start/);
                             in pyodide/lab.mjs, {{PYTHON_START}} is replaced by its file name,
                             {{PYTHON_START_SHA256}} by the file's SHA-256 and
                             {{PYTHON_START_SNAPSHOT_SHA256}} by the snapshot's (ungzipped):
                             the page checks the bytes it fetched before it restores them
  pyodide/lab.mjs            from site/: the module the pages' worker loads (pyodide.mjs
                             after storage-guard.mjs's check that IndexedDB works)
  vendor/fake-indexeddb/     fake-indexeddb's ES modules (npm), for storage-guard.mjs
  pyodide/                   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                             python_stdlib.zip, pyodide-lock.json (rewritten),
                             and the micropip + packaging wheels from PyPI
  wheels/<engine wheel>      built from this repo with `pip wheel --no-deps`; its
                             name is stable for a version (phutball-<version>-py3-none-any.whl),
                             the URL teachers give micropip (docs/notebooks.md)
  wheels/latest.json         names that wheel: {"name", "version", "wheel", "sha256"}
  wheels/segno-*.whl         the QR encoder from PyPI (site/lab/qr.py pins it), unpacked by the
                             play page's worker only when a QR code is asked for
  puzzles/*.json             the puzzle files, and puzzles/index.json listing them
  data/*.json                the 1D atlas's figures (tools/atlas.py, `make atlas`); atlas.html's
                             charts are rendered from them by the build (<!--{{ATLAS_CHARTS}}-->)
  build-info.json            versions, file names and sha256 of what was shipped,
                             and the build id
  sw.js                      the service worker (site/sw.js) with this build's
                             precache list written in: every other file of
                             dist/ with its sha256 (as a Subresource Integrity
                             string) and the build id, the first 16 hex digits
                             of a sha256 over those (path, sha256) pairs. Any
                             changed byte anywhere gives a new id, so a new
                             sw.js, so a new cache (see site/sw.js).

A page therefore says:
    <link rel="stylesheet" href="./pyscript/core.css">
    <script type="module" src="./pyscript/core.js"></script>
    <py-config type="json">{"interpreter": "./pyodide/pyodide.mjs",
                            "packages": ["./wheels/{{ENGINE_WHEEL}}"],
                            "files": {"./lib/extra.py": "./extra.py"}}</py-config>
("files" maps a URL of a file shipped from site/ to a path in the
interpreter's virtual file system, next to the main script, so `import extra`
works.) Pages in site/ subfolders must use ../ accordingly.

Pyodide's lock file: Pyodide resolves `micropip` (which PyScript needs to
install "packages") through pyodide-lock.json next to pyodide.mjs and checks
each wheel's sha256. The PyPI wheels of the same versions differ byte-wise
from Pyodide's CDN builds, so the vendored lock file is rewritten to carry the
file names and sha256 of the wheels actually shipped. The other ~350 entries
are kept: asking for one of them fails with a 404 on our own origin instead of
micropip falling back to PyPI (a cross-origin request).

Incremental: downloads are cached in build/cache/ (delete it to re-download),
the engine wheel is rebuilt only when the files it is built from change (it is
built from a scratch copy of the repo so setuptools' build/ and *.egg-info
never leak stale modules into it), and dist/ is synchronised: unchanged files
are not rewritten, files that no longer have a source are deleted.

Web workers (verified with this vendored setup, Chromium 156, a plain static
server, no COOP/COEP headers, so no SharedArrayBuffer, crossOriginIsolated is
false):
  * `<script type="py" worker name="search" config='{...}' src="./w.py">`
    works offline: the worker gets its own config (give it the same
    "interpreter" and "packages", and "files" for its local modules; relative
    URLs resolve against the page), boots its own Pyodide from pyodide/ and
    can `import phutball`. Functions listed in `__export__` are called from
    the main thread asynchronously:
        from pyscript import workers
        w = await workers["search"]; result = await w.best_move(position_json)
    Arguments and results must be structured-cloneable (str, numbers, lists,
    dicts of those): pass JSON strings to be safe. While the worker spins in
    pure Python, the main thread stays responsive (a 10 ms interval keeps
    firing).
  * Cost: no second download in a real browser profile (the worker's runtime
    requests are HTTP-cache hits; Playwright's in-memory contexts do refetch
    the 9.6 MB wasm), but a second interpreter's memory and boot: booting in
    parallel with the page's it delays the page's `ready` by about 0.25x of
    a bare PyScript start on a 2-core machine (bench/README.md). Start it
    late if that matters.
  * What does NOT work without the headers: anything in the worker that
    reaches back synchronously into the main thread -- `pyscript.window`,
    `pyscript.document` (AttributeError "Unable to use `window` or
    `document` in worker. This requires SharedArrayBuffer support"),
    `input()`, calling main-thread functions and waiting for them. The fixes
    (mini-coi service worker, or the `service-worker` attribute) are not
    needed if the worker is a pure compute server: keep the DOM on the main
    thread and send the worker plain data.
  * A running call cannot be interrupted (no shared memory to poll): slice
    the search (return after a time budget, let the main thread call
    again), or terminate the worker and start a new one.
  tests/browser/test_site_infra.py::test_worker_* guards this.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from build_pages import (PUZZLES, ROOT, SITE, SW_FILE, BuildError, build_id, log, puzzle_index, service_worker,
                         site_files, sri)

DATA = ROOT / "data"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
POLYSCRIPT_DIST = NODE_MODULES / "polyscript" / "dist"
FAKE_IDB_ESM = NODE_MODULES / "fake-indexeddb" / "build" / "esm"
CACHE = ROOT / "build" / "cache"

# Pyodide runtime files needed to boot (the rest of the npm package is docs,
# typings, node glue and the old non-module loader).
PYODIDE_RUNTIME = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
]
def _site_qr() -> tuple[str, str]:
    """The QR encoder's package and version, as ``site/lab/qr.py`` names them (one place for the pin)."""
    text = (SITE / "lab" / "qr.py").read_text()
    found = dict(re.findall(r'^(PACKAGE|VERSION) = "([^"]+)"$', text, re.M))
    return found["PACKAGE"], found["VERSION"]


# Lock-file packages shipped as PyPI wheels (micropip imports packaging).
LOCK_PACKAGES = ["micropip", "packaging"]

# The site's Python packages, unpacked into the worker's site-packages (lab-<hash>.zip):
# lab/ the pure-Python controllers and views, glue/ the only modules that import js/pyscript.
LAB_PACKAGES = ("lab", "glue")

WHEEL_EPOCH = "315532800"  # 1980-01-01, the earliest time a zip file can hold
# The shipped start (tools/make_snapshot.mjs): Python's memory, started, for pyodide/lab.mjs to restore.
MAKE_SNAPSHOT = ROOT / "tools" / "make_snapshot.mjs"
# Pyodide restores a snapshot into the heap it starts with, 30 MiB on 314.0.x (pyodide/pyodide#6254:
# a bigger one fails with "RangeError: offset is out of bounds"): a bigger one is not shipped.
START_HEAP_LIMIT = 30 * 2**20
# Top-level repo entries never part of the engine wheel's sources.
NOT_ENGINE_SOURCES = {
    ".git", ".ci", ".venv", "node_modules", "dist", "build", "site", "tests", "bench", "docs",
    "tools", "puzzles", "data", ".pytest_cache", ".hypothesis", "test-results", "__pycache__",
    "package.json", "package-lock.json", "eslint.config.mjs", "Makefile", ".gitignore",
}


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# ---------------------------------------------------------------- inputs

def check_node_modules() -> dict:
    versions = {}
    for name, pkg in (("pyodide", PYODIDE_NPM), ("@pyscript/core", PYSCRIPT_DIST.parent),
                      ("polyscript", POLYSCRIPT_DIST.parent),
                      ("fake-indexeddb", FAKE_IDB_ESM.parent.parent)):
        pj = pkg / "package.json"
        if not pj.is_file():
            raise BuildError(f"{pj} is missing: run `npm ci` first (or `make dist`).")
        versions[name] = json.loads(pj.read_text())["version"]
    want = json.loads((ROOT / "package.json").read_text())
    deps = {**want.get("dependencies", {}), **want.get("devDependencies", {})}
    for name, have in versions.items():
        if deps.get(name) != have:
            raise BuildError(
                f"node_modules has {name}@{have} but package.json pins {deps.get(name)}: run `npm ci`."
            )
    return versions


def download_wheel(name: str, version: str, python_version: str) -> Path:
    """Return the cached PyPI wheel name==version, downloading it once."""
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)
    norm = name.replace("-", "_").lower()
    found = [p for p in cache.glob("*.whl") if p.name.lower().startswith(f"{norm}-{version}-")]
    if found:
        return found[0]
    log(f"downloading {name}=={version} from the package index")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        cmd = [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", python_version,
            "--implementation", "py", "--abi", "none", "--platform", "any",
            f"{name}=={version}", "-d", tmp,
        ]
        subprocess.run(cmd, check=True)
        wheels = list(Path(tmp).glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"expected one pure-Python wheel for {name}=={version}, got {wheels}")
        dest = cache / wheels[0].name
        os.replace(wheels[0], dest)
    return dest


def engine_sources() -> list[Path]:
    files = []
    for top in sorted(ROOT.iterdir()):
        if top.name in NOT_ENGINE_SOURCES or top.name.endswith(".egg-info"):
            continue
        if top.is_file():
            files.append(top)
            continue
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.endswith(".egg-info"))
            files.extend(Path(dirpath) / f for f in sorted(filenames) if not f.endswith((".pyc", ".pyo")))
    return files


def latest_wheel(wheel: Path) -> bytes:
    """``wheels/latest.json``: the current engine wheel's file name (relative to ``wheels/``), version and
    sha256, for a notebook or page that installs the engine with micropip from the site."""
    name, version = wheel.name.split("-")[:2]
    return (json.dumps({"name": name, "version": version, "wheel": wheel.name, "sha256": sha256_file(wheel)},
                       indent=1) + "\n").encode()


def build_engine_wheel() -> Path:
    """Build (or reuse) the wheel of this repo, keyed by a hash of its sources."""
    sources = engine_sources()
    h = hashlib.sha256()
    for f in sources:
        h.update(str(f.relative_to(ROOT)).encode() + b"\0")
        h.update(hashlib.sha256(f.read_bytes()).digest())
    key = h.hexdigest()[:16]
    out = CACHE / "engine" / key
    wheels = list(out.glob("*.whl")) if out.is_dir() else []
    if len(wheels) == 1:
        return wheels[0]
    log("building the engine wheel (pip wheel --no-deps)")
    t0 = time.monotonic()
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        src = Path(tmp) / "src"
        for f in sources:
            dest = src / f.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dest)
        whl_dir = Path(tmp) / "wheel"
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(src), "-w", str(whl_dir)]
        # The same sources give the same bytes (zip timestamps from SOURCE_DATE_EPOCH), so the
        # same build id: a rebuild on a fresh clone does not make every visitor download the lab again.
        subprocess.run(cmd, check=True, env={**os.environ, "SOURCE_DATE_EPOCH": WHEEL_EPOCH})
        wheels = list(whl_dir.glob("*.whl"))
        if len(wheels) != 1:
            raise BuildError(f"pip wheel produced {wheels}")
        if not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"the engine wheel must be pure Python, got {wheels[0].name}")
        if out.exists():
            shutil.rmtree(out)
        os.replace(whl_dir, out)
    # Keep only the few most recent engine builds.
    builds = sorted((p for p in out.parent.iterdir() if p.is_dir() and not p.name.startswith("tmp")),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[5:]:
        shutil.rmtree(old, ignore_errors=True)
    log(f"engine wheel built in {time.monotonic() - t0:.1f}s")
    return next(out.glob("*.whl"))


def lab_archive(site: Path = SITE) -> tuple[str, bytes]:
    """The site's Python packages (site/lab/, site/glue/) as one zip for the pages' worker: (file name, bytes).

    Deterministic (sorted names, fixed timestamps), named by its content's hash,
    so a browser's HTTP cache never serves a stale one.
    """
    import io
    import zipfile
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for package in LAB_PACKAGES:
            for src in sorted((site / package).rglob("*.py")):
                rel = src.relative_to(site)
                if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
                    continue
                info = zipfile.ZipInfo(rel.as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, src.read_bytes())
    data = buf.getvalue()
    return f"lab-{hashlib.sha256(data).hexdigest()[:12]}.zip", data


def standard_modules(site: Path = SITE) -> list[str]:
    """The standard modules ``pyodide/lab.mjs`` imports before it saves a start (its STANDARD_MODULES)."""
    text = (site / "pyodide" / "lab.mjs").read_text(encoding="utf-8")
    m = re.search(r"const STANDARD_MODULES = (\[[^\]]*\]);", text)
    if not m:
        raise BuildError("site/pyodide/lab.mjs has no `const STANDARD_MODULES = [...];`")
    return json.loads(m[1])


def snapshot_sha256(gzipped: Path) -> str:
    """The SHA-256 (hex) of a gzipped snapshot, ungzipped: the bytes Pyodide restores, which
    pyodide/lab.mjs checks against the build's hash before it restores them ("" if not gzip)."""
    try:
        return hashlib.sha256(gzip.decompress(gzipped.read_bytes())).hexdigest()
    except (OSError, EOFError, zlib.error):  # not gzip, truncated, corrupt
        return ""


def python_start(wheel: Path, lab_bytes: bytes, site: Path = SITE) -> tuple[str, Path, dict] | None:
    """The shipped start: (its dist/pyodide/ file name, the gzipped snapshot, its facts), made once by
    tools/make_snapshot.mjs under Node for these Pyodide files, engine wheel, site archive and
    modules (cached in build/cache/start/); None, with a warning, if it cannot be made or is too big
    to restore (the pages then start Python as before).  The facts are make_snapshot.mjs's (sizes,
    modules, and ``snapshot_sha256``, the SHA-256 of the snapshot ungzipped); every build checks
    that the cached file still has that hash (a cached file that does not is made again)."""
    modules = standard_modules(site)
    h = hashlib.sha256(json.dumps(modules).encode())
    for f in [*(PYODIDE_NPM / n for n in PYODIDE_RUNTIME), MAKE_SNAPSHOT, wheel]:
        h.update(f.name.encode() + b"\0" + bytes.fromhex(sha256_file(f)))
    h.update(hashlib.sha256(lab_bytes).digest())
    key = h.hexdigest()[:16]
    out = CACHE / "start" / key
    made, facts = out / "start.bin.gz", out / "start.json"
    for attempt in range(2):
        if not (made.is_file() and facts.is_file()) and not _make_python_start(out, made, facts, lab_bytes,
                                                                                  wheel, modules):
            return None
        stated = json.loads(facts.read_text())
        if stated.get("snapshot_sha256") and stated["snapshot_sha256"] == snapshot_sha256(made):
            break
        log(f"warning: {made} is not the snapshot its facts describe (SHA-256)"
            + ("; making it again" if attempt == 0 else "; no shipped start"))
        made.unlink(missing_ok=True)
    else:
        return None
    if stated["heap"] > START_HEAP_LIMIT:
        log(f"warning: no shipped start: its heap, {stated['heap']} bytes, is over the {START_HEAP_LIMIT} "
            "Pyodide restores into")
        return None
    return f"python-start-{key[:12]}.bin.gz", made, stated


def _make_python_start(out: Path, made: Path, facts: Path, lab_bytes: bytes, wheel: Path,
                       modules: list[str]) -> bool:
    """Run tools/make_snapshot.mjs: ``made`` (the gzipped snapshot) and ``facts`` (its line of
    JSON); False, with a warning, if it failed."""
    log("making the shipped start (Pyodide under Node, once per runtime and Python sources)")
    t0 = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out) as tmp:
        lab = Path(tmp) / "lab.zip"
        lab.write_bytes(lab_bytes)
        cmd = ["node", str(MAKE_SNAPSHOT), str(PYODIDE_NPM), str(wheel), str(lab), str(made), *modules]
        try:
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            log(f"warning: no shipped start ({e}); pages start Python themselves")
            return False
    if run.returncode != 0:
        said = [line for line in run.stderr.splitlines() if len(line) < 400]  # (not Node's quote of a minified line)
        log(f"warning: no shipped start: {' '.join(cmd[:2])} failed: {' / '.join(said[-12:])}")
        return False
    facts.write_text(run.stdout.strip().splitlines()[-1] + "\n")
    log(f"shipped start made in {time.monotonic() - t0:.1f}s: {facts.read_text().strip()}")
    starts = sorted((p for p in out.parent.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    for old in starts[:-3]:
        shutil.rmtree(old, ignore_errors=True)
    return True


# ---------------------------------------------------------------- plan

def plan(versions: dict, site: Path = SITE) -> tuple[dict[str, Path | bytes], dict]:
    """Map every dist/ path to a source file (copied) or bytes (written)."""
    files: dict[str, Path | bytes] = {}
    info: dict = {"npm": versions, "pyodide_lock_rewritten": {}}

    # Pyodide runtime and its lock file, with the PyPI wheels of micropip/packaging.
    for name in PYODIDE_RUNTIME:
        src = PYODIDE_NPM / name
        if not src.is_file():
            raise BuildError(f"{src} missing from the pyodide npm package")
        files[f"pyodide/{name}"] = src
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    py_version = ".".join(lock["info"]["python"].split(".")[:2])
    for pkg in LOCK_PACKAGES:
        entry = lock["packages"][pkg]
        whl = download_wheel(entry["name"], entry["version"], py_version)
        digest = sha256_file(whl)
        info["pyodide_lock_rewritten"][pkg] = {
            "file_name": whl.name, "sha256": digest,
            "was": {"file_name": entry["file_name"], "sha256": entry["sha256"]},
        }
        entry["file_name"] = whl.name
        entry["sha256"] = digest
        files[f"pyodide/{whl.name}"] = whl
    files["pyodide/pyodide-lock.json"] = json.dumps(lock, separators=(",", ":")).encode()

    # An in-memory IndexedDB for site/storage-guard.mjs, loaded only where the browser refuses one.
    if not (FAKE_IDB_ESM / "index.js").is_file():
        raise BuildError(f"{FAKE_IDB_ESM} missing: run `npm ci`")
    for src in sorted(FAKE_IDB_ESM.rglob("*.js")):
        files[f"vendor/fake-indexeddb/{src.relative_to(FAKE_IDB_ESM).as_posix()}"] = src

    # PyScript core: every module chunk (core.js imports them lazily by name).
    for src in sorted(PYSCRIPT_DIST.iterdir()):
        if src.is_file() and not src.name.endswith(".map"):
            files[f"pyscript/{src.name}"] = src

    # polyscript (PyScript's worker layer, which host.js starts the pages' worker with).
    for src in sorted(POLYSCRIPT_DIST.iterdir()):
        if src.is_file() and src.suffix == ".js":
            files[f"polyscript/{src.name}"] = src

    # The engine wheel.
    wheel = build_engine_wheel()
    files[f"wheels/{wheel.name}"] = wheel
    info["engine_wheel"] = {"file_name": wheel.name, "sha256": sha256_file(wheel)}
    files["wheels/latest.json"] = latest_wheel(wheel)
    # The QR encoder (site/lab/qr.py): the page's worker unpacks it only when a QR code is asked for.
    qr = download_wheel(*_site_qr(), py_version)
    files[f"wheels/{qr.name}"] = qr
    info["qr_wheel"] = {"file_name": qr.name, "sha256": sha256_file(qr)}

    # The site's Python, one archive for the pages' worker.
    lab_name, lab_bytes = lab_archive(site)
    files[lab_name] = lab_bytes
    info["lab_archive"] = {"file_name": lab_name, "sha256": hashlib.sha256(lab_bytes).hexdigest()}

    # The shipped start: Python started, with the engine and lab/ imported (pyodide/lab.mjs restores it).
    start = python_start(wheel, lab_bytes, site)
    if start:
        files[f"pyodide/{start[0]}"] = start[1]
        info["python_start"] = {"file_name": start[0], "sha256": sha256_file(start[1]), **start[2]}

    # Everything under site/ (tokens substituted in text files).
    site_part = site_files(site, wheel.name, lab_name, info.get("python_start"))
    clash = sorted(set(site_part) & set(files))
    if clash:  # site/pyodide/lab.mjs may sit beside the runtime, not replace a file of it
        raise BuildError(f"site/{clash[0]} clashes with a generated path of dist/")
    files.update(site_part)

    # The puzzle files (puzzles/*.json) and their index, for puzzles.html.
    names = []
    for src in sorted(PUZZLES.glob("*.json")):
        files[f"puzzles/{src.name}"] = src
        names.append(src.name)
    files["puzzles/index.json"] = puzzle_index(names, site)
    # The 1D atlas's figures (data/*.json, made by tools/atlas.py), for atlas.html's readers.
    for src in sorted(DATA.glob("*.json")):
        files[f"data/{src.name}"] = src
    info["files"] = sorted(files)
    integrity = {rel: sri(src) for rel, src in files.items() if rel != SW_FILE}
    info["build_id"] = build_id(integrity)
    files["build-info.json"] = (json.dumps(info, indent=1, sort_keys=True) + "\n").encode()
    integrity["build-info.json"] = sri(files["build-info.json"])
    if SW_FILE in files:
        files[SW_FILE] = service_worker(files[SW_FILE], info["build_id"], integrity)
    return files, info


def sync(out: Path, files: dict[str, Path | bytes]) -> tuple[int, int]:
    """Make `out` hold exactly `files`; return (written, deleted)."""
    written = deleted = 0
    out.mkdir(parents=True, exist_ok=True)
    for rel, src in files.items():
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(src, bytes):
            if dest.is_file() and dest.stat().st_size == len(src) and dest.read_bytes() == src:
                continue
            tmp = dest.with_name(dest.name + ".tmp")
            tmp.write_bytes(src)
            os.replace(tmp, dest)
        else:
            st = src.stat()
            if dest.is_file() and not dest.is_symlink():
                d = dest.stat()
                if d.st_size == st.st_size and int(d.st_mtime) == int(st.st_mtime):
                    continue
            tmp = dest.with_name(dest.name + ".tmp")
            shutil.copy2(src, tmp)
            os.replace(tmp, dest)
        written += 1
    wanted = {out / rel for rel in files}
    for dirpath, dirnames, filenames in os.walk(out, topdown=False):
        for fname in filenames:
            p = Path(dirpath) / fname
            if p not in wanted:
                p.unlink()
                deleted += 1
        for d in dirnames:
            p = Path(dirpath) / d
            if not any(p.iterdir()):
                p.rmdir()
    return written, deleted


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "dist"), help="output directory (default: dist/)")
    ap.add_argument("--clean", action="store_true", help="delete the output directory first")
    ap.add_argument("--site", default=str(SITE), help="the site's sources (default: site/)")
    args = ap.parse_args(argv)
    out = Path(args.out).resolve()
    t0 = time.monotonic()
    try:
        versions = check_node_modules()
        if args.clean and out.exists():
            shutil.rmtree(out)
        files, info = plan(versions, Path(args.site).resolve())
        written, deleted = sync(out, files)
    except (BuildError, subprocess.CalledProcessError) as e:
        print(f"[build] error: {e}", file=sys.stderr)
        return 1
    total = sum((out / rel).stat().st_size for rel in files)
    log(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {len(files)} files, "
        f"{total / 1e6:.1f} MB ({written} written, {deleted} deleted) in {time.monotonic() - t0:.1f}s; "
        f"engine {info['engine_wheel']['file_name']}; build {info['build_id']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
