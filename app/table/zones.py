"""Zone items: battlefield and hand areas, the piles (library, graveyard, exile, command),
the stack, and the player panel with life and poison. They are drop targets and show
what a zone holds without making an item per hidden card."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from app.decks.text import card_name
from app.i18n import message, tr
from app.table import geometry as geo
from app.table.card_item import COUNTER_COLOURS, counter_label, font
from app.table.scheme_area import role_text

if TYPE_CHECKING:
    from app.table.pixmaps import PixmapStore

PILES = ("library", "graveyard", "exile", "command")


class ZoneItem(QGraphicsObject):
    """A rectangle that accepts dropped cards: (kind, owner) says where they go."""

    def __init__(self, kind: str, owner: int, rect: QRectF, label: str = "") -> None:
        super().__init__()
        self.kind = kind
        self.owner = owner
        self.rect = QRectF(rect)
        self.label = label
        self.drop_hover = False
        self.highlight = ""
        self.setZValue(-10)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-3, -3, 3, 3)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(rect)
            self.update()

    def set_drop_hover(self, on: bool) -> None:
        if on != self.drop_hover:
            self.drop_hover = on
            self.update()

    def set_highlight(self, kind: str) -> None:
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        edge = geo.HIGHLIGHT["drop"] if self.drop_hover else geo.ZONE_EDGE
        painter.setPen(QPen(edge, 3 if self.drop_hover else 1, Qt.PenStyle.SolidLine if self.drop_hover
                            else Qt.PenStyle.DashLine))
        painter.setBrush(QColor(255, 240, 160, 40) if self.drop_hover else geo.ZONE_FILL)
        painter.drawRoundedRect(self.rect, 8, 8)
        if self.label:
            painter.setPen(geo.TEXT_DIM)
            painter.setFont(font(12, True))
            painter.drawText(self.rect.adjusted(8, 4, -8, -4), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                             self.label)


class PileItem(ZoneItem):
    """Library (a back and the count), graveyard/exile/command (the top card and the count)."""

    def __init__(self, kind: str, owner: int, rect: QRectF, store: "PixmapStore") -> None:
        super().__init__(kind, owner, rect)
        self.store = store
        self.count = 0
        self.top: dict[str, Any] | None = None
        self.badge = ""  # on the top card: the commander tax in the command zone (CR 903.8)
        self.setAcceptHoverEvents(True)

    def set_content(self, count: int, top: dict[str, Any] | None, badge: str = "") -> None:
        if count != self.count or top != self.top or badge != self.badge:
            self.count, self.top, self.badge = count, top, badge
            self.setToolTip(badge)
            self.update()

    def card_rect(self) -> QRectF:
        r = self.rect
        return QRectF(r.left(), r.top(), r.width(), r.width() * geo.CARD_H / geo.CARD_W)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        cr = self.card_rect()
        pix = None
        if self.count:
            if self.top is None and self.kind in ("library", "schemes") or (self.top is not None and not self.top.get("name")):
                pix = self.store.back()
            elif self.top is not None:
                pix = self.store.face(self.top.get("name"), self.top.get("token_def"))
        if pix is not None:
            if self.count > 1:  # a hint of thickness
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(0, 0, 0, 120))
                painter.drawRoundedRect(cr.translated(3, 3), 6, 6)
            painter.drawPixmap(cr, pix, QRectF(pix.rect()))
            self._counters(painter, cr)
            if self.badge:
                self._badge(painter, cr)
        else:
            painter.setPen(QPen(geo.ZONE_EDGE, 1.5, Qt.PenStyle.DashLine))
            painter.setBrush(geo.ZONE_FILL)
            painter.drawRoundedRect(cr, 6, 6)
        if self.drop_hover or self.highlight:
            c = geo.HIGHLIGHT["drop"] if self.drop_hover else geo.HIGHLIGHT.get(self.highlight, geo.ZONE_EDGE)
            painter.setPen(QPen(c, 4))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(cr.adjusted(-2, -2, 2, 2), 7, 7)
        # the count, on a dark disc, and the zone's name under the card
        disc = QPointF(cr.right() - 14, cr.bottom() - 14)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1.5))
        painter.setBrush(QColor(10, 10, 10, 210))
        painter.drawEllipse(disc, 13, 13)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(font(13, True))
        painter.drawText(QRectF(disc.x() - 13, disc.y() - 13, 26, 26), Qt.AlignmentFlag.AlignCenter, str(self.count))
        # the zone's name under the card; a long one ("Kommandozone", "Zona di comando") gets
        # a smaller font or a second line, never clipped
        painter.setPen(geo.TEXT_DIM)
        label = message(f"zone.{self.kind}")
        box = QRectF(self.rect.left() - geo.GAP / 2 + 1, cr.bottom() + 2, self.rect.width() + geo.GAP - 2,
                     self.rect.bottom() - cr.bottom() - 2)
        painter.setFont(font(12, True))
        longest = max(painter.fontMetrics().horizontalAdvance(w) for w in label.split() or [""])
        if longest > box.width():  # one word too long for the line: a smaller font
            painter.setFont(font(max(7, int(12 * box.width() / longest)), True))
        painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                         label)


    def _badge(self, painter: QPainter, cr: QRectF) -> None:
        """The commander tax, a gold label across the card's lower third."""
        painter.setFont(font(11, True))
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        room = QRectF(cr.left() + 2, cr.top() + cr.height() * 0.55, cr.width() - 4, 40)
        box = painter.boundingRect(room.adjusted(4, 2, -4, -2), flags, self.badge).adjusted(-5, -2, 5, 2)
        box.moveLeft(cr.left() + (cr.width() - box.width()) / 2)
        painter.setPen(QPen(QColor(255, 255, 255, 200), 1.2))
        painter.setBrush(QColor(150, 110, 20, 235))
        painter.drawRoundedRect(box, 7, 7)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(box, flags, self.badge)

    def _counters(self, painter: QPainter, cr: QRectF) -> None:
        """The counters on the top card (a suspended card's time counters in exile, CR 702.62),
        as the battlefield shows them."""
        y = cr.top() + 20  # under the name bar
        flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
        painter.setFont(font(10, True))
        for kind, n in sorted(((self.top or {}).get("counters") or {}).items()):
            if not n:
                continue
            text = counter_label(str(kind), int(n))  # on one line, or two inside the pile's width
            room = QRectF(cr.left() - 2, y, cr.width() + 4, 40)
            box = painter.boundingRect(room.adjusted(6, 2, -6, -2), flags, text).adjusted(-6, -2, 6, 2)
            box.moveLeft(cr.left() + (cr.width() - box.width()) / 2)
            painter.setPen(QPen(QColor(255, 255, 255, 200), 1.2))
            painter.setBrush(COUNTER_COLOURS.get(kind, QColor(50, 90, 130)))
            painter.drawRoundedRect(box, 8, 8)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, flags, text)
            y = box.bottom() + 3


