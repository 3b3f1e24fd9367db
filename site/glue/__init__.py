"""The browser glue: the only modules that import ``js``, ``pyscript``, ``pyodide`` or ``polyscript``.

Run in each page's one PyScript worker: :mod:`glue.labboot` starts it,
:mod:`glue.remote` talks to the page (``host.js``), and one module per page turns
its events into calls of the ``lab`` controllers: :mod:`glue.play` (index.html),
:mod:`glue.puzzles`, :mod:`glue.learn`, :mod:`glue.calc` (calculator.html),
:mod:`glue.embed` (embed.html), with the play page's dialogs :mod:`glue.share` (share and embed),
:mod:`glue.newgame` (New game) and :mod:`glue.gamerecord` (the game record, Import / export),
:mod:`glue.boardinput` (pointer and keys on a board) and :mod:`glue.jobs` (the one loop
over a job's slices).  The glue only wires (reads an event, calls the controller, shows its
answer with ``remote.show``): what a unit test could reach, words included, is in ``lab``
(``tests/test_architecture.py`` checks it, and counts each function's decisions and the lines).
"""
