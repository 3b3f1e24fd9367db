"""lab.boardkeys.key_route and grid_key: who answers a key pressed on a page with a board."""

from __future__ import annotations

import pytest

from lab.boardkeys import grid_key, key_route


@pytest.mark.parametrize("key, tag, on_cell, on_board, modified, route", [
    ("ArrowLeft", "CANVAS", False, True, False, "board"),
    ("ArrowLeft", "CANVAS", False, True, True, ""),        # Ctrl/Meta/Alt: the browser's
    ("b", "TD", True, False, False, "cell"),
    ("b", "INPUT", False, False, False, ""),               # typing in a field
    ("Enter", "BUTTON", False, False, False, ""),          # the button's own click
    ("b", "BUTTON", False, False, False, "board"),
    ("n", "BODY", False, False, False, "board"),
])
def test_key_routes(key, tag, on_cell, on_board, modified, route):
    assert key_route(key, tag, on_cell=on_cell, on_board=on_board, modified=modified) == route


def test_grid_keys():
    assert [grid_key(k) for k in ("ArrowUp", "PageDown", "Enter", " ", "b")] == ["step", "step", "act", "act", ""]
