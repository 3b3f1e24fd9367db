"""The move-entry widget every page uses (phutball.moveentry): placements, jump chains, keys, the two-touch pick."""

import itertools
import random

import pytest

from phutball.board import BoardSize
from phutball.moveentry import TOUCH_CELL, MoveEntry
from phutball import Point, Position
from phutball.game import parse_any_position
from phutball.notation import Jump, Placement, parse_move
from phutball.oned.strip import Strip

P = Point.from_str

# Ohs to move: the ball on C2 can jump over B2 to A2, or over C3 and C4 to C5, the goal line of
# a 5x5 board (a jump ends there by itself).
CHAIN = Position.from_diagram("""
    . . . . .
    . . o . .
    . . o . .
    . o * . .
    . . . . .
""")

# A chain of two hops: C2-C4 (stop there, or go on) then C4-C6.
BRANCH = Position.from_diagram("""
    . . . . . . .
    . . . . . . .
    . . o . . . .
    . . . . . . .
    . . o . . . .
    . . * . . . .
    . . . . . . .
""")


def entered(entry: MoveEntry, *clicks: str) -> object:
    for c in clicks:
        entry.click(P(c))
    return entry.take_move()


def test_a_click_on_an_empty_point_enters_a_placement():
    e = MoveEntry(CHAIN)
    assert entered(e, "A1") == Placement(P("A1")) and e.take_move() is None


def test_a_click_where_no_man_can_go_is_refused_in_words():
    e = MoveEntry(CHAIN)
    assert entered(e, "C3") is None and e.error == "You cannot place on C3."


# On the goal line at C5 the ball could still jump on over D5 to E5: a goal ends the move all the same.
GOAL = Position.from_diagram("""
    . . . o .
    . . o . .
    . . * . .
    . . . . .
    . . . . .
""")


def test_a_jump_chain_that_reaches_the_goal_line_ends_by_itself():
    e = MoveEntry(CHAIN)
    assert entered(e, "C2") is None and e.chain == [P("C2")] and sorted(e.landings()) == [P("A2"), P("C5")]
    assert entered(e, "C5") == Jump((P("C2"), P("C5"))) and e.chain == []
    e = MoveEntry(GOAL)
    e.click(P("C3"))
    assert GOAL.landings([P("C3"), P("C5")]) == [P("E5")]  # the engine would let it go on
    assert entered(e, "C5") == Jump((P("C3"), P("C5")))


def test_a_chain_stops_at_the_ball_steps_back_and_cancels():
    e = MoveEntry(BRANCH)
    e.click(P("C2"))
    e.click(P("C4"))
    assert e.chain == [P("C2"), P("C4")] and e.view()["can_finish"] and e.landings() == [P("C6")]
    e.click(P("C2"))  # a point of the chain: back to it
    assert e.chain == [P("C2")] and e.message.startswith("Jumping")
    e.click(P("C4"))
    e.step_back()
    assert e.chain == [P("C2")]
    e.cancel()
    assert e.chain == [] and e.message == "Jump cancelled."
    assert entered(e, "C2", "C4", "C4") == Jump((P("C2"), P("C4")))  # the ball again: stop here


def test_the_ball_with_no_man_beside_it_cannot_start_a_jump():
    e = MoveEntry(parse_any_position("9x9_O_E5"))
    assert entered(e, "E5") is None and "no man next to it" in e.error and e.chain == []


def test_keys_move_the_cursor_and_enter_acts_at_it():
    e = MoveEntry(CHAIN)
    e.key("ArrowLeft")  # the cursor starts at the ball
    assert e.cursor == P("B2")
    e.key("ArrowDown")
    e.key("Enter")
    assert e.take_move() == Placement(P("B1"))
    e.cursor = P("C2")
    e.key(" ")
    assert e.chain == [P("C2")]
    e.key("Escape")
    assert e.chain == [] and not e.key("u")  # not the widget's key: the page's


@pytest.mark.parametrize("cell, picks", [(TOUCH_CELL - 1, True), (TOUCH_CELL + 1, False), (None, False)])
def test_a_finger_on_a_small_board_picks_first_and_plays_at_the_second_touch(cell, picks):
    e = MoveEntry(CHAIN)
    e.click(P("A1"), touch_cell=cell)
    if picks:
        assert e.armed == P("A1") and e.take_move() is None and "picked" in e.message
        e.click(P("B1"), touch_cell=cell)  # another point: picked instead
        assert e.armed == P("B1") and e.take_move() is None
        e.click(P("B1"), touch_cell=cell)
    assert e.take_move() == Placement(P("B1") if picks else P("A1")) and e.armed is None
    if picks:
        e.click(P("A1"), touch_cell=cell)
        e.click(None, touch_cell=cell)  # beside the board: the pick is let go
        assert e.armed is None and e.take_move() is None


