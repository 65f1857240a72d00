"""The card database window: importing through the worker, errors, the browser's search."""
from __future__ import annotations

import gzip
import sqlite3
from pathlib import Path

import pytest

from app.decks.browser import CardBrowser
from app.decks import library as library_module
from app.decks.database_window import CardDatabaseWindow
from app.decks.editor import DeckEditor
from app.decks.search_model import CardSearchModel
from app.i18n import set_language

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"


@pytest.fixture
def window(qtbot, library, english):
    win = CardDatabaseWindow(None, library)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.close()


def test_import_a_card_file_through_the_worker(qtbot, window, library) -> None:
    before = library.db.count()
    assert "imported: 0" in window.stats_label.text()
    progress: list[tuple[int, int]] = []
    dialog = window.import_file(FIXTURES / "AtomicCards.json")
    dialog.worker.progress.connect(lambda done, total: progress.append((done, total)))
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=10000)
    report = dialog.report
    assert report.ok, report.error
    assert report.cards_added > 0
    # the dialog now says what happened and offers Close; the window shows it too
    assert dialog.labelText().startswith("Imported AtomicCards.json in ")
    assert f" s. {report.cards_added} new cards were added. " in dialog.labelText()
    assert window.result_label.text() == dialog.labelText()
    assert dialog.value() == dialog.maximum()
    assert library.db.count() == before + report.cards_added
    assert f"imported: {report.cards_added}" in window.stats_label.text()
    # every open browser sees the new cards at once
    window.browser.search_box.setText("!\"Lightning Bolt\"")
    window.browser.run_search()
    assert window.browser.model.total == 1
    assert not dialog.running


def test_malformed_file_is_a_message_not_a_crash(qtbot, window, library, tmp_path) -> None:
    before = library.db.count()
    bad = tmp_path / "cards.json"
    bad.write_text('{"meta": {}, "data": {"Foo": [{"name": "Foo", ', encoding="utf-8")
    dialog = window.import_file(bad)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=10000)
    assert not dialog.report.ok
    assert dialog.labelText() == ("The file cards.json ends unexpectedly at line 1 (byte 46); "
                                  "it is probably incomplete.")
    assert window.result_label.text() == dialog.labelText()
    assert library.db.count() == before

    garbage = tmp_path / "cards.xml.gz"
    garbage.write_bytes(gzip.compress(b"<cockatrice_carddatabase><cards><card><name>X")[:-8])
    dialog = window.import_file(garbage)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=10000)
    assert not dialog.report.ok and dialog.labelText()
    assert library.db.count() == before


def test_cancel_stops_the_import_and_changes_nothing(qtbot, window, library, tmp_path) -> None:
    before = library.db.count()
    dialog = window.import_file(FIXTURES / "AllPrintings.json")
    dialog.worker.cancel_flag.set()          # what the Cancel button does
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=10000)
    # a tiny file may be read before the flag is seen; either way the database is whole
    if dialog.report.cancelled:
        assert "cancelled" in dialog.labelText()
        assert library.db.count() == before


def test_german_import_report(qtbot, library, german) -> None:
    win = CardDatabaseWindow(None, library)
    qtbot.addWidget(win)
    dialog = win.import_file(FIXTURES / "cards-v4.xml")
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=10000)
    assert dialog.report.ok
    assert dialog.labelText().startswith("cards-v4.xml wurde in ")
    assert " s importiert. 3 neue Karten wurden hinzugefügt. 0 Karten wurden aktualisiert. 4 neue Drucke" in dialog.labelText()
    assert win.windowTitle() == "Kartendatenbank"
    win.close()


def test_bad_search_shows_the_position_and_a_sentence(qtbot, window) -> None:
    browser = window.browser
    browser.search_box.setText("t:elf (c:g")
    browser.run_search()
    assert browser.model.total == 0
    assert not browser.error_label.isHidden()
    text = browser.error_label.text()
    assert "The parenthesis at position 6 is never closed." in text
    assert "t:elf <span" in text and ">(</span>c:g" in text      # the "(" is marked
    browser.search_box.setText("foo:bar")
    browser.run_search()
    assert '"foo" at position 0 is not a search keyword.' in browser.error_label.text() \
        or "&quot;foo&quot; at position 0" in browser.error_label.text()
    browser.search_box.setText("t:land")
    browser.run_search()
    assert browser.error_label.isHidden() and browser.model.total > 0


def test_bad_search_in_german(qtbot, library, german) -> None:
    browser = CardBrowser(library)
    qtbot.addWidget(browser)
    browser.search_box.setText("mv>x")
    browser.run_search()
    assert "„x“ an Position 3 ist keine Zahl." in browser.error_label.text()


def test_filters_narrow_the_results(qtbot, window) -> None:
    browser = window.browser
    browser.search_box.setText("")
    browser.run_search()
    everything = browser.model.total
    browser.type_combo.setCurrentIndex(browser.type_combo.findData("land"))
    lands = browser.model.total
    assert 0 < lands < everything
    assert browser.model.query == "t:land"
    browser.color_buttons["g"].setChecked(True)
    assert browser.model.query == "c:g t:land"
    assert browser.model.total < lands
    browser.search_box.setText("wald OR forest")
    browser.run_search()
    assert browser.model.query == "(wald OR forest) c:g t:land"
    browser.reset_filters()
    assert browser.model.query == "wald OR forest"


