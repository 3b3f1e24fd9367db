"""Every page's one loop over a job's slices: the job advances, the page is answered in between.

Browser glue (run in the page's worker).  The job itself, its slices and its
reports are :func:`lab.jobs.slices`'s; which job runs when is the page's
(:class:`lab.jobs.Scheduler`, :class:`lab.jobs.Slots`).  This module only awaits:
before each slice it sends what is queued to the page and lets the worker
answer the page's events (Stop, Move now, a click on the board).
"""

from __future__ import annotations

from typing import Any, Callable

from glue.remote import flush_now
from lab.jobs import SLICE_MS, MakeJob, Report, slices


async def run_job(make: MakeJob, on_report: Callable[[Report], Any],
                  should_stop: Callable[[], bool] = lambda: False) -> Report | None:
    """Run the job ``make`` makes (e.g. ``ComputerMove2D(position)``) to its end in slices of ``SLICE_MS``:
    ``on_report(report)`` after each slice.

    ``should_stop()`` is asked before each slice (after the page's events were
    answered).  The last report (``done``; with ``error`` if the job failed or
    could not start), or None if stopped.
    """
    reports = slices(make, SLICE_MS)
    try:
        while await _going_on(should_stop):
            report = next(reports)
            on_report(report)
            if report.get("done"):
                return report
        return None
    finally:
        reports.close()


async def _going_on(should_stop: Callable[[], bool]) -> bool:
    """Send what is queued, answer the page's events, then ask whether to go on."""
    await flush_now()
    return not should_stop()


__all__ = ["run_job"]
