"""The notebook widget's Python side (``phutball.widget.Board``, issue 29): no browser needed.

The front end (``phutball/widget.js``) sends the student's clicks as custom messages
(``model.send({click: [x, y]})``); here they arrive through the same entry point a
kernel's comm uses (``Widget._handle_msg``), and the synced traits are read as the
front end reads them.
"""

from __future__ import annotations

import base64
import math
import re
import subprocess
import sys
import traceback
import zipfile
from pathlib import Path

import pytest

from phutball import svg
from phutball.board import Position
from phutball.errors import IllegalError, IllegalMoveError, ParseError, quote
from phutball.game import Game, parse_any_position
from phutball.oned.oddish import Oddish
from phutball.oned.strip import Strip
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


# ---------------------------------------------------------------- a game on the board (issue 43)


def test_a_board_shows_a_game_at_its_cursor_and_steps_through_it():
    game = Game(Position.from_str("9x9_O_E5"), ["E6", "D4", "E5-E7"], cursor=1)
    board = Board(game)
    assert (board.start, board.moves, board.ply, board.position) == ("9x9_O_E5", ["E6", "D4", "E5-E7"], 1,
                                                                     "9x9_X_E5_E6")
    assert board.message.startswith("After 1 of 3 moves: Eks to move")
    send(board, {"step": 1})                                     # the button ▶
    assert (board.ply, board.position) == (2, "9x9_O_E5_D4E6")
    send(board, {"step": 1})
    send(board, {"step": 1})                                     # at the end: nothing more
    assert (board.ply, board.position, board.message) == (3, "9x9_X_E7_D4", "Eks to move.")
    board.ply = 0                                                # the teacher steps too
    assert board.position == "9x9_O_E5" and board.moves == ["E6", "D4", "E5-E7"]
    send(board, {"step": -1})                                    # ◀ at the start: nothing
    assert board.ply == 0
    for bad in (-1, 4):
        with pytest.raises(traitlets.TraitError, match=f"ply {bad}: expected 0 to 3"):
            board.ply = bad
    assert board.ply == 0
    assert game.cursor == 1 and game.moves == ["E6", "D4", "E5-E7"]   # the game given is not changed
    copy = board.game
    assert (copy.moves, copy.cursor) == (["E6", "D4", "E5-E7"], 0)


def test_a_move_at_the_end_extends_the_game_and_before_it_replaces_the_rest():
    board = Board(Game(Position.from_str("9x9_O_E5"), ["E6", "D4"]))
    board.play("E5-E7")                                          # at the end: the game goes on
    assert (board.moves, board.ply) == (["E6", "D4", "E5-E7"], 3)
    board.ply = 1
    send(board, {"click": "C3"})                                 # a student's move at ply 1: the rest goes
    assert (board.moves, board.ply, board.position) == (["E6", "C3"], 2, "9x9_O_E5_C3E6")
    board.ply = 1
    board.undo()                                                 # takes back E6, and the moves after it
    assert (board.moves, board.ply, board.position) == ([], 0, "9x9_O_E5")


def test_a_finished_game_can_be_stepped_back_and_played_on_from_there():
    board = Board(Game(Position.from_str("9x9_O_E7_E8"), ["E7-E9"]))
    assert board.message == "The game is over: Ohs scored a goal."
    board.ply = 0
    assert board.message.startswith("After 0 of 1 moves: Ohs to move")
    board.play("A1")
    assert board.moves == ["A1"] and board.message == "Eks to move."


def test_a_board_takes_a_position_a_strip_a_game_but_not_a_games_text():
    assert Board(Position.from_str("9x9_O_E5")).position == "9x9_O_E5"
    assert Board(Strip.from_str("L_o*o.o.o....")).position == "L_o*o.o.o...."
    assert Board(Game(Strip.from_str("L_o*o.o.o...."), ["2-4-6"])).moves == ["2-4-6"]
    with pytest.raises(TypeError, match="Board\\(game\\) shows the game's own moves"):
        Board(Game(Position.from_str("9x9_O_E5")), moves=["E6"])
    with pytest.raises(TypeError, match="not list"):
        Board(["9x9_O_E5"])
    with pytest.raises(TypeError, match="moves is a list of moves"):
        Board("9x9_O_E5", moves="E6")


def engine_frames(error: BaseException) -> list[str]:
    """The files of the engine's frames in an error's traceback, other than the widget's own."""
    return [f.filename for f in traceback.extract_tb(error.__traceback__)
            if "phutball" in Path(f.filename).parts and Path(f.filename).name != "widget.py"]


