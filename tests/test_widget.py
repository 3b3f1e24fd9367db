"""The notebook widget's Python side (``phutball.widget.Board``, issue 29): no browser needed.

The front end (``phutball/widget.js``) sends the student's clicks as custom messages
(``model.send({click: [x, y]})``); here they arrive through the same entry point a
kernel's comm uses (``Widget._handle_msg``), and the synced traits are read as the
front end reads them.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from phutball.board import Position
from phutball.errors import IllegalError, IllegalMoveError, ParseError, quote
from phutball.game import parse_any_position
from phutball.notation import Point
from phutball.svg import layout_for
from test_architecture import ENGINE, engine_modules, imports

pytest.importorskip("anywidget")
import traitlets  # noqa: E402

from phutball.widget import START_JUMP, Board  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def send(board: Board, content: dict) -> None:
    """A custom message from the front end, as the kernel's comm delivers it."""
    board._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def pixel(board: Board, name: str) -> list[float]:
    """Where the point ``name`` is drawn in the widget's picture (CSS pixels), a little off its centre."""
    pos = Position.from_str(board.position)
    x, y = layout_for(pos, board.width, board.height, board.flipped).xy(Point.from_str(name))
    return [x + 3.0, y - 2.0]


def men_drawn(board: Board) -> list[tuple[float, float]]:
    return sorted((s["x"], s["y"]) for s in board.shapes if s["t"] == "circle" and s.get("fill") == "var(--man)")


def ball_drawn(board: Board) -> tuple[float, float]:
    (ball,) = [(s["x"], s["y"]) for s in board.shapes if s["t"] == "circle" and s.get("fill") == "var(--ball)"]
    return ball


# ---------------------------------------------------------------- the teacher's side


def test_the_traits_follow_the_moves():
    board = Board("9x9_O_E5", moves=["E6"])
    assert (board.start, board.position, board.moves) == ("9x9_O_E5", "9x9_X_E5_E6", ["E6"])
    assert board.message == "Eks to move."
    board.play("D4")
    assert board.position == "9x9_O_E5_D4E6" and board.moves == ["E6", "D4"]
    lay = layout_for(Position.from_str(board.position), board.width, board.height)
    assert men_drawn(board) == sorted(lay.xy(Point.from_str(p)) for p in ("D4", "E6"))
    board.play("E5-E7")
    assert board.position == "9x9_X_E7_D4" and board.moves == ["E6", "D4", "E5-E7"]
    assert ball_drawn(board) == lay.xy(Point.from_str("E7"))
    assert board.message == "Eks to move."


@pytest.mark.parametrize("move, error", [("E5", IllegalMoveError), ("E5-E3", IllegalMoveError),
                                         ("K5", IllegalMoveError), ("hello", ParseError), ("E6-", ParseError)])
def test_an_illegal_move_is_refused_with_the_engines_error_and_nothing_changes(move, error):
    board = Board("9x9_O_E5", moves=["E6"])
    before = (board.position, list(board.moves), list(board.shapes), board.message)
    with pytest.raises(error) as caught:
        board.play(move)
    assert repr(move) in str(caught.value)   # the engine's message quotes the move
    assert (board.position, list(board.moves), list(board.shapes), board.message) == before


def test_no_move_after_a_goal():
    board = Board("9x9_O_E7_E8")
    board.play("E7-E9")
    assert board.message == "The game is over: Ohs scored a goal."
    with pytest.raises(IllegalError):
        board.play("A1")
    board.click("A1")
    assert board.moves == ["E7-E9"] and board.message.startswith("The game is over")


def test_undo_and_a_new_position():
    board = Board("9x9_O_E5", moves=["E6", "D4"])
    board.undo()
    assert board.position == "9x9_X_E5_E6" and board.moves == ["E6"]
    board.undo()
    assert board.position == "9x9_O_E5" and board.moves == []
    with pytest.raises(IllegalError):
        board.undo()
    board.position = "11x11_X_F6_F5"       # the teacher sets a new position: a new game from it
    assert (board.start, board.moves, board.message) == ("11x11_X_F6_F5", [], "Eks to move.")
    with pytest.raises(ParseError):
        board.position = "11x11_X_Z99"
    assert board.position == "11x11_X_F6_F5"


