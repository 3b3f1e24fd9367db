"""Analysis of a position and review of a game, for the play page and the CLI.

* :func:`analyse` runs the computer player's deepening search
  (:class:`phutball.ai.Searcher`) on a 2D position and yields an
  :class:`SearchReport` -- depth, nodes, score, forced win/loss, principal
  variation -- every few nodes, sliced like :meth:`Searcher.steps`: stop
  iterating to cancel.  The last item has ``done=True``.  On a 1D strip of at
  most :data:`MAX_1D_SQUARES` squares it gives the exact solver's verdict
  (one item, ``done=True``); other 1D boards raise :class:`UnsupportedError`.
* :func:`review` walks a game: it analyses every position once (with the game
  history before it, so repetitions count) and marks the moves after which
  the mover's score dropped by at least ``threshold_mistake`` (a *mistake*)
  or ``threshold_blunder`` (a *blunder*), with the engine's move instead.  It
  yields :class:`ReviewProgress` while it works (sliced, like :func:`analyse`)
  and a :class:`ReviewMark` per marked move, in game order.
  :func:`review_marks` returns just the marks as a list.

Scores are from the side to move's point of view in the units of
:mod:`phutball.ai`: tenths of a row, or ``WIN - plies`` / ``-(WIN - plies)``
for a forced win / loss, where ``plies`` counts the moves up to and including
the winning one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from .ai import STRONGEST, WIN, WON, Searcher, win_chance
from .errors import IllegalError
from .game import AnyPosition, Game
from .notation import SWAP
from .board import Position
from .sides import SIDE_NAMES
from .variant import Variant

#: Longest 1D strip analysed (by the exact solver: 16 squares take well under a second).
MAX_1D_SQUARES = 16
#: Default node budget per position of :func:`review`.
REVIEW_NODES = 20_000
#: Default drop (tenths of a row) that makes a move a mistake, and a blunder.
MISTAKE = 15
BLUNDER = 40
#: Most plies of a marked move's refutation (the engine's line after it) a review keeps.
REFUTATION_PLIES = 5


class UnsupportedError(IllegalError):
    """The position is well formed but this analysis cannot handle it (e.g. a long 1D strip)."""


def mate_plies(score: int) -> int | None:
    """Plies to a forced win (> 0) or loss (< 0) if ``score`` is a win/loss score, else None."""
    if score > WON:
        return WIN - score
    if score < -WON:
        return -(WIN + score)
    return None


def chance_text(score: int) -> str:
    """The calibrated win chance of a search's score (:func:`phutball.ai.win_chance`) in words,
    ``"72% to win"``: kept within 1-99%, since only a proof is certain."""
    return f"{min(99, max(1, round(100 * win_chance(score))))}% to win"


def score_text(score: int, side: str, *, exact: bool = False) -> str:
    """A score from ``side``'s view in words: ``"Ohs +2.5 rows, 72% to win"``, ``"Ohs win in 3"``,
    ``"Eks lose in 2"``.

    Wins and losses are counted in the winner's moves (the winning jump
    included), not plies; an exact 0 is ``"Ohs draw"``.  An estimate says its
    rows (tenths of a row: the engine's unit) and the win chance they stand for
    (:func:`chance_text`).
    """
    name = SIDE_NAMES.get(side, side)
    mate = mate_plies(score)
    if mate is not None:
        return f"{name} {'win' if mate > 0 else 'lose'} in {(abs(mate) + 1) // 2}"
    if exact:
        return f"{name} draw"
    return f"{name} {score / 10:+.1f} rows, {chance_text(score)}"


@dataclass(frozen=True)
class SearchReport:
    """One report of a deepening search (or of the exact 1D solver).

    ``score`` is from the side to move's view (see the module doc); ``mate``
    is :func:`mate_plies` of it; ``pv`` is the principal variation in the
    notation, every move legal in turn from the position; ``best`` is its
    first move (or the move the search would play, if the line is empty).
    """

    depth: int
    nodes: int
    score: int
    mate: int | None
    pv: tuple[str, ...]
    done: bool
    best: str | None = None
    exact: bool = False  # the exact 1D solver's verdict, not a search's estimate

    def text(self, side: str) -> str:
        """``"Ohs +2.5 rows, 72% to win"``, ``"Ohs win in 3"``, ``"Eks lose in 2"`` (moves, not plies).

        ``side`` names the side to move: ``"Ohs"`` or its letter ``"O"``.
        """
        return score_text(self.score, side, exact=self.exact)

    def to_dict(self, side: str | None = None) -> dict[str, Any]:
        d: dict[str, Any] = {"depth": self.depth, "nodes": self.nodes, "score": self.score, "mate": self.mate,
                             "pv": list(self.pv), "best": self.best, "done": self.done, "exact": self.exact}
        if side is not None:
            d["text"] = self.text(side)
        return d


def analyse(pos: AnyPosition, *, history: Iterable[Position] = (), level: str = STRONGEST, max_nodes: int | None = None,
            max_depth: int | None = None, max_seconds: float | None = None) -> Iterator[SearchReport]:
    """Analyse ``pos`` for the side to move; lazy, sliced like :meth:`Searcher.steps`.

    ``history`` is the game's positions before ``pos`` (a position met for
    the third time is a draw).  Raises :class:`~phutball.errors.NoMoveError`
    when the game is over, :class:`UnsupportedError` for a board this cannot
    analyse.  Budgets default to ``level``'s.
    """
    if pos.variant is not Variant.BOARD:
        yield _analyse_1d(pos)
        return
    # No forward pruning near the ball: a win or loss the analysis reports ("win in 3", a review's
    # blunder) must hold against every defence there, not only the placements the pruning kept.  The
    # strongest level's placements far from the ball are searched as in play (the best ranked): the
    # analysis finds the wins it plays (issue 44).
    s = Searcher(pos, level, max_nodes=max_nodes, max_depth=max_depth, max_seconds=max_seconds,
                 history=history, prune=False)
    key: tuple[Any, ...] | None = None
    pv: tuple[str, ...] = ()
    for p in s.steps():
        k = (p.depth, str(p.best), p.score, p.done)
        if k != key:  # the line changes only with the search's verdict: read it again then
            key, pv = k, tuple(str(m) for m in s.pv())
        yield SearchReport(p.depth, p.nodes, p.score, mate_plies(p.score), pv, p.done, str(p.best))


def _analyse_1d(strip: AnyPosition) -> SearchReport:
    """The exact solver's verdict on a short 1D strip (win/loss in N, the main line)."""
    from .oned.solve import LOSS, WIN as SOLVED_WIN, analyse as solve, principal_line
    from .oned.strip import Strip
    if not isinstance(strip, Strip) or strip.n > MAX_1D_SQUARES:
        raise UnsupportedError("unsupported position", str(strip),
                               f"analysis handles 2D boards and 1D strips of at most {MAX_1D_SQUARES} squares")
    if strip.winner is not None:
        from .errors import NoMoveError
        raise NoMoveError("no move", str(strip), "the game is over")
    a = solve(strip)
    plies = a.plies or 0
    score = WIN - plies if a.value == SOLVED_WIN else -(WIN - plies) if a.value == LOSS else 0
    line = tuple(str(o.move) for o, _ in principal_line(strip, max_plies=min(plies or 20, 200)))
    return SearchReport(plies, 0, score, mate_plies(score), line, True, line[0] if line else None, exact=True)


