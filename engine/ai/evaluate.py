"""Board evaluation for the computer player: a score for one seat, higher is better.

Read from the AI's own determinized copy (every hidden card in it is a sample). Terms:
life (worth more when low), cards in hand, mana sources in play (lands and other permanents
with a mana ability, up to what the deck can use), creatures by power, toughness and evasion,
planeswalkers by loyalty, other permanents by their mana value.

A permanent other than a creature is worth what it cost (OTHER + OTHER_PER_MANA per mana) and a
mana rock counts as a source too: valued at a flat 1.5, under the 1.6 of the card in hand it was,
no artifact or enchantment was ever worth casting (a Signet, Monologue Tax, Commander's Sphere in
the printed Commander decks: never cast). A land without a mana ability (Terramorphic Expanse)
is not a source until it fetches one: counted as one, cracking it gained nothing and it stayed.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from engine.ai import adapter

if TYPE_CHECKING:
    from engine.game import Game

WIN = 1000.0
SOURCE = 1.2  # each mana source up to SOURCES (lands and rocks alike)
SOURCES = 6
SOURCE_EXTRA = 0.2  # each one beyond
OTHER = 1.0  # a permanent other than a creature, planeswalker or land ...
OTHER_PER_MANA = 0.5  # ... and per mana of its mana value
LAND_WITHOUT_MANA = 0.1  # a land that makes no mana (a fetch land before it is cracked): less than
# a mana source even beyond SOURCES, so that cracking it always gains

KEYWORD_VALUE = {"flying": 1.0, "menace": 0.6, "trample": 0.4, "deathtouch": 1.2, "first strike": 0.7,
                 "double strike": 1.5, "lifelink": 0.7, "vigilance": 0.4, "reach": 0.3, "hexproof": 0.6,
                 "indestructible": 2.0, "haste": 0.1, "ward": 0.4, "defender": -1.0}


def creature_value(power: int, toughness: int, keywords: Any) -> float:
    v = 1.0 + 1.0 * max(power, 0) + 0.7 * max(toughness, 0)
    for k in keywords:
        v += KEYWORD_VALUE.get(k, 0.0) * (1 + max(power, 0) / 3 if k in ("flying", "double strike") else 1)
    return v


def life_value(life: int) -> float:
    """Concave: the first points of life matter most."""
    if life <= 0:
        return -30.0
    return 12.0 * math.log1p(life / 4.0)


def seat_score(g: "Game", seat: int, life: bool = True) -> float:
    """The seat's own board; `life` False leaves its life out (a teammate sharing the AI's
    own life total, which is counted once)."""
    st = adapter.game_state(g)
    p = st.players[seat]
    score = (life_value(p.life) if life else 0.0) - 3.0 * p.poison
    score += 1.6 * len(p.hand) + 0.02 * min(len(p.library), 10)
    sources = 0
    for oid, o, c in g.perms(seat):
        # a planeswalker's loyalty (CR 306.5b) is worth keeping: damage to it removes loyalty
        loyalty = o.counters.get("loyalty", 0) if "Planeswalker" in g.printed_types(oid) else 0
        if "Creature" in c.types:
            score += creature_value(c.power or 0, c.toughness or 0, c.keywords) + 0.8 * loyalty
        elif "Planeswalker" in c.types:
            score += 2.0 + 0.8 * loyalty
        elif "Land" in c.types:
            if adapter.makes_mana(g, oid, c):
                sources += 1
            else:
                score += LAND_WITHOUT_MANA
        else:
            score += OTHER + OTHER_PER_MANA * c.mana_value
            sources += adapter.makes_mana(g, oid, c)
    score += SOURCE * min(sources, SOURCES) + SOURCE_EXTRA * max(sources - SOURCES, 0)
    if len(p.library) == 0:
        score -= 20.0
    return float(score)


#: what a teammate's board is worth to a team member (Archenemy, CR 904.2: the team wins or
#: loses together; a little less than one's own, which the player controls)
TEAMMATE = 0.8


def evaluate(g: "Game", seat: int, weights: dict[int, float] | None = None) -> float:
    """`weights`: each opponent's share by threat (engine/ai/threat.py, summing to 1) — with
    several opponents half the measure is the strongest one, half the threat-weighted mix,
    so harm done to the most dangerous opponent counts the most. A team member counts its
    teammates' boards too (TEAMMATE; a shared life total once)."""
    w = adapter.winner(g)
    out = g.outcome
    if out is not None:
        if w == seat or (out.team is not None and out.team == adapter.team_of(g, seat)):
            return WIN  # (a team wins together: every member, CR 904.2)
        return -WIN if w is not None else 0.0
    # with several opponents, the strongest one is the measure (2 players: the opponent)
    opps = adapter.opponents(g, seat)
    others = {o: seat_score(g, o) for o in opps}
    strongest = max(others.values()) if others else 0.0
    shared = adapter.shares_life(g)
    own = seat_score(g, seat) + sum(TEAMMATE * seat_score(g, t, life=not shared) for t in adapter.teammates(g, seat))
    if weights and len(others) > 1:
        total = sum(weights.get(o, 0.0) for o in others) or 1.0
        mix = sum(weights.get(o, 0.0) * v for o, v in others.items()) / total
        return float(own - 0.5 * strongest - 0.5 * mix)
    return float(own - strongest)


def to_unit(score: float) -> float:
    """Map a score difference to (0, 1) for averaging in the search (a win is 1, a loss 0)."""
    if score >= WIN:
        return 1.0
    if score <= -WIN:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / 12.0))
