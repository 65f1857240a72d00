"""Determinization: a Game consistent with what one seat can know, with the unknown cards sampled.

The unknown cards are exactly those the engine's one redaction rule (engine/redaction.py
`who_knows`, the rule the observation and the log follow) does not let the seat know: the
other players' hands (unless revealed), every library (but the cards the seat is looking at:
its own spell's "look at the top N", a rule that lets it look at its top card), face-down
permanents, spells and exiled cards it may not look at — and every scheme deck (CR 904.3: face
down, its order unknown to its owner too). They are sampled from what the seat could know: a
player's decklist if known (minus the cards already seen), otherwise the card pool; a scheme
deck from its owner's scheme list if known, otherwise from every scheme the engine implements.

`seat_world` is what leaves the table for a computer player (the local window's worker
thread, app/ai_session.py; a LAN host's computer seat, engine/net/computer.py): the agent is
handed this copy, never the real game, so no agent code can read a hidden card (issue #26).
Only decisions its seat's view does not answer get one (engine/ai/adapter.py `View`, the
agents' `at_once`), a fresh one each; the agent takes it as its own determinized copy
(`taken_world`) rather than sampling a second copy from it.

How the copy is made: the real game is cloned and then every hidden object gets a sampled
name and a fresh physical-card number; the random generator is reseeded from the AI's
seed; history, events and checkpoints are dropped. The sample depends only on the seat's
observation, its knowledge and the seed — tests/ai/test_ai.py (test_fairness_*) checks that replacing
the other seat's hidden cards changes nothing.
"""
from __future__ import annotations

import random
import weakref
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.ai import adapter
from engine.ai.adapter import card_info
from engine.cards.data import scheme_cards
from engine.decks.scheme_decks import implemented

if TYPE_CHECKING:
    from engine.game import Game

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


@dataclass
class Knowledge:
    """What a seat knows beyond its observation: decklists (its own, maybe the opponent's)
    and a card pool to guess from when a decklist is unknown."""

    decks: dict[int, list[str]] = field(default_factory=dict)
    pool: list[str] = field(default_factory=list)
    schemes: dict[int, list[str]] = field(default_factory=dict)  # known scheme decks (its own)


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


@lru_cache(maxsize=8)
def _spells(pool: tuple[str, ...]) -> tuple[tuple[str, int, frozenset[str]], ...]:
    """The pool's cards that are not lands, each name once: its copies and colours (the pool
    holds every sample deck's copies; each card read once per pool, not once per sample)."""
    return tuple((n, copies, card_info(n).colours) for n, copies in Counter(pool).items()
                 if "Land" not in card_info(n).types)


def _guess_pool(k: Knowledge, seen: Counter[str]) -> list[str]:
    """Without a decklist: the pool's cards in the colours seen so far (all of it if none)."""
    colours: set[str] = set()
    for name in seen:
        colours |= card_info(name).colours
    pool = [n for n, copies, cols in _spells(tuple(k.pool)) if not colours or not cols or cols & colours
            for _ in range(copies)]
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


def hidden_from(g: "Game", seat: int, obs: dict[str, Any]) -> dict[int, list[int]]:
    """The objects `seat` may not know, by owner, in their zones' order (the order of the ids
    is public: hand and library positions): what engine/redaction.py `who_knows` hides from
    it, but the library cards it is looking at."""
    st = adapter.game_state(g)
    looking = looked_at(st, seat)
    if obs["players"][seat].get("library_top") is not None:  # a rule lets it look (CR 401.2)
        looking.add(st.players[seat].library[0])
    out: dict[int, list[int]] = {p.index: [] for p in st.players}
    for p in st.players:
        for oid in p.library:
            if oid not in looking:
                out[p.index].append(oid)
        for zone in (p.hand, p.exile):
            out[p.index] += [o for o in zone if not adapter.may_know(g, seat, o)]
    for oid in st.battlefield + st.stack:
        if not adapter.may_know(g, seat, oid):
            out[st.objects[oid].owner].append(oid)
    return out


def scheme_names(obs: dict[str, Any], owner: int, k: Knowledge) -> list[str]:
    """What the owner's face-down scheme deck is drawn from: their scheme list if known, minus
    the schemes face up in the command zone; otherwise every scheme the engine implements."""
    if owner in k.schemes:
        left = Counter(k.schemes[owner])
        left.subtract(c["name"] for c in obs["players"][owner]["command"] if c.get("name"))
        return sorted(left.elements())
    return sorted(n for n in scheme_cards() if implemented(n))


def _sample(st: Any, hidden: list[int], pool: list[str], rng: random.Random, filler: list[str]) -> None:
    """Give the hidden objects names drawn from `pool` (shuffled; `filler` names when the pool
    runs out) and fresh physical-card numbers."""
    rng.shuffle(pool)
    while len(pool) < len(hidden):  # more hidden cards than the list explains
        pool.append(filler[len(pool) % len(filler)])
    for oid, name in zip(hidden, pool):
        o = st.objects[oid]
        o.name = name
        o.card = st.next_card
        st.next_card += 1


def determinize(g: "Game", seat: int, k: Knowledge, rng: random.Random,
                obs: dict[str, Any] | None = None) -> "Game":
    """A copy of `g` in which every card `seat` can't see is sampled (see the module doc)."""
    if obs is None:
        obs = adapter.observe(g, seat)
    hidden = hidden_from(g, seat, obs)
    copy = adapter.clone(g)
    st = adapter.game_state(copy)
    decks: list[list[str]] = []
    for owner, p in enumerate(st.players):
        _sample(st, hidden[owner], unknown_cards(obs, seat, owner, k), rng, [BASICS[c] for c in "WUBRG"])
        if p.schemes:  # CR 904.3: face down, in an order nobody knows
            pool = scheme_names(obs, owner, k)
            _sample(st, list(p.schemes), pool, rng, pool or sorted(scheme_cards()))
        decks.append(list(k.decks.get(owner, [])))
    st.rng = rng.getrandbits(64)
    adapter.reset_history(copy, adapter.public_config(g, decks))
    return copy


def seat_world(g: "Game", seat: int, k: Knowledge, rng: random.Random) -> "Game":
    """What a computer player in `seat` is handed instead of the game: a copy consistent with
    its observation, every card it can't see sampled (the module doc). The copy is the agent's
    to spend on one decision: an agent takes it as its own determinized copy (`taken_world`)
    and may play its look-ahead on it, instead of sampling a second copy from it."""
    world = determinize(g, seat, k, rng, adapter.observe(g, seat, copy=False))
    _WORLDS[world] = seat
    return world


# the worlds made by seat_world and not yet taken, with their seat (a world may be made on
# one thread and taken on another: app/ai_session.py; single dict operations, under the GIL)
_WORLDS: "weakref.WeakKeyDictionary[Game, int]" = weakref.WeakKeyDictionary()


def taken_world(g: "Game", seat: int) -> bool:
    """Whether `g` is a world seat_world made for `seat` and not taken yet; it is taken now
    (a second call says False: the first taker may have played on it)."""
    return _WORLDS.pop(g, None) == seat
