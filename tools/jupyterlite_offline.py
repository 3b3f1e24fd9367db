#!/usr/bin/env python3
"""docs/notebooks.md's offline JupyterLite recipe, run as written, in headless Chromium (issue 43).

Not part of ``make test``: it needs jupyterlite-core, jupyterlite-pyodide-kernel and about
fifteen wheels from PyPI that the project does not depend on.  After ``make dist``::

    python3 -m venv /tmp/lite && /tmp/lite/bin/pip install jupyterlite-core jupyterlite-pyodide-kernel
    .venv/bin/python tools/jupyterlite_offline.py --lite-python /tmp/lite/bin/python --out /tmp

It builds a JupyterLite site whose kernel runs on a copy of the lab's Pyodide (``dist/pyodide``)
with the wheels of IPython and its dependencies at the versions of Pyodide's lock file (their
``sha256`` in the lock changed to the files from PyPI), puts ``comm`` and the engine's wheel in
the site's ``pypi/`` folder, serves both from one local origin, installs the engine in
JupyterLite's console with piplite, plays a move, and checks that no request left the machine.
It writes ``nb-jupyterlite.png``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, chromium_args  # noqa: E402
from devserver import StaticServer  # noqa: E402

DIST = ROOT / "dist"
#: The Pyodide packages the kernel loads, with their dependencies (read from the lock file).
KERNEL_NEEDS = ("ipython", "jedi", "pyodide-http")
CODE = ("import piplite; await piplite.install('phutball'); from phutball.board import Position; "
        "print('PLAYED', Position.from_str('9x9_O_E5').play('E6'))")


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_with_kernel_wheels(python: str, target: Path) -> list[str]:
    """A copy of the lab's Pyodide in ``target`` with the pure-Python wheels the kernel needs, their
    ``sha256`` in the lock file changed to the wheels from PyPI.  Returns the wheels added."""
    shutil.copytree(DIST / "pyodide", target)
    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    packages = {normal(name): entry for name, entry in lock["packages"].items()}
    wanted, todo = set(), list(KERNEL_NEEDS)
    while todo:
        name = normal(todo.pop())
        if name in wanted or name not in packages:
            continue
        wanted.add(name)
        todo += packages[name]["depends"]
    missing = [packages[n] for n in sorted(wanted) if not (target / packages[n]["file_name"]).exists()]
    subprocess.run([python, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--python-version",
                    lock["info"]["python"].rsplit(".", 1)[0], "-q", "-d", str(target),
                    *[f"{p['name']}=={p['version']}" for p in missing]], check=True)
    for entry in lock["packages"].values():
        wheel = target / entry["file_name"]
        if wheel.exists():
            entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_path.write_text(json.dumps(lock), encoding="utf-8")
    return [p["file_name"] for p in missing]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lite-python", required=True,
                        help="the Python of an environment with jupyterlite-core and jupyterlite-pyodide-kernel")
    parser.add_argument("--out", type=Path, default=Path("/tmp"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not (DIST / "wheels" / "latest.json").exists():
        sys.exit("dist/ is not built: run `make dist` first")
    work = Path(tempfile.mkdtemp(prefix="phutball-jupyterlite-"))
    site, pyodide = work / "_output", work / "pyodide"
    site.mkdir()
    with StaticServer({"/": site, "/kernel-pyodide/": pyodide}) as server:   # one origin: no CORS needed
        added = pyodide_with_kernel_wheels(args.lite_python, pyodide)
        print(f"added to the lab's Pyodide: {', '.join(added)}")
        wheel = json.loads((DIST / "wheels" / "latest.json").read_text(encoding="utf-8"))["wheel"]
        (work / "pypi").mkdir()
        shutil.copy(DIST / "wheels" / wheel, work / "pypi" / wheel)
        subprocess.run([args.lite_python, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-q",
                        "-d", str(work / "pypi"), "comm"], check=True)
        (work / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                "pyodideUrl": f"{server.origin}/kernel-pyodide/pyodide.mjs", "disablePyPIFallback": True}}}}))
        subprocess.run([args.lite_python, "-m", "jupyter", "lite", "build", "--lite-dir", str(work),
                        "--output-dir", str(site)], cwd=work, check=True, capture_output=True)   # its state files go in work
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=chromium_args(p.chromium))
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(f"{server.origin}/repl/index.html?kernel=python&code={CODE}")
            page.wait_for_function("() => document.body.innerText.includes('PLAYED 9x9_X_E5_E6')", timeout=180_000)
            page.screenshot(path=str(args.out / "nb-jupyterlite.png"))
            browser.close()
    away = sorted({u for u in requests if not u.startswith((server.origin, "data:", "blob:"))})
    print(f"{args.out / 'nb-jupyterlite.png'}: the engine played in JupyterLite; requests off the machine: {away}")
    if away:
        sys.exit(1)


if __name__ == "__main__":
    main()
