"""The play page's feel (issue 26): the pie rule against the computer and between two players, the board
turned for the second side, the welcome panel's decision, which jump is animated, the move sounds, and what
the saved game keeps of them."""

import json

import pytest

from lab.opponent import Computer
from lab.play import PlayController
from lab.playfeel import animated_ply, computer_takes_swap, flip_key, move_sound, shows_welcome
from lab.savedgame import STORAGE_KEY, initial_controller, save
from lab.views.diagram import jump_frames, layout_for, play_shapes
from phutball import Point, Position
from phutball.ai import evaluate
from phutball.game import SWAP, Game

P = Point.from_str


class FakeStorage:
    def __init__(self, items=None):
        self.items = dict(items or {})

    def get_item(self, key):
        return self.items.get(key)

    def set_item(self, key, value):
        self.items[key] = value


def pie_vs_computer(computer: str) -> PlayController:
    c = PlayController.new("15x19_O_H10")
    c.new_game("15x19_O_H10", Computer(computer), pie=True)
    return c


# ---------------------------------------------------------------- the pie rule


def test_the_computer_second_swaps_when_the_first_move_favours_the_mover():
    above = Position.from_str("15x19_O_H10").play("H11")   # a man above the ball: good for Ohs
    below = Position.from_str("15x19_O_H10").play("H9")    # below it: good for Eks
    assert evaluate(above) < 0 <= evaluate(below)          # the rule is the engine's evaluation, for Eks
    assert computer_takes_swap(above) and not computer_takes_swap(below)
    assert not computer_takes_swap(Position.from_str("15x19_X_H20"))      # a game over: no swap

    c = pie_vs_computer("X")
    assert not c.state.flipped                                     # you play Ohs: Ohs attacks upward
    c.click(P("H9"))
    assert c.state.computer_to_move() and not c.computer_swap()    # no swap: it searches a move as usual
    c = pie_vs_computer("X")
    c.click(P("H11"))
    assert not c.view()["can_swap"]                          # the button is the person's, not the computer's
    assert c.computer_swap()
    assert c.game.moves == ["H11", SWAP] and c.state.computer_plays == "O"
    assert "The computer swapped sides" in c.state.message and c.words.status() == "Your move (Eks, attacking the top)."
    assert c.state.flipped                                         # you now play Eks: the board turns
    c.history.undo()                                                 # takes back the swap and your first move
    assert c.game.cursor == 0 and c.state.computer_plays == "X" and c.words.status().startswith("Your move (Ohs")


def test_the_person_second_may_swap_after_the_computers_first_move():
    c = pie_vs_computer("O")
    assert c.state.flipped and c.state.computer_to_move() and not c.view()["can_swap"]
    c.computer_reply("H11")
    assert c.view()["can_swap"] and c.words.status() == "Your move (Eks, attacking the top)."  # the board is turned
    c.swap()
    assert c.state.computer_plays == "X" and c.state.computer_to_move() and not c.state.flipped
    assert c.state.message.startswith("You swapped sides: you take Ohs")
    assert c.view()["last_move"] == []                       # a swap moves nothing
    c.computer_reply("H9")
    assert c.words.status() == "Your move (Ohs, attacking the top)."
    c.swap()
    assert "only right after the first move" in c.state.error and c.game.moves == ["H11", SWAP, "H9"]
    record = c.export_record()
    assert '[Pie "yes"]' in record and "1. H11 swap 2. H9" in record


def test_two_players_swap_and_a_game_without_the_pie_rule_refuses():
    c = PlayController.new("9x9_O_E5")
    c.new_game("9x9_O_E5", pie=True)
    c.click(P("E6"))
    assert c.view()["can_swap"]
    c.swap()
    assert c.game.swapped and c.words.status() == "Eks to move (attacking the bottom)."
    assert [row["plies"] for row in c.move_list()] == [[(1, "E6"), (2, SWAP)]]
    plain = PlayController.new("9x9_O_E5")
    plain.click(P("E6"))
    plain.swap()
    assert not plain.view()["can_swap"] and "without the pie rule" in plain.state.error and plain.game.moves == ["E6"]


def test_the_dialog_remembers_the_pie_rule_and_a_rematch_keeps_it():
    c = pie_vs_computer("X")
    assert c.dialog_choice()["pie"] == ""
    c.state.pie_choice = True
    assert c.dialog_choice()["pie"] == "yes"
    c.rematch()
    assert c.game.pie and c.state.computer_side == "O" and c.state.flipped


# ---------------------------------------------------------------- the board turned


