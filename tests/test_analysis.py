"""Analysis and review (issue 14): forced wins reported with a legal principal variation,
a missed win in one marked as a blunder, the 1D exact verdict."""

from __future__ import annotations

import math
import random

import pytest

from phutball import Position
from phutball.ai import WIN, WIN_CHANCE_SLOPE, win_chance
from phutball.analysis import (SearchReport, ReviewMark, ReviewPoint, ReviewProgress, UnsupportedError, analyse, mate_plies,
                               review, review_marks, review_summary, score_text, chance_text)
from phutball.errors import NoMoveError
from phutball.game import Game
from phutball.oned.strip import Strip
from helpers import BOTH_THREATEN, FAR_WIN

# Ohs (aiming at row 9) jump E5 over E6 E7 E8 to the goal at once.
WIN_IN_ONE = """
 9 . . . . . . . . .
 8 . . . . o . . . .
 7 . . . . o . . . .
 6 . . . . o . . . .
 5 . . . . * . . . .
 4 . . . . . . . . .
 3 . . . . . . . . .
 2 . . . . . . . . .
 1 . . . . . . . . .
"""

# No winning jump now; E8 makes a chain F7-E8-D9.. that Eks cannot break in one move.
WIN_IN_TWO = """
 9 . . . . . . .
 8 . o . . . . .
 7 . o o o . * .
 6 . o . . . . .
 5 . o . o . . .
 4 . . . o . . o
 3 o . . . . . .
 2 . . . . . . .
 1 . . . . . . .
"""

# Both sides have a winning jump along column E: Ohs, to move, must take theirs.


def final(pos: Position, **kw: object) -> SearchReport:
    items = list(analyse(pos, **kw))  # type: ignore[arg-type]
    assert items and items[-1].done and not any(a.done for a in items[:-1])
    return items[-1]


def play_line(pos: Position, pv: tuple[str, ...]) -> Position:
    """Play the principal variation move by move (Position.play raises on an illegal move)."""
    for move in pv:
        assert not pos.is_over
        pos = pos.play(move)
    return pos


def test_win_in_one_is_reported_with_its_jump() -> None:
    pos = Position.from_diagram(WIN_IN_ONE, "O")
    a = final(pos)
    assert a.mate == 1 and a.score == WIN - 1 and a.pv == ("E5-E9",) and a.best == "E5-E9"
    assert a.text("O") == "Ohs win in 1" and a.text("Ohs") == "Ohs win in 1"
    assert play_line(pos, a.pv).winner == "O"


def test_win_in_two_is_reported_with_a_legal_line_ending_in_the_goal() -> None:
    pos = Position.from_diagram(WIN_IN_TWO, "O")
    assert pos.find_winning_jump().status == "none"
    a = final(pos, max_nodes=5000)
    assert a.mate == 3 and a.text("Ohs") == "Ohs win in 2"
    assert len(a.pv) == 3 and a.pv[0] == a.best
    assert play_line(pos, a.pv).winner == "O"
    # The same line from the defender's side after the first move: a loss in two plies.
    b = final(pos.play(a.pv[0]), max_nodes=5000)
    assert b.mate == -2 and b.text("X") == "Eks lose in 1" and play_line(pos.play(a.pv[0]), b.pv).winner == "O"


def test_evaluation_text_and_progress_deepens() -> None:
    pos = Position.start("9x9")
    items = list(analyse(pos, max_nodes=3000, max_seconds=60))
    depths = [a.depth for a in items]
    assert depths == sorted(depths) and depths[-1] >= 2
    a = items[-1]
    assert a.mate is None and a.text("O").startswith(f"Ohs {a.score / 10:+.1f} rows, ")
    assert a.text("O").endswith(f"{round(100 * win_chance(a.score))}% to win")
    play_line(pos, a.pv)
    assert len(a.pv) >= 2


def test_stopping_the_iteration_cancels() -> None:
    it = analyse(Position.start(), max_nodes=10**9, max_seconds=1e9)
    first = [next(it) for _ in range(3)]
    it.close()
    assert not any(a.done for a in first) and first[-1].nodes < 1000


@pytest.mark.parametrize("seed", range(25))
def test_every_principal_variation_is_legal(seed: int) -> None:
    rng = random.Random(seed)
    w, h = rng.choice([(7, 9), (9, 9), (15, 19)])
    pos = Position.start(f"{w}x{h}")
    for _ in range(rng.randint(4, 30)):  # random games: placements near the ball and jumps
        if pos.is_over:
            break
        moves = pos.legal_moves()
        near = [m for m in moves if not hasattr(m, "path")
                and max(abs(m.point.col - pos.ball.col), abs(m.point.row - pos.ball.row)) <= 2]
        jumps = [m for m in moves if hasattr(m, "path")]
        pos = pos.play(rng.choice(jumps if jumps and rng.random() < 0.4 else near or moves))
    if pos.is_over:
        with pytest.raises(NoMoveError):
            final(pos)
        return
    for a in analyse(pos, max_nodes=1500, max_seconds=60):
        if a.done or a.nodes % 512 == 0:
            assert a.pv and a.pv[0] == a.best
            end = play_line(pos, a.pv)
            if a.mate is not None and a.mate > 0:
                assert end.winner == pos.to_move


def test_mate_plies() -> None:
    assert mate_plies(WIN - 3) == 3 and mate_plies(-(WIN - 2)) == -2 and mate_plies(25) is None


