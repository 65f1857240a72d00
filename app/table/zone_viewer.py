"""A zone viewer: the cards of a graveyard, exile, command zone (or, in hybrid and tabletop
games, your own library) as a searchable list; selected cards can be moved by hand."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from app.i18n import card_name, counters_text, message, tr, trn
from app.table.zone_actions import card_actions, offer

if TYPE_CHECKING:
    from app.table.widget import TableWidget

# the title of a viewer on your own zone ("Your library", not "You's library")
OWN_TITLES = {"library": "viewer.own.library", "hand": "viewer.own.hand", "graveyard": "viewer.own.graveyard",
              "exile": "viewer.own.exile", "command": "viewer.own.command"}
TARGETS = (("hand", 0), ("battlefield", 0), ("graveyard", 0), ("exile", 0), ("library", 0), ("library", -1))


def card_label(c: dict[str, Any]) -> str:
    """A card of the list in words: its name, and the counters on it (a suspended card's
    time counters in exile)."""
    name = card_name(c.get("name")) if c.get("name") else tr("a face-down card")
    counters = [counters_text(str(k), int(n)) for k, n in sorted((c.get("counters") or {}).items()) if n]
    if not counters:
        return name
    return tr("{card} ({counters})", card=name, counters=", ".join(counters))


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
        self.list.itemDoubleClicked.connect(self._play)
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
        if zone == "library":  # (a LAN host sends the library while this is open, and tells the others)
            table.session.watch_library(True)
            self.finished.connect(lambda _=0: table.session.watch_library(False))
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
        playable = 0
        for c in cards:
            item = QListWidgetItem(card_label(c))
            item.setData(Qt.ItemDataRole.UserRole, c.get("id"))
            if self.zone != "library" and card_actions(self.table.interaction, c.get("id")):
                playable += 1  # escape, flashback ...: marked as the hand's playable cards are
                f = item.font()
                f.setBold(True)
                item.setFont(f)
                item.setForeground(QColor(20, 120, 50))
                item.setToolTip(tr("You can play this card now: double-click it."))
            item.setData(Qt.ItemDataRole.UserRole + 1, c)
            pix = self.table.store.face(c.get("name"), c.get("token_def")) if c.get("name") else None
            if pix is not None:
                item.setIcon(QIcon(pix))
            self.list.addItem(item)
            item.setSelected(c.get("id") in selected)
        status = trn("{count} card", "{count} cards", len(cards))
        if self.zone == "library" and not self.table.session.library_known(self.owner):
            status = tr("Asking the host for your library…")
        if playable:
            status += " · " + trn("{count} card can be played now: double-click it.",
                                  "{count} cards can be played now: double-click one.", playable)
        self.status.setText(status)
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

    def _play(self, item: QListWidgetItem | None) -> None:
        """A double-click on a card the rules let you cast or activate from here (escape,
        flashback ...): its choices, as a double-click on a hand card offers them."""
        if item is None or self.zone == "library":
            return

        it = self.table.interaction
        oid = item.data(Qt.ItemDataRole.UserRole)
        if it.mode == "targets" and ("o", oid) in it.target_refs():  # a target in this pile
            it._pick_target(("o", oid))
            return

        acts = card_actions(self.table.interaction, item.data(Qt.ItemDataRole.UserRole))
        if not acts:
            self.table.show_message(tr("{card} cannot be played from here now.", card=item.text()))
            return
        offer(self.table.interaction, self.zone, self.owner, acts)

    def visible_names(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count()) if not self.list.item(i).isHidden()]

    def move_selected(self, dest: str, pos: int) -> None:
        ids = [it.data(Qt.ItemDataRole.UserRole) for it in self.list.selectedItems() if not it.isHidden()]
        for oid in ids:
            if oid is None:
                continue
            if not self.table.interaction.act("move", oid, args=(dest, pos)):
                break
