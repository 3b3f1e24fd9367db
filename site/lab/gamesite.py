"""The play page as a game site: the games you keep, games by link, your rating (pure Python, unit-tested).

:class:`Site` holds what lasts between visits -- the kept games (:mod:`lab.gamestore`) and the
rating's ledger (:mod:`lab.rating`) -- beside the board's controller (:class:`lab.play.PlayController`).
Every decision that guards that state is a method here, and each says what the page shows by setting
the controller's ``message``/``error``/``announcement`` or by what it returns; ``glue/mygames.py``
only wires them to the page.

The rules it keeps (issue 38):

* The game on the board carries its own id (:attr:`lab.playstate.PlayState.game_id`): a game is
  kept under that id from its first move (a game by link from its opening), and nothing is matched by
  guessing, so starting, opening or finishing another game never changes a kept game.
* A game by link follows :mod:`lab.linkgame`'s protocol: seats, watchers, takebacks, a way out of
  two histories that differ, resignation, draw offers and aborts.
* Your rating is the replay of a ledger of rated games, each recorded once by its id
  (:class:`lab.rating.Rating`): reopening, reviewing or reloading a game never counts it twice.
* Every write is checked: a write the browser refuses (a full storage) keeps the game on the page,
  says so, and offers to download it and to free space (:meth:`Site.write_failed`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Callable, TypedDict

from lab import backup as backups, gamestore, linkgame, rating
from lab.gamestore import GameEntry, GameStore
from lab.linkgame import LinkSeat
from lab.movewords import moves_text
from lab.opponent import Computer, FriendByLink, FriendHere
from lab.play import PlayController, new_game_setup
from lab.savedstate import Storage, StorageFull
from phutball.errors import PhutballError
from phutball.game import Game, variant_of
from phutball.sides import other_side, side_name

#: What the page says when a write was refused.
FULL = ("This browser refused to save your games: its storage for this page is full. Your game stays open "
        "on this page: download it, or free space (your finished games are downloaded in one file, then "
        "removed from this browser).")


def now() -> str:
    """The time a kept game was updated (ISO, to the second)."""
    return datetime.now().isoformat(timespec="seconds")


class LinkAction(TypedDict):
    """A button of the link panel: what it does (``act``, see :meth:`Site.act`) and its label."""

    act: str
    label: str


class LinkPanel(TypedDict):
    """What the link panel shows (hidden for any game that is not by link)."""

    hidden: bool
    text: str
    url: str
    can_send: bool
    actions: list[LinkAction]


def position_link(fragment: str) -> str:
    """A page's URL fragment as a position link for the saved game's start ("" for a game link or a backup
    carried by link, opened once the page has started)."""
    return "" if linkgame.is_game_link(fragment) or backups.is_carry_fragment(fragment) else fragment


def actions_html(actions: list[LinkAction]) -> str:
    """The link panel's buttons (each says what it does in ``data-link-act``)."""
    from html import escape
    return "".join(f'<button type="button" data-link-act="{escape(a["act"])}">{escape(a["label"])}</button>'
                   for a in actions)


