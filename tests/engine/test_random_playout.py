"""Random playouts: the engine's invariants hold in hundreds of complete seeded games."""
from __future__ import annotations

import random

import pytest

from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
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


# two-player games in four chunks, then 3- and 4-player games (turn order, each opponent,
# attacking a chosen player, blockers per defending player, players leaving the game)
@pytest.mark.parametrize("chunk, seats, games", [(0, 2, GAMES // 4), (1, 2, GAMES // 4), (2, 2, GAMES // 4),
                                                 (3, 2, GAMES // 4), (0, 3, 16), (0, 4, 12)])
def test_random_games_keep_invariants(chunk: int, seats: int, games: int) -> None:
    for seed in range(chunk * games, (chunk + 1) * games):
        _play(seed, seats, [DECK] * seats)


# issue #10: decks drawn at random from every implemented card (engine/decks/pool.py);
# 200 games here, 2,000 in the benchmark (python -m engine.bench --pool-games 2000)
@pytest.mark.parametrize("chunk", range(4))
def test_random_pool_decks_keep_invariants(chunk: int) -> None:
    from engine.decks.pool import pool_deck
    for seed in range(chunk * 50, (chunk + 1) * 50):
        _play(seed, 2, [pool_deck(seed * 2), pool_deck(seed * 2 + 1)])


def _play(seed: int, seats: int, decks: list[list[str]]) -> None:
    g = Game(GameConfig(players=NAMES[:seats], decks=decks, seed=seed, mode="rules"))
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
        g.apply(agents[p].pick(actions))
        decisions += 1
        assert decisions < 3000 * seats, "the game does not end"
    assert g.outcome is not None
    conserved(g, n_cards)
    if seed % 10 == 0:
        again = Game.from_json(g.to_json())
        assert again.dump() == g.dump()
