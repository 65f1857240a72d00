"""The deck editor's catalogs: complete in every language, official German terms."""
from __future__ import annotations

from typing import Any

import pytest

from app.decks.editor import DeckEditor
from app.decks.library import GROUPS
from app.decks.search_model import COLOR_MODES, RARITIES, TYPES
from app.decks.text import message_text
from app.i18n import has_message, message, set_language
from engine.cards.importers.common import fold
from engine.cards.search import QueryError, compile_query
from engine.decks import sample_decks
from engine.messages import DECK_MESSAGES


def used_keys() -> set[str]:
    keys = {f"decks.group.{g}" for g in GROUPS} | {f"decks.type.{k}" for k in TYPES}
    keys |= {f"decks.rarity.{r}" for r in RARITIES}
    keys |= {f"decks.filter.color_mode.{m}" for m in COLOR_MODES}
    keys |= {f"decks.color.{c}" for c in "wubrgc"}
    keys |= {f"decks.zone.{z}" for z in ("main", "side", "commander", "companion")}
    keys |= {f"decks.format.{f}" for f in ("constructed", "limited", "casual")}
    return keys


def shown(lang: str, key: str, **params: Any) -> str:
    set_language(lang)
    try:
        return message(key, **params)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_every_family_key_has_a_message(lang: str) -> None:
    assert sorted(k for k in used_keys() if not has_message(k)) == []
    if lang != "en":  # and a translation
        same = sorted(k for k in used_keys() if shown(lang, k) == shown("en", k) and k not in (
            "decks.format.constructed", "decks.color.c") and not k.startswith("decks.format."))
        assert len(same) <= 3, same


def test_engine_messages_keep_their_placeholders() -> None:
    # search errors come from the engine with a position
    for lang in ("de", "it"):
        keys = [k for k in DECK_MESSAGES if k.startswith("search.") and k != "search.failed"]
        assert len(keys) == 17   # (search.accented_keyword: session 18)
        assert all("{position}" not in shown(lang, k, position=7) and "7" in shown(lang, k, position=7)
                   for k in keys), lang


def test_german_uses_the_official_terms() -> None:
    assert shown("de", "decks.group.creature") == "Kreaturen"
    assert shown("de", "decks.group.instant") == "Spontanzauber"
    assert shown("de", "decks.group.sorcery") == "Hexereien"
    assert "Standardland" in shown("de", "deck.too_many_copies")
    assert shown("it", "decks.group.instant") == "Istantanei"


def test_german_editor_speaks_german(qtbot, library, german, unimplemented_card) -> None:
    editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
    qtbot.addWidget(editor)
    editor.ask_save_changes = lambda: "discard"
    editor.open_path(next(p for p in sample_decks() if p.name == "rakdos_rampage.cod"))
    assert editor.tabs.tabText(1) == "Statistik"
    rows = editor.deck_view.card_rows()
    assert ("main", "Mountain", 12, "Länder") in rows
    assert editor.deck_view.topLevelItem(0).text(1) == "Hauptdeck"
    assert editor.verdict.text() == "Legal im Format Constructed."
    editor.format_combo.setCurrentIndex(editor.format_combo.findData("limited"))
    editor.doc.add("Murder", 1, "side")
    editor.doc.add(unimplemented_card, 1, "side")  # not implemented: played by hand (tests/conftest.py)
    editor.format_combo.setCurrentIndex(editor.format_combo.findData("constructed"))
    texts = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    manual = [x for x in texts if x.startswith("Werden von Hand gespielt")]  # the deck check's list
    assert len(manual) == 1 and "Murder" not in manual[0]  # Murder is implemented
    texts = [x for x in texts if x not in manual]
    assert texts == ["Deck und Sideboard enthalten 5 Exemplare von Mord; Constructed erlaubt "
                     "höchstens 4 Exemplare einer Karte, die kein Standardland ist."]
    stats = editor.stats_view
    stats.select_card("Murder")
    assert "48,8" in stats.odds_label.text() and "als Startspieler" in stats.odds_label.text()
    editor.close()


@pytest.mark.parametrize("query", ["t:elf (c:g", "t:elf)", 'o:"draw a', "t:elf OR", "foo:bar",
                                   "t>elf", "mv>x", "c:xyz", "r:shiny", "is:fancy", "lang:fr",
                                   "()", "t:elf -", "t:", "AND t:elf"])
def test_every_search_error_reads_whole_in_german_and_italian(query: str, german) -> None:
    error = compile_query(query)
    assert isinstance(error, QueryError)
    for lang in ("de", "it"):
        set_language(lang)
        text = message_text(error.key, error.params, error.message)
        assert text != error.message and "{" not in text, (lang, text)


def test_the_card_list_is_sorted_by_the_names_the_user_reads(qtbot, library) -> None:
    """Found in the Italian deck editor: the results were sorted by their English names, so
    the Italian list read "Campeggio Abbandonato, Oculo Ripugnante, Cheerleader Acrobata …".
    Now in the UI language's names (English where a card has none), across pages, and again
    when the language changes."""
    set_language("it")
    try:
        editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
        qtbot.addWidget(editor)
        browser = editor.browser
        browser.model.page_size = 50  # (several pages: the order holds across them)
        browser.search_box.setText("s:dsk")
        browser.run_search()
        model = browser.model
        shown = [str(model.index(r, 0).data()) for r in range(model.rowCount())]
        assert len(shown) > 100 and shown == sorted(shown, key=fold)
        assert not shown[0].startswith("Campeggio Abbandonato")  # (Abandoned Campground: first in English)
        set_language("en")
        editor.retranslate()
        english = [str(model.index(r, 0).data()) for r in range(model.rowCount())]
        assert english == sorted(english, key=fold) and english[0].startswith("Abandoned ")
        editor.close()
    finally:
        set_language("en")


def test_the_typed_name_comes_first_however_many_pages_and_filters(qtbot, library) -> None:
    """"palude" typed in the Italian editor, over results of several
    pages: Swamp (Palude) first. It came first only when the whole result fitted one page."""
    set_language("it")
    try:
        editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
        qtbot.addWidget(editor)
        browser = editor.browser
        browser.model.page_size = 2
        browser.search_box.setText("palude")
        browser.run_search()
        model = browser.model
        assert model.rowCount() > 2                      # more than one page
        assert model.index(0, 0).data() == "Palude" and browser.model.name_at(0) == "Swamp"
        browser.search_box.setText("c:rosso t:creatura")   # the user's words for a colour, too
        browser.run_search()
        assert browser.model.error is None and model.rowCount() > 0
        browser.search_box.setText("f:r")
        browser.run_search()
        assert browser.model.error is not None and "f:" in message_text(
            browser.model.error.key, browser.model.error.params, browser.model.error.message)
        editor.close()
    finally:
        set_language("en")
