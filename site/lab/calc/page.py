"""What the calculator page shows, as element properties: ``{(element id, property): value}``.

The glue (``glue/calc.py``) hands these to ``glue.remote.show``, which sends only what changed; every
word and every choice of what to show is here (pure Python, unit-tested): the view of
:meth:`lab.calc.controller.CalcController.view` mapped onto the page, the solver's and the explorer's
progress lines, and the sentences the page says after a button.  :class:`CalcPage` does what each of the
page's events does and answers what the page shows again (:data:`REDRAWS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

from lab.boardgrid import Grid, board_grid
from lab.calc.controller import STRIP_MIN_CELL, CalcController
from lab.calc.words import even_squares
from lab.calc.render import html_explorer
from lab.jobs import Report, Slot, Slots, error_text
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


#: What the page shows again after an event, as :class:`CalcPage` answers: ``"changed"`` (a new position:
#: solved, shown, its exact values asked for), ``"render"`` (the page), ``"draw"`` (the strip), ``"status"``
#: (the solver's line), ``"explored"`` (a position the explorer listed: changed, then shown in view), ``""``
#: (nothing).
REDRAWS = ("changed", "render", "draw", "status", "explored", "")
#: The buttons beside the strip: what each does to the position (the page then shows the change).
BUTTONS: dict[str, Callable[[CalcController], object]] = {
    "add-left": lambda ctl: ctl.add_square("left"), "remove-left": lambda ctl: ctl.remove_square("left"),
    "add-right": lambda ctl: ctl.add_square("right"), "remove-right": lambda ctl: ctl.remove_square("right"),
    "clear": CalcController.clear_stones, "mirror": CalcController.mirror}


class Box(Protocol):
    """An element's box in the page, in CSS px (``getBoundingClientRect``; read only)."""

    @property
    def left(self) -> float: ...
    @property
    def top(self) -> float: ...
    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...


