"""The notebooks of docs/notebooks/ run, as a reader runs them, draw their boards, and render as HTML.

Each is executed with nbclient in a fresh IPython kernel (ipykernel) of this environment, from
its own folder.  The committed files have no outputs; the executed copies must show the boards as
SVG and as HTML (an <img> of the same SVG, which an untrusted notebook still shows: JupyterLab
renders no SVG output there), the games as HTML without inline SVG, and the solved examples.

* tutorial.ipynb: the rules, the paper's example (1) solved, the potentials, a game against the
  computer, and that game on the interactive board (phutball.widget).
* teaching.ipynb (issue 43): a class on the paper's potentials, with exercises, each followed by
  its solution in a collapsed cell; it runs with the exercises unanswered.

An executed notebook is saved as JupyterLab saves it by default, without the widgets' state, then
converted to HTML by nbconvert, as a site that renders notebooks does: every board must be a
picture there (``<img>``), the interactive board too (its ``text/html``), not an object's repr.
"""

from __future__ import annotations

import base64
import html
import re
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import nbclient
import nbformat
import pytest

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "notebooks"
NOTEBOOK = FOLDER / "tutorial.ipynb"
TEACHING = FOLDER / "teaching.ipynb"
NS = "{http://www.w3.org/2000/svg}"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def execute(path: Path) -> tuple[nbformat.NotebookNode, float]:
    """The notebook at ``path`` run from its folder (no widget state stored), and the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    t0 = time.monotonic()
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb, time.monotonic() - t0


def as_html(nb: nbformat.NotebookNode) -> str:
    """The executed notebook as nbconvert's HTML (its lab template, as ``jupyter nbconvert --to html``)."""
    from nbconvert import HTMLExporter
    page, _ = HTMLExporter().from_notebook_node(nb)
    return page


def outputs_of(nb: nbformat.NotebookNode) -> list:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]


def pictures(outputs: list) -> list[str]:
    """The SVG outputs (positions, strips, Oddish boards, svg.board's pictures), each checked to come
    with its ``text/html``: an ``<img>`` of the same SVG (svg.img), its alt text the position in the title."""
    svgs = []
    for o in outputs:
        if "image/svg+xml" in o.get("data", {}):
            svgs.append(o.data["image/svg+xml"])
            src = re.fullmatch(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)">', o.data["text/html"])
            assert src and base64.b64decode(src[1]).decode("utf-8") == svgs[-1]
            assert ET.fromstring(svgs[-1]).find(NS + "title").text == f"Phutball: {html.unescape(src[2])}"
    return svgs


def board_picture(output) -> re.Match[str]:
    """The interactive board's output: the widget's view, and beside it the picture and a pastable text."""
    assert WIDGET_VIEW in output.data and output.data["text/plain"].startswith("Board(")
    picture = re.fullmatch(r'<img src="data:image/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="([^"]+)">',
                           output.data["text/html"])
    assert picture, output.data["text/html"][:200]
    return picture


@pytest.mark.parametrize("path", [NOTEBOOK, TEACHING], ids=lambda p: p.name)
def test_the_notebooks_are_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.outputs == [] and c.execution_count is None for c in code)


