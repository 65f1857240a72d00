"""The scheme deck that goes with a built-in Commander deck, and scheme deck files of the
user's (CR 904.3; the release notes: "mindestens zehn Komplott-Karten ... höchstens ein Exemplar
einer bestimmten Komplott-Karte"), for New game → Archenemy and the LAN.

Each of the four built-in Commander decks (assets/decks/commander) comes with the scheme deck
its product prints (assets/decks/schemes/<deck>.txt, engine/decks/schemes.py: from the decks'
MTGJSON files). A game accepts only schemes the rules engine implements (engine/rules/schemes.py
`build_deck`), and four of the forty printed ones are printed data only so far (Fear My
Authority, You Exist Only to Amuse, Chaos Is My Plaything, My Champion Stands Supreme): a
built-in scheme deck holds its printed schemes that the engine implements, and in place of each
other one the first scheme of `STAND_INS` it does not hold yet, so that it keeps its ten
(`stand_ins` names them; the dialog says so).
A scheme deck file is plain text, one scheme a line ("1 Running Is Useless" or the name alone;
English, German or Italian names), `//` or `#` starting a comment.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine.decks import schemes as samples
from engine.decks.samples import COMMANDER_DIR, PRINTED_COMMANDER_DIR
from engine.decks.files import read_deck_text
from engine.decks.formats.base import parse_count
from engine.decks.messages import DeckFormatError
from engine.decks.names import default_resolver
from engine.rules.index import CARDS
from engine.cards.data import scheme_cards

#: CR 904.3 and the notes: at least ten schemes
MIN_SCHEMES = samples.MIN_SCHEMES
#: the schemes that stand in for printed ones the engine does not implement, in this order
STAND_INS = ["Kneel Before My Legions", "Running Is Useless", "I Am Duskmourn", "Power Without Equal",
             "You Will Know True Suffering", "When Will You Learn?", "Only I Know What Awaits"]


def implemented(name: str) -> bool:
    """Whether the rules engine has the scheme's abilities (a card definition)."""
    return CARDS.has_definition(name)


def printed(deck_path: str | Path) -> list[str]:
    """The scheme deck the product of a built-in Commander deck prints (empty for other decks)."""
    try:
        return samples.load(Path(deck_path).stem)
    except KeyError:
        return []


def built_in(deck_path: str | Path) -> list[str]:
    """The scheme deck of a built-in Commander deck (empty for any other deck): its printed
    schemes the engine implements, the rest replaced from `STAND_INS` (see the module)."""
    deck = [n for n in printed(deck_path) if implemented(n)]
    for name in STAND_INS:
        if len(deck) >= len(printed(deck_path)):
            break
        if name not in deck and implemented(name):
            deck.append(name)
    return deck


def stand_ins(deck_path: str | Path) -> list[str]:
    """The schemes of a built-in scheme deck that its product does not print."""
    return [n for n in built_in(deck_path) if n not in printed(deck_path)]


def check(names: list[str]) -> list[str]:
    """The names as they are, or DeckFormatError: every one a scheme card, each at most once,
    at least ten (CR 904.3, the notes)."""

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


@dataclass(frozen=True)
class SchemeList:
    """A text read as a scheme list: the English names of its schemes, one per copy, and the
    lines that name no scheme (number from 1, the line as written)."""

    names: list[str]
    unrecognised: list[tuple[int, str]]


def scheme_list(text: str, is_card: Callable[[str], bool] | None = None) -> SchemeList | None:
    """The text as a scheme list ("1 Name" or "Name" a line; English, German or Italian: the
    scheme deck file format) when more lines name a scheme than name nothing known, and no
    line names a card of the card pool (`is_card`, else the bundled cards); None for any other
    text. The deck editor (opening a file, pasting) and the game dialogs then say what the text
    is, with the lines that name no scheme, instead of listing every scheme as an unknown card."""
    known = scheme_cards()
    names: list[str] = []
    unrecognised: list[tuple[int, str]] = []
    scheme_lines = 0
    for number, text_line in enumerate(text.splitlines(), 1):
        line = text_line.strip()
        if not line or line.startswith(("//", "#")):
            continue
        m = _SCHEME_LINE.fullmatch(line)
        count, name = (int(m.group(1)), m.group(2)) if m else (1, line)
        english = _english_name(name)
        if english in known and 1 <= count <= MAX_SCHEME_COPIES:
            names += [english] * count
            scheme_lines += 1
        elif english in known or _is_card(name, is_card):   # (a card: a deck, not a scheme list)
            return None
        else:
            unrecognised.append((number, line))
    # (more lines naming a scheme than naming nothing known: a list of cards the database does
    # not have yet, with a scheme among them, stays a deck, its names asked as unknown cards)
    return SchemeList(names, unrecognised) if scheme_lines > len(unrecognised) else None


def _is_card(name: str, is_card: Callable[[str], bool] | None) -> bool:
    if is_card is not None:
        return is_card(name)
    return default_resolver().resolve(name) is not None


#: a line of a scheme deck file with its count; a count over this is no scheme deck's (each
#: scheme is there once): such a file is not taken for one (it is read as a deck, and said so)
_SCHEME_LINE = re.compile(r"(\d{1,6})x?\s+(.+)")
MAX_SCHEME_COPIES = 99


def check_problem(names: list[str]) -> DeckFormatError | None:
    """Why `names` is not a scheme deck (`check`'s refusal), or None when it is one."""
    try:
        check(names)
    except DeckFormatError as exc:
        return exc
    return None


def _english_name(text: str) -> str:
    """A scheme's English name from its English, German or Italian name (any case)."""

    want = text.strip().casefold()
    for name, data in scheme_cards().items():
        forms = {name, getattr(data, "name_de", None) or "", getattr(data, "name_it", None) or ""}
        if want in {f.casefold() for f in forms if f}:
            return name
    return text.strip()


def read_scheme_deck(path: str | Path) -> list[str]:
    """A scheme deck file (see the module's docstring), checked. It is read as deck files are
    (engine/decks/files.py: a regular file, size-limited, any of their encodings); a count is a
    whole number from 1 (a line "0 Scheme" was left out in silence, "10000000000 Scheme" filled
    the memory before the check said a scheme is there at most once)."""
    names: list[str] = []
    for number, text in enumerate(read_deck_text(Path(path)).splitlines(), 1):
        line = text.strip()
        if not line or line.startswith(("//", "#")):
            continue
        m = re.fullmatch(r"(\d+)x?\s+(.+)", line)
        count, name = (parse_count(m.group(1), number, m.group(2)), m.group(2)) if m else (1, line)
        name = _english_name(name)
        if count > 1 or name in names:
            raise DeckFormatError("deck.schemes.duplicate", {"card": name})
        names.append(name)
    return check(names)


def load_scheme_deck(path: str | Path) -> list[str]:
    """The scheme deck a player chose: a built-in Commander deck's (the file is one of the
    built-in decks: its product's scheme deck, `built_in`) or a scheme deck file of the
    player's (`read_scheme_deck`: read with the deck files' limits and checked). A file of the
    player's is read even when it has a built-in deck's name. Either is checked (`check`): a
    file among the built-in decks that is no Commander product has no scheme deck, and is
    refused as too few schemes, never played with none."""
    p = Path(path)
    if p.parent.resolve() in (COMMANDER_DIR.resolve(), PRINTED_COMMANDER_DIR.resolve()):
        return check(built_in(p))
    return read_scheme_deck(p)
