"""The caches never answer with stale values (issue #24): with engine/cache_check.py on, every
action is followed by the same questions asked of a copy of the game with empty caches —
characteristics of every object in every zone, each player's permanents and rule changes, the
legal actions. The whole scenario set and the random playouts were run with it
(`MANATABLE_CHECK_CACHES=1 python -m engine.scenario tests/scenarios`); here a sample of each,
and with -m bench all of the scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine import cache_check
from engine.ai.random_agent import RandomAgent, play_game
from engine.bench import crowded_setup
from engine.config import GameConfig
from engine.decks.pool import pool_deck
from engine.format import name_map
from engine.game import Game
from engine.rules import idle
from engine.rules.layering import effects_by_object
from engine.rules.listing import priority_actions
from engine.rules.lister import Lister
from engine.scenario import run_file
from tests.engine.test_random_playout import DECK

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
# the scenarios about characteristics, layers, copies, control and last-known information
SAMPLE = ["characteristics", "layers", "control", "lki", "protection"]


def test_a_stale_characteristic_is_caught() -> None:
    """A change made behind the caches' back (a counter put on without add_counters) is found."""
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=crowded_setup(20)))
    bear = next(oid for oid, _, c in g.perms(0) if "Creature" in c.types and c.power is not None)
    power = g.chars(bear).power
    cache_check.verify(g)  # (nothing stale yet)
    g.st.objects[bear].counters["+1/+1"] = 2
    assert g.chars(bear).power == power  # the cache still says so
    with pytest.raises(cache_check.StaleCache, match="power"):
        cache_check.verify(g)


def test_random_playouts_with_caches_checked(checked: None) -> None:
    for seed in range(2):
        g = Game(GameConfig(players=["Alice", "Bob"], decks=[DECK] * 2, seed=seed, mode="rules"))
        play_game(g, seed, max_decisions=600)
    for seed in range(2):  # random decks from the whole pool
        g = Game(GameConfig(players=["Alice", "Bob"], decks=[pool_deck(seed * 2), pool_deck(seed * 2 + 1)],
                            seed=seed, mode="rules"))
        play_game(g, seed, max_decisions=600)
    g = Game(GameConfig(players=["Alice", "Bob", "Carol"], decks=[DECK] * 3, seed=7, mode="rules"))
    play_game(g, 7, max_decisions=600)


def test_crowded_boards_with_caches_checked(checked: None) -> None:
    g = Game(GameConfig(players=["Alice", "Bob"], seed=3, mode="rules", setup=crowded_setup(40)))
    play_game(g, 3, max_decisions=300)


@pytest.mark.parametrize("folder", SAMPLE)
def test_scenarios_with_caches_checked(checked: None, folder: str) -> None:
    failed = [f"{path.name}: {result.message}" for path in sorted((SCENARIOS / folder).rglob("*.toml"))
              if not (result := run_file(path)).ok]
    assert not failed, "\n".join(failed)


@pytest.mark.bench
def test_every_scenario_with_caches_checked(checked: None) -> None:
    failed = [f"{path}: {result.message}" for path in sorted(SCENARIOS.rglob("*.toml"))
              if not (result := run_file(path)).ok]
    assert not failed, "\n".join(failed)


def test_a_stale_idle_permanent_is_caught() -> None:
    """The listing's "its abilities offer nothing" entry for a permanent (engine/rules/idle.py)
    planted where one of its abilities can be activated: the check, which asks every player's listing, finds it."""
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=crowded_setup(40)))
    agent = RandomAgent(1)
    for _ in range(300):
        found = [(p, a.obj) for p in range(2) for a in priority_actions(g, p) if a.verb == "activate"
                 and a.ability and a.obj in g.st.battlefield and not g.chars(a.obj).defn.only_plain_mana()
                 and idle.steady(g.chars(a.obj)) is not None]
        if found:
            break
        assert g.pending is not None
        g.apply(agent.choose(g, g.pending.player))
    assert found, "no permanent with an ability to activate came up"
    cache_check.verify(g)  # (nothing stale yet)
    p, oid = found[0]
    obj = g.st.objects[oid]
    lister = Lister(g, p)
    reads = idle.steady(g.chars(oid))
    assert reads is not None
    idle.entries(g, p)[lister.idle_at(oid, obj, reads)] = (g.chars(oid), ())  # (no question to ask again)
    with pytest.raises(cache_check.StaleCache, match=f"actions of player {p} .*missing"):
        cache_check.verify(g)


def test_damage_and_combat_keep_the_effects_of_static_abilities() -> None:
    """Game.update: damage and combat status are no characteristic (CR 109.3, 613), so no
    static ability's effects read them: a creature dealt damage or attacking keeps the effects
    index and every characteristic (not rebuilt for nothing), and they equal a fresh reading's;
    a counter (a characteristic's input, CR 613.4c) makes them again."""
    setup = {"Alice": {"battlefield": ["Whip of Erebos", "Archetype of Imagination", "Ragged Playmate",
                                       "Forest"]},
             "Bob": {"battlefield": ["Piranha Fly", "Forest"]}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    mine = next(oid for oid, _, c in g.perms(0) if c.name == "Ragged Playmate")
    index = effects_by_object(g)
    assert {"lifelink", "flying"} <= g.chars(mine).keywords
    g.update(mine, damage=1)
    g.st.step = "declare_attackers"  # (combat statuses exist in the combat steps only: sba.COMBAT_STEPS)
    g.update(mine, attacking=1)
    assert effects_by_object(g) is index  # (kept)
    assert {"lifelink", "flying"} <= g.chars(mine).keywords
    cache_check.verify(g)  # the same as made from scratch
    power = g.chars(mine).power
    assert power is not None
    g.add_counters(mine, "+1/+1", 1)
    assert effects_by_object(g) is not index
    assert g.chars(mine).power == power + 1
    cache_check.verify(g)


def test_tapped_attackers_under_a_tapped_status_static_with_caches_checked(checked: None) -> None:
    """Attacking taps a creature and sets its combat status in one change (Game.update): with
    "other tapped creatures you control have hexproof" on the battlefield, the attacker's own
    characteristics are made again and the effects index stays; every action checked."""
    side = ["The Wandering Rescuer", "Ragged Playmate", "Piranha Fly", "Friendly Teddy", "Lionheart Glimmer",
            "Forest", "Mountain", "Plains", "Island", "Swamp"]
    setup = {name: {"battlefield": list(side), "library": ["Forest", "Murder", "Pyroclasm"] * 8,
                    "hand": ["Murder", "Mountain"]} for name in ("Alice", "Bob")}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=5, mode="rules", setup=setup))
    play_game(g, 5, max_decisions=250)
    assert any(a.text.startswith("attack") for a in g.history)


def test_a_stale_name_is_caught() -> None:
    """A name kept across positions that is no longer how the object is named (engine/format.py
    name maps: the targets' map is made of the permanents' and the stack's) is found."""
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=crowded_setup(20)))
    cache_check.verify(g)  # (nothing stale yet)
    forest = next(oid for oid in g.st.battlefield if g.st.objects[oid].name == "Forest")
    name_map(g, "target", 0)[forest] = "Swamp#9"  # (a kept map gone wrong)
    with pytest.raises(cache_check.StaleCache, match=r"names \(target"):
        cache_check.verify(g)
