"""Glue of the play page's kept games, games by link and rating (run in the page's worker; it only wires).

Every decision is in :class:`lab.gamesite.Site` (unit-tested), every word and property shown in
:mod:`lab.gamespage`; this module hands the site the page's storage, shows what it says (the rating line,
the link panel, the list of your games, backups) and forwards the buttons.  ``glue/play.py`` calls
:func:`load` before the board's controller exists, :func:`start` once it does, and :func:`changed` after
every change.
"""

from __future__ import annotations

from typing import Any, Callable

from glue.remote import (Event, bind, closes, copy_text, download, el, install_wheel, location_href, set_hash,
                         share_link, show, spawn, storage, storage_info)
from lab import backup, gamespage as words, linkgame, qr
from lab.gamesite import Site, position_link
from lab.gamestore import GameEntry
from lab.play import PlayController
from phutball.errors import PhutballError

site = Site.load(storage)
_page: dict[str, Any] = {"ctl": None, "refresh": None, "review": None, "plan": None, "asked": False}


def _ctl() -> PlayController:
    ctl: PlayController = _page["ctl"]()
    return ctl


def start(get_ctl: Callable[[], PlayController], refresh: Callable[[], None], review: Callable[[], None],
          fragment: str) -> None:
    """Attach the restored game to its kept entry, open a game link, bind the controls."""
    _page.update(ctl=get_ctl, refresh=refresh, review=review)
    site.attach(_ctl())
    if linkgame.is_game_link(fragment):
        site.open_fragment(_ctl(), fragment)
    elif backup.is_carry_fragment(fragment):
        set_hash("")  # a reload does not offer it again
        open_restore(None, from_link=True)
        _preview(lambda: backup.from_fragment(fragment), words.CARRY_INTRO)
        el("restore-merge").focus()
    bind({("your-games", "click"): open_games, ("games-close", "click"): closes("games-dialog"),
          ("games-export", "click"): export_all, ("games-list", "click"): on_games_click,
          ("link-send", "click"): send_link, ("link-actions", "click"): on_link_action,
          ("storage-download", "click"): download_game, ("storage-free", "click"): free_space,
          ("window", "phutball-store-failed"): on_store_failed, ("window", "storage"): on_other_tab,
          ("storage-backup", "click"): backup_download, ("backup-download", "click"): backup_download,
          ("backup-restore", "click"): open_restore, ("backup-carry", "click"): carry_everything,
          ("storage-persist", "click"): lambda e: storage_info(True, on_storage),
          ("restore-file", "change"): restore_file, ("restore-check", "click"): restore_text,
          ("restore-merge", "click"): restore_merge, ("restore-close", "click"): closes("restore-dialog"),
          ("link-qr", "click"): carry_link_game, ("carry-copy", "click"): carry_copy,
          ("carry-close", "click"): closes("carry-dialog")})


def changed() -> None:
    """After every change on the board: keep the game, rate a finished one, draw.  After the first kept
    game, the browser is asked once to keep the lab's data (persistent storage); after each new kept game
    the page reminds the visitor to back up when one is due (:func:`lab.backup.reminder`)."""
    kept = len(site.store.games)
    site.changed(_ctl())
    if len(site.store.games) > kept:
        _ask_to_keep()
        _ctl().message = words.kept_message(_ctl().message, _reminder(), _ctl().error)
    draw()


def _ask_to_keep() -> None:
    if not _page["asked"]:
        _page["asked"] = True
        storage_info(True, on_storage)


def draw() -> None:
    """The rating line, the link panel and the storage notice."""
    show(words.site_props(site, _ctl(), location_href()))


def send_link(event: Event) -> None:
    url = site.link_url(_ctl(), location_href())

    def shared(answer: Event) -> None:
        if words.sent(str(answer.data)):
            site.sent(_ctl())
        show(words.link_note(str(answer.data)))
        _page["refresh"]()

    if url:
        share_link(url, *words.LINK_SHARE, shared)


def on_link_action(event: Event) -> None:
    act = event.target.getAttribute("data-link-act")
    if act:
        site.act(_ctl(), str(act))
        _page["refresh"]()


def open_fragment(fragment: str) -> bool:
    """Open a ``game=...`` link (False if the fragment is not one)."""
    return site.open_fragment(_ctl(), fragment)


def new_game(board: str, opponent: str, side: str, level: str, pie: bool) -> None:
    site.new_game(_ctl(), board, opponent, side, level, pie)


def rematch() -> None:
    site.rematch(_ctl())


def restore_previous() -> None:
    site.restore_previous(_ctl())


def on_other_tab(event: Event) -> None:
    """Another tab of this browser stored its games or rating: merged into this page's (Site.heard)."""
    heard = words.other_tab(getattr(event, "key", None), getattr(event, "newValue", None))
    if heard is not None:
        storage.learn(*heard)
        if site.heard(*heard):
            draw()


# ---------------------------------------------------------------- a full storage


def on_store_failed(event: Event) -> None:
    site.write_failed()
    _ctl().error = site.unsaved
    _page["refresh"]()


def download_game(event: Event) -> None:
    ctl = _ctl()
    download(words.game_file(ctl.game_id), ctl.export_record())
    ctl.message = words.GAME_DOWNLOADED
    _page["refresh"]()


def free_space(event: Event) -> None:
    text = site.free_space(_ctl())
    if text:
        download("phutball-finished-games.phut", text)
    _page["refresh"]()


