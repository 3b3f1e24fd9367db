"""Regression tests for issue 15 (engine, CLI and loaders), each with the issue's reproducer."""

from __future__ import annotations

import json
from itertools import islice

import pytest

from phutball import ai
from phutball.ai import LEVELS, YIELD_EVERY, Searcher, choose_move
from phutball.board import BoardSize, Position
from phutball.notation import Point
from phutball.cli.main import main
from phutball.errors import IllegalPositionError, NoMoveError, ParseError, PhutballError, RecordError, quote
from phutball.game import Game
from phutball.notation import parse_strip_move
from phutball.puzzles.format import PuzzleFormatError, load_text
from phutball.oned.solve import MAX_SOLVE_N, solve_strip

# ---------------------------------------------------------------- item 4: no null move "P-1"

LOST_1 = ("15x19_O_C3_A1A2A3A4A5A6A7A8A9A10A11A12A13A14A15A16A17A18A19B1B2B3B4B5B6B7B8B9B10B11B12B13B14B15"
          "B16B17B18B19C1C2C5C6C10C11C12C13C14C15C16C17C18C19D1D2D3E1E2E3E15E16E17E18E19F2F3F11F12G2G3G12G13"
          "G15G16G17G18G19H12H18J15J16J17J19K18L5L15L16L17L19M15M18N15N16N17N19O14O15O18P15P16P17P19")
LOST_2 = ("15x19_X_B16_A2A10A13B1B3B4B5B6B8B10B11B12B14B19C6C8C12C16D7D8D9D10D12D14D16D17D18E2E4E5E8E9E10"
          "E11E12E13E14E16E17E19F4F6F7F12F14F16F18G5G6G7G8G9G10G12G14G17G18H1H2H6H7H10H13H14J6J7J8J9J15J16"
          "J17K2K3K6K7K14K16K18K19L1L4L7L8L9L10L11L12L13L16L17L19M1M10M11M12M14N2N3N5N12N13N19O2O5O8O10O12"
          "O15O17O18O19P1P3P4P6P11P12P17P18P19")


@pytest.mark.parametrize("text", [LOST_1, LOST_2])
@pytest.mark.parametrize("level", list(LEVELS))
def test_lost_positions_get_a_legal_move(text, level):
    pos = Position.from_str(text)
    move = Searcher(pos, level, max_seconds=30).run().best
    pos.play(move)  # raises if the move is not legal (it was the null move P-1)
    assert str(move) != "P-1"


@pytest.mark.parametrize("level", list(LEVELS))
def test_hint_cli_on_a_lost_position(capsys, level):
    assert main(["hint", LOST_1, "--level", level, "--json"]) == 0
    move = json.loads(capsys.readouterr().out)["move"]
    Position.from_str(LOST_1).play(move)


# ---------------------------------------------------------------- item 5: full boards, no legal move

FULL_5 = "5x5_O_C3_A1A2A3A4A5B1B2B3B4B5C1C2C4C5D1D2D3D4D5E1E2E3E4E5"
FULL_7 = ("7x7_X_D3_A1A2A3A4A5A6A7B1B2B3B4B5B6B7C1C2C3C4C5C6C7D1D2D4D5D6D7E1E2E3E4E5E6E7F1F2F3F4F5F6F7"
          "G1G2G3G4G5G6G7")


@pytest.mark.parametrize("text", [FULL_5, FULL_7, FULL_5.replace("_O_", "_X_")])
@pytest.mark.parametrize("level", list(LEVELS))
def test_full_board_does_not_crash(text, level):
    pos = Position.from_str(text)
    assert not pos.placements() and pos.has_moves and not pos.is_drawn and pos.result is None
    pos.play(choose_move(pos, level))


