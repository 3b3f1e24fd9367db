"""The 1D atlas page: line charts of what the exact solver says about every strip, as SVG.

Pure Python (unit-tested without a browser).  The build (``tools/build_site.py``) renders the
page from the shipped figures (``data/atlas.json``, made by ``tools/atlas.py``) with
:func:`atlas_html`, so the page is plain HTML and SVG: no Python runs in the reader's browser.

Each chart is one :class:`Chart`: lines (:class:`Series`) of one figure against the strip's
length ``n``, every point a link to its smallest example opened in the calculator, and one
sentence written from the numbers (:func:`sentence`).  Colours are the theme's CSS variables
(classes ``series-0`` ... in ``site/atlas.css``), so the charts follow the light and dark themes.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Callable, Mapping, Sequence

from lab.calc.link import format_link
from lab.calc.words import without_square
from phutball.errors import PhutballError
from phutball.oned.strip import Strip

#: The chart's drawing box (SVG user units; the SVG scales to the page's width).
WIDTH, HEIGHT = 480, 270
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 14, 38

Data = Mapping[str, Any]
Point = Mapping[str, Any]


class AtlasDataError(ValueError):
    """The atlas's data file does not have what a chart needs; the message quotes what is wrong."""


@dataclass(frozen=True)
class Series:
    """One line: a figure of the data (``key``) as a share (``count / total``), its complement, or a count."""

    key: str
    label: str
    measure: str = "share"      # "share", "complement" (1 - share) or "count"
    what: str = "example"       # what the point's example is, said under the chart and in its tooltip
    change: str = ""            # a pair figure's change of the example at its square: "stone" (added) or "delete"

    def value(self, p: Point) -> float | None:
        """The point's height, or None when the figure has nothing to count at this length."""
        if self.measure == "count":
            return float(p["count"])
        if not p["total"]:
            return None
        share = float(p["count"]) / float(p["total"])
        return 1.0 - share if self.measure == "complement" else share


@dataclass(frozen=True)
class Chart:
    """A chart: an id, a title, its lines and how its y axis reads (percent or plies)."""

    id: str
    title: str
    series: tuple[Series, ...]
    unit: str = "%"             # "%" (shares) or "plies"


CHARTS: tuple[Chart, ...] = (
    Chart("outcomes", "Who wins with best play", (
        Series("won", "all positions: won by the side to move", what="smallest won position"),
        Series("lost", "all positions: lost by the side to move", what="smallest lost position"),
        Series("drawn", "all positions: drawn (play cycles for ever)", what="smallest drawn position"),
        Series("empty_won", "empty strips (the ball on any square): won by the side to move",
               what="first empty strip the side to move wins"))),
    Chart("hurts", "When the obvious fails: a win lost", (
        Series("stone_hurts", "a stone added in front of the ball turns a win into a loss",
               what="smallest won position a stone in front of the ball spoils", change="stone"),
        Series("delete_hurts", "an empty square in front of the ball deleted turns a win into a loss",
               what="smallest won position a shorter strip spoils", change="delete"))),
    Chart("helps", "... and the reverse: a loss turned into a win", (
        Series("stone_helps", "a stone added in front of the ball turns a loss into a win",
               what="smallest lost position a stone in front of the ball saves", change="stone"),
        Series("delete_helps", "an empty square in front of the ball deleted turns a loss into a win",
               what="smallest lost position a shorter strip saves", change="delete"))),
    Chart("moves", "Winning moves that look wrong", (
        Series("only_short", "every winning move is a jump stopping short of the stones it could take",
               what="smallest position where every winning jump stops short"),
        Series("only_backward", "the only winning moves are jumps backwards, away from the goal",
               what="smallest position won only by jumping backwards"))),
    Chart("potentials", "How often the potentials name the winner", (
        Series("theorem1_misses", "Theorem 1 (pL, pR) on the positions with every stone at odd distance",
               "complement", what="smallest position Theorem 1 gets wrong"),
        Series("general_misses", "the generalized potentials (PL, PR) on all positions", "complement",
               what="smallest position the generalized potentials get wrong"))),
    Chart("longest", "The longest forced win", (
        Series("longest", "plies to the end with best play", "count", what="smallest position that long"),),
        unit="plies"),
)


