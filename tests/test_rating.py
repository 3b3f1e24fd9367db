"""Your rating (issue 26, item 8): Elo against the levels' fitted ratings, K = 32, replayed from a ledger."""

import json
import math
import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import FakeStorage
from lab import rating
from lab.rating import (RatedGame, Rating, board_of, expected, level_rating, nearest_level, score_of, start_rating,
                        updated)
from phutball.ai import LEVELS, STRONGEST

RATED_LEVELS = [name for name, lv in LEVELS.items() if lv.rating is not None]
BACKUP = rating.STORAGE_KEY + ".unreadable"
#: What load says when something it did not foresee went wrong (no test input may reach it).
LAST_RESORT = "it could not be read ("


def gid(n: int) -> str:
    """A game id (12 lower-case hex digits) from a number."""
    return f"{n:012x}"


def replay(start, games):
    """The ratings after each game, by the formula itself (not by lab.rating's replay)."""
    out, you = [], start
    for level, score in games:
        you = you + 32 * (score - 1 / (1 + 10 ** ((LEVELS[level].rating - you) / 400)))
        out.append(you)
    return out


def random_games(n, seed):
    rng = random.Random(seed)
    return [RatedGame(gid(rng.randrange(16 ** 12)), rng.choice(RATED_LEVELS), rng.choice([0, 0.5, 1]),
                      f"2026-{1 + rng.randrange(12):02d}-{1 + rng.randrange(28):02d}",
                      rng.choice(["15x19", "9x9", "19x19"])) for _ in range(n)]


def stored(value) -> FakeStorage:
    storage = FakeStorage()
    storage.set_item(rating.STORAGE_KEY, value if isinstance(value, str) else json.dumps(value))
    return storage


# ---------------------------------------------------------------- the Elo maths


def test_the_elo_maths():
    assert expected(1000, 1000) == 0.5
    assert expected(1400, 1000) == pytest.approx(10 / 11)
    assert updated(1000, 1000, 1) == 1016 and updated(1000, 1000, 0) == 984 and updated(1000, 1000, 0.5) == 1000
    assert updated(870, 870, 1, k=16) == 878


def test_a_newcomer_starts_at_the_novice_level():
    assert start_rating() == LEVELS["novice"].rating == level_rating(rating.START_LEVEL)
    assert Rating().start == Rating(start_rating()).start == start_rating()
    assert Rating(start_rating()).text().startswith("Your rating: 716 (no games")
    assert Rating().games == 0 and Rating().change() is None and Rating().history == ()


def test_a_win_raises_a_loss_lowers_and_a_stronger_level_more():
    r = Rating(start_rating())
    won = r.record(gid(1), "novice", 1.0, "2026-11-25")
    lost = r.record(gid(2), "novice", 0.0, "2026-11-25")
    assert won.value == pytest.approx(732) and lost.value == pytest.approx(700)
    assert won.text() == "Your rating: 732 (+16)" and lost.text() == "Your rating: 700 (-16)"
    strong = r.record(gid(3), "medium", 1.0, "2026-11-25").value - r.value
    weak = r.record(gid(4), "beginner", 1.0, "2026-11-25").value - r.value
    assert strong > 16 > weak > 0
    assert (r.value - r.record(gid(5), "beginner", 0.0, "2026-11-25").value
            > r.value - r.record(gid(6), "medium", 0.0, "2026-11-25").value)


def test_a_game_counts_once_by_its_id_and_the_history_is_kept():
    r = Rating(start_rating()).record(gid(1), "novice", 1.0, "2026-11-25")
    assert r.has(gid(1)) and not r.has(gid(2))
    assert r.record(gid(1), "novice", 1.0, "2026-11-26") is r
    assert r.record(gid(1), "hard", 0.0, "2026-11-27", "9x9") is r  # the id decides, not what else is said
    r2 = r.record(gid(2), "novice", 0.0, "2026-11-26")
    assert [d for d, _ in r2.history] == ["2026-11-25", "2026-11-26"] and r2.games == 2
    assert r2.history_text() == "716 → 732 → 715"
    assert r2.change() == pytest.approx(r2.history[1][1] - r2.history[0][1])
    # the order counted is the order replayed: the last game's change is the one just played, even on the same day
    r3 = r2.record(gid(0), "novice", 1.0, "2026-11-26")
    assert r3.ledger[-1].id == gid(0) and r3.change() == pytest.approx(r3.value - r2.value) and r3.change() > 0


