"""The computer's search in slices (issue 28): a sliced search is the unsliced one, and no slice runs long.

The browser runs :meth:`Searcher.steps` one slice at a time and answers Stop
and "Move now" between two slices.  The tree is searched by plain recursion; a
slice ends by unwinding it, and the next slice takes up the very node where it
stopped.  So the slices may be of any size and the search stays the same: the
same move, score, depth, node count and principal variation.
"""

from __future__ import annotations

import itertools
import random

import pytest

from lab.jobs import ComputerMove2D, Runner
from phutball import Position
from phutball.ai import PAUSE_NODES, YIELD_EVERY, Progress, Searcher
from helpers import CYCLE, CYCLE_START


def middle_game(seed: int, size: str, men: int) -> Position:
    """``men`` men placed at random within three points of the ball (as in ``bench/bench_ai.py``)."""
    rng = random.Random(seed)
    pos = Position.start(size)
    c = pos.ball
    for _ in range(men):
        near = [p for p in pos.placements() if max(abs(p.point.col - c.col), abs(p.point.row - c.row)) <= 3]
        pos = pos.play(rng.choice(near or pos.placements()))
    return pos


def cycle_game() -> tuple[Position, list[Position]]:
    """Eks to move after going round the 6-ply cycle twice (a draw by repetition is one move away)."""
    history = [Position.from_str(CYCLE_START)]
    for move in (CYCLE * 2)[:-1]:
        history.append(history[-1].play(move))
    return history.pop(), history


def crowded_25x25(seed: int, men: int) -> Position:
    """``men`` men at random on 25x25 (seeded), the ball in the middle, Ohs to move and no win in one for them."""
    from phutball.winsearch import win_path
    rng, mask = random.Random(seed), 0
    while not mask or win_path(25, 25, mask, 13, 13, "O", 2000)[0] == "found":  # no win in one for Ohs
        mask = 0
        for c, r in rng.sample([(c, r) for r in range(1, 26) for c in range(1, 26) if (c, r) != (13, 13)], men):
            mask |= 1 << (r * 25 + c - 1)
    return Position.from_mask(Position.start("25x25").size, mask, Position.start("25x25").ball, "O")


POSITIONS = {
    "15x19 start": (Position.start("15x19"), []),
    "15x19, 12 men": (middle_game(1, "15x19", 12), []),
    "15x19, 24 men": (middle_game(2, "15x19", 24), []),
    "9x9, 10 men": (middle_game(3, "9x9", 10), []),
    "threatened": (Position.from_str("15x19_O_H10_G11H11J9K10"), []),
    "repetition": cycle_game(),
}
# (level, node budget): a full-width noisy level, a deep one, and hard cut off inside an iteration.
LEVELS = [("easy", None), ("expert", None), ("hard", 4000)]


def outcome(s: Searcher, last: Progress) -> tuple[object, ...]:
    return (str(last.best), last.score, last.depth, last.nodes, last.reason, tuple(str(m) for m in s.pv()))


def sliced(s: Searcher, pause_nodes: int | None, pause_seconds: float | None = None) -> list[Progress]:
    return list(s.steps(pause_nodes, pause_seconds))


@pytest.mark.parametrize("name", POSITIONS)
@pytest.mark.parametrize("level,budget", LEVELS)
def test_a_sliced_search_gives_the_same_move_as_an_unsliced_one(name, level, budget):
    pos, history = POSITIONS[name]

    def searcher() -> Searcher:
        return Searcher(pos, level, max_nodes=budget, max_seconds=1e9, seed=5, history=history)

    whole = searcher()
    expected = outcome(whole, whole.run())
    for pause_nodes in (1, 7):
        s = searcher()
        reports = sliced(s, pause_nodes)
        assert outcome(s, reports[-1]) == expected, pause_nodes
        # ... and it really was cut into slices: one report per few nodes, not one at the end.
        assert len(reports) >= reports[-1].nodes // pause_nodes


def test_the_slices_of_a_drawn_repetition_keep_the_draw():
    """The line being searched counts toward a repetition: a pause must leave and rebuild it exactly."""
    pos, history = cycle_game()
    s = Searcher(pos, "hard", max_nodes=5000, max_seconds=1e9, history=history)
    last = sliced(s, 3)[-1]
    assert str(last.best) == CYCLE[-1] and last.score == 0
    on_line = {k: n for k, n in s._line.items() if n}
    assert on_line == {(pos.mask, pos.ball.col, pos.ball.row, pos.to_move): 1}  # only the root is left on it


