"""What the table highlights for the open decision and mode: playable cards and piles,
legal targets (on the table, or a pile holding one), possible attackers and blockers, the
cards of a choice. Interaction calls this after every change (app/table/interaction.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from app.table.zone_actions import ZoneInteraction, off_table_targets, zone_actions
from app.table.zones import PileItem

if TYPE_CHECKING:
    from app.table.card_item import CardItem
    from engine.actions import Action


class LitInteraction(ZoneInteraction, Protocol):
    """What lighting up the table uses of its interaction (app/table/interaction.py Interaction):
    the open decision, its legal actions and the choice being made."""

    legal: list[Action]
    mode: str
    attackers: list[int]
    blocks: list[tuple[int, int]]
    blocker: int | None
    chosen: list[str]
    chosen_ids: list[int]
    attach_source: int | None

    def pending(self) -> dict[str, Any] | None: ...

    def actions_for(self, item: CardItem) -> list[Action]: ...

    def _ask_options(self) -> list[str]: ...

    def _ask_refs(self) -> dict[int, str]: ...


def show_highlights(it: LitInteraction) -> None:
    sc = it.scene
    marks: dict[Any, str] = {}
    panels: dict[int, str] = {}
    kind = (it.pending() or {}).get("kind")
    if it.mode == "targets":
        for ref in it.target_refs():
            if ref[0] == "o":
                marks[ref[1]] = "target"
            else:
                panels[ref[1]] = "target"
        for _oid, _name, zone, owner in off_table_targets(it):  # (a graveyard's card)
            marks[("pile", zone, owner)] = "target"
    elif it.mode == "attackers":
        able = {o for a in it.legal for o, _ in a.pairs}
        for o in able:
            marks[o] = "playable"
        for o in it.attackers:
            marks[o] = "attacker"
        for a in it.legal:  # opponents' planeswalkers that may be attacked (CR 506.3)
            for _, d in a.pairs:
                if a.verb == "attacker" and d[0] == "o":
                    marks[d[1]] = "target"
    elif it.mode == "blockers":
        able = {b for a in it.legal for b, _ in a.pairs}
        for o in able:
            marks[o] = "playable"
        for c in it.obs.get("battlefield", []):
            if c.get("attacking") is not None and it.blocker is not None:
                marks[c["id"]] = "target"
        for b, _ in it.blocks:
            marks[b] = "blocker"
        if it.blocker is not None:
            marks[it.blocker] = "chosen"
    elif it.mode == "choose":
        for key, item in sc.cards.items():
            if item.zone == "hand" and item.mine:
                marks[key] = "choice"
        for o in it.chosen_ids:
            marks[o] = "chosen"
    elif it.mode in ("attach", "arrow"):  # (an arrow's head: a permanent, or a player's panel)
        for c in it.obs.get("battlefield", []):
            if c["id"] != it.attach_source:
                marks[c["id"]] = "target"
    elif kind == "priority":
        for key, item in sc.cards.items():
            if item.zone in ("hand", "battlefield") and it.actions_for(item):
                marks[key] = "playable"
        for (zone, owner), pile in sc.zones.items():
            if isinstance(pile, PileItem) and zone_actions(it, zone, owner):
                marks[("pile", zone, owner)] = "playable"
    elif it._ask_refs():  # identical objects: the cards themselves are the choice
        for oid, option in it._ask_refs().items():
            marks[oid] = "chosen" if option in it.chosen else "choice"
    elif it._ask_options() and not _hidden_zone_choice(it.pending()):
        opts = {o.lower() for o in it._ask_options()}
        for key, item in sc.cards.items():
            if item.name and item.name.lower() in opts:
                marks[key] = "choice"
    for key, item in sc.cards.items():
        item.set_highlight(marks.get(key, ""))
    for i, panel in sc.panels.items():
        panel.set_highlight(panels.get(i, ""))
    for (zone, owner), pile in sc.zones.items():
        if isinstance(pile, PileItem):
            pile.set_highlight(marks.get(("pile", zone, owner), ""))


# choices among cards in a library (surveil, scry, manifest dread, a search): a card of the
# same name elsewhere on the table is not one of them, so nothing on the table is lit
_HIDDEN_ZONE_WORDS = ("surveil", "scry", "search", "manifest_dread", "library", "bottom_next", "look")


def _hidden_zone_choice(pend: Any) -> bool:
    prompt = str((pend or {}).get("prompt") or "")
    return any(w in prompt for w in _HIDDEN_ZONE_WORDS)
