"""Magic Online .dek decks (XML).

    <Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" ...>
      <NetDeckID>0</NetDeckID>
      <PreconstructedDeckID>0</PreconstructedDeckID>
      <Cards CatID="12345" Quantity="4" Sideboard="false" Name="Murder" Annotation="0"/>
    </Deck>

A .dek has no deck name (MTGO uses the file name) and no comments. CatID is MTGO's catalogue
id of one printing; we do not know those ids, so we write none (MTGO picks a printing).
MTGO spells split cards "Fire/Ice"; the name resolver folds that to "Fire // Ice".
Commander and companion cards are written to the sideboard, as MTGO keeps them there; a
commander also carries Commander="true", which reads back into the Commander section (a .dek
without it: see engine/decks/files.py `commander_from_sideboard`).
MTGO's plain-text export (.txt) is read by the text reader (engine.decks.formats.text).
"""
from __future__ import annotations

from xml.etree import ElementTree as ET

from engine.decks.formats.base import DeckBuilder, LoadedDeck, parse_count
from engine.decks.formats.xmltree import expect_root, parse_xml, to_text
from engine.decks.messages import DeckFormatError
from engine.decks.model import Deck
from engine.decks.names import NameResolver

_TRUE = {"true", "1", "yes"}
_FALSE = {"false", "0", "no", ""}


def read_dek(text: str, resolver: NameResolver | None = None, name: str = "") -> LoadedDeck:
    """Read an MTGO .dek; `name` (usually the file name) becomes the deck name."""
    root = parse_xml(text)
    expect_root(root, "Deck", "Magic Online deck")
    builder = DeckBuilder(resolver)
    builder.deck.name = name
    for card in root.all("Cards"):
        card_name = card.attrs.get("Name", "").strip()
        if not card_name:
            raise DeckFormatError("deck.line.no_name", {"line": card.line})
        count = parse_count(card.attrs.get("Quantity"), card.line, card_name)
        flag = card.attrs.get("Sideboard", "false").strip().lower()
        if flag not in _TRUE | _FALSE:
            raise DeckFormatError("deck.dek.bad_sideboard_flag", {"line": card.line, "value": flag})
        zone = "side" if flag in _TRUE else "main"
        if card.attrs.get("Commander", "").strip().lower() in _TRUE:
            zone = "commander"  # (written by Manatable; MTGO keeps the commander in the sideboard)
        builder.add(card.line, card_name, count, zone)
    return builder.result()


def mtgo_name(name: str) -> str:
    """MTGO writes split cards (and Rooms) with one slash and no spaces: "Fire/Ice"."""
    return "/".join(part.strip() for part in name.split("//"))


def write_dek(deck: Deck) -> str:
    """The deck as MTGO .dek XML text."""
    root = ET.Element("Deck", {"xmlns:xsd": "http://www.w3.org/2001/XMLSchema",
                               "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"})
    ET.SubElement(root, "NetDeckID").text = "0"
    ET.SubElement(root, "PreconstructedDeckID").text = "0"
    for zone, entry in deck.entries():
        side = "false" if zone == "main" else "true"
        attrs = {"Quantity": str(entry.count), "Sideboard": side, "Name": mtgo_name(entry.name), "Annotation": "0"}
        if zone == "commander":
            attrs["Commander"] = "true"  # read back into the Commander section (MTGO ignores it)
        ET.SubElement(root, "Cards", attrs)
    return to_text(root)
