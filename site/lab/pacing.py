"""How long the pages pause while they show moves one picture at a time: one definition for every page.

* :data:`HOP_SECONDS` -- a jump, drawn hop by hop (the ball along its path, each jumped man fading as it is
  jumped): the play page and the embeds (which paused 0.3 s a hop while the play page paused 0.25 s).
* :data:`STEP_SECONDS` -- the moves of a refutation or a solution, played out one after another: the puzzles
  page and puzzle embeds (0.65 s and 0.6 s before).

A page whose reader prefers reduced motion does not animate a jump (the glue asks ``reducedMotion``); the
moves of a refutation still come one at a time, since each is said in the live region.

:func:`paced` scales a pause by the page's test hook ``pace`` (``window.phutballTestHooks = {pace: f}``,
0 < f <= 1): the browser tests that do not watch the timing run the pictures faster. Any other value
(none, out of range, not a number) leaves the pauses as they are.
"""

from __future__ import annotations

from typing import Awaitable, Callable, Sequence, TypeVar

Picture = TypeVar("Picture")

HOP_SECONDS = 0.25
STEP_SECONDS = 0.65


def pace_of(hooks: object) -> float:
    """The factor the test hooks ask for (``{"pace": f}``, 0 < f <= 1), else 1."""
    pace = hooks.get("pace") if isinstance(hooks, dict) else None
    if isinstance(pace, (int, float)) and not isinstance(pace, bool) and 0 < pace <= 1:
        return float(pace)
    return 1.0


def paced(seconds: float, hooks: object) -> float:
    """``seconds`` scaled by :func:`pace_of` ``hooks``."""
    return seconds * pace_of(hooks)


async def hop_by_hop(frames: Sequence[Picture], paint: Callable[[Picture], object],
                     wait: Callable[[float], Awaitable[None]], current: Callable[[], bool]) -> bool:
    """A jump shown one hop at a time, :data:`HOP_SECONDS` apart (the play page's and the embeds' one
    animation): each of ``frames`` painted while ``current()`` holds (a later move or step makes it false),
    ``wait`` sending what is painted and pausing.  True when every frame was shown and the jump is still the
    one to show (the board is then drawn as it stands)."""
    for frame in frames:
        if not current():
            return False
        paint(frame)
        await wait(HOP_SECONDS)
    return current()


__all__ = ["HOP_SECONDS", "STEP_SECONDS", "hop_by_hop", "pace_of", "paced"]
