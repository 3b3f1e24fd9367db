"""The ``phutball puzzles`` sub-commands: ``check`` (2D and 1D claims), ``generate``, ``respond``, ``judge``."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, TextIO

from ..errors import PhutballError, quote
from ..oned.solve import plies_text
from ..sides import side_name
from .common import CliError, bounded_int, fail, file_kind, read_file


def add_puzzle_subcommands(subparsers: Any) -> None:
    """Add ``puzzles check|generate|respond|judge`` (see :mod:`phutball.puzzles`)."""
    pz = subparsers.add_parser(
        "puzzles", help="check, generate and play puzzle files",
        description="Puzzle files (puzzles/*.json, format in puzzles/README.md): check every claim "
                    "with the engine and exact solver, generate 1D puzzles, and ask the engine for "
                    "its reply or its verdict on a move, as the puzzle page does.")
    sub = pz.add_subparsers(dest="puzzles_command", required=True, metavar="SUBCOMMAND")

    p = sub.add_parser("check", help="check every puzzle's claim (exit 1 if any is false)",
                       description="Load every puzzle file (a directory's *.json, or the files "
                                   "given) and check each claim and that no two 2D puzzles are near-copies "
                                   "(phutball.puzzles.nearcopy); exit 1 if any claim is false, "
                                   "2 if a file is malformed.")
    p.add_argument("paths", metavar="PATH", nargs="+", help="a puzzle directory or file, or - for standard input")
    p.add_argument("--slow", action="store_true",
                   help="allow whole-strip solves of up to 24 squares for 1D positions outside "
                        "the shipped books (about 20 s and 0.5 GB each)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_puzzles_check)

    p = sub.add_parser("generate", help="generate 1D puzzles with a unique winning move",
                       description="Solve random 1D positions exactly, keep those with exactly one "
                                   "winning move, classify the move (backward jump, stop short, "
                                   "quiet placement, long jump, long defence, ...), rate the "
                                   "difficulty by depth and by how many tempting moves lose, and "
                                   "write a varied puzzle file. The same seed gives the same file.")
    from ..puzzles.common import MAX_LIVE_N
    from ..puzzles.generate import MAX_TRIES
    p.add_argument("--min-n", type=bounded_int(3, MAX_LIVE_N), default=9, help="shortest strip (default 9)")
    p.add_argument("--max-n", type=bounded_int(3, MAX_LIVE_N), default=16,
                   help=f"longest strip (default 16, at most {MAX_LIVE_N})")
    p.add_argument("--count", type=bounded_int(1, 1000), default=40, help="number of puzzles (default 40, at most 1000)")
    p.add_argument("--seed", type=bounded_int(-10**12, 10**12), default=1, help="random seed (default 1)")
    p.add_argument("--tries", type=bounded_int(1, MAX_TRIES), default=20000,
                   help=f"random positions to examine (default 20000, at most {MAX_TRIES}; the search also "
                        "stops once every distinct position of the lengths asked for has been examined)")
    p.add_argument("--collection", default=None, help="the file's collection name")
    p.add_argument("--id-prefix", default=None, help="puzzle ids are PREFIX-01, ... (default gen1d-sSEED)")
    p.add_argument("--out", default=None, help="write the file here (default: print it)")
    p.set_defaults(func=cmd_puzzles_generate)

    p = sub.add_parser("respond", help="the engine's strongest move in a 1D position (JSON)",
                       description="The fastest win, or the slowest loss, for the side to move.")
    p.add_argument("position", metavar="POSITION", help="a 1D position string such as R_o......*...")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_puzzles_respond)

    p = sub.add_parser("judge", help="does a move keep the win? its refutation if not",
                       description="The verdict on a move and, for a losing move, the opponent's "
                                   "best play to the end.")
    p.add_argument("position", metavar="POSITION", help="a 1D position string such as L_o*o.o.o....")
    p.add_argument("move", metavar="MOVE", help="the move, e.g. 2-4-6-8 or 5")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_puzzles_judge)




def _load_puzzle_paths(paths: list[str]) -> list[tuple[str, Any]]:
    """(file name, puzzle) for every puzzle of the paths given: a directory's ``*.json`` files
    (sorted) or a file; ids must be unique across all of them.

    Every file is read by :func:`~phutball.cli.common.read_file` (bounded, strict UTF-8): a path
    that cannot be read raises :class:`~phutball.cli.common.FileArgumentError`, a malformed file
    :class:`~phutball.puzzles.format.PuzzleFormatError`.
    """
    from pathlib import Path

    from ..puzzles.format import PuzzleFormatError, load_text
    out: list[tuple[str, Any]] = []
    seen: dict[str, str] = {}
    for text in paths:
        if file_kind(text) == "dir":
            files = sorted(str(f) for f in Path(text).glob("*.json"))
            if not files:
                raise PuzzleFormatError("bad puzzle directory", text, "no *.json files in it")
        else:
            files = [text]
        for f in files:
            name = Path(f).name
            for p in load_text(read_file(f), name):
                if p.id in seen:
                    raise PuzzleFormatError("bad puzzle file", name, f"puzzle id {quote(p.id)} is also in {quote(seen[p.id])}")
                seen[p.id] = name
                out.append((name, p))
    return out


def cmd_puzzles_check(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball puzzles check PATH... [--slow] [--json]``."""
    import time

    from ..puzzles.tasks import check_claim
    from ..puzzles.common import MAX_LIVE_N
    from ..puzzles.nearcopy import near_copy_problems
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        items = _load_puzzle_paths(args.paths)
    except (PhutballError, CliError) as e:
        return fail(err, str(e), "puzzles check")
    results = []
    t_all = time.perf_counter()
    copies = near_copy_problems(p for _, p in items)
    for fname, p in items:
        t0 = time.perf_counter()
        try:
            problems = check_claim(p, max_solve_n=24 if args.slow else MAX_LIVE_N)
        except PhutballError as e:
            problems = [str(e)]
        except MemoryError:
            problems = ["out of memory while solving"]
        problems += copies.get(p.id, [])
        results.append({"id": p.id, "file": fname, "task": p.task.name, "variant": p.variant, "title": p.title,
                        "ok": not problems, "problems": problems,
                        "seconds": round(time.perf_counter() - t0, 3)})
    bad = [r for r in results if not r["ok"]]
    files = sorted({r["file"] for r in results})
    if args.json:
        print(json.dumps({"puzzles": len(results), "files": files, "false": len(bad),
                          "seconds": round(time.perf_counter() - t_all, 3), "results": results},
                         ensure_ascii=False), file=out)
    else:
        for r in results:
            mark = "ok   " if r["ok"] else "FALSE"
            print(f"{mark} {r['file']}: {r['id']} ({r['variant']} {r['task']}, {r['seconds']:.2f} s) {r['title']}",
                  file=out)
            for prob in r["problems"]:
                print(f"        - {prob}", file=out)
        summary = (f"{len(results)} puzzle{'s' if len(results) != 1 else ''} in {len(files)} "
                   f"file{'s' if len(files) != 1 else ''}: ")
        summary += "every claim holds" if not bad else f"{len(bad)} false claim{'s' if len(bad) != 1 else ''}"
        print(summary + f" ({time.perf_counter() - t_all:.1f} s)", file=out)
    return 1 if bad else 0


