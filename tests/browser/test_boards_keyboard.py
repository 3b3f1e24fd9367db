"""The board's grid and keys on the other boards (issue 41): the lesson, an embedded game and puzzle, and the
calculator's strip, used with the keyboard only and read through the grid and the live region."""

from __future__ import annotations

from conftest import (FOCUSED, HEAR, READY_TIMEOUT, board_xy, data_position, go_to, hear, open_play,
                      own_input_devices, seed_saved_start, tab_into_grid, wait_ready)


def test_the_lesson_is_played_from_its_grid_and_its_move_field(page, server):
    page.goto(f"{server.origin}/learn.html")
    wait_ready(page)
    assert tab_into_grid(page) == ["E5", "E5, ball"]
    assert go_to(page, "E7") == "E7, empty"
    page.keyboard.press("Enter")  # step 1: place a man, here from the grid
    assert hear(page, "Done.").startswith("Done. ")
    page.focus("#next")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('board').dataset.step === '1'")
    task = page.inner_text("#step-task")
    page.focus("#move-input")
    page.keyboard.type("Z1")
    page.wait_for_function("() => document.getElementById('move-preview').textContent.includes(\"'Z1'\")")
    assert task  # the step says what to do; the Move field is the same on every step
    assert not page.recorder.errors, page.recorder.errors


def open_embed(page, server, fragment: str) -> None:
    """An embed frame's page on its own, its engine started by the focus (as a reader's Tab does)."""
    page.goto(f"{server.origin}/embed.html#{fragment}")
    page.locator("html.ready, html.lazy").wait_for(timeout=READY_TIMEOUT)
    if page.locator("html.lazy").count():
        page.locator("#board").focus()
    page.locator("html.ready").wait_for(timeout=READY_TIMEOUT)


def test_an_embedded_game_is_played_from_its_grid(page, server):
    open_embed(page, server, "position=9x9_O_E5&mode=play")
    assert tab_into_grid(page) == ["E5", "E5, ball"]
    page.keyboard.press("ArrowUp")
    page.wait_for_function("() => document.activeElement.dataset.point === 'E6'")
    page.keyboard.press("Enter")
    assert hear(page, "Ohs placed a man on E6.").startswith("Ohs placed a man on E6. ")
    assert page.evaluate(FOCUSED) == ["E6", "E6, man, last move"]
    assert data_position(page) == "9x9_X_E5_E6"
    assert not page.recorder.errors, page.recorder.errors


def test_an_embedded_strip_puzzle_is_solved_from_its_grid_and_the_answer_is_said(page, server):
    open_embed(page, server, "puzzle=paper-example-1&position=L_o*o.o.o....")
    page.evaluate(HEAR)
    assert tab_into_grid(page) == ["2", "square 2, ball"]
    page.keyboard.press("Enter")  # the ball picked: its landings named
    assert go_to(page, "4") == "square 4, empty, a landing"
    page.keyboard.press("Enter")
    assert go_to(page, "6") == "square 6, empty, a landing"
    page.keyboard.press("Enter")
    if page.evaluate(FOCUSED)[1].endswith("the ball jumps here"):
        page.keyboard.press("Enter")  # the chain could go on: it ends here
    page.wait_for_function("() => window.heard.some(h => h.startsWith('✓'))", timeout=60_000)
    heard = page.evaluate("() => window.heard")
    assert heard[0] == "You played 2-4-6. Checking…"
    assert any(h.startswith("Right placed a stone on square") or h.startswith("Right jumped") for h in heard[1:])
    assert heard[-1].startswith("✓ Good.") and heard[-1] == page.inner_text("#status")
    assert not page.recorder.errors, page.recorder.errors


def test_the_calculator_s_strip_is_edited_from_its_grid(page, server):
    page.goto(f"{server.origin}/calculator.html#L_.*.o..o..")
    wait_ready(page)
    for _ in range(80):  # Tab to the strip's grid
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED):
            break
    assert page.evaluate(FOCUSED) == ["2", "square 2, ball"]
    assert go_to(page, "3", "#strip-grid") == "square 3, empty"
    page.keyboard.press("Enter")  # the stone tool: a stone put there
    page.wait_for_function("() => document.activeElement.textContent === 'square 3, stone'")
    assert data_position(page, "#strip") == "L_.*oo..o.."
    page.keyboard.press("End")
    page.wait_for_function("() => document.activeElement.dataset.point === '9'")
    assert not page.recorder.errors, page.recorder.errors


def test_on_a_phone_a_man_is_placed_on_the_play_page_at_the_second_touch(browser, server, saved_start):
    """WCAG 2.5.8: a 15x19 board's points are under 24 CSS px apart on a 390 px wide phone, so the first
    touch picks a point (said, and named in the grid) and the second plays there, as on the puzzles page."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    seed_saved_start(ctx, server)
    page = ctx.new_page()
    own_input_devices(page)
    try:
        open_play(page, server, "15x19_O_H10")
        box = page.locator("#board").bounding_box()
        x, y = board_xy(page, "H12")
        assert box["width"] / 16 < 24  # the points are closer than 24 CSS px
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
        page.wait_for_function("() => document.getElementById('message').textContent.includes('touch it again')")
        assert data_position(page) == "15x19_O_H10"
        assert page.inner_text("#board-grid [data-point='H12']") == "H12, empty, picked: press again to play"
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
        page.wait_for_function("() => document.getElementById('board').dataset.position === '15x19_X_H10_H12'")
    finally:
        ctx.close()


def test_in_forced_colours_the_board_is_drawn_in_the_system_colours(browser, server, saved_start):
    """Windows high contrast: the canvas' colours (read from the page's CSS, canvas.js) are the system's, which
    a canvas accepts, and the men, the ball and the board stay apart."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, forced_colors="active")
    seed_saved_start(ctx, server)
    page = ctx.new_page()
    own_input_devices(page)
    try:
        open_play(page, server, "9x9_O_E5_F6")
        got = page.evaluate("""() => {
            const style = getComputedStyle(document.getElementById('board'));
            const ctx = document.createElement('canvas').getContext('2d');
            const drawn = (name) => { ctx.fillStyle = '#010203'; ctx.fillStyle = style.getPropertyValue(name).trim();
                                      return ctx.fillStyle; };
            return {man: drawn('--man'), ball: drawn('--ball'), board: drawn('--board'), goal: drawn('--goal'),
                    forced: matchMedia('(forced-colors: active)').matches};
        }""")
        assert got["forced"]
        assert "#010203" not in got.values()  # every system colour was taken by the canvas
        assert got["man"] != got["board"] and got["ball"] == got["board"] and got["goal"] == got["man"]
    finally:
        ctx.close()
