"""Choices the table asks for in a dialog: a modal spell's mode (CR 700.2), each mode shown
with its text in the UI language (the card data's German or Italian text where it exists)."""
from __future__ import annotations

import re
from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from app.i18n import card_name, language, tr
from engine.cards.data import bundled_cards

_BULLET = re.compile(r"^\s*[•●]\s*(.+)$")


def mode_texts(name: str | None, lang: str | None = None) -> list[str]:
    """The mode lines of a modal card ("• Destroy all tapped creatures."), in `lang` if the
    card data has that text, else in English; [] if the text has no bullet lines."""
    cd = bundled_cards().get(name or "")
    if cd is None:
        return []
    lang = lang or language()
    english = [m.group(1).strip() for line in cd.text.splitlines() if (m := _BULLET.match(line))]
    local = cd.localized_text(lang) if lang in ("de", "it") else None
    if local and local != cd.text:
        printed = [m.group(1).strip() for line in local.splitlines() if (m := _BULLET.match(line))]
        if len(printed) == len(english):
            return printed
    return english


class ModeDialog(QDialog):
    """One button per mode; `chosen(mode)` is called with the engine's mode number (1-based)."""

    def __init__(self, name: str | None, modes: list[int], chosen: Callable[[int], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ModeDialog")
        self.setWindowTitle(tr("{card}: choose a mode", card=card_name(name)))
        texts = mode_texts(name)
        lay = QVBoxLayout(self)
        head = QLabel(tr("Choose one mode for {card}:", card=card_name(name)))
        head.setWordWrap(True)
        lay.addWidget(head)
        self.buttons: list[QPushButton] = []
        for m in modes:
            text = texts[m - 1] if 0 < m <= len(texts) else tr("Mode {n}", n=m)
            b = QPushButton(text)
            b.setObjectName(f"mode{m}")
            b.setMinimumHeight(40)
            b.setStyleSheet("text-align: left; padding: 6px 10px;")
            b.clicked.connect(lambda _=False, m=m: self._pick(m, chosen))
            lay.addWidget(b)
            self.buttons.append(b)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _pick(self, mode: int, chosen: Callable[[int], None]) -> None:
        self.accept()
        chosen(mode)
