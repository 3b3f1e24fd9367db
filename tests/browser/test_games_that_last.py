"""Games that last (issue 38): the stories of the issue, each tried in a browser the way a player would.

Two tests share their page loads: the first plays a game by link between two browser contexts through an
accidental new game, an undo after sending, a third visitor and a resignation (stories 1, 2, 4, 5, 6);
the second tries one browser's accidents (stories 3, 7, 8, 9).
"""

from conftest import Recorder, click_point, data_position, seed_saved_start, wait_ready
from phutball.ai import LEVELS


def link_of(page) -> str:
    page.wait_for_function("() => !document.getElementById('link-panel').hidden")
    return page.input_value("#link-url")


def send(page) -> str:
    """Press Send the link (shared or copied: this browser counts it as sent), and return the link."""
    url = link_of(page)
    page.click("#link-send")
    page.wait_for_function("() => document.getElementById('link-note').textContent !== ''")
    return url


def open_link(page, url: str) -> None:
    """Open a link in the page already there (a new fragment), as a link clicked in a messenger does."""
    page.goto(url)
    page.wait_for_function("(u) => location.hash !== '#' + u.split('#')[1]", arg=url)


def link_act(page, act: str) -> None:
    page.click(f"#link-actions button[data-link-act={act}]")


def new_context(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    seed_saved_start(ctx, server)
    page = ctx.new_page()
    page.recorder = Recorder(page)
    return ctx, page


def test_a_link_game_survives_a_new_game_an_undo_after_sending_a_third_visitor_and_ends_by_resignation(
        browser, server, page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    page.goto(f"{server.origin}/index.html")
    wait_ready(page)
    page.click("#new-game")
    page.select_option("#ng-opponent", "link")
    page.select_option("#ng-board", "9x9")
    assert "your friend moves first" in page.inner_text("#ng-side")  # story 5: not "the computer"
    page.select_option("#ng-side", "first")
    page.click("#new-game-form button[type=submit]")
    click_point(page, "E6")
    first = send(page)
    page.click("#undo")  # story 2: an undo after sending is refused, and says what to do
    assert "was sent to your friend" in page.inner_text("#message") and data_position(page) == "9x9_X_E5_E6"

    friend_ctx, friend = new_context(browser, server)
    third_ctx, third = new_context(browser, server)
    try:
        friend.goto(first)
        wait_ready(friend)
        assert friend.get_attribute("#board", "data-flipped") == "true"  # story 5: turned to the friend's side
        assert friend.is_disabled("#computer-side") and friend.is_disabled("#hint")  # story 4
        # story 1: a new game against the computer without moving, a reload, then the link again
        friend.click("#new-game")
        friend.select_option("#ng-opponent", "computer")
        friend.click("#new-game-form button[type=submit]")
        friend.reload()
        wait_ready(friend)
        friend.goto(f"{server.origin}/index.html#game=" + first.split("#game=")[1])
        friend.wait_for_function("() => document.getElementById('board').dataset.position === '9x9_X_E5_E6'")
        assert friend.inner_text("#status").startswith("Your move (Eks")
        click_point(friend, "A1")
        answer = send(friend)

        third.goto(answer)  # story 5: a third visitor watches, and cannot move
        wait_ready(third)
        assert "watching" in third.inner_text("#status")
        click_point(third, "A9")
        assert "watching" in third.inner_text("#message") and data_position(third) == "9x9_O_E5_A1E6"

        open_link(page, answer)
        assert "Your friend played 1 new move: A1" in page.inner_text("#message")
        click_point(page, "E4")
        send(page)
        page.click("#undo")
        assert "was sent to your friend" in page.inner_text("#message")
        link_act(page, "takeback")  # story 2: a takeback asked in the next link
        open_link(friend, send(page))
        assert "take back" in friend.inner_text("#message")
        link_act(friend, "accept")
        assert data_position(friend) == "9x9_O_E5_A1E6"
        open_link(page, send(friend))
        assert "accepted" in page.inner_text("#message") and data_position(page) == "9x9_O_E5_A1E6"
        click_point(page, "F4")
        open_link(friend, send(page))
        link_act(friend, "resign")  # story 6
        assert friend.inner_text("#result-title") == "You resigned: your friend won."
        open_link(page, send(friend))
        assert page.inner_text("#result-title") == "You won: your friend resigned."
        page.click("#your-games")
        assert "You won" in page.locator("#games-list li").first.inner_text()
        for p in (page, friend, third):
            assert not p.recorder.errors, p.recorder.errors
    finally:
        friend_ctx.close()
        third_ctx.close()


#: A newcomer starts at novice's rating and, against novice (the default level), a win is worth +16.
AFTER_A_WIN = round(LEVELS["novice"].rating) + 16


def test_one_browser_s_accidents_never_count_a_win_twice_wipe_a_game_or_stop_the_page(page, server):
    # story 3: a win, another game, the win reopened and the page reloaded: counted once
    page.goto(f"{server.origin}/index.html#9x9_O_E7_E8")
    wait_ready(page)
    page.select_option("#computer-side", "X")
    click_point(page, "E7")
    click_point(page, "E9")
    assert page.inner_text("#rating") == f"Your rating: {AFTER_A_WIN} (+16)"
    page.goto(f"{server.origin}/index.html#15x19_O_H10")  # story 7: a link to the standard start
    page.wait_for_function("() => document.getElementById('board').dataset.position === '15x19_O_H10'")
    page.select_option("#computer-side", "")
    click_point(page, "H11")
    for _ in range(2):
        page.click("#your-games")
        page.locator("#games-list li", has_text="You won").locator("[data-act=open]").click()
        page.reload()
        wait_ready(page)
    page.click("#your-games")
    rows = page.locator("#games-list li").all_inner_texts()
    assert len(rows) == 2 and sum("You won" in r for r in rows) == 1 and "1 move" in rows[0] + rows[1]
    assert page.inner_text("#games-rating").startswith(f"Your rating: {AFTER_A_WIN}")
    assert page.locator("#games-graph svg").count() == 1
    page.click("#games-close")

    # story 8: numbers that are not numbers in the stored rating never stop the page
    page.evaluate("""() => localStorage.setItem('phutball.rating.v1',
        '{"v": 1, "rating": 900, "history": [["2026-11-25", NaN]], "rated": []}')""")
    page.reload()
    wait_ready(page)
    assert page.inner_text("#rating").startswith("Your rating:") and "set aside" in page.inner_text("#message")

    # story 9: a full storage is said, the game stays, space can be freed
    page.goto(f"{server.origin}/index.html#15x19_O_H10_H11")
    page.wait_for_function("() => document.getElementById('board').dataset.position === '15x19_O_H10_H11'")
    page.evaluate("""() => { let i = 0;  // another app on the host fills the origin's storage to the last byte
        for (const n of [1 << 20, 1 << 14, 1 << 8, 1]) {
          const s = 'x'.repeat(n);
          try { for (;;) localStorage.setItem('f' + i++, s); } catch (e) {}
        } }""")
    click_point(page, "H9")
    page.wait_for_function("() => !document.getElementById('storage-panel').hidden")
    assert "storage for this page is full" in page.inner_text("#message")
    assert "H9" in page.inner_text("#moves").split()  # the game stays, H9 played (whatever the computer answered)
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (/^f[0-9]+$/.test(k)) "
                  "localStorage.removeItem(k); }")
    with page.expect_download():
        page.click("#storage-free")
    page.wait_for_function("() => document.getElementById('storage-panel').hidden")
    assert "removed" in page.inner_text("#message")
    assert not page.recorder.errors, page.recorder.errors
