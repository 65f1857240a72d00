"""Every format round-trips, and real-world-style files read as a user expects."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards.data import bundled_cards
from engine.decks import (STYLES, Deck, deck_from_text, deck_to_text, detect_text_style, read_deck,
                          validate, write_deck)


def sample_deck(printings: bool) -> Deck:
    deck = Deck("Rakdos Test", "First line of notes\nSecond line", "constructed")
    cards = [("Mountain", 12, "275"), ("Swamp", 10, "274"), ("Murder", 4, "110"),
             ("Piggy Bank", 4, "148"), ("Winter's Intervention", 4, "123"),
             ("Derelict Attic // Widow's Walk", 2, "93")]
    for name, count, number in cards:
        if printings:
            deck.add(name, count, set_code="DSK", number=number)
        else:
            deck.add(name, count)
    deck.add("Pyroclasm", 3, "side")
    deck.add("Lightning Bolt", 2, "side", recognized=False)
    return deck


def test_cockatrice_round_trip_is_exact(tmp_path: Path) -> None:
    deck = sample_deck(printings=True)
    deck.extra_zones["tokens"] = sample_deck(False).main[:1]
    deck2, unknown = read_deck(write_deck(deck, tmp_path / "d.cod"))
    assert deck2 == deck
    assert [u.name for u in unknown] == ["Lightning Bolt"]


def test_plain_round_trip_keeps_name_comments_format(tmp_path: Path) -> None:
    deck = sample_deck(printings=False)
    deck2, _ = read_deck(write_deck(deck, tmp_path / "d.txt"))
    assert deck2 == deck


def test_arena_round_trip_keeps_printings(tmp_path: Path) -> None:
    deck = sample_deck(printings=True)
    deck.comments, deck.format = "", None      # Arena text has neither
    path = write_deck(deck, tmp_path / "d.arena.txt")
    assert path.read_text(encoding="utf-8").startswith("About\nName Rakdos Test\n\nDeck\n")
    deck2, _ = read_deck(path)
    assert deck2 == deck


def test_mtgo_dek_round_trip(tmp_path: Path) -> None:
    deck = sample_deck(printings=False)
    deck.comments, deck.format = "", None      # .dek has neither; the name is the file name
    deck2, _ = read_deck(write_deck(deck, tmp_path / "Rakdos Test.dek"))
    assert deck2 == deck
    assert 'Name="Derelict Attic/Widow\'s Walk"' in (tmp_path / "Rakdos Test.dek").read_text()


def test_mtgo_text_round_trip() -> None:
    deck = sample_deck(printings=False)
    text = deck_to_text(deck, "mtgo")
    deck2, _ = deck_from_text(text)
    assert deck2.same_cards(deck)


def test_commander_and_companion_survive_text_and_cod() -> None:
    deck = Deck("Cmd")
    deck.add("Altanak, the Thrice-Called", 1, "commander")
    deck.add("Friendly Teddy", 1, "companion")
    deck.add("Forest", 30)
    for style in ("plain", "arena", "cod"):
        assert deck_from_text(deck_to_text(deck, style)).deck.same_cards(deck), style


# Every built-in card name (no two fold to one lookup key: tests/cards/test_name_keys.py)
_NAMES = sorted(bundled_cards())
assert len(_NAMES) > 500 and "Séance Board" in _NAMES


@pytest.mark.parametrize("style", STYLES)
def test_every_card_name_round_trips_through_every_style(style: str) -> None:
    """Each built-in card, alone in a deck, reads back as itself from every format."""
    wrong = {}
    for name in _NAMES:
        deck = Deck()
        deck.add(name, 2)
        deck2, unknown = deck_from_text(deck_to_text(deck, style))
        if unknown or deck2.counts() != {name: 2}:
            wrong[name] = (deck2.counts(), [u.name for u in unknown])
    assert wrong == {}


def test_one_deck_of_every_card_round_trips_through_every_style() -> None:
    deck = Deck()
    for i, name in enumerate(_NAMES):
        deck.add(name, 1 + i % 4, "side" if i % 5 == 0 else "main")
    for style in STYLES:
        deck2, unknown = deck_from_text(deck_to_text(deck, style))
        assert unknown == [] and deck2.same_cards(deck), style


@settings(max_examples=25, deadline=None)
@given(main=st.dictionaries(st.sampled_from(_NAMES), st.integers(1, 30), min_size=1, max_size=8),
       side=st.dictionaries(st.sampled_from(_NAMES), st.integers(1, 4), max_size=4),
       style=st.sampled_from(["plain", "arena", "mtgo", "cod", "dek"]))
def test_any_deck_round_trips_through_any_style(main: dict[str, int], side: dict[str, int],
                                                style: str) -> None:
    deck = Deck()
    for name, count in main.items():
        deck.add(name, count)
    for name, count in side.items():
        deck.add(name, count, "side")
    deck2, unknown = deck_from_text(deck_to_text(deck, style))
    assert unknown == []
    assert deck2.same_cards(deck)


# -- real-world-style files ---------------------------------------------------------------

def test_cockatrice_file_from_cockatrice(fixtures: Path) -> None:
    deck, unknown = read_deck(fixtures / "cockatrice_rakdos.cod")
    assert deck.name == "Rakdos Toys (Cockatrice)"
    assert deck.comments == "Saved by Cockatrice 2.10.\nSecond line of notes & ideas."
    assert deck.count("Scorching Dragonfire") == 4          # German name resolved
    assert deck.count("Winter's Intervention") == 4         # typographic apostrophe
    assert deck.main[0].set_code == "DSK" and deck.main[0].number == "275"
    assert deck.total("main") == 60 and deck.total("side") == 5
    assert [e.name for e in deck.extra_zones["tokens"]] == ["Treasure"]
    assert [(u.line, u.name, u.count, u.zone) for u in unknown] == [
        (20, "Lightning Bolt", 4, "main")]


def test_mtgo_dek_file(fixtures: Path) -> None:
    deck, unknown = read_deck(fixtures / "mtgo_export.dek")
    assert deck.name == "mtgo_export"
    assert deck.counts()["Plains"] == 8                       # two printings summed
    assert deck.count("Bottomless Pool // Locker Room") == 3  # MTGO's "A/B"
    assert deck.counts("side") == {"Friendly Teddy": 2, "Bear Trap": 1}
    assert [(u.line, u.name) for u in unknown] == [(14, "Force of Will")]


def test_mtgo_text_export_blank_line_sideboard(fixtures: Path) -> None:
    deck, unknown = read_deck(fixtures / "mtgo_export.txt")
    assert deck.total("main") == 35 and deck.counts("side") == {"Pyroclasm": 3, "Bear Trap": 2}
    assert deck.count("Smoky Lounge // Misty Salon") == 2
    assert [u.name for u in unknown] == ["Lim-Dul the Necromancer"]


def test_arena_export(fixtures: Path) -> None:
    text = (fixtures / "arena_export.txt").read_text(encoding="utf-8")
    assert detect_text_style(text) == "arena"
    deck, unknown = deck_from_text(text)
    assert deck.name == "Haunted Skies (Arena)"
    assert deck.count("Bottomless Pool // Locker Room") == 2
    assert (deck.main[0].set_code, deck.main[0].number) == ("DSK", "272")
    assert deck.counts("side") == {"Bear Trap": 1, "Friendly Teddy": 2}
    assert [(u.line, u.name, u.count) for u in unknown] == [(14, "Opt", 4)]


def test_plain_german_list(fixtures: Path) -> None:
    text = (fixtures / "plain_german.txt").read_text(encoding="utf-8")
    assert detect_text_style(text) == "plain"
    deck, unknown = read_deck(fixtures / "plain_german.txt")
    assert deck.counts()["Ragged Playmate"] == 4
    assert deck.count("Moldering Gym // Weight Room") == 2
    assert deck.counts()["Mountain"] == 10 and deck.counts()["Forest"] == 8
    assert deck.counts("side") == {"Winter's Intervention": 2, "Enter the Enigma": 1}
    assert deck.comments.startswith("Gruul-Spielzeug")
    assert [(u.line, u.name, u.suggestions[:1]) for u in unknown] == [
        (12, "Blitzschlag", []), (13, "Brennendes Drachenfeur", ["Scorching Dragonfire"])]


def test_plain_italian_list_with_site_categories(fixtures: Path) -> None:
    deck, unknown = read_deck(fixtures / "plain_italian.txt")
    assert deck.name == "Mazzo di prova"
    assert deck.comments == "Note: nomi italiani e categorie dal sito."
    assert deck.counts() == {"Lionheart Glimmer": 2, "Slavering Branchsnapper": 2,
                             "Acrobatic Cheerleader": 2, "Plains": 9, "Forest": 8}
    assert deck.counts("side") == {"Moldering Gym // Weight Room": 2}
    assert unknown == []


def test_mtgtop8_dec_file(fixtures: Path) -> None:
    deck, unknown = read_deck(fixtures / "mtgtop8.dec")
    assert deck.name == "Dimir Duskmourn" and deck.format == "limited"
    assert deck.main[0].set_code == "DSK" and deck.total("main") == 40
    assert deck.counts("side") == {"Give In to Violence": 2, "Doom Blade": 1}
    assert [(u.name, u.zone) for u in unknown] == [("Doom Blade", "side")]


@pytest.mark.parametrize("text, main, side", [
    ("4 Murder\n4 Piggy Bank\n\n2 Pyroclasm\n", 8, 2),                 # blank line = sideboard
    ("4 Murder\n\n4 Piggy Bank\n\n2 Pyroclasm\n", 10, 0),              # groups, no sideboard
    ("4 Murder\n\nSideboard:\n2 Pyroclasm\n", 4, 2),
    ("4 Murder\nSB: 2 Pyroclasm\n\n4 Piggy Bank\n", 8, 2),
    ("Deck\n4x Murder\n4 x Piggy Bank\nSideboard (2)\n2 Pyroclasm *F*\n", 8, 2),
    ("Murder\nPiggy Bank\n", 2, 0),                                    # no count: one copy
    ("4 Murder\n// Sideboard\n2 Pyroclasm\n", 4, 2),
    ("Commander\n1 Altanak, the Thrice-Called\n\nDeck\n4 Murder\n4 Piggy Bank\n", 8, 0),
    ("Companion\n1 Friendly Teddy\n\nDeck\n4 Murder\n\n2 Pyroclasm\n", 4, 2),
])
def test_text_sideboard_conventions(text: str, main: int, side: int) -> None:
    deck, unknown = deck_from_text(text)
    assert (deck.total("main"), deck.total("side"), unknown) == (main, side, [])


def test_pasted_xml_is_read_as_xml(fixtures: Path) -> None:
    deck, _ = deck_from_text((fixtures / "cockatrice_rakdos.cod").read_text(encoding="utf-8"))
    assert deck.name == "Rakdos Toys (Cockatrice)"


def test_misnamed_file_is_read_by_content(tmp_path: Path, fixtures: Path) -> None:
    path = tmp_path / "really_a_dek.cod"
    path.write_bytes((fixtures / "mtgo_export.dek").read_bytes())
    assert read_deck(path).deck.total("main") == 40


def test_windows_1252_text_file(tmp_path: Path) -> None:
    path = tmp_path / "old.txt"
    path.write_bytes("4 Löwenherz-Schimmer\r\n".encode("cp1252"))
    assert read_deck(path).deck.counts() == {"Lionheart Glimmer": 4}


def test_tokens_and_maybeboard_kept_aside() -> None:
    deck, unknown = deck_from_text("4 Murder\n\nMaybeboard\n1 Pyroclasm\nTokens\nTreasure\n")
    assert deck.counts() == {"Murder": 4} and deck.total("side") == 0 and unknown == []
    assert [(k, [e.name for e in v]) for k, v in deck.extra_zones.items()] == [
        ("maybe", ["Pyroclasm"]), ("tokens", ["Treasure"])]


def test_an_unknown_cod_format_is_said_and_written_back(tmp_path: Path) -> None:
    """A .cod file naming a format Manatable does not know (a newer program, a hand edit): the
    deck reads as one with no format, the check says so, and saving writes the format back
    (it was dropped on read before)."""
    path = tmp_path / "brawl.cod"
    path.write_text('<?xml version="1.0"?><cockatrice_deck version="1"><deckname>B</deckname>'
                    '<format>Brawl</format><zone name="main"><card number="40" name="Swamp"/>'
                    '</zone></cockatrice_deck>', encoding="utf-8")
    deck, _ = read_deck(path)
    assert deck.format is None and deck.unknown_format == "Brawl"
    said = [p for p in validate(deck) if p.key == "deck.format.unknown"]
    assert len(said) == 1 and said[0].severity == "warning" and "“Brawl”" in said[0].text
    for name in ("again.cod", "again.txt"):
        again, _ = read_deck(write_deck(deck, tmp_path / name))
        assert "Brawl" in (tmp_path / name).read_text(encoding="utf-8"), name
        assert again.same_cards(deck)
    assert read_deck(tmp_path / "again.cod").deck.unknown_format == "Brawl"
    assert Deck.from_json(deck.to_json()) == deck          # the autosave keeps it too
    # a format the user chooses replaces it
    deck.format, deck.unknown_format = "casual", ""
    assert "<format>casual</format>" in deck_to_text(deck, "cod")
