"""The play page as a game site (issue 38): games that last through every ordinary accident.

Each simulated browser does what the play page's glue does (``glue/play.py``'s ``save``, ``glue/mygames.py``):
its own storage, a :class:`lab.gamesite.Site` and a controller restored from the storage at each load.
The stories of the issue come first, then a stateful property test drives two or three browsers
through random user actions and checks the site's promises after every step.
"""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from helpers import FakeStorage
from lab import gamestore, linkgame, rating, savedgame
from lab.gamesite import FULL, Site, position_link
from lab.opponent import Computer
from lab.savedgame import initial_controller
from lab.savedstate import StorageFull
from phutball.board import Position
from phutball.notation import Jump

_ticks = itertools.count()


def clock() -> str:
    """Increasing times (a second per call), so that the list's order is the order of events."""
    t = next(_ticks)
    return f"2026-11-{1 + t // 86400 % 28:02d}T{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}"


class QuotaStorage(FakeStorage):
    """localStorage with a quota: a write past ``limit`` characters in all raises, as the browser does."""

    def __init__(self, limit: int = 5_242_880) -> None:
        super().__init__()
        self.limit = limit

    def set_item(self, key: str, value: str) -> None:
        if sum(len(v) for k, v in self.items.items() if k != key) + len(value) > self.limit:
            raise StorageFull(key)
        super().set_item(key, value)


class Browser:
    """One visitor's browser: its storage, and the play page as loaded from it (see the module's doc)."""

    def __init__(self, name: str, limit: int = 5_242_880, storage=None) -> None:
        self.name = name
        self.storage = storage if storage is not None else QuotaStorage(limit)
        n = itertools.count(1)
        prefix = {"a": "a", "b": "b", "c": "c"}.get(name, "d")
        self.seats = lambda: f"{prefix}{next(n):07x}"
        ids = itertools.count(1)
        self.ids = lambda: f"{prefix}{next(ids):011x}"
        self.load("")

    def load(self, fragment: str) -> None:
        """Open (or reload) the play page at ``#fragment``."""
        self.site = Site.load(self.storage, new_seat=self.seats, clock=clock)
        self.ctl = initial_controller(self.storage, position_link(fragment), self.site.store)
        self.ctl.state.new_id = self.ids
        self.site.attach(self.ctl)
        if linkgame.is_game_link(fragment):
            self.site.open_fragment(self.ctl, fragment)
        self.save()

    def save(self) -> None:
        """What the page does after every change: the saved game, then the kept games and the rating."""
        try:
            savedgame.save(self.storage, self.ctl)
        except StorageFull:
            self.site.write_failed()
        self.site.changed(self.ctl)

    def open(self, url: str) -> None:
        """A link opened in the page already there (a new fragment)."""
        self.site.open_fragment(self.ctl, url.split("#", 1)[1])
        self.save()

    def send(self) -> str:
        """Copy the game's link (the Send button): the friend will see it."""
        url = self.site.link_url(self.ctl, "https://lab.example/index.html")
        self.site.sent(self.ctl)
        self.save()
        return url

    def place(self, point: str) -> None:
        from phutball.notation import Point
        self.ctl.click(Point.from_str(point))
        self.save()

    def act(self, act: str) -> None:
        self.site.act(self.ctl, act)
        self.save()

    def entry(self, game_id: str | None = None):
        return self.site.store.get(game_id or self.ctl.state.game_id)


def new_link_game(b: Browser, board: str = "9x9") -> None:
    b.site.new_game(b.ctl, board, "link", "first", "novice")
    b.save()


# ---------------------------------------------------------------- the stories


def test_story_1_a_link_game_survives_a_new_game_started_before_moving():
    a, b = Browser("a"), Browser("b")
    new_link_game(a)
    a.place("E6")
    b.load(a.send().split("#", 1)[1])  # the friend opens the link: their move
    assert b.ctl.words.status().startswith("Your move (Eks")
    b.site.new_game(b.ctl, "9x9", "computer", "first", "novice")  # a new game, without moving
    b.save()
    b.load("")  # a reload, then the link again
    b.load(a.send().split("#", 1)[1])
    assert b.ctl.game.moves == ["E6"] and b.entry().plies == 1 and b.ctl.words.status().startswith("Your move (Eks")
    b.place("E4")
    assert b.ctl.game.moves == ["E6", "E4"]