def test_full_board_cli(capsys, monkeypatch):
    assert main(["hint", FULL_7, "--level", "easy"]) == 0
    assert "D3-" in capsys.readouterr().out
    monkeypatch.setattr("builtins.input", lambda prompt="": (_ for _ in ()).throw(EOFError))
    assert main(["play", "--position", FULL_5.replace("_O_", "_X_"), "--computer", "X", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "Eks (computer) plays C3-C0" in out and "Eks scored a goal" in out


def test_no_legal_move_rule_on_a_full_board():
    """The rule (a draw when the side to move has no legal move) never triggers on a 2D board:
    with every point taken, the ball's column is a line of men to an off-board row, so the
    straight jump along it is always legal.  Diagram (Ohs to move, 5x5, full)::

        o o o o o
        o o o o o
        o o * o o      C3-C6 jumps C4 C5 and lands past row 5: Ohs win; C3-C0 is Eks' goal.
        o o o o o
        o o o o o
    """
    pos = Position.from_diagram("""
        o o o o o
        o o o o o
        o o * o o
        o o o o o
        o o o o o
    """)
    assert pos.placements() == []
    assert [str(j) for j in pos.jumps() if len(j.path) == 2 and j.end.col == 3] == ["C3-C0", "C3-C6"]
    for size in (BoardSize(5, 5), BoardSize(7, 9), BoardSize(25, 25)):
        for ball in (Point(1, 2), size.centre, Point(size.width, size.height - 1)):
            men = frozenset(p for p in size.points() if p != ball)
            for side in "OX":
                q = Position(size, men, ball, side)
                assert q.has_moves and not q.is_drawn and not q.is_over and q.result is None


class _Stuck:
    """A position whose side to move has no legal move (2D boards cannot have one; see above)."""

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


def test_searcher_refuses_a_finished_game_with_a_typed_error():
    won = Position.from_str("9x9_X_E9")
    with pytest.raises(NoMoveError, match="Ohs won"):
        Searcher(won)
    with pytest.raises(NoMoveError):
        choose_move(won, "easy")


def test_record_rejects_a_no_legal_move_termination_while_moves_remain():
    rec = '[Result "draw"]\n[Termination "no legal move"]\n\n1. H11\n'
    with pytest.raises(RecordError, match="still has a legal move"):
        Game.from_record(rec)


# ---------------------------------------------------------------- items 6 and 14: bounded, lazy results


def _dense(width: int = 25, height: int = 25, seed: int = 1) -> Position:
    """Men on 80% of rows 5..height-4 and none near the goals: thousands of jump results, no win in one."""
    import random
    rng = random.Random(seed)
    size = BoardSize(width, height)
    ball = size.centre
    men = frozenset(p for p in size.points() if 5 <= p.row <= height - 4 and p != ball and rng.random() < 0.8)
    return Position(size, men, ball, "O")


def test_results_has_a_default_bound_and_is_lazy():
    pos = _dense(15, 19)
    assert pos.find_winning_jump().status == "none"
    assert len(pos.results()) == 2_000
    assert len(pos.results(limit=5)) == 5
    first = list(islice(pos.iter_results(), 3))
    assert [j for _, j in first] == list(pos.results(limit=3).values())
    assert all(pos.play(j) == q for q, j in first)


def test_hard_search_yields_progress_before_listing_many_jumps(monkeypatch):
    """The root's jump listing is consumed lazily: the first progress comes after a few results."""
    consumed = []
    real = ai.jump_results

    def counting(*args):
        for item in real(*args):
            consumed.append(item)
            yield item

    monkeypatch.setattr(ai, "jump_results", counting)
    pos = _dense()
    s = Searcher(pos, "hard")
    steps = s.steps()
    first = next(steps)
    assert not first.done and len(consumed) <= YIELD_EVERY + 1
    steps.close()  # "move now"
    pos.play(s.best())


def test_hard_search_root_listing_stops_on_time():
    """A clock that jumps past the budget stops the search inside the root listing, with a legal move."""
    ticks = iter(range(0, 10**6, 100))
    pos = _dense()
    s = Searcher(pos, "hard", clock=lambda: next(ticks))
    last = s.run()
    assert last.reason in ("time", "win-in-one")
    pos.play(last.best)


# ---------------------------------------------------------------- items 7, 15: CLI numbers, solve_strip


@pytest.mark.parametrize("argv", [
    ["moves", "9x9_O_E5_E6E7E8D4D6", "--limit", "10000000000000000000000"],
    ["moves", "9x9_O_E5_E6E7E8D4D6", "--limit", "9223372036854775807"],
    ["moves", "9x9_O_E5_E6E7E8D4D6", "--limit", "-1"],
    ["moves", "9x9_O_E5_E6E7E8D4D6", "--max-nodes", "-5"],
    ["win", "9x9_O_E5_E6E7E8D4D6", "--max-nodes", "-1"],
    ["hint", "9x9_O_E5_E6E7E8D4D6", "--max-nodes", "0"],
    ["puzzles", "generate", "--tries", "1000000000000", "--count", "1", "--min-n", "3", "--max-n", "3"],
])
def test_cli_bad_numbers_are_one_line_usage_errors(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "must be a whole number" in err and "internal" not in err


def test_moves_limit_counts_jumps(capsys):
    assert main(["moves", "9x9_O_E5_E6E7E8D4D6", "--limit", "1"]) == 0
    assert "1+ jumps" in capsys.readouterr().out


@pytest.mark.parametrize("n", [MAX_SOLVE_N + 1, 30, 2])
def test_solve_strip_refuses_lengths_outside_3_to_24(n):
    with pytest.raises(IllegalPositionError, match="3..24"):
        solve_strip(n)


# ---------------------------------------------------------------- item 11: generation is bounded


def test_generate_on_a_tiny_strip_returns(capsys):
    assert main(["puzzles", "generate", "--tries", "10000000", "--count", "1", "--min-n", "3", "--max-n", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["puzzles"]) <= 1


# ---------------------------------------------------------------- item 8: huge integers

HUGE = "9" * 10_000


def test_record_with_a_huge_move_number():
    with pytest.raises(RecordError, match="expected move number 1"):
        Game.from_record(f"[Size \"9x9\"]\n\n{HUGE}. E6\n")


def _file(**fields) -> str:
    p = {"id": "a", "title": "t", "source": {"kind": "composed"}, "variant": "2D", "position": "9x9_O_E5_E6E7E8",
         "task": "win", "difficulty": 1, "text": "", "main_line": ["E5-E9"]}
    p.update(fields)
    return json.dumps({"format": "phutball-puzzles/1", "puzzles": [p]})


def test_puzzle_file_with_a_huge_number():
    with pytest.raises(PuzzleFormatError):
        load_text(_file().replace('"difficulty": 1', f'"difficulty": {HUGE}'))
    with pytest.raises(PuzzleFormatError):
        load_text(_file().replace('"difficulty": 1', '"difficulty": 1' + "0" * 4000))


# ---------------------------------------------------------------- item 9: wrong JSON types, deep nesting


@pytest.mark.parametrize("field,value", [
    ("main_line", [["E5-E9"]]),           # a list where a move is expected
    ("main_line", 3),                     # an int where a list is
    ("difficulty", "2"),                  # a string where a number is
    ("traps", None),                      # null traps
    ("threat", ["E5-E9"]),                # a threat given as a list
    ("trap", 5),
    ("safe_moves", "E4"),
    ("positions", [1, 2]),
    ("source", {"kind": "paper", "ref": ["x"]}),
    ("min_jumps", "2"),
    ("through_own_goal", "yes"),
    ("lines", [[1]]),
    ("collection", None),
])
def test_puzzle_field_of_the_wrong_type_is_named(field, value):
    text = _file(**{field: value}) if field != "collection" else \
        json.dumps({"format": "phutball-puzzles/1", "collection": value, "puzzles": []})
    with pytest.raises(PuzzleFormatError, match=field):
        load_text(text)


def test_puzzle_answer_type_depends_on_the_task():
    with pytest.raises(PuzzleFormatError, match="answer"):
        load_text(_file(task="which-side", answer=["O"]))


def test_deeply_nested_puzzle_file():
    for text in ("[" * 100_000 + "]" * 100_000, '{"format": "phutball-puzzles/1", "puzzles": '
                 + "[" * 100_000 + "]" * 100_000 + "}"):
        with pytest.raises(PuzzleFormatError):
            load_text(text)


def test_puzzles_check_cli_on_a_wrong_type(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text(_file(threat=["E5-E9"]))
    assert main(["puzzles", "check", str(f)]) == 2
    err = capsys.readouterr().err
    assert "threat" in err and "internal" not in err


# ---------------------------------------------------------------- items 10, 18: digits, BOM, quotes


def test_1d_move_with_a_control_character():
    with pytest.raises(ParseError, match="square number"):
        parse_strip_move("2-\x1d4-24")


@pytest.mark.parametrize("text", ["9x9_O_E٥", "٩x9_O_E5", "9x9_O_E5_E٦"])
def test_non_ascii_digits_in_position_strings(text):
    with pytest.raises(ParseError):
        Position.from_str(text)


@pytest.mark.parametrize("text", ["٥", "2-٤"])
def test_non_ascii_digits_in_1d_moves(text):
    with pytest.raises(ParseError):
        parse_strip_move(text)


def test_record_with_a_byte_order_mark():
    game = Game.from_record('\ufeff[Size "9x9"]\n\n1. E6 E7\n')
    assert game.moves == ["E6", "E7"]


def test_long_inputs_are_quoted_shortened():
    long = "x" * 120_000
    with pytest.raises(ParseError) as e:
        Position.from_str(long)
    msg = str(e.value)
    assert len(msg) < 300 and "120000 characters" in msg and e.value.text == long
    assert quote("abc") == "'abc'" and quote("y" * 61).endswith("(61 characters)")


def test_play_controller_with_a_full_board_and_the_computer():
    """The play page's controller on a full board: the computer's move (a jump) is played, the game ends."""
    from lab.play import PlayController
    ctl = PlayController.new(FULL_5.replace("_O_", "_X_"), mode="computer", computer_side="X")
    assert ctl.computer_to_move()
    move = Searcher(ctl.position, "easy").run().best
    ctl.play_text(str(move))
    assert ctl.error == "" and ctl.status() == "Eks won." and ctl.view()["over"]
