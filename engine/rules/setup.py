"""Starting the game (CR 103): starting player, shuffling, opening hands; the London mulligan
is engine/rules/mulligan.py. Also builds a scenario's starting position (SCENARIOS.md [setup])."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.config import TEAM_FORMATS, GameConfig
from engine.rules import commander, zones
from engine.state import KEYED, Player, State, rng_below
from engine.scenario_setup import build_position
from engine.rules import schemes, teams
from engine.rules.mulligan import mulligan_round

if TYPE_CHECKING:
    from engine.rules.context import Context


def initial_state(g: "Context", config: GameConfig) -> State:
    st = State(players=[Player(i, n, life=config.life) for i, n in enumerate(config.players)])
    # (a secret, keyed state is kept whole: engine/state.py secret_seed)
    st.rng = config.seed if config.seed >= KEYED else config.seed & 0xFFFFFFFFFFFFFFFF
    g.st = st
    if config.setup is not None:
        build_position(g, config.setup)
        return st
    for i, deck in enumerate(config.decks):
        to_command = list(config.commanders[i]) if i < len(config.commanders) else []
        for name in deck:
            if name in to_command:  # CR 903.6: the commander starts in the command zone
                to_command.remove(name)
                commander.started(g, i, zones.new_object(g, name, i, "command"))
                continue
            obj = zones.new_object(g, name, i, "library")
            st.players[i].library.append(obj.id)
    for i, names in enumerate(config.schemes):
        if names:
            schemes.build_deck(g, i, names, shuffle=True)  # CR 904.3: shuffled, face down
    # CR 103.1: the starting player is chosen at random (or by the config)
    n = len(st.players)
    first = config.first_player if config.first_player is not None else rng_below(st, n)
    if config.format in TEAM_FORMATS:  # CR 904.5: the archenemy takes the first turn
        first = teams.archenemy_of(st, config.schemes)
        teams.assign(g, first)
    if config.goldfish:
        first = 0
    st.active = st.priority = st.first_player = first
    st.step = "untap"
    g.event("start", first=g.pname(first))
    for i in range(len(st.players)):  # CR 103.3: shuffle
        zones.shuffle_library(g, i)
    # CR 101.4, 103.5: from the starting player in turn order; with shared team turns team by
    # team, the starting team first (CR 805.3a)
    order = teams.starting_order(g, first)
    st.game_started = False  # the opening hands are drawn before the first turn (no "this turn" yet)
    for i in order:  # CR 103.5: draw a hand of seven
        if not g.empty_seat(i):  # the empty seat has no cards and never draws
            zones.draw(g, i, config.hand_size)
    if config.skip_mulligans:
        st.queue = [{"do": "begin"}]
    else:
        seats = [p for p in order if not g.empty_seat(p)]
        st.queue = mulligan_round(seats) + [{"do": "begin"}]
    return st
