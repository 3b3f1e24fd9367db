"""The search worker: runs jobs.py jobs in slices, off the page's main thread."""

from jobs import Runner

runner = Runner()


def begin(spec_json):
    return runner.begin(str(spec_json))


def step(ms):
    return runner.step(float(ms))


def stop():
    return runner.stop()


__export__ = ["begin", "step", "stop"]
