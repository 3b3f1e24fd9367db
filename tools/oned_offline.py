#!/usr/bin/env python3
"""Offline (build-time) whole-strip 1D phutball solver in NumPy, and the long-puzzle books.

Never imported by ``phutball/`` -- the browser does not get NumPy.  It is an
implementation independent of :mod:`phutball.oned.solve` (same state space, but
array views and transposes instead of integer shifts), so each checks the other.

State space: Left to move, the ball on square ``b`` (2..n-1), the other
``n - 1`` squares as an index (square ``s`` is bit ``s-1`` left of the ball,
``s-2`` right of it).  For each ball a NumPy array over the ``2**(n-1)``
indices holds the value (0 undecided, 1 win, 2 loss) and the plies to the end.
Right to move is the mirror image (the index bits reversed).  A move is a slice
of a reshaped view: a placement on bit ``k`` maps ``view(hi, 2, 2**k)[:, 0, :]``
to ``[:, 1, :]``; a jump over ``j`` stones maps a window of ``j + 1`` bits from
a pattern of stones to all-empty on the landing square's array.  The analysis
goes ply by ply (wins in 1, losses in 2, ...), like a retrograde BFS.

Usage::

    python tools/oned_offline.py solve 20            # timing and statistics
    python tools/oned_offline.py check 16            # compare with phutball.oned.solve
    python tools/oned_offline.py book                # write phutball/data/oned24.json
    python tools/oned_offline.py book --root L_.*.o..o..o..o..o..o..o.. --name oned24long \
        --title "Longest win" --engine python          # another long puzzle (fast engine)

n = 24 takes a minute or two and about 1.5 GB on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from phutball.sides import LEFT, RIGHT  # noqa: E402
from phutball.oned.strip import Strip

WIN, LOSS, DRAW = "win", "loss", "draw"
_INVERT = {WIN: LOSS, LOSS: WIN, DRAW: DRAW}


class NumpyTable:
    """Values and plies of every live Left-to-move position of an ``n``-square strip."""

    def __init__(self, n: int, val: dict[int, np.ndarray], dtm: dict[int, np.ndarray], seconds: float):
        self.n = n
        self.val = val
        self.dtm = dtm
        self.seconds = seconds

    def stats(self) -> dict[str, Any]:
        wins = sum(int((v == 1).sum()) for v in self.val.values())
        losses = sum(int((v == 2).sum()) for v in self.val.values())
        states = sum(v.size for v in self.val.values())
        mw = max(int(d[v == 1].max(initial=0)) for v, d in zip(self.val.values(), self.dtm.values()))
        ml = max(int(d[v == 2].max(initial=0)) for v, d in zip(self.val.values(), self.dtm.values()))
        return {"n": self.n, "states": states, "wins": wins, "losses": losses,
                "draws": states - wins - losses, "max_win_plies": mw, "max_loss_plies": ml,
                "seconds": round(self.seconds, 2)}

    def lookup(self, strip: Strip) -> tuple[str, int | None]:
        if strip.winner is not None:
            raise ValueError(f"game over: {strip}")
        s = strip if strip.to_move == LEFT else strip.mirror()
        b = s.ball
        mask = s.mask
        idx = (mask & ((1 << (b - 1)) - 1)) | ((mask >> b) << (b - 1))
        v = int(self.val[b][idx])
        if v == 0:
            return DRAW, None
        return (WIN if v == 1 else LOSS), int(self.dtm[b][idx])


def solve(n: int, progress: Callable[[str], Any] | None = None) -> NumpyTable:
    """Whole-strip retrograde for ``n`` squares (3 <= n <= 26)."""
    t0 = time.perf_counter()
    K = n - 1
    N = 1 << K
    balls = list(range(2, n))
    say = progress or (lambda s: None)

    def view(a: np.ndarray, lo: int, mid: int) -> np.ndarray:
        return a.reshape(N >> (lo + mid), 1 << mid, 1 << lo)

    rev_axes = tuple(range(K - 1, -1, -1))

    def reverse(a: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(a.reshape((2,) * K).transpose(rev_axes)).reshape(N) if K > 1 else a.copy()

    def mirror(sets: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
        return {n + 1 - b: reverse(a) for b, a in sets.items()}

    def chains_right(C: dict[int, np.ndarray], goal: bool) -> dict[int, np.ndarray]:
        J: dict[int, np.ndarray] = {}
        for b in sorted(balls, reverse=True):
            out = np.zeros(N, dtype=bool)
            if goal:  # every square right of the ball is a stone: jump past the end
                view(out, b - 1, K - b + 1)[:, -1, :] = True
            for j in range(1, n - b + 1):
                l = b + j + 1
                if l > n:
                    break
                if l == n:
                    if goal:
                        view(out, b - 1, j + 1)[:, (1 << j) - 1, :] = True
                    continue
                h = C[l] | J[l]
                view(out, b - 1, j + 1)[:, (1 << j) - 1, :] |= view(h, b - 1, j + 1)[:, 0, :]
            J[b] = out
        return J

    def chains_left(C: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
        J: dict[int, np.ndarray] = {}
        for b in sorted(balls):
            out = np.zeros(N, dtype=bool)
            for j in range(1, b):
                l = b - j - 1
                if l < 2:
                    break
                h = C[l] | J[l]
                view(out, l - 1, j + 1)[:, ((1 << j) - 1) << 1, :] |= view(h, l - 1, j + 1)[:, 0, :]
            J[b] = out
        return J

    def exists(C: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
        out = {}
        for b in balls:
            o = np.zeros(N, dtype=bool)
            c = C[b]
            for k in range(K):
                view(o, k, 1)[:, 0, :] |= view(c, k, 1)[:, 1, :]
            out[b] = o
        jr = chains_right(C, False)
        jl = chains_left(C)
        for b in balls:
            out[b] |= jr[b]
            out[b] |= jl[b]
        return out

    val = {b: np.zeros(N, dtype=np.int8) for b in balls}
    dtm = {b: np.zeros(N, dtype=np.uint8) for b in balls}
    empty = {b: np.zeros(N, dtype=bool) for b in balls}
    w1 = chains_right(empty, True)
    for b in balls:
        val[b][w1[b]] = 1
        dtm[b][w1[b]] = 1
    new_win = w1
    new_loss: dict[int, np.ndarray] = {}
    ply = 1
    say(f"n={n} ply 1: {sum(int(x.sum()) for x in w1.values())} wins")
    while True:
        ply += 1
        if ply % 2 == 0:
            won_mirror = mirror({b: val[b] == 1 for b in balls})
            reach = exists({b: ~won_mirror[b] for b in balls})
            new = {b: (val[b] == 0) & ~reach[b] for b in balls}
        else:
            reach = exists(mirror(new_loss))
            new = {b: (val[b] == 0) & reach[b] for b in balls}
        count = sum(int(x.sum()) for x in new.values())
        say(f"n={n} ply {ply}: {count} new {'losses' if ply % 2 == 0 else 'wins'} "
            f"({time.perf_counter() - t0:.1f} s)")
        if not count:
            break
        for b in balls:
            val[b][new[b]] = 2 if ply % 2 == 0 else 1
            dtm[b][new[b]] = ply
        if ply % 2 == 0:
            new_loss = new
        else:
            new_win = new  # noqa: F841 (kept for symmetry/debugging)
    return NumpyTable(n, val, dtm, time.perf_counter() - t0)


# ---------------------------------------------------------------- analyses and books


def analyse(lookup: Callable[[Strip], tuple[str, int | None]], s: Strip) -> dict[str, Any]:
    """Value, plies and every legal move's (value, plies) for the mover, best first."""
    value, plies = lookup(s)
    moves = []
    for order, mv in enumerate(s.legal_moves()):
        a = s.play(mv)
        if a.winner is not None:
            v, p = (WIN if a.winner == s.to_move else LOSS), 1
        else:
            cv, cp = lookup(a)
            v, p = _INVERT[cv], (None if cp is None else cp + 1)
        moves.append({"move": str(mv), "value": v, "plies": p, "_order": order, "_after": a})
    rank = {WIN: 0, DRAW: 1, LOSS: 2}
    moves.sort(key=lambda m: (rank[m["value"]], (m["plies"] or 0) * (1 if m["value"] == WIN else -1),
                              m["_order"]))
    return {"value": value, "plies": plies, "moves": moves}


