"""The sample hand tab: draw 7, mulligan (London: then click cards to put on the bottom),
draw the next card; shown as card images in the UI language."""
from __future__ import annotations

import random

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListView, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from app.decks.document import DeckDocument
from app.decks.library import CardLibrary
from app.decks.stats import SampleHand
from app.i18n import tr, trn

CARD_WIDTH = 124


class SampleHandView(QWidget):
    def __init__(self, doc: DeckDocument, library: CardLibrary,
                 parent: QWidget | None = None, rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.library = library
        self.rng = rng or random.Random()
        self.hand = SampleHand([], self.rng)
        self.new_button, self.mulligan_button, self.draw_button = (QPushButton(), QPushButton(),
                                                                   QPushButton())
        self.new_button.clicked.connect(self.new_hand)
        self.mulligan_button.clicked.connect(self.mulligan)
        self.draw_button.clicked.connect(self.draw)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.cards = QListWidget()
        self.cards.setViewMode(QListView.ViewMode.IconMode)
        self.cards.setIconSize(QSize(CARD_WIDTH, round(CARD_WIDTH * 680 / 488)))
        self.cards.setResizeMode(QListView.ResizeMode.Adjust)
        self.cards.setMovement(QListView.Movement.Static)
        self.cards.setSpacing(6)
        self.cards.setWordWrap(True)
        self.cards.itemClicked.connect(self._clicked)
        buttons = QHBoxLayout()
        for button in (self.new_button, self.mulligan_button, self.draw_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.cards, 1)
        library.pixmaps.ready.connect(self._image_ready)
        self.retranslate()

    def retranslate(self) -> None:
        self.new_button.setText(tr("New hand (draw 7)"))
        self.mulligan_button.setText(tr("Mulligan"))
        self.draw_button.setText(tr("Draw the next card"))
        self._show()

    # -- actions ---------------------------------------------------------------------

    def new_hand(self) -> None:
        """Shuffle the current main deck and draw 7."""
        self.hand = SampleHand(self.doc.deck.card_names("main"), self.rng)
        self._show()

    def mulligan(self) -> None:
        if not self.hand.cards:
            self.new_hand()
        self.hand.mulligan()
        self._show()

    def draw(self) -> None:
        if not self.hand.cards:
            self.new_hand()
            return
        self.hand.draw()
        self._show()

    def _clicked(self, item: QListWidgetItem) -> None:
        if self.hand.to_bottom > 0:
            self.hand.put_on_bottom(self.cards.row(item))
            self._show()

    # -- showing ---------------------------------------------------------------------

    def _show(self) -> None:
        hand = self.hand
        if not hand.cards:
            self.status.setText(tr("The main deck is empty."))
        elif hand.to_bottom:
            self.status.setText(trn("Mulligan number {mulligans}: click a card to put it on the bottom of your library.", "Mulligan number {mulligans}: click {count} cards, one at a time, to put them on the bottom of your library.", hand.to_bottom,
                                   mulligans=hand.mulligans))
        else:
            self.status.setText(tr("Hand: {hand} · Library: {library} · Mulligans: {mulligans}", hand=len(hand.hand),
                                  library=len(hand.library), mulligans=hand.mulligans))
        self.mulligan_button.setEnabled(bool(hand.cards))
        self.draw_button.setEnabled(bool(hand.cards) and not hand.to_bottom
                                    and bool(hand.library))
        self.cards.clear()
        for name in hand.hand:
            item = QListWidgetItem(self._icon(name), self.library.display_name(name))
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setSizeHint(QSize(CARD_WIDTH + 12, round(CARD_WIDTH * 680 / 488) + 40))
            self.cards.addItem(item)

    def _icon(self, name: str) -> QIcon:
        pix = self.library.pixmaps.face(name, CARD_WIDTH)
        if pix is None:    # placeholder until the render arrives
            pix = QPixmap(CARD_WIDTH, round(CARD_WIDTH * 680 / 488))
            pix.fill(QColor("#3a3a3a"))
            painter = QPainter(pix)
            painter.setPen(QColor("#dddddd"))
            painter.drawText(pix.rect().adjusted(8, 8, -8, -8),
                             int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                             self.library.display_name(name))
            painter.end()
        return QIcon(pix)

    def _image_ready(self, name: str) -> None:
        for i in range(self.cards.count()):
            item = self.cards.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == name:
                item.setIcon(self._icon(name))

    def names(self) -> list[str]:
        """English names of the hand shown (tests)."""
        return list(self.hand.hand)
