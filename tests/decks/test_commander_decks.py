"""Commander decks (CR 903.3-903.5): validation with its messages, the colour identity of a
card, and the commander through every deck format."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine.decks import Deck, commander as cmd, deck_from_text, deck_to_text, read_deck, validate, write_deck
from engine.decks.commander import identity


def _deck(commander: str = "Aminatou, Veil Piercer") -> Deck:
    d = Deck(name="Veil")
    d.add(commander, 1, "commander")
    d.add("Plains", 33)
    d.add("Island", 33)
    d.add("Swamp", 32)
    d.add("Murder", 1)
    return d


def test_a_legal_commander_deck() -> None:
    d = _deck()
    assert [p.key for p in validate(d)] == []  # the commander makes it a Commander deck (guessed)
    d.format = "commander"
    assert validate(d) == []


def test_size_singleton_identity_and_the_commander_itself() -> None:
    d = _deck()
    d.add("Murder", 1)
    d.add("Pyroclasm", 1)
    found = {p.key: p for p in validate(d, "commander")}
    assert found["deck.commander.size"].text == \
        "The deck has 102 cards with its commander; a Commander deck has exactly 100."
    assert found["deck.commander.singleton"].params == {"card": "Murder", "count": 2}
    assert found["deck.commander.identity"].text == \
        "Pyroclasm has the colour identity R outside the commander's colour identity (WUB)."
    assert "Plains" not in str(found)  # basic lands are exempt from singleton (CR 903.5b)
    no_cmd = _deck()
    no_cmd.commander.clear()
    no_cmd.add("Swamp", 1)
    assert [p.key for p in validate(no_cmd, "commander")] == ["deck.commander.none"]
    creature = _deck("Ragged Playmate")
    assert "deck.commander.not_legendary" in [p.key for p in validate(creature, "commander")]


@pytest.mark.parametrize("name, expected", [
    ("Aminatou, Veil Piercer", "WUB"),       # mana cost
    ("Noxious Revival", "G"),                 # a Phyrexian symbol {G/P} (CR 903.4)
    ("Abandoned Campground", "WU"),           # mana symbols in its rules text
    ("Forest", "G"),                          # a basic land type (its mana ability, CR 305.6)
    ("Murder", "B"),
])
def test_colour_identity(name: str, expected: str) -> None:
    assert identity(name) == expected


@pytest.mark.parametrize("style", ["plain", "arena", "mtgo", "cod", "dek"])
def test_the_commander_survives_every_text_format(style: str) -> None:
    d = _deck()
    back = deck_from_text(deck_to_text(d, style)).deck
    assert [e.name for e in back.commander] == ["Aminatou, Veil Piercer"]
    assert back.total("main") == 99 and back.side == []


@pytest.mark.parametrize("suffix", [".cod", ".dek", ".txt", ".arena.txt"])
def test_the_commander_survives_every_file(tmp_path: Path, suffix: str) -> None:
    d = _deck()
    path = write_deck(d, tmp_path / f"veil{suffix}")
    back = read_deck(path).deck
    assert [e.name for e in back.commander] == ["Aminatou, Veil Piercer"]
    assert back.total("main") == 99


def test_an_mtgo_export_without_the_mark_reads_its_commander() -> None:
    """MTGO keeps the commander in the sideboard: 99 cards and one legendary creature there."""
    text = "33 Plains\n33 Island\n32 Swamp\n1 Murder\n\n1 Aminatou, Veil Piercer\n"
    back = deck_from_text(text).deck
    assert [e.name for e in back.commander] == ["Aminatou, Veil Piercer"]
    sixty = deck_from_text("20 Plains\n20 Island\n20 Swamp\n\n1 Aminatou, Veil Piercer\n").deck
    assert sixty.commander == [] and [e.name for e in sixty.side] == ["Aminatou, Veil Piercer"]


def test_format_words() -> None:
    back = deck_from_text("// Format: EDH\nCommander\n1 Aminatou, Veil Piercer\n\nDeck\n99 Plains\n").deck
    assert [e.name for e in back.commander] == ["Aminatou, Veil Piercer"]


def test_two_commanders_need_partner(monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 903.3c, 702.124: two commanders only when both have partner (or each is "Partner
    with" the other); the pool has no partner card, so their printed text is stood in for."""
    d = _deck()
    d.add("Winter, Cynical Opportunist", 1, "commander")
    found = {p.key: p for p in validate(d, "commander")}
    assert found["deck.commander.no_partner"].text == ("Aminatou, Veil Piercer and Winter, Cynical Opportunist "
                                                        "cannot be commanders together: two commanders both need partner.")
    real = cmd.printed

    def with_text(texts: dict[str, str]):
        def fake(name: str):
            data = real(name)
            return SimpleNamespace(**{**vars(data), "text": texts[name]}) if name in texts and data else data
        return fake
    both = {"Aminatou, Veil Piercer": "Flying\nPartner (You can have two commanders if both have partner.)",
            "Winter, Cynical Opportunist": "Partner"}
    monkeypatch.setattr(cmd, "printed", with_text(both))
    assert "deck.commander.no_partner" not in [p.key for p in validate(d, "commander")]
    paired = {"Aminatou, Veil Piercer": "Partner with Winter, Cynical Opportunist",
              "Winter, Cynical Opportunist": "Partner with Aminatou, Veil Piercer (When either enters, ...)"}
    monkeypatch.setattr(cmd, "printed", with_text(paired))
    assert "deck.commander.no_partner" not in [p.key for p in validate(d, "commander")]
    one = {"Aminatou, Veil Piercer": "Partner"}
    monkeypatch.setattr(cmd, "printed", with_text(one))
    assert "deck.commander.no_partner" in [p.key for p in validate(d, "commander")]


def test_the_deck_check_loads_the_card_behaviour_only_when_it_asks_for_it() -> None:
    """engine.decks reads the printed card data; the card layer's definitions load on first use
    (engine.rules.index), here only for a legendary noncreature that may be a commander (Grist,
    the Hunger Tide, a creature while not on the battlefield). In a fresh process: importing
    engine.decks and checking a plain Commander deck load none of them; Grist's deck asks."""
    script = (
        "import sys\n"
        "import engine.decks as decks\n"
        "from engine.decks.commander import is_legendary_creature\n"
        "loaded = lambda: 'engine.cards.behaviour' in sys.modules\n"
        "d = decks.Deck(name='Veil')\n"
        "d.add('Aminatou, Veil Piercer', 1, 'commander'); d.add('Plains', 99)\n"
        "print(loaded(), [p.key for p in decks.validate(d)], loaded(),"
        " is_legendary_creature('Grist, the Hunger Tide'), loaded())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[2]).stdout.split()
    assert out[0] == "False" and out[-3:] == ["False", "True", "True"], out
