"""One definition per fact (issue 25 item 4): what the pages share, written in by the build.

The level menu (lab.play.level_choices), the new-game boards, the pages' head and header
(tools/site_pages.py), the drawing's proportions (lab.views.board.GEOMETRY) and the 1D strip's
symbols (the engine's) have one definition each; tools/build_site.py writes them into the pages
and scripts, and refuses to ship a page or script with a token left in it.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
PAGES = ["index.html", "puzzles.html", "calculator.html", "learn.html", "embed.html", "atlas.html"]
NAV_PAGES = ["index.html", "learn.html", "puzzles.html", "calculator.html", "atlas.html"]


def _build_site():
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site
    return build_site


def _build_pages():
    """What the build writes into the site's files (tools/build_pages.py, beside build_site)."""
    _build_site()
    import build_pages
    return build_pages


def _built(name: str) -> str:
    return _build_site().site_files(SITE, "e.whl", "l.zip")[name].decode()


@pytest.fixture(scope="module")
def built() -> dict[str, str]:
    files = _build_site().site_files(SITE, "e.whl", "l.zip")
    return {k: v.decode() for k, v in files.items() if isinstance(v, bytes) and k.endswith((".html", ".js"))}


class _Options(HTMLParser):
    """The <option>s of one <select id=...>: [(value, text, selected)]."""

    def __init__(self, select_id: str) -> None:
        super().__init__()
        self.select_id, self.inside, self.in_option, self.options = select_id, False, False, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "select":
            self.inside = a.get("id") == self.select_id
        elif tag == "option" and self.inside:
            self.options.append([a["value"], "", "selected" in a])
            self.in_option = True

    def handle_endtag(self, tag):
        self.inside = self.inside and tag != "select"
        self.in_option = self.in_option and tag != "option"

    def handle_data(self, data):
        if self.in_option:
            self.options[-1][1] += data


def options_of(page: str, select_id: str) -> list[tuple[str, str, bool]]:
    p = _Options(select_id)
    p.feed(page)
    return [tuple(o) for o in p.options]


# ---------------------------------------------------------------- the level and board menus


def test_the_level_menu_is_level_choices_with_the_controllers_default_selected(built):
    from lab.play import DEFAULT_LEVEL, level_choices
    menu = options_of(built["index.html"], "computer-level")
    assert [(v, t) for v, t, _ in menu] == level_choices()
    assert [v for v, _, selected in menu if selected] == [DEFAULT_LEVEL]
    source = (SITE / "index.html").read_text()
    assert source.count("<!--{{LEVEL_OPTIONS}}-->") == 1 and "(rating" not in source


def test_the_built_page_follows_a_renamed_level(monkeypatch):
    """Change the Python definition: the built menu changes with it (nothing to edit in index.html)."""
    from phutball import ai
    before = options_of(_built("index.html"), "computer-level")
    renamed = {}
    for name, level in ai.LEVELS.items():
        if name == "beginner":
            name, level = "starter", dataclasses.replace(level, name="starter")
        renamed[name] = level
    monkeypatch.setattr(ai, "LEVELS", renamed)
    after = options_of(_built("index.html"), "computer-level")
    assert ("beginner", f"1 · beginner (rating {round(ai.LEVELS['starter'].rating)})", False) in before
    assert ("starter", f"1 · starter (rating {round(ai.LEVELS['starter'].rating)})", False) in after
    assert "beginner" not in [v for v, _, _ in after] and len(after) == len(before)


