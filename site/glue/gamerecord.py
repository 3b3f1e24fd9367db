"""The play page's game record: Download record (a ``.phut`` file) and the Import / export dialog.

Browser glue only (``glue/play.py`` calls :func:`bind` once).  The record written is
:meth:`lab.analysispanel.AnalysisPanel.analysed_record` (the review's marks as comments), and
one pasted or opened is read by :meth:`lab.play.PlayController.import_record`, which says in
its ``error`` why a record was refused; the dialog stays open then, showing it.
"""

from __future__ import annotations

from typing import Callable

from glue.remote import Event, bind as bind_events, closes, download, el
from lab.dialogs import RECORD_DOWNLOADED
from lab.play import PlayController


def bind(get_ctl: Callable[[], PlayController], refresh: Callable[[], None], draw: Callable[[], None]) -> None:
    """Wire the record's buttons and dialog: ``get_ctl`` returns the page's controller, ``refresh`` shows an
    imported game (and keeps it), ``draw`` shows a message."""

    def export(event: Event) -> None:
        """Download record: the record as a file, also put in the dialog's text box."""
        ctl = get_ctl()
        text = ctl.analysed_record()
        download("phutball-game.phut", text)
        el("record-text").value = text
        ctl.message = RECORD_DOWNLOADED
        draw()

    def import_text(event: Event) -> None:
        """The dialog's Import: the pasted record, the dialog closed if it was read."""
        event.preventDefault()
        ctl = get_ctl()
        if ctl.import_record(str(el("record-text").value)):
            el("record-dialog").close()
        refresh()
        el("record-error").textContent = ctl.error

    def import_file(event: Event) -> None:
        """Open a file…: its text in the box, imported as if pasted."""
        if not event.files:
            return
        ctl = get_ctl()
        text = event.files[0]["text"]
        el("record-text").value = text
        if ctl.import_record(str(text)):
            el("record-dialog").close()
        el("record-error").textContent = ctl.error
        refresh()

    def open_dialog(event: Event) -> None:
        """Import / export…: the dialog, holding this game's record."""
        el("record-text").value = get_ctl().analysed_record()
        el("record-error").textContent = ""
        el("record-dialog").showModal()

    bind_events({("export", "click"): export, ("open-record", "click"): open_dialog, ("record-form", "submit"): import_text,
                 ("record-close", "click"): closes("record-dialog"), ("record-file", "change"): import_file})
