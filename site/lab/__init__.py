"""The site's pure-Python layer: page controllers, drawing and jobs (no ``js``/``pyscript`` import).

Layers point down: ``phutball`` (the engine) <- ``lab`` (this package, unit-tested
without a browser) <- ``glue`` (the only modules that import the browser's
``js``/``pyscript``/``pyodide``).  Modules: :mod:`lab.play`, :mod:`lab.puzzles`,
:mod:`lab.learn`, :mod:`lab.calc`, :mod:`lab.embed` (with :mod:`lab.embedparams`),
:mod:`lab.views` (board shapes and diagrams), :mod:`lab.jobs` (the one sliced job
runner) and :mod:`lab.savedstate`.
"""
