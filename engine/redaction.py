"""Who may know what an event names: the engine's one redaction path for events (the
observation, engine/view.py, is the same path for the position and the open decision).

An event is one list for the table. When it is made (Game.event) the engine looks at the
objects it refers to *by identity* (`obj`, `objs`, `old`, `src_obj`, `to_obj`, `pair_objs`) and notes,
for each part that names or identifies a hidden object, the players who may know it:
  * a card in a library: nobody (CR 401.2); a card in a scheme deck: nobody, its owner neither,
    until it is set in motion (CR 314.2, 904.3: the deck is face down and nobody looks at it);
  * a card in a hand: its owner, unless revealed (CR 402.3, 701.20a);
  * a face-down permanent or spell: its controller, and players a rule lets look (CR 708.5,
    Found Footage); a face-down exiled card: its owner (CR 406.3);
  * an ability on the stack whose source is a face-down permanent: its name (the source's) is
    known to those who may know the source's (CR 708.4), its id is public (CR 400.2);
  * everything else is public (CR 400.2);
  * a card moved from a public zone into a hidden one keeps its name public (everybody saw it
    leave, CR 400.2, 708.9: `seen_leaving`), not its new id.
`events_for(game, viewer, lo, hi)` gives one viewer the events with those parts removed:
a concealed name becomes None, a concealed id is left out. Names are never matched against
other cards' names (a face-up card of the same name proves nothing about a face-down one).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from engine.rules.resolve_event import SPELL_KINDS
from engine.rules.schemes import DECK as SCHEME_DECK
from engine.rules.targets import player_rules

if TYPE_CHECKING:
    from engine.rules.context import Context

Audience = frozenset  # the seats who may know; the public (None) never is one of them
NAME_PARAMS = ("card", "label", "name", "source_name")  # what names the event's `obj`
UNSEEN_ZONES = ("library", SCHEME_DECK)  # face-down piles nobody looks at (CR 401.2, 904.3)
HIDDEN_ZONES = ("library", "hand", SCHEME_DECK)
PUBLIC_ZONES = ("battlefield", "stack", "graveyard", "exile", "command")
# the parameters of an event that may name an object (concealed reads these alone)
_OBJECT_PARAMS = frozenset({"obj", "old", "src_obj", "to_obj", "objs", "pair_objs"})


class EventLog(Protocol):
    """What `events_for` reads of the game (engine/game_base.py keeps both): the events and,
    by event index, the parts concealed from some seats."""
    @property
    def events(self) -> list[dict[str, Any]]: ...
    @property
    def event_hidden(self) -> dict[int, dict[str, Any]]: ...


def who_knows(g: "Context", oid: int) -> frozenset[int] | None:
    """The seats who may know this object's identity and name; None: everybody."""
    o = g.st.objects.get(oid)
    if o is None:
        return None
    if g.st.outcome is not None:  # CR 708.9: revealed at the end of the game
        return None if o.zone not in HIDDEN_ZONES else frozenset({o.owner})
    if o.zone in UNSEEN_ZONES:
        return frozenset()
    if o.zone == "hand":
        return None if o.revealed else frozenset({o.owner})
    if o.face_down:
        if o.zone == "exile":  # CR 406.3: the players an effect lets look at it, else its owner
            lookers = o.ctx.get("may_look")
            return frozenset(lookers) if lookers is not None else frozenset({o.owner})
        seats = {o.controller}
        if o.zone == "battlefield":
            seats.update(p.index for p in g.st.players if "look_at_face_down" in player_rules(g, p.index))
        return frozenset(seats)
    return None


def name_knows(g: "Context", oid: int) -> frozenset[int] | None:
    """The seats who may know the name an ability on the stack goes by, when it is "an ability
    of a face-down permanent" (CR 708.4: a face-down permanent has no name for its opponents,
    CR 708.2): those who may know its source's; None: everybody. The ability itself is public."""
    o = g.st.objects.get(oid)
    if o is None or o.zone != "stack" or o.kind in SPELL_KINDS or o.source is None:
        return None
    src = g.st.objects.get(o.source)  # (one that left the battlefield was revealed, CR 708.9)
    if src is None or not src.face_down:
        return None
    return who_knows(g, o.source)


def seen_leaving(ev: dict[str, Any]) -> bool:
    """Whether everybody saw the card of a zone change as it left a public zone (CR 400.2), so
    its name stays public in the hidden zone it went to (its new id does not, CR 400.7): a card
    face up there, or a face-down one revealed as it moved — a face-down permanent leaving the
    battlefield, a face-down spell leaving the stack for anywhere but the battlefield (CR 708.9).
    A face-down exiled card stays hidden (CR 406.3), as does a card from a library or hand."""
    frm, to = ev.get("from_zone"), ev.get("to_zone")
    if ev.get("key") != "zone_change" or frm not in PUBLIC_ZONES:
        return False
    return not ev.get("was_face_down") or frm == "battlefield" or (frm == "stack" and to != "battlefield")


