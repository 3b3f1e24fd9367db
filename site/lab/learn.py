"""The rules lesson (learn.html): short steps, each done by playing the move it asks for.

Pure Python, unit-tested without a browser.  Each :class:`Step` gives a position,
one sentence about a rule, a task, and a check of the move the learner played;
the board is a :class:`~lab.lessonboard.LessonBoard` (a game, a MoveEntry and the play page's keys), so
moves are entered exactly as on the play page (click the ball, then the landings; Enter or the ball to stop).
A move that does what the step asks completes it (kept in localStorage); any
other move is explained and taken back, so the learner tries again from the
same position.  The engine decides every check: legal jumps, who won.

The lesson teaches the rules a newcomer needs, 2D then 1D, and nothing more:
the paper's ideas (the potentials, the Oddish board, its example (1)) are the
calculator's and the puzzles', which the lesson's end links to.  The end also
says which steps are not done yet (:attr:`LearnController.at_end`,
:func:`lab.views.markup.lesson_end_html`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypedDict

from phutball.notation import Jump, Placement, StripJump
from phutball.sides import side_name
from phutball.moveentry import Target
from lab.lessonboard import LessonBoard, LessonBoardView
from lab.savedstate import Field, Schema, Storage, read_stored

STORAGE_KEY = "phutball.learn.v1"


def _names(value: list[object]) -> bool:
    return all(isinstance(v, str) for v in value)


#: What the lesson stores: ``{"v": 1, "done": [step id, ...], "step": step id}``.
SCHEMA = Schema(STORAGE_KEY, "the lesson's saved progress", (
    Field("done", ("array",), "a list of step names", _names),
    Field("step", ("string",), "a step name"),
))

def progress_text(done: Iterable[str], step: str | None) -> str:
    """What :data:`SCHEMA` stores: the steps done (sorted) and the open step (left out when none)."""
    return json.dumps({"v": 1, "done": sorted(done), **({"step": step} if step else {})})


# check(before, move, after) -> None when the move does what the step asks, else why not.
Check = Callable[[Any, Any, Any], "str | None"]


@dataclass(frozen=True)
class Step:
    id: str
    title: str
    rule: str          # one sentence: the rule this step teaches
    task: str          # what to do on the board
    position: str      # a position string (2D or 1D)
    check: Check
    done: str          # said when the step is completed


def _hops(move: object) -> int:
    return len(move.path) - 1 if isinstance(move, (Jump, StripJump)) else 0


def _is_placement(before: Any, move: Any, after: Any) -> str | None:
    return None if isinstance(move, Placement) else "That was a jump: this time place a man on an empty point."


def _is_jump(before: Any, move: Any, after: Any) -> str | None:
    return None if _hops(move) else "That placed a man. Choose the ball first, then the highlighted landing point."


def _removes_two(before: Any, move: Any, after: Any) -> str | None:
    if not _hops(move):
        return "Jump with the ball: choose it, then the landing beyond both men."
    removed = len(before.men) - len(after.men)
    return None if removed >= 2 else f"That jump removed {removed} man; jump over the whole line of two."


def _chain(before: Any, move: Any, after: Any) -> str | None:
    hops = _hops(move)
    if hops >= 2:
        return None
    if hops == 1:
        return "You stopped after one jump: after landing, choose the next highlighted point to go on."
    return "Jump with the ball: choose it, then the landings one after another."


def _stop_after_one(before: Any, move: Any, after: Any) -> str | None:
    hops = _hops(move)
    if hops == 1:
        return None
    if hops > 1:
        return (f"You made {hops} jumps. Stop after the first: choose the ball again "
                "(or press Enter, or Finish jump) where it landed.")
    return "Jump with the ball: choose it, then the first landing, then the ball again to stop."


def _wins(before: Any, move: Any, after: Any) -> str | None:
    mover = before.to_move
    if after.winner == mover:
        return None
    if after.winner is not None:
        return f"That ended on your own goal line: {side_name(after.winner)} wins. Try again."
    return f"No goal yet: {side_name(mover)} wins only with the ball on or beyond the goal line it attacks."


STEPS: tuple[Step, ...] = (
    Step("place", "Placing a man",
         "On your turn you either place a man on any empty point, or jump with the ball.",
         "Place a man: choose any empty point.",
         "9x9_O_E5", _is_placement, "A man is placed. Men never move; only the ball does."),
    Step("jump", "A jump",
         "The ball jumps over a man next to it, in any of the 8 directions, to the point just beyond.",
         "Choose the ball, then the highlighted point beyond the man.",
         "9x9_O_E5_E6", _is_jump, "The ball jumped, and the man it jumped over is gone."),
    Step("remove", "Jumped men are removed",
         "A jump goes over a whole unbroken line of men and lands on the first empty point; "
         "every man jumped is taken off the board at once.",
         "Jump over both men in one jump.",
         "9x9_O_E4_E5E6", _removes_two, "Both men are gone: a long line makes a long jump."),
    Step("chain", "Chains of jumps",
         "After landing, the ball may jump again, in any direction, as often as there is a man to jump.",
         "Make a chain of two jumps: C3 to C5, then on to E7.",
         "9x9_O_C3_C4D6", _chain, "Two jumps in one move: a chain."),
    Step("stop", "Stopping early",
         "A chain may stop after any jump: the mover decides how far to go.",
         "Jump once and stop there: choose the ball again (Enter) after the first landing.",
         "9x9_O_E3_E4E6", _stop_after_one, "You stopped after one jump; the second man stays on the board."),
    Step("goal", "Scoring",
         "Ohs win when a move ends with the ball on or beyond the top goal line (row 9 here), "
         "Eks on or beyond the bottom one.",
         "Ohs to move: score a goal.",
         "9x9_O_E6_E7E8", _wins, "Goal! The ball ended on the top goal line."),
    Step("own-goal", "Never stop on your own goal line",
         "The ball's place when the move ends decides, whoever moved it: ending on your own goal line "
         "loses, but a chain may pass through it and leave again.",
         "Ohs attack the top: jump down through the bottom line and out again, ending on G3.",
         "9x9_O_E3_E2F2", lambda b, m, a: None if a.winner is None else _wins(b, m, a),
         "Safe: the chain passed the bottom goal line and ended on G3."),
    Step("sides", "No exits over the sides",
         "A jump may leave the board only over the ends, behind a goal line; never over a side or a corner.",
         "The man on A5 cannot be jumped (the ball would leave over the side): make the jump that is legal.",
         "9x9_O_B5_A5C6", _is_jump, "Right: only the jump over C6 stays on the board."),
    Step("strip", "1D phutball",
         "On a strip the same rules hold in one dimension: Left attacks the right end, Right the left end.",
         "Left to move: win at once with a chain past the right end.",
         "L_..*o.oo.o", _wins, "Left wins: the ball left the strip over the right end."),
)


class StepView(TypedDict):
    """One step in the lesson's list of steps."""

    title: str
    done: bool
    current: bool