@dataclass
class Site:
    """The kept games and the rating, and every decision about them (see the module's doc)."""

    storage: Storage
    store: GameStore = field(default_factory=GameStore)
    rating: rating.Rating = field(default_factory=lambda: rating.Rating(rating.start_rating()))
    new_seat: Callable[[], str] = linkgame.new_seat
    clock: Callable[[], str] = now
    problem: str = ""          # stored values that could not be read (the page says so once)
    unsaved: str = ""          # why the last write failed ("" while everything is kept)
    theirs: Game | None = None  # the friend's version, while two histories differ (a choice is offered)

    @classmethod
    def load(cls, storage: Storage, **kw: object) -> "Site":
        """The kept games and the rating from ``storage``; what could not be read is set aside, and said."""
        store, problem = gamestore.load(storage)
        rated, rating_problem = rating.load(storage)
        site = cls(storage, store, rated, **kw)  # type: ignore[arg-type]
        site.problem = "\n".join(p for p in (problem, rating_problem) if p)
        return site

    # ------------------------------------------------------------ keeping the board's game

    def attach(self, ctl: PlayController) -> None:
        """At the page's start: the restored game's kept entry gives it its opponent (a link game's seat is
        the entry's).  A game saved before ids were kept is the current entry only if its moves are the
        same, move for move (:func:`lab.savedgame.initial_controller` gives it its id)."""
        state = ctl.state
        entry = self.store.get(state.game_id)
        if entry is not None and isinstance(entry.opponent, FriendByLink):
            state.opponent = entry.opponent
        if self.problem:
            state.error = "\n".join(e for e in (state.error, self.problem) if e)
            self.problem = ""

    def changed(self, ctl: PlayController) -> None:
        """After every change on the board: keep its game (from its first move, a link game from its opening)
        and rate it once when it ends against the computer."""
        state = ctl.state
        before = self.store.get(state.game_id)
        if before is None and not ctl.game.moves and state.link is None:
            return
        entry = gamestore.entry_of(ctl.game, state.game_id, state.opponent, self.clock(), before)
        if before is not None and replace(before, updated=entry.updated) == entry and \
                self.store.current == state.game_id:
            return
        if before is not None and before.record == entry.record and before.opponent == entry.opponent:
            entry = replace(entry, updated=before.updated)  # only the current game changed: it keeps its place
        self.store = replace(self.store.with_game(entry), current=state.game_id)
        self._save_games(ctl)
        self._rate(entry, ctl.game)

    def _save_games(self, ctl: PlayController | None = None) -> None:
        try:
            self.store, message = gamestore.save(self.storage, self.store)
        except StorageFull:
            self.write_failed()
            message = ""
        if message and ctl is not None:
            ctl.state.message = message
        if self.unsaved and ctl is not None:
            ctl.state.error = self.unsaved

    def _rate(self, entry: GameEntry, game: Game) -> None:
        """Record a finished 2D game against the computer in the rating's ledger (once: by its id)."""
        op = entry.opponent
        if not isinstance(op, Computer) or not variant_of(game.start).is_board or self.rating.has(entry.id):
            return
        score = rating.score_of(entry.result, other_side(op.side))
        if score is None:
            return
        self.rating = self.rating.record(entry.id, op.level, score, entry.updated[:10], rating.board_of(entry.record))
        self._save_rating()

    def _save_rating(self) -> None:
        try:
            rating.save(self.storage, self.rating)
        except StorageFull:
            self.write_failed()

    def write_failed(self) -> None:
        """A write was refused (the page's storage is full): the games stay in memory; the page says so."""
        self.unsaved = FULL

    def free_space(self, ctl: PlayController) -> str:
        """Every finished game (but the one on the board) in one record file, then removed; the file's text."""
        finished = [g for g in self.store.games if g.finished and g.id != ctl.state.game_id]
        text = GameStore(tuple(finished)).export_all()
        self.store = self.store.without({g.id for g in finished})
        self.unsaved = ""
        self._save_games(ctl)
        if not self.unsaved:
            ctl.state.error = ""
            ctl.state.message = (f"{len(finished)} finished {'game was' if len(finished) == 1 else 'games were'} "
                                 "downloaded in one file and removed: your games are kept again.")
        return text

    # ------------------------------------------------------------ another tab of this browser

    def heard(self, key: str, text: str | None) -> bool:
        """Another tab of this browser stored its kept games or its rating (the window's ``storage`` event):
        merge them into this page's, by id as a backup is merged (:func:`lab.backup.merge_games`,
        :meth:`lab.rating.Rating.merged`), and store the merge if it holds more than that tab wrote.  So
        two tabs never overwrite each other's games, and a game is rated once.  True if this page's
        games or rating changed.  (A game deleted in one tab comes back while the other still keeps it.)"""
        if not text:
            return False
        other = backups.MemoryStorage({key: text})
        if key == gamestore.STORAGE_KEY:
            theirs, problem = gamestore.load(other)
            if problem:
                return False  # this page sets aside what it cannot read when it next loads, as at any start
            merged = replace(backups.merge_games(self.store, theirs).store, current=self.store.current)
            changed = merged != self.store
            self.store = merged
            if {g.id: g for g in merged.games} != {g.id: g for g in theirs.games}:
                self._save_games()
            return changed
        if key == rating.STORAGE_KEY:
            rated, problem = rating.load(other)
            if problem:
                return False
            merged_rating = self.rating.merged(rated)
            changed = merged_rating != self.rating
            self.rating = merged_rating
            if merged_rating != rated:
                self._save_rating()
            return changed
        return False

    # ------------------------------------------------------------ everything kept, backed up and restored

    def kept(self) -> backups.Kept:
        """Everything this browser keeps (:mod:`lab.backup`), with the games and the rating as this page holds
        them (a game a full storage refused is in it too)."""
        return replace(backups.Kept.read(self.storage), games=self.store, rating=self.rating)

    def backup(self) -> backups.Backup:
        """*Back up*: the backup of everything kept; the mark of the last backup is stored (for reminders)."""
        made = self.clock()
        try:
            self.storage.set_item(backups.LAST_KEY, backups.LastBackup(made[:10], len(self.store.games)).to_text())
        except StorageFull:
            self.write_failed()
        return backups.Backup(self.kept(), made)

    def restore_plan(self, other: backups.Backup) -> backups.Plan:
        """What restoring ``other`` would do (the preview), changing nothing."""
        return backups.plan(self.kept(), other.kept)

    def restore(self, ctl: PlayController, plan: backups.Plan) -> None:
        """Merge a backup (:func:`lab.backups.plan`): write what changes, take the merged games and rating, and
        show the longer version of the board's game if the backup brought one.  A refused write keeps what
        was merged in this page and says so (:meth:`write_failed`)."""
        state = ctl.state
        if not plan.changes():
            state.message = plan.words(done=True)
            return
        try:
            plan.write(self.storage)
        except StorageFull:
            self.write_failed()
            state.error = self.unsaved
        self.store, self.rating = plan.after.games, plan.after.rating
        if plan.games.current_changed and self.store.get(state.game_id) is not None:
            self.reopen(ctl, state.game_id)
        state.message = plan.words(done=True)

    # ------------------------------------------------------------ new games and kept games

    def new_game(self, ctl: PlayController, board: str, opponent: str, side: str, level: str,
                 pie: bool = False) -> None:
        """The New game dialog's choice: against the computer, a friend here or a friend by link."""
        if opponent == "link":
            self.new_link_game(ctl, board, side, pie)
            return
        position, mode, computer = new_game_setup(board, opponent, side)
        if mode == "computer":
            ctl.state.side_choice = side
            ctl.set_level(level)
        ctl.state.pie_choice = pie
        ctl.new_game(position, Computer(computer, ctl.state.level) if computer else FriendHere(), pie=pie)

    def new_link_game(self, ctl: PlayController, board: str, side: str, pie: bool = False) -> None:
        """A new game with a friend by link: this browser plays ``side`` ("first", "second" or "random")."""
        state = ctl.state
        position, _, friend = new_game_setup(board, "computer", side)
        you = other_side(str(friend))
        state.pie_choice = pie
        ctl.new_game(position, FriendHere(), pie=pie)
        state.opponent = FriendByLink(LinkSeat(state.game_id, you, self.new_seat()))
        state.flipped = state.your_side_below()
        state.message = ("A game with a friend by link: make your move, then send the link." if
                         ctl.position.to_move == you else "A game with a friend by link: send the link, your friend "
                                                          "moves first.")
        state.announcement = f"{state.message} {ctl.words.status()}"
        self.changed(ctl)

    def rematch(self, ctl: PlayController) -> None:
        """The result panel's Rematch: the same start again; against the computer or by link, sides swapped
        (a game by link: a new one, its link to send)."""
        state = ctl.state
        seat = state.link
        if seat is None or seat.watching:
            ctl.rematch()
            return
        you = other_side(seat.side(ctl.game))
        board = str(ctl.game.start).split("_")[0]
        if not variant_of(ctl.game.start).is_board:
            board = f"strip-{len(str(ctl.game.start).split('_')[1])}"
        self.new_link_game(ctl, board, "first" if you == state.sides[0] else "second", ctl.game.pie)
        state.message = f"Rematch by link: you play {side_name(you)} this time. " + state.message

    def reopen(self, ctl: PlayController, game_id: str) -> bool:
        """Show a kept game on the board, its opponent as it was; False (``error`` set) if it cannot be read."""
        entry = self.store.get(game_id)
        if entry is None:
            ctl.state.error = "This game is no longer kept."
            return False
        try:
            game = entry.game()
        except PhutballError as e:
            ctl.state.error = f"This game's record cannot be read: {e}"
            return False
        opponent = entry.opponent
        ctl.open_game(game, entry.id, opponent,
                      f"Your game of {entry.started} against "
                      f"{gamestore.opponent_text(entry, _level_label).lower()}: "
                      f"{gamestore.result_text(entry).lower()}, {moves_text(entry.plies)}.")
        self.store = replace(self.store, current=entry.id)
        return True

    def restore_previous(self, ctl: PlayController) -> None:
        """“Restore your previous game”: the game comes back with its id and its opponent (a game by link
        can be sent again)."""
        state = ctl.state
        ctl.history.restore_previous()
        entry = self.store.get(state.game_id)
        if entry is not None and not isinstance(entry.opponent, Computer):
            state.opponent = entry.opponent
            state.flipped = state.your_side_below()

    def delete(self, ctl: PlayController, game_id: str) -> str:
        """Remove a kept game (not the one on the board); what the page says."""
        if game_id == ctl.state.game_id:
            return "This game is on the board: start or open another game first."
        entry = self.store.get(game_id)
        if entry is None:
            return ""
        self.store = self.store.without({game_id})
        self._save_games(ctl)
        return "Game deleted." + (" Your rating keeps it." if self.rating.has(game_id) else "")

    # ------------------------------------------------------------ games by link

    def open_fragment(self, ctl: PlayController, fragment: str) -> bool:
        """Open a ``game=...`` link (False if the fragment is not one); every problem is said on the page and
        no kept game is changed by a link that is refused."""
        state = ctl.state
        if not linkgame.is_game_link(fragment):
            return False
        self.theirs = None
        try:
            link = linkgame.read(fragment)
            assert link is not None
            entry = self.store.get(link.id)
            seat = entry.seat if entry is not None else None
            kept_game = None
            if seat is not None and entry is not None:
                kept_game = ctl.game if state.game_id == link.id else entry.game()
            opening = linkgame.open_link(link, seat, kept_game, self.new_seat)
        except PhutballError as e:
            state.error = f"{e} Your games are kept as they were."
            return True
        if opening.kind == linkgame.DIVERGED:
            self.theirs = opening.theirs
        if state.game_id != link.id or opening.game is not ctl.game:
            ctl.open_game(opening.game, link.id, FriendByLink(opening.seat))
        else:
            state.opponent = FriendByLink(opening.seat)
            state.flipped = state.your_side_below()
        if opening.refused:
            state.error, state.message = opening.message, ""
        else:
            state.message = opening.message
        state.announcement = f"{opening.message} {ctl.words.status()}"
        self.changed(ctl)
        return True

    def link_url(self, ctl: PlayController, base: str) -> str:
        seat = ctl.state.link
        return "" if seat is None else linkgame.url(base, seat.link(ctl.game))

    def sent(self, ctl: PlayController) -> None:
        """The link was sent (shared or copied): the friend will see every move in it."""
        seat = ctl.state.link
        if seat is not None and not seat.watching:
            ctl.state.opponent = FriendByLink(seat.after_sending(ctl.game))
            self.changed(ctl)

    def panel(self, ctl: PlayController, base: str) -> LinkPanel:
        """The link panel: what to do with the link, and the buttons of the game by link."""
        seat = ctl.state.link
        if seat is None:
            return {"hidden": True, "text": "", "url": "", "can_send": False, "actions": []}
        game = ctl.game
        acts: list[LinkAction] = []
        url = self.link_url(ctl, base)
        if self.theirs is not None:
            acts += [{"act": "theirs", "label": "Continue from your friend's version"},
                     {"act": "mine", "label": "Keep mine and send it again"}]
        if seat.watching:
            text = "You are watching this game: only its two players move."
            acts.append({"act": "take-over", "label": f"Take over the seat of {side_name(seat.you)}"})
            return {"hidden": False, "text": text, "url": url, "can_send": True, "actions": acts}
        if seat.incoming == "draw":
            acts += [{"act": "accept", "label": "Accept the draw"}, {"act": "decline", "label": "Decline"}]
        elif seat.incoming.startswith("takeback "):
            acts += [{"act": "accept", "label": "Accept the takeback"}, {"act": "decline", "label": "Decline"}]
        live = seat.live(game) and not game.can_redo()
        if not live:
            text = ("This game was aborted: send the link so that your friend knows." if seat.ended else
                    "The game is over: send the link so that your friend sees the end.")
        elif seat.waiting(game):
            text = "Send this link to your friend: it carries the whole game."
        else:
            text = "Your move: play it on the board, then send the link back."
        if seat.offer == "draw":
            text += " It offers a draw."
        elif seat.offer.startswith("takeback "):
            text += " It asks your friend to take back your last move."
        if live:
            if seat.waiting(game) and not seat.can_undo(game) and not seat.offer and \
                    seat.takeback_target(game) is not None and len(game.moves) > 0:
                acts.append({"act": "takeback", "label": "Ask for a takeback"})
            if not seat.offer:
                acts.append({"act": "draw", "label": "Offer a draw"})
            acts.append({"act": "resign", "label": "Resign"})
            if len(game.moves) < 2:
                acts.append({"act": "abort", "label": "Abort"})
        can_send = (not live or seat.waiting(game) or bool(seat.offer) or
                    seat.incoming.startswith(("accepted", "declined")))
        return {"hidden": False, "text": text, "url": url, "can_send": can_send, "actions": acts}

    def act(self, ctl: PlayController, act: str) -> None:
        """A button of the link panel (see :meth:`panel`)."""
        state = ctl.state
        seat = state.link
        if seat is None:
            return
        game = ctl.game
        state.error = state.message = ""
        if act == "theirs" and self.theirs is not None:
            mine = GameEntry(linkgame.new_id(), FriendHere(), game.to_record(), self.clock()[:10], self.clock(),
                             game.result, len(game.moves))
            self.store = self.store.with_game(mine)
            theirs, self.theirs = self.theirs, None
            ctl.open_game(theirs, seat.id, FriendByLink(replace(seat, sent=len(theirs.moves))),
                          "You continue from your friend's version; yours is kept in Your games.")
        elif act == "mine":
            self.theirs = None
            state.message = "You keep your version: send the link again, your friend will be offered the same choice."
        elif act == "take-over" and seat.watching:
            state.opponent = FriendByLink(seat.take_over(seat.seat or self.new_seat()))
            state.message = f"You took over the seat of {side_name(seat.you)}: the other player will accept your links."
        elif act in ("accept", "decline") and seat.incoming:
            self._answer(ctl, seat, act == "accept")
        elif act == "takeback":
            n = seat.takeback_target(game)
            if n is not None:
                state.opponent = FriendByLink(replace(seat, offer=f"takeback {n}"))
                state.message = "Send the link: it asks your friend to take back your last move."
        elif act == "draw" and seat.live(game):
            state.opponent = FriendByLink(replace(seat, offer="draw"))
            state.message = "Send the link: it offers your friend a draw."
        elif act == "resign" and seat.live(game):
            game.goto(len(game.moves))
            game.resign(seat.side(game))
            state.opponent = FriendByLink(replace(seat, offer="", incoming=""))
            state.message = "You resigned: send the link so that your friend sees the end."
        elif act == "abort" and seat.live(game) and len(game.moves) < 2:
            state.opponent = FriendByLink(replace(seat, ended="abort", offer="", incoming=""))
            state.message = "Game aborted: it does not count. Send the link so that your friend knows."
        state.announcement = f"{state.message or state.error} {ctl.words.status()}".strip()
        self.changed(ctl)

    def _answer(self, ctl: PlayController, seat: LinkSeat, accept: bool) -> None:
        state = ctl.state
        game = ctl.game
        request = seat.incoming
        if not accept:
            state.opponent = FriendByLink(replace(seat, incoming="declined"))
            state.message = "Declined: send the link so that your friend knows."
            return
        if request == "draw":
            game.goto(len(game.moves))
            game.agree_draw()
            state.opponent = FriendByLink(replace(seat, incoming="", offer=""))
            state.message = "Draw agreed: send the link so that your friend sees the end."
        elif request.startswith("takeback "):
            n = min(int(request.split()[1]), len(game.moves))
            game.goto(n)
            game.truncate()
            game.variations.clear()
            state.opponent = FriendByLink(replace(seat, incoming=f"accepted {n}", sent=n))
            state.message = "Takeback accepted: send the link so that your friend can play again."


def _level_label(name: str) -> str:
    from lab.play import level_label
    return level_label(name)


__all__ = ["FULL", "LinkAction", "LinkPanel", "Site", "actions_html", "now", "position_link"]
