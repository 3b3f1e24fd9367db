"""What the puzzles page shows around its board (lab/puzzlepage.py; glue/puzzles.py only shows it)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import FakeStorage, run_async
from lab import puzzlepage as page
from lab.puzzleboard import PuzzleBoard
from lab.puzzleledger import PROGRESS_KEY
from lab.puzzleoracles import Oracle1D
from lab.puzzles import PuzzleController
from phutball import Point
from test_puzzlectl import EX1, POT, SAFE2D, WHICH, WIN2D, WIN2D_B, drain, puzzle

COMPARE = dict(WHICH, id="cmp", task="compare", positions=["L_.*.o.o....", "L_.*.ooo...."], answer=["L", "R"])


def board_of(*puzzles, **kw) -> PuzzleBoard:
    return PuzzleBoard(PuzzleController([puzzle(p) for p in puzzles], **kw))


def props_of(b: PuzzleBoard, themes_ready: bool = False) -> dict:
    return page.page_props(b.ctl, b, b.ctl.view(), themes_ready)


# ---------------------------------------------------------------- the engine's calls


def test_a_strips_first_solve_says_how_far_it_is_and_other_reports_say_nothing():
    assert page.solving_props({"solving": 17, "fraction": 0.426}) == {
        ("message", "textContent"): "Checking… (solving every position of the 17-square strip once: 43%)"}
    assert "once: 0%" in page.solving_props({"solving": 9})[("message", "textContent")]
    assert page.solving_props({"solving": 9, "fraction": 1.0, "done": True}) == {}
    assert page.solving_props({"progress": [1, 2]}) == {}


def test_a_calls_result_is_its_answer_and_a_failure_or_a_stop_raises():
    assert page.call_result({"done": True, "result": {"move": "2-4"}}) == {"move": "2-4"}
    with pytest.raises(RuntimeError, match="boom"):
        page.call_result({"done": True, "error": "RuntimeError: boom"})
    with pytest.raises(RuntimeError, match="stopped"):
        page.call_result(None)


# ---------------------------------------------------------------- opening the page


def test_unreadable_files_are_said_in_the_title_and_the_status_line():
    props = page.load_failed(ValueError("puzzles/x.json: not JSON"))
    assert props == {("puzzle-title", "textContent"): page.LOAD_FAILED,
                     ("message", "textContent"): "puzzles/x.json: not JSON"}
    assert issubclass(KeyError, page.LOAD_ERRORS) and not issubclass(RuntimeError, page.LOAD_ERRORS)


def test_the_page_opens_the_linked_puzzle_with_the_readers_date_and_the_judge_given():
    puzzles = [puzzle(p) for p in (EX1, WIN2D, SAFE2D)]
    oracle = Oracle1D()
    ctl = page.open_page(puzzles, FakeStorage(), "2026-11-25", "s2", oracle)
    assert ctl.puzzle.id == "s2" and ctl.today == "2026-11-25" and ctl.oracle_1d is oracle
    assert page.open_page(puzzles, FakeStorage(), "25/11/2026", "", oracle).today == ""  # no daily puzzle then
    unknown = page.open_page(puzzles, FakeStorage(), "", "nope", oracle)
    assert "There is no puzzle 'nope'" in unknown.message
    daily = page.open_page(puzzles, FakeStorage(), "2026-11-25", "daily", oracle)
    assert daily.view()["daily"]


def test_a_shipped_puzzles_position_is_parsed_once_for_the_file_check_its_rating_and_its_themes(monkeypatch):
    """The page starts by reading the puzzle files (each position parsed to check it), then rates every puzzle
    (a newcomer's first) and derives every puzzle's themes: one parse of each position for all three
    (Puzzle.start is kept), as the same parse of the file check."""
    import json
    from pathlib import Path

    from lab.puzzlelist import puzzles_from_files
    from phutball import game
    root = Path(__file__).resolve().parents[1] / "puzzles"
    files = [{"name": n, "text": (root / n).read_text(encoding="utf-8")}
             for n in sorted(f.name for f in root.glob("*.json"))]
    parsed: list[str] = []
    real = game.parse_any_position
    monkeypatch.setattr(game, "parse_any_position", lambda text: parsed.append(text) or real(text))
    puzzles = puzzles_from_files(files)
    ctl = page.open_page(puzzles, FakeStorage(), "2026-11-25", "", Oracle1D())
    for i in range(len(puzzles)):
        ctl.themes_of(i)
        ctl.rating_of(i)
    shown = [q for p in puzzles for q in p.extra.get("positions", [])]  # a compare puzzle's, checked too
    assert sorted(parsed) == sorted([p.position for p in puzzles] + shown)
    assert all(p.start is p.start and p.start == real(p.position) for p in puzzles[::40])


def test_a_page_given_the_builds_facts_derives_no_rating_or_theme_they_hold(monkeypatch):
    """The puzzles page is handed the ratings and themes the build derived (puzzles/index.json's facts,
    lab.puzzlelist.known_facts): it shows those and derives none of them again; a puzzle they do not hold
    (here one whose solution changed since) it derives itself."""
    from lab import puzzlestate
    from lab.puzzlelist import known_facts, puzzle_facts
    puzzles = [puzzle(p) for p in (EX1, WIN2D, SAFE2D)]
    facts = puzzle_facts(puzzles)
    moved = puzzle(dict(SAFE2D, main_line=["D2"]))  # the same id and position, another solution
    derived: list[tuple[str, str]] = []
    monkeypatch.setattr(puzzlestate, "puzzle_rating", lambda p: derived.append(("rating", p.id)) or 1500)
    monkeypatch.setattr(puzzlestate, "puzzle_themes", lambda p: derived.append(("themes", p.id)) or ("chain",))
    ctl = page.open_page(puzzles, FakeStorage(), "", "", Oracle1D(), known_facts(facts, puzzles))
    assert [(ctl.rating_of(i), ctl.themes_of(i)) for i in range(3)] == [
        (f["rating"], tuple(f["themes"])) for f in facts.values()]
    assert derived == []
    ctl = page.open_page([*puzzles[:2], moved], FakeStorage(), "", "", Oracle1D(), known_facts(facts, [*puzzles[:2], moved]))
    assert ctl.rating_of(2) == 1500 and ctl.themes_of(2) == ("chain",)
    assert sorted(set(derived)) == [("rating", moved.id), ("themes", moved.id)]


@pytest.mark.parametrize("spoil", [
    lambda f: {**f, "crc": f["crc"] ^ 1},            # derived from another puzzle (edited since)
    lambda f: {**f, "rating": 599}, lambda f: {**f, "rating": 2401}, lambda f: {**f, "rating": True},
    lambda f: {**f, "rating": 1500.0}, lambda f: {**f, "rating": "1500"},
    lambda f: {**f, "themes": ["no-such-theme"]}, lambda f: {**f, "themes": "chain"}, lambda f: {**f, "themes": [3]},
    lambda f: {k: v for k, v in f.items() if k != "themes"}, lambda f: [f["rating"], f["themes"]], lambda f: None,
])
def test_facts_that_do_not_hold_or_are_not_well_formed_are_not_used(spoil):
    from lab.puzzlelist import known_facts, puzzle_facts
    puzzles = [puzzle(p) for p in (EX1, WIN2D)]
    facts = puzzle_facts(puzzles)
    kept = known_facts({**facts, WIN2D["id"]: spoil(facts[WIN2D["id"]])}, puzzles)
    assert set(kept) == {EX1["id"]}
    assert set(known_facts(facts, puzzles)) == {EX1["id"], WIN2D["id"]}


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 5000) | st.floats(allow_nan=True) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(given_facts=JSON | st.dictionaries(st.sampled_from([EX1["id"], WIN2D["id"], "x"]),
                                          st.fixed_dictionaries({}, optional={"crc": JSON | st.integers(0, 2**32),
                                                                              "rating": JSON, "themes": JSON}),
                                          max_size=3))
def test_any_facts_a_page_is_handed_are_read_without_raising(given_facts):
    from lab.puzzlelist import known_facts
    puzzles = [puzzle(p) for p in (EX1, WIN2D)]
    kept = known_facts(given_facts, puzzles)
    assert set(kept) <= {EX1["id"], WIN2D["id"]}
    assert all(type(r) is int and all(isinstance(t, str) for t in ts) for r, ts in kept.values())


def test_what_reading_the_progress_said_joins_the_message():
    storage = FakeStorage()
    storage.set_item(PROGRESS_KEY, "{not json")
    ctl = page.open_page([puzzle(WIN2D)], storage, "", "", Oracle1D())
    said = ctl.message.split(". Your saved data could not be read")
    assert len(said) == 2 and said[0]  # after what the page says on opening


def test_a_streak_going_on_is_resumed_before_the_link_is_followed():
    ctl = PuzzleController([puzzle(p) for p in (WIN2D, WIN2D_B)])
    ctl.start_streak(seed=3)
    streaked = ctl.puzzle.id
    again = PuzzleController([puzzle(p) for p in (WIN2D, WIN2D_B)], runs=ctl.runs)
    other = "w3" if streaked == "w2" else "w2"
    page.open_first(again, other)
    assert again.mode == "streak" and again.puzzle.id == streaked
    fresh = PuzzleController([puzzle(p) for p in (WIN2D, WIN2D_B)])
    page.open_first(fresh, other)
    assert fresh.puzzle.id == other


# ---------------------------------------------------------------- the board


def test_a_board_puzzle_is_drawn_with_its_grid_and_the_cursor_once_keys_moved_it():
    b = board_of(WIN2D)
    v = b.ctl.view()
    pic = page.picture(b.ctl, b, v, False, 300.0, 300.0)
    assert pic is not None and pic.shapes and pic.grid is not None and str(pic.position) == WIN2D["position"]
    b.played_entry().cursor = Point.from_str("A1")
    keys = page.picture(b.ctl, b, v, True, 300.0, 300.0)
    assert keys is not None and keys.shapes != pic.shapes  # the cursor framed
    props = page.board_props(b, v)
    assert props[("board", "data-variant")] == "2D" and props[("board", "data-position")] == WIN2D["position"]
    assert props[("board", "hidden")] is False and props[("board-grid", "hidden")] is False
    assert props[("finish", "disabled")] is True and props[("board", "data-phase")] == "playing"


def test_a_question_shows_its_position_to_look_at_and_a_compare_puzzle_none():
    b = board_of(WHICH)
    v = b.ctl.view()
    pic = page.picture(b.ctl, b, v, False, 300.0, 100.0)
    assert b.entry is None and pic is not None and pic.shapes and pic.grid is not None
    assert page.board_props(b, v)[("finish", "disabled")] is True
    pot = board_of(POT)
    still = page.picture(pot.ctl, pot, pot.ctl.view(), False, 300.0, 100.0)
    assert still is not None and still.grid is None  # an Oddish board has no grid
    assert page.board_props(pot, pot.ctl.view())[("board-grid", "hidden")] is True
    cmp = board_of(COMPARE)
    assert page.picture(cmp.ctl, cmp, cmp.ctl.view(), False, 300.0, 100.0) is None
    props = page.board_props(cmp, cmp.ctl.view())
    assert props[("board", "hidden")] is True and props[("board-grid", "hidden")] is True


# ---------------------------------------------------------------- around the board


def test_the_title_and_meta_say_daily_solved_and_themes():
    b = board_of(WIN2D, today="2026-11-25")
    assert b.ctl.open_daily()
    props = props_of(b)
    assert props[("puzzle-title", "textContent")] == "Daily puzzle: Win"
    assert props[("deep-link", "href")] == "#w2"
    meta = props[("puzzle-meta", "textContent")]
    assert "· rated " in meta and "✓ solved" not in meta and "Win in one" in meta
    run_async(b.ctl.user_move("B3-B5"))
    assert "· ✓ solved" in props_of(b)[("puzzle-meta", "textContent")]


def test_a_wrong_move_is_red_its_refutation_stepped_and_retry_shown():
    b = board_of(SAFE2D)
    assert props_of(b)[("message", "className")] == "message"
    run_async(b.ctl.user_move("A1"))
    drain(b.ctl)
    props = props_of(b)
    assert props[("message", "className")] == "message error" and props[("retry", "hidden")] is False
    assert props[("step-controls", "hidden")] is False and "D5-D7" in props[("line", "innerHTML")]
    assert [props[(f"step-{w}", "disabled")] for w in ("first", "prev", "next", "last")] == [False, False, True, True]
    assert props[("moves", "textContent")] == "A1 D5-D7"
    assert b.ctl.step("first")
    props = props_of(b)
    assert [props[(f"step-{w}", "disabled")] for w in ("first", "prev", "next", "last")] == [True, True, False, False]
    assert props[("moves", "textContent")] == ""


def test_no_line_no_steps_and_the_hint_waits_for_the_board_and_is_none_in_a_streak():
    b = board_of(WIN2D, WIN2D_B)
    props = props_of(b)
    assert props[("step-controls", "hidden")] is True and props[("step-first", "disabled")] is True
    assert props[("hint", "disabled")] is False
    b.busy = True
    assert props_of(b)[("hint", "disabled")] is True
    b.busy = False
    b.ctl.start_streak(seed=1)
    props = props_of(b)
    assert props[("hint", "disabled")] is True and props[("streak-start", "hidden")] is True
    assert props[("streak-status", "textContent")] == "Streak: 0 · best 0"


def test_the_runs_say_the_best_streak_the_failed_puzzles_and_what_the_list_shows():
    b = board_of(WIN2D, WIN2D_B)
    props = props_of(b)
    assert props[("streak-status", "textContent")] == "" and props[("streak-end", "hidden")] is True
    assert props[("replay-failed", "textContent")] == "Replay my failed puzzles"
    assert props[("replay-failed", "disabled")] is True and props[("list-note", "hidden")] is True
    assert props[("rating", "textContent")].startswith("Your puzzle rating: ")
    run_async(b.ctl.user_move("A1"))
    props = props_of(b)
    assert props[("replay-failed", "textContent")] == "Replay my failed puzzles (1)"
    assert props[("replay-failed", "disabled")] is False
    b.ctl.replay_failed()
    assert page.list_note(b.ctl, b.ctl.view()) == "Your 1 failed puzzles"
    b.ctl.set_theme("win-in-one")
    assert page.list_note(b.ctl, b.ctl.view()) == "Theme: Win in one"
    assert ("theme-filters", "innerHTML") not in props_of(b)
    assert 'aria-pressed="true">Win in one' in props_of(b, themes_ready=True)[("theme-filters", "innerHTML")]


def test_the_list_counts_the_solved_puzzles_and_the_dashboard_is_shown():
    b = board_of(WIN2D, WIN2D_B)
    assert props_of(b)[("solved-count", "textContent")] == "0/2 solved"
    run_async(b.ctl.user_move("B3-B5"))
    props = props_of(b)
    assert props[("solved-count", "textContent")] == "1/2 solved"
    assert 'data-id="w2"' in props[("puzzle-groups", "innerHTML")] and props[("dashboard", "innerHTML")]


def test_a_questions_answer_form_is_shown_and_a_played_puzzle_has_none():
    b = board_of(WHICH, WIN2D)
    assert b.ctl.open_id("which")
    b.new_entry()
    props = props_of(b)
    assert props[("answer-area", "hidden")] is False and 'data-answer="R"' in props[page.ANSWER_FORM]
    assert b.ctl.open_id("w2")
    b.new_entry()
    props = props_of(b)
    assert props[("answer-area", "hidden")] is True and props[page.ANSWER_FORM] == ""


# ---------------------------------------------------------------- sharing


def test_the_share_dialog_links_the_puzzles_embed_beside_the_page():
    p = puzzle(WIN2D)
    props = page.share_props(p, "https://lab.example/puzzles.html#w2")
    link = props[("share-link", "value")]
    assert link.startswith("https://lab.example/embed.html#") and "w2" in link
    assert props[("share-open", "href")] == link and 'data-puzzle="w2"' in props[("share-div", "value")]
    assert f"height:{page.share_height(p)}px" in props[("share-iframe", "value")]
    square, strip = page.share_height(p), page.share_height(puzzle(EX1))
    assert square > strip > 120  # the board's proportions plus the puzzle bar
