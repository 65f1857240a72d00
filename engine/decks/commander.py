"""Commander decks (CR 903.3-903.5): the deck names its commander in its "commander" zone.

* CR 903.3: the commander is a legendary creature card;
* CR 903.4: a card's colour identity is the colours of the mana symbols in its mana cost and
  rules text (reminder text ignored, 903.4b; hybrid and Phyrexian symbols count each of their
  colours), its colour indicator and characteristic-defining abilities, both faces of a
  double-faced or split card; a basic land type counts its colour (the mana ability it
  implies, CR 305.6);
* CR 903.5a: exactly 100 cards, the commander included;
* CR 903.5b: other than basic lands, no two cards with the same English name;
* CR 903.5c: every card's colour identity within the commander's.
* CR 903.3c, 702.124a-c: two commanders only when both have partner (the plain "Partner"
  keyword; "Partner with [name]" pairs exactly those two, 702.124i-j). "Friends forever",
  "Choose a Background" and the other partner variants are not in the pool: a pair with one of
  them is refused with the same sentence.
"""
from __future__ import annotations

from collections.abc import Callable

# (the printed characteristics only: a deck check reads the card data, and asks for a card's
# behaviour — the card layer's definitions, loaded on first use through the rules' card index
# — only for a legendary noncreature that may be a commander)
from engine.cards.data import printed
from engine.cards.colors import color_identity
from engine.decks.messages import Problem
from engine.decks.model import Deck
from engine.rules.card_terms import CreatureWhileNotOnBattlefield
from engine.rules.index import CARDS

DECK_SIZE = 100  # CR 903.5a
COLOR_ORDER = "WUBRG"


def identity(name: str) -> str | None:
    """The card's colour identity as WUBRG letters (CR 903.4), or None for a card not known."""
    data = printed(name)
    if data is None:
        return None
    parts: list[tuple[str | None, str | None, str]] = [(data.mana_cost, data.text, data.type_line)]
    parts += [(f.get("mana_cost"), f.get("text") or f.get("oracle_text"), str(f.get("type_line") or ""))
              for f in data.faces]  # CR 903.4c: the back face (and each half) counts too
    found = set(data.colors)
    for cost, text, type_line in parts:
        found.update(color_identity("", cost, text, type_line))
    return "".join(c for c in COLOR_ORDER if c in found)


def partner_with(name: str) -> str | None:
    """CR 702.124: "" for a plain "Partner", the other card's name for "Partner with NAME",
    None for a card without partner (the printed rules text's keyword line, reminder text aside)."""
    data = printed(name)
    if data is None or not data.text:
        return None
    for line in data.text.splitlines():
        words = line.split("(", 1)[0].strip()
        if words == "Partner":
            return ""
        if words.startswith("Partner with "):
            return words[len("Partner with "):].strip()
    return None


def partners(first: str, second: str) -> bool:
    """CR 702.124c, 702.124j: both have plain partner, or each is "partner with" the other."""
    a, b = partner_with(first), partner_with(second)
    return (a == "" and b == "") or (a == second and b == first)


def is_legendary_creature(name: str) -> bool | None:
    data = printed(name)
    if data is None:
        return None
    line = data.type_line.split("—", 1)[0]
    if "Legendary" in line and "Creature" not in line:
        # a card that is a creature while not on the battlefield (Grist, the Hunger Tide: its
        # ability works before the game begins, so it may be a commander — its ruling)
        defn = CARDS.card_def(name)
        return defn is not None and defn.term(CreatureWhileNotOnBattlefield) is not None
    return "Legendary" in line and "Creature" in line


def validate_commander(deck: Deck, basic: Callable[[str], bool]) -> list[Problem]:
    """Everything CR 903.3-903.5 finds wrong with the deck (unknown cards are left to the
    general check, which warns about them)."""
    problems: list[Problem] = []
    commanders = [e.name for e in deck.commander for _ in range(e.count)]
    if not commanders:
        problems.append(Problem("deck.commander.none", {}))
    elif len(commanders) > 2:
        problems.append(Problem("deck.commander.too_many", {"count": len(commanders)}))
    elif len(commanders) == 2 and not partners(*commanders):
        problems.append(Problem("deck.commander.no_partner", {"first": commanders[0], "second": commanders[1]}))
    for name in dict.fromkeys(commanders):
        if is_legendary_creature(name) is False:
            problems.append(Problem("deck.commander.not_legendary", {"card": name}))
    total = deck.total("main") + deck.total("commander")
    if total != DECK_SIZE:
        problems.append(Problem("deck.commander.size", {"count": total, "size": DECK_SIZE}))
    copies: dict[str, int] = {}
    for zone in ("main", "commander"):
        for name, n in deck.counts(zone).items():
            copies[name] = copies.get(name, 0) + n
    for name, n in copies.items():
        if n > 1 and not basic(name):
            problems.append(Problem("deck.commander.singleton", {"card": name, "count": n}))
    allowed: set[str] = set()
    for name in commanders:
        allowed.update(identity(name) or COLOR_ORDER)  # (an unknown commander: nothing is outside)
    for name in deck.counts("main"):
        own = identity(name)
        outside = "".join(c for c in (own or "") if c not in allowed)
        if outside and commanders:
            problems.append(Problem("deck.commander.identity",
                                    {"card": name, "colors": outside, "identity": "".join(
                                        c for c in COLOR_ORDER if c in allowed) or "C"}))
    return problems
