"""What the play page's kept games, games by link and backups show and say (``glue/mygames.py`` shows it).

Pure Python, unit-tested: the element properties (:mod:`lab.pageprops`) of the rating line, the link
panel, the *Your games* dialog, the Restore and Carry dialogs, and the sentences the page says after a
button; the decisions are :class:`lab.gamesite.Site`'s.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from lab import backup, gamestore, linkgame, qr, rating
from lab.embedparams import share_params, snippets
from lab.gamesite import Site, actions_html
from lab.pageprops import Props
from lab.play import PlayController, level_label

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
    props: Props = {("rating", "hidden"): not (ctl.against_computer or r.games > 0),
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


__all__ = ["CARRY_ALL", "CARRY_COPIED", "CARRY_GAME", "CARRY_INTRO", "CARRY_TOO_MUCH", "GAME_DOWNLOADED", "GAME_SHARE",
           "LINK_SHARE", "QR_CANNOT", "QR_MAKING", "RECORD_DOWNLOADED", "backup_file", "backup_note", "carry_props",
           "entry_file", "entry_link", "exported", "game_file", "games_list", "games_note", "games_props",
           "keep_props", "kept_message", "link_note", "other_tab", "preview", "qr_props", "restore_props", "sent",
           "share_note", "site_props", "storage_props", "suggestion", "unreadable"]
