"""Puzzles, 2D and 1D: the file format, the engine's check of every claim, the live judges, the generator.

* :mod:`~phutball.puzzles.format` -- the JSON format (``FORMAT``), the validating loader, ``PuzzleFormatError``;
* :mod:`~phutball.puzzles.tasks` -- one class per task, in one table; :func:`~phutball.puzzles.tasks.check_claim`;
* :mod:`~phutball.puzzles.check` -- the claim checks the tasks run, 2D and 1D;
* :mod:`~phutball.puzzles.nearcopy` -- the near-copy rule between 2D puzzles (the checker refuses a pair);
* :mod:`~phutball.puzzles.twod` -- the 2D tasks decided exactly, and the 2D judge, reply and hint;
* :mod:`~phutball.puzzles.search2d`, :mod:`~phutball.puzzles.three2d` -- its exact searches (wins in one and two;
  wins in three, by proofs with footprints);
* :mod:`~phutball.puzzles.rules2d` -- the trivial rules that filter generated 2D puzzles;
* :mod:`~phutball.puzzles.judge` -- the 1D live judge (the engine's reply, a move's verdict, the best line);
* :mod:`~phutball.puzzles.generate` -- the 1D generator (themes, rating, puzzle files);
* :mod:`~phutball.puzzles.common` -- 1D positions and analyses shared by the above.
"""
