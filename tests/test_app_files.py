"""The installable app's files: the manifest, its icons, and the one line every page carries."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import sys
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parent.parent / "site"
PAGES = ["index.html", "puzzles.html", "calculator.html", "learn.html", "embed.html", "atlas.html"]
HEAD_LINE = '<link rel="manifest" href="./manifest.webmanifest"><script type="module" src="./sw-register.js"></script>'


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_names_start_url_display_and_colours():
    m = json.loads((SITE / "manifest.webmanifest").read_text())
    assert m["name"] and m["short_name"] and len(m["short_name"]) <= 12
    assert m["start_url"] == "./index.html" and m["scope"] == "./" and m["display"] == "standalone"
    theme_css = (SITE / "theme.css").read_text()
    assert m["theme_color"] in theme_css and m["background_color"] in theme_css
    register = (SITE / "sw-register.js").read_text()
    assert m["theme_color"] in register


def test_every_icon_exists_with_its_listed_size():
    m = json.loads((SITE / "manifest.webmanifest").read_text())
    sizes = set()
    for icon in m["icons"]:
        path = SITE / icon["src"].removeprefix("./")
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            w, h = png_size(path)
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
    assert {192, 512} <= sizes


def _build_site():
    sys.path.insert(0, str(SITE.parent / "tools"))
    import build_site
    return build_site


def _build_pages():
    """What the build writes into the site's files (tools/build_pages.py, beside build_site)."""
    _build_site()
    import build_pages
    return build_pages


@pytest.mark.parametrize("page", PAGES)
def test_every_page_links_the_manifest_and_registers_the_worker_in_its_head(page):
    html = _build_site().site_files(SITE, "engine.whl", "lab-0.zip")[page].decode()   # the head is the build's
    head = html[:html.index("</head>")]
    assert sum(line.strip() == HEAD_LINE for line in head.splitlines()) == 1


def test_the_build_writes_the_precache_list_and_build_id_into_the_service_worker():
    build_pages = _build_pages()
    integrity = {"a.html": build_pages.sri(b"a"), "b.js": build_pages.sri(b"b")}
    bid = build_pages.build_id(integrity)
    out = build_pages.service_worker((SITE / "sw.js").read_bytes(), bid, integrity).decode()
    assert f'"build": "{bid}"' in out and integrity["a.html"] in out and build_pages.SW_TOKEN not in out
    changed = build_pages.build_id({**integrity, "b.js": build_pages.sri(b"c")})
    assert changed != bid and len(changed) == 16
    with pytest.raises(build_pages.BuildError, match="exactly once"):
        build_pages.service_worker(b"no token", bid, integrity)


def test_the_shipped_starts_sha256_is_written_beside_its_other_facts_and_is_the_files(capsys):
    """Issue 39, item 11: the build writes the SHA-256 of the shipped start's file (gzip) and of its
    snapshot (ungzipped, as Pyodide restores it, and as a host that sends the file with
    Content-Encoding: gzip delivers it) into build-info.json with its file name and sizes, and into
    pyodide/lab.mjs, which checks the bytes it fetched before it restores them."""
    import gzip
    build_site = _build_site()
    try:
        versions = build_site.check_node_modules()
    except build_site.BuildError as e:
        pytest.skip(f"no Pyodide to make a shipped start with: {e}")
    files, info = build_site.plan(versions)   # (as `make dist`, without writing dist/; made once, cached)
    if "python_start" not in info:
        pytest.fail(f"the build made no shipped start: {capsys.readouterr().out}", pytrace=False)
    start = info["python_start"]
    shipped = files[f"pyodide/{start['file_name']}"]
    shipped = shipped.read_bytes() if isinstance(shipped, Path) else shipped
    snapshot = gzip.decompress(shipped)
    assert re.fullmatch(r"[0-9a-f]{64}", start["sha256"]) and re.fullmatch(r"[0-9a-f]{64}", start["snapshot_sha256"])
    assert start["sha256"] == hashlib.sha256(shipped).hexdigest()
    assert start["snapshot_sha256"] == hashlib.sha256(snapshot).hexdigest()
    assert start["bytes"] == len(snapshot) and start["gzipped"] == len(shipped)
    assert json.loads(files["build-info.json"])["python_start"] == start
    lab = files["pyodide/lab.mjs"].decode()
    assert f'const SHIPPED = "{start["file_name"]}";' in lab
    assert f'const SHIPPED_SHA256 = "{start["sha256"]}";' in lab
    assert f'const SHIPPED_SNAPSHOT_SHA256 = "{start["snapshot_sha256"]}";' in lab
    # (the same plan ships the puzzles' index with the ratings and themes the pages read: build_pages.puzzle_index)
    import build_pages
    names = sorted(f.name for f in build_pages.PUZZLES.glob("*.json"))
    assert files["puzzles/index.json"] == build_pages.puzzle_index(names)
    assert len(json.loads(files["puzzles/index.json"])["facts"]) > 400


