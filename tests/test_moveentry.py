"""The move-entry widget every page uses (phutball.moveentry): placements, jump chains, keys, the two-touch pick."""

import pytest

from phutball.moveentry import TOUCH_CELL, MoveEntry
from phutball import Point, Position
from phutball.game import parse_any_position
from phutball.notation import Jump, Placement

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