def test_no_slice_counts_more_than_its_nodes():
    pos = middle_game(4, "15x19", 16)
    s = Searcher(pos, "hard", max_nodes=20_000, max_seconds=1e9)
    reports = sliced(s, 250)
    steps = [b.nodes - a.nodes for a, b in itertools.pairwise(reports)]
    assert max(steps) <= 250 and steps.count(250) > 20_000 // 250 // 2
    assert reports[-1].nodes == 20_000 and reports[-1].done


def test_a_slice_ends_when_its_time_is_up():
    """A fake clock that moves one tick per reading: a slice of 4 ticks sees at most 4 readings, one
    per YIELD_EVERY nodes, so it never counts more than 4 * YIELD_EVERY nodes.  (A tick is 1/1024 s,
    so that the slice's end is exact: 0.349 + 0.004 would be just above 0.353.)"""
    ticks = itertools.count()
    pos = middle_game(5, "15x19", 12)
    s = Searcher(pos, "hard", max_nodes=6000, max_seconds=1e9, clock=lambda: next(ticks) / 1024)
    reports = sliced(s, None, 4 / 1024)
    steps = [b.nodes - a.nodes for a, b in itertools.pairwise(reports)]
    assert max(steps) <= 4 * YIELD_EVERY
    assert len(reports) > 6000 // (4 * YIELD_EVERY)
    whole = Searcher(pos, "hard", max_nodes=6000, max_seconds=1e9)
    assert outcome(s, reports[-1]) == outcome(whole, whole.run())


def test_a_crowded_boards_ranking_of_placements_pauses_and_the_search_stays_the_same():
    """hard ranks its placements near any man by a jump listing each: on a crowded board that is a
    long stretch without a node.  It ends at the slice's time too, and starts again after the pause,
    so some slices count no node at all, and the search is still the unsliced one."""
    ticks = itertools.count()
    pos = middle_game(7, "15x19", 40)
    s = Searcher(pos, "hard", max_nodes=3000, max_seconds=1e9, clock=lambda: next(ticks) / 1024)
    reports = sliced(s, None, 2 / 1024)
    steps = [b.nodes - a.nodes for a, b in itertools.pairwise(reports)]
    assert steps.count(0) > 10 and max(steps) <= 2 * YIELD_EVERY
    whole = Searcher(pos, "hard", max_nodes=3000, max_seconds=1e9)
    assert outcome(s, reports[-1]) == outcome(whole, whole.run())


def test_move_now_during_a_hard_search_is_answered_after_one_slice():
    """The page asks for the next slice only when neither Stop nor Move now was pressed: with the
    worker's slices of 0 ms, each slice is one step of the search, PAUSE_NODES nodes at most."""
    pos = middle_game(6, "15x19", 20)
    runner = Runner()
    runner.begin(ComputerMove2D(str(pos), "hard"))
    done = [0]
    while done[-1] <= 4 * PAUSE_NODES and len(done) < 1000:
        report = runner.step(0)
        assert not report.get("done")
        done.append(report["progress"][0])
    assert max(b - a for a, b in itertools.pairwise(done)) <= PAUSE_NODES and done[-1] > 4 * PAUSE_NODES
    assert runner.stop()  # "Move now": the best move so far is played
    pos.play(report["best"])


def test_move_now_plays_what_a_search_of_that_many_nodes_plays():
    """Stopped between two slices, the search's best move is the one an unsliced search with the
    same node budget ends with: a slice ends just before the node that budget would not count."""
    pos = middle_game(7, "15x19", 12)
    s = Searcher(pos, "hard", max_nodes=60_000, max_seconds=1e9)
    steps = s.steps(50, None)
    seen = []
    for report in steps:
        if report.depth >= 2:
            seen.append(report)
            if len(seen) == 40:
                break
    steps.close()
    assert s.best() == report.best
    pos.play(s.best())
    for report in seen[::13]:
        cut = Searcher(pos, "hard", max_nodes=report.nodes + 1, max_seconds=1e9).run()
        assert cut.reason == "nodes" and (cut.best, cut.score, cut.depth) == (report.best, report.score, report.depth)


