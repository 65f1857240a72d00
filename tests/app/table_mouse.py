"""What the table tests share: a table shown as a player sees it (seat 0 of a local game,
without animations, exposed on the offscreen screen), alone or in the main window, and mouse
events sent to its view — a press, a drag in ten moves as a hand makes it, a right-click's
context menu."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from app.session import LocalSession
from app.settings import Settings
from app.shell.main_window import MainWindow
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game

LEFT, RIGHT, NOB = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton, Qt.MouseButton.NoButton
NOMOD = Qt.KeyboardModifier.NoModifier


def show_table(qtbot: Any, game: Game | LocalSession, settings: Settings | None = None,
               size: tuple[int, int] = (1500, 950)) -> TableWidget:
    """The table of a session (a game: seat 0's, controlling seat 0), shown at `size`."""
    session = game if isinstance(game, LocalSession) else LocalSession(game, 0, controls={0})
    t = TableWidget(session, settings or Settings(animations=False))
    qtbot.addWidget(t)
    t.resize(*size)
    t.show()
    qtbot.waitExposed(t)
    return t


def table_for(qtbot: Any, setup: dict[str, Any], mode: str = "hybrid", settings: Settings | None = None,
              goldfish: bool = True, size: tuple[int, int] = (1500, 950)) -> TableWidget:
    """A two-player game ("You" against "Bob") from a scenario set-up; goldfish: the second
    seat passes by itself, as the empty seat of a goldfish game does."""
    game = Game(GameConfig(players=["You", "Bob"], mode=mode, setup={"mode": mode, **setup}, goldfish=goldfish))
    return show_table(qtbot, game, settings, size)


def window_for(qtbot: Any, setup: dict[str, Any], mode: str = "rules",
               size: tuple[int, int] = (1500, 950)) -> MainWindow:
    """The main window at `size` playing seat 0 of a two-player goldfish game from a scenario
    set-up; closed at the end of the test, it leaves the game without asking."""
    game = Game(GameConfig(players=["You", "Bob"], mode=mode, setup={"mode": mode, **setup}, goldfish=True))
    w = MainWindow(Settings(animations=False))
    qtbot.addWidget(w, before_close_func=lambda w: setattr(w, "confirm_leave", lambda: True))
    w.resize(*size)
    w.show()
    w.show_session(LocalSession(game, 0))
    qtbot.waitExposed(w)
    return w


def centre(t: TableWidget, item: Any) -> QPoint:
    """Where an item's centre is on the view."""
    return t.view.mapFromScene(item.sceneBoundingRect().center())


def send(t: TableWidget, kind: QEvent.Type, pos: QPoint, button: Qt.MouseButton, buttons: Qt.MouseButton,
         mods: Qt.KeyboardModifier = NOMOD) -> None:
    """One mouse event at `pos` on the view (`button` changed, `buttons` held after it)."""
    vp = t.view.viewport()
    QApplication.sendEvent(vp, QMouseEvent(kind, QPointF(pos), QPointF(vp.mapToGlobal(pos)), button, buttons, mods))


def context_menu(t: TableWidget, pos: QPoint) -> None:
    """The context-menu event of a right-click at `pos`."""
    vp = t.view.viewport()
    QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, vp.mapToGlobal(pos)))


def press(t: TableWidget, pos: QPoint, button: Qt.MouseButton = LEFT, mods: Qt.KeyboardModifier = NOMOD) -> None:
    """A button goes down; with the right one the context menu comes with it (as on X11 and
    Wayland)."""
    send(t, QEvent.Type.MouseButtonPress, pos, button, button, mods)
    if button == RIGHT:
        context_menu(t, pos)


def drag(t: TableWidget, a: QPoint, b: QPoint, button: Qt.MouseButton = LEFT,
         mods: Qt.KeyboardModifier = NOMOD) -> None:
    """Press at `a`, move to `b` in ten moves, release there."""
    press(t, a, button, mods)
    for k in range(1, 11):
        send(t, QEvent.Type.MouseMove, a + (b - a) * k / 10, NOB, button, mods)
    send(t, QEvent.Type.MouseButtonRelease, b, button, NOB, mods)
