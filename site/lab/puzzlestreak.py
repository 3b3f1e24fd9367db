"""The puzzles page's streak (issue 42), in pure Python: puzzles solved in a row, easy ones first, until the
first mistake.  :func:`streak_order` is a streak's puzzles.
"""

from __future__ import annotations

from typing import Callable

from phutball.puzzles.puzzle import Puzzle
from phutball.puzzles.themes import puzzle_themes
from lab.puzzlelist import fnv1a, playable
from lab.puzzlerating import puzzle_rating
from lab.puzzlewords import board_words

__all__ = ["STREAK_BAND", "streak_order"]


#: A streak climbs the puzzle ratings in bands this wide, shuffled inside a band.
STREAK_BAND = 150


def streak_order(puzzles: list[Puzzle], seed: int, rating_of: Callable[[int], int] | None = None,
                 themes_of: Callable[[int], tuple[str, ...]] | None = None) -> list[int]:
    """A streak's puzzles: the playable ones, easiest first by their rating (``rating_of(index)``, by default
    :func:`puzzle_rating`), in bands of :data:`STREAK_BAND` rating points, shuffled by ``seed`` inside a band.

    Issue 42, a streak that varies: inside its band each next puzzle is the first (in the shuffled order)
    that does not come from the game the last one came from (:attr:`Puzzle.source_game`), preferring one
    on another board and with no theme (``themes_of(index)``, by default
    :func:`phutball.puzzles.themes.puzzle_themes`) in common with the last one.  When every puzzle left in
    the band is of the last one's game, the first of another game from a later band comes in between;
    two of one game follow each other only when no other game is left.
    """
    rating = rating_of or (lambda i: puzzle_rating(puzzles[i]))
    themes = themes_of or (lambda i: puzzle_themes(puzzles[i]))
    pool = sorted((i for i, p in enumerate(puzzles) if playable(p)),
                  key=lambda i: (rating(i) // STREAK_BAND, fnv1a(f"{seed}:{puzzles[i].id}"), i))
    band = {i: rating(i) // STREAK_BAND for i in pool}
    game = {i: puzzles[i].source_game for i in pool}
    board = {i: board_words(puzzles[i].position) for i in pool}
    order: list[int] = []
    while pool:
        if not order:
            pick = pool[0]
        else:
            last = order[-1]
            seen = set(themes(last))

            def unlike(i: int) -> tuple[bool, int]:
                return game[i] == game[last], int(board[i] == board[last]) + int(bool(seen & set(themes(i))))

            pick = min((i for i in pool if band[i] == band[pool[0]]), key=unlike)  # min keeps the first of ties
            if game[pick] == game[last]:
                pick = next((i for i in pool if game[i] != game[last]), pick)
        order.append(pick)
        pool.remove(pick)
    return order