class StackZone(ZoneItem):
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)


class PlayerPanel(QGraphicsObject):
    """Name, life total, poison, hand and library counts, mana pool; a target for spells."""

    def __init__(self, index: int, rect: QRectF) -> None:
        super().__init__()
        self.index = index
        self.rect = QRectF(rect)
        self.info: dict[str, Any] = {}
        self.active = False
        self.deciding = False
        self.highlight = ""
        self.compact = False  # the goldfish empty seat, or one of several opponents: a thin strip
        self.empty_seat = False  # the goldfish empty seat: name and life only
        self.setAcceptHoverEvents(True)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-4, -4, 4, 4)

    def set_rect(self, rect: QRectF) -> None:
        if rect != self.rect:
            self.prepareGeometryChange()
            self.rect = QRectF(rect)
            self.update()

    def set_info(self, info: dict[str, Any], active: bool, deciding: bool) -> None:
        if info != self.info or active != self.active or deciding != self.deciding:
            self.info, self.active, self.deciding = info, active, deciding
            self.update()

    def set_highlight(self, kind: str) -> None:
        if kind != self.highlight:
            self.highlight = kind
            self.update()

    def life_rect(self) -> QRectF:
        r = self.rect
        if self.compact:
            return QRectF(r.right() - 56, r.top() + 4, 50, r.height() - 8)
        return QRectF(r.left() + 8, r.top() + 28, r.width() * 0.55, 54)

    def poison_rect(self) -> QRectF:
        r = self.rect
        lr = self.life_rect()
        return QRectF(lr.right() + 6, lr.top() + 6, r.right() - lr.right() - 14, 42)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        r = self.rect
        grad = QLinearGradient(r.topLeft(), r.bottomLeft())
        grad.setColorAt(0, QColor(40, 48, 60, 235))
        grad.setColorAt(1, QColor(24, 28, 36, 235))
        edge = geo.HIGHLIGHT.get(self.highlight, geo.HIGHLIGHT["target"]) if self.highlight else (
            QColor(240, 200, 90) if self.deciding else QColor(255, 255, 255, 70))
        painter.setPen(QPen(edge, 4 if self.highlight else 2))
        painter.setBrush(grad)
        painter.drawRoundedRect(r, 10, 10)
        info = self.info
        name = str(info.get("name", ""))
        if self.compact:
            if info.get("away"):  # a LAN player whose connection is lost (the host keeps the seat)
                name = tr("{name} (disconnected)", name=name)
            self._paint_compact(painter, name)
            return
        painter.setPen(geo.TEXT)
        painter.setFont(font(15, True))
        head = QRectF(r.left() + 10, r.top() + 5, r.width() - 20, 22)
        if self.active:
            painter.setBrush(QColor(240, 200, 90))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(QPointF(head.left() + 5, head.center().y()), 5, 5)
            head.adjust(14, 0, 0, 0)
            painter.setPen(geo.TEXT)
        painter.drawText(head, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         painter.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(head.width())))
        # life: the big number (CR 119); poison beside it (CR 122.1f)
        lr = self.life_rect()
        painter.setPen(QPen(QColor(255, 255, 255, 60), 1))
        low = info.get("life", 20) <= 5 and not self._life_elsewhere()
        painter.setBrush(QColor(120, 20, 30, 200) if low else QColor(0, 0, 0, 90))
        painter.drawRoundedRect(lr, 8, 8)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(font(38, True))
        if not self._life_elsewhere():
            painter.drawText(lr, Qt.AlignmentFlag.AlignCenter, str(info.get("life", "")))
        self._team_caption(painter, lr)
        pr = self.poison_rect()
        poison = int(info.get("poison", 0) or 0)
        painter.setPen(QPen(QColor(120, 200, 90, 160), 1))
        painter.setBrush(QColor(40, 90, 30, 200) if poison else QColor(0, 0, 0, 60))
        painter.drawRoundedRect(pr, 8, 8)
        painter.setPen(QColor(200, 255, 170) if poison else geo.TEXT_DIM)
        painter.setFont(font(10))
        painter.drawText(pr.adjusted(2, 2, -2, 0), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                         tr("Poison"))
        painter.setFont(font(20, True))
        painter.drawText(pr.adjusted(0, 10, 0, 0), Qt.AlignmentFlag.AlignCenter, str(poison))
        # counts and the mana pool
        painter.setPen(geo.TEXT_DIM)
        painter.setFont(font(12))
        counts = tr("Hand {hand} · Library {library}", hand=info.get("hand_count", 0), library=info.get("library_count", 0))
        painter.drawText(QRectF(r.left() + 10, lr.bottom() + 4, r.width() - 20, 18),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, counts)
        if info.get("away"):  # a LAN player whose connection is lost: the host keeps the seat
            painter.setPen(QColor(255, 150, 130))
            painter.setFont(font(12, True))
            painter.drawText(QRectF(r.left() + 10, r.bottom() - 24, r.width() - 20, 20),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, tr("Disconnected"))
        mana = {k: v for k, v in (info.get("mana") or {}).items() if v}
        top = lr.bottom() + 24
        # (a player who lost has left the game with their cards, CR 800.4a: no commander to tell)
        away = [] if info.get("lost") else [c for c in info.get("commanders") or [] if c[1] != "command"]
        if away:  # CR 903.8: a commander out of the command zone — where it is, the tax it will cost
            painter.setPen(QColor(220, 200, 150))
            painter.setFont(font(11))
            line = commanders_text(away)
            box = QRectF(r.left() + 10, top, r.width() - 20, 34)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                             line)
            top += painter.boundingRect(box, Qt.TextFlag.TextWordWrap, line).height() + 2
        if info.get("commander_damage"):  # CR 903.10a: per commander, 21 loses the game
            painter.setPen(QColor(240, 200, 120))
            painter.setFont(font(11))
            line = commander_damage_text(info["commander_damage"])
            box = QRectF(r.left() + 10, top, r.width() - 20, 34)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                             line)
            top += painter.boundingRect(box, Qt.TextFlag.TextWordWrap, line).height() + 2
        role = role_text(info, ongoing=False, deck=False)
        if role:  # Archenemy (CR 904): the archenemy and the scheme deck, or the team; one line
            painter.setPen(QColor(230, 170, 170) if info.get("scheme_deck") is not None else QColor(170, 200, 240))
            painter.setFont(font(11))
            box = QRectF(r.left() + 10, top, r.width() - 20, 16)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             painter.fontMetrics().elidedText(role, Qt.TextElideMode.ElideRight, int(box.width())))
            top += 18
            self.setToolTip(role_text(info) + ("\n" + self._shared_line() if info.get("shared_life") else ""))
        if mana:  # inside the panel: up to three colours a line, two lines
            self._mana(painter, QRectF(r.left() + 10, top, r.width() - 20, r.bottom() - top - 2), mana)

    def _shared_line(self) -> str:
        return tr("{names} share one life total: {life}.", names=", ".join(self.info.get("team_names", [])),
                  life=self.info.get("life", ""))

    def _life_elsewhere(self) -> bool:
        """Archenemy Commander: the team's one life total is shown once, in one member's box
        (the viewer's own, else the team's first); the other members' boxes point to it."""
        return bool(self.info.get("shared_life")) and self.info.get("team_life_here") is False

    def _team_caption(self, painter: QPainter, lr: QRectF) -> None:
        """Archenemy Commander: the team's one life total (the notes) says so in its box; a
        member whose box doesn't hold it names the member whose box does."""
        if not self.info.get("shared_life"):
            return
        painter.setPen(QColor(170, 200, 240))
        painter.setFont(font(9, True))
        painter.drawText(lr.adjusted(0, 1, 0, 0), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, tr("Team"))
        if self._life_elsewhere():  # the member whose box holds it (the tooltip says it in full)
            painter.setFont(font(8))
            box = lr.adjusted(3, 12, -3, -2)
            name = painter.fontMetrics().elidedText(str(self.info.get("team_life_at", "")),
                                                    Qt.TextElideMode.ElideRight, int(box.width()))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, name)

    def _paint_compact(self, painter: QPainter, name: str) -> None:
        r = self.rect
        painter.setPen(geo.TEXT)
        painter.setFont(font(14, True))
        lr = self.life_rect()
        head = QRectF(r.left() + 10, r.top(), lr.left() - r.left() - 14, r.height())
        counts = self.info.get("hand_count") is not None and self.info.get("library_count") is not None \
            and not self.empty_seat
        if counts:  # an opponent of several: name above, hand and library (and poison) below
            head.setHeight(r.height() / 2 + 2)
            if self.active:
                painter.setBrush(QColor(240, 200, 90))
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(QPointF(head.left() + 5, head.center().y()), 5, 5)
                head.adjust(14, 0, 0, 0)
                painter.setPen(geo.TEXT)
        painter.drawText(head, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         painter.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(head.width())))
        if counts:
            line = tr("Hand {hand} · Library {library} · Graveyard {graveyard} · Exile {exile}", hand=self.info.get("hand_count", 0),
                      library=self.info.get("library_count", 0), graveyard=self.info.get("graveyard_count", 0),
                      exile=self.info.get("exile_count", 0))
            poison = int(self.info.get("poison", 0) or 0)
            if poison:
                line += " · " + tr("Poison") + f" {poison}"
            if self.info.get("commanders") and not self.info.get("lost"):  # an opponent's command zone (CR 903.6, 903.8)
                line = commanders_text(self.info["commanders"]) + " · " + line
            if self.info.get("commander_damage"):
                line += " · " + commander_damage_text(self.info["commander_damage"])
            role = role_text(self.info, names=False)  # (a teammate: "Team" in the life box says it)
            if role:  # Archenemy (CR 904): first, it is what matters most about this player
                line = role + " · " + line
            tip = role_text(self.info) + "\n" + line if self.info.get("team") else line
            self.setToolTip(tip + ("\n" + self._shared_line() if self.info.get("shared_life") else ""))
            painter.setPen(geo.TEXT_DIM)
            painter.setFont(font(11))
            low = QRectF(r.left() + 10, r.center().y(), lr.left() - r.left() - 14, r.height() / 2 - 2)
            painter.drawText(low, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             painter.fontMetrics().elidedText(line, Qt.TextElideMode.ElideRight, int(low.width())))
            painter.setFont(font(14, True))
        painter.setPen(QPen(QColor(255, 255, 255, 60), 1))
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(lr, 6, 6)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(font(24 if not self.info.get("shared_life") else 20, True))
        if not self._life_elsewhere():
            painter.drawText(lr.adjusted(0, 6 if self.info.get("shared_life") else 0, 0, 0),
                             Qt.AlignmentFlag.AlignCenter, str(self.info.get("life", "")))
        self._team_caption(painter, lr)

    @staticmethod
    def _mana(painter: QPainter, box: QRectF, mana: dict[str, int]) -> None:
        colours = {"W": QColor(248, 240, 200), "U": QColor(120, 170, 230), "B": QColor(90, 80, 80),
                   "R": QColor(230, 100, 70), "G": QColor(100, 180, 100), "C": QColor(190, 190, 190)}
        per_line = max(1, int(box.width() // 42))
        painter.setFont(font(11, True))
        for i, (key, n) in enumerate(sorted(mana.items())):
            # "R:room": mana with a spending restriction (Smoky Lounge), drawn as its colour with a star
            colour, _, restricted = key.partition(":")
            x = box.left() + (i % per_line) * 42
            at = QPointF(x, box.top() + 9 + (i // per_line) * 19)
            painter.setPen(QPen(QColor(20, 20, 20), 1))
            painter.setBrush(colours.get(colour, QColor(190, 190, 190)))
            painter.drawEllipse(QPointF(x + 8, at.y()), 8, 8)
            painter.setPen(QColor(10, 10, 10) if colour != "B" else QColor(255, 255, 255))
            painter.drawText(QRectF(x, at.y() - 8, 16, 16), Qt.AlignmentFlag.AlignCenter,
                             colour + ("*" if restricted else ""))
            painter.setPen(geo.TEXT)
            painter.drawText(QRectF(x + 17, at.y() - 8, 24, 16), Qt.AlignmentFlag.AlignLeft
                             | Qt.AlignmentFlag.AlignVCenter, f"×{n}")


def commander_damage_text(dealt: list[tuple[str, int]]) -> str:
    """"Commander damage: Valgavoth 4 · Winter 20" in the UI language (CR 903.10a)."""
    parts = " · ".join(tr("{card}: {damage}", card=card_name(name).split(",")[0], damage=n) for name, n in dealt)
    return tr("Commander damage: {list}", list=parts)


def commanders_text(commanders: list[tuple[str, str | None, int]]) -> str:
    """"Valgavoth (Command zone, tax +2)" in the UI language (CR 903.6, 903.8)."""
    parts = []
    for name, zone, tax in commanders:
        where = message(f"zone.{zone}") if zone else tr("hidden")
        parts.append(tr("{card} ({zone}, tax +{tax})", card=card_name(name).split(",")[0], zone=where, tax=tax))
    return " · ".join(parts)
