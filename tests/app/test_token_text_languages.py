"""The tokens the engine makes itself (a Treasure, a Devil, Niko's Shards) have no card file
with a printed German or Italian text: their faces and their abilities in a card's menu spoke
English on a German or Italian table. They speak the table's language now."""
from __future__ import annotations

import pytest

from app.i18n import set_language
from app.render.model import card_view
from app.table.menus import rules_label
from engine.actions import Action
from engine.cards.sets import token_data, token_names


@pytest.mark.parametrize("lang", ["de", "it"])
def test_every_token_face_speaks_the_table_language(lang: str) -> None:
    english = {}
    for name in token_names():
        data = token_data(name)
        text = data.get("text") or ""
        if text and card_view(data, lang, token=True).text == text:
            english[name] = text
    assert english == {}


@pytest.mark.parametrize("lang, words", [("de", ("Schatz", "opfere dieses Artefakt", "beliebigen Farbe")),
                                         ("it", ("Tesoro", "Sacrifica questo artefatto", "qualsiasi colore"))])
def test_treasure_face_as_printed(lang: str, words: tuple[str, ...]) -> None:
    view = card_view(token_data("Treasure"), lang, token=True)
    shown = f"{view.name} {view.text}"
    assert all(w in shown for w in words), shown
    assert "{T}" in view.text  # the tap symbol is still drawn as a symbol


@pytest.mark.parametrize("lang, words", [("de", "Hellsicht 1, ziehe dann eine Karte"),
                                         ("it", "Profetizza 1, poi pesca una carta")])
def test_shard_ability_in_its_menu(lang: str, words: str) -> None:
    set_language(lang)
    label = rules_label(Action(0, "activate", obj=1, ability=1), "Shard")
    assert words in label and "Scry" not in label, label
