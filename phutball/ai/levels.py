"""The computer player's levels (budgets, lapses, noise, ratings, names old and new); what a search reports, how often.

Levels (:data:`LEVELS`, weakest first) differ in node budget, depth and
lapses: the lower levels err like people (issue 44, :mod:`phutball.ai.lapses`):
they miss jump chains longer than a few hops, theirs and the opponent's, now
and then stop a threat only when it is one move from scoring, and pick among
nearly equal moves by chance, with less noise on each root move's score than
they had before, so a learner can beat them; every level takes a win in one that it sees.  The
choices are drawn from the searcher's ``seed`` and the position: the same seed repeats a game move for
move (the ladder, the tests), and each game on the play page seeds its own
(its game id), so two games at the same level differ (issue 44).  Each level carries its rating,
measured by a round robin (``bench/ladder.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..errors import ParseError
from ..notation import Move2D
from .evaluation import WIN, WON
from .lapses import NO_LAPSES, Lapses

#: Why a search ended (:attr:`Progress.reason`).
Reason = Literal["win-in-one", "only-move", "complete", "nodes", "time", "cancelled"]
#: How often (in nodes) the search reads the clock (for ``max_seconds`` and a slice's time), and how
#: often the root's jump listing yields.
YIELD_EVERY = 16
#: A slice of :meth:`~phutball.ai.search.Searcher.steps` ends after this many nodes ...
PAUSE_NODES = 256
#: ... or once this many seconds have passed (read every YIELD_EVERY nodes), whichever comes first.
PAUSE_SECONDS = 0.01


@dataclass(frozen=True)
class Level:
    """A playing strength: the search budget, what it overlooks and how much noise spoils its judgement.

    ``noise`` is the standard deviation, in tenths of a row, of a random
    amount added to each root move's score (won and lost scores are exact).
    ``lapses``: the plausible mistakes of a weak level (:class:`~phutball.ai.lapses.Lapses`:
    the longest chain it sees, how often it overlooks a threat built one move
    ahead, the margin within which it picks among moves by chance); none by default.
    ``rating`` is the level's measured strength on 15x19 on the Elo scale, with
    the random player (a random placement every move) at 0: fitted by
    ``bench/ladder.py`` from a round robin of the levels and two baselines
    (``bench/README.md``, "Ladder").  None for a level that was not measured;
    the play page's level menu shows it when present.
    ``wide``: placements near any man, not only near the ball (see :mod:`phutball.ai.moves`).
    """

    name: str
    max_nodes: int
    max_depth: int
    max_seconds: float
    noise: float
    rating: float | None = None
    wide: bool = False
    lapses: Lapses = NO_LAPSES


#: The levels, weakest first (the order of the level menu and of ``--level``'s choices).
LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", max_nodes=200, max_depth=1, max_seconds=2.0, noise=25.0, rating=376.0,
                      lapses=Lapses(horizon=1, margin=40)),
    "novice": Level("novice", max_nodes=300, max_depth=1, max_seconds=2.0, noise=18.0, rating=716.0,
                    lapses=Lapses(horizon=2, margin=30)),
    "learner": Level("learner", max_nodes=300, max_depth=1, max_seconds=2.0, noise=14.0, rating=964.0,
                     lapses=Lapses(horizon=2, margin=25)),
    "casual": Level("casual", max_nodes=300, max_depth=1, max_seconds=2.0, noise=14.0, rating=1185.0,
                    lapses=Lapses(horizon=3, margin=22)),
    "easy": Level("easy", max_nodes=1_200, max_depth=2, max_seconds=4.0, noise=15.0, rating=1377.0,
                  lapses=Lapses(horizon=3, overlook=0.5, margin=20)),
    "medium": Level("medium", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=12.0, rating=1662.0,
                    lapses=Lapses(horizon=4, overlook=0.4, margin=18)),
    "steady": Level("steady", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=10.0, rating=1863.0,
                    lapses=Lapses(horizon=4, overlook=0.3, margin=15)),
    "intermediate": Level("intermediate", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=8.0, rating=2074.0,
                          lapses=Lapses(horizon=5, overlook=0.25, margin=12)),
    "advanced": Level("advanced", max_nodes=2_000, max_depth=2, max_seconds=4.0, noise=6.0, rating=2347.0,
                      lapses=Lapses(horizon=5, overlook=0.2, margin=8)),
    "strong": Level("strong", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=3.0, rating=2642.0,
                    lapses=Lapses(horizon=6, overlook=0.1, margin=5)),
    "keen": Level("keen", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=0.5, rating=2740.0,
                  lapses=Lapses(overlook=0.05, margin=3)),
    "sharp": Level("sharp", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=0.0, rating=2855.0),
    "cunning": Level("cunning", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=4.0, rating=3113.0,
                     lapses=Lapses(overlook=0.15, margin=8)),
    "tough": Level("tough", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=1.0, rating=3320.0,
                   lapses=Lapses(overlook=0.05, margin=3)),
    "expert": Level("expert", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=0.0, rating=3516.0),
    "master": Level("master", max_nodes=5_000, max_depth=20, max_seconds=6.0, noise=0.0, rating=3812.0),
    "elite": Level("elite", max_nodes=8_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4021.0),
    "champion": Level("champion", max_nodes=20_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4285.0),
    # virtuoso is grandmaster as it was before issue 30 (men placed near the ball only).
    "virtuoso": Level("virtuoso", max_nodes=60_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4561.0),
    # grandmaster answers in about a second in the browser (issue 44): 50,000 nodes, never over 2 s.
    "grandmaster": Level("grandmaster", max_nodes=50_000, max_depth=20, max_seconds=2.0, noise=0.0, rating=4934.0,
                         wide=True),
}

#: Former level names, each read as the level it names today, so that whatever stored or typed one
#: still loads: saved games and settings, rating ledgers, ``--level``, notebooks (issue 44: the
#: names rise with the ratings; the strongest level was called "hard", above "champion" and
#: "virtuoso").  :func:`level_name` reads a name through this table; nothing else should.
LEVEL_ALIASES: dict[str, str] = {"hard": "grandmaster"}

#: The strongest level: the default of every search that is not asked for a level (the analysis, the
#: review, the command line's ``hint``, ``analyse`` and ``play``).
STRONGEST = "grandmaster"
#: The level of the play page's hint: the best move the lab can find, with no noise.
HINT_LEVEL = STRONGEST


class UnknownLevelError(ParseError):
    """A level name that is neither a level of :data:`LEVELS` nor a former name of one."""


def level_name(name: object) -> str | None:
    """Today's name of the level ``name`` names: itself for a level of :data:`LEVELS`, the level a
    former name now has (:data:`LEVEL_ALIASES`), None for anything else (not a string, or no level's
    name).  Every place that reads a stored or typed level name reads it through this."""
    if not isinstance(name, str):
        return None
    name = LEVEL_ALIASES.get(name, name)
    return name if name in LEVELS else None


def level_of(level: str | Level) -> Level:
    """The :class:`Level` a name (today's or a former one, see :func:`level_name`) stands for; a
    :class:`Level` as it is.  :class:`UnknownLevelError` quoting the name when no level has it."""
    if isinstance(level, Level):
        return level
    name = level_name(level)
    if name is None:
        raise UnknownLevelError("unknown level", level, f"choose one of {', '.join(LEVELS)}")
    return LEVELS[name]


@dataclass(frozen=True)
class Progress:
    """What the search knows so far: reported while it runs, and at the end (``done``)."""

    depth: int          # deepest completed iteration
    nodes: int
    best: Move2D
    score: int          # from the side to move's point of view (see :func:`phutball.ai.evaluation.evaluate`)
    elapsed: float      # seconds
    done: bool = False
    reason: Reason | None = None

    @property
    def outcome(self) -> str:
        """``"win in N"``, ``"loss in N"`` (plies) or the evaluation in rows, for display."""
        if self.score > WON:
            return f"win in {WIN - self.score}"
        if self.score < -WON:
            return f"loss in {WIN + self.score}"
        return f"{self.score / 10:+.1f}"
