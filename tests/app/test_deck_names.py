"""The built-in decks' names and descriptions in the UI language (app/deck_names.py). Played in
Italian (session 15) and German (session 16): the Goldfish list offered "Dread Tide (sample deck)"
as "Dread Tide (Beispieldeck)", and the deck editor showed an official deck's comment "The printed
deck list of this Duskmourn Commander deck (2024)." in a German window. The files stay English;
what the UI shows of them is translated. The four Duskmourn Commander products keep their printed
names ("Death Toll": Italian sources call them so; no source names the German products)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from app.deck_names import deck_name, shown
from app.i18n import set_language
from app.settings import Settings
from app.shell.dialogs import DeckPicker
from engine.decks import read_deck, sample_decks
from engine.decks.samples import commander_decks, deck_title, printed_commander_decks

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from play_deck_editor import EditorUser  # noqa: E402


PRODUCTS = {"Death Toll", "Endless Punishment", "Jump Scare!", "Miracle Worker"}


@pytest.fixture(params=["de", "it"])
def lang(request: Any) -> Any:
    set_language(request.param)
    yield request.param
    set_language("en")


def test_every_built_in_deck_has_its_name_and_description_in_the_ui_language(lang: str) -> None:
    decks = sample_decks() + commander_decks() + printed_commander_decks()
    assert len(decks) >= 19
    for path in decks:
        title = deck_title(path)
        assert (deck_name(path) == title) == (title in PRODUCTS), (lang, path.name, deck_name(path))
        for line in read_deck(path).deck.comments.split("\n"):
            assert shown(path, line) != line, (lang, path.name, line)
    assert deck_name(commander_decks()[0]) == "Death Toll"


def test_a_users_own_deck_keeps_its_words(tmp_path: Path, lang: str) -> None:
    mine = tmp_path / "dread_tide.txt"
    mine.write_text("// NAME: Dread Tide\n// Source: my notebook\n4 Murder\n", encoding="utf-8")
    assert deck_name(mine) == "Dread Tide"
    assert shown(mine, "Source: my notebook") == "Source: my notebook"


def test_the_goldfish_list_names_the_sample_decks_in_german(qtbot: Any) -> None:
    set_language("de")
    try:
        picker = DeckPicker(Settings(language="de"))
        qtbot.addWidget(picker)
        rows = [picker.list.item(i).text() for i in range(picker.list.count())]
        assert "Flut des Grauens (Beispieldeck)" in rows, rows
        assert not any(r.startswith("Dread Tide") for r in rows)
    finally:
        set_language("en")


def test_the_deck_editor_shows_an_official_decks_comment_in_italian(qtbot: Any, main_window: Any) -> None:
    user = EditorUser(main_window("it"))
    qtbot.addWidget(user.editor)
    user.editor.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    user.open_file(next(p for p in printed_commander_decks() if p.stem == "death_toll"))
    assert user.editor.name_edit.text() == "Death Toll"
    assert user.editor.comments.toPlainText().startswith(
        "La lista stampata di questo mazzo Commander di Duskmourn (2024).\nFonte: MTGJSON"), \
        user.editor.comments.toPlainText()
    assert not user.editor.doc.modified
