"""Helpers of the deck editor and the card database window for showing things in the UI
language: format and zone names, card names, engine messages (deck problems, search errors,
import reports) and numbers. The sentences themselves come from app.i18n (tr, trn, message).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from app.i18n import has_message, message, os_reason, tr, trn
from app.i18n import language
from engine.decks.messages import DeckFormatError
from engine.decks.files import read_deck_text
from engine.decks.scheme_decks import SchemeList, check_problem, scheme_list

lang = language  # the UI language, as the shell set it (the deck windows read it here)


def format_name(fmt: str | None) -> str:
    """'constructed' -> 'Constructed' (format names are proper names in every language)."""
    return message(f"decks.format.{fmt}") if fmt else message("decks.format.none")


def zone_name(zone: str) -> str:
    return message(f"decks.zone.{zone}")


def card_name(name: str) -> str:
    """A card's name in the UI language (bundled or imported), else as written."""
    from app.decks.library import shared_library  # lazy: the card library (its SQLite database) opens once a card name is looked up (start-up)
    return shared_library().display_name(name)


# -- engine messages (key, params, English text) ----------------------------------------

def _shown_params(params: dict[str, Any]) -> dict[str, Any]:
    shown = dict(params)
    if shown.get("format") in ("constructed", "limited", "casual", "commander"):
        shown["format"] = format_name(shown["format"])
    if isinstance(shown.get("zone"), str) and has_message(f"decks.zone.{shown['zone']}"):
        shown["zone"] = zone_name(shown["zone"])
    if isinstance(shown.get("seconds"), float):   # (an import's time: "1,2 s" in German and Italian)
        shown["seconds"] = decimal(shown["seconds"])
    if isinstance(shown.get("card"), str):
        try:
            shown["card"] = card_name(shown["card"])
        except Exception:   # the card database is unavailable: keep the English name
            pass
    return shown


def message_text(key: str, params: dict[str, Any] | None, english: str) -> str:
    """An engine message (deck problem, search error, import report) in the UI language.

    English uses the engine's own sentence (it carries detail such as the parser's reason);
    other languages the message of the key, or the English sentence for a key we lack."""
    if lang() == "en" or not has_message(key):
        return english or message(key, **_shown_params(params or {}))
    return message(key, **_shown_params(params or {}))


def problem_text(problem: Any) -> str:
    """A deck `Problem` (or DeckFormatError) as a sentence in the UI language."""
    return message_text(problem.key, problem.params, problem.text)


def deck_error_text(exc: BaseException) -> str:
    """Why a deck file could not be used, in the UI language: a DeckFormatError by its key (its
    str() is the English sentence), an OSError by its reason, anything else as its text."""
    if isinstance(exc, DeckFormatError):
        return problem_text(exc.problem)
    if isinstance(exc, OSError):
        return os_reason(exc)
    return str(exc)


def scheme_deck_text(path: Path, is_card: Callable[[str], bool] | None = None) -> str | None:
    """What to say of a scheme deck file opened as a deck of cards (its schemes listed as unknown
    cards, checked as a 10-card Limited deck, was the surprise), with its scheme deck check and
    the lines that name no scheme; None when the file is not one. `is_card`: a name of the card
    database (the editor's library), else of the bundled cards."""
    try:
        schemes = scheme_list(read_deck_text(path), is_card)
    except DeckFormatError:  # (not readable now: the deck reader has said why, or will)
        return None
    if schemes is None:
        return None
    file, names = path.name, schemes.names
    problem = check_problem(names)
    if problem is None:
        text = tr("{file} is a scheme deck of {count} schemes, and it passes the scheme deck check (at least ten "
                  "schemes, each once). Choose it as a scheme deck in an Archenemy game; the deck editor and the "
                  "other games take decks of cards.", file=file, count=len(names))
    else:
        text = trn("{file} is a scheme deck of {count} scheme, but it does not pass the scheme deck check: {problem} "
                   "An Archenemy game takes it once it does; the deck editor and the other games take decks of cards.",
                   "{file} is a scheme deck of {count} schemes, but it does not pass the scheme deck check: {problem} "
                   "An Archenemy game takes it once it does; the deck editor and the other games take decks of cards.",
                   len(names), file=file, problem=problem_text(problem.problem))
    return _with_unrecognised(text, schemes)


def scheme_paste_text(schemes: SchemeList) -> str:
    """What to say of a scheme list pasted into the deck editor (`scheme_list` of the text), as
    `scheme_deck_text` says of a file: what it is, its check, the lines that name no scheme."""
    names = schemes.names
    problem = check_problem(names)
    if problem is None:
        said = tr("The clipboard holds a scheme deck of {count} schemes, and it passes the scheme deck check (at "
                  "least ten schemes, each once). Save it as a scheme deck file and choose it in an Archenemy game; "
                  "the deck editor takes decks of cards.", count=len(names))
    else:
        said = trn("The clipboard holds a scheme deck of {count} scheme, but it does not pass the scheme deck "
                   "check: {problem} An Archenemy game takes it once it does; the deck editor takes decks of cards.",
                   "The clipboard holds a scheme deck of {count} schemes, but it does not pass the scheme deck "
                   "check: {problem} An Archenemy game takes it once it does; the deck editor takes decks of cards.",
                   len(names), problem=problem_text(problem.problem))
    return _with_unrecognised(said, schemes)


def _with_unrecognised(text: str, schemes: SchemeList) -> str:
    """The sentence, then the lines that name no scheme, each with its number (never dropped in
    silence: a misspelt scheme would otherwise be a scheme deck one short)."""
    if not schemes.unrecognised:
        return text
    lines = "; ".join(tr("line {number}: “{text}”", number=n, text=line) for n, line in schemes.unrecognised)
    return " ".join((text, trn("{count} line names no scheme and was not read: {lines}.",
                               "{count} lines name no scheme and were not read: {lines}.",
                               len(schemes.unrecognised), lines=lines)))


def decimal(value: float, digits: int = 1) -> str:
    """A number with the language's decimal separator (German and Italian: a comma)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang() in ("de", "it") else text


def percent(value: float) -> str:
    """A probability as a percentage, e.g. "48.8 %" / "48,8 %"."""
    return decimal(value * 100, 1) + "\u202f%"