def test_a_cached_shipped_start_that_is_not_its_sha256_is_made_again(tmp_path, monkeypatch, capsys):
    """The build checks the cached snapshot against the SHA-256 it was made with, every build: a
    damaged cache is made again, and one that cannot be made whole ships no start."""
    import gzip
    build_site = _build_site()
    if not (build_site.PYODIDE_NPM / "pyodide.asm.wasm").is_file():
        pytest.skip("no Pyodide in node_modules (the cache key hashes its files)")
    monkeypatch.setattr(build_site, "CACHE", tmp_path / "cache")
    memory, made = b"Python's memory" * 1000, []

    def make(out, snapshot, facts, lab_bytes, wheel, modules, damaged=False):   # as make_snapshot.mjs would
        out.mkdir(parents=True, exist_ok=True)
        snapshot.write_bytes(gzip.compress(memory[:-1] + b"?" if damaged else memory))
        facts.write_text(json.dumps({"bytes": len(memory), "heap": 1000, "gzipped": 1, "modules": 1,
                                     "snapshot_sha256": hashlib.sha256(memory).hexdigest()}))
        made.append(snapshot)
        return True
    monkeypatch.setattr(build_site, "_make_python_start", make)
    wheel = tmp_path / "e.whl"
    wheel.write_bytes(b"wheel")
    name, path, facts = build_site.python_start(wheel, b"lab")
    assert gzip.decompress(path.read_bytes()) == memory and len(made) == 1
    assert facts["snapshot_sha256"] == hashlib.sha256(memory).hexdigest() == build_site.snapshot_sha256(path)
    assert build_site.python_start(wheel, b"lab")[1] == path and len(made) == 1   # cached, and whole
    raw = bytearray(memory)
    raw[100] ^= 0xFF
    path.write_bytes(gzip.compress(bytes(raw)))   # the cached copy damaged (whole gzip, other bytes)
    assert build_site.python_start(wheel, b"lab")[1] == path and len(made) == 2   # made again
    assert gzip.decompress(path.read_bytes()) == memory
    path.write_bytes(b"not gzip")
    monkeypatch.setattr(build_site, "_make_python_start", lambda *a: make(*a, damaged=True))
    assert build_site.python_start(wheel, b"lab") is None and len(made) == 3   # made again, still not whole
    assert "no shipped start" in capsys.readouterr().out


@pytest.mark.slow
def test_the_engine_wheel_is_byte_for_byte_the_same_when_built_again(tmp_path, monkeypatch):
    """Same sources, same wheel bytes, whatever the files' times (each fresh clone has its own):
    so the same build id, and returning visitors keep their cache."""
    sys.path.insert(0, str(SITE.parent / "tools"))
    import build_site
    digests = []
    for run, mtime in (("first", 1_600_000_000), ("second", 1_700_000_000)):
        def copy_as_checked_out_at(src, dest, mtime=mtime):
            shutil.copyfile(src, dest)
            os.utime(dest, (mtime, mtime))
        monkeypatch.setattr(build_site.shutil, "copy2", copy_as_checked_out_at)
        monkeypatch.setattr(build_site, "CACHE", tmp_path / run)   # no reuse: a real second build
        wheel = build_site.build_engine_wheel()
        digests.append(hashlib.sha256(wheel.read_bytes()).hexdigest())
    assert digests[0] == digests[1]


def test_the_build_writes_the_calculators_first_picture_as_the_controller_renders_it():
    """calculator.html's default position (input, strip, caption, length) is generated, not committed."""
    from lab.calc.controller import DEFAULT_POSITION, CalcController
    build_site = _build_site()
    page = build_site.site_files(SITE, "engine.whl", "lab-0.zip")["calculator.html"].decode()
    v = CalcController().view()
    assert f'<canvas id="strip" tabindex="-1" data-position="{v["position"]}"' in page
    assert f'id="position-input" class="mono" type="text" value="{v["input"]}"' in page
    assert f'<span id="strip-pretty" class="mono strip-pretty">{v["texts"]["strip-pretty"]}</span>' in page
    assert f'<span id="strip-caption" class="small">{v["texts"]["strip-caption"]}</span>' in page
    assert f'min="3" max="60" value="{v["n"]}"' in page and v["position"] == DEFAULT_POSITION
    assert "{{" not in page
    source = (SITE / "calculator.html").read_text()
    assert f'"{DEFAULT_POSITION}"' not in source and v["texts"]["strip-caption"] not in source


def test_every_page_gets_its_icon_as_a_data_url_so_an_offline_page_asks_for_nothing():
    """Chromium fetches a page's icon outside the service worker: a file URL fails offline (issue 24 item 6)."""
    from urllib.parse import unquote
    build_site = _build_site()
    files = build_site.site_files(SITE, "engine.whl", "lab-0.zip")
    svg = (SITE / "favicon.svg").read_text(encoding="utf-8").strip()
    for name in PAGES:
        links = re.findall(r'<link rel="icon" href="([^"]*)"', files[name].decode())
        assert len(links) == 1, name
        assert links[0].startswith("data:image/svg+xml,") and unquote(links[0].split(",", 1)[1]) == svg, name


