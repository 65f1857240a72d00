"""TableScene: the table as a QGraphicsScene, rebuilt from observations.

Each player has a half: battlefield rows (creatures nearest the centre, then other
permanents, then lands), the piles and the player panel on the left; your hand is fanned
below, the opponent's shown as backs above; the stack sits on the right, in the centre.
Items are keyed by object id (ids change when a card changes zones, CR 400.7), so `sync`
creates, updates and removes items from each observation. Mouse input is handled here
(one drag moves every selected card) and handed to the Interaction as clicks and drops.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import (QApplication, QGraphicsScene, QGraphicsSceneContextMenuEvent,
                               QGraphicsSceneMouseEvent)

from app.i18n import tr
from app.table import geometry as geo
from app.table.arrows import ArrowItem
from app.table.card_item import CardItem
from app.table.zones import PILES, PileItem, PlayerPanel, StackZone, ZoneItem

if TYPE_CHECKING:
    from app.table.interaction import Interaction
    from app.table.pixmaps import PixmapStore

ROWS = ("creatures", "others", "lands")


def row_of(card: dict[str, Any]) -> int:
    types = card.get("types") or []
    if "Creature" in types or card.get("face_down"):
        return 0
    if "Land" in types:
        return 2
    return 1


class TableScene(QGraphicsScene):
    hovered = Signal(object)  # a CardItem (or None)

    def __init__(self, store: "PixmapStore", seat: int = 0, parent: Any = None) -> None:
        super().__init__(parent)
        self.store = store
        self.seat = seat
        # the two halves of the table: your seat and one opponent. With three or four players
        # the other seats are not drawn yet (a known limitation; their cards are left out)
        self.other = 1 if seat == 0 else 0
        self.shown = (seat, self.other)
        self.controller: "Interaction | None" = None
        self.cards: dict[Any, CardItem] = {}
        self.zones: dict[tuple[str, int], ZoneItem] = {}
        self.panels: dict[int, PlayerPanel] = {}
        self.free_pos: dict[int, QPointF] = {}
        self.pending_drop: dict[int, QPointF] = {}
        self.renamed: dict[int, int] = {}  # new object id -> old id, from the last events
        self.arrows: list[ArrowItem] = []
        self.extra_arrows: list[tuple[Any, Any, QColor, bool]] = []
        self.animations = False
        self.show_opponent_hand = True
        self.obs: dict[str, Any] = {}
        self._press: tuple[Any, QPointF] | None = None
        self._dragging: list[CardItem] = []
        self._origins: dict[CardItem, QPointF] = {}
        self._drop_zone: ZoneItem | None = None
        self._lifted: CardItem | None = None
        self._moves: list[QPropertyAnimation] = []
        self.setSceneRect(QRectF(0, 0, geo.TABLE_W, geo.TABLE_H))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # items move a lot: no BSP rebuilds
        store.ready.connect(self._pixmap_ready)
        self._build_zones()

    # ----------------------------------------------------------------- geometry
    def half_top(self, player: int) -> float:
        if player == self.seat:
            return geo.OPP_HAND_H + geo.HALF_H + geo.GAP
        return geo.OPP_HAND_H

    @property
    def field_left(self) -> float:
        return geo.SIDE_W + geo.GAP

    def row_centre_y(self, player: int, row: int) -> float:
        step = geo.CARD_H + geo.ROW_GAP + geo.ATTACH_OFFSET / 2
        top = self.half_top(player)
        if player == self.seat:
            return top + geo.ATTACH_OFFSET + geo.ROW_GAP + row * step + geo.CARD_H / 2
        return top + geo.HALF_H - geo.ROW_GAP - row * step - geo.CARD_H / 2

    def _build_zones(self) -> None:
        for p in self.shown:
            me = p == self.seat
            top = self.half_top(p)
            bf = ZoneItem("battlefield", p, QRectF(self.field_left, top, geo.FIELD_W, geo.HALF_H))
            self.addItem(bf)
            self.zones[("battlefield", p)] = bf
            panel_h = 118.0
            pile_h = geo.CARD_H + 18
            if me:
                panel_y = top + geo.GAP
                piles_y = panel_y + panel_h + 10
            else:
                piles_y = top + geo.GAP
                panel_y = top + geo.HALF_H - panel_h - geo.GAP
            panel = PlayerPanel(p, QRectF(geo.GAP, panel_y, geo.SIDE_W - 2 * geo.GAP, panel_h))
            self.addItem(panel)
            self.panels[p] = panel
            for i, kind in enumerate(PILES):
                x = geo.GAP + (i % 2) * (geo.CARD_W + geo.GAP)
                y = piles_y + (i // 2) * (pile_h + geo.GAP)
                pile = PileItem(kind, p, QRectF(x, y, geo.CARD_W, pile_h), self.store)
                self.addItem(pile)
                self.zones[(kind, p)] = pile
            if me:
                hand_top = top + geo.HALF_H + geo.GAP / 2
                hand = ZoneItem("hand", p, QRectF(self.field_left, hand_top, geo.FIELD_W, geo.HAND_H - geo.GAP / 2))
            else:
                hand = ZoneItem("hand", p, QRectF(self.field_left, 2, geo.FIELD_W, geo.OPP_HAND_H - 4))
            self.addItem(hand)
            self.zones[("hand", p)] = hand
        mid = geo.OPP_HAND_H + geo.HALF_H + geo.GAP / 2
        x = geo.TABLE_W - geo.STACK_W
        stack = StackZone("stack", -1, QRectF(x, mid - 250, geo.STACK_W - geo.GAP, 500))
        self.addItem(stack)
        self.zones[("stack", -1)] = stack
        self.retranslate()

    def retranslate(self) -> None:
        for (kind, _), z in self.zones.items():
            if kind in ("battlefield", "hand", "stack"):
                z.label = tr(f"zone.{kind}")
            z.update()
        for p in self.panels.values():
            p.update()
        for c in self.cards.values():
            c.update()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        r = self.sceneRect()
        grad = QLinearGradient(r.topLeft(), r.bottomLeft())
        grad.setColorAt(0, geo.FELT_DARK)
        grad.setColorAt(0.5, geo.FELT)
        grad.setColorAt(1, geo.FELT_DARK)
        painter.fillRect(rect, grad)
        mid = geo.OPP_HAND_H + geo.HALF_H + geo.GAP / 2
        painter.setPen(QPen(QColor(255, 255, 255, 40), 2))
        painter.drawLine(QPointF(r.left() + 10, mid), QPointF(r.right() - geo.STACK_W - 10, mid))

    # ----------------------------------------------------------------- sync
    def note_events(self, events: list[dict[str, Any]]) -> None:
        """Follow cards through zone changes (for drop positions and move animations)."""
        for ev in events:
            if ev.get("key") == "zone_change" and "old" in ev and "obj" in ev:
                self.renamed[ev["obj"]] = ev["old"]
                if ev["old"] in self.pending_drop:
                    pos = self.pending_drop.pop(ev["old"])
                    if ev.get("to_zone") in ("battlefield", "stack"):
                        self.pending_drop[ev["obj"]] = pos

    def sync(self, obs: dict[str, Any]) -> None:
        self.obs = obs
        wanted: dict[Any, tuple[dict[str, Any], str, bool, bool]] = {}
        on_bf = set()
        for c in obs.get("battlefield", []):
            if c.get("controller", c.get("owner")) not in self.shown:
                continue  # a third or fourth seat: this table shows two halves (see `shown`)
            mine = c.get("controller") == self.seat
            wanted[c["id"]] = (c, "battlefield", mine, not c.get("face_down"))
            on_bf.add(c["id"])
        for c in obs.get("stack", []):
            wanted[c["id"]] = (c, "stack", c.get("controller") == self.seat, True)
        for p in obs.get("players", []):
            me = p["index"] == self.seat
            if p["index"] not in self.shown:
                continue
            if me:
                for c in p.get("hand", []):
                    wanted[c["id"]] = (c, "hand", True, True)
            elif self.show_opponent_hand:
                for i, c in enumerate(p.get("hand", [])):
                    key = c["id"] if c.get("id") is not None else f"h{p['index']}:{i}"
                    wanted[key] = ({**c, "owner": p["index"]}, "hand", False, bool(c.get("name")))
        # dropped cards keep where they were dropped (free placement on the battlefield)
        for oid in list(self.pending_drop):
            if oid in on_bf:
                self.free_pos[oid] = self.pending_drop.pop(oid)
        for oid in list(self.free_pos):
            if oid not in on_bf:
                del self.free_pos[oid]
        # reuse the item of a card that just changed zones: it then moves instead of popping up
        for key in list(wanted):
            if key not in self.cards and isinstance(key, int):
                old = self.renamed.get(key)
                while old is not None and old not in self.cards:
                    old = self.renamed.get(old)
                if old is not None and old not in wanted:
                    item = self.cards.pop(old)
                    item.key = key
                    self.cards[key] = item
        self.renamed.clear()
        for key in [k for k in self.cards if k not in wanted]:
            item = self.cards.pop(key)
            if item in self._dragging:
                self._dragging.remove(item)
            self.removeItem(item)
        for key, (data, zone, mine, face) in wanted.items():
            item = self.cards.get(key)
            if item is None:
                item = CardItem(key, self.store)
                self.cards[key] = item
                self.addItem(item)
            item.set_card(data, zone, mine=mine, show_face=face, animate=self.animations)
        self.zones[("hand", self.other)].setVisible(self.show_opponent_hand)  # goldfish: nobody sits there
        if self._lifted is not None and (self._lifted.zone != "hand" or self._lifted.scene() is not self):
            self._lifted = None
        self._sync_piles(obs)
        self.relayout()
        self.update_arrows()

    def _sync_piles(self, obs: dict[str, Any]) -> None:
        pend = obs.get("pending") or {}
        for p in obs.get("players", []):
            i = p["index"]
            if i not in self.shown:
                continue
            for kind in PILES:
                pile = self.zones[(kind, i)]
                assert isinstance(pile, PileItem)
                if kind == "library":
                    pile.set_content(int(p.get("library_count", 0)), None)
                else:
                    cards = p.get(kind, [])
                    top = (cards[0] if kind != "command" else cards[-1]) if cards else None
                    pile.set_content(len(cards), top)
            panel = self.panels[i]
            info = {k: p.get(k) for k in ("name", "life", "poison", "hand_count", "library_count", "mana")}
            panel.set_info(info, obs.get("active") == i, pend.get("player") == i)

    def relayout(self) -> None:
        """Put every item where its zone wants it (free positions are kept)."""
        obs = self.obs
        by_id = {c["id"]: c for c in obs.get("battlefield", [])}
        attached: dict[int, list[int]] = {}
        for c in obs.get("battlefield", []):
            host = c.get("attached_to")
            if host is not None and host in by_id:
                attached.setdefault(host, []).append(c["id"])
        for p in self.shown:
            rows: list[list[dict[str, Any]]] = [[], [], []]
            for c in obs.get("battlefield", []):
                if c.get("controller", c.get("owner")) != p or c["id"] in self.free_pos:
                    continue
                if c.get("attached_to") in by_id:
                    continue  # placed with its host
                rows[row_of(c)].append(c)
            for r, cards in enumerate(rows):
                self._layout_row(p, r, cards, attached)
        for oid, pos in self.free_pos.items():
            item = self.cards.get(oid)
            if item is not None and item not in self._dragging:
                self._place(item, pos, 100 + oid % 1000)
                self._place_attachments(oid, pos, attached, 100 + oid % 1000)
        self._layout_hands(obs)
        self._layout_stack(obs)

    def _layout_row(self, player: int, row: int, cards: list[dict[str, Any]], attached: dict[int, list[int]]) -> None:
        if not cards:
            return
        slots = []
        for c in cards:
            w = geo.CARD_H if c.get("tapped") else geo.CARD_W
            slots.append(w + 16 * len(attached.get(c["id"], [])))
        total = sum(slots) + geo.GAP * (len(slots) - 1)
        avail = geo.FIELD_W - 2 * geo.GAP
        squeeze = min(1.0, avail / total) if total else 1.0
        x = self.field_left + geo.GAP
        y = self.row_centre_y(player, row)
        for i, (c, w) in enumerate(zip(cards, slots)):
            own_w = geo.CARD_H if c.get("tapped") else geo.CARD_W
            centre = QPointF(x + own_w / 2, y)
            item = self.cards.get(c["id"])
            z = 10 + row * 200 + i * 2
            if item is not None and item not in self._dragging:
                self._place(item, centre, z)
            self._place_attachments(c["id"], centre, attached, z)
            x += (w + geo.GAP) * squeeze

    def _place_attachments(self, host: int, centre: QPointF, attached: dict[int, list[int]], z: float) -> None:
        for k, aid in enumerate(attached.get(host, []), 1):
            item = self.cards.get(aid)
            if item is not None and item not in self._dragging:
                self._place(item, QPointF(centre.x() + 16 * k, centre.y() - geo.ATTACH_OFFSET * k), z - k * 0.1)

    def _layout_hands(self, obs: dict[str, Any]) -> None:
        for p in obs.get("players", []):
            me = p["index"] == self.seat
            if p["index"] not in self.shown:
                continue
            keys = []
            for i, c in enumerate(p.get("hand", [])):
                keys.append(c["id"] if me or c.get("id") is not None else f"h{p['index']}:{i}")
            items = [self.cards[k] for k in keys if k in self.cards]
            n = len(items)
            if not n:
                continue
            zone = self.zones[("hand", p["index"])]
            scale = 1.0 if me else 0.55
            w = geo.CARD_W * scale
            step = min(w + 6, (zone.rect.width() - w - 2 * geo.GAP) / max(1, n - 1))
            span = step * (n - 1) + w
            x0 = zone.rect.left() + (zone.rect.width() - span) / 2 + w / 2
            cy = zone.rect.center().y()
            for i, item in enumerate(items):
                if item in self._dragging:
                    continue
                off = i - (n - 1) / 2
                angle = off * min(2.5, 20 / n) if me else 0.0
                dy = min(8.0, abs(off) ** 2 * min(1.2, 10 / n)) if me else 0.0
                lifted = item is self._lifted
                self._place(item, QPointF(x0 + i * step, cy + dy - (6 if me else 0)), 8500 if lifted else 3000 + i)
                item.setScale(1.12 if lifted else scale)
                if not item.animating:
                    item.setRotation(0 if lifted else angle)

    def _layout_stack(self, obs: dict[str, Any]) -> None:
        stack = list(reversed(obs.get("stack", [])))  # bottom first: the top is drawn last, lowest
        zone = self.zones[("stack", -1)]
        n = len(stack)
        if not n:
            return
        room = zone.rect.height() - 34 - geo.CARD_H
        step = min(38.0, room / max(1, n - 1))
        for i, c in enumerate(stack):
            item = self.cards.get(c["id"])
            if item is not None:
                item.setScale(1.0)
                item.setRotation(0)
                self._place(item, QPointF(zone.rect.center().x(), zone.rect.top() + 28 + geo.CARD_H / 2 + i * step),
                            4000 + i)

    def _place(self, item: CardItem, pos: QPointF, z: float) -> None:
        item.setZValue(z)
        if item.zone != "hand":
            item.setScale(1.0)
        if (item.pos() - pos).manhattanLength() < 0.5:
            return
        if self.animations and item.pos() != QPointF(0, 0) and (item.pos() - pos).manhattanLength() > 30:
            anim = QPropertyAnimation(item, b"pos", self)
            anim.setDuration(180)
            anim.setStartValue(item.pos())
            anim.setEndValue(pos)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            anim.finished.connect(lambda a=anim: self._moves.remove(a) if a in self._moves else None)
            self._moves.append(anim)
            anim.start()
        else:
            item.setPos(pos)

    def _pixmap_ready(self, key: str) -> None:
        for item in self.cards.values():
            if item.wants_key(key):
                item.update()
        for z in self.zones.values():
            z.update()

    # ----------------------------------------------------------------- arrows
    def anchor(self, ref: Any) -> QPointF | None:
        """Scene point for ("o", id) / ("p", index) / a CardItem."""
        if isinstance(ref, CardItem):
            return ref.scenePos()
        kind, val = ref
        if kind == "p":
            panel = self.panels.get(val)
            return panel.rect.center() if panel else None
        item = self.cards.get(val)
        return item.scenePos() if item is not None else None

    def update_arrows(self) -> None:
        for a in self.arrows:
            self.removeItem(a)
        self.arrows = []
        specs: list[tuple[Any, Any, QColor, bool]] = []
        for c in self.obs.get("stack", []):
            for t in c.get("targets") or []:
                ref = ("o", t["obj"]) if "obj" in t else ("p", t.get("player"))
                specs.append((("o", c["id"]), ref, geo.ARROW_TARGET, False))
        for c in self.obs.get("battlefield", []):
            if c.get("attacking") is not None:
                specs.append((("o", c["id"]), ("p", c["attacking"]), geo.ATTACK, False))
            for x in c.get("blocking") or []:
                specs.append((("o", c["id"]), ("o", x), geo.BLOCK, False))
        specs += self.extra_arrows
        for a, b, colour, dashed in specs:
            pa, pb = self.anchor(a), self.anchor(b)
            if pa is None or pb is None or (pa - pb).manhattanLength() < 5:
                continue
            arrow = ArrowItem(pa, pb, colour, dashed)
            self.addItem(arrow)
            self.arrows.append(arrow)

    # ----------------------------------------------------------------- lookups
    def card_at(self, pos: QPointF) -> CardItem | None:
        for it in self.items(pos):
            if isinstance(it, CardItem) and it not in self._dragging:
                return it
        return None

    def zone_at(self, pos: QPointF) -> ZoneItem | None:
        best = None
        for it in self.items(pos):
            if isinstance(it, PileItem):
                return it
            if isinstance(it, ZoneItem) and best is None:
                best = it
        return best

    def panel_at(self, pos: QPointF) -> PlayerPanel | None:
        for it in self.items(pos):
            if isinstance(it, PlayerPanel):
                return it
        return None

    def card_hovered(self, item: CardItem | None) -> None:
        self.hovered.emit(item)
        # a card in your hand comes up to be read: on top, a little larger, upright
        if item is not None and item.zone == "hand" and item.mine and not self._dragging:
            if self._lifted is not None and self._lifted is not item:
                self.card_unhovered(self._lifted)
            self._lifted = item
            item.setZValue(8500)
            item.setScale(1.12)
            if not item.animating:
                item.setRotation(0)

    def card_unhovered(self, item: CardItem) -> None:
        if item is self._lifted:
            self._lifted = None
            if item.scene() is self and item.zone == "hand":
                self._layout_hands(self.obs)

    # ----------------------------------------------------------------- mouse
    def mousePressEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        pos = ev.scenePos()
        self._press = None
        if ev.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(ev)
            return
        item = self.card_at(pos)
        if item is not None:
            if ev.modifiers() & Qt.KeyboardModifier.ControlModifier:
                item.setSelected(not item.isSelected())
            elif not item.isSelected():
                self.clearSelection()
                item.setSelected(True)
            self._press = (item, pos)
            ev.accept()
            return
        target = self.panel_at(pos) or self.zone_at(pos)
        if isinstance(target, (PlayerPanel, PileItem)):
            self._press = (target, pos)
            ev.accept()
            return
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        if self._press is None or not isinstance(self._press[0], CardItem):
            super().mouseMoveEvent(ev)
            return
        item, start = self._press
        pos = ev.scenePos()
        if not self._dragging:
            if (pos - start).manhattanLength() < QApplication.startDragDistance():
                return
            ctl = self.controller
            sel = [i for i in self.selectedItems() if isinstance(i, CardItem)]
            if item not in sel:
                sel = [item]
            self._dragging = [i for i in sel if ctl is None or ctl.can_drag(i)]
            if not self._dragging:
                return
            self._origins = {i: i.pos() for i in self._dragging}
            for i in self._dragging:
                i.setZValue(9000 + i.zValue() % 1000)
        delta = pos - start
        for i in self._dragging:
            i.setPos(self._origins[i] + delta)
        zone = self.zone_at(pos)
        if zone is not self._drop_zone:
            if self._drop_zone is not None:
                self._drop_zone.set_drop_hover(False)
            self._drop_zone = zone
            if zone is not None:
                zone.set_drop_hover(True)
        ev.accept()

    def mouseReleaseEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        press, self._press = self._press, None
        if self._drop_zone is not None:
            self._drop_zone.set_drop_hover(False)
            self._drop_zone = None
        if self._dragging:
            dragged, self._dragging = self._dragging, []
            zone = self.zone_at(ev.scenePos())
            origins, self._origins = self._origins, {}
            if self.controller is not None and press is not None:
                self.controller.drop(dragged, zone, ev.scenePos(), {i: o for i, o in origins.items()},
                                     ev.scenePos() - press[1])
            self.relayout()
            self.update_arrows()
            ev.accept()
            return
        if press is not None and self.controller is not None:
            target = press[0]
            if isinstance(target, CardItem):
                self.controller.card_clicked(target, ev.modifiers())
            elif isinstance(target, PlayerPanel):
                self.controller.player_clicked(target.index)
            elif isinstance(target, PileItem):
                self.controller.pile_clicked(target)
            ev.accept()
            return
        super().mouseReleaseEvent(ev)

    def mouseDoubleClickEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        if ev.button() == Qt.MouseButton.LeftButton and self.controller is not None:
            item = self.card_at(ev.scenePos())
            if item is not None:
                self._press = None
                self.controller.card_double_clicked(item)
                ev.accept()
                return
            zone = self.zone_at(ev.scenePos())
            if isinstance(zone, PileItem):
                self.controller.pile_double_clicked(zone)
                ev.accept()
                return
        super().mouseDoubleClickEvent(ev)

    def contextMenuEvent(self, ev: QGraphicsSceneContextMenuEvent) -> None:
        if self.controller is None:
            return
        pos = ev.scenePos()
        item = self.card_at(pos)
        if item is not None:
            if not item.isSelected():
                self.clearSelection()
                item.setSelected(True)
            self.controller.context_menu(item, ev.screenPos())
        else:
            target = self.panel_at(pos) or self.zone_at(pos)
            if target is not None:
                self.controller.context_menu(target, ev.screenPos())
        ev.accept()

    def selected_cards(self) -> list[CardItem]:
        return [i for i in self.selectedItems() if isinstance(i, CardItem)]
