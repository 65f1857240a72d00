"""Issue #27: the gaps MTGJSON leaves in the printed German/Italian card text are filled from
the second source (Forge's translation files, tools/card_text_forge.py) only with the printed
card's own words, each marked with where it came from; the assets are what the tools build."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from app.i18n import _printed_lines, card_name
from engine.cards.behaviour import card_def, printed
from engine.cards.data import bundled_cards, scheme_cards
from engine.cards.text_coverage import report, text_coverage
from engine.paths import ASSETS
from tests.scenario_log import scenario_log

TOOLS = Path(__file__).resolve().parents[2] / "tools"


@pytest.fixture(scope="module")
def forge():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(TOOLS))
    try:
        # lazy: a tools/ script, on sys.path only for this fixture
        import card_text_forge
        yield card_text_forge
    finally:
        sys.path.remove(str(TOOLS))


def test_special_guests_in_italian_from_their_italian_printing() -> None:
    cards = bundled_cards()
    assert card_name("Unholy Heat", "it") == "Calore Sacrilego"
    assert cards["Unholy Heat"].localized_text("it").startswith("Il Calore Sacrilego infligge 2 danni")
    assert card_name("Expropriate", "it") == "Espropriazione"
    assert "Dilemma del consiglio" in cards["Expropriate"].localized_text("it")
    # Sacrifice: the source has its printed Italian name only; the text stays English (listed)
    assert card_name("Sacrifice", "it") == "Sacrificio"
    assert cards["Sacrifice"].localized_text("it") == cards["Sacrifice"].text


@pytest.mark.parametrize("lang, words", [("de", "Durchsuche deine Bibliothek nach einer Standardland-Karte"),
                                         ("it", "Passa in rassegna il tuo grimorio per una carta terra base")])
def test_the_adventure_face_has_its_printed_text(lang: str, words: str) -> None:
    giant = bundled_cards()["Beanstalk Giant // Fertile Footsteps"]
    adventure = giant.localized_text(lang).split("\n//\n")[1]
    assert adventure.startswith(words)


def test_named_tokens_are_named_as_the_cards_print_them() -> None:
    assert (card_name("Everywhere", "de"), card_name("Everywhere", "it")) == ("Überall", "Ovunque")
    assert card_def("Ezuri's Predation") is not None  # its game has loaded it: the token is known
    assert (card_name("Phyrexian Beast", "de"), card_name("Phyrexian Beast", "it")) == \
        ("Phyrexianer-Bestie", "Bestia Phyrexiana")


def test_only_the_printed_cards_words_are_taken(forge) -> None:  # type: ignore[no-untyped-def]
    door = {"en": "Secret Arcade", "name": "Secret Arcade // Dusty Parlor", "type": "Incantesimo — Stanza",
            "text": "I permanenti non terra che controlli sono incantesimi."}
    assert forge.usable(door) == {"type": "Incantesimo — Stanza", "text": door["text"]}
    placeholder = {"en": "Karfell Kennel-Master", "name": "Karfell Kennel-Master",
                   "type": "Creature — Zombie Berserker", "text": "When Karfell Kennel-Master enters the battlefield, ..."}
    assert forge.usable(placeholder) == {}
    english_text = {"en": "Seedship Impact", "name": "Impatto della Nave Colonia", "type": "",
                    "text": "Destroy target artifact or enchantment."}
    assert forge.usable(english_text) == {"name": "Impatto della Nave Colonia"}


def test_a_fill_never_replaces_what_the_card_has_and_says_where_it_came_from(forge) -> None:  # type: ignore[no-untyped-def]
    header = {"source": "S", "paths": {"it": "p-it", "de": "p-de"}, "commits": {"it": "c" * 40, "de": "d" * 40}}
    lines = {("it", "Card"): {"en": "Card", "name": "Carta", "type": "Istantaneo", "text": "Pesca una carta."}}
    card = {"name": "Card", "name_it": "Carta Stampata", "text": "Draw a card."}
    forge.fill(card, header, lines)
    assert card["name_it"] == "Carta Stampata"  # MTGJSON's stays
    assert (card["type_line_it"], card["text_it"]) == ("Istantaneo", "Pesca una carta.")
    assert card["foreign_from"] == {"it": f"S p-it@{'c' * 12} (type, text)"}


def test_every_filled_gap_names_a_line_of_the_kept_extraction(forge) -> None:  # type: ignore[no-untyped-def]
    header, lines = forge.load()
    assert header["commits"] == {"it": "05d3355813d21f44efe7415b59312d87bec6a3e7",
                                 "de": "37f2702675e9e9df3fba1929a3ee096ff56ce7e8"}
    marked = []
    for path in sorted((ASSETS / "cards").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in [c for c in (data.get("cards", []) if isinstance(data, dict) else []) if isinstance(c, dict)]:
            for obj in [card, *(card.get("faces") or [])]:
                for lang in (obj.get("foreign_from") or {}):
                    marked.append((lang, obj["name"]))
                    if not obj.get("faces"):  # a whole card joined from its faces has no line
                        assert (lang, obj["name"]) in lines
    assert sorted(marked) == [("de", "Beanstalk Giant // Fertile Footsteps"), ("de", "Fertile Footsteps"),
                              ("it", "Beanstalk Giant // Fertile Footsteps"), ("it", "Expropriate"),
                              ("it", "Fertile Footsteps"), ("it", "Sacrifice"), ("it", "Unholy Heat")]


def test_the_forge_lines_agree_with_mtgjson_where_both_exist(forge) -> None:  # type: ignore[no-untyped-def]
    """Names agree everywhere both sources have one; texts differ only where Forge keeps another
    printing's wording (tools/build_card_text.py --verify-forge lists them)."""
    cards = [c for path in sorted((ASSETS / "cards").glob("*.json"))
             for data in [json.loads(path.read_text(encoding="utf-8"))] if isinstance(data, dict)
             for c in data.get("cards", []) if isinstance(c, dict)]
    _, lines = forge.load()
    stats, _ = forge.verify(cards, lines)
    assert stats["it"]["name"] == [26, 26] and stats["de"]["name"] == [9, 9]


