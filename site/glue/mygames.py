"""Glue of the play page's kept games, games by link and rating (run in the page's worker; it only wires).

Every decision is in :class:`lab.gamesite.Site` (unit-tested); this module hands it the page's
storage, draws what it says (the rating line, the link panel, the list of your games) and forwards
the buttons.  ``glue/play.py`` calls :func:`load` before the board's controller exists, :func:`start`
once it does, and :func:`changed` after every change.
"""

from __future__ import annotations

from typing import Any, Callable

from glue.remote import (Event, copy_text, download, el, install_wheel, location_href, on, set_hash, share_link,
                         spawn, storage, storage_info, window)
from lab import backup, gamestore, linkgame, qr, rating
from lab.embedparams import share_params, snippets
from lab.gamesite import Site, actions_html, position_link
from lab.play import PlayController, level_label
from phutball.errors import PhutballError

site = Site.load(storage)
_page: dict[str, Any] = {"ctl": None, "refresh": None, "review": None, "shown": {}, "plan": None,
                         "persisted": None, "asked": False}


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
        _preview(lambda: backup.from_fragment(fragment),
                 "The link from your other device holds a backup. Nothing changes until you press Merge. ")
        el("restore-merge").focus()
    on(el("your-games"), "click", open_games)
    on(el("games-close"), "click", lambda e: el("games-dialog").close())
    on(el("games-export"), "click", export_all)
    on(el("games-list"), "click", on_games_click)
    on(el("link-send"), "click", send_link)
    on(el("link-actions"), "click", on_link_action)
    on(el("storage-download"), "click", download_game)
    on(el("storage-free"), "click", free_space)
    on(window, "phutball-store-failed", on_store_failed)
    on(window, "storage", on_other_tab)
    on(el("storage-backup"), "click", backup_download)
    on(el("backup-download"), "click", backup_download)
    on(el("backup-restore"), "click", open_restore)
    on(el("backup-carry"), "click", carry_everything)
    on(el("storage-persist"), "click", lambda e: storage_info(True, on_storage))
    on(el("restore-file"), "change", restore_file)
    on(el("restore-check"), "click", restore_text)
    on(el("restore-merge"), "click", restore_merge)
    on(el("restore-close"), "click", lambda e: el("restore-dialog").close())
    on(el("link-qr"), "click", carry_link_game)
    on(el("carry-copy"), "click", carry_copy)
    on(el("carry-close"), "click", lambda e: el("carry-dialog").close())


def changed() -> None:
    """After every change on the board: keep the game, rate a finished one, draw.  After the first kept
    game, the browser is asked once to keep the lab's data (persistent storage); after each new kept game
    the page reminds the visitor to back up when one is due (:func:`lab.backup.reminder`)."""
    kept = len(site.store.games)
    site.changed(_ctl())
    if len(site.store.games) > kept:
        if not _page["asked"]:
            _page["asked"] = True
            storage_info(True, on_storage)
        due = _reminder()
        if due and not _ctl().error:
            _ctl().message = due
    draw()


def draw() -> None:
    """The rating line, the link panel and the storage notice."""
    ctl = _ctl()
    r = site.rating
    _set("rating", "hidden", not (ctl.against_computer or r.games > 0))
    _set("rating", "textContent", r.text())
    panel = site.panel(ctl, location_href())
    _set("link-panel", "hidden", panel["hidden"])
    _set("storage-panel", "hidden", not site.unsaved)
    if panel["hidden"]:
        return
    _set("link-url", "value", panel["url"])
    _set("link-text", "textContent", panel["text"])
    _set("link-send", "disabled", not panel["can_send"])
    _set("link-actions", "innerHTML", actions_html(panel["actions"]))


def _set(element: str, prop: str, value: Any) -> None:
    """Set a property only when it changes (fewer operations sent to the page)."""
    shown = _page["shown"]
    if shown.get((element, prop)) != value:
        shown[(element, prop)] = value
        setattr(el(element), prop, value)


def send_link(event: Event) -> None:
    ctl = _ctl()
    url = site.link_url(ctl, location_href())
    if not url:
        return

    def shared(answer: Event) -> None:
        how = str(answer.data)
        if how != "cancelled":  # shared, copied, or shown to copy by hand: the friend may see it
            site.sent(_ctl())
        el("link-note").textContent = {"shared": "Sent.", "copied": "Link copied: paste it to your friend.",
                                       "cancelled": ""}.get(how, "Copy the link above to your friend.")
        _page["refresh"]()

    share_link(url, "Phutball: your move", "Your move in our game of phutball:", shared)


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
    key = getattr(event, "key", None)
    value = getattr(event, "newValue", None)
    if key in (gamestore.STORAGE_KEY, rating.STORAGE_KEY):
        storage.learn(str(key), value if isinstance(value, str) else None)
        if site.heard(str(key), value if isinstance(value, str) else None):
            draw()


