"""The streak embed (``data-puzzle="streak"``, issue 27) on a phone's page, in one page load and a reload.

The page's streak (lab.puzzlestreak's StreakPlay) runs in a 320 px frame: a puzzle solved with the listed solution,
entered by clicks, counts one; a mistake on the next ends the streak; a reload keeps the best. Every control
of the frame stays inside it.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from conftest import READY_TIMEOUT, Recorder, enter_move, own_input_devices, seed_saved_start
from lab.embedstreak import STREAK_KEY
from lab.puzzles import PuzzleController
from lab.puzzlestreak import streak_order
from lab.puzzlerating import START, elo_update, puzzle_rating
from phutball.game import parse_any_position
from test_puzzles_page import shipped_puzzles, streak_seed

STREAK_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Keep going</title><link rel="icon" href="data:,"><script src="./embed.js"></script></head>
<body style="margin: 8px">
<p>How many can you solve in a row?</p>
<div style="width: 320px"><div class="phutball" id="streak" data-puzzle="streak">A streak of puzzles</div></div>
</body></html>
"""
#: Every control shown in the frame (buttons, the link) and its lines of text, inside the frame's box.
OUTSIDE = """() => {
    const w = document.documentElement.clientWidth, h = document.documentElement.clientHeight;
    const shown = [...document.querySelectorAll('button, a, #streak-count, #task, #status')]
        .filter(e => e.getClientRects().length);
    const out = shown.filter(e => { const r = e.getBoundingClientRect();
        return r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5; });
    return {width: w, buttons: shown.filter(e => e.matches('button')).map(e => e.id),
            outside: out.map(e => e.id)};
}"""


def fits(frame, buttons: set[str]) -> None:
    got = frame.locator("html").evaluate(OUTSIDE)
    assert got["width"] == 320 and got["outside"] == [], got
    assert buttons <= set(got["buttons"]), got


def test_a_streak_embed_counts_a_solve_ends_at_a_mistake_keeps_the_best_and_fits_320_px(browser, server):
    puzzles = list(shipped_puzzles().values())
    seed = streak_seed()  # its streak opens with 2D puzzles of one move
    first, second = (puzzles[i] for i in streak_order(puzzles, seed)[:2])
    server.add_page("/streak-course.html", STREAK_PAGE)
    server.add_page("/streak-seed.html", '<!doctype html><title>seed</title><link rel="icon" href="data:,">')
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        seed_saved_start(ctx, server)
        page = ctx.new_page()
        page.recorder = Recorder(page)
        own_input_devices(page)
        page.goto(f"{server.origin}/streak-seed.html")  # a stored streak of a known order (no engine here)
        page.evaluate("([k, s]) => localStorage.setItem(k, JSON.stringify({v: 1, best_streak: 0, "
                      "streak: {seed: s, count: 0}}))", [STREAK_KEY, seed])
        page.goto(f"{server.origin}/streak-course.html")
        frame = page.frame_locator("#streak iframe")
        frame.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
        board, count, status = frame.locator("#board"), frame.locator("#streak-count"), frame.locator("#status")
        expect(board).to_have_attribute("data-position", str(first.start))
        expect(count).to_have_text("Streak: 0 · best 0")
        expect(frame.locator("#task")).to_have_text(PuzzleController([first]).task_prompt())
        expect(frame.locator("#streak-next")).to_be_disabled()  # no skipping
        fits(frame, {"streak-next", "solution", "pfinish", "step-prev", "step-next"})
        assert frame.locator("#hint").is_hidden() and frame.locator("#retry").is_hidden()  # no hints in a streak

        enter_move(frame, first.main_line[0], finish="#pfinish")  # the listed solution
        expect(board).to_have_attribute("data-phase", "solved")
        expect(count).to_have_text("Streak: 1 · best 1")
        expect(status).to_contain_text("Solved")
        frame.locator("#streak-next").click()
        expect(board).to_have_attribute("data-position", str(second.start))
        expect(count).to_have_text("Streak: 1 · best 1")

        pos = str(second.start)
        wrong = next(str(p) for p in second.start.placements()
                     if not second.task.judge_2d(pos, str(p))["ok"])
        enter_move(frame, wrong, finish="#pfinish")  # a mistake: refuted on the board, the streak is over
        expect(board).to_have_attribute("data-phase", "wrong", timeout=60_000)
        expect(count).to_have_text("Streak over · best 1")
        expect(status).to_contain_text("✗")
        expect(frame.locator("#streak-again")).to_be_visible()
        assert frame.locator("#streak-next").is_hidden()
        fits(frame, {"streak-again", "solution", "pfinish", "step-prev", "step-next"})
        stored = json.loads(page.evaluate("k => localStorage.getItem(k)", STREAK_KEY))
        assert stored["best_streak"] == 1 and stored["streak"] is None
        # issue 42: the frame's attempts, in the puzzles page's ledger format, join the reader's puzzle rating
        assert [(a[1], a[3]) for a in stored["ledger"]] == [(first.id, "clean"), (second.id, "failed")]
        lab = ctx.new_page()
        lab.goto(f"{server.origin}/puzzles.html")
        lab.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
        rating = elo_update(elo_update(START, puzzle_rating(first), True), puzzle_rating(second), False)
        expect(lab.locator("#rating")).to_have_text(f"Your puzzle rating: {rating}")
        lab.close()

        page.reload()  # a new streak begins, the best is kept
        frame.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
        expect(count).to_have_text("Streak: 0 · best 1")
        expect(frame.locator("#streak-next")).to_be_visible()
        assert parse_any_position(board.get_attribute("data-position"))  # a puzzle of the new run is shown
        assert page.locator("#streak iframe").bounding_box()["width"] == 320
        assert page.recorder.errors == []
        assert [u for u in page.recorder.requests if not u.startswith((server.origin + "/", "data:", "blob:"))] == []
    finally:
        ctx.close()
