"""The puzzle page end to end: solving by clicks, refutations and retries, progress in localStorage."""

from conftest import click_point, data_position, wait_ready
from phutball.puzzles1d import analysis

URL = "/puzzles.html"


def open_puzzle(page, server, pid):
    page.goto(f"{server.origin}{URL}#{pid}")
    wait_ready(page)
    page.wait_for_function(f"document.getElementById('board').dataset.position !== ''")


def play_1d(page, move: str) -> None:
    """Enter a 1D move by clicks: a square, or the ball then each landing (Finish if still open)."""
    before = data_position(page)
    squares = [int(s) for s in move.split("-")]
    for s in squares:
        click_point(page, s)
    if len(squares) > 1 and page.get_attribute("#board", "data-phase") == "playing":
        page.click("#finish")  # the chain could go on: stop here
    page.wait_for_function(f"document.getElementById('board').dataset.position !== '{before}'")


def wait_phase(page, *phases, timeout=90_000):
    cond = " || ".join(f"document.getElementById('board').dataset.phase === '{p}'" for p in phases)
    page.wait_for_function(cond, timeout=timeout)


def test_solve_a_paper_puzzle_by_clicks(page, server):
    open_puzzle(page, server, "paper-example-1")
    assert data_position(page) == "L_o*o.o.o...."
    for _ in range(12):
        pos = data_position(page)
        play_1d(page, analysis(pos)["winning_moves"][0])
        wait_phase(page, "playing", "solved")
        if page.get_attribute("#board", "data-phase") == "solved":
            break
    assert "Solved" in page.inner_text("#message")
    assert "1/" in page.inner_text("#solved-count")


def test_a_wrong_move_is_refuted_on_the_board_and_retry_works(page, server):
    open_puzzle(page, server, "paper-example-1")
    play_1d(page, "2-4-6-8")  # the paper: Left loses if he jumps all three stones
    assert "✗" in page.inner_text("#message")
    wait_phase(page, "wrong")
    final = data_position(page)
    assert final.split("_")[1].startswith("<") or final.split("_")[1][0] == "*"  # Right scored at the left end
    page.click("#retry")
    assert data_position(page) == "L_o*o.o.o...."
    play_1d(page, "2-4-6")
    wait_phase(page, "playing")
    assert "✓" in page.inner_text("#message") or "Good" in page.inner_text("#message")


def test_a_2d_puzzle_and_hint(page, server):
    open_puzzle(page, server, "2d-chain-1")
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.includes('Hint')")
    from phutball.puzzles import load_file
    from conftest import ROOT
    p = {q.id: q for q in load_file(ROOT / "puzzles" / "2d.json")}["2d-chain-1"]
    for point in p.main_line[0].split("-"):
        click_point(page, point)
    wait_phase(page, "solved")
    assert "Solved" in page.inner_text("#message")


def test_progress_survives_reload_and_corrupt_storage_is_ignored(page, server):
    open_puzzle(page, server, "paper-example-2")
    page.click("button[data-answer='R']")
    assert "Right" in page.inner_text("#message")
    page.reload()
    wait_ready(page)
    assert "✓ solved" in page.inner_text("#puzzle-meta")
    page.evaluate("localStorage.setItem('phutball.puzzles.v1', '{not json')")
    page.reload()
    wait_ready(page)
    assert page.inner_text("#solved-count").startswith("0/")
    assert "✓ solved" not in page.inner_text("#puzzle-meta")
    assert page.recorder.errors == []
    page.evaluate("""localStorage.setItem('phutball.puzzles.v1', JSON.stringify(
        {v: 1, puzzles: {'paper-example-2': {solved: true, attempts: 1}, 'junk': 'x'}}))""")
    page.reload()
    wait_ready(page)
    assert "✓ solved" in page.inner_text("#puzzle-meta")


def test_next_previous_and_deep_links(page, server):
    open_puzzle(page, server, "paper-example-1")
    page.click("#next")
    assert not page.url.endswith("#paper-example-1")
    page.click("#prev")
    assert page.url.endswith("#paper-example-1")
    page.goto(f"{server.origin}{URL}#no-such-puzzle")
    wait_ready(page)
    assert "no puzzle" in page.inner_text("#message")
