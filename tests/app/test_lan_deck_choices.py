"""The LAN host dialog and the lobby's computer-seat dialog offer what New game → Commander
offers (issue #28): at a Commander, Archenemy Commander or Supervillain Rumble table the four
printed Commander decks first (titles and commanders in the UI language), then the built-in
decks and the user's own Commander decks; in rules mode the chosen deck's cards without rules
are named. Used as a user would: the format and mode chosen in their lists, a deck picked."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.ai_dialog import ComputerSeatDialog
from app.i18n import card_name, set_language
from app.seat_row import not_implemented
from app.settings import Settings
from app.shell.lan_dialogs import LanDialog
from engine.decks import add_recent
from engine.decks.samples import commander_decks, printed_commander_decks, sample_decks
from engine.decks.files import read_deck


def _items(combo: Any) -> list[tuple[str, str]]:
    return [(combo.itemText(i), str(combo.itemData(i))) for i in range(combo.count())]


def _choose(combo: Any, data: str) -> None:
    """Pick an entry as a user would with the keyboard: Home, then Down to it."""
    target = combo.findData(data)
    assert target >= 0, data
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(target):
        QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentIndex() == target


def _own_deck(tmp_path: Path) -> Path:
    """A deck of the user's that names its commander (a Cockatrice file, the built-in's cards)."""
    own = tmp_path / "my_commander.cod"
    own.write_text(commander_decks()[0].read_text(encoding="utf-8").replace(
        "<deckname>", "<deckname>Meine Runde: "), encoding="utf-8")
    add_recent(own)
    return own


def _check_commander_list(items: list[tuple[str, str]], own: Path) -> None:
    printed = [str(p) for p in printed_commander_decks()]
    assert [p for _t, p in items[:4]] == printed  # the four printed decks first
    for (title, path) in items[:4]:
        lead = read_deck(Path(path)).deck.card_names("commander")
        assert all(card_name(n) in title for n in lead), title  # the commander in German
        assert "gedruckte" in title, title
    assert [p for _t, p in items[4:8]] == [str(p) for p in commander_decks()]
    assert items[8][1] == str(own) and items[8][0].startswith("Meine Runde")
    assert not any(p in {str(s) for s in sample_decks()} for _t, p in items)


def test_the_host_dialog_offers_the_commander_decks_per_format(qtbot: Any, tmp_path: Path) -> None:
    set_language("de")
    own = _own_deck(tmp_path)
    dlg = LanDialog(Settings(animations=False), host=True, browse=False)
    qtbot.addWidget(dlg)
    dlg.show()
    assert any(p == str(sample_decks()[0]) for _t, p in _items(dlg.deck))  # a free-for-all: sample decks
    for fmt in ("commander", "archenemy_commander", "supervillain_rumble"):
        _choose(dlg.format, fmt)
        _check_commander_list(_items(dlg.deck), own)
    assert dlg.deck_path() == str(printed_commander_decks()[0])
    # rules mode: the printed deck's cards without rules are named, in German
    _choose(dlg.mode, "rules")
    with_missing = next((str(p) for p in printed_commander_decks() if not_implemented(str(p))), None)
    if with_missing is not None:
        _choose(dlg.deck, with_missing)
        assert dlg.missing.isVisible() and "dieses Decks" in dlg.missing.text()
        assert all(card_name(n) in dlg.missing.text() for n in not_implemented(with_missing))
        tip = dlg.deck.itemData(dlg.deck.currentIndex(), Qt.ItemDataRole.ToolTipRole)
        assert all(card_name(n) in tip for n in not_implemented(with_missing))
        _choose(dlg.mode, "hybrid")  # (played by hand there: nothing refused)
        assert not dlg.missing.isVisible()
        _choose(dlg.mode, "rules")
    _choose(dlg.deck, str(commander_decks()[1]))  # built from implemented cards: nothing to say
    assert not dlg.missing.isVisible()
    # the chosen deck stays chosen across the Commander formats; a free-for-all lists sample decks
    _choose(dlg.format, "commander")
    assert dlg.deck_path() == str(commander_decks()[1])
    _choose(dlg.format, "free_for_all")
    assert dlg.deck_path() == str(commander_decks()[1])


def test_the_computer_seat_dialog_offers_the_commander_decks(qtbot: Any, tmp_path: Path) -> None:
    set_language("de")
    own = _own_deck(tmp_path)
    dlg = ComputerSeatDialog(None, commander=True, mode="rules")
    qtbot.addWidget(dlg)
    dlg.show()
    _check_commander_list(_items(dlg.deck), own)
    for path in printed_commander_decks():
        _choose(dlg.deck, str(path))
        cards, lead = dlg.deck_and_commanders()
        assert lead and len(cards) == 100 and dlg.deck_path() == str(path)
        assert dlg.missing.isVisible() == bool(not_implemented(str(path)))
    hybrid = ComputerSeatDialog(None, commander=True, mode="hybrid")
    qtbot.addWidget(hybrid)
    hybrid.show()
    assert not hybrid.missing.isVisible()
    plain = ComputerSeatDialog(None, commander=False)  # a free-for-all table: the sample decks
    qtbot.addWidget(plain)
    assert [p for _t, p in _items(plain.deck)] == [str(p) for p in sample_decks()]
