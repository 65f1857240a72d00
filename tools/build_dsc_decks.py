"""Build the card data and deck lists of the four Duskmourn Commander decks (issue 28).

Source: MTGJSON deck files (format 5.2.2, 2026-01-03) kept by the public repository
forgemaster-MTG/MTGLibrary (https://github.com/forgemaster-MTG/MTGLibrary), commit
1dbea5e34000c903c97cf6b476f8a897107ea723, paths AllDeckFiles/DeathToll_DSC.json,
EndlessPunishment_DSC.json, JumpScare_DSC.json, MiracleWorker_DSC.json. Each card of a deck
is its DSC printing with English Oracle text, rulings (English, dated) and `foreignData`
(the printed German and Italian name, type line and text).

What is written:

* assets/cards/dsc_decks.json: every card of the four decks that is not already a bundled
  card (DSK, DSC's new cards, ROE, SPG keep their own files and their release-note rulings),
  in the record shape of assets/cards/dsc.json, plus `rulings` (the English Oracle rulings,
  which the source has for these cards; the release notes have none of them) and `decks`
  (which of the four decks list the card).
* assets/decks/commander/official/<deck>.txt: the four deck lists as printed (commander
  first, "Commander" and "Deck" sections of the plain-text format engine/decks reads).
* The scheme decks are tools/build_schemes.py's part.

A deck card is the bundled card when its name folds to a bundled card's lookup key
(engine/decks/names.py `normalize_name`); the spellings must then agree, or the build stops:
two records whose names fold alike are two cards under one key (the release notes spelled
"Seance Board" without its accent, and this script wrote "Séance Board" a second time until
tools/release_cards.py's ORACLE_NAMES gave the bundled card its Oracle name).

`bundled_rulings`: the English Oracle rulings of the bundled cards named in KEEP_RULINGS, kept
for `python -m engine.cards rulings` (group "reprints"): Séance Board's two, encoded while it was
a second record here (tests/scenarios/dsc_reprints/rulings/seance_board_*.toml); one of them (the
{X} spell's mana value) is not in the German release notes. The other bundled cards' English
rulings are the release notes' rulings in English and are left out, as before.

The source's own text is used as is (Oracle wording); where a language has no printing the
key is absent and `python -m engine.cards coverage --lang it|de` lists the card. A gap the
second source fills (tools/card_text_forge.py, Forge's translation files at the commits named in
tools/data/foreign_forge.jsonl) is marked `foreign_from` on the card or face.

    python tools/build_dsc_decks.py [--source DIR_OR_GIT_MIRROR]

DIR_OR_GIT_MIRROR is a folder with the four JSON files, or a git directory of the repository
(then the files are read at the pinned commit). The default is the local mirror that the
`fetch` tool makes: /work/.mirror/forgemaster-MTG+MTGLibrary/repo.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import card_text_forge

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from engine.decks.names import normalize_name  # noqa: E402  (the lookup key a deck file's names are read by)

CARDS = ROOT / "assets" / "cards"
DECKS_OUT = ROOT / "assets" / "decks" / "commander" / "official"
REPO = "forgemaster-MTG/MTGLibrary"
COMMIT = "1dbea5e34000c903c97cf6b476f8a897107ea723"
DEFAULT_SOURCE = Path("/work/.mirror/forgemaster-MTG+MTGLibrary/repo")
# deck file stem -> (deck name, output file stem)
DECKS = {"DeathToll": ("Death Toll", "death_toll"),
         "EndlessPunishment": ("Endless Punishment", "endless_punishment"),
         "JumpScare": ("Jump Scare!", "jump_scare"),
         "MiracleWorker": ("Miracle Worker", "miracle_worker")}
# The DSC printing's foreignData names this face in English ("Beanstalk Giant") while its
# text says "des Bohnenranken-Riesen" / "del Gigante dei Fagioli": the face names of the
# Throne of Eldraine printing (same repository and commit, AllDeckFiles/OkoTheTrickster_ELD.json).
FACE_NAMES = {"Beanstalk Giant": {"de": "Bohnenranken-Riese", "it": "Gigante dei Fagioli"}}
BUNDLED = ("dsk", "dsc", "roe", "spg")
# bundled cards whose English Oracle rulings are kept in `bundled_rulings` (see the docstring)
KEEP_RULINGS = ("Séance Board",)
LANGS = {"German": "de", "Italian": "it"}
# Faces the deck files leave out: MTGJSON lists an adventurer card (CR 715) by its first face
# only. The Oracle text of the missing face, with the German and Italian face names the
# source gives in the card's full printed name; their printed text is not in the source: it
# comes from the second source (tools/card_text_forge.py: Forge's translation files, the
# Throne of Eldraine printing's text), marked `foreign_from` on the face.
MISSING_FACES = {
    "Beanstalk Giant // Fertile Footsteps": {
        "side": "b", "faceName": "Fertile Footsteps", "manaCost": "{2}{G}", "type": "Sorcery — Adventure",
        "text": "Search your library for a basic land card, put it onto the battlefield, then shuffle.",
        "colors": ["G"], "foreignData": [
            {"language": "German", "faceName": "Blühender Schritt", "type": "Hexerei — Abenteuer"},
            {"language": "Italian", "faceName": "Passi Fertili", "type": "Stregoneria — Avventura"}]},
}


def read_deck(source: Path, stem: str) -> dict:
    name = f"AllDeckFiles/{stem}_DSC.json"
    if (source / f"{stem}_DSC.json").is_file():
        return json.loads((source / f"{stem}_DSC.json").read_text(encoding="utf-8"))["data"]
    raw = subprocess.run(["git", "--git-dir", str(source), "show", f"{COMMIT}:{name}"],
                         check=True, capture_output=True).stdout
    return json.loads(raw)["data"]


def _foreign(entry: dict) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for f in entry.get("foreignData") or []:
        lang = LANGS.get(f.get("language"))
        if lang:
            out[lang] = f
    return out


def _pt(entry: dict, rec: dict) -> None:
    for key in ("power", "toughness", "loyalty"):
        if entry.get(key) is not None:
            rec[key] = entry[key]


def record(entries: list[dict], decks: list[str]) -> dict:
    """One card's record from its printing's entries (one, or one per face)."""
    if entries[0]["name"] in MISSING_FACES and len(entries) == 1:
        entries = entries + [MISSING_FACES[entries[0]["name"]]]
    entries = sorted(entries, key=lambda e: e.get("side") or "a")
    first = entries[0]
    rec: dict = {"name": first["name"], "set": "DSC", "number": first["number"], "rarity": first["rarity"]}
    foreign = [_foreign(e) for e in entries]
    if len(entries) == 1:
        rec["mana_cost"] = first.get("manaCost")
        rec["colors"] = first.get("colors") or []
        rec["type_line"] = first["type"]
        _pt(first, rec)
        rec["text"] = first.get("text") or ""
        for lang in LANGS.values():
            f = foreign[0].get(lang)
            if f:
                rec[f"name_{lang}"] = f["name"]
                rec[f"type_line_{lang}"] = f.get("type")
                rec[f"text_{lang}"] = f.get("text") or ""
    else:  # an adventurer card (CR 715): the faces, as Rooms' faces are kept
        rec["mana_cost"] = " // ".join(e.get("manaCost") or "" for e in entries)
        rec["colors"] = sorted({c for e in entries for c in e.get("colors") or []})
        rec["type_line"] = " // ".join(e["type"] for e in entries)
        _pt(first, rec)
        rec["text"] = "\n//\n".join(e.get("text") or "" for e in entries)
        faces = []
        for e, f in zip(entries, foreign):
            face = {"name": e["faceName"], "mana_cost": e.get("manaCost"), "type_line": e["type"],
                    "text": e.get("text") or ""}
            _pt(e, face)
            for lang in LANGS.values():
                if f.get(lang):
                    face[f"name_{lang}"] = (FACE_NAMES.get(e["faceName"], {}).get(lang)
                                            or f[lang].get("faceName") or f[lang]["name"])
                    face[f"type_line_{lang}"] = f[lang].get("type")
                    if f[lang].get("text"):
                        face[f"text_{lang}"] = f[lang]["text"]
            faces.append(face)
        rec["faces"] = faces
        for lang in LANGS.values():
            if all(face.get(f"name_{lang}") for face in faces):
                rec[f"name_{lang}"] = " // ".join(face[f"name_{lang}"] for face in faces)
                rec[f"type_line_{lang}"] = " // ".join(face[f"type_line_{lang}"] or "" for face in faces)
            if all(face.get(f"text_{lang}") for face in faces):
                rec[f"text_{lang}"] = "\n//\n".join(face[f"text_{lang}"] for face in faces)
    rec["rulings"] = [r["text"] for r in first.get("rulings") or []]
    rec["decks"] = decks
    return rec


def deck_list(name: str, data: dict) -> str:
    lines = [f"// NAME: {name}", "// The printed deck list of this Duskmourn Commander deck (2024).",
             f"// Source: MTGJSON via {REPO} at {COMMIT[:12]}, tools/build_dsc_decks.py.", "", "Commander"]
    lines += [f"{c['count']} {c['name']}" for c in data["commander"]]
    lines += ["", "Deck"]
    counts: dict[str, int] = {}
    for c in data["mainBoard"]:  # a card printed twice in the deck (basic lands' arts) is summed
        counts[c["name"]] = counts.get(c["name"], 0) + c["count"]
    lines += [f"{n} {name}" for name, n in sorted(counts.items())]
    return "\n".join(lines) + "\n"


def build(source: Path) -> tuple[dict, dict[str, str]]:
    bundled = {normalize_name(c["name"]): c["name"]
               for s in BUNDLED for c in json.loads((CARDS / f"{s}.json").read_text("utf-8"))["cards"]}
    entries: dict[str, list[dict]] = {}
    decks_of: dict[str, list[str]] = {}
    kept_rulings: dict[str, dict] = {}
    lists: dict[str, str] = {}
    for stem, (deck, out) in DECKS.items():
        data = read_deck(source, stem)
        lists[out] = deck_list(deck, data)
        for c in data["commander"] + data["mainBoard"]:
            same = bundled.get(normalize_name(c["name"]))
            if same is not None and same != c["name"]:
                raise SystemExit(f"{c['name']!r} (deck {deck}) and the bundled {same!r} fold to one lookup key: "
                                 "give the bundled card its Oracle name (tools/release_cards.py ORACLE_NAMES)")
            if same is not None:
                if same in KEEP_RULINGS:
                    kept = kept_rulings.setdefault(same, {"name": same, "rulings": [r["text"] for r in c.get("rulings") or []],
                                                          "decks": []})
                    if deck not in kept["decks"]:
                        kept["decks"].append(deck)
                continue
            if deck not in decks_of.setdefault(c["name"], []):
                decks_of[c["name"]].append(deck)
            sides = entries.setdefault(c["name"], [])
            if all((e.get("side"), e["uuid"]) != (c.get("side"), c["uuid"]) for e in sides):
                sides.append(c)
    lost = [n for n in KEEP_RULINGS if n not in kept_rulings]
    if lost:
        raise SystemExit(f"KEEP_RULINGS names cards no deck lists as bundled cards: {lost}")
    cards = [record(v, decks_of[k]) for k, v in sorted(entries.items(), key=lambda kv: int(kv[1][0]["number"]))]
    forge_header, forge_lines = card_text_forge.load()
    for card in cards:  # gaps MTGJSON leaves (the Adventure face's text): tools/card_text_forge.py
        card_text_forge.fill(card, forge_header, forge_lines)
    payload = {"set": "DSC", "count": len(cards),
               "source": {"source": f"https://github.com/{REPO}", "paths": [f"AllDeckFiles/{s}_DSC.json" for s in DECKS],
                          "commit": COMMIT},
               "cards": cards,
               "bundled_rulings": [kept_rulings[n] for n in KEEP_RULINGS]}
    return payload, lists


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    args = parser.parse_args(argv)
    payload, lists = build(args.source)
    (CARDS / "dsc_decks.json").write_text(json.dumps(payload, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    DECKS_OUT.mkdir(parents=True, exist_ok=True)
    for stem, text in lists.items():
        (DECKS_OUT / f"{stem}.txt").write_text(text, encoding="utf-8")
    print(f"dsc_decks.json: {payload['count']} cards; {len(lists)} deck lists in {DECKS_OUT.relative_to(ROOT)}")
    # the card files changed: the index a game reads them by (assets/cards/index.json)
    subprocess.run([sys.executable, "-m", "engine.cards", "index"], cwd=ROOT, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
