"""phutball.svg: SVG diagrams of positions, strips, Oddish boards and games, and the notebook reprs.

The pictures are read back as XML, as a program reading the file would: men and stones are
circles in the man colour, the ball a circle in the ball colour (an arrow on an Oddish board),
and their places are compared with each other and with the coordinates' labels.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from phutball import svg
from phutball.board import Position
from phutball.errors import IllegalError, IllegalMoveError, ParseError
from phutball.game import Game
from phutball.notation import Point
from phutball.oned.oddish import Oddish
from phutball.oned.strip import Strip

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def circles(root: ET.Element, role: str, palette=svg.LIGHT) -> list[tuple[float, float]]:
    return [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter(NS + "circle")
            if c.get("fill") == palette[role]]


def labels(root: ET.Element) -> dict[str, tuple[float, float]]:
    """Each text's position, by its text (the last one drawn wins)."""
    return {t.text: (float(t.get("x")), float(t.get("y"))) for t in root.iter(NS + "text")}


# ---------------------------------------------------------------- 2D boards


def test_men_and_ball_are_where_the_position_puts_them():
    root = parse(svg.board(Position.from_str("9x9_O_E5_E6D4")))
    (bx, by), = circles(root, "ball")
    men = sorted(circles(root, "man"))
    assert len(men) == 2
    (dx, dy), (ex, ey) = men                              # D4 is left of E6
    cell = ex - dx
    assert cell > 0 and ex == pytest.approx(bx) and ey == pytest.approx(by - cell)   # E6: just above the ball
    assert dy == pytest.approx(by + cell)                  # D4: one row below the ball, one column left
    coords = labels(root)
    assert coords["E"][0] == pytest.approx(bx) and coords["D"][0] == pytest.approx(dx)
    assert coords["5"][1] == pytest.approx(by) and coords["6"][1] == pytest.approx(ey)
    assert coords["A"][0] < coords["J"][0] and coords["9"][1] < coords["1"][1]


def test_a_flipped_board_is_turned_half_a_turn():
    pos = Position.from_str("9x9_O_E5_E6D4")
    plain, flipped = parse(svg.board(pos)), parse(svg.board(pos, flipped=True))
    (bx, by), = circles(flipped, "ball")
    (dx, dy), (ex, ey) = sorted(circles(flipped, "man"), reverse=True)   # D4 is now right of E6
    cell = dx - ex
    assert cell > 0 and ex == pytest.approx(bx) and ey == pytest.approx(by + cell)   # E6 below the ball
    assert dy == pytest.approx(by - cell)
    coords = labels(flipped)
    assert coords["A"][0] > coords["J"][0] and coords["9"][1] > coords["1"][1]
    assert coords["D"][0] == pytest.approx(dx) and coords["6"][1] == pytest.approx(ey)
    assert plain.get("width") == flipped.get("width")    # the same picture size


def test_coordinates_size_and_themes():
    pos = Position.from_str("15x19_O_H10")
    root = parse(svg.board(pos, size=300, theme="dark", coordinates=False))
    assert float(root.get("width")) == 300
    assert float(root.get("height")) == pytest.approx(300 * (19 + 2 + 1.2) / (15 + 1.2), abs=0.01)
    assert not list(root.iter(NS + "text"))
    assert root.find(NS + "rect").get("fill") == svg.DARK["bg"]
    assert len(circles(root, "ball", svg.DARK)) == 1
    mine = {**svg.LIGHT, "ball": "#123456"}
    assert len(circles(parse(svg.board(pos, theme=mine)), "ball", mine)) == 1
    with pytest.raises(ValueError, match="'sepia'"):
        svg.board(pos, theme="sepia")
    with pytest.raises(ValueError, match="'big'"):
        svg.board(pos, size="big")


def test_every_text_is_escaped():
    pos = Position.from_str("9x9_O_E5")
    evil = '</title><script>alert("x")</script>&'
    root = parse(svg.board(pos, title=evil, theme={**svg.LIGHT, "board": '"><script>'}))
    assert root.find(NS + "title").text == evil
    assert not list(root.iter(NS + "script")) and not list(root.iter("script"))
    assert any(r.get("fill") == '"><script>' for r in root.iter(NS + "rect"))
    assert parse(svg.board(pos)).find(NS + "title").text == "Phutball: 9x9_O_E5"


