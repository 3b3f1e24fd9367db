"""The puzzle page's controller: judging, refutations, retries, hints, answers, stored progress."""

import json
from pathlib import Path

import pytest

from helpers import run_async
from lab.puzzleledger import Earlier, PuzzleLedger, SavedProgress, load, read_progress
from lab.puzzles import PuzzleController
from lab.puzzlestreak import streak_order
from phutball import Point  # noqa: E402

EX1 = {"id": "ex1", "title": "Example (1)", "variant": "1D", "task": "win", "difficulty": 2,
       "position": "L_o*o.o.o....", "main_line": ["2-4-6"], "text": "Jump two, not three.",
       "collection": "Paper", "source": {"kind": "paper", "ref": "sec. 1, (1)"}}
WIN2D = {"id": "w2", "title": "Win", "variant": "2D", "task": "win", "difficulty": 1,
         "position": "5x5_O_B3_B4C4", "main_line": ["B3-B5"], "text": "Up!", "collection": "2D"}
SAFE2D = {"id": "s2", "title": "Safe", "variant": "2D", "task": "safe-move", "difficulty": 1,
          "position": "7x7_X_D5_D4D6", "main_line": ["D3"], "text": "Block.", "trap": "D5-D7",
          "collection": "2D"}
WHICH = {"id": "which", "title": "Who wins?", "variant": "1D", "task": "which-side", "difficulty": 1,
         "position": "L_o*o.ooo....", "main_line": [], "answer": "R", "text": "Right wins.", "collection": "Paper"}
POT = {"id": "pot", "title": "Potentials", "variant": "1D", "task": "potential", "difficulty": 1,
       "position": "..ooo|ooo....o.", "main_line": [], "answer": {"pL": 1, "pR": 0}, "text": "pL=1, pR=0.",
       "collection": "Paper"}


run = run_async


def puzzle(d):
    """A puzzle of the file format from a test's dict (a composed source and no text unless given)."""
    from phutball.puzzles.format import puzzle_from
    d = {"source": {"kind": "composed"}, "text": ""} | d
    return puzzle_from({k: v for k, v in d.items() if k != "collection"}, "test", d.get("collection", ""))


def ctl(*puzzles):
    return PuzzleController([puzzle(p) for p in puzzles])


def drain(c):
    while c.animate_step():
        pass


def test_a_winning_2d_jump_solves_and_counts():
    c = ctl(WIN2D)
    run(c.user_move("B3-B5"))
    assert c.last_move_marks() == []  # a board shows its jump by the men gone and the ball moved
    assert c.phase == "solved" and c.progress["w2"] == {"solved": True, "attempts": 1}


def test_a_wrong_2d_move_is_refuted_on_the_board_then_retry_restores():
    c = ctl(SAFE2D)
    run(c.user_move("A1"))  # ignores the threat: Ohs jumps D5-D7 and wins
    assert c.verdict == "wrong" and c.queue == ["D5-D7"]
    drain(c)
    assert c.phase == "wrong" and c.game.position.winner == "O"
    c.retry()
    assert c.phase == "playing" and str(c.game.position) == SAFE2D["position"]
    run(c.user_move("D6"))  # occupied: illegal, nothing changes
    assert c.phase == "playing" and "already there" in c.message


def test_1d_wrong_move_gets_a_full_refutation_and_the_right_one_is_answered():
    c = ctl(EX1)
    run(c.user_move("2-4-6-8"))  # the paper: jumping all three stones loses
    assert c.verdict == "wrong" and c.queue
    assert c.last_move_marks() == [2, 4, 6, 8]  # the strip marks the move just played
    drain(c)
    assert c.game.position.winner == "R"
    c.retry()
    assert c.last_move_marks() == []
    run(c.user_move("2-4-6"))
    assert c.verdict == "correct" and len(c.queue) == 1  # the engine's reply
    drain(c)
    assert c.phase == "playing" and c.game.position.to_move == "L"
    # play on with the solver's move until the win (no hint: a third would count the attempt as failed)
    for _ in range(20):
        if c.phase == "solved":
            break
        from phutball.puzzles.judge import analysis
        best = analysis(str(c.game.position))["winning_moves"][0]
        run(c.user_move(best))
        drain(c)
    assert c.phase == "solved" and c.progress["ex1"]["solved"]


