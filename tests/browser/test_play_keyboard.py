"""Moves typed in the notation on the play page (issue 41, first part): a preview before Enter, the engine's own
message for a move that cannot be played, and the move and the computer's answer said in the live region."""

from conftest import data_position, hear, open_play


def test_a_game_against_the_computer_played_by_typing_moves(page, server):
    open_play(page, server, "9x9_O_E5")
    page.select_option("#computer-side", "X")
    page.focus("#move-input")
    page.keyboard.type("E5-E7")
    page.wait_for_function("() => document.getElementById('move-preview').textContent !== ''")
    assert "E5-E7" in page.inner_text("#move-preview")  # the engine's message, quoting what was typed
    page.fill("#move-input", "")
    page.keyboard.type("E6")
    page.wait_for_function("() => document.getElementById('move-preview').textContent.includes('places')")
    assert page.inner_text("#move-preview") == "Ohs places a man on E6."
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('board').dataset.position.split('_')[1] === 'O'"
                           " && document.getElementById('board').dataset.position !== '9x9_X_E5_E6'",
                           timeout=60_000)
    live = page.inner_text("#live")
    assert live.startswith("Eks ") and "Your move" in live  # the computer's answer, said in words
    assert page.input_value("#move-input") == "" and "E6" in data_position(page)
    assert not page.recorder.errors, page.recorder.errors


def test_the_focused_board_says_the_point_under_the_cursor_and_answers_its_keys(page, server):
    open_play(page, server, "9x9_O_E5_F5F6F7")
    page.focus("#board")
    page.keyboard.press("ArrowUp")
    assert hear(page, "E6, ") == "E6, empty"
    page.keyboard.press("n")
    assert hear(page, "2 men next") == "2 men next to the ball: F5, F6."
    page.keyboard.press("j")
    assert "E5-G7" in hear(page, "Jumps now")
    page.keyboard.press("Enter")  # the cursor on E6: a man placed there, said
    hear(page, "Ohs placed a man on E6")
    assert data_position(page) == "9x9_X_E5_E6F5F6F7"
