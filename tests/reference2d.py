"""A deliberately naive 2D jump enumerator and move player, written independently of the engine.

It works on plain sets of (col, row) tuples and lists every path; tests compare
the engine's fast code against it on small boards, and check single moves with it on any board.
"""

from __future__ import annotations

DIRS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


def all_paths(width: int, height: int, men: set, ball: tuple) -> list[tuple]:
    """Every jump path (tuple of (col,row)) from ``ball``, in no particular order."""
    out = []

    def rec(path, men_left):
        c, r = path[-1]
        if r in (0, height + 1):
            return
        for dc, dr in DIRS:
            jumped = []
            x, y = c + dc, r + dr
            while (x, y) in men_left:
                jumped.append((x, y))
                x, y = x + dc, y + dr
            if not jumped:
                continue
            if not (1 <= x <= width and 0 <= y <= height + 1):
                continue  # off a side edge (or beyond the off-board rows)
            new_path = path + [(x, y)]
            out.append(tuple(new_path))
            rec(new_path, men_left - set(jumped))

    rec([ball], frozenset(men))
    return out


def wins(path: tuple, height: int, side: str) -> bool:
    row = path[-1][1]
    return row >= height if side == "O" else row <= 1


def play(width: int, height: int, men: set, ball: tuple, points: list[tuple]) -> tuple[frozenset, tuple] | None:
    """(men, ball) after the move through ``points`` (one point: a placement; more: a jump path
    from ``ball``), or None if the move is illegal.  The game is assumed not over."""
    men = frozenset(men)
    if len(points) == 1:
        p = points[0]
        if 1 <= p[0] <= width and 1 <= p[1] <= height and p != ball and p not in men:
            return men | {p}, ball
        return None
    if points[0] != ball:
        return None
    here = ball
    for nxt in points[1:]:
        if here[1] in (0, height + 1):
            return None  # the ball left the board: the move is over
        for dc, dr in DIRS:
            jumped = []
            x, y = here[0] + dc, here[1] + dr
            while (x, y) in men:
                jumped.append((x, y))
                x, y = x + dc, y + dr
            if jumped and (x, y) == nxt and 1 <= x <= width and 0 <= y <= height + 1:
                men, here = men - set(jumped), nxt
                break
        else:
            return None
    return men, here
