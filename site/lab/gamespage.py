"""What the play page's kept games, games by link and backups show and say (``glue/mygames.py`` shows it).

Pure Python, unit-tested: the element properties (:mod:`lab.pageprops`) of the rating line, the link
panel, the *Your games* dialog, the Restore and Carry dialogs, and the sentences the page says after a
button; the decisions are :class:`lab.gamesite.Site`'s.  :class:`GamesPage` answers each of the page's
buttons with what the page does then (:data:`Ops`), which the glue does with the page's own tools.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from lab import backup, gamestore, linkgame, qr, rating
from lab.embedparams import share_params, snippets
from lab.gamesite import Site, actions_html
from lab.pageprops import Props
from lab.play import PlayController, level_label
from phutball.errors import PhutballError

#: The share sheet's title and text for a game by link (your move, sent to your friend).
LINK_SHARE = ("Phutball: your move", "Your move in our game of phutball:")
#: ... and for a kept game shared from *Your games*.
GAME_SHARE = ("Phutball game", "A game of phutball")
GAME_DOWNLOADED = "This game's record was downloaded."
RECORD_DOWNLOADED = "Record downloaded."
CARRY_INTRO = "The link from your other device holds a backup. Nothing changes until you press Merge. "
QR_MAKING = "Making the QR code…"
QR_CANNOT = "The QR code cannot be made here (this copy of the lab has no QR encoder): copy the link instead."
CARRY_COPIED = "Link copied: send it to the other device."
CARRY_TOO_MUCH = ("Everything you keep is too much for one QR code: use Back up everything, then open the file on "
                  "the other device with Restore a backup.")
#: The Carry dialog's title and words: everything you keep, to another device; a game by link, to your friend.
CARRY_ALL = ("Carry to another device",
             "Scan this code with the other device's camera, or send it the link: the lab opens there and offers "
             "to merge everything you keep here into what it keeps.")
CARRY_GAME = ("This game's link",
              "Your friend scans this code with their phone's camera: the game opens there, their move next. When "
              "they have moved, they send you the link back.")


def site_props(site: Site, ctl: PlayController, base: str) -> Props:
    """The rating line, the storage notice and the link panel (its fields only while it is shown)."""
    r = site.rating
    panel = site.panel(ctl, base)
    props: Props = {("rating", "hidden"): not (ctl.state.against_computer or r.games > 0),
                    ("rating", "textContent"): r.text(), ("link-panel", "hidden"): panel["hidden"],
                    ("storage-panel", "hidden"): not site.unsaved}
    if not panel["hidden"]:
        props.update({("link-url", "value"): panel["url"], ("link-text", "textContent"): panel["text"],
                      ("link-send", "disabled"): not panel["can_send"],
                      ("link-actions", "innerHTML"): actions_html(panel["actions"])})
    return props


def link_note(how: str) -> Props:
    """What the link panel says after the share sheet answered ``how`` (shared, copied, cancelled, failed)."""
    return {("link-note", "textContent"): {"shared": "Sent.", "copied": "Link copied: paste it to your friend.",
                                           "cancelled": ""}.get(how, "Copy the link above to your friend.")}


def sent(how: str) -> bool:
    """The friend may see the link: it was shared, copied, or shown to copy by hand (not cancelled)."""
    return how != "cancelled"


def share_note(how: str, url: str) -> Props:
    """What *Your games* says after a kept game's link was shared ``how``."""
    return games_note({"shared": "Shared.", "copied": "Link copied.", "cancelled": ""}.get(
        how, f"Could not copy the link: {url}"))


def games_note(text: str) -> Props:
    return {("games-note", "textContent"): text}


def games_props(site: Site) -> Props:
    """The *Your games* dialog: the list of your games, the rating line and its graph."""
    r = site.rating
    return {("games-list", "innerHTML"): games_list(site),
            ("games-rating", "textContent"): f"{r.text()}. History: {r.history_text()}." if r.games else r.text() + ".",
            ("games-graph", "innerHTML"): r.graph_svg() if r.games else ""}


