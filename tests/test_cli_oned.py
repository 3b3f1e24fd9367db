"""The solve1d and potential sub-commands (phutball/cli/oned.py, phutball/cli/puzzles.py): JSON, text, and bad input."""

import argparse
import json

import pytest

from phutball.cli.oned import add_subcommands, main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve1d_json(capsys):
    code, out, err = run(capsys, "solve1d", "o*o.o.o....", "--to-move", "left", "--json")
    assert code == 0 and err == ""
    d = json.loads(out)
    assert d["value"] == "win"
    assert d["winning_moves"] == [{"move": "2-4-6", "after": "o....*o....", "plies_to_win": 13}]


def test_solve1d_json_loss_and_game_ending_moves(capsys):
    code, out, _ = run(capsys, "solve1d", "o*o.ooo....", "--to-move", "left", "--json")
    d = json.loads(out)
    assert d["value"] == "loss" and d["winning_moves"] == []
    assert d["moves"][0]["move"] == "2-4-8"                   # the most stubborn defence first
    code, out, _ = run(capsys, "solve1d", "R_o*o.ooo....", "--json")
    d = json.loads(out)
    assert d["value"] == "win" and {"move": "2-0", "after": None, "plies_to_win": 1} in d["winning_moves"]


def test_solve1d_text(capsys):
    code, out, _ = run(capsys, "solve1d", "o*o.o.o....", "--to-move", "left")
    assert code == 0
    assert "Left wins in 13 plies" in out and "2-4-6" in out and "○•○·○·○····" in out


def test_solve1d_uses_the_book_for_24_squares(capsys):
    code, out, err = run(capsys, "solve1d", "......oooo.*oo.o........", "--to-move", "right", "--json")
    d = json.loads(out)
    assert code == 0 and err == ""
    assert d["value"] == "win" and [m["move"] for m in d["winning_moves"]] == ["12-15-17"]
    assert d["winning_moves"][0] == {"move": "12-15-17", "after": "......oooo......*.......", "plies_to_win": 33}


def test_potential_oddish_json(capsys):
    code, out, _ = run(capsys, "potential", "..ooo|ooo....o.", "--json")
    d = json.loads(out)
    assert code == 0 and d["pL"] == 1 and d["pR"] == 0
    assert d["left"]["psum"] == 2 and d["left"]["bsum"] == 1 and d["right"]["psum"] == d["right"]["bsum"] == 0


def test_potential_strip_json_and_text(capsys):
    code, out, _ = run(capsys, "potential", "L_o*o.o.o....", "--json")
    d = json.loads(out)
    assert code == 0 and (d["PL"], d["PR"]) == (0, 0) and d["oddish"]["pL"] == 0
    code, out, _ = run(capsys, "potential", "R_......oooo.*oo.o........", "--json")
    assert json.loads(out)["oddish"] is None
    code, out, _ = run(capsys, "potential", "o*o.o.o....")
    assert code == 0 and "PL = floor(0/4) + (1 - 1) = 0" in out and "odd groups" in out


@pytest.mark.parametrize("argv, fragment", [
    (["solve1d", "o*o.o.o...."], "--to-move"),
    (["solve1d", "o*o.x.o....", "--to-move", "left"], "unexpected character 'x'"),
    (["solve1d", "o*o.*.o....", "--to-move", "left"], "2 balls"),
    (["solve1d", "L_o*o.o.o....", "--to-move", "right"], "says Left to move"),
    (["solve1d", "<o.o.o....", "--to-move", "left"], "game is over"),
    (["solve1d", "." * 30 + "*", "--to-move", "left"], "game is over"),
    (["solve1d", "*" + "." * 30, "--to-move", "right"], "game is over"),
    (["solve1d", "." * 15 + "*" + "." * 15, "--to-move", "right"], "too long"),
    (["potential", "..o|o|o"], "2 arrows"),
    (["potential", "L_*o.."], "game is over"),
    (["potential", "abc"], "unexpected character"),
])
def test_bad_input_exits_2_with_a_message(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"phutball {argv[0]}: error: ") and fragment in err and "Traceback" not in err


def test_add_subcommands_wires_handlers():
    ap = argparse.ArgumentParser()
    add_subcommands(ap.add_subparsers(dest="command"))
    args = ap.parse_args(["potential", "..o|o", "--json"])
    assert callable(args.func) and args.json
