"""Random playouts: the engine's invariants hold in hundreds of complete seeded games."""
from __future__ import annotations

import random

import pytest

from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.decks.pool import pool_deck
from engine.game import Game
from engine.invariants import conserved, no_leak

# 24 cards: every core card once plus lands, so that random games end (by damage or an
# empty library) after a few hundred decisions each
DECK = (["Forest"] * 2 + ["Mountain"] * 2 + ["Swamp"] * 2 + ["Island"] + ["Plains"]
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground"])
GAMES = 200


NAMES = ["Alice", "Bob", "Carol", "Dave"]


# (the second half of the two-player and pool-deck games runs with -m bench: the normal test
# command keeps to about ten minutes on two cores, and half of each kind stays in it)
LATER = pytest.mark.bench


# two-player games in four chunks, then 3- and 4-player games (turn order, each opponent,
# attacking a chosen player, blockers per defending player, players leaving the game)
@pytest.mark.parametrize("chunk, seats, games", [(0, 2, GAMES // 4), (1, 2, GAMES // 4),
                                                 pytest.param(2, 2, GAMES // 4, marks=LATER),
                                                 pytest.param(3, 2, GAMES // 4, marks=LATER),
                                                 (0, 3, 16), (0, 4, 12)])
def test_random_games_keep_invariants(chunk: int, seats: int, games: int) -> None:
    for seed in range(chunk * games, (chunk + 1) * games):
        _play(seed, seats, [DECK] * seats)


# issue #10: decks drawn at random from every implemented card (engine/decks/pool.py);
# 100 games here (200 with -m bench), 2,000 in the benchmark (python -m engine.bench --pool-games 2000)
@pytest.mark.parametrize("chunk", [0, 1, pytest.param(2, marks=LATER), pytest.param(3, marks=LATER)])
def test_random_pool_decks_keep_invariants(chunk: int) -> None:
    for seed in range(chunk * 50, (chunk + 1) * 50):
        _play(seed, 2, [pool_deck(seed * 2), pool_deck(seed * 2 + 1)])


# Commander (CR 903): the same deck with a legendary commander in the command zone, 40 life,
# the tax, the command-zone choices (903.9) and commander damage; 2 to 4 players
COMMANDERS = ["Valgavoth, Harrower of Souls", "Aminatou, Veil Piercer", "The Lord of Pain",
              "Winter, Cynical Opportunist"]


# (more lands than DECK: the commanders are cast, recast with the tax, die and come back)
COMMANDER_DECK = DECK + ["Swamp"] * 4 + ["Plains", "Island", "Mountain", "Forest"]


@pytest.mark.parametrize("seats, games", [(2, 6), (3, 4), (4, 3)])
def test_random_commander_games_keep_invariants(seats: int, games: int) -> None:
    for seed in range(games):
        decks = [COMMANDER_DECK + [COMMANDERS[i]] for i in range(seats)]
        _play(seed, seats, decks, commanders=[[COMMANDERS[i]] for i in range(seats)])


def _play(seed: int, seats: int, decks: list[list[str]], commanders: list[list[str]] | None = None) -> None:
    g = Game(GameConfig(players=NAMES[:seats], decks=decks, seed=seed, mode="rules",
                        format="commander" if commanders else "free_for_all", commanders=commanders or []))
    n_cards = sum(len(d) for d in decks)
    agents = [RandomAgent(seed * seats + i + 1) for i in range(seats)]
    pick = random.Random(seed)
    decisions = 0
    while g.pending is not None:
        p = g.pending.player
        actions = g.legal_actions(p)
        assert actions, f"no legal action for the deciding player: {g.pending}"
        roll = pick.random()
        if roll < 0.02:
            assert all(g.legal_actions(q) == [] for q in range(seats) if q != p), \
                "only the deciding player has actions"
            for a in actions:  # every listed action applies cleanly to a clone
                g.clone().apply(a)
        elif roll < 0.04:
            before = g.dump()
            g.apply(agents[p].pick(actions))
            g.undo()
            assert g.dump() == before, "undo did not restore the state"
        elif roll < 0.07:
            conserved(g, n_cards)
            no_leak(g)
            if commanders:
                _commanders_hold(g, commanders)
        g.apply(agents[p].pick(actions))
        decisions += 1
        assert decisions < 3000 * seats, "the game does not end"
    assert g.outcome is not None
    conserved(g, n_cards)
    if seed % 10 == 0:
        again = Game.from_json(g.to_json())
        assert again.dump() == g.dump()


def _commanders_hold(g: Game, commanders: list[list[str]]) -> None:
    """Each player's commander is the named card, a card of theirs in exactly one zone (it is
    never lost, CR 903.3); the tax follows the casts (CR 903.8); commander damage is counted
    only for commanders (CR 903.10a) and no player still in the game has taken 21 from one."""
    st = g.st
    for p in st.players:
        if p.lost:
            continue
        assert sorted(p.commanders.values()) == sorted(commanders[p.index])
        for card in p.commanders:
            objs = [o for o in st.objects.values() if str(o.card) == card and o.kind == "card"
                    and not (o.ctx.get("card_copy") or o.ctx.get("copy"))]
            assert len(objs) == 1 and objs[0].owner == p.index
        assert all(n >= 0 for n in p.commander_casts.values())
        named = {card for q in st.players for card in q.commanders}
        assert set(p.commander_damage) <= named
        assert all(n < 21 for n in p.commander_damage.values())
    obs = g.observation(None).to_json()
    for pv, p in zip(obs["players"], st.players):
        if p.commanders and not p.lost:
            assert [c["tax"] for c in pv["commanders"]] == [2 * p.commander_casts.get(k, 0) for k in p.commanders]
