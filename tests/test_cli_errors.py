"""Every CLI subcommand with bad arguments: one clear line on stderr, exit status 2, never an internal error.

Issue 24: every file argument with a file that cannot be read (``/dev/zero``, 10 MB + 1, long
names and paths, bytes that are not UTF-8, a directory, a missing file), every argument with a
100,000-character value, and ``play`` on input that is not UTF-8 or has no line break.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from phutball.cli.common import MAX_ERROR_LINE, MAX_FILE_BYTES
from phutball.cli.main import build_parser, main

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


@pytest.mark.parametrize("argv", [
    ["moves", POS, "--limit", "10000000000000000000000"],
    ["moves", POS, "--limit", "9223372036854775807"],
    ["moves", POS, "--limit", "-1"],
    ["moves", POS, "--max-nodes", "-5"],
    ["win", POS, "--max-nodes", "-1"],
    ["hint", POS, "--max-nodes", "0"],
    ["puzzles", "generate", "--tries", "1000000000000", "--count", "1", "--min-n", "3", "--max-n", "3"],
])
def test_cli_bad_numbers_are_one_line_usage_errors(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "must be a whole number" in err and "internal" not in err


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


# ---------------------------------------------------------------- file arguments and huge values (issue 24)

RECORD = '[Size "9x9"]\n\n1. E6 E4\n'
PUZZLES = ('{"format": "phutball-puzzles/1", "puzzles": [{"id": "a", "title": "t", "source": {"kind": "composed"}, '
           '"variant": "1D", "position": "L_o*o.o.o....", "task": "win", "difficulty": 1, "text": "", '
           '"main_line": ["2-4-6", "5", "8", "6-4", "5", "3", "4-6-9", "8", "10", "9-7", "8", "2", "7-9-11"]}]}')

#: Every command that reads a file argument, FILE standing for it.
FILE_COMMANDS = {"check": ["check", "FILE"], "review": ["review", "FILE", "--max-nodes", "50"],
                 "puzzles check": ["puzzles", "check", "FILE"]}


def one_short_error_line(code: int, err: str) -> None:
    """What every bad input must give: exit status 2 and one short error line, no traceback."""
    assert code == 2, err[:500]
    assert err.endswith("\n") and err.count("\n") == 1, err[:500]
    assert len(err) <= MAX_ERROR_LINE + 1 and "error" in err
    assert "internal error" not in err and "Traceback" not in err


def bad_files(tmp: Path) -> dict[str, tuple[str, str]]:
    """Case -> (the file argument, a fragment of the error line)."""
    big = tmp / "big.phut"
    with open(big, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: refused without being read
    latin1 = tmp / "latin1.phut"
    latin1.write_bytes(b'[Size "9x9"]\n\n1. E6 \xe9\n')
    folder = tmp / "folder"
    (folder / "inner.json").mkdir(parents=True)  # a directory; in a directory, a *.json that is one
    return {
        "dev-zero": ("/dev/zero", "not a regular file (a character device)"),
        "10MB+1": (str(big), f"more than {MAX_FILE_BYTES:,} bytes"),
        "name-300": (str(tmp / ("n" * 300)), "file name too long"),
        "path-5000": (str(tmp) + "/p" * 2500, "file name too long"),
        "not-utf8": (str(latin1), "not UTF-8 text (byte 0xe9 at offset 20)"),
        "directory": (str(folder), "is a directory"),
        "missing": (str(tmp / "missing.phut"), "no such file or directory"),
        "nul": (str(tmp / "a\x00b"), "NUL"),
    }


CASES_FILES = ["dev-zero", "10MB+1", "name-300", "path-5000", "not-utf8", "directory", "missing", "nul"]


@pytest.mark.parametrize("case", CASES_FILES)
@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_file_arguments_that_cannot_be_read(tmp_path, capsys, command, case):
    """/dev/zero, 10 MB + 1, a 300-character name, a 5,000-character path, bytes that are not UTF-8,
    a directory, a missing file, a NUL: one line naming the file (quoted once, cut) and why; exit 2."""
    path, fragment = bad_files(tmp_path)[case]
    code = main([path if a == "FILE" else a for a in FILE_COMMANDS[command]])
    out, err = capsys.readouterr()
    one_short_error_line(code, err)
    assert out == "" and fragment in err and "cannot read" in err
    if case != "directory" or command != "puzzles check":  # (there it names the *.json inside)
        assert err.count(repr(path[:40])[:-1]) == 1  # the path quoted once, cut


@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_file_of_exactly_the_limit_is_read(tmp_path, capsys, command):
    f = tmp_path / "limit.phut"
    f.write_text(RECORD if command != "puzzles check" else PUZZLES)
    with open(f, "ab") as fh:
        fh.truncate(MAX_FILE_BYTES)  # padded with NULs: read, then refused by the parser or accepted
    code = main([str(f) if a == "FILE" else a for a in FILE_COMMANDS[command]])
    out, err = capsys.readouterr()
    assert code in (1, 2) and "more than" not in out + err and "internal error" not in err


@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_file_name_that_is_not_utf8(tmp_path, capsys, command):
    """A name with a byte that is not UTF-8 (surrogate-escaped by Python) is read and printed escaped."""
    name = os.fsdecode(b"caf\xe9.json")
    f = tmp_path / name
    f.write_text(RECORD if command != "puzzles check" else PUZZLES)
    code = main([str(f) if a == "FILE" else a for a in FILE_COMMANDS[command]])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and "caf" in out


HUGE_VALUE = "x" * 100_000
SAMPLES = {"position": POS, "strip": "L_o*o.o.o....", "move": "2-4"}


def _huge_value_argvs() -> list[list[str]]:
    """Every positional and every option of every (sub-)command, given a 100,000-character value."""
    argvs: list[list[str]] = [[HUGE_VALUE], ["puzzles", HUGE_VALUE], ["--" + HUGE_VALUE], ["show", POS, HUGE_VALUE],
                              ["show", POS, *[HUGE_VALUE] * 5], ["show", "--json=" + HUGE_VALUE],
                              ["puzzles", "generate", "--m=" + HUGE_VALUE],
                              ["solve1d", "o" * 3000 + "*"], ["solve1d", "." * 998 + "*", "--to-move", "left"]]

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        actions = parser._actions  # argparse keeps no public list of them
        subs = [a for a in actions if isinstance(a, argparse._SubParsersAction)]
        if subs:
            for name, sp in subs[0].choices.items():
                walk(sp, path + [name])
            return
        base = path + (["--count", "1", "--min-n", "3", "--max-n", "3"] if path[-1] == "generate" else [])
        positionals = [a for a in actions if not a.option_strings]
        values = [SAMPLES.get(a.dest, "FILE") for a in positionals]
        for i in range(len(positionals)):
            argvs.append(base + values[:i] + [HUGE_VALUE] + values[i + 1:])
        for a in actions:
            if a.option_strings and a.nargs != 0 and a.dest not in ("help", "version"):
                argvs.append(base + values + [a.option_strings[-1], HUGE_VALUE])
    walk(build_parser(), [])
    return argvs


HUGE_ARGVS = _huge_value_argvs()


@pytest.mark.parametrize("argv", HUGE_ARGVS, ids=[" ".join(a[:4])[:60] for a in HUGE_ARGVS])
def test_every_argument_with_a_huge_value(tmp_path, capsys, monkeypatch, argv):
    """An unknown command or choice, unrecognized arguments, a long strip or path: the error line
    quotes the value once, cut, and stays short."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    record = tmp_path / "r.phut"
    record.write_text(RECORD)
    monkeypatch.chdir(tmp_path)  # (--out xxx... is refused: a name too long)
    code = main([str(record) if a == "FILE" else a for a in argv])
    out, err = capsys.readouterr()
    assert code != 70 and "Traceback" not in err
    assert all(len(line) <= MAX_ERROR_LINE for line in err.splitlines())
    if code == 2:
        one_short_error_line(code, err)
        assert err.count("x" * 60) <= max(1, argv.count(HUGE_VALUE))  # each value quoted once at most


