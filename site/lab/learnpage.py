"""What the rules lesson's page (learn.html) shows, as element properties (:mod:`lab.pageprops`).

The glue (``glue/learn.py``) hands :func:`learn_props` to ``glue.remote.show``; the words and every
choice of what the page shows for :meth:`lab.learn.LearnController.view` are here (unit-tested).
"""

from __future__ import annotations

from lab.learn import LearnView
from lab.pageprops import Props
from lab.views.markup import lesson_end_html, steps_html


def learn_props(v: LearnView) -> Props:
    """The page for the lesson's view ``v``: the board's data attributes (the variant first: the CSS height
    of a strip's canvas depends on it), the step's words, the feedback, the buttons, the list of steps
    and the end; the live region only when the board has something new to announce."""
    b = v["board"]
    last = v["count"] - 1
    props: Props = {
        ("board", "data-variant"): b["variant"], ("board", "data-position"): b["position"],
        ("board", "data-step"): str(v["index"]),
        ("step-count", "textContent"): f"Step {v['index'] + 1} of {v['count']}",
        ("step-title", "textContent"): v["title"], ("step-rule", "textContent"): v["rule"],
        ("step-task", "textContent"): v["task"], ("status", "textContent"): b["status"],
        ("feedback", "textContent"): v["feedback"] or b["error"] or b["message"],
        ("feedback", "className"): "feedback" + (" ok" if v["ok"] else " wrong" if v["feedback"] else ""),
        ("lesson", "data-done"): "yes" if v["ok"] else "no",
        ("finish", "disabled"): not b["can_finish"],
        ("previous", "disabled"): v["index"] == 0,
        ("next", "disabled"): v["index"] == last,
        ("next", "className"): "primary" if v["ok"] and v["index"] < last else "",  # the last: the end instead
        ("steps", "innerHTML"): steps_html(v["steps"]),
        ("end", "hidden"): not v["at_end"],
        ("end-status", "innerHTML"): lesson_end_html(v["steps"]),
        ("end-status", "className"): "feedback" + (" ok" if v["all_done"] else ""),
    }
    if b["announcement"]:
        props[("live", "textContent")] = b["announcement"]
    return props


__all__ = ["learn_props"]
