"""Embeds and diagrams without a browser: the marks in boardview, lab/views/diagram.py (numbers, arrows, SVG),
the embed parameters (parsing, errors, links, snippets) and the replay controller.

Boards are ASCII diagrams (top row first, ``.`` empty, ``o`` a man, ``*`` the ball).
"""

import math
import re
import urllib.parse
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent

from lab.views.board import Layout2D, LayoutStrip, board_shapes, strip_shapes
from lab.views.diagram import (Marks, colour_names, game_diagram, jump_frames, jump_path, natural_size,
                               placement_numbers, shapes_to_svg)
from lab.embed import ReplayController, goals_line, play_controller
from lab.embedparams import (PARAM_NAMES, EmbedParams, ParamError, parse_params, share_params, snippets,
                             to_fragment, to_pairs)
from phutball import Point, Position  # noqa: E402
from phutball.game import Game  # noqa: E402

P = Point.from_str
SVG = "{http://www.w3.org/2000/svg}"

# A 9x9 game: Ohs E6, Eks A1, Ohs E7, then Eks jumps E5-E8 over both (so only A1 is left), Ohs E6 again.
MOVES = ["E6", "A1", "E7", "E5-E8", "E6"]


def game9() -> Game:
    return Game(Position.start("9x9"), list(MOVES))


def texts(shapes, fill):
    return {s["s"]: (s["x"], s["y"]) for s in shapes if s["t"] == "text" and s["fill"] == f"var(--{fill})"}


# ---------------------------------------------------------------- boardview marks


def test_move_numbers_label_the_men_they_name_and_only_men_on_the_board():
    pos = Position.from_diagram("""
        . . . . .
        . o . . .
        . . * . .
        . o o . .
        . . . . .
    """)
    lay = Layout2D(pos.size, 300, 420)
    shapes = board_shapes(pos, lay, move_numbers={P("B4"): 1, P("C2"): 12, P("E5"): 7})
    assert texts(shapes, "man-label") == {"1": lay.xy(P("B4")), "12": lay.xy(P("C2"))}
    # drawn on top of their men
    order = [s.get("s") or s.get("fill") for s in shapes]
    assert order.index("12") > max(i for i, v in enumerate(order) if v == "var(--man)")


def test_arrow_has_one_head_per_hop_pointing_at_each_landing():
    pos = Position.from_diagram("""
        . . . . .
        . . . . .
        . . * . .
        . . . . .
        . . . . .
    """)
    lay = Layout2D(pos.size, 300, 420)
    path = [P("C1"), P("C3"), P("E5")]
    shapes = board_shapes(pos, lay, arrow=path)
    heads = [s for s in shapes if s["t"] == "poly"]
    shafts = [s for s in shapes if s["t"] == "line" and s["stroke"] == "var(--arrow)"]
    assert len(heads) == 2 and len(shafts) == 2
    for head, target in zip(heads, path[1:]):
        tx, ty = head["pts"][0]
        x, y = lay.xy(target)
        assert lay.cell * 0.44 < math.hypot(tx - x, ty - y) < lay.cell * 0.6  # the tip: just outside the ball
        assert head["fill"] == "var(--arrow)" and len(head["pts"]) == 3
    assert shapes[-1]["fill"] == "var(--ball)"  # the ball stays on top


def test_strip_marks_and_square_numbers_off():
    lay = LayoutStrip(9, 500, 130)
    shapes = strip_shapes(9, 6, {2, 4, 5}, lay, numbers=False, move_numbers={4: 3, 8: 1}, arrow=[6, 3, 1])
    assert texts(shapes, "coord") == {}
    assert list(texts(shapes, "man-label")) == ["3"]
    heads = [s for s in shapes if s["t"] == "poly"]
    assert len(heads) == 2 and all(h["pts"][0][1] < lay.xy(3)[1] for h in heads)  # above the squares


def test_coordinates_off_leaves_no_labels():
    pos = Position.start("9x9")
    assert not [s for s in board_shapes(pos, Layout2D(pos.size, 300, 400), coordinates=False) if s["t"] == "text"]


# ---------------------------------------------------------------- lab/views/diagram.py