# ---------------------------------------------------------------- review


@dataclass(frozen=True)
class ReviewMark:
    """A move after which the mover's score dropped: ``label`` is ``"blunder"`` or ``"mistake"``."""

    ply: int       # index into game.moves (0-based)
    move: str
    side: str      # the mover's letter
    before: int    # the mover's score before the move (best play)
    after: int     # the mover's score after the move
    label: str
    better: str    # the engine's move instead
    refutation: tuple[str, ...] = ()  # the engine's line after the move, the opponent's reply first (issue 42)

    def to_dict(self) -> dict[str, Any]:
        return {"ply": self.ply, "move": self.move, "side": self.side, "before": self.before,
                "after": self.after, "label": self.label, "better": self.better, "refutation": list(self.refutation)}


@dataclass(frozen=True)
class ReviewPoint:
    """Ohs' chance to win at position ``ply`` of the game (after ``ply`` moves), 0..1, as the review's search
    saw it (:func:`phutball.ai.win_chance` of its score; 1 or 0 once a side has scored, 0.5 at a draw):
    one point of the review's evaluation graph."""

    ply: int
    chance: float


@dataclass(frozen=True)
class SideSummary:
    """How one side played in a reviewed game: its moves, marks, and the win chance it lost on average.

    ``loss`` is the mean, over the side's moves, of what its chance to win fell from the position before
    the move to the position after it (never below 0: a move the search liked better later is no loss),
    in percentage points."""

    side: str
    moves: int
    mistakes: int
    blunders: int
    loss: float

    def text(self) -> str:
        """``"Ohs: 12 moves, 1 mistake, no blunders, 4% of the win chance lost a move on average."``"""
        def n(k: int, what: str) -> str:
            return f"no {what}s" if k == 0 else f"{k} {what}{'' if k == 1 else 's'}"
        return (f"{SIDE_NAMES.get(self.side, self.side)}: {n(self.moves, 'move')}, {n(self.mistakes, 'mistake')}, "
                f"{n(self.blunders, 'blunder')}, {self.loss:.0f}% of the win chance lost a move on average.")


