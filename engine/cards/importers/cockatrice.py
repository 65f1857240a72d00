"""Cockatrice card databases (cards.xml), format version 3 and 4.

v4 keeps a card's characteristics in <prop> (type, manacost, cmc, colors, pt, ...);
v3 has them directly under <card> with one <color> element per colour. Parsed with
iterparse; each <card> is removed from the tree once read, so memory stays flat.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Iterator

from engine.cards.colors import color_string
from engine.cards.importers.common import CountingReader, ImportedCard, Printing, SetRecord, Skipped, braced_cost


def _text(elem: ET.Element | None, tag: str) -> str | None:
    if elem is None:
        return None
    child = elem.find(tag)
    if child is None or child.text is None:
        return None
    value = child.text.strip()
    return value or None


def card_from_element(card: ET.Element, skips: Skipped | None = None) -> ImportedCard | None:
    """One <card> element (v3 or v4) as an ImportedCard; None for tokens and nameless cards
    (those counted in `skips`, as a <set> without its code)."""
    name = _text(card, "name")
    if _text(card, "token") == "1":
        return None
    if not name:
        if skips is not None:
            skips.add(Skipped.NO_NAME)
        return None
    prop = card.find("prop")
    fields = prop if prop is not None else card      # v3: fields sit under <card> itself

    colors_text = _text(fields, "colors")
    if colors_text is not None:
        colors: str | None = color_string(colors_text)
    else:
        v3_colors = [c.text or "" for c in card.findall("color")]
        colors = color_string(v3_colors) if v3_colors else None
    identity = _text(fields, "coloridentity")
    pt = _text(fields, "pt")
    power = toughness = None
    if pt and "/" in pt:
        power, toughness = (part.strip() for part in pt.split("/", 1))
    cmc_text = _text(fields, "cmc")
    try:
        cmc = float(cmc_text) if cmc_text is not None else None
    except ValueError:
        cmc = None
    printings = []
    for s in card.findall("set"):
        code = (s.text or "").strip()
        if code:
            printings.append(Printing(code, s.get("num") or "", s.get("rarity")))
        elif skips is not None:
            skips.add(Skipped.SET_CODE, code="")
    text = (_text(card, "text") or "")
    return ImportedCard(
        name=name,
        mana_cost=braced_cost(_text(fields, "manacost")),
        mana_value=cmc,
        colors=colors,
        # A file without <coloridentity> leaves it to the writer (CR 903.4 from cost and text).
        color_identity=color_string(identity) if identity is not None else None,
        type_line=_text(fields, "type") or "",
        power=power, toughness=toughness,
        loyalty=_text(fields, "loyalty"),
        text=text,
        layout=_text(fields, "layout"),
        printings=printings,
    )


MAX_DEPTH = 32          # cards.xml nests five levels; deeper is not a card database
MAX_CARD_CHILDREN = 10_000
MAX_OTHER = 100_000     # elements outside <card>/<set>: a real file has a handful


def read_cockatrice(reader: CountingReader, skips: Skipped | None = None) -> Iterator[ImportedCard | SetRecord]:
    """Sets from <sets>, cards from <cards>; ET.ParseError carries the line and column.

    Every element is dropped from the tree when it ends, unless it belongs to a <card> or
    <set> still being read (those go when they end): memory stays flat whatever else the
    file holds. Depth and a card's number of children are bounded.
    """
    stack: list[ET.Element] = []
    keep = 0                     # > 0 while inside a <card> or <set>: its children stay
    inside = 0                   # elements read inside the current card or set
    other = 0                    # elements outside any card or set
    for event, elem in ET.iterparse(reader, events=("start", "end")):
        if event == "start":
            stack.append(elem)
            if len(stack) > MAX_DEPTH:
                raise ValueError(f"elements nested more than {MAX_DEPTH} levels deep")
            if elem.tag in ("card", "set") and len(stack) == 3:    # root / cards / card
                keep += 1
                inside = 0
            elif keep:
                inside += 1
                if inside > MAX_CARD_CHILDREN:
                    raise ValueError("a card with too many elements")
            continue
        stack.pop()
        parent = stack[-1] if stack else None
        if elem.tag == "card" and keep and len(stack) == 2:
            keep -= 1
            reader.check_cancel()
            card = card_from_element(elem, skips)
            if card is not None:
                yield card
        elif elem.tag == "set" and keep and len(stack) == 2:
            keep -= 1
            if parent is not None and parent.tag == "sets":
                code = _text(elem, "name")
                if code:
                    yield SetRecord(code, _text(elem, "longname"))
                elif skips is not None:
                    skips.add(Skipped.SET, code="")
        elif keep:
            continue             # part of a card or set: read with it
        else:
            other += 1
            if other > MAX_OTHER:
                raise ValueError(f"more than {MAX_OTHER} elements that are not cards or sets")
        if parent is not None:
            parent.remove(elem)  # forget it: memory stays flat
        else:
            elem.clear()
