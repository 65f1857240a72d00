"""The computer player casts with filter mana (engine/rules/mana_filters.py): with Forest, Forest
and Simic Signet ("{1}, {T}: Add {G}{U}.") the payment search taps a Forest for the Signet's {1},
so Glitch Interpreter ({2}{U}) is listed, chosen and paid — nothing tapped by hand first."""
from __future__ import annotations

import tomllib

from engine.ai import adapter
from engine.ai.determinize import Knowledge
from engine.ai.heuristic import HeuristicAgent
from engine.ai.match import card_pool
from engine.scenario import make_game

POOL = card_pool()

POSITION = """
[setup]
[setup.Alice]
hand = ["Glitch Interpreter"]
battlefield = ["Forest", "Forest", "Simic Signet"]
library = ["Plains", "Plains", "Plains", "Plains"]
lands_played = 1
[setup.Bob]
library = ["Island", "Island", "Island", "Island"]
"""


def test_heuristic_player_casts_with_a_signet() -> None:
    g = make_game(tomllib.loads(POSITION))
    assert adapter.pending_player(g) == 0 and adapter.pending_kind(g) == "priority"
    assert "cast Glitch Interpreter" in [a.text for a in g.legal_actions(0)]
    chosen = HeuristicAgent(0, Knowledge(pool=POOL), budget=None).choose(g, 0)
    assert chosen.text == "cast Glitch Interpreter"
    g.apply(chosen)
    assert [item.name for item in g.stack] == ["Glitch Interpreter"]
    assert all(g.st.objects[o].tapped for o in g.st.battlefield if g.st.objects[o].controller == 0)
    assert not g.st.players[0].mana  # (the Signet's G and U and the other Forest's G all spent)
