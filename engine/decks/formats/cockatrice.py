"""Cockatrice .cod decks (XML).

    <cockatrice_deck version="1">
        <deckname>Name</deckname>
        <comments>Text</comments>
        <zone name="main"><card number="4" name="Murder" setShortName="DSK"
                                collectorNumber="110"/></zone>
        <zone name="side">...</zone>
    </cockatrice_deck>

Cockatrice skips elements it does not know, so Manatable stores the deck's format in an
extra <format> element; one Manatable does not know is kept as written (`Deck.unknown_format`). Zones other than main/side/commander/companion (Cockatrice's
"tokens") are kept verbatim in `Deck.extra_zones` and written back.
"""
from __future__ import annotations

from xml.etree import ElementTree as ET

from engine.decks.formats.base import DeckBuilder, LoadedDeck, clean_name, parse_count
from engine.decks.formats.xmltree import Node, expect_root, parse_xml, to_text
from engine.decks.messages import DeckFormatError
from engine.decks.model import FORMATS, ZONES, Deck, DeckEntry
from engine.decks.names import NameResolver


def read_cod(text: str, resolver: NameResolver | None = None) -> LoadedDeck:
    """Read a Cockatrice deck; raises DeckFormatError with a line number when malformed."""
    root = parse_xml(text)
    expect_root(root, "cockatrice_deck", "Cockatrice deck")
    builder = DeckBuilder(resolver)
    deck = builder.deck
    for node in root.children:
        if node.tag == "deckname":
            deck.name = node.text.strip()
        elif node.tag == "comments":
            deck.comments = node.text.strip("\n")
        elif node.tag == "format":
            written = " ".join(node.text.split())
            fmt = written.lower()
            # An unknown format (a newer Manatable, a hand edit) is not worth failing over: the
            # deck has no format here, the validation says so, and saving writes it back.
            if fmt in FORMATS:
                deck.format, deck.unknown_format = fmt, ""
            else:
                deck.format, deck.unknown_format = None, written
        elif node.tag == "zone":
            _read_zone(node, builder)
    return builder.result()


def _read_zone(node: Node, builder: DeckBuilder) -> None:
    zone = node.attrs.get("name", "").strip()
    if not zone:
        raise DeckFormatError("deck.cod.zone_without_name", {"line": node.line})
    for card in node.all("card"):
        name = card.attrs.get("name", "").strip()
        if not name:
            raise DeckFormatError("deck.line.no_name", {"line": card.line})
        count = parse_count(card.attrs.get("number"), card.line, name)
        set_code = card.attrs.get("setShortName") or None
        number = card.attrs.get("collectorNumber") or None
        if zone in ZONES:
            builder.add(card.line, name, count, zone, set_code, number)
        else:
            # Tokens and other Cockatrice-only zones: not deck cards, so no name lookup.
            builder.count_extra(card.line, zone, count)
            builder.deck.extra_zones.setdefault(zone, []).append(
                DeckEntry(clean_name(name, card.line), count, set_code, number))


def write_cod(deck: Deck) -> str:
    """The deck as Cockatrice XML text."""
    root = ET.Element("cockatrice_deck", version="1")
    ET.SubElement(root, "deckname").text = deck.name
    ET.SubElement(root, "comments").text = deck.comments
    if deck.format or deck.unknown_format:
        ET.SubElement(root, "format").text = deck.format or deck.unknown_format
    zones = [(z, deck.zone(z)) for z in ZONES] + list(deck.extra_zones.items())
    for zone, entries in zones:
        if not entries and zone != "main":
            continue
        element = ET.SubElement(root, "zone", name=zone)
        for entry in entries:
            card = ET.SubElement(element, "card", number=str(entry.count), name=entry.name)
            if entry.set_code:
                card.set("setShortName", entry.set_code)
            if entry.number:
                card.set("collectorNumber", entry.number)
    return to_text(root)
