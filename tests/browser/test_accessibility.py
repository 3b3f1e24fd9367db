"""Issue 41: every page has no axe violation of WCAG 2.0, 2.1 and 2.2, levels A and AA.

axe-core (npm, pinned in package.json) is read from node_modules/ and injected into each page once it
is ready, as an inline script (no request leaves the origin). Each page is loaded once, in the dark
theme (the context's ``prefers-color-scheme``, which theme.js follows while nothing is stored), checked
at 1280x800 and at 390x844 (a phone): the viewport is changed in place and axe runs again once the
page has laid itself out and drawn; then the reader's system turns light (theme.js follows it at once)
and both sizes are checked again. On the play page, each of its dialogs is checked open too.

A test fails listing every violation, one line per element: the rule, its impact, the element (a CSS
selector) and what the rule asks.
"""

from __future__ import annotations

import json

import pytest

from conftest import READY_TIMEOUT, ROOT, Recorder, own_input_devices, seed_saved_start, settle

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
VIEWPORTS = [(1280, 800), (390, 844)]
THEMES = ["light", "dark"]
PAGES = {
    "play": "index.html",
    "puzzles": "puzzles.html",
    "learn": "learn.html",
    "calculator": "calculator.html",
    "atlas": "atlas.html",
    "embed-puzzle": "embed.html#puzzle=paper-example-1&position=L_o*o.o.o....",
    "embed-game": "embed.html#position=9x9_O_E5&moves=E6+C3+E8+D4+E5-E7-E9",
    "embed-play": "embed.html#position=9x9_O_E5&mode=play",
    "embed-view": "embed.html#position=9x9_O_E5_E6",
}
# The embeds whose Move field is checked open too (⌨ Type), a move typed in it.
TYPED = {"embed-puzzle": "2-4-6", "embed-play": "E6"}
# The play page's dialogs: the button that opens each, the dialog, and the button that closes it.
DIALOGS = [("#new-game", "new-game-dialog", "#ng-cancel"),
           ("#your-games", "games-dialog", "#games-close"),
           ("#share", "share-dialog", "#share-close"),
           ("#open-record", "record-dialog", "#record-close")]
OPEN = "id => document.getElementById(id).open"

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                      targets: v.nodes.map(n => n.target.join(' '))}));
}"""
DRAWN = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def axe_version() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` (or `make test`)", pytrace=False)
    want = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    have = json.loads((AXE.parent / "package.json").read_text())["version"]
    if have != want:
        pytest.fail(f"node_modules has axe-core@{have} but package.json pins {want}: run `npm ci`", pytrace=False)
    return have


def ready(page) -> None:
    """The page as a reader finds it: the engine ready (an embed's lazy replay or play frame starts its
    engine when focused), the atlas loaded (plain HTML and SVG, no engine)."""
    if page.url.split("#")[0].endswith("atlas.html"):
        page.wait_for_load_state("load")
        return
    page.locator("html.ready, html.lazy").wait_for(timeout=READY_TIMEOUT)
    if page.locator("html.lazy").count():
        page.locator("#board").focus()
    page.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
    settle(page)


def violations(page, where: str) -> list[str]:
    page.evaluate(DRAWN)
    settle(page)
    return [f"{where}: {v['id']} ({v['impact']}) at {target}: {v['help']}"
            for v in page.evaluate(RUN_AXE, TAGS) for target in v["targets"]]


@pytest.fixture(scope="module")
def dark_visitor(browser, server, saved_start):
    """A returning visitor's context whose system is dark, made once for the module."""
    ctx = browser.new_context(viewport=dict(zip(("width", "height"), VIEWPORTS[0])), color_scheme="dark")
    seed_saved_start(ctx, server)
    yield ctx
    ctx.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", PAGES)
def test_no_axe_violation_at_both_sizes_in_both_themes(dark_visitor, server, name):
    axe_version()
    page = dark_visitor.new_page()
    recorder = Recorder(page)
    own_input_devices(page)
    try:
        page.set_viewport_size(dict(zip(("width", "height"), VIEWPORTS[0])))
        page.goto(f"{server.origin}/{PAGES[name]}")
        ready(page)
        page.add_script_tag(path=str(AXE))
        found = []
        for theme in reversed(THEMES):  # dark as loaded, then light as the system turns light
            page.emulate_media(color_scheme=theme)
            page.wait_for_function("theme => document.documentElement.dataset.theme === theme", arg=theme)
            for width, height in VIEWPORTS:
                page.set_viewport_size({"width": width, "height": height})
                where = f"{name} {width}x{height} {theme}"
                found += violations(page, where)
                if name == "play":
                    for opener, dialog, closer in DIALOGS:
                        page.click(opener)
                        assert page.evaluate(OPEN, dialog), f"{opener} did not open #{dialog}"
                        found += violations(page, f"{where}, #{dialog} open")
                        page.click(closer)
                        assert not page.evaluate(OPEN, dialog), f"{closer} did not close #{dialog}"
                if name in TYPED:
                    page.click("#type-move")
                    page.fill("#move-input", TYPED[name])
                    page.wait_for_function("() => document.getElementById('move-preview').textContent !== ''")
                    found += violations(page, f"{where}, the Move field open")
                    page.click("#move-close")
        assert not found, f"{len(found)} axe violations:\n" + "\n".join(found)
        assert not recorder.errors, recorder.errors
        assert [u for u in recorder.requests if not u.startswith((server.origin + "/", "data:", "blob:"))] == []
        # every page starts its worker with PyScript's worker layer alone (host.js, polyscript/): PyScript's
        # whole bundle, twice as long to evaluate on a first visit, is not loaded (issue 39, item 12)
        assert any("/polyscript/index.js" in u for u in recorder.requests) == (name not in ("atlas", "embed-view"))
        assert [u for u in recorder.requests if "/pyscript/" in u] == []
    finally:
        page.close()
