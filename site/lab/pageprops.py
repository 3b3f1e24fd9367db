"""What a page shows, as data: ``{(element id, property or attribute): value}``.

Each page's ``lab`` module maps its controller's view onto the page's elements in this form (pure
Python, unit-tested); the glue hands it to ``glue.remote.show``, which sends only what changed.
"""

from __future__ import annotations

from typing import Any

Props = dict[tuple[str, str], Any]

__all__ = ["Props"]
