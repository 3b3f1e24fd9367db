"""The 2D sub-commands: ``position``, ``show``, ``moves``, ``win``, ``check``, ``play``, ``hint``,
``analyse`` and ``review``."""

from __future__ import annotations

import argparse
import random
import sys
from itertools import islice
from typing import Any, Callable, cast

from ..board import BoardSize, Position
from ..errors import PhutballError, quote
from ..game import Game
from ..notation import parse_point, parse_points
from ..sides import SIDE_NAMES, Side
from .common import (MAX_LIMIT, MAX_NODES, CliError, InputLineError, OneLineParser, bounded_int, emit,
                     read_file, read_line)


def _side(text: str) -> Side:
    t = text.strip().upper()
    aliases = {"O": "O", "OHS": "O", "X": "X", "EKS": "X"}
    if t not in aliases:
        raise CliError(f"--to-move must be O or X, not {quote(text)}")
    return aliases[t]  # type: ignore[return-value]


# ---------------------------------------------------------------- commands


def cmd_position(args: argparse.Namespace) -> int:
    size = BoardSize.from_str(args.size)
    ball = parse_point(args.ball) if args.ball else size.centre
    size.check_point(ball, args.ball or str(ball), ball=True)
    men = parse_points(args.men) if args.men else ()
    for p in men:
        size.check_point(p, str(p))
    if len(set(men)) != len(men):
        raise CliError(f"--men lists a point twice: {quote(args.men)}")
    pos = Position(size, frozenset(men), ball, _side(args.to_move))
    emit(args, {"position": str(pos)}, str(pos))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    pos = Position.from_str(args.position)
    status = (f"{SIDE_NAMES[pos.winner]} won" if pos.winner else "a draw: no legal move" if pos.is_drawn
              else f"{SIDE_NAMES[pos.to_move]} to move")
    emit(args, {"position": str(pos), "diagram": pos.to_diagram(), "to_move": pos.to_move,
                 "winner": pos.winner, "result": pos.result}, f"{pos.to_diagram()}\n{status}")
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    pos = Position.from_str(args.position)
    limit = args.limit
    jumps = [str(j) for j in islice(pos.jumps(), limit + 1)]
    truncated = len(jumps) > limit
    jumps = jumps[:limit]
    win = pos.winning_jumps(limit=limit, max_nodes=args.max_nodes)
    placements = [str(p) for p in pos.placements()]
    data = {
        "position": str(pos), "to_move": pos.to_move, "winner": pos.winner,
        "placements": placements, "jumps": jumps, "truncated": truncated,
        "winning": [str(j) for j in win.paths], "winning_truncated": win.truncated,
        "winning_complete": win.complete,
    }
    lines = [f"{len(placements)} placements", f"{len(jumps)}{'+' if truncated else ''} jumps:"]
    lines += [f"  {j}" for j in jumps]
    more = "" if win.complete else " (search budget ran out; there may be more)"
    lines.append(f"{len(win.paths)}{'+' if win.truncated else ''} winning jumps{more}:")
    lines += [f"  {j}" for j in win.paths]
    emit(args, data, "\n".join(lines))
    return 0


