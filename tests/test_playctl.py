"""The play page's controller: clicks, chains, keys, undo/redo, records, without a browser."""

import pytest

from lab.play import DEFAULT_LEVEL, PlayController
from phutball import Point  # noqa: E402
from lab.opponent import Computer, FriendHere

P = Point.from_str
WIKI = "15x19_O_K6_J7H8G10H11"


def test_click_to_place():
    c = PlayController.new()
    c.click(P("H11"))
    assert c.view()["position"] == "15x19_X_H10_H11"
    assert "Ohs placed a man on H11" in c.state.announcement
    c.click(P("H11"))
    assert "cannot place" in c.state.error and c.view()["position"] == "15x19_X_H10_H11"


def test_multi_jump_by_clicks_ends_by_itself_when_no_jump_is_left():
    c = PlayController.new(WIKI)
    c.click(P("K6"))
    assert c.view()["landings"] == [P("G9")]
    c.click(P("G9"))
    c.click(P("G11"))
    assert c.view()["landings"] == [P("J11")] and c.view()["can_finish"]
    c.click(P("J11"))
    v = c.view()
    assert v["moves"] == [{"number": 1, "plies": [(1, "K6-G9-G11-J11")]}]
    assert v["position"] == "15x19_X_J11"
    assert "removing 4 men" in c.state.announcement


def test_finish_early_by_clicking_the_ball_and_step_back():
    c = PlayController.new(WIKI)
    for p in ("K6", "G9", "G11"):
        c.click(P(p))
    c.click(P("G9"))  # step back to G9
    assert c.state.chain == [P("K6"), P("G9")]
    c.click(P("G9"))  # the ball: finish here
    assert c.game.moves == ["K6-G9"]


def test_keyboard_cursor_enter_escape_undo_redo():
    c = PlayController.new("9x9_O_E5")
    assert c.state.cursor == P("E5")
    c.key("ArrowUp")
    c.key("Enter")
    assert c.game.moves == ["E6"]
    c.key("ArrowDown")
    c.key("Enter")  # the ball: Ohs... now Eks has a jump over E6
    assert c.state.chain == [P("E5")]
    c.key("Escape")
    assert c.state.chain == []
    c.key("u")
    assert c.game.moves == ["E6"] and c.game.cursor == 0
    c.key("r")
    assert c.game.cursor == 1


def test_a_winning_jump_ends_the_move_and_the_game():
    c = PlayController.new("9x9_O_E7_E8")
    c.click(P("E7"))
    c.click(P("E9"))
    v = c.view()
    assert v["over"] and v["winner"] == "O" and "Ohs won" in v["status"]
    c.click(P("A1"))
    assert "game is over" in c.state.error


def test_computer_mode_undo_takes_back_both_moves():
    c = PlayController.new("9x9_O_E5", Computer("X"))
    c.click(P("E6"))
    assert c.state.computer_to_move()
    c.click(P("A1"))
    assert "Wait for the computer" in c.state.error
    c.play_text("A1")
    assert not c.state.computer_to_move()
    c.history.undo()
    assert c.game.cursor == 0


def test_broken_record_keeps_the_game():
    c = PlayController.new()
    c.click(P("H11"))
    assert not c.import_record("[Size \"15x19\"]\n\n1. H11 H11\n")
    assert "Could not import" in c.state.error and c.game.moves == ["H11"]
    good = c.export_record()
    c2 = PlayController.new()
    assert c2.import_record(good) and c2.game.moves == ["H11"]


def test_bad_position_in_link_keeps_the_game():
    c = PlayController.new()
    c.click(P("H11"))
    assert not c.load_position("15x19_O_ZZ")
    assert "Could not open" in c.state.error and c.game.moves == ["H11"]
    assert c.load_position("9x9_X_E5_E6") and str(c.position) == "9x9_X_E5_E6"


def test_move_list_click_shows_that_position():
    c = PlayController.new("9x9_O_E5")
    for m in ("E6", "E4", "A1"):
        c.play_text(m)
    c.history.goto(1)
    assert c.view()["position"] == "9x9_X_E5_E6" and "Viewing move 1 (Ohs) of 2" in c.words.status()


def test_strip_play_by_clicks():
    c = PlayController.new("L_o*o.o.o....")
    c.click(2)
    assert c.view()["landings"] == [0, 4]  # over square 1 and off the left end, or over 3
    c.click(4)
    assert c.view()["landings"] == [6]
    c.click(4)  # stop after one jump
    assert c.game.moves == ["2-4"]
    c.click(11)
    assert c.game.moves == ["2-4", "11"]


