"""The board as an ARIA grid (issue 41): cells in the canvas' order, named as the notation names them, turned
with the board, one row for a strip; the focus moved as a grid's keys move it; only changed cells sent."""

import pytest

from lab.boardgrid import GRID_KEYS, ShownGrid, board_grid, changes, entry_grid, has_grid, step, target_of
from phutball.moveentry import MoveEntry
from phutball.errors import ParseError
from phutball.game import parse_any_position
from phutball.notation import Point

P = Point.from_str


def test_a_9x9_board_has_a_cell_for_every_point_the_ball_can_reach_top_row_first():
    pos = parse_any_position("9x9_O_E5_F5F6")
    g = board_grid(pos)
    assert g.columns == tuple("ABCDEFGHJ")
    assert g.row_headers == tuple(str(r) for r in range(10, -1, -1))
    assert sum(len(r) for r in g.rows) == 9 * 11
    assert g.rows[0][0][0] == "A10" and g.rows[-1][-1][0] == "J0"
    names = g.names()
    assert names["E5"] == "E5, ball" and names["F6"] == "F6, man" and names["A5"] == "A5, empty"
    assert names["E9"] == "E9, empty, the top goal line: Ohs score there"
    assert names["E1"] == "E1, empty, the bottom goal line: Eks score there"
    assert names["E10"] == "E10, empty, past the top goal line"
    assert g.focus == "E5"  # no cursor: the ball's cell takes the focus


def test_a_15x19_board_is_285_points_and_two_rows_past_the_goal_lines():
    g = board_grid(parse_any_position("15x19_O_H10"))
    assert sum(len(r) for r in g.rows) == 15 * 21 and len(g.columns) == 15


def test_a_turned_board_has_row_0_on_top_and_column_a_on_the_right():
    g = board_grid(parse_any_position("9x9_O_E5"), flipped=True)
    assert g.columns == tuple("JHGFEDCBA")
    assert g.row_headers[0] == "0" and g.row_headers[-1] == "10"
    assert g.rows[0][0][0] == "J0" and g.rows[-1][-1][0] == "A10"


def test_a_strip_is_one_row_with_its_squares_past_the_ends():
    pos = parse_any_position("L_o*o.")
    g = board_grid(pos)
    assert len(g.rows) == 1 and g.columns == ("0", "1", "2", "3", "4", "5")
    assert [name for _, name in g.rows[0]][:3] == ["square 0, empty", "square 1, stone, the left end: Right scores there",
                                                   "square 2, ball"]
    assert board_grid(pos, flipped=True).columns == ("5", "4", "3", "2", "1", "0")
    assert board_grid(pos, past_the_ends=False).columns == ("1", "2", "3", "4")  # the calculator's editor


def test_the_move_being_entered_and_the_last_move_are_named_not_only_coloured():
    pos = parse_any_position("9x9_O_E5_F5F6")
    g = board_grid(pos, chain=[P("E5"), P("G7")], landings=[P("G5")], armed=None, last_move=[P("F6")],
                   cursor=P("G7"))
    names = g.names()
    assert names["G7"] == "G7, empty, the ball jumps here"
    assert names["G5"] == "G5, empty, a landing"
    assert names["F6"] == "F6, man, last move"
    assert g.focus == "G7"
    assert board_grid(pos, armed=P("A1")).names()["A1"].endswith("picked: press again to play")


