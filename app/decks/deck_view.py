"""The deck list: main deck and sideboard, each grouped by card type with counts."""
from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeWidget, QTreeWidgetItem, QWidget

from app.decks.document import DeckDocument
from app.decks.library import GROUPS, CardLibrary
from app.decks.text import zone_name
from app.i18n import tr, message
from app.decks.widgets import ManaCostDelegate

CardRole = Qt.ItemDataRole.UserRole + 1        # (zone, English name) on card rows
CostRole = Qt.ItemDataRole.UserRole + 2
SHOWN_ZONES = ("main", "side", "commander", "companion")


class DeckListView(QTreeWidget):
    """Rebuilt from the document after every change; keeps the selected card selected."""

    card_selected = Signal(str)

    def __init__(self, doc: DeckDocument, library: CardLibrary,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.library = library
        self._wanted: tuple[str, str] | None = None
        self.setColumnCount(3)
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setIconSize(QSize(16, 16))
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Fixed)
        header.resizeSection(2, 96)
        self.setItemDelegateForColumn(2, ManaCostDelegate(CostRole, self))
        self.currentItemChanged.connect(self._current_changed)
        doc.changed.connect(self.rebuild)
        doc.touched.connect(self._touched)
        library.changed.connect(self.rebuild)
        self.retranslate()
        self.rebuild()

    def retranslate(self) -> None:
        self.setHeaderLabels([tr("#"), tr("Card"),
                              tr("Cost")])
        self.rebuild()

    # -- building -------------------------------------------------------------------------

    def rebuild(self) -> None:
        keep = self._wanted or self.current_card()
        self._wanted = None
        self.blockSignals(True)
        self.clear()
        bold = QFont(self.font())
        bold.setBold(True)
        deck = self.doc.deck
        select: QTreeWidgetItem | None = None
        for zone in SHOWN_ZONES:
            counts = deck.counts(zone)
            if zone in ("commander", "companion") and not counts:
                continue
            top = QTreeWidgetItem([str(deck.total(zone)), zone_name(zone), ""])
            top.setFont(0, bold)
            top.setFont(1, bold)
            top.setData(0, CardRole, None)
            top.setData(1, Qt.ItemDataRole.UserRole, zone)
            top.setFlags(top.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            self.addTopLevelItem(top)
            unknown = {e.name for e in deck.zone(zone) if not e.recognized}
            by_group: dict[str, list[tuple[str, int]]] = {}
            for name, n in counts.items():
                group = "unknown" if name in unknown else self.library.group(name)
                by_group.setdefault(group, []).append((name, n))
            for group in GROUPS:
                cards = by_group.get(group)
                if not cards:
                    continue
                total = sum(n for _, n in cards)
                head = QTreeWidgetItem([str(total), message(f"decks.group.{group}"), ""])
                head.setFont(1, bold)
                head.setFlags(head.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                top.addChild(head)
                cards.sort(key=self._sort_key)
                for name, n in cards:
                    item = self._card_item(zone, name, n, name in unknown)
                    head.addChild(item)
                    if keep == (zone, name):
                        select = item
            top.setExpanded(True)
            for i in range(top.childCount()):
                child = top.child(i)
                if child is not None:
                    child.setExpanded(True)
        self.blockSignals(False)
        if select is not None:
            self.setCurrentItem(select)
            self.scrollToItem(select)

    def _sort_key(self, entry: tuple[str, int]) -> tuple[float, str]:
        record = self.library.record(entry[0])
        return (record.mana_value if record else 0.0, self.library.display_name(entry[0]))

    def _card_item(self, zone: str, name: str, count: int, unknown: bool) -> QTreeWidgetItem:
        record = None if unknown else self.library.record(name)
        shown = self.library.display_name(name) if record else name
        item = QTreeWidgetItem([str(count), shown, ""])
        item.setData(0, CardRole, (zone, name))
        item.setData(2, CostRole, record.mana_cost if record else "")
        item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if unknown or record is None:
            item.setForeground(1, QBrush(QColor("#c62828")))
            font = item.font(1)
            font.setItalic(True)
            item.setFont(1, font)
            item.setToolTip(1, html.escape(tr("{card} is not a known card name; it stays in the deck as written.", card=name)))
        elif shown != name:
            item.setToolTip(1, html.escape(name))   # tooltips render rich text
        return item

    # -- selection ------------------------------------------------------------------------

    def current_card(self) -> tuple[str, str] | None:
        """(zone, English name) of the selected card row, or None."""
        item = self.currentItem()
        data = item.data(0, CardRole) if item is not None else None
        return (str(data[0]), str(data[1])) if data else None

    def select_card(self, zone: str, name: str) -> bool:
        for item in self._card_items():
            if item.data(0, CardRole) == (zone, name):
                self.setCurrentItem(item)
                return True
        return False

    def card_rows(self) -> list[tuple[str, str, int, str]]:
        """(zone, name, count, group) of every row, in display order (tests, screenshots)."""
        out = []
        for item in self._card_items():
            zone, name = item.data(0, CardRole)
            parent = item.parent()
            out.append((zone, name, int(item.text(0)), parent.text(1) if parent else ""))
        return out

    def _card_items(self) -> list[QTreeWidgetItem]:
        def children(item: QTreeWidgetItem | None) -> list[QTreeWidgetItem]:
            if item is None:
                return []
            found = (item.child(i) for i in range(item.childCount()))
            return [c for c in found if c is not None]

        tops = (self.topLevelItem(i) for i in range(self.topLevelItemCount()))
        return [card for top in tops for group in children(top) for card in children(group)]

    def _touched(self, zone: str, name: str) -> None:
        # The edit's rebuild comes right after: select the card it touched, if still there
        self._wanted = (zone, name) if self.doc.deck.count(name, zone) else self.current_card()
        self.rebuild()

    def _current_changed(self, current: QTreeWidgetItem | None, _prev: object) -> None:
        data = current.data(0, CardRole) if current is not None else None
        if data:
            self.card_selected.emit(str(data[1]))
