"""The values of `is:` and `lang:` in German and Italian, typed in the deck editor's search
box as a user would: the same cards as the English values, and a wrong value refused with a
sentence that names the UI language's values (docs/search.md)."""
from __future__ import annotations

import pytest

from app.decks.browser import search_help
from app.decks.editor import DeckEditor
from app.decks.text import message_text
from app.i18n import set_language
from engine.cards.search_keywords import build, value_of


def _found(browser, query: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    browser.search_box.setText(query)
    browser.run_search()
    error = browser.model.error
    said = "" if error is None else message_text(error.key, error.params, error.message)
    return (browser.model.total if error is None else -1), said


@pytest.mark.parametrize("lang, typed, english", [
    ("de", "ist:mitgeliefert", "is:bundled"), ("de", "ist:umgesetzt", "is:implemented"),
    ("de", "sprache:italienisch", "lang:it"), ("de", "SPRACHE:Deutsch", "lang:de"),
    ("it", "non:importata", "not:imported"), ("it", "lingua:tedesco", "lang:de"),
    ("it", "lingua:inglese", "lang:en"), ("it", "is:implementata", "is:implemented"),
])
def test_german_and_italian_values_find_what_the_english_ones_find(qtbot, library, lang, typed, english) -> None:  # type: ignore[no-untyped-def]
    set_language(lang)
    try:
        editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
        qtbot.addWidget(editor)
        found, said = _found(editor.browser, typed)
        assert said == "" and found == _found(editor.browser, english)[0]
        assert found > 0
        editor.close()
    finally:
        set_language("en")


def test_a_wrong_value_is_refused_in_the_users_words(qtbot, library) -> None:  # type: ignore[no-untyped-def]
    set_language("de")
    try:
        editor = DeckEditor(library=library, on_goldfish=lambda *a: None)
        qtbot.addWidget(editor)
        found, said = _found(editor.browser, "ist:legendär")
        assert found == -1 and "verwende umgesetzt, mitgeliefert oder importiert" in said
        found, said = _found(editor.browser, "sprache:fr")
        assert found == -1 and "verwende englisch, deutsch oder italienisch" in said
        set_language("it")
        editor.retranslate()
        found, said = _found(editor.browser, "lingua:francese")
        assert found == -1 and "usa inglese, tedesco o italiano" in said
        editor.close()
    finally:
        set_language("en")


def test_value_names_are_exact_and_unambiguous() -> None:
    assert value_of("is", "Mitgeliefert") == "bundled" and value_of("lang", "italienisch") == "it"
    assert value_of("is", "legendary") is None and value_of("lang", "fr") is None
    with pytest.raises(ValueError):        # one name, two values: refused when the table is built
        build([{"de": ("tedesco",)}, {"it": ("tedesco",)}])


def test_the_search_boxs_help_shows_the_values_in_the_ui_language() -> None:
    set_language("de")
    try:
        help_text = search_help()
        assert "is:bundled / ist:mitgeliefert" in help_text and "lang:it / sprache:italienisch" in help_text
        set_language("it")
        help_text = search_help()
        assert "is:implemented / is:implementata" in help_text and "lang:it / lingua:italiano" in help_text
    finally:
        set_language("en")
    assert "is:bundled," in search_help() and "/" not in search_help().splitlines()[1]
