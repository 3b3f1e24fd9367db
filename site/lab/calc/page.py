"""What the calculator page shows, as element properties: ``{(element id, property): value}``.

The glue (``glue/calc.py``) hands these to ``glue.remote.show``, which sends only what changed; every
word and every choice of what to show is here (pure Python, unit-tested): the view of
:meth:`lab.calc.controller.CalcController.view` mapped onto the page, the solver's and the explorer's
progress lines, and the sentences the page says after a button.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from lab.boardgrid import Grid, board_grid
from lab.calc.controller import STRIP_MIN_CELL, CalcController
from lab.calc.words import even_squares
from lab.calc.render import html_explorer
from lab.jobs import Report, Slot
from lab.pageprops import Props
from lab.views.board import GEOMETRY, LayoutStrip, strip_shapes

#: What a stopped solve says (Stop pressed).
STOPPED = "Stopped."
#: The solver's line before its first report.
SOLVING = "Solving…"
#: The keys that show the strip's cursor (a click hides it).
CURSOR_KEYS = ("Enter", " ", "Home", "End")


def strip_width(n: int) -> int:
    """The least width in CSS px of an ``n``-square strip: long strips scroll sideways instead of shrinking
    (mirrored in calculator.html)."""
    return round((n + GEOMETRY.strip_width) * STRIP_MIN_CELL)


def strip_layout(n: int, scroller: float, canvas: float, height: float) -> LayoutStrip:
    """The strip's layout at the width the canvas will have: its scroller's (else the canvas'), or its least."""
    return LayoutStrip(n, max(1.0, scroller or canvas, float(strip_width(n))), max(1.0, height))


def strip_picture(ctl: CalcController, lay: LayoutStrip, keys_used: bool) -> list[dict[str, Any]]:
    """The strip's shapes (the cursor only after a key moved it) and, beside it, its grid for screen readers."""
    s = ctl.strip
    return strip_shapes(s.n, s.ball, s.stones, lay, cursor=ctl.cursor if keys_used else None,
                        last_move=even_squares(s), rings=ctl.compared()[1])


def strip_grid(ctl: CalcController) -> Grid:
    return board_grid(ctl.strip, cursor=ctl.cursor, past_the_ends=False)


def page_props(v: Mapping[str, Any]) -> Props:
    """The page for the view ``v``: texts, HTML sections, the strip's data attributes, the form's controls.
    After a typing error the typed text stays in the field, to be corrected (no ``value`` for it)."""
    props: Props = {(id_, "textContent"): text for id_, text in v["texts"].items()}
    props.update({(id_, "innerHTML"): markup for id_, markup in v["html"].items()})
    props.update({
        ("disagreement", "hidden"): not v["disagree"], ("marked-note", "hidden"): not v["marked"],
        ("strip", "data-position"): v["position"], ("strip", "data-share"): v["share"],
        ("strip", "data-compare"): v["compare"], ("strip", "data-marks"): " ".join(map(str, v["marks"])),
        ("side-left", "checked"): v["side"] == "L", ("side-right", "checked"): v["side"] == "R",
        ("tool-stone", "checked"): v["tool"] == "stone", ("tool-ball", "checked"): v["tool"] == "ball",
        ("length", "value"): str(v["n"]),
    })
    if not v["error"]:
        props[("position-input", "value")] = v["input"]
    return props


def status_props(running: Sequence[Slot]) -> Props:
    """The exact solver's progress line: hidden when nothing runs, else the first running solve's."""
    props: Props = {("solve-status", "hidden"): not running}
    if running:
        props.update({("solve-text", "textContent"): running[0].text or SOLVING,
                      ("solve-progress", "value"): running[0].progress})
    return props


def explorer_props(run: Slot | None) -> Props:
    """The explorer's controls: its progress while ``run`` runs (its error line cleared), else idle."""
    if run is None:
        return {("explore-status", "hidden"): True, ("explore-run", "disabled"): False}
    return {("explore-status", "hidden"): False, ("explore-run", "disabled"): True, ("explore-error", "textContent"): "",
            ("explore-progress", "value"): run.progress, ("explore-text", "textContent"): run.text}


def explorer_report(r: Report, run: Slot) -> Props:
    """What an explorer's report changes: its error line, its results (done), or its progress."""
    if r.get("error"):
        return {("explore-error", "textContent"): f"The explorer failed: {r['error']}"}
    if r.get("done"):
        return {("explore-results", "innerHTML"): html_explorer(r["result"])}
    return {("explore-progress", "value"): run.progress, ("explore-text", "textContent"): run.text}


def exact_wanted(ctl: CalcController) -> list[dict[str, Any]]:
    """The exact solves the position needs that are too long for an event's handler (run in slices)."""
    return [w for w in ctl.wanted() if not w["direct"]]


def take_report(ctl: CalcController, run: Slot, r: Report) -> None:
    """A solve's report (``run`` took it already): its error, its result (stored), or its progress."""
    if r.get("error"):
        ctl.job_update(run.kind, run.position, "error", r["error"])
    elif r.get("done"):
        ctl.store(r["result"])
    else:
        ctl.job_update(run.kind, run.position, "running", run.text, run.progress)


def explore_length(text: str) -> int | None:
    """The explorer's strip length as typed, or None if it is not a number."""
    try:
        return int(text)
    except ValueError:
        return None


def not_a_length(text: str) -> Props:
    return {("explore-error", "textContent"): f"Not a strip length: {text!r}."}


def open_from_explorer(ctl: CalcController, position: str) -> None:
    """A position the explorer listed, opened (said so, or why it could not be)."""
    if ctl.load_hash(position):
        ctl.message = f"Opened {ctl.share_string()} from the explorer (Back returns to the previous position)."


def link_copied(ctl: CalcController, url: str) -> None:
    """Copy link: the page says the link (copied if the browser allowed it)."""
    ctl.message = f"Link to this position (copied if the browser allows it): {url}"
    ctl.error = ""


def follow_link(ctl: CalcController, fragment: str, shown: str) -> bool:
    """The URL's fragment changed (Back, a link): open its position unless it is the one shown; True if
    the page changed (said why not, when the link cannot be read)."""
    if not fragment or shown == ctl.link_text():
        return False
    ctl.load_link(fragment)
    return True


def key_route(target_id: str, on_cell: bool, modified: bool) -> str:
    """Who answers a key pressed on the page: ``"cell"`` (a cell of the strip's grid, then the strip),
    ``"strip"`` (the strip's canvas), or ``""`` (anything else, or with Ctrl, Meta or Alt)."""
    if modified:
        return ""
    return "cell" if on_cell else "strip" if target_id == "strip" else ""


def shows_cursor(key: str) -> bool:
    """A key that moves or acts at the strip's cursor: the cursor is drawn from then on."""
    return key.startswith("Arrow") or key in CURSOR_KEYS


__all__ = ["CURSOR_KEYS", "SOLVING", "STOPPED", "exact_wanted", "explore_length", "explorer_props",
           "explorer_report", "follow_link", "key_route", "link_copied", "not_a_length", "open_from_explorer",
           "page_props", "shows_cursor", "status_props", "strip_grid", "strip_layout", "strip_picture", "strip_width",
           "take_report"]
