"""Your lab, yours to carry (issue 45): a backup and a QR code carry everything to another browser.

A desktop (1280x800) plays, has a rating and puzzle progress, and shows *Carry to another device*: the QR
code on its page is read back from a screenshot (zxing-cpp) and opened on a phone (390x844), which
previews and merges.  Then a backup file goes to a fresh browser, is restored twice (the second time
changes nothing), and a damaged file changes nothing.  The browser's storage answers (persistent or
not) are shown both ways.
"""

from __future__ import annotations

import io
import json

import pytest
import zxingcpp
from PIL import Image

from conftest import click_point, seed_saved_start, wait_ready
from lab import rating
from lab.puzzleledger import PROGRESS_KEY, Attempt, PuzzleLedger, Runs, SavedProgress

RATED = rating.Rating(rating.start_rating()).record("0123456789ab", "novice", 1.0, "2026-11-20", "9x9")
SEEDED = {
    rating.STORAGE_KEY: RATED.to_text(),
    PROGRESS_KEY: SavedProgress(PuzzleLedger().record(Attempt("00000000000000a1", "1d-example-1",
                                                              "2026-11-20T10:00:00Z", "clean", 0, 1500)),
                                Runs(best_streak=3)).to_text(),
}
SEED = "(items) => { if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); " \
       "for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); } }"


