"""observation(player): the one path by which hidden information leaves the engine.

A player sees public zones, their own hand, their own face-down permanents (CR 708.5),
counts of hidden zones (CR 400.2) and the decision they face. A spectator (None) sees
only what is public. Object ids in hidden zones change on every move (CR 400.7), and the
physical card identity is never included.
"""
from __future__ import annotations

import json
import pickle
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Iterator, Mapping, Protocol

from engine.cards.behaviour import is_implemented
from engine.contract import Decision, Outcome, PlayerInfo
from engine.redaction import name_knows, who_knows
from engine.rules.rule_changes import RuleChange
from engine.rules.permissions import card_permissions
from engine.rules.targets import player_rules
from engine.rules import arrows, commander, hooks
from engine.rules import schemes
from engine.rules.context import Context


class Observed(Context, Protocol):
    """What an observation reads of the game (`Game`): the rules' context, and the seats and
    the outcome as the drivers see them."""
    @property
    def players(self) -> tuple[PlayerInfo, ...]: ...
    @property
    def outcome(self) -> Outcome | None: ...


@dataclass(frozen=True)
class Observation:
    """What one seat (or a spectator: viewer None) may know, read-only and typed.

    The top-level figures are fields; the cards are in `battlefield`, `stack` (top first)
    and each `players[i]` as read-only mappings. `.to_json()` is the plain dict the table
    reads and the LAN sends; `obs["key"]` reads the same dict.
    """

    viewer: int | None
    mode: str
    turn: int
    active: int
    step: str
    priority: int
    players: tuple[PlayerInfo, ...]
    decision: Decision | None  # the open decision: its options only for the seat deciding
    outcome: Outcome | None
    _data: dict[str, Any] = field(repr=False, compare=False)

    def __getitem__(self, key: str) -> Any:
        value = self._data[key]
        return MappingProxyType(value) if isinstance(value, dict) else value

    def get(self, key: str, default: Any = None) -> Any:
        return self._data.get(key, default)

    def to_json(self, copy: bool = True) -> dict[str, Any]:
        """The observation as JSON data. `copy=False` hands over the data itself: for a caller
        that made this observation and keeps it to itself (the LAN host, once per update)."""
        if not copy:
            return self._data
        # plain JSON data: a pickle round trip copies it several times faster than deepcopy
        data: dict[str, Any] = pickle.loads(pickle.dumps(self._data, protocol=pickle.HIGHEST_PROTOCOL))
        return data

    def __repr__(self) -> str:
        return f"Observation({json.dumps(self._data)[:200]}...)"


def _card_view(g: Context, oid: int, viewer: int | None, shared: dict[Any, Any] | None = None) -> dict[str, Any]:
    st = g.st
    o = st.objects[oid]
    # CR 708.9: at the end of the game every face-down permanent and spell is revealed to all
    hidden = o.face_down and viewer != o.controller and st.outcome is None and not _may_look(g, o, viewer)
    if shared is not None:  # several points of view of one position: a card looks the same to all
        got = shared.get((oid, hidden))  # who may see it, so it is made once
        if got is None:
            got = shared[(oid, hidden)] = _card_view(g, oid, viewer)
        return got
    view: dict[str, Any] = {"id": oid, "name": None if hidden else o.name, "owner": o.owner,
                            "controller": o.controller, "zone": o.zone, "face_down": o.face_down,
                            "token": o.token}
    if not hidden and not o.token and o.kind != "emblem":
        # the GUI marks cards whose text the engine doesn't carry out (play them by hand)
        view["implemented"] = is_implemented(o.name)
    if o.zone == "battlefield":
        c = g.chars(oid)
        view.update(tapped=o.tapped, phased_out=o.phased_out, sick=o.sick, counters=dict(o.counters),
                    damage=o.damage, attached_to=o.attached_to, attacking=o.attacking,
                    blocking=list(o.blocking), power=c.power, toughness=c.toughness,
                    types=sorted(c.types), subtypes=list(c.subtypes), keywords=sorted(c.keywords),
                    unlocked=list(o.unlocked), level=o.counters.get("level", 0), note=o.note)
        if o.attacking_obj is not None:  # the planeswalker it attacks (CR 506.3)
            view["attacking_obj"] = o.attacking_obj
        if o.ctx.get("goaded_by"):  # the players who goaded it (CR 701.15)
            view["goaded_by"] = list(o.ctx["goaded_by"])
        if o.alt == "blitz":  # cast for its blitz cost (CR 702.152a): the table marks it
            view["blitz"] = True
        if any(d.get("obj") == oid and d.get("event") == "step:end" and d.get("action") == "sacrifice"
               for d in st.delayed):  # a delayed trigger sacrifices it at the next end step (CR 603.7)
            view["sacrifice_at_end"] = True
        if o.token_def and not hidden:
            view["token_def"] = dict(o.token_def)
        if not o.face_down and c.name and c.name != o.name and not _own_doors(o.name, c.name):
            view["copy_of"] = c.name  # a copy of another card (CR 707.2): drawn as that one
    elif o.counters and o.zone in ("exile", "command"):
        # counters are public wherever they are: a suspended card's time counters (CR 702.62)
        view["counters"] = {k: n for k, n in o.counters.items() if n}
    if o.kind == "emblem":  # CR 114: an emblem in the command zone, with its abilities' text
        text = str(o.ctx.get("emblem", ""))
        # drawn like a token from this definition (CR 114.3: it has no characteristics but its text)
        view.update(kind="emblem", emblem=text, token_def={"name": o.name, "type_line": "Emblem", "text": text})
    if o.zone == "command" and o.kind == "card" and schemes.is_scheme(o.name):  # CR 314: public, face up
        view["scheme"] = True
        view["ongoing"] = schemes.is_ongoing(o.name)
    if not hidden and st.players[o.owner].commanders and commander.is_commander(st, o):
        view["commander"] = True  # CR 903.3: the designation is public (it started face up, 903.6)
    if o.zone == "stack":
        # the source's id only if the viewer may follow it: an ability of a card in a hand (cycling)
        # names its card, not the id it had in that hand (CR 400.7; engine/redaction.py)
        source = o.source if o.source is None or _may_follow(g, o.source, viewer) else None
        view.update(kind=o.kind, source=source, label=o.ctx.get("source_name", o.name),
                    targets=[dict(t) for t in o.targets], x=o.x)
        named = name_knows(g, oid)  # an ability of a face-down permanent: nameless to others (CR 708.4)
        if named is not None and (viewer is None or viewer not in named):
            view.update(name=None, label=None)
            view.pop("implemented", None)
    return view


