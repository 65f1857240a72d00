"""Players' own arrows on the table (tabletop and hybrid modes; engine/rules/arrows.py): drawn
from the observation's "arrows" in each player's colour, made by dragging with the right
mouse button from a permanent to a permanent or a player's panel (Cockatrice's gesture) or by
the card menu's "Draw an arrow…" and a click, and taken away by a click on one's own arrow.

The right button also opens the context menu. Where the platform sends that menu as the
button goes down (X11, Wayland, the offscreen platform), the menu is held back while the
button is down over a permanent: released where it was pressed, the menu opens; dragged, an
arrow is drawn instead. Where the menu comes as the button goes up (Windows), the menu that
follows a drag is dropped.
"""
from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPathStroker
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsSceneContextMenuEvent, QGraphicsSceneMouseEvent

from app.table.arrows import ArrowItem
from app.table.card_item import CardItem
from app.table.panel import PlayerPanel


# one colour a seat (none of them the attack red, block blue or target orange)
COLOURS = (QColor(200, 90, 255, 230), QColor(40, 210, 200, 230), QColor(250, 230, 60, 230),
           QColor(255, 110, 180, 230), QColor(150, 230, 90, 230), QColor(240, 240, 240, 230))
HIT_WIDTH = 14.0  # how near the line a click must be to take the arrow away (scene units)


def colour(player: int) -> QColor:
    return COLOURS[player % len(COLOURS)]


def end_ref(to: Any) -> tuple[str, int]:
    return str(to[0]), int(to[1])


class ArrowController(Protocol):
    """What the arrows ask of the table's interaction (app/table/interaction.py Interaction)."""

    def manual_allowed(self) -> bool: ...

    def draw_arrow(self, source: int, head: tuple[str, int]) -> bool: ...


class ArrowScene(Protocol):
    """What the players' arrows use of the table's scene (app/table/scene.py TableScene)."""

    @property
    def seat(self) -> int: ...
    @property
    def obs(self) -> dict[str, Any]: ...
    @property
    def arrows(self) -> list[ArrowItem]: ...  # the arrows drawn now (rebuilt with the scene's)
    @property
    def controller(self) -> ArrowController | None: ...

    def anchor(self, ref: Any) -> QPointF | None: ...

    def card_at(self, pos: QPointF) -> CardItem | None: ...

    def open_menu(self, pos: QPointF, screen_pos: Any) -> None: ...

    def addItem(self, item: QGraphicsItem, /) -> None: ...

    def removeItem(self, item: QGraphicsItem, /) -> None: ...

    def items(self, pos: QPointF, /) -> list[QGraphicsItem]: ...


class PlayerArrows:
    """The scene's players' arrows: drawing them, the right-drag that makes one, clicks on them."""

    def __init__(self, scene: ArrowScene) -> None:
        self.scene = scene
        self.drawn: list[tuple[ArrowItem, dict[str, Any]]] = []
        self.preview: ArrowItem | None = None
        self._armed: tuple[CardItem, QPointF] | None = None  # right button down on a permanent
        self._dragging = False
        self._menu: Any = None  # the context menu held back while the button is down
        self._swallow = False  # a drag just ended: the menu the platform sends now is not wanted

    # ----------------------------------------------------------------- drawing
    def draw(self) -> None:
        """Add the observation's arrows (after the scene's own arrows were rebuilt)."""
        sc = self.scene
        self.drawn = []
        for rec in sc.obs.get("arrows") or []:
            a, b = sc.anchor(("o", rec["from"])), sc.anchor(end_ref(rec["to"]))
            if a is None or b is None or (a - b).manhattanLength() < 5:
                continue
            item = ArrowItem(a, b, colour(int(rec["player"])))
            sc.addItem(item)
            sc.arrows.append(item)
            self.drawn.append((item, rec))

    def arrow_at(self, pos: QPointF) -> dict[str, Any] | None:
        """The player's arrow whose line passes near `pos` (the newest on top), if any."""
        stroker = QPainterPathStroker()
        stroker.setWidth(HIT_WIDTH)
        for item, rec in reversed(self.drawn):
            if stroker.createStroke(item.line).contains(pos) or item.tip.contains(pos):
                found: dict[str, Any] = rec
                return found
        return None

    # ----------------------------------------------------------------- right-drag
    def _allowed(self) -> bool:
        ctl = self.scene.controller
        return ctl is not None and ctl.manual_allowed()

    def press(self, ev: QGraphicsSceneMouseEvent) -> bool:
        """The right button goes down: over a permanent at a table with manual moves, a drag
        may begin. Returns whether the scene should take no other action."""
        self._swallow = False
        self._menu = None
        self._dragging = False
        if ev.button() != Qt.MouseButton.RightButton or not self._allowed():
            self._armed = None
            return False
        item = self.scene.card_at(ev.scenePos())
        if item is None or item.zone != "battlefield" or item.obj_id is None:
            self._armed = None
            return False
        self._armed = (item, ev.scenePos())
        return True

    def move(self, ev: QGraphicsSceneMouseEvent) -> bool:
        if self._armed is None or not ev.buttons() & Qt.MouseButton.RightButton:
            return False
        item, start = self._armed
        pos = ev.scenePos()
        if not self._dragging and (pos - start).manhattanLength() < QApplication.startDragDistance():
            return True
        self._dragging = True
        self._menu = None  # a drag, not a menu
        if self.preview is not None:
            self.scene.removeItem(self.preview)
        a = self.scene.anchor(item)
        self.preview = None
        if a is not None and (pos - a).manhattanLength() >= 5:
            self.preview = ArrowItem(a, pos, colour(self.scene.seat), dashed=True)
            self.scene.addItem(self.preview)
        return True

    def release(self, ev: QGraphicsSceneMouseEvent) -> bool:
        if ev.button() != Qt.MouseButton.RightButton or self._armed is None:
            return False
        item, _ = self._armed
        self._armed = None
        if self.preview is not None:
            self.scene.removeItem(self.preview)
            self.preview = None
        if not self._dragging:
            held, self._menu = self._menu, None
            if held is not None:  # the menu the press brought, now that it was no drag
                self.scene.open_menu(*held)
            return True
        self._dragging = False
        self._swallow = True
        head = self._head_at(ev.scenePos(), item)
        ctl = self.scene.controller
        if head is not None and ctl is not None and item.obj_id is not None:
            ctl.draw_arrow(item.obj_id, head)
        return True

    def _head_at(self, pos: QPointF, source: CardItem) -> tuple[str, int] | None:
        card = self.scene.card_at(pos)
        if card is not None and card is not source and card.zone == "battlefield" and card.obj_id is not None:
            return ("o", card.obj_id)
        for it in self.scene.items(pos):
            if isinstance(it, PlayerPanel):
                return ("p", it.index)
        return None

    def hold_menu(self, ev: QGraphicsSceneContextMenuEvent) -> bool:
        """A context menu event: held back while the right button is down on a permanent
        (shown at the release if there was no drag), dropped right after a drag."""
        if self._swallow and ev.reason() == QGraphicsSceneContextMenuEvent.Reason.Mouse:
            self._swallow = False
            return True
        if self._armed is not None and ev.reason() == QGraphicsSceneContextMenuEvent.Reason.Mouse:
            self._menu = (ev.scenePos(), ev.screenPos())
            return True
        return False
