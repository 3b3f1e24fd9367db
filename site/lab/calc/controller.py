"""The potential calculator's state and computations, in pure Python (unit-tested); its HTML is :mod:`.render`.

``glue/calc.py`` (the page's glue, run in the page's worker and talking to the page
through ``glue/remote.py``) turns DOM events into calls here and shows what
:meth:`CalcController.view` returns:
texts for elements with fixed ids, HTML for the detail sections, and the strip
to draw.  Nothing here touches the browser, so the whole page logic runs under
pytest.

What the calculator shows for a 1D position (Grossman and Nowakowski,
*One-Dimensional Phutball*, sections 2 and 3):

* the **Oddish board** when every stone lies at an odd distance from the ball
  (else which squares prevent it), with **pL** and **pR**: the running sums
  square by square, psum, bsum, the Kronecker delta and Theorem 1's prediction;
* the **generalized potentials PL and PR**: the strip before and after the
  transformation (ball replaced by its neighbour, odd groups of empty squares
  given a stone) with the changed squares marked, the running sums, the values
  and their prediction;
* the **exact solver's** verdict and every move's outcome (plies), next to the
  predictions, and a flag wherever a prediction and the exact value disagree.

Input: a strip (``L_o*o.o.o....``, ``o*o.o.o....``, the paper's ``○•○·○·○····``)
or an Oddish board (``L_..ooo|ooo....o.``, ``··○○○↓○○○····○·``), read by :mod:`lab.calc.parse`
(which also reads a link's positions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, TypedDict

from lab.calc.jobs import MAX_EXACT_M, MAX_EXACT_N, book_analysis, solve_1d_now, solve_oddish_now, solved_now
from lab.calc.link import LinkError, format_link, parse_link, shorten
from lab.calc.parse import MAX_N, MIN_N, compared_position, error_text, parse_input
from lab.calc.render import html_compare, html_comparison, html_exact, html_general, html_oddish
from lab.calc.words import (Comparison, Exact, difference, even_squares, oddish_move_1d, value_phrase,
                            winner_text)
from phutball.errors import IllegalPositionError, PhutballError
from phutball.oned.oddish import Oddish
from phutball.oned.potential import GeneralPotentials, general_potentials
from phutball.sides import LEFT, RIGHT, side_name
from phutball.oned.strip import Strip

DEFAULT_POSITION = "L_o*o.o.o...."   # the paper's example (1): Left wins
#: CSS px: a strip square's least width on the page (the strip scrolls sideways rather than shrink further):
#: a 16-square strip fits a 390-px phone's 338 px (16 + 2.4 cells, GEOMETRY.strip_width), fingers or not.
STRIP_MIN_CELL = 18
DIRECT_N = 12       # strips solved at once in the event's handler (a few ms in Pyodide); longer ones in slices
DIRECT_M = 12       # Oddish boards solved at once in the event's handler
MAX_RESULTS = 400   # analyses kept (per kind) so going back and forth needs no new solve


# ---------------------------------------------------------------- controller

#: The page's texts in :meth:`CalcController.view` (``texts``), by the name the page shows them under.
CalcTexts = TypedDict("CalcTexts", {
    "pL": str, "pR": str, "PL": str, "PR": str, "theorem1": str, "general-prediction": str, "verdict": str,
    "disagreement": str, "strip-pretty": str, "strip-caption": str, "input-error": str, "edit-message": str,
})
#: The detail sections' HTML in :meth:`CalcController.view` (``html``).
CalcHtml = TypedDict("CalcHtml", {
    "compared": str, "comparison": str, "oddish-content": str, "general-content": str, "exact-content": str,
})


class CalcView(TypedDict):
    """What :meth:`CalcController.view` returns: everything the calculator shows (the glue reads it by key)."""

    position: str
    share: str
    link: str
    compare: str
    marks: list[int]
    input: str
    n: int
    ball: int
    stones: list[int]
    side: str
    cursor: Optional[int]
    tool: str
    marked: list[int]
    oddish: bool
    error: str
    message: str
    texts: CalcTexts
    disagree: bool
    comparisons: list[Comparison]
    exact_1d: Exact
    exact_oddish: Exact
    running: list[str]
    html: CalcHtml



@dataclass
class CalcController:
    """The calculator: the current strip, edits, and everything to show."""

    strip: Strip = field(default_factory=lambda: Strip.from_str(DEFAULT_POSITION))
    oddish_form: bool = False       # typed as an Oddish board (and not edited since): share it that way
    error: str = ""
    message: str = ""
    tool: str = "stone"             # what a click puts on a square: "stone" (toggles) or "ball"
    cursor: Optional[int] = None    # keyboard cursor square
    results: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    jobs: dict[str, Exact] = field(default_factory=dict)   # kind -> worker state for the current position
    other: Optional[Strip] = None   # the position compared with this one (a link's compare=), kept through edits

    # ---------------------------------------------------------------- loading

    @classmethod
    def from_hash(cls, hash_text: str) -> "CalcController":
        """The page's start: the position in the URL hash, or the default (with an error) if it is bad."""
        c = cls()
        if hash_text and hash_text.strip():
            try:
                c.strip, c.oddish_form = parse_input(hash_text, LEFT)
            except PhutballError as e:
                c.error = (f"The link's position {shorten(hash_text)!r} could not be read: {e.reason}. "
                           "Showing the default position instead.")
        return c

    @classmethod
    def from_link(cls, fragment: str) -> "CalcController":
        """The page's start from the URL's raw fragment (still %-encoded, :mod:`lab.calc.link`): its position
        (:meth:`from_hash`) and the position to compare it with, if the link gives one."""
        try:
            link = parse_link(fragment)
        except LinkError as e:
            c = cls()
            c.error = f"{e} Showing the default position instead."
            return c
        c = cls.from_hash(link.position)
        if not c.error:
            other, c.error = compared_position(link)
            c.other = None if other == c.strip else other
        return c

    def load_link(self, fragment: str) -> bool:
        """A hash change, from the raw fragment: its position and the one to compare with (a bad position keeps
        the previous one); True if there is something new to show."""
        try:
            link = parse_link(fragment)
        except LinkError as e:
            self.error = f"{e} The previous position is kept."
            return False
        other, error = compared_position(link)
        opened = self._open(link.position, other)
        if opened is None or not (opened or error):
            return False
        self.error = error
        return True

    def load_text(self, text: str, side: Optional[str] = None) -> bool:
        """Typed input; on error the current position is kept and :attr:`error` says why."""
        try:
            strip, odd = parse_input(text, side or self.strip.to_move)
        except PhutballError as e:
            self.error = error_text(e) + " The previous position is kept."
            return False
        self._set(strip, odd, "Position loaded.", None, keep=False)
        return True

    def load_hash(self, hash_text: str, other: Optional[Strip] = None) -> bool:
        """A link's position (the explorer's, the back button's), compared with ``other`` if it is given."""
        return bool(self._open(hash_text, other))

    def _open(self, text: str, other: Optional[Strip]) -> Optional[bool]:
        """A link's position ``text`` compared with ``other``: True if shown, False if already shown, None if it
        could not be read (:attr:`error` says why, the previous position is kept)."""
        if not text:
            return False
        try:
            strip, odd = parse_input(text, LEFT)
        except PhutballError as e:
            self.error = f"The link's position {shorten(text)!r} could not be read: {e.reason}. The previous position is kept."
            return None
        if other == strip:
            other = None
        if (strip, odd, other) == (self.strip, self.oddish_form, self.other):
            return False
        self._set(strip, odd, "Position opened from the link.", other, keep=False)
        return True

    def _set(self, strip: Strip, oddish_form: bool, message: str, other: Optional[Strip] = None,
             keep: bool = True) -> None:
        """Show ``strip``, compared with ``other``, or (``keep``) with the position compared so far, kept through
        an edit: when the edit gives that position, the one before the edit becomes the one compared."""
        if keep:
            other = self.strip if self.other == strip else self.other
        self.other = None if other == strip else other
        self.strip = strip
        self.oddish_form = oddish_form
        self.error = ""
        self.message = message
        if self.cursor is not None and not 1 <= self.cursor <= strip.n:
            self.cursor = min(strip.n, max(1, self.cursor))
        self.jobs = {}

    def compared(self) -> tuple[str, list[int]]:
        """How the position compared with this one differs from it, in words, and the squares to ring ("", [] for none)."""
        return difference(self.strip, self.other) if self.other else ("", [])

    def link(self) -> str:
        """The URL fragment (%-encoded) that opens this position and the one compared with it."""
        return format_link(self.share_string(), str(self.other) if self.other else "")

    def link_text(self) -> str:
        """:meth:`link` %-decoded, as the page's ``location.hash`` reads once decoded."""
        return self.share_string() + (f"&compare={self.other}" if self.other else "")

    def share_string(self) -> str:
        """The position for the URL hash: the Oddish text if it was typed so, else the strip's."""
        if self.oddish_form:
            try:
                return str(Oddish.from_strip(self.strip))
            except IllegalPositionError:  # pragma: no cover - edits clear oddish_form
                pass
        return str(self.strip)

    # ---------------------------------------------------------------- edits

    def _edit(self, strip: Strip, message: str) -> bool:
        self._set(strip, False, message)
        return True

    def _refuse(self, why: str) -> bool:
        self.error = why
        self.message = ""
        return False

    def set_side(self, side: str) -> bool:
        side = side.upper()[:1]
        if side not in (LEFT, RIGHT) or side == self.strip.to_move:
            return False
        odd = self.oddish_form
        self._set(self.strip.with_to_move(side), odd, f"{side_name(side)} to move.")
        return True

    def set_tool(self, tool: str) -> None:
        if tool in ("stone", "ball"):
            self.tool = tool

    def click(self, square: Optional[int]) -> bool:
        """A click on the strip: toggle a stone, or put the ball there (with the ball tool)."""
        s = self.strip
        if square is None:
            return False
        self.cursor = square if 1 <= square <= s.n else self.cursor
        if not 1 <= square <= s.n:
            return self._refuse("That is past the end of the strip. Use “+ square” to lengthen it.")
        if self.tool == "ball":
            return self.put_ball(square)
        return self.toggle_stone(square)

    def toggle_stone(self, square: int) -> bool:
        s = self.strip
        if not 1 <= square <= s.n:
            return False
        if square == s.ball:
            return self._refuse(f"Square {square} holds the ball. To move the ball, choose “Ball” "
                                "under “Choosing a square puts” (or press B).")
        if square in s.stones:
            return self._edit(Strip(s.n, s.ball, s.stones - {square}, s.to_move), f"Removed the stone on square {square}.")
        return self._edit(Strip(s.n, s.ball, s.stones | {square}, s.to_move), f"Put a stone on square {square}.")

    def clear_square(self, square: int) -> bool:
        if square in self.strip.stones:
            return self.toggle_stone(square)
        return False

    def put_ball(self, square: int) -> bool:
        s = self.strip
        if square == s.ball:
            return False
        if not 2 <= square <= s.n - 1:
            return self._refuse(f"The ball on an end square means the game is over; put it on squares 2 to {s.n - 1}.")
        note = f" (it replaced the stone there)" if square in s.stones else ""
        return self._edit(Strip(s.n, square, s.stones - {square}, s.to_move),
                          f"Moved the ball to square {square}{note}.")

    def set_length(self, n: int | str) -> bool:
        """Make the strip ``n`` squares long (a number, or the Length field's text) by adding or removing squares at the right end."""
        s = self.strip
        try:
            n = int(n)
        except (TypeError, ValueError):
            return self._refuse("The number of squares must be a whole number.")
        if not MIN_N <= n <= MAX_N:
            return self._refuse(f"A strip here has {MIN_N} to {MAX_N} squares.")
        if n == s.n:
            return False
        if s.ball > n - 1:
            return self._refuse(f"The ball is on square {s.ball}; a strip of {n} squares needs it on squares "
                                f"2 to {n - 1}. Move the ball first.")
        stones = frozenset(x for x in s.stones if x <= n)
        lost = len(s.stones) - len(stones)
        note = f"; {lost} stone{'s' if lost != 1 else ''} removed with the squares" if lost else ""
        return self._edit(Strip(n, s.ball, stones, s.to_move), f"The strip has {n} squares{note}.")

    def add_square(self, end: str) -> bool:
        s = self.strip
        if s.n >= MAX_N:
            return self._refuse(f"A strip here has at most {MAX_N} squares.")
        if end == "right":
            return self._edit(Strip(s.n + 1, s.ball, s.stones, s.to_move), "Added an empty square at the right end.")
        return self._edit(Strip(s.n + 1, s.ball + 1, frozenset(x + 1 for x in s.stones), s.to_move),
                          "Added an empty square at the left end.")

    def remove_square(self, end: str) -> bool:
        s = self.strip
        if s.n <= MIN_N:
            return self._refuse(f"A strip has at least {MIN_N} squares.")
        if end == "right":
            if s.ball >= s.n - 1:
                return self._refuse("The ball would end on the last square (the game would be over). "
                                    "Move the ball first.")
            note = " and its stone" if s.n in s.stones else ""
            return self._edit(Strip(s.n - 1, s.ball, s.stones - {s.n}, s.to_move),
                              f"Removed the square at the right end{note}.")
        if s.ball <= 2:
            return self._refuse("The ball would end on the first square (the game would be over). "
                                "Move the ball first.")
        note = " and its stone" if 1 in s.stones else ""
        return self._edit(Strip(s.n - 1, s.ball - 1, frozenset(x - 1 for x in s.stones if x > 1), s.to_move),
                          f"Removed the square at the left end{note}.")

    def clear_stones(self) -> bool:
        s = self.strip
        if not s.stones:
            return False
        return self._edit(Strip(s.n, s.ball, frozenset(), s.to_move), "Removed every stone.")

    def mirror(self) -> bool:
        """The same position seen from the other end (sides swapped): the winner swaps too."""
        m = self.strip.mirror()
        odd = self.oddish_form
        self._set(m, odd, "Mirrored: the strip reversed and the sides swapped.")
        return True

    def key(self, key: str) -> bool:
        """Keyboard on the strip: arrows move the cursor; Space/Enter use the tool; o, b, Delete."""
        s = self.strip
        cur = self.cursor if self.cursor is not None else s.ball
        if key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            if key in ("Home", "End"):
                self.cursor = 1 if key == "Home" else s.n
            elif self.cursor is None:
                self.cursor = s.ball      # the first arrow press shows the cursor on the ball
            else:
                self.cursor = max(1, cur - 1) if key == "ArrowLeft" else min(s.n, cur + 1)
            self.message = f"Square {self.cursor}: " + (
                "the ball" if self.cursor == s.ball else "a stone" if self.cursor in s.stones else "empty")
            self.error = ""
            return True
        if key in ("Enter", " "):
            self.cursor = cur
            return self.click(cur) or True
        if key in ("o", "O", "s", "S"):
            self.cursor = cur
            return self.toggle_stone(cur) or True
        if key in ("b", "B", "*"):
            self.cursor = cur
            return self.put_ball(cur) or True
        if key in ("Delete", "Backspace", "."):
            self.cursor = cur
            return self.clear_square(cur) or True
        return False

    # ---------------------------------------------------------------- exact values

    def _key(self, kind: str) -> str:
        if kind == "oddish":
            return str(Oddish.from_strip(self.strip))
        return str(self.strip)

    def oddish_board(self) -> Optional[Oddish]:
        try:
            return Oddish.from_strip(self.strip)
        except IllegalPositionError:
            return None

    def wanted(self) -> list[dict[str, Any]]:
        """The exact computations the current position needs that are not known yet.

        Each is ``{"kind": "strip"|"oddish", "position": ..., "size": n or m,
        "direct": bool}``; ``direct`` ones are cheap enough for the main thread.
        """
        out = []
        s = self.strip
        held = {k for k, v in self.jobs.items() if v.state in ("stopped", "error")}
        if s.n <= MAX_EXACT_N and ("strip", str(s)) not in self.results and "strip" not in held:
            direct = s.n <= DIRECT_N or book_analysis(s) is not None
            out.append({"kind": "strip", "position": str(s), "size": s.n, "direct": direct})
        board = self.oddish_board()
        if (board is not None and board.m <= MAX_EXACT_M and ("oddish", str(board)) not in self.results
                and "oddish" not in held):
            out.append({"kind": "oddish", "position": str(board), "size": board.m, "direct": board.m <= DIRECT_M})
        return out

    def solve_direct(self) -> bool:
        """Solve the cheap wanted computations here and now, and the compared position if it is cheap too;
        True if anything changed."""
        changed = False
        for w in self.wanted():
            if w["direct"]:
                if w["kind"] == "strip":
                    self.store(solve_1d_now(Strip.from_str(w["position"])))
                else:
                    self.store(solve_oddish_now(Oddish.from_str(w["position"])))
                changed = True
        other = self.other
        if (other is not None and other.n <= MAX_EXACT_N and ("strip", str(other)) not in self.results
                and solved_now(other, DIRECT_N)):
            self.store(solve_1d_now(other))
            changed = True
        return changed

    def solve_all(self) -> None:
        """Solve everything wanted in process (tests, and a CPython user): no worker."""
        from lab.calc.jobs import exact_job
        for w in self.wanted():
            for r in exact_job(w["kind"], w["position"])():
                if r.get("done"):
                    self.store(r["result"])
        self.solve_direct()   # the compared position, its length now solved if it is the same

    def store(self, result: dict[str, Any]) -> None:
        kind = result["kind"]
        key = (kind, result["position"])
        if len(self.results) >= MAX_RESULTS:
            for k in list(self.results)[: MAX_RESULTS // 4]:
                del self.results[k]
        self.results[key] = result
        if self.jobs.get(kind) and key == (kind, self._safe_key(kind)):
            del self.jobs[kind]

    def _safe_key(self, kind: str) -> str:
        try:
            return self._key(kind)
        except IllegalPositionError:
            return ""

    def job_update(self, kind: str, position: str, state: str, text: str = "", progress: float = 0.0) -> bool:
        """The worker's progress on ``position``'s ``kind`` computation (ignored if that is not current)."""
        if position != self._safe_key(kind) or (kind, position) in self.results:
            return False
        self.jobs[kind] = Exact(state, text, None, progress)
        return True

    def solve_again(self) -> None:
        """Forget a stopped or failed computation so that :meth:`wanted` asks for it again."""
        self.jobs = {k: v for k, v in self.jobs.items() if v.state not in ("stopped", "error")}

    def exact(self, kind: str) -> Exact:
        s = self.strip
        if kind == "strip":
            if s.n > MAX_EXACT_N:
                return Exact("too-long", f"The strip has {s.n} squares; the exact solver handles at most "
                                         f"{MAX_EXACT_N}.", short=f"{s.n} squares (at most {MAX_EXACT_N})")
            r = self.results.get(("strip", str(s)))
        else:
            board = self.oddish_board()
            if board is None:
                return Exact("n/a", "Not an Oddish position.")
            if board.m > MAX_EXACT_M:
                return Exact("too-long", f"The Oddish board has {board.m} squares; it is solved exactly up to "
                                         f"{MAX_EXACT_M}.", short=f"{board.m} Oddish squares (at most {MAX_EXACT_M})")
            r = self.results.get(("oddish", str(board)))
        if r is not None:
            return Exact("done", "", r, 1.0)
        return self.jobs.get(kind) or Exact("pending", "Solving…")

    # ---------------------------------------------------------------- view

    def first_paint(self) -> dict[str, str]:
        """What calculator.html shows before the worker has started: the values of its ``CALC_<KEY>`` tokens.

        ``tools/build_site.py`` writes these into the built page (the default
        position's input, strip, caption and length, the length's bounds, and a square's least width),
        so the page's first picture is this controller's own view.
        """
        v = self.view()
        return {"INPUT": v["input"], "POSITION": v["position"], "PRETTY": v["texts"]["strip-pretty"],
                "CAPTION": v["texts"]["strip-caption"], "N": str(v["n"]), "MIN_N": str(MIN_N),
                "MAX_N": str(MAX_N), "MIN_CELL": str(STRIP_MIN_CELL)}

    def view(self) -> CalcView:
        """Everything the page shows, as plain data (and HTML for the detail sections)."""
        s = self.strip
        g = general_potentials(s)
        odd = g.oddish
        ex1 = self.exact("strip")
        exo = self.exact("oddish")
        comparisons = self.comparisons(g, ex1, exo)
        bad = [c for c in comparisons if c["agrees"] is False]
        disagreement = " ".join(c["flag"] for c in bad)
        even = even_squares(s)
        verdict = _verdict_text(ex1, exo, s)
        texts: CalcTexts = {
            "pL": str(odd.pL.value) if odd else "–",
            "pR": str(odd.pR.value) if odd else "–",
            "PL": str(g.PL.value),
            "PR": str(g.PR.value),
            "theorem1": (f"{odd.prediction.rule}: {odd.prediction.text}" if odd else
                         "no Oddish board (stones at even distance)"),
            "general-prediction": f"{g.prediction.rule}: {g.prediction.text}",
            "verdict": verdict,
            "disagreement": disagreement,
            "strip-pretty": s.pretty,
            "strip-caption": (f"{s.n} squares, ball on square {s.ball}, "
                              f"{len(s.stones)} stone{'s' if len(s.stones) != 1 else ''}, "
                              f"{side_name(s.to_move)} to move"),
            "input-error": self.error,
            "edit-message": "" if self.error else self.message,
        }
        running = [k for k in ("strip", "oddish") if self.exact(k).state in ("running", "pending")]
        other = self.other
        said, marks = self.compared()
        return {
            "position": str(s),
            "share": self.share_string(),
            "link": self.link(),
            "compare": str(other) if other else "",
            "marks": marks,
            "input": self.share_string(),
            "n": s.n, "ball": s.ball, "stones": sorted(s.stones), "side": s.to_move,
            "cursor": self.cursor, "tool": self.tool,
            "marked": even,
            "oddish": odd is not None,
            "error": self.error,
            "message": self.message,
            "texts": texts,
            "disagree": bool(bad),
            "comparisons": comparisons,
            "exact_1d": ex1, "exact_oddish": exo,
            "running": running,
            "html": {
                "compared": html_compare(other, said, marks, format_link(str(other), self.share_string()),
                                        self.results.get(("strip", str(other)))) if other else "",
                "comparison": html_comparison(comparisons),
                "oddish-content": html_oddish(s, g, exo),
                "general-content": html_general(g),
                "exact-content": html_exact(s, ex1),
            },
        }

    def comparisons(self, g: GeneralPotentials, ex1: Exact, exo: Exact) -> list[Comparison]:
        """Each prediction next to each exact value it can be checked against."""
        s = self.strip
        rows: list[Comparison] = []
        odd = g.oddish
        if odd is not None:
            rows.append(_compare("theorem1-oddish", "Theorem 1", f"pL = {odd.pL.value}, pR = {odd.pR.value}",
                                 odd.prediction.winner, "Oddish play", exo, s.to_move))
            rows.append(_compare("theorem1-1d", "Theorem 1", f"pL = {odd.pL.value}, pR = {odd.pR.value}",
                                 odd.prediction.winner, "1D play", ex1, s.to_move))
        rows.append(_compare("general-1d", "Generalized potential", f"PL = {g.PL.value}, PR = {g.PR.value}",
                             g.prediction.winner, "1D play", ex1, s.to_move))
        return rows


def _verdict_text(ex1: Exact, exo: Exact, strip: Strip) -> str:
    if ex1.state in ("running", "pending"):
        return "Solving…"
    for ex, what in ((ex1, "exact solver"), (exo, "exact Oddish solver")):
        if ex.state == "done":
            r = ex.result or {}
            phrase = value_phrase(r["value"], r["plies"], r["to_move"])
            wins = [m["move"] for m in r["moves"] if m["value"] == "win"]
            if r["kind"] == "oddish":
                wins = [oddish_move_1d(m, strip) for m in wins]
            if wins:
                best = ", ".join(wins[:6]) + (" …" if len(wins) > 6 else "")
                tail = f" Winning move{'s' if len(wins) > 1 else ''}: {best}."
            else:
                tail = ""
            where = "" if what == "exact solver" else " (Oddish play: stones only at odd distance)"
            return f"{winner_text(r['winner'])}: {phrase}{where}.{tail}"
    if exo.state in ("running", "pending"):
        return "Solving…"
    if ex1.state == "stopped" or exo.state == "stopped":
        return "Stopped: no exact value."
    if ex1.state == "error":
        return f"The solver failed: {ex1.text}"
    return ex1.text or "No exact value."


def _compare(id_: str, name: str, values: str, predicted: Optional[str], game: str, ex: Exact,
             to_move: str) -> Comparison:
    row: Comparison = {"id": id_, "name": name, "values": values, "predicted": predicted,
                       "predicted_text": winner_text(predicted), "game": game, "agrees": None,
                       "exact_text": "", "flag": ""}
    if ex.state == "done":
        r = ex.result or {}
        w = r["winner"]
        row["exact_text"] = f"{winner_text(w)} ({value_phrase(r['value'], r['plies'], r['to_move'])})"
        row["agrees"] = w == predicted
        if w != predicted:
            if id_ == "general-1d":
                row["flag"] = (f"The generalized potential is wrong here: {values} predicts "
                               f"{winner_text(predicted)}, but the exact solver says {winner_text(w)} "
                               f"({value_phrase(r['value'], r['plies'], r['to_move'])}).")
            elif id_ == "theorem1-1d":
                row["flag"] = (f"In unrestricted 1D play Theorem 1's prediction ({winner_text(predicted)}) "
                               f"fails: {winner_text(w)}. (Theorem 1 is about Oddish play, where stones go only "
                               "at odd distance from the ball.)")
            else:
                row["flag"] = (f"Theorem 1 predicts {winner_text(predicted)} but the Oddish solver says "
                               f"{winner_text(w)}: this would contradict the theorem!")
    elif ex.state == "too-long":
        row["exact_text"] = "not solved: " + ex.short
    elif ex.state == "stopped":
        row["exact_text"] = "stopped"
    elif ex.state == "error":
        row["exact_text"] = "solver error: " + ex.text
    elif ex.state == "n/a":
        row["exact_text"] = ex.text
    else:
        row["exact_text"] = "solving…"
    return row
