"""The play page's game record: Download record (a ``.phut`` file) and the Import / export dialog.

Browser glue only (``glue/play.py`` calls :func:`bind` once).  The record written is
:meth:`lab.analysispanel.AnalysisPanel.analysed_record` (the review's marks as comments), and
one pasted or opened is read by :meth:`lab.play.PlayController.import_record`, which says in
its ``error`` why a record was refused; the dialog stays open then, showing it.
"""

from __future__ import annotations

from typing import Callable

from glue.remote import Event, bind as bind_events, closes, download, el
from lab.dialogs import record_export
from lab.play import PlayController


def bind(get_ctl: Callable[[], PlayController], refresh: Callable[[], None], draw: Callable[[], None]) -> None:
    """Wire the record's buttons and dialog: ``get_ctl`` returns the page's controller, ``refresh`` shows an
    imported game (and keeps it), ``draw`` shows a message."""

    def export(event: Event) -> None:
        """Download record: the record as a file, also put in the dialog's text box."""
        name, text = record_export(get_ctl())
        download(name, text)
        el("record-text").value = text
        draw()

    def imported(text: str) -> None:
        """A record pasted (the dialog's Import) or opened: the dialog closed if it was read, else why not."""
        ctl = get_ctl()
        if ctl.import_record(text):
            el("record-dialog").close()
        refresh()
        el("record-error").textContent = ctl.state.error

    def import_file(event: Event) -> None:
        """Open a file…: its text in the box, imported as if pasted."""
        if event.files:
            el("record-text").value = event.files[0]["text"]
            imported(str(event.files[0]["text"]))

    def open_dialog(event: Event) -> None:
        """Import / export…: the dialog, holding this game's record."""
        el("record-text").value = get_ctl().analysis.analysed_record()
        el("record-error").textContent = ""
        el("record-dialog").showModal()

    bind_events({("export", "click"): export, ("open-record", "click"): open_dialog,
                 ("record-form", "submit"): lambda e: imported(str(el("record-text").value)),  # (host.js: no reload)
                 ("record-close", "click"): closes("record-dialog"), ("record-file", "change"): import_file})
