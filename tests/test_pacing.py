"""The pages' pauses while they show moves one picture at a time (lab.pacing): one definition, and the
test hook that shortens them for the browser tests that do not watch the timing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lab.pacing import HOP_SECONDS, STEP_SECONDS, hop_by_hop, pace_of, paced

GLUE = Path(__file__).resolve().parent.parent / "site" / "glue"


@pytest.mark.parametrize("hooks, factor", [
    ({"pace": 0.3}, 0.3), ({"pace": 1}, 1.0), ({"pace": 0.05, "engine": []}, 0.05),
    (None, 1.0), ({}, 1.0), ({"engine": []}, 1.0), ([0.3], 1.0),
    ({"pace": 0}, 1.0), ({"pace": -1}, 1.0), ({"pace": 2}, 1.0), ({"pace": "0.3"}, 1.0), ({"pace": True}, 1.0),
    ({"pace": float("nan")}, 1.0),
])
def test_only_a_pace_between_0_and_1_shortens_the_pauses(hooks, factor):
    assert pace_of(hooks) == factor
    assert paced(STEP_SECONDS, hooks) == pytest.approx(STEP_SECONDS * factor)


def test_a_hop_is_shorter_than_a_step_of_a_refutation():
    assert 0 < HOP_SECONDS < STEP_SECONDS < 1


@pytest.mark.parametrize("name", sorted(p.name for p in GLUE.glob("*.py")))
def test_every_page_pauses_through_lab_pacing(name):
    """No page's glue has a pause of its own (the embeds paused 0.3 s a hop and the play page 0.25 s):
    each waits with glue.remote.pause and lab.pacing's durations."""
    text = (GLUE / name).read_text(encoding="utf-8")
    sleeps = re.findall(r"asyncio\.sleep\((.*)\)\s*$", text, re.M)
    allowed = {"remote.py": ["0", "paced(seconds, init_value(\"testHooks\"))"]}.get(name, [])
    assert sorted(sleeps) == sorted(allowed)
    assert not re.search(r"^(HOP_SECONDS|STEP_SECONDS|STEP_DELAY)\s*=", text, re.M)


def hops(frames, stale_after=None):
    """Run :func:`hop_by_hop` on ``frames``, the jump going stale after ``stale_after`` paints: what it painted,
    the pauses it asked for, and what it answered."""
    import asyncio
    painted, waits = [], []

    async def wait(seconds):
        waits.append(seconds)

    def current():
        return stale_after is None or len(painted) < stale_after

    done = asyncio.run(hop_by_hop(frames, painted.append, wait, current))
    return painted, waits, done


def test_a_jump_is_shown_hop_by_hop_with_one_pause_between_two_hops():
    assert hops(["A", "B", "C"]) == (["A", "B", "C"], [HOP_SECONDS] * 3, True)


@pytest.mark.parametrize("stale_after, painted", [(0, []), (1, ["A"]), (2, ["A", "B"]), (3, ["A", "B", "C"])])
def test_a_later_move_stops_the_jump_and_the_board_is_not_drawn_over_it(stale_after, painted):
    shown, waits, done = hops(["A", "B", "C"], stale_after)
    assert shown == painted and len(waits) == len(painted) and done is False


def test_the_play_page_and_the_embeds_animate_a_jump_with_one_loop():
    """The jump animation was written twice (glue/play.py and glue/embed.py, 0.25 s and 0.3 s a hop): both
    now call lab.pacing.hop_by_hop, and no other module loops over a jump's frames."""
    site = GLUE.parent
    users = sorted(str(p.relative_to(site)) for p in site.rglob("*.py") if "hop_by_hop(" in p.read_text(encoding="utf-8")
                   and p.name != "pacing.py")
    assert users == ["glue/play.py", "lab/embedmodes.py"]
    loops = [str(p.relative_to(site)) for p in site.rglob("*.py") if p.name != "pacing.py"
             and re.search(r"for \w+ in (jump_frames|frames)\b", p.read_text(encoding="utf-8"))]
    assert loops == []
