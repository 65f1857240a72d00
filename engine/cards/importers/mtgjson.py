"""MTGJSON v5: AtomicCards.json, AllPrintings.json and single set files (DSK.json).

Streams with ijson's C backend: AtomicCards yields one card (all its faces) at a time,
AllPrintings one set at a time, a set file one printing at a time, so memory stays
bounded by the largest card or set rather than the file.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

import ijson  # type: ignore[import-untyped]  # no stubs published

from engine.cards.colors import color_string
from engine.cards.importers.common import CountingReader, ImportedCard, Printing, SetRecord, Skipped

LANGS = {"German": "de", "Italian": "it"}
# Keys of an MTGJSON set object: the first key under "data" tells a set file apart
# from AllPrintings (set codes) and AtomicCards (card names), which are not these.
SET_KEYS = frozenset({
    "baseSetSize", "block", "booster", "cards", "cardsphereSetId", "code", "codeV3",
    "isFoilOnly", "isForeignOnly", "isNonFoilOnly", "isOnlineOnly", "isPaperOnly",
    "isPartialPreview", "keyruneCode", "languages", "mcmId", "mcmName", "mtgoCode", "name",
    "parentCode", "releaseDate", "sealedProduct", "tcgplayerGroupId", "tokens",
    "totalSetSize", "translations", "type",
})
_SKIP_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


def _str(value: Any) -> str | None:
    return str(value) if value is not None and value != "" else None


def _foreign(faces: list[dict[str, Any]], skips: Skipped | None = None) -> dict[str, dict[str, Any]]:
    """{lang: {"name", "text", "type"}} for German and Italian, joined across faces (an entry
    that is not an object is counted in `skips`)."""
    per_lang: dict[str, list[dict[str, Any]]] = {}
    for face in faces:
        for entry in face.get("foreignData") or ():
            if not isinstance(entry, dict):
                if skips is not None:
                    skips.add(Skipped.NOT_OBJECT)
                continue
            lang = LANGS.get(str(entry.get("language")))
            if lang:
                per_lang.setdefault(lang, []).append(entry)
    out: dict[str, dict[str, Any]] = {}
    for lang, entries in per_lang.items():
        # One entry per face; a face may repeat the whole card's name ("A // B").
        full = next((e["name"] for e in entries if "//" in str(e.get("name") or "")), None)
        face_names = [str(e.get("faceName") or e.get("name") or "") for e in entries]
        name = full or " // ".join(n for n in face_names if n)
        texts = [str(e.get("text") or "") for e in entries]
        types = [str(e.get("type") or "") for e in entries if e.get("type")]
        out[lang] = {
            "name": name,
            "text": "\n//\n".join(texts) if len(texts) > 1 else texts[0],
            "type": " // ".join(types),
            "face_names": face_names,
        }
    return out


def card_from_faces(faces: list[dict[str, Any]], printings: list[Printing],
                    name: str | None = None, skips: Skipped | None = None) -> ImportedCard | None:
    """Build one card from its MTGJSON face objects (one object for a single-faced card); None
    for a token or art card, and for a malformed one (a face that is not an object, no name:
    counted in `skips`)."""
    if not faces or not all(isinstance(f, dict) for f in faces):
        if skips is not None:
            skips.add(Skipped.NOT_OBJECT)
        return None
    faces = sorted(faces, key=lambda f: str(f.get("side") or "a"))
    first = faces[0]
    if first.get("layout") in _SKIP_LAYOUTS:
        return None
    name = name or _str(first.get("name"))
    if not name:
        if skips is not None:
            skips.add(Skipped.NO_NAME)
        return None
    multi = len(faces) > 1
    costs = [str(f.get("manaCost") or "") for f in faces]
    if multi and all(costs):
        cost: str | None = " // ".join(costs)       # split cards and Rooms show both halves
    else:
        cost = costs[0] or None
    colors: set[str] = set()
    for f in faces:
        colors.update(f.get("colors") or ())
    value = first.get("manaValue", first.get("convertedManaCost"))
    foreign = _foreign(faces, skips)
    face_rows: list[dict[str, Any]] = []
    if multi:
        for i, f in enumerate(faces):
            row = {"name": _str(f.get("faceName")) or name, "mana_cost": _str(f.get("manaCost")),
                   "type_line": _str(f.get("type")), "text": _str(f.get("text")),
                   "power": _str(f.get("power")), "toughness": _str(f.get("toughness")),
                   "loyalty": _str(f.get("loyalty"))}
            for lang, data in foreign.items():
                names = data["face_names"]
                if i < len(names) and names[i]:
                    row[f"name_{lang}"] = names[i]
            face_rows.append({k: v for k, v in row.items() if v is not None})
    card = ImportedCard(
        name=name,
        mana_cost=cost,
        mana_value=float(value) if isinstance(value, (int, float)) else None,
        colors=color_string(colors),
        color_identity=color_string(first.get("colorIdentity") or ()),
        type_line=" // ".join(str(f.get("type") or "") for f in faces),
        power=_str(first.get("power")), toughness=_str(first.get("toughness")),
        loyalty=_str(first.get("loyalty") or first.get("defense")),
        text="\n//\n".join(str(f.get("text") or "") for f in faces) if multi
        else str(first.get("text") or ""),
        layout=_str(first.get("layout")),
        faces=face_rows,
        rarity=_str(first.get("rarity")),
        printings=printings,
    )
    for lang, data in foreign.items():
        setattr(card, f"name_{lang}", data["name"] or None)
        setattr(card, f"text_{lang}", data["text"] or None)
        setattr(card, f"type_line_{lang}", data["type"] or None)
    return card


def read_atomic(reader: CountingReader, skips: Skipped | None = None) -> Iterator[ImportedCard]:
    """AtomicCards.json: {"meta": ..., "data": {card name: [face, ...]}}; its printings are
    the set codes its first face lists."""
    for name, faces in ijson.kvitems(reader, "data", use_float=True):
        reader.check_cancel()
        if not isinstance(faces, list):
            if skips is not None:
                skips.add(Skipped.NOT_OBJECT)
            continue
        codes = []
        if faces and isinstance(faces[0], dict):
            codes = [str(c) for c in faces[0].get("printings") or () if c]
        yield from _maybe(card_from_faces(faces, [Printing(c) for c in codes], name=str(name), skips=skips))


def _group_printings(cards: Iterable[Any], set_code: str, skips: Skipped | None = None) -> Iterator[ImportedCard]:
    """A set's card list has one entry per face; put the faces of each printing together."""
    pending: list[dict[str, Any]] = []
    pending_key: tuple[str, str] | None = None

    def flush() -> Iterator[ImportedCard]:
        if pending:
            first = pending[0]
            code = str(first.get("setCode") or set_code)
            printing = Printing(code, str(first.get("number") or ""), _str(first.get("rarity")))
            yield from _maybe(card_from_faces(list(pending), [printing], skips=skips))

    for entry in cards:
        if not isinstance(entry, dict):
            if skips is not None:
                skips.add(Skipped.NOT_OBJECT)
            continue
        number = str(entry.get("number") or "")
        if entry.get("side"):
            number = number.rstrip("abcde") or number   # older sets number faces 12a/12b
        key = (str(entry.get("name") or ""), number)
        if key != pending_key:
            yield from flush()
            pending = []
            pending_key = key
        pending.append(entry)
    yield from flush()


