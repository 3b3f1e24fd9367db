"""The pages' pauses while they show moves one picture at a time (lab.pacing): one definition, and the
test hook that shortens them for the browser tests that do not watch the timing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lab.pacing import HOP_SECONDS, STEP_SECONDS, pace_of, paced

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
