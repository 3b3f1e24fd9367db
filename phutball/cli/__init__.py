"""The ``phutball`` command line (:func:`phutball.cli.main.main`): 2D, 1D and puzzle sub-commands."""
