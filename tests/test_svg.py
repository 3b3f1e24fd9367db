"""phutball.svg: SVG diagrams of positions, strips, Oddish boards and games, and the notebook reprs.

The pictures are read back as XML, as a program reading the file would: men and stones are
circles in the man colour, the ball a circle in the ball colour (an arrow on an Oddish board),
and their places are compared with each other and with the coordinates' labels.
"""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
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
    with pytest.raises(ParseError, match="'sepia'"):
        svg.board(pos, theme="sepia")
    with pytest.raises(ParseError, match="'big'"):
        svg.board(pos, size="big")
    with pytest.raises(IllegalError, match="5"):
        svg.board(pos, size=5)


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


# ---------------------------------------------------------------- drawing options (issue 43)


def polygons(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(NS + "polygon"))


def centre(poly: ET.Element) -> tuple[float, float]:
    pts = [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def test_three_coloured_arrows_filled_points_and_marks_are_drawn():
    pos = Position.from_str("15x19_X_H11_G9H10")
    root = parse(svg.board(pos, arrows=[("H10", "H12"), svg.Arrow("G9", "G11", color="#c00"),
                                        ("J9", "K9", "teal")],
                           fill={"H11": "#fc0a", "G12": "rgba(0, 128, 0, 0.5)"},
                           marks={"G9": "ring", "J9": ("cross", "#0a0")}))
    heads = {p.get("fill"): centre(p) for p in polygons(root)}
    assert set(heads) == {svg.LIGHT["arrow"], "#c00", "teal"}          # one arrowhead each, in its colour
    shafts = [line for line in root.iter(NS + "polyline") if line.get("stroke") in heads]
    assert sorted(line.get("stroke") for line in shafts) == sorted(heads)
    coords = labels(root)
    assert heads["#c00"][0] == pytest.approx(coords["G"][0])             # G9 -> G11: up column G ...
    assert coords["11"][1] < heads["#c00"][1] < coords["10"][1]          # ... its head past G10, short of G11
    assert coords["J"][0] < heads["teal"][0] < coords["K"][0]            # J9 -> K9: its head between the columns
    fills = {r.get("fill"): r for r in root.iter(NS + "rect")}
    for point, colour in (("H11", "#fc0a"), ("G12", "rgba(0, 128, 0, 0.5)")):
        r = fills[colour]
        x, y = float(r.get("x")) + float(r.get("width")) / 2, float(r.get("y")) + float(r.get("height")) / 2
        assert (x, y) == pytest.approx((coords[point[0]][0], coords[point[1:]][1]))
    ring, = [c for c in root.iter(NS + "circle") if c.get("stroke") == svg.LIGHT["hint"]]
    assert ring.get("fill") == "none" and float(ring.get("cx")) == pytest.approx(coords["G"][0])
    cross = [line for line in root.iter(NS + "polyline") if line.get("stroke") == "#0a0"]
    assert len(cross) == 2
    # the marks are drawn last, over the men and the ball; the fills first, under them
    order = [el.get("stroke") if el.get("fill") in (None, "none") else el.get("fill") for el in root]
    assert order.index("#fc0a") < order.index(svg.LIGHT["man"]) < order.index(svg.LIGHT["ball"]) \
        < order.index(svg.LIGHT["hint"])


def test_a_move_text_draws_one_arrow_per_hop_and_an_arrow_to_itself_is_a_ring():
    pos = Position.from_str("9x9_O_E5_E6E8")
    root = parse(svg.board(pos, arrows=["E5-E7-E9", ("D4", "D4", "#c00"), ("C3", "C4")]))
    assert [p.get("fill") for p in polygons(root)] == [svg.LIGHT["arrow"]] * 3   # two hops, one neighbour's arrow
    ring, = [c for c in root.iter(NS + "circle") if c.get("stroke") == "#c00"]
    assert float(ring.get("cx")) == pytest.approx(labels(root)["D"][0])
    assert svg.board(pos, arrow="E5-E7-E9") == svg.board(pos, arrows=["E5-E7-E9"])   # the older spelling


def test_a_strip_takes_the_same_options():
    strip = Strip.from_str("L_o*o.o.o....")
    root = parse(svg.board(strip, arrows=[(2, 4), ("5", "6", "#c00")], fill={7: "#fc0a"},
                           marks={"3": "ring", 8: ("cross", "red")}, last_move="9", colors={"board": "#dee3e6"}))
    squares = labels(root)
    heads = {p.get("fill"): centre(p) for p in polygons(root)}
    assert squares["3"][0] < heads[svg.LIGHT["arrow"]][0] < squares["4"][0]
    assert squares["5"][0] < heads["#c00"][0] < squares["6"][0]
    assert all(y < squares["1"][1] for _, y in heads.values())          # above the squares (and their numbers)
    fill, = [r for r in root.iter(NS + "rect") if r.get("fill") == "#fc0a"]
    assert float(fill.get("x")) + float(fill.get("width")) / 2 == pytest.approx(squares["7"][0])
    assert len([line for line in root.iter(NS + "polyline") if line.get("stroke") == "red"]) == 2
    assert any(c.get("stroke") == svg.LIGHT["hint"] for c in root.iter(NS + "circle"))
    assert any(r.get("fill") == svg.LIGHT["last"] for r in root.iter(NS + "rect"))
    assert any(r.get("fill") == "#dee3e6" for r in root.iter(NS + "rect"))


def test_a_last_move_on_a_bare_position():
    root = parse(svg.board(Position.from_str("15x19_X_H10_H11"), last_move="H11"))
    last, = [r for r in root.iter(NS + "rect") if r.get("fill") == svg.LIGHT["last"]]
    coords = labels(root)
    x, y = float(last.get("x")) + float(last.get("width")) / 2, float(last.get("y")) + float(last.get("height")) / 2
    assert (x, y) == pytest.approx((coords["H"][0], coords["11"][1]))


@pytest.mark.parametrize("theme, colors, base", [
    ({"board": "#dee3e6"}, None, svg.LIGHT),      # a partial theme: merged over the light colours
    ("light", {"board": "#dee3e6"}, svg.LIGHT),
    ("dark", {"board": "#dee3e6"}, svg.DARK),     # colors: merged over the theme named
])
def test_a_partial_theme_is_merged_over_the_defaults_and_never_paints_magenta(theme, colors, base):
    pos = Position.from_str("9x9_O_E5_E6")
    text = svg.board(pos, theme=theme, colors=colors, arrows=["E5-E7"], last_move="E6")
    assert "#ff00ff" not in text.lower()
    root = parse(text)
    assert any(r.get("fill") == "#dee3e6" for r in root.iter(NS + "rect"))
    assert len(circles(root, "ball", base)) == 1 and len(circles(root, "man", base)) == 1
    assert [p.get("fill") for p in polygons(root)] == [base["arrow"]]              # the arrow is still there
    assert {t.get("fill") for t in root.iter(NS + "text")} == {base["coord"]}      # and the coordinates
    assert root.find(NS + "rect").get("fill") == base["bg"]
    assert "#ff00ff" not in svg.game(Game(pos, ["D4"]), theme=theme, colors=colors).lower()


def test_an_unknown_colour_name_is_named_with_the_known_ones():
    pos = Position.from_str("9x9_O_E5")
    for kwargs in ({"theme": {"boad": "#dee3e6"}}, {"colors": {"boad": "#dee3e6"}}):
        with pytest.raises(ParseError) as caught:
            svg.board(pos, **kwargs)
        assert "'boad'" in str(caught.value) and "board" in caught.value.reason and "ball" in caught.value.reason
    with pytest.raises(ParseError, match="'board'"):
        svg.board(pos, colors={"board": 3})
    with pytest.raises(ParseError, match="var"):
        svg.board(pos, fill={"E5": "var(--nope)"})
    assert "#ff00ff" not in svg.shapes_to_svg(svg.shapes(pos, 100, 100), 100, 100, {"board": "#dee3e6"})


@pytest.mark.parametrize("options, bad", [
    ({"arrows": ["E5-"]}, "E5-"),
    ({"arrows": [("E5", "E 7")]}, "E 7"),
    ({"arrows": [svg.Arrow("E5", "I7")]}, "I7"),         # no column I
    ({"arrows": [("E5", "E7", 7)]}, 7),
    ({"arrows": [["E5", "E7"]]}, ["E5", "E7"]),
    ({"arrows": 5}, 5),
    ({"fill": {"E?": "red"}}, "E?"),
    ({"fill": {"E5": ""}}, ""),
    ({"fill": ["E5"]}, ["E5"]),
    ({"marks": {"E5": "star"}}, "star"),
    ({"marks": {"E5": ("ring",)}}, ("ring",)),
    ({"marks": {"E055": "ring"}}, "E055"),
])
def test_bad_options_raise_the_engines_parse_error_quoting_them(options, bad):
    with pytest.raises(ParseError) as caught:
        svg.board(Position.from_str("9x9_O_E5_E6"), **options)
    assert repr(bad) in str(caught.value)


@pytest.mark.parametrize("position, options, bad", [
    ("9x9_O_E5_E6", {"arrows": [("E5", "E11")]}, "E11"),
    ("9x9_O_E5_E6", {"arrows": ["E5-E7-E11"]}, "E5-E7-E11"),
    ("9x9_O_E5_E6", {"fill": {"K1": "red"}}, "K1"),
    ("9x9_O_E5_E6", {"marks": {Point.from_str("Z9"): "ring"}}, Point.from_str("Z9")),
    (STRIP3, {"arrows": [(1, 9)]}, 9),
    (STRIP3, {"marks": {"7": "cross"}}, "7"),
    ("L_.o|o.", {"arrows": [(1, 2)]}, [(1, 2)]),      # an Oddish board draws no marks
    ("L_.o|o.", {"last_move": "1"}, "1"),
])
def test_options_off_the_board_are_illegal(position, options, bad):
    pos = (Position.from_str(position) if position[0].isdigit() else
           Oddish.from_str(position) if "|" in position else Strip.from_str(position))
    with pytest.raises(IllegalError) as caught:
        svg.board(pos, **options)
    assert not isinstance(caught.value, ParseError) and repr(bad) in str(caught.value)


def test_the_modules_examples_run():
    import doctest
    result = doctest.testmod(svg, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


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


@pytest.mark.parametrize("start, moves", [("15x19_O_H10", ["H11", "H12", "H10-H13", "G14"]),
                                          ("L_o*o.o.o....", ["2-4"])])
def test_the_play_pages_svg_export_is_svg_game_with_the_pages_colours(start, moves):
    """The share dialog's SVG (site/glue/share.py: lab.views.diagram.game_diagram at the export's size, then
    shapes_to_svg with the colours the page resolves) is, byte for byte, svg.game's picture with those colours."""
    from lab.views.diagram import EXPORT_CELL, Marks, colour_names, game_diagram, natural_size, shapes_to_svg
    game = Game(Position.from_str(start) if start[0].isdigit() else Strip.from_str(start), moves)
    for marks in (Marks(), Marks(coordinates=False, numbers=False, arrows=False)):
        w, h = natural_size(game.position, EXPORT_CELL)
        shapes = game_diagram(game, game.cursor, w, h, marks)
        page = {name: svg.DARK[name] for name in colour_names(shapes)}    # what resolve_colours answers
        exported = shapes_to_svg(shapes, w, h, page, title=f"Phutball: {game.position}")
        assert exported == svg.game(game, size=w, theme="dark", coordinates=marks.coordinates,
                                    numbers=marks.numbers, arrows=marks.arrows)


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


class Images(HTMLParser):
    """The <img> tags of an HTML fragment (their attributes) and every tag's name."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.images: list[dict[str, str]] = []
        self.tags: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "img":
            self.images.append(dict(attrs))


def image(html: str) -> tuple[str, str]:
    """The one <img> of ``html``: its SVG (decoded from the data URI) and its alt text."""
    found = Images(html)
    (attrs,) = found.images
    prefix = "data:image/svg+xml;base64,"
    assert attrs["src"].startswith(prefix)
    return base64.b64decode(attrs["src"][len(prefix):], validate=True).decode("utf-8"), attrs["alt"]


VALUES = [Position.from_str("9x9_O_E5_E6"), Strip.from_str("L_o*o.o"), Oddish.from_str("L_.o|o."),
          Position.from_str('15x19_X_H10_H11')]


@pytest.mark.parametrize("pos", VALUES, ids=str)
def test_positions_show_in_notebooks_as_an_image_of_their_svg_and_str_is_unchanged(pos):
    html = pos._repr_html_()
    picture, alt = image(html)
    assert alt == str(pos) and picture == svg.board(pos) == pos._repr_svg_()
    assert parse(picture).find(NS + "title").text == f"Phutball: {pos}"
    assert "<svg" not in html and "<script" not in html
    assert str(pos) == repr(pos).split("'")[1]                       # str() is still the position string


def test_a_game_shows_its_position_and_its_moves_in_notebooks():
    game = Game(Position.from_str("9x9_O_E5"), ["E6", "D4", "E5-E7"])
    game.undo()
    html = game._repr_html_()
    assert "<svg" not in html and "<script" not in html.lower()
    assert set(Images(html).tags) <= {"div", "img", "p", "b", "span"}
    picture, alt = image(html)
    assert picture == svg.game(game) and alt == str(game.position) == "9x9_O_E5_D4E6"   # the position at the cursor
    assert len(circles(parse(picture), "man")) == 2
    words = re.sub(r"<[^>]+>", "", html[html.index("<p>"):])
    assert "1. E6 D4 2. E5-E7" in words and "Game in progress." in words
    assert "<b>D4</b>" in html and ">2. E5-E7</span>" in html     # the last move played; the redo tail faded
    assert "No moves yet." in Game(Position.from_str("9x9_O_E5"))._repr_html_()
    with pytest.raises(IllegalMoveError):
        game.push("E5-E9")


def test_a_picture_shows_itself_in_notebooks():
    pos = Position.from_str("9x9_O_E5_E6")
    picture = svg.board(pos, arrows=["E5-E7"])
    assert isinstance(picture, str) and picture.startswith("<svg")
    assert picture._repr_svg_() == picture and image(picture._repr_html_()) == (picture, str(pos))
    game = Game(pos, ["D4"])
    assert image(svg.game(game, 0)._repr_html_()) == (svg.game(game, 0), str(pos))


#: JupyterLab's output renderers (``@jupyterlab/rendermime``'s standard factories): the mime types in
#: order of preference (rank) and whether each is safe, i.e. shown in an untrusted notebook.  An
#: untrusted output takes the first safe type of its bundle (``preferredMimeType(bundle, "ensure")``),
#: a trusted one the first type.  HTML is safe because it is sanitized (no inline <svg>, no script).
JUPYTERLAB = [("text/html", True), ("text/markdown", True), ("text/latex", True), ("image/svg+xml", False),
              ("image/bmp", True), ("image/png", True), ("image/jpeg", True), ("image/gif", True),
              ("image/webp", True), ("application/javascript", False), ("text/plain", True)]


def jupyterlab_choice(bundle: dict, trusted: bool) -> str | None:
    return next((mime for mime, safe in JUPYTERLAB if mime in bundle and (safe or trusted)), None)


@pytest.mark.parametrize("value", [*VALUES, Game(Position.from_str("9x9_O_E5"), ["E6"]),
                                   svg.board(Position.from_str("9x9_O_E5"), marks={"E5": "ring"})],
                         ids=lambda v: type(v).__name__)
def test_ipython_gives_an_image_in_html_which_jupyterlab_shows_even_untrusted(value):
    shell = pytest.importorskip("IPython.core.interactiveshell").InteractiveShell.instance()
    bundle, _ = shell.display_formatter.format(value)
    assert "text/html" in bundle and "text/plain" in bundle
    if not isinstance(value, Game):
        assert bundle["image/svg+xml"] == str(svg.board(value) if not isinstance(value, str) else value)
    for trusted in (False, True):
        assert jupyterlab_choice(bundle, trusted) == "text/html"
    picture, _ = image(bundle["text/html"])
    parse(picture)
    assert jupyterlab_choice({"image/svg+xml": picture, "text/plain": "x"}, trusted=False) == "text/plain"   # why


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