def test_choose_the_computers_side_and_level_during_a_game():
    c = PlayController.new("9x9_O_E5")
    c.set_computer("O", "easy")
    assert c.state.computer_to_move() and c.state.level == "easy" and "Ohs (level 5 · easy)" in c.state.message
    c.set_computer("X", "wizard")
    assert "Unknown level 'wizard'" in c.state.error and c.state.computer_side == "O" and c.state.level == "easy"
    c.set_computer("L")
    assert "not 'L'" in c.state.error and c.state.computer_side == "O"
    c.set_computer(None)
    assert c.state.mode == "two-players" and not c.state.computer_to_move()
    s = PlayController.new("L_..*..")
    s.set_computer("R", "medium")
    assert s.state.computer_side == "R" and "perfect play" in s.state.message


def test_a_hint_is_drawn_on_the_board_and_cleared_by_the_next_click():
    c = PlayController.new(WIKI)
    c.analysis.show_hint("K6-G9-G11-J11")
    v = c.view()
    assert v["hint"] == P("J11") and v["hint_path"] == [P(t) for t in ("K6", "G9", "G11", "J11")]
    assert "Hint: K6-G9-G11-J11" in c.state.message
    c.click(P("A1"))
    assert c.view()["hint"] is None and c.view()["hint_path"] == []
    c.analysis.show_hint("B2")
    assert c.view()["hint"] == P("B2") and c.view()["hint_path"] == []
    c.analysis.show_hint("K6-K8")  # stale or wrong: refused with a message, the board unchanged
    assert "No hint" in c.state.error and "K6-K8" in c.state.error and c.view()["hint"] == P("B2")
    s = PlayController.new("L_o*o.o.o....")
    s.analysis.show_hint("2-4")
    assert s.view()["hint"] == 4 and s.view()["hint_path"] == [2, 4]


# ---------------------------------------------------------------- issue 15: dead ends and lost games

# 9x9_O_E3_E2 (Ohs to move, Eks aim at the bottom):
#   3 . . . . O . . . .      the ball E3, a man on E2: Eks' jump E3-E1 lands on
#   2 . . . . o . . . .      their goal line and wins
#   1 . . . . . . . . .
#     A B C D E F G H J
LOSS = "9x9_O_E3_E2"


def test_undo_after_the_computer_won_makes_the_game_live_again_with_the_player_to_move():
    c = PlayController.new(LOSS, Computer("X"))
    c.set_computer("X", "easy")
    c.click(P("A9"))
    assert c.state.computer_to_move()
    assert c.computer_reply("E3-E1")
    assert c.view()["over"] and c.words.status() == "The computer won."
    c.history.undo()  # the computer's winning jump and the player's A9 are both taken back
    assert c.words.status() == "Your move (Ohs, attacking the top)."  # live again, not "Viewing move 0 of 2"
    v = c.view()
    assert c.game.cursor == 0 and v["to_move"] == "O" and not v["over"] and v["can_redo"]
    assert not c.state.computer_to_move()  # the player moves first, the computer does not replay at once
    c.click(P("E1"))  # was: "The game is over. Start a new game or undo."
    assert c.state.error == "" and c.game.moves == ["E1"] and c.view()["can_undo"]
    assert c.state.computer_to_move()  # and the game goes on against the computer


def test_undo_after_a_two_player_win_makes_the_game_live_again():
    c = PlayController.new("9x9_O_E5")
    for m in ("E6", "A1", "E7", "A2", "E8", "A3", "E5-E9"):
        c.play_text(m)
    assert c.view()["over"] and c.position.winner == "O"
    c.history.undo()
    assert not c.view()["over"] and not c.state.over and c.position.to_move == "O"
    c.click(P("B5"))
    assert c.state.error == "" and c.game.moves[-1] == "B5"
    c.history.undo()
    c.history.redo()  # replaying the win from the move list's tail ends the game again
    assert c.state.over and "Ohs won" in c.words.status()
    c.history.goto(3)  # a move-list click before the end: live there too
    assert not c.state.over and c.view()["over"] is False


