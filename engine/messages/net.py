"""The LAN host's error frames (engine.net: Error.key + params, net.<what>): why the host refused
a message that is not an action (a refused action carries its ActionError key instead)."""
from __future__ import annotations

from engine.messages.markers import N_, Message

NET: dict[str, Message] = {
    "net.version": N_("This host speaks protocol {host}, not {client}."),
    "net.bad_token": N_("No seat at this table has that key; the host does not know this seat any more."),
    "net.table_full": N_("Every seat at this table is taken; join as a spectator."),
    "net.seat_waiting": N_("{name}'s seat is waiting for its player. Rejoin from the computer that sat there (Join a LAN game, then Rejoin the game), or join as a spectator."),
    "net.not_a_player": N_("Spectators can only chat."),
    "net.hello_twice": N_("You have already said hello."),
    "net.deck_too_late": N_("Decks are chosen before the game starts."),
    "net.already_started": N_("The game has already started."),
    "net.no_deck": N_("Choose a deck the host accepts before you are ready."),
    "net.not_host": N_("Only the host's seat starts the game."),
    "net.not_ready": N_("Every seat must be taken and ready first."),
    "net.no_game": N_("There is no game running."),
    "net.stale": N_("The game has moved on (update {seq}); act on the new position."),
    "net.engine_failure": N_("The host's engine failed on this action; the game goes on from before it ({detail})."),
    "net.nothing_to_undo": N_("There is nothing to take back."),
    "net.undo_open": N_("A request to take back is already open."),
    "net.undo_not_asked": N_("Nobody asked you to take anything back."),
    "net.rematch_unfinished": N_("A rematch is for a finished game."),
    "net.no_hello": N_("Say hello first."),
    "net.hello_first": N_("The first message must be hello."),
    "net.flood": N_("Too many messages; slow down."),
    "net.server_failure": N_("The host failed on this message."),
    "net.bad_message": N_("The message does not match the protocol: {detail}"),
    "net.bad_json": N_("The message is not JSON: {detail}"),
}
