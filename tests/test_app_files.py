"""The installable app's files: the manifest, its icons, and the one line every page carries."""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parent.parent / "site"
PAGES = ["index.html", "puzzles.html", "calculator.html", "learn.html", "embed.html"]
HEAD_LINE = '<link rel="manifest" href="./manifest.webmanifest"><script src="./sw-register.js"></script>'


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


@pytest.mark.parametrize("page", PAGES)
def test_every_page_links_the_manifest_and_registers_the_worker_in_its_head(page):
    html = (SITE / page).read_text()
    head = html[:html.index("</head>")]
    assert sum(line.strip() == HEAD_LINE for line in head.splitlines()) == 1


def _build_site():
    sys.path.insert(0, str(SITE.parent / "tools"))
    import build_site
    return build_site


def test_the_build_writes_the_precache_list_and_build_id_into_the_service_worker():
    build_site = _build_site()
    integrity = {"a.html": build_site.sri(b"a"), "b.js": build_site.sri(b"b")}
    bid = build_site.build_id(integrity)
    out = build_site.service_worker((SITE / "sw.js").read_bytes(), bid, integrity).decode()
    assert f'"build": "{bid}"' in out and integrity["a.html"] in out and build_site.SW_TOKEN not in out
    changed = build_site.build_id({**integrity, "b.js": build_site.sri(b"c")})
    assert changed != bid and len(changed) == 16
    with pytest.raises(build_site.BuildError, match="exactly once"):
        build_site.service_worker(b"no token", bid, integrity)


def test_the_build_writes_the_calculators_first_picture_as_the_controller_renders_it():
    """calculator.html's default position (input, strip, caption, length) is generated, not committed."""
    from lab.calc.controller import DEFAULT_POSITION, CalcController
    build_site = _build_site()
    page = build_site.site_files(SITE, "engine.whl", "lab-0.zip")["calculator.html"].decode()
    v = CalcController().view()
    assert f'<canvas id="strip" tabindex="0" data-position="{v["position"]}"' in page
    assert f'id="position-input" class="mono" type="text" value="{v["input"]}"' in page
    assert f'<span id="strip-pretty" class="mono strip-pretty">{v["texts"]["strip-pretty"]}</span>' in page
    assert f'<span id="strip-caption" class="small">{v["texts"]["strip-caption"]}</span>' in page
    assert f'min="3" max="60" value="{v["n"]}"' in page and v["position"] == DEFAULT_POSITION
    assert "{{" not in page
    source = (SITE / "calculator.html").read_text()
    assert f'"{DEFAULT_POSITION}"' not in source and v["texts"]["strip-caption"] not in source


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