def test_the_value_is_the_replay_of_the_ledger():
    games = random_games(60, seed=3)
    r = Rating(1234.5)
    for g in games:
        r = r.record(g.id, g.level, g.score, g.date, g.board)
    want = replay(1234.5, [(g.level, g.score) for g in games])
    assert r.value == pytest.approx(want[-1], rel=1e-12) and r.games == len(games)
    assert [v for _, v in r.history] == pytest.approx(want, rel=1e-12)
    assert r.change() == pytest.approx(want[-1] - want[-2], rel=1e-9)
    assert Rating(1234.5, r.ledger).value == r.value  # the same ledger, the same rating


def test_a_rating_per_board():
    r = Rating()
    games = [("novice", 1.0, "15x19"), ("easy", 0.0, "9x9"), ("novice", 1.0, "9x9"), ("medium", 0.5, "15x19")]
    for i, (level, score, board) in enumerate(games):
        r = r.record(gid(i), level, score, "2026-11-25", board)
    boards = r.by_board()
    assert list(boards) == ["15x19", "9x9"]
    for board, value in boards.items():
        assert value == pytest.approx(replay(716.0, [(lv, s) for lv, s, b in games if b == board])[-1])
    assert Rating().by_board() == {}


def test_a_record_says_what_is_not_a_rated_game():
    r = Rating()
    for args in [("a", "novice", 1.0, "2026-11-25"), ("abcdef012345".upper(), "novice", 1.0, "2026-11-25"),
                 (gid(1), "nobody", 1.0, "2026-11-25"), (gid(1), "novice", 0.7, "2026-11-25"),
                 (gid(1), "novice", True, "2026-11-25"), (gid(1), "novice", 1.0, "25/11/2026"),
                 (gid(1), "novice", 1.0, "2026-02-30"), (gid(1), "novice", 1.0, "2026-11-25", "16x19"),
                 (gid(1), "novice", 1.0, "2026-11-25", "015x19"), (gid(1), "novice", math.nan, "2026-11-25")]:
        with pytest.raises(ValueError):
            r.record(*args)
    with pytest.raises(ValueError):
        Rating(math.nan)
    with pytest.raises(ValueError):
        Rating(10 ** 400)


def test_the_board_of_a_record():
    from phutball.board import BoardSize, Position
    from phutball.game import Game
    assert board_of(Game(Position.start(BoardSize(9, 11))).to_record()) == "9x11"
    assert board_of(Game(Position.start(BoardSize(15, 19))).to_record()) == "15x19"
    assert board_of('[Variant "2D"]\n\n1. H10\n') == "15x19" and board_of('[Size "16x19"]\n') == "15x19"


# ---------------------------------------------------------------- storage


def test_the_rating_survives_storage_and_bad_data_is_set_aside():
    storage = FakeStorage()
    r = Rating(start_rating()).record(gid(1), "easy", 1.0, "2026-11-25").record(gid(2), "novice", 0.5,
                                                                                  "2026-11-26", "9x9")
    rating.save(storage, r)
    assert json.loads(storage.get_item(rating.STORAGE_KEY))["v"] == 2
    back, problem = rating.load(storage)
    assert problem == "" and back == r and back.value == r.value and back.has(gid(1))
    storage.set_item(rating.STORAGE_KEY, json.dumps({"v": 1, "rating": "high"}))
    back, problem = rating.load(storage)
    assert back.value == start_rating() and "rating" in problem


