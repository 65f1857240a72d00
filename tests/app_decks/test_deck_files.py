"""Opening, saving, pasting and recovering decks in the editor; nothing is ever dropped."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QTabWidget

from app.decks import document, open_card_browser, open_deck_editor
from app.decks.dialogs import UnknownCardsDialog
from app.decks.editor import DeckEditor
from engine.decks import Deck, UnknownCard, autosave, load_autosave, read_deck, recent_decks, sample_decks, write_deck
from engine.decks.formats.base import MAX_SUGGESTED
from engine.decks.samples import COMMANDER_DIR
from engine.decks.scheme_decks import built_in, read_scheme_deck
from engine.decks import deck_from_text


def answer_unknown_dialog(choose: dict[str, str | None]) -> list[UnknownCardsDialog]:
    """Answer the modal dialog the editor is about to show, as a user would."""
    seen: list[UnknownCardsDialog] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, UnknownCardsDialog):
            QTimer.singleShot(20, answer)
            return
        seen.append(dialog)
        for row, card in enumerate(dialog.unknown):
            if card.name in choose:
                dialog.choose(row, choose[card.name])
        dialog.accept()

    QTimer.singleShot(0, answer)
    return seen


def test_open_a_deck_with_unknown_cards_lists_suggestions(qtbot, editor, tmp_path: Path) -> None:
    path = tmp_path / "typos.txt"
    path.write_text("// NAME: Typos\n4 Murdr\n2 Cult Healr\n1 Zzyzx Qwerty\n20 Swamp\n",
                    encoding="utf-8")
    seen = answer_unknown_dialog({"Murdr": "Murder"})
    assert editor.open_path(path)
    assert len(seen) == 1
    dialog = seen[0]
    assert [c.name for c in dialog.unknown] == ["Murdr", "Cult Healr", "Zzyzx Qwerty"]
    assert "Murder" in dialog.suggestions(0)
    assert "Cult Healer" in dialog.suggestions(1)
    assert dialog.suggestions(2) == []
    deck = editor.doc.deck
    # the chosen suggestion replaced the typo; the others stay as written
    assert deck.count("Murder", "main") == 4
    assert deck.count("Cult Healr", "main") == 2 and deck.count("Zzyzx Qwerty", "main") == 1
    assert deck.total("main") == 27
    assert editor.doc.modified                    # the fix is an unsaved, undoable edit
    rows = editor.deck_view.card_rows()
    assert ("main", "Zzyzx Qwerty", 1, "Unknown cards") in rows
    assert any("Zzyzx Qwerty is not a known card name" in editor.problem_list.item(i).text()
               for i in range(editor.problem_list.count()))
    editor.doc.undo_stack.undo()
    assert editor.doc.deck.count("Murdr", "main") == 4 and not editor.doc.modified
    assert recent_decks() == [path.resolve()]


def test_unknown_dialog_choices_programmatically(library, qtbot) -> None:
    unknown = [UnknownCard(3, "Murdr", 4, "main", ["Murder", "Mind Drill Assailant"]),
               UnknownCard(5, "Foo", 1, "side", [])]
    dialog = UnknownCardsDialog(unknown, library)
    qtbot.addWidget(dialog)
    assert dialog.choices() == [None, None]           # default: keep as written
    dialog.choose(0, "Murder")
    assert dialog.choices() == ["Murder", None]
    deck = Deck(main=[], side=[])
    deck.add("Murdr", 4, recognized=False)
    deck.add("Foo", 1, "side", recognized=False)
    assert dialog.apply(deck) == 1
    assert deck.counts("main") == {"Murder": 4} and deck.counts("side") == {"Foo": 1}


def test_unknown_dialog_searches_any_card_by_typing(library, qtbot) -> None:
    """A name with no close match: the user types part of the card's German name in the row,
    picks it from the list and the deck gets the English card (issue #25, item 14)."""
    dialog = UnknownCardsDialog([UnknownCard(1, "Zzyzx Qwerty", 2, "main", [])], library)
    qtbot.addWidget(dialog)
    dialog.show()
    combo = dialog.combos[0]
    combo.lineEdit().clear()
    qtbot.keyClicks(combo.lineEdit(), "Heiler des")
    model = combo.completer().model()
    listed = [model.index(i, 0).data() for i in range(model.rowCount())]
    assert "Heiler des Kultes" in listed or "Cult Healer" in listed
    combo.lineEdit().setText("Heiler des Kultes")
    qtbot.keyClick(combo.lineEdit(), Qt.Key.Key_Return)
    assert dialog.choices() == ["Cult Healer"]
    combo.lineEdit().setText("Kein solcher Kartenname")
    qtbot.keyClick(combo.lineEdit(), Qt.Key.Key_Return)
    assert dialog.choices() == ["Cult Healer"]        # nothing found: the choice stays
    assert "Kein solcher Kartenname" in combo.lineEdit().toolTip()
    deck = Deck(main=[], side=[])
    deck.add("Zzyzx Qwerty", 2, recognized=False)
    assert dialog.apply(deck) == 1 and deck.counts("main") == {"Cult Healer": 2}


def test_bad_deck_file_shows_a_message_and_keeps_the_deck(qtbot, editor, tmp_path) -> None:
    editor.doc.add("Murder", 2)
    bad = tmp_path / "broken.cod"
    bad.write_text("<cockatrice_deck><zone name='main'><card number='x'", encoding="utf-8")
    assert not editor.open_path(bad, confirmed=True)
    assert editor.errors and "not well-formed XML" in editor.errors[-1]
    assert editor.doc.deck.count("Murder") == 2
    assert not editor.open_path(tmp_path / "missing.cod", confirmed=True)
    assert "could not be read" in editor.errors[-1]


def test_save_as_arena_text_and_failed_save(qtbot, editor, tmp_path) -> None:
    editor.doc.add("Murder", 4)
    editor.doc.set_name("Arena Test")
    target = tmp_path / "deck.arena.txt"
    assert editor.save_to(target)
    assert "4 Murder" in target.read_text(encoding="utf-8")
    assert read_deck(target).deck.counts("main") == {"Murder": 4}
    editor.doc.add("Murder", 1)
    blocked = tmp_path / "dir-not-file"
    blocked.mkdir()
    assert not editor.save_to(blocked)                   # a directory: the save fails
    assert "could not be saved" in editor.errors[-1]
    assert editor.doc.modified and editor.doc.deck.count("Murder") == 5


def test_clipboard_round_trip(qtbot, editor) -> None:
    clipboard = QApplication.clipboard()
    clipboard.setText("Deck\n4 Murder (DSK) 110\n20 Swamp\n\nSideboard\n2 Pyroclasm\n")
    assert editor.import_clipboard()
    deck = editor.doc.deck
    assert deck.counts("main") == {"Murder": 4, "Swamp": 20}
    assert deck.counts("side") == {"Pyroclasm": 2}
    assert editor.doc.modified and editor.doc.path is None
    text = editor.export_clipboard("arena")
    assert clipboard.text() == text and "4 Murder" in text and "Sideboard" in text
    clipboard.setText("")
    assert not editor.import_clipboard()
    assert "clipboard holds no text" in editor.errors[-1]
    assert editor.doc.deck.counts("main") == {"Murder": 4, "Swamp": 20}


def test_autosave_while_editing_and_recovery_on_open(qtbot, editor, tmp_path) -> None:
    path = tmp_path / "mine.cod"
    original = Deck(name="Mine")
    original.add("Swamp", 10)
    write_deck(original, path)
    assert editor.open_path(path)
    editor.doc.add("Murder", 3)
    key = str(path.resolve())
    qtbot.waitUntil(lambda: load_autosave(key) is not None, timeout=20000)
    assert load_autosave(key).count("Murder") == 3

    # a crash: the autosave outlives the window; opening the file again offers it
    other = DeckEditor(library=editor.library, on_goldfish=lambda *a: None)
    qtbot.addWidget(other)
    asked: list[str] = []
    other.ask_recover = lambda deck: asked.append(deck.name) or True
    other.ask_save_changes = lambda: "discard"
    assert other.open_path(path)
    assert asked == ["Mine"]
    assert other.doc.deck.count("Murder") == 3 and other.doc.modified
    other.doc.undo_stack.undo()                 # undo the recovery: the file's version
    assert other.doc.deck.count("Murder") == 0
    other.doc.undo_stack.redo()
    assert other.save()
    assert load_autosave(key) is None           # saved: the autosave is gone
    assert read_deck(path).deck.count("Murder") == 3


def test_recover_an_unsaved_untitled_deck(qtbot, library, english) -> None:
    lost = Deck(name="Lost Work")
    lost.add("Murder", 2)
    autosave(lost, "untitled-99")
    editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
    qtbot.addWidget(editor)
    editor.ask_recover = lambda deck: True
    editor.ask_save_changes = lambda: "discard"
    assert editor.load(None)
    assert editor.doc.deck.name == "Lost Work" and editor.doc.deck.count("Murder") == 2
    assert load_autosave("untitled-99") is None
    assert load_autosave(editor.doc.autosave_key) is not None


def test_entry_points_recent_menu_and_delete(qtbot, library, english, tmp_path) -> None:
    path = next(p for p in sample_decks() if p.name == "furnace_red.cod")
    received: list[tuple[list[str], str]] = []
    editor = open_deck_editor(None, path, on_goldfish=lambda n, d, c: received.append((n, d)),
                              show=False)
    qtbot.addWidget(editor)
    editor.show()
    editor.ask_save_changes = lambda: "discard"
    assert editor.doc.path == path and editor.doc.deck.total("main") == 60
    editor.fill_recent_menu()
    assert [a.text() for a in editor.recent_menu.actions()] == ["furnace_red.cod"]
    assert editor.goldfish() and received[0][1] == editor.doc.deck.name

    with qtbot.waitActive(editor):
        editor.activateWindow()
    view = editor.deck_view
    view.setFocus()
    zone, name = view.card_rows()[0][:2]
    view.select_card(zone, name)
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert editor.doc.deck.count(name, zone) == 0
    assert "Rename" not in editor.doc.undo_stack.undoText()

    browser = open_card_browser(None, show=False)
    qtbot.addWidget(browser)
    assert browser.browser.model.total == library.db.count()
    browser.close()
    editor.close()


def test_unknown_dialog_use_closest_matches(library, qtbot) -> None:
    unknown = [UnknownCard(1, "Murdr", 4, "main", ["Murder"]), UnknownCard(2, "Qq", 1, "main")]
    dialog = UnknownCardsDialog(unknown, library)
    qtbot.addWidget(dialog)
    assert dialog.table.item(0, 3).text() == "Murder"
    assert dialog.table.item(1, 3).text() == "No card has a similar name."
    dialog.closest_button.click()
    assert dialog.choices() == ["Murder", None]


def test_embedded_editor_in_a_tab(qtbot, library, english) -> None:
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    editor = open_deck_editor(tabs, embedded=True)
    tabs.addTab(editor, editor.windowTitle())
    tabs.show()
    assert not editor.isWindow() and editor.isVisible()
    editor.ask_save_changes = lambda: "cancel"
    editor.doc.add("Murder", 1)
    assert editor.close() is False          # "save changes?" -> Cancel keeps the tab
    editor.ask_save_changes = lambda: "discard"
    assert editor.close() is True


def test_unknown_names_past_the_suggestion_limit_are_not_called_dissimilar(library, qtbot) -> None:
    """Only the first MAX_SUGGESTED unknown names are looked up: a later one whose misspelling is
    close to a card is not told "No card has a similar name" (that would be a guess), but that it
    was not looked for, and why."""
    lines = [f"1 Qzxv Unknown {i}" for i in range(MAX_SUGGESTED)] + ["1 Murdr"]
    deck, unknown = deck_from_text("\n".join(lines))
    last = unknown[-1]
    assert last.name == "Murdr" and last.suggestions == [] and not last.looked_up
    assert unknown[0].looked_up
    dialog = UnknownCardsDialog(unknown, library)
    qtbot.addWidget(dialog)
    row = len(unknown) - 1
    said = dialog.table.item(row, 3).text()
    assert "similar" in said and str(MAX_SUGGESTED) in said and not said.startswith("No card")


def test_an_autosave_that_cannot_be_written_is_said_at_once(qtbot, editor, monkeypatch) -> None:
    """A full disk (or a read-only data folder) under the autosave: the user is told at the
    first failure, once while it keeps failing, again after it worked; the deck stays open."""
    failing = [True]

    def full_disk(deck: Deck, key: str) -> Path:
        if failing[0]:
            raise OSError(28, "No space left on device")
        return autosave(deck, key)

    monkeypatch.setattr(document, "autosave", full_disk)
    told: list[str] = []
    editor.show_error = told.append
    editor.doc.add("Murder", 1)
    assert editor.doc.autosave_now() is None
    assert len(told) == 1 and "the disk is full" in told[0]
    editor.doc.add("Murder", 1)
    editor.doc.autosave_now()
    assert len(told) == 1                      # not again every second while it keeps failing
    assert editor.doc.deck.count("Murder") == 2 and editor.doc.modified
    failing[0] = False
    assert editor.doc.autosave_now() is not None
    failing[0] = True
    editor.doc.add("Murder", 1)
    editor.doc.autosave_now()
    assert len(told) == 2


def test_an_unknown_format_in_a_cod_file_is_said_kept_and_replaced_by_a_choice(qtbot, editor,
                                                                              tmp_path: Path) -> None:
    path = tmp_path / "brawl.cod"
    path.write_text('<cockatrice_deck version="1"><deckname>B</deckname><format>brawl</format>'
                    '<zone name="main"><card number="60" name="Swamp"/></zone></cockatrice_deck>',
                    encoding="utf-8")
    assert editor.open_path(path)
    texts = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    assert any("“brawl”" in t and "does not know" in t for t in texts), texts
    assert editor.save()
    assert "<format>brawl</format>" in path.read_text(encoding="utf-8")
    editor.format_combo.setCurrentIndex(editor.format_combo.findData("casual"))
    assert editor.save()
    assert "<format>casual</format>" in path.read_text(encoding="utf-8")
    editor.doc.undo_stack.undo()                    # undo brings the file's value back
    assert editor.doc.deck.unknown_format == "brawl" and editor.doc.deck.format is None


def test_a_scheme_deck_file_is_said_to_be_one_not_opened_as_unknown_cards(qtbot, editor, tmp_path: Path) -> None:
    """A scheme deck file opened in the deck editor listed every scheme as an unknown card (the
    unknown-cards dialog, ten rows) and checked it as a 10-card Limited deck. Now the editor says
    what the file is, with its scheme deck check, and leaves the deck open as it was."""
    schemes = built_in(COMMANDER_DIR / "death_toll.txt")
    good = tmp_path / "meine_komplotte.txt"
    good.write_text("\n".join(f"1 {s}" for s in schemes), encoding="utf-8")
    short = tmp_path / "short.txt"
    short.write_text("\n".join(schemes[:4]), encoding="utf-8")
    told: list[str] = []
    editor.show_error = told.append
    before = editor.doc.deck.copy()
    shown = answer_unknown_dialog({})
    assert not editor.open_path(good) and not editor.open_path(short)
    QApplication.processEvents()
    assert shown == [] and editor.doc.deck == before             # no dialog, nothing replaced
    assert told[0].startswith(f"meine_komplotte.txt is a scheme deck of {len(schemes)} schemes, and it passes")
    assert "short.txt is a scheme deck of 4 schemes, but it does not pass" in told[1] and "at least 10" in told[1]


def test_a_deck_naming_its_commander_is_said_to_be_checked_as_one(qtbot, editor, tmp_path: Path) -> None:
    path = tmp_path / "cmd.txt"
    path.write_text("Commander\n1 Aminatou, Veil Piercer\n\nDeck\n30 Island\n30 Swamp\n30 Plains\n9 Murder\n",
                    encoding="utf-8")
    assert editor.open_path(path)
    assert "it names a commander, so it is checked as a Commander deck" in editor.verdict.text()
    assert "by its size" not in editor.verdict.text()


def test_a_pasted_scheme_list_is_said_to_be_one_with_the_lines_it_did_not_read(qtbot, editor, tmp_path: Path) -> None:
    """A scheme list pasted into the deck editor became a deck of ten "unknown cards" (a
    misspelt scheme among them, unnoticed); a scheme deck file with one misspelt line was opened
    the same way. Now both say what the text is, with its check, and name every line that
    names no scheme, by number; the deck open before stays as it was."""
    schemes = built_in(COMMANDER_DIR / "death_toll.txt")
    text = "// my schemes\n" + "\n".join(f"1 {s}" for s in schemes[:9]) + "\n1 Gloom of Nite\n"
    told: list[str] = []
    editor.show_error = told.append
    editor.ask_save_schemes = lambda said: (told.append(said), False)[1]      # (Close: nothing saved)
    before = editor.doc.deck.copy()
    shown = answer_unknown_dialog({})
    QApplication.clipboard().setText(text)
    assert not editor.import_clipboard()
    path = tmp_path / "komplotte.txt"
    path.write_text("\n".join(schemes) + "\nZzyzx Qwerty\n", encoding="utf-8")
    assert not editor.open_path(path)
    QApplication.processEvents()
    assert shown == [] and editor.doc.deck == before
    assert told[0] == ("The clipboard holds a scheme deck of 9 schemes, but it does not pass the scheme deck check: "
                       "The scheme deck has 9 schemes; it needs at least 10. An Archenemy game takes it once it does; "
                       "the deck editor takes decks of cards. 1 line names no scheme and was not read: "
                       "line 11: “1 Gloom of Nite”.")
    assert told[1].startswith(f"komplotte.txt is a scheme deck of {len(schemes)} schemes, and it passes")
    assert told[1].endswith(f"1 line names no scheme and was not read: line {len(schemes) + 1}: “Zzyzx Qwerty”.")


def test_a_pasted_deck_with_a_scheme_among_its_cards_is_still_a_deck(qtbot, editor) -> None:
    """A line naming a card makes the text a deck (the scheme is then an unknown card, asked)."""
    QApplication.clipboard().setText("4 Murder\n1 Choose Your Champion\n")
    shown = answer_unknown_dialog({})
    assert editor.import_clipboard()
    assert [c.name for c in shown[0].unknown] == ["Choose Your Champion"]
    assert editor.doc.deck.count("Murder", "main") == 4


def test_a_list_of_unknown_cards_with_a_scheme_among_them_is_still_a_deck(qtbot, editor) -> None:
    """More lines naming nothing known than naming a scheme: a product list of cards the database
    does not have yet stays a deck (its names asked as unknown cards), not a scheme list."""
    QApplication.clipboard().setText("1 Choose Your Champion\n1 Zzyzx Qwerty\n1 Qwerty Zzyzx\n")
    shown = answer_unknown_dialog({})
    assert editor.import_clipboard()
    assert [c.name for c in shown[0].unknown] == ["Choose Your Champion", "Zzyzx Qwerty", "Qwerty Zzyzx"]


def test_a_pasted_scheme_list_can_be_saved_as_a_scheme_deck_file(qtbot, editor, tmp_path: Path) -> None:
    """The message said "save it as a text file" and offered no way to: its button saves the
    schemes (English names, one a line) as a scheme deck file the Archenemy games read."""
    schemes = built_in(COMMANDER_DIR / "death_toll.txt")
    said: list[str] = []
    editor.ask_save_schemes = lambda text: (said.append(text), True)[1]
    editor.ask_scheme_path = lambda: str(tmp_path / "meine.txt")
    QApplication.clipboard().setText("\n".join(schemes) + "\nGloom of Nite\n")
    assert not editor.import_clipboard()
    assert said[0].startswith(f"The clipboard holds a scheme deck of {len(schemes)} schemes, and it passes")
    assert read_scheme_deck(tmp_path / "meine.txt") == schemes
    assert (tmp_path / "meine.txt").read_text(encoding="utf-8").splitlines()[0] == f"1 {schemes[0]}"
