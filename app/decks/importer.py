"""Importing a card file (MTGJSON, Scryfall, cards.xml) without freezing the window.

`ImportDialog` runs `CardDB.import_file` in a QThread and shows a QProgressDialog with a
bar and Cancel. When the import ends the same dialog shows the report's sentence (or the
error: a malformed file is a message, never a crash) and its button becomes Close.
The database uses one connection per thread and WAL, so the browser keeps searching the
old cards while the import runs; `CardLibrary.database_changed` refreshes every view after.
"""
from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QWidget

from app.decks.library import CardLibrary
from app.decks.text import decimal, message_text
from app.i18n import tr
from engine.cards.db import ImportReport, Message, SetInfo

log = logging.getLogger(__name__)
PROGRESS_STEPS = 1000
PROGRESS_INTERVAL_S = 0.05     # at most 20 progress signals a second


class ImportWorker(QObject):
    """Runs one import in its thread; signals cross back to the GUI thread queued."""

    progress = Signal(int, int)          # bytes done, total bytes (0: unknown)
    finished = Signal(object, object)    # ImportReport, the new set list (or None)

    def __init__(self, library: CardLibrary, path: Path) -> None:
        super().__init__()
        self.library = library
        self.path = Path(path)
        self.cancel_flag = threading.Event()
        self._last = 0.0

    def _report_progress(self, done: int, total: int | None) -> None:
        # Called once per 64 KiB read. Giving up the GIL here lets the GUI thread in between
        # chunks: the longest pause of the window drops from ~130 ms to ~70 ms (33,000
        # cards, tests/bench/deck_editor_bench.py) at no cost to the import's duration.
        time.sleep(0)
        now = time.monotonic()
        if now - self._last >= PROGRESS_INTERVAL_S or (total and done >= total):
            self._last = now
            self.progress.emit(int(done), int(total or 0))

    @Slot()
    def run(self) -> None:
        try:
            report = self.library.db.import_file(self.path, progress=self._report_progress,
                                                 cancel=self.cancel_flag)
            # Listing the sets takes a while on a big database: do it here, not in the GUI.
            sets = self.library.db.sets() if report.ok else None
        except Exception as exc:   # a bug in an importer must not take the app down
            log.exception("Import of %s failed", self.path)
            report = ImportReport(path=str(self.path))
            report.error = Message("import.failed", {"file": self.path.name, "reason": str(exc)})
            sets = None
        self.finished.emit(report, sets)


def report_text(report: ImportReport) -> str:
    """The outcome of an import as a sentence in the UI language."""
    def text(m: Message) -> str:
        return message_text(m.key, m.params, m.message)
    headline = " ".join(text(m) for m in [report.summary(), *report.counts()])
    return "\n".join([headline, *(text(m) for m in report.notes())])  # (the records skipped: how many and why)


class ImportDialog(QProgressDialog):
    """Progress, Cancel, then the outcome. `finished_import(report)` fires at the end."""

    finished_import = Signal(object)

    def __init__(self, library: CardLibrary, path: str | Path,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.path = Path(path)
        self.report: ImportReport | None = None
        self.setWindowTitle(tr("Importing cards"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.setMinimumDuration(0)
        self.setRange(0, PROGRESS_STEPS)
        self.setValue(0)
        self.setMinimumWidth(460)
        self.setLabelText(tr("Reading {file}…", file=self.path.name))
        self.setCancelButtonText(tr("Cancel"))
        self.canceled.disconnect()        # Cancel asks the worker; the dialog stays until it stops
        self.canceled.connect(self._cancel_clicked)
        self._thread: QThread | None = None
        self.worker: ImportWorker | None = None

    def start(self) -> None:
        """Start the import in a worker thread and show the dialog."""
        self.worker = ImportWorker(self.library, self.path)
        self._thread = QThread(self)
        self.worker.moveToThread(self._thread)
        self._thread.started.connect(self.worker.run)
        self.worker.progress.connect(self._progress)
        self.worker.finished.connect(self._finished)
        self._thread.start()
        self.show()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.isRunning()

    def _progress(self, done: int, total: int) -> None:
        if self.report is not None:
            return
        if total <= 0:
            self.setRange(0, 0)       # unknown size: a busy bar
        else:
            self.setRange(0, PROGRESS_STEPS)
            self.setValue(min(PROGRESS_STEPS - 1, int(PROGRESS_STEPS * done / total)))
        mb = 1024 * 1024
        self.setLabelText(tr("Importing {file}: {done} of {total} MB read.", file=self.path.name,
                            done=decimal(done / mb), total=decimal(total / mb))
                          if total > 0 else tr("Reading {file}…", file=self.path.name))

    def _cancel_clicked(self) -> None:
        if self.report is not None or self.worker is None:
            self.close()
            return
        self.worker.cancel_flag.set()
        self.setLabelText(tr("Stopping the import of {file}…", file=self.path.name))
        self.setCancelButtonText(tr("Close"))
        # Showing the dialog again: QProgressDialog hides itself when Cancel is pressed.
        self.show()

    def _finished(self, report: ImportReport, sets: list[SetInfo] | None = None) -> None:
        self.report = report
        if self._thread is not None:
            self._thread.quit()        # its run() has returned: this only ends the loop
            self._thread.wait(5000)
        if report.ok:
            self.library.database_changed(sets)
        self.setRange(0, PROGRESS_STEPS)
        self.setValue(PROGRESS_STEPS if report.ok else 0)
        self.setLabelText(report_text(report))
        self.setCancelButtonText(tr("Close"))
        self.show()
        self.finished_import.emit(report)

    def wait(self, timeout_ms: int = 30000) -> bool:
        """Block until the worker thread has stopped (closing the window, tests)."""
        return self._thread.wait(timeout_ms) if self._thread is not None else True

    def closeEvent(self, event: object) -> None:
        if self.running and self.worker is not None:
            self.worker.cancel_flag.set()
            self.wait()
        super().closeEvent(event)  # type: ignore[arg-type]
