"""Files: why a deck, game, scenario or saved game could not be opened or saved (error.*
file keys, SaveFileError keys savefile.*)."""
from __future__ import annotations

from engine.messages.markers import N_, NP_, Message

FILES: dict[str, Message] = {
    "error.deck_file": N_("The deck {path} cannot be opened: {detail}"),
    "error.deck_empty": N_("The deck {path} has no cards in its main deck."),
    "error.game_file": N_("The game {path} cannot be opened: {detail}"),
    "error.scenario_file": N_("The scenario {path} cannot be opened: {detail}"),
    "error.save": N_("The game could not be saved to {path}: {detail}"),
    "savefile.not_a_game": N_("This is not a Manatable game file."),
    "savefile.damaged": N_("The file is damaged: the value of {field} is wrong or impossible."),
    "savefile.not_json": N_("The file is damaged: it is not a readable game file."),
    "savefile.unreadable": N_("The file cannot be read: {reason}."),
}