def test_the_keys_move_the_focus_as_seen_and_stop_at_the_edges():
    g = board_grid(parse_any_position("9x9_O_E5"))
    assert step(g, "E5", "ArrowUp") == "E6" and step(g, "E5", "ArrowLeft") == "D5"
    assert step(g, "E5", "Home") == "A5" and step(g, "E5", "End") == "J5"
    assert step(g, "E5", "PageUp") == "E10" and step(g, "E5", "PageDown") == "E0"
    assert step(g, "A10", "ArrowUp") == "A10" and step(g, "A10", "ArrowLeft") == "A10"
    turned = board_grid(parse_any_position("9x9_O_E5"), flipped=True)
    assert step(turned, "E5", "ArrowUp") == "E4" and step(turned, "E5", "ArrowLeft") == "F5"
    assert set(GRID_KEYS) == {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"}
    with pytest.raises(ParseError, match="'Tab'"):
        step(g, "E5", "Tab")
    with pytest.raises(ParseError, match="'Z99'"):
        step(g, "Z99", "ArrowUp")


def test_a_cell_key_from_the_page_is_checked_before_use():
    pos = parse_any_position("9x9_O_E5")
    assert target_of(pos, "e6") == P("E6") and target_of(pos, "E0") == P("E0")
    for bad in ("E11", "Q5", "", None, "5"):
        with pytest.raises(ParseError):
            target_of(pos, bad)
    strip = parse_any_position("L_o*o.")
    assert target_of(strip, "5") == 5
    for bad in ("6", "-1", "E5", "99999"):
        with pytest.raises(ParseError, match=repr(bad)):
            target_of(strip, bad)


def test_after_a_move_only_the_changed_cells_are_sent():
    before = board_grid(parse_any_position("15x19_O_H10"))
    full = changes(None, before)
    assert full["full"] and len(full["rows"]) == 21 and len(full["rows"][0][1]) == 15
    after = board_grid(parse_any_position("15x19_X_H10_H11"), last_move=[P("H11")])
    diff = changes(before, after)
    assert not diff["full"] and diff["cells"] == [["H11", "H11, man, last move"]] and diff["focus"] == "H10"
    assert changes(after, board_grid(parse_any_position("15x19_X_H10_H11"), flipped=True))["full"]
    assert changes(after, board_grid(parse_any_position("9x9_O_E5")))["full"]


def test_a_move_entry_s_grid_names_its_chain_landings_and_picked_point():
    entry = MoveEntry(parse_any_position("9x9_O_E5_F5F6G6"))
    assert entry_grid(entry).label == "Board, 9 by 9"
    entry.click(P("E5"))
    names = entry_grid(entry).names()
    assert names["G7"] == "G7, empty, a landing" and names["G5"] == "G5, empty, a landing"
    entry.click(P("G7"))
    g = entry_grid(entry)
    assert g.focus == "G7" and g.names()["G7"] == "G7, empty, the ball jumps here"
    assert g.names()["G5"] == "G5, empty, a landing" and g.names()["E5"] == "E5, ball"
    strip = MoveEntry(parse_any_position("L_o*o."))
    assert entry_grid(strip).label == "Strip of 4 squares"


def test_a_shown_grid_sends_the_table_once_then_changes_and_reads_the_page_s_keys_back_checked():
    view = ShownGrid("board-grid")
    pos = parse_any_position("9x9_O_E5_F5F6")
    first = view.update(board_grid(pos), pos)
    assert first is not None and first["full"]
    assert view.update(board_grid(pos), pos) is None  # nothing changed: nothing sent
    moved = view.update(board_grid(pos, cursor=P("A1")), pos)
    assert moved == {"full": False, "cells": [], "focus": "A1"}
    assert view.target("F6") == P("F6") and view.target("Z9") is None and view.target(None) is None
    assert view.step("E5", "End") == P("J5") and view.step("nonsense", "End") is None


def test_boards_and_strips_have_a_grid_an_oddish_board_does_not():
    assert has_grid(parse_any_position("9x9_O_E5")) and has_grid(parse_any_position("L_o*o."))
    from phutball.oned.oddish import Oddish
    assert not has_grid(Oddish.from_str("..ooo|ooo....o."))  # the puzzles page's paper-example-3
    assert not has_grid("9x9_O_E5")


def test_a_focus_arriving_on_a_cell_is_told_from_the_grids_own_move():
    from lab.boardgrid import ShownGrid, board_grid
    from lab.calc.controller import CalcController
    s = CalcController().strip
    view = ShownGrid("t")
    view.update(board_grid(s, cursor=1, past_the_ends=False), s)
    assert view.shown is not None
    focused = view.shown.focus
    assert view.arriving(focused) is None          # the grid moved its focus there itself
    other = next(k for row in view.shown.rows for k, _ in row if k != focused)
    assert view.arriving(other) is not None
    assert view.arriving(None) is None and view.arriving("nonsense") is None
