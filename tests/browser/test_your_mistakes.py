"""Issue 42, "learn from your mistakes", in headless Chromium as a player meets it: a game reviewed on the
play page, its blunder listed under Your mistakes on the puzzles page, refuted on the board when played
again, solved with the engine's move."""

import pytest

from conftest import click_point, data_position, wait_ready

# Ohs: A9, Eks: E4 (now E5-E1 wins for Eks), Ohs: A8, Eks: A3 -- Eks miss the win in one at move 4.
MISSED = '[Size "9x9"]\n[Setup "9x9_O_E5_E3E2D6"]\n\n1. A9 E4 2. A8 A3\n'
BEFORE = "9x9_X_E5_A8A9D6E2E3E4"  # the position the blunder was played in


def wait_phase(page, *phases, timeout=90_000):
    cond = " || ".join(f"document.getElementById('board').dataset.phase === '{p}'" for p in phases)
    page.wait_for_function(cond, timeout=timeout)


@pytest.mark.slow
def test_a_reviewed_blunder_becomes_a_puzzle_refuted_on_the_board_and_solved(page, server):
    from lab.mistakes import mistake_id
    page.goto(f"{server.origin}/index.html")
    wait_ready(page)
    page.click("#welcome-friend")  # two players here: every move reviewed is the reader's
    page.click("#new-game-form button[type=submit]")
    page.click("#open-record")
    page.fill("#record-text", MISSED)
    page.click("#record-form button[type=submit]")
    page.click("#review")
    page.wait_for_function("document.getElementById('review-status').textContent.startsWith('Review:')",
                           timeout=120_000)
    # the review marks three blunders, two of Ohs' and one of Eks': two people here, all of them the reader's
    assert "Your 3 blunders are now puzzles under Your mistakes on the puzzles page." in page.inner_text("#message")
    stored = page.evaluate("JSON.parse(localStorage.getItem('phutball.puzzles.v1'))")
    mid = mistake_id(BEFORE, "A3")
    assert len(stored["mistakes"]) == 3 and mid in [m[0] for m in stored["mistakes"]]

    page.goto(f"{server.origin}/puzzles.html")
    wait_ready(page)
    first = page.locator("#puzzle-groups summary").first  # the list's first group: the reader's own
    assert first.inner_text() == "Your mistakes (0/3)"
    first.click()
    page.locator(f"#puzzle-groups button.puzzle-item[data-id='{mid}']").click()
    page.wait_for_function("id => location.hash === '#' + id", arg=mid)
    assert data_position(page) == BEFORE
    assert "Find the engine's better move." in page.inner_text("#puzzle-task")
    for point in ("A3",):  # the game's move again: the review's refutation is played on the board
        click_point(page, point)
    wait_phase(page, "wrong")
    assert "the move you played in the game" in page.inner_text("#message")
    page.click("#retry")
    wait_phase(page, "playing")
    for point in ("E5", "E1"):  # the engine's move: over E4, E3 and E2 into Eks' goal
        click_point(page, point)
    wait_phase(page, "solved")
    assert "Solved" in page.inner_text("#message") or "✓" in page.inner_text("#message")
