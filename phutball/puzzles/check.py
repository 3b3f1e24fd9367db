"""The engine's checks of puzzle claims, 2D and 1D, which the tasks run (:func:`phutball.puzzles.tasks.check_claim`;
an empty list: the claim holds)."""

from __future__ import annotations

from typing import Any

from ..errors import PhutballError
from ..oned.oddish import Oddish
from ..oned.solve import LOSS, WIN, ExactValue, plies_text
from ..sides import LEFT, RIGHT, side_name
from .puzzle import Puzzle
from .generate import classify
from .common import MAX_LIVE_N, Position1D, analysis_of, norm_move, outcome_of, parse_position, winner_of


# ---------------------------------------------------------------- checking claims (2D)


def check_claim_2d(p: Puzzle, max_nodes: int = 2_000_000) -> list[str]:
    """Problems with a 2D puzzle's claim, checked by the engine (empty list: the claim holds)."""
    from ..board import Position
    from ..sides import other
    problems: list[str] = []
    pos = Position.from_str(p.position)
    try:
        line_positions = [pos]
        for m in p.main_line:
            line_positions.append(line_positions[-1].play(m))
    except PhutballError as e:
        return [f"main line: {e}"]
    me = pos.to_move
    if p.task == "win":
        win = pos.find_winning_jump(max_nodes=max_nodes)
        if win.status != "found":
            problems.append(f"no winning jump ({win.status})")
        if len(p.main_line) != 1 or line_positions[1].winner != me:
            problems.append("main line is not a single winning jump")
        if p.extra.get("through_own_goal"):
            own = 1 if me == "O" else pos.size.height
            paths = pos.winning_jumps(limit=10_000, max_nodes=max_nodes)
            if not paths.complete or paths.truncated:
                problems.append("could not list every winning path")
            elif not all(any(q.row == own for q in j.path) for j in paths.paths):
                problems.append("some winning path avoids the own goal line")
        min_jumps = p.extra.get("min_jumps")
        if min_jumps:
            paths = pos.winning_jumps(limit=10_000, max_nodes=max_nodes)
            shortest = min((len(j.path) - 1 for j in paths.paths), default=0)
            if not paths.complete or shortest < min_jumps:
                problems.append(f"a winning path shorter than {min_jumps} jumps exists")
    elif p.task == "safe-move":
        if pos.find_winning_jump(max_nodes=max_nodes).status != "none":
            problems.append("the side to move can win at once, so this is not a safe-move puzzle")
        after = line_positions[1]
        if after.winner == other(me) or after.find_winning_jump(max_nodes=max_nodes).status != "none":
            problems.append(f"after {p.main_line[0]} the opponent can win at once")
        trap = pos.play(p.extra["trap"])
        if trap.winner != other(me) and trap.find_winning_jump(max_nodes=max_nodes).status != "found":
            problems.append(f"the trap {p.extra['trap']} does not lose")
        if "threat" in p.extra:
            threatened = Position(pos.size, pos.men, pos.ball, other(me))
            if threatened.play(p.extra["threat"]).winner != other(me):
                problems.append(f"the threat {p.extra['threat']} does not win for the opponent")
        for m in p.extra.get("safe_moves", []):
            q = pos.play(m)
            if q.winner == other(me) or q.find_winning_jump(max_nodes=max_nodes).status != "none":
                problems.append(f"the listed safe move {m} loses")
    elif p.task not in ("win-in-two", "win-in-three", "defend", "dont-jump"):
        problems.append(f"task {p.task!r} is not checked for 2D puzzles")
    if p.task in ("win-in-two", "win-in-three", "defend", "dont-jump") or (p.task == "win" and "solutions" in p.extra):
        from .twod import check_task
        problems += check_task(p.position, p.task, p.main_line, p.extra, max_nodes=max_nodes)
    return problems


# ---------------------------------------------------------------- checking claims (1D)


