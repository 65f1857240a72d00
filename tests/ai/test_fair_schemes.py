"""A scheme deck is face down and in an order nobody knows, its owner included (CR 904.3):
the world a computer player plays on (engine/ai/determinize.py) is the same whatever the
order of the archenemy's scheme deck really is, for the team's members and for the archenemy
— the look-ahead used to know which scheme comes next."""
from __future__ import annotations

import random

from engine.ai.determinize import Knowledge, seat_world
from engine.ai.match import card_pool
from engine.config import GameConfig
from engine.decks import read_deck
from engine.decks.samples import commander_decks
from engine.decks.scheme_decks import built_in
from engine.game import Game

POOL = card_pool()


def _game() -> Game:
    paths = commander_decks()
    cards = [read_deck(p).deck for p in paths]
    leads = [d.card_names("commander") for d in cards]
    return Game(GameConfig(players=["Arch", "B", "C", "D"], decks=[d.card_names("main") + lead for d, lead in zip(cards, leads)], mode="rules",
                           seed=2, format="archenemy_commander", commanders=leads,
                           schemes=[built_in(paths[0]), [], [], []]))


def _reordered(g: Game) -> Game:
    """The same game with the archenemy's scheme deck in another order."""
    other = g.clone()
    deck = other.st.players[0].schemes
    names = [other.st.objects[o].name for o in deck]
    for o, name in zip(deck, names[1:] + names[:1]):
        other.st.objects[o].name = name
    return other


def test_the_scheme_decks_order_is_sampled_for_every_seat() -> None:
    g = _game()
    other = _reordered(g)
    assert len(g.st.players[0].schemes) == 10 and g.dump() != other.dump()
    for seat in range(4):
        know = Knowledge(decks={seat: list(g.config.decks[seat])}, pool=POOL,
                         schemes={seat: list(g.config.schemes[seat])} if seat == 0 else {})
        assert g.observation(seat).to_json() == other.observation(seat).to_json()
        a = seat_world(g, seat, know, random.Random(4))
        b = seat_world(other, seat, know, random.Random(4))
        assert a.dump() == b.dump()
        # the archenemy's own list is what its world's scheme deck is drawn from (not its order)
        if seat == 0:
            assert sorted(a.st.objects[o].name for o in a.st.players[0].schemes) == sorted(g.config.schemes[0])
