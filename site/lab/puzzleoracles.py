"""The puzzles' judges (*oracles*), in pure Python: what :class:`lab.puzzles.PuzzleController` asks of the engine.

* 2D puzzles (wins in one jump, safe moves) are judged directly with the
  win-in-one search -- a few milliseconds (:class:`Oracle2D`);
* 1D puzzles ask :mod:`phutball.puzzles.judge` (``judge``/``respond``/``analysis``),
  which solves whole strips; in the browser that runs in a worker, so the
  oracle's methods are coroutines (:class:`Oracle1D`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable, Protocol

from phutball.puzzles.tasks import Task, Verdict

if TYPE_CHECKING:
    from lab.jobs import PuzzleFunction

__all__ = ["Oracle", "Oracle1D", "Oracle2D"]


class Oracle(Protocol):
    """What the controller asks of an oracle (:class:`Oracle2D`, :class:`Oracle1D`)."""

    async def judge(self, task: Task, position: str, move: str) -> Verdict: ...

    async def respond(self, position: str) -> str | None: ...

    async def hint_move(self, task: Task, position: str, main_line: tuple[str, ...], ply: int) -> str | None: ...


class Oracle2D:
    """Judges 2D puzzle moves with the engine (:mod:`phutball.puzzles.twod`: win searches, exact)."""

    async def judge(self, task: Task, position: str, move: str) -> Verdict:
        return task.judge_2d(position, move)

    async def respond(self, position: str) -> str | None:
        from phutball.puzzles import twod as puzzles2d
        return puzzles2d.respond(position)  # the defence after a win-in-two threat

    async def hint_move(self, task: Task, position: str, main_line: tuple[str, ...], ply: int) -> str | None:
        return task.hint_2d(position, main_line, ply)


class Oracle1D:
    """Judges 1D puzzle moves with :mod:`phutball.puzzles.judge`; ``call(fn, args)`` runs one of its functions.

    By default it calls the functions directly (tests, CPython); the browser
    passes a ``call`` that runs it in the worker (a :class:`lab.jobs.PuzzleCall`).
    """

    def __init__(self, call: Callable[[PuzzleFunction, tuple[str, ...]], Awaitable[dict[str, Any]]] | None = None
                 ) -> None:
        self.call = call or self._direct

    @staticmethod
    async def _direct(fn: PuzzleFunction, args: tuple[str, ...]) -> dict[str, Any]:
        return fn(*args)

    async def judge(self, task: Task, position: str, move: str) -> Verdict:
        from phutball.puzzles import judge as live
        d = await self.call(live.judge, (position, move))
        return task.verdict_1d(d, position.split("_", 1)[0])

    async def respond(self, position: str) -> str | None:
        from phutball.puzzles import judge as live
        d = await self.call(live.respond, (position,))
        return d.get("move")

    async def hint_move(self, task: Task, position: str, main_line: tuple[str, ...], ply: int) -> str | None:
        from phutball.puzzles import judge as live
        return task.hint_1d(await self.call(live.analysis, (position,)))
