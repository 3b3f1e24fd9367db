"""The type checker: mypy over the engine (``phutball/``, strict) and the site's controllers (``site/lab/``).

The settings are pyproject.toml's ``[tool.mypy]``: the engine gets every flag of
``mypy --strict``; ``lab`` (found through ``mypy_path = "site"``) must annotate every
function, and returning ``Any`` where a type is declared is an error.  Of the browser glue
(``site/glue/``, which imports browser modules) every module is checked (issue 40), and ``glue/mygames.py``
annotates every function (issue 38).  mypy's cache is
``.mypy_cache/`` (about 10 s cold, 1 s warm).
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The flags ``mypy --strict`` turns on (mypy 2.4) that are set per module; the other two,
#: warn_unused_configs and warn_redundant_casts, are global and set in ``[tool.mypy]``.
STRICT_FLAGS = ("disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls",
                "disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs",
                "disallow_untyped_decorators", "warn_unused_ignores", "warn_return_any", "strict_equality",
                "extra_checks")


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def _override(module: str) -> dict:
    return next(o for o in _config()["overrides"] if module in o["module"])


def test_the_engine_is_checked_with_every_strict_flag():
    config, engine = _config(), _override("phutball.*")
    flags = {**config, **engine}
    assert {f for f in STRICT_FLAGS if flags.get(f) is not True} == set()
    assert flags.get("implicit_reexport") is False
    assert config.get("warn_redundant_casts") is True and config.get("warn_unused_configs") is True


def test_the_controllers_annotate_every_function():
    lab = _override("lab.*")
    assert lab.get("disallow_untyped_defs") is True and lab.get("warn_return_any") is True


def test_the_glue_is_checked_and_the_kept_games_glue_annotates_every_function():
    """Every glue module is checked against the controllers' types (issue 40: the glue was skipped but
    glue/mygames.py); only the browser's own modules, which have no stubs, are taken as Any."""
    config = _config()
    assert "site/glue" in config["files"] and not config.get("exclude")
    skipped = [o for o in config.get("overrides", []) if o.get("ignore_errors")]
    assert skipped == []
    browser = next(o for o in config["overrides"] if "js" in o["module"])
    assert browser.get("ignore_missing_imports") is True and set(browser["module"]) == {"js", "pyodide.*", "pyodide_js", "polyscript"}
    glue = _override("glue.mygames")
    assert glue.get("disallow_untyped_defs") is True


def test_mypy_passes_on_the_engine_and_the_controllers():
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT,  # pyproject.toml's files
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"mypy found errors:\n{run.stdout}{run.stderr}"
    assert "Success" in run.stdout
