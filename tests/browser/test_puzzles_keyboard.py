"""Puzzles solved by typed moves (issue 41): the Move field says what a move will do before Enter, refuses
in the engine's own words, and enters the move through the puzzle's MoveEntry as a click; the live region
says the move, a refutation move by move, and the verdict. No clicks on the board."""

from __future__ import annotations

from conftest import HEAR, data_position, hear
from phutball.game import parse_any_position
from phutball.puzzles.judge import analysis
from phutball.sides import side_name
from test_puzzles_page import open_puzzle, shipped_puzzles, wait_phase

def type_move(page, move: str) -> str:
    """Type ``move`` in the Move field; what the field says it will do (before Enter)."""
    page.fill("#move-input", "")
    page.focus("#move-input")
    page.keyboard.type(move)
    page.wait_for_function("() => document.getElementById('move-preview').textContent !== ''")
    return page.inner_text("#move-preview")


def test_a_1d_puzzle_refuted_then_solved_by_typed_moves(page, server):
    open_puzzle(page, server, "paper-example-1")
    page.evaluate(HEAR)
    assert "'99'" in type_move(page, "99")  # the engine's message, quoting what was typed
    assert type_move(page, "2-4-6-8") == "Left jumps 2 to 4 to 6 to 8, removing 3 stones."
    page.keyboard.press("Enter")
    wait_phase(page, "wrong")
    heard = page.evaluate("() => window.heard")
    played = next(i for i, h in enumerate(heard) if h.startswith("You played 2-4-6-8."))
    refutation = [h for h in heard[played + 1:] if h.startswith("Right ")]
    assert refutation and all(h.startswith(("Right jumped ", "Right placed a stone on ")) for h in refutation)
    assert heard[-1] == page.inner_text("#message") and "✗" in heard[-1]  # the verdict, said last
    page.focus("#retry")
    page.keyboard.press("Enter")
    for _ in range(12):
        move = analysis(data_position(page))["winning_moves"][0]
        assert type_move(page, move).startswith("Left ")
        page.keyboard.press("Enter")
        wait_phase(page, "playing", "solved")
        if page.get_attribute("#board", "data-phase") == "solved":
            break
    assert "Solved" in hear(page, "You played") + page.inner_text("#message")
    assert not page.recorder.errors, page.recorder.errors


def test_a_2d_puzzle_solved_by_a_typed_jump(page, server):
    open_puzzle(page, server, "2d-chain-1")
    p = shipped_puzzles()["2d-chain-1"]
    jump = p.main_line[0]
    assert "'Z99'" in type_move(page, "Z99")
    mover = side_name(parse_any_position(p.position).to_move)
    assert type_move(page, jump).startswith(f"{mover} jumps {jump.replace('-', ' to ')}, removing ")
    page.keyboard.press("Enter")
    wait_phase(page, "solved")
    assert hear(page, f"You played {jump}.").startswith(f"You played {jump}. ")
    assert "Solved" in page.inner_text("#message") and page.input_value("#move-input") == ""
    assert not page.recorder.errors, page.recorder.errors
