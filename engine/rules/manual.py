"""Manual table moves (tabletop and hybrid modes), conceding (CR 104.3a) and the special
actions of turning a face-down permanent face up (CR 116.2b, 701.40b) and unlocking a door
(CR 709.5e). Manual moves are Actions too: one log, one undo, one protocol; in rules mode
they are refused."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action, IllegalActionError
from engine.rules import arrows, face_up, hooks, schemes, zones, payment, phasing, special_actions, turn
from engine.state import rng_below
from engine.rules.index import CARDS
from engine.rules.leave import leave_game
from engine.rules.mana import FACE_UP, parse_cost
from engine.rules.sba import check_end
from engine.rules.rule_changes import ObjectRule

if TYPE_CHECKING:
    from engine.rules.context import Context


def concede(g: "Context", player: int) -> None:
    g.update_player(player, conceded=True, lost=True)
    g.event("concede", player=g.pname(player))
    check_end(g)
    leave_game(g, player)  # CR 800.4a, when the game goes on without them


def perform(g: "Context", a: Action) -> None:
    if g.mode == "rules":
        raise IllegalActionError("manual.rules_mode")
    st = g.st
    v = a.verb
    obj = st.objects.get(a.obj) if a.obj is not None else None
    name = obj.name if obj is not None else ""
    p = a.player
    if v == "move":
        assert obj is not None
        zone, pos = a.args[0], a.args[1] if len(a.args) > 1 else 0
        owner = obj.owner
        # (onto the battlefield face down in the same move: manifest, morph by hand, CR 708.2)
        down = len(a.args) > 2 and a.args[2] == "face down"
        new = zones.move(g, obj.id, zone, position=pos, controller=p if zone == "battlefield" else None,
                         face_down=down, cause="manual")
        # who may know which card it was (CR 400.2): everybody when it left a public zone face
        # up (they saw it go); one face down, or from a hidden zone into a library, nobody (CR
        # 401.2, 708.5; the table's own log reads the events as they are, app/session.py);
        # from a hidden zone into a hand, by identity (engine/redaction.py): its owner only,
        # unless revealed (CR 402.3) — the mover of their own card sees which
        moved = st.objects[new]
        seen = obj.zone not in ("library", "hand") and not obj.face_down
        hidden = moved.face_down or (zone == "library" and not seen)
        g.event("manual_move", player=g.pname(p), card="" if hidden else moved.name,
                **({} if seen or hidden else {"obj": new}), to_zone=zone, owner=g.pname(owner), manual=True)
    elif v in ("tap", "untap"):
        assert obj is not None
        g.update(obj.id, tapped=v == "tap")
        g.event("manual_" + v, player=g.pname(p), card=name, obj=obj.id, manual=True)
    elif v == "untap all":
        for oid in list(g.battlefield(p)):
            g.update(oid, tapped=False)
        g.event("manual_untap_all", player=g.pname(p), manual=True)
    elif v in ("face down", "face up"):
        assert obj is not None
        g.update(obj.id, face_down=v == "face down")
        g.event("manual_face_down" if obj.face_down else "manual_face_up", player=g.pname(p),
                card=name if not obj.face_down else "", obj=obj.id, manual=True)
    elif v in ("phase out", "phase in"):
        assert obj is not None
        (phasing.phase_out if v == "phase out" else phasing.phase_in)(g, obj.id)
        obj = g.st.objects[obj.id]
        g.event("manual_phase_out" if obj.phased_out else "manual_phase_in", player=g.pname(p), card=name,
                obj=obj.id, manual=True)
    elif v == "counter":
        assert obj is not None
        kind, delta = a.args
        g.add_counters(obj.id, kind, max(delta, -obj.counters.get(kind, 0)))
        g.event("manual_counter", player=g.pname(p), card=name, obj=obj.id, kind=kind, delta=delta, manual=True)
    elif v == "token":
        tname, power, tough = a.args
        if CARDS.token(tname) is not None:
            data = CARDS.token_data(tname)
        else:
            data = {"name": tname, "type_line": "Token Creature" if power is not None else "Token",
                    "power": power, "toughness": tough, "colors": []}
            if power is not None:
                data["type_line"] = "Creature"
        zones.create_token(g, p, data)
    elif v in ("life", "poison"):
        who, delta = a.args
        if v == "life":
            g.update_player(who, life=st.players[who].life + delta)
        else:
            g.update_player(who, poison=max(0, st.players[who].poison + delta))
        g.event("manual_" + v, player=g.pname(p), target=g.pname(who), delta=delta, manual=True)
    elif v == "draw":
        zones.draw(g, p, a.args[0] if a.args else 1)
    elif v == "mill":
        for _ in range(a.args[0] if a.args else 1):
            lib = st.players[p].library
            if lib:
                zones.move(g, lib[0], "graveyard", cause="mill")
    elif v == "shuffle":
        zones.shuffle_library(g, p)
    elif v == "reveal":
        assert obj is not None
        g.update(obj.id, revealed=True)
        g.event("reveal", player=g.pname(p), card=name, manual=True)
    elif v == "roll":
        sides = a.args[0]
        g.event("roll", player=g.pname(p), sides=sides, result=rng_below(st, sides) + 1)
    elif v == "flip coin":
        g.event("coin", player=g.pname(p), result="heads" if rng_below(st, 2) else "tails")
    elif v == "attach":
        assert obj is not None
        g.update(obj.id, attached_to=a.args[0])
        # a face-down card's name (either end) only for those who may look at it (CR 708.5):
        # obj and to_obj let engine/redaction.py hide `card` and `to` from the others
        g.event("manual_attach", player=g.pname(p), card=name, obj=obj.id, to=st.objects[a.args[0]].name,
                to_obj=a.args[0], manual=True)
    elif v == "detach":
        assert obj is not None
        g.update(obj.id, attached_to=None)
        g.event("manual_detach", player=g.pname(p), card=name, obj=obj.id, manual=True)
    elif v == "note":
        assert obj is not None
        g.update(obj.id, note=a.args[0])
        g.event("manual_note", player=g.pname(p), card=name, obj=obj.id, text=a.args[0], manual=True)
    elif v in arrows.VERBS:
        arrows.perform(g, a)
    elif v == "set in motion":
        # CR 701.25a-b by hand: a tabletop game sets no scheme in motion itself (CR 904.6's
        # turn-based action is the player's there); its triggers are the player's to carry out
        if not schemes.in_format(g) or not st.players[p].schemes:
            raise IllegalActionError("manual.no_scheme_deck")
        schemes.set_in_motion(g, p)
    elif v == "abandon":
        # CR 701.26a-b (an ongoing scheme) and 704.6e (a scheme done: a tabletop game checks no
        # state-based actions): face down to the bottom of its owner's scheme deck
        if obj is None or obj.id not in schemes.face_up(g, p):
            raise IllegalActionError("manual.not_your_scheme", card=name)
        schemes.to_bottom(g, obj.id, "scheme_abandoned" if schemes.is_ongoing(name) else "scheme_done")
    elif v in ("next step", "next turn"):
        st.pending = None
        if v == "next turn":
            turn.begin_turn(g)
        else:
            turn.end_step(g)
        g.event("manual_" + v.replace(" ", "_"), player=g.pname(p), manual=True)
    else:
        raise IllegalActionError("manual.unknown")


def fit_hand_decision(g: "Context") -> bool:
    """A decision about cards in a hand (the London mulligan's bottom cards, CR 103.5; the
    discard to hand size, 514.1) after a manual move changed that hand (hybrid and tabletop
    tables): cards picked that left the hand are unpicked, and the number asked for is what the
    hand can still give — never more than the rules asked; nothing left to give ends it.
    True when the cards picked now make the whole answer (the caller finishes the picks)."""
    st = g.st
    pend = st.pending
    if not pend or pend.get("kind") not in ("bottom", "discard"):
        return False
    hand = st.players[pend["player"]].hand
    wanted = pend.get("wanted", pend["count"])
    picked = [o for o in pend.get("picked", ()) if o in hand]
    count = min(wanted, len(hand))
    if count == pend["count"] and len(picked) == len(pend.get("picked", ())):
        return False
    if count == 0:
        st.pending = None
        return False
    new = dict(pend, wanted=wanted, count=count, params=dict(pend.get("params", {}), count=count),
               picked=picked, chosen=[st.objects[o].name for o in picked])
    st.pending = new  # a new dict: the Decision cached for the old one stays as it was
    return bool(picked) and len(picked) >= count


def special_action(g: "Context", a: Action) -> None:
    """CR 116.2: special actions — turning a manifested creature card face up (701.40b)."""
    st = g.st
    obj = st.objects.get(a.obj) if a.obj is not None else None
    if obj is None:
        raise IllegalActionError("special.none")
    if a.verb == "turn face up":
        if not obj.face_down or obj.controller != a.player or obj.zone != "battlefield":
            raise IllegalActionError("special.not_face_down")
        if ObjectRule.CANT_TURN_FACE_UP in g.chars(obj.id).flags:  # "can't be turned face up"
            raise IllegalActionError("special.cant_turn_face_up")
        morph = hooks.face_up_cost(g, obj)  # CR 702.37e: its morph cost (a megamorph's counter: not
        # put when a manifested one is turned up for its mana cost, CR 701.40b)
        data = CARDS.printed(obj.name)
        manifested = data is not None and "Creature" in data.type_line.split("//")[0] \
            and not obj.ctx.get(face_up.NOT_MANIFESTED)
        if a.alt == "morph" and morph is None:
            raise IllegalActionError("special.not_creature")
        if morph is None and not manifested:
            raise IllegalActionError("special.not_creature")
        # CR 701.40c: a manifested card with morph may be turned face up either way — for its
        # mana cost (`turn face up CARD`, CR 701.40b) or its morph cost (`... with morph`);
        # cast face down, only for its morph cost
        if a.alt != "morph" and manifested:
            morph = None
        elif morph is not None and face_up.morph_lost(g, obj.id):
            raise IllegalActionError("special.cant_turn_face_up")
        cost = morph[0] if morph is not None else (data.mana_cost if data is not None else "")
        got = payment.plan(g, a.player, parse_cost(cost), set(), a.pay, purposes=FACE_UP)
        payment.execute_payment(g, a.player, got)
        if morph is not None and morph[1]:  # megamorph: a +1/+1 counter as it turns face up (CR 702.37b)
            g.add_counters(obj.id, morph[1], 1)
        face_up.turn_face_up(g, a.player, obj.id)
        return
    special_actions.unlock(g, a)