def test_options_redraw_the_board():
    board = Board("9x9_O_E5")
    ball = ball_drawn(board)
    board.flipped = True
    assert ball_drawn(board) == ball      # E5 is the middle of a 9x9 board: it stays put
    board.position = "9x9_O_E2"
    low = ball_drawn(board)
    board.flipped = False
    assert ball_drawn(board)[1] > low[1]  # row 2 is near the top when flipped, near the bottom when not
    board.size = 600
    assert board.width == 600 and abs(board.height / board.width - 12.2 / 10.2) < 1e-9


# ---------------------------------------------------------------- the student's clicks (front-end messages)


def test_clicks_place_a_man_and_enter_a_jump_of_two_hops():
    board = Board("9x9_O_E5_E4F7")
    send(board, {"click": pixel(board, "E6")})           # an empty point: Ohs place a man
    assert board.moves == ["E6"] and board.position == "9x9_X_E5_E4E6F7"
    send(board, {"click": pixel(board, "E5")})           # the ball: a jump starts
    assert board.chain == ["E5"] and board.landings == ["E3", "E7"] and board.message == START_JUMP
    assert board.moves == ["E6"]
    send(board, {"click": pixel(board, "E7")})           # over E6
    assert board.chain == ["E5", "E7"] and board.landings == ["G7"]
    assert any(s.get("fill") == "var(--man-gone)" for s in board.shapes)   # E6 drawn as jumped
    send(board, {"click": "G7"})                         # over F7: no man left to jump, the move ends
    assert board.moves == ["E6", "E5-E7-G7"] and board.chain == [] and board.landings == []
    assert board.position == str(Position.from_str("9x9_X_E5_E4E6F7").play("E5-E7-G7"))
    assert board.message == "Ohs to move."
    send(board, {"undo": True})
    assert board.moves == ["E6"] and board.position == "9x9_X_E5_E4E6F7"


def test_a_jump_ends_on_the_ball_or_finish_and_steps_back():
    board = Board("9x9_X_E5_E6F7G7H6")
    send(board, {"click": "E5"})
    send(board, {"click": "E7"})
    assert board.landings == ["H7"] and board.message.startswith("Click another landing")
    send(board, {"click": "H7"})
    assert board.chain == ["E5", "E7", "H7"] and board.landings == ["H5"]
    send(board, {"click": "E7"})                          # a point of the chain: back to it
    assert board.chain == ["E5", "E7"] and board.message == "Stepped back."
    send(board, {"click": "C3"})                          # not a landing: said, nothing changes
    assert board.chain == ["E5", "E7"] and board.message == "The ball cannot jump to C3."
    send(board, {"finish": True})                         # the Finish button
    assert board.moves == ["E5-E7"] and board.position == "9x9_O_E7_F7G7H6"
    board.undo()
    send(board, {"click": "E5"})
    send(board, {"click": "E7"})
    send(board, {"click": "E7"})                          # the ball again: the jump ends there
    assert board.moves == ["E5-E7"]
    board.undo()
    send(board, {"click": "E5"})
    send(board, {"cancel": True})                         # Escape
    assert board.chain == [] and board.message == "Jump cancelled." and board.moves == []


def test_clicks_that_do_nothing_say_why():
    board = Board("9x9_O_E5_E6")
    send(board, {"click": "E6"})
    assert board.message == "You cannot place on E6." and board.moves == []
    send(board, {"click": [1.0, 1.0]})                    # the corner of the picture: no point
    assert board.moves == [] and board.message == "Ohs to move."
    send(board, {"click": "E?"})                          # a bad name: the engine's words, not a traceback
    assert board.message.startswith("bad point 'E?'") and board.moves == []
    send(board, {"undo": True})
    assert board.message == "undo '': nothing to undo"
    lone = Board("9x9_O_E5")
    send(lone, {"click": "E5"})
    assert lone.message == "The ball has no man next to it to jump over." and lone.chain == []


INF, NAN = math.inf, math.nan
#: Clicks no board can be under (issue 39, item 8): infinite or NaN coordinates, and numbers too big for a float.
NOWHERE = [[INF, 10.0], [10.0, -INF], [-INF, INF], [NAN, 10.0], [10.0, NAN], [1e308, 1e308], [-1.7e308, 10.0],
           [1.7e308, -1.7e308], [10**400, 10.0], [10.0, -(10**400)]]


def state(board: Board) -> tuple:
    return board.position, list(board.moves), list(board.chain), board.message, list(board.shapes)