def games_list(site: Site) -> str:
    return gamestore.games_html(site.store, level_label, gamestore.unreadable(site.store))


def exported(count: int) -> Props:
    return games_note(f"Downloaded {count} games in one record file.")


def game_file(game_id: str) -> str:
    return f"phutball-{game_id}.phut"


def entry_file(entry: gamestore.GameEntry) -> str:
    return f"phutball-{entry.started}-{entry.id}.phut"


def entry_link(entry: gamestore.GameEntry, page: str) -> str:
    """The link sharing a kept game: its seat's game by link, else the game to view (``PhutballError`` if its
    record does not replay)."""
    game = entry.game()
    seat = entry.seat
    if seat is not None:
        return linkgame.url(page, seat.link(game))
    from urllib.parse import urljoin
    return snippets(urljoin(page, "./"), share_params(game, "game")).link


def unreadable(error: Exception) -> Props:
    return games_note(f"This game's record cannot be read: {error}")


def kept_message(message: str, due: str, error: str) -> str:
    """The board's message after a game was kept: the backup reminder when one is due (not over an error)."""
    return due if due and not error else message


def other_tab(key: object, value: object) -> tuple[str, str | None] | None:
    """A ``storage`` event of another tab: (key, text) when it stored the games or the rating, else None."""
    if key not in (gamestore.STORAGE_KEY, rating.STORAGE_KEY):
        return None
    return str(key), value if isinstance(value, str) else None


def keep_props(due: str) -> Props:
    """The backup reminder in *Your games* (hidden when none is due)."""
    return {("keep-reminder", "hidden"): not due, ("keep-reminder", "textContent"): due}


def storage_props(info: object) -> Props:
    """The browser's answer about its storage (host.js: persisted, usage, quota, local): what *Your games*
    says of it, and *Ask this browser to keep it* while it does not keep the data."""
    data: Mapping[str, Any] = info if isinstance(info, dict) else {}
    persisted = data.get("persisted") if isinstance(data.get("persisted"), bool) else None

    def number(name: str) -> int | None:
        value = data.get(name)
        return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    words = backup.storage_words(persisted, number("local"), number("usage"), number("quota"))
    return {("keep-status", "textContent"): words, ("storage-persist", "hidden"): persisted is not False}


def backup_file(made: backup.Backup) -> str:
    return f"phutball-backup-{made.made[:10]}.json"


def backup_note(made: backup.Backup) -> str:
    kept = made.kept
    what = [backup.count(len(kept.games.games), "game"), "your rating", backup.count(kept.solved(), "solved puzzle")]
    return f"Backup downloaded: {', '.join(what)}, your lesson and settings. Keep the file somewhere safe."


def restore_props(from_link: bool) -> Props:
    """The Restore dialog as it opens: a file or a pasted text (neither for a backup a link brought)."""
    return {("restore-inputs", "hidden"): from_link, ("restore-preview", "textContent"): "",
            ("restore-preview", "className"): "message", ("restore-merge", "hidden"): True}


def preview(site: Site, read: Callable[[], backup.Backup], intro: str = "") -> tuple[backup.Plan | None, Props]:
    """Read a backup and say what restoring it would do (changing nothing yet), or why it cannot be."""
    try:
        plan = site.restore_plan(read())
    except backup.BackupError as e:
        return None, {("restore-preview", "textContent"): str(e), ("restore-preview", "className"): "message error",
                      ("restore-merge", "hidden"): True}
    return plan, {("restore-preview", "textContent"): intro + plan.words(),
                  ("restore-preview", "className"): "message", ("restore-merge", "hidden"): not plan.changes()}