def test_playing_after_a_move_list_click_keeps_the_old_line_for_undo_and_restore():
    c = PlayController.new("9x9_O_E5")
    for m in ("E6", "E4", "A1", "A2"):
        c.play_text(m)
    c.history.goto(2)
    c.click(P("J9"))  # a new move in the middle: the old tail A1 A2 is not thrown away
    assert c.game.moves == ["E6", "E4", "J9"] and c.view()["lines"] == 1
    assert "kept" in c.state.message
    c.history.undo()  # undoing the move that left the line brings the line back
    assert c.game.moves == ["E6", "E4", "A1", "A2"] and c.game.cursor == 2
    c.history.redo()
    assert c.game.moves[: c.game.cursor] == ["E6", "E4", "A1"]
    assert c.view()["lines"] == 1  # the line just undone (J9) is kept in turn
    c.history.restore_line()
    assert c.game.moves == ["E6", "E4", "J9"] and c.game.cursor == 3
    c.history.restore_line()  # and back: lines are swapped, never lost
    assert c.game.moves == ["E6", "E4", "A1", "A2"]
    c.new_game("9x9_O_E5")
    assert c.view()["lines"] == 0
    c.history.restore_line()
    assert "no other line" in c.state.error


def test_an_illegal_computer_move_switches_the_computer_off_with_a_message():
    c = PlayController.new("9x9_O_E5", Computer("X"))
    c.play_text("E6")
    assert c.state.computer_to_move()
    assert not c.computer_reply("E6")  # occupied: the rules refuse it
    assert c.state.mode == "two-players" and not c.state.computer_to_move()
    assert "The computer (Eks) failed" in c.state.error and '"E6"' in c.state.error and "retry" in c.state.error
    assert c.game.moves == ["E6"]
    c.set_computer("X")
    assert not c.computer_reply(None)
    assert "found no move" in c.state.error and not c.state.computer_to_move()
    c.set_computer("X")
    assert not c.computer_reply(None, "RuntimeError: boom")
    assert "RuntimeError: boom" in c.state.error and not c.state.computer_to_move()
    c.set_computer("X")
    assert c.computer_reply("E4") and c.game.moves == ["E6", "E4"] and c.state.error == ""


def test_garbage_stored_computer_settings_fall_back_to_the_defaults_saying_so():
    c = PlayController.new("9x9_O_E5")
    c.restore_settings("computer", ["X", {"a": 1}], "wizard" * 10)
    state = c.state
    assert state.mode == "two-players" and state.computer_side is None and state.level == DEFAULT_LEVEL == "novice"
    assert "not understood" in state.error and "[" in state.error
    assert "wizardwizard" in state.error and "wizard" * 8 not in state.error  # quoted, shortened
    assert "['X'" not in c.state.error  # JSON, not a Python repr
    c.state.error = ""
    c.restore_settings("computer", "O", "easy")
    assert c.state.error == "" and c.state.computer_side == "O" and c.state.level == "easy"
    c.restore_settings("two-players", None, None)
    assert c.state.error == "" and c.state.mode == "two-players" and c.state.level == "easy"
    s = PlayController.new("L_..*..")
    s.restore_settings("computer", "X", "hard")  # Eks on a strip
    assert s.state.computer_side is None and "not understood" in s.state.error


def test_a_link_keeps_the_game_it_replaces_until_a_move_is_made():
    c = PlayController.new("9x9_O_E5")
    for m in ("E6", "E4", "A1", "A2"):
        c.play_text(m)
    assert c.load_position("9x9_O_E5_D4E6")
    assert c.game.moves == [] and c.view()["previous"] == 4 and "Restore your previous game" in c.state.message
    c.history.restore_previous()
    assert c.game.moves == ["E6", "E4", "A1", "A2"] and str(c.position) == "9x9_O_E5_A1A2E4E6"
    assert c.view()["previous"] is None  # the link's empty game is not worth keeping
    assert c.load_position("9x9_O_E5_D4E6")
    c.click(P("A9"))  # a move on the new game: it is the one kept
    assert c.view()["previous"] is None
    c.history.restore_previous()
    assert "no previous game" in c.state.error
    c.new_game("9x9_O_E5")  # New game and Import keep the replaced game the same way
    assert c.view()["previous"] == 1


