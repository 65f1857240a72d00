"""Players' own arrows (tabletop and hybrid modes): a player points from a permanent to another
permanent or to a player, as Cockatrice lets one do, to say "this one attacks that one" or
"I target him" at a table where the rules engine does not say it. An arrow changes nothing in
the game; it is a table move like a note (one log, one undo, one protocol, seen by every seat).

Arrows are kept in `State.arrows` as {"player", "from", "to": [kind, value]} ("o": a permanent's
id, "p": a player's index). An arrow whose permanent left the battlefield is gone (that card is
a new object, CR 400.7); the rest are cleared as the next turn begins (Cockatrice's habit: they
last until the turn they were drawn in ends).

    arrow CARD -> CARD | PLAYER          draw one
    remove arrow CARD -> CARD | PLAYER   take one of yours away
    clear arrows                         take all of yours away
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action, IllegalActionError

if TYPE_CHECKING:
    from engine.rules.context import Context

VERBS = ("arrow", "remove arrow", "clear arrows")


def live(st: Any) -> list[dict[str, Any]]:
    """The arrows whose ends are all still there: permanents on the battlefield, players."""
    here = set(st.battlefield)
    return [a for a in st.arrows if a["from"] in here and (a["to"][0] == "p" or a["to"][1] in here)]


def end_of_turn(st: Any) -> None:
    """As a turn begins the arrows of the turn before are gone (a table convention, no rule)."""
    if st.arrows:
        st.arrows = []


def perform(g: "Context", a: Action) -> None:
    st = g.st
    p = a.player
    st.arrows = live(st)  # (arrows to cards that have left are dropped for good)
    mine = [x for x in st.arrows if x["player"] == p]
    if a.verb == "clear arrows":
        if not mine:
            raise IllegalActionError("arrow.none_left")
        st.arrows = [x for x in st.arrows if x["player"] != p]
        g.event("manual_arrows_cleared", player=g.pname(p), count=len(mine), manual=True)
        return
    src = st.objects[a.obj] if a.obj is not None else None
    if src is None or src.zone != "battlefield" or len(a.targets) != 1:
        raise IllegalActionError("arrow.not_on_battlefield", card=src.name if src is not None else "?")
    kind, val = a.targets[0]
    if kind == "o":
        to = st.objects.get(val)
        if to is None or to.zone != "battlefield":
            raise IllegalActionError("arrow.not_on_battlefield", card=to.name if to is not None else "?")
        if val == src.id:
            raise IllegalActionError("arrow.same", card=src.name)
    elif kind != "p":
        raise IllegalActionError("arrow.not_on_battlefield", card="?")
    end = [kind, val]
    there = next((x for x in mine if x["from"] == src.id and x["to"] == end), None)
    # the ends by identity too, so that a face-down permanent's name is told only to those
    # who may know it (engine/redaction.py: `obj` hides `card`, `objs` hides `cards`)
    said: dict[str, Any] = {"player": g.pname(p), "card": src.name, "obj": src.id, "manual": True}
    if kind == "o":
        said.update(objs=[val], cards=[st.objects[val].name])
    else:
        said["target"] = g.pname(val)
    key = "manual_arrow" if kind == "o" else "manual_arrow_player"
    if a.verb == "arrow":
        if there is not None:
            raise IllegalActionError("arrow.exists")
        st.arrows = st.arrows + [{"player": p, "from": src.id, "to": end}]
        g.event(key, **said)
    else:
        if there is None:
            raise IllegalActionError("arrow.none")
        st.arrows = [x for x in st.arrows if x is not there]
        g.event(key + "_removed", **said)


def view(st: Any) -> list[dict[str, Any]]:
    """The arrows every seat sees (all public: both ends are on the battlefield or players)."""
    return [{"player": x["player"], "from": x["from"], "to": list(x["to"])} for x in live(st)]
