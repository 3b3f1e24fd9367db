"""Issue 42 on the puzzles page: a hint costs rating points, a revealed solution is a failure, and each
attempt counts once (a reload, a second tab)."""

import json

import pytest

from playwright.sync_api import expect

from conftest import Recorder, click_point, own_input_devices, wait_ready
from lab.puzzlerating import START, elo_update, puzzle_rating
from test_puzzles_page import URL, list_ids, open_puzzle, shipped_puzzles, wait_phase

HINTED = "2d-chain-1"         # solved here after one hint
REVEALED = "deep-11x11-win-1"  # its solution shown here


def play_the_solution(page, pid: str) -> None:
    for point in shipped_puzzles()[pid].main_line[0].split("-"):
        click_point(page, point)
    wait_phase(page, "solved")


def stored(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('phutball.puzzles.v1')"))


def test_a_hint_assisted_solve_gains_at_most_half_and_a_revealed_solution_is_a_failure(page, server):
    rating = page.locator("#rating")
    open_puzzle(page, server, HINTED)
    expect(rating).to_have_text(f"Your puzzle rating: {START}")
    assert "costs rating points" in page.get_attribute("#hint", "title")
    page.click("#hint")
    expect(page.locator("#message")).to_contain_text("What it costs: a solve now gains at most half of a clean "
                                                     "solve's rating points; a third hint counts as a miss.")
    play_the_solution(page, HINTED)
    clean = elo_update(START, puzzle_rating(shipped_puzzles()[HINTED]), True) - START
    hinted = START + clean // 2
    assert 0 <= hinted - START <= clean / 2 and clean > 0
    expect(page.locator("#message")).to_contain_text(
        f"Your puzzle rating: {hinted} ({hinted - START:+d}; solved after 1 hint, where a clean solve gains +{clean}).")
    expect(rating).to_have_text(f"Your puzzle rating: {hinted}")
    assert "✓ solved" in page.inner_text("#puzzle-meta")

    open_puzzle(page, server, REVEALED)
    page.click("#solution")
    after = elo_update(hinted, puzzle_rating(shipped_puzzles()[REVEALED]), False)
    assert after < hinted
    expect(page.locator("#message")).to_contain_text(
        f"Your puzzle rating: {after} ({after - hinted:+d}). The puzzle is listed under Replay my failed puzzles.")
    expect(rating).to_have_text(f"Your puzzle rating: {after}")
    expect(page.locator("#replay-failed")).to_have_text("Replay my failed puzzles (1)")
    wait_phase(page, "solution")
    page.click("#replay-failed")
    page.wait_for_function("id => location.hash === '#' + id", arg=REVEALED)
    assert list_ids(page) == [REVEALED]

    page.reload()  # the rating is the replay of the stored attempts: nothing counted again
    wait_ready(page)
    expect(rating).to_have_text(f"Your puzzle rating: {after}")
    expect(page.locator("#replay-failed")).to_have_text("Replay my failed puzzles (1)")
    ledger = stored(page)["ledger"]
    assert [(a[1], a[3], a[4]) for a in ledger] == [(HINTED, "hints", 1), (REVEALED, "shown", 0)]
    assert page.recorder.errors == []


@pytest.mark.slow
def test_a_second_tab_hears_of_the_first_ones_attempts_and_each_counts_once(context, server):
    one, two = context.new_page(), context.new_page()
    for tab in (one, two):
        tab.recorder = Recorder(tab)
        own_input_devices(tab)
    open_puzzle(one, server, HINTED)
    two.goto(f"{server.origin}{URL}#{REVEALED}")
    wait_ready(two)
    two.click("#solution")  # a failure, in the second tab
    after = elo_update(START, puzzle_rating(shipped_puzzles()[REVEALED]), False)
    expect(two.locator("#rating")).to_have_text(f"Your puzzle rating: {after}")
    expect(one.locator("#rating")).to_have_text(f"Your puzzle rating: {after}")  # no reload: the storage event
    expect(one.locator("#replay-failed")).to_have_text("Replay my failed puzzles (1)")
    play_the_solution(one, HINTED)  # a clean solve, in the first tab, from the rating after the failure
    both = elo_update(after, puzzle_rating(shipped_puzzles()[HINTED]), True)
    expect(one.locator("#rating")).to_have_text(f"Your puzzle rating: {both}")
    expect(two.locator("#rating")).to_have_text(f"Your puzzle rating: {both}")
    ledger = stored(two)["ledger"]
    assert sorted((a[1], a[3]) for a in ledger) == sorted([(REVEALED, "shown"), (HINTED, "clean")])
    two.reload()
    wait_ready(two)
    expect(two.locator("#rating")).to_have_text(f"Your puzzle rating: {both}")
    assert one.recorder.errors == [] and two.recorder.errors == []


def test_before_the_engine_is_ready_the_page_draws_the_first_puzzle_the_ledger_leaves_unsolved(page, server):
    from conftest import hold_the_engine
    page.goto(f"{server.origin}{URL}")
    wait_ready(page)
    ids = list_ids(page)
    solved_then = {"v": 2, "start": START, "earlier": {ids[0]: [True, 1], ids[2]: [False, 1]},
                   "ledger": [["00000000000000a1", ids[1], "2026-11-27T17:00:00.000Z", "hints", 2, 900],
                              ["00000000000000a2", ids[2], "2026-11-27T17:01:00.000Z", "shown", 0, 900]],
                   "open": [], "best_streak": 0, "streak": None}
    page.evaluate("v => localStorage.setItem('phutball.puzzles.v1', v)", json.dumps(solved_then))
    release = hold_the_engine(page)
    page.goto("about:blank")  # a new document, not a new hash
    page.goto(f"{server.origin}{URL}")
    title = shipped_puzzles()[ids[2]].title  # solved ones are skipped; a revealed one is not solved
    expect(page.locator("#puzzle-title")).to_have_text(title)
    release()
    wait_ready(page)
    expect(page.locator("#puzzle-title")).to_have_text(title)  # the page's Python opens the same one
    assert page.recorder.errors == []


def test_a_refused_write_is_said_and_the_attempts_stay_on_the_page(page, server):
    page.add_init_script("""(() => {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
            if (k === 'phutball.puzzles.v1') throw new DOMException('full', 'QuotaExceededError');
            return setItem.call(this, k, v);
        };
    })()""")
    open_puzzle(page, server, REVEALED)
    page.click("#solution")
    expect(page.locator("#message")).to_contain_text("This browser refused to save your puzzle progress")
    expect(page.locator("#message")).to_contain_text("The solution: ")  # what the page was saying stays
    after = elo_update(START, puzzle_rating(shipped_puzzles()[REVEALED]), False)
    expect(page.locator("#rating")).to_have_text(f"Your puzzle rating: {after}")  # kept on the page
    expect(page.locator("#replay-failed")).to_have_text("Replay my failed puzzles (1)")
    assert page.evaluate("localStorage.getItem('phutball.puzzles.v1')") is None
