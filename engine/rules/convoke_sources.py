"""The creatures a player may tap for convoke as sources of a payment (CR 702.51a) and whether
a spell has convoke; engine/rules/mana_sources.py adds them to a player's mana sources for a
spell with convoke (`with_convoke`), engine/rules/convoke.py asks which the caster taps."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import targets as tg
from engine.rules.carddef import Activated
from engine.rules.rule_changes import RuleChange
from engine.rules.payment_source import Alternative, Source

if TYPE_CHECKING:
    from engine.rules.context import Context


def with_convoke(g: "Context", player: int, base: list[Source], alts: list[Alternative], exclude: set[int]
                 ) -> tuple[list[Source], list[Alternative]]:
    """The sources and Alternatives of a payment by a spell with convoke: those of mana
    abilities (`base`, `alts`), then the creatures that may be tapped for convoke."""
    return base + convoke_sources(g, player, base, exclude), alts + convoke_alternatives(g, player, base, exclude)


def convoke_sources(g: "Context", player: int, sources: list[Source], exclude: set[int] = frozenset()  # type: ignore[assignment]
                    ) -> list[Source]:
    """CR 702.51a: convoke — each untapped creature you control (summoning sick or not) may be
    tapped to pay for {1} or one mana of that creature's colour (a colourless one: for {1}
    only, `produces` ()). Creatures that are mana sources in `sources` are not among these:
    for whether a cost can be paid their mana ability does at least as much, or
    convoke_alternatives offers them; which creatures are tapped for convoke when a spell is
    cast is the caster's choice (engine/rules/convoke.py)."""
    have = {s.obj for s in sources}
    out: list[Source] = []
    for oid, obj, c in g.perms(player):
        if "Creature" in c.types and not obj.tapped and oid not in have and oid not in exclude:
            out.append(Source(oid, obj.name, convoke_colours(c), convoke=True))
    return out


def convoke_colours(c: Any) -> tuple[str, ...]:
    """What a creature tapped for convoke pays for besides {1}: one mana of one of its colours
    (CR 702.51a); () for a colourless creature."""
    return tuple(col for col in "WUBRG" if col in c.colors)


CONVOKE = -1  # an Alternative's index: the creature is tapped for convoke instead of for mana


def convoke_alternatives(g: "Context", player: int, sources: list[Source], exclude: set[int] = frozenset()  # type: ignore[assignment]
                         ) -> list[Alternative]:
    """The creatures among the mana sources that may pay more tapped for convoke than through
    their mana ability: a colour of the creature its mana ability doesn't make (a green
    creature with "{T}: Add {C}.") — as Alternatives (index CONVOKE), tried only where the
    mana abilities can't pay (CR 702.51a, 601.2g-h). A mana ability that makes one of any
    colour (Enduring Vitality's, Twitching Doll's) or more mana of the creature's colour
    (Joraga Treespeaker's {G}{G}) pays for everything convoke could: none of the pool's."""
    makes: dict[int, set[str]] = {}
    for s in sources:
        makes.setdefault(s.obj, set()).update(s.produces)
    out: list[Alternative] = []
    for oid, obj, c in g.perms(player):
        if oid not in makes or oid in exclude or obj.tapped or "Creature" not in c.types:
            continue
        colours = convoke_colours(c)
        if not set(colours) <= makes[oid]:
            out.append((oid, obj.name, CONVOKE, Activated(tap=True, mana=colours, label="convoke")))
    return out


def has_convoke(g: "Context", p: int, c: Any) -> bool:
    """Convoke (CR 702.51): the spell's own keyword, or "Creature spells you cast have
    convoke." (a Room door) for a creature spell of p's."""
    return "convoke" in c.keywords or ("Creature" in c.types and RuleChange.CREATURE_SPELLS_CONVOKE in tg.player_rules(g, p))
