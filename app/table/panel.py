"""The player panel: name, life total, poison, hand and library counts, the mana pool; in a
Commander game where each commander is and its tax (CR 903.6, 903.8) and the commander damage
the player was dealt (CR 903.10a); in the Archenemy formats the player's role and the team's
shared life (CR 904, 805). A target for spells. Long lines (German commander names) are
shortened on the table — a commander by the part of its name before the comma or article,
lines wrapped or elided — and said in full in the panel's tooltip."""
from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from app.i18n import card_name, message, tr
from app.table import geometry as geo
from app.table.card_marks import font
from app.table.scheme_area import role_text

WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
LEFT_MID = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
DAMAGE = QColor(240, 200, 120)
COMMANDERS = QColor(220, 200, 150)
# a legendary name's epithet: after its comma ("Aminatou, Veil Piercer") or, in German, after
# its article ("Valgavoth der Seelenfolterer", "Zimone die Rätsellöserin")
_EPITHET = re.compile(r",\s| (?:der|die|das) ")


def short_name(name: str) -> str:
    """A commander's name as the panel shows it, in the UI language: "Valgavoth"."""
    shown = card_name(name)
    return _EPITHET.split(shown, maxsplit=1)[0] or shown


def commander_damage_text(dealt: list[tuple[str, int]], full: bool = False) -> str:
    """"Commander damage: Valgavoth: 4 · Winter: 20" in the UI language (CR 903.10a); `full`:
    with the commanders' whole names (the tooltip). A commander and its damage never part."""
    parts = "\u00a0· ".join(tr("{card}: {damage}", card=card_name(name) if full else short_name(name),
                               damage=n).replace(" ", "\u00a0") for name, n in dealt)
    return tr("Commander damage: {list}", list=parts)