def check_line(start: Position1D, moves: list[str] | tuple[str, ...], winner: str | None = None, *,
               defence: str = "slowest", max_solve_n: int = MAX_LIVE_N, what: str = "main line") -> list[str]:
    """Problems with a main line played from ``start`` (see the module docstring).

    ``winner`` defaults to the winner with best play from ``start``.
    """
    problems: list[str] = []
    s = start
    if s.winner is not None:
        return [f"{what}: the game is already over at the start"]
    for i, mv in enumerate(moves, start=1):
        if s.winner is not None:
            problems.append(f"{what}: ply {i} ({mv}): the game is already over ({side_name(s.winner)} won)")
            return problems
        try:
            text = norm_move(s, mv)
        except PhutballError as e:
            problems.append(f"{what}: ply {i} ({mv}): {e}")
            return problems
        a = analysis_of(s, max_solve_n)
        if a is None:
            problems.append(f"{what}: ply {i}: position {s} cannot be solved quickly "
                            f"(more than {max_solve_n} squares and not in a shipped book)")
            return problems
        if winner is None:
            winner = winner_of(s, a)
            if winner is None:
                problems.append(f"{what}: {s} is a draw with best play")
                return problems
        o = a.outcome(text)
        if s.to_move is None:  # a side-less Oddish: no line can be played from it
            problems.append(f"{what}: ply {i}: {s} has no side to move")
            return problems
        me = side_name(s.to_move)
        if s.to_move == winner:
            if o.value != WIN:
                wins = ", ".join(str(w.move) for w in a.winning_moves) or "none"
                problems.append(f"{what}: ply {i}: {me}'s {text} in {s} does not win "
                                f"({o.value}); winning moves: {wins}")
                return problems
        else:
            if o.value != LOSS:
                problems.append(f"{what}: ply {i}: {me}'s {text} in {s} does not lose ({o.value}): "
                                f"{side_name(winner)} is not winning here")
                return problems
            if defence == "slowest":
                longest = max((x.plies or 0) for x in a.moves if x.value == LOSS)
                if (o.plies or 0) < longest:
                    best = next(str(x.move) for x in a.ranked if x.value == LOSS)
                    problems.append(f"{what}: ply {i}: {me}'s {text} in {s} loses in {plies_text(o.plies)} "
                                    f"but {best} holds out {plies_text(longest)} (not the most stubborn defence; "
                                    "set \"defence\": \"any\" to allow it)")
                    return problems
        s = o.after
    if s.winner is None:
        problems.append(f"{what}: ends at {s} before the game is over")
    elif winner is not None and s.winner != winner:
        problems.append(f"{what}: ends with {side_name(s.winner)} winning, not {side_name(winner)}")
    return problems


def _check_extras(p: Any, pos: Position1D, a: ExactValue, max_solve_n: int, me: str) -> list[str]:
    """``me``: the name of the side to move in ``pos``."""
    problems: list[str] = []
    extra = p.extra
    traps = extra.get("traps", [])
    if not isinstance(traps, list) or not all(isinstance(t, str) for t in traps):
        problems.append("traps must be a list of moves")
        traps = []
    for t in traps:
        try:
            o = outcome_of(a, pos, t)
        except PhutballError as e:
            problems.append(f"trap {t}: {e}")
            continue
        if o.value != LOSS:
            problems.append(f"trap {t} does not lose for {me} ({o.value})")
    if "plies" in extra and extra["plies"] != a.plies:
        problems.append(f"plies is {extra['plies']!r} but the game lasts {plies_text(a.plies)} with best play")
    if "theme" in extra:
        if not p.main_line or a.value != WIN:
            problems.append("theme needs a winning main_line[0] to classify")
        else:
            try:
                got = classify(pos, p.main_line[0], a)["theme"]
            except PhutballError as e:
                got = f"? ({e})"
            if got != extra["theme"]:
                problems.append(f"theme is {extra['theme']!r} but the winning move {p.main_line[0]} "
                                f"classifies as {got!r}")
    return problems


def _check_potential(p: Any, pos: Position1D) -> list[str]:
    from ..oned.potential import general_potentials, oddish_potentials, predict
    answer = p.extra.get("answer")
    if not isinstance(answer, dict) or not answer:
        return ["answer must be an object such as {\"pL\": 1, \"pR\": 0}"]
    if isinstance(pos, Oddish):
        pot = oddish_potentials(pos)
        have = {"pL": pot.pL.value, "pR": pot.pR.value}
    else:
        gp = general_potentials(pos)
        have = {"PL": gp.PL.value, "PR": gp.PR.value}
    problems = []
    for key, want in answer.items():
        if key not in have:
            problems.append(f"answer key {key!r}: this position has {' and '.join(have)}")
        elif have[key] != want:
            problems.append(f"answer says {key} = {want!r} but the paper's rule gives {have[key]}")
    winner = p.extra.get("winner")
    if winner is not None:
        if winner not in (LEFT, RIGHT):
            return problems + ["winner must be 'L' or 'R'"]
        vals = list(have.values())
        pred = predict(vals[0], vals[1], None)
        if pred.winner != winner:
            problems.append(f"winner {winner}: the potentials predict {pred.text} ({pred.rule})")
        for side in (LEFT, RIGHT):
            q = pos.with_to_move(side)
            if q.winner is not None:
                continue
            a = analysis_of(q)
            if a is None:
                problems.append(f"{q} cannot be solved quickly")
            elif winner_of(q, a) != winner:
                problems.append(f"with {side_name(side)} to move the exact solver says "
                                f"{side_name(winner_of(q, a) or 'L')} wins, not {side_name(winner)}")
    return problems


