"""Games: undo/redo, endings, and the game record format (round trips and bad records)."""

import pytest
from hypothesis import given, settings, strategies as st

from phutball import IllegalMoveError, Position, RecordError
from phutball.errors import IllegalError, NoMoveError, PhutballError
from phutball.game import Game, parse_any_position
from helpers import CYCLE, CYCLE_START

SAMPLE = """[Variant "2D"]
[Size "15x19"]
[Ohs "Alice"]
[Eks "Bob \\"the \\\\ builder\\""]
[Date "2026-11-21"]
[Result "*"]
[Termination "unfinished"]

1. H11 H9 2. H12 J10
"""


def test_push_undo_redo_and_redo_tail_dropped():
    g = Game(Position.start("9x9"))
    g.push("E6")
    g.push("E4")
    assert g.position.to_move == "O" and len(g.moves) == 2
    g.undo()
    assert str(g.position) == "9x9_X_E5_E6"
    g.redo()
    assert str(g.position) == "9x9_O_E5_E4E6"
    g.undo()
    g.push("D4")  # a new move drops the redo tail
    assert g.moves == ["E6", "D4"] and not g.can_redo()
    g.goto(0)
    assert g.position == g.start
    with pytest.raises(IllegalError):
        g.goto(5)


def test_illegal_push_keeps_the_game():
    g = Game(Position.start("9x9"))
    g.push("E6")
    with pytest.raises(IllegalMoveError):
        g.push("E6")
    assert g.moves == ["E6"]


def test_goal_ends_the_game_and_sets_the_result():
    g = Game(Position.from_str("9x9_O_E7_E8"))
    g.push("E7-E9")
    assert g.result == "O" and g.termination == "goal"
    assert "Ohs scored a goal" in g.result_text


def test_resignation_and_agreement():
    g = Game(Position.start("9x9"))
    g.push("E6")
    g.resign("X")
    assert (g.result, g.termination) == ("O", "resignation")
    with pytest.raises(IllegalError):
        g.push("A1")
    again = Game.from_record(g.to_record())
    assert again == g
    d = Game(Position.start())
    d.agree_draw()
    assert Game.from_record(d.to_record()).result == "draw"


def test_sample_record_round_trips_exactly():
    g = Game.from_record(SAMPLE)
    assert g.headers["Eks"] == 'Bob "the \\ builder"'
    assert g.to_record() == SAMPLE
    assert str(g.position) == "15x19_O_H10_H9H11H12J10"


def test_record_from_a_setup_position():
    start = Position.from_str("15x19_O_K6_J7H8G10H11")
    g = Game(start)
    g.push("K6-G9-G11-J11")
    text = g.to_record()
    assert '[Setup "15x19_O_K6_G10H8H11J7"]' in text
    assert "1. K6-G9-G11-J11" in text
    assert Game.from_record(text) == g


@st.composite
def random_games(draw):
    import random
    rng = random.Random(draw(st.integers(0, 10**6)))
    g = Game(Position.start(draw(st.sampled_from(["5x5", "7x7", "9x9", "15x19"]))))
    for _ in range(draw(st.integers(0, 30))):
        pos = g.position
        if pos.winner:
            break
        jumps = list(zip(range(20), pos.jumps()))
        if jumps and rng.random() < 0.5:
            g.push(rng.choice(jumps)[1])
        else:
            g.push(rng.choice(pos.placements()))
    return g


@given(random_games())
@settings(max_examples=60, deadline=None)
def test_random_games_round_trip(g):
    text = g.to_record()
    again = Game.from_record(text)
    assert again == g
    assert again.to_record() == text


@pytest.mark.parametrize("text,reason", [
    ("[Size 15x19]\n", "header must look like"),
    ('[Size "15x19"]\n[Size "9x9"]\n', "given twice"),
    ('[Size "16x19"]\n', "width must be odd"),
    ('[Variant "3D"]\n', "Variant must be"),
    ("1. H11 H11\n", "a man is already there"),
    ("1. H11 Q99\n", "move 2"),
    ("H11 H9\n", "expected move number 1"),
    ("1. H11 H9 3. H12\n", "expected move number 2"),
    ('[Result "O"]\n[Termination "goal"]\n\n1. H11\n', "must be by resignation"),
    ('[Result "maybe"]\n', "Result must be"),
    ('[Result "X"]\n[Termination "agreement"]\n\n1. K6\n', "must be by resignation"),
    ('[Setup "9x9_O_E7_E8"]\n[Result "X"]\n\n1. E7-E9\n', "goal for Ohs"),
    ('[Setup "9x9_O_E7_E8"]\n\n1. E7-E9 E1\n', "game is over"),
    ('[Setup "15x19_O_nonsense"]\n', "expected a column letter"),
    ('[Size "9x9"]\n[Setup "15x19_O_H10"]\n', "Size says 9x9"),
])
def test_bad_records_raise_record_errors(text, reason):
    with pytest.raises(RecordError, match=reason):
        Game.from_record(text)


