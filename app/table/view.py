"""TableView: shows the whole table, fitted to the window until the user zooms (Ctrl+wheel,
Ctrl++ / Ctrl+-, Ctrl+0 to fit again); the middle button or Shift+drag pans. The card under
the pointer is shown large beside it (as Cockatrice and Arena do; placed by
app/table/hover_zoom.py where it hides least); Z toggles that."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QPoint, QRect, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget

from app.table import hover_zoom as hz
from app.table.hover_zoom import HoverZoom
from app.table.card_item import face_name

ZOOM_W = 320  # pixels: the hover zoom is as wide as a printed card at about 100 dpi
ZOOM_SOURCE_W = 488  # the preview's pixmap width in the store


class TableView(QGraphicsView):
    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setRubberBandSelectionMode(Qt.ItemSelectionMode.IntersectsItemShape)
        # minimal updates: only the rectangles that changed are repainted (drag cost ~ the dragged cards)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)  # the felt is drawn once
        self.fitted = True
        self.zoom = 1.0
        self._pan: QPoint | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.zoom_enabled = True
        self.zoom_card: Any = None  # the CardItem under the pointer
        self.key_handler: Any = None  # the table's keyboard cursor (app/table/keyboard.py)
        self.mouse_handler: Any = None  # told of every mouse press (the cursor: clicks again)
        self.hover_zoom = HoverZoom(self.viewport())
        if hasattr(scene, "geometry_changed"):
            scene.geometry_changed.connect(self._scene_geometry)

    def _scene_geometry(self) -> None:
        if self.fitted:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def fit(self) -> None:
        self.fitted = True
        self.zoom = 1.0
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    # ----------------------------------------------------------------- hover zoom
    def set_zoom_enabled(self, on: bool) -> None:
        self.zoom_enabled = on
        self.update_zoom()

    def show_zoom(self, item: Any) -> None:
        self.zoom_card = item
        self.update_zoom()

    def update_zoom(self) -> None:
        item = self.zoom_card
        z = self.hover_zoom
        store = getattr(self.scene(), "store", None)
        if not self.zoom_enabled or item is None or item.scene() is not self.scene() or store is None:
            z.hide()
            return
        d = item.data
        face = bool(d.get("name")) and (item.show_face or item.mine)
        pix = store.face(face_name(d), d.get("token_def"), width=ZOOM_SOURCE_W) if face else None
        if pix is None:
            z.hide()  # hidden cards are not zoomed; a face still rendering comes with the next move
            return
        at, w = self.place_zoom(item, hz.zoom_width(self.viewport().size(), ZOOM_W, pix.width() / pix.height()),
                                pix.width() / pix.height())
        if z.pixmap().isNull() or z.property("key") != (face_name(d), w):
            z.setPixmap(pix.scaledToWidth(w, Qt.TransformationMode.SmoothTransformation))
            z.setProperty("key", (face_name(d), w))
            z.resize(z.pixmap().size())
        z.move(at)
        z.show()
        z.raise_()

    def _in_view(self, item: Any) -> QRect:
        shown: QRect = self.mapFromScene(item.sceneBoundingRect()).boundingRect()
        return shown

    def place_zoom(self, item: Any, width: int, aspect: float) -> tuple[QPoint, int]:
        """Beside the hovered card, where it covers least of the panels, the stack, the piles
        and the other cards, smaller if that is what keeps the card and the panels in sight
        (app/table/hover_zoom.py); wholly inside the view. Returns the place and the width."""
        sc = self.scene()
        seen = self.viewport().rect()
        keep_out: list[tuple[QRect, float]] = []
        for panel in getattr(sc, "panels", {}).values():
            if panel.isVisible():
                keep_out.append((self._in_view(panel), hz.WEIGHT_PANEL))
        for (kind, _), zone in getattr(sc, "zones", {}).items():
            if kind in ("library", "graveyard", "exile", "command") and zone.isVisible():
                keep_out.append((self._in_view(zone), hz.WEIGHT_PILE))
        for other in getattr(sc, "cards", {}).values():
            if other is not item and other.isVisible():
                r = self._in_view(other)
                if r.intersects(seen):
                    keep_out.append((r, hz.WEIGHT_STACK if other.zone == "stack" else hz.WEIGHT_CARD))
        return hz.place_shrinking(self.viewport().size(), width, self._in_view(item), keep_out, aspect)

    def zoom_by(self, factor: float, *, keep_hand: bool = False) -> None:
        """Zoom around the pointer (the wheel); `keep_hand` (Ctrl++ / Ctrl+-, the pointer
        anywhere): around the bottom of the table, and your hand stays in sight."""
        new = max(0.5, min(4.0, self.zoom * factor))
        factor = new / self.zoom
        self.zoom = new
        self.fitted = False
        if not keep_hand:
            self.scale(factor, factor)
            return
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.scale(factor, factor)
        self.setTransformationAnchor(anchor)
        sc = self.scene()
        hand = getattr(sc, "zones", {}).get(("hand", getattr(sc, "seat", 0)))
        r = hand.sceneBoundingRect() if hand is not None else self.sceneRect()
        self.centerOn(r.center().x(), r.bottom() - self.viewport().height() / (2 * self.current_scale()))
        self.ensureVisible(QRectF(r.center().x() - 1, r.top(), 2, min(r.height(), 60)), 0, 4)

    def current_scale(self) -> float:
        return float(self.transform().m11())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        vp = self.viewport().size()
        sc = self.scene()
        if vp.height() > 0 and hasattr(sc, "set_aspect"):
            sc.set_aspect(vp.width() / vp.height())  # the table takes the window's shape
        if self.fitted:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.zoom_by(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.key_handler is not None and self.key_handler(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.mouse_handler is not None:
            self.mouse_handler()
        if event.button() == Qt.MouseButton.MiddleButton or (
                event.button() == Qt.MouseButton.LeftButton and event.modifiers() & Qt.KeyboardModifier.ShiftModifier):
            self._pan = event.position().toPoint()
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan is not None:
            p = event.position().toPoint()
            d = p - self._pan
            self._pan = p
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
            event.accept()
            return
        super().mouseMoveEvent(event)
        if self.hover_zoom.isVisible() and event.buttons() != Qt.MouseButton.NoButton:
            self.hover_zoom.hide()  # dragging: the zoom would hide the drop target

    def leaveEvent(self, event: Any) -> None:
        self.hover_zoom.hide()
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan is not None:
            self._pan = None
            self.unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)
