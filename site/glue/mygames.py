"""Glue of the play page's kept games, games by link and rating (run in the page's worker; it only wires).

The logic is in ``lab/gamestore.py`` (the kept games), ``lab/linkgame.py`` (links) and
``lab/rating.py``; ``glue/play.py`` calls :func:`start`, :func:`changed` after every change,
:func:`open_fragment` for a ``#game=...`` link and :func:`new_link_game` from the New game dialog.
"""

from __future__ import annotations

from typing import Any, Callable

from glue.remote import download, el, location_href, on, share_link, storage
from lab import gamestore, linkgame, rating
from lab.embedparams import share_params, snippets
from lab.play import PlayController, level_label, new_game_setup
from phutball.errors import PhutballError
from phutball.sides import other_side

_state: dict[str, Any] = {"keeper": None, "rating": None, "ctl": None, "refresh": None, "review": None,
                          "shown": {}}


def _now() -> str:
    from datetime import datetime
    return datetime.now().isoformat(timespec="seconds")


def _ctl() -> PlayController:
    ctl: PlayController = _state["ctl"]()
    return ctl


def _keeper() -> gamestore.Keeper:
    keeper: gamestore.Keeper = _state["keeper"]
    return keeper


def position_link(fragment: str) -> str:
    """The fragment as a position link for the saved game's start ("" for a game link, opened later)."""
    return "" if linkgame.is_game_link(fragment) else fragment


def start(get_ctl: Callable[[], PlayController], refresh: Callable[[], None], review: Callable[[], None],
          fragment: str) -> None:
    """Load the kept games and the rating, follow the restored game, open a game link, bind the controls."""
    _state.update(ctl=get_ctl, refresh=refresh, review=review)
    store, problem = gamestore.load(storage)
    keeper = gamestore.Keeper(store, linkgame.new_id)
    _state["keeper"] = keeper
    _state["rating"], rating_problem = rating.load(storage)
    ctl = _ctl()
    entry = keeper.attach(ctl)
    if entry is not None and entry.opponent == "link" and entry.you:
        ctl.link = linkgame.LinkSeat(entry.id, entry.you)
    ctl.error = "\n".join(e for e in (ctl.error, problem, rating_problem) if e)
    if linkgame.is_game_link(fragment):
        open_fragment(fragment)
    on(el("your-games"), "click", open_games)
    on(el("games-close"), "click", lambda e: el("games-dialog").close())
    on(el("games-export"), "click", export_all)
    on(el("games-list"), "click", on_games_click)
    on(el("link-send"), "click", send_link)


def changed() -> None:
    """After every change on the board: keep the game, count a finished game against the computer, draw."""
    ctl = _ctl()
    keeper = _keeper()
    entry = keeper.observe(ctl, _now())
    if entry is not None:
        keeper.store, message = gamestore.save(storage, keeper.store)
        if message:
            ctl.message = message
        _rate(entry)
    draw()


def _rate(entry: gamestore.GameEntry) -> None:
    if entry.opponent != "computer" or not entry.level or not entry.you:
        return
    score = rating.score_of(entry.result, entry.you)
    if score is None:
        return
    now: rating.Rating = _state["rating"]
    new = now.record(entry.id, entry.level, score, _now()[:10])
    if new is not now:
        _state["rating"] = new
        rating.save(storage, new)


def draw() -> None:
    """The rating line and the link panel."""
    ctl = _ctl()
    r: rating.Rating = _state["rating"]
    show_rating = ctl.against_computer or r.games > 0
    _set("rating", "hidden", not show_rating)
    _set("rating", "textContent", r.text())
    seat = ctl.link
    _set("link-panel", "hidden", seat is None)
    if seat is None:
        return
    url = linkgame.url(location_href(), seat.link(ctl.game))
    _set("link-url", "value", url)
    waiting = seat.waiting(ctl.game) or bool(ctl.position.winner) or ctl.game.result != "*"
    _set("link-text", "textContent", ("Send this link to your friend: it carries the whole game." if waiting else
                                      "Your move: play it on the board, then send the link back."))
    _set("link-send", "disabled", not waiting)


def _set(element: str, prop: str, value: Any) -> None:
    """Set a property only when it changes (fewer operations sent to the page)."""
    shown = _state["shown"]
    if shown.get((element, prop)) != value:
        shown[(element, prop)] = value
        setattr(el(element), prop, value)


def send_link(event: Any) -> None:
    ctl = _ctl()
    if ctl.link is None:
        return
    url = linkgame.url(location_href(), ctl.link.link(ctl.game))

    def shared(answer: Any) -> None:
        el("link-note").textContent = {"shared": "Sent.", "copied": "Link copied: paste it to your friend.",
                                       "cancelled": ""}.get(str(answer.data), "Copy the link above to your friend.")

    share_link(url, "Phutball: your move", "Your move in our game of phutball:", shared)


# ---------------------------------------------------------------- links


