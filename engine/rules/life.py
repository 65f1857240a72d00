"""Gaining life (CR 119.3, 119.7) and the effects that change it, read as general effects:
"can't gain life" rule changes (engine/rules/rule_changes.py RuleChange), a "can't gain life" effect
for the rest of the game, and "you gain that much life plus N instead" replacements."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.rule_changes import DoorRule, RuleChange, gain_life_bonus
from engine.rules.resolved import resolved
from engine.rules.targets import player_rules

if TYPE_CHECKING:
    from engine.rules.context import Context


def enchanted_cant_gain_life(g: "Context", player: int) -> bool:
    """CR 119.7: an Aura on `player` says the enchanted player can't gain life."""
    return any(g.st.objects[o].ctx.get("enchanted_player") == player
               and RuleChange.ENCHANTED_PLAYER_CANT_GAIN_LIFE in (c.defn.player_rules if c.defn is not None else ())
               for o, _, c in g.all_perms())


def cant_gain_life(g: "Context", player: int) -> bool:
    """CR 119.7, other than an Aura's: an opponent's "Your opponents can't gain life", or an
    effect for the rest of the game ("they can't gain life for the rest of the game")."""
    if any(RuleChange.OPPONENTS_CANT_GAIN_LIFE in player_rules(g, q) for q in g.opponents(player)):
        return True
    if any(RuleChange.PLAYERS_CANT_GAIN_LIFE in player_rules(g, q) for q in range(len(g.st.players))
           if not g.st.players[q].lost):  # "Players can't gain life." (its controller too)
        return True
    return any(e.cant_gain_life == player for e in resolved(g))


def gain_bonus(g: "Context", player: int) -> int:
    """"If you would gain life, you gain that much life plus N instead" (CR 614.1a): applied
    once per event by each permanent of `player` with that replacement."""
    return sum(gain_life_bonus(r) for _, _, c in g.perms(player) if c.defn is not None
               for r in c.defn.player_rules if not isinstance(r, DoorRule))
