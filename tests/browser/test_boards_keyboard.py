"""The board's grid and keys on the other boards (issue 41): the lesson, an embedded game and puzzle, and the
calculator's strip, used with the keyboard only and read through the grid and the live region."""

from __future__ import annotations

from conftest import (FOCUSED, HEAR, READY_TIMEOUT, board_xy, data_position, go_to, hear, hold_the_engine, open_play,
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


# ---------------------------------------------------------------- one tab stop per board (issue 41)
# What has the focus, as a test reads it: a cell of a grid, the grid's early cell (before the engine fills it),
# the board's canvas, or another element (its tag and id).
STOP = """() => { const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  if (a.dataset.point) return 'cell ' + a.dataset.point;
  if (a.hasAttribute('data-grid-early')) return 'early cell';
  if (a.tagName === 'CANVAS') return 'canvas';
  return a.tagName.toLowerCase() + '#' + a.id; }"""
ON_BOARD = ("cell ", "early cell", "canvas")
# How many of the board's parts are tab stops: its canvas, its grid's cells and early cell.
ONE_STOP = "() => [...document.querySelectorAll('canvas, [data-point], [data-grid-early]')].filter(e => e.tabIndex >= 0).length"


def tab_until(page, wanted: tuple[str, ...] | str, limit: int = 120) -> list[str]:
    """Tab until the focus is on ``wanted`` (a STOP starting so); the stops passed, the last one ``wanted``."""
    stops: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(STOP))
        if stops[-1].startswith(wanted):
            return stops
    raise AssertionError(f"{wanted} not reached in {limit} Tabs: {stops}")


