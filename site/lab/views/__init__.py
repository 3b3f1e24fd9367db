"""Drawing worked out in Python: :mod:`.board` (the engine's layouts, hit-testing, shape lists),
:mod:`.diagram` (a game's diagrams at any size, and SVG) and :mod:`.markup` (the pages'
lists and forms as HTML)."""
