"""Computer players in a four-player Commander game choose whom to attack and whom to harm by
threat (engine/ai/threat.py), read from their own observation: the choice follows the threat
and never the cards nobody may see."""
from __future__ import annotations

import random as rnd
from typing import Any

from engine.ai import adapter
from engine.ai.determinize import Knowledge, determinize, looked_at
from engine.ai.heuristic import HeuristicAgent
from engine.ai.threat import Memory, attack_preference, danger
from engine.config import GameConfig
from engine.game import Game

PLAYERS = ["Alice", "Bob", "Carol", "Dave"]
CMD = {"Bob": "Valgavoth, Harrower of Souls", "Carol": "Kianne, Corrupted Memory",
       "Dave": "Aminatou, Veil Piercer"}


def _game(alice: dict[str, Any], others: dict[str, dict[str, Any]], **top: Any) -> Game:
    setup: dict[str, Any] = {"Alice": {"library": ["Swamp"] * 5, **alice}, **top}
    for name in PLAYERS[1:]:
        setup[name] = {"library": ["Plains"] * 5, "command": [CMD[name]], "commander": [CMD[name]],
                       **others.get(name, {})}
    return Game(GameConfig(players=list(PLAYERS), decks=[[] for _ in PLAYERS], mode="rules",
                           format="commander", seed=3, setup=setup))


def _attacked(g: Game, agent: HeuristicAgent) -> set[int]:
    """Play Alice's turn to her attack declaration and return whom she attacks."""
    for _ in range(30):
        if adapter.pending_kind(g) == "attackers":
            break
        p = adapter.pending_player(g)
        assert p is not None
        g.apply(next(a for a in g.legal_actions(p) if adapter.is_pass(a)))
    assert adapter.pending_kind(g) == "attackers" and adapter.pending_player(g) == 0
    act = agent.choose(g, 0)
    g.apply(act)
    while adapter.pending_kind(g) == "attackers" and adapter.pending_player(g) == 0:
        g.apply(agent.choose(g, 0))  # a declaration in parts
    return {o.attacking for o in g.st.objects.values() if o.zone == "battlefield" and o.attacking is not None}


BIG = "Daggermaw Megalodon"
ALICE_ARMY = {"battlefield": ["Swamp"] * 3 + ["Ragged Playmate", "Ragged Playmate"]}


def test_attacks_the_commander_that_nearly_killed_her() -> None:
    """Equal boards and life; Carol's commander has dealt Alice 15 of 21: Alice attacks Carol.
    The same table with the damage from Dave's commander instead: she attacks Dave."""
    for foe in ("Carol", "Dave"):
        g = _game({**ALICE_ARMY, "commander_damage": {CMD[foe]: 15}}, {})
        assert _attacked(g, HeuristicAgent(1)) == {PLAYERS.index(foe)}


def test_attacks_the_biggest_board() -> None:
    """Bob's tapped army (it can't block) threatens Alice most: she attacks Bob; give the army
    to Carol and she attacks Carol."""
    for foe in ("Bob", "Carol"):
        army = {"battlefield": ["Plains"] * 2 + ["Friendly Teddy | tapped"] * 3}
        g = _game(ALICE_ARMY, {foe: army})
        assert _attacked(g, HeuristicAgent(1)) == {PLAYERS.index(foe)}


def test_finishes_the_player_she_can_kill() -> None:
    """A player at 2 life with no blockers is taken out before the bigger threat."""
    army = {"battlefield": ["Plains"] * 2 + ["Friendly Teddy | tapped"] * 3}
    g = _game(ALICE_ARMY, {"Bob": army, "Dave": {"life": 2}})
    assert _attacked(g, HeuristicAgent(1)) == {3}


def test_remembers_who_attacked_her() -> None:
    """Attacks seen on earlier turns raise that player's danger; from the observation only."""
    g = _game(ALICE_ARMY, {})
    obs = adapter.observe(g, 0)
    mem = Memory()
    plain = danger(obs, 0, mem)
    assert plain[1] == plain[2] == plain[3]
    mem.attacks[obs["turn"]] = {2}
    told = danger(obs, 0, mem)
    assert told[2] > told[1] == told[3]
    assert max(attack_preference(obs, 0, mem), key=attack_preference(obs, 0, mem).get) == 2


def test_removal_goes_to_the_dangerous_player() -> None:
    """Alice holds Murder in Dave's end step; Bob and Carol each have the same big creature. The one
    whose commander dealt her 15 damage loses it; switch the damage and the target switches."""
    for foe in ("Bob", "Carol"):
        g = _game({"battlefield": ["Swamp"] * 3, "hand": ["Murder"], "commander_damage": {CMD[foe]: 15}},
                  {"Bob": {"battlefield": [BIG]}, "Carol": {"battlefield": [BIG]}},
                  active="Dave", step="end")
        agent = HeuristicAgent(1, Knowledge(decks={0: ["Swamp"] * 5}))
        for _ in range(10):
            if adapter.pending_player(g) == 0:
                break
            p = adapter.pending_player(g)
            assert p is not None
            g.apply(next(a for a in g.legal_actions(p) if adapter.is_pass(a)))
        act = agent.choose(g, 0)
        assert act.verb == "cast", act
        victim = g.st.objects[adapter.targets(act)[0][1]].controller
        assert victim == PLAYERS.index(foe)


def test_threat_ignores_hidden_cards() -> None:
    """The threat figures are the same whatever the opponents hold in hand."""
    a = _game(ALICE_ARMY, {"Bob": {"hand": ["Murder"] * 3}})
    b = _game(ALICE_ARMY, {"Bob": {"hand": ["Plains"] * 3}})
    assert danger(adapter.observe(a, 0), 0) == danger(adapter.observe(b, 0), 0)
    assert attack_preference(adapter.observe(a, 0), 0) == attack_preference(adapter.observe(b, 0), 0)


def test_the_cards_it_looks_at_keep_their_names_in_its_copy() -> None:
    """Collected Company: ordering the looked-at cards for the bottom, the computer's sampled
    copy keeps their names (its options name them) — once the copy renamed them and the
    answer named no card there (found by the Commander benchmark). Other library cards are
    still sampled."""
    lib = ["Friendly Teddy", "Ragged Playmate", "Murder", "Pyroclasm", "Forest", "Island"] + ["Swamp"] * 6
    g = Game(GameConfig(players=["Alice", "Bob"], decks=[[], []], mode="rules", seed=1, setup={
        "Alice": {"hand": ["Collected Company"], "battlefield": ["Forest"] * 4, "library": lib},
        "Bob": {"library": ["Island"] * 5}}))
    g.apply(g.parse_action(0, "cast Collected Company"))
    agent = HeuristicAgent(2, Knowledge(decks={0: lib + ["Collected Company"] + ["Forest"] * 4}))
    seen_bottom = False
    for _ in range(30):
        p = adapter.pending_player(g)
        if p is None or (g.pending.kind == "priority" and not g.st.stack):
            break
        if p == 0 and g.pending.prompt == "ask.bottom_next":
            seen_bottom = True
            looking = looked_at(g.st, 0)
            assert len(looking) >= 2
            copy = determinize(g, 0, agent.knowledge, rnd.Random(5))
            assert all(copy.st.objects[o].name == g.st.objects[o].name for o in looking)
        act = agent.choose(g, p) if p == 0 else next(a for a in g.legal_actions(p) if adapter.is_pass(a))
        assert act in g.legal_actions(p)
        g.apply(act)
    assert seen_bottom
