"""The pages' lists and forms as HTML (pure Python, unit-tested): the glue only assigns the strings.

Every text that comes from a game, a puzzle file or a lesson is escaped
(:func:`html.escape`, quotes included), so a hostile title or move cannot add
markup.  The play page's move list and review marks, the puzzle page's
line, puzzle list and answer forms, the lesson's steps.  The calculator's
sections are :mod:`lab.calc.render`'s.
"""

from __future__ import annotations

from html import escape
from collections.abc import Mapping, Sequence
from typing import Any

from lab.analysispanel import mark_text
from phutball.puzzles.tasks import AnswerForm


# ---------------------------------------------------------------- the play page


def moves_html(v: dict[str, Any]) -> str:
    """The move list's items (``v``: :meth:`lab.play.PlayController.view`): a button per ply,
    review marks as a class and a tooltip."""
    rows = []
    for row in v["moves"]:
        plies = []
        for ply, text in row["plies"]:
            mark = v["marks"].get(ply)
            cls = f" {mark['label']}" if mark else ""
            said = f" {mark_text(mark)}" if mark else ""
            title = f' title="{escape(mark_text(mark))}"' if mark else ""
            plies.append(f'<button class="ply{" current" if ply == v["ply"] else ""}{escape(cls)}" type="button" '
                         f'data-ply="{int(ply)}"{title} aria-label="Show the position after move '
                         f'{int(row["number"])}, {escape(text)}.{escape(said)}">{escape(text)}</button>')
        rows.append(f'<li><span class="num">{int(row["number"])}.</span>{"".join(plies)}</li>')
    return "".join(rows)


def review_marks_html(marks: list[dict[str, Any]]) -> str:
    """The review panel's marked moves: a button per mark, its label as the class."""
    return "".join(f'<li><button type="button" class="{escape(m["label"])}" data-mark-ply="{int(m["ply"])}">'
                   f'{escape(mark_text(m))}</button></li>' for m in marks)


def review_summary_html(lines: list[str]) -> str:
    """Each side's review summary ("Ohs: 12 moves, 1 mistake, ..."), an item each."""
    return "".join(f"<li>{escape(t)}</li>" for t in lines)


def review_graph_svg(curve: list[float], marks: list[dict[str, Any]], current: int, width: int = 320,
                     height: int = 110) -> str:
    """The review's evaluation graph: Ohs' chance to win at each position of the game (``curve``, 0..1, one
    point per position from the start), 50% as a dashed line, Ohs' side above it and Eks' below (said in
    words at the left edge, not by colour alone), a triangle on each blunder and a circle on each mistake
    (``marks``: their ``ply`` counts moves from 1), a line at the position shown (``current``), and one
    band per position that a click opens (``data-graph-ply``: the position after that many moves) with
    a tooltip saying the chance.  "" with fewer than two points."""
    if len(curve) < 2:
        return ""
    left, right, top, bottom = 30.0, 4.0, 6.0, 6.0
    step = (width - left - right) / (len(curve) - 1)

    def x(i: int) -> float:
        return left + step * i

    def y(c: float) -> float:
        return top + (height - top - bottom) * (1.0 - c)

    def num(v: float) -> str:
        return f"{v:.1f}".rstrip("0").rstrip(".")

    points = " ".join(f"{num(x(i))},{num(y(c))}" for i, c in enumerate(curve))
    shapes = []
    for m in marks:
        ply = int(m["ply"])
        if not 0 < ply < len(curve):
            continue
        cx, cy = x(ply), y(curve[ply])
        if m["label"] == "blunder":
            shapes.append(f'<path class="graph-blunder" d="M{num(cx)} {num(cy - 5)}l5 8.5h-10z"/>')
        else:
            shapes.append(f'<circle class="graph-mistake" cx="{num(cx)}" cy="{num(cy)}" r="3.5"/>')
    bands = []
    for i, c in enumerate(curve):
        when = "At the start" if i == 0 else f"After move {i}"
        bands.append(f'<rect data-graph-ply="{i}" x="{num(x(i) - step / 2)}" y="0" width="{num(step)}" '
                     f'height="{height}" fill="transparent"><title>{when}: Ohs {round(100 * c)}% to win'
                     f'</title></rect>')
    lo = min(range(len(curve)), key=lambda i: curve[i])
    hi = max(range(len(curve)), key=lambda i: curve[i])
    label = (f"Ohs' chance to win over the game, from {round(100 * curve[0])}% at the start to "
             f"{round(100 * curve[-1])}% at the end; highest {round(100 * curve[hi])}% "
             f"{'at the start' if hi == 0 else f'after move {hi}'}, lowest {round(100 * curve[lo])}% "
             f"{'at the start' if lo == 0 else f'after move {lo}'}. Choose a point to see that position.")
    cur = min(max(current, 0), len(curve) - 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="review-graph" role="img" aria-label="{escape(label)}" '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}">'
            f'<line class="graph-even" x1="{num(left)}" y1="{num(y(0.5))}" x2="{num(width - right)}" '
            f'y2="{num(y(0.5))}"/>'
            f'<text x="2" y="{num(top + 8)}" font-size="9">Ohs</text>'
            f'<text x="2" y="{num(height - bottom)}" font-size="9">Eks</text>'
            f'<line class="graph-current" x1="{num(x(cur))}" y1="0" x2="{num(x(cur))}" y2="{height}"/>'
            f'<polyline class="graph-line" points="{points}"/>{"".join(shapes)}{"".join(bands)}</svg>')