def test_a_version_1_value_keeps_its_rating_and_its_games_are_never_counted_again():
    ids = [gid(10), gid(11), gid(12)]
    storage = stored({"v": 1, "rating": 1234.5, "history": [["2026-11-24", 1220.0], ["2026-11-25", 1234.5]],
                      "rated": ids})
    r, problem = rating.load(storage)
    assert problem == "" and r.value == 1234.5 and r.start == 1234.5 and r.ledger == () and r.folded == tuple(ids)
    assert r.games == 3 and r.text() == f"Your rating: {round(1234.5)}" and r.history_text() == str(round(1234.5))
    assert all(r.has(i) for i in ids)
    assert all(r.record(i, "novice", 1.0, "2026-11-26") is r for i in ids)
    r2 = r.record(gid(13), "medium", 1.0, "2026-11-26")
    assert r2.value == pytest.approx(replay(1234.5, [("medium", 1.0)])[0])
    rating.save(storage, r2)  # written as version 2 and read back the same
    back, problem = rating.load(storage)
    assert problem == "" and back == r2 and json.loads(storage.get_item(rating.STORAGE_KEY))["v"] == 2
    # an integer rating and no history are a version 1 value too
    r, problem = rating.load(stored({"v": 1, "rating": 900, "rated": []}))
    assert problem == "" and r.value == 900.0


HUGE = "9" * 401
BAD_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e400", HUGE, "-" + HUGE, "20001", '"870"', "true", "null"]


@pytest.mark.parametrize("number", BAD_NUMBERS)
@pytest.mark.parametrize("where", ["v2 start", "v1 rating", "v1 history", "v2 score"])
def test_a_bad_number_anywhere_is_reported_and_never_stops_the_page(number, where):
    good = [gid(1), "novice", 1, "2026-11-25", "15x19"]
    raw = {
        "v2 start": f'{{"v":2,"start":{number},"ledger":[{json.dumps(good)}],"folded":[]}}',
        "v1 rating": f'{{"v":1,"rating":{number},"history":[],"rated":["{gid(1)}"]}}',
        "v1 history": f'{{"v":1,"rating":900,"history":[["2026-11-25",{number}]],"rated":["{gid(1)}"]}}',
        "v2 score": f'{{"v":2,"start":900,"ledger":[["{gid(2)}","novice",{number},"2026-11-25","15x19"],'
                    f'{json.dumps(good)}],"folded":[]}}',
    }[where]
    storage = stored(raw)
    r, problem = rating.load(storage)
    assert "could not be read" in problem and "Part of your saved data" in problem
    assert storage.get_item(BACKUP) == raw and LAST_RESORT not in problem
    assert math.isfinite(r.value) and r.has(gid(1))  # the rest was kept
    if where == "v2 score":
        assert not r.has(gid(2)) and r.value == pytest.approx(replay(900, [("novice", 1)])[0])
    if where == "v1 history":
        assert r.value == 900
    if where in ("v2 start", "v1 rating"):
        assert r.start == start_rating()
    assert r.text() and r.history_text() and "nan" not in r.graph_svg().lower()
    back, again = rating.load(stored(r.to_text()))
    assert again == "" and back == r


BAD_ENTRIES = {
    "a lone surrogate id": ["\ud800" + "0" * 11, "novice", 1, "2026-11-25", "15x19"],
    "an upper-case id": ["ABCDEF012345", "novice", 1, "2026-11-25", "15x19"],
    "a short id": ["abc", "novice", 1, "2026-11-25", "15x19"],
    "an unknown level": [gid(2), "wizard", 1, "2026-11-25", "15x19"],
    "a score of 0.7": [gid(2), "novice", 0.7, "2026-11-25", "15x19"],
    "a score of true": [gid(2), "novice", True, "2026-11-25", "15x19"],
    "a bad date": [gid(2), "novice", 1, "2026-13-45", "15x19"],
    "a date in other digits": [gid(2), "novice", 1, "٢٠٢٦-١١-٢٥", "15x19"],
    "a bad board": [gid(2), "novice", 1, "2026-11-25", "16x19"],
    "a board that is no size": [gid(2), "novice", 1, "2026-11-25", "big"],
    "too few fields": [gid(2), "novice", 1],
    "an object": {"id": gid(2)},
    "a number": 7,
    "a game twice": [gid(1), "hard", 0, "2026-11-26", "15x19"],
}


