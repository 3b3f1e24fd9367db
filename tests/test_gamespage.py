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
