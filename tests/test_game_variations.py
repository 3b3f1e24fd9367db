"""A game's variations: the lines it left beside the main line (python-chess's ``GameNode`` is the model),
written with move lists on a 9x9 board."""

import pytest

from phutball import Position
from phutball.errors import PhutballError
from phutball.game import Game


def game(*moves: str) -> Game:
    return Game(Position.start("9x9"), moves=list(moves))


def test_a_move_played_mid_game_keeps_the_line_it_left_when_asked():
    g = game("E6", "E4", "J9")
    g.goto(1)
    g.push("D4", keep_line=True)
    assert g.moves == ["E6", "D4"] and g.variations == [("E6", "E4", "J9")]
    assert g.branches() == [(1, ("E4", "J9"))]


def test_push_keeps_nothing_by_default_nor_at_the_end_of_the_line():
    g = game("E6", "E4")
    g.push("J9", keep_line=True)  # no redo tail: nothing left behind
    g.goto(1)
    g.push("D4")
    assert g.variations == [] and g.moves == ["E6", "D4"]


def test_add_variation_keeps_each_line_once_newest_last():
    g = game("E6")
    assert g.add_variation(["E6", "E4"]) and g.add_variation(("D5",))
    assert not g.add_variation(("E6", "E4"))
    assert g.variations == [("E6", "E4"), ("D5",)]
    assert g.branches() == [(1, ("E4",)), (0, ("D5",))]


def test_promote_to_main_switches_lines_and_keeps_the_main_one_first():
    g = game("E6", "E4", "J9")
    g.goto(1)
    g.push("D4", keep_line=True)
    g.add_variation(["D5"])
    assert g.promote_to_main(0, ply=2) == ("E6", "E4", "J9")
    assert g.moves == ["E6", "E4", "J9"] and g.cursor == 2 and str(g.position) == str(game("E6", "E4").position)
    assert g.variations == [("E6", "D4"), ("D5",)]
    assert g.promote_to_main() == ("D5",)  # the newest, shown at its end
    assert g.moves == ["D5"] and g.cursor == 1
    assert g.variations == [("E6", "E4", "J9"), ("E6", "D4")]


def test_promoting_back_and_forth_loses_no_line():
    g = game("E6", "E4")
    g.add_variation(["D5", "D3"])
    for _ in range(3):
        g.promote_to_main()
    assert sorted([tuple(g.moves), *g.variations]) == [("D5", "D3"), ("E6", "E4")]
    assert g.moves == ["D5", "D3"] and g.variations == [("E6", "E4")]


def test_promote_clamps_the_ply_and_drops_the_old_lines_ending():
    g = game("E6", "E4")
    g.resign("O")
    g.add_variation(["E6"])
    g.promote_to_main(ply=5)
    assert g.cursor == 1 and g.result == "*" and g.termination == "unfinished"


def test_an_illegal_variation_raises_on_promotion_leaving_the_game_as_it_was():
    g = game("E6")
    g.add_variation(["E6", "E6"])  # a man on a man: not replayed until promoted
    with pytest.raises(PhutballError):
        g.promote_to_main()
    assert g.moves == ["E6"] and g.variations == [("E6", "E6")] and g.cursor == 1


def test_variations_are_not_in_the_record_nor_in_equality():
    g = game("E6", "E4")
    g.add_variation(["D5"])
    back = Game.from_record(g.to_record())
    assert back == g and back.variations == [] and back.to_record() == g.to_record()
