"""What a card face shows, in one language: the renderer's input, and the cache key.

`card_view(card, lang)` turns a CardData (bundled) or a Mapping (imported card, token,
unknown card) into a `CardView`: every string already in the UI language, the frame
colour and the layout chosen. Hashing the view (plus the renderer version and width) gives
the cache key, so the key changes exactly when what is drawn changes.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from app.render import translate as tr
from app.render.subtypes import BASIC_LAND_TYPES
from app.render.symbols import parse_symbols

MANA = ("W", "U", "B", "R", "G")


@dataclass(frozen=True)
class Door:
    """One half of a Room (or of another split card)."""

    name: str
    cost: str
    type_line: str
    text: str


@dataclass(frozen=True)
class Band:
    """One level band of a leveler: its range label, P/T and abilities."""

    word: str       # "LEVEL", "STUFE", "LIVELLO"
    levels: str     # "1-4", "5+"
    power: str
    toughness: str
    text: str


@dataclass(frozen=True)
class CardView:
    lang: str
    layout: str                  # normal | split (two halves, e.g. a Room) | leveler | token | unknown
    name: str
    cost: str = ""
    type_line: str = ""
    text: str = ""
    colors: tuple[str, ...] = ()
    frame: str = "C"             # W U B R G, M (gold), C (colourless/artifact), L (land)
    art_colors: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    set_code: str = ""
    number: str = ""
    rarity: str = ""
    doors: tuple[Door, ...] = ()
    reminder: str = ""           # a Room's shared reminder text (shown in a strip below the doors)
    room: bool = False           # the halves are Room doors (drawn with a door mark)
    bands: tuple[Band, ...] = ()
    basic_mana: str = ""         # basic lands: the symbol drawn big in the text box
    token_word: str = ""

    def key(self, width: int, version: str) -> str:
        raw = json.dumps([version, width, asdict(self)], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:24]


def _get(card: Any, *names: str, default: Any = None) -> Any:
    """A field of a CardData or a Mapping, trying a few spellings (ours, Scryfall, MTGJSON)."""
    for n in names:
        if isinstance(card, Mapping):
            if card.get(n) not in (None, ""):
                return card[n]
        else:
            v = getattr(card, n, None)
            if v not in (None, ""):
                return v
            extra = getattr(card, "extra", None)
            if isinstance(extra, Mapping) and extra.get(n) not in (None, ""):
                return extra[n]
    return default


def _str(v: Any) -> str | None:
    return None if v is None or v == "" else str(v)


def _colors(card: Any, cost: str) -> tuple[str, ...]:
    raw = _get(card, "colors")
    if raw is None:  # imported data may lack colours: take them from the mana cost
        raw = [c for s in parse_symbols(cost) for c in s.split("/") if c in MANA]
    if isinstance(raw, str):
        raw = list(raw.replace(",", "").replace(" ", ""))
    found = {str(c).upper()[:1] for c in raw}
    return tuple(c for c in MANA if c in found)


def frame_for(type_line: str, colors: tuple[str, ...]) -> str:
    first = type_line.split("//")[0].split("—")[0]
    if "Land" in first.split():
        return "L"
    if len(colors) > 1:
        return "M"
    return colors[0] if colors else "C"


def _produced(text: str) -> tuple[str, ...]:
    """Colours of mana a land's text adds ('Add {G}', 'Add {W} or {U}'), for its art tint."""
    found: set[str] = set()
    for m in re.finditer(r"[Aa]dd ([^.]*)", text):
        found.update(s for s in parse_symbols(m.group(1)) if s in MANA)
    return tuple(c for c in MANA if c in found)


def _names(card: Any) -> dict[str, str | None]:
    return {"en": _str(_get(card, "name")) or "", "de": _str(_get(card, "name_de")),
            "it": _str(_get(card, "name_it"))}


def _text(card: Any, lang: str) -> str:
    en = _str(_get(card, "text", "oracle_text", "oracleText")) or ""
    if lang == "de":
        de = _str(_get(card, "text_de"))
        if de:
            return de
    if lang == "it":
        it = _str(_get(card, "text_it"))
        if it:
            return it
    return tr.localize_text(en, lang)


def _doors(card: Any, faces: list[Any], lang: str) -> tuple[tuple[Door, ...], str]:
    doors = []
    for face in faces[:2]:
        en_type = _str(_get(face, "type_line", "type")) or ""
        doors.append(Door(name=tr.name_for(_names(face), lang),
                          cost=_str(_get(face, "mana_cost", "manaCost")) or "",
                          type_line=tr.type_line(en_type, lang, _str(_get(face, f"type_line_{lang}"))),
                          text=_text(face, lang)))
    reminder = _str(_get(card, "room_reminder")) or ""
    if lang in ("de", "it"):
        # The printed text ends with the Room reminder after the second door's text.
        full = _str(_get(card, f"text_{lang}")) or ""
        second = _str(_get(faces[1], f"text_{lang}")) if len(faces) > 1 else None
        tail = full.split("\n//\n")[-1] if "\n//\n" in full else ""
        if second and tail.startswith(second) and tail[len(second):].strip():
            reminder = tail[len(second):].strip()
        elif reminder:
            reminder = tr.localize_text(reminder, lang)
    return tuple(doors), reminder


