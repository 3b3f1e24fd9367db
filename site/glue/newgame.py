"""The play page's New game dialog: the board, the opponent, "You play", the computer's strength, the pie rule.

Browser glue only (``glue/play.py`` calls :func:`bind` once).  What the dialog shows when it opens
is :meth:`lab.play.PlayController.dialog_choice`, which fields it shows :func:`lab.dialogs.new_game_props`,
the side menu's choices :func:`lab.play.side_options`, the level nearest to your rating
:func:`glue.mygames.suggestion`, and the game it starts :func:`glue.mygames.new_game`
(:class:`lab.gamesite.Site`).  The welcome panel's three choices open it with that opponent chosen.
"""

from __future__ import annotations

from typing import Any, Callable

from glue import mygames
from glue.remote import Event, bind as bind_events, closes, el, show
from lab.dialogs import new_game_props
from lab.jobs import Scheduler
from lab.play import PlayController, side_options

#: What the dialog last showed: ``"link"``, whether the side menu holds a game by link's choices.
_shown: dict[str, Any] = {}


def bind(get_ctl: Callable[[], PlayController], jobs: Scheduler, refresh: Callable[[], None]) -> None:
    """Wire the dialog to the page: ``get_ctl`` returns the page's controller, ``jobs`` is the page's one
    engine job at a time (a search under way is for the old game), ``refresh`` redraws after a new game."""

    def open_dialog(event: Event | None, opponent: str | None = None) -> None:
        """The New game dialog, showing the last choices (a newcomer: the computer, a weak level, Ohs), or
        ``opponent`` (the welcome panel's choice)."""
        choice = get_ctl().dialog_choice()
        el("ng-opponent").value = opponent or choice["opponent"]
        el("ng-pie").checked = bool(choice["pie"])
        el("ng-side").value = choice["side"]
        el("ng-level").value = choice["level"]
        el("ng-suggest").textContent = mygames.suggestion()  # the level nearest to your rating
        sync(event)
        el("new-game-dialog").showModal()

    def sync(event: Event | None) -> None:
        """Side and strength only against the computer; on a strip it plays perfectly (no strengths)."""
        link = str(el("ng-opponent").value) == "link"
        show(new_game_props(str(el("ng-opponent").value), str(el("ng-board").value)))
        if _shown.get("link") != link:  # "the computer moves first" or "your friend moves first"
            _shown["link"] = link
            el("ng-side").set_options(side_options(link))
            el("ng-side").value = get_ctl().side_choice

    def start_game(event: Event) -> None:
        """The dialog's New game: the game its choices make, on the board."""
        event.preventDefault()
        jobs.stop_search("changed")  # a search under way was for the old game
        get_ctl().welcome = False
        mygames.new_game(str(el("ng-board").value), str(el("ng-opponent").value), str(el("ng-side").value),
                         str(el("ng-level").value), bool(el("ng-pie").checked))
        el("new-game-dialog").close()
        refresh()

    bind_events({("new-game", "click"): open_dialog, ("ng-opponent", "change"): sync, ("ng-board", "change"): sync,
                 ("welcome-computer", "click"): lambda e: open_dialog(e, "computer"),
                 ("welcome-friend", "click"): lambda e: open_dialog(e, "two-players"),
                 ("welcome-link", "click"): lambda e: open_dialog(e, "link"),
                 ("ng-cancel", "click"): closes("new-game-dialog"), ("new-game-form", "submit"): start_game})
