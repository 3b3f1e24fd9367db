"""The puzzle page end to end: solving by clicks, refutations and retries, progress in localStorage."""

from functools import cache

from playwright.sync_api import expect

from conftest import BLOCKED_MS, click_point, data_position, hold_the_engine, wait_ready
from phutball.oned.strip import Strip
from phutball.puzzles.judge import analysis

URL = "/puzzles.html"


@cache
def shipped_puzzles() -> dict:
    """Every shipped puzzle by id, read from the puzzle files (parsed once per test run)."""
    from phutball.puzzles.format import load_dir
    from conftest import ROOT
    return {q.id: q for q in load_dir(ROOT / "puzzles")}


def open_puzzle(page, server, pid):
    page.goto(f"{server.origin}{URL}#{pid}")
    wait_ready(page)
    # On the puzzles page already, only the hash changes (no new document): wait until the page shows
    # this puzzle, not the one before.
    page.wait_for_function("t => document.getElementById('puzzle-title').textContent.includes(t)",
                           arg=shipped_puzzles()[pid].title)
    page.wait_for_function("document.getElementById('board').dataset.position !== ''")


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
    assert Strip.from_str(final).winner == "R" and final.startswith("L_<")  # Right scored at the left end
    page.click("#retry")
    assert data_position(page) == "L_o*o.o.o...."
    play_1d(page, "2-4-6")
    wait_phase(page, "playing")
    assert "✓ Good." in page.inner_text("#message")


def test_a_2d_puzzle_and_hint(page, server):
    open_puzzle(page, server, "2d-chain-1")
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.includes('Hint')")
    p = shipped_puzzles()["2d-chain-1"]
    for point in p.main_line[0].split("-"):
        click_point(page, point)
    wait_phase(page, "solved")
    assert "Solved" in page.inner_text("#message")


def test_progress_survives_reload_and_corrupt_storage_is_ignored(page, server):
    open_puzzle(page, server, "paper-example-2")
    side = {"L": "Left", "R": "Right"}[shipped_puzzles()["paper-example-2"].position[0]]
    expect(page.locator("#puzzle-task")).to_have_text(f"{side} to move: who wins with best play?")  # issue 42
    expect(page.locator("#legend")).to_have_text("Left → attacks the right end · Right ← attacks the left end")
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
    page.goto(f"{server.origin}{URL}#no-such-puzzle")  # the same page: only its hash changes
    wait_ready(page)
    page.wait_for_function("document.getElementById('message').textContent.includes('no puzzle')")


def start_2d_chain_1(page, server):
    p = shipped_puzzles()["2d-chain-1"]
    open_puzzle(page, server, "2d-chain-1")
    return p


def test_restart_next_and_previous_after_a_solved_puzzle(page, server):
    p = start_2d_chain_1(page, server)
    for point in p.main_line[0].split("-"):
        click_point(page, point)
    wait_phase(page, "solved")
    assert page.is_disabled("#hint")  # nothing left to hint at
    page.click("#restart")
    wait_phase(page, "playing")
    assert data_position(page) == p.position
    assert "✓ solved" in page.inner_text("#puzzle-meta")  # restarting keeps the solved mark
    assert not page.is_disabled("#hint") and page.inner_text("#message") == ""
    page.click("#next")
    assert not page.url.endswith("#2d-chain-1")
    page.click("#prev")
    assert page.url.endswith("#2d-chain-1") and data_position(page) == p.position
    assert page.get_attribute("#board", "data-phase") == "playing"
    for point in p.main_line[0].split("-"):  # solvable again
        click_point(page, point)
    wait_phase(page, "solved")


def test_restart_next_and_previous_after_a_refutation(page, server):
    open_puzzle(page, server, "paper-example-1")
    play_1d(page, "2-4-6-8")
    wait_phase(page, "wrong")
    assert page.is_visible("#retry")
    page.click("#restart")
    wait_phase(page, "playing")
    assert data_position(page) == "L_o*o.o.o...." and page.is_hidden("#retry")
    assert page.inner_text("#moves") == ""
    play_1d(page, "2-4-6-8")
    wait_phase(page, "wrong")
    page.click("#next")
    page.click("#prev")
    assert page.url.endswith("#paper-example-1") and data_position(page) == "L_o*o.o.o...."
    assert page.get_attribute("#board", "data-phase") == "playing" and page.is_hidden("#retry")
    play_1d(page, "2-4-6")
    wait_phase(page, "playing")
    assert "✓" in page.inner_text("#message")


