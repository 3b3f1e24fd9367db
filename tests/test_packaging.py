"""The engine builds as an sdist and a wheel whose metadata passes ``twine check`` (issue 43, item 5).

The build runs offline: ``python -m build --no-isolation`` with this environment's setuptools
(the ``test`` extra pins ``setuptools>=77``, which reads ``license = "MIT"`` as an SPDX expression),
from a copy of the files the package is made of, so nothing is written into the work tree.
The wheel is the one ``pip install "phutball[widget] @ <the site's wheel URL>"`` installs
(docs/notebooks.md): it carries the widget's front end and its extra.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What a build of the package reads (pyproject.toml's packages, package data and readme).
SOURCES = ("pyproject.toml", "README.md", "phutball")


@pytest.mark.slow
def test_the_sdist_and_the_wheel_build_offline_and_pass_twine_check(tmp_path):
    pytest.importorskip("build")
    pytest.importorskip("twine")
    src, out = tmp_path / "src", tmp_path / "dist"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            src.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    t0 = time.monotonic()
    built = subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--no-isolation",
                            "--outdir", str(out), str(src)], capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (sdist,), (wheel,) = sorted(out.glob("*.tar.gz")), sorted(out.glob("*.whl"))
    assert sdist.name == "phutball-0.1.0.tar.gz" and wheel.name == "phutball-0.1.0-py3-none-any.whl"

    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(sdist), str(wheel)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2
    seconds = time.monotonic() - t0
    assert seconds < 30, f"build and check took {seconds:.1f} s"

    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        meta = z.read("phutball-0.1.0.dist-info/METADATA").decode()
    assert {"phutball/widget.py", "phutball/widget.js", "phutball/paint.js", "phutball/py.typed",
            "phutball/data/oned24.json"} <= names
    assert not [n for n in names if "__pycache__" in n or n.startswith(("tests/", "site/", "docs/"))]
    head, _, description = meta.partition("\n\n")
    fields = [line.split(": ", 1) for line in head.splitlines()]
    assert ["License-Expression", "MIT"] in fields and ["Description-Content-Type", "text/markdown"] in fields
    assert ["Provides-Extra", "widget"] in fields and ['Requires-Dist', 'anywidget>=0.9; extra == "widget"'] in fields
    assert ["Classifier", "Framework :: Jupyter"] in fields and ["Requires-Python", ">=3.11"] in fields
    assert not [f for f in fields if f[0] == "Requires-Dist" and "extra ==" not in f[1]]   # the engine needs nothing
    assert description.startswith("# The phutball lab")                                    # README.md

    with tarfile.open(sdist) as t:
        members = set(t.getnames())
    assert {f"phutball-0.1.0/{n}" for n in ("README.md", "pyproject.toml", "PKG-INFO", "phutball/widget.js",
                                            "phutball/paint.js")} <= members
