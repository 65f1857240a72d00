"""Type lines, keywords and a few labels in the UI language, from the glossary.

The card data has German type lines for most DSK cards and no Italian ones. Missing type
lines are built from the glossary (i18n/glossary.tsv, first alternative of a cell) with
each language's grammar: German compounds card types ("Artefaktkreatur") and inflects
supertypes by the gender of the head type ("Legendärer Planeswalker"), and separates
subtypes with commas; Italian puts the head type first, lets the supertype agree after it
("Creatura Artefatto Leggendaria"), and lists creature subtypes in reverse order
("Creatura — Sopravvissuto Umano" for "Human Survivor"), as the printed Italian cards do.
"""
from __future__ import annotations

import csv
import re
from functools import lru_cache

from app.catalogs import catalog
from app.render.subtypes import SUBTYPES
from engine.messages import N_, fill
from engine.paths import ASSETS

GLOSSARY = ASSETS.parent / "i18n" / "glossary.tsv"
LANGS = ("en", "de", "it")

CARD_TYPES = {"Artifact": "type_artifact", "Creature": "type_creature", "Enchantment": "type_enchantment",
              "Instant": "type_instant", "Land": "type_land", "Planeswalker": "type_planeswalker",
              "Sorcery": "type_sorcery", "Kindred": "type_kindred", "Tribal": "type_kindred",
              "Battle": "type_battle"}
SUPERTYPES = {"Legendary": "supertype_legendary", "Basic": "supertype_basic", "Snow": "supertype_snow"}

# Grammatical gender of each card type as a head noun (glossary_notes.md §2.5).
_GENDER_DE = {"type_creature": "f", "type_enchantment": "f", "type_sorcery": "f", "type_battle": "f",
              "type_kindred": "f", "type_artifact": "n", "type_land": "n", "type_planeswalker": "m",
              "type_instant": "m"}
_GENDER_IT = {"type_creature": "f", "type_land": "f", "type_sorcery": "f", "type_battle": "f"}

# Whole sentences the renderer prints itself (in the card's language, which may differ from
# the UI's); {cost} is a mana cost in brace notation. Translated in the gettext catalogs.
_SENTENCES = {
    "level_up": N_("Level up {cost} ({cost}: Put a level counter on this. Level up only as a sorcery.)"),
    "no_data": N_("(No card data available.)"),
}

# The rules texts of the tokens the engine makes itself (engine/cards/sets/token_defs.py): no
# card file carries them in German or Italian, so a token on a German table spoke English.
# English text -> its catalog message, worded as the German and Italian cards that make them and
# CR 111.10a print it ("this artifact", "this creature" where the English says "this token"):
# Piggy Bank's Treasure, Niko's Shards, Toby's Beast, I Call for Slaughter's Devils. Mana symbols
# are placeholders filled from _SYMBOLS (every catalog text formats; "{2}" would be positional).
TOKEN_TEXTS = {
    "{T}, Sacrifice this token: Add one mana of any color.":
        N_("{T}, Sacrifice this artifact: Add one mana of any color."),
    "When this token dies, it deals 1 damage to any target.":
        N_("When this creature dies, it deals 1 damage to any target."),
    "({T}: Add {W}, {U}, {B}, {R}, or {G}.)": N_("({T}: Add {W}, {U}, {B}, {R}, or {G}.)"),
    "{2}, Sacrifice this enchantment: Scry 1, then draw a card.":
        N_("{cost}, Sacrifice this enchantment: Scry 1, then draw a card."),
    "This token can't attack or block alone.": N_("This creature can't attack or block alone."),
}
_SYMBOLS = {s: "{" + s + "}" for s in "TWUBRG"} | {"cost": "{2}"}  # (Niko's Shard: {2})


@lru_cache(maxsize=1)
def glossary() -> dict[str, dict[str, str]]:
    """key -> {en, de, it}, each the preferred form (the first alternative before ';')."""
    rows: dict[str, dict[str, str]] = {}
    try:
        with GLOSSARY.open(encoding="utf-8", newline="") as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                key = (row.get("key") or "").strip()
                if key:
                    rows[key] = {lang: (row.get(lang) or "").split(";")[0].strip() for lang in LANGS}
    except OSError:  # a broken install still renders, in English
        pass
    return rows


def term(key: str, lang: str, default: str = "") -> str:
    """The glossary's preferred term, without explanatory parentheses ('Trampelschaden')."""
    value = glossary().get(key, {}).get(lang, "") or default
    return re.sub(r"\s*\([^)]*\)", "", value).strip()


def sentence(key: str, lang: str, **params: str) -> str:
    """One of the renderer's own sentences in `lang` (the gettext catalog of that language)."""
    return fill(catalog(lang).gettext(_SENTENCES[key]), params)


@lru_cache(maxsize=1)
def _glossary_subtypes() -> dict[str, str]:
    """English subtype -> glossary key (subtype_*, dsk_room)."""
    out = {}
    for key, forms in glossary().items():
        if key.startswith("subtype_") or key == "dsk_room":
            out[re.sub(r"\s*\(.*", "", forms["en"]).strip()] = key
    return out


@lru_cache(maxsize=1)
def _keywords() -> dict[str, str]:
    """lower-case English keyword -> glossary key (kw_*)."""
    return {re.sub(r"\s*\(.*", "", f["en"]).strip().lower(): k
            for k, f in glossary().items() if k.startswith("kw_")}