@pytest.mark.slow
def test_the_tutorial_runs_and_draws_its_boards():
    nb, seconds = execute(NOTEBOOK)
    outputs = outputs_of(nb)
    assert not [o for o in outputs if o.output_type == "error"]
    svgs = pictures(outputs)
    assert len(svgs) == 5   # the start, the jump, the position after it, the strip, the Oddish board
    start = ET.fromstring(svgs[0])
    assert start.find(NS + "title").text == "Phutball: 9x9_O_E5"
    ball = [c for c in start.iter(NS + "circle") if c.get("fill") == "#fbfbf8"]
    assert len(ball) == 1 and not [c for c in start.iter(NS + "circle") if c.get("fill") == "#1f2328"]
    jump = ET.fromstring(svgs[1])
    assert {p.get("fill") for p in jump.iter(NS + "polygon")} == {"#1d4ed8", "#c00"}   # the jump's arrows
    shown = [o.data["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert not [h for h in shown if "<svg" in h or "<script" in h]
    games = [h for h in shown if 'class="phutball-game"' in h]
    assert len(games) == 2 and all("<img " in h for h in games)      # the solved line, the game
    final = re.search(r'<img [^>]*alt="([^"]+)"', games[1]).group(1)
    assert board_picture(outputs[-1]).group(1) == final               # the game on the interactive board
    assert "7-9-11" in games[0] and "Left scored a goal" in games[0]  # the example's line ends in Left's goal
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "win in 13 plies" in text and "Left's winning moves: ['2-4-6']" in text
    assert "winning jump: E7-E9" in text
    print(f"the tutorial ran in {seconds:.1f} s")
    assert seconds < 60   # about 5 s on a quiet machine; the issue asks for under 20
    page = as_html(nb)
    assert f'alt="{final}"' in page   # the five pictures, the two games and the board, each an <img>
    assert page.count('src="data:image/svg+xml;base64,') == page.count("<img") == 8 and "<svg" not in page
    assert "phutball.widget.Board object" not in page and "&lt;phutball" not in page


@pytest.mark.slow
def test_the_teaching_notebook_runs_with_its_exercises_open_and_renders_as_html():
    nb = nbformat.read(TEACHING, as_version=4)
    cells = nb.cells
    exercises = [i for i, c in enumerate(cells) if "exercise" in c.metadata.get("tags", [])]
    assert len(exercises) == 4
    for i in exercises:          # each exercise is followed by its solution, collapsed in JupyterLab
        solution = cells[i + 1]
        assert solution.cell_type == "code" and solution.metadata["tags"] == ["solution"]
        assert solution.metadata["jupyter"]["source_hidden"] is True
        assert solution.source.startswith("# Solution")
    assert sum("solution" in c.metadata.get("tags", []) for c in cells) == 4

    nb, seconds = execute(TEACHING)
    outputs = outputs_of(nb)
    errors = [f"{o.ename}: {o.evalue}" for o in outputs if o.output_type == "error"]
    assert errors == []
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "win in 13 plies" in text and "winning moves: ['2-4-6']" in text          # example (1)
    assert "-> ·○·○○↓○○···   written L_.o.oo|oo..." in text                         # the strip's Oddish board
    assert "Theorem 1: pL > pR, so Right wins." in text                              # the paper's board
    assert "L to move: loss for L" in text and "R to move: win for R" in text        # the solver agrees
    # the exercises, unanswered, say so; their solutions give the answers
    for exercise in ("pR of ...o.|oo...", "Theorem 1's failures", "the generalized potential's failures on 9 squares"):
        assert f"{exercise}: not answered yet" in text
    assert "pR = floor(3/2) + (1 - 0) = 2" in text                                  # exercise 1
    assert "0 of 2047 strings right" in text and "2047 of 2047 strings right" in text   # exercise 2
    assert "6152 positions checked, 0 failures" in text                              # exercise 3: Theorem 1 holds
    assert "3 wrong: ['L_.*.o..o..', 'L_o*oo..o..', 'L_..o..oo*.']" in text          # exercise 4
    svgs = pictures(outputs)
    assert [ET.fromstring(s).find(NS + "title").text for s in svgs] == [
        "Phutball: L_o*o.o.o....", "Phutball: L_.o.oo|oo..."]
    assert board_picture(outputs[-1]).group(1) == "L_o*o.o.o...."                    # the solved line, at its start
    print(f"the teaching notebook ran in {seconds:.1f} s")
    assert seconds < 60

    page = as_html(nb)
    # the strip and the Oddish board as their own _repr_html_ (an <img>), the board as its picture
    assert page.count('alt="L_o*o.o.o...."') == 2 and page.count('alt="L_.o.oo|oo..."') == 1
    assert page.count('src="data:image/svg+xml;base64,') == page.count("<img") == 3 and "<svg" not in page
    assert "phutball.widget.Board object" not in page and "&lt;phutball" not in page
    assert "Exercise 4" in page and "Theorem 1" in page                  # the class itself, around the pictures
