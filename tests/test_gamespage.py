"""lab.gamespage: what the play page's kept games, games by link and backups show and say."""

from __future__ import annotations

from helpers import FakeStorage
from lab import backup, gamespage, gamestore, rating
from lab.gamesite import Site
from lab.savedgame import initial_controller


def page():
    storage = FakeStorage()
    site = Site.load(storage)
    ctl = initial_controller(storage, "", site.store)
    site.attach(ctl)
    return site, ctl


def test_the_rating_line_and_the_link_panel():
    site, ctl = page()
    props = gamespage.site_props(site, ctl, "https://lab/")
    assert props[("rating", "textContent")] == site.rating.text()
    assert props[("storage-panel", "hidden")] is True
    assert props[("link-panel", "hidden")] is True and ("link-url", "value") not in props  # no game by link
    site.new_game(ctl, "9x9", "link", "first", "", False)
    props = gamespage.site_props(site, ctl, "https://lab/")
    assert props[("link-panel", "hidden")] is False and props[("link-url", "value")].startswith("https://lab/")


def test_what_the_share_sheet_answers_is_said():
    assert gamespage.link_note("shared") == {("link-note", "textContent"): "Sent."}
    assert gamespage.link_note("failed")[("link-note", "textContent")] == "Copy the link above to your friend."
    assert gamespage.sent("copied") and not gamespage.sent("cancelled")
    assert gamespage.share_note("oops", "u") == {("games-note", "textContent"): "Could not copy the link: u"}
    assert gamespage.share_note("cancelled", "u") == {("games-note", "textContent"): ""}


def test_your_games_dialog():
    site, ctl = page()
    props = gamespage.games_props(site)
    assert "No games yet" in props[("games-list", "innerHTML")]
    assert props[("games-rating", "textContent")] == site.rating.text() + "." and props[("games-graph", "innerHTML")] == ""
    assert gamespage.exported(3) == {("games-note", "textContent"): "Downloaded 3 games in one record file."}


def test_the_backup_reminder_replaces_the_message_unless_an_error_shows():
    assert gamespage.kept_message("m", "Back up.", "") == "Back up."
    assert gamespage.kept_message("m", "Back up.", "full") == "m"
    assert gamespage.kept_message("m", "", "") == "m"
    assert gamespage.keep_props("") == {("keep-reminder", "hidden"): True, ("keep-reminder", "textContent"): ""}


def test_another_tabs_storage():
    assert gamespage.other_tab(gamestore.STORAGE_KEY, "{}") == (gamestore.STORAGE_KEY, "{}")
    assert gamespage.other_tab(rating.STORAGE_KEY, None) == (rating.STORAGE_KEY, None)
    assert gamespage.other_tab("something-else", "{}") is None


def test_the_browsers_storage_answer():
    props = gamespage.storage_props({"persisted": False, "usage": 10, "quota": 100, "local": 5})
    assert props[("storage-persist", "hidden")] is False
    assert props[("keep-status", "textContent")] == backup.storage_words(False, 5, 10, 100)
    assert gamespage.storage_props("nonsense")[("storage-persist", "hidden")] is True  # unknown: not offered
    assert gamespage.storage_props({"persisted": True})[("storage-persist", "hidden")] is True


def test_a_backups_preview_and_note():
    site, ctl = page()
    made = site.backup()
    assert gamespage.backup_note(made).startswith("Backup downloaded: 0 games, your rating, 0 solved puzzles")
    assert gamespage.backup_file(made) == f"phutball-backup-{made.made[:10]}.json"
    plan, props = gamespage.preview(site, lambda: made, "Intro. ")
    assert plan is not None and props[("restore-preview", "textContent")].startswith("Intro. ")
    plan, props = gamespage.preview(site, lambda: backup.Backup.from_text("not json"))
    assert plan is None and props[("restore-preview", "className")] == "message error"
    assert props[("restore-merge", "hidden")] is True


def test_the_new_game_suggestion_needs_a_rating():
    site, _ = page()
    assert gamespage.suggestion(site.rating) == ""


# ---------------------------------------------------------------- GamesPage: each button, and what the page does then


def games_page(fragment: str = ""):
    site, ctl = page()
    games = gamespage.GamesPage(site, lambda: "https://lab/play.html#somewhere")
    return games, games.start(lambda: ctl, fragment), ctl


def names(ops):
    return [op[0] for op in ops]


def shown(ops):
    """Every property the ops show, merged in order."""
    return {k: v for op in ops if op[0] == "show" for k, v in op[1].items()}


def test_the_first_kept_game_asks_the_browser_once_to_keep_the_data():
    games, ops, ctl = games_page()
    assert ops == []  # no link, no backup carried
    assert games.changed() == games.draw()  # nothing kept yet: only drawn
    ctl.play_text("E6")
    assert names(games.changed()) == ["storage", "show"] and games.changed()[0][0] == "show"
    ctl.play_text("E4")
    assert ("storage", True) not in games.changed()  # asked once


