"""The rules lesson (learn.html), done the way a learner would: every step by clicking its move."""

from conftest import click_point, data_position, wait_ready

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
    assert page.is_visible("#all-done")
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