def cmd_win(args: argparse.Namespace) -> int:
    pos = Position.from_str(args.position)
    res = pos.find_winning_jump(max_nodes=args.max_nodes)
    data = {"position": str(pos), "status": res.status, "jump": str(res.jump) if res.jump else None,
            "nodes": res.nodes}
    text = {"found": f"winning jump: {res.jump}", "none": "no winning jump",
            "gave-up": f"gave up after {res.nodes} nodes (raise --max-nodes)"}[res.status]
    emit(args, data, text)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    text = read_file(args.file)
    try:
        game = Game.from_record(text)
    except PhutballError as e:
        emit(args, {"file": args.file, "valid": False, "error": str(e)}, f"{args.file}: invalid: {e}")
        return 1
    data = {"file": args.file, "valid": True, "moves": len(game.moves), "result": game.result,
            "termination": game.termination, "final": str(game.position)}
    emit(args, data, f"{args.file}: valid, {len(game.moves)} moves, {game.result_text}; final {game.position}")
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    from ..ai import Searcher
    pos = Position.from_str(args.position)
    if pos.is_over:  # a goal, or a draw: the side to move has no legal move
        raise CliError(f"no move to suggest in {quote(str(pos))}: {pos.over_reason()}")
    res = Searcher(pos, args.level, max_nodes=args.max_nodes).run()
    data = {"position": str(pos), "move": str(res.best), "outcome": res.outcome, "score": res.score,
            "depth": res.depth, "nodes": res.nodes, "reason": res.reason}
    emit(args, data, f"{res.best}  ({res.outcome}; depth {res.depth}, {res.nodes} nodes, {res.reason})")
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """The engine's evaluation and principal variation, one line per completed depth (2D), or the
    exact solver's verdict (short 1D strips)."""
    from ..analysis import analyse
    from ..game import parse_any_position
    pos = parse_any_position(args.position)
    if pos.winner or getattr(pos, "is_drawn", False):
        reason = pos.over_reason() if hasattr(pos, "over_reason") else "the game is over"
        raise CliError(f"nothing to analyse in {quote(str(pos))}: {reason}")
    side = pos.to_move or ""  # "": an Oddish board without a side (which analyse refuses)
    lines: list[str] = []
    iterations: list[dict[str, Any]] = []
    last, shown = None, -1
    for last in analyse(pos, level=args.level, max_nodes=args.max_nodes, max_depth=args.depth):
        if last.depth != shown and (last.depth > 0 or last.done):
            shown = last.depth
            iterations.append(last.to_dict(side))
            lines.append(f"depth {last.depth:2}  {last.text(side):<20}  {' '.join(last.pv)}  ({last.nodes} nodes)")
    assert last is not None
    if iterations[-1] != last.to_dict(side):
        iterations.append(last.to_dict(side))
        lines.append(f"final     {last.text(side):<20}  {' '.join(last.pv)}  ({last.nodes} nodes)")
    data = {"position": str(pos), "to_move": side, **last.to_dict(side), "iterations": iterations}
    emit(args, data, "\n".join(lines))
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """Every move of a recorded game checked by the engine: the mistakes and blunders, with a better move."""
    from ..analysis import ReviewMark, ReviewPoint, review, review_summary, score_text
    game = Game.from_record(read_file(args.file))
    items = list(review(game, max_nodes_per_position=args.max_nodes))
    marks = [m for m in items if isinstance(m, ReviewMark)]
    points = [p for p in items if isinstance(p, ReviewPoint)]
    summary = review_summary(game, points, marks)
    counts = {label: sum(m.label == label for m in marks) for label in ("blunder", "mistake")}
    lines = [f"{args.file}: {len(game.moves)} moves reviewed, "
             + ", ".join(f"{n} {label}{'' if n == 1 else 's'}" for label, n in counts.items())]
    for m in marks:
        number = f"{m.ply // 2 + 1}.{'' if m.ply % 2 == 0 else '..'}"
        lines.append(f"  {number} {m.move} ({SIDE_NAMES[m.side]}): {m.label}, {score_text(m.before, m.side)}"
                     f" before, {score_text(m.after, m.side)} after; better {m.better}")
    lines += [f"  {s.text()}" for s in summary]
    emit(args, {"file": args.file, "moves": len(game.moves), "marks": [m.to_dict() for m in marks],
                "chances": [round(p.chance, 3) for p in points],
                "summary": {s.side: {"moves": s.moves, "mistakes": s.mistakes, "blunders": s.blunders,
                                     "loss": round(s.loss, 1)} for s in summary}},
          "\n".join(lines))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play in the terminal: type moves, or 'undo', 'redo', 'moves', 'record', 'quit'.

    Lines are read by :func:`~phutball.cli.common.read_line`: one that is not UTF-8 or is too
    long is an error line like an illegal move, and the game goes on."""
    from ..ai import choose_move
    start = Position.from_str(args.position) if args.position else Position.start(args.size)
    game = Game(start)
    # Each game seeds the computer's choices among near-equal moves (a weak level's): random, so two games
    # differ, unless --seed repeats one (issue 44).
    seed = args.seed if args.seed is not None else random.getrandbits(48)
    computer = _side(args.computer) if args.computer else None
    out = sys.stdout
    while True:
        pos = cast(Position, game.position)  # a 2D game: every position is a Position
        print(pos.to_diagram(), file=out)
        if game.result != "*":
            print(game.result_text, file=out)
            break
        if computer == pos.to_move:
            # The game's history lets the computer see repetitions (a third occurrence is a draw).
            history = cast("list[Position]", game.positions[:game.cursor])
            move = choose_move(pos, args.level, max_nodes=args.max_nodes, seed=seed, history=history)
            print(f"{SIDE_NAMES[pos.to_move]} (computer) plays {move}", file=out)
            game.push(move)
            continue
        print(f"{SIDE_NAMES[pos.to_move]} to move> ", end="", file=out, flush=True)
        try:
            read = read_line(sys.stdin)
        except InputLineError as e:  # not UTF-8, or too long: reported like any bad line
            print(f"error: {e}", file=out)
            continue
        if read is None:
            break
        line = read.strip()
        if line in ("quit", "q"):
            break
        try:
            if line == "undo":
                game.undo()
                if computer and game.can_undo():
                    game.undo()
            elif line == "redo":
                game.redo()
            elif line == "moves":
                print(" ".join(str(j) for j in islice(pos.jumps(), 50)) or "(no jumps)", file=out)
            elif line == "record":
                print(game.to_record(), file=out)
            elif line:
                game.push(line)
        except PhutballError as e:
            print(f"error: {e}", file=out)
    return 0


def add_subcommands(sub: argparse._SubParsersAction[OneLineParser]) -> None:
    """Add the 2D sub-commands to an argparse sub-parsers object (each sets ``func``)."""
    from ..ai import LEVELS, STRONGEST, level_name
    levels = list(LEVELS)  # the computer's levels, weakest first (docs/computer.md "Levels")

    def level(text: str) -> str:
        """A former level name as today's (``ai.LEVEL_ALIASES``); anything else as typed, for ``choices`` to judge."""
        return level_name(text) or text

    def add(name: str, func: Callable[[argparse.Namespace], int], help: str) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help, description=help)
        sp.add_argument("--json", action="store_true", help="machine-readable JSON output")
        sp.set_defaults(func=func)
        return sp

    sp = add("position", cmd_position, "print the position string of a 2D position")
    sp.add_argument("--size", default="15x19", help="columns x rows (default 15x19)")
    sp.add_argument("--men", default="", help="points of the men, e.g. J7,H8,G10,H11")
    sp.add_argument("--ball", default=None, help="the ball's point (default: the centre)")
    sp.add_argument("--to-move", default="O", help="O (Ohs, default) or X (Eks)")

    sp = add("show", cmd_show, "draw a 2D position as an ASCII diagram")
    sp.add_argument("position", help="a position string, e.g. 15x19_O_K6_G10H8H11J7")

    sp = add("moves", cmd_moves, "list the legal moves of a 2D position")
    sp.add_argument("position")
    sp.add_argument("--limit", type=bounded_int(1, MAX_LIMIT), default=10_000,
                    help=f"at most this many jump paths (default 10000, at most {MAX_LIMIT})")
    sp.add_argument("--max-nodes", type=bounded_int(1, MAX_NODES), default=1_000_000,
                    help=f"work bound of the winning-jump search (at most {MAX_NODES})")

    sp = add("win", cmd_win, "find a jump that wins at once for the side to move")
    sp.add_argument("position")
    sp.add_argument("--max-nodes", type=bounded_int(1, MAX_NODES), default=1_000_000,
                    help=f"give up after this many search nodes (at most {MAX_NODES})")

    sp = add("check", cmd_check, "validate a game record file")
    sp.add_argument("file", help="a game record (.phut), or - for standard input")

    sp = add("play", cmd_play, "play a 2D game in the terminal")
    sp.add_argument("--size", default="15x19")
    sp.add_argument("--position", default=None, help="start from this position string")
    sp.add_argument("--computer", default=None, help="the side the computer plays (O or X)")
    sp.add_argument("--level", type=level, default=STRONGEST, choices=levels, help="the computer's level")
    sp.add_argument("--seed", type=int, default=None,
                    help="seed the computer's choices (default: random, so two games at a weak level differ)")
    sp.add_argument("--max-nodes", type=bounded_int(1, MAX_NODES), default=None,
                    help="the computer's search budget (default: the level's)")

    sp = add("hint", cmd_hint, "the computer's best move for the side to move, with its search's verdict")
    sp.add_argument("position")
    sp.add_argument("--level", type=level, default=STRONGEST, choices=levels)
    sp.add_argument("--max-nodes", type=bounded_int(1, MAX_NODES), default=None,
                    help="search budget (default: the level's)")

    sp = add("analyse", cmd_analyse, "the engine's evaluation and principal variation, as the search deepens")
    sp.add_argument("position", help="a 2D position string, or a 1D strip (solved exactly)")
    sp.add_argument("--depth", type=bounded_int(1, 64), default=None, help="stop after this depth (1..64)")
    sp.add_argument("--level", type=level, default=STRONGEST, choices=levels,
                    help=f"search budget (default {STRONGEST})")
    sp.add_argument("--max-nodes", type=bounded_int(1, MAX_NODES), default=None,
                    help="search budget in nodes (default: the level's)")

    sp = add("review", cmd_review, "mark the mistakes and blunders of a recorded game, with better moves")
    sp.add_argument("file", help="a game record (.phut), or - for standard input")
    sp.add_argument("--max-nodes", type=bounded_int(1, MAX_NODES), default=20_000,
                    help="search budget per position (default 20000)")
