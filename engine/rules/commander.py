"""Commander (CR 903): the commander in the command zone, the commander tax, the commander's
way back to the command zone, and commander damage.

* CR 903.3: a commander is a card designated as its owner's commander; the designation belongs
  to the card (its physical identity, `Obj.card`), not to the object, so it survives every zone
  change (CR 400.7). Copies and tokens are never commanders. `Player.commanders` keeps them.
* CR 903.6 (103.2c): each player's commander starts the game face up in the command zone.
* CR 903.7 (103.4c, 119.1c): each player's starting life is 40 (engine/config.py FORMAT_LIFE).
* CR 903.8: a player may cast a commander they own from the command zone; it costs {2} more
  for each earlier cast of it from the command zone by that player ("commander tax").
* CR 903.9a, 704.6d: a commander put into a graveyard or exile since state-based actions were
  last checked may be put into the command zone by its owner — a state-based action, so the
  commander did go to the graveyard ("dies" triggers see it) and the owner decides.
* CR 903.9b: if a commander would be put into its owner's hand or library from anywhere, its
  owner may put it into the command zone instead — a replacement effect, asked as it happens.
* CR 903.10a, 704.6c: a player dealt 21 or more combat damage by the same commander over the
  game loses it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules.carddef import Ask
from engine.config import COMMANDER_FORMATS
from engine.state import Obj, State

if TYPE_CHECKING:
    from engine.rules.context import Context

TAX_PER_CAST = 2  # CR 903.8: {2} for each previous cast from the command zone
LETHAL_DAMAGE = 21  # CR 903.10a
YES, NO = "yes", "no"


def in_format(g: "Context") -> bool:
    """Whether this game's players have commanders (CR 903; engine/config.py COMMANDER_FORMATS)."""
    return g.config.format in COMMANDER_FORMATS


def is_commander(st: State, obj: Obj) -> bool:
    """CR 903.3: the card is its owner's commander (never a token or a copy: their card ids
    are their own)."""
    cmd = st.players[obj.owner].commanders
    return bool(cmd) and obj.kind == "card" and str(obj.card) in cmd


def designate(st: State, player: int, obj: Obj) -> None:
    """Make this card one of `player`'s commanders (CR 903.3)."""
    st.players[player].commanders[str(obj.card)] = obj.name


def started(g: "Context", player: int, obj: Obj) -> None:
    """CR 903.6 (103.2c): the player has put their commander from their deck face up into the
    command zone as the game begins (engine/rules/setup.py)."""
    g.st.players[player].command.append(obj.id)
    designate(g.st, player, obj)
    g.event("commander", player=g.pname(player), card=obj.name)


def tax(st: State, obj: Obj) -> int:
    """CR 903.8: the generic mana casting this commander from the command zone costs more now."""
    return TAX_PER_CAST * st.players[obj.owner].commander_casts.get(str(obj.card), 0)


def castable(g: "Context", p: int) -> list[int]:
    """The commanders p owns in p's command zone: p may cast them (CR 903.8)."""
    st = g.st
    if not in_format(g):
        return []
    return [o for o in st.players[p].command if is_commander(st, st.objects[o])]


def cast_from_command_zone(g: "Context", p: int, obj: Obj) -> int:
    """Count a cast of p's commander from the command zone (CR 903.8); returns the tax it paid."""
    paid = tax(g.st, obj)
    casts = dict(g.st.players[p].commander_casts)
    casts[str(obj.card)] = casts.get(str(obj.card), 0) + 1
    g.update_player(p, commander_casts=casts)
    return paid


def combat_damage(g: "Context", source: int | None, player: int, amount: int) -> None:
    """CR 903.10a: combat damage a commander deals to a player is counted for the game."""
    st = g.st
    obj = st.objects.get(source) if source is not None else None
    if obj is None or not in_format(g) or not is_commander(st, obj):
        return
    dealt = dict(st.players[player].commander_damage)
    dealt[str(obj.card)] = dealt.get(str(obj.card), 0) + amount
    g.update_player(player, commander_damage=dealt)


def lethal_damage(g: "Context", player: int) -> bool:
    """CR 704.6c, 903.10a: 21 or more combat damage from one commander over the game."""
    return any(n >= LETHAL_DAMAGE for n in g.st.players[player].commander_damage.values())


def arrived(g: "Context", new: Obj) -> None:
    """A card was put into a zone: remember a commander put into a graveyard or exile for the
    next state-based action check (CR 903.9a, 704.6d; a tabletop game checks none)."""
    if new.zone in ("graveyard", "exile") and g.mode != "tabletop" and in_format(g) and is_commander(g.st, new):
        g.st.commander_moved.append(new.id)


