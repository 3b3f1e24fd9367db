"""The installable app's files: the manifest, its icons, and the one line every page carries."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
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


def test_the_build_writes_the_precache_list_and_build_id_into_the_service_worker():
    import sys
    sys.path.insert(0, str(SITE.parent / "tools"))
    import build_site
    integrity = {"a.html": build_site.sri(b"a"), "b.js": build_site.sri(b"b")}
    bid = build_site.build_id(integrity)
    out = build_site.service_worker((SITE / "sw.js").read_bytes(), bid, integrity).decode()
    assert f'"build": "{bid}"' in out and integrity["a.html"] in out and build_site.SW_TOKEN not in out
    changed = build_site.build_id({**integrity, "b.js": build_site.sri(b"c")})
    assert changed != bid and len(changed) == 16
    with pytest.raises(build_site.BuildError, match="exactly once"):
        build_site.service_worker(b"no token", bid, integrity)


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
