"""The table without a mouse: a keyboard cursor over what can be clicked on the table. Left and
Right (Home, End) move it over the cards — your hand, then the battlefield row by row, the
stack, the face-up schemes — and the players' panels; the card under it is selected and shown
in the card preview. Return does what a click does where a click answers something (a target,
an attacker, a blocker, a card to choose or discard, a lit choice) and otherwise what a
double-click does (play a land, cast a spell, tap for mana); the menu key or Shift+F10 opens
its context menu. The keys 1 to 9 press the prompt bar's buttons (Keep, Attack, Done, a
choice: they take no focus, so that Space stays the pass key; each button's tooltip names its
key). Every other action has its shortcut (app/shell/shortcuts.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeyEvent

from app.table.card_item import CardItem
from app.table.panel import PlayerPanel

if TYPE_CHECKING:
    from app.table.bars import PromptBar
    from app.table.docks import PreviewDock
    from app.table.interaction import Interaction
    from app.table.scene import TableScene
    from app.table.view import TableView

ZONES = ("hand", "battlefield", "stack", "scheme")  # the cursor's order of the cards


class KeyboardTable(Protocol):
    """What the keyboard cursor uses of the table widget (app/table/widget.py TableWidget): the
    scene and view it moves over, the prompt bar's buttons, the preview, the interaction that a
    key's click goes to."""

    @property
    def scene(self) -> TableScene: ...
    @property
    def view(self) -> TableView: ...
    @property
    def prompt_bar(self) -> PromptBar: ...
    @property
    def preview(self) -> PreviewDock: ...
    @property
    def interaction(self) -> Interaction: ...

    def update_prompt(self) -> None: ...


class KeyboardCursor:
    def __init__(self, table: KeyboardTable) -> None:
        self.table = table
        self.at: Any = None  # the CardItem or PlayerPanel under the cursor
        # the player plays by keyboard: the cursor's keys were pressed since the last mouse
        # press on the table (the prompts then say which keys answer them, not "click")
        self.used = False

    def set_used(self, used: bool) -> None:
        """The last gesture on the table was the cursor's keys (True) or a mouse press; the
        prompt is worded again when that changes."""
        if used != self.used:
            self.used = used
            self.table.update_prompt()

    def targets(self) -> list[Any]:
        """What the cursor moves over, in order: cards by zone, then top to bottom and left to
        right as they lie; then the players' panels in seat order."""
        scene = self.table.scene
        cards = [i for i in scene.cards.values() if isinstance(i, CardItem) and i.isVisible() and i.zone in ZONES
                 and (i.zone != "hand" or i.mine)]

        def key(i: CardItem) -> tuple[int, float, float]:
            r = i.sceneBoundingRect()
            return ZONES.index(i.zone), round(r.center().y() / 40), r.center().x()
        panels = [scene.panels[p] for p in sorted(scene.panels) if scene.panels[p].isVisible()]
        return sorted(cards, key=key) + panels

    def key(self, event: QKeyEvent) -> bool:
        """Handle a key pressed on the table's view; False: not the cursor's."""
        k = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        if Qt.Key.Key_1 <= k <= Qt.Key.Key_9 and not mods:
            n = k - Qt.Key.Key_1
            shown = self.table.prompt_bar.buttons
            if n >= len(shown) or not shown[n].isEnabled():
                return False
            self.set_used(True)  # (before the press: the prompt it brings says the keys)
            return self.press_button(n)
        if k in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End) and not mods:
            self.set_used(True)
            self.move(k)
            return True
        if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not mods and self._current() is not None:
            self.set_used(True)
            self.activate()
            return True
        if k == Qt.Key.Key_Menu or (k == Qt.Key.Key_F10 and mods == Qt.KeyboardModifier.ShiftModifier):
            if self._current() is not None:
                self.set_used(True)
                self.menu()
                return True
        return False

    def mouse_pressed(self) -> None:
        """A mouse button went down on the table: the prompts speak of clicks again."""
        self.set_used(False)

    def _current(self) -> Any:
        """The item under the cursor if it is still on the table (the table redraws)."""
        if self.at is not None and self.at in self.targets():
            return self.at
        self.at = None
        return None

    def move(self, k: int) -> None:
        items = self.targets()
        if not items:
            return
        cur = self._current()
        i = items.index(cur) if cur is not None else -1
        if k == Qt.Key.Key_Home:
            i = 0
        elif k == Qt.Key.Key_End:
            i = len(items) - 1
        elif k == Qt.Key.Key_Right:
            i = (i + 1) % len(items)
        else:
            i = (i - 1) % len(items) if i >= 0 else len(items) - 1
        self.point_at(items[i])

    def point_at(self, item: Any) -> None:
        t = self.table
        t.scene.clearSelection()
        self.at = item
        if isinstance(item, CardItem):
            item.setSelected(True)
            t.preview.show_item(item)
        t.view.ensureVisible(item)

    def activate(self) -> None:
        """Return: a click where a click answers something, else a double-click."""
        it = self.table.interaction
        item = self._current()
        if isinstance(item, PlayerPanel):
            it.player_clicked(item.index)
        elif isinstance(item, CardItem):
            if it.mode or (item.obj_id is not None and item.obj_id in it._ask_refs()) or it._ask_options():
                it.card_clicked(item)
            else:
                it.card_double_clicked(item)

    def press_button(self, n: int) -> bool:
        """The prompt bar's n-th button (from 0), if it is shown and can be pressed."""
        shown = self.table.prompt_bar.buttons  # (the current ones: a new one shows with the next events)
        if n >= len(shown) or not shown[n].isEnabled():
            return False
        shown[n].click()
        return True

    def menu(self) -> None:
        item = self._current()
        view = self.table.view
        centre: QPoint = view.mapFromScene(item.sceneBoundingRect().center())
        self.table.interaction.context_menu(item, view.viewport().mapToGlobal(centre))
