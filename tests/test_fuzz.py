"""Fuzz tests: every parser and loader lets only its documented error types escape (issue 15).

Each test draws a fixed number of inputs (derandomized, so a run is repeatable) mixing random
text, mutations of valid inputs, huge numbers, non-ASCII digits, control characters and deep
nesting; the command line's file arguments get random contents, names, path lengths and sizes.
Documented errors: :class:`~phutball.errors.PhutballError` and its subclasses
(``ParseError``, ``IllegalError``, ``RecordError``, ``PuzzleFormatError``, ``ParamError``).
"""

from __future__ import annotations

import os
import json
import random
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from phutball.ai import LEVELS, Searcher
from phutball.board import BoardSize, Position
from phutball.cli.common import MAX_ERROR_LINE, MAX_FILE_BYTES
from phutball.cli.main import main
from phutball.notation import Placement, Point
from phutball.errors import PhutballError
from phutball.game import Game, parse_any_position
from phutball.notation import parse_move, parse_point, parse_points, parse_strip_move
from phutball.oned.oddish import Oddish, parse_oddish_move
from phutball.puzzles.format import load_text
from phutball.oned.strip import Strip
import reference2d

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

VALID = ["15x19_O_H10", "9x9_O_E5_E6E7E8D4D6", "L_o*o.o.o....", "R_..o|o.", "H10", "K6-G9-G11", "2-5-12",
         ">3", "1. H11 H9 2. K6-G9", '[Size "9x9"]\n\n1. E6 E7\n', "o*o.o"]
ODD = ["٥", "\x1d", "\ufeff", "\x00", "-", "_", "x", "×", "|", "↓", "9" * 5000, "\n", " ", "0", "I", "é", "[", '"']


@st.composite
def texts(draw):
    """Random text, or a valid input with random splices of awkward pieces."""
    if draw(st.booleans()):
        return draw(st.text(max_size=60))
    s = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(s)))
        piece = draw(st.one_of(st.sampled_from(ODD), st.text(max_size=3)))
        if draw(st.booleans()):
            s = s[:i] + piece + s[i:]
        else:
            s = s[:i] + piece + s[i + 1:]
    return s


def only_documented(func, *args):
    """Call ``func``; any error must be a PhutballError whose message is short."""
    try:
        return func(*args)
    except PhutballError as e:
        assert len(str(e)) < 2000, "error messages quote long input shortened"
        return None


@FUZZ
@given(texts())
def test_position_strings(text):
    pos = only_documented(Position.from_str, text)
    if pos is not None:
        assert Position.from_str(str(pos)) == pos
    only_documented(parse_any_position, text)


@FUZZ
@given(texts())
def test_points_and_2d_moves(text):
    only_documented(parse_point, text)
    only_documented(parse_points, text)
    move = only_documented(parse_move, text)
    if move is not None:
        only_documented(Position.from_str("9x9_O_E5_E6E7E8D4D6").play, move)
    only_documented(Position.from_str("9x9_O_E5_E6E7E8D4D6").play, text)


@FUZZ
@given(texts())
def test_strips_and_1d_moves(text):
    only_documented(Strip.from_str, text)
    only_documented(parse_strip_move, text)
    only_documented(Strip.from_str("L_o*o.o.o....").play, text)
    only_documented(Oddish.from_str, text)
    only_documented(parse_oddish_move, text)


@FUZZ
@given(texts(), texts())
def test_records(headers, moves):
    only_documented(Game.from_record, f'[Size "{headers}"]\n\n1. {moves}\n')
    only_documented(Game.from_record, headers + "\n" + moves)
    only_documented(Game.from_record, f'[Setup "{headers}"]\n\n{moves}. E6\n')


JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=8)),
                    lambda kids: st.one_of(st.lists(kids, max_size=3), st.dictionaries(st.text(max_size=6), kids, max_size=3)),
                    max_leaves=8)
FIELDS = ["id", "title", "source", "variant", "position", "task", "difficulty", "text", "main_line", "positions",
          "answer", "trap", "threat", "safe_moves", "traps", "tags", "lines", "through_own_goal", "min_jumps",
          "plies", "theme", "defence", "winner"]
GOOD = {"id": "a", "title": "t", "source": {"kind": "composed"}, "variant": "1D", "position": "L_o*o.o.o....",
        "task": "which-side", "difficulty": 1, "text": "", "main_line": ["2-4"], "answer": "L"}


@FUZZ
@given(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4), st.sampled_from(["win", "which-side", "compare",
                                                                                     "potential", "safe-move"]))
def test_puzzle_files_with_wrong_types(fields, task):
    puzzle = {**GOOD, "task": task, **fields}
    only_documented(load_text, json.dumps({"format": "phutball-puzzles/1", "puzzles": [puzzle]}))


@FUZZ
@given(texts(), st.integers(1, 3000))
def test_puzzle_file_text(text, depth):
    only_documented(load_text, text)
    only_documented(load_text, "[" * depth * 10 + "]" * depth * 10)
    only_documented(load_text, '{"format": "phutball-puzzles/1", "puzzles": [{"difficulty": ' + "7" * depth * 3 + "}]}")


@FUZZ
@given(texts(), texts())
def test_embed_parameters(a, b):
    from lab.embedparams import parse_params
    for fragment in (a, f"position={a}&moves={b}", f"record={a}", f"p={a}&ply={b}", f"#{a}={b}"):
        only_documented(parse_params, fragment)


# ---------------------------------------------------------------- the computer player always moves legally


def _random_position(rng: random.Random, size: BoardSize, fill: float) -> Position:
    while True:
        ball = Point(rng.randint(1, size.width), rng.randint(2, size.height - 1))
        men = frozenset(p for p in size.points() if p != ball and rng.random() < fill)
        pos = Position(size, men, ball, rng.choice("OX"))
        if not pos.is_over:
            return pos


