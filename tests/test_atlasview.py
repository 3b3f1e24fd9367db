"""The atlas page's charts (site/lab/atlas.py): SVG, links to the calculator, sentences from the numbers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from lab.atlas import CHARTS, PICK, AtlasDataError, atlas_html, axis_range, calculator_link, chart_svg, sentence
from lab.calc.controller import CalcController

ROOT = Path(__file__).resolve().parent.parent
KEYS = [s.key for c in CHARTS for s in c.series]


def point(n, count, total, example=None, **extra):
    return {"n": n, "count": count, "total": total, "example": example, **extra}


def made_up(draws=0):
    """A small atlas: three lengths, every figure, a few examples."""
    figures = {key: [point(n, n - 3, 10 * n, f"L_o*{'.' * (n - 2)}" if n > 3 else None) for n in (3, 4, 5)]
               for key in KEYS}
    figures["drawn"] = [point(n, draws if n == 5 else 0, 10 * n, "L_.*o.." if draws and n == 5 else None)
                        for n in (3, 4, 5)]
    figures["delete_hurts"][0] = point(3, 0, 0)      # nothing to count at 3 squares: no point
    figures["longest"] = [point(n, 2 * n + 1, 0, f"L_.*{'.' * (n - 2)}") for n in (3, 4, 5)]
    figures["empty_won"] = [point(n, 1, n - 2, f"L_.*{'.' * (n - 2)}", start_value="win", start_plies=3)
                            for n in (3, 4, 5)]
    return {"figures": figures}


def dots(svg):
    return re.findall(r'<(a|g) class="point" data-n="(\d+)"[^>]*>', svg)


def test_every_point_is_a_dot_and_every_example_a_link_to_the_calculator():
    data = made_up()
    chart = next(c for c in CHARTS if c.id == "hurts")
    svg = chart_svg(chart, data)
    # stone_hurts: 3 points; delete_hurts: 2 (no total at 3 squares)
    assert len(dots(svg)) == 5 and svg.count("<polyline") == 2
    links = re.findall(r'<a class="point" data-n="(\d+)" data-position="([^"]*)" href="([^"]*)"', svg)
    assert [n for n, _, _ in links] == ["4", "5", "4", "5"]          # 3 squares: nothing counted, no example
    for n, pos, href in links:
        assert href == calculator_link(pos) and unquote(href.split("#", 1)[1]) == pos
        # the calculator opens on exactly that position
        assert CalcController.from_link(href.split("#", 1)[1]).strip.__str__() == pos
    assert "no example" in svg.split('data-n="3"')[1].split("</g>")[0]
    # links are reachable: a figure named by its heading, not an image (whose content is presentational)
    assert re.match(r'<svg [^>]*role="figure" aria-labelledby="h-hurts"', svg) and 'role="img"' not in svg


def test_higher_shares_are_drawn_higher_and_the_axis_fits_them():
    data = made_up()
    chart = next(c for c in CHARTS if c.id == "outcomes")
    svg = chart_svg(chart, data)
    won = svg.split('data-key="won"')[1].split("</g></g>")[0]
    ys = [float(y) for y in re.findall(r'class="dot" cx="[\d.]+" cy="([\d.]+)"', won)]
    assert ys[0] > ys[1] > ys[2]      # 0/30 < 1/40 < 2/50: higher up the page is a smaller y


def test_the_axis_starts_at_zero_unless_every_value_sits_near_the_top():
    assert axis_range([0.0, 0.3, 0.7], "%")[0] == 0
    low, high, step = axis_range([0.985, 0.99, 1.0], "%")
    assert 0.9 <= low < 0.985 and high == 1.0 and step > 0     # no share above 100 %
    low, high, step = axis_range([5, 39], "plies")
    assert low == 0 and high >= 39


def test_the_potentials_chart_shows_the_share_right_and_links_the_misses():
    data = made_up()
    chart = next(c for c in CHARTS if c.id == "potentials")
    svg = chart_svg(chart, data)
    assert "right (" in svg and "gets wrong" in svg
    assert f"{100 * (1 - 2 / 50):.1f} %" in svg      # 2 misses of 50 at 5 squares: 96 % right


def test_the_sentences_follow_the_numbers():
    calm, drawn = made_up(), made_up(draws=7)
    outcomes = next(c for c in CHARTS if c.id == "outcomes")
    assert "no position of any length is a draw" in sentence(outcomes, calm)
    assert "7 positions are draws" in sentence(outcomes, drawn)
    longest = next(c for c in CHARTS if c.id == "longest")
    assert "to 11 at 5" in sentence(longest, calm) and "steps of up to 2 plies, at every length" in sentence(longest, calm)
    calm["figures"]["longest"][2]["count"] = 9
    assert "not at all at 5 squares" in sentence(longest, calm)
    # the empty strip's middle start: the lengths it is lost at, from the data
    calm["figures"]["empty_won"][1]["start_value"] = "loss"
    assert "loses at 4 squares" in sentence(outcomes, calm)


def test_a_missing_figure_is_named():
    data = made_up()
    del data["figures"]["only_backward"]
    with pytest.raises(AtlasDataError, match="'only_backward'"):
        atlas_html(data)


def test_examples_are_escaped_in_links_and_titles():
    data = made_up()
    data["figures"]["won"][2]["example"] = 'L_"><script>'
    svg = chart_svg(CHARTS[0], data)
    assert "<script>" not in svg and "%3Cscript%3E" in svg


def test_the_shipped_atlas_renders_every_chart_with_a_point_per_length():
    data = json.loads((ROOT / "data" / "atlas.json").read_text(encoding="utf-8"))
    page = "\n".join(atlas_html(data))
    assert page.count("<svg") == len(CHARTS) and page.count('class="atlas-sentence"') == len(CHARTS)
    for chart in CHARTS:
        svg = page.split(f'id="chart-{chart.id}"')[1].split("</svg>")[0]
        want = sum(1 for s in chart.series for p in data["figures"][s.key] if p["total"] or s.measure == "count")
        assert len(dots(svg)) == want, chart.id


def test_a_pair_figures_dot_opens_both_positions_and_says_the_square():
    """Issue 39, item 5: the square to change was only in the tooltip, and the link opened the first position only."""
    data = made_up()
    data["figures"]["stone_hurts"][1] = point(4, 1, 40, "L_.*..", square=3)
    data["figures"]["delete_hurts"][2] = point(5, 1, 50, "L_.*.o.", square=3)
    svg = chart_svg(next(c for c in CHARTS if c.id == "hurts"), data)
    stone = re.search(r'<a class="point" data-n="4" data-position="L_\.\*\.\." data-compare="([^"]*)" '
                      r'href="([^"]*)"><title>([^<]*)</title>', svg)
    assert stone and stone[1] == "L_.*o." and unquote(stone[2].replace("&amp;", "&")).endswith(
        "#L_.*..&compare=L_.*o.")
    assert stone[3] == ("4 squares: 2.50 % (1 of 40). Smallest example: L_.*.., won by the side to move; "
                        "with a stone on square 3 (L_.*o.) it is lost.")
    c = CalcController.from_link(stone[2].replace("&amp;", "&").split("#", 1)[1])
    assert (str(c.strip), str(c.other), c.view()["marks"]) == ("L_.*..", "L_.*o.", [3])
    gone = re.search(r'data-n="5" data-position="L_\.\*\.o\." data-compare="([^"]*)"', svg)
    assert gone and gone[1] == "L_.*o."          # square 3 deleted: the stone moves up to it
    assert "with square 3 deleted (L_.*o.) it is lost" in svg
    # a figure without a change links its example alone
    won = chart_svg(CHARTS[0], data)
    assert "data-compare" not in won and "Smallest won position: L_o*..." in won
    # a pair figure's example that cannot be changed is named
    data["figures"]["stone_hurts"][1] = point(4, 1, 40, "L_.*..", square=9)
    with pytest.raises(AtlasDataError, match="'stone_hurts' example 'L_.\\*..' with square 9"):
        chart_svg(next(c for c in CHARTS if c.id == "hurts"), data)


def test_every_chart_has_a_box_for_the_picked_dots_examples():
    page = "\n".join(atlas_html(made_up()))
    for chart in CHARTS:
        assert f'<div class="atlas-pick" id="pick-{chart.id}"><p>{PICK}</p></div>' in page
