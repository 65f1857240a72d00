"""Looking up a card's printed characteristics and its implemented behaviour.

Behaviour comes from three places: hand-written definitions per set (engine/cards/sets),
intrinsic mana abilities of basic land types (CR 305.6), and keyword-only text lines
(CR 702). A card with text that none of these cover is "not implemented": in rules mode
it still has its printed characteristics and keywords, and hybrid mode lets players carry
out its other text by hand.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache

from engine.cards.data import CardData, add_printed, printed
from engine.cards.keywords import parse_keyword_line, ward_cost
from engine.cards.mechanics import landcycling, level_up, mana_lines
from engine.cards.copy_values import CopyOnEntering
from engine.cards.model import GRANTS, Activated, CardDef, Triggered
from engine.rules.characteristics import split_type_line
from engine.rules.emblems import definition as emblem_definition

__all__ = ["card_def", "is_implemented", "printed", "register_printed", "rules_lines"]

BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def register_printed(card: CardData) -> None:
    """Make an imported card's characteristics known to the engine (played by hand)."""
    add_printed(card)
    card_def.cache_clear()  # a lookup before the import may have cached "unknown"
    is_implemented.cache_clear()


def _auto_def(data: CardData) -> tuple[CardDef, bool]:
    """A definition from keywords and basic land types; True if it covers all the text."""
    kws: list[str] = []
    covered = True
    acts = []
    text_lines = [] if data.level_bands else data.text.splitlines()
    for line in text_lines:
        if not line.strip():
            continue
        auto = landcycling.parse(line) or mana_lines.parse(line)
        if auto is not None:
            acts.append(auto)
            continue
        got = parse_keyword_line(line)
        if got is None:
            if not re.fullmatch(r"\(\{T\}: Add \{[WUBRG]\}\.\)", line.strip()):
                covered = False
            continue
        kws.extend(got)
    _, _, subs = split_type_line(data.type_line)
    for sub in subs:
        if sub in BASIC_MANA:  # CR 305.6: "{T}: Add [mana]" for each basic land type
            acts.append(Activated(tap=True, mana=(BASIC_MANA[sub],), label=f"{{T}}: Add {{{BASIC_MANA[sub]}}}."))
    if level_up.is_leveler(data):  # level up and its bands: engine/cards/mechanics/level_up.py
        band_kws, band_acts, covered = level_up.auto_def(data)
        kws.extend(band_kws)
        acts.extend(band_acts)
    return CardDef(data.name, keywords=frozenset(kws), activated=acts, ward=ward_cost(data.text)), covered


import re  # noqa: E402  (used above; kept near its only use)


def rules_lines(data: CardData) -> tuple[list[str], list[str]]:
    """A card's keywords (from its keyword lines, CR 702) and its other rules lines, in
    printed order, less the lines a mechanic module reads by itself (reminder-text-only
    lines, landcycling, impending, plain mana abilities, a Room's "//"). Read once per card
    data (the copiable values ask for every permanent, devotion for each of a player's)."""
    got = _LINES.get(id(data))
    if got is None or got[0] is not data:
        if len(_LINES) > 5000:
            _LINES.clear()  # (card data made anew: imported cards, tests)
        got = _LINES[id(data)] = (data, _rules_lines(data))
    kws, lines = got[1]
    return list(kws), list(lines)  # (the caller's own lists)


_LINES: dict[int, tuple[CardData, tuple[list[str], list[str]]]] = {}  # id -> (the data, kept alive; its lines)


def _rules_lines(data: CardData) -> tuple[list[str], list[str]]:
    from engine.cards.mechanics import auto_lines  # lazy: start-up (its mechanics pull in the vocabulary)

    if level_up.is_leveler(data):  # its band lines belong to its level symbols (CR 710.2)
        return level_up.rules_lines(data)
    kws: list[str] = []
    lines: list[str] = []
    for line in data.text.splitlines():
        if auto_lines.skip(line):
            continue
        got = parse_keyword_line(line)
        if got is None:
            lines.append(line.strip())
        else:
            kws.extend(got)
    return kws, lines


@lru_cache(maxsize=None)
def card_def(name: str, token: bool = False) -> CardDef | None:
    """The behaviour of a card (or token) by English name; None if nothing is known of it.
    "Name|+Granting card" is a copy's: the card's abilities and those a copy exception grants
    (CR 707.9a, _with_grants)."""
    from engine.cards.sets import definition, token as token_def  # lazy: start-up

    if GRANTS in name:
        base, *grants = name.split(GRANTS)
        return _with_grants(card_def(base, token), base, tuple(grants), token)

    if token:  # a predefined token, or a token that is a copy of a card (CR 707.2, 111.4)
        got = token_def(name)
        if got is not None or printed(name) is None:
            return got
    defn = definition(name)
    if defn is not None:
        return defn
    data = printed(name)
    if data is None:
        return emblem_definition(name)  # an emblem's abilities, by its key (CR 114.4): None if it is none
    return _auto_def(data)[0]


_GRANTED: dict[tuple[str, tuple[str, ...], bool], CardDef] = {}


def _with_grants(base: CardDef | None, base_name: str, grants: tuple[str, ...], token: bool = False) -> CardDef:
    """The abilities of a copy whose copiable values include granted abilities (CR 707.9a): the
    copied definition's, then each granting card's CopyOnEntering.grants (a copy of a copy of
    Phantasmal Image has the ability twice: once copied, once from its own exception; the values
    name the granting card: engine/cards/mechanics/enters_as_copy.py). Named so that card_def finds
    it again by that name (a triggered ability on the stack is looked up by its definition's
    name): "Cult Healer|+Phantasmal Image". The same object each time."""
    key = (base_name, grants, token)
    got = _GRANTED.get(key)
    if got is None:
        extra = [t for name in grants for t in _copy_grants(card_def(name))]
        start = base if base is not None else CardDef(base_name)
        got = _GRANTED[key] = dataclasses.replace(start, name=GRANTS.join((base_name, *grants)),
                                                  triggered=list(start.triggered) + extra)
    return got


def _copy_grants(defn: CardDef | None) -> tuple[Triggered, ...]:
    term = defn.term(CopyOnEntering) if defn is not None else None
    return tuple(term.grants) if term is not None else ()


@lru_cache(maxsize=None)
def is_implemented(name: str) -> bool:
    from engine.cards.sets import has_definition  # lazy: start-up

    if has_definition(name):
        return True
    data = printed(name)
    return data is not None and _auto_def(data)[1]
