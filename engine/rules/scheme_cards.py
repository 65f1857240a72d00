"""Which cards are schemes (CR 314), which are face up in a player's command zone, and the rule
changes the face-up ones give their owner (CR 113.6p). Read by the player rules
(engine/rules/targets.py), so below everything that sets schemes in motion
(engine/rules/schemes.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.index import CARDS
from engine.rules.rule_changes import DoorRule, Rule

if TYPE_CHECKING:
    from engine.rules.context import Context


def is_scheme(name: str) -> bool:
    data = CARDS.printed(name)
    return data is not None and "Scheme" in data.type_line.split()


def is_ongoing(name: str) -> bool:
    """CR 314.6: an "Ongoing Scheme" (the supertype ongoing, CR 205.4?)."""
    data = CARDS.printed(name)
    return data is not None and data.type_line.startswith("Ongoing")


def face_up(g: "Context", player: int | None = None) -> list[int]:
    """The face-up schemes in the command zone (of one player, or of all)."""
    st = g.st
    players = st.players if player is None else [st.players[player]]
    return [o for p in players for o in p.command
            if o in st.objects and st.objects[o].kind == "card" and is_scheme(st.objects[o].name)]


def player_rules(g: "Context", player: int) -> frozenset[Rule]:
    """The rule changes the player's face-up schemes give them (CR 113.6p), e.g. "You have
    hexproof" (CR 702.11d)."""
    out: set[Rule] = set()
    for oid in face_up(g, player):
        d = CARDS.card_def(g.st.objects[oid].name)
        if d is not None:
            out.update(r.rule if isinstance(r, DoorRule) else r for r in d.player_rules)
    return frozenset(out)