def check_claim_1d(p: Any, max_solve_n: int = MAX_LIVE_N) -> list[str]:
    """Problems with a 1D/Oddish puzzle's claim, checked by the exact solver (empty list: it holds).

    Long strips (more than 20 squares) are checked from the shipped book only;
    a position outside it is reported as a problem unless ``max_solve_n`` allows
    a whole-strip solve (24 squares: about 20 s and 0.5 GB).
    """
    try:
        pos = parse_position(p.position)
    except PhutballError as e:
        return [f"position: {e}"]
    defence = p.extra.get("defence", "slowest")
    if defence not in ("slowest", "any"):
        return ["defence must be 'slowest' or 'any'"]
    task = p.task
    if task == "potential":
        problems = _check_potential(p, pos)
        if p.main_line:
            if pos.to_move is None:
                problems.append("main_line needs a side to move in the position (L_ or R_)")
            else:
                problems += check_line(pos, p.main_line, defence=defence, max_solve_n=max_solve_n)
        return problems
    if task == "compare":
        return _check_compare(p, defence, max_solve_n)
    if task not in ("win", "only-move", "which-side"):
        return [f"task {task!r} is not checked for 1D puzzles"]
    if pos.to_move is None:
        return ["the position needs a side to move (L_ or R_)"]
    if pos.winner is not None:
        return [f"the game is already over ({side_name(pos.winner)} has won)"]
    a = analysis_of(pos, max_solve_n)
    if a is None:
        return [f"{pos} cannot be solved quickly (more than {max_solve_n} squares and not in a shipped book)"]
    winner = winner_of(pos, a)
    me = side_name(pos.to_move)
    problems = []
    if task in ("win", "only-move"):
        if a.value != WIN:
            return [f"{me} to move does not win ({a.value} in {plies_text(a.plies)})"]
        if task == "only-move":
            wins = [str(o.move) for o in a.winning_moves]
            first = p.main_line[0] if p.main_line else ""
            try:
                first = norm_move(pos, first)
            except PhutballError:
                pass
            if len(wins) != 1:
                problems.append(f"{len(wins)} winning moves, not exactly one: {', '.join(wins)}")
            elif wins[0] != first:
                problems.append(f"the only winning move is {wins[0]}, not {first}")
    else:
        answer = p.extra.get("answer")
        want = {LEFT: LEFT, RIGHT: RIGHT, "draw": None}.get(answer, "?") if isinstance(answer, str) else "?"
        if want == "?":
            return ["answer must be 'L', 'R' or 'draw'"]
        if want != winner:
            got = side_name(winner) + " wins" if winner else "a draw"
            problems.append(f"answer {answer!r} is wrong: with best play it is {got}")
            return problems
    if p.main_line and winner is not None:
        problems += check_line(pos, p.main_line, winner, defence=defence, max_solve_n=max_solve_n)
    problems += _check_extras(p, pos, a, max_solve_n, me)
    return problems


def _check_compare(p: Any, defence: str, max_solve_n: int) -> list[str]:
    positions = p.extra.get("positions")
    answer = p.extra.get("answer")
    if not isinstance(positions, list) or len(positions) < 2:
        return ["positions must list at least two positions"]
    if not isinstance(answer, list) or len(answer) != len(positions):
        return ["answer must list one winner ('L', 'R' or 'draw') per position"]
    lines = p.extra.get("lines")
    if lines is not None and (not isinstance(lines, list) or len(lines) != len(positions)):
        return ["lines must list one main line (or null) per position"]
    problems: list[str] = []
    for i, (text, want) in enumerate(zip(positions, answer)):
        try:
            q = parse_position(text)
        except PhutballError as e:
            problems.append(f"positions[{i}]: {e}")
            continue
        if q.to_move is None or q.winner is not None:
            problems.append(f"positions[{i}]: needs a side to move and a game not over")
            continue
        a = analysis_of(q, max_solve_n)
        if a is None:
            problems.append(f"positions[{i}] {q} cannot be solved quickly")
            continue
        w = winner_of(q, a)
        if {LEFT: LEFT, RIGHT: RIGHT, "draw": None}.get(want, "?") != w:
            problems.append(f"positions[{i}] {q}: answer {want!r} but "
                            f"{side_name(w) + ' wins' if w else 'it is a draw'} with best play")
            continue
        if lines is not None and lines[i]:
            problems += check_line(q, lines[i], w, defence=defence, max_solve_n=max_solve_n,
                                   what=f"lines[{i}]")
    if p.main_line:
        try:
            start = parse_position(p.position)
            problems += check_line(start, p.main_line, defence=defence, max_solve_n=max_solve_n)
        except PhutballError as e:
            problems.append(f"position: {e}")
    return problems


# ====================================================================== playing against the user
