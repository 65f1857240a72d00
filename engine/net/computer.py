"""A computer player (engine/ai) in a seat of a LAN table (issue #15: "On a LAN table, an
empty seat can be given to the computer").

The host fills a free seat with `Room.add_agent(seat, ComputerSeat(room, level, deck), ...)`.
The seat decides through the same API as every driver: `engine.ai` reads the pending
decision, the legal actions and the observation of its own seat, and samples what it
cannot see (its own decklist is known, the others' cards are guessed from the card pool;
engine/ai/determinize.py). It answers with the canonical action text the room applies.

The heuristic level answers in a few milliseconds; the search level thinks within its
time budget (0.25 s by default) on the server's event loop, which is what a player waiting
for the computer's answer would wait for anyway.
"""
from __future__ import annotations

import random
from typing import Any

LEVELS = ("heuristic", "search")


class ComputerSeat:
    def __init__(self, room: Any, seat: int, level: str, deck: list[str], seed: int = 0) -> None:
        from engine.ai.determinize import Knowledge
        from engine.ai.match import card_pool, make_agent

        if level not in LEVELS:
            raise ValueError(f"Unknown level {level!r}; use one of {', '.join(LEVELS)}.")
        self.room = room
        self.level = level
        self.deck = list(deck)
        self.seed = seed
        self.knowledge = Knowledge(decks={seat: list(deck)}, pool=card_pool())
        self.agent = make_agent(level, seed + seat, self.knowledge)
        self._rng = random.Random(seed * 7919 + seat)

    def choose(self, view: Any) -> str:
        """The room asks when this seat must decide (room.AgentView: seat, observation, legal).
        The agent never gets the host's game: it plays on a world sampled from this seat's
        observation (engine/ai/determinize.py: every card the seat can't see gets a name drawn
        from its decklist or the card pool, the random generator a seed of the seat's own),
        so it knows no more than a person in the seat would (issue #26)."""
        world = seat_world(self.room.game, view.seat, self.knowledge, self._rng)
        action = self.agent.choose(world, view.seat)
        return str(action)

    def describe(self) -> dict[str, Any]:
        """What the journal keeps, so a restarted host seats the computer again."""
        return {"level": self.level, "seed": self.seed}


def seat_world(game: Any, seat: int, knowledge: Any, rng: random.Random) -> Any:
    """A game consistent with what `seat` sees, the rest sampled: what the computer plays on."""
    from engine.ai.determinize import determinize
    obs = game.observation(seat).to_json()
    return determinize(game, seat, knowledge, rng, obs)