# ---------------------------------------------------------------- the puzzle page


def puzzle_line_html(line: Sequence[Mapping[str, Any]]) -> str:
    """A refutation or solution (:meth:`lab.puzzles.PuzzleController.view`'s ``line``), the current move marked."""
    return "".join(f'<li{" class=current aria-current=step" if e["current"] else ""}>{escape(e["label"])}</li>'
                   for e in line)


def puzzle_list_html(groups: Sequence[Mapping[str, Any]]) -> tuple[str, int, int]:
    """The puzzle list (a <details> per collection, a button per puzzle); and how many are solved, of all."""
    parts = []
    total = solved = 0
    for g in groups:
        done = sum(bool(e["solved"]) for e in g["puzzles"])
        total += len(g["puzzles"])
        solved += done
        items = []
        for e in g["puzzles"]:
            cls = "puzzle-item" + (" current" if e["current"] else "") + (" solved" if e["solved"] else "")
            # The button's name is its text, as seen (WCAG 2.5.3: a speech user says what they see), then
            # whether it is solved, which the mark (hidden: "check mark") shows; its title says the number's a rating.
            mark, state = ("✓", "solved") if e["solved"] else ("·", "unsolved")
            items.append(f'<li><button type="button" class="{cls}" data-index="{int(e["index"])}" '
                         f'data-id="{escape(e["id"])}" title="Rated {int(e["rating"])}, {state}">'
                         f'<span aria-hidden="true">{mark}</span> {escape(e["title"])} '
                         f'<span class="puzzle-rating">{int(e["rating"])}</span>'
                         f'<span class="visually-hidden">, {state}</span></button></li>')
        opened = " open" if g.get("open", any(e["current"] for e in g["puzzles"])) else ""
        parts.append(f'<details{opened}><summary>{escape(g["collection"])} ({done}/{len(g["puzzles"])})'
                     f'</summary><ul>{"".join(items)}</ul></details>')
    return "".join(parts), solved, total


#: The text diagrams' symbols, the board's own: the canvas draws a stone black (``--man``) and the ball
#: white with a red edge (``--ball``), so ● is a stone and ○ the ball (not the paper's ○ stone, • ball).
TEXT_SYMBOLS = {".": "·", "o": "●", "*": "○", "|": "↓"}


def theme_filters_html(choices: Sequence[Mapping[str, Any]]) -> str:
    """The list's theme filters (:meth:`lab.puzzles.PuzzleController.theme_choices`): a toggle button each,
    after "All"; the chosen one pressed."""
    chosen = next((c["theme"] for c in choices if c["current"]), "")
    buttons = [f'<button type="button" class="theme-filter" data-theme="" aria-pressed="{str(not chosen).lower()}">'
               f'All</button>']
    for c in choices:
        buttons.append(f'<button type="button" class="theme-filter" data-theme="{escape(c["theme"])}" '
                       f'aria-pressed="{str(bool(c["current"])).lower()}">{escape(c["name"])} '
                       f'<span class="count">{int(c["count"])}</span></button>')
    return "".join(buttons)


