"""Merge printed German and Italian card text into assets/cards/*.json.

Source: the MTGJSON set files kept by the public repository taw/magic-search-engine-data
(https://github.com/taw/magic-search-engine-data), path data/sets/<SET>.json, commit
00dfcbfa93b2ba7a5ffad998c361dc544399c3b2: each printing's `foreignData` (name, type, text
per language). The files are too large to keep here, so the German and Italian entries
of the bundled cards were copied into compact extraction files, tools/data/foreign_<set>.jsonl:
a first line naming the source (repository, path, commit), then one record per card (per
door for a Room):

    {"n": "158", "f": "a", "de": [name, type line, text], "it": [name, type line, text]}

`f` is the door ("a" left, "b" right) of a Room; a language the source has no text for
(Italian for the DSC face commanders) is absent, and a null name keeps the one the assets have
(the source names some Room doors in English only). Room texts leave the Room reminder out; it
is added here once per language (ROOM_REMINDER).

The Italian gap, looked for again in session 14: the foreignData of DSC 1-8 (the decks' foil
borderless commanders) lists German, French and Japanese only (Gatherer multiverse ids, e.g.
Aminatou 675466/675474/675482), in this commit and in taw/magic-search-engine-data's
8ecddf52fde0c118b2937ea3acacb517c3552ca9, while every other card of the four decks (the DSC new
cards 9-40 too) lists Italian and Spanish as well (MTGJSON deck files of forgemaster-MTG/MTGLibrary
at 1dbea5e34000c903c97cf6b476f8a897107ea723); Forge's Italian file (05d3355813d2, the newest
stored) has no line for them; no other stored source (Scryfall data, translation sites) names
them or the five Rooms' first doors in Italian. Nothing is filled.

The Special Guests (SPG) printing has no foreign data in any source we have: their German
comes from the release notes, and their Italian from each card's most recent Italian printing
in the MTGJSON deck files of forgemaster-MTG/MTGLibrary (commit
1dbea5e34000c903c97cf6b476f8a897107ea723, tools/data/foreign_spg.jsonl names the deck file
and printing per card): five of the eight; Expropriate, Sacrifice and Unholy Heat have no
Italian printing there. Older printings keep their printed wording ("entra nel campo di
battaglia", "costo di mana convertito"), as ROE keeps its 2010 wording.

Second source, for gaps only: Forge's card-name translation files (Card-Forge/forge,
forge-gui/res/languages/cardnames-it-IT.txt at commit 05d3355813d21f44efe7415b59312d87bec6a3e7
and cardnames-de-DE.txt at 37f2702675e9e9df3fba1929a3ee096ff56ce7e8; `English|name|type|text`,
one printing per name, copied by Forge's tools from Scryfall's printed_name/printed_type_line/
printed_text). The lines read are kept in tools/data/foreign_forge.jsonl. They fill a name, type
line or text that MTGJSON lacks (never replace it): Expropriate, Sacrifice (name only) and Unholy
Heat in Italian, the text of Beanstalk Giant's Adventure face (Fertile Footsteps) in German and
Italian. A name that contains the English one (the source's Room doors: "Secret Arcade // Dusty
Parlor") and a type line or text in English (Forge has English placeholders for unprinted cards)
are not taken. A filled gap is marked on the card or face: `foreign_from: {lang: source}`.
`--verify-forge` compares every line with the MTGJSON text of the same card where both exist.

What is written per card: name_de / name_it, type_line_de / type_line_it, text_de /
text_it, and per Room door the same keys in `faces`. German from the printing replaces the
German of the release notes (tools/build_assets.py) where both exist: the printed text is
the wording on the card (the release notes quote the same text, at times with older
wording or typos; docs/cards.md says which differ). `--diff` lists those differences
instead of writing.

    python tools/build_card_text.py            # write assets/cards/*.json
    python tools/build_card_text.py --diff     # where the release notes' German differs
                                               # (from tools/build_assets.py's source folder)
    python tools/build_card_text.py --check    # exit 1 if the assets are not up to date
    python tools/build_card_text.py --verify-forge   # agreement of the Forge lines with MTGJSON
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import card_text_forge
from release_cards import card_record

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tools" / "data"
CARDS = ROOT / "assets" / "cards"
LANGS = ("de", "it")

ROOM_REMINDER = {
    "de": "(Du kannst eine beliebige Hälfte wirken und jene Tür wird im Spiel entsperrt. Du kannst die "
          "Manakosten der noch versperrten Tür wie eine Hexerei bezahlen, um sie zu entsperren.)",
    "it": "(Puoi lanciare una qualsiasi delle due metà. Quella porta si sblocca sul campo di battaglia. "
          "Come una stregoneria, puoi pagare il costo di mana di una porta bloccata per sbloccarla.)",
}


# Basic lands print only their name and type line; their German and Italian names are the
# standard ones every printing uses (engine/decks/names.py reads decks with them too).
BASICS = {
    "Plains": {"de": ("Ebene", "Standardland — Ebene"), "it": ("Pianura", "Terra Base — Pianura")},
    "Island": {"de": ("Insel", "Standardland — Insel"), "it": ("Isola", "Terra Base — Isola")},
    "Swamp": {"de": ("Sumpf", "Standardland — Sumpf"), "it": ("Palude", "Terra Base — Palude")},
    "Mountain": {"de": ("Gebirge", "Standardland — Gebirge"), "it": ("Montagna", "Terra Base — Montagna")},
    "Forest": {"de": ("Wald", "Standardland — Wald"), "it": ("Foresta", "Terra Base — Foresta")},
}


# card files that carry their printed German/Italian from their own build script
OWN_BUILDERS = {"dsc_decks": "tools/build_dsc_decks.py", "schemes": "tools/build_schemes.py"}


def load_extraction(set_code: str) -> tuple[dict, dict[str, dict]]:
    """(source header, records by number; a Room's record has 'a' and 'b' doors)."""
    path = DATA / f"foreign_{set_code.lower()}.jsonl"
    if not path.exists():
        return {}, {}
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    header, records = lines[0], lines[1:]
    out: dict[str, dict] = {}
    for rec in records:
        n = str(rec["n"])
        if "f" in rec:
            out.setdefault(n, {"doors": {}})["doors"][rec["f"]] = rec
        else:
            out[n] = rec
    return header, out


def _clean(text: str) -> str:
    text = re.sub(r"„([^\"“]*)\"", r"„\1“", text)  # the data closes German quotes with a plain "
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def merge_card(card: dict, rec: dict, diffs: list[str]) -> None:
    """Write the printed names, type lines and texts of `rec` into `card` (in place)."""
    for lang in LANGS:
        if "doors" in rec:
            doors = [rec["doors"].get(k, {}).get(lang) for k in ("a", "b")]
            if not all(doors):
                continue
            faces = card.get("faces") or []
            for face, (name, type_line, text) in zip(faces, doors):
                if name:  # DSC's doors come without their printed names: keep what there is
                    face[f"name_{lang}"] = name
                face[f"type_line_{lang}"] = type_line
                face[f"text_{lang}"] = _clean(text)
            names = [f.get(f"name_{lang}") for f in faces[:2]]
            name = " // ".join(names) if all(names) else card.get(f"name_{lang}")
            type_line = doors[0][1]
            text = f"{_clean(doors[0][2])}\n//\n{_clean(doors[1][2])}\n{ROOM_REMINDER[lang]}"
        else:
            entry = rec.get(lang)
            if not entry:
                continue
            name, type_line, text = entry
            text = _clean(text)
        old = card.get(f"text_{lang}")
        if lang == "de" and old and old.strip() != text:
            diffs.append(f"{card['set']} {card['number']} {card['name']}:\n  release notes: {old!r}\n"
                         f"  printed:       {text!r}")
        if lang == "de" and name and card.get("name_de") and card["name_de"] != name:
            diffs.append(f"{card['set']} {card['number']} name: {card['name_de']!r} -> {name!r}")
        if name:
            card[f"name_{lang}"] = name
        card[f"type_line_{lang}"] = type_line
        if text:
            card[f"text_{lang}"] = text


def build(write: bool = True, notes: Path | None = None) -> tuple[list[str], bool]:
    """Merge every extraction file into its set file; (differences, whether anything changed).

    `notes`: the folder of the release-notes data (tools/build_assets.py's source); when
    given, the German is compared with the release notes' German instead of the assets'."""
    diffs: list[str] = []
    changed = False
    forge_header, forge_lines = card_text_forge.load()
    for path in sorted(CARDS.glob("*.json")):
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw)
        if not isinstance(data, dict) or "cards" not in data or path.stem in OWN_BUILDERS:
            continue  # the rulings files; sets another script builds with their foreign text
        header, records = load_extraction(data.get("set", path.stem))
        if not records:
            continue
        before = _release_notes(notes, data["set"]) if notes else {}
        for card in data["cards"]:
            if before:  # compare with the release notes' German, not what was merged before
                old = before.get(str(card["number"]), {})
                card = {**card, "name_de": old.get("name_de"), "text_de": old.get("text_de"),
                        "faces": [dict(f) for f in card.get("faces") or ()]}
            rec = records.get(str(card["number"]))
            if rec is None and card["name"] in BASICS:
                rec = {lang: [*BASICS[card["name"]][lang], ""] for lang in LANGS}
            if rec is not None:
                merge_card(card, rec, diffs)
            if not before:
                card_text_forge.fill(card, forge_header, forge_lines)
        data["foreign_source"] = {k: header[k] for k in ("source", "path", "commit") if k in header}
        new = json.dumps(data, ensure_ascii=False, indent=0) + "\n"
        if new != raw:
            changed = True
            if write and not before:
                path.write_text(new, encoding="utf-8")
    return diffs, changed


