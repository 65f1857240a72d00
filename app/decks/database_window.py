"""The card database window: what the database holds, Import card file..., the browser."""
from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QFileDialog, QHBoxLayout, QHeaderView, QInputDialog, QLabel,
                               QMainWindow, QPushButton, QSplitter, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from app.decks.browser import CardBrowser
from app.decks.importer import ImportDialog, report_text
from app.decks.library import CardLibrary, shared_library
from app.decks.text import message_text
from app.i18n import tr
from app.decks.widgets import CardPreview
from engine.cards.db import ImportReport

CARD_FILE_FILTER = "*.json *.xml *.gz *.zip *.bz2 *.xz"


class CardDatabaseWindow(QMainWindow):
    """Browse every card; import MTGJSON / Scryfall / Cockatrice files."""

    def __init__(self, parent: QWidget | None = None, library: CardLibrary | None = None) -> None:
        super().__init__(parent)
        self.library = library or shared_library()
        self.import_dialog: ImportDialog | None = None
        self.browser = CardBrowser(self.library)
        self.preview = CardPreview(library=self.library)
        self.browser.card_selected.connect(self.preview.show_card)
        self.stats_label = QLabel()
        self.stats_label.setTextFormat(Qt.TextFormat.PlainText)
        self.stats_label.setWordWrap(True)
        self.result_label = QLabel()
        self.result_label.setTextFormat(Qt.TextFormat.PlainText)
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sets_table = QTableWidget(0, 3)
        self.sets_table.verticalHeader().hide()
        self.sets_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.sets_table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.Stretch)
        self.import_button = QPushButton()
        self.import_button.clicked.connect(lambda: self.import_file())
        # Earlier databases moved aside (damage; older versions also moved locked ones).
        self.restore_button = QPushButton()
        self.restore_button.clicked.connect(lambda: self.restore_backup())

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.addWidget(self.stats_label)
        side_layout.addWidget(self.sets_table, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.restore_button)
        buttons.addStretch(1)
        side_layout.addLayout(buttons)
        side_layout.addWidget(self.result_label)
        splitter = QSplitter()
        splitter.addWidget(side)
        splitter.addWidget(self.browser)
        splitter.addWidget(self.preview)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([330, 560, 320])
        self.setCentralWidget(splitter)

        self.import_action = QAction(self)
        self.import_action.setShortcut(QKeySequence("Ctrl+I"))
        self.import_action.triggered.connect(lambda: self.import_file())
        self.close_action = QAction(self)
        self.close_action.setShortcut(QKeySequence.StandardKey.Close)
        self.close_action.triggered.connect(self.close)
        self.file_menu = self.menuBar().addMenu("")
        self.file_menu.addAction(self.import_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.close_action)
        self.library.changed.connect(self.refresh_stats)
        self.resize(1240, 760)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Card database"))
        self.file_menu.setTitle(tr("&File"))
        self.import_action.setText(tr("&Import card file…"))
        self.import_button.setText(tr("&Import card file…"))
        self.restore_button.setText(tr("Restore an earlier database…"))
        self.close_action.setText(tr("&Close"))
        self.sets_table.setHorizontalHeaderLabels(
            [tr("Code"), tr("Set"), tr("Cards")])
        self.browser.retranslate()
        self.refresh_stats()

    def refresh_stats(self) -> None:
        db = self.library.db
        total, bundled = db.count(), db.count(bundled=True)
        sets = self.library.sets()
        self.stats_label.setText(tr("Cards: {count} (bundled: {bundled}, imported: {imported})\nSets: {sets}", count=total, bundled=bundled,
                                   imported=total - bundled, sets=len(sets)))
        self.sets_table.setRowCount(len(sets))
        for row, info in enumerate(sets):
            for column, text in enumerate((info.code, info.name or "", str(info.cards))):
                item = QTableWidgetItem(text)
                if column == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.sets_table.setItem(row, column, item)
        self.sets_table.resizeColumnToContents(0)
        self.sets_table.resizeColumnToContents(2)
        self.restore_button.setVisible(bool(db.list_backups()))
        self.import_button.setEnabled(not db.read_only)
        if db.notices and not self.result_label.text():
            self.result_label.setText(" ".join(message_text(n.key, n.params, n.message)
                                               for n in db.notices))

    def ask_backup(self, names: list[str]) -> str:
        """Which backup to restore (a list dialog; tests replace this). "" = none."""
        name, ok = QInputDialog.getItem(self, tr("Restore an earlier database…"), tr("Card databases that were set aside, newest first:"),
                                        names, 0, False)
        return name if ok else ""

    def restore_backup(self) -> str:
        """Offer the moved-aside databases, newest first; returns the message shown."""
        found = self.library.db.list_backups()
        if not found:
            return ""
        labels = [f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(b.modified))}  "
                  f"{b.path.name}" for b in found]
        chosen = self.ask_backup(labels)
        if not chosen:
            return ""
        backup = found[labels.index(chosen)].path
        msg = self.library.db.restore_backup(backup)
        text = message_text(msg.key, msg.params, msg.message)
        if msg.key == "cards.backup_restored":
            self.library.reopen()
        self.result_label.setText(text)
        self.result_label.setStyleSheet("" if msg.key == "cards.backup_restored"
                                        else "color: #b71c1c;")
        return text

    def ask_card_file(self) -> str:
        """The file to import (a file dialog; tests replace this)."""
        path, _ = QFileDialog.getOpenFileName(
            self, tr("Import a card file"), "",
            tr("Card files (MTGJSON, Scryfall, Cockatrice)") + f" ({CARD_FILE_FILTER});;" + tr("All files") + " (*)")
        return path

    def import_file(self, path: str | Path | None = None) -> ImportDialog | None:
        """Import `path` (or ask for a file) with a progress dialog; returns the dialog."""
        if self.import_dialog is not None and self.import_dialog.running:
            self.import_dialog.show()
            return self.import_dialog
        chosen = str(path) if path else self.ask_card_file()
        if not chosen:
            return None
        self.result_label.clear()
        dialog = ImportDialog(self.library, chosen, self)
        dialog.finished_import.connect(self._import_finished)
        self.import_dialog = dialog
        dialog.start()
        return dialog

    def _import_finished(self, report: ImportReport) -> None:
        self.result_label.setText(report_text(report))
        self.result_label.setStyleSheet("" if report.ok else "color: #b71c1c;")

    def closeEvent(self, event: object) -> None:
        if self.import_dialog is not None and self.import_dialog.running:
            self.import_dialog.close()
        super().closeEvent(event)  # type: ignore[arg-type]