def pretty_strip(strip: str) -> str:
    """A strip's squares as the puzzle page prints them: · empty, ● stone, ○ ball, ↓ an Oddish board's arrow."""
    return "".join(TEXT_SYMBOLS.get(c, c) for c in strip)


def answer_html(form: AnswerForm) -> str:
    """A question's answer form (:meth:`phutball.puzzles.tasks.Task.answer_form`, data the task gives): a button
    per choice that answers at a click; or its blanks -- a row per drop-down (its position's squares as text,
    who moves beside them), the number boxes inline -- then the Check button and the form's link.  The board
    above it shows the position."""
    if form.buttons:
        buttons = "".join(f'<button type="button" class="answer" data-answer="{escape(c.value)}">'
                          f'{escape(c.label)}</button>' for c in form.buttons)
        return f'<div class="buttons">{buttons}</div>'
    if not form.fields:
        raise ValueError(f"the answer form {form.name!r} has neither buttons nor blanks")
    rows, boxes = [], []
    for i, f in enumerate(form.fields):
        data = f'data-name="{escape(f.key)}"' if form.keyed else f'data-i="{i}"'
        at = f'class="{escape(form.field_class)}" id="{escape(form.field_id(i))}" {data}'
        if f.choices:
            opts = "".join(f'<option value="{escape(c.value)}">{escape(c.label)}</option>' for c in f.choices)
            rows.append(f'<label class="{escape(form.row_class)}"><span class="mono strip-text">'
                        f'{escape(pretty_strip(f.label))}</span><span class="small">{escape(f.note)}</span>'
                        f'<select {at}><option value="">?</option>{opts}</select></label>')
        else:
            boxes.append(f'<label>{escape(f.label)} <input {at} inputmode="numeric" size="3"></label>')
    link = f'<p class="small"><a href="{escape(form.link[0])}">{escape(form.link[1])}</a></p>' if form.link else ""
    return (f'{"".join(rows)}<div class="buttons">{"".join(boxes)}<button type="button" id="{escape(form.check_id)}" '
            f'class="primary">Check</button></div>{link}')


# ---------------------------------------------------------------- the lesson


def steps_html(steps: Sequence[Mapping[str, Any]]) -> str:
    """The lesson's steps (:meth:`lab.learn.LearnController.view`'s ``steps``): a button each, done ones ticked."""
    items = []
    for i, s in enumerate(steps):
        mark = "✓" if s["done"] else str(i + 1)
        cls = "step" + (" current" if s["current"] else "") + (" done" if s["done"] else "")
        current = ' aria-current="step"' if s["current"] else ""
        label = f"Step {i + 1}: {escape(s['title'])}" + (", done" if s["done"] else "")
        items.append(f'<li><button type="button" class="{cls}" data-step="{i}"{current} aria-label="{label}">'
                     f'<span class="mark" aria-hidden="true">{mark}</span> {escape(s["title"])}</button></li>')
    return "".join(items)


def lesson_end_html(steps: Sequence[Mapping[str, Any]]) -> str:
    """What the lesson's end says first (``steps`` as :func:`steps_html` takes them): every step done,
    or which are not yet, each a button that opens it (``data-step``, as the list's); the links on
    to the game, the puzzles and the calculator follow it in learn.html."""
    undone = [(i, s["title"]) for i, s in enumerate(steps) if not s["done"]]
    if not undone:
        return "All steps done: you know the rules."
    buttons = [f'<button type="button" class="link-button" data-step="{i}">step {i + 1}, {escape(title)}</button>'
               for i, title in undone]
    listed = buttons[0] if len(buttons) == 1 else ", ".join(buttons[:-1]) + " and " + buttons[-1]
    count = "One step is" if len(undone) == 1 else f"{len(undone)} steps are"
    return f"{count} not done yet: {listed}."


__all__ = ["answer_html", "lesson_end_html", "moves_html", "pretty_strip", "puzzle_line_html", "puzzle_list_html",
           "review_marks_html", "steps_html", "theme_filters_html"]
