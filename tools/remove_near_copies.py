"""Remove the near-copies from the shipped 2D puzzle files, keeping the harder of each pair (issue 42).

    python tools/remove_near_copies.py [--dir puzzles] [--dry-run]

The rule is :mod:`phutball.puzzles.nearcopy`'s (same board, same side to move, at least 85 % of the men
shared, counted over the larger set).  "Harder" is the puzzle page's rating
(:func:`lab.puzzlerating.puzzle_rating`), then depth (the winner's moves in the main line), then fewer
correct first moves, then the engine's search effort (``nodes``).  Every 2D file of the directory is
compared with every other; a file that loses puzzles is rewritten as the generators write it (JSON,
indent 1), its ``counts`` recounted and the removed ids listed under ``near_copies_removed``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "site"))

from phutball.puzzles.format import load_file  # noqa: E402
from phutball.puzzles.nearcopy import without_near_copies  # noqa: E402
from phutball.puzzles.puzzle import Puzzle  # noqa: E402
from lab.puzzlerating import features, puzzle_rating  # noqa: E402


def hardness(p: Puzzle) -> tuple[int, int, int, int]:
    """The sort key of "harder" (larger = harder): rating, depth, fewer first moves, search effort."""
    f = features(p)
    return puzzle_rating(p), f.depth, -f.first_moves, int(p.extra.get("nodes", 0))


def _recount(data: dict[str, Any]) -> None:
    """Recount a file's ``counts`` (by task, or by board for the wins in three) after removals."""
    counts = data.get("counts")
    if not isinstance(counts, dict):
        return
    by_task = Counter(d["task"] for d in data["puzzles"])
    by_board = Counter(d["position"].split("_", 1)[0] for d in data["puzzles"])
    data["counts"] = {k: (by_task[k] if k in by_task or k not in by_board else by_board[k]) for k in counts}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", default=str(ROOT / "puzzles"))
    ap.add_argument("--dry-run", action="store_true", help="say what would be removed, write nothing")
    args = ap.parse_args(argv)
    files = {path: load_file(path) for path in sorted(Path(args.dir).glob("*.json"))}
    board = [p for ps in files.values() for p in ps if p.variant.is_board]
    kept, removed = without_near_copies(board, hardness)
    gone = {p.id for p in removed}
    for p in removed:
        print(f"remove {p.id} (rating {hardness(p)[0]}, depth {hardness(p)[1]})")
    depths = Counter(features(p).depth for p in kept)
    print(f"{len(removed)} near-copies removed; {len(kept)} 2D puzzles kept; by depth: "
          + ", ".join(f"{d}: {n}" for d, n in sorted(depths.items())))
    if args.dry_run:
        return 0
    for path, ps in files.items():
        if not any(p.id in gone for p in ps):
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        data["puzzles"] = [d for d in data["puzzles"] if d["id"] not in gone]
        data["near_copies_removed"] = sorted(set(data.get("near_copies_removed", [])) | {p.id for p in ps if p.id in gone})
        _recount(data)
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
