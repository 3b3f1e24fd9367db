"""Command-line front end of the 1D part: ``phutball solve1d``, ``potential`` and ``puzzles``.

Wired into :mod:`phutball.cli` with :func:`add_subcommands`; each sub-command's
handler is stored as ``func`` in the parsed arguments and returns the exit code::

    phutball solve1d o*o.o.o.... --to-move left          # readable text
    phutball solve1d o*o.o.o.... --to-move left --json   # {"value": ..., "winning_moves": [...]}
    phutball potential '..ooo|ooo....o.' --json          # {"pL": 1, "pR": 0, ...}
    phutball potential L_o*o.o.o....                     # PL/PR with every step shown
    phutball puzzles check puzzles/                      # check every puzzle's claim (exit 1: false)
    phutball puzzles generate --min-n 9 --max-n 16 --count 40 --seed 1 --out FILE
    phutball puzzles respond R_o......*... --json        # the engine's strongest move
    phutball puzzles judge L_o*o.o.o.... 2-4-6-8 --json  # verdict and refutation

Bad input prints one clear line to stderr and exits with status 2 (never a
traceback).  ``python -m phutball.cli_oned ...`` runs these commands alone.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, Callable, TextIO

from .errors import PhutballError
from .oned.potential import GeneralPotentials, OddishPotentials, potentials_of_text
from .oned.solve import MAX_SOLVE_N, Analysis, analyse
from .sides import side_name
from .oned.strip import Strip

__all__ = ["add_subcommands", "add_puzzle_subcommands", "cmd_solve1d", "cmd_potential", "solve1d_json",
           "cmd_puzzles_check", "cmd_puzzles_generate", "cmd_puzzles_respond", "cmd_puzzles_judge", "main"]


def add_subcommands(subparsers: Any) -> None:
    """Add ``solve1d`` and ``potential`` to an argparse sub-parsers object (sets ``func``)."""
    p = subparsers.add_parser(
        "solve1d", help="solve a 1D phutball position exactly",
        description="Exact value of a 1D position (win/loss/draw for the side to move), every "
                    "winning move with the plies to the win, and the other moves' outcomes. "
                    f"Strips of up to {MAX_SOLVE_N} squares (24 squares take about 20 seconds "
                    "unless the position is in a shipped puzzle book).")
    p.add_argument("strip", metavar="STRIP",
                   help="the strip: '.' empty, 'o' stone, '*' ball, e.g. 'o*o.o.o....' "
                        "(or a position string 'L_o*o.o.o....')")
    p.add_argument("--to-move", dest="to_move", choices=["left", "right", "L", "R"],
                   help="the side to move (needed unless STRIP starts with L_ or R_)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_solve1d)

    p = subparsers.add_parser(
        "potential", help="the paper's potentials of an Oddish board or a 1D position",
        description="pL/pR of an Oddish board (e.g. '..ooo|ooo....o.') or the generalized "
                    "PL/PR of a 1D position (e.g. 'L_o*o.o.o....'), with every intermediate "
                    "value and the predicted winner.")
    p.add_argument("position", metavar="POSITION",
                   help="an Oddish board with the arrow as '|' (or '↓'), or a 1D strip/position string")
    p.add_argument("--to-move", dest="to_move", choices=["left", "right", "L", "R"],
                   help="the side to move (optional; only the prediction of equal potentials uses it)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_potential)

    add_puzzle_subcommands(subparsers)


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
                                   "given) and check each claim; exit 1 if any claim is false, "
                                   "2 if a file is malformed.")
    p.add_argument("paths", metavar="PATH", nargs="+", help="a puzzle directory or file")
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
    from .cli import bounded_int
    from .puzzles.common import MAX_LIVE_N
    from .puzzles.generate import MAX_TRIES
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


def _fail(err: TextIO, message: str, command: str = "") -> int:
    print(f"phutball {command}: error: {message}" if command else f"phutball: error: {message}", file=err)
    return 2


def solve1d_json(a: Analysis) -> dict[str, Any]:
    """The ``solve1d --json`` document: value, winning_moves (with after/plies_to_win), and more."""
    d = a.to_dict()
    return {"value": d["value"], "winning_moves": d["winning_moves"], "plies": d["plies"],
            "position": d["position"], "moves": d["moves"], "source": d["source"]}


def _plies(k: int | None) -> str:
    return "?" if k is None else f"{k} ply" if k == 1 else f"{k} plies"


def _solve_text(a: Analysis) -> str:
    s = a.position
    me = side_name(s.to_move)
    lines = [f"Position  {s.pretty}   ({s.text}, {s.n} squares, {me} to move)"]
    if a.value == "draw":
        lines.append("Value     draw: neither side can force a win")
    elif a.value == "win":
        lines.append(f"Value     {me} wins in {_plies(a.plies)} with best play")
    else:
        lines.append(f"Value     {me} loses in {_plies(a.plies)} against best play")
    wins = a.winning_moves
    if wins:
        lines.append("Winning moves (fastest first):")
        for o in wins:
            after = "ends the game" if o.ends_game else f"-> {o.after.text}"
            lines.append(f"  {str(o.move):<16} wins in {_plies(o.plies):<10} {after}")
    others = [o for o in a.ranked if o.value != "win"]
    if others:
        head = "Other moves" if wins else "Moves (most stubborn defence first)"
        lines.append(f"{head}:")
        for o in others:
            what = "draws" if o.value == "draw" else f"loses in {_plies(o.plies)}"
            lines.append(f"  {str(o.move):<16} {what}")
    if a.source != "retrograde":
        lines.append(f"(from the shipped {a.source})")
    return "\n".join(lines)


def cmd_solve1d(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball solve1d STRIP --to-move left|right [--json]``."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        text = args.strip.strip() if isinstance(args.strip, str) else args.strip
        if args.to_move is None and not (len(text) >= 2 and text[1] == "_"):
            return _fail(err, f"strip {args.strip!r}: give the side to move with --to-move left|right "
                              "(or write the position as 'L_...' / 'R_...')", "solve1d")
        strip = Strip.from_str(args.strip, args.to_move)
        if strip.winner is not None:
            return _fail(err, f"position {str(strip)!r}: the game is over ({side_name(strip.winner)} has won)",
                         "solve1d")
        if strip.n > 20:
            from .oned.solve import book_for, tables_cache_info
            if book_for(strip) is None and strip.n not in tables_cache_info()["strips"] and strip.n <= MAX_SOLVE_N:
                print(f"phutball: solving every position of a {strip.n}-square strip "
                      f"(takes a while: ~20 s for 24 squares)...", file=err)
        a = analyse(strip)
    except PhutballError as e:
        return _fail(err, str(e), "solve1d")
    except MemoryError:
        return _fail(err, "out of memory while solving; try a shorter strip", "solve1d")
    if args.json:
        print(json.dumps(solve1d_json(a), ensure_ascii=False), file=out)
    else:
        print(_solve_text(a), file=out)
    return 0


def cmd_potential(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball potential POSITION [--json]``."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        p: OddishPotentials | GeneralPotentials = potentials_of_text(args.position, getattr(args, "to_move", None))
    except PhutballError as e:
        return _fail(err, str(e), "potential")
    if args.json:
        print(json.dumps(p.to_dict(), ensure_ascii=False), file=out)
    else:
        print(p.explain(), file=out)
    return 0


# ---------------------------------------------------------------- puzzles


def _load_puzzle_paths(paths: list[str]) -> list[tuple[str, Any]]:
    from pathlib import Path

    from .puzzles.format import PuzzleFormatError, load_dir, load_file
    out: list[tuple[str, Any]] = []
    seen: dict[str, str] = {}
    for text in paths:
        path = Path(text)
        if path.is_dir():
            files = sorted(path.glob("*.json"))
            if not files:
                raise PuzzleFormatError("bad puzzle directory", text, "no *.json files in it")
            load_dir(path)  # checks ids across the directory's files
        elif path.is_file():
            files = [path]
        else:
            raise PuzzleFormatError("bad puzzle path", text, "no such file or directory")
        for f in files:
            for p in load_file(f):
                if p.id in seen:
                    raise PuzzleFormatError("bad puzzle file", f.name, f"puzzle id {p.id!r} is also in {seen[p.id]}")
                seen[p.id] = f.name
                out.append((f.name, p))
    return out


def cmd_puzzles_check(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball puzzles check PATH... [--slow] [--json]``."""
    import time

    from .puzzles.check import check_claim, check_claim_1d
    from .puzzles.common import MAX_LIVE_N
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        items = _load_puzzle_paths(args.paths)
    except PhutballError as e:
        return _fail(err, str(e), "puzzles check")
    results = []
    t_all = time.perf_counter()
    for fname, p in items:
        t0 = time.perf_counter()
        try:
            if p.variant == "1D":
                problems = check_claim_1d(p, max_solve_n=24 if args.slow else MAX_LIVE_N)
            else:
                problems = check_claim(p)
        except PhutballError as e:
            problems = [str(e)]
        except MemoryError:
            problems = ["out of memory while solving"]
        results.append({"id": p.id, "file": fname, "task": p.task, "variant": p.variant, "title": p.title,
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

    from .puzzles.format import load_text
    from .puzzles.check import check_claim_1d
    from .puzzles.common import MAX_LIVE_N
    from .puzzles.generate import generate_file
    out = out or sys.stdout
    err = err or sys.stderr
    cmd = "puzzles generate"
    if not 3 <= args.min_n <= args.max_n:
        return _fail(err, f"--min-n {args.min_n} / --max-n {args.max_n}: need 3 <= min-n <= max-n", cmd)
    if args.max_n > MAX_LIVE_N:
        return _fail(err, f"--max-n {args.max_n}: at most {MAX_LIVE_N} squares (longer strips cannot be "
                          "solved quickly, in tests or in the browser)", cmd)
    if args.count < 1:
        return _fail(err, f"--count {args.count}: need at least 1", cmd)
    if args.tries < 1:
        return _fail(err, f"--tries {args.tries}: need at least 1", cmd)
    if args.id_prefix is not None and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", args.id_prefix):
        return _fail(err, f"--id-prefix {args.id_prefix!r}: use lower-case letters, digits and hyphens", cmd)
    try:
        data = generate_file(args.min_n, args.max_n, args.count, args.seed, tries=args.tries,
                             collection=args.collection, id_prefix=args.id_prefix)
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        puzzles = load_text(text, args.out or "<generated>")
        false = [(p.id, check_claim_1d(p)) for p in puzzles]
        false = [(i, probs) for i, probs in false if probs]
    except PhutballError as e:
        return _fail(err, str(e), cmd)
    if false:  # pragma: no cover - the generator checks what it makes
        for i, probs in false:
            print(f"phutball {cmd}: generated puzzle {i} fails its check: {probs[0]}", file=err)
        return 1
    if args.out:
        try:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as e:
            return _fail(err, f"cannot write {args.out!r}: {e.strerror or e}", cmd)
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
    from .puzzles.judge import respond
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        d = respond(args.position)
    except PhutballError as e:
        return _fail(err, str(e), "puzzles respond")
    if args.json:
        print(json.dumps(d, ensure_ascii=False), file=out)
    elif not d["known"]:
        print(f"{d['position']}: unknown ({d['reason']})", file=out)
    else:
        me = side_name(d["to_move"])
        what = {"win": f"wins in {_plies(d['plies'])}", "loss": f"loses in {_plies(d['plies'])}",
                "draw": "draws"}[d["value"]]
        print(f"{me} to move {what}; plays {_move_text(d)} -> {d['after']}", file=out)
    return 0


def cmd_puzzles_judge(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Handler of ``phutball puzzles judge POSITION MOVE [--json]``."""
    from .puzzles.judge import judge
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        d = judge(args.position, args.move)
    except PhutballError as e:
        return _fail(err, str(e), "puzzles judge")
    if args.json:
        print(json.dumps(d, ensure_ascii=False), file=out)
    elif not d["known"]:
        print(f"{d['position']}: unknown ({d['reason']})", file=out)
    else:
        me = side_name(d["to_move"])
        if d["keeps_win"]:
            verdict = f"keeps the win ({me} wins in {_plies(d['move_plies'])})"
        elif d["value"] == "win":
            verdict = f"throws the win away: {d['move_value']} in {_plies(d['move_plies'])}; " \
                      f"winning moves: {', '.join(d['winning_moves'])}"
        else:
            verdict = f"{d['move_value']} in {_plies(d['move_plies'])} (the position was already lost)"
        print(f"{d['move']}: {verdict}", file=out)
        if d["refutation"]:
            tail = "" if d["refutation_complete"] else " ... (the book ends here)"
            print(f"refutation: {' '.join(d['refutation'])}{tail}", file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m phutball.cli_oned solve1d|potential|puzzles ...``"""
    from .cli import OneLineParser
    ap = OneLineParser(prog="phutball", description="1D phutball: exact solver and potentials")
    add_subcommands(ap.add_subparsers(dest="command", required=True))
    try:
        args = ap.parse_args(argv)
    except SystemExit as e:  # a usage error (one line, already printed) or --help / --version
        return 0 if e.code is None else e.code if isinstance(e.code, int) else 2
    func: Callable[[argparse.Namespace], int] = args.func
    return func(args)


if __name__ == "__main__":
    raise SystemExit(main())