def assert_legal(pos: Position, move) -> None:
    """``move`` is legal in ``pos`` by the naive reference (tests/reference2d.py), and the engine plays it
    to the position the reference reaches."""
    points = [move.point] if isinstance(move, Placement) else list(move.path)
    ref = reference2d.play(pos.size.width, pos.size.height, {(p.col, p.row) for p in pos.men},
                           (pos.ball.col, pos.ball.row), [(p.col, p.row) for p in points])
    assert ref is not None, f"{move} is not a legal move in {pos}"
    after = pos.play(move)
    assert ({(p.col, p.row) for p in after.men}, (after.ball.col, after.ball.row)) == ref
    assert after.to_move != pos.to_move


SIZES = [BoardSize(5, 5), BoardSize(9, 9), BoardSize(15, 19), BoardSize(19, 19), BoardSize(25, 25)]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.sampled_from(SIZES), st.sampled_from([0.05, 0.3, 0.6, 0.9, 0.97, 1.0]), st.sampled_from(list(LEVELS)),
       st.integers(0, 10**6))
def test_computer_move_is_legal(size, fill, level, seed):
    """Random, dense, nearly full and full boards (many of them lost for the mover), every level."""
    pos = _random_position(random.Random(seed), size, fill)
    s = Searcher(pos, level, max_nodes=300, max_seconds=5, seed=seed)
    assert_legal(pos, s.run().best)
    assert_legal(pos, s.best())


@pytest.mark.parametrize("fill", [0.95, 1.0])
def test_computer_move_is_legal_when_stopped_at_once(fill):
    """'Move now' before and during the search: best() is legal at every step."""
    pos = _random_position(random.Random(5), BoardSize(15, 19), fill)
    s = Searcher(pos, "hard", max_nodes=2000)
    assert_legal(pos, s.best())
    for i, _ in enumerate(s.steps()):
        assert_legal(pos, s.best())
        if i > 20:
            break


# ---------------------------------------------------------------- the CLI's file arguments (issue 24)


RECORD_TEXT = '[Size "9x9"]\n\n1. E6 E4 2. E5-E7\n'
PUZZLE_TEXT = json.dumps({"format": "phutball-puzzles/1", "puzzles": [{
    "id": "a", "title": "t", "source": {"kind": "composed"}, "variant": "1D", "position": "L_o*o.o.o....",
    "task": "win", "difficulty": 1, "text": "",
    "main_line": ["2-4-6", "5", "8", "6-4", "5", "3", "4-6-9", "8", "10", "9-7", "8", "2", "7-9-11"]}]})
#: Bytes that break UTF-8 (a lone continuation byte, a truncated sequence, an encoded surrogate,
#: an overlong form) and awkward ones that do not (a BOM, NUL, CR).
ODD_BYTES = [b"\xff", b"\x80", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf", "\ufeff".encode(), b"\x00", b"\r", b"\r\n",
             "é".encode(), "٥".encode()]
#: Names: short, exactly 255 bytes, over 255 bytes (300 characters, 128 two-byte ones), not UTF-8 (a
#: surrogate-escaped byte, as Python gives such a name), dots and spaces.
NAMES = ["r.phut", "p.json", "n" * 255, "n" * 300, "é" * 128, os.fsdecode(b"caf\xe9.json"), os.fsdecode(b"\xff\xfe"),
         " ", "..json", "-x.phut", "名前.json"]


@st.composite
def file_contents(draw):
    """A record or puzzle file, random bytes, or a valid one with awkward bytes spliced in."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=200))
    data = draw(st.sampled_from([RECORD_TEXT, PUZZLE_TEXT])).encode()
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(data)))
        data = data[:i] + draw(st.sampled_from(ODD_BYTES)) + data[i:]
    return data


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from([["check"], ["review", "--max-nodes", "50"], ["puzzles", "check"]]), file_contents(),
       st.one_of(st.sampled_from(NAMES), st.text(st.characters(blacklist_characters="/\x00",
                                                               blacklist_categories=("Cs",)), min_size=1, max_size=12)),
       st.sampled_from([0, 0, 0, 1, 1000, 2500]), st.sampled_from([None, None, None, MAX_FILE_BYTES + 1, 3 * MAX_FILE_BYTES]))
def test_cli_file_arguments(capsys, command, content, name, depth, size):
    """``check``, ``review`` and ``puzzles check`` on files of random content (not UTF-8, NULs, CRs, a
    BOM), random names (long, not UTF-8), paths up to 5,000 characters and sizes over the limit:
    a result (exit 0 or 1) or one short error line (exit 2), never an internal error."""
    if name in (".", ".."):
        name += "x"
    capsys.readouterr()
    with tempfile.TemporaryDirectory() as tmp:
        path = tmp + "/." * depth + "/" + name  # "/." * 2500: a path of over 5,000 characters
        try:
            with open(path, "wb") as f:  # (not pathlib: it would drop the "." parts)
                f.write(content)
                if size is not None:
                    f.truncate(size)  # sparse
            made = True
        except OSError:  # a name or path too long for the file system
            made = False
        code = main([*command, path])
    out, err = capsys.readouterr()
    assert code in (0, 1, 2) and "internal error" not in err and "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1 and len(err) <= MAX_ERROR_LINE + 1
    else:
        assert made and size is None and err == ""
    if not made:
        assert code == 2 and "cannot read" in err
    elif size is not None:
        assert code == 2 and f"more than {MAX_FILE_BYTES:,} bytes" in err
    else:
        try:
            content.decode("utf-8")
        except UnicodeDecodeError:
            assert code == 2 and "not UTF-8 text" in err
