"""Building a deck in the editor the way a user does: search, select, keys, undo, save."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from engine.decks import Deck, load_autosave, read_deck, sample_decks, write_deck


def search(qtbot, editor, text: str) -> None:
    box = editor.browser.search_box
    box.clear()
    qtbot.keyClicks(box, text)
    # typing waits a moment before searching (no search per keystroke)
    qtbot.waitUntil(lambda: editor.browser.model.query.startswith(text), timeout=20000)


def select_result(qtbot, editor, name: str) -> None:
    row = editor.browser.model.row_of(name)
    assert row is not None, f"{name} is not among the results"
    editor.browser.table.setFocus()
    editor.browser.table.selectRow(row)
    assert editor.browser.current_name() == name


def test_build_a_deck_with_keys_undo_and_save(qtbot, editor, tmp_path: Path) -> None:
    doc = editor.doc
    search(qtbot, editor, "!murder")
    assert editor.browser.model.total == 1
    select_result(qtbot, editor, "Murder")
    assert editor.preview.name == "Murder"          # the preview follows the selection

    table = editor.browser.table
    for _ in range(4):
        qtbot.keyClick(table, Qt.Key.Key_Plus)
    assert doc.deck.count("Murder", "main") == 4
    qtbot.keyClick(table, Qt.Key.Key_Minus)
    assert doc.deck.count("Murder", "main") == 3
    qtbot.keyClick(table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert doc.deck.count("Murder", "side") == 1

    # German names find cards too (search covers every language)
    search(qtbot, editor, "Heiler des Kultes")
    select_result(qtbot, editor, "Cult Healer")
    qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert doc.deck.count("Cult Healer", "main") == 2

    # the deck list groups by type and counts
    rows = editor.deck_view.card_rows()
    assert ("main", "Murder", 3, "Instants") in rows
    assert ("main", "Cult Healer", 2, "Creatures") in rows
    assert ("side", "Murder", 1, "Instants") in rows

    # move one Cult Healer to the sideboard with Ctrl+Right in the deck list
    view = editor.deck_view
    view.setFocus()
    assert view.select_card("main", "Cult Healer")
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert doc.deck.count("Cult Healer", "main") == 1
    assert doc.deck.count("Cult Healer", "side") == 1
    assert view.current_card() == ("side", "Cult Healer")   # the moved card stays selected
    qtbot.keyClick(view, Qt.Key.Key_Plus)                   # + works on the deck row's zone
    assert doc.deck.count("Cult Healer", "side") == 2

    # undo / redo with the keyboard
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.deck.count("Cult Healer", "side") == 1
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.deck.count("Cult Healer", "side") == 0
    assert doc.deck.count("Cult Healer", "main") == 2
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert doc.deck.count("Cult Healer", "side") == 1

    # name and format
    qtbot.keyClicks(editor.name_edit, "Orzhov Test")
    assert doc.deck.name == "Orzhov Test"
    undo_steps = doc.undo_stack.count()
    qtbot.keyClicks(editor.name_edit, "!")
    assert doc.undo_stack.count() == undo_steps        # typing merges into one undo step
    editor.format_combo.setCurrentIndex(editor.format_combo.findData("limited"))
    assert doc.deck.format == "limited"
    assert editor.windowTitle().startswith("Orzhov Test!")
    assert editor.isWindowModified()

    # validation follows the edits: 3 cards are far from Limited's 40
    assert not editor.light.ok
    assert "1 problem for Limited" in editor.verdict.text()
    assert any("needs at least 40" in editor.problem_list.item(i).text()
               for i in range(editor.problem_list.count()))

    # save to a .cod and read it back
    target = tmp_path / "orzhov.cod"
    editor.ask_save_path = lambda: str(target)
    qtbot.keyClick(view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert target.is_file() and not editor.errors
    assert not doc.modified and not editor.isWindowModified()
    loaded = read_deck(target)
    assert loaded.unknown == []
    deck = loaded.deck
    assert deck.name == "Orzhov Test!" and deck.format == "limited"
    assert deck.counts("main") == {"Murder": 3, "Cult Healer": 1}
    assert deck.counts("side") == {"Murder": 1, "Cult Healer": 1}


def test_validation_changes_as_the_user_edits(qtbot, editor) -> None:
    doc = editor.doc
    editor.format_combo.setCurrentIndex(editor.format_combo.findData("constructed"))
    doc.add("Swamp", 56)
    doc.add("Murder", 4)
    assert editor.light.ok and editor.verdict.text() == "Legal for Constructed."
    search(qtbot, editor, "!murder")
    select_result(qtbot, editor, "Murder")
    qtbot.keyClick(editor.browser.table, Qt.Key.Key_Plus)      # a fifth Murder
    assert not editor.light.ok
    texts = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    assert texts == ["The deck and sideboard have 5 copies of Murder; Constructed allows at "
                     "most 4 of a card other than a basic land."]
    qtbot.keyClick(editor.browser.table, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.light.ok


def test_statistics_tab_shows_hand_checked_odds(qtbot, editor) -> None:
    path = next(p for p in sample_decks() if p.name == "rakdos_rampage.cod")
    assert editor.open_path(path)
    stats = editor.stats_view
    editor.tabs.setCurrentWidget(stats)
    stats.select_card("Murder")
    stats.turn_spin.setValue(1)
    stats.on_play.setChecked(True)
    # 4 Murder in 60 cards, 7 seen: 1 - (53*52*51*50)/(60*59*58*57) = 39.95 %
    assert stats.odds(1, True) == 1 - 7027800 / 11703240
    assert "39.9" in stats.odds_label.text() and "on the play" in stats.odds_label.text()
    assert stats.odds_table.item(0, 1).text().startswith("39.9")
    assert stats.odds_table.item(0, 2).text().startswith("44.5")   # on the draw: 8 seen
    assert stats.stats.lands == 22 and stats.stats.total == 60
    assert sum(stats.stats.curve) == 38


def test_sample_hand_draw_mulligan_and_goldfish(qtbot, editor) -> None:
    path = next(p for p in sample_decks() if p.name == "haunted_skies.cod")
    editor.open_path(path)
    editor.tabs.setCurrentWidget(editor.hand_view)       # a hand is dealt on first view
    hand = editor.hand_view
    assert hand.cards.count() == 7
    hand.mulligan()
    assert hand.cards.count() == 7 and not hand.draw_button.isEnabled()
    qtbot.mouseClick(hand.cards.viewport(), Qt.MouseButton.LeftButton,
                     pos=hand.cards.visualItemRect(hand.cards.item(0)).center())
    assert hand.cards.count() == 6 and hand.draw_button.isEnabled()
    hand.draw()
    assert hand.cards.count() == 7 and len(hand.hand.library) == 33

    assert editor.goldfish()
    names, deck_name = editor.goldfished[-1]
    assert deck_name == "Haunted Skies" and len(names) == 40


def test_saving_a_sample_deck_asks_for_a_file_of_ones_own(qtbot, editor, tmp_path) -> None:
    """Session 18, the deck editor round trip in English: a sample deck opened, a card added,
    Ctrl+S wrote over the program's own sample file (assets/decks; where the program's folder
    is read-only, it failed). Save asks where to save it now, as for a new deck."""
    sample = sample_decks()[2]
    before = sample.read_bytes()
    assert editor.open_path(sample)
    editor.doc.add("Cult Healer", 1, "main")
    target = tmp_path / "my_rampage.cod"
    asked: list[bool] = []
    editor.ask_save_path = lambda: (asked.append(True), str(target))[1]
    qtbot.keyClick(editor.deck_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert asked == [True]
    assert sample.read_bytes() == before
    assert target.is_file() and read_deck(target).deck.counts("main")["Cult Healer"] == 1
    assert not editor.doc.modified and editor.doc.path == target
    qtbot.keyClick(editor.deck_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # now its own file
    assert asked == [True]


def test_plus_then_minus_leaves_the_deck_as_saved(qtbot, editor, tmp_path) -> None:
    """Session 18's playthrough: +1 then -1 brought the deck back to its file, and the editor
    still counted it as modified (a star in the title, a question on closing). What counts is
    the deck against its file, not the undo history."""
    path = tmp_path / "mine.cod"
    deck = Deck(name="Mine")
    deck.add("Murder", 2, "main")
    write_deck(deck, path)
    assert editor.open_path(path)
    assert not editor.doc.modified and not editor.isWindowModified()
    assert editor.doc.add("Murder", 1, "main")  # (what the + key does on the deck's row)
    assert editor.doc.modified and editor.isWindowModified()
    assert editor.doc.autosave_now() is not None  # (the +1 autosaved)
    assert editor.doc.remove("Murder", 1, "main")
    assert editor.doc.deck.count("Murder", "main") == 2
    assert not editor.doc.modified and not editor.isWindowModified()
    editor.doc.autosave_now()
    assert load_autosave(str(path.resolve())) is None  # (nothing to recover on the next open)
    editor.doc.undo_stack.undo()  # undo brings the +1 back: modified again
    assert editor.doc.modified and editor.isWindowModified()