def fresh(browser, server, width: int, height: int, persist: bool | None = None):
    """A new browser profile; ``persist``: what navigator.storage.persist() answers (None: Chromium's own)."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    seed_saved_start(ctx, server)
    if persist is not None:
        ctx.add_init_script(f"navigator.storage.persist = async () => {json.dumps(persist)}; "
                            f"navigator.storage.persisted = async () => {json.dumps(persist)};")
    return ctx, ctx.new_page()


def new_game(page, opponent: str, side: str | None = None) -> None:
    """The New game dialog: a 9x9 game against ``opponent`` (its menu value), ``side`` if it asks."""
    page.click("#new-game")
    page.select_option("#ng-opponent", opponent)
    page.select_option("#ng-board", "9x9")
    if side is not None:
        page.select_option("#ng-side", side)
    page.click("#new-game-form button[type=submit]")


def play_a_game(page, moves: list[str]) -> None:
    new_game(page, "two-players")
    for m in moves:
        click_point(page, m)


def kept(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def open_your_games(page) -> None:
    page.click("#your-games")
    page.wait_for_function("() => document.getElementById('games-dialog').open")


def test_everything_carried_from_a_desktop_to_a_phone_by_its_qr_code(browser, server):
    desk_ctx, desk = fresh(browser, server, 1280, 800)
    desk.add_init_script(f"({SEED})({json.dumps(SEEDED)})")
    desk.goto(f"{server.origin}/index.html")
    wait_ready(desk)
    play_a_game(desk, ["E6", "E4"])
    open_your_games(desk)
    desk.wait_for_function("() => document.getElementById('keep-status').textContent.includes('this browser gives')")
    requests: list[str] = []
    desk.on("request", lambda r: requests.append(r.url))
    desk.click("#backup-carry")
    desk.wait_for_selector("#carry-qr svg")
    assert "Scan this code" in desk.inner_text("#carry-text")
    url = desk.input_value("#carry-url")
    assert url.startswith(f"{server.origin}/index.html#restore=")
    shot = Image.open(io.BytesIO(desk.locator("#carry-qr").screenshot()))
    read = [r.text for r in zxingcpp.read_barcodes(shot)]
    assert read == [url]  # the picture on the page is the link
    assert [u for u in requests if "/wheels/segno-" in u] and all(  # the encoder, from the site itself
        u.startswith(server.origin) for u in requests if u.startswith("http"))

    phone_ctx, phone = fresh(browser, server, 390, 844)
    phone.goto(read[0])
    wait_ready(phone)
    phone.wait_for_function("() => document.getElementById('restore-dialog').open")
    preview = phone.inner_text("#restore-preview")
    assert preview.startswith("The link from your other device holds a backup. Nothing changes until you press "
                              "Merge. Restoring this backup adds 1 game and 1 puzzle attempt;"), preview
    assert not phone.is_visible("#restore-file")  # the link brought it: no file to choose
    assert f"your rating becomes {round(RATED.value)}" in preview
    assert "#restore=" not in phone.url  # a reload does not offer it again
    phone.click("#restore-merge")
    phone.wait_for_function("() => !document.getElementById('restore-dialog').open")
    assert phone.inner_text("#message").startswith("Restored: added 1 game and 1 puzzle attempt;")
    open_your_games(phone)
    assert len(phone.query_selector_all("#games-list li")) == 1
    assert f"Your rating: {round(RATED.value)}" in phone.inner_text("#games-rating")
    stored = kept(phone)
    assert json.loads(stored[PROGRESS_KEY])["ledger"] == json.loads(SEEDED[PROGRESS_KEY])["ledger"]
    desk_ctx.close()
    phone_ctx.close()


def test_a_backup_file_restored_in_a_fresh_browser_twice_and_a_damaged_one_changes_nothing(browser, server, tmp_path):
    a_ctx, a = fresh(browser, server, 1280, 800)
    a.add_init_script(f"({SEED})({json.dumps(SEEDED)})")
    a.goto(f"{server.origin}/index.html")
    wait_ready(a)
    play_a_game(a, ["E6"])
    open_your_games(a)
    with a.expect_download() as got:
        a.click("#backup-download")
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    assert got.value.suggested_filename.startswith("phutball-backup-") and path.suffix == ".json"
    assert "Backup downloaded: 1 game, your rating, 1 solved puzzle, your lesson and settings." in a.inner_text("#games-note")

    b_ctx, b = fresh(browser, server, 390, 844)
    b.goto(f"{server.origin}/index.html")
    wait_ready(b)
    open_your_games(b)
    b.click("#backup-restore")
    b.set_input_files("#restore-file", str(path))
    b.wait_for_function("() => document.getElementById('restore-preview').textContent !== ''")
    assert b.inner_text("#restore-preview").startswith("Restoring this backup adds 1 game")
    b.click("#restore-merge")
    b.wait_for_function("() => !document.getElementById('restore-dialog').open")
    assert b.evaluate("() => JSON.parse(localStorage.getItem('phutball.games.v1')).games.length") == 1
    assert len(b.query_selector_all("#games-list li")) == 1  # the list under the dialog shows it at once
    assert b.inner_text("#games-note").startswith("Restored: added 1 game and 1 puzzle attempt;")
    b.click("#backup-restore")  # the same file again: nothing to merge
    b.set_input_files("#restore-file", str(path))
    b.wait_for_function("() => document.getElementById('restore-preview').textContent !== ''")
    assert b.inner_text("#restore-preview") == "Everything in this backup is already here: restoring it changes nothing."
    assert not b.is_visible("#restore-merge")

    before = kept(b)
    damaged = tmp_path / "damaged.json"
    damaged.write_text(path.read_text().replace('"games":', '"games": [1], "x":', 1))
    b.set_input_files("#restore-file", str(damaged))
    b.wait_for_function("() => document.getElementById('restore-preview').textContent.includes('damaged')")
    assert b.inner_text("#restore-preview") == ("This backup is damaged: its kept games are not what the lab keeps. "
                                                "Nothing was changed.")
    assert not b.is_visible("#restore-merge") and kept(b) == before
    b.fill("#restore-text", '{"format": "phutball-lab-backup", "version": 7}')
    b.click("#restore-check")
    b.wait_for_function("() => document.getElementById('restore-preview').textContent.includes('newer')")
    assert kept(b) == before
    a_ctx.close()
    b_ctx.close()


def test_the_browser_is_asked_to_keep_the_data_after_the_first_kept_game_and_its_answer_is_shown(browser, server):
    for persist, words in ((False, "This browser may clear the lab's data"), (True, "This browser keeps the lab's data")):
        ctx, page = fresh(browser, server, 1280, 800, persist=persist)
        page.goto(f"{server.origin}/index.html")
        wait_ready(page)
        play_a_game(page, ["E6"])
        assert "keep the lab's data" not in page.inner_text("#message")  # said in Your games, not over the game
        open_your_games(page)
        page.wait_for_function("(w) => document.getElementById('keep-status').textContent.startsWith(w)", arg=words)
        assert page.is_visible("#storage-persist") == (not persist)
        assert not page.is_visible("#keep-reminder")  # one game, and no failed write: no reminder yet
        ctx.close()
    ctx, page = fresh(browser, server, 1280, 800)  # Chromium's own answer, whichever it is
    page.goto(f"{server.origin}/index.html")
    wait_ready(page)
    open_your_games(page)
    page.wait_for_function("() => /^This browser (keeps|may clear|does not say)/.test("
                           "document.getElementById('keep-status').textContent)")
    ctx.close()


def test_a_game_by_link_shown_as_a_qr_code_opens_on_the_friend_s_phone(browser, server):
    ctx, page = fresh(browser, server, 1280, 800)
    page.goto(f"{server.origin}/index.html")
    wait_ready(page)
    new_game(page, "link", "first")
    click_point(page, "E6")
    page.click("#link-qr")
    page.wait_for_selector("#carry-qr svg")
    assert page.text_content("#carry-title") == "This game's link"
    read = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(page.locator("#carry-qr").screenshot())))]
    assert read == [page.input_value("#carry-url")] and "#game=" in read[0]
    phone_ctx, phone = fresh(browser, server, 390, 844)
    phone.goto(read[0])
    wait_ready(phone)
    phone.wait_for_function("() => document.getElementById('status').textContent.startsWith('Your move')")
    assert phone.evaluate("() => document.getElementById('board').dataset.position") == "9x9_X_E5_E6"
    ctx.close()
    phone_ctx.close()


@pytest.mark.slow
def test_two_tabs_of_one_browser_keep_both_their_games(browser, server):
    """Issue 38's last gap: the second tab's write put back the games it read at its start."""
    ctx, one = fresh(browser, server, 1280, 800)
    one.goto(f"{server.origin}/index.html")
    wait_ready(one)
    two = ctx.new_page()
    two.goto(f"{server.origin}/index.html")
    wait_ready(two)
    play_a_game(one, ["E6"])
    play_a_game(two, ["C3"])
    click_point(one, "E4")
    two.wait_for_function("() => JSON.parse(localStorage.getItem('phutball.games.v1')).games.length === 2")
    one.wait_for_function("() => window.phutballHost.idle")
    two.reload()
    wait_ready(two)
    open_your_games(two)
    assert len(two.query_selector_all("#games-list li")) == 2
    ctx.close()
