"""The deck editor's catalogs: complete in every language, official German terms."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.decks.library import GROUPS
from app.decks.search_model import COLOR_MODES, RARITIES, TYPES

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = {lang: json.loads((ROOT / "i18n" / f"decks_{lang}.json").read_text(encoding="utf-8"))
            for lang in ("en", "de", "it")}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in (ROOT / "app" / "decks").glob("*.py"):
        keys |= set(re.findall(r"""\btn?\(\s*["'](decks\.[\w.]+)["']""", path.read_text()))
    keys |= {f"decks.group.{g}" for g in GROUPS} | {f"decks.type.{k}" for k in TYPES}
    keys |= {f"decks.rarity.{r}" for r in RARITIES}
    keys |= {f"decks.filter.color_mode.{m}" for m in COLOR_MODES}
    keys |= {f"decks.color.{c}" for c in "wubrgc"}
    keys |= {f"decks.zone.{z}" for z in ("main", "side", "commander", "companion")}
    keys |= {f"decks.format.{f}" for f in ("constructed", "limited", "casual")}
    return keys


@pytest.mark.parametrize("lang", ["en", "de", "it"])
def test_every_used_key_is_translated(lang: str) -> None:
    missing = sorted(k for k in used_keys() if k not in CATALOGS[lang])
    assert missing == []


@pytest.mark.parametrize("lang", ["de", "it"])
def test_same_keys_and_placeholders_as_english(lang: str) -> None:
    english, other = CATALOGS["en"], CATALOGS[lang]
    assert set(english) <= set(other)
    for key, text in english.items():
        if key.startswith("_"):
            continue
        assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(text)), key


def test_engine_messages_keep_their_placeholders() -> None:
    # decks.msg.* translate engine messages; their params come from the engine
    for lang in ("de", "it"):
        msgs = {k: v for k, v in CATALOGS[lang].items()
                if k.startswith("decks.msg.search.") and k != "decks.msg.search.failed"}
        assert len(msgs) == 15
        assert all("{position}" in v for v in msgs.values()), lang


def test_german_uses_the_official_terms() -> None:
    de = CATALOGS["de"]
    assert de["decks.group.creature"] == "Kreaturen"
    assert de["decks.group.instant"] == "Spontanzauber"
    assert de["decks.group.sorcery"] == "Hexereien"
    assert "Manabetrag" in de["decks.filter.mv"]
    assert "Bibliothek" in de["decks.hand.status"]
    assert "Standardland" in de["decks.msg.deck.too_many_copies"]
    it = CATALOGS["it"]
    assert it["decks.group.instant"] == "Istantanei" and "grimorio" in it["decks.hand.bottom"]
    assert "valore di mana" in it["decks.stats.curve"]


def test_german_editor_speaks_german(qtbot, library, german) -> None:
    from app.decks.editor import DeckEditor
    from engine.decks import sample_decks
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
    editor.doc.add("Demonic Counsel", 1, "side")  # not implemented: played by hand
    editor.format_combo.setCurrentIndex(editor.format_combo.findData("constructed"))
    texts = [editor.problem_list.item(i).text() for i in range(editor.problem_list.count())]
    manual = [x for x in texts if x.startswith("Werden von Hand gespielt")]  # the deck check's list
    assert len(manual) == 1 and "Murder" not in manual[0]  # Murder is implemented
    texts = [x for x in texts if x not in manual]
    assert texts == ["Deck und Sideboard enthalten 5 Exemplare von Murder; Constructed erlaubt "
                     "höchstens 4 Exemplare einer Karte, die kein Standardland ist."]
    stats = editor.stats_view
    stats.select_card("Murder")
    assert "48,8" in stats.odds_label.text() and "als Startspieler" in stats.odds_label.text()
    editor.close()


@pytest.mark.parametrize("query", ["t:elf (c:g", "t:elf)", 'o:"draw a', "t:elf OR", "foo:bar",
                                   "t>elf", "mv>x", "c:xyz", "r:shiny", "is:fancy", "lang:fr",
                                   "()", "t:elf -", "t:", "AND t:elf"])
def test_every_search_error_reads_whole_in_german_and_italian(query: str, german) -> None:
    from app.decks.text import message_text
    from app.i18n import set_language
    from engine.cards.search import QueryError, compile_query
    error = compile_query(query)
    assert isinstance(error, QueryError)
    for lang in ("de", "it"):
        set_language(lang)
        text = message_text(error.key, error.params, error.message)
        assert text != error.message and "{" not in text, (lang, text)