def test_assets_are_what_the_build_script_writes() -> None:
    sys.path.insert(0, str(TOOLS))
    try:
        # lazy: a tools/ script, on sys.path only for this fixture
        import build_card_text
        _, changed = build_card_text.build(write=False)
    finally:
        sys.path.remove(str(TOOLS))
    assert not changed, "assets/cards is not up to date: run python tools/build_card_text.py"


def test_the_coverage_command_counts_and_explains_the_gaps() -> None:
    by_set = {cov.set: cov for cov in text_coverage("it")}
    assert (by_set["SPG"].names, by_set["SPG"].types, by_set["SPG"].texts) == (8, 6, 7)
    assert by_set["DSC"].missing_text == [
        "Aminatou, Veil Piercer", "Kianne, Corrupted Memory", "The Lord of Pain", "The Master of Keys",
        "Rendmaw, Creaking Nest", "Valgavoth, Harrower of Souls", "Winter, Cynical Opportunist",
        "Zimone, Mystery Unraveler"]
    text = report("it")
    assert "Expropriate, Sacrifice" in text and "no source has Italian for the decks' eight" in text
    german = {cov.set: cov for cov in text_coverage("de")}
    assert all(cov.texts == cov.total for cov in german.values())


def test_ability_labels_are_the_printed_line_except_where_there_is_no_printed_text() -> None:
    """Every label shown in menus and prompts (activated, triggered, modes; cards, DSC reprints
    and schemes) is the card's German/Italian printed line; English only for a card without
    printed text in the language, which the coverage command lists (tools/label_languages.py)."""
    sys.path.insert(0, str(TOOLS))
    try:
        # lazy: a tools/ script, on sys.path only for this fixture
        import label_languages
        results = {lang: label_languages.fallbacks(lang) for lang in ("de", "it")}
    finally:
        sys.path.remove(str(TOOLS))
    for lang, (checked, english) in results.items():
        assert checked > 600
        no_text = {n for cov in text_coverage(lang) for n in cov.missing_text}
        assert [(f.reason, f.card in no_text) for f in english] == [("no printed text", True)] * len(english)
    assert len(results["de"][1]) == 0


@pytest.mark.parametrize("lang", ["de", "it"])
def test_every_printed_text_has_the_english_texts_lines(lang: str) -> None:
    """Labels and quoted texts are found line by line (app.i18n._printed_lines): a printed text
    with another number of lines would show every label of its card in English."""
    names = sorted({*bundled_cards(), *scheme_cards()})
    odd = [n for n in names if getattr(printed(n), f"text_{lang}", None) and _printed_lines(n, lang) is None]
    assert odd == []


@pytest.mark.parametrize("lang, name", [("it", "Ovunque"), ("de", "Überall")])
def test_the_everywhere_token_is_named_in_the_log_as_the_card_prints_it(lang: str, name: str) -> None:
    log = scenario_log("dsk/overlord_of_the_hauntwoods.toml", lang)
    assert name in log and "Everywhere" not in log, log
