"""A player leaves the game (CR 800.4a): by conceding (CR 104.3a) or by losing (CR 104.3).

In a two-player game the other player has won and nothing more happens. With three or
four players the game goes on: everything the leaving player owns leaves the game, their
spells and abilities on the stack cease to exist, anything else they still control is
exiled, and a decision they were making is closed — priority passes to the next player in
turn order who is still in the game. Before what they still control is exiled, the effects that
gave them control of anything end (CR 800.4a): those permanents go back. The rest of their turn, if it is theirs, continues
without their turn-based actions (no draw, no attack, no discard to hand size).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules import combat_damage, zones
from engine.rules.characteristics import control_pass
from engine.rules.effects import Layer
from engine.rules.index import CARDS
from engine.rules.resolved import resolved

if TYPE_CHECKING:
    from engine.rules.context import Context


def leave_game(g: "Context", p: int) -> None:
    """CR 800.4a, as soon as player p has lost or conceded (not a state-based action)."""
    st = g.st
    if st.outcome is not None:
        return
    owned = [oid for oid, o in st.objects.items() if o.owner == p]
    # CR 708.9: the face-down permanents and spells the player owns (or controls: the ruling of
    # face-down cards, "all face-down spells and permanents you control") are revealed to all
    for oid, o in list(st.objects.items()):
        if o.face_down and o.zone in ("battlefield", "stack") and p in (o.owner, o.controller):
            g.event("reveal", player=g.pname(o.owner), card=o.name)
    # a permanent that exiled cards "until it leaves the battlefield" leaves with its owner:
    # those cards return at once (CR 610.3a; Cast Out's ruling: the return is no ability on the
    # stack, so it doesn't cease to exist with the player's abilities)
    holding = [st.objects[o] for o in owned
               if st.objects[o].zone == "battlefield" and st.objects[o].ctx.get("exiled_until")]
    for oid in owned:
        g.remove(oid)
    for old in holding:
        CARDS.return_exiled_until(g, old)
    # CR 800.4a: "if that player controlled any objects on the stack not represented by
    # cards, those objects cease to exist"
    for oid in [o for o in st.stack if st.objects[o].controller == p and st.objects[o].kind != "card"]:
        g.remove(oid)
    _end_control_effects(g, p)
    # "Then, if there are any objects still controlled by that player, those objects are
    # exiled." (what they control without such an effect: a card of another player that
    # entered under their control, CR 110.2a)
    for oid in [o for o in list(st.battlefield) + list(st.stack) if st.objects[o].controller == p]:
        zones.move(g, oid, "exile", cause="left_game")
    st.waiting = [w for w in st.waiting if w.get("controller") != p]
    for oid in list(st.battlefield):  # combat with the player who left ends (nothing left to fight)
        if st.objects[oid].attacking == p:
            g.update(oid, attacking=None, blocked=False)
    if st.resolving is not None and st.resolving not in st.objects:
        st.resolving = None
    _close_decision(g, p)


def _end_control_effects(g: "Context", p: int) -> None:
    """CR 800.4a: "any effects which give that player control of any objects or players end":
    a "gain control of ... until end of turn" gives the permanent back to the player it came
    from; a layer-2 control-changing effect in p's favour ends, and the permanent returns to
    the controller it had before it (characteristics.control_pass, CR 613.1b)."""
    st = g.st
    ending = []
    for e in resolved(g):
        back = e.control_back
        if back is not None and back.obj in st.objects and st.objects[back.obj].controller == p:
            obj = st.objects[back.obj]
            if obj.zone == "battlefield" and back.to != p:
                g.update(obj.id, controller=back.to, sick=True, attacking=None, blocking=[], blocked=False)
                g.event("control", card=obj.name if not obj.face_down else "", player=g.pname(back.to))
            ending.append(e)
        elif e.layer == Layer.CONTROL and e.change.controller == p:
            ending.append(e)
    g.end_these_effects(ending)  # (these effects end now: a duration of their own)
    control_pass(g)


def _close_decision(g: "Context", p: int) -> None:
    """The leaving player can decide nothing more (CR 800.4a: priority passes on)."""
    st = g.st
    pend = st.pending
    if pend is None or pend.get("player") != p:
        return
    kind = pend.get("kind")
    st.pending = None
    if kind == "priority":
        st.priority = g.next_player(p)
    elif kind == "assign":  # the attackers were theirs and have left the game
        combat_damage.deal_later(g)
    # declaring attackers or blockers, discarding, ordering or targeting their own triggers,
    # mulligans: with the player gone these end with nothing declared; the turn-based
    # action is over and the game runs on from where it was.