@pytest.mark.parametrize("bad", BAD_ENTRIES.values(), ids=BAD_ENTRIES.keys())
def test_a_bad_ledger_entry_is_left_out_and_the_rest_kept(bad):
    good = [gid(1), "novice", 1, "2026-11-25", "15x19"]
    later = [gid(3), "easy", 0, "2026-11-27", "9x9"]
    raw = json.dumps({"v": 2, "start": 870.0, "ledger": [good, bad, later], "folded": [gid(9)]})
    storage = stored(raw)
    r, problem = rating.load(storage)
    assert "Part of your saved data could not be read" in problem and storage.get_item(BACKUP) == raw
    assert [g.id for g in r.ledger] == [gid(1), gid(3)] and r.folded == (gid(9),)
    assert r.value == pytest.approx(replay(870.0, [("novice", 1), ("easy", 0)])[-1])


def test_a_ledger_naming_a_former_level_is_read_at_that_levels_rating():
    """Issue 44: a game rated when the strongest level was "hard" counts at grandmaster's rating, and the
    ledger keeps the name it was written with."""
    raw = json.dumps({"v": 2, "start": 870.0, "ledger": [[gid(1), "hard", 1, "2026-11-25", "15x19"]], "folded": []})
    storage = stored(raw)
    r, problem = rating.load(storage)
    assert problem == "" and storage.get_item(BACKUP) is None and [g.level for g in r.ledger] == ["hard"]
    assert level_rating("hard") == LEVELS["grandmaster"].rating
    assert r.value == pytest.approx(replay(870.0, [("grandmaster", 1)])[-1])


def test_bad_ids_are_left_out_and_many_problems_are_counted_not_listed():
    folded = [gid(1), "\udfff", 5, gid(1), gid(2)] + ["x"] * 10
    r, problem = rating.load(stored({"v": 2, "start": 1000, "ledger": [], "folded": folded}))
    assert r.folded == (gid(1), gid(2)) and r.value == 1000
    assert f"13 of {len(folded)} game ids could not be read" in problem and len(problem) < 600
    r, problem = rating.load(stored({"v": 1, "rating": 1000, "rated": [gid(1), "a"]}))
    assert r.folded == (gid(1),) and "'a'" in problem


@pytest.mark.parametrize("raw", ["not json", "[]", '"870"', '{"v": 3, "start": 870}', '{"v": true}',
                                 "[" * 5000 + "]" * 5000, '{"v": 1, "rating": 1' + "0" * 5000 + "}",
                                 '{"rating": 900}'])
def test_a_value_that_cannot_be_used_at_all_starts_afresh(raw):
    storage = stored(raw)
    r, problem = rating.load(storage)
    assert r == Rating() and "started afresh" in problem and storage.get_item(BACKUP) == raw


def test_a_missing_start_is_said():
    r, problem = rating.load(stored({"v": 2, "ledger": [[gid(1), "novice", 1, "2026-11-25", "15x19"]]}))
    assert r.start == start_rating() and r.has(gid(1)) and "start is missing" in problem
    assert rating.load(FakeStorage()) == (Rating(), "")


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=14),
                    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(version=st.sampled_from([1, 2]), start=JSON, ledger=JSON, folded=JSON, history=JSON)
def test_no_stored_value_stops_the_page(version, start, ledger, folded, history):
    value = ({"v": 2, "start": start, "ledger": ledger, "folded": folded} if version == 2 else
             {"v": 1, "rating": start, "history": history, "rated": folded})
    storage = stored(json.dumps(value))
    r, problem = rating.load(storage)
    assert LAST_RESORT not in problem
    assert math.isfinite(r.value) and r.text() and r.history_text()
    back, again = rating.load(stored(r.to_text()))
    assert again == "" and back == r


