"""The play page's parts, each built alone, with no controller (issue 40): its state
(:class:`lab.playstate.PlayState`), its words (:class:`lab.playwords.PlayWords`), its history
(:class:`lab.playhistory.PlayHistory`) and its analysis (:class:`lab.analysispanel.AnalysisPanel`);
and the controller that holds them, whose callers ask each part for what it owns."""

from phutball import Position
from phutball.game import Game, parse_any_position
from lab.analysispanel import AnalysisPanel
from lab.jobs import Analyse2D, Review2D
from lab.opponent import Computer
from lab.play import PlayController
from lab.playhistory import PlayHistory
from lab.playstate import PlayState
from lab.playwords import PlayWords


def parts(*moves: str, size: str = "9x9", **state: object) -> tuple[PlayState, PlayWords, PlayHistory, AnalysisPanel]:
    """The four parts on a game of ``moves`` from the start of a ``size`` board, ids counted from g1."""
    ids = iter(f"g{n}" for n in range(1, 100))
    s = PlayState(Game(Position.start(size), moves=list(moves)), new_id=lambda: next(ids), **state)  # type: ignore[arg-type]
    w = PlayWords(s)
    h = PlayHistory(s, w)
    return s, w, h, AnalysisPanel(s, w, h)


# ---------------------------------------------------------------- the state


def test_the_state_alone_knows_whose_move_it_is_and_whether_the_computer_plays():
    s, *_ = parts("E6")
    assert s.game_id == "g1" and s.mode == "two-players" and s.sides == ("O", "X") and not s.over
    s.opponent = Computer("X", "novice")
    assert s.against_computer and s.computer_plays == "X" and s.computer_to_move()
    assert s.your_side_below() is False and s.before_swap("X") == "X"


def test_the_states_entry_follows_the_position_shown_and_feedback_resets():
    s, *_ = parts("E6")
    first = s.entry_here()
    s.game.undo()
    assert s.entry_here().position is s.position and s.entry_here() is first
    s.message, s.error, s.hint = "m", "e", "E4"
    s.reset_feedback()
    assert (s.message, s.error, s.hint) == ("", "", None)


def test_the_state_says_whose_move_and_where_the_ball_is_on_a_board_a_strip_and_an_oddish_board():
    s, *_ = parts("E6")
    assert s.to_move == "X" and s.ball == s.position.ball and str(s.ball) == "E5"
    s.game = Game(parse_any_position("R_.o*..."))
    assert s.to_move == "R" and s.ball == 3 and s.variant.name == "STRIP"
    s.game = Game(parse_any_position("..o|o."))  # never played on the page: no side written, the ball an arrow
    assert s.to_move == "" and s.ball is None


# ---------------------------------------------------------------- the words


def test_the_words_alone_say_whose_move_it_is_and_which_move_is_viewed():
    s, w, _, _ = parts("E6", "E4")
    assert w.status() == "Ohs to move (attacking the top)."
    s.flipped = True
    assert w.status() == "Ohs to move (attacking the bottom)."
    s.game.goto(1)
    s.browsing = True
    assert w.status() == "Viewing move 1 (Ohs) of 1. Eks to move (attacking the top)."
    s.opponent = Computer("O", "novice")
    s.browsing = False
    assert w.status().startswith("Your move (Eks")


def test_the_words_alone_say_how_the_game_ended():
    s, w, _, _ = parts("E6")
    s.game.resign("X")
    assert w.result_title() == "Ohs won by resignation." and w.result_detail() == "Eks resigned."


# ---------------------------------------------------------------- the history


def test_the_history_alone_keeps_a_line_left_and_undo_brings_it_back():
    s, _, h, _ = parts("E6", "E4", "A1", "A2")
    s.game.goto(2)
    s.game.push("J9", keep_line=True)
    assert h.lines == [("E6", "E4", "A1", "A2")]
    h.undo()
    assert s.game.moves == ["E6", "E4", "A1", "A2"] and s.game.cursor == 2 and "line you had left" in s.message
    assert h.lines == [("E6", "E4", "J9")] and s.announcement.startswith("Undone. Ohs to move")