def test_the_build_refuses_a_page_token_it_does_not_know(tmp_path):
    build_site = _build_site()
    (tmp_path / "page.html").write_text("<p>{{CALC_NOPE}}</p>")
    with pytest.raises(build_site.BuildError, match="CALC_"):
        build_site.site_files(tmp_path, "engine.whl", "lab-0.zip")


def test_no_generated_start_board_is_committed_or_shipped():
    """The start position is drawn before Python by embedboard.js; no page loads a pre-rendered file."""
    build_site = _build_site()
    files = build_site.site_files(SITE, "engine.whl", "lab-0.zip")
    assert "start-board.js" not in files
    assert not any(b"start-board" in data for data in files.values() if isinstance(data, bytes))


# ----------------------------------------------------------------- drawing constants: one definition

GEOMETRY_CASES = [("15x19_O_H10", 480, 600), ("9x9_o_e5_d4,e6,f7", 333, 421), ("L_o*o.o.o....", 480, 120),
                  ("R_.*.o..o..", 900, 200)]


def _javascript_drawing(script: str, tmp_path: Path) -> list[dict]:
    """embedboard.js (the module's text) run by node: the shapes and natural size of each of GEOMETRY_CASES."""
    import shutil
    import subprocess
    node = shutil.which("node")
    assert node, "node is needed to run embedboard.js (Debian: apt-get install nodejs)"
    (tmp_path / "embedboard.js").write_text(script)
    shutil.copy(SITE / "canvas.js", tmp_path / "canvas.js")   # embedboard.js imports it
    (tmp_path / "package.json").write_text('{"type": "module"}')
    prog = tmp_path / "run.mjs"
    prog.write_text("""import * as B from "./embedboard.js";
import { readFileSync } from "node:fs";
const cases = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map(([t, w, h]) => {
  const p = B.parsePosition(t);
  return { shapes: B.shapes(p, w, h, true), natural: B.naturalSize(p, 36) };
})));
""")
    out = subprocess.run([node, str(prog)], input=json.dumps(GEOMETRY_CASES), capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def _python_drawing() -> list[dict]:
    from lab.views.board import Layout2D, LayoutStrip, board_shapes, strip_shapes
    from lab.views.diagram import natural_size
    from phutball.game import parse_any_position
    out = []
    for text, w, h in GEOMETRY_CASES:
        pos = parse_any_position(text)
        if hasattr(pos, "size"):
            shapes = board_shapes(pos, Layout2D(pos.size, w, h))
        else:
            shapes = strip_shapes(pos.n, pos.ball, pos.stones, LayoutStrip(pos.n, w, h))
        out.append({"shapes": shapes, "natural": list(natural_size(pos, 36))})
    return out


def _close(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == pytest.approx(b, abs=1e-9)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(map(_close, a, b))
    return a == b


def test_the_drawing_constants_are_defined_once_and_the_build_writes_them_into_the_javascript(tmp_path):
    import dataclasses
    from lab.views.board import GEOMETRY
    build_pages = _build_pages()
    source = (SITE / "embedboard.js").read_text()
    assert source.count(build_pages.GEOMETRY_TOKEN) == 1
    for literal in ("1.2", "2.4", "2.6", "64.0", "0.44", "0.38", "0.36"):   # no copy of a value in the mirror
        assert literal not in source, literal
    built = build_pages.site_files(SITE, "engine.whl", "lab-0.zip")["embedboard.js"].decode()
    assert json.dumps(dataclasses.asdict(GEOMETRY), sort_keys=True) in built and "{{" not in built
    js, py = _javascript_drawing(built, tmp_path), _python_drawing()
    for case, a, b in zip(GEOMETRY_CASES, js, py):
        assert _close(a, b), case


def test_the_javascript_mirror_follows_a_changed_constant(tmp_path, monkeypatch):
    """Change the Python definition: the built JavaScript draws the new proportions, as Python does."""
    import dataclasses
    from phutball import drawing as board
    build_site = _build_site()
    before = _javascript_drawing(build_site.site_files(SITE, "e.whl", "l.zip")["embedboard.js"].decode(), tmp_path)
    monkeypatch.setattr(board, "GEOMETRY", dataclasses.replace(board.GEOMETRY, board_margin=4.0, strip_width=6.0,
                                                               man=0.3, strip_ball=0.45))
    after = _javascript_drawing(build_site.site_files(SITE, "e.whl", "l.zip")["embedboard.js"].decode(), tmp_path)
    py = _python_drawing()
    for case, a, b, old in zip(GEOMETRY_CASES, after, py, before):
        assert _close(a["shapes"], b["shapes"]), case
        assert not _close(a["shapes"], old["shapes"]), case
