"""The engine installed with micropip from the lab's own site, as a teacher's page or notebook does it.

A bare page on the site's origin (no lab code: only the vendored Pyodide in ``pyodide/``)
loads micropip, reads ``wheels/latest.json``, installs the wheel it names, imports the
engine, plays a move and draws the position; no request leaves the origin.
docs/notebooks.md describes the same steps for JupyterLite, Pyodide and PyScript.

The docs' PyScript recipe runs as written (issue 43): its HTML, taken from docs/notebooks.md with
the lab's address put in, is a page on another origin (another port) that loads the lab's
PyScript, Pyodide and wheel from the lab served with ``--cors`` (``StaticServer(cors=True)``).
"""

from __future__ import annotations

import json
import re

from conftest import DIST, READY_TIMEOUT, ROOT, Recorder
from devserver import StaticServer

#: The docs' stand-in for the lab's address.
EXAMPLE_SITE = "https://example.org/phutball/"

BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A teacher's page</title><link rel="icon" href="data:,"></head>
<body>
<script type="module">
  import { loadPyodide } from "./pyodide/pyodide.mjs";
  try {
    const pyodide = await loadPyodide();
    await pyodide.loadPackage("micropip");
    pyodide.globals.set("site", new URL("./", location.href).href);
    const answer = await pyodide.runPythonAsync(`
import json
import micropip
from pyodide.http import pyfetch

latest = await (await pyfetch(site + "wheels/latest.json")).json()
await micropip.install(site + "wheels/" + latest["wheel"])

import phutball
from phutball.board import Position
from phutball.game import Game

game = Game(Position.from_str("9x9_O_E5"))
game.push("E6")
game.push("E5-E7")
json.dumps({"version": latest["version"], "file": phutball.__file__, "position": str(game.position),
            "installed": sorted(p.name for p in micropip.list().values() if p.name == "phutball"),
            "svg": Position.from_str("9x9_O_E5_E6")._repr_svg_()[:4],
            "html": '<img src="data:image/svg+xml;base64,' in game._repr_html_()})
`);
    window.answer = JSON.parse(answer);
  } catch (e) {
    window.answer = { error: String(e) };
  }
</script>
</body></html>
"""


def visit(browser, url: str, ready: str, expression: str) -> tuple[object, Recorder]:
    """What ``expression`` gives on the page at ``url`` once ``ready`` holds, for a fresh visitor (no lab
    page, no saved start), and the page's requests and errors."""
    context = browser.new_context()
    try:
        page = context.new_page()
        recorder = Recorder(page)
        page.goto(url)
        page.wait_for_function(ready, timeout=READY_TIMEOUT)
        return page.evaluate(expression), recorder
    finally:
        context.close()


def test_micropip_installs_the_sites_wheel_and_the_engine_plays(browser, server):
    latest = json.loads((DIST / "wheels" / "latest.json").read_text())
    assert (DIST / "wheels" / latest["wheel"]).is_file()
    server.add_page("/_teachers_page.html", BARE_PAGE)
    answer, recorder = visit(browser, f"{server.origin}/_teachers_page.html", "() => window.answer !== undefined",
                             "window.answer")
    assert "error" not in answer, answer["error"] if "error" in answer else ""
    assert answer["position"] == "9x9_O_E7"           # E6 placed, then jumped: the ball on E7
    assert answer["installed"] == ["phutball"] and answer["version"] == latest["version"]
    assert "site-packages" in answer["file"]          # installed by micropip, not found elsewhere
    assert answer["svg"] == "<svg" and answer["html"] is True
    wheel_url = f"{server.origin}/wheels/{latest['wheel']}"
    assert wheel_url in recorder.requests
    assert [u for u in recorder.requests if not u.startswith(server.origin + "/")] == []
    assert recorder.errors == []


def pyscript_recipe() -> str:
    """The HTML block of docs/notebooks.md's PyScript recipe, as a reader copies it."""
    docs = (ROOT / "docs" / "notebooks.md").read_text(encoding="utf-8")
    part = docs[docs.index("**PyScript**"):]
    html = re.search(r"^```html\n(.*?)^```", part, re.S | re.M).group(1)
    assert EXAMPLE_SITE + "pyodide/pyodide.mjs" in html and "display(" in html and "print(" not in html
    return html


def test_the_docs_pyscript_recipe_runs_from_another_origin(browser, server):
    with StaticServer({"/": DIST}, cors=True) as lab:
        page_html = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>A teacher's page</title>"
                     "<link rel=\"icon\" href=\"data:,\"></head><body>\n"
                     + pyscript_recipe().replace(EXAMPLE_SITE, lab.origin + "/") + "</body></html>\n")
        server.add_page("/_pyscript_recipe.html", page_html)
        assert server.origin != lab.origin
        shown, recorder = visit(browser, f"{server.origin}/_pyscript_recipe.html",
                                "() => document.querySelector('svg title')",
                                "() => [document.body.innerText, document.querySelector('svg title').textContent]")
    text, title = shown
    assert "9x9_X_E5_E6" in text and title == "Phutball: 9x9_X_E5_E6"   # display(str(...)), display(position)
    latest = json.loads((DIST / "wheels" / "latest.json").read_text())
    assert f"{lab.origin}/wheels/{latest['wheel']}" in recorder.requests
    assert f"{lab.origin}/pyodide/pyodide.mjs" in recorder.requests            # the lab's Pyodide, not a CDN's
    elsewhere = [u for u in recorder.requests if not u.startswith((server.origin + "/", lab.origin + "/"))]
    assert elsewhere == [] and recorder.errors == []
