"""Saved games: why a game file cannot be read (SaveFileError keys savefile.*; the app's own
"cannot be opened" dialogs are tr() messages of app/shell)."""
from __future__ import annotations

from engine.messages.markers import N_, Message

FILES: dict[str, Message] = {
    "savefile.not_a_game": N_("This is not a Manatable game file."),
    "savefile.damaged": N_("The file is damaged: the value of {field} is wrong or impossible."),
    "savefile.not_json": N_("The file is damaged: it is not a readable game file."),
    "savefile.unreadable": N_("The file cannot be read: {reason}."),
    "savefile.too_large": N_("The file is larger than {maximum} MB; a saved game is never that large."),
    "savefile.not_a_file": N_("This is not a regular file (a device, pipe or folder); it was not read."),
    "savefile.newer_version": N_("This game was saved by a newer version of Manatable (file version {version}); this version reads file version {supported}."),
    "savefile.bad_settings": N_("The game's settings in this file are not possible: {reason}"),
    "savefile.action_refused": N_("Action {number} of the saved game (“{action}”) cannot be replayed: {reason}"),
    "savefile.state_differs": N_("The file is damaged: the replayed game differs from the game state saved with it."),
    "savefile.unknown_computer_level": N_("This game was played against the computer at the level “{level}”, which this version of Manatable does not know."),
    "savefile.too_long_to_save": N_("This game cannot be saved: it has {actions} actions, and a saved game can hold at most {maximum}."),
    "savefile.too_large_to_save": N_("This game cannot be saved: the file would be {size} MB, and a saved game can be at most {maximum} MB."),
    "savefile.cannot_save": N_("This game cannot be saved: the file could not be opened again ({reason})."),
    # a scenario file opened on the table (engine/scenario.py load, app/session.py from_scenario);
    # the format's own messages are for the scenario's author, quoted as {reason}
    "scenario.too_large": N_("The file is larger than {maximum} KB; a scenario is never that large."),
    "scenario.not_text": N_("The file is not UTF-8 text (at byte {offset}); a scenario is a TOML text file."),
    "scenario.bad_format": N_("The file does not follow the scenario format: {reason}"),
    "scenario.no_setup": N_("The scenario has no [setup] table: there is no position to open."),
    "scenario.bad_setup": N_("The scenario's set-up cannot be played: {reason}"),
    "savefile.cannot_replay": N_("The game in this file cannot be replayed: {reason}"),
}