# ---------------------------------------------------------------- a full storage


def on_store_failed(event: Event) -> None:
    site.write_failed()
    _ctl().error = site.unsaved
    _page["refresh"]()


def download_game(event: Event) -> None:
    ctl = _ctl()
    download(f"phutball-{ctl.game_id}.phut", ctl.export_record())
    ctl.message = "This game's record was downloaded."
    _page["refresh"]()


def free_space(event: Event) -> None:
    ctl = _ctl()
    text = site.free_space(ctl)
    if text:
        download("phutball-finished-games.phut", text)
    _page["refresh"]()


# ---------------------------------------------------------------- the list


def open_games(event: Event) -> None:
    storage_info(False, on_storage)
    _keep_lines()
    _fill_games()
    el("games-note").textContent = ""
    el("games-dialog").showModal()


def _fill_games() -> None:
    """The list of your games, the rating line and its graph (in the Your games dialog)."""
    store = site.store
    el("games-list").innerHTML = gamestore.games_html(store, level_label, gamestore.unreadable(store))
    r = site.rating
    el("games-rating").textContent = (f"{r.text()}. History: {r.history_text()}." if r.games else r.text() + ".")
    el("games-graph").innerHTML = r.graph_svg() if r.games else ""


def export_all(event: Event) -> None:
    store = site.store
    download("phutball-games.phut", store.export_all())
    el("games-note").textContent = f"Downloaded {len(store.games)} games in one record file."


def on_games_click(event: Event) -> None:
    game_id = event.target.getAttribute("data-game")
    act = event.target.getAttribute("data-act")
    entry = site.store.get(game_id)
    if entry is None or not act:
        return
    if act == "download":
        download(f"phutball-{entry.started}-{entry.id}.phut", entry.record)
        el("games-note").textContent = "Record downloaded."
        return
    if act == "delete":
        el("games-note").textContent = site.delete(_ctl(), entry.id)
        el("games-list").innerHTML = gamestore.games_html(site.store, level_label, gamestore.unreadable(site.store))
        return
    if act == "share":
        _share(entry)
        return
    ok = site.reopen(_ctl(), entry.id)
    el("games-dialog").close()
    if ok and act == "review":
        _page["review"]()
    _page["refresh"]()


def _share(entry: gamestore.GameEntry) -> None:
    try:
        game = entry.game()
    except PhutballError as e:  # a record that does not replay: said, never a broken page
        el("games-note").textContent = f"This game's record cannot be read: {e}"
        return
    seat = entry.seat
    url = (linkgame.url(location_href(), seat.link(game)) if seat is not None
           else snippets(_folder(), share_params(game, "game")).link)

    def shared(answer: Event) -> None:
        el("games-note").textContent = {"shared": "Shared.", "copied": "Link copied.", "cancelled": ""}.get(
            str(answer.data), f"Could not copy the link: {url}")

    share_link(url, "Phutball game", "A game of phutball", shared)


def _folder() -> str:
    from urllib.parse import urljoin
    return urljoin(location_href(), "./")


# ---------------------------------------------------------------- keep your data: backup, restore, carry


def _reminder() -> str:
    return backup.reminder(len(site.store.games), backup.LastBackup.read(storage), failed=bool(site.unsaved))


def _keep_lines() -> None:
    due = _reminder()
    el("keep-reminder").hidden = not due
    el("keep-reminder").textContent = due


def on_storage(event: Event) -> None:
    """The browser's answer about its storage: said in *Your games* (where a browser that may clear the data
    asks for a backup); *Ask this browser to keep it* while it does not."""
    info = event.data if isinstance(event.data, dict) else {}
    persisted = info.get("persisted")
    _page["persisted"] = persisted if isinstance(persisted, bool) else None

    def number(name: str) -> int | None:
        value = info.get(name)
        return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    el("keep-status").textContent = backup.storage_words(_page["persisted"], number("local"), number("usage"),
                                                         number("quota"))
    el("storage-persist").hidden = _page["persisted"] is not False
    _keep_lines()