def read_all_printings(reader: CountingReader, skips: Skipped | None = None) -> Iterator[ImportedCard | SetRecord]:
    """AllPrintings.json: {"data": {set code: set object}}, one set in memory at a time."""
    for code, set_obj in ijson.kvitems(reader, "data", use_float=True):
        reader.check_cancel()
        if not isinstance(set_obj, dict):
            if skips is not None:
                skips.add(Skipped.NOT_OBJECT)
            continue
        code = str(set_obj.get("code") or code)
        yield SetRecord(code, _str(set_obj.get("name")))
        cards = set_obj.get("cards") or []
        del set_obj        # the booster and product data go now, not after the set
        if not isinstance(cards, list):
            if skips is not None:
                skips.add(Skipped.NOT_OBJECT)
            continue
        yield from _group_printings(cards, code, skips)


class _SetHeader:
    """Watches the raw event stream of a set file for the set's code and name."""

    def __init__(self) -> None:
        self.code: str | None = None
        self.name: str | None = None

    def tap(self, events: Iterable[tuple[str, str, Any]]) -> Iterator[tuple[str, str, Any]]:
        for prefix, event, value in events:
            if prefix == "data.code" and event == "string":
                self.code = value
            elif prefix == "data.name" and event == "string":
                self.name = value
            yield prefix, event, value


def read_set_file(reader: CountingReader, skips: Skipped | None = None) -> Iterator[ImportedCard | SetRecord]:
    """A single set file (DSK.json): {"data": {"code": ..., "cards": [printing, ...]}}."""
    header = _SetHeader()
    events = header.tap(ijson.parse(reader, use_float=True))
    cards = ijson.items(events, "data.cards.item")

    def checked() -> Iterator[Any]:
        for entry in cards:
            reader.check_cancel()
            yield entry

    code = ""
    for card in _group_printings(checked(), "", skips):
        code = code or (card.printings[0].set_code if card.printings else "")
        yield card
    if header.code or code:
        yield SetRecord(header.code or code, header.name)


def _maybe(card: ImportedCard | None) -> Iterator[ImportedCard]:
    if card is not None:
        yield card