def test_the_board_menu_is_the_python_definition_with_the_standard_size_selected(built):
    import site_pages  # on the path once the build ran
    from phutball.board import STANDARD, BoardSize
    from phutball.game import parse_any_position
    menu = options_of(built["index.html"], "ng-board")
    assert [(v, t) for v, t, _ in menu] == site_pages.board_choices()
    assert [v for v, _, selected in menu if selected] == [str(STANDARD)]
    assert [v for v, _, _ in menu] == [s for s, _ in site_pages.BOARDS_2D] + [f"strip-{n}" for n in site_pages.STRIPS]
    for value, text, _ in menu:
        if value.startswith("strip-"):   # as lab.play.new_game_choice makes it
            n = int(value.split("-")[1])
            strip = parse_any_position("L_" + "." * ((n + 1) // 2 - 1) + "*" + "." * (n - (n + 1) // 2))
            assert strip.n == n and text == f"1D strip, {n} squares"
        else:
            size = BoardSize.from_str(value)
            assert str(size) == value and text.startswith(f"{size.width}×{size.height}")
    assert "15×19 (standard)" in [t for _, t, _ in menu]
    source = (SITE / "index.html").read_text()
    assert source.count("<!--{{BOARD_OPTIONS}}-->") == 1 and 'value="strip-' not in source


def test_a_board_size_the_engine_does_not_play_stops_the_build(monkeypatch):
    _build_site()
    import site_pages
    monkeypatch.setattr(site_pages, "BOARDS_2D", (("15x19", "standard"), ("8x8", "")))
    with pytest.raises(Exception, match="8x8"):
        site_pages.board_choices()


# ---------------------------------------------------------------- the head and the header


@pytest.mark.parametrize("page", PAGES)
def test_every_page_has_the_shared_head_once_and_no_token_left(built, page):
    import site_pages
    html = built[page]
    head = html[html.index("<head>"):html.index("</head>")]
    lines = [line.strip() for line in head.splitlines()[1:]]
    title = re.search(r"<title>(.*) · the phutball lab</title>", head)[1]
    description = re.search(r'<meta name="description" content="([^"]*)">', head)[1]
    assert lines[:8] == site_pages.head(title, description)[:5] + [
        '<link rel="icon" href="' + _build_pages().favicon_data_url(SITE) + '" type="image/svg+xml">',
        *site_pages.head(title, description)[6:]]
    for line in lines[:8]:
        assert html.count(line) == 1, line
    assert "{{" not in html
    source = (SITE / page).read_text()
    assert source.count("<!--{{HEAD ") == 1 and '<meta charset' not in source and "sw-register.js" not in source


@pytest.mark.parametrize("page", NAV_PAGES)
def test_every_page_has_the_header_with_its_own_entry_current(built, page):
    html = built[page]
    assert html.count('<header class="site-header">') == 1 and html.count('<nav aria-label="Sections">') == 1
    nav = html.split('<nav aria-label="Sections">')[1].split("</nav>")[0]
    links = re.findall(r'<a href="\./([^"]+)"( aria-current="page")?>', nav)
    assert [href for href, _ in links] == NAV_PAGES
    assert [href for href, current in links if current] == [page]
    assert all((SITE / href).is_file() for href, _ in links)
    source = (SITE / page).read_text()
    assert source.count("<!--{{HEADER}}-->") == 1 and "<nav" not in source.split("<main")[0]


def test_the_embedded_board_has_the_head_but_no_site_header(built):
    assert "site-header" not in built["embed.html"] and '<meta charset="utf-8">' in built["embed.html"]


def test_no_built_page_or_script_carries_a_token(built):
    for name, text in built.items():
        if name == "sw.js":   # its precache list is written in last, by plan()
            text = text.replace(_build_pages().SW_TOKEN, "")
        assert not re.search(r"\{\{[A-Z]", text), name


@pytest.mark.parametrize("text, match", [
    ("<p>{{NOPE}}</p>", "NOPE"),
    ("<head>\n  <!--{{NOPE}}-->\n</head>", "NOPE"),
    ('<head>\n  <!--{{HEAD title="t"}}-->\n</head>', "HEAD"),
    ("<body>\n  <!--{{HEADER x=\"1\"}}-->\n</body>", "HEADER"),
])
def test_the_build_refuses_a_page_with_a_token_it_cannot_fill(tmp_path, text, match):
    build_site = _build_site()
    (tmp_path / "page.html").write_text(text)
    with pytest.raises(build_site.BuildError, match=match):
        build_site.site_files(tmp_path, "e.whl", "l.zip")


def test_the_build_refuses_a_script_with_a_token_it_does_not_know(tmp_path):
    build_site = _build_site()
    (tmp_path / "a.js").write_text("const X = /*{{NOPE}}*/ null;")
    with pytest.raises(build_site.BuildError, match="NOPE"):
        build_site.site_files(tmp_path, "e.whl", "l.zip")


# ---------------------------------------------------------------- the scripts: proportions and strip symbols


@pytest.mark.parametrize("script", ["embedboard.js", "embed.js"])
def test_both_scripts_get_the_geometry_and_the_strip_symbols_from_the_build(built, script):
    import site_pages
    from lab.views.board import GEOMETRY
    build_pages = _build_pages()
    source = (SITE / script).read_text()
    assert source.count(build_pages.GEOMETRY_TOKEN) == 1 and source.count(build_pages.STRIP_TOKEN) == 1
    for literal in ("1.2", "2.4", "2.6", "3.2", "[.o*]", '"o"', '"*"'):   # no copy of a value here
        assert literal not in source, (script, literal)
    assert json.dumps(dataclasses.asdict(GEOMETRY), sort_keys=True) in built[script]
    assert json.dumps(site_pages.strip_symbols(), sort_keys=True) in built[script]


def test_the_strip_symbols_are_the_engines():
    _build_site()
    import site_pages
    from phutball.oned.strip import Strip
    s = site_pages.strip_symbols()
    assert Strip.from_str(f"L_{s['stone']}{s['ball']}{s['empty']}").text == "o*."
    assert Strip.from_str(f"R_{s['off_left']}...").ball == 0 and Strip.from_str(f"R_...{s['off_right']}").ball == 4
    assert Strip.from_str("L_o*.").pretty == s["pretty_stone"] + s["pretty_ball"] + s["pretty_empty"]


STRIPS = ["L_o*o.o.o....", "R_<.o.", "L_o.o>", "l_..*", "L_o*x..", "L_○•·", "L_..", "L_<.*.", "R_.", "L_*<.."]
# embed.js's parameters and the position whose natural size its frame takes (None: the error box).
SHAPES = [({"position": "15x19_O_H10"}, "15x19_O_H10"), ({"position": "9x9_o_e5"}, "9x9_O_E5"),
          ({"position": "L_o*o.o.o...."}, "L_o*o.o.o...."), ({"position": "R_<..o.o"}, "R_<..o.o"),
          ({"position": "L_........>"}, "L_........>"), ({"position": "L_*o"}, None), ({"position": "bad"}, None),
          ({}, "15x19_O_H10"), ({"record": '[Size "11x13"]\n1. E6'}, "11x13_O_F7"),
          ({"position": "L_o*o.o.o....", "mode": "play"}, "L_o*o.o.o....")]


def _node(script: str, program: str, data) -> object:
    node = shutil.which("node")
    assert node, "node is needed (Debian: apt-get install nodejs)"
    out = subprocess.run([node, "-e", script + "\n" + program], input=json.dumps(data), capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def test_embedboard_reads_a_strip_as_the_engine_writes_it(built, tmp_path):
    from phutball.game import parse_any_position
    for name in ("embedboard.js", "canvas.js"):   # the module and what it imports
        (tmp_path / name).write_text(built[name])
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.mjs").write_text("""import * as B from "./embedboard.js";
import { readFileSync } from "node:fs";
const cases = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((t) => {
  const p = B.parsePosition(t);
  return p && { canonical: p.canonical, pretty: B.prettyStrip(p) };
})));
""")
    out = subprocess.run([shutil.which("node") or "node", str(tmp_path / "run.mjs")], input=json.dumps(STRIPS),
                         capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    assert sum(js is not None for js in got) == 4
    for text, js in zip(STRIPS, got):
        try:
            strip = parse_any_position(text)
        except Exception:
            strip = None
        if js is None:   # the mirror may leave a text to Python, but never one that is an ASCII strip
            assert strip is None or not re.fullmatch(r"[LRlr]_<?[.o*]+>?", text), text
        else:
            assert strip is not None and js == {"canonical": str(strip), "pretty": strip.pretty}, text


def test_embed_js_sizes_the_frame_from_the_drawings_natural_size(built):
    """embed.js's layout() (the host page's iframe height) uses natural_size's proportions, from GEOMETRY."""
    from lab.views.diagram import natural_size
    from phutball.game import parse_any_position
    got = _node("globalThis.window = {}; globalThis.document = {currentScript: null};\n"
                "globalThis.console = {warn() {}};\n" + built["embed.js"], """
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((p) => window.phutballEmbed.layout(p, 100000))));
""", [params for params, _ in SHAPES])
    for (params, text), lay in zip(SHAPES, got):
        if text is None:
            assert lay["canvas"] is None, params
            continue
        pos = parse_any_position(text)
        w, h = natural_size(pos, 40 if hasattr(pos, "size") else 56)   # embed.js's CELL: the largest cell
        assert lay["canvas"][0] == pytest.approx(w) and lay["canvas"][1] == pytest.approx(h, abs=0.5), params