def carry_props(title: str) -> Props:
    """The Carry dialog opening (its link's QR code is made next)."""
    return {("carry-title", "textContent"): title, ("carry-text", "textContent"): QR_MAKING,
            ("carry-qr", "innerHTML"): ""}


def qr_props(url: str, title: str, text: str) -> Props:
    """The Carry dialog's QR code of ``url`` and its words (the encoder, ``segno``, is installed)."""
    return {("carry-qr", "innerHTML"): qr.svg(url, title + ": a QR code of the link below"),
            ("carry-text", "textContent"): text}


def suggestion(r: rating.Rating) -> str:
    """The New game dialog's line suggesting the level nearest to the player's rating."""
    if not r.games:
        return ""
    return f"Nearest to your rating ({round(r.value)}): {level_label(rating.nearest_level(r.value))}."


#: What the page does after a button, in order: each a tuple ``(operation, *arguments)`` that ``glue/mygames.py``
#: does with the page's own tools: ``("show", props)``; ``("set", id, property, value)`` (a field the person
#: types in: always sent); ``("call", id, method)`` (``showModal``, ``close``, ``focus``); ``("download",
#: filename, text, mime)``; ``("share", url, title, text, then)`` (the share sheet, ``then(how)`` the Ops once it
#: answered); ``("copy", text)``; ``("hash", fragment)``; ``("storage", persist)`` (ask the browser about its
#: storage, answered by :meth:`GamesPage.storage_answer`); ``("qr", url, title, text)`` (the Carry dialog's QR
#: code); ``("refresh",)`` (the board's page draws again); ``("review",)`` (the game's review starts).
Op = tuple[Any, ...]
Ops = list[Op]


def _no_board() -> PlayController:
    raise RuntimeError("the games page has no board before start()")


