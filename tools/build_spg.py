"""Build assets/cards/spg.json: the eight Special Guests cards of Duskmourn boosters (set SPG,
numbers 65-73) that the German Duskmourn release notes describe (section "special_guests").

English characteristics and Oracle text: MTGJSON's SPG set file as kept by
taw/magic-search-engine-data (data/sets/SPG.json, commit 00dfcbfa93b2ba7a5ffad998c361dc544399c3b2),
written down below. German name, type line, text and rulings: the release notes
(dsk_release_notes_de.json). No Italian source was at hand, so the cards have no Italian
names (the interface shows the English name).

    python tools/build_spg.py [RELEASE_NOTES_JSON]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# name_de in the release notes -> the English card (MTGJSON SPG.json, current Oracle wording)
CARDS: dict[str, dict[str, Any]] = {
    "Seelenwächter": {
        "name": "Soul Warden", "number": "65", "mana_cost": "{W}", "colors": ["W"],
        "type_line": "Creature — Human Cleric", "power": "1", "toughness": "1",
        "text": "Whenever another creature enters, you gain 1 life."},
    "Zwangsent eignung": {
        "name": "Expropriate", "number": "66", "mana_cost": "{7}{U}{U}", "colors": ["U"],
        "type_line": "Sorcery",
        "text": "Council's dilemma — Starting with you, each player votes for time or money. For each time vote, "
                "take an extra turn after this one. For each money vote, choose a permanent owned by the voter and "
                "gain control of it. Exile Expropriate."},
    "Traumbild": {
        "name": "Phantasmal Image", "number": "67", "mana_cost": "{1}{U}", "colors": ["U"],
        "type_line": "Creature — Illusion", "power": "0", "toughness": "0",
        "text": "You may have this creature enter as a copy of any creature on the battlefield, except it's an "
                "Illusion in addition to its other types and it has \"When this creature becomes the target of a "
                "spell or ability, sacrifice it.\""},
    "Opferung": {
        "name": "Sacrifice", "number": "69", "mana_cost": "{B}", "colors": ["B"], "type_line": "Instant",
        "text": "As an additional cost to cast this spell, sacrifice a creature.\n"
                "Add an amount of {B} equal to the sacrificed creature's mana value."},
    "Verrücktmachende Verwünschung": {
        "name": "Maddening Hex", "number": "70", "mana_cost": "{1}{R}{R}", "colors": ["R"],
        "type_line": "Enchantment — Aura Curse",
        "text": "Enchant player\nWhenever enchanted player casts a noncreature spell, roll a d6. This Aura deals "
                "damage to that player equal to the result. Then attach this Aura to another one of your "
                "opponents chosen at random."},
    "Unheilige Hitze": {
        "name": "Unholy Heat", "number": "71", "mana_cost": "{R}", "colors": ["R"], "type_line": "Instant",
        "text": "Unholy Heat deals 2 damage to target creature or planeswalker.\n"
                "Delirium — Unholy Heat deals 6 damage instead if there are four or more card types among cards "
                "in your graveyard."},
    "Truppensammlung": {
        "name": "Collected Company", "number": "72", "mana_cost": "{3}{G}", "colors": ["G"],
        "type_line": "Instant",
        "text": "Look at the top six cards of your library. Put up to two creature cards with mana value 3 or less "
                "from among them onto the battlefield. Put the rest on the bottom of your library in any order."},
    "Ungesunde Wiederbelebung": {
        "name": "Noxious Revival", "number": "73", "mana_cost": "{G/P}", "colors": ["G"], "type_line": "Instant",
        "text": "({G/P} can be paid with either {G} or 2 life.)\n"
                "Put target card from a graveyard on top of its owner's library."},
}

# The release notes print Expropriate's German name and two words of its text with a space
# inside them (a typesetting slip the notes file records): the card data has the words whole.
# Its rulings stay verbatim (scenarios quote them as printed).
_SLIPS = {"Zwangsent eignung": "Zwangsenteignung", "Stimmengabe r": "Stimmengeber", "über nimm": "übernimm"}


def _mend(text: str | None) -> str | None:
    for wrong, right in _SLIPS.items():
        text = text.replace(wrong, right) if text is not None else None
    return text


def build(notes: list[dict[str, Any]]) -> dict[str, Any]:
    """The spg.json payload from the release notes' entries."""
    cards = []
    for entry in notes:
        if entry.get("section") != "special_guests":
            continue
        en = CARDS[entry["name_de"]]
        card = {"name": en["name"], "name_de": _mend(entry["name_de"]), "set": "SPG", "number": en["number"],
                "rarity": "mythic", "mana_cost": en["mana_cost"], "colors": en["colors"],
                "type_line": en["type_line"], "type_line_de": entry.get("type_line_de"),
                "power": en.get("power"), "toughness": en.get("toughness"), "text": en["text"],
                "text_de": _mend(entry.get("text_de")), "rulings_de": entry.get("rulings_de") or []}
        cards.append({k: v for k, v in card.items() if v is not None})
    cards.sort(key=lambda c: int(c["number"]))
    if len(cards) != len(CARDS):
        raise SystemExit(f"expected {len(CARDS)} Special Guests entries, found {len(cards)}")
    return {"set": "SPG", "count": len(cards), "cards": cards}


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else ROOT / "assets" / "cards" / "dsk_release_notes_de.json"
    payload = build(json.loads(src.read_text(encoding="utf-8")))
    out = ROOT / "assets" / "cards" / "spg.json"
    out.write_text(json.dumps(payload, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"spg.json: {payload['count']} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