# ---------------------------------------------------------------- start-up (Python in the page's worker)


def test_before_ready_the_puzzle_is_drawn_and_a_click_on_it_is_played_once_ready(page, server):
    release = hold_the_engine(page)
    page.goto(f"{server.origin}{URL}#paper-example-1")
    page.wait_for_selector("#board[data-position='L_o*o.o.o....']")  # drawn by JavaScript, from the puzzle file
    assert page.evaluate("document.documentElement.classList.contains('ready')") is False
    assert "Example (1)" in page.inner_text("#puzzle-title")
    assert "Starting the engine" in page.inner_text("#loading")
    for button in ("#hint", "#solution", "#restart", "#next", "#prev"):
        assert page.get_attribute(button, "aria-disabled") == "true", button
    click_point(page, 4)  # before ready: queued, and the page says so
    assert "your move will be played" in page.inner_text("#message")
    release()
    wait_ready(page)
    page.wait_for_function("document.getElementById('moves').textContent.startsWith('4')")
    wait_phase(page, "wrong")  # square 4 loses: it was judged and refuted like any move
    assert "✗" in page.inner_text("#message")
    assert page.get_attribute("#hint", "aria-disabled") is None and page.is_hidden("#loading")


def test_an_engine_button_before_ready_says_why_it_does_nothing(page, server):
    release = hold_the_engine(page)
    page.goto(f"{server.origin}{URL}#paper-example-1")
    assert page.evaluate("document.documentElement.classList.contains('ready')") is False
    page.click("#next", force=True)  # force: Playwright itself waits while aria-disabled
    assert "works as soon as it is ready" in page.inner_text("#message")
    release()
    wait_ready(page)
    assert page.url.endswith("#paper-example-1")  # the refused click did not act later
    page.click("#next")
    assert not page.url.endswith("#paper-example-1")


def test_deeply_nested_stored_progress_is_set_aside_reported_once_and_play_goes_on(page, server):
    open_puzzle(page, server, "paper-example-2")
    nested = page.evaluate("""() => {
        const s = '['.repeat(5000) + ']'.repeat(5000);
        localStorage.setItem('phutball.puzzles.v1', s);
        return s;
    }""")
    page.reload()
    wait_ready(page)
    assert "could not be read" in page.inner_text("#message")
    assert page.evaluate("localStorage.getItem('phutball.puzzles.v1.unreadable')") == nested
    assert page.evaluate("JSON.parse(localStorage.getItem('phutball.puzzles.v1')).v") == 2
    assert page.inner_text("#solved-count").startswith("0/")
    page.click("button[data-answer='R']")  # the page works: progress is kept again
    assert "✓ solved" in page.inner_text("#puzzle-meta")
    page.reload()
    wait_ready(page)
    assert "could not be read" not in page.inner_text("#message")  # reported once
    assert "✓ solved" in page.inner_text("#puzzle-meta")
    assert page.recorder.errors == []


def test_a_strip_is_solved_in_slices_and_the_main_thread_stays_free(page, server):
    from phutball.puzzles.format import load_file
    from conftest import ROOT
    p = max(load_file(ROOT / "puzzles" / "generated-1d.json"), key=lambda q: len(q.position))
    assert len(p.position) - 2 >= 18  # a long strip: a second or more of solving in Pyodide
    open_puzzle(page, server, p.id)
    page.evaluate("""() => {
        window.longTasks = [];
        new PerformanceObserver(l => l.getEntries().forEach(e => window.longTasks.push(e.duration)))
            .observe({type: 'longtask', buffered: false});
        window.messages = [];
        const m = document.getElementById('message');
        new MutationObserver(() => window.messages.push(m.textContent))
            .observe(m, {childList: true, characterData: true, subtree: true});
    }""")
    play_1d(page, analysis(p.position)["winning_moves"][0])  # the first move on this strip solves it whole
    wait_phase(page, "playing", "solved")
    assert "✓" in page.inner_text("#message")
    long_tasks = page.evaluate("window.longTasks")
    assert [d for d in long_tasks if d >= BLOCKED_MS] == []
    # The worker solved the strip in slices, answering the page in between: the page saw the progress.
    progress = {m for m in page.evaluate("window.messages") if "solving every position" in m}
    assert len(progress) >= 2, progress


# ---------------------------------------------------------------- issue 16: order, hints, stepping, phone


