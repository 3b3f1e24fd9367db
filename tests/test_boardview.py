"""The board drawing worked out in Python: layout, hit-testing and shapes, without a browser."""

import pytest

from lab.views.board import Layout2D, LayoutStrip, board_shapes, strip_shapes
from phutball import BoardSize, Point, Position  # noqa: E402

P = Point.from_str


@pytest.mark.parametrize("size,w,h", [("15x19", 480, 600), ("19x19", 360, 360), ("5x5", 1200, 300),
                                      ("9x9", 320, 560)])
def test_every_point_hits_itself_and_fits_the_canvas(size, w, h):
    lay = Layout2D(BoardSize.from_str(size), w, h)
    s = lay.size
    for col in range(1, s.width + 1):
        for row in range(0, s.height + 2):
            x, y = lay.xy(Point(col, row))
            assert 0 <= x <= w and 0 <= y <= h
            assert lay.hit(x, y) == Point(col, row)
            assert lay.hit(x + lay.cell * 0.3, y - lay.cell * 0.3) == Point(col, row)
    assert lay.hit(-50, -50) is None


def circles(shapes, fill):
    return [s for s in shapes if s["t"] == "circle" and s.get("fill") == f"var(--{fill})"]


def test_shapes_show_men_ball_goal_lines_and_off_board_rows():
    pos = Position.from_str("15x19_O_K6_J7H8G10H11")
    lay = Layout2D(pos.size, 480, 600)
    shapes = board_shapes(pos, lay)
    assert len(circles(shapes, "man")) == 4
    [ball] = circles(shapes, "ball")
    assert (ball["x"], ball["y"]) == lay.xy(P("K6"))
    goal_lines = [s for s in shapes if s["t"] == "line" and s["stroke"] == "var(--goal)"]
    assert len(goal_lines) == 2
    bands = [s for s in shapes if s["t"] == "rect" and s.get("fill") == "var(--offboard)"]
    assert len(bands) == 2
    labels = {s["s"] for s in shapes if s["t"] == "text"}
    assert {"A", "P", "0", "1", "19", "20"} <= labels and "I" not in labels


def test_chain_in_progress_moves_the_ball_fades_jumped_men_and_marks_landings():
    pos = Position.from_str("15x19_O_K6_J7H8G10H11")
    lay = Layout2D(pos.size, 480, 600)
    chain = [P("K6"), P("G9")]
    shapes = board_shapes(pos, lay, chain=chain, landings=pos.landings(chain))
    [ball] = circles(shapes, "ball")
    assert (ball["x"], ball["y"]) == lay.xy(P("G9"))
    assert len(circles(shapes, "man-gone")) == 2 and len(circles(shapes, "man")) == 2
    [landing] = [s for s in shapes if s.get("stroke") == "var(--landing)"]
    assert (landing["x"], landing["y"]) == lay.xy(P("G11"))


def test_strip_layout_hits_and_shapes():
    lay = LayoutStrip(11, 480, 120)
    for sq in range(0, 13):
        x, y = lay.xy(sq)
        assert lay.hit(x, y) == sq
    shapes = strip_shapes(11, 2, {1, 3, 5, 7}, lay, landings=[4])
    assert len(circles(shapes, "man")) == 4 and len(circles(shapes, "ball")) == 1
    assert [s["s"] for s in shapes if s["t"] == "text"] == [str(i) for i in range(1, 12)]


def test_a_strip_rings_the_squares_asked_as_the_hint_is():
    lay = LayoutStrip(9, 480, 120)
    rings = [s for s in strip_shapes(9, 5, {4}, lay, rings=[3, 7]) if s.get("stroke") == "var(--hint)"]
    assert [(s["x"], s["y"]) for s in rings] == [lay.xy(3), lay.xy(7)]
    hint, = [s for s in strip_shapes(9, 5, {4}, lay, hint=3) if s.get("stroke") == "var(--hint)"]
    assert hint == rings[0]


def test_a_strips_goal_squares_1_and_n_are_framed_in_the_goal_colour():
    lay = LayoutStrip(9, 480, 120)
    squares = [s for s in strip_shapes(9, 5, {4}, lay) if s["t"] == "rect" and s["fill"] != "var(--bg)"]
    assert len(squares) == 11  # squares 0..10, the ends past the strip included
    framed = [round((s["x"] + s["w"] / 2 - lay.xy(0)[0]) / lay.cell) for s in squares if s["stroke"] == "var(--goal)"]
    assert framed == [1, 9]
    assert all(s["lw"] > 1 for s in squares if s["stroke"] == "var(--goal)")
    # patterned too, as the goal lines are (issue 41: not by colour alone): only the goal squares are dashed
    assert [round((s["x"] + s["w"] / 2 - lay.xy(0)[0]) / lay.cell) for s in squares if s.get("dash")] == [1, 9]
    # the ends past the strip are outlined in the coordinates' colour, which the dark page shows (issue 39, item 6)
    assert [s["stroke"] for s in (squares[0], squares[-1])] == ["var(--coord)"] * 2
    assert all(s["lw"] >= 1.5 for s in (squares[0], squares[-1]))


def test_goal_lines_the_last_move_and_the_hint_differ_by_pattern_not_only_by_colour():
    """Issue 41 (WCAG 1.4.1): goal lines are dashed, a placed man's square has a dashed frame, the hint's
    ring is dashed where a landing's is solid."""
    pos = Position.from_str("9x9_O_E5_F5F6")
    lay = Layout2D(pos.size, 400, 480)
    shapes = board_shapes(pos, lay, last_move=[P("F6")], hint=P("E7"), landings=[P("G7")], chain=[P("E5")])
    goal_lines = [s for s in shapes if s["t"] == "line" and s["stroke"] == "var(--goal)"]
    grid_lines = [s for s in shapes if s["t"] == "line" and s["stroke"] == "var(--grid)"]
    assert len(goal_lines) == 2 and all(s.get("dash") for s in goal_lines) and not any(s.get("dash") for s in grid_lines)
    [last] = [s for s in shapes if s.get("fill") == "var(--last)"]
    assert last["dash"] and last["stroke"] == "var(--man-edge)"
    [hint] = [s for s in shapes if s.get("stroke") == "var(--hint)"]
    [landing] = [s for s in shapes if s.get("stroke") == "var(--landing)"]
    assert hint.get("dash") and not landing.get("dash")
    strip_last = [s for s in strip_shapes(9, 5, {4}, LayoutStrip(9, 600, 120), last_move=[4])
                  if s.get("fill") == "var(--last)"]
    assert strip_last and strip_last[0]["dash"]
