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
from pathlib import Path
from typing import Any

from engine.net.formats import seat_deck
from engine.decks.samples import commander_decks, sample_decks
from engine.ai import adapter
from engine.ai.determinize import Knowledge, seat_world
from engine.ai.match import card_pool, make_agent
from engine.decks import read_deck
from engine.messages import english

LEVELS = ("heuristic", "search")


def _deck_path(deck_text: str) -> Path:
    """A deck file, or a sample deck (or a built-in Commander deck) by its file name without
    extension; the first sample deck when none is given."""

    if not deck_text.strip():
        return sample_decks()[0]
    named = [p for p in sample_decks() + commander_decks() if p.stem.lower() == deck_text.strip().lower()]
    return named[0] if named else Path(deck_text).expanduser()


def format_fields(spec: str, fmt: str, seat: int) -> tuple[list[str], list[str], list[str]]:
    """A computer seat's deck for the table's format (engine/net/formats.py seat_deck)."""
    return seat_deck(_deck_path(spec.split(":", 2)[2] if spec.count(":") >= 2 else ""), fmt, seat)


class SpecError(ValueError):
    """A `--computer` option that does not fit: `key` and `params` name its sentence
    (server.computer.*, engine/messages/cli.py), shown in the environment's language; str() is English."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(english(key, **params))
        self.key, self.params = key, params


def parse_spec(spec: str, players: int) -> tuple[int, str, list[str]]:
    """`manatable-server --computer SEAT[:LEVEL[:DECK]]`: the seat (numbered from 1, as the
    lobby shows it), the level (heuristic unless given) and the deck's card names — a deck
    file, or a sample deck by its file name without extension (the first sample unless
    given). SpecError (a ValueError) with its sentence when something does not fit."""

    seat_text, _, rest = spec.partition(":")
    level, _, deck_text = rest.partition(":")
    if not seat_text.strip().isdigit() or not 1 <= int(seat_text) <= players:
        raise SpecError("server.computer.seat", spec=spec, players=players)
    level = level.strip() or "heuristic"
    if level not in LEVELS:
        raise SpecError("server.computer.level", spec=spec, levels=", ".join(LEVELS))
    samples = sample_decks()
    path = _deck_path(deck_text)
    try:
        names = read_deck(path).deck.card_names()
    except (OSError, ValueError) as exc:
        samples_list = ", ".join(p.stem for p in samples)
        raise SpecError("server.computer.deck_unreadable", spec=spec, path=str(path), reason=str(exc),
                        samples=samples_list) from exc
    if not names:
        raise SpecError("server.computer.deck_empty", spec=spec, path=str(path))
    return int(seat_text) - 1, level, names


class ComputerSeat:
    def __init__(self, room: Any, seat: int, level: str, deck: list[str], seed: int = 0) -> None:

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
        game = self.room.game
        if view.seat not in self.knowledge.schemes and view.seat < len(game.config.schemes):
            # its own scheme deck's list (CR 904.3: not its order), known as its own deck is
            self.knowledge.schemes[view.seat] = list(game.config.schemes[view.seat])
        # what the seat is shown answers most decisions (one listed action, a pass at an idle
        # moment); only the others need a world
        action = self.agent.at_once(adapter.view(game, view.seat))
        if action is None:
            action = self.agent.choose(seat_world(game, view.seat, self.knowledge, self._rng), view.seat)
        return str(action)

    def describe(self) -> dict[str, Any]:
        """What the journal keeps, so a restarted host seats the computer again."""
        return {"level": self.level, "seed": self.seed}