def list_ids(page) -> list[str]:
    return page.eval_on_selector_all("#puzzle-groups button.puzzle-item", "bs => bs.map(b => b.dataset.id)")


def test_the_page_shows_the_ratings_and_themes_the_build_wrote_into_the_index(page, server):
    """The page reads each shipped puzzle's rating and themes from puzzles/index.json (the build's facts,
    lab.puzzlelist.known_facts) instead of deriving them as it starts: given an index whose facts say
    otherwise for one puzzle, the list and the puzzle show those."""
    import json

    def changed(route):
        index = json.loads(route.fetch().text())
        index["facts"]["paper-example-1"].update(rating=2345, themes=["chain"])
        route.fulfill(body=json.dumps(index), content_type="application/json")
    page.route("**/puzzles/index.json", changed)
    page.goto(f"{server.origin}{URL}#paper-example-1")
    wait_ready(page)
    example = page.locator("#puzzle-groups button.puzzle-item").first
    expect(example).to_contain_text("Example (1)")
    expect(example.locator(".puzzle-rating")).to_have_text("2345")
    expect(page.locator("#puzzle-meta")).to_contain_text("rated 2345 · Chain")
    assert page.recorder.errors == []


def test_a_newcomer_opens_near_their_rating_and_next_previous_follow_the_list(page, server):
    """Issue 42: a new reader opens on the puzzle rated nearest their rating (drawn so before Python is
    ready too), told so; the paper's examples stay open at the top of the list, each with its rating."""
    from conftest import hold_the_engine
    from lab.puzzlerating import START, puzzle_rating
    from lab.puzzlelist import newcomer_puzzle
    everything = list(shipped_puzzles().values())
    first = everything[newcomer_puzzle(everything)]
    release = hold_the_engine(page)
    page.goto(f"{server.origin}{URL}")
    expect(page.locator("#puzzle-title")).to_have_text(first.title)  # the page's JavaScript, before Python
    release()
    wait_ready(page)
    ids = list_ids(page)
    assert len(ids) > 40
    assert page.url.endswith("#" + first.id) and ids[0] == "paper-example-1" != first.id
    expect(page.locator("#message")).to_contain_text(
        f"A first puzzle near your rating ({START}): this one is rated {puzzle_rating(first)}.")
    paper = page.locator("#puzzle-groups details").first
    expect(paper).to_have_attribute("open", "")
    example = paper.locator("button.puzzle-item").first
    expect(example).to_be_visible()  # one click away
    expect(example).to_contain_text("Example (1)")
    expect(example.locator(".puzzle-rating")).to_have_text("2080")
    example.click()
    page.wait_for_function("id => location.hash === '#' + id", arg=ids[0])
    assert page.locator("#puzzle-groups button.puzzle-item").first.get_attribute("class").count("current") == 1
    seen = [ids[0]]
    for _ in range(15):  # the list's own order (the whole order is test_puzzlectl.py's: list_order)
        page.click("#next")
        page.wait_for_function("id => location.hash !== '#' + id", arg=seen[-1])
        seen.append(page.url.rsplit("#", 1)[1])
    assert seen == ids[:len(seen)]
    page.evaluate("id => { location.hash = id; }", ids[-1])  # the last puzzle: Next wraps to the first
    page.wait_for_function("id => document.querySelector('#puzzle-groups .puzzle-item.current')?.dataset.id === id",
                           arg=ids[-1])
    page.click("#next")
    page.wait_for_function("id => location.hash === '#' + id", arg=ids[0])
    page.click("#prev")
    page.wait_for_function("id => location.hash === '#' + id", arg=ids[-1])
    # solved puzzles are skipped when the page opens
    page.evaluate("ids => localStorage.setItem('phutball.puzzles.v1', JSON.stringify({v: 1, puzzles: "
                  "{[ids[0]]: {solved: true, attempts: 1}, [ids[1]]: {solved: true, attempts: 3}}}))", ids)
    page.goto(f"{server.origin}{URL}")
    wait_ready(page)
    assert page.url.endswith("#" + ids[2])


