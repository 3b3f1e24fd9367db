"""The play page's state and event handling, in pure Python (unit-tested without a browser).

``site/main.py`` turns DOM events into calls here and draws what :meth:`PlayController.view`
returns.  One controller serves 2D boards and 1D strips: a *target* is a
:class:`~phutball.notation.Point` on a 2D board, a square number on a strip.

Entering moves:

* click an empty point (square) to place a man (stone) there;
* click the ball to start a jump chain; the legal landings are highlighted;
  click a landing to extend the chain, a point of the chain to step back to
  it, and the ball again (or Enter, or the Finish button) to end the move.
  A landing that wins, leaves the board, or allows no further jump ends the
  move by itself.  Escape cancels the chain.
* keyboard: arrows move a cursor, Enter/Space act at the cursor, Backspace
  steps back in a chain, Escape cancels it, ``u``/``r`` undo/redo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from phutball.board import BoardSize, Position
from phutball.errors import PhutballError
from phutball.game import Game, parse_any_position, variant_of
from phutball.notation import Jump, Placement, Point, StripJump, StripPlacement
from phutball.sides import side_name, sides_of

Target = Any  # Point (2D) or int (1D)

DEFAULT_STRIP = "L_.....*....."


# ---------------------------------------------------------------- variant adapters


class _Adapter2D:
    variant = "2D"

    def __init__(self, pos: Position) -> None:
        self.pos = pos

    def ball(self) -> Point:
        return self.pos.ball

    def can_place(self, t: Point) -> bool:
        return self.pos.size.on_board(t) and t != self.pos.ball and t not in self.pos.men

    def landings(self, chain: list[Point]) -> list[Point]:
        return self.pos.landings(chain) if chain else []

    def ends_move(self, t: Point) -> bool:
        return t.row in (0, self.pos.size.height + 1)

    def is_goal(self, t: Point, side: str) -> bool:
        return t.row >= self.pos.size.height if side == "O" else t.row <= 1

    def placement(self, t: Point) -> Placement:
        return Placement(t)

    def jump(self, chain: list[Point]) -> Jump:
        return Jump(tuple(chain))

    def in_bounds(self, t: Point) -> bool:
        return self.pos.size.in_bounds(t)

    def move_cursor(self, t: Point, key: str) -> Point:
        dc, dr = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, 1), "ArrowDown": (0, -1)}[key]
        n = Point(t.col + dc, t.row + dr)
        return n if self.pos.size.in_bounds(n) else t

    def describe(self, t: Point) -> str:
        return str(t)


class _AdapterStrip:
    variant = "1D"

    def __init__(self, strip: Any) -> None:
        self.pos = strip

    def ball(self) -> int:
        return self.pos.ball

    def can_place(self, t: int) -> bool:
        return 1 <= t <= self.pos.n and t != self.pos.ball and t not in self.pos.stones

    def landings(self, chain: list[int]) -> list[int]:
        return self.pos.landings(chain) if chain else []

    def ends_move(self, t: int) -> bool:
        return t in (0, self.pos.n + 1)

    def is_goal(self, t: int, side: str) -> bool:
        return t >= self.pos.n if side == "L" else t <= 1

    def placement(self, t: int) -> StripPlacement:
        return StripPlacement(t)

    def jump(self, chain: list[int]) -> StripJump:
        return StripJump(tuple(chain))

    def in_bounds(self, t: int) -> bool:
        return 0 <= t <= self.pos.n + 1

    def move_cursor(self, t: int, key: str) -> int:
        d = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": 0, "ArrowDown": 0}[key]
        return min(self.pos.n, max(1, t + d))

    def describe(self, t: int) -> str:
        return f"square {t}"


def adapter(pos: Any) -> Any:
    return _Adapter2D(pos) if variant_of(pos) == "2D" else _AdapterStrip(pos)


# ---------------------------------------------------------------- the controller


@dataclass
class PlayController:
    """Everything the play page shows and does, minus the DOM."""

    game: Game
    mode: str = "two-players"          # or "computer"
    computer_side: str | None = None   # the side the computer plays in "computer" mode
    chain: list[Any] = field(default_factory=list)
    cursor: Any = None
    message: str = ""
    error: str = ""
    announcement: str = ""
    hint: str | None = None            # a suggested move (notation) shown on the board
    level: str = "hard"                # the computer's level on 2D boards (phutball.ai.LEVELS)
    lines: list[list[str]] = field(default_factory=list)  # lines left by playing a move mid-game (oldest first)
    previous: Game | None = None       # the game a link, import or new game replaced, until a move is made
    analysing: bool = False            # the Analyse switch: the engine analyses the position shown
    analysis: dict[str, Any] | None = None  # the latest analysis report, for ``analysis["position"]``
    review_marks: list[dict[str, Any]] = field(default_factory=list)  # the review's marks (see review_report)
    review_for: tuple[str, ...] | None = None  # the moves the review (marks or progress) is about
    review_progress: tuple[int, int] | None = None  # plies reviewed / to review, while the review runs

    # ------------------------------------------------------------ construction

    @classmethod
    def new(cls, position: str = "15x19_O_H10", mode: str = "two-players", computer_side: str | None = None
            ) -> "PlayController":
        start = parse_any_position(position)
        ctl = cls(Game(start), mode=mode, computer_side=computer_side)
        ctl.cursor = adapter(start).ball()
        ctl.announcement = f"New game. {ctl.status()}"
        return ctl

    def new_game(self, position: str, mode: str | None = None, computer_side: str | None = None) -> None:
        start = parse_any_position(position)
        self._replace_game(Game(start))
        if mode is not None:
            self.mode = mode
        self.computer_side = computer_side if self.mode == "computer" else None
        self.chain, self.error, self.message, self.hint = [], "", "", None
        self.cursor = adapter(start).ball()
        self.announcement = f"New game. {self.status()}"

    # ------------------------------------------------------------ state

    @property
    def position(self) -> Any:
        return self.game.position

    @property
    def variant(self) -> str:
        return variant_of(self.position)

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides of this game: Ohs and Eks on a board, Left and Right on a strip."""
        return sides_of(self.variant)

    def set_computer(self, side: str | None, level: str | None = None) -> None:
        """Let the computer play ``side`` (None: two players on this device) at ``level``."""
        from phutball.ai import LEVELS
        if level is not None:
            if level not in LEVELS:
                self.error = f"Unknown level {level!r}: choose {', '.join(LEVELS)}."
                return
            self.level = level
        sides = self.sides
        if side is not None and side not in sides:
            self.error = f"The computer can play {' or '.join(sides)} here, not {side!r}."
            return
        self.mode, self.computer_side = ("computer", side) if side else ("two-players", None)
        self.error = ""
        if side:
            lv = f" ({self.level})" if self.variant == "2D" else " (perfect play)"
            self.message = f"The computer plays {side_name(side)}{lv}."
        else:
            self.message = "Two players on this device."

    def show_hint(self, move_text: str) -> None:
        """Show ``move_text`` (the engine's best move here) on the board, without playing it."""
        try:
            move = self.position.parse_move(move_text)
        except PhutballError as e:
            self.error = f"No hint: {e}"
            return
        self._reset_feedback()
        self.hint = str(move)
        self.message = f"Hint: {self.hint}."
        self.announcement = f"Hint for {side_name(self.position.to_move)}: {self.hint}."

    def hint_marks(self) -> tuple[Any, list[Any]]:
        """Where to draw the hint: the ring's target (the man placed, or the jump's end) and the jump path."""
        if not self.hint:
            return None, []
        move = self.position.parse_move(self.hint)
        if isinstance(move, (Placement, StripPlacement)):
            return move.point if isinstance(move, Placement) else move.square, []
        return move.path[-1], list(move.path)

    @property
    def over(self) -> bool:
        """Is the game over in the position shown?

        A goal scored at the cursor, or an ending (resignation, agreement) recorded
        at the end of the line.  A goal further down the line, seen after Undo or a
        click in the move list, is not: from here the game goes on.
        """
        return bool(self.position.winner) or (self.game.result != "*" and not self.game.can_redo())

    def computer_to_move(self) -> bool:
        return (self.mode == "computer" and self.computer_side == self.position.to_move
                and not self.over and not self.game.can_redo())

    def computer_reply(self, best: str | None, failure: str | None = None) -> bool:
        """Play the computer's answer ``best``; True if it was played.

        Any failure -- the engine raised (``failure``), found no move, or answered a
        move the rules refuse -- ends in a clear state rather than a search re-run for
        ever: the computer is switched off and the page says why and how to retry.
        """
        side = self.computer_side or self.position.to_move
        if failure is None and not best:
            failure = "it found no move"
        if failure is None:
            ply = self.game.cursor
            self.play_text(str(best))
            if self.game.cursor == ply + 1:
                return True
            failure = f"its move {_quote(str(best))} was refused ({self.error})"
        self.set_computer(None)
        self.error = (f"The computer ({side_name(side)}) failed: {failure}. It is now off: you play both "
                      "sides; choose it again under “Computer plays” to retry.")
        self.announcement = self.error
        return False

    def restore_settings(self, mode: Any, computer: Any, level: Any) -> None:
        """Apply stored computer settings; anything not understood falls back to the defaults, saying so."""
        from phutball.ai import LEVELS
        bad = []
        if isinstance(level, str) and level in LEVELS:
            self.level = level
        elif level is not None:
            bad.append(f"level {_quote(level)}")
        if mode == "computer" and isinstance(computer, str) and computer in self.sides:
            self.mode, self.computer_side = "computer", computer
        elif mode in ("two-players", None) and computer is None:
            self.mode, self.computer_side = "two-players", None
        else:
            self.mode, self.computer_side = "two-players", None
            bad.append(f"computer {_quote(computer)} (mode {_quote(mode)})")
        if bad:
            self.error = (f"The saved computer setting was not understood ({'; '.join(bad)}): "
                          f"using the defaults (two players, level {self.level}).")

    def status(self) -> str:
        if self.game.can_redo() and self.game.cursor < len(self.game.moves):
            prefix = f"Viewing move {self.game.cursor} of {len(self.game.moves)}. "
        else:
            prefix = ""
        pos = self.position
        if pos.winner:
            return prefix + f"{side_name(pos.winner)} won."
        if self.game.result != "*" and not self.game.can_redo():
            if self.game.termination == "repetition":
                return prefix + "Draw by repetition."
            return prefix + self.game.result_text + "."
        who = side_name(pos.to_move)
        goal = {"O": "the top", "X": "the bottom", "L": "the right end", "R": "the left end"}[pos.to_move]
        return prefix + f"{who} to move (attacking {goal})."

    # ------------------------------------------------------------ input

    def _reset_feedback(self) -> None:
        self.error = ""
        self.message = ""
        self.hint = None

    def click(self, t: Target) -> None:
        """A click or tap on a point (square) of the board."""
        self._reset_feedback()
        if t is None:
            return
        ad = adapter(self.position)
        if not ad.in_bounds(t):
            return
        self.cursor = t
        if self.over:
            self.error = "The game is over. Start a new game or undo."
            return
        if self.computer_to_move():
            self.error = "Wait for the computer's move."
            return
        if not self.chain:
            if t == ad.ball():
                if ad.landings([t]):
                    self.chain = [t]
                    self.message = "Jumping: click a highlighted landing point."
                else:
                    self.error = "The ball has no man next to it to jump over."
            elif ad.can_place(t):
                self._play(ad.placement(t))
            else:
                self.error = f"You cannot place on {ad.describe(t)}."
            return
        # a chain is in progress
        if t == self.chain[-1]:
            self.finish_chain()
        elif t in self.chain[:-1]:
            del self.chain[self.chain.index(t) + 1:]
            self.message = "Stepped back." if len(self.chain) > 1 else "Jumping: click a highlighted landing point."
        elif t in ad.landings(self.chain):
            self.chain.append(t)
            mover = self.position.to_move
            if ad.ends_move(t) or ad.is_goal(t, mover) or not ad.landings(self.chain):
                self.finish_chain()
            else:
                self.message = "Click another landing to go on, or the ball (or Enter) to stop here."
        else:
            self.error = f"The ball cannot jump to {ad.describe(t)}."

    def finish_chain(self) -> None:
        if len(self.chain) < 2:
            self.chain = []
            self.message = "Jump cancelled."
            return
        ad = adapter(self.position)
        move = ad.jump(self.chain)
        self.chain = []
        self._play(move)

    def cancel_chain(self) -> None:
        if self.chain:
            self.chain = []
            self.message = "Jump cancelled."

    def step_back(self) -> None:
        if len(self.chain) > 1:
            self.chain.pop()
        elif self.chain:
            self.chain = []

    def _play(self, move: Any) -> None:
        mover = self.position.to_move
        before = self.position
        line = list(self.game.moves) if self.game.can_redo() else None
        try:
            if isinstance(move, str):
                move = before.parse_move(move)
            after = self.game.push(move)
        except PhutballError as e:
            self.error = str(e)
            return
        self.previous = None  # a move on this game: it is the one kept
        if line is not None:  # the moves after the cursor were dropped: keep them as a line to go back to
            if line not in self.lines:
                self.lines.append(line)
            self.message = (f"New line from move {self.game.cursor}; the one you left ({len(line)} moves) "
                            "is kept: Undo or “Restore the previous line” brings it back.")
        self.announcement = self.describe_move(before, move, mover) + " " + self.status()
        self.cursor = adapter(after).ball() if isinstance(move, (Jump, StripJump)) else self.cursor

    def play_text(self, text: str) -> None:
        """Play a move typed in the notation (e.g. from the computer or a text box)."""
        self._reset_feedback()
        self.chain = []
        self._play(text)

    def describe_move(self, before: Any, move: Any, mover: str) -> str:
        who = side_name(mover)
        if isinstance(move, (Placement, StripPlacement)):
            what = "a man" if self.variant == "2D" else "a stone"
            where = str(move) if self.variant == "2D" else f"square {move}"
            return f"{who} placed {what} on {where}."
        after = self.game.position
        removed = len(getattr(before, "men", getattr(before, "stones", ()))) - len(
            getattr(after, "men", getattr(after, "stones", ())))
        path = " to ".join(str(p) for p in move.path)
        return f"{who} jumped {path}, removing {removed} {'man' if removed == 1 else 'men'}."

    def key(self, name: str) -> bool:
        """A key press; returns True if it was handled."""
        ad = adapter(self.position)
        if name in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            if self.cursor is None:
                self.cursor = ad.ball()
            self.cursor = ad.move_cursor(self.cursor, name)
            return True
        if name in ("Enter", " "):
            if self.chain and (self.cursor is None or self.cursor == self.chain[-1]):
                self.finish_chain()
            else:
                self.click(self.cursor if self.cursor is not None else ad.ball())
            return True
        if name == "Escape":
            self.cancel_chain()
            return True
        if name == "Backspace":
            self.step_back()
            return True
        if name == "u":
            self.undo()
            return True
        if name == "r":
            self.redo()
            return True
        return False

    # ------------------------------------------------------------ history

    def undo(self) -> None:
        self._reset_feedback()
        if self.chain:
            self.cancel_chain()
            return
        if not self.game.can_undo():
            self.error = "Nothing to undo."
            return
        start = self.game.cursor
        self.game.undo()
        if self.mode == "computer" and self.position.to_move == self.computer_side and self.game.can_undo():
            self.game.undo()  # take back the computer's reply too: the player is to move again
        if self.lines and self.game.cursor <= self._branch_point(self.lines[-1]) < start:
            # undid the move that left a line: that line comes back (Redo replays it)
            self._switch_line(self.lines.pop(), self.game.cursor)
            self.message = ("The line you had left is back: Redo replays it; "
                            "“Restore the previous line” returns to the one you undid.")
        self.announcement = f"Undone. {self.status()}"

    def _branch_point(self, line: list[str]) -> int:
        """How many first moves ``line`` shares with the current line."""
        n = 0
        for a, b in zip(line, self.game.moves):
            if a != b:
                break
            n += 1
        return n

    def _switch_line(self, line: list[str], ply: int) -> None:
        """Make ``line`` the current line (the current one is kept in :attr:`lines`), shown at ``ply``."""
        current = list(self.game.moves)
        self.game = Game(self.game.start, moves=line, headers=dict(self.game.headers), cursor=min(ply, len(line)))
        if current != line and current not in self.lines:
            self.lines.insert(0, current)
        self.chain = []
        self.cursor = adapter(self.position).ball()

    def restore_line(self) -> None:
        """Go back to the line left most recently (the current one is kept; repeat to cycle through them)."""
        self._reset_feedback()
        if not self.lines:
            self.error = "There is no other line to restore."
            return
        line = self.lines.pop()
        self._switch_line(line, len(line))
        self.message = f"Restored the previous line ({len(line)} moves)."
        self.announcement = f"{self.message} {self.status()}"

    def _replace_game(self, game: Game) -> None:
        """Start ``game`` in place of the current one, which stays restorable if it had moves."""
        if self.game.moves:
            self.previous = self.game
        self.game, self.chain, self.lines = game, [], []

    def restore_previous(self) -> None:
        """Bring back the game a link, import or new game replaced (the current one becomes restorable)."""
        self._reset_feedback()
        if self.previous is None:
            self.error = "There is no previous game to restore."
            return
        game = self.previous
        self.previous = None
        self._replace_game(game)
        self.cursor = adapter(self.position).ball()
        self.message = f"Restored your previous game ({len(game.moves)} moves)."
        self.announcement = f"{self.message} {self.status()}"

    def redo(self) -> None:
        self._reset_feedback()
        self.chain = []
        if not self.game.can_redo():
            self.error = "Nothing to redo."
            return
        self.game.redo()
        self.announcement = f"Redone. {self.status()}"

    def goto(self, ply: int) -> None:
        self._reset_feedback()
        self.chain = []
        self.game.goto(ply)
        self.announcement = self.status()

    # ------------------------------------------------------------ records and positions

    def import_record(self, text: str) -> bool:
        """Load a game record; on error keep the current game and set ``error``."""
        self._reset_feedback()
        try:
            game = Game.from_record(text)
        except PhutballError as e:
            self.error = f"Could not import the record: {e}"
            return False
        self._replace_game(game)
        self.cursor = adapter(self.position).ball()
        self.message = f"Imported a game of {len(game.moves)} moves."
        self.announcement = self.message + " " + self.status()
        return True

    def export_record(self) -> str:
        return self.game.to_record()

    def load_position(self, text: str) -> bool:
        """Start from a position string (e.g. the URL hash); on error keep the game and set ``error``."""
        self._reset_feedback()
        try:
            start = parse_any_position(text)
            if variant_of(start) == "1D" and not hasattr(start, "n"):
                raise PhutballError("bad position", text, "an Oddish board cannot be played here")
        except PhutballError as e:
            self.error = f"Could not open the position in the link: {e}"
            return False
        if str(start) == str(self.position):
            return True
        self._replace_game(Game(start))
        self.cursor = adapter(start).ball()
        if self.previous is not None:
            self.message = (f"Opened the position in the link. Your previous game ({len(self.previous.moves)} "
                            "moves) is kept until you move: “Restore your previous game” brings it back.")
        self.announcement = f"Opened a position. {self.status()}"
        return True

    # ------------------------------------------------------------ view

    def move_list(self) -> list[dict[str, Any]]:
        """The moves as numbered pairs: [{"number": 1, "plies": [(ply, text), ...]}, ...]."""
        rows = []
        moves = self.game.moves
        for i in range(0, len(moves), 2):
            rows.append({"number": i // 2 + 1,
                         "plies": [(j + 1, moves[j]) for j in range(i, min(i + 2, len(moves)))]})
        return rows

    def last_move_targets(self) -> list[Any]:
        ply = self.game.cursor
        if ply == 0:
            return []
        before = self.game.positions[ply - 1]
        text = self.game.moves[ply - 1]
        if variant_of(before) == "2D":
            return [Point.from_str(p) for p in text.split("-")]
        return [int(p) for p in text.split("-")]

    def view(self) -> dict[str, Any]:
        pos = self.position
        ad = adapter(pos)
        hint_ring, hint_path = self.hint_marks()
        return {
            "variant": self.variant,
            "position": str(pos),
            "status": self.status(),
            "message": self.message,
            "error": self.error,
            "announcement": self.announcement,
            "chain": list(self.chain),
            "landings": ad.landings(self.chain) if self.chain else [],
            "cursor": self.cursor,
            "hint": hint_ring,
            "hint_path": hint_path,
            "last_move": self.last_move_targets() if not self.chain else [],
            "can_undo": self.game.can_undo() or bool(self.chain),
            "can_redo": self.game.can_redo(),
            "can_finish": len(self.chain) > 1,
            "ply": self.game.cursor,
            "moves": self.move_list(),
            "over": self.over,
            "lines": len(self.lines),
            "previous": len(self.previous.moves) if self.previous is not None else None,
            "winner": pos.winner,
            "to_move": pos.to_move,
            "analysis": self.analysis_view(),
            "pv": self.pv_ghosts(),
            "marks": self.marks_by_ply(),
            "review": self.review_view(),
        }

    # ------------------------------------------------------------ analysis (the Analyse switch)

    def set_analysing(self, on: bool) -> None:
        """Switch the analysis of the position shown on or off (2D boards only: strips are solved exactly)."""
        if on and self.variant != "2D":
            self.analysing = False
            self.error = "Analysis is for 2D boards: on a strip, Hint shows the perfect move."
            return
        self.analysing, self.analysis = bool(on), None
        self.message = "Analysing the position shown." if on else "Analysis off."

    def analysis_spec(self) -> dict[str, Any] | None:
        """The analysis job to run now, or None: off, a strip, the game over here, the computer to move,
        or this position done.

        ``history`` is the positions before this one (oldest first): the searcher
        scores a third repetition as a draw.
        """
        if not self.analysing or self.variant != "2D" or self.over or self.computer_to_move():
            return None  # the computer's own search comes first: the analysis resumes after its move
        position = str(self.position)
        if self.analysis is not None and self.analysis["position"] == position and self.analysis.get("done"):
            return None
        history = [str(p) for p in self.game.positions[: self.game.cursor]]
        return {"kind": "analyse-2d", "position": position, "history": history}

    def analysis_report(self, position: str, report: dict[str, Any]) -> bool:
        """Take a report of the analysis of ``position``; True if what the page shows changed (redraw).

        False if ``position`` is no longer the one shown (the report is ignored),
        or if only the node count moved on.  A report replaces the previous one for the same position (the search went
        deeper); a failing search is reported once and switches the analysis off.
        """
        if not self.analysing or position != str(self.position):
            return False
        if report.get("error"):
            self.analysing, self.analysis = False, None
            self.error = f"The analysis failed ({str(report['error'])[:200]}); it is now off."
            return True
        if report.get("pv") is None and report.get("depth") is None:
            if not report.get("done"):
                return False  # a progress report without a result yet
            if self.analysis is not None and self.analysis["position"] == position:
                self.analysis = {**self.analysis, "done": True}
            else:  # finished without a single result: say so rather than search again and again
                self.analysis = {"position": position, "depth": None, "nodes": None, "score": None, "mate": None,
                                 "pv": [], "text": "No evaluation", "done": True}
            return True
        old = self.analysis
        self.analysis = {"position": position, "depth": report.get("depth"), "nodes": report.get("nodes"),
                         "score": report.get("score"), "mate": report.get("mate"),
                         "pv": [str(m) for m in report.get("pv") or []],
                         "text": str(report.get("text") or ""), "done": bool(report.get("done"))}
        shown = ("position", "depth", "score", "mate", "pv", "text", "done")
        return old is None or any(old.get(k) != self.analysis[k] for k in shown)  # nodes alone: no redraw

    def _current_analysis(self) -> dict[str, Any] | None:
        a = self.analysis
        return a if self.analysing and a is not None and a["position"] == str(self.position) else None

    def analysis_view(self) -> dict[str, Any] | None:
        """What the analysis panel shows: the text, depth, the bar (the side to move's share) and the PV."""
        if not self.analysing:
            return None
        a = self._current_analysis()
        side = self.position.to_move
        if self.over:
            return {"text": "The game is over here.", "depth": None, "bar": 0.5, "side": side_name(side), "pv": [],
                    "done": True}
        if a is None:
            return {"text": "Analysing…", "depth": None, "bar": 0.5, "side": side_name(side), "pv": [],
                    "done": False}
        return {"text": a["text"], "depth": a["depth"], "bar": eval_bar(a["score"], a["mate"]),
                "side": side_name(side), "pv": pv_notation(self.game.cursor, a["pv"]), "done": a["done"]}

    def pv_ghosts(self) -> list[Any]:
        """The principal variation as numbered ghost moves (:class:`lab.views.board.Ghost`); empty when none."""
        from lab.views.board import Ghost
        a = self._current_analysis()
        if a is None or self.chain:
            return []
        ghosts, pos = [], self.position
        for n, text in enumerate(a["pv"], start=1):
            try:
                move = pos.parse_move(text)
                nxt = pos.play(move)
            except PhutballError:
                break  # a line that does not follow from here (should not happen): show what does
            path = (move.point,) if isinstance(move, Placement) else tuple(move.path)
            ghosts.append(Ghost(n, str(move), path))
            if nxt.winner:
                break
            pos = nxt
        return ghosts

    # ------------------------------------------------------------ review (the Review game button)

    def review_spec(self) -> dict[str, Any] | None:
        """The review job for the whole game (every move, whatever the cursor), or None with ``error`` set."""
        self._reset_feedback()
        if self.variant != "2D":
            self.error = "Review is for 2D boards: a strip's moves are judged exactly by Hint."
            return None
        if not self.game.moves:
            self.error = "There are no moves to review yet."
            return None
        self.review_marks, self.review_for = [], tuple(self.game.moves)
        self.review_progress = (0, len(self.game.moves))
        self.message = "Reviewing the game…"
        return {"kind": "review-2d", "record": self.game.to_record()}

    def review_report(self, report: dict[str, Any]) -> None:
        """Progress (``progress: [done, total]``), and at the end the marks (``marks``) or an ``error``."""
        if self.review_for != tuple(self.game.moves):
            return  # the game changed since: this review is about another game
        if report.get("error"):
            self.review_progress, self.review_for = None, None
            self.error = f"The review failed ({str(report['error'])[:200]})."
            return
        if report.get("progress"):
            self.review_progress = (int(report["progress"][0]), int(report["progress"][1]))
        if report.get("done"):
            self.review_marks = sorted((dict(m) for m in report.get("marks") or []), key=lambda m: m["ply"])
            self.review_progress = None
            n = len(self.review_marks)
            self.message = ("Review done: no mistakes found." if not n else
                            f"Review done: {n} {'move' if n == 1 else 'moves'} marked.")
            self.announcement = self.message

    def cancel_review(self) -> None:
        if self.review_progress is not None:
            self.review_progress, self.review_for = None, None
            self.message = "Review cancelled."

    def _marks_valid(self) -> bool:
        return self.review_for is not None and self.review_for == tuple(self.game.moves)

    def marks_by_ply(self) -> dict[int, dict[str, Any]]:
        """The review's marks by ply (shown while the game is the one reviewed)."""
        return {m["ply"]: m for m in self.review_marks} if self._marks_valid() else {}

    def review_view(self) -> dict[str, Any]:
        marks = list(self.marks_by_ply().values())
        return {"running": self.review_progress is not None and self._marks_valid(),
                "progress": self.review_progress, "marks": marks, "reviewed": self._marks_valid()}

    def goto_mark(self, ply: int) -> None:
        """Show the position before the marked move at ``ply``, with the better move as the hint."""
        mark = self.marks_by_ply().get(ply)
        if mark is None:
            self.error = f"Move {ply} has no review mark."
            return
        self.goto(ply - 1)
        if mark.get("better"):
            self.show_hint(str(mark["better"]))
        self.message = mark_text(mark)
        self.announcement = f"{self.message} {self.status()}"

    def next_mark(self) -> None:
        """Jump to the first marked move after the position shown (wrapping round to the first)."""
        plies = sorted(self.marks_by_ply())
        if not plies:
            self.error = "No marked moves: review the game first."
            return
        later = [p for p in plies if p > self.game.cursor + 1]
        self.goto_mark(later[0] if later else plies[0])