def test_embed_js_follows_a_changed_constant(monkeypatch):
    from phutball import drawing as board
    program = """
process.stdout.write(JSON.stringify([window.phutballEmbed.layout({position: "L_o*o.o.o...."}, 100000),
                                     window.phutballEmbed.layout({position: "9x9_O_E5"}, 100000)]));
"""
    prelude = "globalThis.window = {}; globalThis.document = {currentScript: null}; globalThis.console = {warn() {}};\n"
    before = _node(prelude + _built("embed.js"), program, None)
    monkeypatch.setattr(board, "GEOMETRY", dataclasses.replace(board.GEOMETRY, strip_height=4.0, board_margin=3.0))
    after = _node(prelude + _built("embed.js"), program, None)
    assert before[0]["canvas"] == [(11 + 2.4) * 56, round(2.6 * 56)]
    assert after[0]["canvas"] == [(11 + 2.4) * 56, round(4.0 * 56)]
    assert after[1]["canvas"] == [(9 + 3.0) * 40, round((9 + 2 + 3.0) * 40)]


# ---------------------------------------------------------------- storage keys and the standard start (issue 40)

STORED_LITERAL = re.compile(r"""["'`]phutball\.[a-z.]+(?:\.v\d+)?["'`]""")


def test_the_scripts_read_the_storage_keys_and_the_start_the_build_writes_from_python(built):
    sys.path.insert(0, str(ROOT / "tools"))
    import site_pages
    from lab import backup, savedgame
    from phutball.board import STANDARD_START, Position
    keys = site_pages.storage_keys()
    # every key a backup covers, and the saved game: the play page hands them all to its Python
    assert set(keys.values()) == {*backup.KEYS, savedgame.STORAGE_KEY}
    assert STANDARD_START == str(Position.start()) == "15x19_O_H10"
    for script in ("embedboard.js", "theme.js"):
        assert json.dumps(keys, sort_keys=True) in built[script], script
    assert f"export const STANDARD_START = {json.dumps(STANDARD_START)};" in built["embedboard.js"]
    assert f'data-position="{STANDARD_START}"' in built["index.html"]