def test_story_2_an_undo_after_sending_is_refused_and_a_takeback_is_asked_instead():
    a, b = Browser("a"), Browser("b")
    new_link_game(a)
    a.place("E3")
    url = a.send()
    a.ctl.history.undo()
    a.save()
    assert a.ctl.game.moves == ["E3"] and "was sent to your friend" in a.ctl.state.error
    assert "takeback" in [x["act"] for x in a.site.panel(a.ctl, "")["actions"]]
    b.load(url.split("#", 1)[1])
    a.act("takeback")
    b.open(a.send())
    assert b.ctl.state.link.incoming == "takeback 0"
    b.act("accept")
    assert b.ctl.game.moves == []
    a.open(b.send())
    assert a.ctl.game.moves == [] and "accepted" in a.ctl.state.message
    a.place("G3")
    b.open(a.send())
    assert b.ctl.game.moves == ["G3"] and a.ctl.game.moves == ["G3"]


def test_story_2_histories_that_differ_offer_both_ways_out_and_keep_both_games():
    a, b = Browser("a"), Browser("b")
    new_link_game(a)
    a.place("E3")
    first = a.send()
    b.load(first.split("#", 1)[1])
    b.place("A1")
    answer = b.send()
    forged = linkgame.decode(answer.split("#game=")[1])  # an old page's history: E3 is not E3 there
    forged = linkgame.LinkGame(forged.id, forged.sender, forged.setup, ("E4", "A1"), seat=forged.seat, to=forged.to)
    a.open("x#game=" + linkgame.encode(forged))
    assert "differs from yours at move 1" in a.ctl.state.error and a.ctl.game.moves == ["E3"]
    assert {x["act"] for x in a.site.panel(a.ctl, "")["actions"]} >= {"theirs", "mine"}
    a.act("theirs")
    assert a.ctl.game.moves == ["E4", "A1"] and len(a.site.store.games) == 2
    assert ["E3"] in [e.game().moves for e in a.site.store.games]


def won_against_the_computer(a: Browser) -> Browser:
    """``a`` after a win in one against the computer (Ohs jump E7-E9 on 9x9), entered by clicks."""
    a.ctl.load_position("9x9_O_E7_E8")
    a.ctl.set_computer("X")
    a.place("E7")
    a.ctl.click(Position.from_str("9x9_O_E7_E8").parse_move("E7-E9").path[-1])
    a.save()
    return a


def test_story_3_an_old_win_reopened_and_reloaded_counts_once():
    a = won_against_the_computer(Browser("a"))
    assert a.ctl.game.result == "O" and a.site.rating.games == 1
    won = a.ctl.state.game_id
    a.site.new_game(a.ctl, "9x9", "computer", "first", "novice")
    a.place("E6")
    for _ in range(3):
        a.site.reopen(a.ctl, won)
        a.save()
        a.load("")
    assert a.site.rating.games == 1 and len(a.site.store.games) == 2
    assert a.site.rating.value == rating.updated(rating.start_rating(), rating.level_rating("novice"), 1.0)


def test_story_4_and_5_no_computer_hint_or_analysis_in_a_live_link_game_and_the_friend_s_board_is_turned():
    a, b, c = Browser("a"), Browser("b"), Browser("c")
    new_link_game(a)
    a.place("E6")
    url = a.send()
    b.load(url.split("#", 1)[1])
    assert b.ctl.state.flipped and not a.ctl.state.flipped
    b.ctl.set_computer("O")
    assert "cannot play in a game by link" in b.ctl.state.error and b.ctl.state.computer_side is None
    b.ctl.analysis.set_analysing(True)
    assert not b.ctl.analysis.analysing and b.ctl.analysis.analysis_spec() is None and b.ctl.state.live_link
    b.place("A1")
    c.load(b.send().split("#", 1)[1])  # a third browser: both seats are taken
    assert c.ctl.state.link.watching and "watching" in c.ctl.state.message
    c.place("A9")
    assert c.ctl.game.moves == ["E6", "A1"] and "watching" in c.ctl.state.error