def test_placement_numbers_follow_the_game_and_forget_jumped_men():
    g = game9()
    assert placement_numbers(g, 3) == {P("E6"): 1, P("A1"): 2, P("E7"): 3}
    assert g.positions[3] == Position.from_diagram("""
        . . . . . . . . .
        . . . . . . . . .
        . . . . o . . . .
        . . . . o . . . .
        . . . . * . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        o . . . . . . . .
    """, to_move="X")
    assert placement_numbers(g, 4) == {P("A1"): 2}
    assert placement_numbers(g, 5) == {P("A1"): 2, P("E6"): 5}  # placed again: the later number
    assert jump_path(g, 4) == [P("E5"), P("E8")] and jump_path(g, 5) == [] and jump_path(g, 0) == []


def test_placement_numbers_on_a_strip_and_men_of_the_start_position_have_none():
    g = Game.from_record('[Variant "1D"]\n[Setup "L_o..*..o.."]\n\n1. 5 3 2. 4-6\n')
    assert placement_numbers(g, 2) == {5: 1, 3: 2}
    assert placement_numbers(g, 3) == {3: 2} and jump_path(g, 3) == [4, 6]


def test_game_diagram_numbers_and_arrow_and_marks_switch_them_off():
    g = game9()
    w, h = natural_size(g.start)
    shapes = game_diagram(g, 4, w, h)
    assert set(texts(shapes, "man-label")) == {"2"}
    assert len([s for s in shapes if s["t"] == "poly"]) == 1
    plain = game_diagram(g, 4, w, h, Marks(coordinates=False, numbers=False, arrows=False))
    assert not [s for s in plain if s["t"] in ("poly", "text")]
    assert [s for s in plain if s.get("stroke") == "var(--last)"]  # the jump is still shown as the last move
    placed = game_diagram(g, 3, w, h)
    assert [s for s in placed if s.get("fill") == "var(--last)"]  # the placement just made


def test_jump_frames_move_the_ball_hop_by_hop():
    g = Game(Position.from_str("9x9_O_E5_E6E8D2"), ["E5-E7-E9"])
    frames = jump_frames(g, 1, 400, 500)
    lay = Layout2D(g.start.size, 400, 500)
    balls = [[s for s in f if s.get("fill") == "var(--ball)"][0] for f in frames]
    assert [(b["x"], b["y"]) for b in balls] == [lay.xy(P("E7")), lay.xy(P("E9"))]
    assert jump_frames(g, 0, 400, 500) == []  # ply 0 has no move
    numbered = Game(Position.start("9x9"), ["E6", "A1", "E7", "E5-E8"])
    [hop] = jump_frames(numbered, 4, 400, 500)
    assert set(texts(hop, "man-label")) == {"2"}  # the men being jumped lose their numbers
    assert jump_frames(Game(g.start, ["A1"]), 1, 400, 500) == []


def test_natural_size_fits_the_layout_exactly():
    pos = Position.start("9x9")
    w, h = natural_size(pos, 40)
    assert Layout2D(pos.size, w, h).cell == pytest.approx(40)
    g = Game.from_record('[Variant "1D"]\n[Setup "L_...*..."]\n')
    w, h = natural_size(g.start, 40)
    assert LayoutStrip(g.start.n, w, h).cell == pytest.approx(40)


COLOURS = {"bg": "#ffffff", "board": "#e8c98f", "offboard": "rgba(0,0,0,.1)", "grid": "#8a6a3a",
           "goal": "#7a1f1f", "coord": "#5b4a2e", "man": "#1f2328", "man-edge": "#000", "ball": "#fff",
           "ball-edge": "#b42318", "man-label": "#fff", "arrow": "#1d4ed8", "last": "rgba(255,214,10,.45)"}


def test_svg_has_one_element_per_shape_with_resolved_colours():
    g = game9()
    w, h = natural_size(g.start)
    shapes = game_diagram(g, 4, w, h)
    assert set(colour_names(shapes)) <= set(COLOURS)
    root = ET.fromstring(shapes_to_svg(shapes, w, h, COLOURS))
    assert root.tag == SVG + "svg" and float(root.get("width")) == pytest.approx(w)
    kinds = {"rect": "rect", "line": "polyline", "circle": "circle", "text": "text", "poly": "polygon"}
    for kind, tag in kinds.items():
        assert len(root.findall(SVG + tag)) == len([s for s in shapes if s["t"] == kind]), kind
    men = [c for c in root.findall(SVG + "circle") if c.get("fill") == COLOURS["man"]]
    assert len(men) == 1
    assert [t.text for t in root.findall(SVG + "text") if t.get("fill") == "#fff"] == ["2"]
    assert "var(" not in ET.tostring(root, encoding="unicode")


