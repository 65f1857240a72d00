"""A deck file (or a scheme deck file) opened to start a game (goldfish, against the computer, a
LAN seat): read, or a warning box that says why not, under the title of what the player was starting;
and the deck check before a game against the computer (a question, never a refusal: casual play
with any deck is the player's choice)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

from PySide6.QtWidgets import QMessageBox, QWidget

from app.deck_names import deck_name
from app.decks.text import deck_error_text, format_name, problem_text, scheme_deck_text
from app.i18n import message, tr
from engine.decks import Deck, DeckFormatError, LoadedDeck, effective_format, errors, read_deck, validate
from engine.decks.scheme_decks import load_scheme_deck


def open_deck(window: QWidget, path: str, title: str) -> LoadedDeck | None:
    """The deck of `path` if it can be read and has cards in its main deck; else None, after a
    warning box titled `title` that says which of the two it is."""
    try:
        loaded = read_deck(Path(path))
    except (OSError, DeckFormatError, ValueError) as exc:
        QMessageBox.warning(window, title, tr("The deck {path} cannot be opened: {detail}", path=path, detail=deck_error_text(exc)))
        return None
    schemes = scheme_deck_text(Path(path))
    if schemes is not None:
        QMessageBox.warning(window, title, schemes)
        return None
    if not loaded.deck.card_names():
        QMessageBox.warning(window, title, tr("The deck {path} has no cards in its main deck.", path=path))
        return None
    return loaded


@dataclass
class SeatDecks:
    """Every seat's Commander deck, read: its cards with the commander (CR 903.5a), its
    commander(s), and the decks with their files for the deck check (`checked_start`)."""

    cards: list[list[str]] = field(default_factory=list)
    commanders: list[list[str]] = field(default_factory=list)
    checked: list[tuple[str, Deck]] = field(default_factory=list)


def read_commander_deck(path: str) -> Deck:
    """The deck of `path`; ValueError with a sentence for the user when it names no commander
    (the game cannot start without one, CR 903.3: refused, not asked)."""
    deck = read_deck(Path(path)).deck
    if not deck.card_names("commander"):
        raise ValueError(message("deck.commander.none"))
    return deck


def read_played_deck(path: str) -> Deck:
    """The deck of `path` for a game without commanders (the classic Archenemy, CR 904); ValueError
    with a sentence for the user when it has no cards to play."""
    deck = read_deck(Path(path)).deck
    if not deck.card_names() and not deck.card_names("commander"):
        raise ValueError(message("deck.file.empty"))
    return deck


def open_commander_decks(window: QWidget, paths: list[str], title: str, *,
                         commander: bool = True) -> SeatDecks | None:
    """The seats' Commander decks (the Commander and the Archenemy games) if every one can be
    read and names its commander; else None, after a warning box titled `title` that names the
    first deck that cannot be played and says why. Without `commander` (the classic Archenemy,
    whose players have no commanders, CR 904) any deck with cards will do, and a commander it
    names plays as one of its cards."""
    read = SeatDecks()
    for path in paths:
        deck = read_or_warn(window, title, path, read_commander_deck if commander else read_played_deck)
        if deck is None:
            return None
        commanders = deck.card_names("commander")
        read.cards.append(deck.card_names() + commanders)
        read.commanders.append(commanders if commander else [])
        read.checked.append((path, deck))
    return read


def open_scheme_deck(window: QWidget, path: str, title: str) -> list[str] | None:
    """The scheme deck of `path` (a scheme deck file, read with the deck files' limits and
    checked: at least ten schemes, each once, CR 904.3) if it can be used; else None, after a
    warning box titled `title` that says why."""
    return read_or_warn(window, title, path, load_scheme_deck, scheme=True)


T = TypeVar("T")


def read_or_warn(window: QWidget, title: str, path: str, read: Callable[[str], T], scheme: bool = False) -> T | None:
    """`read(path)` (a deck, or with `scheme` a scheme deck, for a game about to start), or None
    after a warning box titled `title` that names the file and says what is wrong with it."""
    try:
        return read(path)
    except (OSError, DeckFormatError, ValueError) as exc:
        detail = deck_error_text(exc)
        QMessageBox.warning(window, title, tr("The scheme deck {path} cannot be used: {detail}", path=path, detail=detail)
                            if scheme else tr("The deck {path} cannot be played: {detail}", path=path, detail=detail))
        return None


def deck_check_text(path: str, deck: Deck, fmt: str | None = None) -> str:
    """What the deck check (engine/decks/validate.py) finds wrong with the deck for `fmt` (the
    game's format: Commander for the Commander and Archenemy Commander games), else for its own
    format (or, when it states none, the format its size suggests), as sentences; "" when it
    passes."""
    problems = errors(validate(deck, fmt))
    if not problems:
        return ""
    name = deck_name(Path(path))
    if fmt:
        head = tr("The deck {deck} does not pass the deck check for {format}, the format of this game:", deck=name,
                  format=format_name(fmt))
    elif deck.format:
        head = tr("The deck {deck} does not pass the deck check for {format}:", deck=name,
                  format=format_name(effective_format(deck)))
    elif deck.commander:  # (guess_format: a deck naming a commander is a Commander deck)
        head = tr("The deck {deck} states no format; it names a commander, and checked as a Commander deck it does "
                  "not pass:", deck=name)
    else:
        head = tr("The deck {deck} states no format; checked by its size as a {format} deck, it does not pass:",
                  deck=name, format=format_name(effective_format(deck)))
    return "\n".join([head, *("• " + problem_text(p) for p in problems)])


def confirm_deck_check(window: QWidget, decks: list[tuple[str, Deck]], title: str, fmt: str | None = None) -> str:
    """Before a game: "play" when every deck passes its deck check (for `fmt`, the game's
    format, when it has one); else the player's answer to a question that lists the problems:
    "play" (play anyway), "edit" (the deck editor opens the first such deck: `edit_first`) or
    "cancel"."""
    found = [(path, text) for path, deck in decks if (text := deck_check_text(path, deck, fmt))]
    if not found:
        return "play"
    text = "\n\n".join(t for _, t in found) + "\n\n" + tr("Play with it anyway? A casual game allows any deck.")
    return ask_deck_check(window, title, text)


def checked_start(window: Any, decks: list[tuple[str, Deck]], title: str, fmt: str | None = None) -> bool:
    """The deck check before every game the app starts (against the computer, Commander, the
    Archenemy games): True to start; False after "Edit the deck" (the deck editor opens the
    first deck that does not pass) or "Cancel"."""
    answer = confirm_deck_check(window, decks, title, fmt)
    if answer == "edit":
        window.open_deck_editor(next(p for p, d in decks if deck_check_text(p, d, fmt)))
    return answer == "play"


def ask_deck_check(window: QWidget, title: str, text: str) -> str:
    """The question of confirm_deck_check: "play", "edit" or "cancel"."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Cancel, window)
    play = box.addButton(tr("Play anyway"), QMessageBox.ButtonRole.AcceptRole)
    edit = box.addButton(tr("Edit the deck"), QMessageBox.ButtonRole.ActionRole)
    box.setDefaultButton(play)
    box.exec()
    clicked = box.clickedButton()
    return "play" if clicked is play else "edit" if clicked is edit else "cancel"