def test_hints_are_graded_kind_then_first_landing_then_the_move(page, server):
    open_puzzle(page, server, "paper-example-1")
    assert "Left → attacks the right end" in page.inner_text("#legend")
    messages = []
    for level in (1, 2, 3):
        page.click("#hint")
        page.wait_for_function(f"document.getElementById('message').textContent.includes('Hint {level} of 3')")
        messages.append(page.inner_text("#message"))
    assert "jump" in messages[0] and "2-4-6" not in messages[0] and "use the ball" not in messages[0]
    assert "first landing is square 4" in messages[1]
    assert "The move: 2-4-6." in messages[2]
    open_puzzle(page, server, "2d-chain-1")
    assert "Ohs ↑ attacks the top goal line (row 9)" in page.inner_text("#legend")
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.includes('Hint 1 of 3')")
    assert "jump" in page.inner_text("#message") and "use the ball" not in page.inner_text("#message")


def test_a_refutation_is_stepped_move_by_move_with_side_labels(page, server):
    open_puzzle(page, server, "paper-example-1")
    play_1d(page, "2-4-6-8")
    wait_phase(page, "wrong")
    expect(page.locator("#step-controls")).to_be_visible()
    items = page.locator("#line li")
    assert items.nth(0).inner_text() == "1. Left 2-4-6-8" and items.nth(1).inner_text().startswith("2. Right ")
    end = data_position(page)
    expect(items.last).to_have_class("current")
    page.click("#step-prev")
    expect(items.nth(items.count() - 2)).to_have_class("current")
    before_end = data_position(page)
    assert before_end != end
    page.click("#step-first")
    expect(page.locator("#board")).to_have_attribute("data-position", "L_o*o.o.o....")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board")).to_have_attribute("data-position", "R_o......*...")
    expect(items.nth(0)).to_have_class("current")
    page.keyboard.press("End")
    expect(page.locator("#board")).to_have_attribute("data-position", end)
    expect(page.locator("#step-next")).to_be_disabled()
    page.click("#retry")
    expect(page.locator("#step-controls")).to_be_hidden()
    assert data_position(page) == "L_o*o.o.o...."


def test_the_phone_layout_fills_the_width_with_the_strip_and_keeps_the_buttons_on_screen(browser, server):
    from lab.views.board import LayoutStrip
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                              device_scale_factor=2)
    try:
        page = ctx.new_page()
        page.goto(f"{server.origin}{URL}#paper-example-1")
        wait_ready(page)
        page.wait_for_function("document.getElementById('board').dataset.position !== ''")
        box = page.locator("#board").bounding_box()
        lay = LayoutStrip(12, box["width"], box["height"])
        assert (lay.n + 2) * lay.cell >= 0.9 * 390  # the strip, end squares included
        assert box["height"] <= 2.6 * lay.cell * 1.5  # no mostly empty canvas
        for button in ("#hint", "#solution", "#restart", "#prev", "#next", "#share"):
            b = page.locator(button).bounding_box()
            assert b["y"] + b["height"] <= 844 and b["x"] + b["width"] <= 390, button
        tops = page.eval_on_selector_all(".site-header nav a, .brand, #theme",
                                         "es => es.map(e => Math.round(e.getBoundingClientRect().top))")
        assert max(tops) - min(tops) <= 8  # the header on one line
        # ... and every section's link shown whole (not scrolled away under the theme button)
        assert page.evaluate("(n => n.scrollWidth <= n.clientWidth)(document.querySelector('.site-header nav'))")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()


def test_a_big_board_is_played_by_touch_a_point_picked_then_confirmed(browser, server):
    from conftest import board_xy
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        page.goto(f"{server.origin}/puzzles.html")
        wait_ready(page)
        big = page.evaluate("""() => [...document.querySelectorAll('#puzzle-groups button.puzzle-item')]
                                 .map(b => b.dataset.id)""")
        from phutball.puzzles.format import load_file
        from conftest import ROOT
        sized = {q.id: q for q in load_file(ROOT / "puzzles" / "2d.json")}
        pid = max((i for i in big if i in sized and sized[i].task.name == "win"),
                  key=lambda i: sized[i].start.size.width * 100 - sized[i].difficulty)
        p = sized[pid]
        page.goto(f"{server.origin}/puzzles.html#{pid}")
        page.wait_for_function("pos => document.getElementById('board').dataset.position === pos", arg=p.position)
        box = page.locator("#board").bounding_box()
        from lab.views.board import Layout2D
        assert Layout2D(p.start.size, box["width"], box["height"]).cell < 28  # points closer than a fingertip
        for point in p.main_line[0].split("-"):
            x, y = board_xy(page, point)
            page.touchscreen.tap(box["x"] + x, box["y"] + y)
            expect(page.locator("#message")).to_contain_text(f"{point} picked")
            assert data_position(page) == p.position  # nothing played by the first touch
            page.touchscreen.tap(box["x"] + x, box["y"] + y)
            expect(page.locator("#message")).not_to_contain_text("picked")
        wait_phase(page, "solved")
    finally:
        ctx.close()