def _printed_leveler(card: Any, lang: str) -> tuple[list[str], list[list[str]]] | None:
    """A leveler's printed lines in lang, where its printed text has as many lines as the
    English one: the lines before the first level band, and each band's ability lines."""
    en = [t.strip() for t in (_str(_get(card, "text")) or "").splitlines() if t.strip()]
    local = [t.strip() for t in (_str(_get(card, f"text_{lang}")) or "").splitlines() if t.strip()]
    if lang == "en" or not local or len(local) != len(en):
        return None
    head: list[str] = []
    bands: list[list[str]] = []
    i = 0
    while i < len(en):
        if re.fullmatch(r"LEVEL \d+(-\d+|\+)", en[i]):
            bands.append([])
            i += 2  # the band's label and its power/toughness
            continue
        (bands[-1] if bands else head).append(local[i])
        i += 1
    return head, bands


def _bands(card: Any, lang: str) -> tuple[Band, ...]:
    bands = []
    word = tr.level_word(lang)
    printed = _printed_leveler(card, lang)
    for k, b in enumerate(_get(card, "level_bands", default=()) or ()):
        lo, hi = b.get("min_level"), b.get("max_level")
        levels = f"{lo}+" if hi is None else f"{lo}-{hi}"
        abilities = [tr.keyword_line(a, lang) or a for a in b.get("abilities") or ()]
        if printed and k < len(printed[1]) and len(printed[1][k]) == len(abilities):
            abilities = printed[1][k]  # the card's own printed lines
        bands.append(Band(word=word, levels=levels, power=str(b.get("power", "")),
                          toughness=str(b.get("toughness", "")), text="\n".join(abilities)))
    return tuple(bands)


def _leveler_text(card: Any, lang: str) -> str:
    before = [tr.keyword_line(a, lang) or a for a in _get(card, "abilities_before_levels", default=()) or ()]
    cost = _str(_get(card, "level_up_cost")) or ""
    first = (_str(_get(card, "text")) or "").split("\n")[0]
    printed = _printed_leveler(card, lang)
    if lang == "en" and first.startswith("Level up"):
        line = first
    elif printed and len(printed[0]) == len(before) + 1:
        return "\n".join(printed[0])  # the printed lines before the first band (level up last)
    else:
        line = tr.sentence("level_up", lang, cost=cost)
    return "\n".join(before + [line])


def card_view(card: Any, lang: str = "en", *, token: bool = False) -> CardView:
    """The view of a card (CardData or Mapping) in lang ('en', 'de', 'it')."""
    lang = (lang or "en")[:2].lower()  # "de_DE" -> "de"; unknown languages render in English
    lang = lang if lang in tr.LANGS else "en"
    en_type = _str(_get(card, "type_line", "type", "typeLine")) or ""
    cost = _str(_get(card, "mana_cost", "manaCost", "cost")) or ""
    colors = _colors(card, cost)
    text = _text(card, lang)
    supers, types, subs = tr.split_type_line(en_type.split("//")[0])
    basic = next((s for s in subs if s in BASIC_LAND_TYPES), None) if "Basic" in supers else None
    name = tr.name_for(_names(card), lang, basic if _get(card, "name") in BASIC_LAND_TYPES else None)
    token = token or bool(_get(card, "is_token", "token")) or "Token" in types
    emblem = bool(_get(card, "is_emblem"))  # CR 114: drawn like a token, without its TOKEN tag
    faces = list(_get(card, "faces", "card_faces", default=()) or ())
    fields: dict[str, Any] = dict(
        lang=lang, name=name, cost=cost, colors=colors,
        type_line=tr.type_line(en_type, lang, _str(_get(card, f"type_line_{lang}"))),
        frame=frame_for(en_type, colors), power=_str(_get(card, "power")),
        toughness=_str(_get(card, "toughness")), loyalty=_str(_get(card, "loyalty")),
        set_code=(_str(_get(card, "set", "set_code", "setCode")) or "").upper(),
        number=_str(_get(card, "number", "collector_number")) or "",
        rarity=(_str(_get(card, "rarity")) or "")[:1].upper(),
    )
    fields["art_colors"] = _produced(_str(_get(card, "text")) or "") if fields["frame"] == "L" else colors
    if len(faces) >= 2 and "//" in en_type and all(_get(f, "mana_cost", "manaCost") for f in faces[:2]):
        doors, reminder = _doors(card, faces, lang)
        return CardView(layout="split", text="", doors=doors, reminder=reminder,
                        room="Room" in en_type.split(), **fields)
    if faces and "//" in en_type:  # double-faced imports: show the front face
        front = faces[0]
        fields.update(name=tr.name_for(_names(front), lang),
                      cost=_str(_get(front, "mana_cost", "manaCost")) or cost,
                      type_line=tr.type_line(_str(_get(front, "type_line", "type")) or "", lang))
        text = _text(front, lang)
    if _get(card, "level_bands"):
        return CardView(layout="leveler", text=_leveler_text(card, lang), bands=_bands(card, lang), **fields)
    if emblem:
        word = tr.term("emblem", lang) if lang != "en" else "Emblem"
        fields["type_line"] = (word[:1].upper() + word[1:]) or en_type
        return CardView(layout="token", text=text, token_word="", **fields)
    if token:
        fields["type_line"] = tr.type_line(en_type.replace("Token ", ""), lang)
        if lang != "en" and not _get(card, f"name_{lang}"):
            fields["name"] = tr.subtype(fields["name"], lang)
        return CardView(layout="token", text=text, token_word=tr.token_word(lang), **fields)
    if basic and re.fullmatch(r"\(\{T\}: Add \{[WUBRGC]\}\.\)", (_str(_get(card, "text")) or "").strip()):
        sym = parse_symbols(_str(_get(card, "text")) or "")[-1]
        return CardView(layout="normal", text="", basic_mana=sym, **fields)
    if not en_type and not text and not cost:
        return CardView(layout="unknown", text=tr.sentence("no_data", lang), **fields)
    return CardView(layout="normal", text=text, **fields)
