"""Random playouts: the engine's invariants hold in hundreds of complete seeded games."""
from __future__ import annotations

import random

import pytest

from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.game import Game

# 24 cards: every core card once plus lands, so that random games end (by damage or an
# empty library) after a few hundred decisions each
DECK = (["Forest"] * 2 + ["Mountain"] * 2 + ["Swamp"] * 2 + ["Island"] + ["Plains"]
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground"])
GAMES = 200


def _conserved(g: Game, n_cards: int) -> None:
    st = g.st
    seen: dict[int, str] = {}
    lists = [("battlefield", st.battlefield), ("stack", st.stack)]
    for p in st.players:
        for z in ("library", "hand", "graveyard", "exile", "command"):
            lists.append((z, getattr(p, z)))
    for zone, ids in lists:
        for oid in ids:
            assert oid not in seen, f"object {oid} in {zone} and {seen[oid]}"
            seen[oid] = zone
            assert st.objects[oid].zone == zone
    for oid, obj in st.objects.items():
        assert oid in seen, f"object {oid} ({obj.name}) is in no zone"
    # CR 800.4a: the cards of a player who left the game (3-4 players) left it with them
    # (all of them, or none: a player who lost as the game ended keeps theirs)
    per_owner: dict[int, set[int]] = {}
    for o in st.objects.values():
        if o.kind == "card":
            per_owner.setdefault(o.owner, set()).add(o.card)
    for p in st.players:
        n = len(per_owner.get(p.index, ()))
        assert n == n_cards // len(st.players) or (p.lost and n == 0), "cards were created or lost"


def _no_leak(g: Game) -> None:
    st = g.st
    for viewer in [*range(len(st.players)), None]:
        data = g.observation(viewer).to_json()
        hidden_ids = set()
        for p in st.players:
            hidden_ids.update(p.library)
            if p.index != viewer:
                hidden_ids.update(p.hand)
        found: list[int] = []

        def walk(x: object) -> None:
            if isinstance(x, dict):
                assert not isinstance(x.get("card"), int), "physical card identity leaked"
                if isinstance(x.get("id"), int):
                    found.append(x["id"])
                for v in x.values():
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(data)
        assert not hidden_ids & set(found), "a hidden card's id is visible"
        for p in data["players"]:
            if p["index"] != viewer:
                assert all(c["name"] is None for c in p["hand"])


NAMES = ["Alice", "Bob", "Carol", "Dave"]


# two-player games in four chunks, then 3- and 4-player games (turn order, each opponent,
# attacking a chosen player, blockers per defending player, players leaving the game)
@pytest.mark.parametrize("chunk, seats, games", [(0, 2, GAMES // 4), (1, 2, GAMES // 4), (2, 2, GAMES // 4),
                                                 (3, 2, GAMES // 4), (0, 3, 16), (0, 4, 12)])
def test_random_games_keep_invariants(chunk: int, seats: int, games: int) -> None:
    for seed in range(chunk * games, (chunk + 1) * games):
        g = Game(GameConfig(players=NAMES[:seats], decks=[DECK] * seats, seed=seed, mode="rules"))
        n_cards = seats * len(DECK)
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
                _conserved(g, n_cards)
                _no_leak(g)
            g.apply(agents[p].pick(actions))
            decisions += 1
            assert decisions < 3000 * seats, "the game does not end"
        assert g.outcome is not None
        _conserved(g, n_cards)
        if seed % 10 == 0:
            again = Game.from_json(g.to_json())
            assert again.dump() == g.dump()
