"""Build the product's card assets from the prepared data in ../shared/data.

The product never reads ../shared at run time; this script copies what it needs
into assets/ (run it again when shared/data changes):

    python tools/build_assets.py [SHARED_DATA_DIR]

A card's English name is its Oracle name: the release notes' data spells one name without its
accent ("Seance Board"); MTGJSON (the Duskmourn Commander deck files of
forgemaster-MTG/MTGLibrary at 1dbea5e34000c903c97cf6b476f8a897107ea723, which
tools/build_dsc_decks.py reads: AllDeckFiles/EndlessPunishment_DSC.json, DSC #40) and the
printed deck list spell it "Séance Board" (tools/release_cards.py ORACLE_NAMES). One card has one name: two
spellings would make two cards that fold to one lookup key (tests/cards/test_name_keys.py).
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import build_card_text
import build_spg
from release_cards import card_record

ROOT = Path(__file__).resolve().parent.parent
# The product's own additions to the shared glossary (key, column, value): the release notes'
# German plural "Länder" (Länderkarten) is a form of "land" the terms check accepts.
GLOSSARY_AMENDMENTS = (("type_land", 2, "Land; Länder"),)


def amend_glossary(text: str) -> str:
    """The shared glossary with GLOSSARY_AMENDMENTS applied; raises if a key or its old value
    is gone (the shared file changed: look at the amendment again)."""
    lines = text.splitlines(keepends=True)
    for key, col, value in GLOSSARY_AMENDMENTS:
        row = next((i for i, line in enumerate(lines) if line.split("\t", 1)[0] == key), None)
        if row is None:
            raise SystemExit(f"glossary: no row {key!r} to amend")
        cells = lines[row].rstrip("\n").split("\t")
        cells[col] = value
        lines[row] = "\t".join(cells) + "\n"
    return "".join(lines)


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "data"
    out = ROOT / "assets" / "cards"
    out.mkdir(parents=True, exist_ok=True)
    for fname, target in (("dsk_cards.json", "dsk.json"), ("dsc_cards.json", "dsc.json"),
                          ("roe_levelers.json", "roe.json")):
        data = json.loads((src / fname).read_text(encoding="utf-8"))
        cards = [card_record(c) for c in data["cards"]]
        payload = {"set": data["meta"]["set"], "count": len(cards), "cards": cards}
        (out / target).write_text(json.dumps(payload, ensure_ascii=False, indent=0) + "\n",
                                  encoding="utf-8")
        print(f"{target}: {len(cards)} cards")
    shutil.copy(src / "dsk_general_rulings_de.json", out / "dsk_general_rulings_de.json")
    shutil.copy(src / "dsk_release_notes_de.json", out / "dsk_release_notes_de.json")
    # the Special Guests cards: German from the release notes, English written down in build_spg
    notes = json.loads((src / "dsk_release_notes_de.json").read_text(encoding="utf-8"))
    (out / "spg.json").write_text(json.dumps(build_spg.build(notes), ensure_ascii=False, indent=0) + "\n",
                                  encoding="utf-8")
    (ROOT / "i18n" / "glossary.tsv").write_text(
        amend_glossary((src / "glossary.tsv").read_text(encoding="utf-8")), encoding="utf-8")
    build_card_text.build()  # the printed German and Italian text (tools/data/foreign_*.jsonl)
    # the card files changed: the index a game reads them by (assets/cards/index.json)
    subprocess.run([sys.executable, "-m", "engine.cards", "index"], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
