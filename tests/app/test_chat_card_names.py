"""Chat-line actions with card names in the UI language (session 16 noticed: "/cast Mord" at a
German table was refused — only English names were read). Typed into the log's chat line and
sent with Return, as a player does: the German or Italian name is taken exactly; a name two
cards in sight share, or a name no card has, gets a message that says so."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import app.table.widget as widget_mod
from app.i18n import set_language

from tests.app.table_mouse import table_for


def _type(t: Any, line: str) -> None:
    """Type `line` key by key into the chat line and press Return (a letter such as "ä" as a
    German keyboard sends it: QTest types ASCII only)."""
    entry = t.log.entry
    entry.setFocus()
    entry.clear()
    for ch in line:
        if ch.isascii():
            QTest.keyClicks(entry, ch)
            continue
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(entry, QKeyEvent(kind, ord(ch.upper()), Qt.KeyboardModifier.NoModifier, ch))
    assert entry.text() == line
    QTest.keyClick(entry, Qt.Key.Key_Return)


def _stack(t: Any) -> list[str]:
    return [s["name"] for s in t.session.observation().get("stack", [])]


def test_a_german_player_casts_and_targets_by_german_names(qtbot: Any) -> None:
    set_language("de")
    try:
        t = table_for(qtbot, {"You": {"hand": ["Murder"], "battlefield": ["Swamp"] * 3, "library": ["Forest"] * 3},
                              "Bob": {"battlefield": ["Friendly Teddy"], "library": ["Island"] * 3},
                              "step": "main1"}, mode="rules")
        _type(t, "/cast Mord -> Freundlicher Teddybär")
        assert _stack(t) == ["Murder"], t.prompt_bar.message.text()
        assert t.log.entry.text() == ""  # sent: the line is cleared
        _type(t, "/cast Mordd -> Freundlicher Teddybär")  # no card has that name: the engine says so
        assert "Mordd" in t.prompt_bar.message.text() and "Keine Karte" in t.prompt_bar.message.text()
        assert t.log.entry.text() == "/cast Mordd -> Freundlicher Teddybär"  # kept to be mended
    finally:
        set_language("en")


def test_an_italian_player_moves_a_library_card_by_its_italian_name(qtbot: Any) -> None:
    set_language("it")
    try:
        t = table_for(qtbot, {"You": {"library": ["Friendly Teddy", "Forest", "Forest"]}, "step": "main1"},
                      mode="hybrid")
        _type(t, "/move orsetto amichevole to hand")  # (any case, as the engine reads names)
        hand = [c["name"] for c in t.session.observation()["players"][0]["hand"]]
        assert hand == ["Friendly Teddy"], t.prompt_bar.message.text()
    finally:
        set_language("en")


def test_a_name_two_cards_share_is_refused_with_their_english_names(qtbot: Any, monkeypatch: Any) -> None:
    """(No two built-in cards share a German or Italian name; an imported card may.)"""
    set_language("de")
    try:
        t = table_for(qtbot, {"You": {"battlefield": ["Swamp", "Friendly Teddy", "Murder"]}, "step": "main1"},
                      mode="hybrid")
        shared = {"Friendly Teddy": "Teddy", "Murder": "Teddy"}
        real = widget_mod.card_name
        monkeypatch.setattr(widget_mod, "card_name", lambda name, *a: shared.get(str(name)) or real(name, *a))
        _type(t, "/tap Teddy")
        text = t.prompt_bar.message.text()
        assert "Teddy" in text and "Friendly Teddy, Murder" in text, text
        assert not any(c["tapped"] for c in t.session.observation()["battlefield"])
        _type(t, "/tap Friendly Teddy")  # the English name says which
        assert [c["name"] for c in t.session.observation()["battlefield"] if c["tapped"]] == ["Friendly Teddy"]
    finally:
        set_language("en")
