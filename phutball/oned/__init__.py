"""One-dimensional phutball (Grossman and Nowakowski): the strip, Oddish boards, the potentials,
and the exact solver with its tables cache and shipped books (:mod:`phutball.oned.solve`).

Everything 1D lives here and is called "oned" in the code ("1D" in the text a user reads).
"""
