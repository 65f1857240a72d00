"""Issue #27: the printed German and Italian card text reaches the log, the menus' ability
labels and the modes; cards without a printed name show the English one."""
from __future__ import annotations

import re

import pytest

from app.i18n import card_line, card_name, event_lines, set_language
from app.table.choices import mode_texts
from engine.ai.random_agent import play_game
from engine.cards.behaviour import card_def
from engine.cards.data import bundled_cards
from engine.cards.text_coverage import text_coverage
from engine.config import GameConfig
from engine.decks import read_deck, sample_decks
from engine.game import Game
from engine.paths import ASSETS
from tests.scenario_log import scenario_log


def _deck(stem: str) -> list[str]:
    path = next(p for p in sample_decks() if p.stem == stem)
    deck, _ = read_deck(path)
    return [e.name for _, e in deck.entries() for _ in range(e.count)][:60]


def _english_names_shown(text: str, lang: str) -> set[str]:
    """English names of cards that have a different printed name in `lang`, found in text."""
    found = set()
    for name, card in bundled_cards().items():
        local = card.localized_name(lang)
        if local == name:
            continue
        for part in [name, *name.split(" // ")]:
            if re.search(rf"(?<![\w']){re.escape(part)}(?![\w'])", text) and part not in local:
                found.add(part)
    return found


@pytest.mark.parametrize("lang", ["it", "de"])
@pytest.mark.parametrize("decks, seed", [(("survivors_camp", "delirium_bonfire"), 3),
                                         (("haunted_workshop", "dread_tide"), 7),
                                         (("eerie_vigil", "rot_and_ruin"), 11)])
def test_whole_game_log_names_cards_in_the_ui_language(lang: str, decks: tuple[str, str], seed: int) -> None:
    g = Game(GameConfig(players=["Alice", "Bob"], decks=[_deck(d) for d in decks], seed=seed, mode="rules"))
    play_game(g, seed=seed, max_decisions=3000)
    set_language(lang)
    log = "\n".join(event_lines(g.events, "Alice"))
    assert log
    assert _english_names_shown(log, lang) == set(), log[:2000]
    shown = {card_name(n, lang) for n in bundled_cards()} - set(bundled_cards())
    assert any(n in log for n in shown)  # the log does name cards, in the language


def test_ability_labels_come_from_the_printed_line() -> None:
    # "{1}{G}, Discard this card: Return target land card ..." is the printed Italian line
    d = card_def("Altanak, the Thrice-Called")
    labels = [ab.label for ab in d.activated if not ab.mana and ab.label] if d else []
    if labels:
        assert card_line("Altanak, the Thrice-Called", labels[0], "it").startswith("{1}{G}, Scarta")
    assert card_line("Cult Healer", "Lifelink", "en") == "Lifelink"


def test_modes_in_italian() -> None:
    modes = mode_texts("Break Down the Door", "it")
    assert modes[0] == "Esilia un artefatto bersaglio."
    assert mode_texts("Break Down the Door", "de")[0] == "Schicke ein Artefakt deiner Wahl ins Exil."


def test_no_printed_italian_shows_english() -> None:
    card = bundled_cards()["Valgavoth, Harrower of Souls"]  # Duskmourn Commander: no Italian printing
    assert card.localized_name("it") == card.name
    assert card.localized_text("it") == card.text


@pytest.mark.parametrize("lang, primo", [("de", "Primo der Unteilbare"), ("it", "Primo, l'Indivisibile")])
def test_a_named_token_has_its_printed_name_in_the_log(lang: str, primo: str) -> None:
    """Zimone's token is named in the language of the card's printed text, not in English."""
    log = scenario_log("dsk/zimone_all_questioning.toml", lang)
    assert primo in log and "Indivisible," not in log, log
    assert card_name("Primo, the Indivisible", lang) == primo


@pytest.mark.parametrize("token, de, it", [
    ("Angel", "Engel", "Angelo"),                          # Entreat the Angels' printed text
    ("Human Soldier", "Mensch-Soldat", "Soldato Umano"),   # Bastion of Remembrance's
    ("Shard", "Splitter", "Frammento"),                    # Niko, Light of Hope's
    ("Inkling", "Tintling", "Scarabocchio"),               # Inkshield's
])
def test_tokens_named_after_their_types_are_named_as_printed(token: str, de: str, it: str) -> None:
    assert (card_name(token, "de"), card_name(token, "it")) == (de, it)


def _official(stem: str) -> tuple[list[str], list[str]]:
    deck, unknown = read_deck(ASSETS / "decks" / "commander" / "official" / f"{stem}.txt")
    assert unknown == []
    commander = [e.name for section, e in deck.entries() if section == "commander"]
    rest = [e.name for section, e in deck.entries() if section != "commander" for _ in range(e.count)]
    return rest + commander, commander


@pytest.mark.parametrize("lang", ["it", "de"])
def test_a_commander_game_log_names_only_the_cards_without_a_printed_name_in_english(lang: str) -> None:
    """The four printed Commander decks (DSC reprints, Rooms, face commanders): the log names every
    card in the UI language except those the coverage command lists as having no printed name."""
    seats = [_official(stem) for stem in ("death_toll", "endless_punishment", "jump_scare", "miracle_worker")]
    g = Game(GameConfig(players=["A", "B", "C", "D"], decks=[d for d, _ in seats], commanders=[c for _, c in seats],
                        format="commander", seed=5, mode="rules"))
    play_game(g, seed=5, max_decisions=1500)
    set_language(lang)
    log = "\n".join(event_lines(g.events, "A"))
    set_language("en")
    assert _english_names_shown(log, lang) == set(), log[:2000]
    unnamed = {n for cov in text_coverage(lang) for n in cov.missing_name}
    english = {n for n, c in bundled_cards().items() if c.localized_name(lang) == n and n in log} - {
        "Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert english <= unnamed, english - unnamed


@pytest.mark.parametrize("stem", ["death_toll", "endless_punishment", "jump_scare", "miracle_worker"])
def test_a_commander_deck_written_with_italian_names_imports_with_every_card_found(stem: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    english = (ASSETS / "decks" / "commander" / "official" / f"{stem}.txt").read_text(encoding="utf-8")
    cards = bundled_cards()
    lines = []
    for line in english.splitlines():
        count, _, name = line.partition(" ")
        lines.append(f"{count} {cards[name].localized_name('it')}" if count.isdigit() and name in cards else line)
    path = tmp_path / f"{stem}_it.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    deck, unknown = read_deck(path)
    assert unknown == []
    assert sorted(e.name for _, e in deck.entries()) == sorted(e.name for _, e in read_deck(
        ASSETS / "decks" / "commander" / "official" / f"{stem}.txt")[0].entries())
