"""The puzzle dashboard, "Your puzzles" (issue 42): what the reader's attempts say, from the ledger alone
(pure Python, unit-tested; the page draws :func:`dashboard_html`).

* **by theme and by board**: for each theme (:mod:`phutball.puzzles.themes`) and each board
  (:func:`lab.puzzlewords.board_words`) of the puzzles tried, the attempts, the solves (``clean`` or
  ``hints``, the ledger's :attr:`lab.puzzleledger.Attempt.solved`) and the rating change those attempts
  made (the ledger's replay, :attr:`lab.puzzleledger.PuzzleLedger.changes`: only a puzzle's first
  attempt moves it);
* **your last attempts**, newest first, each with how it ended and its rating change;
* **your weakest themes** (:func:`weakest_themes`), as lichess's "improvement areas": the themes tried at
  least :data:`MIN_TRIES` times whose solve rate is under one, lowest rate first (then the larger
  loss), at most :data:`WEAKEST`; the page's *Practise these* starts a mix of their puzzles
  (:meth:`lab.puzzles.PuzzleController.practise`).

An attempt at a puzzle no longer shipped (removed as a near-copy, say) counts in the totals and the
last attempts, named by its id, and in no theme or board.  Drawn as small SVG bar charts (the solve
rate), each beside a table that says the same in text, for a screen reader and a keyboard.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable, Sequence

from lab.puzzleledger import Attempt, PuzzleLedger
from lab.puzzlewords import board_words
from phutball.puzzles.puzzle import Puzzle
from phutball.puzzles.themes import THEME_NAMES, puzzle_themes

__all__ = ["Dashboard", "LastAttempt", "MIN_TRIES", "OUTCOME_WORDS", "Tally", "WEAKEST", "bars_svg", "dashboard",
           "dashboard_html", "weakest_themes"]

#: A theme counts among the weakest only once tried this many times.
MIN_TRIES = 2
#: At most this many weakest themes.
WEAKEST = 3
#: How many last attempts the dashboard lists.
LAST = 8
#: How an attempt ended, in words (the ledger's outcomes).
OUTCOME_WORDS = {"clean": "solved", "hints": "solved with hints", "shown": "solution shown", "failed": "missed"}


@dataclass(frozen=True)
class Tally:
    """One row of a breakdown: a theme or a board, its attempts, solves and rating change."""

    key: str        # the theme's id, or the board ("9x9", "Strip")
    label: str      # in words
    attempts: int
    solved: int
    change: int     # the rating points those attempts moved

    @property
    def rate(self) -> float:
        """The share of the attempts that were solves (0 .. 1)."""
        return self.solved / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class LastAttempt:
    """One of the last attempts: the puzzle (id and title), when, how it ended, its rating change."""

    puzzle: str
    title: str
    at: str
    outcome: str
    change: int


@dataclass(frozen=True)
class Dashboard:
    """Everything "Your puzzles" shows (:func:`dashboard`)."""

    attempts: int
    solved: int
    start: int
    rating: int
    by_theme: tuple[Tally, ...]
    by_board: tuple[Tally, ...]
    last: tuple[LastAttempt, ...]
    weakest: tuple[Tally, ...]


def _tallies(rows: dict[str, list[tuple[Attempt, int]]], label: Callable[[str], str]) -> tuple[Tally, ...]:
    return tuple(Tally(k, label(k), len(v), sum(a.solved for a, _ in v), sum(c for _, c in v))
                 for k, v in rows.items())


def weakest_themes(by_theme: Sequence[Tally], at_least: int = MIN_TRIES, most: int = WEAKEST) -> tuple[Tally, ...]:
    """The reader's weakest themes (see the module's doc): tried ``at_least`` times, not always solved, the
    lowest solve rate first, then the larger rating loss, then the name."""
    weak = [t for t in by_theme if t.attempts >= at_least and t.solved < t.attempts]
    return tuple(sorted(weak, key=lambda t: (t.rate, t.change, t.label))[:most])


def dashboard(ledger: PuzzleLedger, puzzles: Sequence[Puzzle],
              themes_of: Callable[[Puzzle], tuple[str, ...]] | None = None, last: int = LAST) -> Dashboard:
    """What the ledger's attempts say, by theme and by board (see the module's doc); ``themes_of`` gives a
    puzzle's themes (by default :func:`phutball.puzzles.themes.puzzle_themes`; the page passes its cache)."""
    themes = themes_of or puzzle_themes
    by_id = {p.id: p for p in puzzles}
    by_theme: dict[str, list[tuple[Attempt, int]]] = {}
    by_board: dict[str, list[tuple[Attempt, int]]] = {}
    for a, c in zip(ledger.records, ledger.changes):
        p = by_id.get(a.puzzle)
        if p is None:
            continue
        for t in themes(p):
            by_theme.setdefault(t, []).append((a, c))
        by_board.setdefault(board_words(p.position), []).append((a, c))
    theme_rows = tuple(sorted(_tallies(by_theme, lambda k: THEME_NAMES.get(k, k)), key=lambda t: (-t.attempts, t.label)))
    board_rows = tuple(sorted(_tallies(by_board, lambda k: k if k == "Strip" else f"{k} board"),
                              key=lambda t: (-t.attempts, t.label)))
    recent = tuple(LastAttempt(a.puzzle, by_id[a.puzzle].title if a.puzzle in by_id else
                               f"{a.puzzle} (no longer in the collection)", a.at, a.outcome, c)
                   for a, c in list(zip(ledger.records, ledger.changes))[::-1][:last])
    return Dashboard(len(ledger.records), sum(a.solved for a in ledger.records), ledger.start, ledger.rating,
                     theme_rows, board_rows, recent, weakest_themes(theme_rows))


