"""The London mulligan (CR 103.5): rounds of keep-or-mulligan decisions in turn order, the
mulligans taken together, the cards put on the bottom; the free first mulligan of a multiplayer
game (CR 103.5c). engine/rules/setup.py starts the game; engine/rules/turn.py runs the rounds
from the queue."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import IllegalActionError
from engine.rules import zones

if TYPE_CHECKING:
    from engine.rules.context import Context


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
