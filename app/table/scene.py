"""TableScene: the table as a QGraphicsScene, rebuilt from observations.

Each player has a half: battlefield rows (creatures nearest the centre, then other
permanents, then lands; against a real opponent other permanents and lands share the
second row), the player panels on the left; your hand is fanned below. Goldfish: the empty
seat is a strip, the piles are under your panel and the stack has a column on the right.
Against an opponent: their hand as backs above their panel, the piles on the right, the
stack floating at the right end of the field while it holds something.
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
    geometry_changed = Signal()

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
        self.aspect = geo.TABLE_W / geo.TABLE_H
        self.opp_compact = False  # the goldfish empty seat with nothing on its battlefield
        self.field_w = geo.FIELD_W
        self.order: list[int] = []  # the player's own order of permanents in their rows (drops)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # items move a lot: no BSP rebuilds
        store.ready.connect(self._pixmap_ready)
        self._build_zones()

    # ----------------------------------------------------------------- geometry
    # The table is laid out in scene units (a card is CARD_W wide) for the window's shape:
    # the view fits the scene's height, so the scene is as wide as the window's aspect ratio
    # allows and cards grow with the window. Two layouts:
    # * goldfish (the empty seat a thin strip): your half has three rows (creatures, others,
    #   lands); panel and piles on the left, the stack in a column on the right;
    # * a real opponent: each half has two rows (creatures; other permanents, then lands), so
    #   that cards stay readable (>= 100 px at 1500 x 950); panels (and the opponent's hand as
    #   backs) on the left, the piles on the right, the stack floats at the right of the
    #   field while it holds something.
    @property
    def nrows(self) -> int:
        return 3 if self.opp_compact else 2

    @property
    def half_h(self) -> float:
        n = self.nrows  # room above each row for attachments peeking out (half of it between rows)
        return n * geo.CARD_H + (n + 1) * geo.ROW_GAP + (n + 1) / 2 * geo.ATTACH_OFFSET

    @property
    def right_w(self) -> float:
        return geo.STACK_W if self.opp_compact else geo.SIDE_W

    def half_top(self, player: int) -> float:
        if player == self.seat:
            return self.opp_bottom + geo.GAP
        return 0.0

    @property
    def opp_bottom(self) -> float:
        return geo.STRIP_H if self.opp_compact else self.half_h

    @property
    def mid_y(self) -> float:
        return self.opp_bottom + geo.GAP / 2

    @property
    def field_left(self) -> float:
        return geo.SIDE_W + geo.GAP

    def row_centre_y(self, player: int, row: int) -> float:
        step = geo.CARD_H + geo.ROW_GAP + geo.ATTACH_OFFSET / 2
        top = self.half_top(player)
        if player == self.seat:
            return top + geo.ATTACH_OFFSET + geo.ROW_GAP + row * step + geo.CARD_H / 2
        return top + self.half_h - geo.ROW_GAP - row * step - geo.CARD_H / 2

    def table_height(self) -> float:
        return self.opp_bottom + geo.GAP + self.half_h + geo.HAND_H

    def set_aspect(self, aspect: float) -> None:
        """The view's width / height: the scene takes that shape (within limits)."""
        aspect = max(0.8, min(4.0, aspect))
        if abs(aspect - self.aspect) > 1e-3:
            self.aspect = aspect
            self._apply_geometry()

    def _build_zones(self) -> None:
        for p in self.shown:
            for kind in ("battlefield", "hand"):
                z = ZoneItem(kind, p, QRectF())
                self.addItem(z)
                self.zones[(kind, p)] = z
            panel = PlayerPanel(p, QRectF())
            self.addItem(panel)
            self.panels[p] = panel
            for kind in PILES:
                pile = PileItem(kind, p, QRectF(), self.store)
                self.addItem(pile)
                self.zones[(kind, p)] = pile
        stack = StackZone("stack", -1, QRectF())
        self.addItem(stack)
        self.zones[("stack", -1)] = stack
        self._apply_geometry()
        self.retranslate()

    def _apply_geometry(self) -> None:
        g = geo
        h = self.table_height()
        w = max(g.SIDE_W + g.GAP + g.MIN_FIELD_W + g.GAP + self.right_w, h * self.aspect)
        self.field_w = w - self.field_left - g.GAP - self.right_w
        if self.opp_compact:
            self._goldfish_geometry(w)
        else:
            self._duel_geometry(w, h)
        self.setSceneRect(QRectF(0, 0, w, h))
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        if self.obs:
            self.relayout()
            self.update_arrows()
        self.geometry_changed.emit()

    def _piles_at(self, p: int, x0: float, y0: float) -> None:
        pile_h = geo.PILE_CARD_H + geo.PILE_LABEL_H
        for i, kind in enumerate(PILES):
            x = x0 + (i % 2) * (geo.PILE_W + geo.GAP)
            y = y0 + (i // 2) * (pile_h + geo.GAP)
            self.zones[(kind, p)].set_rect(QRectF(x, y, geo.PILE_W, pile_h))
            self.zones[(kind, p)].setVisible(True)

    def _goldfish_geometry(self, w: float) -> None:
        g = geo
        for p in self.shown:
            top = self.half_top(p)
            panel = self.panels[p]
            if p != self.seat:  # the empty seat: its panel reaches into the strip
                panel.compact = True
                panel_w = g.SIDE_W - 2 * g.GAP + g.CARD_W * 1.5
                panel.set_rect(QRectF(g.GAP, 4, panel_w, g.STRIP_H - 8))
                left = g.GAP + panel_w + g.GAP
                self.zones[("battlefield", p)].set_rect(QRectF(left, 4, self.field_left + self.field_w - left,
                                                               g.STRIP_H - 8))
                for kind in PILES:
                    self.zones[(kind, p)].setVisible(False)
                self.zones[("hand", p)].setVisible(False)
                continue
            panel.compact = False
            self.zones[("battlefield", p)].set_rect(QRectF(self.field_left, top, self.field_w, self.half_h))
            panel_y = top + g.GAP
            panel.set_rect(QRectF(g.GAP, panel_y, g.SIDE_W - 2 * g.GAP, g.PANEL_H))
            self._piles_at(p, g.GAP, panel_y + g.PANEL_H + 10)
            self.zones[("hand", p)].set_rect(QRectF(self.field_left, top + self.half_h + g.GAP / 2, self.field_w,
                                                    g.HAND_H - g.GAP / 2))
        stack = self.zones[("stack", -1)]
        stack.set_rect(QRectF(w - g.STACK_W, self.half_top(self.seat), g.STACK_W - g.GAP, min(500.0, self.half_h)))
        stack.setVisible(True)

    def _duel_geometry(self, w: float, h: float) -> None:
        g = geo
        pile_h = g.PILE_CARD_H + g.PILE_LABEL_H
        piles_h = 2 * pile_h + g.GAP
        right = w - self.right_w + g.GAP / 2
        for p in self.shown:
            me = p == self.seat
            top = self.half_top(p)
            panel = self.panels[p]
            panel.compact = False
            self.zones[("battlefield", p)].set_rect(QRectF(self.field_left, top, self.field_w, self.half_h))
            hand = self.zones[("hand", p)]
            if me:
                panel.set_rect(QRectF(g.GAP, top + g.GAP, g.SIDE_W - 2 * g.GAP, g.PANEL_H))
                self._piles_at(p, right, h - g.GAP - piles_h)
                hand.set_rect(QRectF(self.field_left, top + self.half_h + g.GAP / 2, self.field_w,
                                     g.HAND_H - g.GAP / 2))
            else:  # their hand as backs above their panel, in the left column
                hand.set_rect(QRectF(g.GAP, top + g.GAP, g.SIDE_W - 2 * g.GAP, g.OPP_HAND_H - 4))
                hand.setVisible(self.show_opponent_hand)
                panel.set_rect(QRectF(g.GAP, top + self.half_h - g.GAP - g.PANEL_H, g.SIDE_W - 2 * g.GAP,
                                      g.PANEL_H))
                self._piles_at(p, right, top + g.GAP)
        # the stack floats over the right end of the field, centred on the middle line
        stack_h = min(500.0, h - 2 * (piles_h + g.GAP))
        self.zones[("stack", -1)].set_rect(QRectF(self.field_left + self.field_w - g.STACK_W - g.GAP,
                                                  self.mid_y - stack_h / 2, g.STACK_W, stack_h))

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
        mid = self.mid_y
        painter.setPen(QPen(QColor(255, 255, 255, 40), 2))
        painter.drawLine(QPointF(r.left() + 10, mid), QPointF(r.right() - self.right_w - 10, mid))

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
        # a card dropped from the hand takes its place in its row where it was dropped
        for oid in list(self.pending_drop):
            if oid in on_bf:
                self._insert_order(oid, self.pending_drop.pop(oid).x(), obs)
        self.order = [o for o in self.order if o in on_bf]
        compact = not self.show_opponent_hand and not any(
            c.get("controller", c.get("owner")) != self.seat for c in obs.get("battlefield", []))
        if compact != self.opp_compact:
            self.opp_compact = compact
            self._apply_geometry()
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
        self.zones[("hand", self.other)].setVisible(self.show_opponent_hand and not self.opp_compact)
        if not self.opp_compact:  # the floating stack shows only while it holds something
            self.zones[("stack", -1)].setVisible(bool(obs.get("stack")))
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
        """Put every item where its zone wants it: rows ordered (the player's own order from
        drops first), identical untapped lands stacked, attachments under their hosts."""
        obs = self.obs
        by_id = {c["id"]: c for c in obs.get("battlefield", [])}
        attached: dict[int, list[int]] = {}
        for c in obs.get("battlefield", []):
            host = c.get("attached_to")
            if host is not None and host in by_id:
                attached.setdefault(host, []).append(c["id"])
        for p in self.shown:
            rows = self.rows(p)
            if self.nrows == 2:  # other permanents and lands share the second row
                rows = [rows[0], rows[1] + rows[2]]
            for r, cards in enumerate(rows):
                self._layout_row(p, r, cards, attached)
        self._layout_hands(obs)
        self._layout_stack(obs)

    def rows(self, player: int) -> list[list[dict[str, Any]]]:
        """The player's permanents by row, in the order they are shown."""
        by_id = {c["id"]: c for c in self.obs.get("battlefield", [])}
        rows: list[list[dict[str, Any]]] = [[], [], []]
        for c in self.obs.get("battlefield", []):
            if c.get("controller", c.get("owner")) != player or c.get("attached_to") in by_id:
                continue  # attachments are placed with their host
            rows[row_of(c)].append(c)
        rank = {oid: i for i, oid in enumerate(self.order)}
        for r in (0, 1):
            rows[r].sort(key=lambda c: (rank.get(c["id"], len(rank)), c["id"]))
        # lands: grouped by name in order of first appearance, untapped before tapped
        first: dict[str, int] = {}
        for i, c in enumerate(sorted(rows[2], key=lambda c: (rank.get(c["id"], len(rank)), c["id"]))):
            first.setdefault(str(c.get("name")), i)
        rows[2].sort(key=lambda c: (first.get(str(c.get("name")), 0), bool(c.get("tapped")), c["id"]))
        return rows

    def _stackable(self, c: dict[str, Any], attached: dict[int, list[int]]) -> bool:
        return bool(c.get("name")) and not (c.get("tapped") or c.get("counters") or c.get("face_down")
                                            or c.get("phased_out") or c.get("note") or attached.get(c["id"])
                                            or c.get("attacking") is not None or c.get("blocking"))

    def _insert_order(self, oid: int, x: float, obs: dict[str, Any]) -> None:
        """A card dropped at x goes before the first card of its row to the right of x."""
        card = next((c for c in obs.get("battlefield", []) if c["id"] == oid), None)
        if card is None:
            return
        self.obs = obs
        row = [c["id"] for c in self.rows(card.get("controller", 0))[row_of(card)] if c["id"] != oid]
        ahead = [o for o in row if o in self.cards and self.cards[o].pos().x() < x]
        rest = [o for o in self.order if o not in row and o != oid]
        self.order = ahead + [oid] + [o for o in row if o not in ahead] + rest

    def _layout_row(self, player: int, row: int, cards: list[dict[str, Any]], attached: dict[int, list[int]]) -> None:
        if not cards:
            return
        # slots: groups of identical untapped lands share one slot, fanned by LAND_STACK_DX
        groups: list[list[dict[str, Any]]] = []
        for c in cards:
            if (row_of(c) == 2 and groups and self._stackable(c, attached) and self._stackable(groups[-1][-1], attached)
                    and groups[-1][-1].get("name") == c.get("name")):
                groups[-1].append(c)
            else:
                groups.append([c])
        widths = []
        for g in groups:
            w = geo.CARD_H if g[0].get("tapped") else geo.CARD_W
            widths.append(w + geo.LAND_STACK_DX * (len(g) - 1) + 16 * len(attached.get(g[0]["id"], [])))
        total = sum(widths) + geo.GAP * (len(widths) - 1)
        avail = self.field_w - 2 * geo.GAP
        # the steps between cards shrink so that the last card still ends inside the field
        squeeze = min(1.0, (avail - widths[-1]) / (total - widths[-1])) if total > widths[-1] else 1.0
        x = self.field_left + geo.GAP
        y = self.row_centre_y(player, row)
        z = 10 + row * 200
        for g, w in zip(groups, widths):
            own_w = geo.CARD_H if g[0].get("tapped") else geo.CARD_W
            for k, c in enumerate(g):
                centre = QPointF(x + own_w / 2 + k * geo.LAND_STACK_DX * min(1.0, squeeze * 1.5), y)
                item = self.cards.get(c["id"])
                z += 2
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
                # a gentle fan: at most 6 degrees at the ends, so every card stays whole
                angle = off * min(2.5, 12 / max(1, n - 1)) if me else 0.0
                dy = min(5.0, abs(off) ** 2 * min(1.0, 8 / n)) if me else 0.0
                lifted = item is self._lifted
                up = (6 if me else 0) + (12 if lifted else 0)  # a lifted card stays inside the table
                y = cy + dy - up
                if me:  # the rotated card's lowest corner never leaves the table
                    import math
                    a = math.radians(0 if lifted else abs(angle))
                    half = (geo.CARD_H * math.cos(a) + geo.CARD_W * math.sin(a)) / 2 * (1.12 if lifted else 1)
                    y = min(y, zone.rect.bottom() + geo.GAP / 2 - half - 1)
                self._place(item, QPointF(x0 + i * step, y), 8500 if lifted else 3000 + i)
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
            anim.finished.connect(lambda a=anim: self._move_done(a))
            self._moves.append(anim)
            anim.start()
        else:
            item.setPos(pos)

    def _move_done(self, anim: QPropertyAnimation) -> None:
        if anim in self._moves:
            self._moves.remove(anim)
        if not self._moves:
            self.update_arrows()  # arrows follow the cards they join (a spell moving on the stack)

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
            self._layout_hands(self.obs)

    def card_unhovered(self, item: CardItem) -> None:
        self.hovered.emit(None)
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
