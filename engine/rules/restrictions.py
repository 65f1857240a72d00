"""Who may cast spells and attack (CR 101.2: a "can't" effect wins over a "can"), from effects
of resolved abilities (CR 611.2) kept in `State.effects`.

"Until your next turn, only you and the chosen player can cast spells and attack with
creatures." (Choose Your Champion): an effect with `only_players` [you, chosen] lasting until
"your_next_turn:YOU" (engine/rules/resolved.py ResolvedEffect) — it ends as that player's next
turn begins, before its untap step (CR 611.2b; the ruling: "bis unmittelbar vor deinem
nächsten Enttappsegment"). Every other player can't cast spells (CR 601.2 would not begin)
and their creatures can't attack (CR 508.1c); they may still block, activate abilities and
take special actions (the ruling)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.resolved import ResolvedEffect, resolved

if TYPE_CHECKING:
    from engine.rules.context import Context

ONLY_PLAYERS = "only_players"  # the effect's part (written): the players who may still cast and attack


def allowed(g: "Context", player: int) -> bool:
    """Whether no such effect keeps the player from casting spells and attacking."""
    return keeping_out(g, player) is None


def keeping_out(g: "Context", player: int) -> ResolvedEffect | None:
    """The first effect that keeps this player from casting and attacking (None if none): its
    players and its source's name (`card`), for the refusal's sentence."""
    return next((e for e in resolved(g) if e.only_players is not None and player not in e.only_players), None)