@pytest.mark.parametrize("name", sorted(p.name for p in SITE.iterdir() if p.suffix in (".html", ".js", ".mjs")))
def test_no_page_or_script_writes_a_storage_key_or_the_start_by_hand(name):
    """One definition each: the pages have no inline script (each page's start is a module: playpage.js ...),
    and no page or script spells a localStorage key or the standard start itself."""
    text = (SITE / name).read_text(encoding="utf-8")
    assert STORED_LITERAL.findall(text) == []
    assert "15x19_O_H10" not in text
    if name.endswith(".html"):
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text) == [], "an inline script: make it a module"


def test_the_early_paint_lists_the_shipped_puzzles_in_the_order_python_does(built, tmp_path):
    """puzzles.html draws the puzzle it will open before Python is ready, from embedboard.js's
    puzzlesInOrder; Python opens the one lab.puzzlelist.list_order gives (issue 40: the two had drifted,
    the JavaScript ignoring the board size). Over the shipped files, in the build's index order."""
    from lab.puzzlelist import list_order, puzzles_from_files
    files = [{"name": src.name, "text": src.read_text(encoding="utf-8")}
             for src in sorted((ROOT / "puzzles").glob("*.json"))]
    puzzles = puzzles_from_files(files)
    want = [puzzles[i].id for i in list_order(puzzles)]
    for name in ("embedboard.js", "canvas.js"):
        (tmp_path / name).write_text(built[name])
    (tmp_path / "package.json").write_text('{"type": "module"}')
    (tmp_path / "run.mjs").write_text("""import * as B from "./embedboard.js";
import { readFileSync } from "node:fs";
const files = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(B.puzzlesInOrder(files).map((e) => e.p.id)));
""")
    out = subprocess.run([shutil.which("node") or "node", str(tmp_path / "run.mjs")], input=json.dumps(files),
                         capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    assert len(want) > 400 and {str(p.variant) for p in puzzles} == {"1D", "2D"}
    assert got == want


def test_the_puzzle_index_carries_the_ratings_and_themes_a_page_would_derive():
    """puzzles/index.json lists the puzzle files and, since the puzzles page read its start's time away rating
    every puzzle (and then deriving every puzzle's themes), each shipped puzzle's rating and themes
    (tools/build_pages.puzzle_index: lab.puzzlelist.puzzle_facts). The page reads them (known_facts) instead:
    they must be what it derives, for every shipped puzzle."""
    from lab.puzzlelist import known_facts, puzzles_from_files
    from lab.puzzles import PuzzleController
    names = sorted(src.name for src in (ROOT / "puzzles").glob("*.json"))
    index = json.loads(_build_pages().puzzle_index(names))
    assert index["files"] == names
    puzzles = puzzles_from_files([{"name": n, "text": (ROOT / "puzzles" / n).read_text(encoding="utf-8")}
                                  for n in names])
    derived = PuzzleController(puzzles)  # given no facts: derives each
    facts = known_facts(index["facts"], puzzles)
    assert len(facts) == len(puzzles) > 400
    assert facts == {p.id: (derived.rating_of(i), derived.themes_of(i)) for i, p in enumerate(puzzles)}
