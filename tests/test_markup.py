"""The pages' lists and forms as HTML (site/lab/views/markup.py): structure, and hostile text kept as text."""

import re
from html.parser import HTMLParser

import pytest

from lab.views.markup import (answer_html, moves_html, pretty_strip, puzzle_line_html, puzzle_list_html,
                              review_marks_html, steps_html)

HOSTILE = '"><script>alert(1)</script><b x=\'y\'>&amp;'


class Tree(HTMLParser):
    """The start tags (name, attributes) and the text of a fragment, checking that every tag is closed."""

    VOID = {"input", "br", "img"}

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.open: list[str] = []
        self.feed(html)
        self.close()
        assert self.open == [], f"unclosed: {self.open}"

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open}"
        self.open.pop()

    def handle_data(self, data):
        self.text.append(data)

    def named(self, tag: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag]


def no_injection(html: str) -> Tree:
    tree = Tree(html)
    assert "script" not in {t for t, _ in tree.tags} and "b" not in {t for t, _ in tree.tags}
    return tree


# ---------------------------------------------------------------- the play page

MARK = {"ply": 2, "move": "H11", "side": "X", "label": "blunder", "better": "H10-H12",
        "before": "Eks +0.5 rows", "after": "Ohs win in 1"}


def test_the_move_list_has_a_button_per_ply_the_current_one_and_marks_shown():
    v = {"moves": [{"number": 1, "plies": [(1, "H10"), (2, "H11")]}, {"number": 2, "plies": [(3, "G9")]}],
         "marks": {2: MARK}, "ply": 3}
    tree = Tree(moves_html(v))
    buttons = tree.named("button")
    assert [b["data-ply"] for b in buttons] == ["1", "2", "3"]
    assert [b["class"] for b in buttons] == ["ply", "ply blunder", "ply current"]
    assert buttons[1]["title"].startswith("Move 1 (Eks, H11) was a blunder")
    assert buttons[0]["aria-label"] == "Show the position after move 1, H10."
    assert "".join(tree.text) == "1.H10H112.G9"


def test_hostile_texts_in_the_move_list_and_the_marks_stay_text():
    v = {"moves": [{"number": 1, "plies": [(1, HOSTILE)]}], "marks": {1: {**MARK, "ply": 1, "label": HOSTILE}},
         "ply": 0}
    tree = no_injection(moves_html(v))
    (button,) = tree.named("button")
    assert button["class"] == "ply " + HOSTILE and HOSTILE in "".join(tree.text)
    tree = no_injection(review_marks_html([{**MARK, "label": HOSTILE, "move": HOSTILE}]))
    assert tree.named("button")[0]["class"] == HOSTILE and HOSTILE in "".join(tree.text)


def test_review_marks_are_buttons_naming_their_ply():
    tree = Tree(review_marks_html([MARK, {**MARK, "ply": 5, "label": "mistake"}]))
    assert [(b["class"], b["data-mark-ply"]) for b in tree.named("button")] == [("blunder", "2"), ("mistake", "5")]
    assert review_marks_html([]) == ""


# ---------------------------------------------------------------- the puzzle page


def test_the_line_marks_the_current_move():
    tree = Tree(puzzle_line_html([{"label": "1. Ohs H10", "current": False}, {"label": HOSTILE, "current": True}]))
    assert tree.named("li") == [{}, {"class": "current", "aria-current": "step"}]
    assert "".join(tree.text) == "1. Ohs H10" + HOSTILE
    no_injection(puzzle_line_html([{"label": HOSTILE, "current": False}]))


def puzzle(i, title="A puzzle", solved=False, current=False, rating=1466):
    return {"index": i, "id": f"p-{i}", "title": title, "solved": solved, "current": current, "rating": rating}


def test_the_puzzle_list_groups_by_collection_opens_the_current_one_and_counts():
    groups = [{"collection": "Strips", "puzzles": [puzzle(0, solved=True), puzzle(1)]},
              {"collection": "Boards", "puzzles": [puzzle(2, current=True, rating=2170)]}]
    html, solved, total = puzzle_list_html(groups)
    assert (solved, total) == (1, 3)
    tree = Tree(html)
    assert [d.get("open", "closed") for d in tree.named("details")] == ["closed", None]  # <details open>
    buttons = tree.named("button")
    assert [b["data-index"] for b in buttons] == ["0", "1", "2"]
    assert [b["class"] for b in buttons] == ["puzzle-item solved", "puzzle-item", "puzzle-item current"]
    # the name is the text seen (WCAG 2.5.3), the mark hidden, "solved" said; the rating the puzzle shows, no stars
    assert "aria-label" not in buttons[0] and buttons[0]["title"] == "Rated 1466, solved"
    assert tree.named("span")[:3] == [{"aria-hidden": "true"}, {"class": "puzzle-rating"}, {"class": "visually-hidden"}]
    texts = ["".join(Tree(b).text) for b in re.findall("<button.*?</button>", html)]
    assert texts[:2] == ["✓ A puzzle 1466, solved", "· A puzzle 1466, unsolved"]
    assert "Strips (1/2)" in tree.text and "Boards (0/1)" in tree.text
    assert "2170" in "".join(tree.text) and "★" not in "".join(tree.text)


