"""A zone viewer: the cards of a graveyard, exile, command zone (or, in hybrid and tabletop
games, your own library) as a searchable list; selected cards can be moved by hand."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from app.i18n import card_name, message, tr, trn

if TYPE_CHECKING:
    from app.table.widget import TableWidget

# the title of a viewer on your own zone ("Your library", not "You's library")
OWN_TITLES = {"library": "viewer.own.library", "hand": "viewer.own.hand", "graveyard": "viewer.own.graveyard",
              "exile": "viewer.own.exile", "command": "viewer.own.command"}
TARGETS = (("hand", 0), ("battlefield", 0), ("graveyard", 0), ("exile", 0), ("library", 0), ("library", -1))


class ZoneViewer(QDialog):
    def __init__(self, table: "TableWidget", zone: str, owner: int, parent: QWidget | None = None) -> None:
        super().__init__(parent or table)
        self.table = table
        self.zone = zone
        self.owner = owner
        self.setModal(False)
        self.resize(420, 560)
        lay = QVBoxLayout(self)
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Search by name…"))
        self.search.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.list.itemEntered.connect(self._hover)
        self.list.setMouseTracking(True)
        self.list.currentItemChanged.connect(lambda cur, _prev: self._hover(cur))
        self.status = QLabel()
        lay.addWidget(self.search)
        lay.addWidget(self.list, 1)
        lay.addWidget(self.status)
        self.buttons = QHBoxLayout()
        self.move_buttons: list[QPushButton] = []
        manual = table.session.mode != "rules" and owner in table.session.controls
        for dest, pos in TARGETS:
            if dest == zone and dest != "library":
                continue
            key = f"viewer.to_{dest}" + ("_bottom" if pos == -1 else "")
            b = QPushButton(message(key))
            b.setEnabled(manual)
            b.clicked.connect(lambda _=False, d=dest, p=pos: self.move_selected(d, p))
            self.buttons.addWidget(b)
            self.move_buttons.append(b)
        lay.addLayout(self.buttons)
        table.session.changed.connect(self.reload)
        self.reload()

    def cards(self) -> list[dict[str, Any]]:
        s = self.table.session
        if self.zone == "library":
            return [{"id": i, "name": n} for i, n in zip(s.library_ids(self.owner), s.library_names(self.owner))]
        obs = s.observation()
        for p in obs.get("players", []):
            if p["index"] == self.owner:
                return list(p.get(self.zone, []))
        return []

    def reload(self) -> None:
        names = self.table.session.player_names
        owner = names[self.owner] if self.owner < len(names) else "?"
        if self.owner == self.table.session.seat and self.zone in OWN_TITLES:
            self.setWindowTitle(message(OWN_TITLES[self.zone]))
        else:
            self.setWindowTitle(message(f"viewer.title.{self.zone}", player=owner))
        selected = {it.data(Qt.ItemDataRole.UserRole) for it in self.list.selectedItems()}
        self.list.clear()
        cards = self.cards()
        for c in cards:
            item = QListWidgetItem(card_name(c.get("name")) if c.get("name") else tr("a face-down card"))
            item.setData(Qt.ItemDataRole.UserRole, c.get("id"))
            item.setData(Qt.ItemDataRole.UserRole + 1, c)
            pix = self.table.store.face(c.get("name"), c.get("token_def")) if c.get("name") else None
            if pix is not None:
                item.setIcon(QIcon(pix))
            self.list.addItem(item)
            item.setSelected(c.get("id") in selected)
        self.status.setText(trn("{count} card", "{count} cards", len(cards)))
        self._filter(self.search.text())

    def _filter(self, text: str) -> None:
        low = text.strip().lower()
        for i in range(self.list.count()):
            item = self.list.item(i)
            c = item.data(Qt.ItemDataRole.UserRole + 1) or {}
            hay = f"{item.text()} {c.get('name') or ''}".lower()
            item.setHidden(bool(low) and low not in hay)

    def _hover(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        c = item.data(Qt.ItemDataRole.UserRole + 1) or {}
        self.table.preview_card(c)

    def visible_names(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count()) if not self.list.item(i).isHidden()]

    def move_selected(self, dest: str, pos: int) -> None:
        ids = [it.data(Qt.ItemDataRole.UserRole) for it in self.list.selectedItems() if not it.isHidden()]
        for oid in ids:
            if oid is None:
                continue
            if not self.table.interaction.act("move", oid, args=(dest, pos)):
                break
