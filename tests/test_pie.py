"""The pie rule in the engine's games (issue 26): the swap's legality, its undo/redo, records, repetitions."""

from __future__ import annotations

import pytest

from phutball import Position
from phutball.analysis import review_marks
from phutball.errors import IllegalMoveError, RecordError
from phutball.game import SWAP, Game, parse_any_position
from phutball.svg import game_shapes, placement_numbers


def pie_game(*moves: str, size: str = "9x9") -> Game:
    return Game(Position.start(size), list(moves), pie=True)


def test_swap_is_legal_only_at_the_second_ply_of_a_pie_game() -> None:
    game = pie_game()
    assert not game.can_swap()
    with pytest.raises(IllegalMoveError, match="second move"):
        game.push(SWAP)                       # no first move yet
    game.push("E4")
    assert game.can_swap()
    before = game.position
    assert game.push("Swap ") is before       # any case; the position is unchanged, Eks still to move
    assert game.moves == ["E4", SWAP] and game.swapped and game.position.to_move == "X"
    assert not game.can_swap()
    game.push("E6")
    with pytest.raises(IllegalMoveError, match=r"move 4"):
        game.push(SWAP)
    plain = Game(Position.start("9x9"), ["E4"])
    assert not plain.can_swap()
    with pytest.raises(IllegalMoveError, match="without the pie rule") as err:
        plain.push(SWAP)
    assert "'swap'" in str(err.value)         # the message quotes the bad input


def test_undo_redo_and_a_new_line_over_the_swap() -> None:
    game = pie_game("E4", SWAP, "E6")
    game.undo()
    game.undo()
    assert game.can_swap() and not game.swapped
    game.redo()
    assert game.swapped
    game.undo()
    game.push("D4")                            # a move instead of the swap drops the swap's line
    assert game.moves == ["E4", "D4"] and not game.swapped and not game.can_swap()


def test_swap_is_written_and_read_in_records() -> None:
    game = pie_game("E4", SWAP, "E6", "D5")
    record = game.to_record()
    assert '[Pie "yes"]' in record and "1. E4 swap 2. E6 D5" in record
    again = Game.from_record(record)
    assert again == game and again.pie and again.swapped and again.moves[1] == SWAP
    assert again.to_record() == record
    assert "Pie" not in Game(Position.start("9x9"), ["E4"]).to_record()     # off: not written
    assert Game.from_record(record.replace("swap", "SWAP")).moves[1] == SWAP
    assert not Game.from_record('[Size "9x9"]\n[Pie "no"]\n\n1. E4 E6\n').pie
    assert Game.from_record(record) != Game.from_record(record.replace('[Pie "yes"]\n', '').replace(" swap", " C3"))


@pytest.mark.parametrize("record, why", [
    ('[Size "9x9"]\n\n1. E4 swap\n', "without the pie rule"),
    ('[Size "9x9"]\n[Pie "yes"]\n\n1. E4 E6 2. swap\n', "only allowed as the second move"),
    ('[Size "9x9"]\n[Pie "maybe"]\n\n1. E4\n', 'Pie must be "yes" or "no"'),
])
def test_bad_swaps_in_records_are_record_errors(record: str, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        Game.from_record(record)


def test_the_swap_does_not_count_as_a_repetition() -> None:
    game = pie_game("E4", SWAP)
    assert not game.repetition_at(2)
    assert game.result == "*"


def test_diagrams_and_review_pass_over_the_swap() -> None:
    game = pie_game("E4", SWAP, "E6")
    assert {str(p): n for p, n in placement_numbers(game, 3).items()} == {"E4": 1, "E6": 3}
    after_swap = game_shapes(game, 2, 300, 300)
    assert after_swap and all(s.get("fill") != "var(--last)" for s in after_swap)  # a swap marks no last move
    marks = review_marks(Game(parse_any_position("9x9_O_E5"), ["E4", SWAP, "E6"], pie=True),
                         level="easy", max_nodes_per_position=200)
    assert all(m.move != SWAP for m in marks)


def test_a_shared_link_replays_a_game_with_a_swap() -> None:
    from lab.embedparams import parse_params, share_params, snippets
    game = pie_game("E6", SWAP, "E4")
    link = snippets("https://example.org/", share_params(game, "game")).link
    assert "moves=E6+swap+E4" in link
    again = parse_params(link.split("#", 1)[1]).game()
    assert again.moves == game.moves and again.pie
    with pytest.raises(Exception, match="move 3"):
        parse_params("position=9x9_O_E5&moves=E6+E4+swap").game()
