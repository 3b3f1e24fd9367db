"""The computer player's levels (budgets, noise, ratings, names old and new), and what a search reports, how often.

Levels (:data:`LEVELS`, weakest first) differ in node budget, depth and
noise: the lower levels add random noise (up to a few rows) to each root
move's score, so they misjudge positions and a learner can beat them; all
levels take a win in one when there is one.  The noise is drawn from the
searcher's ``seed`` and the position: the same seed repeats a game move for
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
    """A playing strength: the search budget and how much noise spoils its judgement.

    ``noise`` is the standard deviation, in tenths of a row, of a random
    amount added to each root move's score (won and lost scores are exact).
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


#: The levels, weakest first (the order of the level menu and of ``--level``'s choices).
LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", max_nodes=200, max_depth=1, max_seconds=2.0, noise=40.0, rating=559.0),
    "novice": Level("novice", max_nodes=300, max_depth=1, max_seconds=2.0, noise=25.0, rating=870.0),
    "learner": Level("learner", max_nodes=300, max_depth=1, max_seconds=2.0, noise=20.0, rating=1012.0),
    "casual": Level("casual", max_nodes=300, max_depth=1, max_seconds=2.0, noise=17.0, rating=1356.0),
    "easy": Level("easy", max_nodes=1_200, max_depth=2, max_seconds=4.0, noise=17.0, rating=1567.0),
    "medium": Level("medium", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=14.0, rating=1753.0),
    "steady": Level("steady", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=12.0, rating=1927.0),
    "intermediate": Level("intermediate", max_nodes=1_500, max_depth=2, max_seconds=4.0, noise=10.0, rating=2101.0),
    "advanced": Level("advanced", max_nodes=2_000, max_depth=2, max_seconds=4.0, noise=7.0, rating=2287.0),
    "strong": Level("strong", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=4.0, rating=2510.0),
    "keen": Level("keen", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=2.0, rating=2727.0),
    "sharp": Level("sharp", max_nodes=2_500, max_depth=2, max_seconds=4.0, noise=0.0, rating=2875.0),
    "cunning": Level("cunning", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=6.0, rating=3126.0),
    "tough": Level("tough", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=3.0, rating=3264.0),
    "expert": Level("expert", max_nodes=3_000, max_depth=20, max_seconds=6.0, noise=0.0, rating=3508.0),
    "master": Level("master", max_nodes=5_000, max_depth=20, max_seconds=6.0, noise=0.0, rating=3804.0),
    "elite": Level("elite", max_nodes=8_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4014.0),
    "champion": Level("champion", max_nodes=20_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4278.0),
    # virtuoso is grandmaster as it was before issue 30 (men placed near the ball only).
    "virtuoso": Level("virtuoso", max_nodes=60_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4557.0),
    "grandmaster": Level("grandmaster", max_nodes=60_000, max_depth=20, max_seconds=8.0, noise=0.0, rating=4932.0,
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
