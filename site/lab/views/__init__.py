"""Drawing worked out in Python: :mod:`.board` (layouts, hit-testing, shape lists) and
:mod:`.diagram` (a game's diagrams at any size, and SVG)."""
