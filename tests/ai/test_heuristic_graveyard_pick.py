"""The heuristic level in a pick of "any number of cards ... with four or more card types among
them" (Winter, Cynical Opportunist): it picks cards that add card types and stops as soon as
the pick may end, so the rest of the graveyard stays (it used to exile the whole graveyard,
looking ahead at every card: the Commander benchmark's costliest decisions)."""
from __future__ import annotations

from pathlib import Path

from engine.ai import adapter
from engine.ai.determinize import Knowledge
from engine.ai.heuristic import HeuristicAgent
from engine.scenario import _run_steps, load, make_game

SCENARIO = Path(__file__).parents[1] / "scenarios" / "dsc" / "winter_cynical_opportunist.toml"


def test_the_fewest_cards_with_four_card_types_are_exiled() -> None:
    data = load(SCENARIO)
    steps = data["do"]
    data["do"] = steps[:next(i for i, s in enumerate(steps) if s.get("act") == "Alice: choose yes") + 1]
    data["expect"] = {"pending": "Alice: ask"}
    g = make_game(data)
    _run_steps(g, data)
    agent = HeuristicAgent(1, Knowledge())
    picks = 0
    while adapter.pending_prompt(g) == "ask.exile_from_graveyard":
        adapter.apply(g, agent.choose(g, 0))
        picks += 1
    st = g.st
    exiled = [st.objects[o].name for o in st.players[0].exile]
    types = set().union(*(adapter.card_info(n).types for n in exiled))
    # five cards in the graveyard (Piggy Bank, an artifact creature; Murder and Violent Urge,
    # instants; Forest; Bear Trap): three of them make four card types, then "exile"
    assert len(exiled) == 3 and len(types & {"Artifact", "Creature", "Instant", "Land", "Enchantment"}) >= 4, exiled
    assert picks == 4 and len(st.players[0].graveyard) == 2
