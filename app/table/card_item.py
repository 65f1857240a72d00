"""CardItem: one visible game object on the table, drawn from its observation entry.

Tapped is a rotation (animated), face down is the card back (the controller sees the name
on a band: peeking), phased out is translucent with a dashed outline; counters, damage,
notes, summoning sickness, attacking/blocking, Room doors and a leveler's band are
drawn over the face (the marks themselves: app/table/card_marks.py). Mouse handling lives
in the scene (drags move several items).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEasingCurve, QPointF, QPropertyAnimation, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QTextOption
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from app.i18n import card_name, tr
from app.table import geometry as geo
from app.table.card_marks import COUNTER_COLOURS, RECT, counter_label, font, icon, loyalty_shield, padlock, pill, ribbon
from engine.cards.behaviour import printed
from engine.cards.data import bundled_cards

if TYPE_CHECKING:
    from app.table.pixmaps import PixmapStore

LIFT = 1000.0  # added to a lifted card's stacking order: above its row (< 3000, the hands')


def end_step_lines(d: dict[str, Any]) -> list[str]:
    """What the end-step marker means, in words (its tooltip and the preview's description)."""
    if d.get("blitz"):  # CR 702.152a
        return [tr("Cast for its blitz cost: it has haste and is sacrificed at the beginning of the next "
                   "end step. When it dies, its controller draws a card.")]
    if d.get("sacrifice_at_end"):  # a delayed trigger (CR 603.7)
        return [tr("It will be sacrificed at the beginning of the next end step.")]
    return []


def face_name(d: dict[str, Any]) -> str:
    """The card whose face is drawn: a permanent that is a copy of another card looks like
    that card (CR 707.2; the observation's "copy_of"), else its own."""
    return str(d.get("copy_of") or d.get("name") or "")


class CardItem(QGraphicsObject):
    """key: the object id (or a synthetic key for an opponent's hidden hand card)."""

    def __init__(self, key: Any, store: "PixmapStore") -> None:
        super().__init__()
        self.key = key
        self.store = store
        # the card as the observation shows it; shadows QGraphicsItem.data(key), which nothing here
        # calls (the items keep no Qt item data)
        self.data: dict[str, Any] = {}  # type: ignore[assignment]
        self.zone = ""
        self.owner_index = 0
        self.mine = False  # controlled by the viewer: may be dragged, peeked at
        self.show_face = True
        self.highlight = ""
        self.lifted = False  # a target or choice on the battlefield, drawn over its neighbours (LIFT)
        self.printed: tuple[str | None, str | None] = (None, None)
        self.level_bands: tuple[dict[str, Any], ...] = ()
        self.room = False
        self.compact = 1.0
        self._anim: QPropertyAnimation | None = None
        self._pix_key = ""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        # Paint once into a device pixmap: moving 300 cards then only blits (drag repaint)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # ----------------------------------------------------------------- state
    @property
    def obj_id(self) -> int | None:
        return self.key if isinstance(self.key, int) else None

    @property
    def name(self) -> str | None:
        return self.data.get("name")

    def set_card(self, data: dict[str, Any], zone: str, *, mine: bool, show_face: bool,
                 animate: bool = False) -> None:
        changed = data != self.data or zone != self.zone or show_face != self.show_face or mine != self.mine
        self.data = data
        self.zone = zone
        self.mine = mine
        self.show_face = show_face
        if changed:
            self._card_info()
            tapped = bool(data.get("tapped")) and zone == "battlefield"
            self.set_tapped(tapped, animate)
            self.setOpacity(0.38 if data.get("phased_out") else 1.0)
            self.setToolTip(self.tooltip())
            self.update()

    def tooltip(self) -> str:
        """The card's note and what its markers mean (blitz, a sacrifice at the end step)."""
        lines = [str(self.data["note"])] if self.data.get("note") else []
        if self.zone == "battlefield":
            lines += end_step_lines(self.data)
        return "\n".join(lines)

    def _card_info(self) -> None:
        name = self.data.get("name")
        self.level_bands, self.room, self.printed = (), False, (None, None)
        if not name:
            return

        cd = printed(name)
        if cd is not None:
            self.level_bands = tuple(cd.level_bands)
            self.room = "Room" in cd.type_line and len(cd.faces) >= 2
            self.printed = (cd.power, cd.toughness)

    def set_highlight(self, kind: str) -> None:
        if kind != self.highlight:
            self.highlight = kind
            self.update()
        # in a crowded row the cards overlap: the one to click comes up whole over its neighbours
        lift = kind in ("target", "choice") and self.zone == "battlefield"
        if lift != self.lifted:
            self.lifted = lift
            self.setZValue(self.zValue() + (LIFT if lift else -LIFT))

    # tapping is a rotation; animated with a property animation when animations are on
    def set_tapped(self, tapped: bool, animate: bool) -> None:
        target = 90.0 if tapped else 0.0
        if self._anim is not None:
            self._anim.stop()
            self._anim = None
        if not animate or abs(self.rotation() - target) < 0.1:
            self.setRotation(target)
            return
        anim = QPropertyAnimation(self, b"rotation", self)
        anim.setDuration(160)
        anim.setStartValue(self.rotation())
        anim.setEndValue(target)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.start()
        self._anim = anim

    @property
    def animating(self) -> bool:
        return self._anim is not None and self._anim.state() == QPropertyAnimation.State.Running

    # ----------------------------------------------------------------- pixmaps
    def face_visible_to_me(self) -> bool:
        """Whether the viewer knows the face (shown, or face down but theirs: peeking)."""
        return bool(self.data.get("name"))

    def pixmap(self) -> QPixmap | None:
        if self.show_face and self.data.get("name"):
            return self.store.face(face_name(self.data), self.data.get("token_def"))
        return self.store.back()

    def wants_key(self, key: str) -> bool:
        """Is this item waiting for (or showing) the pixmap with this key?"""
        if key.startswith("back|"):
            return not (self.show_face and self.data.get("name"))
        return self.show_face and bool(self.data.get("name")) and f"|{face_name(self.data)}" in key

    def hoverEnterEvent(self, event: Any) -> None:
        sc = self.scene()
        if sc is not None and hasattr(sc, "card_hovered"):
            sc.card_hovered(self)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: Any) -> None:
        sc = self.scene()
        if sc is not None and hasattr(sc, "card_unhovered"):
            sc.card_unhovered(self)
        super().hoverLeaveEvent(event)

    # ----------------------------------------------------------------- painting
    def boundingRect(self) -> QRectF:
        return RECT.adjusted(-8, -8, 8, 8)

    def shape(self) -> QPainterPath:
        p = QPainterPath()
        p.addRect(RECT)
        return p

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        d = self.data
        if self.highlight:
            c = geo.HIGHLIGHT.get(self.highlight, geo.HIGHLIGHT["playable"])
            painter.setPen(QPen(c, 5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(RECT.adjusted(-3, -3, 3, 3), 7, 7)
        pix = self.pixmap()
        if pix is not None:
            painter.drawPixmap(RECT, pix, QRectF(pix.rect()))
        else:
            self._placeholder(painter)
        if self.zone == "stack" and d.get("kind") not in (None, "card", "token", "copy"):
            self._ability_band(painter, str(d.get("kind")))
        elif self.zone == "battlefield" and d.get("face_down") and d.get("name"):
            self._peek_band(painter, d["name"])
        elif self.show_face and d.get("name") and d.get("implemented") is False and not d.get("face_down"):
            self._by_hand(painter)
        if self.isSelected():
            painter.setPen(QPen(geo.SELECTED, 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(RECT.adjusted(-1, -1, 1, 1), 6, 6)
        if self.zone != "battlefield":
            return
        if d.get("phased_out"):
            pen = QPen(QColor(255, 255, 255), 2.5, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(RECT.adjusted(1, 1, -1, -1), 6, 6)
        if self.room and self.show_face and not d.get("face_down"):
            self._doors(painter)
        if self.level_bands and self.show_face and not d.get("face_down"):
            self._band(painter)
        self._marks(painter)
        self._badges(painter)

    def _placeholder(self, painter: QPainter) -> None:
        painter.setPen(QPen(QColor(20, 20, 20), 2))
        painter.setBrush(QColor(70, 72, 80) if self.show_face and self.name else QColor(40, 52, 96))
        painter.drawRoundedRect(RECT, 6, 6)
        if self.show_face and self.name:
            painter.setPen(geo.TEXT)
            painter.setFont(font(11, True))
            # a long word ("Umkleidekabine") wraps inside the card instead of running off its edge
            opt = QTextOption(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            opt.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
            painter.drawText(RECT.adjusted(6, 6, -6, -6), card_name(self.name), opt)

    def _peek_band(self, painter: QPainter, name: str) -> None:
        """A face-down permanent you control: the back, with its name for you to see — across
        the middle, clear of its 2/2 box (CR 708.2a), its counters and its marks."""
        band = QRectF(RECT.left() + 4, RECT.center().y() - 17, RECT.width() - 8, 30)
        ribbon(painter, band, QColor(0, 0, 0, 170), 4, QColor(255, 240, 200))
        head = tr("Face down")
        painter.setFont(font(10, True))
        if painter.fontMetrics().horizontalAdvance(head) > band.width() - 6:  # "A faccia in giù": smaller
            painter.setFont(font(8, True))
        painter.drawText(band.adjusted(3, 1, -3, -14), Qt.AlignmentFlag.AlignCenter,
                         painter.fontMetrics().elidedText(head, Qt.TextElideMode.ElideRight, int(band.width() - 6)))
        painter.setFont(font(11))
        painter.drawText(band.adjusted(3, 13, -3, 0), Qt.AlignmentFlag.AlignCenter,
                         painter.fontMetrics().elidedText(card_name(name), Qt.TextElideMode.ElideRight,
                                                          int(band.width() - 6)))

    def _ability_band(self, painter: QPainter, kind: str) -> None:
        """An ability on the stack shows its source's face: a ribbon says it is the ability
        (CR 113.3b-c), not the card cast again (Kaito's +1, a card's triggered ability)."""
        band = QRectF(RECT.left() + 3, RECT.top() + RECT.height() * 0.40, RECT.width() - 6, 30)
        ribbon(painter, band, QColor(30, 60, 120, 235), 3, QColor(255, 255, 255))
        text = tr("Activated ability") if kind == "ability" else tr("Triggered ability")
        painter.setFont(font(11, True))
        painter.drawText(band.adjusted(2, 0, -2, 0), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, text)

    def _by_hand(self, painter: QPainter) -> None:
        """The engine does not implement this card's text: a ribbon says it is played by hand."""
        band = QRectF(RECT.left() + 3, RECT.top() + RECT.height() * 0.40, RECT.width() - 6, 15)
        ribbon(painter, band, QColor(200, 110, 20, 225), 3, QColor(255, 255, 255))
        text = tr("played by hand")
        painter.setFont(font(11, True))
        w = painter.fontMetrics().horizontalAdvance(text)
        if w > band.width() - 6:  # smaller, never cut
            painter.setFont(font(max(7, int(11 * (band.width() - 6) / w)), True))
        painter.drawText(band, Qt.AlignmentFlag.AlignCenter, text)

    def _doors(self, painter: QPainter) -> None:
        """Room doors (CR 709): a locked door's half is shaded and shows a closed padlock."""
        cd = bundled_cards().get(self.name or "")
        faces = cd.faces if cd is not None else ()
        unlocked = set(self.data.get("unlocked") or [])
        for i, face in enumerate(faces[:2]):
            top = RECT.top() + RECT.height() * (24 + i * 274) / 680
            half = QRectF(RECT.left() + 3, top, RECT.width() - 6, RECT.height() * 268 / 680)
            is_open = face.get("name") in unlocked
            if not is_open:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(0, 0, 0, 120))
                painter.drawRect(half)
            padlock(painter, QPointF(half.right() - 9, half.top() + 12), is_open)

    def _band(self, painter: QPainter) -> None:
        """A leveler's current band (CR 710) gets a gold frame; the level badge says which."""
        level = int(self.data.get("level") or 0)
        n = len(self.level_bands)
        index = 0  # the level-up section when below the first band
        for i, b in enumerate(self.level_bands, 1):
            lo, hi = int(b.get("min_level") or 0), b.get("max_level")
            if level >= lo and (hi is None or level <= int(hi)):
                index = i
        y0, y1, gap = 290, 636, 4
        h = (y1 - y0 - gap * n) / (n + 1)
        top = y0 + index * (h + gap)
        k = RECT.height() / 680
        box = QRectF(RECT.left() + RECT.width() * 30 / 488, RECT.top() + top * k,
                     RECT.width() * 428 / 488, h * k)
        painter.setPen(QPen(QColor(255, 205, 60), 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box, 3, 3)

    def _marks(self, painter: QPainter) -> None:
        d = self.data
        if d.get("attacking") is not None:
            painter.setPen(QPen(geo.ATTACK, 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(RECT.adjusted(-1, -1, 1, 1), 6, 6)
            icon(painter, QPointF(RECT.left() + 12, RECT.top() + 12), geo.ATTACK, "sword")
        if d.get("blocking"):
            painter.setPen(QPen(geo.BLOCK, 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(RECT.adjusted(-1, -1, 1, 1), 6, 6)
            icon(painter, QPointF(RECT.left() + 12, RECT.top() + 12), geo.BLOCK, "shield")
        # summoning sickness (CR 302.6) matters only for a creature without haste (CR 702.10)
        if (d.get("sick") and "Creature" in (d.get("types") or []) and "haste" not in (d.get("keywords") or [])
                and d.get("attacking") is None):
            icon(painter, QPointF(RECT.right() - 12, RECT.top() + 12), QColor(90, 90, 110), "sick")
        if d.get("goaded_by"):  # goaded (CR 701.15): it must attack; the preview says by whom
            icon(painter, QPointF(RECT.left() + 13, RECT.top() + 36), QColor(210, 90, 20), "goad")
        if d.get("blitz") or d.get("sacrifice_at_end"):
            # blitz (CR 702.152a): sacrificed at the next end step, draws a card when it dies;
            # the tooltip and the preview say it in words
            sick = d.get("sick") and "haste" not in (d.get("keywords") or [])
            icon(painter, QPointF(RECT.right() - 12, RECT.top() + (36 if sick else 12)),
                       QColor(35, 30, 40), "blitz" if d.get("blitz") else "hourglass")
        if d.get("note"):
            note = QRectF(RECT.left() + 4, RECT.top() + 28, RECT.width() - 8, 16)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(250, 230, 120, 235))
            painter.drawRoundedRect(note, 3, 3)
            painter.setPen(QColor(40, 30, 0))
            painter.setFont(font(10))
            painter.drawText(note.adjusted(3, 0, -3, 0), Qt.AlignmentFlag.AlignVCenter,
                             painter.fontMetrics().elidedText(str(d["note"]), Qt.TextElideMode.ElideRight,
                                                              int(note.width() - 6)))

    def _badges(self, painter: QPainter) -> None:
        d = self.data
        y = RECT.bottom() - 26
        counters = dict(d.get("counters") or {})
        loyalty = counters.pop("loyalty", None)
        types = d.get("types") or []
        if loyalty is not None or "Planeswalker" in types:  # CR 306.5b, 122: its loyalty, as printed
            loyalty_shield(painter, int(loyalty or 0), left_of_pt="Creature" in types)
        pw, tg = d.get("power"), d.get("toughness")
        creature = pw is not None and tg is not None and "Creature" in types
        changed = creature and ((str(pw), str(tg)) != self.printed or bool(d.get("face_down")))
        dmg = int(d.get("damage") or 0)
        pills = [(kind, int(n)) for kind, n in sorted(counters.items(), key=lambda kv: (kv[0] != "+1/+1", kv[0])) if n]
        if pills and (changed or dmg or loyalty is not None or "Planeswalker" in types):
            # a P/T box (or the loyalty shield) at the bottom right: a first badge that would
            # reach under it ("+1/+1 ×2") starts a row higher; "LV 3" stays beside it
            painter.setFont(font(11, True))
            free = RECT.width() + 4 - (88 if loyalty is not None and creature else 42)
            if painter.fontMetrics().horizontalAdvance(counter_label(*pills[0])) + 12 > free:
                y -= 22
        for kind, n in pills:
            y -= pill(painter, QPointF(RECT.left() - 4, y), counter_label(kind, int(n)),
                            COUNTER_COLOURS.get(kind, QColor(50, 90, 130))) + 2
        if creature:
            if changed or dmg:
                text = f"{pw}/{tg}"
                colour = QColor(250, 215, 90) if changed else QColor(235, 235, 235)
                box = QRectF(RECT.right() - 40, RECT.bottom() - 22, 42, 20)
                painter.setPen(QPen(QColor(20, 20, 20), 1.5))
                painter.setBrush(colour)
                painter.drawRoundedRect(box, 5, 5)
                painter.setPen(QColor(10, 10, 10))
                painter.setFont(font(13, True))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            if dmg:
                c = QPointF(RECT.right() - 4, RECT.bottom() - 40)
                painter.setPen(QPen(QColor(255, 255, 255), 1.5))
                painter.setBrush(QColor(200, 30, 30))
                painter.drawEllipse(c, 12, 12)
                painter.setFont(font(13, True))
                painter.drawText(QRectF(c.x() - 12, c.y() - 12, 24, 24), Qt.AlignmentFlag.AlignCenter, str(dmg))
