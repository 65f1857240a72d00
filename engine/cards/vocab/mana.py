"""Mana abilities (CR 605) the plain mana lines don't read, mana with restrictions on its use
(CR 106.6), mana added by a triggered ability, chosen colors.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated, Ask, Step
from engine.cards.vocab.core import amount
from engine.rules.mana import pool_key

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class AddMana:
    """"add {R}{R}" from a triggered ability that is no mana ability (CR 605.1b: it triggers on a
    step, so it uses the stack); `spend_only`: the purposes the mana may be spent on, kept with
    it in the pool (CR 106.6; engine/rules/mana.py): ("room", "unlock") for "Spend this mana
    only to cast Room spells and unlock doors." It empties from the pool as the step ends (CR 500.4).
    `times`: "Add an amount of {B} equal to ..." — a count taken as it resolves (CR 608.2h); a
    spell that adds mana is no mana ability (CR 605.1a). `mana="B|G"`: "Add {B} or {G} for each
    ...": the player chooses how many of the first colour, the rest is the second."""
    mana: str
    spend_only: tuple[str, ...] = ()
    times: Any = 1

    def step(self) -> Step:
        mana, spend, times = self.mana, self.spend_only, self.times

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            n = max(0, amount(times, g, item))
            made = mana * n
            if "|" in mana:  # "Add {B} or {G} for each ...": how many of the first colour (CR 106.4)
                first, second = mana.split("|")
                if n and "answer" not in ctx:
                    return Ask(item.controller, "choose_number", [str(k) for k in range(n + 1)], "ask.mana_split",
                               {"color": first, "other": second, "count": n})
                k = min(n, int(ctx.pop("answer", ["0"])[0]))
                made = first * k + second * (n - k)
            if not made:
                return None
            pool = g.st.players[item.controller].mana
            for colour in made:
                key = pool_key(colour, spend)
                pool[key] = pool.get(key, 0) + 1
            g.event("mana", player=g.pname(item.controller), card=item.name, mana=made)
            return None
        return run


@dataclass(frozen=True)
class ManaIf:
    """"{T}: Add {R}. Activate only if you control a Swamp or a Mountain." — a mana ability
    (CR 605.1a) with an activation restriction (CR 602.5b); its mana is read from its line."""
    condition: Any
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        cost, _, effect = label.partition(":")
        colours = tuple(re.findall(r"\{([WUBRGC])\}", effect.split(".")[0]))
        amount = 1
        if len(colours) > 1 and len(set(colours)) == 1:  # "{T}: Add {C}{C}." (two mana, CR 106.4)
            colours, amount = colours[:1], len(colours)
        kw["activated"].append(Activated(tap="{T}" in cost, mana=colours, amount=amount, condition=self.condition,
                                         label=label))


@dataclass(frozen=True)
class ManaAbility:
    """A mana ability line the auto reader does not take (CR 605.1a): "{T}: Add one mana of
    any color." with what else it does as it resolves ("Put a nest counter on this creature.",
    `counter`), or with a life cost: "{T}, Pay 1 life: Add {G}, {U}, or {R}." (`life`, CR 119.4).
    `spend_only`: "Spend this mana only to ..." (CR 106.6), the purposes its mana may be spent on
    (engine/rules/mana.py): ("enchantment", "unlock", "face_up") for "to cast an enchantment
    spell, unlock a door, or turn a permanent face up", ("face_up",) for "to turn permanents face
    up". Such mana is made as a cost it may pay for is paid (engine/rules/payment.py mana_sources)."""
    colors: tuple[str, ...] = ("W", "U", "B", "R", "G")
    counter: str = ""
    life: int = 0
    # "Add two mana of any one color." (2), or a count taken as it resolves: "Add X mana of
    # any one color, where X is the number of soul counters on this artifact." (Séance Board,
    # CountersOnThis("soul")); all of it of one colour (CR 106.1b, engine/rules/mana.py groups)
    amount: Any = 1
    spend_only: tuple[str, ...] = ()
    word: str = ""


@dataclass(frozen=True)
class LandTappedForMana:
    """"Whenever a player taps a land for mana, if this creature is tapped, that player adds
    one mana of any type that land produced. Then that land deals 1 damage to that player."
    (Barbflare Gremlin) — a triggered mana ability (CR 605.1b): no stack, it resolves right
    after the land's mana ability (CR 605.4a; engine/rules/mana_triggers.py). `condition` is
    its intervening "if" (CR 603.4), called (g, source); `adds` mana of the type the land
    made; then the land deals `damage` to that player."""
    condition: Any
    adds: int = 1
    damage: int = 0
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw.setdefault("mana_triggers", []).append(self)