# ---------------------------------------------------------------- issue 27: the page's bugs, streak, daily, themes

INK = """() => {
    const c = document.getElementById('board');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n / (c.width * c.height);
}"""
PIXEL = """([x, y]) => {
    const c = document.getElementById('board'), r = c.width / c.getBoundingClientRect().width;
    return Array.from(c.getContext('2d').getImageData(Math.round(x * r), Math.round(y * r), 1, 1).data);
}"""


def wait_drawn(page) -> None:
    """Wait until the board's canvas holds the page's latest picture (a redraw is a message away)."""
    page.wait_for_timeout(300)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_the_board_is_drawn_at_its_size_when_the_variant_changes_and_a_question_shows_its_board(page, server):
    ids = None
    open_puzzle(page, server, "gen1d-s1-40")
    ids = list_ids(page)
    first_2d = next(i for i in ids if shipped_puzzles()[i].variant == "2D")
    assert ids[ids.index(first_2d) - 1] == "gen1d-s1-40"  # the last strip before the first board
    page.click("#next")
    page.wait_for_function("id => location.hash === '#' + id", arg=first_2d)
    wait_drawn(page)
    # drawn for the 2D canvas, not in the strip's low box: the board fills the canvas' height
    assert page.evaluate(INK) > 0.25
    from lab.views.board import Layout2D
    from phutball.notation import Point
    box = page.locator("#board").bounding_box()
    size = shipped_puzzles()[first_2d].start.size
    corner = Layout2D(size, box["width"], box["height"]).xy(Point(1, 1))
    assert page.evaluate(PIXEL, list(corner))[3] == 255  # the board's corner point is where it should be
    assert page.locator("#hint").bounding_box()["y"] < 860  # the buttons on the first screen

    # a question's position is drawn (an Oddish board), not the strip before it, and no empty box
    open_puzzle(page, server, "paper-example-3")
    wait_drawn(page)
    strip_picture = page.evaluate("document.getElementById('board').toDataURL()")
    page.click("#next")
    page.wait_for_function("location.hash === '#paper-oddish-potential'")
    wait_drawn(page)
    assert page.is_visible("#board") and page.evaluate("document.getElementById('board').toDataURL()") != strip_picture
    page.goto(f"{server.origin}{URL}#paper-oddish-potential")
    page.reload()
    wait_ready(page)
    wait_drawn(page)
    assert page.evaluate(INK) > 0.1  # loaded directly: drawn, no blank gap
    gap = page.locator("#answer-area").bounding_box()["y"] - page.locator("#puzzle-task").bounding_box()["y"]
    assert gap < page.locator("#board").bounding_box()["height"] + 120


def test_a_hint_after_a_refused_click_goal_squares_and_readable_sources(page, server):
    open_puzzle(page, server, "gen1d-s1-01")
    meta = page.inner_text("#puzzle-meta")
    assert "Found by the lab's 1D puzzle generator" in meta and "Generated 1D puzzles" in meta
    for dev in (".py", "seed", "(s)", "--"):
        assert dev not in meta and dev not in page.inner_text("#puzzle-groups"), dev
    p = shipped_puzzles()["gen1d-s1-01"]
    taken = next(s for s in range(1, p.start.n + 1) if not p.start.can_place(s) and s != p.start.ball)
    click_point(page, taken)
    expect(page.locator("#message")).to_contain_text(f"You cannot place on square {taken}")
    page.click("#hint")
    expect(page.locator("#message")).to_contain_text("Hint 1 of 3")
    # the goal squares 1 and n are framed in the goal lines' colour; square 2 is not
    from lab.views.board import GEOMETRY, LayoutStrip
    box = page.locator("#board").bounding_box()
    lay = LayoutStrip(p.start.n, box["width"], box["height"])
    goal = page.evaluate("""() => { const e = document.createElement('div'); e.style.color = 'var(--goal)';
        document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c.match(/\\d+/g).map(Number); }""")

    def edge(square):
        x, y = lay.xy(square)
        return page.evaluate(PIXEL, [x - lay.cell * GEOMETRY.square, y])[:3]
    for square in (1, p.start.n):
        assert max(abs(a - b) for a, b in zip(edge(square), goal)) < 60, square
    assert max(abs(a - b) for a, b in zip(edge(2), goal)) > 60
    # a compare puzzle's text diagrams use the board's symbols: ● a stone, ○ the ball
    page.evaluate("location.hash = 'atlas-stone-hurts'")
    expect(page.locator("#answer-area")).to_contain_text("●")
    expect(page.locator("#puzzle-task")).to_have_text("Left to move in each position: who wins in each?")
    expect(page.locator("#legend")).to_contain_text("Left → attacks the right end")
    rows = page.inner_text("#answer-area")
    assert "○" in rows and "•" not in rows


