"""Scheme decks for the Archenemy formats (CR 904.3; the release notes: "mindestens zehn
Komplott-Karten ... höchstens ein Exemplar einer bestimmten Komplott-Karte").

Each of the four built-in Commander decks (assets/decks/commander) comes with the scheme deck
its product prints (MTGJSON deck files, `schemes`, kept by forgemaster-MTG/MTGLibrary at commit
1dbea5e34000c903c97cf6b476f8a897107ea723, AllDeckFiles/<Deck>_DSC.json — the source
tools/build_dsc_decks.py reads). Ten of the forty printed schemes are not in the release
notes and the rules engine does not implement them (Rot Like the Scum You Are, Fear My
Authority, You Exist Only to Amuse, Your Nightmares Are Delicious, Chaos Is My Plaything,
Behold the Power of Destruction, My Champion Stands Supreme, My Followers Ascend, Time Bends
to My Will, My Wealth Will Bury You): a built-in scheme deck holds its printed schemes that the
engine implements, and in place of each other one the next implemented scheme of `STAND_INS`
it does not hold yet, so that it has ten (`stand_ins` names them).
A scheme deck file is plain text, one scheme a line ("1 Running Is Useless" or the name alone;
English, German or Italian names), `//` or `#` starting a comment.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.decks.messages import DeckFormatError

#: CR 904.3 and the notes: at least ten schemes
MIN_SCHEMES = 10

#: deck file stem -> its printed scheme deck (English names, as the source lists them)
PRINTED: dict[str, list[str]] = {
    "death_toll": ["Choose Your Champion", "Plots That Span Centuries", "My Tendrils Run Deep",
                   "Dark Wings Bring Your Downfall", "I Am Never Alone", "Rot Like the Scum You Are",
                   "You Live Only Because I Will It", "My Will Is Irresistible", "My Wings Enfold All",
                   "Your Mistake Is My Triumph"],
    "endless_punishment": ["When Will You Learn?", "My Crushing Masterstroke", "Fear My Authority",
                           "Reality Is Mine to Control", "Running Is Useless", "You Exist Only to Amuse",
                           "I Call for Slaughter", "I Will Savor Your Agony", "Your Nightmares Are Delicious",
                           "No Secret Is Hidden from Me"],
    "jump_scare": ["My Laughter Echoes", "Power Without Equal", "I Am Untouchable", "Mine Is the Only Truth",
                   "Your Own Face Mocks You", "Kneel Before My Legions", "You Are Unworthy of Mercy",
                   "Chaos Is My Plaything", "Your Plans Mean Nothing", "You Will Know True Suffering"],
    "miracle_worker": ["Choose Your Demise", "Behold the Power of Destruction", "You Cannot Hide from Me",
                       "My Champion Stands Supreme", "Only I Know What Awaits", "My Followers Ascend",
                       "Time Bends to My Will", "I Am Duskmourn", "My Wealth Will Bury You",
                       "A Premonition of Your Demise"],
}
#: the schemes that stand in for printed ones the engine does not implement, in this order
#: (schemes of the release notes that no other deck needs twice first)
STAND_INS = ["Kneel Before My Legions", "Running Is Useless", "I Am Duskmourn", "Power Without Equal",
             "My Tendrils Run Deep", "You Will Know True Suffering", "When Will You Learn?",
             "Your Mistake Is My Triumph", "My Laughter Echoes", "Only I Know What Awaits",
             "Mine Is the Only Truth", "No Secret Is Hidden from Me", "Plots That Span Centuries",
             "A Premonition of Your Demise", "You Are Unworthy of Mercy", "My Wings Enfold All"]


def implemented(name: str) -> bool:
    """Whether the rules engine has the scheme's abilities (a card definition)."""
    from engine.cards.sets import behaviours
    return name in behaviours()


def built_in(deck_path: str | Path) -> list[str]:
    """The scheme deck of a built-in Commander deck (empty for any other deck): its printed
    schemes the engine implements, the rest replaced from `STAND_INS` (see the module)."""
    printed = PRINTED.get(Path(deck_path).stem)
    if not printed:
        return []
    deck = [n for n in printed if implemented(n)]
    for name in STAND_INS:
        if len(deck) >= len(printed):
            break
        if name not in deck and implemented(name):
            deck.append(name)
    return deck


def stand_ins(deck_path: str | Path) -> list[str]:
    """The schemes of a built-in scheme deck that its product does not print."""
    printed = PRINTED.get(Path(deck_path).stem, [])
    return [n for n in built_in(deck_path) if n not in printed]


def check(names: list[str]) -> list[str]:
    """The names as they are, or DeckFormatError: every one a scheme card, each at most once,
    at least ten (CR 904.3, the notes)."""
    from engine.cards.data import scheme_cards

    known = scheme_cards()
    for name in names:
        if name not in known:
            raise DeckFormatError("deck.schemes.unknown", {"card": name})
    for name in names:
        if names.count(name) > 1:
            raise DeckFormatError("deck.schemes.duplicate", {"card": name})
    if len(names) < MIN_SCHEMES:
        raise DeckFormatError("deck.schemes.too_few", {"count": len(names), "minimum": MIN_SCHEMES})
    return list(names)


def _english_name(text: str) -> str:
    """A scheme's English name from its English, German or Italian name (any case)."""
    from engine.cards.data import scheme_cards

    want = text.strip().casefold()
    for name, data in scheme_cards().items():
        forms = {name, getattr(data, "name_de", None) or "", getattr(data, "name_it", None) or ""}
        if want in {f.casefold() for f in forms if f}:
            return name
    return text.strip()


def read_scheme_deck(path: str | Path) -> list[str]:
    """A scheme deck file (see the module's docstring), checked."""
    names: list[str] = []
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("//", "#")):
            continue
        m = re.fullmatch(r"(\d+)x?\s+(.+)", line)
        count, name = (int(m.group(1)), m.group(2)) if m else (1, line)
        names.extend([_english_name(name)] * count)
    return check(names)
