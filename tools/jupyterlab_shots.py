#!/usr/bin/env python3
"""Screenshots of the engine's notebooks in a real JupyterLab, in headless Chromium (issue 43).

Not part of ``make test``: it needs JupyterLab, which the project does not depend on.  Put
JupyterLab in a throwaway virtual environment and run this script with the project's own
(Playwright, the browser tests' Chromium flags)::

    python3 -m venv /tmp/jl && /tmp/jl/bin/pip install jupyterlab anywidget nbconvert
    .venv/bin/python tools/jupyterlab_shots.py --lab-python /tmp/jl/bin/python --out /tmp

It starts JupyterLab on localhost (a token, a settings directory of its own, the engine of
this checkout on ``PYTHONPATH``) and writes, at 1280x800:

* ``nb-tutorial-light.png``, ``nb-tutorial-dark.png``: the tutorial, executed by nbconvert and
  opened as it is, untrusted, as a shared notebook is, and ``nb-tutorial-widget-cell.png``, its
  last cell (the interactive board, shown as its picture there);
* ``nb-arrows.png``: a board with three coloured arrows and filled points;
* ``nb-widget-live.png``, ``nb-widget-restarted.png``, ``nb-widget-reopened.png``: the widget
  when its cell has run, after a kernel restart (the tab left open) and a click on it, and after
  the notebook is saved and opened again with no kernel behind it;
* ``nb-widget-reopened-saved-state.png``: the same with JupyterLab's *Save Widget State
  Automatically* on;
* with ``--pip-lab-python`` (the Python of another environment with JupyterLab but without
  anywidget, which ``%pip install anywidget`` then changes): ``nb-widget-after-pip-install.png``,
  the board's cell run after ``%pip install anywidget`` in the running JupyterLab, and
  ``nb-widget-after-pip-install-reloaded.png``, after the tab is reloaded and the cell run again.

Each shot's line on standard output says what the page showed (pictures, canvases, messages).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, chromium_args  # noqa: E402

VIEWPORT = {"width": 1280, "height": 800}
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"   # the notebook shown
IDLE = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"
WIDGET_CELL = 'from phutball.widget import Board\n\nBoard("9x9_O_E5", moves=["E6", "D4", "E5-E7"])'
ARROWS_CELL = """from phutball import svg
from phutball.board import Position