def streak_seed() -> int:
    """A seed whose streak starts with three 2D puzzles of one move each (the first two solved by clicks here,
    the third failed by a placement that is none of its answers, :func:`wrong_placement`); a streak mixes
    themes (issue 42), so they are defences and wins in one."""
    from phutball.puzzles.themes import puzzle_themes
    from lab.puzzlerating import puzzle_rating
    from lab.puzzlestreak import streak_order
    puzzles = list(shipped_puzzles().values())
    ratings, themes = [puzzle_rating(p) for p in puzzles], [puzzle_themes(p) for p in puzzles]

    def one_move(p):
        return p.variant == "2D" and len(p.main_line) == 1

    def starts_well(seed):
        a, b, c = (puzzles[i] for i in streak_order(puzzles, seed, ratings.__getitem__, themes.__getitem__)[:3])
        return one_move(a) and one_move(b) and one_move(c) and wrong_placement(c) is not None
    return next(s for s in range(5000) if starts_well(s))


def wrong_placement(p) -> str | None:
    """A point of A2-E5 where placing a man is none of 2D puzzle ``p``'s checked first moves, if any."""
    from phutball import Point
    answers = set(p.extra.get("solutions") or p.extra.get("safe_moves") or p.main_line)
    return next((f"{c}{r}" for c in "ABCDE" for r in range(2, 6)
                 if p.start.can_place(Point.from_str(f"{c}{r}")) and f"{c}{r}" not in answers), None)


def test_a_streak_goes_on_after_a_reload_ends_at_the_first_mistake_and_failed_puzzles_replay(page, server):
    from lab.puzzlestreak import streak_order
    puzzles = list(shipped_puzzles().values())
    seed = streak_seed()
    order = [puzzles[i].id for i in streak_order(puzzles, seed)]
    page.goto(f"{server.origin}{URL}")
    page.evaluate("s => localStorage.setItem('phutball.puzzles.v1', JSON.stringify("
                  "{v: 1, puzzles: {}, best_streak: 0, streak: {seed: s, count: 0}}))", seed)
    page.reload()
    wait_ready(page)
    from lab.puzzlerating import START, elo_update, puzzle_rating
    rating = START
    for k in range(2):
        page.wait_for_function("id => location.hash === '#' + id", arg=order[k])
        expect(page.locator("#rating")).to_have_text(f"Your puzzle rating: {rating}")
        expect(page.locator("#streak-status")).to_have_text(f"Streak: {k} · best {k}")
        assert page.is_disabled("#hint")  # no hints in a streak
        page.click("#next")  # no skipping
        expect(page.locator("#message")).to_contain_text("Solve this one")
        for point in shipped_puzzles()[order[k]].main_line[0].split("-"):
            click_point(page, point)
        wait_phase(page, "solved")
        expect(page.locator("#streak-status")).to_have_text(f"Streak: {k + 1} · best {k + 1}")
        rating = elo_update(rating, puzzle_rating(shipped_puzzles()[order[k]]), True)  # a first attempt: it moves
        expect(page.locator("#rating")).to_have_text(f"Your puzzle rating: {rating}")
        if k == 0:
            page.reload()  # the streak survives it: the next puzzle of the run opens
            wait_ready(page)
        else:
            page.click("#next")
    page.wait_for_function("id => location.hash === '#' + id", arg=order[2])
    p = shipped_puzzles()[order[2]]
    click_point(page, wrong_placement(p))  # a placement that is none of the answers
    wait_phase(page, "wrong", "playing")
    expect(page.locator("#message")).to_contain_text("Streak over (a mistake): 2 solved in a row")
    expect(page.locator("#streak-status")).to_have_text("Best streak: 2")
    rating = elo_update(rating, puzzle_rating(p), False)
    expect(page.locator("#rating")).to_have_text(f"Your puzzle rating: {rating}")
    page.reload()
    wait_ready(page)
    expect(page.locator("#streak-status")).to_have_text("Best streak: 2")
    assert page.is_visible("#streak-start") and page.is_hidden("#streak-end")
    stored = page.evaluate("JSON.parse(localStorage.getItem('phutball.puzzles.v1'))")
    assert stored["best_streak"] == 2 and stored["streak"] is None and len(stored["ledger"]) == 3
    expect(page.locator("#rating")).to_have_text(f"Your puzzle rating: {rating}")  # the replay of the ledger
    # the failed puzzle is offered again
    expect(page.locator("#replay-failed")).to_have_text("Replay my failed puzzles (1)")
    page.click("#replay-failed")
    page.wait_for_function("id => location.hash === '#' + id", arg=order[2])
    assert list_ids(page) == [order[2]]
    page.click("#show-all")
    assert len(list_ids(page)) == len(puzzles)