def test_svg_escapes_every_text():
    hostile = '<img src=x onerror="alert(1)">&amp;'
    shapes = [{"t": "text", "x": 1.0, "y": 2.0, "s": hostile, "fill": "var(--coord)", "size": 10}]
    svg = shapes_to_svg(shapes, 10, 10, {"coord": '"><script>'}, title="</title><script>x</script>")
    root = ET.fromstring(svg)  # well-formed
    assert root.find(SVG + "text").text == hostile
    assert root.find(SVG + "text").get("fill") == '"><script>'
    assert root.find(SVG + "title").text == "</title><script>x</script>"
    assert not root.findall(f".//{SVG}script") and not root.findall(f".//{SVG}img")


# ---------------------------------------------------------------- embed parameters


def test_defaults_and_a_bare_position_like_the_play_page_links():
    assert parse_params("") == EmbedParams()
    assert parse_params("#9x9_o_e5") == EmbedParams(position="9x9_O_E5")
    p = parse_params("#position=L_o*o.o.o....&mode=play&theme=dark&coords=off")
    assert (p.position, p.mode, p.theme, p.coords, p.numbers) == ("L_o*o.o.o....", "play", "dark", False, True)


def test_moves_are_canonical_default_to_replay_and_skip_move_numbers():
    p = parse_params("position=9x9_O_E5&moves=1.+e6+a1,+2.+E7+e5-e8")
    assert p.moves == ("E6", "A1", "E7", "E5-E8") and p.mode == "replay"
    assert p.game().cursor == 0 and p.first_ply(4) == 0
    v = parse_params("position=9x9_O_E5&moves=E6+A1&mode=view")
    assert v.game().cursor == 2
    assert parse_params("position=9x9_O_E5&moves=E6+A1&mode=replay&ply=1").game().cursor == 1


def test_a_record_instead_of_position_and_moves():
    record = '[Variant "1D"]\n[Setup "L_o*o.o.o...."]\n\n1. 2-4-6 5\n'
    p = parse_params(urllib.parse.urlencode({"record": record}))
    assert p.record == record and p.mode == "replay"
    assert p.game().moves == ["2-4-6", "5"]


HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.mark.parametrize("fragment,name,value,reason", [
    (urllib.parse.urlencode({"position": HOSTILE}), "position", HOSTILE, "such as '15x19_O_H10'"),
    ("#" + urllib.parse.quote(HOSTILE), "position", HOSTILE, ""),
    ("position=9x9_O_E5_E5", "position", "9x9_O_E5_E5", "under the ball"),
    ("position=L_..o|o.", "position", "L_..o|o.", "Oddish"),
    ("position=9x9_O_E5&moves=E6+E6", "moves", "E6", "move 2"),
    ("position=9x9_O_E5&moves=E5-E7", "moves", "E5-E7", "move 1"),
    ("position=9x9_O_E5&moves=zz", "moves", "zz", "move 1"),
    ("mode=watch", "mode", "watch", "view, play, replay"),
    ("theme=%3Cb%3E", "theme", "<b>", "light, dark, auto"),
    ("coords=maybe", "coords", "maybe", "on or off"),
    ("arrows=", "arrows", "", "on or off"),
    ("position=9x9_O_E5&moves=E6&ply=2", "ply", "2", "0 to 1"),
    ("ply=-1", "ply", "-1", "0 to 0"),
    ("size=9x9", "size", "9x9", "unknown parameter"),
    ("mode=view&mode=play", "mode", "play", "twice"),
    ("record=%5BVariant+%223D%22%5D&", "record", '[Variant "3D"]', "2D or 1D"),
    ("record=x&moves=E6", "record", "x", "not both"),
    ("position=%ff", "link", "position=%ff", "UTF-8"),
])
def test_bad_parameters_name_the_parameter_and_quote_the_value(fragment, name, value, reason):
    with pytest.raises(ParamError) as e:
        parse_params(fragment)
    assert e.value.name == name and e.value.text == value
    assert reason in e.value.reason
    assert repr(value) in str(e.value)


@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12))
@example("\x1d1")  # issue 39 item 7: control characters U+001C-U+001F are \s to re, not blanks to int()
@example("\x1c0\x1f")
@example("\u0661")  # an Arabic-Indic digit: \d and int() accept it, a move number is ASCII
@example("1\u00a0")
@example(" 1 ")
def test_any_ply_text_is_a_move_number_or_a_param_error(text):
    fragment = urllib.parse.urlencode({"position": "9x9_O_E5", "moves": "E6", "ply": text})
    try:
        p = parse_params(fragment)
    except ParamError as e:
        assert e.name == "ply" and e.text == text and "0 to 1" in e.reason
    else:
        assert re.fullmatch(r" *0*[01] *", text), text
        assert p.ply == int(text)