def commanders_text(commanders: list[tuple[str, str | None, int]], full: bool = False) -> str:
    """"Valgavoth (Command zone, tax +2)" in the UI language (CR 903.6, 903.8)."""
    parts = []
    for name, zone, tax in commanders:
        where = message(f"zone.{zone}") if zone else tr("hidden")
        # (the tax and its number on one line when the panel wraps the text)
        parts.append(tr("{card} ({zone}, tax +{tax})", card=card_name(name) if full else short_name(name),
                        zone=where, tax=tax).replace(" +", "\u00a0+"))
    return "\u00a0· ".join(parts)


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
        self.drawn: list[str] = []
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

    # -- what the panel says ----------------------------------------------------------------

    def _commanders(self) -> list[Any]:
        """The player's commanders (none once they lost: they left with their cards, CR 800.4a)."""
        return [] if self.info.get("lost") else list(self.info.get("commanders") or [])

    def _counts(self) -> str:
        info = self.info
        line = tr("Hand {hand} · Library {library} · Graveyard {graveyard} · Exile {exile}", hand=info.get("hand_count", 0),
                  library=info.get("library_count", 0), graveyard=info.get("graveyard_count", 0),
                  exile=info.get("exile_count", 0))
        poison = int(info.get("poison", 0) or 0)
        return line + (" · " + tr("Poison {count}", count=poison) if poison else "")

    def _hand_and_library(self) -> str:
        return tr("Hand {hand} · Library {library}", hand=self.info.get("hand_count", 0),
                  library=self.info.get("library_count", 0))

    def _strip_counts(self, commanders: str, hand: bool = True) -> str:
        """An opponent's strip's foot, the most telling first (the end is what a narrow strip
        cuts off): hand and library (unless beside the name), poison, the commander out of the
        command zone, then the graveyard and exile (whole in the tooltip). After all the
        counts, an Italian strip read "Mano 7 · Grimorio 92 · Cimitero 0 · Esilio 0 · Valgavoth (C…"."""
        info = self.info
        parts = [self._hand_and_library()] if hand else []
        poison = int(info.get("poison", 0) or 0)
        if poison:
            parts.append(tr("Poison {count}", count=poison))
        if commanders:
            parts.append(commanders)
        parts.append(tr("Graveyard {graveyard} · Exile {exile}", graveyard=info.get("graveyard_count", 0),
                        exile=info.get("exile_count", 0)))
        return " · ".join(parts)

    def tooltip_text(self) -> str:
        """Everything the panel shortens, in full: the role, the commanders with their whole
        names, the commander damage per commander, the counts, the team's shared life."""
        info = self.info
        lines = [str(info.get("name", ""))]
        if role_text(info):
            lines.append(role_text(info))
        if self._commanders():
            lines.append(commanders_text(self._commanders(), full=True).replace("\u00a0", " "))
        if info.get("commander_damage"):
            lines.append(commander_damage_text(info["commander_damage"], full=True).replace("\u00a0", " "))
        if info.get("hand_count") is not None and info.get("library_count") is not None and not self.empty_seat:
            lines.append(self._counts())
        if info.get("shared_life"):
            lines.append(self._shared_line())
        return "\n".join(lines) if len(lines) > 1 else ""

    # -- painting ---------------------------------------------------------------------------

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
        self.drawn = []  # the lines as painted (what a user reads; tests check them)
        self.life_shown = ""  # what the life box reads ("Team 60" with a team's shared life)
        tip = self.tooltip_text()
        if tip != self.toolTip():
            self.setToolTip(tip)
        info = self.info
        name = str(info.get("name", ""))
        if self.compact:
            if info.get("lost"):  # conceded or lost: out of the game with their cards (CR 800.4a)
                name = tr("{name} (out of the game)", name=name)
            elif info.get("away"):  # a LAN player whose connection is lost (the host keeps the seat)
                name = tr("{name} (disconnected)", name=name)
            self._paint_compact(painter, name)
            return
        painter.setPen(geo.TEXT)
        painter.setFont(font(15, True))
        head = QRectF(r.left() + 10, r.top() + 5, r.width() - 20, 22)
        if self.active:
            self._active_dot(painter, head)
            painter.setPen(geo.TEXT)
        self._draw(painter, head, LEFT_MID, painter.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(head.width())))
        # life: the big number (CR 119); poison beside it (CR 122.1f)
        lr = self.life_rect()
        painter.setPen(QPen(QColor(255, 255, 255, 60), 1))
        low = info.get("life", 20) <= 5
        painter.setBrush(QColor(120, 20, 30, 200) if low else QColor(0, 0, 0, 90))
        painter.drawRoundedRect(lr, 8, 8)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(font(38, True))
        self.life_shown = str(info.get("life", ""))
        painter.drawText(lr, Qt.AlignmentFlag.AlignCenter, self.life_shown)
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
        self._draw(painter, QRectF(r.left() + 10, lr.bottom() + 4, r.width() - 20, 18), LEFT_MID, counts)
        bottom = r.bottom() - 4
        # a player who conceded or lost is out of the game with their cards (CR 800.4a, 104.3a): said
        # at the foot, or a LAN player whose connection is lost (the host keeps the seat)
        foot = tr("Out of the game") if info.get("lost") else tr("Disconnected") if info.get("away") else ""
        if foot:
            painter.setPen(QColor(255, 150, 130))
            painter.setFont(font(12, True))
            self._draw(painter, QRectF(r.left() + 10, r.bottom() - 24, r.width() - 20, 20), LEFT_MID, foot)
            bottom -= 20
        mana = {k: v for k, v in (info.get("mana") or {}).items() if v}
        if mana:  # (its lines at the panel's foot)
            per_line = max(1, int((r.width() - 20) // 42))
            bottom -= 19 * -(-len(mana) // per_line)
        top = lr.bottom() + 24
        painter.setFont(font(10))
        away = [c for c in self._commanders() if c[1] != "command"]
        if away:  # CR 903.8: a commander out of the command zone — where it is, the tax it will cost
            top += self._block(painter, QRectF(r.left() + 10, top, r.width() - 20, bottom - top),
                               commanders_text(away), COMMANDERS)
        if info.get("commander_damage"):  # CR 903.10a: per commander, 21 loses the game
            top += self._block(painter, QRectF(r.left() + 10, top, r.width() - 20, bottom - top),
                               commander_damage_text(info["commander_damage"]), DAMAGE)
        role = role_text(info, ongoing=False, deck=False)
        if role:  # Archenemy (CR 904): the archenemy and the scheme deck, or the team
            top += self._block(painter, QRectF(r.left() + 10, top, r.width() - 20, bottom - top), role,
                               QColor(230, 170, 170) if info.get("scheme_deck") is not None else QColor(170, 200, 240))
        if mana:  # inside the panel: up to three colours a line
            self._mana(painter, QRectF(r.left() + 10, max(top, bottom), r.width() - 20, r.bottom() - max(top, bottom) - 2),
                       mana)

    def _draw(self, painter: QPainter, box: QRectF, flags: Any, text: str) -> None:
        self.drawn.append(text.replace("\u00a0", " "))
        painter.drawText(box, flags, text)

    def _block(self, painter: QPainter, box: QRectF, text: str, colour: QColor) -> float:
        """Draw `text` wrapped in `box` if it fits there, else elided on one line (the tooltip
        has it whole); the height it took."""
        painter.setPen(colour)
        need = painter.boundingRect(QRectF(box.left(), box.top(), box.width(), 10000), WRAP, text).height()
        if need <= box.height():
            self._draw(painter, box, WRAP, text)
            return need + 2
        line = painter.fontMetrics().elidedText(text.replace("\u00a0", " "), Qt.TextElideMode.ElideRight, int(box.width()))
        self._draw(painter, QRectF(box.left(), box.top(), box.width(), painter.fontMetrics().height()), LEFT_MID, line)
        return painter.fontMetrics().height() + 2

    def _shared_line(self) -> str:
        return tr("{names} share one life total: {life}.", names=", ".join(self.info.get("team_names", [])),
                  life=self.info.get("life", ""))

    def _team_caption(self, painter: QPainter, lr: QRectF) -> None:
        """Archenemy Commander: the team's one life total (the notes) is every member's life,
        so each member's box shows it, captioned "Team" (the tooltip names the members). (The
        boxes once showed it in one member's box and that member's name in the others': a
        teammate's box read "Team / Computer 1", which a user took for a player's name.)"""
        if not self.info.get("shared_life"):
            return
        painter.setPen(QColor(170, 200, 240))
        painter.setFont(font(9, True))
        self.life_shown = tr("Team") + " " + self.life_shown
        painter.drawText(lr.adjusted(0, 1, 0, 0), Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, tr("Team"))

    @staticmethod
    def _active_dot(painter: Any, head: QRectF) -> None:
        """The dot before the name of the player whose turn it is; the name moves right of it."""
        painter.setBrush(QColor(240, 200, 90))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(QPointF(head.left() + 5, head.center().y()), 5, 5)
        head.adjust(14, 0, 0, 0)

    def _paint_compact(self, painter: QPainter, name: str) -> None:
        """One of several opponents (or the goldfish empty seat): a strip. The name on top, with
        the commanders (where, tax) beside it; the commander damage dealt to this player on a
        line of its own; the role and the counts at the foot."""
        r = self.rect
        lr = self.life_rect()
        info = self.info
        counts = info.get("hand_count") is not None and info.get("library_count") is not None \
            and not self.empty_seat
        width = lr.left() - r.left() - 14
        # (a commander in the command zone is the pile beside the strip, its tax on it: only one
        # out of there is told here, where it is and what it will cost) — beside the name if it
        # fits there whole, else on a line under it
        away = [c for c in self._commanders() if c[1] != "command"]
        commanders = commanders_text(away) if counts and away else ""
        painter.setFont(font(14, True))
        room = width - painter.fontMetrics().horizontalAdvance(name) - 24 - (14 if self.active else 0)
        painter.setFont(font(10))
        second = bool(commanders) and painter.fontMetrics().horizontalAdvance(commanders) > room
        damage = commander_damage_text(info["commander_damage"]) if counts and info.get("commander_damage") else ""
        # the middle line: the commander damage dealt to this player (what matters most), else
        # where the commander is; with both, the commander goes to the foot, after the counts
        middle = damage or (commanders if second else "")
        foot = commanders if second and damage else ""
        # the scheme deck and the ongoing schemes (Archenemy): on the middle line when it is free,
        # else after the counts (at the end of a long line they were cut off at 1500 pixels)
        schemes = role_text({k: info.get(k) for k in ("scheme_deck", "ongoing")}) if counts else ""
        schemes_between = bool(schemes) and not middle
        middle = middle or schemes
        head = QRectF(r.left() + 10, r.top(), width, r.height())
        if counts:  # name above, the lines below
            head.setHeight(20 if middle else r.height() / 2 + 2)
            if middle:
                head.moveTop(r.top() + 2)
            if self.active:
                self._active_dot(painter, head)
        painter.setPen(geo.TEXT)
        painter.setFont(font(13 if middle else 14, True))
        fm = painter.fontMetrics()
        # the name whole if it can be (at most two thirds of the line with commanders beside it)
        beside_name = bool(commanders) and not second
        shown = fm.elidedText(name, Qt.TextElideMode.ElideRight, int(head.width() * (0.66 if beside_name else 1)))
        self._draw(painter, head, LEFT_MID, shown)
        # with the commander damage in the middle and a commander out of the command zone at the
        # foot, hand and library go beside the name when they fit there whole: after them the
        # commander's tax was cut off ("Mano 0 · Grimorio 5 · Valgavoth (Campo di battaglia, ta…")
        counts_beside = ""
        if foot:
            painter.setFont(font(10))
            hand_lib = self._hand_and_library()
            if fm.horizontalAdvance(shown) + 10 + painter.fontMetrics().horizontalAdvance(hand_lib) <= head.width():
                counts_beside = hand_lib
                side = QRectF(head.left() + fm.horizontalAdvance(shown) + 10, head.top(), 0, head.height())
                side.setRight(head.right())
                painter.setPen(geo.TEXT_DIM)
                self._draw(painter, side, LEFT_MID, hand_lib)
        if beside_name:
            side = QRectF(head.left() + fm.horizontalAdvance(shown) + 10, head.top(), 0, head.height())
            side.setRight(head.right())
            painter.setFont(font(10))
            painter.setPen(COMMANDERS)
            self._draw(painter, side, LEFT_MID, painter.fontMetrics().elidedText(commanders, Qt.TextElideMode.ElideRight,
                                                                               int(side.width())))
        if counts:
            # (after hand and library: before them "Aminatou (Campo di battaglia, tassa +2)" cut
            # them off in Italian; after every count, the commander was cut off itself)
            line = self._strip_counts(foot.replace("\u00a0", " "), hand=not counts_beside)
            role = role_text(info, ongoing=False, deck=False, names=False)  # ("Team" in the life box)
            if role:  # Archenemy (CR 904): first, it is what matters most about this player
                line = role + " · " + line
            if schemes and not schemes_between:  # after the counts: an ongoing scheme's long name cut off the hand's count
                line += " · " + schemes
            painter.setFont(font(10 if middle else 11))
            fm = painter.fontMetrics()
            low = QRectF(r.left() + 10, r.center().y(), width, r.height() / 2 - 2)
            if middle:
                mid = QRectF(r.left() + 10, head.bottom(), width, (r.bottom() - head.bottom()) / 2)
                low = QRectF(r.left() + 10, mid.bottom(), width, mid.height())
                painter.setPen(DAMAGE if damage else COMMANDERS)
                self._draw(painter, mid, LEFT_MID, fm.elidedText(middle.replace("\u00a0", " "), Qt.TextElideMode.ElideRight,
                                                              int(mid.width())))
            painter.setPen(geo.TEXT_DIM)
            self._draw(painter, low, LEFT_MID, fm.elidedText(line, Qt.TextElideMode.ElideRight, int(low.width())))
        painter.setPen(QPen(QColor(255, 255, 255, 60), 1))
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRoundedRect(lr, 6, 6)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(font(24 if not info.get("shared_life") else 20, True))
        self.life_shown = str(info.get("life", ""))
        painter.drawText(lr.adjusted(0, 6 if info.get("shared_life") else 0, 0, 0), Qt.AlignmentFlag.AlignCenter,
                         self.life_shown)
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