def test_a_backup_carried_by_link_is_previewed_and_its_fragment_cleared():
    site, ctl = page()
    other = backup.Backup(backup.Kept.read(FakeStorage()), "2026-11-01T10:00:00")
    fragment = backup.carry_fragment(other)
    assert fragment is not None
    games = gamespage.GamesPage(site, lambda: "https://lab/")
    ops = games.start(lambda: ctl, fragment)
    assert ops[0] == ("hash", "") and ("call", "restore-dialog", "showModal") in ops
    assert ops[-1] == ("call", "restore-merge", "focus") and games.plan is not None
    assert shown(ops)[("restore-inputs", "hidden")] is True
    assert shown(ops)[("restore-preview", "textContent")].startswith(gamespage.CARRY_INTRO)


def test_a_game_link_is_opened_at_the_start():
    a, _, actl = games_page()
    a.site.new_game(actl, "9x9", "link", "first", "", False)
    actl.play_text("E6")
    a.changed()
    op = a.send_link()[0]
    assert op[0] == "share" and op[2:4] == gamespage.LINK_SHARE
    b, ops, bctl = games_page(op[1].split("#", 1)[1])
    assert ops == [] and bctl.game.moves == ["E6"] and bctl.state.link is not None


def test_the_link_is_sent_unless_the_share_sheet_was_cancelled():
    games, _, ctl = games_page()
    assert games.send_link() == []  # no game by link
    games.site.new_game(ctl, "9x9", "link", "first", "", False)
    ctl.play_text("E6")
    then = games.send_link()[0][-1]
    assert then("cancelled") == [("show", gamespage.link_note("cancelled")), ("refresh",)]
    assert ctl.state.link.sent == 0  # cancelled: the friend has not seen the move
    then("copied")
    assert ctl.state.link.sent == 1


def test_the_link_panels_buttons():
    games, _, ctl = games_page()
    assert games.link_act(None) == [] and games.link_act("") == []
    games.site.new_game(ctl, "9x9", "link", "first", "", False)
    assert games.link_act("resign") == [("refresh",)] and ctl.game.result


def test_a_full_storage_is_said_and_the_games_downloaded():
    games, _, ctl = games_page()
    assert games.store_failed() == [("refresh",)] and ctl.state.error == games.site.unsaved != ""
    assert games.free_space() == [("refresh",)]  # no finished game to free
    ops = games.download_game()
    assert ops[0][:2] == ("download", gamespage.game_file(ctl.state.game_id))
    assert ctl.state.message == gamespage.GAME_DOWNLOADED


def test_your_games_and_each_games_buttons():
    games, _, ctl = games_page()
    ops = games.open_games()
    assert ops[0] == ("storage", False) and ops[-1] == ("call", "games-dialog", "showModal")
    assert shown(ops)[("games-note", "textContent")] == ""
    ctl.play_text("E6")
    games.changed()
    first = ctl.state.game_id
    assert games.game_act(first, "nonsense") == [] and games.game_act("no-such-game", "open") == []
    assert games.game_act(first, "download")[0] == ("download", gamespage.entry_file(games.site.store.get(first)),
                                                     games.site.store.get(first).record, "text/plain")
    assert "on the board" in shown(games.game_act(first, "delete"))[("games-note", "textContent")]
    share = games.game_act(first, "share")[0]
    assert share[0] == "share" and share[-1]("copied") == [("show", {("games-note", "textContent"): "Link copied."})]
    games.site.new_game(ctl, "9x9", "here", "first", "", False)
    assert games.game_act(first, "review") == [("call", "games-dialog", "close"), ("review",), ("refresh",)]
    assert ctl.state.game_id == first
    assert games.game_act(first, "open") == [("call", "games-dialog", "close"), ("refresh",)]
    assert names(games.export_all()) == ["download", "show"]


def test_a_backup_then_a_restore_previewed_then_merged():
    games, _, ctl = games_page()
    ops = games.backup_download()
    assert ops[0][0] == "download" and ops[0][3] == "application/json" and ops[-1] == ("refresh",)
    assert ctl.state.message.startswith("Backup downloaded")
    assert games.open_restore()[1] == ("set", "restore-text", "value", "") and games.plan is None
    assert shown(games.restore_text("not a backup"))[("restore-preview", "className")] == "message error"
    assert games.restore_merge() == []  # nothing previewed
    assert games.restore_files([]) == []
    assert games.restore_files([{"text": ops[0][2]}]) and games.plan is not None
    merged = games.restore_merge()
    assert merged[0] == ("call", "restore-dialog", "close") and merged[-1] == ("refresh",) and games.plan is None


def test_carry_everything_or_a_game_by_link():
    games, _, ctl = games_page()
    ops = games.carry_everything()
    assert ops[-1][0] == "qr" and ops[-1][1].startswith("https://lab/play.html#restore=")
    assert shown(ops)[("carry-url", "value")] == ops[-1][1] and ops[-1][2:] == gamespage.CARRY_ALL
    copied = {("carry-text", "textContent"): gamespage.CARRY_COPIED}
    assert games.carry_copy() == [("copy", ops[-1][1]), ("show", copied)]
    assert games.carry_link_game() == []  # no game by link
    games.site.new_game(ctl, "9x9", "link", "first", "", False)
    ops = games.carry_link_game()
    assert ops[0] == ("refresh",) and ops[-1][2:] == gamespage.CARRY_GAME


def test_the_storage_answer_and_another_tab():
    games, _, ctl = games_page()
    assert shown(games.storage_answer({"persisted": True}))[("storage-persist", "hidden")] is True
    assert games.heard(gamestore.STORAGE_KEY, None) == []
