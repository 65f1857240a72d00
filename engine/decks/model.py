"""The deck model: main deck, sideboard (plus commander/companion), name, comments, format.

Card names are English names once resolved. A name the reader could not recognise stays in
the deck as written, flagged ``recognized=False``, so nothing a user typed is ever lost.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

#: The zones a deck has, in the order files list them. "side" is the sideboard.
ZONES: tuple[str, ...] = ("main", "side", "commander", "companion")

#: The formats `engine.decks.validate` knows; None on a deck means "not stated".
FORMATS: tuple[str, ...] = ("constructed", "limited", "casual", "commander")

#: No real zone has more cards (a million-card deck takes gigabytes to goldfish): the readers
#: (engine.decks.formats.base), the validation and the autosave check refuse a bigger one.
MAX_ZONE_CARDS = 10_000


@dataclass
class DeckEntry:
    """`count` copies of one card, optionally of one printing (set code + collector number)."""

    name: str
    count: int
    set_code: str | None = None
    number: str | None = None
    recognized: bool = True

    def same_printing(self, name: str, set_code: str | None, number: str | None,
                      recognized: bool) -> bool:
        return (self.name == name and self.set_code == set_code and self.number == number
                and self.recognized == recognized)


@dataclass
class UnknownCard:
    """A card line whose name the resolver did not know; `line` is 1-based (0: no line)."""

    line: int
    name: str
    count: int
    zone: str
    suggestions: list[str] = field(default_factory=list)
    # False: no close matches were looked for (only the first formats.base.MAX_SUGGESTED unknown
    # names of a file are), so an empty `suggestions` does not mean "no similar name"
    looked_up: bool = True


def _check_zone(zone: str) -> None:
    if zone not in ZONES:
        raise ValueError(f"unknown deck zone {zone!r}; expected one of {', '.join(ZONES)}")


@dataclass
class Deck:
    """A deck list. Entries keep their file order; counts are always >= 1.

    `extra_zones` holds zones only Cockatrice knows (e.g. its "tokens" zone) verbatim, so a
    .cod file survives being opened and saved again. `unknown_format` likewise keeps a format
    the file named that is not one of FORMATS (a newer program, a hand edit) as written: the
    deck is checked as one with no format, the validation says so, and saving writes it back.
    """

    name: str = ""
    comments: str = ""
    format: str | None = None
    main: list[DeckEntry] = field(default_factory=list)
    side: list[DeckEntry] = field(default_factory=list)
    commander: list[DeckEntry] = field(default_factory=list)
    companion: list[DeckEntry] = field(default_factory=list)
    extra_zones: dict[str, list[DeckEntry]] = field(default_factory=dict)
    unknown_format: str = ""

    # -- reading -------------------------------------------------------------------------

    def zone(self, zone: str) -> list[DeckEntry]:
        """The entry list of a zone ("main", "side", "commander", "companion")."""
        _check_zone(zone)
        entries: list[DeckEntry] = getattr(self, zone)
        return entries

    def entries(self) -> Iterator[tuple[str, DeckEntry]]:
        """Every (zone, entry) of the four deck zones, in zone order then file order."""
        for zone in ZONES:
            for entry in self.zone(zone):
                yield zone, entry

    def total(self, zone: str = "main") -> int:
        """How many cards a zone holds."""
        return sum(e.count for e in self.zone(zone))

    def count(self, name: str, zone: str | None = None) -> int:
        """Copies of `name` in one zone, or in all four zones when `zone` is None."""
        zones = ZONES if zone is None else (zone,)
        return sum(e.count for z in zones for e in self.zone(z) if e.name == name)

    def counts(self, zone: str = "main") -> dict[str, int]:
        """Name -> copies for a zone, printings folded together, in first-seen order."""
        out: dict[str, int] = {}
        for entry in self.zone(zone):
            out[entry.name] = out.get(entry.name, 0) + entry.count
        return out

    def card_names(self, zone: str = "main") -> list[str]:
        """One name per card (4 Murder -> 4 names): what `GameConfig(decks=...)` takes."""
        return [e.name for e in self.zone(zone) for _ in range(e.count)]

    def unrecognized(self) -> list[tuple[str, DeckEntry]]:
        """(zone, entry) of every entry kept as written because its name was not recognised."""
        return [(z, e) for z, e in self.entries() if not e.recognized]

    def same_cards(self, other: Deck) -> bool:
        """True when both decks hold the same names and counts in every zone (printings,
        order, name, comments and format are not compared)."""
        return all(self.counts(z) == other.counts(z) for z in ZONES)

    # -- editing -------------------------------------------------------------------------

    def add(self, name: str, count: int = 1, zone: str = "main", *, set_code: str | None = None,
            number: str | None = None, recognized: bool = True) -> DeckEntry:
        """Add copies; merges into an entry of the same printing, else appends a new entry."""
        if count < 1:
            raise ValueError(f"count must be at least 1, not {count}")
        entries = self.zone(zone)
        for entry in entries:
            if entry.same_printing(name, set_code, number, recognized):
                entry.count += count
                return entry
        entry = DeckEntry(name, count, set_code, number, recognized)
        entries.append(entry)
        return entry

    def remove(self, name: str, count: int = 1, zone: str = "main") -> int:
        """Remove up to `count` copies of `name` (latest entries first); returns how many went."""
        entries = self.zone(zone)
        removed = 0
        for entry in reversed([e for e in entries if e.name == name]):
            take = min(entry.count, count - removed)
            entry.count -= take
            removed += take
            if removed == count:
                break
        entries[:] = [e for e in entries if e.count > 0]
        return removed

    def set_count(self, name: str, count: int, zone: str = "main") -> None:
        """Make the zone hold exactly `count` copies of `name` (0 removes it)."""
        if count < 0:
            raise ValueError(f"count must not be negative, not {count}")
        have = self.count(name, zone)
        if count > have:
            existing = [e for e in self.zone(zone) if e.name == name]
            if existing:
                existing[-1].count += count - have
            else:
                self.add(name, count, zone)
        elif count < have:
            self.remove(name, have - count, zone)

    def move(self, name: str, count: int = 1, from_zone: str = "main",
             to_zone: str = "side") -> int:
        """Move up to `count` copies between zones (e.g. sideboarding); returns how many moved."""
        template = next((e for e in self.zone(from_zone) if e.name == name), None)
        moved = self.remove(name, count, from_zone)
        if moved and template is not None:
            self.add(name, moved, to_zone, set_code=template.set_code, number=template.number,
                     recognized=template.recognized)
        return moved

    def resolve_unknown(self, unknown: UnknownCard, chosen_name: str) -> None:
        """Replace the copies an unknown line added with `chosen_name` (e.g. a suggestion).

        The replacement takes the unknown entry's place in the list (or merges into an
        existing entry of that name). Raises KeyError when that unknown entry is no longer
        in the deck (already resolved or removed).
        """
        entries = self.zone(unknown.zone)
        index = next((i for i, e in enumerate(entries)
                      if not e.recognized and e.name == unknown.name), None)
        if index is None:
            raise KeyError(f"{unknown.name!r} is not an unrecognised entry of zone {unknown.zone}")
        entry = entries[index]
        moved = min(entry.count, unknown.count)
        entry.count -= moved
        target = next((e for e in entries if e.recognized and e.name == chosen_name
                       and e.set_code is None and e.number is None), None)
        if target is not None:
            target.count += moved
        else:
            entries.insert(index + 1, DeckEntry(chosen_name, moved))
        if entry.count == 0:
            entries.remove(entry)

    def copy(self) -> Deck:
        """A deep copy (entries are mutable)."""
        def dup(entries: list[DeckEntry]) -> list[DeckEntry]:
            return [replace(e) for e in entries]

        return Deck(self.name, self.comments, self.format, main=dup(self.main),
                    side=dup(self.side), commander=dup(self.commander),
                    companion=dup(self.companion),
                    extra_zones={k: dup(v) for k, v in self.extra_zones.items()},
                    unknown_format=self.unknown_format)

    # -- JSON (autosave) -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict that `Deck.from_json` turns back into an equal deck."""
        def dump(entries: list[DeckEntry]) -> list[dict[str, Any]]:
            out = []
            for e in entries:
                item: dict[str, Any] = {"name": e.name, "count": e.count}
                if e.set_code is not None:
                    item["set"] = e.set_code
                if e.number is not None:
                    item["number"] = e.number
                if not e.recognized:
                    item["recognized"] = False
                out.append(item)
            return out

        data: dict[str, Any] = {
            "version": 1, "name": self.name, "comments": self.comments, "format": self.format,
            "zones": {z: dump(self.zone(z)) for z in ZONES},
            "extra_zones": {k: dump(v) for k, v in self.extra_zones.items()}}
        if self.unknown_format:
            data["unknown_format"] = self.unknown_format
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deck:
        """Inverse of `to_json`; raises ValueError (or KeyError/TypeError) on a bad dict."""
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("not a version 1 deck dict")

        def load(items: Any) -> list[DeckEntry]:
            out = []
            for item in items:
                count = int(item["count"])
                if count < 1:
                    raise ValueError("card counts must be at least 1")
                out.append(DeckEntry(str(item["name"]), count, item.get("set"),
                                     item.get("number"), bool(item.get("recognized", True))))
            return out

        fmt = data.get("format")
        if fmt is not None and fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}")
        zones = data.get("zones", {})
        return cls(str(data.get("name", "")), str(data.get("comments", "")), fmt,
                   main=load(zones.get("main", [])), side=load(zones.get("side", [])),
                   commander=load(zones.get("commander", [])),
                   companion=load(zones.get("companion", [])),
                   extra_zones={str(k): load(v) for k, v in data.get("extra_zones", {}).items()},
                   unknown_format=str(data.get("unknown_format", "")))
