"""A client writes the same canonical text as the engine, from its observation alone."""
from __future__ import annotations

from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.game import Game
from engine.net import engine_port as port
from engine.action_candidates import hand_cands
from engine.net.obs_text import ObservationGame, text_for
from net_helpers import DECK


def _written_alike(g, p):
    """p's observation, after checking that a client writes the engine's text for each of p's
    legal actions from it alone."""
    obs = g.observation(p).to_json()
    for a in g.legal_actions(p):
        assert text_for(obs, a._replace(text="")) == str(a)
    return obs


def test_client_side_text_matches_the_engine():
    total = 0
    for seed in range(2):
        g = Game(GameConfig(decks=[DECK, DECK], seed=seed, mode="hybrid"))
        agents = [RandomAgent(1), RandomAgent(2)]
        for _ in range(250):
            if g.pending is None:
                break
            p = g.pending.player
            _written_alike(g, p)
            total += len(g.legal_actions(p))
            g.apply(agents[p].choose(g, p))
    assert total > 500


def test_legal_detail_round_trips():
    g = Game(GameConfig(decks=[DECK, DECK], seed=4, mode="rules"))
    p = g.pending.player
    texts, detail = port.legal_detail(g, p)
    acts = [port.action_from_detail(p, t, d) for t, d in zip(texts, detail)]
    assert acts == list(g.legal_actions(p)) and [a.text for a in acts] == texts


def test_client_side_text_in_a_commander_game():
    """A LAN client writes the engine's text for every action of a four-player Commander game,
    casting a commander from the command zone included (CR 903.8), with the tax and again."""
    lands = ["Forest", "Island", "Swamp", "Plains", "Mountain"] * 3
    cmd = {"Alice": "Winter, Cynical Opportunist", "Bob": "Valgavoth, Harrower of Souls",
           "Carol": "Kianne, Corrupted Memory", "Dave": "Aminatou, Veil Piercer"}
    setup = {name: {"command": [c], "commander": [c], "battlefield": list(lands), "library": ["Swamp"] * 20,
                    "hand": ["Murder", "Friendly Teddy"]} for name, c in cmd.items()}
    g = Game(GameConfig(players=list(cmd), decks=[[] for _ in cmd], format="commander", seed=3, mode="rules",
                        setup=setup))
    agents = [RandomAgent(i + 1) for i in range(4)]
    commander_casts = 0
    for _ in range(300):
        if g.pending is None:
            break
        p = g.pending.player
        obs = _written_alike(g, p)
        acts = [a for a in g.legal_actions(p) if a.verb == "cast" and a.obj in g.st.players[p].command]
        for a in acts:
            commander_casts += 1
            # the client's stand-in knows the commander and offers it as the engine does
            stand_in = ObservationGame(obs)
            assert a.obj in hand_cands(stand_in, p)  # type: ignore[arg-type]
            assert stand_in.st.players[p].commanders == {f"seen:{a.obj}": g.st.objects[a.obj].name}
        g.apply(acts[0] if acts else agents[p].choose(g, p))
    assert commander_casts >= 3
