"""Games by link between two browsers, your games kept and replayed, your rating (issue 26, items 6-8).

Two page loads for the link game (one per browser; the links after the first open in the same page, as a
link clicked in a messenger opens in the page already there), two for your games and rating (a reload)."""

from conftest import Recorder, click_point, data_position, seed_saved_start, wait_ready
from lab.linkgame import LinkGame, decode, encode
from phutball.game import games_from_records


def link_of(page) -> str:
    page.wait_for_function("() => !document.getElementById('link-panel').hidden")
    return page.input_value("#link-url")


def outside(page, server) -> list[str]:
    """The requests a page made outside its origin (a worker's blob: URL is the origin's own)."""
    return [r for r in page.recorder.requests if not r.removeprefix("blob:").startswith(server.origin)]


def open_link(page, url: str) -> None:
    """Open a friend's link in the page (a new fragment: the page reads it without reloading)."""
    page.goto(url)
    # read: the page's address shows the position now
    page.wait_for_function("(u) => location.hash !== '#' + u.split('#')[1]", arg=url)


def test_a_link_game_between_two_browsers_to_its_end_with_a_tampered_and_an_old_link(browser, server, page):
    page.goto(f"{server.origin}/index.html")
    wait_ready(page)
    page.click("#new-game")
    page.select_option("#ng-board", "9x9")
    page.select_option("#ng-opponent", "link")
    assert page.is_visible("#ng-side") and not page.is_visible("#ng-level")
    page.select_option("#ng-side", "first")
    page.click("#new-game-form button[type=submit]")
    status = page.inner_text("#status")
    assert status.startswith("Your move (Ohs") and "send the link back" in status
    click_point(page, "E6")
    assert page.inner_text("#status").startswith("Waiting for your friend's move")
    first = link_of(page)
    assert first.startswith(f"{server.origin}/index.html#game=") and not page.is_disabled("#link-send")
    click_point(page, "A1")  # the friend's move: refused on this board
    assert "your friend's move" in page.inner_text("#message") and data_position(page) == "9x9_X_E5_E6"

    friend_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        seed_saved_start(friend_ctx, server)
        friend = friend_ctx.new_page()
        friend.recorder = Recorder(friend)
        friend.goto(first)
        wait_ready(friend)
        assert "you play Eks" in friend.inner_text("#message") and data_position(friend) == "9x9_X_E5_E6"
        assert friend.inner_text("#status").startswith("Your move (Eks")
        links = {"me": first}
        for mine, theirs in (("A1", "E7"), ("A2", "E8"), ("A3", None)):
            click_point(friend, mine)
            assert friend.inner_text("#status").startswith("Waiting for your friend's move")
            links["friend"] = link_of(friend)
            open_link(page, links["friend"])
            assert f"Your friend played 1 new move: {mine}" in page.inner_text("#message")
            if theirs is None:
                break
            click_point(page, theirs)
            links["me"] = link_of(page)
            open_link(friend, links["me"])
            assert f"Your friend played 1 new move: {theirs}" in friend.inner_text("#message")
        click_point(page, "E5")
        click_point(page, "E9")  # Ohs jump over three men to the top goal: the end
        assert page.inner_text("#result-title") == "You won in 4 moves!"
        open_link(friend, link_of(page))
        assert friend.inner_text("#result-title") == "Your friend won in 4 moves."
        assert not outside(friend, server)
        assert not friend.recorder.errors, friend.recorder.errors
    finally:
        friend_ctx.close()

    final = data_position(page)
    game = decode(links["me"].split("#game=")[1])
    open_link(page, first)  # an old link: recognised, the game stays
    assert "This is a link you sent" in page.inner_text("#message")
    assert "It stops at move 1 (Ohs), you are at move 4 (Ohs)." in page.inner_text("#message")
    assert data_position(page) == final
    rewrite = LinkGame(game.id, "X", game.setup, ("E6", "B1", "E7"))
    open_link(page, f"{server.origin}/index.html#game={encode(rewrite)}")  # a tampered link: refused
    assert "differs from yours at move 1 (Eks)" in page.inner_text("#message")
    assert "Nothing is lost" in page.inner_text("#message") and data_position(page) == final
    payload = links["me"].split("#game=")[1]
    damaged = payload[:20] + ("A" if payload[20] != "A" else "B") + payload[21:]
    open_link(page, f"{server.origin}/index.html#game={damaged}")
    assert "damaged" in page.inner_text("#message") and data_position(page) == final
    assert not outside(page, server)


def test_your_games_survive_a_reload_and_replay_and_your_rating_moves_with_a_win_and_a_loss(page, server):
    page.goto(f"{server.origin}/index.html#9x9_O_E7_E8")
    wait_ready(page)
    page.select_option("#computer-side", "X")
    assert page.inner_text("#rating").startswith("Your rating: 716 (no games")
    click_point(page, "E7")
    click_point(page, "E9")
    assert page.inner_text("#result-title") == "You won in 1 move!"
    assert page.inner_text("#rating") == "Your rating: 732 (+16)"
    won = data_position(page)
    page.goto(f"{server.origin}/index.html#9x9_O_E7_E8")  # the same start again, from its position link
    page.wait_for_function("() => document.getElementById('board').dataset.position === '9x9_O_E7_E8'")
    page.select_option("#computer-side", "O")  # the computer plays Ohs and takes its win in one
    page.wait_for_function("() => !document.getElementById('result').hidden", timeout=60_000)
    assert page.inner_text("#result-title") == "The computer won."
    assert page.inner_text("#rating") == "Your rating: 715 (-17)"

    page.reload()
    wait_ready(page)
    assert page.inner_text("#rating") == "Your rating: 715 (-17)"
    page.click("#your-games")
    rows = page.locator("#games-list li").all_inner_texts()
    assert len(rows) == 2 and "The computer (2 · novice) · You lost" in rows[0] and "You won" in rows[1]
    assert "1 move" in rows[1] and "1 moves" not in rows[1]
    assert "716 → 732 → 715" in page.inner_text("#games-rating")
    with page.expect_download() as download:
        page.click("#games-export")
    games = games_from_records(open(download.value.path(), encoding="utf-8").read())
    assert [g.result for g in games] == ["O", "O"] and [str(g.start) for g in games] == ["9x9_O_E7_E8"] * 2
    page.locator("#games-list li").nth(1).locator("[data-act=open]").click()  # the game you won
    assert data_position(page) == won and page.inner_text("#result-title") == "You won in 1 move!"
    assert "Your game of" in page.inner_text("#message")
    page.click("#new-game")
    assert page.inner_text("#ng-suggest") == "Nearest to your rating (715): 2 · novice."
    assert not page.recorder.errors, page.recorder.errors
