"""Build assets/cards/schemes.json: the Archenemy scheme cards of the Duskmourn Commander decks.

English Oracle name, type line and text: the public data file `duskmourn_scheme_data.js` of
github.com/bedoshi/mtg-archenemy (taken from Scryfall's DSC printings, collector numbers
328-367). German name, type line, text and rulings: the German Duskmourn release notes
(assets/cards/dsk_release_notes_de.json, section "schemes", read from seed 004). No source
with Italian scheme text was found; `name_it` stays unset.

Usage: python tools/build_schemes.py PATH/TO/duskmourn_scheme_data.js
Only the 30 schemes of the release notes are written (the notes are the rules source).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "cards" / "schemes.json"
NOTES = ROOT / "assets" / "cards" / "dsk_release_notes_de.json"

#: German name in the release notes -> English Oracle name (matched by text, one by one)
GERMAN = {
    "Dein eigenes Antlitz verhöhnt dich": "Your Own Face Mocks You",
    "Die Realität folgt meinem Befehl": "Reality Is Mine to Control",
    "Dunkle Schwingen bringen euren Untergang": "Dark Wings Bring Your Downfall",
    "Eine Vorahnung eures Ablebens": "A Premonition of Your Demise",
    "Erlebt wahre Qualen": "You Will Know True Suffering",
    "Euch gebührt keine Gnade": "You Are Unworthy of Mercy",
    "Euer Fehler ist mein Triumph": "Your Mistake Is My Triumph",
    "Eure Pläne sind vergeblich": "Your Plans Mean Nothing",
    "Fliehen ist zwecklos": "Running Is Useless",
    "Ich bin Duskmourn": "I Am Duskmourn",
    "Ich bin niemals allein": "I Am Never Alone",
    "Ich bin unantastbar": "I Am Untouchable",
    "Ich fordere Blut": "I Call for Slaughter",
    "Ich weide mich an eurer Pein": "I Will Savor Your Agony",
    "Ihr könnt euch nicht vor mir verstecken": "You Cannot Hide from Me",
    "Ihr lebt nur noch, weil es mir passt": "You Live Only Because I Will It",
    "Kein Geheimnis bleibt vor mir verborgen": "No Secret Is Hidden from Me",
    "Macht ohne Gleichen": "Power Without Equal",
    "Mein Gelächter hallt wider": "My Laughter Echoes",
    "Mein vernichtendes Meisterstück": "My Crushing Masterstroke",
    "Meine ist die einzige Wahrheit": "Mine Is the Only Truth",
    "Meine Ranken reichen tief": "My Tendrils Run Deep",
    "Meine Schwingen umhüllen alles": "My Wings Enfold All",
    "Niemand widersteht meinem Willen": "My Will Is Irresistible",
    "Nur ich weiß, was bevorsteht": "Only I Know What Awaits",
    "Pläne, die Jahrhunderte umspannen": "Plots That Span Centuries",
    "Unterwerft euch meinen Legionen": "Kneel Before My Legions",
    "Wähle deinen Helden": "Choose Your Champion",
    "Wähle deinen Untergang": "Choose Your Demise",
    "Wann werdet ihr endlich lernen?": "When Will You Learn?",
}


def main(source: Path) -> None:
    text = source.read_text(encoding="utf-8")
    english = {c["name"]: c for c in json.loads(text[text.index("["):text.rindex("]") + 1])}
    notes = [e for e in json.loads(NOTES.read_text(encoding="utf-8")) if e["section"] == "schemes"]
    cards = []
    for entry in notes:
        en = english[GERMAN[entry["name_de"]]]
        cards.append({
            "name": en["name"], "set": "DSC", "number": en["collector_number"], "rarity": "common",
            "mana_cost": None, "colors": [], "type_line": en["type_line"], "text": en["oracle_text"],
            "name_de": entry["name_de"], "type_line_de": entry["type_line_de"], "text_de": entry["text_de"],
            "rulings_de": entry.get("rulings_de") or [],
        })
    cards.sort(key=lambda c: int(c["number"]))
    OUT.write_text(json.dumps({"set": "DSC", "kind": "schemes", "count": len(cards), "cards": cards},
                              ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(cards)} schemes -> {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