#: Every chart's lines, by their figure's key.
SERIES: dict[str, Series] = {s.key: s for chart in CHARTS for s in chart.series}


def points(data: Data, key: str) -> list[Point]:
    """The figure ``key``'s points, by length; a missing figure raises :class:`AtlasDataError`."""
    try:
        out = list(data["figures"][key])
    except (KeyError, TypeError):
        raise AtlasDataError(f"the atlas data has no figure {key!r}") from None
    return sorted(out, key=lambda p: p["n"])


def calculator_link(position: str, compare: str = "") -> str:
    """The calculator opened on ``position``, compared with ``compare`` if given (the link's fragment as the
    calculator reads it, :mod:`lab.calc.link`)."""
    return "./calculator.html#" + format_link(position, compare)


def changed(series: Series, p: Point) -> str:
    """A pair figure's example once changed at its square: the stone added, or the square deleted ("" for
    other figures, or a point without an example or a square)."""
    example, square = p.get("example"), p.get("square")
    if not (series.change and example and square):
        return ""
    try:
        s, k = Strip.from_str(example), int(square)
        return str(Strip(s.n, s.ball, s.stones | {k}, s.to_move) if series.change == "stone" else without_square(s, k))
    except PhutballError as e:
        raise AtlasDataError(f"the {series.key!r} example {example!r} with square {square!r} cannot be changed: "
                             f"{e}") from None


def example_text(series: Series, p: Point) -> str:
    """The point's example in words, both positions for a pair figure: what is said under the chart."""
    example = p["example"]
    after = changed(series, p)
    if not after:   # no full stop after a position: its dots are squares
        return f"{series.what[:1].upper()}{series.what[1:]}: {example}"
    before, then = ("won", "lost") if series.key.endswith("_hurts") else ("lost", "won")
    how = f"a stone on square {p['square']}" if series.change == "stone" else f"square {p['square']} deleted"
    return f"Smallest example: {example}, {before} by the side to move; with {how} ({after}) it is {then}."


def percent(x: float, digits: int = 2) -> str:
    """``0.0123`` as ``'1.23 %'`` (fewer digits once it is large)."""
    value = 100 * x
    if value == 0:
        return "0 %"
    if value >= 10:
        digits = min(digits, 1)
    return f"{value:.{digits}f} %"


def _nice_step(span: float, ticks: int = 4) -> float:
    raw = span / ticks
    mag = 10.0 ** _floor_log10(raw)
    for mult in (1, 2, 2.5, 5, 10):
        if mult * mag >= raw:
            return mult * mag
    return 10 * mag   # pragma: no cover - the loop always returns


def _floor_log10(x: float) -> int:
    k = 0
    while x >= 10:
        x /= 10
        k += 1
    while x < 1:
        x *= 10
        k -= 1
    return k


