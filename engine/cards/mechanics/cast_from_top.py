"""Casting from the top of your library with an additional cost (Into the Pit: "You may cast
spells from the top of your library by sacrificing a nonland permanent in addition to paying
their other costs.") — a permission of the permanent's controller
(`PlayerRule(RuleChange.CAST_FROM_LIBRARY_TOP_SACRIFICING)`) read here, like retrace's from the graveyard
(engine/cards/mechanics/retrace.py).

* `cast CARD with top`: the top card of your library, for its mana cost, at its normal timing
  (ruling: all costs paid and all timing restrictions obeyed), with the additional cost
  "sacrifice a nonland permanent" chosen as it is cast (CR 601.2h); a land is never cast.
* "You may look at the top card of your library any time." is that player's knowledge of the
  card (its name shows in the action text of his cast); the next card becomes the top only
  once the spell has been cast (CR 601.2a: the card moves to the stack as casting begins).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.model import SacrificeCost, TargetSpec
from engine.cards.mechanics.morph import FACE_DOWN_COST, morph_of
from engine.rules.rule_changes import RuleChange
from engine.rules.permissions import CAST, LIBRARY_TOP, granted
from engine.cards.data import printed

if TYPE_CHECKING:
    from engine.cards.model import CardDef
    from engine.rules.context import Context

ALT = "top"
PLAIN = "library"  # `cast CARD with library`: "You may ... cast spells from the top of your library." (its costs)
# `cast CARD with top_morph`: a card with morph cast face down from there for {3} (CR 702.37c),
# with the sacrifice too (ruling, Into the Pit: "kannst du sie oben von deiner Bibliothek verdeckt
# wirken, indem du {3} bezahlst und ein Nichtland-Permanent opferst")
TOP_MORPH = "top_morph"
ALT_ZONES = {ALT: "library", PLAIN: "library", TOP_MORPH: "library"}
FACE_DOWN_ALTS = (TOP_MORPH,)
GRANT = RuleChange.CAST_FROM_LIBRARY_TOP_SACRIFICING  # Into the Pit
GRANTS = (GRANT, RuleChange.CAST_FROM_LIBRARY_TOP)  # ... and One with the Multiverse (RuleChange.CAST_FROM_LIBRARY_TOP)
CREATURES_GRANT = RuleChange.CAST_CREATURES_FROM_LIBRARY_TOP_COVEN  # Augur of Autumn (cast_creatures_from_top.py)

_SACRIFICE_NONLAND: list[SacrificeCost] = []  # made on first use (below)


def top_card(g: "Context", p: int) -> int | None:
    """p's top library card if p may cast it by this permission (a nonland card) or by the
    permission to cast creature spells from there (engine/cards/mechanics/cast_creatures_from_top.py:
    a creature card; whether its condition holds now is asked as it is cast)."""
    lib = g.st.players[p].library
    if not lib:
        return None
    perms = granted(g, p, CAST, LIBRARY_TOP)
    if any(not perm.types for perm in perms) and "Land" not in g.types_now(lib[0])[0]:
        return lib[0]
    if any(perm.types & g.types_now(lib[0])[0] for perm in perms if perm.types):
        return lib[0]  # (creature spells: whether coven holds is asked as it is cast)
    return None


def granted_alt_costs(g: "Context", oid: int) -> dict[str, str]:
    """The top card of its owner's library, under a permission to cast nonland cards from there:
    cast for its mana cost (with Into the Pit's sacrifice, or plainly for One with the Multiverse)."""
    obj = g.st.objects.get(oid)
    lib = g.st.players[obj.owner].library if obj is not None else []
    if obj is None or obj.zone != "library" or not lib or lib[0] != oid or "Land" in g.types_now(oid)[0]:
        return {}
    perms = [perm for perm in granted(g, obj.owner, CAST, LIBRARY_TOP) if not perm.types]
    if not perms:
        return {}
    data = printed(obj.name)
    mana = (data.mana_cost or "").split("//")[0].strip() if data is not None else ""
    sacrificing = any(perm.sacrifice_nonland for perm in perms)
    out = {ALT: mana or "{0}"} if sacrificing else {}
    if sacrificing and morph_of(obj.name) is not None:
        out[TOP_MORPH] = FACE_DOWN_COST
    if any(not perm.sacrifice_nonland for perm in perms):
        out[PLAIN] = mana or "{0}"
    return out


def alt_additional(defn: "CardDef", alt: str) -> SacrificeCost | None:
    """"by sacrificing a nonland permanent in addition to paying their other costs"."""
    if alt not in (ALT, TOP_MORPH):
        return None
    if not _SACRIFICE_NONLAND:
        # imported here on purpose: the rules ask every card in hand for this hook, and the card
        # layer's ability kinds (and the vocabulary under them) load only when a card needs them
        from engine.cards.layer.abilities import Target  # lazy: start-up (the card layer)
        _SACRIFICE_NONLAND.append(SacrificeCost(TargetSpec("permanent", "a nonland permanent",
                                                           extra=Target((), nonland=True))))
    return _SACRIFICE_NONLAND[0]