def review_summary(game: Game, points: Iterable[ReviewPoint], marks: Iterable[ReviewMark]) -> tuple[SideSummary, ...]:
    """Each side's :class:`SideSummary` (Ohs first) from a review's points and marks (a swap is no move)."""
    chance = {p.ply: p.chance for p in points}
    marked = list(marks)
    out = []
    for side in ("O", "X"):
        losses = []
        for ply, move in enumerate(game.moves):
            pos = game.positions[ply]
            if pos.to_move != side or move == SWAP or ply not in chance or ply + 1 not in chance:
                continue
            before, after = chance[ply], chance[ply + 1]
            if side != "O":
                before, after = 1 - before, 1 - after
            losses.append(max(0.0, before - after))
        out.append(SideSummary(side, len(losses), sum(m.side == side and m.label == "mistake" for m in marked),
                               sum(m.side == side and m.label == "blunder" for m in marked),
                               100 * sum(losses) / len(losses) if losses else 0.0))
    return tuple(out)


@dataclass(frozen=True)
class ReviewProgress:
    """How far :func:`review` is: analysing the position before move ``ply`` of ``total``."""

    ply: int
    total: int
    nodes: int = 0


def review(game: Game, *, max_nodes_per_position: int = REVIEW_NODES, threshold_mistake: int = MISTAKE,
           threshold_blunder: int = BLUNDER, level: str = STRONGEST) -> Iterator[ReviewMark | ReviewPoint | ReviewProgress]:
    """Review every move of ``game`` (all of its moves, whatever the cursor).

    Each position is analysed once with ``max_nodes_per_position`` nodes: the
    mover's score before a move is the analysis of the position it was played
    in; after it, minus the analysis of the next position (a goal scored is
    ``WIN - 1``, a draw 0).  A move that is not the engine's choice and whose
    drop ``before - after`` reaches ``threshold_blunder`` (tenths of a row) is
    a blunder, else ``threshold_mistake`` a mistake.  Yields
    :class:`ReviewProgress` every few nodes, a :class:`ReviewPoint` per position (Ohs' win chance there:
    the evaluation graph) and a :class:`ReviewMark` per marked move, in game order; stop iterating to
    cancel.
    """
    positions = game.positions
    total = len(game.moves)
    verdicts: list[SearchReport | None] = []  # per position: the analysis, None when the game is over there
    for i, pos in enumerate(positions):
        if _over(game, i):
            verdicts.append(None)
        else:
            last = None
            past = [p for p in positions[:i] if isinstance(p, Position)]  # a 2D game's (a strip's analysis has none)
            for last in analyse(pos, history=past, level=level, max_nodes=max_nodes_per_position,
                                max_seconds=float("inf")):
                if not last.done:
                    yield ReviewProgress(i, total, last.nodes)
            verdicts.append(last)
        yield ReviewPoint(i, _ohs_chance(pos, verdicts[i]))
        if i == 0:
            continue
        mark = _judge(game, i - 1, verdicts[i - 1], verdicts[i], threshold_mistake, threshold_blunder)
        if mark is not None:
            yield mark
    yield ReviewProgress(total, total)


def review_marks(game: Game, **options: Any) -> list[ReviewMark]:
    """The marks of :func:`review` as a list (runs it to the end)."""
    return [m for m in review(game, **options) if isinstance(m, ReviewMark)]


def _ohs_chance(pos: AnyPosition, verdict: SearchReport | None) -> float:
    """Ohs' chance to win at a position: the search's for the side to move, turned to Ohs' view; a game
    over there is 1 or 0 (a goal) or 0.5 (a draw)."""
    if verdict is None:
        return 1.0 if pos.winner == "O" else 0.0 if pos.winner else 0.5
    mover = win_chance(verdict.score)
    return mover if pos.to_move == "O" else 1.0 - mover


def _over(game: Game, i: int) -> bool:
    """Whether the game is over at position ``i`` (a goal, no legal move, or a repetition)."""
    pos = game.positions[i]
    if pos.winner or getattr(pos, "is_drawn", False):
        return True
    return game.repetition_at(i)


def _judge(game: Game, ply: int, before: SearchReport | None, after: SearchReport | None,
           mistake: int, blunder: int) -> ReviewMark | None:
    if before is None or before.best is None or game.moves[ply] == SWAP:  # a swap is a choice of side, not a move
        return None
    positions = game.positions
    pos, nxt = positions[ply], positions[ply + 1]
    mover = pos.to_move
    assert mover is not None  # analysed before the move: a board or a strip, whose side is known
    if after is not None:
        after_score = -after.score
    elif nxt.winner:
        after_score = WIN - 1 if nxt.winner == mover else -(WIN - 1)
    else:
        after_score = 0  # a draw
    if pos.play(before.best) == nxt:  # the engine's own move (or a jump to the same result)
        return None
    drop = before.score - after_score
    label = "blunder" if drop >= blunder else "mistake" if drop >= mistake else None
    if label is None:
        return None
    refutation = after.pv[:REFUTATION_PLIES] if after is not None else ()
    return ReviewMark(ply, game.moves[ply], mover, before.score, after_score, label, before.best, refutation)


__all__ = ["MAX_1D_SQUARES", "REFUTATION_PLIES", "ReviewMark", "ReviewPoint", "ReviewProgress", "SearchReport",
           "SideSummary", "UnsupportedError", "analyse", "chance_text", "mate_plies", "review", "review_marks",
           "review_summary", "score_text"]
