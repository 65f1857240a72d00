"""State-based actions (CR 704) and destruction (CR 701.8), indestructible (702.12),
"dies" (CR 700.4) with replacement effects that exile instead (CR 614.1a)."""
from __future__ import annotations

from typing import TYPE_CHECKING
from engine.rules.index import CARDS
from engine.rules.effects import REGENERATION
from engine.rules.rule_changes import RuleChange
from engine.format import ref_text
from engine.rules import hooks
from engine.rules.characteristics import control_pass
from engine.rules.leave import leave_game
from engine.rules.targets import player_rules
from engine.rules.replacement import Replacement, choose_next
from engine.rules.resolved_replacements import (ExileIfDies, Kind, RegenerationShield, exile_if_dies,
                                                 graveyard_exiles, replacements, shields)
from engine.rules.zones import graveyard_ways

from engine.rules import commander, schemes
from engine.rules.teams import winning_team

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context
    from engine.state import Obj


def destroy(g: "Context", oid: int) -> int | None:
    """CR 701.8a: move to its owner's graveyard; indestructible permanents aren't (702.12b)."""
    if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
        return None
    if g.has(oid, "indestructible"):
        g.event("indestructible", card=g.st.objects[oid].name)
        return oid
    return destroyed(g, oid, "destroy")


def destroyed(g: "Context", oid: int, cause: str) -> int:
    """A permanent that can be destroyed is (CR 701.8a, 704.5g-h): to its owner's graveyard,
    unless a replacement effect applies."""
    if shields(g, oid) and g.can_ask():
        # CR 616.1: a regeneration shield replaces the destruction (701.19a), an "exile it
        # instead" the move to the graveyard the destruction is: both would modify this
        # event, and its controller chooses which applies; after one, the other doesn't (616.1f)
        ways = _die_ways(g, oid)
        if ways:
            old = g.st.objects[oid]
            ways = [Replacement(REGENERATION_SHIELD, REGENERATION), *ways]
            way = ways[choose_next(g, old.controller, ways, old.name)]
            if way.kind != REGENERATION:
                return _instead(g, oid, cause, way)
    if CARDS.replace_destruction(g, oid):  # CR 701.19a: a regeneration shield replaces it
        return oid
    return put_into_graveyard(g, oid, cause=cause)


REGENERATION_SHIELD = "regeneration shield"  # the option naming a shield's replacement (CR 701.19a)
DIES_EXILE = Kind.DIES_EXILE.value  # the kind of the option "exile it instead" of "if it would die" (CR 614.1a)


def _die_ways(g: "Context", oid: int) -> list[Replacement]:
    """Every "exile it instead" that applies to this permanent going to its graveyard: those
    of "if it would die" (a creature or planeswalker, CR 700.4) and the others
    (zones.graveyard_ways: a finality counter, an opponent's rule change)."""
    old = g.st.objects[oid]
    reps = exile_if_dies(g, oid)
    ways = []
    if reps and (g.is_type(oid, "Creature") or g.is_type(oid, "Planeswalker")):
        ways = [Replacement(r.source, DIES_EXILE) for r in reps]
    return ways + graveyard_ways(g, old, "battlefield")


def put_into_graveyard(g: "Context", oid: int, cause: str) -> int:
    """A permanent going to the graveyard "dies" if it is a creature (CR 700.4); a
    replacement effect may exile it instead (CR 614.1a)."""
    reps = exile_if_dies(g, oid)
    if reps and (g.is_type(oid, "Creature") or g.is_type(oid, "Planeswalker")):  # CR 700.4: a planeswalker dies too
        # every other "would be put into a graveyard ... exile it instead" applies to it too (a
        # finality counter, an opponent's rule change): one of them all is chosen (CR 616.1);
        # after it, "would die" no longer happens, so the others don't apply (616.1f)
        old = g.st.objects[oid]
        ways = (_die_ways(g, oid) if g.can_ask()
                else [Replacement(r.source, DIES_EXILE) for r in reps])
        return _instead(g, oid, cause, ways[choose_next(g, old.controller, ways, old.name)])
    return g.move(oid, "graveyard", cause=cause)


def _instead(g: "Context", oid: int, cause: str, way: Replacement) -> int:
    """The permanent exiled by the "exile it instead" chosen (CR 614.1a)."""
    if way.kind == DIES_EXILE:
        return g.move(oid, "exile", cause="replacement")
    return g.move(oid, "graveyard", cause=cause, exile_way=(way.source, way.by))


def can_enchant(g: "Context", aura: "Obj", c: "Chars", oid: int) -> bool:
    """Whether an Aura may be attached to this object now (CR 303.4d, 704.5m): its Enchant
    ability's object ("Enchant creature [you control]", the spec its spell targets with, CR
    303.4a), read with the object's current characteristics and the Aura's controller.
    An Aura without an Enchant ability the engine knows is not judged here."""
    spec = next((t for t in (c.defn.spell_targets if c.defn is not None else ())
                 if t.desc.startswith("Enchant ")), None)
    target = g.st.objects.get(oid)
    if spec is None or target is None or target.zone != "battlefield":
        return True
    if spec.what == "creature" and not g.is_type(oid, "Creature"):
        return False
    return not (spec.yours_only and target.controller != aura.controller)


