"""Schemes and the scheme deck (CR 314, 701.25 "set in motion", 701.26 "abandon", 904 Archenemy).

CR numbers: the English Comprehensive Rules (April 2025, Tarkir: Dragonstorm, as quoted by the MTG
Wiki's "Set in motion" and "Abandon" pages) number the keyword actions "set in motion" 701.25 and
"abandon" 701.26, as glossary.tsv does (an earlier note here said 701.32/701.33: wrong); a
non-ongoing scheme going to the bottom is the state-based action 704.6e; the German sections we have confirm
109.2d ("dieses Komplott" is the scheme card in the command zone), 109.4f / 904.7 (a scheme is
controlled by its owner), 113.6p (a scheme's abilities work in the command zone), 400.4b (a
scheme that would leave the command zone stays there) and 400.9 (a face-up object in the
command zone turned face down becomes a new object).

* CR 314.1-314.2, 904.3: a player's schemes form their scheme deck, kept face down in the
  command zone; it is shuffled as the game begins and nobody looks at it. Here the scheme deck
  is `Player.schemes` (top first); its objects have the zone "schemes" (a face-down pile of the
  command zone: the observation shows only how many there are).
* CR 904.6 (and the release notes: "zu Beginn seiner ersten Hauptphase"): at the beginning of
  the precombat main phase of a player with a scheme deck, that player sets the top scheme in
  motion — a turn-based action, no stack.
* CR 701.25b: setting a scheme in motion turns it face up (into `Player.command`); "When you set
  this scheme in motion" abilities trigger then (event SET_IN_MOTION).
* CR 704.6e (a state-based action) / 314.5 (the release notes: "Sobald keine ausgelösten Fähigkeiten eines Komplotts
  mehr auf dem Stapel sind oder darauf warten ..."): a face-up non-ongoing scheme is turned face
  down and put on the bottom of its owner's scheme deck once none of its triggered abilities is
  on the stack or waiting to be put there.
* CR 314.6, 701.26a-b: an ongoing scheme stays face up until it is abandoned: turned face down
  and put on the bottom of its owner's scheme deck.
* CR 113.6p: the triggered and static abilities of face-up schemes work from the command zone
  (`When(..., zone="command")`; statics with those of emblems). 109.4f, 904.7: its controller is
  its owner. CR 314.3 (the notes: "Komplotte sind keine Permanente"): schemes are not permanents
  and nothing on the battlefield counts them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.config import SCHEME_FORMATS
from engine.rules.rule_changes import RuleChange
from engine.rules.index import CARDS
from engine.state import rng_below
from engine.rules.zones import new_object
from engine.rules.zones import turn_scheme
# which cards are schemes and what the face-up ones give (below the targets: engine/rules/scheme_cards.py)
from engine.rules.scheme_cards import face_up as face_up, is_ongoing as is_ongoing, is_scheme as is_scheme

if TYPE_CHECKING:
    from engine.rules.static_ability import StaticAbility
    from engine.rules.context import Context
    from engine.state import Obj

#: "When you set this scheme in motion" (CR 701.25b): fired for the scheme itself
SET_IN_MOTION = "set_in_motion"
#: "Whenever you set a non-ongoing scheme in motion" (My Laughter Echoes): fired for the
#: player's face-up ongoing schemes, with the new scheme as `obj`
YOU_SET_SCHEME = "you_set_scheme"
DECK = "schemes"  # the object zone of a card in a scheme deck


def in_format(g: "Context") -> bool:
    return g.config.format in SCHEME_FORMATS


def build_deck(g: "Context", player: int, names: list[str], shuffle: bool) -> None:
    """CR 904.3: the player's scheme deck, face down in the command zone; shuffled as the game
    begins (a scenario gives it top first, not shuffled)."""
    st = g.st
    for name in names:
        if not is_scheme(name):
            raise ValueError(f"{name} is not a scheme card.")
        if not CARDS.has_definition(name):  # printed data only (a reprint not built yet): never inert
            raise ValueError(f"{name} has no rules in Manatable yet.")
        obj = new_object(g, name, player, DECK)
        obj.face_down = True
        st.players[player].schemes.append(obj.id)
    if shuffle:
        deck = st.players[player].schemes
        for i in range(len(deck) - 1, 0, -1):  # Fisher-Yates with the game's seeded RNG
            j = rng_below(st, i + 1)
            deck[i], deck[j] = deck[j], deck[i]


def ongoing_names(g: "Context", player: int) -> list[str]:
    return [g.st.objects[o].name for o in face_up(g, player) if is_ongoing(g.st.objects[o].name)]


def beginning_of_main(g: "Context") -> None:
    """CR 904.6: at the beginning of the precombat main phase of a player with a scheme deck,
    that player sets the top scheme of it in motion (a turn-based action). Only the first main
    phase of a turn (an additional main phase is not "precombat" — engine/rules/turn.py runs
    this for main1 only)."""
    st = g.st
    if g.mode == "tabletop" or not in_format(g) or not st.players[st.active].schemes:
        return
    set_in_motion(g, st.active)


def set_in_motion(g: "Context", player: int) -> None:
    """CR 701.25b: the top card of the player's scheme deck is turned face up. Plots That Span
    Centuries: "the next time you would set a scheme in motion, set three schemes in motion
    instead" — one after the other (its ruling: "Komplote können nur eins nach dem anderen
    geschmiedet werden")."""
    p = g.st.players[player]
    times = 1
    if p.schemes_next:
        times = p.schemes_next
        g.update_player(player, schemes_next=0)
    for _ in range(times):
        if p.schemes:
            _turn_face_up(g, player, p.schemes[0])