def test_marks_last_move_arrow_and_numbers():
    pos = Position.from_str("9x9_O_E5_E6E7")
    root = parse(svg.board(pos, arrow="E5-E8", last_move=["E6"], move_numbers={pos.men and min(pos.men): 7}))
    assert len(list(root.iter(NS + "polygon"))) == 1    # one hop: one arrowhead
    assert any(r.get("fill") == svg.LIGHT["last"] for r in root.iter(NS + "rect"))
    assert "7" in [t.text for t in root.iter(NS + "text") if t.get("fill") == svg.LIGHT["man-label"]]


STRIP3 = "L_*.."   # a strip of 3 squares, the ball on 1


@pytest.mark.parametrize("position, marks, bad", [
    (STRIP3, {"last_move": "Z99"}, "Z99"),           # issue 39, item 9: int()'s error, not the engine's
    (STRIP3, {"last_move": "\u0663"}, "\u0663"),      # an Arabic-Indic 3: int() reads it, the notation does not
    (STRIP3, {"arrow": "1-x"}, "1-x"),
    (STRIP3, {"arrow": ["1", "3 3"]}, "3 3"),
    (STRIP3, {"last_move": [2.0]}, 2.0),
    (STRIP3, {"move_numbers": {"two": 1}}, "two"),
    ("9x9_O_E5_E6", {"last_move": "E6-"}, "E6-"),
    ("9x9_O_E5_E6", {"last_move": ["E?"]}, "E?"),
    ("9x9_O_E5_E6", {"arrow": [5, 6]}, 5),
    ("9x9_O_E5_E6", {"move_numbers": {"E 6": 1}}, "E 6"),
])
def test_bad_marks_raise_the_engines_parse_error_quoting_them(position, marks, bad):
    pos = Position.from_str(position) if position[0].isdigit() else Strip.from_str(position)
    with pytest.raises(ParseError) as caught:
        svg.board(pos, **marks)
    assert repr(bad) in str(caught.value)


@pytest.mark.parametrize("position, marks, bad", [
    ("9x9_O_E5_E6", {"last_move": "Z99"}, "Z99"),     # well formed: a point of a bigger board
    ("9x9_O_E5_E6", {"arrow": "E5-E7-E11"}, "E5-E7-E11"),
    ("9x9_O_E5_E6", {"move_numbers": {"K1": 2}}, "K1"),
    (STRIP3, {"last_move": "7"}, "7"),
    (STRIP3, {"arrow": [1, 5]}, 5),
])
def test_marks_off_the_board_are_illegal_not_bad_syntax(position, marks, bad):
    pos = Position.from_str(position) if position[0].isdigit() else Strip.from_str(position)
    with pytest.raises(IllegalError) as caught:
        svg.board(pos, **marks)
    assert not isinstance(caught.value, ParseError) and repr(bad) in str(caught.value)


def test_marks_may_be_names_or_the_variants_own_targets():
    pos = Position.from_str("9x9_O_E5_E6E7")
    root = parse(svg.board(pos, arrow=["E5", "e8"], last_move="E6", move_numbers={"E6": 7, Point.from_str("E7"): 8}))
    assert len(list(root.iter(NS + "polygon"))) == 1
    assert {"7", "8"} <= {t.text for t in root.iter(NS + "text") if t.get("fill") == svg.LIGHT["man-label"]}
    strip = Strip.from_str("L_o*o.o.o....")
    root = parse(svg.board(strip, arrow=[2, "4", " 6 "], last_move=" 5 ", move_numbers={"3": 1, 1: 2}))
    assert len(list(root.iter(NS + "polygon"))) == 2
    assert {"1", "2"} <= {t.text for t in root.iter(NS + "text") if t.get("fill") == svg.LIGHT["man-label"]}


# ---------------------------------------------------------------- games


