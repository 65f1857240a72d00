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

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import (QApplication, QGraphicsScene, QGraphicsSceneContextMenuEvent,
                               QGraphicsSceneMouseEvent)

from app.i18n import message, tr
from app.table import geometry as geo
from app.table.arrows import ArrowItem
from app.table.card_item import LIFT, CardItem
from app.table import scheme_area
from app.table.layout import LayoutMixin
from app.table.panel import PlayerPanel
from app.table.player_arrows import PlayerArrows
from app.table.zones import PILES, PileItem, StackZone, ZoneItem

if TYPE_CHECKING:
    from app.table.interaction import Interaction
    from app.table.pixmaps import PixmapStore

class TableScene(LayoutMixin, QGraphicsScene):
    hovered = Signal(object)  # a CardItem (or None)
    geometry_changed = Signal()

    def __init__(self, store: "PixmapStore", seat: int = 0, parent: Any = None, players: int = 2) -> None:
        super().__init__(parent)
        self.store = store
        self.seat = seat
        # every seat: yours, then the others in turn order; with three or four players the
        # opponents share the top of the table in columns (app/table/layout.py)
        n = max(2, players)
        others = tuple((seat + i) % n for i in range(1, n))
        self.other = others[0]
        self.shown = (seat, *others)
        self.multi = n > 2
        self.controller: "Interaction | None" = None
        self.cards: dict[Any, CardItem] = {}
        self.zones: dict[tuple[str, int], ZoneItem] = {}
        self.panels: dict[int, PlayerPanel] = {}
        self.pending_drop: dict[int, QPointF] = {}
        self.renamed: dict[int, int] = {}  # new object id -> old id, from the last events
        self.arrows: list[ArrowItem] = []
        self.extra_arrows: list[tuple[Any, Any, QColor, bool]] = []
        self.player_arrows = PlayerArrows(self)
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
        self.scheme_seats: frozenset[int] = frozenset()  # players with schemes (app/table/scheme_area.py)
        self.command_piles = False  # 3-4 players with commanders: the opponents' command zones shown
        self.commander_game = False  # commanders: the panels have room for tax and commander damage
        self.field_w = geo.FIELD_W
        self.order: list[int] = []  # the player's own order of permanents in their rows (drops)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # items move a lot: no BSP rebuilds
        store.ready.connect(self._pixmap_ready)
        self._build_zones()

    # ----------------------------------------------------------------- zones (layout: app/table/layout.py)
    def _build_zones(self) -> None:
        for p in self.shown:
            for kind in ("battlefield", "hand"):
                z = ZoneItem(kind, p, QRectF())
                self.addItem(z)
                self.zones[(kind, p)] = z
            panel = PlayerPanel(p, QRectF())
            self.addItem(panel)
            self.panels[p] = panel
            for kind in (*PILES, "schemes"):  # (the scheme deck: shown in the Archenemy formats)
                pile = PileItem(kind, p, QRectF(), self.store)
                self.addItem(pile)
                self.zones[(kind, p)] = pile
            self.zones[("schemes", p)].setVisible(False)
        stack = StackZone("stack", -1, QRectF())
        self.addItem(stack)
        self.zones[("stack", -1)] = stack
        self._apply_geometry()
        self.retranslate()

    def retranslate(self) -> None:
        for (kind, _), z in self.zones.items():
            if kind in ("battlefield", "hand", "stack"):
                z.label = message(f"zone.{kind}")
            z.update()
        for p in self.panels.values():
            p.update()
        for c in self.cards.values():
            c.update()

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
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
            for c in scheme_area.face_up(p):  # face-up schemes, public (CR 314, 701.25a)
                wanted[c["id"]] = ({**c, "owner": p["index"], "controller": p["index"]}, "scheme", me, True)
            if me:
                for i, c in enumerate(p.get("hand", [])):
                    if c.get("id") is None:  # a spectator at this seat's place: backs, one a card
                        wanted[f"h{p['index']}:{i}"] = ({**c, "owner": p["index"]}, "hand", False, False)
                    else:
                        wanted[c["id"]] = (c, "hand", True, True)
            elif self.show_opponent_hand and not self.multi:  # several opponents: counts only
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
        seats = scheme_area.scheme_seats(obs)
        commanders = any(p.get("commanders") for p in obs.get("players", []))
        piles = self.multi and commanders
        if compact != self.opp_compact or seats != self.scheme_seats or piles != self.command_piles \
                or commanders != self.commander_game:
            self.opp_compact, self.scheme_seats, self.command_piles = compact, seats, piles
            self.commander_game = commanders
            self._apply_geometry()
        # reuse the item of a card that just changed zones: it then moves instead of popping up
        for key in list(wanted):
            if key not in self.cards and isinstance(key, int):
                old = self.renamed.get(key)
                while old is not None and old not in self.cards:
                    old = self.renamed.get(old)
                if old is not None and old not in wanted:
                    moved = self.cards.pop(old)
                    moved.key = key
                    self.cards[key] = moved
        self.renamed.clear()
        for key in [k for k in self.cards if k not in wanted]:
            gone = self.cards.pop(key)
            if gone in self._dragging:
                self._dragging.remove(gone)
            self.removeItem(gone)
        for key, (data, zone, mine, face) in wanted.items():
            item = self.cards.get(key)
            if item is None:
                item = CardItem(key, self.store)
                self.cards[key] = item
                self.addItem(item)
            item.set_card(data, zone, mine=mine, show_face=face, animate=self.animations)
        for p in self.shown[1:]:
            self.zones[("hand", p)].setVisible(self.show_opponent_hand and not self.opp_compact and not self.multi)
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
                    # the top card, when you may look at it (Into the Pit) or it is revealed
                    pile.set_content(int(p.get("library_count", 0)), p.get("library_top"))
                elif kind == "command" and p.get("commanders"):
                    # a Commander game (CR 903.6, 903.8): the commander on top, its tax on it
                    # (face-up schemes have a place of their own: app/table/scheme_area.py)
                    cards = [c for c in p.get(kind, []) if not c.get("scheme")]
                    top = next((c for c in cards if c.get("commander")), cards[-1] if cards else None)
                    tax = next((int(c.get("tax", 0)) for c in p["commanders"] if top is not None
                                and c.get("id") == top.get("id")), None)
                    pile.set_content(len(cards), top, "" if tax is None else tr("Tax +{tax}", tax=tax))
                else:
                    cards = [c for c in p.get(kind, []) if not c.get("scheme")]
                    top = (cards[0] if kind != "command" else cards[-1]) if cards else None
                    pile.set_content(len(cards), top)
            # the scheme deck: face down, only its count (CR 904.3)
            schemes = self.zones[("schemes", i)]
            assert isinstance(schemes, PileItem)  # (made so above)
            schemes.set_content(int(p.get("schemes") or 0), None)
            panel = self.panels[i]
            # ("lost": a player who lost left the game with their cards, CR 800.4a; the panel
            # tells no commander of theirs)
            info = {k: p.get(k) for k in ("name", "life", "poison", "hand_count", "library_count", "mana", "away", "lost")}
            info["graveyard_count"] = len(p.get("graveyard", []))
            info["exile_count"] = len(p.get("exile", []))
            if p.get("commanders"):  # CR 903.6, 903.8: where each commander is, and its tax
                info["commanders"] = [(c["card"], c.get("zone"), int(c.get("tax", 0))) for c in p["commanders"]]
            if p.get("commander_damage"):  # CR 903.10a: combat damage taken from each commander
                info["commander_damage"] = [(c["commander"], int(c["damage"])) for c in p["commander_damage"]]
            info.update(scheme_area.panel_info(p, obs))
            together = obs.get("active_players") or [obs.get("active")]  # (a shared team turn, CR 805.4a)
            panel.set_info(info, i in together, pend.get("player") == i)

    def _place(self, item: CardItem, pos: QPointF, z: float) -> None:
        item.setZValue(z + (LIFT if item.lifted else 0.0))
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
        # a game over is over at once (CR 104.1): the combat or spell it ended in points at
        # nobody any more (an attack arrow stayed over the loser's panel)
        over = self.obs.get("outcome") is not None
        for c in [] if over else self.obs.get("stack", []):
            for t in c.get("targets") or []:
                ref = ("o", t["obj"]) if "obj" in t else ("p", t.get("player"))
                specs.append((("o", c["id"]), ref, geo.ARROW_TARGET, False))
        for c in [] if over else self.obs.get("battlefield", []):
            if c.get("attacking") is not None:  # at the planeswalker it attacks, else the player (CR 506.3)
                to = ("o", c["attacking_obj"]) if c.get("attacking_obj") is not None else ("p", c["attacking"])
                specs.append((("o", c["id"]), to, geo.ATTACK, False))
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
        self.player_arrows.draw()  # the players' own (tabletop, hybrid)

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
        if self.player_arrows.press(ev):  # the right button on a permanent: maybe an arrow
            ev.accept()
            return
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
        mine = self.player_arrows.arrow_at(pos)
        if mine is not None and self.controller is not None:  # a click on a player's arrow
            self.controller.arrow_clicked(mine)
            ev.accept()
            return
        target = self.panel_at(pos) or self.zone_at(pos)
        if isinstance(target, (PlayerPanel, PileItem)):
            self._press = (target, pos)
            ev.accept()
            return
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev: QGraphicsSceneMouseEvent) -> None:
        if self.player_arrows.move(ev):
            ev.accept()
            return
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
        if self.player_arrows.release(ev):
            ev.accept()
            return
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
        if self.controller is not None and not self.player_arrows.hold_menu(ev):
            self.open_menu(ev.scenePos(), ev.screenPos())
        ev.accept()

    def open_menu(self, pos: QPointF, screen_pos: Any) -> None:
        """The context menu of what is at `pos`: a card, a panel, a pile or a zone."""
        if self.controller is None:
            return
        item = self.card_at(pos)
        if item is not None:
            if not item.isSelected():
                self.clearSelection()
                item.setSelected(True)
            self.controller.context_menu(item, screen_pos)
        else:
            target = self.panel_at(pos) or self.zone_at(pos)
            if target is not None:
                self.controller.context_menu(target, screen_pos)

    def selected_cards(self) -> list[CardItem]:
        return [i for i in self.selectedItems() if isinstance(i, CardItem)]