def may_ask(g: "Context") -> bool:
    """Whether destroy or put_into_graveyard may ask which replacement applies (two or more
    exiling one permanent as it would die, or one and a regeneration shield, CR 616.1): work
    that may do it takes a snapshot first (Game.attempt)."""
    seen: set[int] = set()
    for r in replacements(g):
        if isinstance(r, (ExileIfDies, RegenerationShield)):  # (a shield: one more way, CR 616.1)
            if r.obj in seen:
                return True
            seen.add(r.obj)
    if seen:  # one of them and another "exile it instead" (zones.graveyard_ways)
        if graveyard_exiles(g) or any(
                g.st.objects[o].counters.get("finality") for o in seen if o in g.st.objects):
            return True
        return any(RuleChange.EXILE_CARDS_YOU_DIDNT_CONTROL in player_rules(g, p) or RuleChange.EXILE_OPPONENTS_CARDS
                   in player_rules(g, p) for p in range(len(g.st.players)))
    return False


def together(g: "Context", ids: list[int]) -> list[int]:
    """Permanents that leave the battlefield at the same time are moved one by one; those with
    an ability that watches other creatures die go last, so that each of them still sees the
    others leave with it (CR 603.10a: leaves-the-battlefield abilities look back in time)."""
    def watches(oid: int) -> bool:
        d = g.chars(oid).defn if oid in g.st.objects else None
        return d is not None and any(t.event == "creature_dies" for t in d.triggered)
    return sorted(ids, key=watches)


# the steps in which a permanent can be attacking or blocking: attackers are declared in the
# declare attackers step (CR 508.1) and every combat status ends as the end of combat step ends
# (CR 511.3, engine/rules/combat.py end_combat); engine/cache_check.py checks that nothing
# attacks or blocks outside them
COMBAT_STEPS = frozenset({"beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage",
                          "end_of_combat"})


def _out_of_combat(g: "Context") -> bool:
    """CR 506.4: a permanent that stops being a creature is removed from combat (no state-based
    action, but done where they are: before any player gets priority, CR 704.3). It doesn't
    rejoin combat if it becomes a creature again."""
    st = g.st
    if st.step not in COMBAT_STEPS:
        return False  # (no permanent is in combat: no walk of the battlefield at each check)
    gone = [oid for oid in st.battlefield if (st.objects[oid].attacking is not None or st.objects[oid].blocking)
            and not g.is_type(oid, "Creature")]
    for oid in gone:
        g.update(oid, attacking=None, blocking=[], blocked=False)
        for other in st.battlefield:
            o = st.objects[other]
            if oid in o.blocking:
                g.update(other, blocking=[b for b in o.blocking if b != oid])
    return bool(gone)


_CHECKED_TYPES = frozenset({"Creature", "Planeswalker"})  # (types the checks below look at)