def test_a_strip_has_no_two_touch_pick_and_its_chains_end_at_the_goal():
    e = MoveEntry(parse_any_position("L_o*o.o.o...."))
    e.click(2, touch_cell=10.0)
    assert e.armed is None and e.chain == [2] and e.landings() == [0, 4]  # back over square 1, or on
    for sq in (4, 6):
        e.click(sq)
    assert e.take_move() is None and e.chain == [2, 4, 6]
    e.finish()
    assert str(e.take_move()) == "2-4-6"
    e.click(2)
    for sq in (4, 6, 8):  # no stone beside square 8: the jump ends there by itself
        e.click(sq)
    assert str(e.take_move()) == "2-4-6-8" and e.chain == []


def test_reset_drops_the_chain_and_keeps_a_cursor_that_still_fits():
    e = MoveEntry(BRANCH)
    e.click(P("C2"))
    e.reset(CHAIN)
    assert e.chain == [] and e.cursor == P("C2") and e.position is CHAIN
    e.cursor = P("G7")
    e.reset(CHAIN)  # off a 5x5 board
    assert e.cursor is None


def test_a_target_of_the_other_variant_is_outside_the_board():
    e = MoveEntry(CHAIN)
    assert not e.in_bounds(3) and not e.in_bounds(None)
    e.click(3)
    assert e.take_move() is None and e.error == ""


# Issue 39: a chain may come back to where it has been (the men it jumped are gone).  Ohs to
# move: E5 over F6 to G7, over G6 to G5, over F5 back to E5 -- a legal jump the engine lists.
#
#  7 . . . . . . . . .        E5-G7-G5-E5: the ball's start is a landing again, and a click
#  6 . . . . . o o . .        there jumps (it used to step back to the chain's start, and the
#  5 . . . . * o . . .        move could not be entered by clicks).
#  4 . . . . . . . . .
#    A B C D E F G H J
RETURN = Position.from_diagram("""
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . o o . .
    . . . . * o . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
""")


def test_a_chain_that_comes_back_to_its_start_is_entered_by_clicks_and_keys():
    assert RETURN == Position.from_str("9x9_O_E5_F5F6G6") and parse_move("E5-G7-G5-E5") in set(RETURN.jumps())
    e = MoveEntry(RETURN)
    assert entered(e, "E5", "G7", "G5") is None and e.landings() == [P("E5")]
    assert entered(e, "E5") == parse_move("E5-G7-G5-E5")  # a landing, not a step back: no man left, the move ends
    e.cursor = P("E5")
    for key in ("Enter", "ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "Enter", "ArrowDown", "ArrowDown",
                "Enter", "ArrowLeft", "ArrowLeft", "Enter"):
        e.key(key)
    assert e.take_move() == parse_move("E5-G7-G5-E5")


def test_backspace_steps_back_from_a_point_the_ball_could_land_on_again():
    e = MoveEntry(RETURN)
    for c in ("E5", "G7", "G5"):
        e.click(P(c))
    e.key("Backspace")
    assert e.chain == [P("E5"), P("G7")] and e.take_move() is None
    e.click(P("E5"))  # not a landing from G7 (F6 is gone): a point of the chain, back to it
    assert e.chain == [P("E5")] and e.message.startswith("Jumping")


# With D5 and C6 as well, the chain can go on after coming back: E5-G7-G5-E5-C5, then C7.
#  7 . . . . . . . . .
#  6 . . o . . o o . .
#  5 . . . o * o . . .
#    A B C D E F G H J
RETURN_ON = Position.from_str("9x9_O_E5_C6D5F5F6G6")


def test_a_step_back_to_a_point_visited_twice_goes_to_its_latest_visit():
    e = MoveEntry(RETURN_ON)
    for c in ("E5", "G7", "G5", "E5", "C5"):
        e.click(P(c))
    assert e.chain == [P(c) for c in ("E5", "G7", "G5", "E5", "C5")] and e.landings() == [P("C7")]
    e.click(P("E5"))  # D5 is gone: no landing, a point of the chain
    assert e.chain == [P(c) for c in ("E5", "G7", "G5", "E5")] and e.message == "Stepped back."
    assert e.landings() == [P("C5")]
    e.click(P("G7"))
    assert e.chain == [P("E5"), P("G7")]


