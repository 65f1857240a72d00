"""Starting the game (CR 103): starting player, shuffling, opening hands, London mulligan.
Also builds a scenario's starting position (SCENARIOS.md [setup])."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import IllegalActionError
from engine.config import TEAM_FORMATS, GameConfig
from engine.rules import commander, zones
from engine.state import KEYED, Player, State, rng_below
from engine.scenario_setup import build_position
from engine.rules import schemes, teams

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


def mulligan_round(seats: list[int]) -> list[dict[str, object]]:
    """CR 103.5: in turn order each player still deciding keeps or declares a mulligan; once
    all have declared, those who declared take their mulligans at the same time, and the
    round repeats for them."""
    return [{"do": "mulligan", "player": p} for p in seats] + [{"do": "mulligans_taken", "players": []}]


def take_mulligans(g: "Context", players: list[int]) -> None:
    """The end of a round: every player who declared a mulligan shuffles their hand into
    their library and draws a new hand (at the same time, CR 103.5); then the next round."""
    st = g.st
    for player in players:
        p = st.players[player]
        p.mulligans += 1
        for oid in list(p.hand):
            zones.move(g, oid, "library", cause="mulligan")
        zones.shuffle_library(g, player)
        zones.draw(g, player, g.config.hand_size)
    if players:
        st.queue[0:0] = mulligan_round(players)


def ask_mulligan(g: "Context", player: int) -> None:
    g.st.pending = {"player": player, "kind": "mulligan", "prompt": "decide.mulligan",
                    "params": {"player": g.pname(player), "mulligans": g.st.players[player].mulligans}}


def mulligan_answer(g: "Context", player: int, keep: bool) -> None:
    """CR 103.5 (London mulligan): shuffle the hand away and draw seven again; when keeping
    after N mulligans, put N cards from hand on the bottom of the library."""
    st = g.st
    p = st.players[player]
    st.pending = None
    if keep:
        p.kept = True
        g.event("keep", player=p.name, mulligans=p.mulligans)
        n = min(p.mulligans - free_mulligans(g, p.mulligans), len(p.hand))
        if n:
            st.pending = {"player": player, "kind": "bottom", "count": n, "prompt": "decide.bottom",
                          "params": {"count": n}}
        return
    if p.mulligans - free_mulligans(g, p.mulligans) >= g.config.hand_size:  # CR 103.5: not once the hand would be empty
        raise IllegalActionError("mulligan.limit")
    g.event("mulligan", player=p.name, count=p.mulligans + 1)
    # the mulligan itself waits until every player of this round has declared (CR 103.5)
    taken = next((q for q in st.queue if q.get("do") == "mulligans_taken"), None)
    if taken is None:  # a position made without rounds: take it at once
        st.queue.insert(0, {"do": "mulligans_taken", "players": [player]})
    else:
        taken["players"].append(player)




def free_mulligans(g: "Context", taken: int) -> int:
    """CR 103.5c: in a multiplayer game (one that begins with more than two players, CR
    100.1b) a player's first mulligan counts neither toward the cards they put on the bottom
    nor toward the mulligans they may take."""
    return 1 if taken and len(g.config.players) > 2 else 0