@pytest.mark.parametrize("bad", [0, -3])
def test_a_slice_of_no_nodes_is_refused(bad):
    s = Searcher(Position.start("9x9"), "hard")
    with pytest.raises(ValueError, match=str(bad)):
        next(s.steps(bad))


def test_a_crowded_25x25_search_reads_the_clock_after_bounded_work_and_keeps_its_cache_bounded():
    """Issue 44: on a crowded board a few nodes list thousands of jump results.  The clock is read
    (where a slice may end) after at most WORK_EVERY units of work plus one node's listing, and the
    cache of node facts never holds more than CACHE_RESULTS jump results."""
    from phutball.ai.nodes import CACHE_RESULTS, JUMP_CAP, WIN_NODES
    from phutball.ai.search import WORK_EVERY
    pos = crowded_25x25(3, 300)
    gaps, last = [], [0]
    s = Searcher(pos, "hard", max_nodes=4000, max_seconds=1e9)

    def clock() -> float:
        gaps.append(s.facts.work - last[0])
        last[0] = s.facts.work
        return 0.0
    s.clock = clock
    cached = []
    for _ in s.steps(None, 1.0):
        cached.append(s.facts.cached)
    assert s.facts.work > 20 * WORK_EVERY  # a crowded board: much work
    assert max(gaps) <= WORK_EVERY + (JUMP_CAP + 1) * YIELD_EVERY + WIN_NODES
    assert max(cached) <= CACHE_RESULTS


def test_the_roots_win_search_reads_the_clock_after_bounded_work(monkeypatch):
    """Issue 44: a root with too many jump results to list asks the win search (up to 200,000 nodes);
    it reads the clock, and may end a slice, after every few of its nodes, not once at its end.  On a
    crowded 25x25 board (Eks win after a search of 210 nodes), with the root's listing cut after one
    result and a step of 8 nodes: never more than 8 expansions between two clock readings."""
    import functools
    from phutball import winsearch
    from phutball.ai import search
    from test_winsearch import GOAL_FIRST_TRAPS
    monkeypatch.setattr(search, "ROOT_JUMP_CAP", 1)
    monkeypatch.setattr(search, "win_path_steps", functools.partial(winsearch.win_path_steps, every=8))
    counted, gaps, last = [0], [], [0]
    real = winsearch.single_jumps

    def counting(*args):
        counted[0] += 1
        return real(*args)
    monkeypatch.setattr(winsearch, "single_jumps", counting)

    def clock() -> float:
        gaps.append(counted[0] - last[0])
        last[0] = counted[0]
        return 0.0
    pos = Position.from_str(GOAL_FIRST_TRAPS[2])
    s = Searcher(pos, "hard", max_seconds=1e9, clock=clock)
    last_report = list(s.steps(None, None))[-1]
    assert last_report.reason == "win-in-one" and pos.play(last_report.best).winner == "X"
    assert counted[0] >= 200 and max(gaps) <= 8


def test_a_full_node_cache_is_freed_a_few_nodes_at_a_time(monkeypatch):
    """Issue 44: clearing a full cache dropped a million objects at once inside a slice.  Now it is
    retired and freed while nodes are kept: each keep frees at most FREE_RATE times its own size (plus
    one node's), the retired caches empty long before the next is full, and little more is held."""
    from phutball.ai import nodes
    cap = 10_000
    monkeypatch.setattr(nodes, "CACHE_RESULTS", cap)
    pos = crowded_25x25(3, 300)
    s = Searcher(pos, "hard", max_nodes=3000, max_seconds=1e9)
    facts, freed, held, retirements, seen = s.facts, [], [], [0], set()
    real_free = facts._free

    def units() -> int:
        return sum(len(n.results) + 1 for old in facts.retired for n in old.values())

    def free(size: int) -> None:
        before = units()
        retirements[0] = max(retirements[0], len(facts.retired))
        seen.update(id(old) for old in facts.retired)
        real_free(size)
        freed.append((before - units(), size))
        held.append(facts.cached + before)
    monkeypatch.setattr(facts, "_free", free)
    s.run()
    assert len(seen) >= 3 and len(freed) > 2 * len(seen)  # each retired cache freed in parts ...
    assert retirements[0] == 1  # ... and gone before the next is retired
    assert all(done <= size + nodes.JUMP_CAP + 1 for done, size in freed)
    assert max(held) <= cap * (1 + 2 / nodes.FREE_RATE) + 2 * nodes.JUMP_CAP