def test_hints_are_graded_kind_then_landing_then_the_move():
    c = ctl(EX1)
    run(c.show_hint())
    assert c.hint == 2 and "Hint 1 of 3" in c.message and "jump" in c.message and "2-4-6" not in c.message
    run(c.show_hint())
    assert c.hint == 4 and "first landing is square 4" in c.message
    run(c.show_hint())
    assert c.hint == 6 and "Hint 3 of 3: The move: 2-4-6." in c.message
    c = ctl(WIN2D)
    run(c.show_hint())
    assert c.hint == Point.from_str("B3") and "use the ball" not in c.message


# A placement hint never gives the square away before the third hint:
#
#   7 . . . . . . .      Eks (to move, attacking row 1) must block at D3;
#   6 . . . o . . .      the second hint names the 3x3 block C2-E4
#   5 . . . @ . . .      and says it lies ahead of the ball.
#   4 . . . o . . .
#   3 . . . . . . .
#     A B C D E F G
def test_a_placement_hint_names_the_kind_then_the_area_then_the_point():
    from lab.puzzlehints import graded_hints
    kind, area, move = graded_hints("7x7_X_D5_D4D6", "D3")
    assert "placement" in kind and "D3" not in kind + area
    assert area == "Place it in the block C2–E4 ahead of the ball." and move.endswith("D3.")
    kind, area, move = graded_hints("L_o*o.o.o....", "10")
    assert "placement" in kind and area == "Place it on one of squares 9–11, ahead of the ball."
    assert graded_hints("R_o*o.o.o....", "1")[1] == "Place it on one of squares 1–2, ahead of the ball."
    c = ctl(SAFE2D)
    for level in (1, 2):
        run(c.show_hint())
        assert c.hint is None and "D3" not in c.message
    run(c.show_hint())
    assert c.hint == Point.from_str("D3")


def test_the_legend_says_which_end_each_side_attacks():
    from lab.puzzleview import goal_legend
    assert goal_legend("L_o*o.o.o....") == "Left → attacks the right end · Right ← attacks the left end"
    assert "Ohs ↑ attacks the top goal line (row 9)" in goal_legend("9x9_O_E5")
    assert ctl(EX1).view()["legend"].startswith("Left →")
    # a question shows it when its class says so (who wins: where each side attacks); a potential has no goals
    assert ctl(WHICH).view()["legend"].startswith("Left →") and ctl(POT).view()["legend"] == ""


def test_a_refutation_is_stepped_move_by_move_with_side_labels():
    c = ctl(EX1)
    run(c.user_move("2-4-6-8"))
    assert not c.can_step()  # still being played out
    drain(c)
    v = c.view()
    assert v["can_step"] and v["line"][0]["label"] == "1. Left 2-4-6-8" and v["line"][1]["side"] == "Right"
    end = c.game.cursor
    assert v["line"][-1]["current"] and end == len(c.game.moves)
    assert c.key("ArrowLeft") and c.game.cursor == end - 1
    assert c.step("first") and c.game.cursor == 0  # the position before the user's move
    assert not any(e["current"] for e in c.view()["line"]) and not c.step("prev")
    assert c.step("next") and c.view()["line"][0]["current"]
    assert c.key("End") and c.game.cursor == end and not c.key("ArrowRight")
    c.retry()
    assert str(c.game.position) == EX1["position"] and c.view()["line"] == [] and not c.step("prev")