@pytest.mark.parametrize("call, error", [(lambda b: b.play("Z99"), IllegalMoveError),
                                         (lambda b: b.play("E6-"), ParseError),
                                         (lambda b: Board("9x9_O_E5").undo(), IllegalError),
                                         (lambda b: Board("9x9_Q_E5"), ParseError)])
def test_an_engine_error_is_raised_without_the_engines_frames(call, error):
    board = Board("9x9_O_E5")
    with pytest.raises(error) as caught:
        call(board)
    assert engine_frames(caught.value) == []
    assert caught.value.__suppress_context__ and caught.value.__cause__ is None
    frames = traceback.extract_tb(caught.value.__traceback__)
    assert [Path(f.filename).name for f in frames][-1] == "widget.py"   # the one frame: Board's method


# ---------------------------------------------------------------- where no widget runs (issue 43)


def test_the_bundle_has_the_widget_view_and_a_picture_beside_it():
    board = Board("9x9_O_E5", moves=["E6", "D4"], size=300)
    data, metadata = board._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == board.model_id   # anywidget's
    assert data["text/plain"] == "Board(Position.from_str('9x9_O_E5'), moves=['E6', 'D4'], size=300.0)"
    html = data["text/html"]
    m = re.fullmatch(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)">', html)
    assert m and m.group(2) == "9x9_O_E5_D4E6"
    picture = base64.b64decode(m.group(1)).decode()
    assert picture == svg.game(board.game, size=300) == board.picture() and picture.startswith("<svg")
    assert html == svg.img(picture, "9x9_O_E5_D4E6") == board.picture()._repr_html_()   # svg's one <img>
    size = re.search(r'<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"', picture)   # the canvas's size, as the SVG's
    assert abs(float(size[1]) - board.width) < 0.01 and abs(float(size[2]) - board.height) < 0.01
    assert isinstance(metadata, dict)


def test_a_closed_board_is_its_picture():
    board = Board("9x9_O_E5")
    board.close()
    data, _ = board._repr_mimebundle_()
    assert sorted(data) == ["text/html", "text/plain"] and data["text/html"].startswith("<img")


@pytest.mark.parametrize("make", [
    lambda: Board("9x9_O_E5"),
    lambda: Board("9x9_O_E5", moves=["E6", "D4"], flipped=True, coordinates=False, theme="dark", size=250),
    lambda: Board("L_o*o.o.o....", moves=["2-4-6"]),
    lambda: Board(Oddish.from_str("L_..ooo|ooo....o.")),
    lambda: Board(Game(Position.from_str("9x9_O_E5"), ["E6", "D4", "E5-E7"], cursor=1)),
    lambda: Board(Game(Position.from_str("9x9_O_E5"), ["E6"], headers={"Ohs": "Ann"}, pie=True)),
])
def test_the_repr_makes_the_same_board_again(make):
    board = make()
    text = repr(board)
    assert text.startswith("Board(") and "_positions" not in text and "_ending" not in text
    again = eval(text, {"Board": Board, "Position": Position, "Strip": Strip, "Oddish": Oddish, "Game": Game})
    names = ("start", "moves", "ply", "position", "size", "flipped", "coordinates", "theme", "message")
    assert [getattr(again, n) for n in names] == [getattr(board, n) for n in names]
    assert again.game == board.game and repr(again) == text


def test_a_games_repr_shows_no_private_field():
    game = Game(Position.from_str("9x9_O_E5"), ["E6"])
    game.resign("X")
    assert repr(game) == "Game(start=Position.from_str('9x9_O_E5'), moves=['E6'], headers={}, cursor=1, pie=False)"


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
    assert board.landings == ["H7"] and board.message.startswith("Choose another landing")
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


def test_every_message_of_the_front_end_is_answered(monkeypatch):
    """The front end learns that the kernel listens from an answer to each message (after a kernel
    restart JupyterLab leaves the board on the page): ``{"ack": True}``, even for a click that fails."""
    board = Board("9x9_O_E5")
    answers: list[object] = []
    monkeypatch.setattr(board, "send", lambda content, buffers=None: answers.append(content))
    send(board, {"click": "E6"})
    assert board.moves == ["E6"] and answers == [{"ack": True}]
    send(board, {"click": [1, 2, 3]})                    # not a click: said, and answered
    assert "[1, 2, 3]" in board.message and answers == [{"ack": True}] * 2
    send(board, {"step": -1})
    assert board.ply == 0 and answers == [{"ack": True}] * 3
