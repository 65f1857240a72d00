"""The one tolerant reader for deck lists as text: plain text, MTG Arena, MTGO .txt, .dec.

Decks arrive as text from many places (the clipboard, web sites, Arena and MTGO exports,
Magic Workstation / MTGTop8 .dec files) and they mix conventions, so a single reader accepts
all of them:

* card lines: ``4 Murder``, ``4x Murder``, ``4 Murder (DSK) 110`` (Arena), ``4 [DSK] Murder``
  (.dec), ``SB: 2 Pyroclasm`` (sideboard prefix), ``Murder`` (one copy); foil marks ``*F*``
  are ignored;
* section headers: ``Deck``/``Main``, ``Sideboard``, ``Commander``, ``Companion``, ``About``
  (then ``Name My Deck``), optionally with a colon or a count, also as ``// Sideboard``;
  ``Tokens`` and ``Maybeboard`` cards are kept in `Deck.extra_zones`;
* category lines from web sites (``Creatures (16)``, ``Lands``) are skipped;
* comments: ``// text`` or ``# text``; ``// NAME: x`` and ``// FORMAT: x`` set the deck name
  and format; text lines before the first card line are the name, then comments;
* the sideboard may also simply follow a blank line (MTGO's export): when there is no
  explicit sideboard marker and the card lines form exactly two blocks, the second block is
  the sideboard. (With more blocks, the blank lines only group the main deck.)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.decks.formats.base import DeckBuilder, LoadedDeck, clean_name, parse_count
from engine.decks.messages import DeckFormatError
from engine.decks.model import DeckEntry
from engine.decks.names import NameResolver

# Section header word -> zone ("about" is Arena's name section). German and Italian words
# cover localised exports.
HEADERS: dict[str, str] = {
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main",
    "mainboard": "main", "decklist": "main", "mazzo": "main", "hauptdeck": "main",
    "sideboard": "side", "side board": "side", "side": "side",
    "commander": "commander", "commanders": "commander", "kommandeur": "commander",
    "comandante": "commander",
    "companion": "companion", "begleiter": "companion", "compagno": "companion",
    "about": "about",
    "tokens": "extra:tokens", "token": "extra:tokens",
    "maybeboard": "extra:maybe", "maybe": "extra:maybe", "considering": "extra:maybe",
}

# Category labels that deck sites put between groups of cards (singular and plural).
CATEGORIES = frozenset({
    "creature", "creatures", "instant", "instants", "sorcery", "sorceries", "spell", "spells",
    "other spells", "noncreature spells", "artifact", "artifacts", "enchantment",
    "enchantments", "land", "lands", "planeswalker", "planeswalkers", "battle", "battles",
    "instants and sorceries", "kreaturen", "länder", "spontanzauber", "hexereien",
    "artefakte", "verzauberungen", "terre", "istantanei", "stregonerie", "artefatti",
    "incantesimi",
})

FORMAT_WORDS: dict[str, str] = {
    "constructed": "constructed", "standard": "constructed", "pioneer": "constructed",
    "modern": "constructed", "legacy": "constructed", "vintage": "constructed",
    "pauper": "constructed", "historic": "constructed", "explorer": "constructed",
    "limited": "limited", "draft": "limited", "sealed": "limited", "booster draft": "limited",
    "casual": "casual", "freeform": "casual",
    "commander": "commander", "edh": "commander", "kommandeur": "commander",
}

# Every pattern below runs on user input. They are kept linear: card lines have their
# whitespace runs folded to one space before matching (so "\s*x?\s+" has O(1) ways to
# split), no pattern nests quantifiers, and tails are stripped by hand, not with a
# pattern searched at every position. tests/decks/test_decks_hostile.py checks the growth.
MAX_LINE_CHARS = 1000      # a card line is short; a longer one is not a deck list
MAX_LINES = 20_000

_COUNT_LINE = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$")
_COUNT_ATTACHED = re.compile(r"^(\d+)[xX×](\S.*)$")     # "4xMurder"
_STARTS_LIKE_COUNT = re.compile(r"^[-+]?\d")
_SB_PREFIX = re.compile(r"^sb:\s*", re.IGNORECASE)
_FOIL = re.compile(r"\s+\*[A-Za-z]+\*$")
_DEC_SET = re.compile(r"^\[([A-Za-z0-9]{2,8})(?::([^\]]*))?\]\s*")
_ARENA_SET = re.compile(r"\s+\(([A-Za-z0-9]{2,8})\)(?:\s+([^\s()]+))?$")
_META = re.compile(r"^(name|format)\s*:\s*(.*)$", re.IGNORECASE)
_ARENA_NAME = re.compile(r"^name\s+(.+)$", re.IGNORECASE)


@dataclass
class _Line:
    number: int
    kind: str            # blank, comment, meta, header, category, card, text
    text: str = ""
    zone: str = ""       # header: its zone; card: "side" when SB:-prefixed
    count: int = 1
    set_code: str | None = None
    collector: str | None = None
    resolves: bool = False   # text lines: whether the text is a known card name
    raw: str = ""            # text lines: the line as written (for names and messages)


def _strip_header_tail(text: str) -> str:
    """"Sideboard (15):" -> "Sideboard": drop a trailing colon, then a count or "(count)"."""
    text = text.rstrip()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    if text.endswith(")"):
        start = text.rfind("(")
        if start >= 0 and text[start + 1:-1].isdigit():
            text = text[:start]
    else:
        end = len(text)
        while end > 0 and text[end - 1].isdigit():
            end -= 1
        text = text[:end]
    return text.strip()


def _header_zone(text: str) -> str | None:
    return HEADERS.get(_strip_header_tail(text).casefold())


def _split_card(rest: str) -> tuple[str, str | None, str | None]:
    """Name, set code, collector number from what follows the count."""
    rest = _FOIL.sub("", rest.strip())
    set_code: str | None = None
    collector: str | None = None
    match = _DEC_SET.match(rest)
    if match:
        set_code, collector = match.group(1).upper(), (match.group(2) or None)
        rest = rest[match.end():]
    match = _ARENA_SET.search(rest)
    if match:
        set_code, collector = match.group(1).upper(), match.group(2)
        rest = rest[:match.start()]
    return rest.strip(), set_code, collector


def _classify(number: int, raw: str, resolver: NameResolver) -> _Line:
    text = raw.strip().lstrip("\ufeff").strip()
    if not text:
        return _Line(number, "blank")
    if not (text.startswith("//") or text.startswith("#")):
        text = " ".join(text.split())          # comments keep their spacing; cards need not
    if text.startswith("//") or text.startswith("#"):
        body = text[2:] if text.startswith("//") else text[1:]
        body = body[1:] if body.startswith(" ") else body
        zone = _header_zone(body)
        if zone is not None and zone != "about":
            return _Line(number, "header", zone=zone)
        meta = _META.match(body.strip())
        if meta:
            key, value = meta.group(1).lower(), meta.group(2).strip()
            if key == "name" or value.casefold() in FORMAT_WORDS:
                return _Line(number, "meta", text=value, zone=key)
        return _Line(number, "comment", text=body.rstrip())
    zone = _header_zone(text)
    if zone is not None:
        return _Line(number, "header", zone=zone)
    side = ""
    prefix = _SB_PREFIX.match(text)
    if prefix:
        side, text = "side", text[prefix.end():]
    match = _COUNT_LINE.match(text) or _COUNT_ATTACHED.match(text)
    if match:
        count = parse_count(match.group(1), number, match.group(2).strip())
        name, set_code, collector = _split_card(match.group(2))
        return _Line(number, "card", name, side, count, set_code, collector)
    if text.isdigit():
        raise DeckFormatError("deck.line.no_name", {"line": number})
    if _STARTS_LIKE_COUNT.match(text):
        head = text.split()[0]
        raise DeckFormatError("deck.line.bad_count", {"line": number, "count": head, "card": text})
    if _strip_header_tail(text).casefold() in CATEGORIES:
        return _Line(number, "category")
    name, set_code, collector = _split_card(text)
    kind = "card" if side else "text"
    return _Line(number, kind, name, side, 1, set_code, collector,
                 resolves=bool(name) and resolver.resolve(name) is not None, raw=text)


def _blank_line_sideboard(lines: list[_Line]) -> int | None:
    """Index of the first sideboard line when a blank line is the only sideboard marker.

    Only card lines of the main deck count: Arena separates its Commander/Companion
    sections with blank lines too.
    """
    blocks: list[list[int]] = []
    gap = True
    in_main = True
    for i, line in enumerate(lines):
        if line.kind == "header":
            in_main, gap = line.zone == "main", True
        elif line.kind == "blank":
            gap = True
        elif in_main and (line.kind == "card" or (line.kind == "text" and line.resolves)):
            if gap or not blocks:
                blocks.append([])
            blocks[-1].append(i)
            gap = False
    return blocks[1][0] if len(blocks) == 2 else None


def read_text(text: str, resolver: NameResolver | None = None) -> LoadedDeck:
    """Read any text deck list (see the module docstring); errors name the line."""
    builder = DeckBuilder(resolver)
    deck = builder.deck
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_LINES:
        raise DeckFormatError("deck.file.too_many_lines", {"maximum": MAX_LINES})
    for i, raw in enumerate(raw_lines, 1):
        if len(raw) > MAX_LINE_CHARS:
            raise DeckFormatError("deck.line.too_long", {"line": i, "maximum": MAX_LINE_CHARS})
    lines = [_classify(i, raw, builder.resolver) for i, raw in enumerate(raw_lines, 1)]
    explicit = any(ln.zone == "side" and ln.kind in ("header", "card") for ln in lines)
    side_from = None if explicit else _blank_line_sideboard(lines)

    zone = "main"
    in_about = False
    seen_card = False
    comments: list[str] = []
    for i, line in enumerate(lines):
        if i == side_from:
            zone = "side"
        if line.kind in ("blank", "category"):
            continue
        if line.kind == "header":
            in_about = line.zone == "about"
            zone = "main" if in_about else line.zone
            continue
        if line.kind == "meta":
            if line.zone == "format":
                deck.format = FORMAT_WORDS[line.text.casefold()]
            elif not deck.name:
                deck.name = line.text
            else:
                comments.append(f"NAME: {line.text}")
            continue
        if line.kind == "comment":
            comments.append(line.text)
            continue
        if line.kind == "text" and in_about:
            match = _ARENA_NAME.match(line.raw)
            if match and not deck.name:
                deck.name = match.group(1).strip()
            else:
                comments.append(line.raw)
            continue
        if line.kind == "text" and not line.resolves and not zone.startswith("extra:"):
            if not seen_card:
                # Free text above the list: Cockatrice's and many sites' name/description.
                if deck.name:
                    comments.append(line.raw)
                else:
                    deck.name = line.raw
                continue
            raise DeckFormatError("deck.line.not_a_card", {"line": line.number, "text": line.raw})
        seen_card = True
        target = line.zone or zone
        if target.startswith("extra:"):
            # Tokens / maybeboard: not part of the deck, kept as written.
            builder.count_extra(line.number, target[6:], line.count)
            deck.extra_zones.setdefault(target[6:], []).append(
                DeckEntry(clean_name(line.text, line.number), line.count, line.set_code,
                          line.collector))
        else:
            builder.add(line.number, line.text, line.count, target, line.set_code, line.collector)
    deck.comments = "\n".join(comments).strip("\n")
    return builder.result()


def detect_text_style(text: str) -> str:
    """"arena" when the text looks like an MTG Arena export, else "plain"."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if any(ln.startswith("//") or _SB_PREFIX.match(ln) for ln in lines):
        return "plain"
    if lines and lines[0].casefold() in ("deck", "about", "commander", "companion"):
        return "arena"
    for ln in lines:
        match = _COUNT_LINE.match(ln)
        if match and _ARENA_SET.search(match.group(2)):
            return "arena"
    return "plain"