def test_a_huge_value_is_refused_without_being_parsed():
    with pytest.raises(ParamError, match="longer than"):
        parse_params("moves=" + "E6+" * 10_000)


EXAMPLES = [
    EmbedParams(),
    EmbedParams(position="9x9_O_E5", moves=("E6", "A1"), mode="replay", ply=1, theme="dark", coords=False),
    EmbedParams(position="L_o*o.o.o....", mode="play", numbers=False, arrows=False),
    EmbedParams(position="L_o*o.o.o....", moves=("2-4-6",), mode="view", theme="light"),
    EmbedParams(record='[Variant "1D"]\n[Setup "L_.*o.."]\n\n1. 2-4\n', mode="replay"),
]


@pytest.mark.parametrize("p", EXAMPLES)
def test_links_round_trip(p):
    assert parse_params(to_fragment(p)) == p
    assert parse_params("#" + to_fragment(p)) == p


@given(mode=st.sampled_from(["view", "play", "replay"]), theme=st.sampled_from(["light", "dark", "auto"]),
       flags=st.tuples(st.booleans(), st.booleans(), st.booleans()), n=st.integers(0, len(MOVES)),
       ply=st.one_of(st.none(), st.integers(0, 5)))
def test_links_round_trip_for_any_options(mode, theme, flags, n, ply):
    p = EmbedParams(position="9x9_O_E5", moves=tuple(MOVES[:n]), mode=mode, theme=theme,
                    ply=None if ply is None else min(ply, n), coords=flags[0], numbers=flags[1], arrows=flags[2])
    assert parse_params(to_fragment(p)) == p


