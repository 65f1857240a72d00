"""The game formats of a LAN table (the host chooses one): what each seat submits beyond its
deck, and what the game is started with. Commander (CR 903): each seat names its commander(s)
among its deck's cards. The Archenemy formats (CR 904; the release notes' Archenemy Commander
and Supervillain Rumble): a seat may bring a scheme deck — the first seat with one is the
archenemy (engine/rules/teams.py); in Supervillain Rumble every seat brings one.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.config import COMMANDER_FORMATS, FORMATS, SCHEME_FORMATS
from engine.decks.files import read_deck
from engine.decks.messages import DeckFormatError
from engine.decks.scheme_decks import built_in, check as check_schemes, load_scheme_deck
from engine.messages import english
from engine.net.engine_port import check_commander, check_deck


def submission_problems(fmt: str, cards: list[str], sideboard: list[str], commanders: list[str], schemes: list[str],
                        any_deck: bool = False) -> list[dict[str, Any]]:
    """Everything the host finds about a seat's submission (docs/protocol.md, "Deck check"):
    the deck check of the table's format (Commander's at a Commander or Archenemy Commander /
    Supervillain Rumble table, else the one the deck's size suggests), the commanders and the
    scheme deck. A deck that breaks the format's rules is refused, the first problem saying
    why (`net.deck_breaks_format`), unless the host allowed any deck (`any_deck`): then those
    findings are warnings, the first saying the table allows it (`net.deck_allowed`). What
    the game cannot start without (a card the host does not know, a commander, a scheme deck)
    is refused at every table."""
    def found(strict: bool) -> list[dict[str, Any]]:
        return (check_deck(list(cards), list(sideboard), strict, rules=fmt not in COMMANDER_FORMATS)
                + problems(fmt, cards, commanders, schemes, strict))

    strictly, allowed = found(True), found(False)
    broken = [a for a, b in zip(strictly, allowed) if a["severity"] == "error" and b["severity"] != "error"]
    if not broken:
        return strictly
    if any_deck:
        return [_entry("net.deck_allowed", "warning", count=len(broken)), *allowed]
    return [_entry("net.deck_breaks_format", "error", count=len(broken)), *strictly]


def _entry(key: str, severity: str, **params: Any) -> dict[str, Any]:
    return {"key": key, "params": params, "text": english(key, **params), "severity": severity}


def problems(fmt: str, cards: list[str], commanders: list[str], schemes: list[str],
             strict: bool = True) -> list[dict[str, Any]]:
    """What is wrong with a seat's commanders and scheme deck for the format; the Commander deck
    rules' findings are errors at a `strict` table, else warnings (check_commander)."""
    out: list[dict[str, Any]] = []

    def error(key: str, **params: Any) -> None:
        out.append({"key": key, "params": params, "text": english(key, **params), "severity": "error"})

    if fmt in COMMANDER_FORMATS:  # (errors: no commander, or one not in the deck; the deck rules by `strict`)
        out += check_commander(list(cards), list(commanders), strict)
    elif commanders:
        error("net.format_no_commanders", format=fmt)
    if schemes:
        if fmt not in SCHEME_FORMATS:
            error("net.format_no_schemes", format=fmt)
        else:
            try:
                check_schemes(list(schemes))
            except DeckFormatError as exc:
                error(exc.key, **exc.params)
    elif fmt == "supervillain_rumble":
        error("net.scheme_deck_needed")
    return out


def seat_deck(path: Any, fmt: str, seat: int, scheme_path: Any = "") -> tuple[list[str], list[str], list[str]]:
    """A seat's submission for the format from a deck file: its cards (with the commander, CR
    903.5a), its commanders, its scheme deck for the archenemy's seat (the first, the host's)
    or, in Supervillain Rumble, every seat's: the one of `scheme_path` (a built-in deck's or
    a scheme deck file, engine/decks/scheme_decks.py load_scheme_deck), else the built-in
    Commander deck's of the deck file's own name. A scheme deck file that cannot be used
    raises DeckFormatError: it is never left out in silence."""
    deck = read_deck(Path(path)).deck
    lead = deck.card_names("commander")  # (in a format without commanders, a card of the deck like any other)
    commanders = lead if fmt in COMMANDER_FORMATS else []
    wants = fmt in SCHEME_FORMATS and (fmt == "supervillain_rumble" or seat == 0)
    if not wants:
        return deck.card_names() + lead, commanders, []
    return deck.card_names() + lead, commanders, load_scheme_deck(scheme_path) if scheme_path else built_in(path)


def ready(fmt: str, schemes: list[list[str]]) -> bool:
    """An Archenemy table needs an archenemy: a seat with a scheme deck."""
    return fmt not in SCHEME_FORMATS or any(schemes)


def config(fmt: str, commanders: list[list[str]], schemes: list[list[str]]) -> dict[str, Any]:
    """The GameConfig fields of the format (none for a plain game)."""
    if fmt not in FORMATS:
        raise ValueError(f"Unknown format {fmt!r}; use one of {', '.join(FORMATS)}.")
    out: dict[str, Any] = {"format": fmt}
    if fmt in COMMANDER_FORMATS:
        out["commanders"] = [list(c) for c in commanders]
    if fmt in SCHEME_FORMATS:
        out["schemes"] = [list(s) for s in schemes]
    return out