def _expected(pos, move):
    """What clicking ``move``'s points enters: the move, or its part up to a landing that wins.

    Rule (phutball.moveentry): a landing on the mover's goal line (or past it) ends the move by
    itself -- the mover has won; the engine also lists chains that go on from there (they
    score nothing, rules.md "Winning"), which clicks do not enter.
    """
    path = move.path
    for i, t in enumerate(path[1:-1], start=1):
        if pos.ends_jump(t):
            return type(move)(tuple(path[:i + 1]))
    return move


def _clicked(pos, move):
    """Click the ball, then each landing of ``move`` (up to a win), then Finish if the chain is still open."""
    e = MoveEntry(pos)
    for t in _points(_expected(pos, move)):
        e.click(t)
        assert not e.error, (pos, move, e.error)
    if e.chain:
        e.finish()
    return e.take_move()


def _keyed(pos, move):
    """The same by keys: arrows to each point (from the ball, where a page shows the cursor first), Enter
    there, Enter at the end."""
    e = MoveEntry(pos, cursor=pos.ball)
    for t in _points(_expected(pos, move)):
        while e.cursor != t:
            here = e.cursor
            if isinstance(t, int):
                e.key("ArrowRight" if t > here else "ArrowLeft")
            elif t.col != here.col:
                e.key("ArrowRight" if t.col > here.col else "ArrowLeft")
            else:
                e.key("ArrowUp" if t.row > here.row else "ArrowDown")
            assert e.cursor != here, f"the cursor cannot get from {here} to {t}"
        e.key("Enter")
    if e.chain:
        e.key("Enter")
    return e.take_move()


def _points(move):
    return list(move.path)


def _random_positions(n: int, seed: int = 39):
    """``n`` random small boards (5x5 to 7x9, men on 35-65% of the points): chains that revisit are common."""
    rng = random.Random(seed)
    while n:
        size = BoardSize(rng.choice((5, 7)), rng.choice((5, 7, 9)))
        points = list(size.points())
        ball = rng.choice(points)
        density = rng.uniform(0.35, 0.65)
        men = frozenset(p for p in points if p != ball and rng.random() < density)
        pos = Position(size, men, ball, rng.choice("OX"))
        if not pos.is_over:
            n -= 1
            yield pos


def test_every_legal_jump_on_random_boards_is_entered_by_clicks_and_by_keys():
    revisiting = 0
    for pos in _random_positions(40):
        for move in itertools.islice(pos.jumps(), 150):
            path = _points(move)
            revisiting += len(set(path)) < len(path)
            assert _clicked(pos, move) == _expected(pos, move), (str(pos), str(move))
            assert _keyed(pos, move) == _expected(pos, move), (str(pos), str(move))
    assert revisiting > 300  # the case of issue 39 is well covered (727 of the 1629 jumps)


def test_every_legal_jump_on_random_strips_is_entered_by_clicks_and_by_keys():
    rng = random.Random(39)
    for _ in range(200):
        n = rng.randint(3, 13)
        ball = rng.randint(1, n)
        stones = "".join("*" if s == ball else "o" if rng.random() < 0.6 else "." for s in range(1, n + 1))
        strip = Strip.from_str(stones, rng.choice("LR"))
        for move in strip.jumps():
            assert _clicked(strip, move) == _expected(strip, move), (str(strip), str(move))
            assert _keyed(strip, move) == _expected(strip, move), (str(strip), str(move))


def test_a_typed_move_is_checked_by_the_rules_and_left_where_a_click_s_move_is():
    from phutball.errors import PhutballError
    from phutball.notation import StripJump
    entry = MoveEntry(parse_any_position("9x9_O_E5_F5F6G6"))
    entry.click(Point.from_str("E5"))  # a chain begun by clicks gives way to the typed move
    assert entry.enter(" E5-G7-G5-E5 ") == parse_move("E5-G7-G5-E5")
    assert entry.chain == [] and entry.take_move() == parse_move("E5-G7-G5-E5")
    for bad, words in (("E5-E7", "'E5-E7'"), ("E5", "'E5'"), ("Z", "'Z'"), ("", "empty")):
        with pytest.raises(PhutballError, match=words):
            entry.enter(bad)
        assert entry.move is None
    strip = MoveEntry(parse_any_position("L_o*o."))
    assert strip.enter("2-4") == StripJump((2, 4)) and strip.take_move() == StripJump((2, 4))