@dataclass
class CalcPage:
    """The calculator page: its controller, whether keys show the strip's cursor (``keyboard["used"]``, shared
    with the grid's binder), the exact solves run in slices (one per kind) and the explorer's one run.  Each
    method does what an event does and answers what the page shows again (:data:`REDRAWS`)."""

    ctl: CalcController = field(default_factory=CalcController)
    keyboard: dict[str, bool] = field(default_factory=lambda: {"used": False})
    jobs: Slots = field(default_factory=Slots)
    explorer: Slots = field(default_factory=Slots)

    def props(self) -> Props:
        """The page for the controller's view, and the solver's line."""
        return {**page_props(self.ctl.view()), **self.status()}

    def status(self) -> Props:
        return status_props(self.jobs.running())

    # ------------------------------------------------------------ the position's events

    def submit(self, text: str, right: bool) -> str:
        """The position typed in, with the side to move chosen."""
        self.ctl.load_text(text, "R" if right else "L")
        return "changed"

    def side(self, side: str) -> str:
        return "changed" if self.ctl.set_side(side) else ""

    def tool(self, tool: str) -> str:
        self.ctl.set_tool(tool)
        return "render"

    def length(self, text: str) -> str:
        self.ctl.set_length(text)
        return "changed"

    def button(self, act: Callable[[CalcController], object]) -> str:
        """A button of :data:`BUTTONS`."""
        act(self.ctl)
        return "changed"

    def press(self, button: int, x: float, y: float, box: Box, shown: LayoutStrip) -> str:
        """A press of the pointer's ``button`` at (x, y) in the page: the primary button on the canvas' ``box``
        (the strip as it was shown when pressed; ``shown``, the layout drawn, when the box is unknown) clicks
        its square, the cursor hidden."""
        if button != 0:
            return ""
        self.keyboard["used"] = False
        lay = LayoutStrip(self.ctl.strip.n, box.width, box.height) if box.width > 0 else shown
        return self.click(lay.hit(float(x - box.left), float(y - box.top)))

    def click(self, square: int | None) -> str:
        """A square of the strip clicked, or Enter/Space on its grid's cell (None: beside the strip)."""
        if square is None:
            return ""
        self.ctl.click(square)
        return "changed"

    def cursor(self, square: int) -> str:
        """The grid's focus moved: the cursor follows it."""
        self.ctl.cursor = square
        return "draw"

    def strip_key(self, key: str) -> str:
        """A key on the strip (a cursor key shows the cursor from then on)."""
        self.keyboard["used"] |= shows_cursor(key)
        return "changed" if self.ctl.key(key) else ""

    def blur(self) -> str:
        """The strip lost the focus: its cursor is hidden."""
        self.keyboard["used"] = False
        return "draw"

    def copy_link(self, href: str) -> str:
        """*Copy link*: the position's link (said on the page); the glue copies it."""
        url = href.split("#")[0] + "#" + self.ctl.link()
        link_copied(self.ctl, url)
        return url

    def hash_changed(self, fragment: str, shown: str) -> str:
        return "changed" if follow_link(self.ctl, fragment, shown) else ""

    # ------------------------------------------------------------ exact values, in slices

    def exact_needed(self) -> list[Slot]:
        """The exact solves the position needs that are too long for a handler: each shares the running solve
        of its size, or replaces it; the new ones (the glue runs them in slices)."""
        new = []
        for w in exact_wanted(self.ctl):
            run = self.jobs.sharing(w["kind"], w["size"])
            if run is None:
                run = self.jobs.replace(w["kind"], position=w["position"], size=w["size"])
                new.append(run)
            self.ctl.job_update(w["kind"], w["position"], "running", run.text, run.progress)
        return new

    def exact_report(self, run: Slot, r: Report) -> Props:
        """A solve's report: taken, and the solver's line."""
        run.report(r)
        take_report(self.ctl, run, r)
        return self.status()

    def exact_failed(self, run: Slot, e: Exception) -> None:
        """A solve failed (a bug): said on the page, never "Solving…" for ever."""
        self.ctl.job_update(run.kind, run.position, "error", error_text(e))

    def exact_ended(self, run: Slot) -> str:
        """A solve ended: the page shows its values, unless a newer solve replaced it or it was stopped."""
        run.done = True
        if not self.jobs.is_current(run):
            return ""
        return "status" if run.cancel else "changed"  # changed: the position may have changed meanwhile

    def stop(self) -> str:
        """*Stop*: every solve cancelled, said so."""
        for run in self.jobs.cancel_all():
            self.ctl.job_update(run.kind, run.position, "stopped", STOPPED)
        return "render"

    def solve_again(self, target_id: str) -> str:
        """A click in the exact values: its *Solve again* button solves again."""
        if target_id != "solve-again":
            return ""
        self.ctl.solve_again()
        return "changed"

    # ------------------------------------------------------------ the explorer

    def explore(self, text: str) -> tuple[Slot | None, Props]:
        """*Explore* the strips of the length typed: its run (the glue runs it in slices) and its lines, or
        why not."""
        n = explore_length(text)
        if n is None:
            return None, not_a_length(text)
        run = self.explorer.replace("explore", size=n)
        return run, explorer_props(run)

    def explore_report(self, run: Slot, r: Report) -> Props:
        run.report(r)
        return explorer_report(r, run)

    def explore_ended(self, run: Slot) -> Props:
        run.done = True
        return explorer_props(None) if self.explorer.is_current(run) else {}

    def explore_stop(self) -> Props:
        return explorer_props(None) if self.explorer.cancel_all() else {}

    def open_explored(self, position: str | None) -> str:
        """A listed position clicked (its ``data-position``): opened here."""
        if not position:
            return ""
        open_from_explorer(self.ctl, position)
        return "explored"


__all__ = ["BUTTONS", "Box", "CURSOR_KEYS", "CalcPage", "REDRAWS", "SOLVING", "STOPPED", "exact_wanted", "explore_length",
           "explorer_props", "explorer_report", "follow_link", "key_route", "link_copied", "not_a_length",
           "open_from_explorer", "page_props", "shows_cursor", "status_props", "strip_grid", "strip_layout",
           "strip_picture", "strip_width", "take_report"]