def test_hostile_puzzle_titles_ids_and_collections_stay_text():
    groups = [{"collection": HOSTILE, "puzzles": [{**puzzle(0, title=HOSTILE), "id": HOSTILE}]}]
    tree = no_injection(puzzle_list_html(groups)[0])
    (button,) = tree.named("button")
    assert button["data-id"] == HOSTILE and HOSTILE in "".join(tree.text)


def test_answer_forms():
    from phutball.puzzles.format import Puzzle
    from phutball.puzzles.tasks import AnswerForm, task_named

    def puzzle(position="L_.*o.", task="which-side", **extra):
        return Puzzle("p", "A puzzle", {}, "1D", position, task_named(task), 1, "", (), extra=extra)

    def answer_html_of(p):  # the form is the task's, drawn here
        return answer_html(p.task.answer_form(p))
    tree = Tree(answer_html_of(puzzle()))
    assert [b["data-answer"] for b in tree.named("button")] == ["L", "R"]
    p = puzzle(task="compare", positions=["L_.*o.", "R_o*.."])
    tree = Tree(answer_html_of(p))
    assert [s["id"] for s in tree.named("select")] == ["compare-0", "compare-1"]
    assert [o["value"] for o in tree.named("option")] == ["", "L", "R", "", "L", "R"]
    assert "·○●·" in tree.text and "Right to move" in tree.text
    assert tree.named("button")[-1]["id"] == "check-compare"
    p = puzzle("L_.*o.", task="potential", answer={"PL": 1, HOSTILE: 2})
    tree = no_injection(answer_html_of(p))
    assert [(i["id"], i["data-name"]) for i in tree.named("input")] == [("pot-0", "PL"), ("pot-1", HOSTILE)]
    assert tree.named("a")[0]["href"] == "./calculator.html#L_.*o."
    with pytest.raises(ValueError):
        answer_html(AnswerForm("essay"))  # a form with nothing to answer on


def test_text_diagrams_use_the_boards_symbols_a_black_stone_and_a_white_ball():
    from phutball.drawing import strip_shapes
    from lab.views.board import LayoutStrip
    assert pretty_strip(".o*|") == "·●○↓"
    # the board: stones filled with the men's colour (dark), the ball with the ball's (light)
    fills = {s["x"]: s["fill"] for s in strip_shapes(3, 2, [1], LayoutStrip(3, 300, 80)) if s["t"] == "circle"}
    lay = LayoutStrip(3, 300, 80)
    assert fills[lay.xy(1)[0]] == "var(--man)" and fills[lay.xy(2)[0]] == "var(--ball)"


# ---------------------------------------------------------------- the lesson


def test_the_lesson_steps_tick_the_done_ones_and_mark_the_current_one():
    steps = [{"title": "Place a stone", "done": True, "current": False},
             {"title": HOSTILE, "done": False, "current": True}]
    tree = no_injection(steps_html(steps))
    buttons = tree.named("button")
    assert [b["class"] for b in buttons] == ["step done", "step current"]
    assert [b.get("aria-current") for b in buttons] == [None, "step"]
    assert buttons[0]["aria-label"] == "Step 1: Place a stone, done"
    assert buttons[1]["aria-label"] == f"Step 2: {HOSTILE}"
    assert [b["data-step"] for b in buttons] == ["0", "1"]
    assert "✓" in tree.text and "2" in tree.text


def test_theme_filters_are_toggle_buttons_after_all_the_chosen_one_pressed():
    from lab.views.markup import theme_filters_html
    choices = [{"theme": "chain", "name": "Chain", "count": 3, "current": False},
               {"theme": "x\"><b>", "name": "<i>bad</i>", "count": 1, "current": True}]
    tree = no_injection(theme_filters_html(choices))
    buttons = tree.named("button")
    assert [b["data-theme"] for b in buttons] == ["", "chain", "x\"><b>"]
    assert [b["aria-pressed"] for b in buttons] == ["false", "false", "true"]
    assert "Chain " in tree.text and "<i>bad</i> " in tree.text and "3" in tree.text
    assert no_injection(theme_filters_html(choices[:1])).named("button")[0]["aria-pressed"] == "true"


def test_the_review_graph_has_a_band_per_position_and_shapes_for_marks_not_colour_alone():
    from lab.views.markup import review_graph_svg
    marks = [{"ply": 1, "label": "mistake"}, {"ply": 3, "label": "blunder"}, {"ply": 9, "label": "blunder"}]
    svg = review_graph_svg([0.5, 0.6, 0.55, 0.1], marks, current=2)
    assert svg.count("data-graph-ply=") == 4 and 'data-graph-ply="3"' in svg
    assert svg.count('class="graph-mistake"') == 1 and svg.count('class="graph-blunder"') == 1  # ply 9 is not in it
    assert "<title>After move 3: Ohs 10% to win</title>" in svg and "<title>At the start: Ohs 50% to win" in svg
    assert "from 50% at the start to 10% at the end; highest 60% after move 1, lowest 10% after move 3" in svg
    assert ">Ohs</text>" in svg and ">Eks</text>" in svg
    assert review_graph_svg([0.5], [], 0) == ""