@pytest.mark.parametrize("board,mode,expected", [
    ("15x19", "two-players", ("15x19_O_H10", "two-players", None)),
    ("15x19", "computer-first", ("15x19_O_H10", "computer", "X")),    # the human moves first: Ohs
    ("15x19", "computer-second", ("15x19_O_H10", "computer", "O")),
    ("strip-11", "computer-first", ("L_.....*.....", "computer", "R")),
    ("strip-4", "two-players", ("L_.*..", "two-players", None)),
])
def test_the_new_game_dialogs_choice(board, mode, expected):
    from lab.play import new_game_choice
    assert new_game_choice(board, mode) == expected
    c = PlayController.new()
    position, mode, computer = expected
    c.new_game(position, Computer(computer) if computer else FriendHere())
    assert str(c.position) == position and c.state.computer_side == computer


# ---------------------------------------------------------------- moves typed in the notation (issue 41)


def test_a_typed_move_says_what_it_will_do_then_plays_through_the_same_checks_as_a_click():
    c = PlayController.new("9x9_O_E5_F5F6G6")
    assert c.preview_typed("") == (False, "")
    assert c.preview_typed("E5-G7-G5-E5") == (True, "Ohs jumps E5 to G7 to G5 to E5, removing 3 men.")
    ok, why = c.preview_typed("E5-E7")
    assert not ok and "E5-E7" in why  # the engine's own message, quoting the input
    ok, why = c.preview_typed("Z99")
    assert not ok and "Z99" in why
    assert c.play_typed(" E5-G7-G5-E5 ") and c.game.moves == ["E5-G7-G5-E5"]  # a chain back to its start
    assert not c.play_typed("E5") and "E5" in c.state.error and len(c.game.moves) == 1
    computer = PlayController.new("9x9_O_E7_E8", Computer("O"))
    assert computer.preview_typed("A1") == (False, "Wait for the computer's move.")
    assert not computer.play_typed("A1") and computer.game.moves == []
    strip = PlayController.new("L_o*o.o.o....")
    assert strip.preview_typed("2-4-6") == (True, "Left jumps 2 to 4 to 6, removing 2 stones.")
    assert strip.play_typed("2-4-6") and strip.game.moves == ["2-4-6"]


def test_the_board_in_words_for_a_player_who_cannot_see_it():
    r"""Issue 41: the cursor says the point under it; b, n, j, l, s answer in the live region.

        9 . . . . . . . . .
        8 . . . . . . . . .
        7 . . . . . o . . .
        6 . . . . . o . . .      Ohs to move; the ball on E5, men on F5, F6 and F7
        5 . . . . * o . . .
    """
    c = PlayController.new("9x9_O_E5_F5F6F7")
    c.key("ArrowUp")
    assert c.state.announcement == "E6, empty"
    c.key("ArrowRight")
    assert c.state.announcement == "F6, man"
    assert c.key("b") and c.state.announcement == "The ball is on E5."
    assert c.key("n") and c.state.announcement == "2 men next to the ball: F5, F6."
    c.key("j")
    assert c.state.announcement.startswith("Jumps now: E5-G5; E5-G7") and "E5-G7" in c.state.announcement
    assert c.key("l") and c.state.announcement == "No move has been played yet."
    c.play_text("A1")
    c.key("l")
    assert c.state.announcement == "Last move: Ohs placed a man on A1."
    assert c.key("s") and c.state.announcement == "Eks to move."
    again = c.tell("s")
    assert again != "Eks to move." and again.rstrip("\u200b") == "Eks to move."  # said again
    for _ in range(3):
        c.key("ArrowUp")
    assert c.state.announcement == "F9, empty, the top goal line: Ohs score there"
    c.key("ArrowUp")
    assert c.state.announcement == "F10, empty, past the top goal line"
    strip = PlayController.new("L_o*o.o.o....")
    assert strip.tell("n") == "2 stones next to the ball: 1, 3."


def test_a_finger_on_a_small_board_picks_a_point_first_and_plays_at_the_second_touch():
    c = PlayController.new()  # 15x19: on a phone its points are about 23 CSS px apart
    c.click(P("H11"), touch_cell=23.0)
    v = c.view()
    assert v["position"] == "15x19_O_H10" and v["armed"] == P("H11") and "touch it again" in c.state.message
    c.click(P("H11"), touch_cell=23.0)
    assert c.view()["position"] == "15x19_X_H10_H11" and c.view()["armed"] is None
    c.click(P("H12"), touch_cell=40.0)  # a larger board, or a mouse (None): one touch places
    assert c.view()["position"] == "15x19_O_H10_H11H12"
