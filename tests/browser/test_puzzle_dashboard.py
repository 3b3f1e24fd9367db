"""Issue 42, "Your puzzles" on the puzzles page: the dashboard drawn from the ledger (solve rate and rating
change by theme and by board as bar charts and tables, the last attempts, the weakest themes), brought up to
date by a solve made here, and *Practise these* pressed from the keyboard; at 1280x800 and 390x844, light
and dark (screenshots in /tmp/dash-*.png)."""

import pytest
from playwright.sync_api import expect

from conftest import Recorder, click_point, seed_saved_start, wait_ready
from lab.puzzledashboard import dashboard
from lab.puzzleledger import read_progress
from lab.puzzles import PuzzleController
from test_puzzles_page import URL, shipped_puzzles, wait_phase

SOLVED_HERE = "deep-11x11-win-1"  # a win in one jump, solved by clicks in the test
#: Attempts already made: two defences shown, a chain missed, one solved; [id, puzzle, at, outcome, hints, rating].
EARLIER = [["00000000000000a1", "deep-9x9-defend-1", "2026-11-27T10:00:00.000Z", "shown", 0, 882],
           ["00000000000000a2", "deep-9x9-defend-2", "2026-11-27T10:01:00.000Z", "shown", 0, 882],
           ["00000000000000a3", "2d-chain-1", "2026-11-27T10:02:00.000Z", "failed", 0, 1002],
           ["00000000000000a4", "2d-chain-2", "2026-11-27T10:03:00.000Z", "failed", 0, 1002],
           ["00000000000000a5", "deep-9x9-win-in-two-1", "2026-11-27T10:04:00.000Z", "clean", 0, 1466]]


@pytest.mark.parametrize("width,height,scheme", [(1280, 800, "light"), (1280, 800, "dark"),
                                                 (390, 844, "light"), (390, 844, "dark")])
def test_the_dashboard_tells_your_attempts_and_practises_your_weakest_themes(browser, server, width, height, scheme):
    ctx = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    try:
        seed_saved_start(ctx, server)
        page = ctx.new_page()
        page.recorder = Recorder(page)
        server.add_page("/dash-seed.html", '<!doctype html><title>seed</title><link rel="icon" href="data:,">')
        page.goto(f"{server.origin}/dash-seed.html")  # the attempts made before, stored first
        page.evaluate("l => localStorage.setItem('phutball.puzzles.v1', JSON.stringify("
                      "{v: 2, start: 1200, earlier: {}, ledger: l, open: [], best_streak: 0, streak: null}))", EARLIER)
        page.goto(f"{server.origin}{URL}#{SOLVED_HERE}")
        wait_ready(page)
        dash = page.locator("#dashboard")
        expect(dash.locator("#dash-summary")).to_contain_text("1 of 5 attempts solved")
        p = shipped_puzzles()[SOLVED_HERE]
        for point in p.main_line[0].split("-"):  # a solve, as a reader makes it: the dashboard follows
            click_point(page, point)
        wait_phase(page, "solved")
        ledger = read_progress(page.evaluate("localStorage.getItem('phutball.puzzles.v1')"))[0].ledger
        puzzles = list(shipped_puzzles().values())
        want = dashboard(ledger, puzzles)
        assert want.attempts == 6 and want.last[0].puzzle == SOLVED_HERE
        expect(dash.locator("#dash-summary")).to_have_text(
            f"2 of 6 attempts solved · your puzzle rating {ledger.rating} ({ledger.rating - 1200:+d} since 1200)"
            .replace("-", "−"))
        expect(dash.locator("#dash-last li").first).to_contain_text(f"{p.title}: solved")
        # by theme and by board: a table (text, for a screen reader) beside each bar chart
        boards = dash.locator("table").nth(1).locator("tbody tr")
        expect(boards).to_have_count(len(want.by_board))
        for n, t in enumerate(want.by_board):
            expect(boards.nth(n)).to_have_text(
                f"{t.label}{t.solved} of {t.attempts}{round(100 * t.rate)} %"
                + (f"+{t.change}" if t.change > 0 else f"−{-t.change}" if t.change < 0 else "±0"))
        assert dash.locator("svg.dash-bars").count() == 2
        expect(dash.locator("#dash-weakest")).to_have_text(", ".join(t.label for t in want.weakest))
        assert {"defend", "chain"} <= {t.key for t in want.weakest}
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider than the screen
        dash.scroll_into_view_if_needed()
        page.locator("#dashboard-title").scroll_into_view_if_needed()
        page.screenshot(path=f"/tmp/dash-{width}x{height}-{scheme}.png")
        # Practise these, from the keyboard: a mix of the weakest themes' unsolved puzzles
        page.locator("#practise").focus()
        page.keyboard.press("Enter")
        ctl = PuzzleController(puzzles, ledger=ledger)
        ctl.practise(tuple(t.key for t in want.weakest))
        page.wait_for_function("id => location.hash === '#' + id", arg=puzzles[ctl.mix[0]].id)
        expect(page.locator("#list-note-text")).to_have_text(f"Practising your weakest themes: {len(ctl.mix)} puzzles")
        ids = page.eval_on_selector_all("#puzzle-groups button.puzzle-item", "bs => bs.map(b => b.dataset.id)")
        assert sorted(ids) == sorted(puzzles[i].id for i in ctl.mix)
        expect(page.locator("#message")).to_contain_text("Practising your weakest themes (")
        assert page.recorder.errors == []
    finally:
        ctx.close()
