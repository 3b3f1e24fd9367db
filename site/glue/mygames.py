"""Glue of the play page's kept games, games by link and rating (run in the page's worker; it only wires).

Every decision is in :class:`lab.gamesite.Site` (unit-tested); this module hands it the page's
storage, draws what it says (the rating line, the link panel, the list of your games) and forwards
the buttons.  ``glue/play.py`` calls :func:`load` before the board's controller exists, :func:`start`
once it does, and :func:`changed` after every change.
"""

from __future__ import annotations

from typing import Any, Callable

from glue.remote import Event, download, el, location_href, on, share_link, storage, window
from lab import gamestore, linkgame, rating
from lab.embedparams import share_params, snippets
from lab.gamesite import Site, actions_html, position_link
from lab.play import PlayController, level_label
from phutball.errors import PhutballError

site = Site.load(storage)
_page: dict[str, Any] = {"ctl": None, "refresh": None, "review": None, "shown": {}}


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
    on(el("your-games"), "click", open_games)
    on(el("games-close"), "click", lambda e: el("games-dialog").close())
    on(el("games-export"), "click", export_all)
    on(el("games-list"), "click", on_games_click)
    on(el("link-send"), "click", send_link)
    on(el("link-actions"), "click", on_link_action)
    on(el("storage-download"), "click", download_game)
    on(el("storage-free"), "click", free_space)
    on(window, "phutball-store-failed", on_store_failed)


def changed() -> None:
    """After every change on the board: keep the game, rate a finished one, draw."""
    site.changed(_ctl())
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
    store = site.store
    el("games-list").innerHTML = gamestore.games_html(store, level_label, gamestore.unreadable(store))
    r = site.rating
    el("games-rating").textContent = (f"{r.text()}. History: {r.history_text()}." if r.games else r.text() + ".")
    el("games-graph").innerHTML = r.graph_svg() if r.games else ""
    el("games-note").textContent = ""
    el("games-dialog").showModal()


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


def suggestion() -> str:
    """The New game dialog's line suggesting the level nearest to the player's rating."""
    r = site.rating
    if not r.games:
        return ""
    return f"Nearest to your rating ({round(r.value)}): {level_label(rating.nearest_level(r.value))}."


__all__ = ["changed", "new_game", "open_fragment", "position_link", "rematch", "restore_previous", "site", "start",
           "suggestion"]
