"""Near-copies among 2D puzzles (issue 42): two puzzles that ask nearly the same thing.

**The rule** (:func:`near_copies`): two 2D puzzles are near-copies when they are on the same board, with
the same side to move, and share at least :data:`NEAR_COPY_SHARE` (85 %) of their men, counted as
``|A ∩ B| / max(|A|, |B|)`` where ``A`` and ``B`` are the sets of points holding a man (the ball's
point is not counted).  Dividing by the larger set means a puzzle with a few more men than another
is still told apart only when the difference is more than 15 % of the larger one; consecutive
positions of one game (one or two men added) fall under the rule.  Puzzles of different tasks are
compared too: a "win" and a "win in two" on the same men are the same picture to a reader.

``phutball puzzles check`` refuses a collection holding a near-copy pair (:func:`near_copy_problems`),
and :func:`without_near_copies` keeps the harder of each pair -- the caller says what "harder" is
(the site's puzzle rating, then depth: ``tools/remove_near_copies.py``), since the engine knows no rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..board import Position
from .puzzle import Puzzle

__all__ = ["NEAR_COPY_SHARE", "NearCopy", "men_shared", "near_copies", "near_copy_problems", "without_near_copies"]

#: Two puzzles sharing at least this fraction of their men (of the larger set) are near-copies.
NEAR_COPY_SHARE = 0.85


@dataclass(frozen=True)
class NearCopy:
    """A pair of near-copies: the ids of two 2D puzzles and the share of men they have in common."""

    first: str
    second: str
    share: float

    def text(self) -> str:
        """The pair in words, for the checker's report."""
        return (f"{self.first} and {self.second} are near-copies: same board and side to move, "
                f"{round(self.share * 100)} % of their men shared (the limit is below "
                f"{round(NEAR_COPY_SHARE * 100)} %); keep the harder one")


def men_shared(a: frozenset[Any], b: frozenset[Any]) -> float:
    """``|a ∩ b| / max(|a|, |b|)``: the share of men two positions have in common (0 when both are empty)."""
    larger = max(len(a), len(b))
    return len(a & b) / larger if larger else 0.0


def _key(p: Puzzle) -> tuple[Any, Any, frozenset[Any]] | None:
    """(board, side to move, men) of a 2D puzzle; None for a strip or an Oddish board."""
    if not p.variant.is_board:
        return None
    pos = Position.from_str(p.position)
    return pos.size, pos.to_move, frozenset(pos.men)


def near_copies(puzzles: Iterable[Puzzle]) -> list[NearCopy]:
    """Every near-copy pair among ``puzzles`` (the module's rule), in the order the puzzles come."""
    seen: list[tuple[str, Any, Any, frozenset[Any]]] = []
    pairs: list[NearCopy] = []
    for p in puzzles:
        key = _key(p)
        if key is None:
            continue
        size, side, men = key
        for other_id, other_size, other_side, other_men in seen:
            if other_size == size and other_side == side:
                share = men_shared(men, other_men)
                if share >= NEAR_COPY_SHARE:
                    pairs.append(NearCopy(other_id, p.id, share))
        seen.append((p.id, size, side, men))
    return pairs


def near_copy_problems(puzzles: Iterable[Puzzle]) -> dict[str, list[str]]:
    """The checker's problems from the near-copy rule: for each puzzle in a pair, the pair in words
    (both puzzles of a pair get the sentence, so a report per puzzle names it)."""
    out: dict[str, list[str]] = {}
    for pair in near_copies(puzzles):
        out.setdefault(pair.first, []).append(pair.text())
        out.setdefault(pair.second, []).append(pair.text())
    return out


def without_near_copies(puzzles: Iterable[Puzzle],
                        harder: Callable[[Puzzle], Any]) -> tuple[list[Puzzle], list[Puzzle]]:
    """(kept, removed): the puzzles with no near-copy left, keeping the harder of each pair.

    Puzzles are taken hardest first (``harder(p)`` is a sort key, larger = harder; ties by id for a
    reproducible choice); one is kept when it is not a near-copy of a puzzle already kept.  ``kept``
    stays in the input's order.
    """
    items = list(puzzles)
    order = sorted(items, key=lambda p: (harder(p), p.id), reverse=True)
    kept_ids: set[str] = set()
    kept_keys: list[tuple[Any, Any, frozenset[Any]]] = []
    for p in order:
        key = _key(p)
        if key is not None:
            size, side, men = key
            if any(s == size and t == side and men_shared(men, m) >= NEAR_COPY_SHARE for s, t, m in kept_keys):
                continue
            kept_keys.append((size, side, men))
        kept_ids.add(p.id)
    return [p for p in items if p.id in kept_ids], [p for p in items if p.id not in kept_ids]
