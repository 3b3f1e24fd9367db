#!/usr/bin/env python3
"""What opening a game by link costs (issue 38): the longest link, replayed once, on 15x19 and 25x25.

    python bench/bench_links.py            # CPython; figures go into bench/README.md ("Games by link")

A link carries at most ``lab.linkgame.MAX_PLIES`` moves and opening one replays every move once
(``lab.gamesite.Site.open_fragment``). This measures, for games of 150, 500, 1,000 and 2,000 plies
(men placed near the ball, a jump whenever one does not score, as ``linkgame.measure`` plays), the
payload's length and the CPU time of one opening in a fresh browser (decode, replay, keep), and
compares it with the old opening (three full replays and a record round trip). Pyodide runs this
code at about 1.2-1.4x CPython's time (shared/notes/measured-facts.md).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "site"), str(ROOT / "tests")]

from helpers import FakeStorage  # noqa: E402
from lab import linkgame  # noqa: E402
from lab.gamesite import Site  # noqa: E402
from lab.play import PlayController  # noqa: E402
from phutball.game import Game  # noqa: E402


def cpu(fn: Any, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def main() -> None:
    print("| board | plies | payload (chars) | one opening (CPU s) | old opening, 3 replays + record (CPU s) |")
    print("|---|---:|---:|---:|---:|")
    for size in ("15x19", "25x25"):
        for plies in (150, 500, 1000, 2000):
            game = linkgame.sample_game(size, plies)
            link = linkgame.LinkGame("0123456789ab", "O", str(game.start), tuple(game.moves), seat="0000000a")
            fragment = linkgame.PREFIX + linkgame.encode(link)

            def open_now() -> None:
                site = Site(FakeStorage())
                site.open_fragment(PlayController.new(), fragment)

            def open_before() -> None:
                for _ in range(3):
                    linkgame.replay(link)
                Game.from_record(linkgame.replay(link).to_record())

            print(f"| {size} | {plies} | {len(fragment) - len(linkgame.PREFIX):,} | {cpu(open_now):.2f} | "
                  f"{cpu(open_before):.2f} |")


if __name__ == "__main__":
    main()