class LearnView(TypedDict):
    """What :meth:`LearnController.view` returns (the glue reads it by key)."""

    board: LessonBoardView
    index: int
    count: int
    title: str
    rule: str
    task: str
    feedback: str
    ok: bool
    done: bool
    steps: list[StepView]
    all_done: bool
    at_end: bool       # the lesson's end is shown (lesson_end_html: what is left, where to go next)


@dataclass
class LearnController:
    """The lesson's state: the current step, its board, the steps done, and what to say."""

    index: int = 0
    done: set[str] = field(default_factory=set)
    feedback: str = ""
    ok: bool = False          # the current step was just completed by a move
    board: LessonBoard = field(default_factory=lambda: LessonBoard.new(STEPS[0].position))
    steps: tuple[Step, ...] = STEPS

    # ------------------------------------------------------------ navigation

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def goto(self, index: int) -> None:
        self.index = max(0, min(len(self.steps) - 1, index))
        self.retry()
        self.feedback = ""

    def retry(self) -> None:
        """The current step's position again."""
        self.board = LessonBoard.new(self.step.position)
        self.board.announcement = f"Step {self.index + 1}: {self.step.title}. {self.step.task}"
        self.ok = False
        self.feedback = ""

    def next(self) -> None:
        self.goto(self.index + 1)

    def previous(self) -> None:
        self.goto(self.index - 1)

    def first_unfinished(self) -> int:
        return next((i for i, s in enumerate(self.steps) if s.id not in self.done), 0)

    @property
    def at_end(self) -> bool:
        """The lesson's end is shown: the last step is done, or every step is.  It says which steps
        are not done yet, if any (skipped with Next or the list), and links on to the game, the
        puzzles and the calculator."""
        last = self.steps[-1].id in self.done and self.index == len(self.steps) - 1
        return last or all(s.id in self.done for s in self.steps)

    # ------------------------------------------------------------ playing

    def _judge(self, ply_before: int) -> None:
        """After a board event: if a move was played, check it against the step."""
        game = self.board.game
        if game.cursor == ply_before:
            return
        before = game.positions[game.cursor - 1]
        move = before.parse_move(game.moves[game.cursor - 1])
        after = game.position
        why = self.step.check(before, move, after)
        if why is None:
            self.ok = True
            self.done.add(self.step.id)
            self.feedback = self.step.done
            self.board.announcement = f"Done. {self.step.done}"
        else:
            self.retry()  # taken back: the step's position again
            self.feedback = why
            self.board.announcement = f"Not yet. {why}"

    def _guarded(self, action: Callable[[], object]) -> object:
        if self.ok:  # the step is done: the board waits for Next or Try again
            self.feedback = self.step.done + " Press Next for the next step, or Try again."
            return False
        ply = self.board.game.cursor
        result = action()
        self._judge(ply)
        return result

    #: What a second click on the ball says: the jump goes on (it used to cancel it silently, and the
    #: next click then placed a man, which the step refused).
    STILL_JUMPING = "Still jumping: choose a highlighted point beyond a man (Esc cancels the jump)."

    def click(self, target: Target, touch_cell: float | None = None) -> None:
        if not self.ok and self.board.entry.chain == [target]:
            # the ball clicked again before any landing (often after a refused landing): keep the jump
            self.feedback = ""
            self.board.error = ""
            self.board.message = self.STILL_JUMPING
            return
        if not self.ok:
            self.feedback = ""  # an old explanation gives way to what the board says about this click
        self._guarded(lambda: self.board.click(target, touch_cell))  # a finger on a small board: two touches

    def key(self, name: str) -> bool:
        if name in ("u", "r"):  # no undo/redo in a lesson: Try again resets the step
            return False
        return bool(self._guarded(lambda: self.board.key(name)))

    def preview_typed(self, text: str) -> tuple[bool, str]:
        """A move typed in the Move field, before Enter: what it will do (the board's words), or why not."""
        if self.ok and text.strip():
            return False, self.step.done + " Press Next for the next step, or Try again."
        return self.board.preview_typed(text)

    def play_typed(self, text: str) -> bool:
        """A move typed in the notation: played as a click's (the board's MoveEntry), then judged by the step."""
        return bool(self._guarded(lambda: self.board.play_typed(text)))

    def finish_chain(self) -> None:
        self._guarded(self.board.finish_chain)

    def board_key(self, name: str, on_board: bool) -> bool:
        """A key the page's board binder got: the lesson's only on the canvas (glue.boardinput hands it a key
        pressed on the grid's cells as the canvas'); True if it took it."""
        return on_board and self.key(name)

    def typed(self, text: str) -> str:
        """A move typed in the Move field, then Enter: "" when it was played (the field is emptied), else why
        not (the board's error, else the step's feedback)."""
        return "" if self.play_typed(text) else self.board.error or self.feedback

    def focus(self, t: Target) -> None:
        """The board's grid's focus moved to ``t``: the board's cursor follows it (drawn on the canvas)."""
        self.board.entry.cursor = t

    def goto_step(self, step: str | None) -> bool:
        """A click in the list of steps or on the end's link to a step not done yet, on the element of
        ``data-step`` ``step`` (None: elsewhere in the list, nothing); True if it went there."""
        if step is None:
            return False
        self.goto(int(step))
        return True

    def cancel_chain(self) -> None:
        self.board.cancel_chain()

    # ------------------------------------------------------------ storage

    def progress_json(self) -> str:
        return progress_text(self.done, self.step.id)

    def load_progress(self, values: dict[str, Any] | None) -> bool:
        """Restore progress read by :data:`SCHEMA` (:func:`read_progress`); False (nothing changed) if none."""
        if values is None:
            return False
        ids = [s.id for s in self.steps]
        self.done = {d for d in values.get("done", []) if d in ids}
        current = values.get("step")
        self.goto(ids.index(current) if current in ids else self.first_unfinished())
        return True

    def start(self, storage: Storage) -> None:
        """Open the lesson where the stored progress says; unreadable parts are set aside, said once."""
        values, problem = read_stored(storage, SCHEMA)
        if not self.load_progress(values):
            self.goto(0)
        if problem:
            self.board.error = problem
            storage.set_item(STORAGE_KEY, self.progress_json())

    # ------------------------------------------------------------ what the page shows

    def view(self) -> LearnView:
        s = self.step
        return {
            "board": self.board.view(),
            "index": self.index,
            "count": len(self.steps),
            "title": s.title,
            "rule": s.rule,
            "task": s.task,
            "feedback": self.feedback,
            "ok": self.ok,
            "done": s.id in self.done,
            "steps": [{"title": st.title, "done": st.id in self.done, "current": i == self.index}
                      for i, st in enumerate(self.steps)],
            "all_done": len(self.done) == len(self.steps),
            "at_end": self.at_end,
        }

