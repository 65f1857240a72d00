"""The second source of printed German/Italian card text: lines of Forge's translation files.

Card-Forge/forge keeps forge-gui/res/languages/cardnames-<lang>.txt (`English|name|type|text`,
one line per English name); its tools copy each line from Scryfall's printed_name,
printed_type_line and printed_text of one printing of the card. The lines read for this project
are in tools/data/foreign_forge.jsonl (source, paths and commits in its first line). They are
used only where MTGJSON has nothing (`fill`), and only when they are the printed card's: a name
that contains the English name (the source names DSC's Room doors "Secret Arcade // Dusty
Parlor" in every language) or a type line or text in English (Forge keeps English placeholders
for cards not printed in a language) is left out. `verify` compares every line with the MTGJSON
text of the same card (tools/build_card_text.py --verify-forge).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORGE = ROOT / "tools" / "data" / "foreign_forge.jsonl"
LANGS = ("de", "it")
FIELDS = (("name", "name"), ("type", "type_line"), ("text", "text"))

# Words of English rules text that German and Italian card text never uses (Italian "creature"
# is a plural, so it is not one of them).
_ENGLISH_TEXT = re.compile(r"\b(?:the|you|your|target|each|draw|this|until)\b")
_ENGLISH_TYPE = re.compile(r"\b(?:Creature|Instant|Sorcery|Artifact|Enchantment|Legendary|Planeswalker)\b")
ROOM_REMINDER = {
    "de": "(Du kannst eine beliebige Hälfte wirken und jene Tür wird im Spiel entsperrt. Du kannst die "
          "Manakosten der noch versperrten Tür wie eine Hexerei bezahlen, um sie zu entsperren.)",
    "it": "(Puoi lanciare una qualsiasi delle due metà. Quella porta si sblocca sul campo di battaglia. "
          "Come una stregoneria, puoi pagare il costo di mana di una porta bloccata per sbloccarla.)",
}


def load(path: Path = FORGE) -> tuple[dict, dict[tuple[str, str], dict]]:
    """(header, the lines by (language, English name)); names checked absent are left out."""
    if not path.exists():
        return {}, {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return rows[0], {(r["lang"], r["en"]): r for r in rows[1:] if not r.get("absent")}


def label(header: dict, lang: str) -> str:
    """Where a filled gap came from, as written into the card data."""
    return f"{header['source']} {header['paths'][lang]}@{header['commits'][lang][:12]}"


def clean(text: str) -> str:
    text = re.sub(r"„([^\"“]*)\"", r"„\1“", text)  # the file closes German quotes with a plain "
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def usable(line: dict) -> dict[str, str]:
    """The parts of a line that are the printed card's: {"name"?, "type"?, "text"?}."""
    out: dict[str, str] = {}
    en = line["en"]
    if line.get("name") and en not in line["name"]:
        out["name"] = line["name"]
    if line.get("type") and not _ENGLISH_TYPE.search(line["type"]):
        out["type"] = line["type"]
    if line.get("text") and not _ENGLISH_TEXT.search(line["text"]):
        out["text"] = clean(line["text"])
    return out


def _fill_one(target: dict, line: dict | None, lang: str, source: str) -> list[str]:
    if line is None:
        return []
    got = usable(line)
    filled = [part for part, key in FIELDS if got.get(part) and not target.get(f"{key}_{lang}")]
    for part, key in FIELDS:
        if part in filled:
            target[f"{key}_{lang}"] = got[part]
    if filled:
        target.setdefault("foreign_from", {})[lang] = f"{source} ({', '.join(filled)})"
    return filled


def fill(card: dict, header: dict, lines: dict[tuple[str, str], dict]) -> None:
    """Fill, in place, the name, type line and text `card` (or each of its faces) lacks in a
    language from the Forge lines; never replaces what the card has. A card with faces gets
    its whole name/type/text joined from the faces once every face has it (" // ", "\\n//\\n",
    as tools/build_dsc_decks.py joins an adventurer's faces)."""
    for lang in LANGS:
        source = label(header, lang) if header else ""
        faces = card.get("faces") or []
        if not faces:
            _fill_one(card, lines.get((lang, card["name"])), lang, source)
            continue
        if not any([_fill_one(face, lines.get((lang, face["name"])), lang, source) for face in faces]):
            continue
        for key, sep in (("name", " // "), ("type_line", " // "), ("text", "\n//\n")):
            parts = [face.get(f"{key}_{lang}") for face in faces]
            if all(parts) and not card.get(f"{key}_{lang}"):
                card[f"{key}_{lang}"] = sep.join(p for p in parts if p)
                card.setdefault("foreign_from", {})[lang] = f"{source} (faces)"


def verify(cards: list[dict], lines: dict[tuple[str, str], dict]) -> tuple[dict, list[str]]:
    """Compare each line with the same card's (or face's) MTGJSON text where both exist.

    Returns ({lang: {part: [agreeing, compared]}}, the differences). A part the card got from
    Forge is not compared; the Room reminder the file appends to a door's text is set aside."""
    by_name: dict[str, dict] = {}
    for card in cards:
        by_name.setdefault(card["name"], card)
        for face in card.get("faces") or ():
            by_name.setdefault(face["name"], face)
    stats = {lang: {part: [0, 0] for part, _ in FIELDS} for lang in LANGS}
    diffs: list[str] = []
    for (lang, en), line in sorted(lines.items()):
        ours = by_name.get(en)
        if ours is None:
            continue
        marked = (ours.get("foreign_from") or {}).get(lang, "")
        filled = marked.rsplit("(", 1)[-1] if marked else ""  # "... (name, text)": the parts taken
        for part, key in FIELDS:
            theirs, mine = line.get(part) or "", ours.get(f"{key}_{lang}") or ""
            if not theirs or not mine or part in filled:
                continue
            if part == "text":
                theirs = clean(theirs)
                if theirs.endswith(ROOM_REMINDER[lang]):
                    theirs = theirs[: -len(ROOM_REMINDER[lang])].rstrip()
                mine = clean(mine)
            stats[lang][part][1] += 1
            if theirs == mine:
                stats[lang][part][0] += 1
            else:
                diffs.append(f"{lang} {en} {part}:\n  MTGJSON: {mine!r}\n  Forge:   {theirs!r}")
    return stats, diffs