def test_the_history_alone_cycles_through_the_lines_and_says_when_there_is_none():
    s, _, h, _ = parts("E6", "E4")
    h.restore_line()
    assert "no other line" in s.error
    s.game.add_variation(["D5"])
    h.restore_line()
    assert s.game.moves == ["D5"] and s.game.cursor == 1 and h.lines == [("E6", "E4")]
    assert s.message == "Restored the previous line (1 moves)." and s.cursor == s.position.ball
    h.restore_line()
    assert s.game.moves == ["E6", "E4"] and h.lines == [("D5",)]


def test_the_history_alone_keeps_the_game_a_new_one_replaced_without_its_lines():
    s, _, h, _ = parts("E6", "E4")
    old = s.game
    old.add_variation(["D5"])
    h.replace_game(Game(Position.start("9x9")))
    assert h.previous is old and h.previous_id == "g1" and s.game_id == "g2" and old.variations == []
    h.restore_previous()
    assert s.game is old and s.game_id == "g1" and h.previous is None  # the empty game is not kept
    assert s.message == "Restored your previous game (2 moves)."
    h.replace_game(Game(Position.start("9x9")), "g1")  # the same id (the game reopened): not kept twice
    assert h.previous is None and s.game_id == "g1"


def test_the_history_alone_refuses_what_cannot_be_done():
    s, _, h, _ = parts("E6")
    h.redo()
    assert s.error == "Nothing to redo."
    h.goto(0)
    assert s.browsing and s.game.cursor == 0 and s.announcement.startswith("Viewing the start")
    h.undo()
    assert s.error == "Nothing to undo."
    h.restore_previous()
    assert s.error == "There is no previous game to restore."


# ---------------------------------------------------------------- the analysis


def test_the_analysis_alone_runs_on_boards_and_takes_its_reports():
    s, _, _, a = parts("E6")
    assert a.analysis_spec() is None  # off
    a.set_analysing(True)
    spec = a.analysis_spec()
    assert isinstance(spec, Analyse2D) and spec.position == str(s.position) and len(spec.history) == 1
    assert a.analysis_report(str(s.position), {"depth": 3, "pv": ["E4"], "score": 2.0, "text": "+0.2", "done": True})
    assert a.latest is not None and a.latest["pv"] == ["E4"] and a.analysis_spec() is None  # done here
    view = a.analysis_view()
    assert view is not None and view["pv"] == ["2. E4"] and view["depth"] == 3


def test_the_analysis_alone_refuses_a_strip_and_reviews_and_marks_a_game():
    s, _, _, a = parts()
    assert a.review_spec() is None and "no moves" in s.error
    s.game.push("E6")
    s.game.push("E4")
    assert isinstance(a.review_spec(), Review2D) and a.review_view()["running"]
    a.review_report({"done": True, "marks": [{"ply": 2, "move": "E4", "side": "X", "label": "mistake",
                                             "better": "D4"}]})
    assert list(a.marks_by_ply()) == [2] and s.message == "Review done: 1 move marked."
    a.goto_mark(2)  # through the history: the position before the move, the better move as the hint
    assert s.game.cursor == 1 and s.hint == "D4" and s.message.startswith("Move 1 (Eks, E4) was a mistake")
    strip, _, _, b = parts()
    strip.game = Game(parse_any_position("L_..*.."))
    b.set_analysing(True)
    assert not b.analysing and "2D boards" in strip.error


# ---------------------------------------------------------------- the controller holds its parts


def test_the_controller_shares_its_parts_state_and_answers_for_none_of_them_but_the_game_and_position():
    c = PlayController.new("9x9_O_E5")
    own = {n for n in vars(PlayController) if not n.startswith("_")}
    theirs = {n for part in (c.state, c.words, c.history, c.analysis) for n in dir(part) if not n.startswith("_")}
    assert own & theirs == {"game", "position"}  # read by nearly every caller: kept as the controller's too
    assert c.game is c.state.game and c.position is c.state.position
    c.play_text("E6")
    c.history.goto(0)
    assert c.position is c.state.position and str(c.position) == "9x9_O_E5" and c.game.moves == ["E6"]
    assert c.words.state is c.state is c.history.state is c.analysis.state and c.analysis.history is c.history
    assert [len(k.__mro__) for k in (PlayController, PlayState, PlayWords, PlayHistory, AnalysisPanel)] == [2] * 5
