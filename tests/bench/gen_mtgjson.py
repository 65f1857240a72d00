"""Write a synthetic MTGJSON AtomicCards.json for benchmarks (no network, deterministic).

    python tests/bench/gen_mtgjson.py OUT.json [--cards 33000] [--seed 0]

Field sizes follow the real file (about 3-4 KB per card): legalities, purchase URLs,
identifiers, rulings for some cards, foreignData in eight languages for about 40 % of
them (German and Italian among them), and a few split and transform cards.
The file is written card by card, so generating it needs little memory.
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

ADJECTIVES = ("Ancient Blazing Cunning Dread Eternal Feral Gilded Hollow Iron Jade Keen Lost "
              "Molten Noble Onyx Primal Quiet Radiant Savage Twisted Umbral Vile Wild Zealous "
              "Ashen Bitter Crimson Dusk Ember Frost Grim Haunted Ivory Jagged").split()
NOUNS = ("Angel Basilisk Cultist Drake Elemental Familiar Golem Hydra Imp Juggernaut Knight "
         "Leviathan Mage Nymph Ogre Phoenix Quester Rogue Sphinx Troll Unicorn Vampire Wurm "
         "Yeti Zombie Bolt Charm Ritual Edict Covenant Rampart Sanctum Spire Grove Vault").split()
TITLES = ("of the Pits|of Dawn|the Unbroken|of Ash|the Wanderer|of the Deep|the Seer|of Thorns|"
          "Reborn|the Elder|of Storms|the Hungry").split("|")
SUBTYPES = "Human Elf Goblin Zombie Spirit Wizard Warrior Cleric Rogue Dragon Beast Horror".split()
KEYWORDS = ["Flying", "Trample", "Vigilance", "Deathtouch", "Lifelink", "Haste", "Reach",
            "First strike", "Menace", "Ward {2}", "Flash", "Hexproof"]
SENTENCES = [
    "When this creature enters, draw a card.",
    "Whenever you cast an enchantment spell, put a +1/+1 counter on target creature you control.",
    "{T}: Add one mana of any color.",
    "{2}{B}, Sacrifice a creature: Each opponent loses 2 life and you gain 2 life.",
    "Destroy target creature with mana value 3 or less.",
    "Counter target spell unless its controller pays {3}.",
    "This spell deals 3 damage to any target.",
    "Creatures you control get +1/+0 until end of turn.",
    "Return target creature card from your graveyard to your hand.",
    "At the beginning of your upkeep, scry 1.",
    "Exile target artifact or enchantment an opponent controls.",
    "Whenever another creature you control dies, create a 1/1 black Rat creature token.",
]
SENTENCES_DE = ["Wenn diese Kreatur ins Spiel kommt, ziehe eine Karte.",
                "Zerstöre eine Kreatur deiner Wahl mit Manabetrag 3 oder weniger.",
                "{T}: Erzeuge ein Mana einer beliebigen Farbe."]
SENTENCES_IT = ["Quando questa creatura entra, pesca una carta.",
                "Distruggi una creatura bersaglio con valore di mana pari o inferiore a 3."]
FORMATS = ["alchemy", "brawl", "commander", "duel", "explorer", "future", "gladiator",
           "historic", "legacy", "modern", "oathbreaker", "oldschool", "pauper",
           "paupercommander", "penny", "pioneer", "predh", "premodern", "standard",
           "standardbrawl", "timeless", "vintage"]
LANGUAGES = ["German", "Italian", "French", "Spanish", "Japanese", "Portuguese (Brazil)",
             "Russian", "Chinese Simplified"]
SETS = [f"S{i:02d}" for i in range(80)] + ["DSK", "ROE", "DSC", "LEA", "M10", "2X2"]
COLORS = "WUBRG"


def _uuid(rng: random.Random) -> str:
    h = "%032x" % rng.getrandbits(128)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def _cost(rng: random.Random, colors: list[str]) -> tuple[str, float]:
    generic = rng.randint(0, 5)
    pips = [rng.choice(colors) for _ in range(rng.randint(1, 2))] if colors else []
    cost = (f"{{{generic}}}" if generic or not pips else "") + "".join(f"{{{c}}}" for c in pips)
    return cost, float(generic + len(pips))


def _face(rng: random.Random, name: str, face_name: str | None, side: str | None,
          full_name: str, with_foreign: bool) -> dict[str, Any]:
    colors = sorted(rng.sample(COLORS, rng.choice((0, 1, 1, 1, 2, 2, 3))), key=COLORS.index)
    cost, mv = _cost(rng, colors)
    creature = rng.random() < 0.55
    sub = rng.sample(SUBTYPES, rng.randint(1, 2)) if creature else []
    type_line = ("Creature — " + " ".join(sub)) if creature else rng.choice(
        ["Instant", "Sorcery", "Enchantment", "Artifact", "Legendary Artifact", "Land"])
    text = "\n".join([rng.choice(KEYWORDS)] * creature + rng.sample(SENTENCES, rng.randint(1, 3)))
    face: dict[str, Any] = {
        "colorIdentity": colors, "colors": colors, "convertedManaCost": mv,
        "edhrecRank": rng.randint(1, 30000), "edhrecSaltiness": round(rng.random(), 2),
        "firstPrinting": rng.choice(SETS),
        "identifiers": {"scryfallOracleId": _uuid(rng)},
        "keywords": [k for k in KEYWORDS if k in text][:3],
        "layout": "normal" if face_name is None else ("split" if side else "normal"),
        "legalities": {f: rng.choice(("Legal", "Legal", "Banned", "Restricted"))
                       for f in FORMATS if rng.random() < 0.7},
        "manaCost": cost, "manaValue": mv, "name": full_name,
        "printings": sorted(rng.sample(SETS, rng.randint(1, 8))),
        "purchaseUrls": {
            "cardKingdom": f"https://mtgjson.com/links/{rng.getrandbits(64):016x}",
            "cardmarket": f"https://mtgjson.com/links/{rng.getrandbits(64):016x}",
            "tcgplayer": f"https://mtgjson.com/links/{rng.getrandbits(64):016x}",
        },
        "subtypes": sub, "supertypes": ["Legendary"] if "Legendary" in type_line else [],
        "text": text, "type": type_line,
        "types": [type_line.split(" — ")[0].split()[-1]],
    }
    if creature:
        face["power"], face["toughness"] = str(rng.randint(0, 7)), str(rng.randint(1, 7))
    if face_name is not None:
        face["faceName"], face["side"] = face_name, side
    if rng.random() < 0.3:
        face["rulings"] = [{"date": f"20{rng.randint(10, 24)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
                            "text": " ".join(rng.sample(SENTENCES, 2)) + " This is a ruling."}
                           for _ in range(rng.randint(1, 4))]
    if with_foreign:
        face["foreignData"] = [{
            "faceName": f"{face_name} ({lang[:2]})" if face_name else None,
            "identifiers": {"multiverseId": str(rng.randint(1, 700000)),
                            "scryfallId": _uuid(rng)},
            "language": lang,
            "name": f"{name} ({lang[:2]})",
            "text": (rng.choice(SENTENCES_DE) if lang == "German" else
                     rng.choice(SENTENCES_IT) if lang == "Italian" else text),
            "type": "Kreatur" if lang == "German" else type_line,
            "flavorText": "A line of flavour text in another language, as printed." * 1,
        } for lang in LANGUAGES]
        for entry in face["foreignData"]:
            if entry["faceName"] is None:
                del entry["faceName"]
    return face


def _names(rng: random.Random, count: int) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    while len(out) < count:
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} {rng.choice(TITLES)}"
        if name in seen:
            name = f"{name} {len(out)}"
        seen.add(name)
        out.append(name)
    return out


def generate(path: Path, cards: int = 33000, seed: int = 0) -> int:
    """Write the file; returns its size in bytes."""
    rng = random.Random(seed)
    names = _names(rng, cards)
    with open(path, "w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2024-10-01", "version": "5.2.2+synthetic"}, "data": {')
        for i, name in enumerate(sorted(names)):
            with_foreign = rng.random() < 0.4
            roll = rng.random()
            if roll < 0.03:            # split card
                other = f"{name.split()[0]} Echo"
                full = f"{name} // {other}"
                faces = [_face(rng, full, name, "a", full, with_foreign),
                         _face(rng, full, other, "b", full, with_foreign)]
                for f in faces:
                    f["layout"] = "split"
            elif roll < 0.06:          # transform card
                other = f"{name} Unleashed"
                full = f"{name} // {other}"
                faces = [_face(rng, full, name, "a", full, with_foreign),
                         _face(rng, full, other, "b", full, with_foreign)]
                for f in faces:
                    f["layout"] = "transform"
                faces[1]["manaCost"] = ""
            else:
                full = name
                faces = [_face(rng, name, None, None, name, with_foreign)]
            out.write(("," if i else "") + json.dumps(full) + ":" +
                      json.dumps(faces, ensure_ascii=False))
        out.write("}}")
    return path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--cards", type=int, default=33000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    size = generate(args.out, args.cards, args.seed)
    print(f"wrote {args.out}: {args.cards} cards, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