def test_a_game_numbers_its_placements_and_draws_the_last_jump():
    game = Game(Position.from_str("9x9_O_E5"), ["E6", "D4", "E5-E7"])
    root = parse(svg.game(game))
    numbers = {t.text for t in root.iter(NS + "text") if t.get("fill") == svg.LIGHT["man-label"]}
    assert numbers == {"2"}                       # E6 was jumped; D4 was placed at ply 2
    assert len(list(root.iter(NS + "polygon"))) == 1
    (bx, by), = circles(root, "ball")
    assert labels(root)["7"][1] == pytest.approx(by)
    before = parse(svg.game(game, 2, numbers=False, arrows=False))
    assert not list(before.iter(NS + "polygon")) and len(circles(before, "man")) == 2
    assert any(r.get("fill") == svg.LIGHT["last"] for r in before.iter(NS + "rect"))   # D4 highlighted
    with pytest.raises(ValueError, match="9"):
        svg.game(game, 9)


# ---------------------------------------------------------------- strips and Oddish boards


def test_a_strip_puts_stones_and_ball_on_their_squares_and_flips():
    strip = Strip.from_str("L_o*o.o.o....")
    for flipped in (False, True):
        root = parse(svg.board(strip, flipped=flipped))
        squares = labels(root)
        stones = sorted(x for x, _ in circles(root, "man"))
        (bx, _), = circles(root, "ball")
        want = sorted(squares[str(s)][0] for s in sorted(strip.stones))
        assert stones == pytest.approx(want) and bx == pytest.approx(squares[str(strip.ball)][0])
        assert (squares["1"][0] > squares["11"][0]) == flipped


def test_an_oddish_board_draws_the_ball_as_an_arrow_between_its_squares():
    board = Oddish.from_str("L_..ooo|ooo....o.")
    for flipped in (False, True):
        root = parse(svg.board(board, flipped=flipped))
        squares = labels(root)
        stones = sorted(x for x, _ in circles(root, "man"))
        assert stones == pytest.approx(sorted(squares[str(s)][0] for s in board.stones))
        arrow, = [p for p in root.iter(NS + "polygon") if p.get("fill") == svg.LIGHT["ball"]]
        xs = [float(pt.split(",")[0]) for pt in arrow.get("points").split()]
        middle = sum(xs) / len(xs)
        left, right = squares["5"][0], squares["6"][0]
        assert min(left, right) < middle < max(left, right)
        assert (left > right) == flipped
        assert not circles(root, "ball")


# ---------------------------------------------------------------- notebook reprs


def test_positions_draw_themselves_in_notebooks_and_str_is_unchanged():
    for pos in (Position.from_str("9x9_O_E5_E6"), Strip.from_str("L_o*o.o"), Oddish.from_str("L_.o|o.")):
        assert pos._repr_svg_() == svg.board(pos)
        assert parse(pos._repr_svg_()).find(NS + "title").text == f"Phutball: {pos}"
    assert str(Position.from_str("9x9_O_E5_E6")) == "9x9_O_E5_E6"


def test_a_game_shows_its_position_and_its_moves_in_notebooks():
    game = Game(Position.from_str("9x9_O_E5"), ["E6", "D4", "E5-E7"])
    game.undo()
    html = game._repr_html_()
    svg_text = html[html.index("<svg"):html.index("</svg>") + 6]
    assert svg_text.strip() == svg.game(game).strip()            # the position at the cursor
    assert len(circles(parse(svg_text), "man")) == 2
    words = re.sub(r"<[^>]+>", "", html[html.index("</svg>"):])
    assert "1. E6 D4 2. E5-E7" in words and "Game in progress." in words
    assert "<b>D4</b>" in html and ">2. E5-E7</span>" in html     # the last move played; the redo tail faded
    assert "No moves yet." in Game(Position.from_str("9x9_O_E5"))._repr_html_()
    with pytest.raises(IllegalMoveError):
        game.push("E5-E9")


def test_importing_the_engine_draws_nothing():
    code = ("import sys, phutball, phutball.board, phutball.game, phutball.oned.strip, phutball.oned.oddish; "
            "print(sorted(m for m in sys.modules if m in ('phutball.svg', 'phutball.drawing', 'html')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_palettes_are_the_sites_theme_colours():
    css = (ROOT / "site" / "theme.css").read_text(encoding="utf-8")
    blocks = dict(zip(("light", "dark"), re.findall(r"\{([^}]*)\}", css)[:2]))
    for name, palette in svg.THEMES.items():
        roles = dict(re.findall(r"--([\w-]+):\s*([^;]+);", blocks[name]))
        assert {k: roles[k] for k in palette} == dict(palette), name
