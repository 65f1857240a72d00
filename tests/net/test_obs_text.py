"""A client writes the same canonical text as the engine, from its observation alone."""
from __future__ import annotations

from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.game import Game
from engine.net import engine_port as port
from engine.net.obs_text import text_for
from net_helpers import DECK


def test_client_side_text_matches_the_engine():
    total = 0
    for seed in range(2):
        g = Game(GameConfig(decks=[DECK, DECK], seed=seed, mode="hybrid"))
        agents = [RandomAgent(1), RandomAgent(2)]
        for _ in range(250):
            if g.pending is None:
                break
            p = g.pending.player
            obs = g.observation(p).to_json()
            for a in g.legal_actions(p):
                assert text_for(obs, a._replace(text="")) == str(a)
                total += 1
            g.apply(agents[p].choose(g, p))
    assert total > 500


def test_legal_detail_round_trips():
    g = Game(GameConfig(decks=[DECK, DECK], seed=4, mode="rules"))
    p = g.pending.player
    texts, detail = port.legal_detail(g, p)
    acts = [port.action_from_detail(p, t, d) for t, d in zip(texts, detail)]
    assert acts == list(g.legal_actions(p)) and [a.text for a in acts] == texts
