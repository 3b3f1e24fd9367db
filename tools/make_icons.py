#!/usr/bin/env python3
"""Make the app icons (site/icon-192.png, icon-512.png, icon-maskable-512.png) from site/favicon.svg.

    .venv/bin/python tools/make_icons.py

Run once when favicon.svg changes; the PNGs are committed (the build copies
them like any file of site/). Drawn by Debian's Chromium through Playwright,
so the PNGs are exactly what a browser paints for the SVG. The maskable icon
(Android crops it to a circle or a rounded square) puts the board on the
page's background colour inside the central 80 % safe zone.
tests/test_site_files.py checks that they exist, have these sizes and are
listed in site/manifest.webmanifest.
"""

from __future__ import annotations

import base64
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "site"
BACKGROUND = "#f6f3ec"  # --bg of the light theme (site/theme.css)


def page(svg: str, size: int, inset: float) -> str:
    url = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    pad = round(size * inset)
    bg = BACKGROUND if inset else "transparent"
    return (f"<!doctype html><html><body style='margin:0;background:{bg}'>"
            f"<img src='{url}' style='display:block;margin:{pad}px;width:{size - 2 * pad}px;"
            f"height:{size - 2 * pad}px'></body></html>")


def main() -> None:
    from playwright.sync_api import sync_playwright
    svg = (SITE / "favicon.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, size, inset in (("icon-192.png", 192, 0.0), ("icon-512.png", 512, 0.0),
                                  ("icon-maskable-512.png", 512, 0.12)):
            pg = browser.new_page(viewport={"width": size, "height": size})
            pg.set_content(page(svg, size, inset))
            pg.screenshot(path=str(SITE / name), omit_background=not inset,
                          clip={"x": 0, "y": 0, "width": size, "height": size})
            pg.close()
            print(f"wrote site/{name}")
        browser.close()


if __name__ == "__main__":
    main()