def test_the_list_order_is_the_order_of_next_and_previous_and_the_first_unsolved_opens():
    easy2d = dict(WIN2D, id="w0", difficulty=1)
    hard1d = dict(EX1, id="h1", difficulty=4, collection="Generated", source={"kind": "generated"})
    easy1d = dict(EX1, id="e1", difficulty=1, collection="Generated", source={"kind": "generated"})
    puzzles = [dict(WIN2D, difficulty=3), easy2d, hard1d, easy1d, EX1]  # files in another order
    c = PuzzleController([puzzle(p) for p in puzzles])
    listed = [e["id"] for g in c.groups() for e in g["puzzles"]]
    assert listed == ["ex1", "e1", "h1", "w0", "w2"]
    assert c.puzzle.id == "ex1"
    seen = [c.puzzle.id]
    for _ in range(4):
        c.next()
        seen.append(c.puzzle.id)
    assert seen == listed
    c.next()
    assert c.puzzle.id == "ex1"
    c.previous()
    assert c.puzzle.id == "w2"
    done = PuzzleLedger(earlier=(Earlier("ex1", True, 1), Earlier("e1", True, 2)))
    assert PuzzleController([puzzle(p) for p in puzzles], ledger=done).puzzle.id == "h1"


def test_2d_collections_are_listed_smallest_board_first_whatever_the_file_order():
    big = dict(WIN2D, id="big", position="11x11_O_B9_B10", main_line=["B9-B11"], collection="From games, 11x11")
    small = dict(WIN2D, id="small", collection="From games, 9x9")
    c = PuzzleController([puzzle(p) for p in (big, small)])
    assert [g["collection"] for g in c.groups()] == ["From games, 9x9", "From games, 11x11"]