def check(g: "Context") -> bool:
    """Perform all applicable state-based actions simultaneously (CR 704.3); True if any."""
    st = g.st
    did = control_pass(g) if g.mode == "rules" else False
    if g.mode == "rules":
        did = _out_of_combat(g) or did
    losers = []
    for p in st.players:
        if p.lost:
            continue
        if p.life <= 0 and RuleChange.NO_LOSS_FOR_LIFE not in player_rules(g, p.index):  # CR 704.5a
            losers.append((p.index, "life"))
        elif p.drew_from_empty:  # CR 704.5b
            losers.append((p.index, "empty_library"))
        elif p.poison >= 10:  # CR 704.5c
            losers.append((p.index, "poison"))
        elif p.commander_damage and commander.lethal_damage(g, p.index):  # CR 704.6c, 903.10a
            losers.append((p.index, "commander_damage"))
    dying: list[int] = []
    to_graveyard: list[int] = []
    gone_tokens: list[int] = []
    if st.tokens_out:  # CR 704.5d: tokens that left the battlefield cease to exist
        gone_tokens = [o for o in st.tokens_out if o in st.objects]
        st.tokens_out = []
    legends: dict[tuple[int, str], list[int]] = {}
    annihilate: list[tuple[int, int]] = []
    for oid, obj, c in g.all_perms():
        if obj.attached_to is None and not obj.counters and "Legendary" not in c.supertypes \
                and "Aura" not in c.subtypes and (not c.types & _CHECKED_TYPES or (
                    not obj.damage and not obj.deathtouch_damage and "Planeswalker" not in c.types
                    and (c.toughness is None or c.toughness > 0))):
            # none of the checks below applies to it: the lands of a crowded board, and its
            # creatures without damage, counters or an attachment and with toughness above 0
            continue
        if c.supertypes and "Legendary" in c.supertypes and c.name:
            legends.setdefault((obj.controller, c.name), []).append(oid)
        if "Creature" in c.types and c.toughness is not None:
            if c.toughness <= 0:  # CR 704.5f
                to_graveyard.append(oid)
            elif "indestructible" not in c.keywords and (
                    (obj.damage >= c.toughness and obj.damage > 0) or obj.deathtouch_damage):  # 704.5g/h
                dying.append(oid)
        if "Planeswalker" in c.types and obj.counters.get("loyalty", 0) <= 0:
            to_graveyard.append(oid)  # CR 704.5i (a planeswalker that is also a creature too)
        enchanted_player = obj.ctx.get("enchanted_player")
        if "Aura" in c.subtypes and obj.attached_to is None and "Enchantment" in c.types \
                and g.mode == "rules" and (enchanted_player is None or st.players[enchanted_player].lost):
            to_graveyard.append(oid)  # CR 704.5m: an Aura attached to no object or player
        elif obj.attached_to is not None and obj.attached_to not in st.objects:
            if "Aura" in c.subtypes:
                to_graveyard.append(oid)  # CR 704.5m
            else:
                g.update(oid, attached_to=None)  # CR 704.5n
                did = True
        elif obj.attached_to is not None and "Aura" in c.subtypes and g.mode == "rules" \
                and not can_enchant(g, obj, c, obj.attached_to):
            to_graveyard.append(oid)  # CR 704.5m: attached to an illegal object
        elif obj.attached_to is not None and "Equipment" in c.subtypes and g.mode == "rules" \
                and (not g.is_type(obj.attached_to, "Creature") or "Creature" in c.types):
            g.update(oid, attached_to=None)  # CR 704.5n, 301.5c: equipping no creature now: unattached
            did = True
        plus, minus = obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0)
        if plus and minus:  # CR 704.5q, done after the moves below: all at once (CR 704.3), so a
            annihilate.append((oid, min(plus, minus)))  # dying creature leaves with both (persist)
    for (controller, name), ids in legends.items():
        if len(ids) > 1 and st.pending is None:
            # CR 704.5j: the player chooses one of them to keep; the rest go to the graveyard
            st.pending = {"player": controller, "kind": "ask", "where": "legend", "prompt": "ask.legend_rule",
                          "params": {"card": name}, "options": [ref_text(g, ("o", o)) for o in ids],
                          "refs": ids, "count": 1, "min_count": 1}
            did = True
    for idx, _ in losers:  # (lost now: the moves below see them out, as before)
        g.update_player(idx, lost=True)
    for oid in gone_tokens:
        if oid in st.objects:
            g.remove(oid)  # CR 704.5d: a token off the battlefield ceases to exist
            did = True
    for oid in together(g, list(dict.fromkeys(to_graveyard + dying))):
        if oid in dying and oid not in to_graveyard and oid in st.objects and st.objects[oid].zone == "battlefield":
            destroyed(g, oid, "sba")  # CR 704.5g-h destroy it; a regeneration shield replaces that (701.19a)
            did = True
            continue
        if oid in st.objects and st.objects[oid].zone == "battlefield":
            put_into_graveyard(g, oid, cause="sba")
            did = True
    for oid, n in annihilate:
        if oid in st.objects and st.objects[oid].zone == "battlefield":
            g.add_counters(oid, "+1/+1", -n)
            g.add_counters(oid, "-1/-1", -n)
            did = True
    if losers:  # told after this check's moves: one check, all at once (CR 704.3), so the log shows a
        for idx, why in losers:  # creature that died in it before the game's end, never after
            g.event("lose", player=g.pname(idx), reason=why)
        check_end(g)
        did = True
    if st.commander_moved and commander.ask_command_zone(g):  # CR 704.6d, 903.9a
        did = True
    if g.mode != "tabletop" and schemes.settle(g):  # CR 704.6e: a scheme done goes to the bottom
        did = True
    if g.mode == "rules" and hooks.state_based(g):  # a mechanic's own (CR 704.5s: Sagas)
        did = True
    if losers:
        for idx, _ in losers:
            leave_game(g, idx)  # CR 800.4a, when the game goes on without them
    return did


def check_end(g: "Context") -> None:
    """CR 104.2a: a player still in the game wins when all opponents have left; 104.4a draw."""
    st = g.st
    alive = [p for p in st.players if not p.lost]
    team = winning_team(st)
    if team is not None and len(alive) > 1:  # CR 904.2: the last team standing wins together
        st.outcome = {"winner": alive[0].name, "reason": "opponents_lost", "team": team}
    elif len(alive) == 1:
        st.outcome = {"winner": alive[0].name, "reason": "opponents_lost"}
        if alive[0].team:
            st.outcome["team"] = alive[0].team
    elif not alive:
        st.outcome = {"winner": None, "reason": "draw"}
    if st.outcome is not None:
        st.pending = None
        g.event("game_over", winner=st.outcome["winner"])
        if st.outcome.get("team"):
            g.event("team_wins", team=st.outcome["team"])
