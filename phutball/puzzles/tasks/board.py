"""The board tasks deeper than a win in one jump, for the side to move S (the exact searches are
:mod:`~phutball.puzzles.search2d`'s and :mod:`~phutball.puzzles.three2d`'s):

* ``safe-move``: S cannot win at once and a tempting move (``trap``) loses: find a move that leaves the
  opponent no winning jump;
* ``win-in-two``: S has no winning jump, but has a move after which every defence loses to a jump (an
  unstoppable threat); ``solutions`` is the set of all such first moves; ``main_line`` is the move, the
  engine's defence and the winning jump;
* ``win-in-three``: S has no win in one or two, but has a move after which every defence leaves S a win in
  one or two; ``solutions`` is every such first move; ``main_line`` is five plies: the move, the engine's
  stubbornest defence, a win-in-two threat, the engine's defence and the winning jump;
* ``defend``: the opponent threatens a winning jump (``threat``) and S cannot win at once; ``solutions`` is
  every move after which the opponent has no winning jump;
* ``dont-jump``: the tempting jump ``trap`` hands the opponent a winning jump; ``solutions`` is every move
  that does not (placements anywhere and jumps).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..claims import ClaimError, UndecidedClaimError, board_threat, board_win, safe_moves_found, who
from ..common import Position1D
from ..rules2d import greedy_jump, neighbour_placements
from ..search2d import (NODES, Effort, all_moves, as_to_move, best_defence, defences, loses_at_once, refute_threat,
                        win_in_one, win_in_two_moves)
from ..three2d import DeepSearch
from ..twod import TaskAnswer, check_win_line, counted
from .base import Posed, Task, Verdict, verdict
from ...board import Position
from ...errors import PhutballError
from ...notation import Move2D
from ...sides import SIDE_NAMES, other
from ...variant import Variant

__all__ = ["Defend", "DontJump", "LeavesNoJump", "SafeMove", "WinInThree", "WinInTwo"]


class LeavesNoJump(Task):
    """The tasks whose right move leaves the opponent no winning jump (a family: no task of its own)."""

    variants = (Variant.BOARD,)

    def judge_move(self, pos: Position, move: str, after: Position, threat: Move2D | None, e: Effort,
                   max_nodes: int) -> Verdict:
        them = SIDE_NAMES[other(pos.to_move)]
        if threat is None:
            return verdict(True, True, f"Safe: {them} has no winning jump now.")
        return verdict(False, False, f"{them} can score at once.", [threat])

    def check_board(self, p: Posed, line: list[Position], max_nodes: int) -> list[str]:
        """The claim as the analysis decides it (:meth:`~phutball.puzzles.tasks.Task.check_analysis`)."""
        return self.check_analysis(p.position, p.main_line, p.extra, max_nodes=max_nodes)

    def no_win_now(self, pos: Position, e: Effort, max_nodes: int) -> bool:
        """Whether the game is on and the side to move cannot win at once (a puzzle that is not a win)."""
        return not pos.is_over and win_in_one(pos, pos.to_move, e, max_nodes) is None


class SafeMove(LeavesNoJump):
    """Leave the opponent no winning jump, on a board where a tempting move loses (``trap``)."""

    name = "safe-move"
    needs = ("trap",)
    question = "{who} to move: find a move that leaves no winning jump."
    custom = (Variant.BOARD,)

    def check_board(self, p: Posed, line: list[Position], max_nodes: int) -> list[str]:
        """No win now; the main line's move leaves no winning jump; the ``trap`` loses; the ``threat`` wins for
        the opponent; each of ``safe_moves`` is safe."""
        pos, problems = line[0], []
        me = pos.to_move
        if pos.find_winning_jump(max_nodes=max_nodes).status != "none":
            problems.append("the side to move can win at once, so this is not a safe-move puzzle")
        after = line[1]
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
        return problems

    def custom_line(self, pos: Position | Position1D, position: str) -> list[str]:
        """No win now, the opponent threatens one, and some move (the first in sorted order) stops it."""
        if not isinstance(pos, Position):
            return super().custom_line(pos, position)
        if board_win(pos, position) is not None:
            raise ClaimError("puzzle position", position, f"{who(pos)} can win at once: that is a win puzzle")
        if not board_threat(pos, position):
            raise ClaimError("puzzle position", position,
                             f"{SIDE_NAMES[other(pos.to_move)]} threaten nothing: every move is safe")
        safe, undecided = safe_moves_found(pos)
        if not safe and undecided:
            raise UndecidedClaimError("puzzle position", position, f"the engine could not decide in time whether "
                                      f"a move of {who(pos)} stops the winning jump")
        if not safe:
            raise ClaimError("puzzle position", position, f"no move of {who(pos)} stops the winning jump")
        return safe


class Defend(LeavesNoJump):
    """Stop the opponent's winning jump (``threat``)."""

    name = "defend"
    needs = ("solutions", "threat")
    question = "{who} to move: stop the opponent's winning jump."
    max_solutions = 4

    def analyse(self, pos: Position, max_nodes: int = NODES) -> TaskAnswer | None:
        """Every move that stops the opponent's threat, if there is a threat and no win now."""
        me, them, e = pos.to_move, other(pos.to_move), Effort()
        if not self.no_win_now(pos, e, max_nodes):
            return None
        threat = win_in_one(pos, them, e, max_nodes)
        if threat is None:
            return None
        sols = defences(as_to_move(pos, me), them, e, max_nodes)
        if not sols:
            return None
        return TaskAnswer(self.name, tuple(sols), (sols[0],), e.nodes, {"threat": threat})

    def describe(self, pos: Position, a: TaskAnswer) -> tuple[str, str]:
        """The threat, and every move that stops it."""
        me, them = SIDE_NAMES[pos.to_move], SIDE_NAMES[other(pos.to_move)]
        return (f"{me} to move, {them} threaten",
                f"{them} threaten {a.extra['threat']}. Only {counted(len(a.solutions), 'move stops', 'moves stop')} "
                "every winning jump: " + ", ".join(map(str, a.solutions)) + ".")

    def check_more(self, pos: Position, main_line: Sequence[str], extra: Mapping[str, Any], solutions: set[object],
                   max_nodes: int) -> list[str]:
        """The ``threat`` wins for the opponent."""
        if "threat" not in extra:
            return []
        try:
            if as_to_move(pos, other(pos.to_move)).play(extra["threat"]).winner != other(pos.to_move):
                return [f"the threat {extra['threat']} does not win for the opponent"]
        except PhutballError as e:
            return [f"threat: {e}"]
        return []

    def rule_moves(self, pos: Position) -> dict[str, list[Move2D]]:
        """The shared rules, and a man placed next to the ball (the first thing a defender tries)."""
        return {**super().rule_moves(pos), "next-to-ball": list(neighbour_placements(pos))}


