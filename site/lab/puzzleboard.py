"""A puzzle board's move flow, in pure Python: one owner for the puzzles page and puzzle embeds.

``site/glue/puzzles.py`` (the puzzles page) and :class:`lab.embedmodes.PuzzleMode` (a puzzle embed, a streak
embed) each hold a :class:`PuzzleBoard` around their :class:`lab.puzzles.PuzzleController`.  The board
owns what the two pages used to write each on its own (and had let drift apart):

* the :class:`phutball.moveentry.MoveEntry` on the position shown (None on a question puzzle);
* :attr:`PuzzleBoard.busy`, set in one place: from the moment a move is entered (or a line is to be
  played, or a hint asked) until the board is the reader's again; while it is set nothing is entered,
  stepped or asked;
* submitting a move with one error policy (:meth:`PuzzleBoard.submit`, see *Engine failures*);
* playing out a refutation, the engine's answer or a solution move by move (:meth:`PuzzleBoard.play_line`:
  a pause, then a move, drawn and said; a pause after the last one, then the controller's ``animate_step``
  sets the phase and the message is said -- so what is said before, during and after the line each stays
  a pause long, none overwritten in the same update);
* the live region's words (what a screen reader says: the move entered, the verdict, each move of a
  line, the message at the line's end) and the status line (:meth:`PuzzleBoard.status`).

The glue gives it four callables: ``show`` (draw the page), ``say`` (set the live region), ``wait``
(the pause between two moves of a line: ``glue.remote.pause(lab.pacing.STEP_SECONDS)``), and ``record``
(after a verdict or a line's end: the puzzles page stores its progress, an embed posts its result).

*Engine failures.*  Judging a move, answering it and finding a hint run engine code: in the puzzles
page's worker a sliced job, whose failure comes back as a ``RuntimeError`` (``glue/puzzles.py``'s
``engine_call``); in an embed the judge itself, which can raise a :class:`phutball.errors.PhutballError`
on a position it cannot read, or a ``RecursionError``/``MemoryError`` on a strip too big.  Any
``Exception`` from that call is caught (:data:`ENGINE_FAILURES`): the page says it ("The engine failed:
…", :func:`failure_words`), the board goes back to before the move and the puzzle stays open, to be
played again -- never a page stuck on "Checking…" with the board locked.  ``BaseException``\\ s that are
not errors (a cancelled task, ``KeyboardInterrupt``, ``SystemExit``) go through.  An illegal move is
not an engine failure: the controller refuses it in the engine's words (``PuzzleController.user_move``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from lab.puzzles import PuzzleController
from phutball.moveentry import MoveEntry

__all__ = ["CHECKING", "ENGINE_FAILURES", "PuzzleBoard", "Status", "failure_words"]

#: What the engine raises that the board says on the page instead of failing (see the module's doc).
ENGINE_FAILURES: tuple[type[BaseException], ...] = (Exception,)
#: The end of what is said while a move is judged.
CHECKING = "Checking…"
#: An embed's status line when the controller has nothing to say and a move can be played.
CHOOSE = "Choose a point on the board to play."


def failure_words(e: BaseException) -> str:
    """What the page says when the engine failed with ``e``."""
    return f"The engine failed: {str(e) or type(e).__name__}"


@dataclass(frozen=True)
class Status:
    """The status line: its text, and its tone (``error``, ``ok`` or ``""``)."""

    text: str
    tone: str


async def _no_wait() -> None:
    return None


class PuzzleBoard:
    """One puzzle board: the controller ``ctl``, the move entry, the busy state, the flow of a move."""

    def __init__(self, ctl: PuzzleController, *, show: Callable[[], None] = lambda: None,
                 say: Callable[[str], None] = lambda text: None,
                 wait: Callable[[], Awaitable[None]] = _no_wait,
                 record: Callable[[], None] = lambda: None) -> None:
        self.ctl = ctl
        self.show, self.say, self.wait, self.record = show, say, wait, record
        self.entry: MoveEntry | None = None
        self.busy = False
        self.checking: str | None = None  # the move being judged
        self.new_entry()

    # ------------------------------------------------------------ the entry

    def new_entry(self) -> None:
        """A fresh entry on the controller's position (after a move, a step, another puzzle); None on a
        question puzzle (no board to play on)."""
        game = self.ctl.game
        self.entry = None if game is None else MoveEntry(game.position)

    def can_enter(self) -> bool:
        """A click or a key may enter a move now."""
        return self.entry is not None and not self.busy and self.ctl.view()["can_move"]

    def played_entry(self) -> MoveEntry:
        """The entry, where the board takes input (a puzzle played on its board; a question puzzle has none)."""
        assert self.entry is not None, "no move entry: a question puzzle's board takes no input"
        return self.entry

    def shown_position(self) -> Any:
        """The position moves are entered on (None when none is)."""
        return None if self.entry is None else self.entry.position

    def take_move(self) -> str | None:
        """After the entry changed (a click, a key, a typed move): the move it finished, if any -- the board
        is then busy until the move is judged (and its line played), and the live region says it."""
        played = self.entry.take_move() if self.entry is not None and not self.busy else None
        if played is None:
            return None
        move = str(played)
        self.busy = True
        self.checking = move
        self.say(f"You played {move}. {CHECKING}")
        return move

    def preview_typed(self, text: str) -> tuple[bool, str]:
        """What a move typed in the Move field will do (:meth:`PuzzleController.preview_typed`)."""
        return self.ctl.preview_typed(self.shown_position(), text, self.busy)

    def enter_typed(self, text: str) -> str:
        """Enter a typed move in the entry, as a click's; why not ("" when it was entered)."""
        refusal = self.ctl.typed_refusal(self.shown_position(), text, self.busy)
        if refusal or self.entry is None:
            return refusal
        self.entry.enter(text)
        return ""

    def finish(self) -> bool:
        """Finish the jump chain being entered (the Finish button); False when the board is not the reader's."""
        if self.entry is None or self.busy:
            return False
        self.entry.finish()
        return True

    # ------------------------------------------------------------ a move, a line

    async def submit(self, move: str) -> None:
        """Have ``move`` (taken by :meth:`take_move`) judged, then play the line that follows it, if any.

        An engine failure (:data:`ENGINE_FAILURES`) is said and the board goes back to before the move.
        """
        ctl = self.ctl
        game = ctl.game
        ply = None if game is None else game.cursor
        try:
            await ctl.user_move(move)
        except ENGINE_FAILURES as e:
            if game is not None and ply is not None and game.cursor != ply:
                game.goto(ply)
                game.truncate()
            ctl.queue, ctl.after_queue = [], ""
            ctl.phase, ctl.verdict, ctl.message = "playing", "", failure_words(e)
        self.checking = None
        self.busy = bool(ctl.queue)
        if not ctl.queue:
            ctl.animate_step()  # no line follows: the phase it would have ended on
        self._settled(f"You played {move}. {ctl.message}")
        await self.play_line()

    async def play_line(self) -> None:
        """Play the queued moves (a refutation, the engine's answer, a solution) one by one: a pause, then the
        move, drawn and said; after a last pause the controller's phase, the board the reader's again, the
        message said.  Nothing when no move is queued."""
        ctl = self.ctl
        if not ctl.queue:
            return
        self.busy = True
        while ctl.queue:
            await self.wait()
            ctl.animate_step()
            self.new_entry()
            self.show()
            self.say(ctl.last_move_words())
        await self.wait()  # the last move is said, and seen, before the line's end
        ctl.animate_step()  # sets the phase
        self.busy = False
        self._settled(ctl.message)

    def show_solution(self) -> None:
        """Show the solution: recorded at once (a failure), its line then played by :meth:`play_line`."""
        self.ctl.show_solution()
        self.busy = bool(self.ctl.queue)
        self._settled("")

    async def hint(self) -> None:
        """The next hint (the controller's), asked with the same error policy as a move."""
        if self.busy:
            return
        self.busy = True
        if self.entry is not None:
            self.entry.error = ""  # a refused click's message gives way to the hint's
        try:
            await self.ctl.show_hint()
        except ENGINE_FAILURES as e:
            self.ctl.message = failure_words(e)
        finally:
            self.busy = False
        self.show()  # the entry kept (a ball picked stays picked)
        self.record()  # a hint is stored at once (it counts in the attempt, lab.puzzleledger)

    def _settled(self, said: str) -> None:
        """After a verdict, a line's end, a hint: a fresh entry, the page drawn and recorded, ``said`` said."""
        self.new_entry()
        self.show()
        self.record()
        if said:
            self.say(said)

    # ------------------------------------------------------------ stepping through a line

    def step(self, where: str) -> bool:
        """Step through the line shown (``first``, ``prev``, ``next``, ``last``); False if nothing moved."""
        if self.busy or not self.ctl.step(where):
            return False
        self.new_entry()
        return True

    def step_key(self, key: str) -> bool:
        """The arrows, Home and End step through the line shown; False if the key did nothing."""
        if self.busy or not self.ctl.key(key):
            return False
        self.new_entry()
        return True

    # ------------------------------------------------------------ what is shown

    def phase(self) -> str:
        """The phase the page shows: ``busy`` from the move entered, else the controller's."""
        return "busy" if self.checking is not None else self.ctl.phase

    def status(self, *, framed: bool = False) -> Status:
        """The status line: the move being checked, else the entry's words (a refused click, the ball
        picked), else the controller's message.  ``framed`` (an embed, which has no list of the line nor
        room for more): the line's move at the cursor first while stepping, and an invitation to play when
        there is nothing else to say."""
        v = self.ctl.view()
        tone = "error" if v["verdict"] == "wrong" else "ok" if v["verdict"] == "correct" else ""
        if self.checking is not None:
            return Status(f"You played {self.checking}. {CHECKING}", "")
        ev = self.entry.view() if self.entry is not None else None
        if ev is not None and ev["error"]:
            return Status(ev["error"], "error")
        if ev is not None and ev["armed"] is not None and ev["message"]:
            return Status(ev["message"], tone)
        text = v["message"]
        if framed:
            where = next((e["label"] for e in v["line"] if e["current"]), "")
            text = (f"{where}. " if where and v["can_step"] else "") + (text or CHOOSE if v["can_move"] else text)
        return Status(text, tone)
