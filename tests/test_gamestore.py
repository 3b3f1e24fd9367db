"""Your games (issue 26, item 7): kept in localStorage, listed, exported; storage limits handled."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import FakeStorage
from lab import gamestore
from lab.gamestore import GameEntry, GameStore, games_html, result_text
from lab.linkgame import LinkSeat
from lab.play import PlayController
from lab.savedstate import backup_key
from phutball.board import Position
from phutball.errors import RecordError
from phutball.game import Game, games_from_records, records_text, split_records
from lab.opponent import Computer, FriendHere


def counter():
    n = iter(range(1, 1000))
    return lambda: f"{next(n):012x}"


def entry(i, result="*", record=None, plies=1):
    return GameEntry(f"{i:012x}", FriendHere(), record or Game(Position.start("9x9"), ["E6"]).to_record(),
                     "2026-11-25", f"2026-11-25T10:{i:02d}:00", result, plies)


# ---------------------------------------------------------------- files of several games


@st.composite
def some_games(draw):
    games = []
    for _ in range(draw(st.integers(0, 4))):
        size = draw(st.sampled_from(["9x9", "15x19", "5x7"]))
        game = Game(Position.start(size), headers={"Ohs": draw(st.sampled_from(["Ann", "B \"C\"", ""]))})
        for _ in range(draw(st.integers(0, 8))):
            pos = game.position
            if pos.winner:
                break
            moves = [str(j) for j in pos.jumps()] + [str(p) for p in pos.placements()]
            game.push(draw(st.sampled_from(moves)))
        games.append(game)
    return games


@settings(max_examples=50, deadline=None)
@given(some_games())
def test_a_file_of_several_games_round_trips(games):
    text = records_text(games)
    assert games_from_records(text) == games
    assert "\n\n[" in text or len(games) < 2  # games separated by a blank line


def test_a_bad_game_in_a_file_is_named_with_its_line():
    text = records_text([Game(Position.start("9x9"), ["E6"]), Game(Position.start("9x9"), ["E6"])])
    bad = text.replace("1. E6", "1. E5", 2).replace("1. E5", "1. E6", 1)  # the second game's move is the ball
    with pytest.raises(RecordError) as e:
        games_from_records(bad)
    assert "game 2" in str(e.value) and e.value.line == len(text.splitlines())
    lines = text.splitlines()
    second = lines.index(lines[0], 1)  # the second game's first header
    assert [first for first, _ in split_records(text)] == [1, second + 1] and lines[second - 1] == ""


# ---------------------------------------------------------------- storage


def test_games_survive_a_save_and_load():
    storage = FakeStorage()
    store = GameStore((entry(1, "O"), entry(2)), current=entry(2).id)
    gamestore.save(storage, store)
    loaded, problem = gamestore.load(storage)
    assert problem == "" and loaded.current == entry(2).id
    assert [g.id for g in loaded.games] == [entry(2).id, entry(1).id]  # newest first
    assert loaded.get(entry(1).id) == entry(1, "O")


def test_an_unreadable_game_is_left_out_and_set_aside_saying_so():
    storage = FakeStorage()
    good = entry(1).to_json()
    storage.set_item(gamestore.STORAGE_KEY, json.dumps({"v": 1, "games": [good, {"id": 3}, "x"]}))
    store, problem = gamestore.load(storage)
    assert [g.id for g in store.games] == [good["id"]]
    assert "2 of your kept games" in problem and backup_key(gamestore.STORAGE_KEY) in storage.items
    storage.set_item(gamestore.STORAGE_KEY, "{not json")
    store, problem = gamestore.load(storage)
    assert store.games == () and "could not be read" in problem


def test_full_storage_drops_the_oldest_finished_games_first_and_says_so():
    games = [entry(i, "O" if i % 2 else "*") for i in range(1, 9)]
    store = GameStore(tuple(reversed(games)), current=games[0].id)
    one = len(GameStore((games[0],)).to_text()) - len(GameStore().to_text())
    fitted, message = store.fitted(len(store.to_text()) - 2 * one)
    kept = {g.id for g in fitted.games}
    assert games[0].id in kept and len(fitted.games) == 6   # the one on the board is never dropped
    assert games[2].id not in kept and games[4].id not in kept  # the two oldest finished games (after the current)
    assert "the oldest 2 finished games were removed" in message
    fitted, message = store.fitted(len(GameStore((games[0],)).to_text()))
    assert [g.id for g in fitted.games] == [games[0].id] and "unfinished" in message
    assert store.fitted()[1] == ""


def test_export_all_is_one_record_file_oldest_first():
    a = Game(Position.start("9x9"), ["E6"])
    b = Game(Position.from_str("9x9_O_E7_E8"), ["E7-E9"])
    store = GameStore((entry(2, "O", b.to_record()), entry(1, "*", a.to_record())))
    assert games_from_records(store.export_all()) == [a, b]


def test_the_list_says_opponent_result_date_and_length_and_escapes():
    store = GameStore((entry(1, "O"), GameEntry("<b>", Computer("X", "novice"), "", "2026-11-24", "x", "X", 31)))
    html = games_html(store, lambda level: f"2 · {level}")
    nowrap = '<span class="nowrap">{}</span>'.format
    assert f"A friend here · Ohs won · {nowrap('2026-11-25')} · {nowrap('1 move')}" in html
    assert f"The computer (2 · novice) · You lost · {nowrap('2026-11-24')} · {nowrap('16 moves')}" in html
    assert "<b>" not in html and 'data-act="open"' in html and 'data-act="download"' in html
    assert "No games yet" in games_html(GameStore())
    broken = games_html(store, broken={"<b>"})
    assert "its record cannot be read" in broken and broken.count('data-act="open"') == 1


def test_stored_entries_of_either_format_are_read_and_bad_ids_are_refused():
    old = {"id": "0000000000aa", "opponent": "computer", "you": "X", "level": "easy", "record": "",
           "started": "2026-11-24", "updated": "2026-11-24T10:00:00", "result": "*", "plies": 0}
    assert GameEntry.from_json(old).opponent == Computer("O", "easy")
    link = dict(old, opponent="link", you="O")
    assert GameEntry.from_json(link).seat == LinkSeat("0000000000aa", "O")
    new = GameEntry.from_json(GameEntry.from_json(old).to_json())
    assert new == GameEntry.from_json(old)
    for bad in ({"id": "\ud800"}, {"id": "0000000000AA"}, {"plies": 10 ** 400}, {"started": "yesterday"},
                {"opponent": {"kind": "computer", "side": "O", "level": "wizard"}},
                {"opponent": {"kind": "link", "id": "0000000000aa", "you": "O", "sent": float("nan")}}):
        with pytest.raises(ValueError):
            GameEntry.from_json(dict(old, **bad))


def test_a_kept_game_at_a_former_level_name_is_read_at_todays_name():
    """Issue 44: a game kept when the strongest level was "hard" reopens against grandmaster, in either format."""
    old = {"id": "0000000000ab", "opponent": "computer", "you": "O", "level": "hard", "record": "",
           "started": "2026-11-24", "updated": "2026-11-24T10:00:00", "result": "*", "plies": 0}
    assert GameEntry.from_json(old).opponent == Computer("X", "grandmaster")
    new = dict(old, opponent={"kind": "computer", "side": "X", "level": "hard"})
    assert GameEntry.from_json(new).opponent == Computer("X", "grandmaster")


def test_trimming_a_large_store_is_linear_and_says_how_many():
    many = GameStore(tuple(GameEntry(f"{i:012x}", FriendHere(), "x" * 100, "2026-11-24",
                                     f"2026-11-24T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}",
                                     "O" if i % 2 else "*", 1) for i in range(10_500)), None)
    fitted, message = many.fitted(200_000)  # 10,500 games: the quadratic trim froze a page for 95 s
    assert len(fitted.to_text()) <= 200_000 < len(fitted.to_text()) + 200
    dropped = len(many.games) - len(fitted.games)
    assert f"the oldest 5250 finished games and {dropped - 5250} unfinished games were removed" in message
    assert not any(g.finished for g in fitted.games)  # every finished game went first
    assert [g.id for g in fitted.games] == [g.id for g in many.games if not g.finished][:len(fitted.games)]
