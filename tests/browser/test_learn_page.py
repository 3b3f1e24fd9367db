"""The rules lesson (learn.html), done the way a learner would: every step by clicking its move."""

import pytest

from conftest import Recorder, click_point, data_position, own_input_devices, seed_saved_start, wait_ready

from test_learnctl import SOLUTIONS

STEP_IDS = list(SOLUTIONS)


def play(page, move):
    parts = move.split("-")
    for p in parts:
        click_point(page, p if not p.isdigit() else int(p))
    if len(parts) > 1 and not page.is_disabled("#finish"):
        page.click("#finish")  # the chain did not end by itself: stop here


def test_every_step_is_completed_by_playing_its_move_and_progress_survives_a_reload(page, server):
    page.goto(f"{server.origin}/learn.html")
    wait_ready(page)
    assert page.get_attribute("#lesson", "data-done") == "no"
    for i, step in enumerate(STEP_IDS):
        assert page.inner_text("#step-count") == f"Step {i + 1} of {len(STEP_IDS)}"
        before = data_position(page)
        play(page, SOLUTIONS[step])
        assert page.get_attribute("#lesson", "data-done") == "yes", page.inner_text("#feedback")
        assert data_position(page) != before
        assert page.locator(f"#steps button[data-step='{i}'].done").count() == 1
        if i + 1 < len(STEP_IDS):
            page.click("#next")
    assert page.is_visible("#end") and page.inner_text("#end-status") == "All steps done: you know the rules."
    page.reload()
    wait_ready(page)
    assert page.locator("#steps button.done").count() == len(STEP_IDS)
    assert page.inner_text("#step-count") == f"Step {len(STEP_IDS)} of {len(STEP_IDS)}"


def test_a_wrong_move_is_explained_and_the_step_starts_again(page, server):
    page.goto(f"{server.origin}/learn.html")
    wait_ready(page)
    page.click(f"#steps button[data-step='{STEP_IDS.index('own-goal')}']")
    start = data_position(page)
    click_point(page, "E3")
    click_point(page, "E1")
    page.click("#finish")  # stop on the own goal line
    assert "own goal line: Eks wins" in page.inner_text("#feedback")
    assert page.get_attribute("#lesson", "data-done") == "no"
    assert data_position(page) == start
    play(page, SOLUTIONS["own-goal"])
    assert page.get_attribute("#lesson", "data-done") == "yes"


def test_keyboard_only(page, server):
    page.goto(f"{server.origin}/learn.html")
    wait_ready(page)
    page.click(f"#steps button[data-step='{STEP_IDS.index('jump')}']")
    page.focus("#board")
    page.keyboard.press("Enter")      # the cursor starts on the ball: pick it up
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")      # land on E7: the jump is played
    assert page.get_attribute("#lesson", "data-done") == "yes"
    assert "jumped" in page.inner_text("#live")


def test_after_a_refused_landing_a_second_click_on_the_ball_keeps_the_jump(page, server):
    """Issue 27: clicking the ball again used to cancel the jump silently; the next click placed a man."""
    page.goto(f"{server.origin}/learn.html")
    wait_ready(page)
    page.click(f"#steps button[data-step='{STEP_IDS.index('remove')}']")
    start = data_position(page)
    click_point(page, "E4")  # the ball
    click_point(page, "E6")  # a man, not the point beyond both
    assert "cannot jump to E6" in page.inner_text("#feedback")
    click_point(page, "E4")  # the ball again: the jump goes on, and the page says so
    assert "Still jumping" in page.inner_text("#feedback")
    assert data_position(page) == start
    click_point(page, "E7")  # the landing beyond both men
    assert page.get_attribute("#lesson", "data-done") == "yes", page.inner_text("#feedback")


#: The strip step's canvas shows its squares: across the canvas' middle line, most pixels are not the
#: background's (the canvas' corner); a strip drawn for a taller box lies below the canvas, all background.
STRIP_DRAWN = """() => {
    const c = document.getElementById('board');
    if (c.dataset.variant !== '1D' || c.width < 2 || c.height < 2) return false;
    const g = c.getContext('2d');
    const bg = g.getImageData(0, 0, 1, 1).data;
    const row = g.getImageData(0, Math.floor(c.height / 2), c.width, 1).data;
    let drawn = 0;
    for (let i = 0; i < row.length; i += 4) {
        drawn += Math.abs(row[i] - bg[0]) + Math.abs(row[i + 1] - bg[1]) + Math.abs(row[i + 2] - bg[2]) > 24;
    }
    return drawn / c.width > 0.5;
}"""


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_next_from_a_2d_step_draws_the_strip_at_the_canvas_new_size(browser, server, width, height):
    """Issue 39: after Next from step 8 (a 9x9 board) to step 9 (a strip), the canvas is lower (style.css),
    but the strip was drawn for the old size the click's snapshot read: blank on a desktop, a slice on a
    phone, until a reload.  The page now draws again at the canvas' new size (glue/boardinput.py)."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    try:
        seed_saved_start(ctx, server)
        page = ctx.new_page()
        page.recorder = Recorder(page)
        own_input_devices(page)
        page.goto(f"{server.origin}/learn.html")
        wait_ready(page)
        page.click(f"#steps button[data-step='{STEP_IDS.index('sides')}']")
        assert page.get_attribute("#board", "data-variant") == "2D"
        page.click("#next")
        assert page.inner_text("#step-count") == f"Step {STEP_IDS.index('strip') + 1} of {len(STEP_IDS)}"
        box = page.locator("#board").bounding_box()
        assert box["height"] > 40, box
        page.wait_for_function(STRIP_DRAWN, timeout=3000)
        play(page, SOLUTIONS["strip"])  # and the squares are where they are drawn
        assert page.get_attribute("#lesson", "data-done") == "yes", page.inner_text("#feedback")
        # the last step: the lesson's end names the steps skipped on the way, each a link back to it
        assert page.is_visible("#end")
        assert page.inner_text("#end-status").startswith(f"{len(STEP_IDS) - 1} steps are not done yet: step 1, ")
        page.click("#end-status button[data-step='0']")
        assert page.inner_text("#step-count") == f"Step 1 of {len(STEP_IDS)}" and not page.is_visible("#end")
    finally:
        ctx.close()