class DontJump(LeavesNoJump):
    """A jump looks good (``trap``) but loses: find a move that does not."""

    name = "dont-jump"
    needs = ("solutions", "trap")
    question = "{who} to move: do not fall for the tempting jump."
    words = "don't jump"

    def analyse(self, pos: Position, max_nodes: int = NODES) -> TaskAnswer | None:
        """Every move that does not lose at once, if the greedy jump does and there is no win now."""
        me, e = pos.to_move, Effort()
        if not self.no_win_now(pos, e, max_nodes):
            return None
        win_in_one(pos, other(me), e, max_nodes)  # counted in the effort, as the puzzles' difficulty was
        trap = greedy_jump(pos)
        if trap is None or loses_at_once(pos.play(trap), me, e, max_nodes) is None:
            return None
        sols = [m for after, m in all_moves(pos) if loses_at_once(after, me, e, max_nodes) is None]
        if not sols:
            return None
        return TaskAnswer(self.name, tuple(sols), (sols[0],), e.nodes, {"trap": trap})

    def describe(self, pos: Position, a: TaskAnswer) -> tuple[str, str]:
        """The trap, and how many moves are safe."""
        return (f"{SIDE_NAMES[pos.to_move]} to move",
                f"The jump {a.extra['trap']} carries the ball forward but hands {SIDE_NAMES[other(pos.to_move)]} a "
                f"winning jump. {counted(len(a.solutions), 'move is', 'moves are')} safe.")

    def check_more(self, pos: Position, main_line: Sequence[str], extra: Mapping[str, Any], solutions: set[object],
                   max_nodes: int) -> list[str]:
        """The ``trap`` is a jump, and it loses."""
        problems = []
        try:
            trap = pos.play(extra.get("trap", ""))
        except PhutballError as e:
            return [f"trap: {e}"]
        if trap in solutions:
            problems.append(f"the trap {extra['trap']} does not lose")
        if "-" not in extra.get("trap", ""):
            problems.append("the trap must be a jump")
        return problems


