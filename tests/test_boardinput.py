"""lab.boardkeys.BoardInput and its helpers: what a press, a release and a key do on a page's board and its grid
(glue/boardinput.py only reads the events and asks)."""

from __future__ import annotations

from lab.boardgrid import ShownGrid, board_grid
from lab.boardkeys import MOVE_FIELD, BoardInput, board_shape, move_field_props, shape_changed
from phutball import Point
from phutball.game import parse_any_position

P = Point.from_str


class Page:
    """A page's callbacks, recording what they were called with."""

    def __init__(self, takes: bool = True) -> None:
        self.calls: list[tuple] = []
        self.takes = takes

    def target(self, t, touch_cell):
        self.calls.append(("target", t, touch_cell))

    def key(self, key, event):
        self.calls.append(("key", key, event.target))
        return self.takes

    def drag(self, t):
        self.calls.append(("drag", t))

    def focus(self, t):
        self.calls.append(("focus", t))


class Event:
    def __init__(self, target: str) -> None:
        self.target = target


def board(page: Page, **more) -> BoardInput:
    return BoardInput.of(None, page.target, on_key=page.key, on_drag=page.drag, on_focus=page.focus, **more)


def test_a_press_hides_the_cursor_and_a_finger_picks_first_only_on_a_two_touch_page():
    page = Page()
    flags = {"used": True}
    b = BoardInput.of(flags, page.target, two_touch=True)
    b.press(P("E5"), 40.0, "touch")
    b.press(P("E6"), 40.0, "mouse")
    assert page.calls == [("target", P("E5"), 40.0), ("target", P("E6"), None)] and flags == {"used": False}
    board(page).press(P("E5"), 40.0, "touch")
    assert page.calls[-1] == ("target", P("E5"), None)


def test_a_release_on_another_point_drags_the_ball_there():
    page = Page()
    b = board(page)
    b.release(P("E7"))  # no press before
    b.press(P("E5"), 40.0, "mouse")
    b.release(P("E5"))  # where it was pressed: a click
    b.press(P("E5"), 40.0, "mouse")
    b.release(None)  # off the board
    b.press(P("E5"), 40.0, "mouse")
    b.release(P("E7"))
    assert [c for c in page.calls if c[0] == "drag"] == [("drag", P("E7"))]


def test_keys_go_to_the_cell_first_then_to_the_board_as_on_its_canvas():
    page = Page()
    b = board(page)
    b.key("ArrowUp", "", Event("body"), lambda key, event: False, "canvas")  # nobody's (a form field)
    assert page.calls == [] and not b.keyboard["used"]
    b.key("ArrowUp", "cell", Event("cell"), lambda key, event: True, "canvas")  # the grid took it
    assert page.calls == []
    b.key("b", "cell", Event("cell"), lambda key, event: False, "canvas")
    assert page.calls == [("key", "b", "canvas")] and not b.keyboard["used"]  # not a cursor key
    b.key("ArrowUp", "board", Event("body"), lambda key, event: False, "canvas")
    assert page.calls[-1] == ("key", "ArrowUp", "body") and b.keyboard["used"]
    b = board(Page(takes=False))
    b.key("ArrowUp", "board", Event("canvas"), lambda key, event: False, "canvas")
    assert not b.keyboard["used"]  # the page did not take it: no cursor
    BoardInput.of(None, page.target).key("ArrowUp", "board", Event("canvas"), lambda key, event: False, "canvas")


def test_the_grids_keys_clicks_and_focus():
    pos = parse_any_position("9x9_O_E5")
    view = ShownGrid("board-grid")
    view.update(board_grid(pos), pos)
    page = Page()
    b = board(page)
    assert not b.cell_key(view, "E5", "b", True) and not b.keyboard["used"]  # the board's key
    assert not b.cell_key(view, "nonsense", "ArrowUp", True) and not b.cell_key(view, "E5", "Enter", False)
    assert page.calls == []
    assert b.cell_key(view, "E5", "ArrowUp", True) and page.calls == [("focus", P("E6"))] and b.keyboard["used"]
    assert b.cell_key(view, "E5", "Enter", True) and page.calls[-1] == ("target", P("E5"), None)
    b.cell_click(view, "F5", True)
    b.cell_click(view, "F5", False)  # the board takes no move
    assert page.calls[-1] == ("target", P("F5"), None) and len(page.calls) == 3
    b.keyboard["used"] = False
    b.arriving(view, view.shown.focus)  # the grid moved its focus there itself
    assert len(page.calls) == 3 and b.keyboard["used"]
    b.arriving(view, "A1")
    assert page.calls[-1] == ("focus", P("A1"))
    top = view.step("E5", "PageUp")
    assert b.cell_key(view, str(top), "ArrowUp", True) and page.calls[-1] == ("focus", top)  # at the edge


def test_the_board_asks_for_a_new_layout_when_its_shape_changes():
    memo: dict = {}
    assert board_shape("2D", "9x9_O_E5") == ("2D", "9x9") and board_shape("1D", "L_o*o.") == ("1D", "")
    assert shape_changed(memo, board_shape("2D", "9x9_O_E5"))
    assert not shape_changed(memo, board_shape("2D", "9x9_X_E5_E6"))
    assert shape_changed(memo, board_shape("1D", "L_o*o."))


def test_the_move_field_says_why_not_or_is_emptied():
    assert move_field_props("E6: a man", typing=True) == {("move-preview", "textContent"): "E6: a man"}
    assert move_field_props("") == {("move-preview", "textContent"): "", MOVE_FIELD: ""}  # played
    assert move_field_props("Not your move.") == {("move-preview", "textContent"): "Not your move."}
