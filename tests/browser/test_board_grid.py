"""The board as a grid (issue 41), as a person who does not see the board uses it: keys only, reading only the
grid (the cells' names, as a screen reader says them) and the live region -- no canvas pixels, no clicks.

* a whole 9x9 game against the computer, played with the keyboard from the first move to the end;
* the grid of a turned board walked with the arrows, Home, End, PageUp and PageDown: its order and names.
"""

from __future__ import annotations

import re

from phutball.game import parse_any_position

from conftest import CELLS, FOCUSED, HEAR, LIVE, go_to, hear, open_play, tab_into_grid


#: What the live region says at the end of a game: a win, or a draw (the computer's weak levels vary
#: their moves from game to game, so a game may come back to a position a third time).
ENDED = r" won|Draw by repetition"


def row_of(key: str) -> int:
    return int(key[1:])


def test_a_whole_9x9_game_against_the_computer_with_the_keyboard_and_the_grid_only(page, server):
    open_play(page, server, "9x9_O_E5")
    page.evaluate(HEAR)
    page.focus("#computer-level")
    page.keyboard.press("Home")  # the weakest level: the game ends sooner
    page.focus("#computer-side")
    page.keyboard.press("End")  # the computer plays Eks
    assert page.input_value("#computer-side") == "X" and page.input_value("#computer-level") == "beginner"
    first = tab_into_grid(page)
    assert first == ["E5", "E5, ball"]  # the grid's tab stop: the ball's point
    plies = 0
    while not re.search(ENDED, page.evaluate(LIVE)) and plies < 80:
        before = page.evaluate("() => window.heard.length")  # how many things the live region said so far
        cells = {k: name for row in page.evaluate(CELLS) for k, name in row}
        ball = next(k for k, name in cells.items() if name.split(", ")[1] == "ball")
        page.keyboard.press("j")  # the jumps the ball can make now, said in the live region
        page.wait_for_function("() => /^(Jumps now|The ball cannot)/.test(document.getElementById('live')"
                               ".textContent)")
        if page.evaluate(LIVE).startswith("Jumps now"):
            go_to(page, ball)
            page.keyboard.press("Enter")  # the ball picked: its landings are named in the grid
            landings = [k for row in page.evaluate(CELLS) for k, name in row if name.endswith("a landing")]
            assert landings, "the ball can jump, so the grid names its landings"
            go_to(page, max(landings, key=row_of))  # towards the top goal line, where Ohs score
            page.keyboard.press("Enter")
            if any(name.endswith("the ball jumps here") for row in page.evaluate(CELLS) for _, name in row):
                page.keyboard.press("Enter")  # on the ball's landing again: the jump ends there
        else:
            below = f"{ball[0]}{row_of(ball) - 1}"
            empty = [k for k, name in cells.items() if name.split(", ")[1] == "empty" and 1 <= row_of(k) <= 9]
            target = below if below in empty else min(empty, key=lambda k: abs(row_of(k) - row_of(ball)))
            assert go_to(page, target).startswith(f"{target}, empty")
            page.keyboard.press("Enter")  # a man placed
        # the computer's answer said (or the end): heard anew, as a repeated position says the same again
        page.wait_for_function("([before, end]) => window.heard.slice(before).some(t => t.includes('Your move')"
                               " || new RegExp(end).test(t))", arg=[before, ENDED], timeout=120_000)
        plies += 2
    live = page.evaluate(LIVE)
    assert re.search(ENDED, live), f"the game did not end in {plies} plies: {live}"
    heard = page.evaluate("() => window.heard")
    assert any(h.startswith("Ohs placed a man on") for h in heard) and any(h.startswith("Eks ") for h in heard)
    assert page.evaluate(FOCUSED) is not None  # the focus stayed on the board's grid all game
    assert not page.recorder.errors, page.recorder.errors