def axis_range(values: Sequence[float], unit: str) -> tuple[float, float, float]:
    """(low, high, step) of the y axis: from 0, or, when every value sits in a narrow band near the top
    (the potentials' 98-100 %), from just below the lowest, so the differences show."""
    top = max(values, default=0.0)
    bottom = min(values, default=0.0)
    if unit == "%":
        top = max(top, 1e-4)
    else:
        top = max(top, 1.0)
    low = 0.0
    if bottom > 0 and (top - bottom) < 0.2 * top:
        step = _nice_step(top - bottom)
        low = step * int(bottom / step)
        if low >= bottom:
            low -= step
    step = _nice_step(top - low)
    high = low + step * -(-(top - low) // step)
    if high < top:
        high += step   # pragma: no cover - rounding guard
    if unit == "%" and top <= 1.0 < high:
        high = 1.0     # no share above 100 %
    return low, high, step


def _tick_label(y: float, unit: str, step: float) -> str:
    if unit == "%":
        value, s = 100 * y, 100 * step
        digits = 0 if s >= 1 else 1 if s >= 0.1 else 2 if s >= 0.01 else 3
        return f"{value:.{digits}f}%"
    return f"{y:g}"


def chart_svg(chart: Chart, data: Data) -> str:
    """The chart as an ``<svg>`` element: axes, one polyline and one linked dot per point and line.

    Each dot is ``<a class="point" href="calculator.html#...">`` around a ``<circle>`` (a larger
    transparent one takes the touch), with a ``<title>`` saying the length, the figure and the example
    (:func:`example_text`; ``site/atlas.js`` writes it under the chart too, as a tooltip is for a mouse
    only).  A pair figure's dot opens the calculator on its example compared with the example changed
    (``data-compare``); a point with no example (nothing counted) is a dot without a link.  The chart is
    a ``figure`` named by its section's heading, not an ``img``: an image's content is presentational,
    which would hide its links from assistive technology (axe's nested-interactive, issue 41).
    """
    lines = [(i, s, [(p, s.value(p)) for p in points(data, s.key)]) for i, s in enumerate(chart.series)]
    ns = [int(p["n"]) for _, _, pts in lines for p, v in pts if v is not None]
    values = [v for _, _, pts in lines for _, v in pts if v is not None]
    if not ns:
        raise AtlasDataError(f"the chart {chart.id!r} has no point to draw")
    n_lo, n_hi = min(ns), max(ns)
    y_lo, y_hi, y_step = axis_range(values, chart.unit)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(n: float) -> float:
        return LEFT + (n - n_lo) / max(1, n_hi - n_lo) * plot_w

    def y(v: float) -> float:
        return TOP + (1 - (v - y_lo) / (y_hi - y_lo)) * plot_h

    out = [f'<svg class="atlas-chart" id="chart-{escape(chart.id)}" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'role="figure" aria-labelledby="h-{escape(chart.id)}" preserveAspectRatio="xMidYMid meet">']
    out.append('<g class="grid">')
    k = 0
    while y_lo + k * y_step <= y_hi + 1e-12:
        t = y_lo + k * y_step
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                   f'<text class="tick" x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end">'
                   f'{escape(_tick_label(t, chart.unit, y_step))}</text>')
        k += 1
    for n in range(n_lo, n_hi + 1):
        if n % 3 == 0:
            out.append(f'<text class="tick" x="{x(n):.1f}" y="{HEIGHT - BOTTOM + 17}" text-anchor="middle">{n}</text>')
    out.append(f'<text class="axis-name" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle">'
               'squares on the strip</text>')
    out.append("</g>")
    for i, series, pts in lines:
        drawn = [(p, v) for p, v in pts if v is not None]
        path = " ".join(f"{x(p['n']):.1f},{y(v):.1f}" for p, v in drawn)
        out.append(f'<g class="series series-{i}" data-key="{escape(series.key)}">')
        out.append(f'<polyline points="{path}"/>')
        for p, v in drawn:
            out.append(_dot(series, chart, p, v, x(p["n"]), y(v)))
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def _dot(series: Series, chart: Chart, p: Point, v: float, cx: float, cy: float) -> str:
    n = int(p["n"])
    if chart.unit == "%":
        said = f'{percent(v)} ({p["count"]:,} of {p["total"]:,})' if series.measure == "share" else \
            f'{percent(v)} right ({p["total"] - p["count"]:,} of {p["total"]:,})'
    else:
        said = f"{int(v)} plies"
    title = f"{n} squares: {said}"
    dot = f'<circle class="dot" cx="{cx:.1f}" cy="{cy:.1f}" r="4"/>'
    example = p.get("example")
    if not example:
        return f'<g class="point" data-n="{n}"><title>{escape(title)}: no example</title>{dot}</g>'
    title += ". " + example_text(series, p)
    after = changed(series, p)
    compare = f' data-compare="{escape(after, quote=True)}"' if after else ""
    return (f'<a class="point" data-n="{n}" data-position="{escape(example, quote=True)}"{compare} '
            f'href="{escape(calculator_link(example, after), quote=True)}"><title>{escape(title)}</title>'
            f'<circle class="hit" cx="{cx:.1f}" cy="{cy:.1f}" r="11"/>{dot}</a>')


# ---------------------------------------------------------------- the sentences


def _at(data: Data, key: str, n: int) -> Point:
    for p in points(data, key):
        if p["n"] == n:
            return p
    raise AtlasDataError(f"the atlas data has no {key!r} point for {n} squares")


def _first(data: Data, key: str) -> Point | None:
    """The shortest strip where the figure counts something."""
    return next((p for p in points(data, key) if p["count"]), None)


def _share(p: Point) -> float:
    return p["count"] / p["total"] if p["total"] else 0.0


def _example(p: Point | None, key: str = "") -> str:
    """The point's example as a link to the calculator; compared with its change for a pair figure ``key``."""
    if not (p and p.get("example")):
        return ""
    after = changed(SERIES[key], p) if key else ""
    return (f'<a href="{escape(calculator_link(p["example"], after), quote=True)}">'
            f'<code>{escape(p["example"])}</code></a>')


def _lengths(ns: Sequence[int]) -> str:
    """``[6, 14, 22]`` as ``'6, 14 and 22'``."""
    words = [str(n) for n in ns]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _outcomes(data: Data, top: int) -> str:
    won, empty = _at(data, "won", top), points(data, "empty_won")
    drawn = sum(p["count"] for p in points(data, "drawn"))
    first = points(data, "won")[0]
    draws = "no position of any length is a draw" if drawn == 0 else f"{drawn:,} positions are draws"
    losing = [int(p["n"]) for p in empty if p.get("start_value") == "loss"]
    steps = {b - a for a, b in zip(losing, losing[1:])}
    if losing:
        every = f" (every {steps.pop()}th length)" if len(steps) == 1 and len(losing) > 2 else ""
        start = (f"the empty strip with the ball in the middle, which the side to move loses at "
                 f"{_lengths(losing)} squares{every} and wins at every other length")
    else:
        start = "that the side to move wins the empty strip with the ball in the middle at every length"
    return (f"The side to move wins {percent(_share(won))} of all {top}-square positions "
            f"({percent(_share(first))} at {first['n']} squares) and {draws}; what surprised us is {start}.")


def _hurts(data: Data, top: int) -> str:
    stone, delete = _at(data, "stone_hurts", top), _at(data, "delete_hurts", top)
    first_stone, first_delete = _first(data, "stone_hurts"), _first(data, "delete_hurts")
    if not (first_stone and first_delete):
        return (f"A stone added in front of the ball, or an empty square deleted there, never costs the side to move "
                f"a won game up to {top} squares; what surprised us is that the paper's warnings do not show here.")
    if first_stone["example"] == first_delete["example"] and first_stone["n"] == first_delete["n"]:
        where = (f"both first fail at {first_stone['n']} squares, on the same position "
                 f"{_example(first_stone, 'stone_hurts')} (square {first_stone.get('square')})")
    else:
        where = (f"they first fail at {first_stone['n']} squares ({_example(first_stone, 'stone_hurts')}, a stone "
                 f"on square {first_stone.get('square')}) and {first_delete['n']} squares "
                 f"({_example(first_delete, 'delete_hurts')})")
    shares = [_share(_at(data, "stone_hurts", n)) for n in (top - 2, top)]
    trend = "levels off" if abs(shares[1] - shares[0]) < 0.01 * shares[1] else "still grows"
    return (f"A stone added in front of the ball spoils a won position in {percent(_share(stone), 3)} of the ways "
            f"at {top} squares, deleting an empty square there in {percent(_share(delete), 3)}; what surprised us "
            f"is that {where}, and that the stone's share {trend} instead of fading on longer strips.")


def _helps(data: Data, top: int) -> str:
    stone, delete = _at(data, "stone_helps", top), _at(data, "delete_helps", top)
    stone_pts = [p for p in points(data, "stone_helps") if p["total"]]
    falling = all(_share(b) <= _share(a) for a, b in zip(stone_pts, stone_pts[1:]))
    trend = (f"a stone's help shrinks at every length, from {percent(_share(stone_pts[0]))} at "
             f"{stone_pts[0]['n']} squares" if falling else "how unevenly a stone's help changes with the length")
    return (f"Of the ways to add a stone in front of the ball of a lost position, {percent(_share(stone))} turn it "
            f"into a win at {top} squares, and deleting an empty square there {percent(_share(delete))}; what "
            f"surprised us is that {trend}.")


def _moves(data: Data, top: int) -> str:
    short, back, won = _at(data, "only_short", top), _at(data, "only_backward", top), _at(data, "won", top)
    first_back, first_short = _first(data, "only_backward"), _first(data, "only_short")
    short_text = (f" (the first at {first_short['n']} squares, {_example(first_short)})" if first_short else "")
    back_text = (f"no position is won only by jumping backwards below {first_back['n']} squares "
                 f"({_example(first_back)} is the first), and even at {top} squares only {back['count']:,} of "
                 f"{won['count']:,} won positions are" if first_back
                 else f"no position up to {top} squares is won only by jumping backwards")
    return (f"At {top} squares {percent(_share(short), 3)} of won positions are won only by jumps that stop short "
            f"of stones they could take{short_text}; what surprised us is how rare the paper's backward jump is: "
            f"{back_text}.")


def _potentials(data: Data, top: int) -> str:
    general = _at(data, "general_misses", top)
    theorem1 = points(data, "theorem1_misses")
    t1_misses = sum(p["count"] for p in theorem1)
    first = _first(data, "general_misses")
    exact_to = first["n"] - 1 if first else top
    t1 = (f"that Theorem 1 never misses on the positions with every stone at odd distance from the ball "
          f"({_at(data, 'theorem1_misses', top)['total']:,} at {top} squares), although the 1D game also lets a "
          f"player put a stone at even distance" if t1_misses == 0
          else f"that Theorem 1 misses {t1_misses:,} times in all")
    after = [_share(q) for q in points(data, "general_misses") if q["total"] and q["n"] >= exact_to]
    worse = ", a little worse at each length" if all(b > a for a, b in zip(after, after[1:])) else ""
    return (f"The generalized potentials name the winner of every position up to {exact_to} squares and of "
            f"{percent(1 - _share(general))} at {top}{worse}; what surprised us is {t1}.")


def _longest(data: Data, top: int) -> str:
    p = _at(data, "longest", top)
    pts = points(data, "longest")
    gains = [b["count"] - a["count"] for a, b in zip(pts, pts[1:])]
    flat = [b["n"] for a, b in zip(pts, pts[1:]) if b["count"] == a["count"]]
    still = f", and not at all at {_lengths(flat)} squares" if flat else ", at every length"
    return (f"The longest win with best play grows from {pts[0]['count']} plies at {pts[0]['n']} squares to "
            f"{p['count']} at {top} ({_example(p)}); what surprised us is that it grows in steps of up to "
            f"{max(gains, default=0)} plies{still}.")


SENTENCES: dict[str, Callable[[Data, int], str]] = {
    "outcomes": _outcomes, "hurts": _hurts, "helps": _helps, "moves": _moves, "potentials": _potentials,
    "longest": _longest,
}


def sentence(chart: Chart, data: Data) -> str:
    """The chart's sentence as HTML (numbers and examples from ``data``, escaped)."""
    top = max(p["n"] for p in points(data, chart.series[0].key))
    return SENTENCES[chart.id](data, top)


# ---------------------------------------------------------------- the page


def legend_html(chart: Chart) -> str:
    """The chart's legend: one item per line, its colour the line's."""
    items = "".join(f'<li class="series-{i}"><span class="swatch" aria-hidden="true"></span>{escape(s.label)}</li>'
                    for i, s in enumerate(chart.series))
    return f'<ul class="legend">{items}</ul>'


#: What the box under a chart says until a dot is picked (site/atlas.js lists that length's examples there).
PICK = "Tap a dot, point at it or reach it with Tab: its examples are written here."


def atlas_html(data: Data) -> list[str]:
    """The atlas page's charts, one ``<section>`` each (the lines the build writes into atlas.html)."""
    out = []
    for chart in CHARTS:
        out += [f'<section class="panel atlas-section" id="{escape(chart.id)}" aria-labelledby="h-{escape(chart.id)}">',
                f'  <h2 id="h-{escape(chart.id)}">{escape(chart.title)}</h2>',
                f'  <p class="atlas-sentence">{sentence(chart, data)}</p>',
                f"  <figure>{chart_svg(chart, data)}",
                f'    <figcaption><div class="atlas-pick" id="pick-{escape(chart.id)}"><p>{PICK}</p></div>'
                f"{legend_html(chart)}</figcaption></figure>",
                "</section>"]
    return out


__all__ = ["AtlasDataError", "CHARTS", "Chart", "PICK", "SERIES", "Series", "atlas_html", "axis_range",
           "calculator_link", "changed", "chart_svg", "example_text", "legend_html", "percent", "sentence"]
