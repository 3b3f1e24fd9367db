"""lab.learnpage: the lesson's view as the page's element properties."""

from __future__ import annotations

from lab.learn import LearnController
from lab.learnpage import learn_props


def test_the_first_step_as_shown():
    ctl = LearnController()
    v = ctl.view()
    props = learn_props(v)
    assert props[("step-count", "textContent")] == f"Step 1 of {v['count']}"
    assert props[("previous", "disabled")] is True and props[("next", "disabled")] is False
    assert props[("board", "data-variant")] == v["board"]["variant"]
    assert props[("feedback", "className")] == "feedback"
    assert props[("lesson", "data-done")] == "no"


def test_the_last_step_and_a_step_done():
    ctl = LearnController()
    v = dict(ctl.view())
    v.update(index=v["count"] - 1, ok=True, feedback="Well done.")
    props = learn_props(v)  # type: ignore[arg-type]
    assert props[("next", "disabled")] is True and props[("next", "className")] == ""  # the end instead
    assert props[("feedback", "className")] == "feedback ok" and props[("feedback", "textContent")] == "Well done."
    v.update(ok=False, index=0)
    props = learn_props(v)  # type: ignore[arg-type]
    assert props[("feedback", "className")] == "feedback wrong"


def test_the_live_region_only_when_there_is_something_to_say():
    ctl = LearnController()
    v = ctl.view()
    assert ("live", "textContent") not in learn_props(v)
    v["board"]["announcement"] = "Ball at e5."
    assert learn_props(v)[("live", "textContent")] == "Ball at e5."