def test_record_error_names_the_line():
    with pytest.raises(RecordError, match="line 3"):
        Game.from_record('[Size "9x9"]\n\n1. E6 E6\n')


def test_record_with_a_huge_move_number():
    with pytest.raises(RecordError, match="expected move number 1"):
        Game.from_record(f"[Size \"9x9\"]\n\n{'9' * 10_000}. E6\n")


def test_record_with_a_byte_order_mark():
    game = Game.from_record('\ufeff[Size "9x9"]\n\n1. E6 E7\n')
    assert game.moves == ["E6", "E7"]


def test_parse_any_position_dispatches_2d():
    pos = parse_any_position("15x19_O_H10_H11")
    assert type(pos) is Position and pos == Position.from_str("15x19_O_H10_H11")
    assert (pos.size.width, pos.size.height, str(pos.ball), pos.to_move) == (15, 19, "H10", "O")


def test_result_without_termination_means_resignation():
    g = Game.from_record('[Result "X"]\n\n1. H11\n')
    assert (g.result, g.termination) == ("X", "resignation")


def test_third_repetition_is_a_draw_and_ends_the_game():
    g = Game(Position.from_str(CYCLE_START), CYCLE)
    assert g.result == "*" and not g.repetition_at(6)
    for move in CYCLE[:-1]:
        g.push(move)
    assert g.result == "*"
    g.push(CYCLE[-1])  # the start position for the third time
    assert g.repetition_at(12) and not g.repetition_at(11)
    assert (g.result, g.termination, g.result_text) == ("draw", "repetition", "a draw by repetition")
    with pytest.raises(IllegalError, match="repetition"):
        g.push("A1")
    with pytest.raises(IllegalError, match="over"):
        g.agree_draw()
    g.undo()  # taking the move back and playing another reopens the game
    g.push("A1")
    assert (g.result, g.termination, len(g.moves)) == ("*", "unfinished", 12)


def test_repetition_record_round_trips_and_is_checked():
    g = Game(Position.from_str(CYCLE_START), CYCLE * 2)
    text = g.to_record()
    assert '[Result "draw"]' in text and '[Termination "repetition"]' in text
    assert Game.from_record(text) == g and Game.from_record(text).to_record() == text
    body = text.split("\n\n", 1)[1]
    setup = f'[Setup "{CYCLE_START}"]\n'
    with pytest.raises(RecordError, match="draw by repetition"):
        Game.from_record(setup + '[Result "O"]\n[Termination "resignation"]\n\n' + body)
    with pytest.raises(RecordError, match="game is over"):
        Game.from_record(setup + "\n" + body.strip() + " 7. A1\n")
    with pytest.raises(RecordError, match="no position occurs three times"):
        Game.from_record(setup + '[Result "draw"]\n[Termination "repetition"]\n\n1. A1\n')
    assert Game.from_record(setup + "\n" + body).result == "draw"  # the moves alone say it


# ---------------------------------------------------------------- a draw by no legal move


class _Stuck:
    """A position whose side to move has no legal move (2D boards cannot have one: see test_rules.py)."""

    to_move = "O"
    winner = None
    is_drawn = True

    def play(self, move):
        raise NoMoveError("no move", move, "the game is over (a draw: no legal move)")


def test_game_records_a_draw_by_no_legal_move():
    game = Game(_Stuck())
    assert (game.result, game.termination, game.result_text) == ("draw", "no legal move", "a draw: no legal move")
    with pytest.raises(PhutballError):
        game.resign("O")
    with pytest.raises(NoMoveError):
        game.push("A1")


def test_record_rejects_a_no_legal_move_termination_while_moves_remain():
    rec = '[Result "draw"]\n[Termination "no legal move"]\n\n1. H11\n'
    with pytest.raises(RecordError, match="still has a legal move"):
        Game.from_record(rec)
