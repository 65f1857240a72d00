"""A scheme deck is hidden from every player, its owner too, until a scheme is set in motion
(CR 904.3: shuffled and kept face down; the release notes: setting a scheme in motion turns
the top card face up, "deckst du die oberste Karte ... auf"). No event names a scheme-deck
card today; if one ever did, the redaction (engine/redaction.py) keeps its name and id from
every seat, its owner's included, and the observation shows only how many there are."""
from __future__ import annotations

from engine.config import GameConfig
from engine.decks import schemes
from engine.game import Game
from engine.redaction import events_for, who_knows

DECK = ["Forest"] * 8 + ["Mountain"] * 8 + ["Grasping Longneck", "Cult Healer", "Scorching Dragonfire", "Murder"] * 2
COMMANDERS = ["Valgavoth, Harrower of Souls", "Aminatou, Veil Piercer", "The Lord of Pain",
              "Winter, Cynical Opportunist"]


def _game() -> Game:
    return Game(GameConfig(players=["Alice", "Bob", "Carol", "Dave"], decks=[DECK + [c] for c in COMMANDERS],
                           seed=3, mode="rules", format="archenemy_commander",
                           commanders=[[c] for c in COMMANDERS], schemes=[schemes.load("death_toll"), [], [], []]))


def test_a_scheme_deck_card_is_named_to_nobody() -> None:
    g = _game()
    deck = g.st.players[0].schemes
    assert len(deck) >= 9
    for oid in deck:
        assert who_knows(g, oid) == frozenset()
    top = g.st.objects[deck[0]]
    n = len(g.events)
    g.event("reveal", player="Alice", card=top.name, obj=top.id)  # were an event ever to name one
    for viewer in (0, 1, 2, 3, None):
        ev = events_for(g, viewer, n)[0]
        assert ev["card"] is None and "obj" not in ev, viewer
        obs = g.observation(viewer).to_json()
        assert obs["players"][0]["schemes"] == len(deck)
        assert all(top.name not in str(obs[k]) for k in ("battlefield", "stack", "players")), viewer
