"""A win-in-three puzzle on the puzzles page (issue 27), in one page load: the reader's first move, the engine's
stubbornest defence on the board and the reader's move again, a wrong second move refuted on the board and
named, and the "Win in three" filter of the list."""

from __future__ import annotations

from playwright.sync_api import expect

from conftest import enter_move
from lab.puzzlerating import puzzle_rating
from phutball.puzzles.themes import puzzle_themes
from phutball.puzzles.twod import respond
from test_puzzles_page import list_ids, open_puzzle, shipped_puzzles, wait_phase


def test_a_win_in_three_puzzle_answers_a_good_move_refutes_a_wrong_one_and_has_its_theme(page, server):
    win3 = sorted((p for p in shipped_puzzles().values() if p.task.name == "win-in-three"),
                  key=lambda p: (p.start.size.width * p.start.size.height, p.difficulty, p.id))
    p = win3[0]  # the smallest board's easiest: the quickest for the engine
    open_puzzle(page, server, p.id)
    expect(page.locator("#puzzle-task")).to_contain_text("win in three moves")
    expect(page.locator("#puzzle-meta")).to_contain_text(f"rated {puzzle_rating(p)} · Win in three")  # calibrated
    message, board = page.locator("#message"), page.locator("#board")

    enter_move(page, p.main_line[0])  # the first move of the listed solution
    after = p.start.play(p.main_line[0])
    reply = respond(str(after))  # the engine's stubbornest defence, as the page's engine finds it
    answered = after.play(reply)
    expect(board).to_have_attribute("data-position", str(answered))
    wait_phase(page, "playing")
    expect(message).to_contain_text(f"answered {reply}. Your move.")
    expect(message).to_contain_text("✓ Good.")

    position = str(answered)
    wrong, verdict = next((str(m), v) for m in answered.placements()
                          if not (v := p.task.judge_2d(position, str(m)))["ok"] and v["refutation"])
    enter_move(page, wrong)  # a second move that wins nothing
    wait_phase(page, "wrong")
    refuted = answered.play(wrong)
    for move in verdict["refutation"]:
        refuted = refuted.play(move)
    expect(board).to_have_attribute("data-position", str(refuted))  # the refutation, played on the board
    expect(message).to_contain_text(f"✗ {verdict['note']}")  # what went wrong, in words
    expect(page.locator("#line")).to_contain_text(verdict["refutation"][0])
    assert page.is_visible("#retry")

    themes = page.locator("#theme-filters button[data-theme='win-in-three']")
    expect(themes).to_contain_text("Win in three")
    themes.click()
    shown = list_ids(page)
    assert p.id in shown
    assert set(shown) == {q.id for q in shipped_puzzles().values() if "win-in-three" in puzzle_themes(q)}
    assert {q.id for q in win3} <= set(shown)  # every puzzle of the task
