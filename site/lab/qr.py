"""QR codes for carrying the lab to another device: a link as an SVG picture (pure Python, unit-tested).

The code itself comes from segno (BSD licence, pure Python, no dependencies: the smallest well-kept QR
encoder on PyPI, 76 KB as a wheel).  The page's worker installs it only when a QR code is first asked
for (``glue/mygames.py`` unpacks ``wheels/`` :data:`WHEEL`, which the build ships beside the engine's
and the service worker keeps for offline use), so no page's start pays for it.

The picture is black modules on white in every theme, with the four-module quiet zone the standard asks
for (ISO/IEC 18004, 6.3.8): a camera reads it from a screen in light and dark alike.
"""

from __future__ import annotations

from html import escape

#: The encoder and its version: tools/build_site.py ships this wheel, pyproject.toml's test extra pins it.
PACKAGE = "segno"
VERSION = "1.6.6"
WHEEL = f"{PACKAGE}-{VERSION}-py3-none-any.whl"
#: The quiet zone around the code, in modules (ISO/IEC 18004 asks for 4).
BORDER = 4


def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``text`` (low error correction, the smallest version that holds it; segno raises
    ``segno.DataOverflowError`` past a version-40 code's 2,953 bytes) as rows of dark (True) modules."""
    import segno
    code = segno.make(text, error="l", micro=False, boost_error=True)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)


def svg(text: str, label: str) -> str:
    """``text``'s QR code as an inline SVG picture named ``label`` (one path, a run of dark modules per
    row segment, so a version-40 code stays a few kilobytes)."""
    rows = matrix(text)
    size = len(rows) + 2 * BORDER
    parts = []
    for y, row in enumerate(rows):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                parts.append(f"M{start + BORDER} {y + BORDER}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return (f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" role="img" '
            f'aria-label="{escape(label)}" shape-rendering="crispEdges">'
            f'<rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{"".join(parts)}"/></svg>')


__all__ = ["BORDER", "PACKAGE", "VERSION", "WHEEL", "matrix", "svg"]
