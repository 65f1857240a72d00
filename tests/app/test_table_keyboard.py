"""The table without a mouse (app/table/keyboard.py). Played by keyboard alone in session 16:
every step and turn, undo, draw, untap, the zones and the prompt bar's buttons had keys, but no
card could be played, targeted, attacked with or opened — nothing on the table could be reached
from the keyboard. Now Left/Right move a cursor over the cards and players, Return does what
the click or double-click there does, Shift+F10 (the menu key) opens the card's menu."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QTabWidget

from app.i18n import set_language
from app.shell.dialogs import ShortcutsDialog

from tests.app.table_mouse import press, table_for, window_for

NOMOD = Qt.KeyboardModifier.NoModifier


def _key(t: Any, key: Qt.Key, mods: Qt.KeyboardModifier = NOMOD) -> None:
    t.view.setFocus()
    QTest.keyClick(t.view, key, mods)


def _to(t: Any, name: str, zone: str) -> None:
    """Right until the cursor is on the card."""
    for _ in range(40):
        _key(t, Qt.Key.Key_Right)
        at = t.keyboard.at
        if getattr(at, "name", None) == name and getattr(at, "zone", None) == zone:
            assert at.isSelected()
            return
    raise AssertionError(f"the cursor never reached {name} in the {zone}")


def _bf(t: Any) -> list[str]:
    return sorted(c["name"] for c in t.session.observation()["battlefield"])


def test_a_land_and_a_targeted_spell_by_keyboard_alone(qtbot: Any) -> None:
    w = window_for(qtbot, {"You": {"hand": ["Swamp", "Murder"], "battlefield": ["Swamp", "Swamp"],
                                   "library": ["Island"] * 3},
                           "Bob": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 3},
                           "step": "main1"})
    w.activateWindow()  # (as the window manager does: the window's shortcuts, Space to pass)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=20000)
    t = w.table
    _to(t, "Swamp", "hand")
    _key(t, Qt.Key.Key_Return)  # as a double-click: the land is played
    assert _bf(t) == ["Friendly Teddy", "Swamp", "Swamp", "Swamp"]
    _to(t, "Murder", "hand")
    _key(t, Qt.Key.Key_Return)  # cast: its target is asked for
    assert t.interaction.mode == "targets"
    _to(t, "Friendly Teddy", "battlefield")
    _key(t, Qt.Key.Key_Return)  # as a click on the lit target
    assert [s["name"] for s in t.session.observation().get("stack", [])] == ["Murder"]
    _key(t, Qt.Key.Key_Space)  # pass: it resolves
    assert "Friendly Teddy" not in _bf(t)


def test_the_menu_key_opens_the_cards_menu(qtbot: Any) -> None:
    t = table_for(qtbot, {"You": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 3}}, mode="hybrid")
    _to(t, "Friendly Teddy", "battlefield")
    _key(t, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and "Attach to…" in [a.text() for a in menu.actions()]
    menu.close()


def test_an_attack_by_keyboard_the_prompt_buttons_by_number(qtbot: Any) -> None:
    """The prompt bar's buttons take no focus (Space is the pass key), so no key reached Attack,
    Keep or Done; the keys 1-9 press them now."""
    w = window_for(qtbot, {"You": {"battlefield": ["Friendly Teddy", "Swamp"], "library": ["Island"] * 3},
                           "Bob": {"library": ["Island"] * 3}, "step": "main1"})
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=20000)
    t = w.table
    for _ in range(3):  # Ctrl+Space: the next step, until the attackers are asked for
        if t.interaction.mode == "attackers":
            break
        _key(t, Qt.Key.Key_Space, Qt.KeyboardModifier.ControlModifier)
    assert t.interaction.mode == "attackers"
    _to(t, "Friendly Teddy", "battlefield")
    _key(t, Qt.Key.Key_Return)
    labels = [b.text() for b in t.prompt_bar.buttons]
    assert labels[0] == "Attack", labels
    assert t.prompt_bar.buttons[0].toolTip().endswith("1)") or t.prompt_bar.buttons[0].toolTip() == "1"
    _key(t, Qt.Key.Key_1)
    assert t.interaction.mode != "attackers"
    assert any("attack" in str(e.get("key")) for e in t.session.game.events[-8:]), \
        [e.get("key") for e in t.session.game.events[-8:]]


def test_the_help_lists_the_tables_keys_in_german(qtbot: Any) -> None:
    set_language("de")
    try:
        dlg = ShortcutsDialog()
        qtbot.addWidget(dlg)
        tabs = dlg.findChild(QTabWidget)
        titles = [tabs.tabText(i) for i in range(tabs.count())]
        assert "Auf dem Tisch" in titles
        table = tabs.widget(titles.index("Auf dem Tisch"))
        assert table.item(0, 0).text() == "Pfeil links, Pfeil rechts, Pos1, Ende"
        assert table.item(3, 1).text().startswith("Die erste bis neunte Schaltfläche")
    finally:
        set_language("en")


def test_a_target_prompt_says_the_keys_to_a_keyboard_player_and_clicks_after_a_click(qtbot: Any) -> None:
    """Session 16 noticed: a player who cast Murder with Return read "choose a target (click a
    card)". A player who plays by keyboard reads which keys answer the prompt now; a mouse press
    on the table brings the click wording back."""
    set_language("de")
    try:
        t = table_for(qtbot, {"You": {"hand": ["Murder"], "battlefield": ["Swamp"] * 3, "library": ["Island"] * 3},
                              "Bob": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 3},
                              "step": "main1"}, mode="rules")
        _to(t, "Murder", "hand")
        _key(t, Qt.Key.Key_Return)  # cast by keyboard: the target is asked for
        assert t.interaction.mode == "targets"
        text = t.prompt_bar.label.text()
        assert "Links und Rechts" in text and "Eingabe" in text and "klick" not in text.lower(), text
        press(t, QPoint(3, 3))  # a click on an empty spot of the table: the player uses the mouse now
        assert t.interaction.mode == "targets"
        text = t.prompt_bar.label.text()
        assert "klick" in text.lower() and "Links und Rechts" not in text, text
    finally:
        set_language("en")
