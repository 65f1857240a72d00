"""A permanent that is a copy of another card (CR 707.2) is observed with the copied card's
name in "copy_of", so a table draws the card it looks like; its own name stays (the log and
naming use it)."""
from engine.config import GameConfig
from engine.game import Game


def test_a_copy_is_observed_as_the_card_it_copies() -> None:
    setup = {"mode": "rules", "turn": 5, "step": "main1",
             "Alice": {"battlefield": ["Island", "Island"], "hand": ["Phantasmal Image"], "library": ["Island"] * 5},
             "Bob": {"battlefield": ["Daggermaw Megalodon"], "library": ["Island"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))
    g.apply(next(a for a in g.legal_actions(0) if a.verb == "cast"))
    while g.pending is not None and g.pending.kind == "priority":
        g.apply(next(a for a in g.legal_actions(g.pending.player) if a.verb == "pass"))
    g.apply(next(a for a in g.legal_actions(0) if "Daggermaw" in a.text))
    for viewer in (0, 1, None):
        obs = g.observation(viewer).to_json()
        found = [c for c in obs["battlefield"] if c.get("name") == "Phantasmal Image"]
        assert found and found[0]["copy_of"] == "Daggermaw Megalodon" and found[0]["power"] == 5
        megalodon = [c for c in obs["battlefield"] if c.get("name") == "Daggermaw Megalodon"]
        assert megalodon and "copy_of" not in megalodon[0]