def test_play_reads_a_line_that_is_not_utf8_and_goes_on():
    """Under a strict UTF-8 locale a line of bytes that is not UTF-8, or one too long, is an error
    line like an illegal move; the game goes on."""
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8", "PYTHONUTF8": "1"}
    script = b"\xff\xfe\n" + b"E6" * 10_000 + b"\nE6\nrecord\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "phutball", "play", "--size", "9x9"], input=script,
                          capture_output=True, env=env, timeout=60)
    out = proc.stdout.decode()
    assert proc.returncode == 0 and proc.stderr == b""
    assert "error: line b'\\xff\\xfe\\n' is not UTF-8 text (byte 0xff at offset 0)" in out
    assert "error: line longer than 10,000 characters, skipped" in out
    assert "1. E6" in out  # the next line was played


def test_play_on_endless_input_stops_with_one_line():
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run([sys.executable, "-m", "phutball", "play", "--size", "9x9"], stdin=zero,
                              capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.decode().count("\n") == 1 and b"no line break" in proc.stderr


def test_an_internal_error_is_one_short_line_with_status_70(monkeypatch, capsys):
    """A bug's message may be huge: its line is cut like any other, the label included."""
    from phutball.cli import twod

    def broken(args):
        raise RuntimeError("x" * 100_000)

    monkeypatch.setattr(twod, "cmd_show", broken)
    assert main(["show", "9x9_O_E5"]) == 70
    err = capsys.readouterr().err.strip()
    assert err.startswith("phutball show: internal error: RuntimeError: xxx") and len(err) <= MAX_ERROR_LINE


# ---------------------------------------------------------------- what is not a regular file (issue 39, item 10)


def main_within(argv: list[str], fifo: Path, seconds: float = 20.0) -> int:
    """``main(argv)`` in a thread, so a command blocked on ``fifo`` fails the test instead of hanging it:
    after ``seconds`` the FIFO is opened for writing and closed (the blocked reader sees its end)."""
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(seconds)
        pytest.fail(f"{argv[:2]} blocked on a FIFO for {seconds} s")
    return result[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_a_fifo_is_refused_unopened_with_one_line(tmp_path, capsys, monkeypatch, command):
    """``mkfifo f; phutball check f`` waited for ever for a writer: a FIFO is no regular file."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo("f")
    code = main_within(["f" if a == "FILE" else a for a in FILE_COMMANDS[command]], tmp_path / "f")
    out, err = capsys.readouterr()
    one_short_error_line(code, err)
    assert out == "" and err.endswith(": error: cannot read 'f': not a regular file (a named pipe)\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_among_a_directorys_puzzle_files_is_refused(tmp_path, capsys):
    (tmp_path / "a.json").write_text(PUZZLES)
    fifo = tmp_path / "b.json"
    os.mkfifo(fifo)
    code = main_within(["puzzles", "check", str(tmp_path)], fifo)
    out, err = capsys.readouterr()
    one_short_error_line(code, err)
    assert out == "" and "not a regular file (a named pipe)" in err and str(fifo)[:40] in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_file_swapped_for_a_fifo_after_its_check_is_still_refused(tmp_path, capsys, monkeypatch):
    """The helper looks at what it opened too (opened without waiting for a writer): a FIFO put
    where a regular file was, between the look at the name and the opening, is refused the same."""
    from phutball.cli import common
    regular = tmp_path / "regular.phut"
    regular.write_text(RECORD)
    fifo = tmp_path / "swapped.phut"
    os.mkfifo(fifo)
    real_stat = os.stat
    monkeypatch.setattr(common.os, "stat", lambda p, *a, **k: real_stat(regular if str(p) == str(fifo) else p, *a, **k))
    code = main_within(["check", str(fifo)], fifo)
    monkeypatch.undo()
    out, err = capsys.readouterr()
    one_short_error_line(code, err)
    assert "not a regular file (a named pipe)" in err


@pytest.mark.parametrize("path, kind", [("/dev/null", "a character device"), ("/dev/zero", "a character device")])
@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_a_device_is_refused_unread(capsys, command, path, kind):
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    code = main([path if a == "FILE" else a for a in FILE_COMMANDS[command]])
    out, err = capsys.readouterr()
    one_short_error_line(code, err)
    assert out == "" and f"cannot read {path!r}: not a regular file ({kind})" in err


class _Stdin(io.StringIO):
    """Standard input as a terminal's or a pipe's: text, with the bytes under it in ``buffer``."""

    def __init__(self, data: bytes) -> None:
        super().__init__()
        self.buffer = io.BytesIO(data)


@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_standard_input_is_read_for_a_dash(capsys, monkeypatch, command):
    monkeypatch.setattr(sys, "stdin", _Stdin((RECORD if command != "puzzles check" else PUZZLES).encode()))
    code = main(["-" if a == "FILE" else a for a in FILE_COMMANDS[command]])
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    if command == "check":
        assert out.startswith("-: valid, 2 moves")


@pytest.mark.parametrize("data, fragment", [(b"\xff" + RECORD.encode(), "not UTF-8 text (byte 0xff at offset 0)"),
                                            (b"E6 " * (MAX_FILE_BYTES // 3 + 1), f"more than {MAX_FILE_BYTES:,} bytes")])
def test_standard_input_has_the_files_bounds(capsys, monkeypatch, data, fragment):
    monkeypatch.setattr(sys, "stdin", _Stdin(data))
    code = main(["check", "-"])
    out, err = capsys.readouterr()
    one_short_error_line(code, err)
    assert out == "" and f"cannot read '-' (standard input): {fragment}" in err