def test_the_grid_of_a_turned_board_is_read_as_it_is_drawn(page, server):
    open_play(page, server, "9x9_O_E5_F5F6")
    page.focus("#flip")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('board').dataset.flipped === 'true'")
    columns = page.evaluate("() => [...document.querySelectorAll('#board-grid thead th')].map(th => th.textContent)")
    rows = page.evaluate("() => [...document.querySelectorAll('#board-grid tbody th')].map(th => th.textContent)")
    assert columns == ["row", *"JHGFEDCBA"] and rows == [str(r) for r in range(0, 11)]
    order = [k for row in page.evaluate(CELLS) for k, _ in row]
    assert order == [f"{c}{r}" for r in range(0, 11) for c in "JHGFEDCBA"]
    assert page.evaluate("() => document.querySelectorAll('#board-grid [tabindex=\"0\"]').length") == 1
    assert tab_into_grid(page) == ["E5", "E5, ball"]
    assert page.evaluate("() => getComputedStyle(document.getElementById('board')).outlineStyle") == "solid"
    walk = []
    for key in ("ArrowUp", "ArrowLeft", "Home", "End", "PageUp", "PageDown", "ArrowLeft"):
        before = page.evaluate(FOCUSED)[0]
        page.keyboard.press(key)
        page.wait_for_function("(b) => document.activeElement.dataset.point !== b", arg=before)
        walk.append(page.evaluate(FOCUSED))
    assert walk == [["E4", "E4, empty"], ["F4", "F4, empty"], ["J4", "J4, empty"], ["A4", "A4, empty"],
                    ["A0", "A0, empty, past the bottom goal line"],
                    ["A10", "A10, empty, past the top goal line"],
                    ["B10", "B10, empty, past the top goal line"]]
    landings = "() => [...document.querySelectorAll('#board-grid td')].filter(td => td.textContent.endsWith(" \
        "'a landing')).map(td => td.dataset.point).sort()"
    go_to(page, "E5")
    page.keyboard.press("Enter")  # the ball picked: its landings are named
    pos = parse_any_position("9x9_O_E5_F5F6")
    assert page.evaluate(landings) == sorted(str(p) for p in pos.landings([pos.ball])) == ["G5", "G7"]
    page.keyboard.press("Escape")  # the jump cancelled
    page.wait_for_function("() => document.getElementById('message').textContent === 'Jump cancelled.'")
    assert page.evaluate(landings) == []
    go_to(page, "F7")
    page.keyboard.press("Enter")  # a man placed where the focus is, as a click there
    hear(page, "Ohs placed a man on F7")
    assert page.evaluate(FOCUSED) == ["F7", "F7, man, last move"]
    assert page.get_attribute("#board", "data-position") == "9x9_X_E5_F5F6F7"
    page.keyboard.press("b")  # a key on the grid is a key on the board: the ball's point, said
    assert hear(page, "The ball is") == "The ball is on E5."
    assert not page.recorder.errors, page.recorder.errors


def test_a_jump_from_the_grid_is_asked_for_in_words_that_fit_a_keyboard(page, server):
    """The message line asks to *choose* a landing (Enter on the grid, a click, a tap), never to click: a
    keyboard or screen-reader user does not click."""
    open_play(page, server, "9x9_O_E5_E6F7")
    page.evaluate(HEAR)
    message = "() => document.getElementById('message').textContent"
    assert tab_into_grid(page) == ["E5", "E5, ball"]
    page.keyboard.press("Enter")  # the ball picked
    page.wait_for_function(f"({message})().startsWith('Jumping')")
    assert page.evaluate(message) == "Jumping: choose a highlighted landing point."
    assert go_to(page, "E7") == "E7, empty, a landing"
    page.keyboard.press("Enter")  # landed on E7; the chain may go on over F7
    page.wait_for_function(f"({message})().startsWith('Choose another')")
    assert page.evaluate(message) == "Choose another landing to go on, or the ball again (Enter) to stop here."
    page.keyboard.press("Enter")  # on the ball's landing again: the jump ends there
    assert hear(page, "Ohs jumped E5 to E7").startswith("Ohs jumped E5 to E7, removing 1 man.")
    assert "click" not in page.evaluate("() => window.heard.concat([document.getElementById('message')"
                                        ".textContent]).join(' ').toLowerCase()")
    assert not page.recorder.errors, page.recorder.errors


def test_keys_pressed_at_once_act_where_the_focus_shows(page, server):
    """The grid's focus moves on an arrow at once, ahead of Python's answer: ArrowUp, ArrowUp, Enter pressed
    with no pause place the man two cells above the ball, where the focus is (it acted on the ball before)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_play(page, server, "9x9_O_E5")
    page.evaluate(HEAR)
    assert tab_into_grid(page) == ["E5", "E5, ball"]
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    assert hear(page, "Ohs placed").startswith("Ohs placed a man on E7.")
    page.wait_for_function("() => window.phutballHost.idle")
    assert page.evaluate(FOCUSED) == ["E7", "E7, man, last move"]
    page.keyboard.press("End")  # the row's end, ahead of Python too: Eks (two players here) place there
    page.keyboard.press("Enter")
    assert hear(page, "Eks placed").startswith("Eks placed a man on J7.")
    assert not page.recorder.errors, page.recorder.errors
