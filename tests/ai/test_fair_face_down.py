"""The computer player reads nothing hidden by a face-down card (CR 708.5) or a hand: the copy
it plays on (engine/ai/determinize.py) is the same whatever the opponent's face-down
permanent and the card the opponent took into their hand by hand really are (session 18:
the local log leaked such names; the computer players were checked the same way)."""
from __future__ import annotations

import random

from engine.actions import Action
from engine.ai.determinize import Knowledge, determinize
from engine.ai.heuristic import HeuristicAgent
from engine.ai.match import card_pool
from engine.config import GameConfig
from engine.game import Game

POOL = card_pool()
COMPUTER, BOB = 0, 1


def _position(face_down: str, taken: str) -> Game:
    """The computer (Alice) in her main phase; Bob has a face-down permanent, and took a card
    from his library into his hand by hand."""
    setup = {"players": ["Alice", "Bob"], "mode": "hybrid", "step": "main1",
             "Alice": {"hand": ["Murder", "Swamp", "Swamp"], "battlefield": ["Swamp", "Swamp", "Swamp"],
                       "library": ["Swamp"] * 5},
             "Bob": {"battlefield": [f"{face_down} | face_down"], "library": [taken, "Island", "Island"]}}
    g = Game(GameConfig(players=["Alice", "Bob"], mode="hybrid", setup=setup))
    g.apply(Action(BOB, "move", obj=g.st.players[BOB].library[0], args=("hand", 0)))
    assert taken in [g.st.objects[o].name for o in g.st.players[BOB].hand]
    return g


def test_the_copy_the_computer_plays_on_ignores_face_down_and_hand_cards() -> None:
    know = Knowledge(decks={COMPUTER: ["Murder"] * 4 + ["Swamp"] * 36}, pool=POOL)
    a = _position("Piggy Bank", "Cult Healer")
    b = _position("Bashful Beastie", "Unwanted Remake")
    assert a.observation(COMPUTER).to_json() == b.observation(COMPUTER).to_json()
    assert determinize(a, COMPUTER, know, random.Random(3)).dump() == \
        determinize(b, COMPUTER, know, random.Random(3)).dump()
    assert str(HeuristicAgent(1, know).choose(a, COMPUTER)) == str(HeuristicAgent(1, know).choose(b, COMPUTER))