def test_a_streak_climbs_the_ratings_from_the_easiest_shuffled_inside_a_band():
    from phutball.puzzles.format import load_dir
    from lab.puzzlestreak import STREAK_BAND
    from lab.puzzlerating import puzzle_rating
    shipped = load_dir(Path(__file__).resolve().parent.parent / "puzzles")
    from phutball.puzzles.themes import puzzle_themes
    lowest = min(puzzle_rating(p) for p in shipped)
    rating, themes = [puzzle_rating(p) for p in shipped], [puzzle_themes(p) for p in shipped]
    firsts = set()
    for seed in range(20):
        order = streak_order(shipped, seed, rating.__getitem__, themes.__getitem__)
        ratings = [rating[i] for i in order]
        bands = [r // STREAK_BAND for r in ratings]
        # climbing: a puzzle of a later band comes early only to part two of one game (see the next test),
        # and then by one band, a handful of times in 400 puzzles
        steps = list(zip(bands, bands[1:]))
        assert sum(a > b for a, b in steps) <= 5 and all(a - b <= 1 for a, b in steps)
        assert ratings[0] < lowest + STREAK_BAND
        firsts.add(order[0])
    assert len(firsts) > 5  # the seed shuffles inside a band


def test_a_streak_varies_games_boards_and_themes():
    """Issue 42: over many seeds, no two puzzles in a row come from one game, and boards and themes change
    more often than a shuffle inside the bands alone would change them."""
    from phutball.puzzles.format import load_dir
    from phutball.puzzles.themes import puzzle_themes
    from lab.puzzlelist import fnv1a, playable
    from lab.puzzlestreak import STREAK_BAND
    from lab.puzzlerating import puzzle_rating
    from lab.puzzlewords import board_words
    shipped = load_dir(Path(__file__).resolve().parent.parent / "puzzles")
    themes = {p.id: set(puzzle_themes(p)) for p in shipped}
    ratings = {p.id: puzzle_rating(p) for p in shipped}
    by_index = ([ratings[p.id] for p in shipped], [tuple(themes[p.id]) for p in shipped])

    def repeats(order):
        pairs = list(zip(order, order[1:]))
        return (sum(a.source_game == b.source_game for a, b in pairs),
                sum(board_words(a.position) == board_words(b.position) for a, b in pairs),
                sum(bool(themes[a.id] & themes[b.id]) for a, b in pairs))

    for seed in range(0, 400, 7):
        order = [shipped[i] for i in streak_order(shipped, seed, by_index[0].__getitem__, by_index[1].__getitem__)]
        assert sorted(p.id for p in order) == sorted(p.id for p in shipped if playable(p))  # each once
        shuffled = sorted((p for p in shipped if playable(p)),  # the bands shuffled, as before issue 42
                          key=lambda p: (ratings[p.id] // STREAK_BAND, fnv1a(f"{seed}:{p.id}")))
        games, boards, shared = repeats(order)
        was_games, was_boards, was_shared = repeats(shuffled)
        assert games == 0 < was_games, seed
        assert boards < was_boards / 2 and shared < was_shared, (seed, boards, was_boards, shared, was_shared)


def test_two_of_one_game_follow_each_other_only_when_no_other_game_is_left():
    a1, a2, a3 = (puzzle(dict(WIN2D, id=f"a{n}", source={"kind": "generated", "ref": "game a"})) for n in (1, 2, 3))
    b1 = puzzle(dict(WIN2D, id="b1", source={"kind": "generated", "ref": "game b, the other side to move"}))
    b2 = puzzle(dict(WIN2D, id="b2", source={"kind": "generated", "ref": "game b"}))
    ps = [a1, a2, a3, b1, b2]
    assert b1.source_game == b2.source_game != a1.source_game
    for seed in range(30):
        games = [ps[i].source_game[-6:] for i in streak_order(ps, seed)]
        assert games.count("game a") == 3 and games.count("game b") == 2
        for n, (g, h) in enumerate(zip(games, games[1:])):
            assert g != h or set(games[n:]) == {g}, games  # a repeat only when no other game is left


def test_answers_and_solution():
    c = ctl(WHICH, POT)
    c.answer("L")
    assert c.verdict == "wrong" and c.progress["which"]["attempts"] == 1
    c.answer("R")
    assert c.phase == "solved"
    c.next()
    c.answer({"pL": "0", "pR": "0"})
    assert c.verdict == "wrong"
    c.answer({"pL": "1", "pR": "0"})
    assert c.phase == "solved"
    c.open(0)
    c.show_solution()
    assert "Right wins" in c.message


def test_solution_is_replayed_step_by_step():
    c = ctl(EX1)
    c.show_solution()
    assert c.queue == ["2-4-6"] and c.phase == "busy"
    drain(c)
    assert c.phase == "solution" and c.game.moves == ["2-4-6"]


def test_groups_and_deep_links():
    c = ctl(EX1, WIN2D, SAFE2D)
    c.ledger = PuzzleLedger(earlier=(Earlier("w2", True, 2),))
    groups = {g["collection"]: g["puzzles"] for g in c.groups()}
    assert [e["id"] for e in groups["2D"]] == ["w2", "s2"] and groups["2D"][0]["solved"]
    assert c.open_id("s2") and c.puzzle.id == "s2"
    assert not c.open_id("nope") and "no puzzle" in c.message


def load_progress(raw):
    return read_progress(raw)[0].ledger.progress


def test_progress_storage_ignores_corruption_entry_by_entry():
    good = SavedProgress(PuzzleLedger(earlier=(Earlier("a", True, 3),))).to_text()
    assert load_progress(good) == {"a": {"solved": True, "attempts": 3}}
    for raw in (None, "", "{", "[]", '{"v": 0, "puzzles": {}}', json.dumps({"v": 1, "puzzles": []})):
        assert load_progress(raw) == {}
    mixed = json.dumps({"v": 1, "puzzles": {"a": {"solved": True, "attempts": 1}, "b": "junk",
                                            "c": {"solved": "yes", "attempts": 1}, "d": {"solved": False,
                                                                                         "attempts": -2}}})
    assert load_progress(mixed) == {"a": {"solved": True, "attempts": 1}}


def test_a_winning_move_outside_the_long_puzzles_book_is_taken_back_not_marked_wrong():
    from phutball.puzzles.format import load_file
    from phutball.puzzles.judge import analysis, judge
    paper = {p.id: p for p in load_file(Path(__file__).resolve().parent.parent / "puzzles" / "paper.json")}
    only = paper["paper-24-backward-jump"]
    c = ctl(only.to_dict() | {"collection": "Paper"})
    # play winning moves the book follows (the engine answers) until one winning move leaves the book
    outside = None
    for _ in range(20):
        pos = str(c.game.position)
        wins = analysis(pos)["winning_moves"]
        known = {m: judge(pos, m).get("continuation_known") for m in wins}
        outside = next((m for m in wins if known[m] is False), None)
        if outside:
            break
        run(c.user_move(next(m for m in wins if known[m])))
        assert c.verdict == "correct"
        drain(c)
    assert outside is not None
    before = c.game.moves[:]
    run(c.user_move(outside))
    assert c.phase == "playing" and c.game.moves == before and "wins too" in c.message
    assert c.progress.get(only.id, {"attempts": 0})["attempts"] == 0


def test_unreadable_stored_progress_is_reported_as_such_and_bad_entries_are_not():
    nested = "[" * 5000 + "]" * 5000  # deeper than the JSON parser's recursion allows
    for raw in (nested, "{not json", "[]", '{"v": 3, "puzzles": {}}'):
        saved, reading = read_progress(raw)
        assert saved.ledger.progress == {} and reading.unreadable and not reading.problems, raw[:20]
    saved, reading = read_progress(json.dumps({"v": 1, "puzzles": []}))  # the table alone is wrong
    assert saved.ledger.progress == {} and reading.problems == ("puzzles is an array, not a table of puzzles",)
    for raw in (None, ""):
        saved, reading = read_progress(raw)
        assert saved.ledger.progress == {} and not reading.unreadable and not reading.problems
    mixed = json.dumps({"v": 1, "puzzles": {"a": {"solved": True, "attempts": 1}, "b": "junk"}})
    saved, reading = read_progress(mixed)
    assert saved.ledger.progress == {"a": {"solved": True, "attempts": 1}} and not reading.unreadable
    assert reading.problems == ("puzzle 'b': is a string, not an object",)


# ---------------------------------------------------------------- issue 27: daily, streak, failed, themes

WIN2D_B = WIN2D | {"id": "w3", "position": "5x5_X_B3_B2C2", "main_line": ["B3-B1"], "difficulty": 2}
WIN2D_C = WIN2D | {"id": "w4", "position": "7x7_O_D5_D6", "main_line": ["D5-D7"], "difficulty": 3}


def test_fnv1a_is_the_standard_32_bit_hash():
    from lab.puzzlelist import fnv1a
    assert fnv1a("") == 0x811C9DC5 and fnv1a("a") == 0xE40C292C and fnv1a("foobar") == 0xBF9CF968


def test_the_daily_puzzle_depends_on_the_date_only_and_is_one_to_play():
    from lab.puzzlelist import daily_puzzle
    puzzles = [puzzle(p) for p in (EX1, WIN2D, SAFE2D, WHICH, POT, WIN2D_B, WIN2D_C)]
    shuffled = puzzles[::-1]
    dates = [f"2026-11-{d:02d}" for d in range(1, 31)]
    picked = [puzzles[daily_puzzle(puzzles, d)].id for d in dates]
    assert picked == [shuffled[daily_puzzle(shuffled, d)].id for d in dates]  # not the files' order
    assert len(set(picked)) >= 3  # the days differ
    assert not {"which", "pot"} & set(picked)  # questions are not daily puzzles
    c = PuzzleController(puzzles, today="2026-11-25")
    assert c.open_daily() and c.view()["daily"] and c.puzzle.id == picked[24]
    c.next()
    assert not c.view()["daily"]
    with pytest.raises(ValueError, match="'25/11/2026'"):
        daily_puzzle(puzzles, "25/11/2026")


#: The winning jump of each 2D test puzzle, by id.
WINS = {p["id"]: p["main_line"][0] for p in (WIN2D, WIN2D_B, WIN2D_C)}


def test_a_streak_counts_solves_in_a_row_until_the_first_mistake_and_keeps_the_best():
    c = ctl(WIN2D, WIN2D_B, WIN2D_C, WHICH)
    c.start_streak(seed=7)
    first, second, third = [c.puzzles[i].id for i in streak_order(c.puzzles, 7)]  # questions are left out
    assert c.mode == "streak" and c.puzzle.id == first
    run(c.show_hint())
    assert "No hints" in c.message and c.hint is None
    c.next()
    assert c.puzzle.id == first and "Solve this one" in c.message  # no skipping
    run(c.user_move(WINS[first]))
    assert c.view()["streak"] == 1 and "1 in a row" in c.message
    c.next()
    assert c.puzzle.id == second
    run(c.user_move(WINS[second]))
    c.next()
    assert c.puzzle.id == third and c.view()["best_streak"] == 2
    run(c.user_move("A1"))  # a mistake
    v = c.view()
    assert v["mode"] == "list" and v["streak"] is None and v["best_streak"] == 2
    assert "✗" in c.message and "Streak over (a mistake): 2 solved in a row" in c.message
    assert "try again" not in c.message.lower()  # the streak starts again, not this puzzle
    c.start_streak(seed=8)
    c.show_solution()  # giving up ends it too; the best stays
    assert c.runs.streak is None and c.runs.best_streak == 2 and "asked for the solution" in c.message


def test_a_streak_and_the_best_survive_a_reload():
    c = ctl(WIN2D, WIN2D_B, WIN2D_C)
    c.start_streak(seed=3)
    order = [c.puzzles[i].id for i in streak_order(c.puzzles, 3)]
    run(c.user_move(WINS[order[0]]))

    class Store(dict):
        get_item = dict.get
        set_item = dict.__setitem__
    store = Store({"phutball.puzzles.v1": SavedProgress(c.ledger, c.runs).to_text()})
    saved, message = load(store)
    assert message == "" and saved.runs == c.runs and saved.ledger == c.ledger
    again = PuzzleController([puzzle(p) for p in (WIN2D, WIN2D_B, WIN2D_C)], ledger=saved.ledger, runs=saved.runs)
    assert again.resume_streak() and again.puzzle.id == order[1] and again.view()["streak"] == 1
    # a stored streak of the wrong shape is set aside, the rest kept
    store["phutball.puzzles.v1"] = json.dumps({"v": 1, "puzzles": {}, "best_streak": 4, "streak": {"seed": "x"}})
    saved, message = load(store)
    runs = saved.runs
    assert runs.best_streak == 4 and runs.streak is None and "streak" in message


def test_replay_my_failed_puzzles_goes_through_the_ones_tried_and_not_solved():
    c = ctl(WIN2D, WIN2D_B, WIN2D_C)
    c.replay_failed()
    assert c.mode == "list" and "No failed puzzles" in c.message
    for pid, move in (("w2", "A1"), ("w4", "A1"), ("w3", "B3-B1")):
        c.open(c.index_of(pid))
        run(c.user_move(move))
    assert [c.puzzles[i].id for i in c.failed_puzzles()] == ["w2", "w4"]
    c.replay_failed()
    assert c.mode == "failed" and c.puzzle.id == "w2" and "2 failed puzzles" in c.message
    assert [e["id"] for g in c.groups() for e in g["puzzles"]] == ["w2", "w4"]
    run(c.user_move("B3-B5"))  # solved now: off the failed list, but this replay goes on
    assert c.view()["failed"] == 1
    c.next()
    assert c.puzzle.id == "w4"
    c.next()
    assert c.puzzle.id == "w2"
    c.show_all()
    assert len([e for g in c.groups() for e in g["puzzles"]]) == 3


def test_themes_filter_the_list_and_next():
    c = ctl(EX1, WIN2D, SAFE2D, WHICH)
    choices = {t["theme"]: t["count"] for t in c.theme_choices()}
    assert choices["win-in-one"] == 1 and choices["1d"] == 2 and choices["defend"] >= 1
    c.set_theme("win-in-one")
    assert c.puzzle.id == "w2" and [e["id"] for g in c.groups() for e in g["puzzles"]] == ["w2"]
    c.next()
    assert c.puzzle.id == "w2"
    assert "Win in one" in c.view()["themes"]
    c.set_theme("")
    assert len([e for g in c.groups() for e in g["puzzles"]]) == 4
    with pytest.raises(ValueError, match="'nonsense'"):
        c.set_theme("nonsense")


def test_after_the_engines_answer_the_page_says_what_it_played_and_that_it_is_your_move_again():
    from phutball.puzzles.twod import respond
    c = ctl({"id": "t2", "title": "Two", "variant": "2D", "task": "win-in-two", "difficulty": 1,
             "position": "9x9_O_E5_E7E8", "main_line": ["E6"], "solutions": ["E6"]})
    run(c.user_move("E6"))
    assert c.message.endswith("The engine answers…") and c.phase == "busy"
    reply = respond(str(c.game.position))
    drain(c)
    assert c.phase == "playing" and c.game.moves == ["E6", reply]
    assert c.message == f"✓ Good. Every defence loses to a jump now. Eks answered {reply}. Your move."


def test_a_move_is_refused_in_words_when_none_can_be_entered_and_each_move_is_said():
    from lab.puzzles import PuzzleController
    from phutball.puzzles.format import load_dir
    from pathlib import Path
    puzzles = [q for q in load_dir(Path(__file__).parent.parent / "puzzles") if q.id == "paper-example-1"]
    ctl = PuzzleController(puzzles)
    assert ctl.move_refusal() == "" and ctl.last_move_words() == ""
    assert ctl.move_refusal(busy=True).startswith("Wait")
    ctl.game.push(ctl.game.position.parse_move("2-4"))
    assert ctl.last_move_words() == "Left jumped 2 to 4, removing 1 stone."
    ctl.phase = "wrong"
    assert ctl.move_refusal().startswith("This puzzle is over")


def test_a_newcomer_opens_on_the_puzzle_rated_nearest_their_rating_and_the_paper_stays_open():
    """Issue 42: a new reader (no attempt yet) does not open on the paper's Example (1), rated 2080, but on
    the puzzle played on the board rated nearest 1200; the paper's collection stays open in the list, each
    example with its rating; a reader with attempts opens on the list's first unsolved puzzle."""
    from phutball.puzzles.format import load_dir
    from lab.puzzlerating import START, puzzle_rating
    from lab.puzzlelist import list_order, newcomer_puzzle
    from lab.views.markup import puzzle_list_html
    shipped = load_dir(Path(__file__).resolve().parent.parent / "puzzles")
    c = PuzzleController(shipped)
    first = c.puzzle
    gap = abs(puzzle_rating(first) - START)
    assert all(abs(puzzle_rating(p) - START) >= gap for p in shipped if p.task.plays)
    assert gap <= 200 and c.task.plays and first.id != "paper-example-1"
    assert c.index == newcomer_puzzle(shipped)
    assert f"near your rating ({START}): this one is rated {puzzle_rating(first)}" in c.message
    assert PuzzleController(shipped, tells_rating=False).message == ""  # an embed tells no rating
    paper = c.groups()[0]
    assert paper["open"] and paper["puzzles"][0]["id"] == "paper-example-1" and paper["puzzles"][0]["rating"] == 2080
    html = puzzle_list_html(c.groups())[0]
    assert html.startswith("<details open><summary>") and "Example (1)" in html.split("</details>")[0]
    assert '<span class="puzzle-rating">2080</span>' in html.split("</details>")[0]
    # one attempt later the reader is no newcomer: the list's first unsolved puzzle
    c.show_solution()
    again = PuzzleController(shipped, ledger=c.ledger)
    assert again.puzzle.id == shipped[list_order(shipped)[0]].id == "paper-example-1" and "near your" not in again.message


def test_who_wins_questions_say_who_moves_and_where_each_side_attacks():
    """Issue 42: "Who wins?" and compare questions name the side to move, and show the goal legend."""
    c = ctl(WHICH)
    assert c.task_prompt() == "Left to move: who wins with best play?"
    assert c.view()["legend"] == "Left → attacks the right end · Right ← attacks the left end"
    same = dict(WHICH, id="cmp", task="compare", positions=["L_.*.o.o....", "L_.*.ooo...."], answer=["L", "R"])
    c = ctl(same)
    assert c.task_prompt() == "Left to move in each position: who wins in each?"
    assert c.view()["legend"].startswith("Left → attacks the right end")
    mixed = dict(same, positions=["L_.*.o.o....", "R_.*.ooo...."])
    assert ctl(mixed).task_prompt() == "Left or Right, as each position says, to move in each position: who wins in each?"
    assert ctl(POT).view()["legend"] == ""  # an Oddish board has no goals to attack
    assert ctl(EX1).task_prompt() == "Left to play and win." and ctl(EX1).view()["legend"].startswith("Left →")
