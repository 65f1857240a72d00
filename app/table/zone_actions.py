"""Rules actions for cards that are not on the table as items: a graveyard's cards (escape,
flashback, retrace), exiled cards, the command zone, and the top card of a library (Into the
Pit: "You may cast spells from the top of your library"). The piles show that they hold
something playable (the green edge hand cards get), their context menu lists it, and a
double-click on the pile or on the card in the zone viewer offers it — as MTG Arena lights up
an escape card in the graveyard."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from app.i18n import card_name

if TYPE_CHECKING:
    from app.table.interaction_state import Table
    from app.table.scene import TableScene
    from engine.actions import Action

LISTED = ("graveyard", "exile", "command")  # the piles whose cards the observation lists


class ZoneInteraction(Protocol):
    """What the actions on a zone's cards use of the table's interaction
    (app/table/interaction.py Interaction)."""

    by_obj: dict[int, list[Action]]
    scene: TableScene
    table: Table

    @property
    def obs(self) -> dict[str, Any]: ...

    def target_refs(self) -> set[tuple[str, int]]: ...

    def choose_among(self, acts: list[Action], label: str, name: str | None = None) -> None: ...


def _known_ids(obs: dict[str, Any]) -> set[int]:
    ids = {c["id"] for c in obs.get("battlefield", [])} | {c["id"] for c in obs.get("stack", [])}
    for p in obs.get("players", []):
        for zone in ("hand", *LISTED):
            ids |= {c["id"] for c in p.get(zone, []) if c.get("id") is not None}
    return ids


def pile_cards(it: ZoneInteraction, kind: str, owner: int) -> list[dict[str, Any]]:
    """The cards of a listed pile, as the observation shows them (its last card is on top)."""
    for p in it.obs.get("players", []):
        if p.get("index") == owner:
            return list(p.get(kind, []))
    return []


def card_actions(it: ZoneInteraction, oid: int | None) -> list["Action"]:
    """The rules actions for one card of a pile (nothing for a mana ability or a pass)."""
    return list(it.by_obj.get(oid, [])) if oid is not None else []


def zone_actions(it: ZoneInteraction, kind: str, owner: int) -> list["Action"]:
    """Every rules action for a card in this pile now. A library's cards are hidden, so its
    actions are those for an object the observation does not show anywhere (the top card
    one may cast), taken by the library's owner."""
    if kind in LISTED:
        return [a for c in pile_cards(it, kind, owner) for a in card_actions(it, c.get("id"))]
    if kind == "library":
        known = _known_ids(it.obs)
        return [a for oid, acts in it.by_obj.items() if oid not in known for a in acts if a.player == owner]
    return []


def name_of(it: ZoneInteraction, kind: str, owner: int, a: "Action") -> str | None:
    """The English name of the card an action is for (the library's top card: as shown)."""
    if kind == "library":
        for p in it.obs.get("players", []):
            if p.get("index") == owner and p.get("library_top"):
                name: str | None = p["library_top"].get("name")
                return name
        return None
    for c in pile_cards(it, kind, owner):
        if c.get("id") == a.obj:
            return c.get("name")
    return None


def offer(it: ZoneInteraction, kind: str, owner: int, acts: list["Action"] | None = None) -> bool:
    """Offer a pile's actions (one card: its choices — targets by clicking, modes, costs;
    several cards: a menu of them). False if there is nothing to offer."""
    acts = zone_actions(it, kind, owner) if acts is None else acts
    if not acts:
        return False
    by_card: dict[Any, list["Action"]] = {}
    for a in acts:
        by_card.setdefault(a.obj, []).append(a)
    if len(by_card) == 1:
        name = name_of(it, kind, owner, acts[0])
        it.choose_among(acts, card_name(name), name)
    else:
        it.table.pick_action(acts, None, names={a.obj: name_of(it, kind, owner, a) for a in acts})
    return True


def listed_card(obs: dict[str, Any], oid: int) -> tuple[dict[str, Any], str, int] | None:
    """A card of a graveyard, exile or command zone: (its view, the zone, the owner)."""
    for p in obs.get("players", []):
        for zone in LISTED:
            for c in p.get(zone, []):
                if c.get("id") == oid:
                    return c, zone, int(p.get("index", 0))
    return None


def off_table_targets(it: ZoneInteraction) -> list[tuple[int, str, str, int]]:
    """The legal targets of the current choice that are not on the table but in a pile
    (Emerge from the Cocoon: "target creature card from your graveyard"): (id, name, zone,
    owner), in the pile's order."""
    out = []
    for kind, val in it.target_refs():
        if kind == "o" and val not in it.scene.cards:
            found = listed_card(it.obs, val)
            if found is not None:
                out.append((val, str(found[0].get("name") or ""), found[1], found[2]))
    return sorted(out, key=lambda t: (t[2], t[1], t[0]))