def ask_command_zone(g: "Context") -> bool:
    """CR 903.9a, 704.6d (a state-based action): a commander put into a graveyard or exile since
    the last check — its owner may put it into the command zone. The owner decides (`choose
    yes` / `choose no`), one commander at a time, the active player's first (CR 101.4); the
    others wait for the checks that follow (all of this check's actions, CR 704.3)."""
    st = g.st
    if not st.commander_moved:
        return False
    waiting = [o for o in st.commander_moved if o in st.objects and st.objects[o].zone in ("graveyard", "exile")
               and not st.players[st.objects[o].owner].lost]
    if st.pending is not None or not waiting:
        st.commander_moved = waiting if st.pending is not None else []
        return False
    order = g.apnap()
    waiting.sort(key=lambda o: order.index(st.objects[o].owner))
    first, st.commander_moved = waiting[0], waiting[1:]
    obj = st.objects[first]
    st.pending = {"player": obj.owner, "kind": "ask", "where": "commander", "obj": first,
                  "prompt": f"ask.commander_zone.{obj.zone}", "params": {"card": obj.name},
                  "options": [YES, NO], "count": 1, "min_count": 1}
    return True


def answered(g: "Context", pend: dict[str, Any], answer: list[str]) -> None:
    """The owner's answer to ask_command_zone."""
    oid = pend["obj"]
    if answer[0] == YES and oid in g.st.objects and g.st.objects[oid].zone in ("graveyard", "exile"):
        g.move(oid, "command", cause="commander")
    g.dirty = True


def instead(g: "Context", obj: Obj, to_zone: str, cause: str) -> str:
    """CR 903.9b: a commander that would be put into its owner's hand or library may be put
    into the command zone instead — the owner's choice, asked while the work is done (a
    replacement effect, CR 614.1). Manual moves (the table's own gestures) are never replaced.
    Only work that can be undone and done again asks (Game.can_ask: resolutions, state-based
    actions, turn-based actions); a cost that returns a commander to its owner's hand asks as a
    decision of its own before it is paid (ask_as_cost); elsewhere the card goes where it was
    going."""
    if to_zone not in ("hand", "library") or cause == "manual" or g.mode == "tabletop" \
            or not in_format(g) or not is_commander(g.st, obj) or not g.can_ask():
        return to_zone
    answer = g.choice(Ask(obj.owner, "yes_no", [YES, NO], f"ask.commander_instead.{to_zone}", {"card": obj.name}))
    return "command" if answer and answer[0] == YES else to_zone


WHERE_COST = "commander_cost"  # the pending decision of a commander returned as a cost


def asks_as_cost(g: "Context", oid: int) -> bool:
    """CR 903.9b: whether returning this object to its owner's hand as a cost (Fear of
    Isolation's "return a permanent you control to its owner's hand", ninjutsu's unblocked
    attacker, CR 702.49a) gives its owner the choice: it is a commander, in a rules game."""
    obj = g.st.objects.get(oid)
    return obj is not None and g.mode != "tabletop" and in_format(g) and is_commander(g.st, obj)


def ask_as_cost(g: "Context", oid: int, item: int | None, caster: int) -> None:
    """CR 903.9b as a cost is paid (CR 601.2h, 602.2b): costs are paid outside any effect, so
    the replacement's choice is a decision of its own — the owner's, whoever pays the cost;
    the caster gets priority after it (engine/rules/priority.py pays the cost with the answer:
    the command zone or the hand — either way the cost is paid, CR 614.6)."""
    obj = g.st.objects[oid]
    g.st.pending = {"player": obj.owner, "kind": "ask", "where": WHERE_COST, "obj": oid, "item": item,
                    "caster": caster, "prompt": "ask.commander_instead.hand", "params": {"card": obj.name},
                    "options": [YES, NO], "count": 1, "min_count": 1}


def may_ask(g: "Context") -> bool:
    """Whether `instead` may ask (a commander is outside the command zone): work then takes a
    snapshot first (Game.attempt)."""
    if not in_format(g):
        return False
    st = g.st
    total = sum(len(p.commanders) for p in st.players if not p.lost)
    home = sum(1 for p in st.players for o in p.command if is_commander(st, st.objects[o]))
    return home < total


def view(g: "Context", player: int) -> dict[str, Any]:
    """What everybody sees of a player's commanders (CR 903.6: face up; the tax and the damage
    are public): each commander's name, where it is when that zone is public, its tax; the
    combat damage this player was dealt by each commander, with its owner."""
    st = g.st
    p = st.players[player]
    where = {str(o.card): (o.zone, oid) for oid, o in st.objects.items()
             if o.kind == "card" and str(o.card) in p.commanders and o.owner == player} if p.commanders else {}
    mine = []
    for card, name in p.commanders.items():
        zone, oid = where.get(card, (None, None))
        public = zone in ("command", "battlefield", "stack", "graveyard", "exile")
        casts = p.commander_casts.get(card, 0)
        mine.append({"card": name, "zone": zone if public else None, "id": oid if public else None,
                     "casts": casts, "tax": TAX_PER_CAST * casts})
    dealt = []
    for card, n in p.commander_damage.items():
        owner = next((q for q in st.players if card in q.commanders), None)
        dealt.append({"commander": owner.commanders[card] if owner is not None else "",
                      "owner": owner.name if owner is not None else "", "damage": n})
    return {"commanders": mine, "commander_damage": dealt}