def test_a_turned_board_puts_each_point_under_the_click_that_hits_it():
    c = PlayController.new("9x9_O_E5", Computer("O"))
    c.new_game("9x9_O_E5", Computer("O"))
    assert c.state.flipped
    lay = layout_for(c.position, 400, 500, c.state.flipped)
    x, y = lay.xy(P("B2"))
    assert lay.hit(x, y) == P("B2")
    assert y < lay.xy(P("B8"))[1] and x > lay.xy(P("H2"))[0]   # row 2 above row 8, column B right of H
    labels = {s["s"]: (s["x"], s["y"]) for s in play_shapes(c.position, c.view(), 400, 500, show_cursor=False,
                                                           flipped=True) if s["t"] == "text"}
    assert labels["1"][1] < labels["9"][1] and labels["A"][0] > labels["J"][0]   # the coordinates turn too
    c.flip()
    assert not c.state.flipped and c.view()["flipped"] is False


def test_on_a_turned_board_the_arrow_keys_move_the_cursor_as_seen():
    assert flip_key("ArrowUp") == "ArrowDown" and flip_key("ArrowLeft") == "ArrowRight" and flip_key("u") == "u"
    c = PlayController.new("9x9_O_E5")
    c.state.flipped = True
    assert c.words.status() == "Ohs to move (attacking the bottom)."   # the goals' words follow the board as drawn
    c.key("ArrowUp")
    assert c.state.cursor == P("E4")                                  # up on the screen: towards row 1
    c.state.flipped = False
    c.key("ArrowUp")
    assert c.state.cursor == P("E5")


def test_the_saved_game_keeps_the_turned_board_and_the_sounds_switch():
    storage = FakeStorage()
    c = initial_controller(storage)
    c.new_game("9x9_O_E5", Computer("O"), pie=True)
    c.state.sounds = True
    c.computer_reply("E6")
    save(storage, c)
    data = json.loads(storage.items[STORAGE_KEY])
    assert data["flipped"] is True and data["sounds"] is True
    again = initial_controller(storage)
    assert again.state.flipped and again.state.sounds and again.game.pie and again.view()["can_swap"]
    data["flipped"] = "yes"
    bad = FakeStorage({STORAGE_KEY: json.dumps(data)})
    restored = initial_controller(bad)
    assert not restored.state.flipped and "flipped" in restored.state.error   # a wrong field falls back, saying so


# ---------------------------------------------------------------- welcome, animation, sounds


def test_the_welcome_panel_is_for_a_first_visit_only():
    fresh = Game(Position.start("15x19"))
    played = Game(Position.start("15x19"), ["H11"])
    assert shows_welcome(fresh, "")
    assert not shows_welcome(played, "")                       # a returning visitor: back in the game
    assert not shows_welcome(fresh, "9x9_O_E5")                # a link opens its position
    assert not shows_welcome(fresh, "", previous=played)       # a game a link replaced is theirs
    storage = FakeStorage()
    c = initial_controller(storage)
    assert shows_welcome(c.game, "", c.history.previous)
    c.click(P("H11"))
    save(storage, c)
    c = initial_controller(storage)
    assert not shows_welcome(c.game, "", c.history.previous)


def test_only_a_jump_one_step_forward_from_the_board_shown_is_animated():
    game = Game(Position.from_str("9x9_O_E5_E6E8"), ["E5-E7-E9"])
    before, after = str(game.positions[0]), str(game.positions[1])
    assert animated_ply(game, before, entering=False) == 1
    assert animated_ply(game, before, entering=True) is None   # entered hop by hop: already seen
    assert animated_ply(game, after, entering=False) is None
    game.undo()
    assert animated_ply(game, after, entering=False) is None   # Undo is not animated
    game.redo()
    frames = jump_frames(game, 1, 300, 360, flipped=True)
    assert len(frames) == 2                                    # one picture per hop
    ball = [s for s in frames[0] if s["t"] == "circle" and s.get("fill") == "var(--ball)"]
    lay = layout_for(game.positions[0], 300, 360, True)
    assert ball and (ball[0]["x"], ball[0]["y"]) == pytest.approx(lay.xy(P("E7")))


def test_each_move_makes_its_sound():
    game = Game(Position.from_str("9x9_O_E5_E6E8"), ["D4", SWAP, "E5-E7-E9"], pie=True)
    assert [move_sound(game, ply) for ply in range(4)] == [None, "move", None, "goal"]
    game = Game(Position.from_str("15x19_O_H10_H11"), ["H10-H12"])
    assert move_sound(game, 1) == "capture"