svg.board(Position.from_str("9x9_O_E5_E6D5F4"), size=360,
          arrows=[svg.Arrow("E5", "E7", color="#d62728"), svg.Arrow("E5", "C5", color="#1f77b4"),
                  svg.Arrow("E5", "G3", color="#2ca02c")],
          fill={"E7": "#d6272855", "C5": "#1f77b455", "G3": "#2ca02c55"})"""
#: What a page shows, counted in its outputs (the lines this script prints).
CENSUS = """() => {
  const outs = [...document.querySelectorAll('.jp-OutputArea-output')];
  return {
    img: outs.filter((o) => o.querySelector('img[src^="data:image/svg+xml"]')).length,
    svg: outs.filter((o) => o.querySelector('svg')).length,
    canvas: document.querySelectorAll('.phutball-widget canvas').length,
    says: [...document.querySelectorAll('.phutball-message, .jupyter-widgets')]
      .map((e) => e.innerText.trim()).filter((t) => t && !t.includes('\\n')),
  };
}"""


def notebook(*cells: str) -> dict:
    """A notebook of code cells, without outputs."""
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
                   "outputs": [], "source": text} for i, text in enumerate(cells)]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A JupyterLab server on localhost, in ``work``, with its own settings and data directories."""

    def __init__(self, work: Path, python: str) -> None:
        self.work, self.token, self.port = work, secrets.token_hex(16), free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTERLAB_SETTINGS_DIR": str(work / ".settings"),
               "JUPYTER_DATA_DIR": str(work / ".data"), "JUPYTER_RUNTIME_DIR": str(work / ".runtime"),
               "JUPYTER_CONFIG_DIR": str(work / ".config")}
        self.log = open(work / "lab.log", "w")
        self.proc = subprocess.Popen(
            [python, "-m", "jupyterlab", "--no-browser", f"--port={self.port}", "--ip=127.0.0.1",
             f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={work}",
             "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             "--LabApp.extension_manager=readonly", "--allow-root"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(120):
            if self.proc.poll() is not None:
                break
            try:
                self.api("GET", "/api/status")
                return
            except OSError:
                time.sleep(0.5)
        raise RuntimeError(f"JupyterLab did not start: see {work / 'lab.log'}")

    def api(self, method: str, path: str, body: object = None) -> object:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            text = answer.read()
        return json.loads(text) if text else None

    def setting(self, plugin: str, values: dict) -> None:
        """Set a JupyterLab setting (the theme, the widgets' saving of their state)."""
        self.api("PUT", f"/lab/api/settings/{plugin}", {"raw": json.dumps(values)})

    def url(self, name: str) -> str:
        return f"{self.base}/lab/tree/{name}?reset&token={self.token}"   # reset: this notebook alone

    def stop(self) -> None:
        for session in self.api("GET", "/api/sessions") or []:
            self.api("DELETE", f"/api/sessions/{session['id']}")
        self.proc.terminate()
        self.proc.wait(30)
        self.log.close()


def open_notebook(page, lab: Lab, name: str) -> None:
    page.goto(lab.url(name))
    page.wait_for_selector(f"{NOTEBOOK} .jp-Cell", timeout=120_000)
    page.wait_for_selector(IDLE, timeout=120_000)
    page.wait_for_timeout(3000)   # the outputs render


def run_all(page) -> None:
    """Run every cell: Shift+Enter from the first cell, once a cell."""
    page.locator(f"{NOTEBOOK} .jp-Cell").first.click()
    page.keyboard.press("Escape")
    for _ in range(page.locator(f"{NOTEBOOK} .jp-Cell").count()):
        page.keyboard.press("Shift+Enter")
    page.wait_for_selector(IDLE, timeout=120_000)
    page.wait_for_timeout(2000)


def menu(page, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=top).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def shot(page, out: Path, name: str, scroll_to: str | None = None) -> None:
    if scroll_to:
        target = page.locator(scroll_to).first
        target.scroll_into_view_if_needed()
        target.evaluate("(e) => e.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(500)
    path = out / f"nb-{name}.png"
    page.screenshot(path=str(path))
    print(f"{path}: {json.dumps(page.evaluate(CENSUS), ensure_ascii=False)}")


def after_pip_install(page, python: str, out: Path) -> None:
    """The board's cell after ``%pip install anywidget`` into the running JupyterLab of ``python``,
    before and after the tab is reloaded."""
    work = Path(tempfile.mkdtemp(prefix="phutball-jupyterlab-pip-"))
    (work / "pip.ipynb").write_text(json.dumps(notebook("%pip install -q anywidget", WIDGET_CELL)))
    lab = Lab(work, python)
    try:
        open_notebook(page, lab, "pip.ipynb")
        run_all(page)
        page.wait_for_timeout(5000)
        shot(page, out, "widget-after-pip-install")
        page.reload()
        page.wait_for_selector(f"{NOTEBOOK} .jp-Cell", timeout=120_000)
        page.wait_for_timeout(3000)
        page.locator(f"{NOTEBOOK} .jp-Cell").nth(1).click()
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+Enter")
        page.wait_for_selector(f"{NOTEBOOK} .phutball-widget canvas", timeout=60_000)
        shot(page, out, "widget-after-pip-install-reloaded")
    finally:
        lab.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lab-python", required=True, help="the Python of a virtual environment with JupyterLab")
    parser.add_argument("--pip-lab-python", help="the Python of an environment with JupyterLab, without anywidget")
    parser.add_argument("--out", type=Path, default=Path("/tmp"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="phutball-jupyterlab-"))
    shutil.copy(ROOT / "docs" / "notebooks" / "tutorial.ipynb", work / "tutorial.ipynb")
    subprocess.run([args.lab_python, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "tutorial.ipynb", "--output", "tutorial-shared.ipynb"],
                   cwd=work, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True, capture_output=True)
    (work / "arrows.ipynb").write_text(json.dumps(notebook(ARROWS_CELL)))
    (work / "widget.ipynb").write_text(json.dumps(notebook(WIDGET_CELL)))
    (work / "widget-saved.ipynb").write_text(json.dumps(notebook(WIDGET_CELL)))
    lab = Lab(work, args.lab_python)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=chromium_args(p.chromium))
            page = browser.new_page(viewport=VIEWPORT)
            lab.setting("@jupyterlab/apputils-extension:notification", {"fetchNews": "false"})
            for theme in ("light", "dark"):
                lab.setting("@jupyterlab/apputils-extension:themes", {"theme": f"JupyterLab {theme.title()}"})
                open_notebook(page, lab, "tutorial-shared.ipynb")
                shot(page, args.out, f"tutorial-{theme}", f"{NOTEBOOK} .jp-OutputArea-output img >> nth=1")
            # the last cell, the interactive board, as an untrusted notebook shows it (JupyterLab draws
            # only the cells near the view: scroll to the end first)
            page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer").evaluate(
                "(e) => { e.scrollTop = e.scrollHeight; }")
            page.wait_for_timeout(3000)
            shot(page, args.out, "tutorial-widget-cell", f"{NOTEBOOK} .jp-Cell >> nth=-1")
            lab.setting("@jupyterlab/apputils-extension:themes", {"theme": "JupyterLab Light"})

            open_notebook(page, lab, "arrows.ipynb")
            run_all(page)
            shot(page, args.out, "arrows")

            for name, save_state in (("widget.ipynb", False), ("widget-saved.ipynb", True)):
                lab.setting("@jupyter-widgets/jupyterlab-manager:plugin", {"saveState": save_state})
                open_notebook(page, lab, name)
                run_all(page)
                page.wait_for_selector(".phutball-widget canvas", timeout=60_000)
                if save_state:   # saved while the kernel runs: the widgets' state goes into the notebook
                    page.keyboard.press("Control+s")
                    page.wait_for_timeout(1500)
                else:
                    shot(page, args.out, "widget-live")
                menu(page, "Kernel", "Restart Kernel")
                page.locator(".jp-Dialog-button.jp-mod-accept").click()
                page.wait_for_selector(IDLE, timeout=120_000)
                page.wait_for_timeout(2000)
                if not save_state:   # a student clicks the board: nothing answers it any more
                    page.locator(f"{NOTEBOOK} .phutball-widget canvas").click()
                    page.wait_for_timeout(5000)
                    shot(page, args.out, "widget-restarted")
                    page.keyboard.press("Control+s")
                    page.wait_for_timeout(1500)
                page.reload()
                page.wait_for_selector(f"{NOTEBOOK} .jp-Cell", timeout=120_000)
                page.wait_for_timeout(4000)
                shot(page, args.out, "widget-reopened" + ("-saved-state" if save_state else ""))
            if args.pip_lab_python:
                after_pip_install(page, args.pip_lab_python, args.out)
            browser.close()
    finally:
        lab.stop()
    print(f"notebooks and JupyterLab's log: {work}")


if __name__ == "__main__":
    main()
