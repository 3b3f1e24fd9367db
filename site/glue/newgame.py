"""The play page's New game dialog: the board, the opponent, "You play", the computer's strength, the pie rule.

Browser glue only (``glue/play.py`` calls :func:`bind` once): what the dialog shows is :mod:`lab.dialogs`' (with
:func:`glue.mygames.suggestion`, the level nearest to your rating), the game it starts :func:`glue.mygames.new_game`'s.
The welcome panel's three choices open it with that opponent chosen.
"""

from __future__ import annotations

from functools import partial
from typing import Callable

from glue import mygames
from glue.remote import Event, bind as bind_events, closes, el, forget, show
from lab.dialogs import NEW_GAME_CHOICES, WELCOME_CHOICES, SideMenu, new_game_open_props, new_game_props
from lab.jobs import Scheduler
from lab.play import PlayController

def bind(get_ctl: Callable[[], PlayController], jobs: Scheduler, refresh: Callable[[], None]) -> None:
    """Wire the dialog to the page: ``get_ctl`` returns the page's controller, ``jobs`` is the page's one
    engine job at a time (a search under way is for the old game), ``refresh`` redraws after a new game."""
    sides = SideMenu()  # "the computer moves first" or "your friend moves first"

    def open_dialog(event: Event | None, opponent: str | None = None) -> None:
        """The New game dialog, showing the last choices, or ``opponent`` (the welcome panel's choice)."""
        forget(*NEW_GAME_CHOICES)  # the person may have changed them since
        show(new_game_open_props(get_ctl().dialog_choice(), opponent, mygames.suggestion()))
        sync(event)
        el("new-game-dialog").showModal()

    def sync(event: Event | None) -> None:
        """Side and strength only against the computer; on a strip it plays perfectly (no strengths)."""
        show(new_game_props(str(el("ng-opponent").value), str(el("ng-board").value)))
        options = sides.options(str(el("ng-opponent").value))
        if options is not None:
            el("ng-side").set_options(options)
            el("ng-side").value = get_ctl().state.side_choice

    def start_game(event: Event) -> None:
        """The dialog's New game: the game its choices make, on the board."""
        jobs.stop_search("changed")  # a search under way was for the old game
        get_ctl().state.welcome = False
        mygames.new_game(str(el("ng-board").value), str(el("ng-opponent").value), str(el("ng-side").value),
                         str(el("ng-level").value), bool(el("ng-pie").checked))
        el("new-game-dialog").close()
        refresh()

    bind_events({("new-game", "click"): open_dialog, ("ng-opponent", "change"): sync, ("ng-board", "change"): sync,
                 ("ng-cancel", "click"): closes("new-game-dialog"), ("new-game-form", "submit"): start_game,
                 **{(id_, "click"): partial(open_dialog, opponent=who) for id_, who in WELCOME_CHOICES.items()}})