def test_result_model_reads_pages_lazily(library) -> None:
    model = CardSearchModel(library, page_size=10)
    model.set_query("")
    assert model.rowCount() == library.db.count() == model.total
    assert model.fetches == 1
    names = [model.name_at(row) for row in range(0, 30)]
    assert model.fetches == 3 and len(set(names)) == 30
    last = model.name_at(model.total - 1)
    assert last == library.db.search("", 1, model.total - 1).cards[0].name
    assert model.record_at(model.total) is None


def test_the_editor_says_that_a_damaged_database_was_rebuilt(qtbot, home: Path) -> None:
    """A damaged card database is moved aside and rebuilt from the bundled cards, losing the
    imports for now: that was said only in the card database window, so a user of the deck
    editor alone never learnt it. The editor's status bar says it, once."""
    target = home / "data" / "cards.sqlite"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"this is not a database" * 500)
    lib = library_module.CardLibrary(image_dirs=[])
    library_module.set_shared_library(lib)
    try:
        editor = DeckEditor(library=lib, on_goldfish=lambda *a: None)
        qtbot.addWidget(editor)
        said = editor.statusBar().currentMessage()
        kept = [p for p in target.parent.iterdir() if ".corrupt-" in p.name]
        assert len(kept) == 1 and str(kept[0]) in said and "Import your card files again" in said, said
        again = DeckEditor(library=lib, on_goldfish=lambda *a: None)   # said once, not per window
        qtbot.addWidget(again)
        assert again.statusBar().currentMessage() == ""
        editor.close()
        again.close()
    finally:
        library_module.set_shared_library(None)


def _damage_rows(library, *names: str) -> None:
    """Rows whose stored JSON is not JSON, written by another program while the app runs."""
    conn = sqlite3.connect(library.db.path)
    conn.executemany("UPDATE cards SET faces = '{not json' WHERE name = ?", [(n,) for n in names])
    conn.commit()
    conn.close()


def test_a_damaged_row_is_left_out_and_said_in_the_status_line(qtbot, library, english) -> None:
    """One damaged row made the whole search an error ("No cards: ..."): every other card was
    lost. Now the other cards are listed and the status line says how many were left out."""
    browser = CardBrowser(library)
    qtbot.addWidget(browser)
    browser.search_box.setText("t:instant")
    browser.run_search()
    instants = browser.model.total
    _damage_rows(library, "Murder")
    browser.run_search()
    assert browser.model.error is None and browser.error_label.isHidden()
    assert browser.model.total == instants - 1
    assert browser.count_label.text() == (
        f"{instants - 1} cards — 1 damaged card in the card database cannot be read and is left out.")


def test_a_damaged_row_met_on_a_later_page_updates_the_count(qtbot, library, german) -> None:
    """The first page read well; scrolling to a page holding damaged rows leaves them out and
    searches again, so the count and the rows stay exact (no row shows twice or goes missing)."""
    model = CardSearchModel(library, page_size=10)
    model.set_query("t:creature")
    whole = [c.name for c in library.db.search("t:creature", 10000, 0, lang="de").cards]
    _damage_rows(library, whole[25], whole[26])
    assert model.total == len(whole) and model.skipped == 0
    model.name_at(25)                           # the view paints the third page
    qtbot.waitUntil(lambda: model.skipped == 2, timeout=5000)
    assert model.total == len(whole) - 2
    assert [model.name_at(r) for r in range(model.total)] == [n for n in whole if n not in whole[25:27]]
    browser = CardBrowser(library)
    qtbot.addWidget(browser)
    browser.search_box.setText("t:creature")
    browser.run_search()
    assert browser.count_label.text() == (
        f"{len(whole) - 2} Karten — 2 beschädigte Karten in der Kartendatenbank können nicht "
        "gelesen werden und werden ausgelassen.")


def test_the_search_help_names_the_keywords_of_the_ui_language(qtbot, library) -> None:
    """The search box's help lists each keyword's English short name and the UI language's own,
    from the table the search reads (so it never names one the search does not take)."""
    try:
        for language, expected in (("en", "keywords such as t: (type), o: (rules text), c: (colour)"),
                                   ("de", "Schlüsselwörter wie t: / typ: (Typ), o: / regeltext: (Regeltext), "
                                          "c: / farbe: (Farbe), mv: / manabetrag: (Manabetrag)"),
                                   ("it", "parole chiave come t: / tipo: (tipo), o: / testo: (testo), "
                                          "c: / colore: (colore), mv: / valoredimana: (valore di mana), "
                                          "r: / rarità: (rarità)")):
            set_language(language)
            browser = CardBrowser(library)
            qtbot.addWidget(browser)
            assert expected in browser.search_box.toolTip()
            browser.search_box.setText("farbe:grün tipo:creatura")
            browser.run_search()
            assert browser.model.error is None and browser.model.total > 0
    finally:
        set_language("en")