def cmd_puzzles_generate(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball puzzles generate [--min-n N --max-n N --count K --seed S --out FILE]``."""
    from collections import Counter

    from ..puzzles.format import load_text
    from ..puzzles.common import MAX_LIVE_N
    from ..puzzles.generate import generate_file
    out = out or sys.stdout
    err = err or sys.stderr
    cmd = "puzzles generate"
    if not 3 <= args.min_n <= args.max_n:
        return fail(err, f"--min-n {args.min_n} / --max-n {args.max_n}: need 3 <= min-n <= max-n", cmd)
    if args.max_n > MAX_LIVE_N:
        return fail(err, f"--max-n {args.max_n}: at most {MAX_LIVE_N} squares (longer strips cannot be "
                          "solved quickly, in tests or in the browser)", cmd)
    if args.count < 1:
        return fail(err, f"--count {args.count}: need at least 1", cmd)
    if args.tries < 1:
        return fail(err, f"--tries {args.tries}: need at least 1", cmd)
    if args.id_prefix is not None and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", args.id_prefix):
        return fail(err, f"--id-prefix {quote(args.id_prefix)}: use lower-case letters, digits and hyphens", cmd)
    try:
        data = generate_file(args.min_n, args.max_n, args.count, args.seed, tries=args.tries,
                             collection=args.collection, id_prefix=args.id_prefix)
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        puzzles = load_text(text, args.out or "<generated>")
        false = [(p.id, p.task.check_1d(p)) for p in puzzles]
        false = [(i, probs) for i, probs in false if probs]
    except PhutballError as e:
        return fail(err, str(e), cmd)
    if false:  # pragma: no cover - the generator checks what it makes
        for i, probs in false:
            print(f"phutball {cmd}: generated puzzle {i} fails its check: {probs[0]}", file=err)
        return 1
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as e:
            return fail(err, f"cannot write {quote(args.out)}: {e.strerror or type(e).__name__}", cmd)
        except ValueError:  # a NUL in the name
            return fail(err, f"cannot write {quote(args.out)}: a NUL character in the name", cmd)
        themes = Counter(p["theme"] for p in data["puzzles"])
        levels = Counter(p["difficulty"] for p in data["puzzles"])
        print(f"wrote {len(data['puzzles'])} puzzles to {args.out}", file=out)
        print("  themes: " + ", ".join(f"{t} {c}" for t, c in sorted(themes.items())), file=out)
        print("  difficulty: " + ", ".join(f"{d}: {levels[d]}" for d in sorted(levels)), file=out)
        if len(data["puzzles"]) < args.count:
            print(f"  (only {len(data['puzzles'])} found; try more --tries or other lengths)", file=out)
    else:
        out.write(text)
    return 0


def _move_text(o: dict[str, Any]) -> str:
    return o["move"] if o["move"] is not None else "?"


def cmd_puzzles_respond(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball puzzles respond POSITION [--json]``."""
    from ..puzzles.judge import respond
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        d = respond(args.position)
    except PhutballError as e:
        return fail(err, str(e), "puzzles respond")
    if args.json:
        print(json.dumps(d, ensure_ascii=False), file=out)
    elif not d["known"]:
        print(f"{d['position']}: unknown ({d['reason']})", file=out)
    else:
        me = side_name(d["to_move"])
        what = {"win": f"wins in {plies_text(d['plies'])}", "loss": f"loses in {plies_text(d['plies'])}",
                "draw": "draws"}[d["value"]]
        print(f"{me} to move {what}; plays {_move_text(d)} -> {d['after']}", file=out)
    return 0


def cmd_puzzles_judge(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball puzzles judge POSITION MOVE [--json]``."""
    from ..puzzles.judge import judge
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        d = judge(args.position, args.move)
    except PhutballError as e:
        return fail(err, str(e), "puzzles judge")
    if args.json:
        print(json.dumps(d, ensure_ascii=False), file=out)
    elif not d["known"]:
        print(f"{d['position']}: unknown ({d['reason']})", file=out)
    else:
        me = side_name(d["to_move"])
        if d["keeps_win"]:
            verdict = f"keeps the win ({me} wins in {plies_text(d['move_plies'])})"
        elif d["value"] == "win":
            verdict = f"throws the win away: {d['move_value']} in {plies_text(d['move_plies'])}; " \
                      f"winning moves: {', '.join(d['winning_moves'])}"
        else:
            verdict = f"{d['move_value']} in {plies_text(d['move_plies'])} (the position was already lost)"
        print(f"{d['move']}: {verdict}", file=out)
        if d["refutation"]:
            tail = "" if d["refutation_complete"] else " ... (the book ends here)"
            print(f"refutation: {' '.join(d['refutation'])}{tail}", file=out)
    return 0