def _turn_face_up(g: "Context", player: int, oid: int, again: bool = False) -> int:
    """Turn the scheme face up in the command zone (CR 701.25b; a new object, CR 400.9) and
    trigger its "When you set this scheme in motion" abilities and "Whenever you set a
    non-ongoing scheme in motion" of the player's ongoing schemes."""
    st = g.st
    obj = st.objects[turn_scheme(g, oid, face_up=True)]  # CR 400.9: a new object
    g.event("scheme_set_in_motion", player=g.pname(player), card=obj.name, obj=obj.id)
    d = CARDS.card_def(obj.name)
    if d is not None:
        for i, t in enumerate(d.triggered):
            if t.event == SET_IN_MOTION:  # "When you set this scheme in motion" (CR 701.25b)
                g.triggers._add(obj, i, player, event={"obj": obj.id, "player": player})
    if not is_ongoing(obj.name):
        for other in face_up(g, player):
            od = CARDS.card_def(st.objects[other].name)
            if other == obj.id or od is None or not is_ongoing(st.objects[other].name):
                continue
            for i, t in enumerate(od.triggered):
                if t.event == YOU_SET_SCHEME:
                    g.triggers._add(st.objects[other], i, player,
                                    event={"obj": obj.id, "card": obj.card, "player": player})
    return obj.id


def set_again(g: "Context", card: int) -> None:
    """My Laughter Echoes: "set that scheme in motion again" — the scheme card (by its physical
    identity: once its own ability has resolved it may already be face down at the bottom of
    the scheme deck, and its ruling lets that ability resolve first) is set in motion once
    more; its abilities trigger again."""
    st = g.st
    oid = next((o for o, obj in st.objects.items() if obj.card == card and obj.zone in ("command", DECK)), None)
    if oid is not None:
        _turn_face_up(g, st.objects[oid].owner, oid, again=True)


def to_bottom(g: "Context", oid: int, why: str) -> None:
    """CR 701.26b (abandon) and 704.6e (a non-ongoing scheme once its abilities have left the
    stack): turned face down (a new object, CR 400.9) and put on the bottom of its owner's
    scheme deck."""
    st = g.st
    old = st.objects.get(oid)
    if old is None or old.zone != "command" or oid not in st.players[old.owner].command:
        return
    turn_scheme(g, oid, face_up=False)
    g.event(why, player=g.pname(old.owner), card=old.name)


def abandon(g: "Context", oid: int) -> bool:
    """CR 701.26a-b: only a face-up ongoing scheme can be abandoned; True if it was."""
    obj = g.st.objects.get(oid)
    if obj is None or obj.zone != "command" or not is_ongoing(obj.name):
        return False
    to_bottom(g, oid, "scheme_abandoned")
    return True


def settle(g: "Context") -> bool:
    """CR 704.6e (a state-based action): a face-up non-ongoing scheme none of whose triggered abilities is on the
    stack or waiting goes face down to the bottom of the scheme deck. Checked with the
    state-based actions (engine/rules/sba.py), i.e. before any player would receive priority."""
    st = g.st
    if not any(p.command for p in st.players) or not in_format(g):
        return False
    did = False
    for oid in face_up(g):
        if is_ongoing(st.objects[oid].name):
            continue
        busy = any(st.objects[s].source == oid for s in st.stack if s in st.objects) \
            or any(w.get("source") == oid for w in st.waiting)
        if not busy:
            to_bottom(g, oid, "scheme_done")
            did = True
    return did


def static_sources(g: "Context") -> list[tuple[int, "StaticAbility"]]:
    """CR 113.6p: the static abilities of face-up ongoing schemes work from the command zone."""
    out: list[tuple[int, "StaticAbility"]] = []
    for oid in face_up(g):
        d = CARDS.card_def(g.st.objects[oid].name)
        if d is not None:
            out.extend((oid, s) for s in d.statics)
    return out


def command_triggers(g: "Context", event: str, opponents_suffix: str) -> list[tuple["Obj", int, bool]]:
    """CR 113.6p: the triggered abilities of face-up schemes that listen for this event (or for
    it as each opponent's), working from the command zone (zone "command")."""
    st = g.st
    out: list[tuple["Obj", int, bool]] = []
    for oid in face_up(g):
        obj = st.objects[oid]
        d = CARDS.card_def(obj.name)
        if d is None:
            continue
        for i, t in enumerate(d.triggered):
            if t.zone == "command" and t.event in (event, event + opponents_suffix):
                out.append((obj, i, t.event != event))
    return out


def lands_per_turn(g: "Context", player: int) -> int:
    """CR 305.2: one land a turn; 305.2a: "You may play an additional land on each of your
    turns" adds one for each such ability, cumulatively (ruling, My Tendrils Run Deep: "ist
    kumulativ mit ähnlichen Effekten") — from face-up schemes and from the permanents the
    player controls."""
    if not g.is_active(player):
        return 1
    extra = sum(1 for _, _, c in g.perms(player) if c.defn is not None
                for r in c.defn.player_rules if r == RuleChange.ADDITIONAL_LAND)
    if not g.st.players[player].command:
        return 1 + extra
    for oid in face_up(g, player):
        d = CARDS.card_def(g.st.objects[oid].name)
        if d is not None:
            extra += sum(1 for r in d.player_rules if r == RuleChange.ADDITIONAL_LAND)
    return 1 + extra


def view(g: "Context", player: int) -> dict[str, Any]:
    """What everybody sees: how many cards the scheme deck has (never which, CR 904.3), the
    face-up schemes (public, CR 400.2) and the player's team."""
    p = g.st.players[player]
    return {"schemes": len(p.schemes), "ongoing": ongoing_names(g, player), "team": p.team}