def test_story_6_resign_draw_and_abort():
    a, b = Browser("a"), Browser("b")
    new_link_game(a)
    assert "abort" in [x["act"] for x in a.site.panel(a.ctl, "")["actions"]]
    a.place("E6")
    b.load(a.send().split("#", 1)[1])
    b.act("abort")
    assert b.entry().aborted and "aborted" in b.ctl.words.status()
    a.open(b.send())
    assert a.ctl.state.link.ended == "abort" and gamestore.result_text(a.entry()) == "Aborted"

    new_link_game(a)
    a.place("E6")
    b.open(a.send())
    b.place("A1")
    b.act("draw")
    a.open(b.send())
    assert a.ctl.state.link.incoming == "draw"
    a.act("accept")
    assert a.ctl.game.result == "draw"
    b.open(a.send())
    assert b.ctl.game.result == "draw" and b.ctl.game.termination == "agreement"

    new_link_game(a)
    a.place("E6")
    b.open(a.send())
    b.act("resign")
    a.open(b.send())
    assert a.ctl.game.result == "O" and a.ctl.words.result_title() == "You won: your friend resigned."
    assert a.ctl.words.result_detail() == "Eks resigned."
    resigned = a.ctl.state.game_id
    a.site.rematch(a.ctl)  # a new game by link, sides swapped
    a.save()
    state = a.ctl.state
    assert state.link.you == "X" and state.game_id != resigned and state.flipped and "Rematch" in state.message
    assert a.entry(resigned).finished


def test_story_7_a_link_to_the_standard_start_never_takes_over_a_kept_game():
    a = Browser("a")
    a.place("H11")
    kept = a.ctl.state.game_id
    a.load("15x19_O_H10")
    a.place("H9")
    assert a.site.store.get(kept).game().moves == ["H11"]
    a.storage.items[savedgame.STORAGE_KEY] = "{not json"
    a.load("")
    a.place("G9")
    assert a.site.store.get(kept).game().moves == ["H11"] and len(a.site.store.games) == 3


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1" * 401, "1e400"])
def test_story_8_a_number_that_is_not_a_number_never_stops_the_page(value):
    a = Browser("a")
    a.storage.items[rating.STORAGE_KEY] = (
        f'{{"v": 1, "rating": 900, "history": [["2026-11-25", {value}]], "rated": ["\\ud800"]}}')
    a.storage.items[gamestore.STORAGE_KEY] = json.dumps({"v": 1, "current": None, "games": [
        {"id": "\ud800", "opponent": "link", "you": "O", "record": "", "started": "2026-11-25",
         "updated": "2026-11-25T10:00:00", "result": "*", "plies": 0},
        {"id": "0000000000aa", "opponent": "here", "you": None, "record": "[Variant nonsense", "started": "2026-11-25",
         "updated": "2026-11-25T10:00:00", "result": "*", "plies": 3}]})
    a.load("")
    assert a.site.rating.text().startswith("Your rating:") and a.ctl.state.error
    assert [e.id for e in a.site.store.games] == ["0000000000aa"]
    assert gamestore.unreadable(a.site.store) == {"0000000000aa"}
    assert not a.site.reopen(a.ctl, "0000000000aa") and "cannot be read" in a.ctl.state.error


def test_story_9_a_full_storage_is_said_and_the_game_stays_and_space_can_be_freed():
    a = Browser("a", limit=6_000)
    for _ in range(40):  # finished games until the storage is full
        a.site.new_game(a.ctl, "9x9", "here", "first", "novice")
        a.ctl.load_position("9x9_O_E7_E8")
        a.place("E6")
        a.ctl.play_text("E7-E9")
        a.save()
        if a.site.unsaved:
            break
    a.site.new_game(a.ctl, "9x9", "here", "first", "novice")
    a.place("E6")
    a.ctl.play_text("E4")
    a.save()
    assert a.site.unsaved == FULL and a.ctl.state.error == FULL and a.ctl.game.moves[-1] == "E4"
    assert a.site.panel(a.ctl, "")["hidden"]
    text = a.site.free_space(a.ctl)
    assert "E6" in text and not a.site.unsaved and a.site.store.get(a.ctl.state.game_id).game().moves[-1] == "E4"
    assert Site.load(a.storage).store.get(a.ctl.state.game_id) is not None