# ---------------------------------------------------------------- drawing


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


def bars_svg(rows: Sequence[Tally], title: str) -> str:
    """A small bar chart of the rows' solve rates (a bar per row, 0 to 100 %), for the eye: the table beside
    it says the same in text, so the picture is hidden from screen readers (``aria-hidden``)."""
    row_h, label_w, bar_w, text_w = 22, 130, 160, 120
    width, height = label_w + bar_w + text_w, row_h * len(rows) + 4
    parts = [f'<svg class="dash-bars" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'aria-hidden="true" focusable="false" data-title="{escape(title)}">']
    for n, t in enumerate(rows):
        y = 2 + n * row_h
        filled = round(bar_w * t.rate)
        parts.append(f'<text x="{label_w - 6}" y="{y + 15}" text-anchor="end" class="dash-label">{escape(t.label)}</text>'
                     f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="{row_h - 8}" class="dash-track"/>'
                     f'<rect x="{label_w}" y="{y + 3}" width="{filled}" height="{row_h - 8}" class="dash-bar" '
                     f'data-rate="{t.rate:.3f}"/>'
                     f'<text x="{label_w + bar_w + 6}" y="{y + 15}" class="dash-value">{round(100 * t.rate)} % · '
                     f'{_signed(t.change)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _table(rows: Sequence[Tally], what: str, caption: str) -> str:
    body = "".join(f"<tr><th scope=\"row\">{escape(t.label)}</th><td>{t.solved} of {t.attempts}</td>"
                   f"<td>{round(100 * t.rate)} %</td><td>{_signed(t.change)}</td></tr>" for t in rows)
    return (f'<table class="dash-table small"><caption>{escape(caption)}</caption><thead><tr><th scope="col">{what}</th>'
            '<th scope="col">Solved</th><th scope="col">Solve rate</th><th scope="col">Rating change</th></tr></thead>'
            f"<tbody>{body}</tbody></table>")


def dashboard_html(d: Dashboard) -> str:
    """"Your puzzles": the totals, by theme and by board (a bar chart and a table each), the weakest themes
    with *Practise these* (its ``data-themes`` the theme ids, comma-separated), the last attempts."""
    if not d.attempts:
        return ('<p class="small" id="dash-empty">No attempts yet: solve a puzzle and this shows your solve rate '
                "and rating change by theme and by board, and your weakest themes to practise.</p>")
    head = (f'<p id="dash-summary">{d.solved} of {d.attempts} attempts solved · your puzzle rating {d.rating} '
            f"({_signed(d.rating - d.start)} since {d.start})</p>")
    if d.weakest:
        names = ", ".join(t.label for t in d.weakest)
        weak = (f'<div class="dash-weak"><h3>Your weakest themes</h3><p id="dash-weakest">{escape(names)}</p>'
                f'<button type="button" id="practise" data-themes="{escape(",".join(t.key for t in d.weakest))}">'
                "Practise these</button></div>")
    else:
        weak = (f'<p class="small" id="dash-weakest">No weak theme yet: a theme shows here once you have tried it '
                f"{MIN_TRIES} times and missed one.</p>")
    charts = "".join(f'<div class="dash-chart"><h3>{title}</h3>{bars_svg(rows, title)}'
                     f"{_table(rows, what, f'{title}: solved, solve rate and rating change')}</div>"
                     for title, what, rows in (("By theme", "Theme", d.by_theme), ("By board", "Board", d.by_board)))
    items = "".join(f'<li><a href="#{escape(a.puzzle)}">{escape(a.title)}</a>: {OUTCOME_WORDS[a.outcome]}'
                    f"{'' if not a.change else ', ' + _signed(a.change)}</li>" for a in d.last)
    last = f'<div class="dash-last"><h3>Your last attempts</h3><ol id="dash-last" class="small">{items}</ol></div>'
    return head + weak + f'<div class="dash-charts">{charts}</div>' + last
