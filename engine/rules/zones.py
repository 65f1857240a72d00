"""Zones (CR 400-408): moving objects, drawing, tokens.

CR 400.7: an object that moves from one zone to another becomes a new object with no
memory of its previous existence — it gets a new id. Hidden zones (library, hand;
CR 400.2) therefore never let an opponent follow a card. CR 400.3: a card goes to its
owner's library, hand, graveyard (or exile, command) whoever controlled it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import commander
from engine.state import Obj, shuffle
from engine.rules.card_terms import AsEntersChoice
from engine.rules.index import CARDS
from engine.rules.effects import RuleChange
from engine.rules import hooks
from engine.rules.replacement import Replacement, choose_next
from engine.rules.resolved_replacements import graveyard_exiles
from engine.rules.characteristics import base_chars, chars_of_values
from engine.rules.entering import others_enter_with
from engine.rules.last_known import record_leaving
from engine.rules.targets import player_rules
from engine.rules.loyalty import starting_loyalty

if TYPE_CHECKING:
    from engine.rules.context import Context

_RESET_ON_MOVE = dict(tapped=False, face_down=False, phased_out=False, sick=False, damage=0,
                      deathtouch_damage=False, attached_to=None, attacking=None, attacking_obj=None, blocked=False,
                      revealed=False, note="", x=0, alt="")


def new_object(g: "Context", name: str, owner: int, zone: str, token: bool = False,
               card: int | None = None, token_def: dict[str, Any] | None = None) -> Obj:
    st = g.st
    if card is None:
        card = st.next_card
        st.next_card += 1
    obj = Obj(id=st.next_id, card=card, name=name, owner=owner, controller=owner, zone=zone,
              timestamp=st.next_timestamp, token=token, token_def=token_def)
    st.next_id += 1
    st.next_timestamp += 1
    st.objects[obj.id] = obj
    return obj


def _aura_without_object(g: "Context", obj: Obj, controller: int) -> bool:
    """CR 303.4g: an Aura put onto the battlefield without being cast has nothing to enchant —
    no permanent its Enchant ability allows (CR 303.4a, "creature [you control]"; not targeted,
    so hexproof doesn't matter) is on the battlefield. ("Enchant player" always has a player.)
    An effect that attaches it as it enters chose among such objects already."""
    if "Aura" not in base_chars(g, obj.id).subtypes:
        return False
    defn = CARDS.card_def(obj.name)
    spec = next((t for t in (defn.spell_targets if defn is not None else ())
                 if t.desc.startswith("Enchant ")), None)
    if spec is None or spec.what != "creature":
        return False
    return not any(g.is_type(o, "Creature") and (not spec.yours_only or g.st.objects[o].controller == controller)
                   for o in g.battlefield())


def move(g: "Context", oid: int, to_zone: str, *, position: int = 0, controller: int | None = None,
         tapped: bool = False, face_down: bool = False, cause: str = "",
         exile_way: tuple[str, int | None] | None = None) -> int:
    """Move an object to a zone and return the new object's id (CR 400.7).

    position: index in an ordered zone counted from the top (0 = top; -1 = bottom).
    Leaving the battlefield detaches its Auras/Equipment (CR 704.5m/n handle the rest)
    and fires leaves-the-battlefield triggers, which look back in time (CR 603.10a).
    exile_way: the "exile it instead" replacement already chosen for a card that would be put
    into a graveyard (CR 616.1: sba.put_into_graveyard asked), one of graveyard_replacement's.
    """
    st = g.st
    old = st.objects[oid]
    from_zone = old.zone
    if old.token and from_zone not in ("battlefield", "stack"):
        return oid  # CR 111.8: a token that has left the battlefield can't move to another zone
    # (a move by hand is the player's own: the table does what they say, unchecked)
    if to_zone == "battlefield" and not face_down and from_zone != "stack" and cause != "manual" \
            and _instant_or_sorcery(old):
        return oid  # CR 304.4, 307.4: an instant or sorcery card would enter: it stays where it is
    if to_zone == "battlefield" and from_zone not in ("stack", "battlefield") and not face_down \
            and cause != "manual" and _aura_without_object(g, old, old.owner if controller is None else controller):
        return oid  # CR 303.4g: an Aura put onto the battlefield with nothing to enchant stays where it is
    if to_zone in ("hand", "library") and g.st.players[old.owner].commanders:
        to_zone = commander.instead(g, old, to_zone, cause)  # CR 903.9b: the command zone instead
    if from_zone == "battlefield" and to_zone != "exile" and old.ctx.get("exile_if_leaves"):
        to_zone = "exile"  # "If it would leave the battlefield, exile it instead of putting it anywhere else." (CR 614.1a)
    exiled_by = None
    if to_zone == "graveyard" and exile_way is not None:
        to_zone, exiled_by = "exile", exile_way[1]
    elif to_zone == "graveyard":
        to_zone, exiled_by = graveyard_replacement(g, old, from_zone)  # CR 614.1a, 616.1
    if old.face_down and (from_zone == "battlefield" or (from_zone == "stack" and to_zone != "battlefield")):
        # CR 708.9: a face-down permanent leaving the battlefield, or a face-down spell leaving
        # the stack for anywhere but the battlefield, is revealed to all players as it moves
        g.event("reveal", player=g.pname(old.owner), card=old.name)
    src_list = st.zone_list(from_zone, old.owner)
    if oid in src_list:
        src_list.remove(oid)
        if src_list is st.battlefield:
            g.bf_changed()  # (what is kept of the battlefield: GameBase.bf_kept)
    record_leaving(g, oid, old, from_zone, to_zone, cause)  # CR 113.7a, 608.2h
    if from_zone == "battlefield":
        g.triggers.leaves_battlefield(old, to_zone, cause)
        for other in st.battlefield:
            o = st.objects[other]
            if o.attached_to == oid:
                o.attached_to = None
        _remove_from_combat(g, oid)
        st.lki[oid] = old
    elif from_zone == "stack":
        st.lki[oid] = old  # CR 113.7a, 608.2h: a spell as it last existed on the stack (its X, mana spent)
    del st.objects[oid]
    # CR 111.7/111.8: a token that leaves the battlefield ceases to exist at the next SBA
    # check; we keep it in the new zone until then so "dies" triggers see it there.
    new = Obj(**{**vars(old), **_RESET_ON_MOVE, "counters": {}, "blocking": [], "unlocked": [],
                 "targets": [], "modes": [], "ctx": {}})
    new.id = st.next_id
    st.next_id += 1
    new.zone = to_zone
    new.timestamp = st.next_timestamp
    st.next_timestamp += 1
    new.controller = new.owner if controller is None else controller
    new.kind = "card" if not old.token else "token"
    new.source = None
    new.ability = -1
    st.objects[new.id] = new
    for w in st.waiting:  # "return it / that card": the abilities that saw it leave find it (CR 400.7, 608.2h)
        ev = w.setdefault("event", {})
        if w.get("source") == oid or ev.get("obj") == oid:
            ev["new_obj"] = new.id
    if new.token and to_zone != "battlefield":
        st.tokens_out.append(new.id)
    dest = st.zone_list(to_zone, new.owner)
    copied = None
    if to_zone == "battlefield":
        new.face_down = face_down
        copied = CARDS.copy_on_entering(g, new, cause)
        if copied is not None and copied.get("no_recipient"):
            # CR 303.4g: a copy of an Aura with nothing it could enchant doesn't enter: it stays
            # where it was; a resolving spell is put into its owner's graveyard (CR 608.3)
            to_zone = new.zone = "graveyard" if from_zone == "stack" else from_zone
            new.controller = new.owner
            dest = st.zone_list(to_zone, new.owner)
            copied = None
    if to_zone == "battlefield":
        new.tapped = tapped
        new.face_down = face_down
        new.sick = True
        if copied is not None:  # "enter as a copy of ..." (CR 614.1c, 707.9): a copy effect from the start
            g.add_effect("1", [new.id], until="never", values=copied)
            defn = chars_of_values(copied).defn  # what applies as it enters is the copy's (CR 614.12)
        else:
            # (a resolving copy of a permanent spell becomes a token with that card's rules:
            # CR 608.3f, 111.12 — what applies to a permanent spell entering applies to it)
            defn = None if (face_down or (new.token and from_zone != "stack")) else CARDS.card_def(new.name)
        if defn is not None and defn.enters_tapped is not None and defn.enters_tapped(g, new):
            new.tapped = True  # CR 614.1c: "enters tapped" replaces how it enters
        for kind, n, condition in (defn.enters_with if defn is not None else ()):
            if condition is None or condition(g, new, old):  # CR 614.1c: "enters with ... counters"
                new.counters[kind] = new.counters.get(kind, 0) + n
        choice = defn.term(AsEntersChoice) if defn is not None else None
        if choice is not None:  # asked before anything else happens
            new.ctx = {**new.ctx, "choose": choice.what}
        others_enter_with(g, new)
        starting_loyalty(g, new, copied)  # CR 306.5b
        if from_zone == "stack":
            if old.kind == "card":
                new.ctx = {"cast": True,  # "if you cast it" (CR 601.2: it was a spell)
                           **({"choose": new.ctx["choose"]} if "choose" in new.ctx else {})}  # CR 614.12b
            if "chosen_type" in old.ctx:  # "As this enchantment enters, choose a creature type."
                new.ctx["chosen_type"] = old.ctx["chosen_type"]
            new.ctx["x"] = old.x
            new.x = old.x  # CR 107.3m: X of its enters ability is the X paid for the spell
            if old.ctx.get("exiled_with"):  # cards exiled paying its cost are exiled with the permanent
                new.ctx = {**new.ctx, "exiled_with": list(old.ctx["exiled_with"])}
            new.unlocked = list(old.unlocked)
            new.alt = old.alt  # "if its [alternative] cost was paid" (CR 118.9)
            hooks.as_enters(g, new, old, defn)
        attach = copied.get("attach") if copied is not None else None
        if attach is not None and attach[0] == "o":  # a copy of an Aura: what it enchants (CR 303.4f)
            new.attached_to = attach[1]
        elif attach is not None:
            new.ctx = {**new.ctx, "enchanted_player": attach[1]}
        dest.append(new.id)
        g.bf_changed()
    elif to_zone == "stack":
        new.ctx = {"from": from_zone}  # "if you cast it from your hand"
        if old.ctx.get("card_copy"):  # a copy of a card cast (CR 707.12) is a copy on the stack too:
            new.ctx["copy"] = True  # it ceases to exist as it leaves (CR 707.10a, 704.5e; priority._finish)
        new.face_down = face_down
        new.unlocked = list(old.unlocked)
        dest.append(new.id)
    elif to_zone == "exile":
        new.face_down = face_down  # CR 406.3: exiled face down when an effect says so
        dest.insert(0, new.id)
        if exiled_by is not None:  # "cards exiled with [this permanent]" (CR 406.6, 607.1)
            v = st.objects[exiled_by]
            v.ctx = {**v.ctx, "exiled_with": [*v.ctx.get("exiled_with", []), new.id]}
            g.allow_play(new.id, v.controller, -1, your_turn=True, source=exiled_by, pay_life=True)
    else:
        pos = len(dest) if position == -1 else min(position, len(dest))
        dest.insert(pos, new.id)
    g.touch()
    if to_zone == "battlefield":
        g.st.this_turn[f"entered:{new.id}"] = 1  # "as long as this ... entered this turn"
        if face_down:  # "if a permanent entered the battlefield face down under your control this turn"
            g.st.this_turn[f"facedown:{new.controller}"] = 1
        # ("if a land entered the battlefield under your control this turn": Triggers.permanent_entered,
        # with the types it enters with, CR 613)
        g.triggers.entered(new, from_zone)
        g.triggers.permanent_entered(new)
    g.event("zone_change", obj=new.id, old=oid, card=_public_name(g, new, from_zone, to_zone),
            player=g.pname(new.owner), from_zone=from_zone, to_zone=to_zone, cause=cause,
            **({"was_face_down": True} if old.face_down else {}),  # (who saw it leave: engine/redaction.py)
            **({"commander": True} if st.players[new.owner].commanders and commander.is_commander(st, new) else {}))
    if st.players[new.owner].commanders:
        commander.arrived(g, new)  # CR 903.9a: the owner may put it into the command zone
    if from_zone == "library" and to_zone == "graveyard" and "Land" in g.types_now(new.id)[0]:
        g.triggers.lands_milled(new)  # "Whenever one or more land cards are put into your graveyard from your library"
    if from_zone == "battlefield" and old.ctx.get("exiled_until"):
        # CR 610.3a: "exile ... until this leaves the battlefield": the cards return now
        CARDS.return_exiled_until(g, old)
    if from_zone == "battlefield" and cause == "sacrifice":  # "Whenever you sacrifice a permanent" (CR 701.17)
        g.triggers.fire("sacrificed", player=old.controller, obj=new.id)
    # (a copy of an Aura that could not enter stays in the graveyard: no card left it, CR 303.4g)
    if from_zone == "graveyard" and to_zone != "graveyard":  # "Whenever one or more cards leave your graveyard"
        g.triggers.fire("leave_graveyard", player=new.owner, obj=new.id)
    if to_zone == "graveyard" and from_zone != "graveyard" and not new.token:  # "Whenever a land card is put
        # into your graveyard from anywhere" / "When this is put into a graveyard from anywhere" (CR 603.2, 603.6c)
        g.triggers.fire("card_to_graveyard", player=new.owner, obj=new.id, from_zone=from_zone,
                        types=sorted(g.types_now(new.id)[0]))
    return new.id


def graveyard_replacement(g: "Context", old: Obj, from_zone: str) -> tuple[str, int | None]:
    """Where a card that would be put into a graveyard goes instead (CR 614.1a), and the
    permanent it is exiled with: every "exile it instead" that applies (graveyard_ways); when
    two or more apply, the affected object's controller (its owner if it has none) chooses the
    one that applies (CR 616.1, 616.1e; each exiles it, so the others then no longer apply,
    616.1f)."""
    ways = graveyard_ways(g, old, from_zone)
    if not ways:
        return "graveyard", None
    way = ways[choose_next(g, affected(old, from_zone), ways, old.name)]
    return "exile", way.by


def affected(old: Obj, from_zone: str) -> int:
    """Who chooses among the replacements of a card's move (CR 616.1): its controller, or its
    owner where it has no controller (a card in a hand, library or graveyard, CR 108.4a)."""
    return old.controller if from_zone in ("battlefield", "stack") else old.owner


def graveyard_ways(g: "Context", old: Obj, from_zone: str) -> list[Replacement]:
    """The replacement effects that would exile this card instead of putting it into its
    owner's graveyard, in the order applied when nobody may choose: a finality counter on a
    permanent (CR 122.1h: "If this permanent would be put into a graveyard from the
    battlefield, exile it instead"; a token too), a resolved "if a card would be put into your
    graveyard from anywhere this turn, exile it instead" of its owner (not for tokens:
    engine/rules/resolved_replacements.py GraveyardExile), and its owner's opponents' rule changes
    (exile_ways)."""
    ways: list[Replacement] = []
    if from_zone == "battlefield" and old.counters.get("finality", 0) > 0:
        ways.append(Replacement(FINALITY, "exile"))
    if old.token:
        return ways
    ways += [Replacement(r.source, "exile") for r in graveyard_exiles(g, old.owner)]
    return ways + exile_ways(g, old)


FINALITY = "finality counter"  # the option naming a finality counter's effect (CR 122.1h)


def exile_ways(g: "Context", old: Obj) -> list[Replacement]:
    """The opponents' rule changes that would exile this card instead of putting it into its
    owner's graveyard: each permanent's name and what it is exiled with (None: nothing)."""
    ways: list[Replacement] = []
    for p in g.opponents(old.owner):
        rules = player_rules(g, p)
        if RuleChange.EXILE_CARDS_YOU_DIDNT_CONTROL not in rules and RuleChange.EXILE_OPPONENTS_CARDS not in rules:
            continue
        for oid, _, c in g.perms(p):
            made = c.defn.player_rules if c.defn is not None else ()
            if RuleChange.EXILE_CARDS_YOU_DIDNT_CONTROL in made and old.controller != p and oid != old.id:
                ways.append(Replacement(c.name, "exile", by=oid))
            elif RuleChange.EXILE_OPPONENTS_CARDS in made and oid != old.id:
                ways.append(Replacement(c.name, "exile"))
    return ways


def may_ask(g: "Context") -> bool:
    """Whether graveyard_replacement may ask (two or more "exile it instead" effects could
    apply to one card: rule changes of permanents, a resolved one of this turn, a finality
    counter): work that may do it takes a snapshot first (Game.attempt)."""
    n = 0
    for p in range(len(g.st.players)):
        rules = player_rules(g, p)
        n += (RuleChange.EXILE_CARDS_YOU_DIDNT_CONTROL in rules) + (RuleChange.EXILE_OPPONENTS_CARDS in rules)
    n += bool(graveyard_exiles(g))
    if n >= 2:
        return True
    if n == 0:
        return False  # a finality counter alone is one effect
    # one of them: two permanents may give a rule (two copies of one card), or a permanent may
    # have a finality counter; counted once per position
    got: bool | None = g.memo.get("graveyard_may_ask")
    if got is None:
        perms = g.all_perms()
        got = g.memo["graveyard_may_ask"] = any(o.counters.get("finality") for _, o, _ in perms) or sum(
            1 for _, _, c in perms if c.defn is not None and (
                RuleChange.EXILE_CARDS_YOU_DIDNT_CONTROL in c.defn.player_rules
                or RuleChange.EXILE_OPPONENTS_CARDS in c.defn.player_rules)) >= 2
    return got


def _instant_or_sorcery(obj: Obj) -> bool:
    """A card whose (first face's) card types include instant or sorcery (a face-down one put
    onto the battlefield face down is a 2/2 creature there, CR 708.2a: manifest may)."""
    if obj.token:
        return False
    data = CARDS.printed(obj.name)
    types = (data.type_line or "").split("//")[0].split("—")[0] if data is not None else ""
    return "Instant" in types or "Sorcery" in types


def _public_name(g: "Context", obj: Obj, from_zone: str, to_zone: str) -> str | None:
    """The card's name if everybody sees it move (not hidden to hidden, not face down)."""
    hidden = ("library", "hand")
    if obj.face_down or (from_zone in hidden and to_zone in hidden):
        return None
    return obj.name


def _remove_from_combat(g: "Context", oid: int) -> None:
    """CR 506.4: a permanent that leaves the battlefield is removed from combat."""
    for other in g.st.battlefield:
        o = g.st.objects[other]
        if oid in o.blocking:
            o.blocking.remove(oid)


def draw(g: "Context", player: int, n: int = 1) -> None:
    """CR 121.1: draw the top card; from an empty library the player loses at the next SBA (704.5b)."""
    p = g.st.players[player]
    for _ in range(n):
        if not p.library:
            g.update_player(player, drew_from_empty=True)
            g.event("draw_empty", player=p.name)
            continue
        new = move(g, p.library[0], "hand", position=-1, cause="draw")
        if g.st.objects[new].zone != "hand":
            continue  # a commander put into the command zone instead (CR 903.9b): not drawn
        g.event("draw", player=p.name, count=1)
        if g.st.game_started:  # (not the opening hand, CR 103.5)
            g.mark_turn(f"drew:{player}")  # the how-manieth card this turn (miracle, CR 702.94a)
            g.st.waiting.extend(hooks.drawn(g, player, new, int(g.st.this_turn[f"drew:{player}"])))
        g.triggers.fire("draw", player=player)


def shuffle_library(g: "Context", player: int) -> None:
    """CR 701.24. Every library card gets a new id so nobody can follow it (CR 400.7 spirit)."""
    p = g.st.players[player]
    shuffle(g.st, p.library)
    renumber_hidden(g, p.library)
    g.event("shuffle", player=p.name)


def to_bottom_in_order(g: "Context", player: int, ids: list[int]) -> None:
    """Put these library cards on the bottom of their owner's library in this order."""
    p = g.st.players[player]
    cards = [o for o in ids if o in p.library]
    p.library[:] = [o for o in p.library if o not in cards] + cards
    g.touch()


def turn_scheme(g: "Context", oid: int, face_up: bool) -> int:
    """A scheme card turned face up into its owner's command zone (CR 701.25b) or face down
    onto the bottom of their scheme deck (CR 704.6e, 701.26b): a new object either way (CR
    400.9), the same physical card; returns the new object's id (engine/rules/schemes.py)."""
    st = g.st
    old = st.objects.pop(oid)
    p = st.players[old.owner]
    for lst in (p.schemes, p.command):
        if oid in lst:
            lst.remove(oid)
    obj = new_object(g, old.name, old.owner, "command" if face_up else "schemes", card=old.card)
    obj.face_down = not face_up
    (p.command if face_up else p.schemes).append(obj.id)
    g.touch()
    return obj.id


def to_bottom_random(g: "Context", player: int, ids: list[int]) -> None:
    """Put these library cards on the bottom of their owner's library in a random order
    (a seeded shuffle of just them), renumbered like any hidden card."""
    p = g.st.players[player]
    cards = [o for o in p.library if o in ids]
    shuffle(g.st, cards)
    p.library[:] = [o for o in p.library if o not in ids] + cards
    renumber_hidden(g, p.library)  # (in place: the library list gets the new ids)
    g.touch()


def renumber_hidden(g: "Context", ids: list[int]) -> None:
    st = g.st
    for i, oid in enumerate(ids):
        obj = st.objects.pop(oid)
        obj.id = st.next_id
        st.next_id += 1
        st.objects[obj.id] = obj
        ids[i] = obj.id
        if oid in st.tokens_out:  # a token shuffled in still ceases to exist (CR 111.8, 704.5d)
            st.tokens_out[st.tokens_out.index(oid)] = obj.id
    g.touch()


def create_emblem(g: "Context", player: int, name: str, key: str) -> int:
    """CR 114.1-114.2: an emblem in `player`'s command zone (engine/rules/emblems.py)."""
    obj = new_object(g, name, player, "command")
    obj.kind = "emblem"
    obj.ctx = {"emblem": key}
    g.st.players[player].command.append(obj.id)
    g.touch()
    return obj.id


def create_token(g: "Context", controller: int, token_def: dict[str, Any], tapped: bool = False) -> int:
    """CR 111.1: a token is created on the battlefield under its creator's control."""
    obj = new_object(g, token_def["name"], controller, "battlefield", token=True, token_def=token_def)
    obj.kind = "token"
    obj.tapped = tapped
    obj.sick = True
    defn = CARDS.card_def(token_def.get("def", token_def["name"]), token=True)
    if defn is not None:  # a copy's "enters tapped" / "enters with" work as it is created (CR 614.1c, 707.2)
        if defn.enters_tapped is not None and defn.enters_tapped(g, obj):
            obj.tapped = True
        for kind, n, condition in defn.enters_with:
            if condition is None or condition(g, obj, obj):  # (it was not cast: "if you cast it" is false)
                obj.counters[kind] = obj.counters.get(kind, 0) + n
    others_enter_with(g, obj)
    starting_loyalty(g, obj)  # CR 306.5b
    g.st.battlefield.append(obj.id)
    g.bf_changed()
    g.st.this_turn[f"entered:{obj.id}"] = 1
    g.touch()
    g.triggers.entered(obj, "")
    g.triggers.permanent_entered(obj)
    g.event("token", player=g.pname(controller), card=obj.name, obj=obj.id)
    return obj.id


def put_on_stack(g: "Context", oid: int) -> None:
    """An ability made by new_object(..., "stack") goes on top of the stack (CR 405.2)."""
    g.st.stack.append(oid)
    _touch_for(g, g.st.objects[oid])


def _touch_for(g: "Context", obj: "Obj") -> None:
    """An ability on the stack is no spell and no card: nothing's characteristics depend on it
    (static abilities affect spells, CR 613.1, and read graveyards and the battlefield, not
    abilities), so the characteristics stay; a spell (a card or a copy) changes everything."""
    if obj.kind in ("card", "token", "emblem"):
        g.touch()
    else:
        g.touch_stack(obj.id)
        src = g.st.objects.get(obj.source) if obj.source is not None else None
        if src is not None and src.zone == "command":
            g.dirty = True  # a scheme whose abilities have all left the stack goes away (CR 704.6e)


def remove(g: "Context", oid: int) -> None:
    """An object ceases to exist or leaves the game (CR 111.7, 800.4a): out of every zone,
    no zone change (nothing triggers); what pointed at it no longer does."""
    st = g.st
    obj = st.objects.pop(oid, None)
    if obj is None:
        return
    for lst in (st.stack, st.battlefield, st.zone_list(obj.zone, obj.owner)):
        if oid in lst:
            lst.remove(oid)
            if lst is st.battlefield:
                g.bf_changed()
    if obj.kind in ("card", "token", "emblem"):  # (nothing is attached to or blocks an ability)
        for other in st.objects.values():
            if other.attached_to == oid:
                other.attached_to = None  # an Aura on it goes to the graveyard as an SBA (CR 704.5m)
            if oid in other.blocking:
                other.blocking.remove(oid)
    order = st.combat.get("block_order")
    if isinstance(order, list) and oid in order:
        order.remove(oid)
    _touch_for(g, obj)
