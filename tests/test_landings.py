"""``landings()`` on every kind of position, and the ``GamePosition`` protocol they share (issue 13).

A UI builds a jump click by click: after each landing it asks the position where the next single
jump can land.  2D ``Position`` always had it; ``Strip`` and ``Oddish`` now answer the same
question, so the play page no longer lists every jump path of the strip on each click.
"""

from itertools import product

import pytest

from phutball.board import Position
from phutball.errors import IllegalMoveError
from phutball.game import Game, GamePosition
from phutball.oned.oddish import Oddish
from phutball.oned.strip import Strip


def reference_landings(strip: Strip, chain: list[int]) -> list[int]:
    """Naive: the next square of every listed jump path that continues ``chain``."""
    k = len(chain)
    return sorted({j.path[k] for j in strip.jumps() if len(j.path) > k and list(j.path[:k]) == chain})


def test_strip_landings_of_the_papers_example():
    #   squares  1 2 3 4 5 6 7 8 9 10 11
    #            o * o . o . o . .  .  .      Left to move
    s = Strip.from_str("L_o*o.o.o....")
    assert s.landings() == s.landings([2]) == [0, 4]   # over 1 past the left end, or over 3 onto 4
    assert s.landings([2, 4]) == [6]                     # 3 is gone: only on to the right
    assert s.landings([2, 4, 6]) == [8]
    assert s.landings([2, 4, 6, 8]) == []                # nothing next to square 8
    assert s.landings([2, 0]) == []                      # off the strip: the move is over


def test_strip_landings_refuse_an_illegal_chain():
    s = Strip.from_str("L_o*o.o.o....")
    with pytest.raises(IllegalMoveError, match="ball"):
        s.landings([3])
    with pytest.raises(IllegalMoveError, match="lands on"):
        s.landings([2, 5])


def test_strip_landings_match_the_listed_jumps_on_every_short_strip():
    seen = {"empty": 0, "some": 0}
    for n in range(3, 10):
        for cells in product(".o", repeat=n - 1):
            for ball in range(1, n + 1):
                squares = list(cells)
                squares.insert(ball - 1, "*")
                s = Strip.from_str("L_" + "".join(squares))
                if s.is_over:
                    assert s.landings() == []
                    continue
                chains = [[s.ball]] + [list(j.path) for j in s.jumps()]
                for chain in chains:
                    got = s.landings(chain)
                    assert got == reference_landings(s, chain), (str(s), chain)
                    seen["some" if got else "empty"] += 1
    assert min(seen.values()) > 1000, seen   # both kinds of answer were compared, many times


def test_oddish_landings_are_the_arrow_moves():
    #   squares  1 2 3 4 5 | 6 7 8 9 10 11 12 13 14
    #            . . o o o | o o o .  .  .  .  o  .
    b = Oddish.from_str("L_..ooo|ooo....o.")
    assert b.landings() == b.landings([5]) == [2, 3, 4, 6, 7, 8]
    assert sorted(b.play(mv).arrow for mv in b.arrow_moves()) == b.landings()
    with pytest.raises(IllegalMoveError):
        b.landings([5, 8])
    #   . o | o .   the arrow can step past square 2 (to gap 1) or past square 3 (to gap 3)
    assert Oddish.from_str("L_.o|o.").landings() == [1, 3]


@pytest.mark.parametrize("text", ["15x19_O_H10_H11", "L_o*o.o.o....", "L_..ooo|ooo....o."])
def test_every_position_kind_is_a_game_position(text):
    from phutball.game import parse_any_position
    pos = parse_any_position(text)
    assert isinstance(pos, GamePosition)
    assert pos.to_move in ("O", "L") and pos.winner is None
    first = pos.landings()[0] if pos.landings() else None
    assert first is not None
    game = Game(pos)
    assert isinstance(game.position, GamePosition)


def test_the_2d_position_answers_the_same_question():
    #   ball H10, a man on H11: the only jump lands on H12
    pos = Position.from_str("15x19_O_H10_H11")
    assert [str(p) for p in pos.landings()] == ["H12"]