def _public(entry: dict[str, Any]) -> dict[str, Any]:
    return {"value": entry["value"], "plies": entry["plies"],
            "moves": [{"move": m["move"], "value": m["value"], "plies": m["plies"]} for m in entry["moves"]]}


def best_line(lookup, s: Strip, max_plies: int = 200) -> list[str]:
    """Moves of the main line from ``s``: fastest win against the most stubborn defence."""
    out = []
    for _ in range(max_plies):
        if s.winner is not None:
            break
        e = analyse(lookup, s)
        m = e["moves"][0]
        out.append(m["move"])
        s = m["_after"]
    return out


#: The 24-square position of the paper (Right to move; only the backward jump wins) and the
#: paper's lines, read from its (damaged) diagrams: numbers are placements in order, arrows jumps.
PAPER24_ROOT = "R_......oooo.*oo.o........"
PAPER24_LINES = {
    # Right's backward jump 12-15-17, then placements 1 (L) 18, 2 (R) 16, 3 (L) 20, 4 (R) 14
    "backward_jump": ["12-15-17", "18", "16", "20", "14"],
    # Option 1: Left jumps 17-19-21, then 20, 22, 18, 24; Right jumps back to 13; 14, 12, 16;
    # Right jumps to 6; 7, 5, 9, 3; Left jumps to 10; 9, 11, 7, 13 -- the rest "left to the reader"
    "option1": ["12-15-17", "18", "16", "20", "14",
                "17-19-21", "20", "22", "18", "24",
                "21-19-17-15-13", "14", "12", "16",
                "13-11-6", "7", "5", "9", "3",
                "6-8-10", "9", "11", "7", "13"],
    # Option 2: Left places 22 instead; Right jumps 17-15-13; 14, 12, 16; Right jumps to 6; ...
    "option2": ["12-15-17", "18", "16", "20", "14",
                "22",
                "17-15-13", "14", "12", "16",
                "13-11-6", "7", "5", "9", "3",
                "6-8-10", "9", "11", "7", "13"],
    # The other main Right option (a losing try): Right 11, Left 18; Right jumps 12-6; 7, 5, 9, 3;
    # Left jumps 6-8-10; 9, 11, 7; Left jumps 10-12-15-17-19
    "other_option": ["11", "18", "12-6", "7", "5", "9", "3", "6-8-10", "9", "11", "7",
                     "10-12-15-17-19"],
}


