"""The play page's state and event handling, in pure Python (unit-tested without a browser).

``glue/play.py`` turns DOM events into calls here and draws what :meth:`PlayController.view`
returns.  One controller serves 2D boards and 1D strips: a *target* is a
:class:`~phutball.notation.Point` on a 2D board, a square number on a strip.
Moves are entered with :class:`phutball.moveentry.MoveEntry` (clicks, jump chains,
the keyboard cursor), as on every page; this controller adds what the play page
has: the game and its lines, the computer, hints, analysis and review.
Keys of its own: ``u``/``r`` undo/redo.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence, TypedDict

from phutball.board import STANDARD_START
from phutball.errors import PhutballError
from phutball.game import AnyPosition, Game, parse_any_position
from phutball.notation import SWAP, Jump, StripJump
from phutball.sides import other_side, side_name
from phutball.variant import Variant
from lab.analysispanel import AnalysisPanel, AnalysisView, ReviewView
from lab.jobs import Analyse2D, ComputerMove1D, ComputerMove2D, Report, Review2D
from phutball.moveentry import EnteredMove, MoveEntry, Target
from lab.playfeel import computer_takes_swap, flip_key
from lab.playhistory import PlayHistory
from lab.playstate import DEFAULT_LEVEL, PlayState
from lab.playwords import PlayWords
from lab.boardkeys import BoardKeys
from lab.boardwords import last_move_targets, last_move_words, typed_preview
from lab.movewords import moves_text, turn_text
from lab.opponent import Computer, FriendHere, Opponent

if TYPE_CHECKING:
    from lab.linkgame import LinkSeat
    from lab.views.board import Ghost

DEFAULT_STRIP = "L_.....*....."
#: What the ratings of the level menu mean, in one line.
RATING_SCALE = ("Ratings are Elo points measured on 15x19, with random moves at 0: "
                "400 points more wins about 10 games in 11.")


class MoveRow(TypedDict):
    """One numbered row of the move list: its plies as (ply, move text) pairs."""

    number: int
    plies: list[tuple[int, str]]


class PlayView(TypedDict):
    """What :meth:`PlayController.view` returns: everything the play page draws (the glue reads it by key)."""

    variant: str
    analysable: bool            # the evaluation, review and levels work on 2D boards only
    position: str
    status: str
    message: str
    error: str
    announcement: str
    chain: list[Target]
    landings: list[Target]
    cursor: Target | None
    armed: Target | None
    hint: Target | None
    hint_path: list[Target]
    last_move: list[Target]
    can_undo: bool
    can_redo: bool
    can_finish: bool
    ply: int
    moves: list[MoveRow]
    over: bool
    lines: int
    previous: int | None
    winner: str | None
    to_move: str
    analysis: AnalysisView | None
    pv: list[Ghost]
    marks: dict[int, dict[str, Any]]
    review: ReviewView
    result: ResultView | None   # the game's end, for the result panel (None while the game goes on)
    can_swap: bool              # the pie rule: the person to move may swap sides now ("Swap sides")
    flipped: bool               # the board is drawn turned half a turn (the second side attacks upward)


class ResultView(TypedDict):
    """The result panel: the end in words, how it ended, and whether the computer played."""

    title: str
    detail: str
    computer: bool


# ---------------------------------------------------------------- the controller


class PlayController:
    """Everything the play page shows and does, minus the DOM, built from parts it holds (issue 40): its
    :attr:`state` (:class:`~lab.playstate.PlayState`: the game, the opponent, the move being entered, the
    feedback, the settings), :attr:`words` (:class:`~lab.playwords.PlayWords`), :attr:`history`
    (:class:`~lab.playhistory.PlayHistory`: undo, redo, lines, the previous game) and :attr:`analysis`
    (:class:`~lab.analysispanel.AnalysisPanel`: hints, analysis, review).  Its callers ask each part for
    what it owns (``ctl.state.message``, ``ctl.history.undo()``); the controller adds moves, the computer,
    records, new games and the view."""

    def __init__(self, game: Game, opponent: Opponent | None = None,
                 new_id: Callable[[], str] | None = None) -> None:
        """A controller on ``game`` against ``opponent`` (default: a friend here); ``new_id``: where game
        ids come from (default: random)."""
        self.state = (PlayState(game, opponent=opponent or FriendHere()) if new_id is None else
                      PlayState(game, opponent=opponent or FriendHere(), new_id=new_id))
        self.words = PlayWords(self.state)
        self.history = PlayHistory(self.state, self.words)
        self.analysis = AnalysisPanel(self.state, self.words, self.history)

    @property
    def game(self) -> Game:
        """The game played, :attr:`state`'s: kept on the controller too, since nearly every caller (the glue,
        the pages that hold a controller, the tests) reads it."""
        return self.state.game

    @property
    def position(self) -> AnyPosition:
        """The position shown (the game's at its cursor), :attr:`state`'s: kept on the controller too, since
        nearly every caller (the glue, the pages that hold a controller, the tests) reads it."""
        return self.state.position

    @classmethod
    def new(cls, position: str = STANDARD_START, opponent: Opponent | None = None,
            new_id: Callable[[], str] | None = None) -> "PlayController":
        """A controller on a new game from ``position`` against ``opponent`` (default: a friend here);
        ``new_id``: where game ids come from (default: random)."""
        start = parse_any_position(position)
        ctl = cls(Game(start), opponent, new_id)
        if isinstance(ctl.state.opponent, Computer):
            ctl.state.level = ctl.state.opponent.level
        assert start.variant is not Variant.ODDISH, "an Oddish board cannot be played here"
        ctl.state.cursor = start.ball
        ctl.state.announcement = f"New game. {ctl.words.status()}"
        return ctl

    def new_game(self, position: str, opponent: Opponent | None = None, pie: bool = False,
                 game_id: str = "") -> None:
        """A new game from ``position`` against ``opponent`` (None: the same kind as now, a friend here after a
        game by link); ``pie``: with the pie rule (the second player may swap after move 1)."""
        state = self.state
        start = parse_any_position(position)
        self.history.replace_game(Game(start, pie=pie), game_id)
        if opponent is not None:
            state.opponent = opponent
        if isinstance(state.opponent, Computer):
            state.level = state.opponent.level
        state.flipped = state.your_side_below()
        state.chain, state.error, state.message, state.hint = [], "", "", None
        assert start.variant is not Variant.ODDISH, "an Oddish board cannot be played here"
        state.cursor = start.ball
        state.announcement = f"New game. {self.words.status()}"

    def rematch(self) -> None:
        """The same game again from the same start: against the computer, the sides are swapped."""
        state = self.state
        computer = other_side(state.computer_side) if state.computer_side else None
        self.new_game(str(self.game.start), Computer(computer, state.level) if computer else FriendHere(),
                      pie=self.game.pie)
        if computer is not None:
            state.side_choice = "first" if computer == state.sides[1] else "second"
            state.message = f"Rematch: you play {side_name(other_side(computer))} this time."
        else:
            state.message = "Rematch: the same start."

    def set_level(self, level: str) -> None:
        """Choose the computer's level; a search already running keeps its level, the next move uses this one."""
        from phutball.ai import LEVELS, level_name
        state = self.state
        name = level_name(level)  # a former name too
        if name is None:
            state.error = f"Unknown level {_quote(level)}: choose {', '.join(LEVELS)}."
            return
        level = name
        changed, state.level, state.error = level != state.level, level, ""
        if isinstance(state.opponent, Computer):
            state.opponent = Computer(state.opponent.side, level)
        if changed and state.mode == "computer" and state.variant.is_board:
            state.message = f"The computer plays at level {level_label(level)} from its next move."

    def dialog_choice(self) -> dict[str, str]:
        """What the New game dialog shows when it opens: the opponent, "You play" and the level.

        The computer, unless this is a game of two players that has begun; the last side and level chosen.
        """
        state = self.state
        two = state.mode != "computer" and bool(self.game.moves)
        return {"opponent": "two-players" if two else "computer", "side": state.side_choice, "level": state.level,
                "pie": "yes" if state.pie_choice else ""}

    # ------------------------------------------------------------ the computer

    def set_computer(self, side: str | None, level: str | None = None) -> None:
        """Let the computer play ``side`` (None: two players on this device) at ``level``."""
        from phutball.ai import LEVELS, level_name
        state = self.state
        if level is not None:
            name = level_name(level)  # a former name too
            if name is None:
                state.error = f"Unknown level {level!r}: choose {', '.join(LEVELS)}."
                return
            state.level = name
        sides = state.sides
        if side is not None and side not in sides:
            state.error = f"The computer can play {' or '.join(sides)} here, not {side!r}."
            return
        if state.link is not None and state.link.live(self.game):
            state.error = "The computer cannot play in a game by link: it is your friend's game too."
            return
        # the computer's side is the one it took at the start: after a swap it plays the other one
        state.welcome = False  # a choice of opponent: the welcome panel has done its work
        state.opponent = Computer(state.before_swap(side), state.level) if side else FriendHere()
        state.error = ""
        if side:
            lv = f" (level {level_label(state.level)})" if state.variant.is_board else " (perfect play)"
            state.message = f"The computer plays {side_name(side)}{lv}."
        else:
            state.message = "Two players on this device."

    def flip(self) -> None:
        """Turn the board half a turn (the flip button); remembered with the saved game."""
        self.state.flipped = not self.state.flipped

    def swap(self) -> None:
        """The pie rule: the side to move takes over the first player's side and position instead of moving."""
        state = self.state
        state.reset_feedback()
        if not self.game.can_swap():
            state.error = ("No swap here: the pie rule lets the second player swap sides only right after the "
                           "first move." if self.game.pie else "This game is played without the pie rule.")
            return
        first = side_name(state.sides[0])
        self.game.push(SWAP)
        self.history.previous, state.browsing, state.chain = None, False, []
        if state.against_computer:
            you = side_name(other_side(state.computer_plays or state.sides[0]))
            if state.computer_plays == state.sides[0]:
                state.message = f"The computer swapped sides: it takes {first} and its first move; you play {you}."
            else:
                state.message = f"You swapped sides: you take {first} and its first move; the computer plays {you}."
            state.flipped = state.your_side_below()
        else:
            state.message = f"Sides swapped: the second player takes {first} and its first move."
        state.announcement = f"{state.message} {self.words.status()}"

    def computer_swap(self) -> bool:
        """The computer, second in a pie game, swaps if the first move favours the mover (see
        :func:`lab.playfeel.computer_takes_swap`); True if it swapped (no search is then needed)."""
        if not (self.game.can_swap() and self.state.computer_to_move() and computer_takes_swap(self.position)):
            return False
        self.swap()
        return True

    def computer_reply(self, best: str | None, failure: str | None = None) -> bool:
        """Play the computer's answer ``best``; True if it was played.

        Any failure -- the engine raised (``failure``), found no move, or answered a
        move the rules refuse -- ends in a clear state rather than a search re-run for
        ever: the computer is switched off and the page says why and how to retry.
        """
        state = self.state
        side = state.computer_plays or state.to_move
        if failure is None and not best:
            failure = "it found no move"
        if failure is None:
            ply = self.game.cursor
            self.play_text(str(best))
            if self.game.cursor == ply + 1:
                return True
            failure = f"its move {_quote(str(best))} was refused ({state.error})"
        self.set_computer(None)
        state.error = (f"The computer ({side_name(side)}) failed: {failure}. It is now off: you play both "
                       "sides; choose it again under “Computer plays” to retry.")
        state.announcement = state.error
        return False

    def restore_settings(self, mode: object, computer: object, level: object) -> None:
        """Apply stored computer settings; anything not understood falls back to the defaults, saying so."""
        from phutball.ai import level_name
        state = self.state
        bad = []
        name = level_name(level)  # a saved game's level: a former name is read as today's
        if name is not None:
            state.level = name
        elif level is not None:
            bad.append(f"level {_quote(level)}")
        if mode == "computer" and isinstance(computer, str) and computer in state.sides:
            state.opponent = Computer(computer, state.level)
        elif mode in ("two-players", None) and computer is None:
            state.opponent = FriendHere()
        else:
            state.opponent = FriendHere()
            bad.append(f"computer {_quote(computer)} (mode {_quote(mode)})")
        if bad:
            state.error = (f"The saved computer setting was not understood ({'; '.join(bad)}): "
                           f"using the defaults (two players, level {state.level}).")

    # ------------------------------------------------------------ input

    def click(self, t: Target, touch_cell: float | None = None) -> None:
        """A click or tap on a point (square) of the board; ``touch_cell``: a finger's tap, the size of a point
        on screen, where a first touch on a small board picks the point and a second plays there
        (:data:`phutball.moveentry.TOUCH_CELL`, WCAG 2.5.8's 24 CSS px), as on the puzzles page."""
        state = self.state
        state.reset_feedback()
        entry = state.entry_here()
        if not entry.in_bounds(t):
            return
        entry.cursor = t
        refusal = self.move_refusal()
        if refusal:
            state.error = refusal
            return
        entry.click(t, touch_cell=touch_cell)
        self._after_entry()

    def move_refusal(self) -> str:
        """Why no move can be made on the board now ("" when one can): the same for clicks, keys and typing."""
        if self.state.over:
            return "The game is over. Start a new game or undo."
        if self.state.computer_to_move():
            return "Wait for the computer's move."
        return self.link_refusal()

    def preview_typed(self, text: str) -> tuple[bool, str]:
        """What a move typed in the notation (``H11``, ``K6-G9-G11-J11``; a strip: ``4``, ``5-7``) will do,
        before it is played: (playable, words).  Not playable: why, in the engine's own words
        (:func:`lab.boardwords.typed_preview`, after the page's own refusal: game over, the computer's turn)."""
        if not text.strip():
            return False, ""
        refusal = self.move_refusal()
        return (False, refusal) if refusal else typed_preview(self.position, text)

    def play_typed(self, text: str) -> bool:
        """Play a move typed in the notation, through the same checks and the same
        :class:`~phutball.moveentry.MoveEntry` as a click (:meth:`MoveEntry.enter`); False (``error`` set) if
        it cannot be played."""
        state = self.state
        state.reset_feedback()
        ok, words = self.preview_typed(text)
        if not ok:
            state.error = words or "Type a move: a point (H11) or a jump (H10-H12)."
            return False
        ply = self.game.cursor
        state.entry_here().enter(text)
        self._after_entry()
        return self.game.cursor == ply + 1

    def link_refusal(self) -> str:
        """Why a move cannot be made here in a game by link ("" when it can)."""
        seat = self.state.link
        if seat is None:
            return ""
        if seat.watching:
            return "You are watching this game: only its two players move (“Take over the seat” if it was abandoned)."
        if seat.ended:
            return "This game was aborted."
        if seat.waiting(self.game):
            return "It is your friend's move: send them the link, and open the link they send back."
        if self.game.can_redo():
            return "You are looking at an earlier move: go to the last move to play yours."
        return ""

    def _after_entry(self) -> None:
        """Show the widget's feedback; play the move it completed, if any."""
        state = self.state
        state.message, state.error = state.entry.message, state.entry.error
        move = state.entry.take_move()
        if move is not None:
            self._play(move)

    def finish_chain(self) -> None:
        self.state.entry_here().finish()
        self._after_entry()

    def step_back(self) -> None:
        self.state.entry_here().step_back()

    def _play(self, entered: EnteredMove | str) -> None:
        state = self.state
        mover = state.to_move
        before = self.position
        left = len(self.game.moves) if self.game.can_redo() else None
        try:
            move: EnteredMove = before.parse_move(entered) if isinstance(entered, str) else entered
            after = self.game.push(move, keep_line=True)  # the moves after the cursor: a line to go back to
        except PhutballError as e:
            state.error = str(e)
            return
        self.history.previous = None  # a move on this game: it is the one kept
        state.browsing = False
        if left is not None:
            state.message = (f"New line from {turn_text(self.game.cursor, mover)}; the one you left "
                             f"({moves_text(left)}) "
                             "is kept: Undo or “Restore the previous line” brings it back.")
        state.announcement = self.words.describe_move(before, move, mover) + " " + self.words.status()
        state.cursor = after.ball if isinstance(move, (Jump, StripJump)) and after.variant is not Variant.ODDISH \
            else state.cursor

    def play_text(self, text: str) -> None:
        """Play a move typed in the notation (e.g. from the computer or a text box)."""
        self.state.reset_feedback()
        self.state.chain = []
        self._play(text)

    def key(self, name: str) -> bool:
        """A key press; returns True if it was handled (the board's keys, :class:`lab.boardkeys.BoardKeys`, and
        ``u``/``r`` undo/redo); on a board drawn turned, the arrows move the cursor as seen."""
        self.state.entry_here()  # the entry on the position shown
        name = flip_key(name) if self.state.flipped else name
        if name == "u":
            self.history.undo()
            return True
        if name == "r":
            self.history.redo()
            return True
        return BoardKeys(self, self.state).press(name)

    def tell(self, command: str) -> str:
        """A board command's answer, said in the live region; returned too (:meth:`BoardKeys.tell`)."""
        return BoardKeys(self, self.state).tell(command)

    def last_move_words(self) -> str:
        """The move that led to the position shown, in words ("" at the start)."""
        return last_move_words(self.game)

    # ------------------------------------------------------------ records and positions

    def import_record(self, text: str) -> bool:
        """Load a game record; on error keep the current game and set ``error``."""
        state = self.state
        state.reset_feedback()
        try:
            game = Game.from_record(text)
        except PhutballError as e:
            state.error = f"Could not import the record: {e}"
            return False
        self.history.replace_game(game)
        state.cursor = state.ball
        state.message = f"Imported a game of {len(game.moves)} moves."
        state.announcement = state.message + " " + self.words.status()
        return True

    def open_game(self, game: Game, game_id: str, opponent: Opponent, message: str = "") -> None:
        """Show ``game`` (already replayed) as the kept game ``game_id`` against ``opponent``: a kept game
        reopened, a game by link opened.  The board is turned so that the person's side attacks upward."""
        state = self.state
        state.reset_feedback()
        self.history.replace_game(game, game_id)
        state.opponent = opponent
        if isinstance(opponent, Computer):
            state.level = opponent.level
        state.flipped = state.your_side_below()
        state.cursor = state.ball
        state.message = message
        state.announcement = f"{message} {self.words.status()}".strip()

    def computer_job(self, level: str) -> ComputerMove2D | ComputerMove1D:
        """The worker job that finds the computer's move here (see :mod:`lab.jobs`): the search at
        ``level`` on a board, the exact solver on a strip.  The search is seeded by the game's id, random
        for each new game and kept with it: a weak level's choices among near-equal moves differ from one
        game to the next (issue 44), and a game reloaded goes on as it would have."""
        if self.state.variant.is_board:
            return ComputerMove2D(str(self.position), level, seed=self.state.game_id)
        return ComputerMove1D(str(self.position))

    def export_record(self) -> str:
        return self.game.to_record()

    def load_position(self, text: str) -> bool:
        """Start from a position string (e.g. the URL hash); on error keep the game and set ``error``."""
        state = self.state
        state.reset_feedback()
        try:
            start = parse_any_position(text)
            if start.variant is Variant.ODDISH:
                raise PhutballError("bad position", text, "an Oddish board cannot be played here")
        except PhutballError as e:
            state.error = f"Could not open the position in the link: {e}"
            return False
        if str(start) == str(self.position):
            return True
        self.history.replace_game(Game(start))
        state.cursor = start.ball
        if self.history.previous is not None:
            state.message = (f"Opened the position in the link. Your previous game ({len(self.history.previous.moves)} "
                             "moves) is kept until you move: “Restore your previous game” brings it back.")
        state.announcement = f"Opened a position. {self.words.status()}"
        return True

    # ------------------------------------------------------------ view

    def move_list(self) -> list[MoveRow]:
        """The moves as numbered pairs: [{"number": 1, "plies": [(ply, text), ...]}, ...]."""
        rows: list[MoveRow] = []
        moves = self.game.moves
        for i in range(0, len(moves), 2):
            rows.append({"number": i // 2 + 1,
                         "plies": [(j + 1, moves[j]) for j in range(i, min(i + 2, len(moves)))]})
        return rows

    def last_move_targets(self) -> list[Target]:
        return last_move_targets(self.game)

    def view(self) -> PlayView:
        state = self.state
        pos = self.position
        hint_ring, hint_path = self.analysis.hint_marks()
        return {
            "variant": state.variant,
            "analysable": state.variant.is_board,
            "position": str(pos),
            "status": self.words.status(),
            "message": state.message,
            "error": state.error,
            "announcement": state.announcement,
            "chain": list(state.chain),
            "landings": state.entry_here().landings(),
            "cursor": state.cursor,
            "armed": state.entry_here().armed,
            "hint": hint_ring,
            "hint_path": hint_path,
            "last_move": self.last_move_targets() if not state.chain else [],
            "can_undo": self.game.can_undo() or bool(state.chain),
            "can_redo": self.game.can_redo(),
            "can_finish": len(state.chain) > 1,
            "ply": self.game.cursor,
            "moves": self.move_list(),
            "over": state.over,
            "lines": len(self.game.variations),
            "previous": len(self.history.previous.moves) if self.history.previous is not None else None,
            "winner": pos.winner,
            "to_move": state.to_move,
            "analysis": self.analysis.analysis_view(),
            "pv": self.analysis.pv_ghosts(),
            "marks": self.analysis.marks_by_ply(),
            "review": self.analysis.review_view(),
            "result": ({"title": self.words.result_title(), "detail": self.words.result_detail(),
                        "computer": state.against_computer} if state.over else None),
            "can_swap": self.game.can_swap() and not state.computer_to_move() and not self.game.can_redo(),
            "flipped": state.flipped,
        }


def _quote(value: object, limit: int = 40) -> str:
    """``value`` as JSON, shortened when long: how a message quotes stored or engine data."""
    import json
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def level_label(name: str) -> str:
    """A level as the page names it: its rung on the ladder and its name ("2 · novice"); the name if unknown."""
    from phutball.ai import LEVELS
    names = list(LEVELS)
    return f"{names.index(name) + 1} · {name}" if name in names else name


def level_choices() -> list[tuple[str, str]]:
    """The level menus' (value, text) pairs, weakest first, numbered: "2 · novice (rating 716)" (the rating
    when the engine has one; :data:`RATING_SCALE` says what it means).  The values are the level names, so
    every saved game and link naming a level still loads."""
    from phutball.ai import LEVELS
    out = []
    for name, level in LEVELS.items():
        rating: object = getattr(level, "rating", None)
        if isinstance(rating, (int, float)) and not isinstance(rating, bool):
            out.append((name, f"{level_label(name)} (rating {round(rating)})"))
        else:
            out.append((name, level_label(name)))
    return out


def side_options(link: bool = False) -> list[tuple[str, str]]:
    """The New game dialog's "You play" choices, against the computer or a friend by link."""
    other = "your friend" if link else "the computer"
    return [("first", "Ohs: you move first (Left on a strip)"),
            ("second", f"Eks: {other} moves first (Right on a strip)"), ("random", "Either, at random")]


def new_game_setup(board: str, opponent: str, side: str = "first",
                   pick: Callable[[Sequence[str]], str] | None = None) -> tuple[str, str, str | None]:
    """The New game dialog's choice as (position, mode, computer side).

    ``opponent``: "computer" or "two-players"; ``side``: what the person plays against the computer,
    "first" (Ohs, or Left on a strip), "second" (Eks, Right) or "random" (``pick``, default
    :func:`random.choice`, chooses).
    """
    if opponent != "computer":
        return new_game_choice(board, "two-players")
    if side == "random":
        import random
        side = (pick or random.choice)(("first", "second"))
    if side not in ("first", "second"):
        raise PhutballError("side", side, "choose first, second or random")
    return new_game_choice(board, f"computer-{side}")


def new_game_choice(board: str, mode: str) -> tuple[str, str, str | None]:
    """The New game dialog's choice as (position, mode, computer side).

    ``board``: a board size ("15x19") or a strip ("strip-11": the ball in the middle);
    ``mode``: "two-players", or "computer-first"/"computer-second" (the side the human plays).
    """
    if board.startswith("strip-"):
        n = int(board.split("-")[1])
        ball = (n + 1) // 2
        position = "L_" + "." * (ball - 1) + "*" + "." * (n - ball)
    else:
        from phutball.board import Position
        position = str(Position.start(board))
    if not mode.startswith("computer"):
        return position, mode, None
    first = parse_any_position(position).to_move or ""
    second = other_side(first)
    return position, "computer", second if mode.split("-")[1] == "first" else first


__all__ = ["DEFAULT_LEVEL", "DEFAULT_STRIP", "RATING_SCALE", "PlayController", "level_choices", "level_label",
           "new_game_choice", "new_game_setup", "side_options"]