def eval_bar(score: Any, mate: Any) -> float:
    """The side to move's share of the evaluation bar, 0..1: a win in N is 1, a loss 0, an even game 0.5.

    ``score`` is in tenths of a row (the engine's unit); 4 rows ahead fill about
    three quarters of the bar (a logistic curve, so no lead fills it before a win).
    """
    import math
    if isinstance(mate, int) and not isinstance(mate, bool) and mate != 0:
        return 1.0 if mate > 0 else 0.0
    if not isinstance(score, (int, float)) or isinstance(score, bool):
        return 0.5
    return 1.0 / (1.0 + math.exp(-float(score) / 40.0 * math.log(3.0)))


def pv_notation(ply: int, pv: list[str]) -> list[str]:
    """The principal variation numbered as the move list numbers it: the move after ``ply`` plies is ``ply + 1``."""
    return [f"{ply + i}. {m}" for i, m in enumerate(pv, start=1)]


def mark_text(mark: dict[str, Any]) -> str:
    """A review mark in words: "Move 5 (Eks, E4) was a blunder: better E5-E1 (Eks win in 1 before it, ...)." """
    better = f": better {mark['better']}" if mark.get("better") else ""
    scores = f" ({mark['before']} before it, {mark['after']} after)" if mark.get("before") and mark.get("after") else ""
    return f"Move {mark['ply']} ({side_name(mark['side'])}, {mark['move']}) was a {mark['label']}{better}{scores}."


def _quote(value: Any, limit: int = 40) -> str:
    """``value`` as JSON, shortened when long: how a message quotes stored or engine data."""
    import json
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def level_choices() -> list[tuple[str, str]]:
    """The level menu's (value, text) pairs: each level with its measured rating, when the engine has one."""
    from phutball.ai import LEVELS
    out = []
    for name, level in LEVELS.items():
        rating = getattr(level, "rating", None)
        ok = isinstance(rating, (int, float)) and not isinstance(rating, bool)
        out.append((name, f"{name} (rating {round(rating)})" if ok else name))
    return out


def board_size_choices() -> list[str]:
    return ["15x19", "19x19", "13x13", "11x11", "9x9"]


__all__ = ["PlayController", "adapter", "board_size_choices", "eval_bar", "level_choices", "mark_text", "pv_notation", "BoardSize",
           "DEFAULT_STRIP"]
