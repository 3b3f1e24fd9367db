"""One conformance test for every kind of position: the rule questions a board's UI asks.

2D positions, 1D strips and Oddish boards each answer ``variant``, ``in_bounds``,
``can_place`` and ``ends_jump`` (what ``phutball.moveentry`` asks while a move is
entered); the answers must agree with the positions' own move generators.
"""

import random

import pytest

from phutball import Point, Position
from phutball.board import BoardSize
from phutball.game import variant_of
from phutball.oned.oddish import Oddish
from phutball.sides import sides_of
from phutball.variant import Variant
from phutball.oned.strip import Strip

BOARD = Position.from_diagram("""
    . . . . .
    . . o . .
    . . o . .
    . o * . .
    . . . . .
""")


def random_boards(n: int, seed: int = 7) -> list[Position]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w, h = rng.choice([(5, 5), (7, 9), (9, 9)])
        size = BoardSize(w, h)
        points = list(size.points())
        ball = rng.choice([p for p in points if 1 < p.row < h])  # a game still going
        men = rng.sample([p for p in points if p != ball], rng.randint(0, len(points) // 2))
        out.append(Position(size, frozenset(men), ball, rng.choice("OX")))
    return out


def random_strips(n: int, seed: int = 8) -> list[Strip]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        length = rng.randint(3, 14)
        ball = rng.randint(2, length - 1)
        stones = {s for s in range(1, length + 1) if s != ball and rng.random() < 0.5}
        out.append(Strip(length, ball, frozenset(stones), rng.choice("LR")))
    return out


def random_oddish(n: int, seed: int = 9) -> list[Oddish]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        m = rng.randint(2, 12)
        stones = {s for s in range(1, m + 1) if rng.random() < 0.5}
        out.append(Oddish(m, rng.randint(1, m - 1), frozenset(stones), rng.choice("LR")))
    return out


POSITIONS = ([BOARD, Position.from_str("9x9_O_E5"), Position.from_str("9x9_X_E2_E1D2")] + random_boards(40)
             + [Strip.from_str("L_o*o.o.o...."), Strip.from_str("R_.o*oo.")] + random_strips(60)
             + [Oddish.from_str("L_..ooo|ooo....o.")] + random_oddish(40))


def targets(pos):
    """Every target a click can name, and a few it cannot (off the board, of the other kind)."""
    if pos.variant == "2D":
        inside = [Point(c, r) for c in range(1, pos.size.width + 1) for r in range(0, pos.size.height + 2)]
        return inside, [Point(0, 1), Point(pos.size.width + 1, 1), Point(1, pos.size.height + 2), 3, None]
    n = pos.n if pos.variant == "1D" else pos.m
    inside = list(range(0, n + 2 if pos.variant == "1D" else n + 1))
    return inside, [-1, inside[-1] + 1, Point(1, 1), True, None]


def placed(move):
    return getattr(move, "point", getattr(move, "square", None))


def chains(pos, path, depth=6):
    """Every partial jump from the ball (as the UI builds it): the path and its last landing."""
    if depth == 0:
        return
    for t in pos.landings(path):
        yield path + [t]
        if not pos.ends_jump(t):
            yield from chains(pos, path + [t], depth - 1)


@pytest.mark.parametrize("pos", POSITIONS, ids=str)
def test_every_position_answers_the_rule_questions_as_its_move_generator_does(pos):
    assert isinstance(pos.variant, Variant) and pos.variant is type(pos).variant and variant_of(pos) is pos.variant
    assert pos.variant.sides == sides_of(pos.variant.value) and pos.variant.is_board == isinstance(pos, Position)
    inside, outside = targets(pos)
    assert all(pos.in_bounds(t) for t in inside) and not any(pos.in_bounds(t) for t in outside)
    assert not any(pos.can_place(t) or pos.ends_jump(t) for t in outside)
    placements = {placed(m) for m in pos.placements()}
    assert {t for t in inside if pos.can_place(t)} == placements
    start = [] if pos.variant == "Oddish" else [pos.ball]
    for path in chains(pos, start):
        t = path[-1]
        assert pos.in_bounds(t)
        if pos.variant == "Oddish":
            assert pos.ends_jump(t)  # an arrow move is one step
            continue
        after = pos.play("-".join(str(p) for p in path))
        off = t in (0, pos.n + 1) if pos.variant == "1D" else t.row in (0, pos.size.height + 1)
        if off:  # the ball left the board: nothing can follow, the move is over
            assert pos.ends_jump(t) and pos.landings(path) == [] and after.winner is not None
        # a goal for the mover ends the move (whatever could follow), and nothing else does
        assert pos.ends_jump(t) == (off or after.winner == pos.to_move)


def test_a_finished_game_takes_no_placement():
    won = Position.from_str("9x9_X_E9_E5")  # the ball on Ohs's goal line: Ohs have won
    assert won.winner == "O" and not won.can_place(Point.from_str("A1"))
    assert not Strip.from_str("R_.oo*").can_place(2)
