"""The calculator's worker: runs calcjobs.py jobs in slices, off the page's main thread.

The page calls ``begin(spec_json)`` (the spec names a ``channel``), then
``step(ms, channel)`` until the answer says ``done``; ``stop(channel)`` drops a
job.  Plain JSON strings in and out (structured-cloneable).
"""

from calcjobs import CalcRunner

runner = CalcRunner()


def begin(spec_json):
    return runner.begin(str(spec_json))


def step(ms, channel="main"):
    return runner.step(float(ms), str(channel))


def stop(channel="main"):
    return runner.stop(str(channel))


__export__ = ["begin", "step", "stop"]
