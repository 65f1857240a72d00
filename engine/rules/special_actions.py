"""Special actions (CR 116.2), which don't use the stack: playing a land (CR 116.2a, 305) at
sorcery timing, one per turn; suspending a card (CR 116.2f, 702.62a); unlocking a door of a
Room (CR 116.2m, 709.5) — with the doors still locked and what unlocking one sets off, which
effects that unlock a door use too. Each validates first and changes the state only once the
action is known to be legal.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action, IllegalActionError
from engine.action_candidates import hand_cands
from engine.rules.casting import sorcery_timing
from engine.rules.costs import door_cost
from engine.rules.mana import UNLOCK, parse_cost
from engine.rules.payment import execute_payment, plan
from engine.rules.index import CARDS
from engine.rules.schemes import lands_per_turn

if TYPE_CHECKING:
    from engine.rules.context import Context


def play_land(g: "Context", a: Action) -> None:
    """CR 305.1-305.2: a land is played at sorcery timing, one per turn, without the stack."""
    st = g.st
    p, oid = a.player, a.obj
    if oid is None or oid not in hand_cands(g, p):
        raise IllegalActionError("play.not_in_hand")
    if "Land" not in g.chars(oid).types:
        raise IllegalActionError("play.not_land")
    if not sorcery_timing(g, p):
        raise IllegalActionError("play.timing")
    if st.players[p].lands_played >= lands_per_turn(g, p):  # CR 305.2 (and 305.2a: additional lands)
        raise IllegalActionError("play.one_per_turn")
    st.players[p].lands_played += 1
    name = st.objects[oid].name
    # CR 305.1, 110.2a: the player who plays it puts it onto the battlefield under their own
    # control — also a card they don't own (played from among cards exiled with a permanent)
    from_top = st.objects[oid].zone == "library"
    new = g.move(oid, "battlefield", controller=p, cause="play")
    if from_top and "choose" in st.objects[new].ctx:
        # CR 401.5: played from the top of the library, the land's "as it enters" decision is
        # made before the player may look at the new top card (engine/view.py)
        g.update(new, ctx={**st.objects[new].ctx, "played_from_top": True})
    g.event("play", player=g.pname(p), card=name)
    g.triggers.fire("land_played", player=p, obj=new)  # "whenever you play a land / a card" (CR 305.1)


def locked_doors(g: "Context", oid: int) -> list[dict[str, Any]]:
    obj = g.st.objects[oid]
    data = CARDS.printed(obj.name)
    return [f for f in (data.faces if data else ()) if f.get("name") not in obj.unlocked]


def unlock(g: "Context", a: Action) -> None:
    """Unlocking a door is a special action (CR 116.2m): pay the door's mana cost any time you
    could cast a sorcery. Ruling (Räume): "Das ist eine Sonderaktion. Sie verwendet nicht den
    Stapel und kann nicht beantwortet werden." """
    st = g.st
    p, oid = a.player, a.obj
    obj = st.objects.get(oid) if oid is not None else None
    if obj is None or obj.zone != "battlefield" or obj.controller != p or "Room" not in g.chars(oid).subtypes:  # type: ignore[arg-type]
        raise IllegalActionError("unlock.not_room")
    assert oid is not None
    door = next((f for f in locked_doors(g, oid) if f["name"].lower() == a.face.lower()), None)
    if door is None:
        raise IllegalActionError("unlock.no_door", door=a.face)
    if not sorcery_timing(g, p):
        raise IllegalActionError("unlock.timing")
    got = plan(g, p, door_cost(g, p, door), set(), a.pay, purposes=UNLOCK)
    execute_payment(g, p, got)
    open_door(g, p, oid, door["name"])


def suspend(g: "Context", a: Action) -> None:
    """Suspend (CR 702.62a): "If you could begin to cast this card by putting it onto the stack
    from your hand, you may pay [cost] and exile it with N time counters on it. This action
    doesn't use the stack." (a special action, CR 116.2f)"""
    p, oid = a.player, a.obj
    obj = g.st.objects.get(oid) if oid is not None else None
    if obj is None or obj.zone != "hand" or obj.owner != p or CARDS.suspend_of(obj.name) is None:
        raise IllegalActionError("suspend.not_suspend")
    assert oid is not None
    if not CARDS.can_suspend(g, p, oid):
        raise IllegalActionError("suspend.timing", card=obj.name)
    got = plan(g, p, parse_cost(CARDS.suspend_cost(obj.name)), set(), a.pay)
    execute_payment(g, p, got)
    CARDS.do_suspend(g, p, oid)


def open_door(g: "Context", p: int, oid: int, door: str) -> None:
    """Player p unlocks a door of a Room (by the special action or by an effect, CR 709.5):
    "when you unlock this door" and "when you fully unlock a Room" trigger."""
    old = g.st.objects[oid]
    # CR 613.7: the unlocked door's static abilities get a timestamp as it unlocks (the
    # Room's own for a door unlocked as the Room enters)
    ts = g.st.next_timestamp
    g.st.next_timestamp += 1
    obj = g.update(oid, unlocked=[*old.unlocked, door], ctx={**old.ctx, f"door_ts:{door}": ts})
    g.event("unlock", player=g.pname(p), card=obj.name, door=door)
    g.triggers.fire("unlock", obj=oid, door=door, player=p)
    faces = CARDS.printed(obj.name).faces if CARDS.printed(obj.name) is not None else ()  # type: ignore[union-attr]
    if faces and all(f.get("name") in obj.unlocked for f in faces):  # "whenever you fully unlock a Room"
        g.triggers.fire("fully_unlock", obj=oid, player=p)
