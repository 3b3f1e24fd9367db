"""Command-line front end of the 1D part: ``phutball solve1d``, ``potential`` and ``puzzles``.

Wired into :mod:`phutball.cli.main` with :func:`add_subcommands`; each sub-command's
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
traceback).  ``python -m phutball.cli.oned ...`` runs these commands alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, TextIO

from ..errors import PhutballError, quote
from ..oned.potential import GeneralPotentials, OddishPotentials, potentials_of_text
from ..oned.solve import MAX_SOLVE_N, ExactValue, analyse, plies_text
from ..sides import side_name
from ..oned.strip import Strip
from .common import OneLineParser, fail, tolerant_output
from .puzzles import add_puzzle_subcommands

__all__ = ["add_subcommands", "cmd_solve1d", "cmd_potential", "solve1d_json", "main"]


def add_subcommands(subparsers: argparse._SubParsersAction[OneLineParser]) -> None:
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


def solve1d_json(a: ExactValue) -> dict[str, Any]:
    """The ``solve1d --json`` document: value, winning_moves (with after/plies_to_win), and more."""
    d = a.to_dict()
    return {"value": d["value"], "winning_moves": d["winning_moves"], "plies": d["plies"],
            "position": d["position"], "moves": d["moves"], "source": d["source"]}




def _solve_text(a: ExactValue) -> str:
    s = a.position
    me = side_name(s.to_move)
    lines = [f"Position  {s.pretty}   ({s.text}, {s.n} squares, {me} to move)"]
    if a.value == "draw":
        lines.append("Value     draw: neither side can force a win")
    elif a.value == "win":
        lines.append(f"Value     {me} wins in {plies_text(a.plies)} with best play")
    else:
        lines.append(f"Value     {me} loses in {plies_text(a.plies)} against best play")
    wins = a.winning_moves
    if wins:
        lines.append("Winning moves (fastest first):")
        for o in wins:
            after = "ends the game" if o.ends_game else f"-> {o.after.text}"
            lines.append(f"  {str(o.move):<16} wins in {plies_text(o.plies):<10} {after}")
    others = [o for o in a.ranked if o.value != "win"]
    if others:
        head = "Other moves" if wins else "Moves (most stubborn defence first)"
        lines.append(f"{head}:")
        for o in others:
            what = "draws" if o.value == "draw" else f"loses in {plies_text(o.plies)}"
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
            return fail(err, f"strip {quote(args.strip)}: give the side to move with --to-move left|right "
                              "(or write the position as 'L_...' / 'R_...')", "solve1d")
        strip = Strip.from_str(args.strip, args.to_move)
        if strip.winner is not None:
            return fail(err, f"position {quote(str(strip))}: the game is over ({side_name(strip.winner)} has won)",
                         "solve1d")
        if strip.n > 20:
            from ..oned.solve import book_for, tables_cache_info
            if book_for(strip) is None and strip.n not in tables_cache_info()["strips"] and strip.n <= MAX_SOLVE_N:
                print(f"phutball: solving every position of a {strip.n}-square strip "
                      f"(takes a while: ~20 s for 24 squares)...", file=err)
        a = analyse(strip)
    except PhutballError as e:
        return fail(err, str(e), "solve1d")
    except MemoryError:
        return fail(err, "out of memory while solving; try a shorter strip", "solve1d")
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
        return fail(err, str(e), "potential")
    if args.json:
        print(json.dumps(p.to_dict(), ensure_ascii=False), file=out)
    else:
        print(p.explain(), file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m phutball.cli.oned solve1d|potential|puzzles ...``"""
    tolerant_output()
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