@pytest.mark.parametrize("where", NOWHERE)
@pytest.mark.parametrize("position, ball", [("9x9_O_E5_E6", "E5"), ("L_o*o.o.o....", "2")])
def test_a_click_at_no_finite_point_does_nothing(where, position, ball):
    board, corner = Board(position), Board(position)
    for b in (board, corner):
        b.click(ball)                                            # a jump started
    send(corner, {"click": [1.0, 1.0]})                          # the picture's corner: a click beside the board
    send(board, {"click": where})                                # escaped the handler as an OverflowError
    assert state(board) == state(corner) and board.chain == [ball]
    board.click(tuple(where))                                    # the teacher's side too
    assert state(board) == state(corner)


@pytest.mark.parametrize("where", NOWHERE[:8])
@pytest.mark.parametrize("position", ["9x9_O_E5", "L_o*o.o.o...."])
@pytest.mark.parametrize("flipped", [False, True])
def test_the_layouts_hit_nothing_at_no_finite_point(where, position, flipped):
    assert layout_for(parse_any_position(position), 300.0, 300.0, flipped).hit(*where) is None


@pytest.mark.parametrize("size", [NAN, INF, -INF, 0, -5, 1e308, 119.9, 2000.5, 3000,
                                  pytest.param(10**400, id="10**400"), True, "400"])
def test_a_size_out_of_range_is_refused_naming_it_and_not_synced(size):
    with pytest.raises(traitlets.TraitError, match=f"size {re.escape(quote(size))}: expected"):
        Board("9x9_O_E5", size=size)
    board = Board("9x9_O_E5", size=400)
    before = (board.size, board.width, board.height, list(board.shapes))
    with pytest.raises(traitlets.TraitError, match="from 120 to 2000"):
        board.size = size
    assert (board.size, board.width, board.height, list(board.shapes)) == before


@pytest.mark.parametrize("size", [120, 120.0, 2000, 333.5])
def test_a_size_in_range_is_taken(size):
    board = Board("9x9_O_E5", size=size)
    assert board.size == board.width == size
    board.size = None                                            # back to the natural size
    assert board.width == Board("9x9_O_E5").width


def test_a_flipped_board_hits_the_point_drawn_under_the_click():
    board = Board("9x9_O_E5", flipped=True)
    send(board, {"click": pixel(board, "B2")})
    assert board.moves == ["B2"]
    lay = layout_for(Position.from_str(board.position), board.width, board.height, flipped=True)
    assert men_drawn(board) == [lay.xy(Point.from_str("B2"))]
    assert lay.xy(Point.from_str("B2"))[1] < board.height / 2   # row 2 drawn in the top half


def test_a_strip_takes_clicks_too():
    board = Board("L_o*o.o.o....")
    send(board, {"click": "2"})
    send(board, {"click": "4"})
    send(board, {"click": "6"})
    assert board.chain == ["2", "4", "6"]
    send(board, {"finish": True})
    assert board.moves == ["2-4-6"] and board.message == "Right to move."


# ---------------------------------------------------------------- packaging


def test_import_phutball_never_imports_the_widget():
    code = ("import sys, phutball, phutball.game, phutball.svg, phutball.drawing, phutball.oned.strip\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('anywidget', 'traitlets', 'ipywidgets')"
            " or m == 'phutball.widget'))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert run.stdout.strip() == "[]"


def test_only_the_widget_imports_beyond_the_standard_library():
    outside = {}
    for name, path in engine_modules(ENGINE).items():
        found = {t.split(".")[0] for t, _, _ in imports(name, path)} - set(sys.stdlib_module_names) - {"phutball", ""}
        if found:
            outside[name] = sorted(found)
    assert outside == {"phutball.widget": ["anywidget", "traitlets"]}


def test_the_widget_front_end_is_the_esm_shipped_in_the_wheel():
    """The engine's wheel (the build's, cached by its sources: the one the site serves) holds the front end."""
    paint, front = ((ENGINE / name).read_text(encoding="utf-8") for name in ("paint.js", "widget.js"))
    assert Board._esm == paint + "\n" + front and "export default { render }" in front
    sys.path.insert(0, str(ROOT / "tools"))
    import build_site
    with zipfile.ZipFile(build_site.build_engine_wheel()) as z:
        assert z.read("phutball/widget.js").decode() == front and z.read("phutball/paint.js").decode() == paint
        assert "phutball/widget.py" in z.namelist()
        meta = z.read(next(n for n in z.namelist() if n.endswith("METADATA"))).decode()
    assert "Provides-Extra: widget" in meta and "anywidget>=0.9; extra == \"widget\"" in meta
    canvas = build_site.site_files(build_site.SITE, "e.whl", "l.zip")["canvas.js"].decode()
    assert paint in canvas   # one painter: the site's canvases paint as the widget does