def _may_follow(g: Context, oid: int, viewer: int | None) -> bool:
    if oid not in g.st.objects:  # it has moved since (a new object): its old id was its zone's
        return False
    aud = who_knows(g, oid)
    return aud is None or (viewer is not None and viewer in aud)


def _own_doors(card: str, name: str) -> bool:
    """A Room whose name is that of its unlocked doors (CR 709.5: a locked door has no name)
    is the card itself, not a copy: "Door A" of "Door A // Door B"."""
    doors = card.split(" // ")
    return len(doors) > 1 and all(part in doors for part in name.split(" // "))


def _may_look(g: Context, o: Any, viewer: int | None) -> bool:
    """The rule change "You may look at face-down creatures your opponents control any time."
    — permanents on the battlefield only (ruling: not face-down spells on the stack)."""
    if viewer is None or o.zone != "battlefield":
        return False
    return RuleChange.LOOK_AT_FACE_DOWN in player_rules(g, viewer)


def _may_look_top(g: Context, p: int) -> bool:
    """The rule change "You may look at the top card of your library any time." — not while
    the player is still playing a land from the top of it (its "as it enters" decision open):
    the new top card can't be looked at until the land is played (CR 401.5)."""
    pend = g.st.pending
    if pend is not None and pend.get("player") == p and pend.get("where") == "as_enters":
        obj = g.st.objects.get(pend.get("obj"))  # type: ignore[arg-type]
        if obj is not None and obj.ctx.get("played_from_top"):
            return False
    if pend is not None and pend.get("player") == p and pend.get("where") == "cost":
        # ... nor while the costs of a spell cast from the top of it are being paid (ruling,
        # Sturz in die Grube: the next card only once the spell's costs are paid; CR 601.2h)
        spell = g.st.objects.get(pend.get("item"))  # type: ignore[arg-type]
        if spell is not None and spell.zone == "stack" and hooks.alternative_cost_zone(spell.alt) == "library":
            return False
    return RuleChange.LOOK_AT_LIBRARY_TOP in player_rules(g, p)


