"""Every CLI subcommand with bad arguments: one clear line on stderr, exit status 2, never an internal error."""

from __future__ import annotations

import pytest

from phutball.cli.main import main

POS = "9x9_O_E5_E6E7E8D4D6"
HUGE = "9" * 10_000
LONG = "x" * 120_000

BAD = {
    "none": [],
    "unknown": ["frobnicate"],
    "position": [["position", "--size", "4x4"], ["position", "--men", "Z99"], ["position", "--to-move", "Q"],
                 ["position", "--ball", "E٥", "--size", "9x9"], ["position", "--men", "E6,E6", "--size", "9x9"],
                 ["position", "--size", HUGE]],
    "show": [["show"], ["show", "9x9_O_E٥"], ["show", LONG], ["show", "9x9_O_E5_E5"], ["show", "\x00"]],
    "moves": [["moves", POS, "--limit", "10000000000000000000000"], ["moves", POS, "--limit", "-1"],
              ["moves", POS, "--max-nodes", "-1"], ["moves", POS, "--limit", "٥"], ["moves", "9x9"]],
    "win": [["win", POS, "--max-nodes", "0"], ["win", POS, "--max-nodes", HUGE], ["win", "15x19_O_Z1"]],
    "check": [["check", "/nonexistent/record.phut"]],
    "play": [["play", "--size", "2x2"], ["play", "--position", "9x9_O_Z9"], ["play", "--max-nodes", "-3"],
             ["play", "--computer", "Z"], ["play", "--level", "impossible"]],
    "hint": [["hint", "9x9_O_E9"], ["hint", POS, "--max-nodes", "-1"], ["hint", POS, "--level", "x"], ["hint", LONG]],
    "analyse": [["analyse", "9x9_O_E9"], ["analyse", POS, "--depth", "0"], ["analyse", POS, "--depth", HUGE],
                ["analyse", POS, "--level", "x"], ["analyse", LONG], ["analyse", "L_" + "o" * 20 + "*"],
                ["analyse", "L_.*" + "o" * 20]],
    "review": [["review", "/nonexistent/record.phut"], ["review", "/dev/null", "--max-nodes", "-5"]],
    "solve1d": [["solve1d", "o*o.o.o...."], ["solve1d", "L_" + "o" * 30 + "*..."], ["solve1d", "L_o*o٥"],
                ["solve1d", "o*o", "--to-move", "up"]],
    "potential": [["potential", "..o|o|o"], ["potential", ""], ["potential", LONG]],
    "puzzles check": [["puzzles", "check", "/nonexistent"], ["puzzles"]],
    "puzzles generate": [["puzzles", "generate", "--tries", "1000000000000", "--count", "1", "--min-n", "3",
                          "--max-n", "3"], ["puzzles", "generate", "--count", "-1"],
                         ["puzzles", "generate", "--max-n", "24"], ["puzzles", "generate", "--min-n", "9", "--max-n", "5"],
                         ["puzzles", "generate", "--seed", HUGE], ["puzzles", "generate", "--id-prefix", "A B"]],
    "puzzles respond": [["puzzles", "respond", "9x9_O_E5"], ["puzzles", "respond", "L_*"], ["puzzles", "respond", HUGE]],
    "puzzles judge": [["puzzles", "judge", "L_o*o.o.o....", "2-\x1d4-24"], ["puzzles", "judge", "L_o*o.o.o....", HUGE],
                      ["puzzles", "judge", "L_o*o.o.o....", "99"]],
}
CASES = [pytest.param(argv, id=f"{name}-{i}") for name, cases in BAD.items()
         for i, argv in enumerate(cases if cases and isinstance(cases[0], list) else [cases])]


@pytest.mark.parametrize("argv", CASES)
def test_bad_arguments(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and "error" in err
    assert len(err) < 1000  # long input is quoted shortened


def test_bad_puzzle_files(tmp_path, capsys):
    bad = {
        "nested.json": "[" * 50_000 + "]" * 50_000,
        "huge.json": '{"format": "phutball-puzzles/1", "puzzles": [{"difficulty": ' + "9" * 10_000 + "}]}",
        "types.json": '{"format": "phutball-puzzles/1", "puzzles": [{"id": "a", "title": "t", "source": '
                      '{"kind": "composed"}, "variant": "2D", "position": "9x9_O_E5_E6E7E8", "task": "safe-move", '
                      '"difficulty": 1, "text": "", "main_line": ["E4"], "trap": null}]}',
    }
    for name, text in bad.items():
        f = tmp_path / name
        f.write_text(text)
        assert main(["puzzles", "check", str(f)]) == 2, name
        err = capsys.readouterr().err
        assert "internal error" not in err and len(err.strip().splitlines()) == 1, name


def test_bad_record_is_reported(tmp_path, capsys):
    f = tmp_path / "r.phut"
    f.write_text(f'[Size "9x9"]\n\n{HUGE}. E6\n')
    assert main(["check", str(f)]) == 1
    out, err = capsys.readouterr()
    assert "invalid" in out and "internal error" not in err and len(out) < 1000
