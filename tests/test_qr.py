"""QR codes (issue 45, ``lab/qr.py``): a link drawn as an SVG picture reads back as the same link."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import numpy as np
import pytest
import zxingcpp

from lab import qr

ROOT = Path(__file__).resolve().parents[1]


def picture(svg: str) -> np.ndarray:
    """The SVG's modules as a grey image, 6 pixels a module: each ``M x y h w v1 h-w z`` run painted black."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg)[1])
    image = np.full((size * 6, size * 6), 255, dtype=np.uint8)
    for x, y, w in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", svg):
        x, y, w = int(x), int(y), int(w)
        image[y * 6:(y + 1) * 6, x * 6:(x + w) * 6] = 0
    return image


@pytest.mark.parametrize("text", [
    "https://lab.example/index.html#game=2%0Aabc",
    "https://lab.example/index.html#restore=" + "eNrFmUtv2kAUhf9KNMsIqntnDAR2bfNSnlUbdROyMOAUK2" * 50,
])
def test_a_link_drawn_as_a_qr_code_reads_back_as_the_same_link(text):
    svg = qr.svg(text, "A QR code of the link")
    assert svg.startswith('<svg class="qr"') and 'aria-label="A QR code of the link"' in svg
    found = zxingcpp.read_barcodes(picture(svg))
    assert [r.text for r in found] == [text]
    rows = qr.matrix(text)
    assert (picture(svg)[qr.BORDER * 6::6, qr.BORDER * 6::6][:len(rows), :len(rows)] == 0).tolist() == \
        [list(r) for r in rows]


def test_a_text_too_long_for_any_qr_code_raises():
    import segno
    with pytest.raises(segno.DataOverflowError):
        qr.matrix("x" * 3000 + "é" * 10)


def test_the_encoder_the_site_ships_is_the_one_the_tests_pin():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert f"{qr.PACKAGE}=={qr.VERSION}" in extra
    import segno
    assert segno.__version__ == qr.VERSION
