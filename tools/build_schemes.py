"""Build assets/cards/schemes.json (the Archenemy scheme cards of the Duskmourn Commander decks)
and assets/decks/schemes/*.txt (each deck's scheme deck).

Source: the MTGJSON deck files of the four Duskmourn Commander decks, in the public repository
github.com/forgemaster-MTG/MTGLibrary at commit 1dbea5e34000c903c97cf6b476f8a897107ea723, paths
`AllDeckFiles/DeathToll_DSC.json`, `EndlessPunishment_DSC.json`, `JumpScare_DSC.json`,
`MiracleWorker_DSC.json`. Each deck has a "schemes" list of ten: the English Oracle name, type
line, text and collector number, and in `foreignData` the printed German and Italian name, type
line and text.

* English, German and Italian text: the printed cards (MTGJSON). The German release notes
  (assets/cards/dsk_release_notes_de.json, section "schemes", read from seed 004) give the
  German rulings; where the notes' German text differs from the printed card, the printed text
  wins, as tools/build_card_text.py decided for the other cards (`--diff` prints each
  difference).
* The notes name 30 schemes (the new ones, with rulings); the decks hold 40 — ten are reprints
  of older schemes without rulings in the notes. All 40 are written; a reprint carries
  `"reprint": true`. (The engine builds a scheme deck only of schemes it has rules for:
  engine/rules/schemes.py build_deck.)
* assets/decks/schemes/<deck>.txt: each deck's ten schemes in the deck file's order (CR 904.3,
  the notes: at least ten schemes, at most one of each).

Usage: python tools/build_schemes.py DIR [--diff]
DIR holds the four deck files (named as in the repository, or DeathToll.json ...).
"""
from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "cards" / "schemes.json"
DECKS_OUT = ROOT / "assets" / "decks" / "schemes"
NOTES = ROOT / "assets" / "cards" / "dsk_release_notes_de.json"
SOURCE = ("forgemaster-MTG/MTGLibrary commit 1dbea5e34000c903c97cf6b476f8a897107ea723, "
          "AllDeckFiles/<Deck>_DSC.json")
#: the deck files, in product order: (file stem, file name of the deck list written)
DECKS = (("DeathToll", "death_toll"), ("EndlessPunishment", "endless_punishment"),
         ("JumpScare", "jump_scare"), ("MiracleWorker", "miracle_worker"))


def _deck_file(folder: Path, stem: str) -> Path:
    for name in (f"{stem}_DSC.json", f"{stem}.json"):
        if (folder / name).exists():
            return folder / name
    raise SystemExit(f"{stem}: no deck file in {folder}")


def _foreign(card: dict, language: str) -> dict:
    return next((f for f in card.get("foreignData", []) if f.get("language") == language), {})


def _norm(text: str) -> str:
    return " ".join(text.replace("*", "").split())


def main(folder: Path, show_diff: bool = False) -> None:
    notes = {e["name_de"]: e for e in json.loads(NOTES.read_text(encoding="utf-8")) if e["section"] == "schemes"}
    cards: dict[str, dict] = {}
    decks: dict[str, list[str]] = {}
    differences = 0
    for stem, out_name in DECKS:
        data = json.loads(_deck_file(folder, stem).read_text(encoding="utf-8"))
        data = data.get("data", data)
        decks[out_name] = [c["name"] for c in data["schemes"]]
        for c in data["schemes"]:
            de, it = _foreign(c, "German"), _foreign(c, "Italian")
            entry = {
                "name": c["name"], "set": "DSC", "number": c["number"], "rarity": c.get("rarity", "common"),
                "mana_cost": None, "colors": [], "type_line": c["type"], "text": c.get("text", ""),
                "name_de": de.get("name"), "type_line_de": de.get("type"), "text_de": de.get("text"),
                "name_it": it.get("name"), "type_line_it": it.get("type"), "text_it": it.get("text"),
            }
            note = notes.get(entry["name_de"] or "")
            if note is None:
                entry["reprint"] = True  # not among the notes' new schemes: no rulings there
            else:
                entry["rulings_de"] = note.get("rulings_de") or []
                if _norm(note["text_de"]) != _norm(entry["text_de"] or ""):
                    differences += 1
                    if show_diff:
                        print(f"{entry['name']} ({entry['name_de']}): notes vs printed")
                        for line in difflib.ndiff([_norm(note["text_de"])], [_norm(entry["text_de"] or "")]):
                            print("   ", line)
            cards.setdefault(c["name"], entry)
    missing = sorted(set(notes) - {c["name_de"] for c in cards.values()})
    if missing:
        raise SystemExit(f"schemes of the notes in no deck: {missing}")
    ordered = sorted(cards.values(), key=lambda c: int(c["number"]))
    OUT.write_text(json.dumps({"set": "DSC", "kind": "schemes", "source": SOURCE, "count": len(ordered),
                               "cards": ordered}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    DECKS_OUT.mkdir(parents=True, exist_ok=True)
    for name, schemes in decks.items():
        (DECKS_OUT / f"{name}.txt").write_text(
            f"# The scheme deck of the Duskmourn Commander deck {name!r} (source: {SOURCE})\n"
            + "".join(f"1 {s}\n" for s in schemes), encoding="utf-8")
    print(f"{len(ordered)} schemes ({sum(1 for c in ordered if c.get('reprint'))} reprints) -> "
          f"{OUT.relative_to(ROOT)}; {len(decks)} scheme decks -> {DECKS_OUT.relative_to(ROOT)}; "
          f"{differences} German texts differ from the notes (printed kept)")


if __name__ == "__main__":
    main(Path(sys.argv[1]), "--diff" in sys.argv[2:])