# ---------------------------------------------------------------- caps


def test_the_ledger_past_its_cap_is_folded_into_the_start():
    games = random_games(rating.LEDGER_CAP + 5, seed=7)
    games = list({g.id: g for g in games}.values())
    r = Rating(870.0, tuple(games))
    assert len(r.ledger) == rating.LEDGER_CAP and r.folded == tuple(g.id for g in games[:-rating.LEDGER_CAP])
    want = replay(870.0, [(g.level, g.score) for g in games])
    assert r.start == pytest.approx(want[len(games) - rating.LEDGER_CAP - 1], rel=1e-12)
    assert r.value == pytest.approx(want[-1], rel=1e-12) and r.games == len(games)
    first = games[0]
    assert r.has(first.id) and r.record(first.id, first.level, first.score, first.date) is r
    more = r.record(gid(1), "novice", 1.0, "2026-12-31")  # one more game folds one more
    assert len(more.ledger) == rating.LEDGER_CAP and more.folded[-1] == games[len(r.folded)].id
    assert more.value == pytest.approx(replay(r.value, [("novice", 1.0)])[0], rel=1e-12)
    back, problem = rating.load(stored(more.to_text()))
    assert problem == "" and back == more


def test_the_oldest_folded_ids_are_dropped_past_their_cap():
    ids = tuple(gid(i) for i in range(rating.FOLDED_CAP + 3))
    r = Rating(870.0, (), ids)
    assert r.folded == ids[3:] and not r.has(ids[2]) and r.has(ids[3])


# ---------------------------------------------------------------- merging


def test_two_devices_merge_each_game_once_in_date_then_id_order():
    a = Rating().record(gid(5), "novice", 1.0, "2026-11-25").record(gid(2), "easy", 0.0, "2026-11-26")
    b = Rating().record(gid(2), "easy", 0.0, "2026-11-26").record(gid(1), "learner", 1.0, "2026-11-26")
    m = a.merged(b)
    assert [g.id for g in m.ledger] == [gid(5), gid(1), gid(2)] and m == b.merged(a)
    assert m.value == pytest.approx(replay(716.0, [("novice", 1.0), ("learner", 1.0), ("easy", 0.0)])[-1])
    assert a.merged(a) is a and m.merged(a) is m and a.merged(m) is m  # nothing new: unchanged
    assert a.merged(Rating(1500.0, (), (gid(5),))) is a  # a device that adds no game adds nothing
    old = Rating(1500.0, (), (gid(5), gid(7)))  # a migrated device that counted games 5 and 7 already
    m2 = a.merged(old)
    assert m2 == old.merged(a) and m2.start == 1500.0 and m2.folded == (gid(5), gid(7))
    assert [g.id for g in m2.ledger] == [gid(2)] and m2.value == pytest.approx(replay(1500.0, [("easy", 0.0)])[0])


GAMES = st.builds(RatedGame, st.sampled_from([gid(i) for i in range(12)]), st.sampled_from(RATED_LEVELS),
                  st.sampled_from([0.0, 0.5, 1.0]), st.sampled_from(["2026-11-25", "2026-11-26", "2026-12-01"]),
                  st.sampled_from(["15x19", "9x9"]))


@st.composite
def ratings(draw):
    r = Rating(draw(st.sampled_from([870.0, 1200.0, 2500.5])), (),
               tuple(draw(st.lists(st.sampled_from([gid(i) for i in range(8, 16)]), max_size=3, unique=True))))
    for g in draw(st.lists(GAMES, max_size=10)):
        r = r.record(g.id, g.level, g.score, g.date, g.board)
    return r


