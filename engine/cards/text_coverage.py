"""How much of the bundled cards' printed text exists in German and Italian
(`python -m engine.cards coverage --lang it`).

Per set: how many cards have a name, a type line and a rules text in the language; the
cards without one are listed (the UI shows the English name or text for them). The
printed text comes from tools/build_card_text.py (MTGJSON foreignData; gaps from Forge's
translation files, tools/card_text_forge.py) and, for German, the release notes; docs/cards.md
says where each comes from.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.cards.data import BUNDLED_SETS, CardData, card_from_json
from engine.paths import ASSETS

# Cards whose printed text is no more than their name and type: nothing to translate.
_BASIC = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"}

# Why a set's gaps are left: the printed text exists (or may) but no source at hand has it. MTGJSON
# (tools/build_card_text.py, tools/build_dsc_decks.py: Gatherer's foreignData) and Forge's
# translation files (tools/card_text_forge.py, copied from Scryfall) both lack these. None of them
# is "not printed": Gatherer lists an Italian printing of every other card of the four Duskmourn
# Commander decks (the DSC new cards 9-40 too, e.g. Séance Board, multiverse id 675763), but its
# eight foil borderless commanders (DSC 1-8) in German, French and Japanese only (no Italian, no
# Spanish), and no source says whether they were printed in Italian.
NO_SOURCE = {
    ("DSC", "it"): "no source has Italian for the decks' eight foil borderless commanders (DSC 1-8): "
                   "Gatherer (MTGJSON) lists them in German, French and Japanese only, and every "
                   "other card of the decks in Italian too; every source names the first door of five "
                   "Rooms in English only",
    ("DSC", "de"): "every source names the first door of five Rooms in English only (the release "
                   "notes give three of them)",
    ("SPG", "it"): "the Special Guests printing has no Italian; the text is each card's Italian "
                   "printing (MTGJSON deck files, else Forge's file), which has no type line for "
                   "Expropriate and only the name of Sacrifice",
}


@dataclass
class TextCoverage:
    set: str
    lang: str
    total: int = 0
    names: int = 0
    types: int = 0
    texts: int = 0
    missing_name: list[str] = field(default_factory=list)
    missing_type: list[str] = field(default_factory=list)
    missing_text: list[str] = field(default_factory=list)


def _has_text(card: CardData) -> bool:
    return bool(card.text.strip()) and card.name not in _BASIC


def text_coverage(lang: str) -> list[TextCoverage]:
    by_set: dict[str, TextCoverage] = {}
    for card in _all_printings():
        cov = by_set.setdefault(card.set, TextCoverage(card.set, lang))
        cov.total += 1
        name = {"de": card.name_de, "it": card.name_it}.get(lang)
        type_line = {"de": card.type_line_de, "it": card.type_line_it}.get(lang)
        if name:
            cov.names += 1
        else:
            cov.missing_name.append(card.name)
        if type_line:
            cov.types += 1
        else:
            cov.missing_type.append(card.name)
        if not _has_text(card) or card.has_text(lang):
            cov.texts += 1
        else:
            cov.missing_text.append(card.name)
    order = {s.upper(): i for i, s in enumerate(BUNDLED_SETS)}
    return sorted(by_set.values(), key=lambda c: order.get(c.set.upper(), len(order)))


def _all_printings() -> list[CardData]:
    """Every bundled card once per set (bundled_cards keeps only the first printing)."""
    out = []
    for set_code in BUNDLED_SETS:
        path = ASSETS / "cards" / f"{set_code}.json"
        out += [card_from_json(raw) for raw in json.loads(path.read_text(encoding="utf-8"))["cards"]]
    return out


def report(lang: str, verbose: bool = True) -> str:
    word = {"de": "German", "it": "Italian"}.get(lang, lang)
    lines = [f"Printed {word} card text (names / type lines / rules texts of all cards):"]
    totals = [0, 0, 0, 0]
    for cov in text_coverage(lang):
        lines.append(f"{cov.set}: {cov.names} / {cov.types} / {cov.texts} of {cov.total}")
        totals = [a + b for a, b in zip(totals, (cov.names, cov.types, cov.texts, cov.total))]
        note = NO_SOURCE.get((cov.set, lang))
        if note and min(cov.names, cov.types, cov.texts) < cov.total:
            lines.append(f"  why: {note}")
        for label, names in (("without a name", cov.missing_name), ("without a type line", cov.missing_type),
                             ("without a text (English is shown)", cov.missing_text)):
            if names:
                shown = ", ".join(names) if verbose else ", ".join(names[:5]) + (" ..." if len(names) > 5 else "")
                lines.append(f"  {label} ({len(names)}): {shown}")
    lines.append(f"All: names {totals[0]}, type lines {totals[1]}, texts {totals[2]} of {totals[3]} cards")
    return "\n".join(lines)
