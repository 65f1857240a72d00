"""Computer players deciding scheme choices (issue #29) from their own seat's knowledge
(HeuristicAgent: a world sampled from the observation, each answer looked ahead): the target
opponent of My Will Is Irresistible keeps the permanent that matters most — to the team, in an
Archenemy game (CR 904.2: the team wins or loses together), even when it is a teammate's."""
from __future__ import annotations

from typing import Any

from engine.ai.determinize import Knowledge
from engine.ai.heuristic import HeuristicAgent
from engine.ai.match import card_pool
from engine.config import GameConfig
from engine.game import Game


def _play(setup: dict[str, Any], script: list[str]) -> Game:
    """Pass to the scheme; the archenemy (seat 0) answers by `script`, the others are computers."""
    g = Game(GameConfig(players=setup["players"], mode="rules", setup=setup, seed=3, format=setup["format"]))
    agents = {i: HeuristicAgent(i, Knowledge(decks={}, pool=card_pool())) for i in range(1, len(setup["players"]))}
    for _ in range(100):
        d = g.pending
        assert d is not None
        acts = g.legal_actions(d.player)
        if d.kind == "priority":
            if g.st.step == "main1" and not g.st.stack and any(e.get("key") == "scheme_done" for e in g.events):
                return g
            g.apply(next(a for a in acts if a.verb == "pass"))
        elif d.player == 0:
            want = script.pop(0)
            g.apply(next(a for a in acts if str(a).endswith(want)))
        else:
            g.apply(agents[d.player].choose(g, d.player))
    raise AssertionError("the scheme did not finish")


def _controllers(g: Game) -> dict[str, int]:
    return {g.st.objects[o].name: g.st.objects[o].controller for o in g.st.battlefield}


def test_the_target_opponent_keeps_the_strongest_permanent() -> None:
    setup = {"format": "archenemy", "players": ["Alice", "Bob"], "step": "upkeep",
             "Alice": {"schemes": ["My Will Is Irresistible"], "library": ["Plains"] * 3},
             "Bob": {"battlefield": ["Grasping Longneck", "Cult Healer", "The Lord of Pain", "Swamp"],
                     "library": ["Swamp"] * 3}}
    g = _play(setup, ["choose Bob", "choose Grasping Longneck", "choose Cult Healer", "choose The Lord of Pain"])
    assert _controllers(g) == {"Grasping Longneck": 0, "Cult Healer": 0, "The Lord of Pain": 1, "Swamp": 1}


def test_a_team_member_keeps_the_teammates_stronger_permanent() -> None:
    """Bob chooses between his Cult Healer and Carol's The Lord of Pain: the team's loss is
    smaller if the archenemy takes the Healer (with its own board only, Bob kept the Healer)."""
    setup = {"format": "archenemy", "players": ["Alice", "Bob", "Carol"], "step": "upkeep",
             "Alice": {"team": "archenemy", "schemes": ["My Will Is Irresistible"], "library": ["Plains"] * 3},
             "Bob": {"team": "heroes", "battlefield": ["Cult Healer", "Swamp"], "library": ["Swamp"] * 3},
             "Carol": {"team": "heroes", "battlefield": ["The Lord of Pain", "Swamp"], "library": ["Swamp"] * 3}}
    g = _play(setup, ["choose Bob", "choose Cult Healer", "choose The Lord of Pain", "choose no more"])
    got = _controllers(g)
    assert got["Cult Healer"] == 0 and got["The Lord of Pain"] == 2


def _champion(g: Game) -> str:
    return next(str(e.get("choice")) for e in g.events if e.get("key") == "chosen")


def test_the_champion_is_the_teams_strongest_attacker_never_the_archenemy() -> None:
    """Choose Your Champion: Bob, the target opponent, chooses Carol (the team's biggest
    creature) — choosing Alice, the archenemy, would let nobody on the team cast or attack."""
    setup = {"format": "archenemy", "players": ["Alice", "Bob", "Carol"], "step": "upkeep",
             "Alice": {"team": "archenemy", "schemes": ["Choose Your Champion"], "library": ["Plains"] * 3},
             "Bob": {"team": "heroes", "battlefield": ["Cult Healer", "Swamp"], "library": ["Swamp"] * 3},
             "Carol": {"team": "heroes", "battlefield": ["Grasping Longneck", "The Lord of Pain", "Swamp"],
                       "library": ["Swamp"] * 3}}
    g = _play(setup, ["choose Bob"])
    assert _champion(g) == "Carol"


def test_the_archenemy_lets_the_weakest_opponent_choose_in_a_rumble() -> None:
    """Supervillain Rumble (no teams): the target opponent will choose themselves, so the
    archenemy's computer player targets the one with the least to attack with."""
    setup = {"format": "supervillain_rumble", "players": ["Alice", "Bob", "Carol"], "step": "upkeep",
             "Alice": {"schemes": ["Choose Your Champion"], "library": ["Plains"] * 3},
             "Bob": {"schemes": ["Choose Your Champion"], "battlefield": ["The Lord of Pain", "Grasping Longneck"],
                     "library": ["Swamp"] * 3},
             "Carol": {"schemes": ["Choose Your Champion"], "battlefield": ["Cult Healer"], "library": ["Swamp"] * 3}}
    g = Game(GameConfig(players=setup["players"], mode="rules", setup=setup, seed=3, format=setup["format"]))
    agent = HeuristicAgent(0, Knowledge(decks={}, pool=card_pool()))
    for _ in range(40):
        d = g.pending
        assert d is not None
        if d.kind == "targets" and d.player == 0:
            assert str(agent.choose(g, 0)) == "choose Carol"
            return
        g.apply(next(a for a in g.legal_actions(d.player) if a.verb == "pass"))
    raise AssertionError("no target decision")


def _attack_of(setup: dict[str, Any], seat: int) -> str:
    """Pass to `seat`'s attack declaration and return what its computer player declares."""
    g = Game(GameConfig(players=setup["players"], mode="rules", setup=setup, seed=3, format=setup["format"]))
    agent = HeuristicAgent(seat, Knowledge(decks={}, pool=card_pool()))
    for _ in range(40):
        d = g.pending
        assert d is not None
        if d.kind == "attackers" and d.player == seat:
            return str(agent.choose(g, seat))
        g.apply(next(a for a in g.legal_actions(d.player) if a.verb == "pass"))
    raise AssertionError("no attack declaration")


def test_the_archenemy_fears_the_whole_teams_blockers() -> None:
    """Archenemy Commander: Bob's creature is tapped, but Carol's Bedhead Beastie may block a
    creature attacking Bob (CR 805.10d) — the archenemy's Cult Healer stays home."""
    setup = {"format": "archenemy_commander", "players": ["Alice", "Bob", "Carol"],
             "Alice": {"team": "villain", "battlefield": ["Cult Healer"], "library": ["Plains"] * 3},
             "Bob": {"team": "heroes", "battlefield": ["Bedhead Beastie | tapped"], "library": ["Swamp"] * 3},
             "Carol": {"team": "heroes", "battlefield": ["Bedhead Beastie"], "library": ["Swamp"] * 3}}
    assert _attack_of(setup, 0) == "attack done"
    tapped = {**setup, "Carol": {"team": "heroes", "battlefield": ["Bedhead Beastie | tapped"],
                                 "library": ["Swamp"] * 3}}
    assert _attack_of(tapped, 0).startswith("attacker Cult Healer ->")  # nobody on the team can block
