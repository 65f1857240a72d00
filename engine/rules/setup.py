"""Starting the game (CR 103): starting player, shuffling, opening hands, London mulligan.
Also builds a scenario's starting position (SCENARIOS.md [setup])."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import IllegalActionError
from engine.config import GameConfig
from engine.rules import zones
from engine.state import Player, State, rng_below

if TYPE_CHECKING:
    from engine.game import Game


def initial_state(g: "Game", config: GameConfig) -> State:
    st = State(players=[Player(i, n, life=config.starting_life) for i, n in enumerate(config.players)])
    st.rng = config.seed & 0xFFFFFFFFFFFFFFFF
    g.st = st
    if config.setup is not None:
        from engine.scenario_setup import build_position
        build_position(g, config.setup)
        return st
    for i, deck in enumerate(config.decks):
        for name in deck:
            obj = zones.new_object(g, name, i, "library")
            st.players[i].library.append(obj.id)
    # CR 103.1: the starting player is chosen at random (or by the config)
    n = len(st.players)
    first = config.first_player if config.first_player is not None else rng_below(st, n)
    if config.goldfish:
        first = 0
    st.active = st.priority = st.first_player = first
    st.step = "untap"
    g.event("start", first=g.pname(first))
    for i in range(len(st.players)):  # CR 103.3: shuffle
        zones.shuffle_library(g, i)
    order = [(first + i) % n for i in range(n)]  # CR 101.4, 103.5: from the starting player in turn order
    for i in order:  # CR 103.5: draw a hand of seven
        if not g.empty_seat(i):  # the empty seat has no cards and never draws
            zones.draw(g, i, config.hand_size)
    if config.skip_mulligans:
        st.queue = [{"do": "begin"}]
    else:
        seats = [p for p in order if not g.empty_seat(p)]
        st.queue = [{"do": "mulligan", "player": p} for p in seats] + [{"do": "begin"}]
    return st


def ask_mulligan(g: "Game", player: int) -> None:
    g.st.pending = {"player": player, "kind": "mulligan", "prompt": "decide.mulligan",
                    "params": {"player": g.pname(player), "mulligans": g.st.players[player].mulligans}}


def mulligan_answer(g: "Game", player: int, keep: bool) -> None:
    """CR 103.5 (London mulligan): shuffle the hand away and draw seven again; when keeping
    after N mulligans, put N cards from hand on the bottom of the library."""
    st = g.st
    p = st.players[player]
    st.pending = None
    if keep:
        p.kept = True
        g.event("keep", player=p.name, mulligans=p.mulligans)
        n = min(p.mulligans, len(p.hand))
        if n:
            st.pending = {"player": player, "kind": "bottom", "count": n, "prompt": "decide.bottom",
                          "params": {"count": n}}
        return
    if p.mulligans >= g.config.hand_size:
        raise IllegalActionError("You cannot take another mulligan.", "mulligan.limit")
    p.mulligans += 1
    g.event("mulligan", player=p.name, count=p.mulligans)
    for oid in list(p.hand):
        zones.move(g, oid, "library", cause="mulligan")
    zones.shuffle_library(g, player)
    zones.draw(g, player, g.config.hand_size)
    st.queue.insert(0, {"do": "mulligan", "player": player})