def backup_download(event: Event) -> None:
    made = site.backup()
    download(f"phutball-backup-{made.made[:10]}.json", made.to_text(), "application/json")
    kept = made.kept
    what = [backup.count(len(kept.games.games), "game"), "your rating",
            backup.count(kept.solved(), "solved puzzle")]
    note = f"Backup downloaded: {', '.join(what)}, your lesson and settings. Keep the file somewhere safe."
    el("games-note").textContent = note
    _ctl().message = note
    _keep_lines()
    _page["refresh"]()


def open_restore(event: Event | None, from_link: bool = False) -> None:
    """The Restore dialog: a file or a pasted text (none of these for a backup a link brought)."""
    _page["plan"] = None
    el("restore-inputs").hidden = from_link
    el("restore-preview").textContent = ""
    el("restore-preview").className = "message"
    el("restore-merge").hidden = True
    el("restore-text").value = ""
    el("restore-dialog").showModal()


def _preview(read: Callable[[], backup.Backup], intro: str = "") -> None:
    """Read a backup and show what restoring it would do (changing nothing yet), or why it cannot be."""
    try:
        plan = site.restore_plan(read())
    except backup.BackupError as e:
        _page["plan"] = None
        el("restore-preview").textContent = str(e)
        el("restore-preview").className = "message error"
        el("restore-merge").hidden = True
        return
    _page["plan"] = plan
    el("restore-preview").textContent = intro + plan.words()
    el("restore-preview").className = "message"
    el("restore-merge").hidden = not plan.changes()


def restore_file(event: Event) -> None:
    files = event.files or []
    if files:
        _preview(lambda: backup.Backup.from_text(str(files[0].get("text") or "")))


def restore_text(event: Event) -> None:
    _preview(lambda: backup.Backup.from_text(str(el("restore-text").value)))


def restore_merge(event: Event) -> None:
    plan = _page["plan"]
    if plan is None:
        return
    _page["plan"] = None
    site.restore(_ctl(), plan)
    el("restore-dialog").close()
    _fill_games()  # the Your games dialog under it, when restored from there
    el("games-note").textContent = _ctl().message
    _keep_lines()
    _page["refresh"]()


def _show_qr(url: str, title: str, text: str) -> None:
    """The carry dialog with ``url`` as a QR code (the encoder is installed the first time)."""
    el("carry-title").textContent = title
    el("carry-text").textContent = "Making the QR code…"
    el("carry-url").value = url
    el("carry-qr").innerHTML = ""
    el("carry-dialog").showModal()

    async def draw_code() -> None:
        try:
            import segno  # noqa: F401  (installed by an earlier QR code)
        except ImportError:
            from urllib.parse import urljoin
            try:
                await install_wheel(urljoin(location_href(), f"./wheels/{qr.WHEEL}"))
            except Exception:  # offline before the lab was kept for offline use, or a host without it
                el("carry-text").textContent = ("The QR code cannot be made here (this copy of the lab has no QR "
                                                "encoder): copy the link instead.")
                return
        el("carry-qr").innerHTML = qr.svg(url, title + ": a QR code of the link below")
        el("carry-text").textContent = text

    spawn(draw_code())


def carry_copy(event: Event) -> None:
    copy_text(str(el("carry-url").value))
    el("carry-text").textContent = "Link copied: send it to the other device."


def carry_everything(event: Event) -> None:
    made = site.backup()
    fragment = backup.carry_fragment(made)
    if fragment is None:
        el("games-note").textContent = ("Everything you keep is too much for one QR code: use Back up everything, "
                                        "then open the file on the other device with Restore a backup.")
        return
    from urllib.parse import urldefrag
    url = urldefrag(location_href())[0] + "#" + fragment
    _show_qr(url, "Carry to another device",
             "Scan this code with the other device's camera, or send it the link: the lab opens there and "
             "offers to merge everything you keep here into what it keeps.")


def carry_link_game(event: Event) -> None:
    url = site.link_url(_ctl(), location_href())
    if not url:
        return
    site.sent(_ctl())  # shown to the friend: as good as sent
    _page["refresh"]()
    _show_qr(url, "This game's link",
             "Your friend scans this code with their phone's camera: the game opens there, their move next. "
             "When they have moved, they send you the link back.")


def suggestion() -> str:
    """The New game dialog's line suggesting the level nearest to the player's rating."""
    r = site.rating
    if not r.games:
        return ""
    return f"Nearest to your rating ({round(r.value)}): {level_label(rating.nearest_level(r.value))}."


__all__ = ["changed", "new_game", "open_fragment", "position_link", "rematch", "restore_previous", "site", "start",
           "suggestion"]