def test_opening_a_link_replays_it_once(monkeypatch):
    a, b = Browser("a"), Browser("b")
    new_link_game(a, "15x19")
    a.place("H11")
    url = a.send()
    calls = []
    real = linkgame.replay
    monkeypatch.setattr(linkgame, "replay", lambda link: calls.append(1) or real(link))
    b.load(url.split("#", 1)[1])
    assert len(calls) == 1


# ---------------------------------------------------------------- every accident, at random


BOARD_POINTS = [f"{c}{r}" for c in "CDEFG" for r in range(3, 8)]


class Lab(RuleBasedStateMachine):
    """Three browsers, one mailbox of every link sent; the site's promises checked after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.browsers = [Browser("a"), Browser("b"), Browser("c")]
        self.mailbox: list[str] = []
        self.before: dict[str, dict[str, gamestore.GameEntry]] = {}
        self.touched: set[str] = set()
        self.snapshot()

    def snapshot(self) -> None:
        self.before = {b.name: {e.id: e for e in b.site.store.games} for b in self.browsers}
        self.touched = {b.ctl.state.game_id for b in self.browsers}

    browser = st.integers(0, 2)

    @initialize()
    def a_game_by_link_under_way(self):
        """Every run starts with a game by link between a and b (a moved, b answered), so that the links' rules
        meet every other accident from the first step."""
        a, b = self.browsers[0], self.browsers[1]
        new_link_game(a)
        a.place("E6")
        b.load(a.send().split("#", 1)[1])
        b.place("A1")
        self.mailbox += [b.send()]
        self.snapshot()

    @rule(i=browser, kind=st.sampled_from(["computer", "here", "link"]), side=st.sampled_from(["first", "second"]))
    def new_game(self, i, kind, side):
        b = self.browsers[i]
        b.site.new_game(b.ctl, "9x9", kind, side, "beginner")
        b.save()
        self.touched.add(b.ctl.state.game_id)

    @rule(i=browser, point=st.sampled_from(BOARD_POINTS))
    def place(self, i, point):
        self.browsers[i].place(point)

    @rule(i=browser, data=st.data())
    def jump(self, i, data):
        b = self.browsers[i]
        jumps = [j for j in b.ctl.position.jumps() if len(set(j.path)) == len(j.path)]
        if not jumps or b.ctl.game.can_redo():
            return
        jump: Jump = data.draw(st.sampled_from(jumps))
        for p in jump.path:
            b.ctl.click(p)
        if b.ctl.state.chain:
            b.ctl.finish_chain()
        b.save()

    @rule(i=browser, data=st.data())
    def computer_replies(self, i, data):
        b = self.browsers[i]
        if b.ctl.state.computer_to_move():
            moves = [str(m) for m in b.ctl.position.jumps()] + [str(p) for p in b.ctl.position.placements()][:20]
            b.ctl.computer_reply(data.draw(st.sampled_from(moves)))
            b.save()

    @rule(i=browser)
    def win_against_the_computer(self, i):
        won_against_the_computer(self.browsers[i])

    @rule(i=browser)
    def undo(self, i):
        self.browsers[i].ctl.history.undo()
        self.browsers[i].save()

    @rule(i=browser)
    def redo(self, i):
        self.browsers[i].ctl.history.redo()
        self.browsers[i].save()

    @rule(data=st.data())
    def send_link(self, data):
        senders = [b for b in self.browsers if b.ctl.state.link is not None]
        if senders:
            self.mailbox.append(data.draw(st.sampled_from(senders)).send())

    @precondition(lambda self: self.mailbox)
    @rule(i=browser, data=st.data(), fresh=st.booleans(), latest=st.booleans())
    def open_link(self, i, data, fresh, latest):
        b = self.browsers[i]
        url = self.mailbox[-1] if latest else data.draw(st.sampled_from(self.mailbox))  # the newest, or any old one
        self.touched.add(linkgame.decode(url.split("#game=")[1]).id)
        b.load(url.split("#", 1)[1]) if fresh else b.open(url)

    @rule(i=browser)
    def reload(self, i):
        self.browsers[i].load("")

    @rule(i=browser, position=st.sampled_from(["15x19_O_H10", "9x9_O_E5", "9x9_O_E7_E8"]))
    def open_position_link(self, i, position):
        self.browsers[i].load(position)

    @rule(i=browser, data=st.data(), act=st.sampled_from(["open", "delete"]))
    def your_games(self, i, data, act):
        b = self.browsers[i]
        if not b.site.store.games:
            return
        entry = data.draw(st.sampled_from(b.site.store.games))
        self.touched.add(entry.id)
        if act == "open":
            b.site.reopen(b.ctl, entry.id)
        else:
            b.site.delete(b.ctl, entry.id)
        b.save()

    @rule(i=browser, side=st.sampled_from(["O", "X", None]))
    def computer_plays(self, i, side):
        b = self.browsers[i]
        b.ctl.set_computer(side, "beginner")
        b.save()

    @rule(i=browser, act=st.sampled_from(["resign", "draw", "accept", "decline", "takeback", "abort", "theirs",
                                          "mine", "take-over"]))
    def link_button(self, i, act):
        b = self.browsers[i]
        if act in [a["act"] for a in b.site.panel(b.ctl, "")["actions"]]:
            b.act(act)

    @rule(i=browser)
    def restore_previous(self, i):
        b = self.browsers[i]
        if b.ctl.history.previous is not None:
            b.site.restore_previous(b.ctl)
            b.save()

    def teardown(self) -> None:
        pass

    @invariant()
    def promises(self) -> None:
        for b in self.browsers:
            now = {e.id: e for e in b.site.store.games}
            self.touched.add(b.ctl.state.game_id)
            for gid, entry in self.before.get(b.name, {}).items():
                if gid not in self.touched:  # another game's actions never change (or drop) a kept game
                    assert now.get(gid) == entry, (b.name, gid)
            ledger = [g.id for g in b.site.rating.ledger]
            assert len(ledger) == len(set(ledger))  # each game rated once
            for e in now.values():
                if isinstance(e.opponent, Computer) and e.finished and e.record.startswith('[Variant "2D"]'):
                    assert b.site.rating.has(e.id), "a finished game against the computer is rated"
            again = rating.Rating(b.site.rating.start, b.site.rating.ledger, b.site.rating.folded)
            assert again.value == b.site.rating.value  # the rating is the ledger's replay
            reloaded = Site.load(b.storage)
            assert reloaded.store.games == b.site.store.games  # storage survives a reload
            assert reloaded.rating.ledger == b.site.rating.ledger
            seat = b.ctl.state.link
            if seat is not None and seat.live(b.ctl.game):  # a link game can always go on, or has a way out
                panel = b.site.panel(b.ctl, "https://lab.example/")
                can_move = not seat.waiting(b.ctl.game)
                assert panel["can_send"] or can_move or panel["actions"]
        self.snapshot()


Lab.TestCase.settings = settings(max_examples=100, stateful_step_count=40, deadline=None)
test_every_accident = Lab.TestCase


def test_a_kept_game_reopens_turned_to_its_own_side_not_the_previous_game_s():
    """Issue 39 item 6: an Ohs win opened from Your games kept the previous game's turned board."""
    a = won_against_the_computer(Browser("a"))
    won = a.ctl.state.game_id
    a.site.new_game(a.ctl, "9x9", "computer", "second", "novice")  # you play Eks: the board is turned
    a.save()
    assert a.ctl.state.flipped
    a.site.reopen(a.ctl, won)
    assert not a.ctl.state.flipped and a.ctl.words.result_detail() == "Ohs took the ball to the top goal line."
