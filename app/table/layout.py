"""Where everything on the table goes: the geometry of the two layouts and the placing of
cards in rows, hands and the stack (a mixin of TableScene, app/table/scene.py).

The table is laid out in scene units (a card is CARD_W wide) for the window's shape:
the view fits the scene's height, so the scene is as wide as the window's aspect ratio
allows and cards grow with the window. Two layouts:
* goldfish (the empty seat a thin strip): your half has three rows (creatures, others,
  lands); panel and piles on the left, the stack in a column on the right;
* a real opponent: each half has two rows (creatures; other permanents, then lands), so
  that cards stay readable (>= 100 px at 1500 x 950); panels (and the opponent's hand as
  backs) on the left, the piles on the right, the stack floats at the right of the
  field while it holds something (three or four players: in a column of its own at the
  right end of your half, the opponents' columns above stay uncovered).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, SignalInstance
from PySide6.QtWidgets import QGraphicsScene

from app.table import geometry as geo
from app.table import scheme_area
from app.table.zones import PILES

ROWS = ("creatures", "others", "lands")


def row_of(card: dict[str, Any]) -> int:
    types = card.get("types") or []
    if "Creature" in types or card.get("face_down"):
        return 0
    if "Land" in types:
        return 2
    return 1


# the mixin's QGraphicsScene calls (setSceneRect, invalidate ...) are TableScene's, its other base:
# typed as a QGraphicsScene, made as a plain class
if TYPE_CHECKING:
    _Scene = QGraphicsScene
else:
    _Scene = object


class LayoutMixin(_Scene):
    """Geometry and placement; the state it reads (obs, cards, zones, panels, seat, shown,
    opp_compact, aspect, field_w, order, _dragging, _lifted) belongs to TableScene."""

    obs: dict[str, Any]
    cards: dict[Any, Any]
    zones: dict[tuple[str, int], Any]
    panels: dict[int, Any]
    seat: int
    other: int
    shown: tuple[int, ...]
    opp_compact: bool
    scheme_seats: frozenset[int]
    multi: bool
    command_piles: bool
    commander_game: bool
    aspect: float
    field_w: float
    order: list[int]
    show_opponent_hand: bool
    _dragging: list[Any]
    _lifted: Any
    _beside: dict[int, bool] = {}  # attached creatures (tapped or not), laid beside their hosts

    if TYPE_CHECKING:  # (TableScene's: its signal, its arrows, placing a card)
        geometry_changed: SignalInstance

        def update_arrows(self) -> None: ...

        def _place(self, item: Any, pos: QPointF, z: float) -> None: ...

    @property
    def nrows(self) -> int:
        return 3 if self.opp_compact else 2

    @property
    def half_h(self) -> float:
        n = self.nrows  # room above each row for attachments peeking out (half of it between rows)
        return n * geo.CARD_H + (n + 1) * geo.ROW_GAP + (n + 1) / 2 * geo.ATTACH_OFFSET

    @property
    def panel_h(self) -> float:
        """A player panel's height beside the battlefield: in a Commander game with room for
        where each commander is and the commander damage (CR 903.8, 903.10a)."""
        if not self.commander_game:
            return geo.PANEL_H
        # (several opponents: a line per commander that dealt damage; two players: the
        # opponent's panel stays clear of their hand's backs above it)
        return geo.PANEL_H + (geo.COMMANDER_PANEL_EXTRA * 1.6 if self.multi else geo.COMMANDER_PANEL_EXTRA)

    @property
    def right_w(self) -> float:
        return geo.STACK_W if self.opp_compact else geo.SIDE_W

    def half_top(self, player: int) -> float:
        if player == self.seat:
            return self.opp_bottom + geo.GAP
        return geo.STRIP_H if self.multi else 0.0

    @property
    def opp_bottom(self) -> float:
        if self.opp_compact:
            return geo.STRIP_H
        return geo.STRIP_H + self.half_h if self.multi else self.half_h

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

    def turn_to(self, seat: int) -> None:
        """Show the table from `seat` (a hot seat's next person, app/hot_seat.py): their half
        at the bottom with their hand, the others in turn order after them. Every card item
        goes and the next `sync` makes the items anew from that seat's observation, so no card
        of the seat before (its hand above all) stays among the scene's items."""
        n = len(self.shown)
        others = tuple((seat + i) % n for i in range(1, n))
        self.seat, self.other, self.shown = seat, others[0], (seat, *others)
        for item in list(self.cards.values()):
            self.removeItem(item)
        self.cards.clear()
        self.order = []
        self._dragging = []
        self._lifted = None
        self.obs = {}
        self.zones[("hand", seat)].setVisible(True)
        self._apply_geometry()

    def _apply_geometry(self) -> None:
        g = geo
        h = self.table_height()
        w = max(g.SIDE_W + g.GAP + g.MIN_FIELD_W + g.GAP + self.right_w, h * self.aspect)
        self.field_w = w - self.field_left - g.GAP - self.right_w
        if self.opp_compact:
            self._goldfish_geometry(w)
        else:
            self._duel_geometry(w, h)
            if self.multi:
                self._opponent_columns(w)
            scheme_area.geometry(self)
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
                panel.compact = panel.empty_seat = True
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
        # three or four players: the opponents' columns span the table's width, so the stack
        # gets a column of its own at the right end of your half (floating, it covered the
        # last opponent's column); your battlefield and hand give up its width
        stack_col = g.STACK_W + g.GAP if self.multi else 0.0
        for p in self.shown:
            me = p == self.seat
            top = self.half_top(p)
            panel = self.panels[p]
            panel.compact = False
            self.zones[("battlefield", p)].set_rect(QRectF(self.field_left, top, self.field_w - (stack_col if me else 0.0),
                                                           self.half_h))
            hand = self.zones[("hand", p)]
            if me:
                panel.set_rect(QRectF(g.GAP, top + g.GAP, g.SIDE_W - 2 * g.GAP, self.panel_h))
                self._piles_at(p, right, h - g.GAP - piles_h)
                hand.set_rect(QRectF(self.field_left, top + self.half_h + g.GAP / 2, self.field_w - stack_col,
                                     g.HAND_H - g.GAP / 2))
            else:  # their hand as backs above their panel, in the left column
                hand.set_rect(QRectF(g.GAP, top + g.GAP, g.SIDE_W - 2 * g.GAP, g.OPP_HAND_H - 4))
                hand.setVisible(self.show_opponent_hand)
                panel.set_rect(QRectF(g.GAP, top + self.half_h - g.GAP - self.panel_h, g.SIDE_W - 2 * g.GAP,
                                      self.panel_h))
                self._piles_at(p, right, top + g.GAP)
        if self.multi:
            top = self.half_top(self.seat)
            self.zones[("stack", -1)].set_rect(QRectF(self.field_left + self.field_w - g.STACK_W, top, g.STACK_W,
                                                      h - g.GAP - top))
            return
        # two players: the stack floats over the right end of the field, centred on the middle line
        stack_h = min(500.0, h - 2 * (piles_h + g.GAP))
        self.zones[("stack", -1)].set_rect(QRectF(self.field_left + self.field_w - g.STACK_W - g.GAP,
                                                  self.mid_y - stack_h / 2, g.STACK_W, stack_h))

    def _opponent_columns(self, w: float) -> None:
        """Three or four players: each opponent gets a column across the top: their panel
        (name, life, counts) in a strip, their two battlefield rows below it; in a Commander
        game their command zone as a pile at the column's right end (CR 903.6: the commander
        and its tax in sight of everyone)."""
        g = geo
        others = self.shown[1:]
        k = len(others)
        cw = (w - g.GAP * (k + 1)) / k
        pile_h = g.PILE_CARD_H + g.PILE_LABEL_H
        for j, p in enumerate(others):
            x0 = g.GAP + j * (cw + g.GAP)
            panel = self.panels[p]
            panel.compact = True
            panel.set_rect(QRectF(x0, 4, cw, g.STRIP_H - 8))
            field_w = cw - (g.PILE_W + g.GAP) if self.command_piles else cw
            self.zones[("battlefield", p)].set_rect(QRectF(x0, g.STRIP_H, field_w, self.half_h))
            self.zones[("hand", p)].setVisible(False)
            for kind in PILES:
                self.zones[(kind, p)].setVisible(False)
            if self.command_piles:
                pile = self.zones[("command", p)]
                pile.set_rect(QRectF(x0 + cw - g.PILE_W, g.STRIP_H + g.GAP, g.PILE_W, pile_h))
                pile.setVisible(True)

    def relayout(self) -> None:
        """Put every item where its zone wants it: rows ordered (the player's own order from
        drops first), identical untapped lands stacked, attachments under their hosts (an
        attached creature beside its host: see _beside)."""
        obs = self.obs
        by_id = {c["id"]: c for c in obs.get("battlefield", [])}
        attached: dict[int, list[int]] = {}
        for c in obs.get("battlefield", []):
            host = c.get("attached_to")
            if host is not None and host in by_id:
                attached.setdefault(host, []).append(c["id"])
        self._beside = {c["id"]: bool(c.get("tapped")) for c in obs.get("battlefield", [])
                        if c.get("attached_to") in by_id and row_of(c) == 0}
        for p in self.shown:
            rows = self.rows(p)
            if self.nrows == 2:  # other permanents and lands share the second row
                rows = [rows[0], rows[1] + rows[2]]
            for r, cards in enumerate(rows):
                self._layout_row(p, r, cards, attached)
        self._layout_hands(obs)
        self._layout_stack(obs)
        scheme_area.layout(self, obs)

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
            under = [a for a in attached.get(g[0]["id"], []) if a not in self._beside]
            beside = sum(self._beside_w(a) for a in attached.get(g[0]["id"], []) if a in self._beside)
            widths.append(w + geo.LAND_STACK_DX * (len(g) - 1) + 16 * len(under) + beside)
        total = sum(widths) + geo.GAP * (len(widths) - 1)
        field = self.zones[("battlefield", player)].rect  # the player's own part of the table
        avail = field.width() - 2 * geo.GAP
        # the steps between cards shrink so that the last card still ends inside the field
        squeeze = min(1.0, (avail - widths[-1]) / (total - widths[-1])) if total > widths[-1] else 1.0
        x = field.left() + geo.GAP
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
        """Auras and Equipment peek out from under their host; an attached creature (one that
        may attack and block) lies whole against its host's right edge, raised as the others —
        under its host it was lit as able to attack with a 16-point strip of it to click."""
        under = [a for a in attached.get(host, []) if a not in self._beside]
        for k, aid in enumerate(under, 1):
            item = self.cards.get(aid)
            if item is not None and item not in self._dragging:
                self._place(item, QPointF(centre.x() + 16 * k, centre.y() - geo.ATTACH_OFFSET * k), z - k * 0.1)
        host_item = self.cards.get(host)
        x = centre.x() + (geo.CARD_H if host_item is not None and host_item.data.get("tapped") else geo.CARD_W) / 2
        x += 16 * len(under)
        for aid in (a for a in attached.get(host, []) if a in self._beside):
            own = self._beside_w(aid)
            item = self.cards.get(aid)
            if item is not None and item not in self._dragging:
                self._place(item, QPointF(x + own / 2, centre.y() - geo.ATTACH_OFFSET), z - 0.05)
            x += own

    def _beside_w(self, aid: int) -> float:
        """The width an attached creature adds to its host's slot."""
        return geo.CARD_H if self._beside.get(aid) else geo.CARD_W

    def _layout_hands(self, obs: dict[str, Any]) -> None:
        for p in obs.get("players", []):
            me = p["index"] == self.seat
            if p["index"] not in self.shown:
                continue
            keys = []
            for i, c in enumerate(p.get("hand", [])):
                # (a hidden card has no id: a back of its own, also at the bottom seat a spectator watches)
                keys.append(c["id"] if c.get("id") is not None else f"h{p['index']}:{i}")
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