def _release_notes(folder: Path, set_code: str) -> dict[str, dict]:
    """The release notes' cards of a set by number (as tools/build_assets.py reads them)."""
    source = {"DSK": "dsk_cards.json", "DSC": "dsc_cards.json", "ROE": "roe_levelers.json"}.get(set_code)
    if source is None or not (folder / source).exists():
        return {}
    cards = json.loads((folder / source).read_text(encoding="utf-8"))["cards"]
    return {str(c.get("number")): card_record(c) for c in cards}


def verify_forge() -> int:
    """Print how far the Forge lines agree with MTGJSON on the cards where both have text."""
    files = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(CARDS.glob("*.json"))]
    cards = [c for data in files if isinstance(data, dict) for c in data.get("cards") or []
             if isinstance(c, dict) and "name" in c]
    _, lines = card_text_forge.load()
    stats, diffs = card_text_forge.verify(cards, lines)
    print("\n".join(diffs))
    for lang, parts in stats.items():
        shown = ", ".join(f"{part} {a} of {n}" for part, (a, n) in parts.items())
        print(f"{lang}: Forge agrees with MTGJSON on {shown}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    notes = next((p / "shared" / "data" for p in (ROOT.parent, ROOT.parent.parent)
                  if (p / "shared" / "data").is_dir()), ROOT.parent / "shared" / "data")
    p.add_argument("--diff", nargs="?", const=str(notes), metavar="NOTES",
                   help="list where the release notes' German (NOTES: tools/build_assets.py's "
                        "source folder, default ../shared/data) differs from the printing")
    p.add_argument("--check", action="store_true", help="exit 1 if assets/cards is not up to date")
    p.add_argument("--verify-forge", action="store_true",
                   help="compare the Forge lines (tools/data/foreign_forge.jsonl) with the MTGJSON text")
    args = p.parse_args(argv)
    if args.verify_forge:
        return verify_forge()
    diffs, changed = build(write=not (args.diff or args.check), notes=Path(args.diff) if args.diff else None)
    if args.diff:
        print("\n".join(diffs) or "no differences")
        print(f"{len(diffs)} differences", file=sys.stderr)
    if args.check and changed:
        print("assets/cards is not up to date: run python tools/build_card_text.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