def _old_knows(g: "Context", ev: dict[str, Any]) -> frozenset[int] | None:
    """Who knew the id in `old` (the object before it moved; it no longer exists): a library
    card's id nobody, a hand card's its owner. Ids on the battlefield, the stack, in a
    graveyard or exile were given to every viewer (engine/view.py)."""
    frm = ev.get("from_zone")
    if frm in UNSEEN_ZONES:
        return frozenset()
    if frm == "hand":
        new = g.st.objects.get(ev["obj"]) if type(ev.get("obj")) is int else None
        return frozenset({new.owner}) if new is not None else frozenset()
    return None


def concealed(g: "Context", ev: dict[str, Any]) -> dict[str, Any] | None:
    """The parts of a new event some players may not know: {param: audience} for a whole
    parameter, {param: [audience or None per element]} for a list. None: all public."""
    if ev.keys().isdisjoint(_OBJECT_PARAMS):
        return None  # (it names no object: a step, a life total, a draw)
    hide: dict[str, Any] = {}
    obj = ev.get("obj")
    if type(obj) is int:
        aud = who_knows(g, obj)
        if aud is not None:
            hide["obj"] = aud
            for k in NAME_PARAMS if not seen_leaving(ev) else ():
                if ev.get(k):
                    hide[k] = aud
        else:
            named = name_knows(g, obj)  # an ability of a face-down permanent (CR 708.4)
            for k in NAME_PARAMS if named is not None else ():
                if ev.get(k):
                    hide[k] = named
    old = ev.get("old")
    if type(old) is int:
        aud = _old_knows(g, ev)
        if aud is not None:
            hide["old"] = aud
    src = ev.get("src_obj")
    if type(src) is int:
        aud = who_knows(g, src)
        if aud is not None:
            hide["src_obj"] = hide["source"] = hide["source_colors"] = aud  # (its colours tell of it too)
    to = ev.get("to_obj")  # the card something is attached to (manual_attach)
    if type(to) is int:
        aud = who_knows(g, to)
        if aud is not None:
            hide["to_obj"] = hide["to"] = aud
    objs = ev.get("objs")
    if isinstance(objs, list) and objs:
        auds = [who_knows(g, o) if type(o) is int else None for o in objs]
        if any(a is not None for a in auds):
            hide["objs"] = auds
            if isinstance(ev.get("cards"), list):
                hide["cards"] = auds
    pairs = ev.get("pair_objs")
    if isinstance(pairs, list) and pairs:
        auds2 = [[who_knows(g, o) if type(o) is int else None for o in pr] for pr in pairs]
        if any(a is not None for pr in auds2 for a in pr):
            hide["pair_objs"] = hide["pairs"] = auds2
    return hide or None


def _allowed(aud: Any, viewer: int | None) -> bool:
    return aud is None or (viewer is not None and viewer in aud)


def _scrub(value: Any, aud: Any, viewer: int | None) -> Any:
    if isinstance(aud, list):
        if not isinstance(value, list):
            return value
        return [_scrub(v, a, viewer) for v, a in zip(value, aud)]
    return value if _allowed(aud, viewer) else None


def for_viewer(ev: dict[str, Any], hide: dict[str, Any] | None, viewer: int | None) -> dict[str, Any]:
    """The event as `viewer` may see it (the same dict when nothing is hidden from them)."""
    if not hide:
        return ev
    out = dict(ev)
    for k, aud in hide.items():
        if k not in out:
            continue
        if k in ("obj", "old", "src_obj", "to_obj") and not _allowed(aud, viewer):
            del out[k]  # an id the viewer may not follow (CR 400.7): left out, not None
        else:
            out[k] = _scrub(out[k], aud, viewer)
    return out


def events_for(g: EventLog, viewer: int | None, lo: int = 0, hi: int | None = None) -> list[dict[str, Any]]:
    """The game's events lo..hi as `viewer` may see them (None: a spectator, the public)."""
    evs = g.events
    hi = len(evs) if hi is None else hi
    hidden = g.event_hidden
    return [for_viewer(evs[i], hidden.get(i), viewer) for i in range(lo, hi)]


def visible_ids(obs: dict[str, Any]) -> set[int]:
    """The object ids an observation gives its viewer: the only ids that viewer may name in a
    structured action (anything else is "no such object", whatever is behind it)."""
    out: set[int] = set()

    def cards(items: Any) -> None:
        for c in items or ():
            if isinstance(c, dict) and type(c.get("id")) is int:
                out.add(c["id"])
    cards(obs.get("battlefield"))
    cards(obs.get("stack"))
    for p in obs.get("players") or ():
        for zone in ("hand", "graveyard", "exile", "command"):
            cards(p.get(zone))
    return out