def observe(g: Observed, viewer: int | None, shared: dict[Any, Any] | None = None) -> Observation:
    """What `viewer` sees (None: the public). `shared`: a dict the caller passes to every
    observation it makes of one unchanged position, so that card views are made once; the
    data then shares those parts and must be treated as read-only."""
    st = g.st
    players = []
    # the observation's shape is the game's, never a seat's: a player out of the game (CR
    # 800.4a: their scheme deck and command zone gone) keeps every key the others have
    with_commanders = commander.in_format(g) or any(p.commanders or p.commander_damage for p in st.players)
    with_schemes = schemes.in_format(g) or any(p.schemes or p.team for p in st.players)
    for p in st.players:
        mine = viewer == p.index
        pv: dict[str, Any] = {
            "index": p.index, "name": p.name, "life": p.life, "poison": p.poison,
            "library_count": len(p.library), "hand_count": len(p.hand), "mana": dict(p.mana),
            "lands_played": p.lands_played, "lost": p.lost,
            "graveyard": [_card_view(g, o, viewer) for o in p.graveyard],
            "exile": [_exile_view(g, o, viewer) for o in p.exile],
            "command": [_card_view(g, o, viewer) for o in p.command],
            # Commander (CR 903): each commander with its tax, the commander damage taken
            **(commander.view(g, p.index) if with_commanders else {}),
            # Archenemy (CR 904): the scheme deck's size (never its cards), ongoing schemes, the team
            **(schemes.view(g, p.index) if with_schemes else {}),
            "hand": [_card_view(g, o, viewer) for o in p.hand] if mine else
            [{"id": o, "name": st.objects[o].name} if st.objects[o].revealed else {"id": None, "name": None}
             for o in p.hand],
        }
        if mine and p.library and _may_look_top(g, p.index):  # CR 401.2: a rule lets him
            # its face, not its identity: a library card's id stays hidden (engine/invariants.py)
            pv["library_top"] = {**_card_view(g, p.library[0], viewer), "id": None}
        players.append(pv)
    pending = None
    dec = g.pending
    if dec is not None and viewer != dec.player:
        # what others may choose from is theirs to know, and so is what the prompt names: a
        # miracle drawn, a Leyline in an opening hand, a face-down attacker's damage (CR 400.2,
        # 708.5). The others see who decides and what kind of decision it is.
        dec = replace(dec, options=(), chosen=dec.chosen if dec.kind in ("attackers", "blockers") else (),
                      prompt="decide." + dec.kind, params={}, refs=())
    if dec is not None:
        pending = {"player": dec.player, "kind": dec.kind, "prompt": dec.prompt, "params": dict(dec.params),
                   "min_count": dec.min_count, "max_count": dec.max_count, "chosen": list(dec.chosen)}
        if viewer == dec.player:
            pending["options"] = list(dec.options)
            pending["count"] = dec.max_count if dec.max_count else 1
            if dec.refs and len(dec.refs) == len(dec.options):
                # the object each option names, where the decider may know its id (a LAN
                # table takes a click on it as the answer); a hidden card's id stays hidden
                pending["refs"] = [r if type(r) is int and r in st.objects and _may_follow(g, r, viewer) else None
                                   for r in dec.refs]
    outcome = g.outcome
    out_json = None
    if st.outcome is not None:
        out_json = dict(st.outcome)
        if outcome is not None:
            out_json.update(winner_seat=outcome.winner, termination=outcome.termination.value)
    data = {
        "viewer": viewer, "mode": g.mode, "format": g.config.format, "turn": st.turn, "active": st.active, "step": st.step,
        "priority": st.priority, "players": players,
        # whose turn it is: with shared team turns every member of the active team (CR 805.4a)
        "active_players": [p.index for p in st.players if g.is_active(p.index)],
        "battlefield": [_card_view(g, o, viewer, shared) for o in st.battlefield],
        "stack": [_card_view(g, o, viewer) for o in reversed(st.stack)],  # top first
        "pending": pending, "outcome": out_json,
        # exiled cards a player may play for now ("until the end of your next turn"): public
        "may_play": [m.describe() for m in card_permissions(g) if m.obj in st.objects],
        # players who may cast spells from their graveyard this turn (a Room door's effect: public)
        "cast_from_graveyard": [p.index for p in st.players if st.this_turn.get(f"cast_from_graveyard:{p.index}")],
        # the players' own arrows (tabletop, hybrid): public, both ends on the table
        "arrows": arrows.view(st),
    }
    return Observation(viewer, g.mode, st.turn, st.active, st.step, st.priority, g.players, dec, outcome, data)


def _exile_view(g: Context, oid: int, viewer: int | None) -> dict[str, Any]:
    o = g.st.objects[oid]
    if o.face_down:  # CR 406.3: only a player an effect lets look at it sees it (its owner by default)
        lookers = o.ctx.get("may_look")
        if (viewer not in lookers) if lookers is not None else viewer != o.owner:
            return {"id": oid, "name": None, "owner": o.owner, "face_down": True, "zone": "exile"}
        return _card_view(g, oid, o.controller)  # (the view of one who may look at it)
    return _card_view(g, oid, viewer)


def visible_card_names(obs: Mapping[str, Any] | Observation) -> set[str]:
    """Every card name an observation reveals (used by tests for hidden information)."""
    data = obs.to_json() if isinstance(obs, Observation) else dict(obs)
    return {d["name"] for d in dicts_in(data) if isinstance(d.get("name"), str)}


def dicts_in(x: Any) -> Iterator[dict[str, Any]]:
    """Every dict in a JSON value (an observation), depth first, the value itself first."""
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from dicts_in(v)
    elif isinstance(x, list):
        for v in x:
            yield from dicts_in(v)
