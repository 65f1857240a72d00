"""What `manatable-server` says on the command line (engine/net/server.py main): its help, the
line it prints when it listens, and why it cannot start — in the environment's language
(engine/messages/catalogs.py), as the app chooses its own."""
from __future__ import annotations

from engine.messages.markers import N_, Message

SERVER_CLI: dict[str, Message] = {
    "server.description": N_("Host a Manatable LAN game without a window."),
    "server.help.port": N_("the TCP port (default {port})"),
    "server.help.host": N_("the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0 for the local network)"),
    "server.help.players": N_("the seats at the table (2 to 4)"),
    "server.help.mode": N_("rules (everything enforced), hybrid (rules enforced, moves by hand allowed) or tabletop (everything by hand); default rules"),
    "server.help.format": N_("the game's format; each seat then brings its commander and its scheme deck as the format asks"),
    "server.help.paper": N_("a trusted table: any seat may move any card and change any life total (hybrid, tabletop)"),
    "server.help.any_deck": N_("allow any deck: also decks that do not pass the deck check of the format (each seat is told)"),
    "server.help.decision_seconds": N_("the clock: seconds per decision (default {seconds}; 0: no limit)"),
    "server.help.game_seconds": N_("the clock: seconds per player and game (default {seconds}; 0: no limit)"),
    "server.help.on_timeout": N_("when a player runs out of time: the others may claim the win (claim), or the computer decides for them (computer); default claim"),
    "server.help.name": N_("the game's name in the list of games to join"),
    "server.help.dir": N_("the folder for the journal and the replays (default: the data folder)"),
    "server.help.resume": N_("restart a game that crashed, from its journal.jsonl"),
    "server.help.spectator_hands": N_("spectators may follow the hand of a player who allows it"),
    "server.help.computer": N_("the computer plays this seat (1 to the number of players; the level heuristic or search; a deck file or a sample deck's name); repeat it for more seats"),
    "server.help.announce": N_("announce the game on the local network (DNS-SD); on by default when the address is not this computer's own"),
    "server.listening": N_("Manatable LAN game “{name}”: {players} seats, {mode} mode, listening on {address}."),
    "server.mode.rules": N_("rules"),
    "server.mode.hybrid": N_("hybrid"),
    "server.mode.tabletop": N_("tabletop"),
    "server.cannot_start": N_("manatable-server: {problem}"),
    "server.cannot_listen": N_("manatable-server: cannot listen on {address}: {reason}"),
    "server.computer.seat": N_("--computer {spec}: the seat is a number from 1 to {players}."),
    "server.computer.level": N_("--computer {spec}: the level is one of {levels}."),
    "server.computer.deck_unreadable": N_("--computer {spec}: the deck {path} cannot be read ({reason}); give a deck file or one of the sample decks: {samples}."),
    "server.computer.deck_empty": N_("--computer {spec}: there are no cards in the main deck of {path}."),
}