def open_fragment(fragment: str) -> bool:
    """Open a ``game=...`` link (False if the fragment is not one); every problem is said on the page."""
    if not linkgame.is_game_link(fragment):
        return False
    ctl = _ctl()
    keeper = _keeper()
    try:
        link = linkgame.read(fragment)
        assert link is not None
        kept = keeper.store.get(link.id)
        opening = linkgame.open_link(link, kept.kept_link() if kept is not None and kept.opponent == "link"
                                     else None)
    except PhutballError as e:
        ctl.error = f"{e} Your games are kept as they were."
        return True
    if ctl.link is not None and ctl.link.id == link.id and opening.kind in (linkgame.SAME, linkgame.OLDER):
        pass  # the game is on the board already
    else:
        ctl.import_record(opening.game.to_record())
    ctl.mode, ctl.computer_side = "two-players", None
    ctl.link = opening.seat
    keeper.adopt(ctl.game, link.id)
    if opening.refused:
        ctl.error, ctl.message = opening.message, ""
    else:
        ctl.message = opening.message
    ctl.announcement = f"{opening.message} {ctl.status()}"
    return True


def new_link_game(board: str, side: str, pie: bool = False) -> None:
    """A new game with a friend by link: this browser plays ``side`` ("first", "second" or "random");
    ``pie``: with the pie rule."""
    ctl = _ctl()
    position, _, friend = new_game_setup(board, "computer", side)
    ctl.new_game(position, mode="two-players", pie=pie)
    you = other_side(str(friend))
    ctl.link = linkgame.LinkSeat(linkgame.new_id(), you)
    _keeper().adopt(ctl.game, ctl.link.id)
    ctl.message = ("A game with a friend by link: make your move, then send the link." if ctl.position.to_move == you
                   else "A game with a friend by link: send the link, your friend moves first.")


# ---------------------------------------------------------------- the list


def open_games(event: Any) -> None:
    store = _keeper().store
    el("games-list").innerHTML = gamestore.games_html(store, level_label)
    r: rating.Rating = _state["rating"]
    el("games-rating").textContent = (f"{r.text()}. History: {r.history_text()}." if r.games else r.text() + ".")
    el("games-note").textContent = ""
    el("games-dialog").showModal()


def export_all(event: Any) -> None:
    store = _keeper().store
    download("phutball-games.phut", store.export_all())
    el("games-note").textContent = f"Downloaded {len(store.games)} games in one record file."


def on_games_click(event: Any) -> None:
    game_id = event.target.getAttribute("data-game")
    act = event.target.getAttribute("data-act")
    entry = _keeper().store.get(game_id)
    if entry is None or not act:
        return
    if act == "download":
        download(f"phutball-{entry.started}-{entry.id}.phut", entry.record)
        el("games-note").textContent = "Record downloaded."
        return
    if act == "share":
        url = (linkgame.url(location_href(), linkgame.LinkSeat(entry.id, str(entry.you)).link(entry.game()))
               if entry.opponent == "link" else snippets(_folder(), share_params(entry.game(), "game")).link)

        def shared(answer: Any) -> None:
            el("games-note").textContent = {"shared": "Shared.", "copied": "Link copied.", "cancelled": ""}.get(
                str(answer.data), f"Could not copy the link: {url}")

        share_link(url, "Phutball game", "A game of phutball", shared)
        return
    open_entry(entry)
    el("games-dialog").close()
    if act == "review":
        _state["review"]()
    _state["refresh"]()


def open_entry(entry: gamestore.GameEntry) -> None:
    """Show a kept game on the board (its opponent as it was: the computer, a friend here or by link)."""
    ctl = _ctl()
    try:
        game = entry.game()
    except PhutballError as e:
        ctl.error = f"This game's record cannot be read: {e}"
        return
    ctl.import_record(game.to_record())
    if entry.opponent == "computer" and entry.you:
        ctl.set_computer(other_side(entry.you), entry.level)
    else:
        ctl.set_computer(None)
    if entry.opponent == "link" and entry.you:
        ctl.link = linkgame.LinkSeat(entry.id, entry.you)
    _keeper().adopt(ctl.game, entry.id)
    ctl.message = (f"Your game of {entry.started} against {gamestore.opponent_text(entry, level_label).lower()}: "
                   f"{gamestore.result_text(entry).lower()}, {entry.plies} moves.")
    ctl.announcement = f"{ctl.message} {ctl.status()}"


def _folder() -> str:
    from urllib.parse import urljoin
    return urljoin(location_href(), "./")


def suggestion() -> str:
    """The New game dialog's line suggesting the level nearest to the player's rating."""
    r: rating.Rating = _state["rating"]
    if not r.games:
        return ""
    return f"Nearest to your rating ({round(r.value)}): {level_label(rating.nearest_level(r.value))}."


def suggested_level() -> str | None:
    r: rating.Rating = _state["rating"]
    return rating.nearest_level(r.value) if r.games else None


__all__ = ["changed", "new_link_game", "open_fragment", "position_link", "start", "suggestion", "suggested_level"]
