"""The tasks that ask for a win: ``win`` (a board's winning jump, or a strip won against every defence),
``only-move`` (a strip's only winning move) and ``fastest-win`` (a strip won by the fastest route).

A board's ``win`` with ``min_jumps >= 3`` (:data:`LONG_CHAIN`) is a *long chain*: the side to move wins at
once, and every winning path has at least ``min_jumps`` hops; ``solutions`` lists every winning path.  The
generators make board wins of long chains only (:meth:`Win.accepts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..check import check_strip_claim
from ..claims import ClaimError, board_win, strip_line, strip_wins, who
from ..common import MAX_LIVE_N, Position1D, analysis_of, norm_move, parse_position
from ..search2d import NODES, Effort, all_winning_paths, win_in_one
from ..twod import TaskAnswer, counted
from .base import Posed, Task, Verdict, verdict
from ...board import Position
from ...errors import PhutballError
from ...notation import Move2D
from ...oned.solve import WIN, ExactValue, plies_text
from ...sides import SIDE_NAMES, side_name
from ...variant import Variant

__all__ = ["FastestWin", "LONG_CHAIN", "OnlyMove", "Win"]

#: The fewest hops of a long chain: a board win generated as a puzzle needs this many at least.
LONG_CHAIN = 3


class Win(Task):
    """Win: on a board, with one jump; on a strip, against every defence."""

    name = "win"
    question = "{who} to play and win."
    custom: ClassVar[tuple[Variant, ...]] = (Variant.STRIP, Variant.BOARD)
    # a generated win is a board's long chain (:meth:`accepts`), rare as the mover's own: also asked of the other side
    max_solutions = 6
    both_sides = True
    words = "win through a long chain"

    # ------------------------------------------------------------ a board

    def analyse(self, pos: Position, max_nodes: int = NODES) -> TaskAnswer | None:
        """Every winning path (``min_jumps``: the shortest's hops), if the side to move wins at once."""
        e = Effort()
        if pos.is_over or win_in_one(pos, pos.to_move, e, max_nodes) is None:
            return None
        paths = all_winning_paths(pos, pos.to_move, e, max_nodes)
        shortest = min(len(j.path) - 1 for j in paths)
        return TaskAnswer(self.name, paths, (paths[0],), e.nodes, {"min_jumps": shortest})

    def accepts(self, a: TaskAnswer) -> bool:
        """A generated board win is a long chain (:data:`LONG_CHAIN` hops at least), with few winning paths."""
        return super().accepts(a) and a.extra["min_jumps"] >= LONG_CHAIN

    def describe(self, pos: Position, a: TaskAnswer) -> tuple[str, str]:
        """How many jumps the shortest winning path needs, and how many paths there are."""
        return (f"{SIDE_NAMES[pos.to_move]} to play and win",
                f"Every winning path needs at least {a.extra['min_jumps']} jumps; "
                f"{counted(len(a.solutions), 'winning path', 'winning paths')} in all.")

    def solution_key(self, pos: Position, move: Move2D | str) -> object:
        """A winning jump is its path: every winning path counts (two paths to one goal are two solutions)."""
        return str(pos.parse_move(str(move)))

    def check_board(self, p: Posed, line: list[Position], max_nodes: int) -> list[str]:
        """A winning jump exists and the main line is one; ``through_own_goal``: every winning path touches
        the mover's own goal line; ``min_jumps``: none is shorter; ``solutions``: every winning path."""
        pos, problems = line[0], []
        me = pos.to_move
        win = pos.find_winning_jump(max_nodes=max_nodes)
        if win.status != "found":
            problems.append(f"no winning jump ({win.status})")
        if len(p.main_line) != 1 or line[1].winner != me:
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
        if "solutions" in p.extra:
            problems += self.check_analysis(p.position, p.main_line, p.extra, max_nodes=max_nodes)
        return problems

    # ------------------------------------------------------------ a strip

    def check_1d(self, p: Posed, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        return check_strip_claim(p, self.strip_claim, max_solve_n)

    def strip_claim(self, p: Posed, pos: Position1D, a: ExactValue, winner: str | None) -> tuple[list[str], bool]:
        """The side to move wins (the main line then plays the win out)."""
        if a.value != WIN:
            return [f"{side_name(pos.to_move or '')} to move does not win ({a.value} in {plies_text(a.plies)})"], False
        return [], True

    # ------------------------------------------------------------ a teacher's puzzle

    def custom_line(self, pos: Position | Position1D, position: str) -> list[str]:
        """A board: the winning jump; a strip: the exact solver's best line (the side to move must win)."""
        if isinstance(pos, Position):
            jump = board_win(pos, position)
            if jump is None:
                raise ClaimError("puzzle position", position, f"{who(pos)} have no winning jump here")
            return [str(jump)]
        strip_wins(pos, position)
        return strip_line(position)


class OnlyMove(Win):
    """Find a strip's only winning move, then win (the paper's "counter-intuitive" examples)."""

    name = "only-move"
    variants = (Variant.STRIP,)
    question = "{who} to play: find the only winning move, then win."
    custom = (Variant.STRIP,)

    def strip_claim(self, p: Posed, pos: Position1D, a: ExactValue, winner: str | None) -> tuple[list[str], bool]:
        """A win, with exactly one winning move: the main line's first."""
        problems, go_on = super().strip_claim(p, pos, a, winner)
        if not go_on:
            return problems, go_on
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
        return problems, True

    def custom_line(self, pos: Position | Position1D, position: str) -> list[str]:
        if isinstance(pos, Position):
            return super().custom_line(pos, position)  # never asked: the task is set on strips only
        wins = strip_wins(pos, position)
        if len(wins) != 1:
            raise ClaimError("puzzle position", position,
                             f"{who(pos)} has {len(wins)} winning moves ({', '.join(wins)}), not only one")
        return strip_line(position)


class FastestWin(Win):
    """Win a strip by the fastest route: every move must be one of the solver's fastest wins.

    Checked by the exact solver: the side to move wins and the main line's first
    move is one of the fastest winning moves.  A slower win is refuted by
    taking it back ("That wins, but not as fast ...").
    """

    name = "fastest-win"
    variants = (Variant.STRIP,)
    question = "{who} to play: win in as few moves as possible."
    custom = ()

    def check_1d(self, p: Posed, max_solve_n: int = MAX_LIVE_N) -> list[str]:
        problems = super().check_1d(p, max_solve_n)  # a win; the main line plays it out
        if problems:
            return problems
        pos = parse_position(p.position)
        a = analysis_of(pos, max_solve_n)
        if a is None or a.value != WIN or a.best is None:
            return ["the exact solver does not find a win"]
        fastest = sorted(str(o.move) for o in a.winning_moves if o.plies == a.best.plies)
        if norm_move(pos, p.main_line[0]) not in fastest:
            problems.append(f"{p.main_line[0]} is not a fastest win (those are {', '.join(fastest)})")
        return problems

    def verdict_1d(self, d: Mapping[str, Any], me: str) -> Verdict:
        v = super().verdict_1d(d, me)
        if v["ok"] and not d["fastest"]:
            return {**verdict(False, False, f"That wins, but not by the fastest route ({(d['plies'] + 1) // 2} "
                                            "moves of yours). Take another move."), "takeback": True}
        return v