def test_the_daily_puzzle_is_the_same_for_two_readers_on_a_date_and_another_the_next_day(page, browser, server):
    from conftest import seed_saved_start
    from lab.puzzlelist import daily_puzzle
    puzzles = list(shipped_puzzles().values())
    day = "2026-11-25"
    other = next(d for d in (f"2026-11-{n}" for n in range(26, 31))
                 if daily_puzzle(puzzles, d) != daily_puzzle(puzzles, day))
    page.goto(f"{server.origin}{URL}?date={day}")
    wait_ready(page)
    page.click("#daily")
    expect(page.locator("#puzzle-title")).to_contain_text("Daily puzzle: ")
    first = page.url.rsplit("#", 1)[1]
    assert first == puzzles[daily_puzzle(puzzles, day)].id
    # the list's theme filters: a theme narrows the list and Next follows it
    page.wait_for_selector("#theme-filters button[data-theme='chain']")
    page.click("#theme-filters button[data-theme='chain']")
    shown = list_ids(page)
    assert 0 < len(shown) < len(puzzles)
    from phutball.puzzles.themes import puzzle_themes
    assert all("chain" in puzzle_themes(shipped_puzzles()[i]) for i in shown)
    page.click("#next")
    assert page.url.rsplit("#", 1)[1] in shown
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    try:
        seed_saved_start(ctx, server)
        reader = ctx.new_page()
        reader.goto(f"{server.origin}{URL}?date={day}#daily")  # another reader, a link to the daily puzzle
        wait_ready(reader)
        reader.wait_for_function("id => location.hash === '#' + id", arg=first)
        expect(reader.locator("#puzzle-title")).to_contain_text("Daily puzzle: ")
        reader.goto(f"{server.origin}{URL}?date={other}#daily")
        wait_ready(reader)
        reader.wait_for_function("id => location.hash === '#' + id", arg=puzzles[daily_puzzle(puzzles, other)].id)
        assert reader.url.rsplit("#", 1)[1] != first
    finally:
        ctx.close()


# ---------------------------------------------------------------- issue 39, item 12: the first batch in slices


def test_the_first_batch_is_applied_in_several_tasks_and_the_page_ends_whole(page, server):
    """The worker's first batch here is about 140 KB (every listener, the board, the whole list of puzzles as
    HTML): host.js applies it in slices, each a task of its own (a first one after the message's task, one
    from the board's drawing, one from the list's HTML), instead of one long task. The page it ends with
    is the whole page: every puzzle in the list, the board, the engine ready, and a click in the list works."""
    page.goto(f"{server.origin}{URL}#paper-example-1")
    wait_ready(page)
    first = page.evaluate("window.phutballHost.batches")[0]
    assert first["ops"] >= 60 and first["slices"] >= 3, first
    page.wait_for_function("() => window.phutballHost.idle")  # the page answers (background work may follow ready)
    assert len(list_ids(page)) == len(shipped_puzzles())
    assert data_position(page) == "L_o*o.o.o...."
    assert page.locator("#loading").is_hidden()
    assert page.locator("#hint").get_attribute("aria-disabled") is None
    page.click("#puzzle-groups button.puzzle-item[data-id='paper-example-2']")
    expect(page.locator("#puzzle-title")).to_contain_text(shipped_puzzles()["paper-example-2"].title)
    assert page.url.endswith("#paper-example-2")
    assert page.recorder.errors == []