# ---------------------------------------------------------------- the list


def open_games(event: Event) -> None:
    storage_info(False, on_storage)
    show({**words.keep_props(_reminder()), **words.games_props(site), **words.games_note("")})
    el("games-dialog").showModal()


def export_all(event: Event) -> None:
    download("phutball-games.phut", site.store.export_all())
    show(words.exported(len(site.store.games)))


def on_games_click(event: Event) -> None:
    entry = site.store.get(event.target.getAttribute("data-game"))
    act = str(event.target.getAttribute("data-act"))
    if entry is not None and act in GAME_ACTS:
        GAME_ACTS[act](entry, act)


def _download_entry(entry: GameEntry, act: str) -> None:
    download(words.entry_file(entry), entry.record)
    show(words.games_note(words.RECORD_DOWNLOADED))


def _delete_entry(entry: GameEntry, act: str) -> None:
    show(words.games_note(site.delete(_ctl(), entry.id)))
    show({("games-list", "innerHTML"): words.games_list(site)})


def _reopen(entry: GameEntry, act: str) -> None:
    ok = site.reopen(_ctl(), entry.id)
    el("games-dialog").close()
    if ok and act == "review":
        _page["review"]()
    _page["refresh"]()


def _share(entry: GameEntry, act: str) -> None:
    try:
        url = words.entry_link(entry, location_href())
    except PhutballError as e:  # a record that does not replay: said, never a broken page
        show(words.unreadable(e))
        return
    share_link(url, *words.GAME_SHARE, lambda answer: show(words.share_note(str(answer.data), url)))


GAME_ACTS: dict[str, Callable[[GameEntry, str], None]] = {
    "download": _download_entry, "delete": _delete_entry, "share": _share, "open": _reopen, "review": _reopen}


# ---------------------------------------------------------------- keep your data: backup, restore, carry


def _reminder() -> str:
    return backup.reminder(len(site.store.games), backup.LastBackup.read(storage), failed=bool(site.unsaved))


def on_storage(event: Event) -> None:
    """The browser's answer about its storage: said in *Your games* (where a browser that may clear the data
    asks for a backup); *Ask this browser to keep it* while it does not."""
    show({**words.storage_props(event.data), **words.keep_props(_reminder())})


def backup_download(event: Event) -> None:
    made = site.backup()
    download(words.backup_file(made), made.to_text(), "application/json")
    _ctl().message = words.backup_note(made)
    show({**words.games_note(_ctl().message), **words.keep_props(_reminder())})
    _page["refresh"]()


def open_restore(event: Event | None, from_link: bool = False) -> None:
    """The Restore dialog: a file or a pasted text (none of these for a backup a link brought)."""
    _page["plan"] = None
    show(words.restore_props(from_link))
    el("restore-text").value = ""
    el("restore-dialog").showModal()


def _preview(read: Callable[[], backup.Backup], intro: str = "") -> None:
    """Read a backup and show what restoring it would do (changing nothing yet), or why it cannot be."""
    _page["plan"], props = words.preview(site, read, intro)
    show(props)


def restore_file(event: Event) -> None:
    for file in event.files[:1]:
        _preview(lambda: backup.Backup.from_text(str(file.get("text") or "")))


def restore_text(event: Event) -> None:
    _preview(lambda: backup.Backup.from_text(str(el("restore-text").value)))


def restore_merge(event: Event) -> None:
    plan, _page["plan"] = _page["plan"], None
    if plan is not None:
        site.restore(_ctl(), plan)
        el("restore-dialog").close()
        # the Your games dialog under it, when restored from there
        show({**words.games_props(site), **words.games_note(_ctl().message), **words.keep_props(_reminder())})
        _page["refresh"]()


def _show_qr(url: str, title: str, text: str) -> None:
    """The carry dialog with ``url`` as a QR code (the encoder is installed the first time)."""
    show(words.carry_props(title))
    el("carry-url").value = url
    el("carry-dialog").showModal()

    async def draw_code() -> None:
        try:
            import segno  # noqa: F401  (installed by an earlier QR code)
        except ImportError:
            from urllib.parse import urljoin
            try:
                await install_wheel(urljoin(location_href(), f"./wheels/{qr.WHEEL}"))
            except Exception:  # offline before the lab was kept for offline use, or a host without it
                show({("carry-text", "textContent"): words.QR_CANNOT})
                return
        show(words.qr_props(url, title, text))

    spawn(draw_code())


def carry_copy(event: Event) -> None:
    copy_text(str(el("carry-url").value))
    show({("carry-text", "textContent"): words.CARRY_COPIED})


def carry_everything(event: Event) -> None:
    fragment = backup.carry_fragment(site.backup())
    if fragment is None:
        show(words.games_note(words.CARRY_TOO_MUCH))
        return
    from urllib.parse import urldefrag
    _show_qr(urldefrag(location_href())[0] + "#" + fragment, *words.CARRY_ALL)


def carry_link_game(event: Event) -> None:
    url = site.link_url(_ctl(), location_href())
    if url:
        site.sent(_ctl())  # shown to the friend: as good as sent
        _page["refresh"]()
        _show_qr(url, *words.CARRY_GAME)


def suggestion() -> str:
    """The New game dialog's line suggesting the level nearest to the player's rating."""
    return words.suggestion(site.rating)


__all__ = ["changed", "new_game", "open_fragment", "position_link", "rematch", "restore_previous", "site", "start",
           "suggestion"]