def subtype(name: str, lang: str) -> str:
    if lang == "en":
        return name
    key = _glossary_subtypes().get(name)
    if key and term(key, lang):
        return _cap(term(key, lang))
    pair = SUBTYPES.get(name)
    if pair:
        return pair[0] if lang == "de" else pair[1]
    words = name.split(" ")
    if len(words) > 1 and all(w in SUBTYPES or w in _glossary_subtypes() for w in words):
        # a token named after two creature types, as printed: "Mensch-Soldat", "Soldato Umano"
        # (Bastion of Remembrance's German and Italian text)
        parts = [subtype(w, lang) for w in words]
        return "-".join(parts) if lang == "de" else " ".join(reversed(parts))
    return name


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """(supertypes, card types, subtypes) of one face: "Legendary Creature — Elf" -> ([Legendary], [Creature], [Elf])."""
    left, _, right = type_line.partition("—")
    words = left.split()
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    return supers, types, right.split()


def _type_line_de(supers: list[str], types: list[str]) -> str:
    keys = [CARD_TYPES.get(t) for t in types]
    if not types or None in keys:
        return ""
    kindred = "type_kindred" in keys
    rest = [k for k in keys if k and k != "type_kindred"] or ["type_kindred"]
    head = rest[-1]
    if "Basic" in supers and rest == ["type_land"]:
        noun = term("basic_land", "de", "Standardland")
        supers = [s for s in supers if s != "Basic"]
    else:
        words = [term(k, "de") for k in rest]
        # German compounds the types: Artefakt + Kreatur -> Artefaktkreatur (Verzauberung takes -s-)
        mods = "".join(w + ("s" if w.endswith("ung") else "") for w in words[:-1])
        noun = mods + (words[-1].lower() if mods else words[-1])
    if kindred and rest != ["type_kindred"]:
        noun = "Stammes-" + noun
    ending = {"m": "er", "f": "e", "n": "es"}[_GENDER_DE.get(head, "f")]
    adjs = [term(SUPERTYPES[s], "de").lower() + ending for s in supers]
    return _cap(" ".join(adjs + [noun]))


def _type_line_it(supers: list[str], types: list[str]) -> str:
    keys = [CARD_TYPES.get(t) for t in types]
    if not types or None in keys:
        return ""
    head = keys[-1]
    fem = _GENDER_IT.get(head or "") == "f"
    words = [term(head or "", "it")] + [term(k or "", "it") for k in keys[:-1]]
    for s in supers:
        adj = term(SUPERTYPES[s], "it")
        if fem and adj.endswith("o"):  # leggendario -> leggendaria
            adj = adj[:-1] + "a"
        words.append(adj)
    return " ".join(_cap(w) for w in words)


def type_line(en: str, lang: str, given: str | None = None) -> str:
    """The type line in lang: `given` (the data's own translation) if any, else built here.

    Parts we cannot translate stay English, so the line is never empty.
    """
    if lang == "en" or not en:
        return en
    if given:
        return given
    out = []
    for part in en.split("//"):
        supers, types, subs = split_type_line(part.strip())
        token = "Token" in types
        types = [t for t in types if t != "Token"]
        left = (_type_line_de if lang == "de" else _type_line_it)(supers, types) if lang in ("de", "it") else ""
        if not left:
            left = " ".join(supers + types)
        names = [subtype(s, lang) for s in subs]
        if lang == "it" and "Creature" in types:
            names.reverse()
        right = (", " if lang == "de" else " ").join(names)
        if token and lang == "en":
            left = "Token " + left
        out.append(left + (" — " + right if right else ""))
    return " // ".join(out)


def keyword_line(line: str, lang: str) -> str | None:
    """Translate a line made only of keywords ('Flying, vigilance', 'Equip {2}'); else None."""
    if lang == "en":
        return None
    parts = [p.strip() for p in line.split(",")]
    out = []
    for part in parts:
        m = re.fullmatch(r"([A-Za-z][A-Za-z ]*?)(\s+(?:\{[^}]+\})+|\s+\d+)?", part)
        if not m:
            return None
        key = _keywords().get(m.group(1).lower())
        word = term(key, lang) if key else ""
        if not word:
            return None
        # German keywords are nouns and keep their capital; Italian lower-cases after the first
        out.append((word if lang == "de" else word.lower()) + (m.group(2) or ""))
    return _cap(", ".join(out))


def localize_text(text: str, lang: str) -> str:
    """English rules text shown in another UI language: translate pure keyword lines and the
    engine's own token texts (TOKEN_TEXTS) only."""
    if lang == "en" or not text:
        return text
    return "\n".join(keyword_line(line, lang) or token_line(line, lang) for line in text.split("\n"))


def token_line(line: str, lang: str) -> str:
    """One of the engine's token texts (TOKEN_TEXTS) in `lang`; any other line as it is."""
    msg = TOKEN_TEXTS.get(line.strip()) if lang != "en" else None
    if msg is None:
        return line

    return fill(catalog(lang).gettext(msg), _SYMBOLS)


def level_word(lang: str) -> str:
    return (term("level", lang) if lang != "en" else "level").upper() or "LEVEL"


def token_word(lang: str) -> str:
    return (term("token", lang) if lang != "en" else "token").upper() or "TOKEN"


def name_for(names: dict[str, str | None], lang: str, basic_type: str | None = None) -> str:
    """The card name in lang from {'en':..,'de':..,'it':..}; basic lands use their land type."""
    own = names.get(lang)
    if own:
        return own
    if basic_type and lang != "en":
        return subtype(basic_type, lang)
    return names.get("en") or ""