def tab_to(page, wanted: str) -> list[str]:
    """Tab from the top of the page until the focus is on ``wanted``; the stops passed."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    return tab_until(page, wanted)


def tab_round(page) -> list[str]:
    """Tab once round the page from the board back to the board: every tab stop, in order (the last one the
    board's: where the Tab came back to it)."""
    assert page.evaluate(STOP).startswith(ON_BOARD)
    return tab_until(page, ON_BOARD)


def test_an_embedded_game_is_one_tab_stop_and_its_engine_starts_at_a_key_on_it(page, server):
    release = hold_the_engine(page)
    page.goto(f"{server.origin}/embed.html#position=9x9_O_E5&mode=play")
    page.locator("html.lazy").wait_for(timeout=READY_TIMEOUT)
    before = tab_to(page, "early cell")  # the board's one tab stop before the engine: its grid's early cell
    assert "canvas" not in before
    page.keyboard.press("ArrowUp")  # keys on it before the engine is ready: kept, played once it is
    page.keyboard.press("Enter")
    release()
    page.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
    page.wait_for_function("() => document.getElementById('board').dataset.position === '9x9_X_E5_E6'")
    page.wait_for_function("() => document.activeElement.dataset.point")  # the grid took the early cell's place
    assert page.locator("[data-grid-early]").count() == 0
    stops = tab_round(page)  # from the board round the page back to it: the board is passed once, at a cell
    assert stops[-1].startswith("cell ") and len(stops) > 2, stops  # the board came back as a cell of its grid
    assert page.evaluate(ONE_STOP) == 1
    assert not page.recorder.errors, page.recorder.errors


def test_the_calculator_s_strip_is_one_tab_stop_and_takes_keys_before_the_engine(page, server):
    release = hold_the_engine(page)
    page.goto(f"{server.origin}/calculator.html#L_.*.o..o..")
    before = tab_to(page, "early cell")
    assert "canvas" not in before and page.evaluate("() => document.documentElement.classList.contains('ready')") \
        is False
    page.keyboard.press("End")  # the strip's keys before the engine: applied once it is ready
    page.keyboard.press(" ")
    release()
    wait_ready(page)
    page.wait_for_function("() => document.getElementById('strip').dataset.position === 'L_.*.o..o.o'")
    page.wait_for_function("() => document.activeElement.textContent.startsWith('square 9, stone')")
    stops = tab_round(page)
    assert stops[-1].startswith("cell ") and len(stops) > 2, stops  # the board came back as a cell of its grid
    assert page.evaluate(ONE_STOP) == 1
    assert not page.recorder.errors, page.recorder.errors


def test_a_replay_embed_s_grid_is_walked_and_each_step_is_said(page, server):
    """A game to step through (issue 41): its grid names the points (read-only), the arrows walk it, and each
    step of the buttons is said in the live region, the grid renamed with it."""
    open_embed(page, server, "position=9x9_O_E5&moves=E6+A1+E7+E5-E8")
    page.evaluate(HEAR)
    assert tab_into_grid(page) == ["E5", "E5, ball"]
    assert go_to(page, "E6") == "E6, empty"  # the arrows walk the grid: the game is not stepped
    assert page.inner_text("#counter") == "0 / 4"
    page.keyboard.press("b")
    assert hear(page, "The ball is") == "The ball is on E5."
    page.focus("#next")
    page.keyboard.press("Enter")
    assert hear(page, "Step 1 of 4") == "Step 1 of 4: Ohs placed a man on E6."
    assert page.inner_text("#board-grid [data-point='E6']") == "E6, man, last move"
    page.focus("#last")
    page.keyboard.press("Enter")
    assert hear(page, "Step 4 of 4") == "Step 4 of 4: Eks jumped E5 to E8, removing 2 men."
    assert page.inner_text("#board-grid [data-point='E8']").startswith("E8, ball")
    assert page.inner_text("#board-grid [data-point='E6']") == "E6, empty"
    assert data_position(page) == "9x9_O_E8_A1"
    assert not page.recorder.errors, page.recorder.errors


def test_a_diagram_embed_s_grid_names_its_points_once_the_board_is_reached(page, server):
    """A diagram draws with no engine; Tab to its board starts the engine, which fills the grid."""
    page.goto(f"{server.origin}/embed.html#position=9x9_O_E5_E6")
    page.locator("html.ready").wait_for(timeout=READY_TIMEOUT)
    assert page.locator("[data-grid-early]").count() == 1  # the board's stand-in tab stop, no engine yet
    tab_to(page, "early cell")  # the engine starts; its grid takes the early cell's place, and the focus
    page.wait_for_function("() => document.activeElement.dataset.point === 'E5'", timeout=READY_TIMEOUT)
    assert page.evaluate(FOCUSED) == ["E5", "E5, ball"]
    assert go_to(page, "E6") == "E6, man"
    page.keyboard.press("PageUp")
    page.wait_for_function("() => document.activeElement.dataset.point === 'E10'")
    assert page.evaluate(FOCUSED) == ["E10", "E10, empty, past the top goal line"]
    assert not page.recorder.errors, page.recorder.errors


def open_move_field(page) -> float:
    """Tab to the frame's "Type a move" and press it: the focus is then in the Move field; the frame's height."""
    height = page.evaluate("() => document.getElementById('embed').getBoundingClientRect().height")
    tab_to(page, "button#type-move")
    assert page.get_attribute("#type-move", "aria-expanded") == "false"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'move-input'")
    assert page.evaluate("() => document.getElementById('embed').getBoundingClientRect().height") == height
    return height


def test_an_embedded_puzzle_is_solved_by_a_typed_move(page, server):
    open_embed(page, server, "puzzle=paper-example-1&position=L_o*o.o.o....")
    page.evaluate(HEAR)
    open_move_field(page)
    page.keyboard.type("2-4-7")
    page.wait_for_function("() => document.getElementById('move-preview').textContent.includes(\"'2-4-7'\")")
    page.keyboard.press("Enter")  # refused, in the engine's words; nothing played
    page.wait_for_function("() => document.getElementById('move-preview').textContent.includes(\"'2-4-7'\")")
    assert page.input_value("#move-input") == "2-4-7" and data_position(page) == "L_o*o.o.o...."
    page.fill("#move-input", "")
    page.keyboard.type("2-4-6")
    page.wait_for_function("() => document.getElementById('move-preview').textContent.includes('jumps 2 to 4 to 6')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.heard.some(h => h.startsWith('✓'))", timeout=60_000)
    heard = page.evaluate("() => window.heard")
    assert heard[0] == "You played 2-4-6. Checking…" and heard[-1].startswith("✓ Good.")
    assert page.input_value("#move-input") == ""
    page.keyboard.press("Escape")  # the Move field closed: back to "Type a move", the status shown again
    page.wait_for_function("() => document.activeElement.id === 'type-move'")
    assert page.get_attribute("#type-move", "aria-expanded") == "false" and page.is_visible("#status")
    assert not page.recorder.errors, page.recorder.errors


def test_an_embedded_game_is_played_by_typed_moves(page, server):
    open_embed(page, server, "position=9x9_O_E5&mode=play")
    page.evaluate(HEAR)
    open_move_field(page)
    assert page.get_attribute("#type-move", "aria-expanded") == "true" and page.is_hidden("#undo")
    page.keyboard.type("E6")
    page.wait_for_function("() => document.getElementById('move-preview').textContent === 'Ohs places a man on E6.'")
    page.keyboard.press("Enter")
    assert hear(page, "Ohs placed a man on E6.").startswith("Ohs placed a man on E6.")
    page.keyboard.type("E5-E7")
    page.keyboard.press("Enter")
    assert hear(page, "Eks jumped").startswith("Eks jumped E5 to E7, removing 1 man.")
    assert data_position(page) == "9x9_O_E7"
    page.click("#move-close")
    page.wait_for_function("() => document.activeElement.id === 'type-move'")
    assert page.is_visible("#undo")
    assert not page.recorder.errors, page.recorder.errors