@dataclass
class GamesPage:
    """The kept games, games by link and backups as the page's buttons reach them: each method does what its
    button does to the :class:`Site` and the board's controller, and answers what the page does then (:data:`Ops`)."""

    site: Site
    href: Callable[[], str]                        # the page's URL (links are made from it)
    ctl: Callable[[], PlayController] = _no_board  # the board's controller, once it exists (:meth:`start`)
    plan: backup.Plan | None = None                # the restore previewed, until Merge
    asked: bool = False                            # the browser was asked to keep the lab's data
    carried: str = ""                              # the link the Carry dialog shows

    def start(self, ctl: Callable[[], PlayController], fragment: str) -> Ops:
        """The page's start: the restored game gets its kept entry, a game link opens, a backup carried by
        link is previewed (its Merge focused; the fragment cleared, so a reload does not offer it again)."""
        self.ctl = ctl
        self.site.attach(ctl())
        if linkgame.is_game_link(fragment):
            self.site.open_fragment(ctl(), fragment)
        if not backup.is_carry_fragment(fragment):
            return []
        return [("hash", ""), *self.open_restore(from_link=True),
                *self.preview(lambda: backup.from_fragment(fragment), CARRY_INTRO), ("call", "restore-merge", "focus")]

    def changed(self) -> Ops:
        """After every change on the board: keep the game, rate a finished one, draw.  After the first kept
        game the browser is asked once to keep the lab's data (persistent storage); after each new kept game
        the board reminds the visitor to back up when one is due (:func:`lab.backup.reminder`)."""
        ctl, kept = self.ctl(), len(self.site.store.games)
        self.site.changed(ctl)
        ops: Ops = []
        if len(self.site.store.games) > kept:
            if not self.asked:
                ops.append(("storage", True))
            self.asked = True
            ctl.state.message = kept_message(ctl.state.message, self.reminder(), ctl.state.error)
        return ops + self.draw()

    def draw(self) -> Ops:
        """The rating line, the link panel and the storage notice."""
        return [("show", site_props(self.site, self.ctl(), self.href()))]

    def reminder(self) -> str:
        """The backup reminder, when one is due (:func:`lab.backup.reminder`)."""
        return backup.reminder(len(self.site.store.games), backup.LastBackup.read(self.site.storage),
                               failed=bool(self.site.unsaved))

    # ------------------------------------------------------------ the link panel and a full storage

    def send_link(self) -> Ops:
        """*Send the link*: the share sheet (or the clipboard); said, and the friend may see it once sent."""
        url = self.site.link_url(self.ctl(), self.href())
        return [("share", url, *LINK_SHARE, self.link_shared)] if url else []

    def link_shared(self, how: str) -> Ops:
        if sent(how):
            self.site.sent(self.ctl())
        return [("show", link_note(how)), ("refresh",)]

    def link_act(self, act: str | None) -> Ops:
        """A button of the link panel (``data-link-act``: :meth:`Site.act`)."""
        if act:
            self.site.act(self.ctl(), act)
        return [("refresh",)] if act else []

    def store_failed(self) -> Ops:
        """The page could not write to its storage (full): said on the board."""
        self.site.write_failed()
        self.ctl().state.error = self.site.unsaved
        return [("refresh",)]

    def download_game(self) -> Ops:
        ctl = self.ctl()
        ctl.state.message = GAME_DOWNLOADED
        return [("download", game_file(ctl.state.game_id), ctl.export_record(), "text/plain"), ("refresh",)]

    def free_space(self) -> Ops:
        """*Free space*: the finished games downloaded in one file, then removed."""
        text = self.site.free_space(self.ctl())
        if not text:
            return [("refresh",)]
        return [("download", "phutball-finished-games.phut", text, "text/plain"), ("refresh",)]

    def heard(self, key: str, text: str | None) -> Ops:
        """Another tab stored its games or its rating (:meth:`Site.heard`): drawn if this page's changed."""
        return self.draw() if self.site.heard(key, text) else []

    # ------------------------------------------------------------ Your games

    def open_games(self) -> Ops:
        """*Your games*: the list, the rating, the reminder; the browser asked about its storage."""
        shown = {**keep_props(self.reminder()), **games_props(self.site), **games_note("")}
        return [("storage", False), ("show", shown), ("call", "games-dialog", "showModal")]

    def export_all(self) -> Ops:
        return [("download", "phutball-games.phut", self.site.store.export_all(), "text/plain"),
                ("show", exported(len(self.site.store.games)))]

    def game_act(self, game_id: str | None, act: str | None) -> Ops:
        """A kept game's button in *Your games* (``data-act``: download, delete, share, open, review)."""
        entry = self.site.store.get(game_id)
        acts = {"download": self._download_entry, "delete": self._delete_entry, "share": self._share,
                "open": self._reopen, "review": self._reopen}
        return [] if entry is None or act not in acts else acts[str(act)](entry, str(act))

    def _download_entry(self, entry: gamestore.GameEntry, act: str) -> Ops:
        return [("download", entry_file(entry), entry.record, "text/plain"), ("show", games_note(RECORD_DOWNLOADED))]

    def _delete_entry(self, entry: gamestore.GameEntry, act: str) -> Ops:
        note = self.site.delete(self.ctl(), entry.id)
        return [("show", {**games_note(note), ("games-list", "innerHTML"): games_list(self.site)})]

    def _reopen(self, entry: gamestore.GameEntry, act: str) -> Ops:
        ok = self.site.reopen(self.ctl(), entry.id)
        review: Ops = [("review",)] if ok and act == "review" else []
        return [("call", "games-dialog", "close"), *review, ("refresh",)]

    def _share(self, entry: gamestore.GameEntry, act: str) -> Ops:
        try:
            url = entry_link(entry, self.href())
        except PhutballError as e:  # a record that does not replay: said, never a broken page
            return [("show", unreadable(e))]
        return [("share", url, *GAME_SHARE, lambda how: [("show", share_note(how, url))])]

    # ------------------------------------------------------------ keep your data: backup, restore, carry

    def storage_answer(self, info: object) -> Ops:
        """The browser's answer about its storage: said in *Your games* (where a browser that may clear the
        data asks for a backup); *Ask this browser to keep it* while it does not."""
        return [("show", {**storage_props(info), **keep_props(self.reminder())})]

    def backup_download(self) -> Ops:
        """*Back up everything*: the file downloaded, said on the board and in *Your games*."""
        made = self.site.backup()
        ctl = self.ctl()
        ctl.state.message = backup_note(made)
        return [("download", backup_file(made), made.to_text(), "application/json"),
                ("show", {**games_note(ctl.state.message), **keep_props(self.reminder())}), ("refresh",)]

    def open_restore(self, from_link: bool = False) -> Ops:
        """The Restore dialog: a file or a pasted text (none of these for a backup a link brought)."""
        self.plan = None
        return [("show", restore_props(from_link)), ("set", "restore-text", "value", ""),
                ("call", "restore-dialog", "showModal")]

    def preview(self, read: Callable[[], backup.Backup], intro: str = "") -> Ops:
        """Read a backup and show what restoring it would do (changing nothing yet), or why it cannot be."""
        self.plan, props = preview(self.site, read, intro)
        return [("show", props)]

    def restore_files(self, files: Sequence[Mapping[str, Any]]) -> Ops:
        """A backup file chosen (the page read its text: ``{"text": ...}``)."""
        return [op for file in files[:1] for op in self.restore_text(str(file.get("text") or ""))]

    def restore_text(self, text: str) -> Ops:
        return self.preview(lambda: backup.Backup.from_text(text))

    def restore_merge(self) -> Ops:
        """*Merge*: the previewed backup restored; *Your games* under the dialog shows the merge."""
        plan, self.plan = self.plan, None
        if plan is None:
            return []
        ctl = self.ctl()
        self.site.restore(ctl, plan)
        return [("call", "restore-dialog", "close"),
                ("show", {**games_props(self.site), **games_note(ctl.state.message), **keep_props(self.reminder())}),
                ("refresh",)]

    def carry(self, url: str, title: str, text: str) -> Ops:
        """The Carry dialog with ``url``, its QR code made next."""
        self.carried = url
        return [("show", {**carry_props(title), ("carry-url", "value"): url}), ("call", "carry-dialog", "showModal"),
                ("qr", url, title, text)]

    def carry_copy(self) -> Ops:
        return [("copy", self.carried), ("show", {("carry-text", "textContent"): CARRY_COPIED})]

    def carry_everything(self) -> Ops:
        """*Carry to another device*: everything kept in a link, as a QR code (unless it is too much for one)."""
        fragment = backup.carry_fragment(self.site.backup())
        if fragment is None:
            return [("show", games_note(CARRY_TOO_MUCH))]
        return self.carry(self.href().split("#")[0] + "#" + fragment, *CARRY_ALL)

    def carry_link_game(self) -> Ops:
        """The game by link's QR code: shown to the friend, as good as sent."""
        url = self.site.link_url(self.ctl(), self.href())
        if not url:
            return []
        self.site.sent(self.ctl())
        return [("refresh",), *self.carry(url, *CARRY_GAME)]


__all__ = ["CARRY_ALL", "CARRY_COPIED", "CARRY_GAME", "CARRY_INTRO", "CARRY_TOO_MUCH", "GAME_DOWNLOADED",
           "GAME_SHARE", "GamesPage", "LINK_SHARE", "Op", "Ops", "QR_CANNOT", "QR_MAKING", "RECORD_DOWNLOADED",
           "backup_file", "backup_note", "carry_props", "entry_file", "entry_link", "exported", "game_file",
           "games_list", "games_note", "games_props", "keep_props", "kept_message", "link_note", "other_tab",
           "preview", "qr_props", "restore_props", "sent", "share_note", "site_props", "storage_props", "suggestion",
           "unreadable"]