def build_book(lookup, root: Strip, lines: dict[str, list[str]], *, budget: int = 400,
               name: str = "oned24", title: str = "") -> dict[str, Any]:
    """The data a long puzzle needs, as JSON.

    * every position of the main line (fastest win, most stubborn defence) and
      of the given ``lines`` (as far as they are legal), with every legal move's
      value and plies;
    * at each position where the winner is to move: the position after each
      *winning* move (so the defender's best reply is known), and for each losing
      try the refutation line (the defender's fastest win against the most
      stubborn resistance), as moves;
    * the positions reached by the winner's other winning moves followed by the
      defender's best reply, breadth first, until ``budget`` positions.
    """
    cache: dict[str, dict[str, Any]] = {}

    def entry(s: Strip) -> dict[str, Any]:
        k = str(s)
        e = cache.get(k)
        if e is None:
            e = cache[k] = analyse(lookup, s)
        return e

    positions: dict[str, dict[str, Any]] = {}
    refutations: dict[str, dict[str, list[str]]] = {}
    winner = root.to_move if lookup(root)[0] == WIN else (LEFT if root.to_move == RIGHT else RIGHT)

    def add(s: Strip) -> dict[str, Any]:
        e = entry(s)
        positions.setdefault(str(s), _public(e))
        return e

    def add_winner_node(s: Strip) -> None:
        e = add(s)
        if str(s) in refutations or s.to_move != winner or e["value"] != WIN:
            return
        refs = {}
        for m in e["moves"]:
            a = m["_after"]
            if a.winner is not None:
                continue
            if m["value"] == WIN:
                add(a)  # the defender's replies are known
            else:
                refs[m["move"]] = best_line(lookup, a)
        refutations[str(s)] = refs

    main = best_line(lookup, root)
    all_lines = {"main": main, **lines}
    played: dict[str, list[str]] = {}
    for key, moves in all_lines.items():
        s = root
        ok = []
        for mv in moves:
            if s.winner is not None or not s.is_legal(mv):
                break
            add_winner_node(s) if s.to_move == winner else add(s)
            s = s.play(mv)
            ok.append(mv)
        if s.winner is None:
            add_winner_node(s) if s.to_move == winner else add(s)
            # continue the line to the end with best play
            rest = best_line(lookup, s)
            for mv in rest:
                add_winner_node(s) if s.to_move == winner else add(s)
                s = s.play(mv)
            ok += rest
        played[key] = ok
    # breadth first over the winner's other winning moves, defender answering best
    frontier = [Strip.from_str(k) for k in list(positions) if Strip.from_str(k).to_move == winner]
    seen = set(str(s) for s in frontier)
    while frontier and len(positions) < budget:
        nxt = []
        for s in frontier:
            if len(positions) >= budget:
                break
            e = entry(s)
            if e["value"] != WIN:
                continue
            add_winner_node(s)
            for m in e["moves"]:
                if m["value"] != WIN or m["_after"].winner is not None:
                    continue
                d = entry(m["_after"])
                reply = d["moves"][0]["_after"]
                if reply.winner is None and str(reply) not in seen:
                    seen.add(str(reply))
                    add(m["_after"])
                    nxt.append(reply)
        frontier = nxt
    for s in frontier:
        if str(s) in positions:
            add_winner_node(s)
    return {
        "format": "phutball-1d-book/1",
        "name": name,
        "title": title,
        "n": root.n,
        "root": str(root),
        "winner": winner,
        "generated_by": "tools/oned_offline.py (NumPy whole-strip retrograde)",
        "lines": played,
        "refutations": refutations,
        "positions": positions,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("solve", help="solve a whole strip and print statistics")
    p.add_argument("n", type=int)
    p = sub.add_parser("check", help="compare with the pure-Python solver of phutball.oned.solve")
    p.add_argument("n", type=int)
    p = sub.add_parser("book", help="write a long-puzzle book (default: the paper's 24-square position)")
    p.add_argument("--root", default=PAPER24_ROOT, help="the puzzle position (default: the paper's)")
    p.add_argument("--name", default="oned24", help="book name: phutball/data/<name>.json (start with 'oned')")
    p.add_argument("--title", default="The backward jump (Grossman and Nowakowski, section 1)")
    p.add_argument("--out", default=None, help="output file (default phutball/data/<name>.json)")
    p.add_argument("--budget", type=int, default=400)
    p.add_argument("--engine", choices=["numpy", "python"], default="numpy",
                   help="numpy (default, this file) or python (phutball.oned.solve; faster, same values)")
    args = ap.parse_args(argv)
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731
    if args.cmd == "solve":
        t = solve(args.n, log)
        print(json.dumps(t.stats()))
        return 0
    if args.cmd == "check":
        from phutball.oned.solve import solve_strip
        t = solve(args.n, log)
        py = solve_strip(args.n)
        bad = 0
        for b in range(2, args.n):
            for idx in range(1 << (args.n - 1)):
                v, d = py._r.get(b, idx)
                nv = int(t.val[b][idx])
                mine = (DRAW, None) if nv == 0 else ((WIN if nv == 1 else LOSS), int(t.dtm[b][idx]))
                if mine != (v, d):
                    bad += 1
        print(json.dumps({"n": args.n, "mismatches": bad, "numpy": t.stats(), "python": py.stats()}))
        return 1 if bad else 0
    if args.cmd == "book":
        root = Strip.from_str(args.root)
        if args.engine == "numpy":
            t: Any = solve(root.n, log)
        else:
            from phutball.oned.solve import solve_strip
            t = solve_strip(root.n)
        log(json.dumps(t.stats()))
        lines = PAPER24_LINES if str(root) == PAPER24_ROOT else {}
        book = build_book(t.lookup, root, lines, budget=args.budget, name=args.name, title=args.title)
        book["solver_stats"] = t.stats()
        book["generated_by"] += f"; engine {args.engine}"
        out = Path(args.out or ROOT / "phutball" / "data" / f"{args.name}.json")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(book, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")
        log(f"wrote {out}: {len(book['positions'])} positions")
        return 0
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