class WinInTwo(Task):
    """Make a threat no defence stops, then score."""

    name = "win-in-two"
    variants = (Variant.BOARD,)
    needs = ("solutions",)
    question = "{who} to play: make a threat no defence can stop, then score."
    max_solutions = 6
    #: The main line's plies: the move, the defence, the winning jump.
    plies = 3

    def analyse(self, pos: Position, max_nodes: int = NODES) -> TaskAnswer | None:
        """Every first move of a win in two, and the main line against the engine's stubbornest defence."""
        me, e = pos.to_move, Effort()
        if pos.is_over or win_in_one(pos, me, e, max_nodes) is not None:
            return None
        sols = win_in_two_moves(pos, e, max_nodes)
        if not sols:
            return None
        after = pos.play(sols[0])
        d = best_defence(after, me, e, max_nodes)
        w = win_in_one(after.play(d), me, e, max_nodes)
        assert w is not None
        return TaskAnswer(self.name, tuple(sols), (sols[0], d, w), e.nodes)

    def describe(self, pos: Position, a: TaskAnswer) -> tuple[str, str]:
        """The main line in words, and how many first moves win."""
        them = SIDE_NAMES[other(pos.to_move)]
        m, d, w = a.main_line
        return (f"{SIDE_NAMES[pos.to_move]} to play",
                f"{m} makes a threat no defence stops: after {them}' {d} the jump {w} scores. "
                f"{counted(len(a.solutions), 'first move does', 'first moves do')} it.")

    def check_board(self, p: Posed, line: list[Position], max_nodes: int) -> list[str]:
        return self.check_analysis(p.position, p.main_line, p.extra, max_nodes=max_nodes)

    def check_more(self, pos: Position, main_line: Sequence[str], extra: Mapping[str, Any], solutions: set[object],
                   max_nodes: int) -> list[str]:
        """The main line plays the win out (:func:`phutball.puzzles.twod.check_win_line`)."""
        return check_win_line(pos, main_line, self.plies, max_nodes)

    def judge_move(self, pos: Position, move: str, after: Position, threat: Move2D | None, e: Effort,
                   max_nodes: int) -> Verdict:
        """While the mover has no win in one: the move must leave a threat no defence stops (the refutation of
        a wrong one is the defence that holds); after that, the move must score."""
        me, them = pos.to_move, SIDE_NAMES[other(pos.to_move)]
        if win_in_one(pos, me, e, max_nodes) is not None:
            return super().judge_move(pos, move, after, threat, e, max_nodes)
        if threat is not None:
            return verdict(False, False, f"{them} scores first.", [threat])
        first = self.judge_first(pos, move, after, DeepSearch(e, max_nodes))
        if first is not None:
            return first
        defence = refute_threat(after, me, e, max_nodes)
        if defence is None:
            return verdict(True, False, "Every defence loses to a jump now.")
        return verdict(False, False, f"{them} can stop that." if win_in_one(after, me, e, max_nodes)
                       else "That makes no threat.", [defence])

    def judge_first(self, pos: Position, move: str, after: Position, deep: DeepSearch) -> Verdict | None:
        """The verdict on a move made before the threat (a win in three's first); None: the move is the threat."""
        return None


class WinInThree(WinInTwo):
    """Win in three moves: a move after which every defence leaves a win in two, then the win in two
    against the engine's stubbornest defences (:func:`phutball.puzzles.three2d.win_in_three_moves`)."""

    name = "win-in-three"
    question = "{who} to play and win in three moves, whatever the defence."
    plies = 5

    def analyse(self, pos: Position, max_nodes: int = NODES) -> TaskAnswer | None:
        """Every first move, and the main line against the engine's stubbornest defences (``extra["defences"]``:
        the defender's moves tried against the main line's first move, a man outside the proof's footprint
        counted once)."""
        me, e = pos.to_move, Effort()
        if pos.is_over or win_in_one(pos, me, e, max_nodes) is not None:
            return None
        deep = DeepSearch(e, max_nodes)
        sols = deep.first_moves3(pos)
        if not sols:
            return None
        first = pos.play(sols[0])
        defence = deep.stubborn3(first, me)
        second = first.play(defence)
        threat = deep.all_win2(second)[0]
        third = second.play(threat)
        reply = best_defence(third, me, e, max_nodes)
        jump = win_in_one(third.play(reply), me, e, max_nodes)
        assert jump is not None
        return TaskAnswer(self.name, tuple(sols), (sols[0], defence, threat, reply, jump), e.nodes,
                          {"defences": len(deep.defences(first, me)[1])})

    def describe(self, pos: Position, a: TaskAnswer) -> tuple[str, str]:
        """The main line in words, and how many first moves win."""
        them = SIDE_NAMES[other(pos.to_move)]
        m, d, t, r, j = a.main_line
        return (f"{SIDE_NAMES[pos.to_move]} to play",
                f"{m} wins in three moves: after {them}' {d}, {t} makes a threat no defence stops, and after "
                f"{r} the jump {j} scores. {counted(len(a.solutions), 'first move does', 'first moves do')} it.")

    def judge_first(self, pos: Position, move: str, after: Position, deep: DeepSearch) -> Verdict | None:
        """While the mover has no win in one or two: every defence must leave the mover a win in one or two (the
        refutation of a wrong move is a defence that leaves none)."""
        if deep.within_two(pos)[0] is not None:
            return None
        them = SIDE_NAMES[other(pos.to_move)]
        saved = deep.refute3(pos, pos.parse_move(move))
        if saved is None:
            return verdict(True, False, "Every defence leaves you a win in two.")
        passed = Position.from_mask(after.size, after.mask, after.ball, pos.to_move)
        return verdict(False, False, f"{them} can stop that." if deep.within_two(passed)[0]
                       else f"That makes no threat {them} must answer.", [saved])
