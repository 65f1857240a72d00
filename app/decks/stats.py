"""Deck statistics without Qt: mana curve, colours, types, draw odds, a sample hand.

The draw odds are hypergeometric: with `copies` of a card in a `deck_size`-card library,
the chance that `seen` cards drawn without replacement include at least one copy is
1 - C(deck_size - copies, seen) / C(deck_size, seen). By turn N you have seen your 7-card
opening hand plus one card per draw step: N - 1 draws on the play (the starting player
skips the first draw, CR 103.8a), N on the draw.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from math import comb

from app.render.symbols import parse_symbols
from engine.cards.db import CardRecord

COLORS = ("W", "U", "B", "R", "G")
HAND_SIZE = 7
CURVE_MAX = 7           # the last bar of the curve is "7 or more"


def cards_seen(turn: int, on_the_play: bool, hand_size: int = HAND_SIZE) -> int:
    """How many cards you have seen by your `turn`-th turn (after its draw step)."""
    if turn < 1:
        raise ValueError("turns count from 1")
    return hand_size + turn - (1 if on_the_play else 0)


def chance_at_least_one(deck_size: int, copies: int, seen: int) -> float:
    """P(at least one of `copies` among `seen` cards drawn from `deck_size`), hypergeometric."""
    if deck_size <= 0 or copies <= 0:
        return 0.0
    copies = min(copies, deck_size)
    seen = max(0, min(seen, deck_size))
    return 1.0 - comb(deck_size - copies, seen) / comb(deck_size, seen)


def chance_by_turn(deck_size: int, copies: int, turn: int, on_the_play: bool) -> float:
    """P(at least one copy drawn by `turn`) on the play or on the draw."""
    return chance_at_least_one(deck_size, copies, cards_seen(turn, on_the_play))


def pips(mana_cost: str | None) -> Counter[str]:
    """Coloured mana symbols in a cost: '{1}{W}{W/U}' -> W: 1.5, U: 0.5 (hybrid split)."""
    out: Counter[str] = Counter()
    for symbol in parse_symbols(mana_cost):
        colors = [c for c in symbol.split("/") if c in COLORS]
        for c in colors:
            out[c] += 1 / len(colors)   # type: ignore[assignment]
    return out


@dataclass
class DeckStats:
    """What the statistics tab shows for one zone (normally the main deck)."""

    total: int = 0
    lands: int = 0
    curve: list[int] = field(default_factory=lambda: [0] * (CURVE_MAX + 1))
    average_mv: float = 0.0
    pips: dict[str, float] = field(default_factory=dict)
    color_cards: dict[str, int] = field(default_factory=dict)   # cards of each colour (+ "C")
    groups: dict[str, int] = field(default_factory=dict)        # deck-list group -> cards


def deck_stats(counts: dict[str, int], record: Callable[[str], CardRecord | None],
               group: Callable[[CardRecord | None], str]) -> DeckStats:
    """Statistics of name -> copies, looking cards up with `record` (None: unknown card)."""
    stats = DeckStats()
    pip_total: Counter[str] = Counter()
    colored: Counter[str] = Counter()
    groups: Counter[str] = Counter()
    mv_sum = 0.0
    spells = 0
    for name, n in counts.items():
        rec = record(name)
        kind = group(rec)
        stats.total += n
        groups[kind] += n
        if rec is None:
            continue
        if kind == "land":
            stats.lands += n
            continue
        mv = int(rec.mana_value)
        stats.curve[min(mv, CURVE_MAX)] += n
        mv_sum += rec.mana_value * n
        spells += n
        for c, amount in pips(rec.mana_cost).items():
            pip_total[c] += amount * n
        for c in rec.colors or ("C",):
            colored[c] += n
    stats.average_mv = mv_sum / spells if spells else 0.0
    stats.pips = {c: float(pip_total[c]) for c in COLORS if pip_total[c]}
    stats.color_cards = {c: colored[c] for c in (*COLORS, "C") if colored[c]}
    stats.groups = dict(groups)
    return stats


class SampleHand:
    """Goldfish the opening: draw 7, London mulligan (draw 7 again, then put one card on
    the bottom per mulligan, CR 103.5), draw the next card."""

    def __init__(self, cards: Iterable[str], rng: random.Random | None = None) -> None:
        self.cards = list(cards)
        self.rng = rng or random.Random()
        self.library: list[str] = []
        self.hand: list[str] = []
        self.mulligans = 0
        self.to_bottom = 0     # cards still to put on the bottom after a mulligan
        self.new_hand()

    def _deal(self) -> None:
        self.library = list(self.cards)
        self.rng.shuffle(self.library)
        self.hand = self.library[:HAND_SIZE]
        del self.library[:HAND_SIZE]

    def new_hand(self) -> None:
        """Shuffle and draw a fresh 7 (mulligans forgotten)."""
        self.mulligans = 0
        self.to_bottom = 0
        self._deal()

    def mulligan(self) -> None:
        """Shuffle the hand back, draw 7 again, owe one more card to the bottom."""
        if self.mulligans >= HAND_SIZE:
            return
        self.mulligans += 1
        self._deal()
        self.to_bottom = min(self.mulligans, len(self.hand))

    def put_on_bottom(self, index: int) -> None:
        """Put the hand card at `index` on the bottom of the library (after a mulligan)."""
        if self.to_bottom <= 0 or not 0 <= index < len(self.hand):
            return
        self.library.append(self.hand.pop(index))
        self.to_bottom -= 1

    def draw(self) -> str | None:
        """Draw the top card of the library (None when it is empty)."""
        if not self.library:
            return None
        card = self.library.pop(0)
        self.hand.append(card)
        return card
