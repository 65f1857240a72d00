"""Who decides in the team's shared turn (CR 805; the release notes: "Bei Erzfeind-Commander
teilt sich das Dreierteam einen Zug"), in every mode — a LAN helper noticed in session 15 that
a computer team member never seemed to be the deciding seat in a hybrid/tabletop team turn.
It is: CR 805.4a makes every member an active player, 805.4b/c let each draw and play a land,
and the engine asks each member in the team's order, primary player first (805.2: the first
of the team's seats in turn order), before the archenemy (805.6: the active team first). Only
a choice the team must make together falls to the primary player (805.2). (Over a LAN table
with three computer members, in hybrid and tabletop mode, each of them cast, played lands and
passed in the team's turns too: session 16's probe, not kept as a test for its time.)"""
from __future__ import annotations

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.rules.teams import active_players

DECK = ["Swamp"] * 30 + ["Mountain"] * 29
SCHEMES = ["Kneel Before My Legions", "Plots That Span Centuries", "My Tendrils Run Deep",
           "You Are Unworthy of Mercy", "Running Is Useless", "My Laughter Echoes",
           "You Will Know True Suffering"]


@pytest.mark.parametrize("mode", ["rules", "hybrid", "tabletop"])
def test_each_member_decides_in_the_teams_turn_in_team_order(mode: str) -> None:
    # seat 1 the archenemy (it starts, CR 904.5); the team 2, 3, 0 — its primary is seat 2
    cfg = GameConfig(players=["Alice", "Bob", "Carol", "Dave"], decks=[DECK] * 4, seed=5, mode=mode,
                     format="archenemy_commander", schemes=[[], SCHEMES, [], []], skip_mulligans=True)
    g = Game(cfg)
    assert g.st.active == 1
    seen: list[tuple[str, int]] = []  # (step, deciding seat) in the team's turn
    lands: set[int] = set()
    for _ in range(400):
        dec = g.pending
        assert dec is not None and g.outcome is None
        if g.st.turn == 3:
            break
        if g.st.turn == 2:
            assert g.st.active == 2 and active_players(g) == [2, 3, 0]  # CR 805.4a, 805.2
            seen.append((g.st.step, dec.player))
            play = next((a for a in g.legal_actions(dec.player) if a.verb == "play"), None)
            if play is not None and dec.player not in lands:  # CR 805.4c: each member's land
                lands.add(dec.player)
                g.apply(play)
                continue
        acts = g.legal_actions(dec.player)
        g.apply(next((a for a in acts if a.verb in ("pass", "keep")), acts[0]))
    assert lands == {2, 3, 0}
    main = [p for step, p in seen if step == "main1"]
    assert {2, 3, 0} <= set(main)
    # a round of priority in the team's turn: its members in the team's order, then the archenemy
    first = [p for i, p in enumerate(main) if i == 0 or main[i - 1] != p]
    assert first[:4] == [2, 3, 0, 1], first
