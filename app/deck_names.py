"""The built-in decks' names and descriptions in the UI language. The deck files stay English
(assets/decks: a Cockatrice <deckname> and <comments>, a text list's "// NAME:" and comment
lines); what the dialogs, the start page and the deck editor show of them is translated here.
Each built-in deck's name and description is one message with the context "deck" — the test
tests/app/test_deck_names.py fails when a built-in deck has one without a translation.

The four Duskmourn Commander decks keep their printed English product names ("Death Toll",
"Jump Scare!"): Italian sources call them so, and no source in the repository names the German
products; their descriptions are ours, and translated."""
from __future__ import annotations

import re
from pathlib import Path

from app.i18n import TRANSLATOR, card_name, tr
from engine.decks import recent_decks
from engine.decks.samples import SAMPLE_DIR, deck_title
from engine.messages import NC_, translate

# the names and descriptions as the files give them, marked for the catalogs (tools/i18n.py)
MESSAGES = (
    NC_("deck", 'Furnace Red'),
    NC_("deck", 'A 60-card mono-red deck: a low curve of Toys and burn. Pyroclasm is in the sideboard too, for '
                'opponents with more small creatures than you.'),
    NC_("deck", 'Haunted Skies'),
    NC_("deck", 'A 40-card blue-white flyers deck: Piranha Flies and Spirits in the air, Enter the Enigma to push '
                'damage through, Seized from Slumber for tapped blockers.'),
    NC_("deck", 'Rakdos Rampage'),
    NC_("deck", 'A 60-card red-black aggro deck: cheap Toys and removal, Give In to Violence to swing races. Built '
                'from Duskmourn cards the rules engine implements first, so it goldfishes in rules mode.'),
    NC_("deck", 'Rot and Ruin'),
    NC_("deck", 'A 40-card green-black midrange deck: big bodies like Slavering Branchsnapper, deathtouch tricks with '
                'Horrid Vigor, and black removal.'),
    NC_("deck", 'Toybox Brigade'),
    NC_("deck", 'A 40-card white-red deck of small Toys and creatures with power 2 or less, led by Lionheart Glimmer '
                'and Arabella, Abandoned Doll.'),
    NC_("deck", 'Delirium Bonfire'),
    NC_("deck", 'A 40-card red-green Delirium deck: fill the graveyard with card types, then the Wickerfolk and the '
                'burn get bigger.'),
    NC_("deck", 'Dread Tide'),
    NC_("deck", 'A 40-card blue-black deck of evasive Eerie creatures: enchantments and Rooms grow your flyers while '
                'black removal keeps the way clear.'),
    NC_("deck", 'Eerie Vigil'),
    NC_("deck", 'A 40-card white-black Eerie deck: small enchantment creatures, Rooms to unlock, and black removal to '
                'clear the way.'),
    NC_("deck", 'Haunted Workshop'),
    NC_("deck", 'A 40-card blue-red Rooms deck: unlock doors for value, then turn the unlocked doors into damage with '
                'the Soulragers.'),
    NC_("deck", 'Manifest Destiny'),
    NC_("deck", 'A 40-card green-blue manifest dread deck: face-down creatures everywhere, and big green cards '
                'waiting under them.'),
    NC_("deck", "Survivors' Camp"),
    NC_("deck", 'A 40-card green-white Survival deck: attack, stay tapped, and collect the rewards in your second '
                'main phase.'),
    NC_("deck", "The printed deck list of this Duskmourn Commander deck (2024)."),
)


def built_in(path: Path) -> bool:
    """Whether the deck file is one of Manatable's own (assets/decks)."""
    try:
        return Path(path).resolve().is_relative_to(SAMPLE_DIR.resolve())
    except OSError:
        return False


_BY_TEXT = {entry[1]: entry for entry in MESSAGES}
# the built-in Commander decks' descriptions (tools/build_commander_decks.py, build_dsc_decks.py)
_AROUND = re.compile(r"Built-in Commander deck around (?P<card>.+), from the cards the rules engine implements "
                     r"\((?P<tool>[^()]+)\)\.")
_SOURCE = re.compile(r"Source: (?P<source>.+)")


def _line(text: str) -> str:
    m = _AROUND.fullmatch(text)
    if m:
        return tr("Built-in Commander deck around {commander}, from the cards the rules engine implements ({tool}).",
                  commander=card_name(m["card"]), tool=m["tool"])
    m = _SOURCE.fullmatch(text)
    if m:
        return tr("Source: {source}", source=m["source"])
    entry = _BY_TEXT.get(text)
    return translate(entry, TRANSLATOR) if entry is not None else text


def shown(path: Path, text: str) -> str:
    """A built-in deck's name or description in the UI language, line by line (the file's
    English where the catalog has none); a user's deck file's own words as they are."""
    if not text or not built_in(path):
        return text
    return "\n".join(_line(line) if line.strip() else line for line in text.split("\n"))


def deck_name(path: Path) -> str:
    """The name every dialog shows for a deck file (engine.decks.samples.deck_title), a
    built-in deck's in the UI language."""
    return shown(Path(path), deck_title(Path(path)))


def your_decks(last: str = "") -> list[Path]:
    """The user's own deck files to offer before the sample decks: the one used last, then the
    recently opened or saved ones (the deck editor's too), newest first, each once; the
    built-in decks are offered as samples."""
    out: list[Path] = []
    seen: set[Path] = set()
    for p in ([Path(last)] if last else []) + recent_decks():
        try:
            key = p.resolve()
            if key in seen or built_in(p) or not p.is_file():
                continue
        except (OSError, ValueError):
            continue
        seen.add(key)
        out.append(p)
    return out
