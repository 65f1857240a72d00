"""Determinization: a Game consistent with what one seat can know, with the unknown cards sampled.

The unknown cards are the opponent's hand (unless revealed), both libraries and face-down
cards the seat can't look at. They are sampled from what the seat could know: a player's
decklist if known (minus the cards already seen), otherwise the card pool.

How the copy is made: the real game is cloned and then every hidden object gets a sampled
name and a fresh physical-card number; the random generator is reseeded from the AI's
seed; history, events and checkpoints are dropped. The sample depends only on the seat's
observation, its knowledge and the seed — tests/ai/test_ai.py (test_fairness_*) checks that replacing
the other seat's hidden cards changes nothing.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.ai import adapter
from engine.ai.adapter import card_info

if TYPE_CHECKING:
    from engine.game import Game

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


@dataclass
class Knowledge:
    """What a seat knows beyond its observation: decklists (its own, maybe the opponent's)
    and a card pool to guess from when a decklist is unknown."""

    decks: dict[int, list[str]] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)


def _seen_names(obs: dict[str, Any], seat: int) -> Counter[str]:
    """Cards of `seat` (as owner) the observation shows outside hidden zones."""
    seen: Counter[str] = Counter()

    def add(card: dict[str, Any]) -> None:
        if card.get("name") and not card.get("token") and card.get("owner", seat) == seat:
            seen[card["name"]] += 1
    for c in obs["battlefield"]:
        add(c)
    for c in obs["stack"]:
        if c.get("kind", "card") == "card":
            add(c)
    p = obs["players"][seat]
    for zone in ("graveyard", "exile", "command"):
        for c in p[zone]:
            add({**c, "owner": seat})
    for c in p["hand"]:
        if c.get("name"):
            seen[c["name"]] += 1
    return seen


def _guess_pool(k: Knowledge, seen: Counter[str]) -> list[str]:
    """Without a decklist: the pool's cards in the colours seen so far (all of it if none)."""
    colours: set[str] = set()
    for name in seen:
        colours |= card_info(name).colours
    pool = [n for n in k.pool if not colours or not card_info(n).colours or card_info(n).colours & colours]
    pool = [n for n in pool if "Land" not in card_info(n).types]
    lands = [BASICS[c] for c in sorted(colours)] or list(BASICS.values())
    # a playable mix: roughly 40 % lands
    return pool + [lands[i % len(lands)] for i in range(max(1, len(pool) * 2 // 3))]


def unknown_cards(obs: dict[str, Any], seat: int, owner: int, k: Knowledge) -> list[str]:
    """The multiset the hidden cards of `owner` are drawn from (from `seat`'s point of view)."""
    seen = _seen_names(obs, owner)
    if owner in k.decks:
        left = Counter(k.decks[owner])
        left.subtract(seen)
        return sorted(left.elements())
    return sorted(_guess_pool(k, seen))


def looked_at(st: Any, seat: int) -> set[int]:
    """Library cards `seat` is looking at right now: those its own resolving spell or ability
    holds while it asks about them ("look at the top N cards ... put the rest on the bottom in
    any order", engine/cards/vocab/reveal.py) — their names are the options the seat is shown,
    so they keep them (a sampled name would answer no option)."""
    out: set[int] = set()
    for oid in st.stack:
        o = st.objects[oid]
        if o.controller != seat:
            continue
        for v in o.ctx.values():
            if isinstance(v, list):
                out.update(x for x in v if type(x) is int and x in st.objects
                           and st.objects[x].zone == "library" and st.objects[x].owner == seat)
    return out


def determinize(g: "Game", seat: int, k: Knowledge, rng: random.Random,
                obs: dict[str, Any] | None = None) -> "Game":
    """A copy of `g` in which every card `seat` can't see is sampled (see the module doc)."""
    if obs is None:
        obs = adapter.observe(g, seat)
    copy = adapter.clone(g)
    st = adapter.game_state(copy)
    decks: list[list[str]] = []
    looking = looked_at(st, seat)
    for owner, p in enumerate(st.players):
        hidden: list[int] = [o for o in p.library if o not in looking]
        if owner != seat:
            hidden += [o for o in p.hand if not st.objects[o].revealed]
        for zone in ("exile",):
            hidden += [o for o in getattr(p, zone) if st.objects[o].face_down and owner != seat]
        hidden += [o for o in st.battlefield if st.objects[o].face_down and st.objects[o].controller != seat
                   and st.objects[o].owner == owner]
        pool = unknown_cards(obs, seat, owner, k)
        rng.shuffle(pool)
        while len(pool) < len(hidden):  # more hidden cards than the list explains: lands
            pool.append(BASICS["WUBRG"[len(pool) % 5]])
        # the order of the ids is public (hand/library positions); the names are the sample
        for oid, name in zip(hidden, pool):
            o = st.objects[oid]
            o.name = name
            o.card = st.next_card
            st.next_card += 1
        decks.append(list(k.decks.get(owner, [])))
    st.rng = rng.getrandbits(64)
    adapter.reset_history(copy, adapter.public_config(g, decks))
    return copy