@settings(max_examples=200, deadline=None)
@given(a=ratings(), b=ratings(), c=ratings())
def test_merging_is_commutative_and_idempotent(a, b, c):
    ab, ba = a.merged(b), b.merged(a)
    assert ab == ba and ab.value == ba.value
    assert a.merged(a) == a and ab.merged(ab) == ab
    assert ab.merged(a) == ab and ab.merged(b) == ab and a.merged(ab) == ab  # merging again adds nothing
    ids = {g.id for g in (*a.ledger, *b.ledger)} | set(a.folded) | set(b.folded)
    assert all(ab.has(i) for i in ids) and ab.games == len(ids)
    assert len({g.id for g in ab.ledger}) == len(ab.ledger) and not set(ab.folded) & {g.id for g in ab.ledger}
    assert ab.value == pytest.approx(replay(ab.start, [(g.level, g.score) for g in ab.ledger])[-1]
                                     if ab.ledger else ab.start)
    assert math.isfinite(a.merged(b).merged(c).value)


# ---------------------------------------------------------------- the graph


SVG = "{http://www.w3.org/2000/svg}"


def test_the_graph_is_a_small_accessible_svg_with_finite_numbers():
    assert Rating().graph_svg() == "" and Rating(1000.0, (), (gid(1),)).graph_svg() == ""
    r = Rating()
    for i, g in enumerate(random_games(25, seed=11)):
        r = r.record(g.id, g.level, g.score, g.date)
    svg = r.graph_svg()
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img" and root.get("viewBox") == "0 0 320.0 120.0"
    label = f"Your rating over your last 25 games: from 716 to {round(r.value)}"
    assert root.get("aria-label") == label and root.find(SVG + "title").text == label
    points = root.find(SVG + "polyline").get("points").split()
    assert len(points) == 26 and "var(--accent, currentColor)" in root.find(SVG + "polyline").get("style")
    assert sorted(t.text for t in root.iter(SVG + "text")) == sorted(
        [str(round(max((r.start, *r.ratings)))), str(round(min((r.start, *r.ratings))))])
    grid = root.find(SVG + "line")
    assert grid.get("y1") == grid.get("y2")
    check_numbers(svg)
    one = Rating().record(gid(1), "novice", 1.0, "2026-11-25").graph_svg(width=200, height=60)
    assert "your last game: from 716 to 732" in one
    check_numbers(one)


@settings(max_examples=60, deadline=None)
@given(start=st.floats(rating.LOWEST, rating.HIGHEST), games=st.lists(GAMES, min_size=1, max_size=20),
       width=st.integers(60, 4000), height=st.integers(40, 2000))
def test_the_graph_has_finite_numbers_at_any_rating(start, games, width, height):
    r = Rating(start)
    for g in games:
        r = r.record(g.id, g.level, g.score, g.date, g.board)
    svg = r.graph_svg(width, height)
    ET.fromstring(svg)
    check_numbers(svg)


def check_numbers(svg: str) -> None:
    assert not re.search(r"\bnan\b|\binf", svg, re.IGNORECASE)
    values = re.findall(r'\s(?:x1|x2|y1|y2|x|y|width|height)="([^"]*)"', svg)
    assert len(values) >= 10 and all(math.isfinite(float(v)) for v in values)
    for pair in re.search(r'points="([^"]*)"', svg).group(1).split():
        assert all(math.isfinite(float(v)) for v in pair.split(","))


def test_the_graph_refuses_a_size_it_cannot_draw():
    r = Rating().record(gid(1), "novice", 1.0, "2026-11-25")
    for width, height in [(math.nan, 120), (320, math.inf), (10, 120), (320, 10 ** 400)]:
        with pytest.raises(ValueError):
            r.graph_svg(width, height)


# ---------------------------------------------------------------- levels and scores


def test_the_nearest_level_and_scores():
    assert nearest_level(716) == "novice" and nearest_level(1050) == "learner" and nearest_level(99_999) == STRONGEST
    assert score_of("O", "O") == 1 and score_of("X", "O") == 0 and score_of("draw", "X") == 0.5
    assert score_of("*", "O") is None
