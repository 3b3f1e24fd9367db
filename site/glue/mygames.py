"""Glue of the play page's kept games, games by link and rating (run in the page's worker; it only wires).

Every decision is in :class:`lab.gamesite.Site` (unit-tested), every word and property shown in
:mod:`lab.gamespage`, whose :class:`~lab.gamespage.GamesPage` answers each button with what the page does
then (:data:`lab.gamespage.Ops`); this module binds the buttons and does those operations with the page's
tools (:data:`DO`).  ``glue/play.py`` reads :data:`site` (the kept games) before the board's controller
exists, calls :func:`start` once it does, and :func:`changed` after every change.
"""

from __future__ import annotations

from typing import Any, Callable

from glue.remote import (Event, bind, closes, copy_text, download, el, install_wheel, location_href, set_hash,
                         share_link, show, spawn, storage, storage_info)
from lab import gamespage as words, qr
from lab.gamesite import Site, position_link
from lab.gamespage import GamesPage, Ops
from lab.play import PlayController

site = Site.load(storage)
games = GamesPage(site, location_href)
_page: dict[str, Callable[[], None]] = {}  # the play page's refresh and review (start)


def run(ops: Ops) -> None:
    """Do what :class:`GamesPage` answered, operation by operation (:data:`lab.gamespage.Ops`)."""
    for name, *args in ops:
        DO[name](*args)


def answers(act: Callable[[], Ops]) -> Callable[[Event], None]:
    """A handler doing what ``act`` answers."""
    return lambda event: run(act())


def reads(act: Callable[..., Ops], *attrs: str) -> Callable[[Event], None]:
    """A handler giving ``act`` these attributes of the clicked element (``data-game``, ``data-act`` ...)."""
    return lambda event: run(act(*(event.target.getAttribute(a) for a in attrs)))


async def draw_qr(url: str, title: str, text: str) -> None:
    """The Carry dialog's QR code of ``url`` (the encoder is installed the first time)."""
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


def on_storage(event: Event) -> None:
    """The browser's answer about its storage (``storage_info``)."""
    run(games.storage_answer(event.data))


#: The page's tools doing each of :data:`lab.gamespage.Ops`' operations.
DO: dict[str, Callable[..., Any]] = {
    "show": show, "download": download, "copy": copy_text, "hash": set_hash,
    "set": lambda id_, prop, value: setattr(el(id_), prop, value),
    "call": lambda id_, method: getattr(el(id_), method)(),
    "share": lambda url, title, text, then: share_link(url, title, text, lambda answer: run(then(str(answer.data)))),
    "storage": lambda persist: storage_info(persist, on_storage),
    "qr": lambda url, title, text: spawn(draw_qr(url, title, text)),
    "refresh": lambda: _page["refresh"](), "review": lambda: _page["review"](),
}


def start(get_ctl: Callable[[], PlayController], refresh: Callable[[], None], review: Callable[[], None],
          fragment: str) -> None:
    """Attach the restored game to its kept entry, open a game link or a backup carried by link, bind the
    controls."""
    _page.update(refresh=refresh, review=review)
    run(games.start(get_ctl, fragment))
    bind({("your-games", "click"): answers(games.open_games), ("games-close", "click"): closes("games-dialog"),
          ("games-export", "click"): answers(games.export_all),
          ("games-list", "click"): reads(games.game_act, "data-game", "data-act"),
          ("link-send", "click"): answers(games.send_link),
          ("link-actions", "click"): reads(games.link_act, "data-link-act"),
          ("storage-download", "click"): answers(games.download_game),
          ("storage-free", "click"): answers(games.free_space),
          ("window", "phutball-store-failed"): answers(games.store_failed), ("window", "storage"): on_other_tab,
          ("storage-backup", "click"): answers(games.backup_download),
          ("backup-download", "click"): answers(games.backup_download),
          ("backup-restore", "click"): answers(games.open_restore),
          ("backup-carry", "click"): answers(games.carry_everything),
          ("storage-persist", "click"): lambda e: storage_info(True, on_storage),
          ("restore-file", "change"): lambda e: run(games.restore_files(e.files)),
          ("restore-check", "click"): lambda e: run(games.restore_text(str(el("restore-text").value))),
          ("restore-merge", "click"): answers(games.restore_merge),
          ("restore-close", "click"): closes("restore-dialog"),
          ("link-qr", "click"): answers(games.carry_link_game), ("carry-copy", "click"): answers(games.carry_copy),
          ("carry-close", "click"): closes("carry-dialog")})


def changed() -> None:
    """After every change on the board: keep the game, rate a finished one, draw (:meth:`GamesPage.changed`)."""
    run(games.changed())


def on_other_tab(event: Event) -> None:
    """Another tab of this browser stored its games or rating: merged into this page's (Site.heard)."""
    heard = words.other_tab(getattr(event, "key", None), getattr(event, "newValue", None))
    if heard is not None:
        storage.learn(*heard)  # first: what this page then writes is read back
        run(games.heard(*heard))


def open_fragment(fragment: str) -> bool:
    """Open a ``game=...`` link (False if the fragment is not one)."""
    return site.open_fragment(games.ctl(), fragment)


def new_game(board: str, opponent: str, side: str, level: str, pie: bool) -> None:
    site.new_game(games.ctl(), board, opponent, side, level, pie)


def rematch() -> None:
    site.rematch(games.ctl())


def restore_previous() -> None:
    site.restore_previous(games.ctl())


def suggestion() -> str:
    """The New game dialog's line suggesting the level nearest to the player's rating."""
    return words.suggestion(site.rating)


__all__ = ["changed", "games", "new_game", "open_fragment", "position_link", "rematch", "restore_previous", "site",
           "start", "suggestion"]