def test_review_marks_a_missed_win_in_one_as_a_blunder() -> None:
    start = Position.from_diagram(BOTH_THREATEN, "O")
    game = Game.from_record(f'[Size "9x9"]\n[Setup "{start}"]\n\n1. A9 E5-E1\n')
    items = list(review(game, max_nodes_per_position=3000))
    marks = [m for m in items if isinstance(m, ReviewMark)]
    assert marks == [ReviewMark(0, "A9", "O", WIN - 1, -(WIN - 1), "blunder", "E5-E9", ("E5-E1",))]
    assert isinstance(items[-1], ReviewProgress) and items[-1].ply == items[-1].total == 2
    assert start.play(marks[0].better).winner == "O"
    # issue 42: the refutation is the engine's line after the blunder, the opponent's winning jump first
    assert start.play("A9").play(marks[0].refutation[0]).winner == "X"
    assert marks[0].to_dict()["refutation"] == ["E5-E1"]
    assert review_marks(game, max_nodes_per_position=3000) == marks


def test_the_review_gives_ohs_chance_at_every_position_and_each_side_s_summary() -> None:
    """Issue 44: the evaluation graph's points and the summary per side.  Ohs miss the win in one (A9):
    certain to win before (100%), certain to lose after (Eks jump E5-E1 at once, then the goal: 0%)."""
    start = Position.from_diagram(BOTH_THREATEN, "O")
    game = Game.from_record(f'[Size "9x9"]\n[Setup "{start}"]\n\n1. A9 E5-E1\n')
    items = list(review(game, max_nodes_per_position=3000))
    points = [p for p in items if isinstance(p, ReviewPoint)]
    assert [p.ply for p in points] == [0, 1, 2] and [p.chance for p in points] == [1.0, 0.0, 0.0]
    ohs, eks = review_summary(game, points, [m for m in items if isinstance(m, ReviewMark)])
    assert (ohs.moves, ohs.mistakes, ohs.blunders, ohs.loss) == (1, 0, 1, 100.0)
    assert (eks.moves, eks.blunders, eks.loss) == (1, 0, 0.0)
    assert ohs.text() == "Ohs: 1 move, no mistakes, 1 blunder, 100% of the win chance lost a move on average."


def test_review_does_not_mark_the_engines_own_moves() -> None:
    start = Position.from_diagram(WIN_IN_TWO, "O")
    game = Game(start, ["E8", "D9", "F7-C10"])
    assert review_marks(game, max_nodes_per_position=3000) == []


def test_1d_strips_get_the_exact_verdict_and_long_ones_are_unsupported() -> None:
    strip = Strip.from_str("L_.o*o.o.o....")
    a = final(strip)
    assert a.exact and a.done and a.mate == 13 and a.text("L") == "Left win in 7" and len(a.pv) == 13
    s = strip
    for m in a.pv:
        s = s.play(m)
    assert s.winner == "L"
    with pytest.raises(UnsupportedError, match="at most"):
        list(analyse(Strip.from_str("L_" + "o" * 20 + "*")))


def test_review_is_not_fooled_by_the_players_forward_pruning():
    """The play page's planted blunder (tests/browser/test_play_analysis.py): Eks misses E5-E1,
    a win in one, with A3.  With the computer player's forward pruning the search saw a forced
    win for Eks after A3 too (a defence it never searched) and the miss looked harmless; the
    analysis searches every placement, so the miss is a blunder naming the winning jump.
    """
    game = Game.from_record('[Size "9x9"]\n[Setup "9x9_O_E5_E3E2D6"]\n\n1. A9 E4 2. A8 A3\n')
    marks = {m.ply: m for m in review_marks(game)}
    assert 3 in marks, marks
    assert marks[3].label == "blunder" and str(marks[3].better) == "E5-E1"


def test_the_analysis_and_the_review_find_the_far_win_the_strongest_level_plays():
    """Issue 44: the analysis and the review searched placements near the ball only, so they missed a win
    the strongest level plays: a man five rows from the ball (FAR_WIN, tests/helpers.py).  They place men
    as widely as play now, and still search every placement near the ball."""
    pos = Position.from_diagram(FAR_WIN)
    a = final(pos, max_nodes=3000)
    assert a.best == "E8" and a.mate == 3 and a.text("Ohs") == "Ohs win in 2"
    assert a.pv[0] == "E8" and play_line(pos, a.pv).winner == "O"
    game = Game(pos, ["A1"])  # Ohs miss it
    marks = review_marks(game, max_nodes_per_position=3000)
    assert [(m.ply, m.move, m.label, m.before, m.better) for m in marks] == [(0, "A1", "blunder", WIN - 3, "E8")]


def test_a_score_is_shown_with_the_win_chance_it_stands_for():
    # One row ahead: sigmoid(10 x slope); the side behind gets the rest; proofs are not estimates.
    assert score_text(10, "O") == f"Ohs +1.0 rows, {round(100 / (1 + math.exp(-10 * WIN_CHANCE_SLOPE)))}% to win"
    assert score_text(10, "O") == "Ohs +1.0 rows, 61% to win" and score_text(-10, "X") == "Eks -1.0 rows, 39% to win"
    assert score_text(0, "O") == "Ohs +0.0 rows, 50% to win"
    assert chance_text(900) == "99% to win" and chance_text(-900) == "1% to win"  # never certain without a proof
    assert win_chance(WIN - 3) == 1.0 and win_chance(-(WIN - 2)) == 0.0 and score_text(WIN - 3, "O") == "Ohs win in 2"
    assert [win_chance(s) for s in (-40, -10, 0, 10, 40)] == sorted(win_chance(s) for s in (-40, -10, 0, 10, 40))
