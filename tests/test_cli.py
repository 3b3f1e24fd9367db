"""The command line, used the way a person or a script would."""

import json
import io
import re
import subprocess
import sys

import pytest

from phutball.ai import LEVELS
from phutball.board import Position
from phutball.cli.main import main
from helpers import CYCLE, CYCLE_START, FULL_5, FULL_7, LOST_1


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_position_defaults_to_the_start(capsys):
    assert run(capsys, "position") == (0, "15x19_O_H10\n", "")


def test_position_with_men_ball_and_side(capsys):
    code, out, _ = run(capsys, "position", "--men", "J7,H8,G10,H11", "--ball", "K6", "--to-move", "X")
    assert (code, out) == (0, "15x19_X_K6_G10H8H11J7\n")
    code, out, _ = run(capsys, "position", "--size", "9x9", "--json")
    assert json.loads(out) == {"position": "9x9_O_E5"}


def test_moves_json_has_jumps_winning_and_placements(capsys):
    code, out, _ = run(capsys, "moves", "15x19_O_K6_J7H8G10H11", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["jumps"] == ["K6-G9", "K6-G9-G11", "K6-G9-G11-J11"]
    assert data["truncated"] is False and data["winning"] == []
    assert len(data["placements"]) == 15 * 19 - 5 and "A1" in data["placements"]


def test_moves_limit_truncates(capsys):
    code, out, _ = run(capsys, "moves", "15x19_O_K6_J7H8G10H11", "--json", "--limit", "2")
    data = json.loads(out)
    assert data["jumps"] == ["K6-G9", "K6-G9-G11"] and data["truncated"] is True


def test_moves_limit_counts_jumps(capsys):
    assert main(["moves", "9x9_O_E5_E6E7E8D4D6", "--limit", "1"]) == 0
    assert "1+ jumps" in capsys.readouterr().out


def test_moves_lists_winning_jumps(capsys):
    code, out, _ = run(capsys, "moves", "5x5_O_B3_B4C4", "--json")
    data = json.loads(out)
    assert data["winning"] == ["B3-B5", "B3-D5"]
    assert data["jumps"] == ["B3-B5", "B3-B5-D3", "B3-D5"]


def test_win_command(capsys):
    code, out, _ = run(capsys, "win", "5x5_O_B3_B4C4")
    assert (code, out) == (0, "winning jump: B3-B5\n")


@pytest.mark.parametrize("argv,quoted", [
    (["moves", "15x19_O_Z99"], "'15x19_O_Z99'"),
    (["moves", "15x19_O_H10_H10"], "'15x19_O_H10_H10'"),
    (["position", "--men", "J7,I8"], "'I8'"),
    (["position", "--size", "16x16"], "'16x16'"),
    (["position", "--to-move", "Q"], "'Q'"),
    (["show", "garbage"], "'garbage'"),
])
def test_bad_input_is_one_clear_line_and_exit_2(capsys, argv, quoted):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and quoted in err and "Traceback" not in err


def test_check_valid_and_invalid_records(tmp_path, capsys):
    good = tmp_path / "good.phut"
    good.write_text('[Size "9x9"]\n\n1. E6 E4 2. E5-E7\n')
    code, out, _ = run(capsys, "check", str(good))
    assert code == 0 and "valid, 3 moves" in out and "Ohs" not in out
    bad = tmp_path / "bad.phut"
    bad.write_text('[Size "9x9"]\n\n1. E6 E6\n')
    code, out, _ = run(capsys, "check", str(bad), "--json")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False and "line 3" in data["error"]
    code, _, err = run(capsys, "check", str(tmp_path / "missing.phut"))
    assert code == 2 and "cannot read" in err


def test_console_entry_point_never_prints_a_traceback():
    proc = subprocess.run([sys.executable, "-m", "phutball", "moves", "not-a-position"],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "'not-a-position'" in proc.stderr


def test_play_in_the_terminal_against_the_computer():
    script = "E6\nZ9\nundo\nE6\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "phutball", "play", "--size", "9x9", "--computer", "X"],
                          input=script, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Eks (computer) plays" in proc.stdout
    assert "error: illegal move 'Z9': men go on rows 1-9 of columns A-J" in proc.stdout


def test_the_computer_in_the_terminal_varies_from_game_to_game_unless_seeded(capsys, monkeypatch):
    """Issue 44: each game seeds the computer's choices at a weak level; --seed repeats a game."""
    def replies(*seed: str) -> list[str]:
        monkeypatch.setattr("sys.stdin", io.StringIO("A1\nJ1\nA9\nquit\n"))  # far from the ball: always legal
        assert main(["play", "--size", "9x9", "--computer", "X", "--level", "novice", *seed]) == 0
        return [line.split(" plays ")[1] for line in capsys.readouterr().out.splitlines() if "(computer) plays" in line]
    seeded = replies("--seed", "7")
    assert len(seeded) == 3 and replies("--seed", "7") == seeded
    assert len({tuple(replies()) for _ in range(4)}) > 1


def test_hint_prints_the_engines_move_and_refuses_a_finished_game():
    proc = subprocess.run([sys.executable, "-m", "phutball", "hint", "9x9_O_E5_E6E7E8", "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["move"] == "E5-E9" and data["outcome"] == "win in 1" and data["reason"] == "win-in-one"
    proc = subprocess.run([sys.executable, "-m", "phutball", "hint", "9x9_X_E5_E6", "--level", "easy",
                           "--max-nodes", "100"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "depth" in proc.stdout
    proc = subprocess.run([sys.executable, "-m", "phutball", "hint", "9x9_O_E9"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "game is over" in proc.stderr


@pytest.mark.parametrize("level", list(LEVELS))
def test_hint_cli_on_a_lost_position(capsys, level):
    assert main(["hint", LOST_1, "--level", level, "--json"]) == 0
    move = json.loads(capsys.readouterr().out)["move"]
    Position.from_str(LOST_1).play(move)


def test_full_board_cli(capsys, monkeypatch):
    assert main(["hint", FULL_7, "--level", "easy"]) == 0
    assert "D3-" in capsys.readouterr().out
    monkeypatch.setattr("builtins.input", lambda prompt="": (_ for _ in ()).throw(EOFError))
    assert main(["play", "--position", FULL_5.replace("_O_", "_X_"), "--computer", "X", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "Eks (computer) plays C3-C0" in out and "Eks scored a goal" in out


def _play_pv(position, pv):
    from phutball import Position
    pos = Position.from_str(position)
    for move in pv:
        pos = pos.play(move)  # raises if a move of the line is illegal
    return pos


# Ohs (aiming at row 9), to move:      win in 1 (E5-E9)            win in 2 (E8, then F7-C10 whatever Eks do)
#  9 . . . . . . . . .                  9 . . . . . . .
#  8 . . . . o . . . .                  8 . o . . . . .
#  7 . . . . o . . . .                  7 . o o o . * .
#  6 . . . . o . . . .                  6 . o . . . . .
#  5 . . . . * . . . .                  5 . o . o . . .
#  4 . . . . . . . . .                  4 . . . o . . o
#  3 . . . . . . . . .                  3 o . . . . . .
#  2 . . . . . . . . .                  2 . . . . . . .
#  1 . . . . . . . . .                  1 . . . . . . .
@pytest.mark.parametrize("position, plies, text", [
    ("9x9_O_E5_E6E7E8", 1, "Ohs win in 1"),
    ("7x9_O_F7_A3B5B6B7B8C7D4D5D7G4", 3, "Ohs win in 2"),
])
def test_analyse_reports_a_forced_win_with_a_legal_line(capsys, position, plies, text):
    code, out, err = run(capsys, "analyse", position, "--json")
    data = json.loads(out)
    assert (code, err) == (0, "")
    assert data["mate"] == plies and data["text"] == text and len(data["pv"]) == plies
    assert _play_pv(position, data["pv"]).winner == "O"
    code, out, _ = run(capsys, "analyse", position)
    assert code == 0 and text in out and " ".join(data["pv"]) in out


def test_analyse_deepens_to_the_depth_asked(capsys):
    code, out, _ = run(capsys, "analyse", "9x9_O_E5", "--depth", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["depth"] == 3 and [it["depth"] for it in data["iterations"]] == [1, 2, 3]
    assert data["text"].startswith("Ohs ") and re.search(r" rows, \d+% to win$", data["text"])
    _play_pv("9x9_O_E5", data["pv"])


def test_review_marks_a_missed_win_in_one(tmp_path, capsys):
    # Ohs could jump E5-E9 and win; they place A9, and Eks jump E5-E1 to their goal instead.
    record = tmp_path / "missed.phut"
    record.write_text('[Size "9x9"]\n[Setup "9x9_O_E5_E2E3E4E6E7E8"]\n\n1. A9 E5-E1\n')
    code, out, _ = run(capsys, "review", str(record), "--json")
    data = json.loads(out)
    assert code == 0 and data["moves"] == 2
    assert [(m["ply"], m["move"], m["side"], m["label"], m["better"]) for m in data["marks"]] == [
        (0, "A9", "O", "blunder", "E5-E9")]
    assert data["chances"] == [1.0, 0.0, 0.0] and data["summary"]["O"] == {"moves": 1, "mistakes": 0, "blunders": 1,
                                                                          "loss": 100.0}
    code, out, _ = run(capsys, "review", str(record))
    assert code == 0 and "1 blunder, 0 mistakes" in out and "1. A9 (Ohs): blunder" in out and "better E5-E9" in out
    assert "Ohs: 1 move, no mistakes, 1 blunder, 100% of the win chance lost a move on average." in out


def test_play_in_the_terminal_ends_in_a_draw_by_repetition():
    # Two people go round a 6-ply cycle twice: the start position comes back a third time.
    proc = subprocess.run([sys.executable, "-m", "phutball", "play", "--position", CYCLE_START],
                          input="\n".join(CYCLE * 2) + "\nA1\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip().endswith("a draw by repetition") and "error" not in proc.stdout