class _Snippet(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text += data


@pytest.mark.parametrize("p", EXAMPLES)
def test_snippets_carry_the_same_parameters_escaped(p):
    s = snippets("https://example.org/lab/", p)
    assert s.link.startswith("https://example.org/lab/embed.html")
    assert parse_params(urllib.parse.urlsplit(s.link).fragment) == p
    frame = _Snippet()
    frame.feed(s.iframe)
    [(tag, attrs)] = frame.tags
    assert tag == "iframe" and attrs["src"] == s.link and attrs["title"]
    div = _Snippet()
    div.feed(s.div)
    (dtag, dattrs), (stag, sattrs) = div.tags
    assert dtag == "div" and dattrs["class"] == "phutball" and stag == "script"
    assert sattrs["src"] == "https://example.org/lab/embed.js"
    # what embed.js does: every data-* attribute becomes a parameter of the same name
    data = [(k[5:], v) for k, v in dattrs.items() if k.startswith("data-")]
    assert parse_params(urllib.parse.urlencode(data)) == p
    assert div.text.strip().startswith("A phutball")


def test_snippet_text_from_a_record_cannot_break_out_of_the_attribute():
    p = EmbedParams(record='[Ohs "\\"><script>alert(1)</script>"]\n\n1. H11\n')
    p = parse_params(to_fragment(p))
    div = _Snippet()
    div.feed(snippets("https://example.org/", p).div)
    assert [t for t, _ in div.tags] == ["div", "script"]
    assert div.tags[0][1]["data-record"] == p.record


def test_embed_js_passes_exactly_the_parameters_the_frame_reads():
    text = (ROOT / "site" / "embed.js").read_text()
    m = re.search(r"const PARAMS = \[([^\]]*)\]", text)
    assert m, "embed.js lists its parameters as: const PARAMS = [...]"
    assert tuple(re.findall(r'"([a-z]+)"', m.group(1))) == PARAM_NAMES


def test_to_pairs_leaves_out_defaults():
    assert to_pairs(EmbedParams()) == []
    assert to_pairs(EmbedParams(position="9x9_O_E5", moves=("E6",), mode="replay")) == [
        ("position", "9x9_O_E5"), ("moves", "E6")]


# ---------------------------------------------------------------- replay and play


def test_replay_steps_with_keys_and_clamps_at_the_ends():
    r = ReplayController(parse_params("position=9x9_O_E5&moves=" + "+".join(MOVES)).game())
    assert (r.ply, r.counter()) == (0, "0 / 5") and r.status() == "Start: Ohs to move."
    assert r.key("ArrowLeft") and r.ply == 0
    assert r.key("ArrowRight") and r.ply == 1 and r.status() == "Move 1: Ohs placed on E6."
    assert r.key("End") and r.ply == 5
    assert not r.go("next") and r.ply == 5
    r.go("prev")
    assert r.status() == "Move 2: Eks jumped E5-E8."
    assert r.key("Home") and r.ply == 0
    assert not r.key("a")


def test_replay_status_names_the_winner():
    r = ReplayController(Game(Position.from_str("9x9_O_E8_E9"), ["E8-E10"]))
    r.go("last")
    assert r.status() == "Move 1: Ohs jumped E8-E10. Ohs won."


def test_replay_says_each_step_in_words_and_marks_the_last_move():
    """What the frame's live region says after a step (issue 41), and the last move its grid marks."""
    from lab.boardwords import last_move_targets
    r = ReplayController(parse_params("position=9x9_O_E5&moves=" + "+".join(MOVES)).game())
    assert r.said() == "The start, before 5 moves: Ohs to move." and last_move_targets(r.game) == []
    r.go("next")
    assert r.said() == "Step 1 of 5: Ohs placed a man on E6." and last_move_targets(r.game) == [P("E6")]
    r.go("next"), r.go("next"), r.go("next")
    assert r.said() == "Step 4 of 5: Eks jumped E5 to E8, removing 2 men."
    assert last_move_targets(r.game) == [P("E5"), P("E8")]
    w = ReplayController(Game(Position.from_str("9x9_O_E8_E9"), ["E8-E10"]))
    w.go("last")
    assert w.said() == "Step 1 of 1: Ohs jumped E8 to E10, removing 1 man. Ohs won."


def test_play_controller_starts_where_the_parameters_say():
    ctl = play_controller(parse_params("position=9x9_O_E5&moves=E6+A1&mode=play"))
    assert str(ctl.position) == "9x9_O_E5_A1E6" and ctl.state.cursor == P("E5")
    ctl.click(P("E4"))
    assert str(ctl.position) == "9x9_X_E5_A1E4E6"
    s = play_controller(parse_params("position=L_o*o.o.o....&mode=play"))
    s.click(4)
    assert str(s.position) == "R_o*ooo.o...."


def test_share_params_for_the_three_kinds():
    g = game9()
    g.goto(3)
    game = share_params(g, "game", theme="dark")
    assert (game.mode, game.moves, game.theme) == ("replay", tuple(MOVES), "dark")
    assert parse_params(to_fragment(game)).game().moves == MOVES
    diagram = share_params(g, "position")
    assert (diagram.mode, diagram.moves) == ("view", tuple(MOVES[:3]))
    assert str(diagram.game().position) == str(g.position)  # the view shows the position at the cursor
    plain = share_params(g, "position", numbers=False, arrows=False)
    assert (plain.position, plain.moves) == (str(g.position), ())
    play = share_params(g, "play", coords=False)
    assert (play.mode, play.position, play.coords) == ("play", str(g.position), False)
    with pytest.raises(ParamError):
        share_params(g, "everything")


# ---------------------------------------------------------------- puzzle embeds


def test_puzzle_parameters_a_shipped_id_or_a_position_and_task():
    p = parse_params("puzzle=paper-example-1&position=L_o*o.o.o....")
    assert (p.mode, p.puzzle, p.task, p.position) == ("puzzle", "paper-example-1", None, "L_o*o.o.o....")
    assert parse_params(to_fragment(p)) == p
    q = parse_params("position=L_o*o.o.o....&task=ONLY-MOVE&text=Jump+two%2C+not+three.")
    assert (q.mode, q.task, q.text, q.puzzle) == ("puzzle", "only-move", "Jump two, not three.", None)
    assert parse_params(to_fragment(q)) == q
    assert parse_params("mode=puzzle&position=9x9_O_E5&task=safe-move").task == "safe-move"
    from lab.embedparams import puzzle_share_params
    s = snippets("https://example.org/lab/", puzzle_share_params("2d-chain-1", "9x9_O_E2_A1"))
    assert 'data-mode' not in s.div and 'data-puzzle="2d-chain-1"' in s.div
    assert s.link == "https://example.org/lab/embed.html#position=9x9_O_E2_A1&puzzle=2d-chain-1"


@pytest.mark.parametrize("fragment, name, words", [
    ("mode=puzzle", "mode", "puzzle=<id>, or position and task"),
    ("task=win", "position", "missing: a puzzle with task=win"),  # issue 24 item 5: was KeyError: 'mode'
    ("mode=puzzle&task=safe-move&text=hi", "position", "missing"),
    ("position=L_o*o.o.o....&mode=puzzle", "task", "missing"),
    ("position=L_o*o.o.o....&task=safe-move", "task", "win, only-move for a 1D"),
    ("position=9x9_O_E5&task=only-move", "task", "win, safe-move for a 2D"),
    ("puzzle=<b>x</b>", "puzzle", "expected a puzzle id"),
    ("puzzle=paper-example-1&task=win", "task", "has its own task"),
    ("position=9x9_O_E5&task=win&moves=E6", "moves", "starts from a position"),
    ("position=9x9_O_E5&text=hello", "text", "only for mode=puzzle"),
    ("position=9x9_O_E5&task=win&text=" + "x" * 700, "text", "longer than 600"),
])
def test_bad_puzzle_parameters_name_the_parameter(fragment, name, words):
    with pytest.raises(ParamError) as e:
        parse_params(fragment)
    assert e.value.name == name and words in str(e.value)


@pytest.mark.parametrize("text,written", [("\ud800", "\ufffd"), ("a\udfffb", "a\ufffdb"),
                                          ("\udc00\ud800 x", "\ufffd\ufffd x"), ("fine \U0001f600", "fine \U0001f600")])
def test_snippets_of_text_with_lone_surrogates_are_written_as_the_browser_would(text, written):
    """A string from JavaScript may hold a lone surrogate: the snippet writes U+FFFD as URLSearchParams does
    (each lone surrogate becomes one U+FFFD; every other character is kept)."""
    p = EmbedParams(position="9x9_O_E5", mode="puzzle", task="win", text=text)
    s = snippets("https://example.org/lab/", p)
    got = parse_params(s.link.split("#", 1)[1]).text
    assert got == written
    s.div.encode("utf-8")  # every snippet can be written out as UTF-8
    s.iframe.encode("utf-8")


def test_a_teachers_puzzle_is_decided_by_the_engine():
    from phutball.puzzles.custom import ClaimError, custom_puzzle
    p = custom_puzzle("L_o*o.o.o....", "only-move", "Two, not three.")
    assert p.main_line[0] == "2-4-6" and p.text == "Two, not three." and p.variant == "1D" and p.task.name == "only-move"
    assert custom_puzzle("5x5_O_B3_B4C4", "win").main_line == ("B3-B5",)
    for position, task, words in [("L_o*o.ooo....", "win", "does not win"),
                                  ("L_o*oo.o.o....", "only-move", "3 winning moves"),
                                  ("9x9_O_E5", "win", "no winning jump"),
                                  ("9x9_O_E5", "safe-move", "threaten nothing")]:
        with pytest.raises(ClaimError) as e:
            custom_puzzle(position, task)
        assert words in str(e.value) and position in str(e.value)


@pytest.mark.parametrize("position, flipped, line", [
    ("9x9_O_E5", False, "Ohs attack the top, Eks the bottom."),
    ("11x11_X_D6_B2", False, "Eks attack the bottom, Ohs the top."),
    ("9x9_O_E5", True, "Ohs attack the bottom, Eks the top."),
    ("15x19_X_H10", True, "Eks attack the top, Ohs the bottom."),
    ("L_o*o.o.o....", False, "Left attacks the right end, Right the left end."),
    ("R_.*..o...oo.o.....o", False, "Right attacks the left end, Left the right end."),
    ("L_o*o.o.o....", True, "Left attacks the left end, Right the right end."),
    ("..ooo|ooo....o.", False, "Left attacks the right end, Right the left end."),  # an Oddish board: no side to move
])
def test_a_puzzle_frame_says_which_goal_each_side_attacks_as_the_board_is_drawn(position, flipped, line):
    """Issue 39 item 4b: the side to move first; a board turned half a turn (``flipped``) swaps the ends."""
    assert goals_line(position, flipped) == line


def test_the_goals_line_fits_a_320_px_frame():
    # at most 47 characters: 291 px at 13 px in DejaVu Sans, the widest of the system fonts (the bar: 312 px)
    lines = [goals_line(p, f) for p in ("9x9_O_E5", "9x9_X_E5", "L_o*o", "R_o*o") for f in (False, True)]
    assert max(map(len, lines)) <= 47
