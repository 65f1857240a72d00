"""Triggered abilities (CR 603): when they trigger, waiting until a player would receive
priority; then put on the stack in APNAP order (CR 603.3b, engine/rules/trigger_stack.py),
each controller ordering their own (a decision), targets chosen as they go on the stack (603.3d).
Delayed triggers (CR 603.7) and ward (CR 702.21) trigger here too; what they do as they
resolve is engine/rules/trigger_steps.py."""
from __future__ import annotations

import weakref
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable

from engine.rules import emblems, schemes, targets as tg, trigger_modes, trigger_stack, hooks
from engine.config import SCHEME_FORMATS
from engine.rules.index import CARDS
from engine.rules.trigger_index import by_event
from engine.rules.effects import RuleChange

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


OPPONENTS = "@opponents"  # an event key's suffix: "step:upkeep@opponents" is each opponent's upkeep
PERMANENT_LEAVES = "permanent_leaves"  # any permanent left the battlefield (obj, controller, card): face-up schemes listen


def batch_id(g: "Context") -> str:
    """Which simultaneous event this is (CR 603.2c: "one or more" triggers once per event):
    the same while one state-based action check, one combat damage step or one step of a
    resolving spell happens."""
    st = g.st
    step = st.objects[st.resolving].ctx.get("step") if st.resolving in st.objects else None
    return f"{st.turn}:{st.step}:{st.sba_count}:{st.resolving}:{step}"

_GRAVEYARD = attrgetter("graveyard")

LANDS_MILLED = "lands_library_to_graveyard"
#: events a trigger hears only as its controller's own ("whenever you attack"), like the steps
#: ("at the beginning of your upkeep")
YOUR_EVENTS = ("you_attack", "you_attack_player", "creatures_dealt_combat_damage")


def _whose_matches(g: "Context", event: str, params: dict[str, Any], controller: int, each_opponent: bool) -> bool:
    """Does the event's player match the trigger's (CR 603.2): an opponent's for the event keys
    with the OPPONENTS suffix ("at the beginning of each opponent's upkeep"), the controller's
    own for a step or one of YOUR_EVENTS; any player otherwise."""
    if each_opponent:
        return params.get("player") in g.opponents(controller)
    if event in YOUR_EVENTS or event.startswith("step:"):
        return params.get("player") == controller
    return True



def graveyard_candidates(g: "Context") -> list[tuple[int, int, str]]:
    """(card, ability, event) of the graveyard cards' triggered abilities that work from the
    graveyard (CR 113.6k), in the players' and graveyards' order: kept across positions while
    the graveyards hold the same objects in the same order and nothing was renamed (g.face_gen):
    an object keeps its id only while it stays in its zone (CR 400.7), and g.names_kept is
    emptied when the state is replaced. Most positions change no graveyard."""
    key = (g.face_gen, *map(tuple, map(_GRAVEYARD, g.st.players)))
    was = g.names_kept.get("gy_triggers")
    if was is not None and was[0] == key:
        got: list[tuple[int, int, str]] = was[1]
        return got
    got = graveyard_candidates_made(g)
    g.names_kept["gy_triggers"] = (key, got)
    return got


def graveyard_candidates_made(g: "Context") -> list[tuple[int, int, str]]:
    """graveyard_candidates read card by card (also engine/cache_check.py's reference)."""
    cands: list[tuple[int, int, str]] = []
    for p in g.st.players:
        for oid in p.graveyard:
            d = CARDS.card_def(g.st.objects[oid].name)
            if d is not None:
                cands += [(oid, i, t.event) for i, t in enumerate(d.triggered) if t.zone == "graveyard"]
    return cands


class Triggers:
    def __init__(self, g: "Context") -> None:
        # the game by a weak reference: a game and its Triggers would otherwise be a reference
        # cycle, and every copy of a game (the computer player makes dozens a decision) garbage
        # only the cyclic collector can free — its pauses were the search level's slowest
        # decisions (issue #28)
        self._game = weakref.ref(g)
        self.entering: list[int] | None = None  # permanents entering at the same time (together())
        self.left: list[tuple[str, "Obj"]] = []  # (batch, permanent) that left the battlefield (CR 603.10a)

    @property
    def g(self) -> "Context":
        g = self._game()
        assert g is not None  # (a game's Triggers live no longer than the game)
        return g

    def _defn(self, obj: "Obj") -> Any:
        if obj.face_down:
            return None
        g = self.g
        if obj.zone == "battlefield" and g.st.objects.get(obj.id) is obj:
            return g.chars(obj.id).defn  # its abilities now: a copy's (CR 707.2) or none if it lost them
        if obj.token_def:
            return CARDS.card_def(obj.token_def.get("def", obj.token_def["name"]), token=True)
        return CARDS.card_def(obj.name)

    def _off(self, t: Any, obj: "Obj") -> bool:
        """An ability the permanent does not have now: a leveler's band ability outside its
        band (CR 710.2, as numbered in the level up rules)."""
        return t.active is not None and not t.active(self.g, obj)

    def _add(self, obj: "Obj", index: int, controller: int, extra: dict[str, Any] | None = None,
             event: dict[str, Any] | None = None) -> None:
        if self.g.mode == "tabletop":
            return
        on_bf = obj.zone == "battlefield" and obj.id in self.g.st.objects
        # the abilities it has now (a copy has the copied ones, CR 707.2), else its card's
        d = self.g.chars(obj.id).defn if on_bf else self._defn(obj)
        if d is None:
            d = self._defn(obj)
        limited = d is not None and 0 <= index < len(d.triggered) \
            and (d.triggered[index].once or d.triggered[index].once_each_turn)
        if d is not None and 0 <= index < len(d.triggered) and d.triggered[index].once:
            if obj.ctx.get(f"once:{index}"):
                return  # "This ability triggers only once": this object already triggered it
            # the mark is made as it triggers, even if the ability is later countered (ruling,
            # Akrobatische Cheerleaderin); a new object after a zone change has none (CR 400.7)
            self.g.update(obj.id, ctx={**obj.ctx, f"once:{index}": True})
        if d is not None and 0 <= index < len(d.triggered) and d.triggered[index].once_each_turn:
            key = f"once_turn:{obj.id}:{index}"  # "triggers only once each turn": this object, this turn
            if self.g.st.this_turn.get(key):
                return
            self.g.mark_turn(key)
        batch = (event or {}).get("batch")
        if batch is not None:  # "Whenever one or more ...": one trigger per simultaneous event (CR 603.2c)
            same = next((w for w in self.g.st.waiting if w["source"] == obj.id and w["ability"] == index
                         and w.get("event", {}).get("batch") == batch), None)
            if same is not None:
                if "amount" in same["event"]:  # "that much damage": the total dealt at once
                    same["event"]["amount"] += int((event or {}).get("amount", 0))
                return
        w = {"source": obj.id, "name": obj.name, "ability": index, "controller": controller,
             "chain": self._chain(obj, index),
             "token": d.token if d is not None else obj.token,
             "def": d.name if d is not None else (obj.token_def["name"] if obj.token_def else obj.name),
             "event": dict(event or {}), "lki_keywords": self._lki_keywords(obj),
             "card": obj.card, **(extra or {})}
        self.g.st.waiting.append(w)
        if on_bf and not limited:  # "triggers only once": an additional time does nothing (ruling,
            self._again(w)         # Akrobatische Cheerleaderin; CR 603.2d does not override it)

    def _again(self, w: dict[str, Any]) -> None:
        """A Room door: "If a triggered ability of a permanent you control triggers, that
        ability triggers an additional time." (CR 603.2d; each instance is put on the stack
        with its own targets and choices: ruling). Keyword abilities that are triggered
        abilities (impending's end-step ability, ward: CR 702.176a, 702.21a) are doubled too
        (ruling, Spiegelsaal // Splitterreich#6); `w` is a waiting trigger of a permanent."""
        obj = self.g.st.objects.get(w["source"]) if w.get("source") is not None else None
        if obj is not None and obj.zone == "battlefield" \
                and RuleChange.TRIGGERS_TWICE in tg.player_rules(self.g, obj.controller):
            d = self.g.chars(obj.id).defn
            index = w.get("ability", -1)
            if d is not None and isinstance(index, int) and 0 <= index < len(d.triggered) \
                    and (d.triggered[index].once_each_turn or d.triggered[index].once):
                return  # "This ability triggers only once [each turn]": no additional time (CR 603.2d, 101.2)
            self.g.st.waiting.append({**w, "event": dict(w.get("event", {}))})

    def _chain(self, obj: "Obj", index: int) -> list[Any]:
        """This ability and how many times in a row it has triggered from its own resolution
        (a token entering as an enchantment triggers an "enchantment enters" ability that makes
        the next such token: a loop, CR 104.4b)."""
        key = [obj.card if obj.card is not None else obj.id, index]
        st = self.g.st
        parent = st.objects.get(st.resolving) if st.resolving is not None else None
        chain = parent.ctx.get("chain") if parent is not None else None
        return [key, int(chain[1]) + 1 if chain and chain[0] == key else 1]

    def _lki_keywords(self, obj: "Obj") -> list[str]:
        """CR 113.7a: a source that leaves the battlefield is used as it last existed there —
        remember its keywords (deathtouch, lifelink: CR 702.2, 702.15) as it triggers.
        Leaves-the-battlefield triggers are added while the object is still there."""
        g = self.g
        if obj.zone != "battlefield" or obj.id not in g.st.objects:
            return []
        return sorted(g.chars(obj.id).keywords & {"deathtouch", "lifelink"})

    def entered(self, obj: "Obj", from_zone: str) -> None:
        d = self._defn(obj)
        if d is None:
            return
        for i, t in enumerate(d.triggered):
            if (t.door and t.door not in obj.unlocked) or t.zone != "battlefield" or self._off(t, obj):
                continue
            if t.event == "enters":
                if t.condition is not None and not t.condition(self.g, obj, {"obj": obj.id}):
                    continue  # "When this creature enters, if it was cast, ..." (CR 603.4)
                self._add(obj, i, obj.controller)
            elif t.event == "unlock" and t.door in obj.unlocked:
                # Ruling (Räume): the door cast "wird entsperrt, sowie der Raum ins Spiel kommt ...
                # In letzterem Fall führt das Entsperren der Tür dazu, dass die Fähigkeit ausgelöst wird."
                self._add(obj, i, obj.controller)

    def lands_milled(self, card: "Obj") -> None:
        """"Whenever one or more land cards are put into your graveyard from your library"
        (CR 603.2c): one trigger per event — the land cards that move before the ability is
        put on the stack join the one waiting."""
        g = self.g
        for oid, obj, c in g.perms(card.owner):
            d = c.defn
            if d is None or obj.phased_out:
                continue
            for i, t in enumerate(d.triggered):
                if t.event != LANDS_MILLED or (t.door and t.door not in obj.unlocked):
                    continue
                w = next((w for w in g.st.waiting if w["source"] == oid and w["ability"] == i), None)
                if w is not None:
                    w["event"]["cards"] = [*w["event"].get("cards", []), card.id]
                else:
                    self._add(obj, i, obj.controller, event={"cards": [card.id]})

    def permanent_entered(self, obj: "Obj") -> None:
        """CR 603.6a: "whenever a/an ... enters" abilities of every permanent, the entering
        one included, see the permanent enter (card layer: Eerie and the like)."""
        if self.entering is not None:  # several enter at once: each sees all of them (CR 603.6a)
            self.entering.append(obj.id)
            return
        if not obj.phased_out:
            if self.g.is_type(obj.id, "Land"):
                # "if a land entered the battlefield under your control this turn": a land as it
                # entered, with the effects that apply to it then (CR 613: a creature a static
                # ability makes a Forest land, a card returned face down as a Forest land, a token)
                self.g.st.this_turn[f"land_entered:{obj.controller}"] = 1
            self.fire("permanent_enters", obj=obj.id, controller=obj.controller)

    def together(self, move: Callable[[], Any]) -> Any:
        """Run `move`, which puts several permanents onto the battlefield at the same time; the
        "whenever ... enters" abilities of each of them then see every one of them enter
        (CR 603.6a; ruling of Eerie: "Falls ein Permanent mit einer Unheimlich-Fähigkeit
        gleichzeitig mit einer oder mehreren Verzauberungen ins Spiel kommt, wird seine
        Fähigkeit für jede jener Verzauberungen ausgelöst.")."""
        outer, self.entering = self.entering, []
        try:
            result = move()
        finally:
            ids, self.entering = self.entering, outer
        for oid in ids:
            obj = self.g.st.objects.get(oid)
            if obj is not None and obj.zone == "battlefield":
                self.permanent_entered(obj)
        return result

    def leaves_battlefield(self, obj: "Obj", to_zone: str, cause: str = "") -> None:
        """CR 603.10a: leaves-the-battlefield abilities look back in time ("When you sacrifice
        this enchantment" too: CR 701.17a, a sacrifice moves it from the battlefield)."""
        if obj.phased_out:
            return
        dies = to_zone == "graveyard" and self.g.is_type(obj.id, "Creature")
        if dies:  # "Whenever a creature [you control / an opponent controls] dies" (CR 700.4, 603.10a)
            self.fire("creature_dies", obj=obj.id, controller=obj.controller, token=obj.token,
                      counters=dict(obj.counters), card=obj.card)
            self._left_together(obj, "creature_dies", {"obj": obj.id, "controller": obj.controller, "token": obj.token,
                                                       "counters": dict(obj.counters), "card": obj.card})
        batch = batch_id(self.g)
        self.left = [(b, o) for b, o in self.left if b == batch] + [(batch, obj)]
        st = self.g.st
        for dl in [dl for dl in st.delayed if dl["event"] == "dies" and dl.get("obj") == obj.id]:
            st.delayed.remove(dl)  # CR 603.7c: a delayed trigger triggers only once
            if dies:
                st.waiting.append({"source": None, "name": dl.get("source", ""), "ability": -1,
                                   "controller": dl["player"], "token": False, "def": "", "delayed": dl})
        for dl in st.delayed:  # "Until end of turn, whenever a creature you control dies, ..." (CR 603.7c);
            # "Whenever a creature dies this turn, ..." (any creature): once per creature (CR 603.2c)
            if dies and (dl["event"] == "creature_dies"
                         or (dl["event"] == "your_creature_dies" and obj.controller == dl["player"])):
                # its source: the object that made it (its "other than [this]" reads it), if any
                st.waiting.append({"source": dl.get("source_obj"), "name": dl.get("source", ""), "ability": -1,
                                   "controller": dl["player"], "token": False, "def": "", "delayed": dl})
        if dies:  # "Whenever one or more creatures die": once per event (CR 603.2c, 603.10a)
            self.fire("creatures_die", obj=obj.id, controller=obj.controller, batch=batch_id(self.g))
        if self.g.config.format in SCHEME_FORMATS and any(p.command for p in st.players):  # a scheme's
            # "When your commander leaves the battlefield"
            self.fire(PERMANENT_LEAVES, obj=obj.id, controller=obj.controller, card=obj.card, to_zone=to_zone)
        if to_zone == "exile":  # "Whenever a creature with a coin counter on it ... is put into exile"
            # (from the battlefield: its types and counters as it last existed, CR 603.10a)
            exiled = {"obj": obj.id, "controller": obj.controller, "token": obj.token, "counters": dict(obj.counters),
                      "types": sorted(self.g.types_now(obj.id)[0]) if obj.id in st.objects else []}
            self.fire("permanent_exiled", **exiled)
            self._left_together(obj, "permanent_exiled", exiled)
        if to_zone == "graveyard":  # "Whenever an enchantment you control is put into a graveyard from
            # the battlefield": its types as it last existed (CR 603.10a)
            self.fire("permanent_to_graveyard", obj=obj.id, controller=obj.controller,
                      types=sorted(self.g.types_now(obj.id)[0]) if obj.id in st.objects else [])
        # its abilities as it last existed (CR 603.10a): none if it had lost them
        d = self.g.chars(obj.id).defn if obj.id in st.objects and obj.zone == "battlefield" else self._defn(obj)
        if d is None:
            return
        for i, t in enumerate(d.triggered):
            if (t.door and t.door not in obj.unlocked) or t.zone != "battlefield" or self._off(t, obj):
                continue
            if t.event in ("sacrifice_this", "sacrificed") and cause == "sacrifice":  # it sees its own sacrifice (CR 603.10a)
                extra: dict[str, Any] = {"player": obj.controller}
            elif (t.event == "creature_dies" and dies) or (t.event == "dies" and dies) or t.event == "leaves":
                extra = {}  # (a "whenever a creature dies" ability sees itself die, CR 603.10a)
            else:
                continue
            # CR 603.10a: the ability looks back at the permanent as it last existed: its
            # physical card (to find it in its new zone), counters and notes
            event = {"obj": obj.id, "controller": obj.controller, "card": obj.card, "token": obj.token,
                     "counters": dict(obj.counters), "lki_ctx": dict(obj.ctx), "to_zone": to_zone, **extra}
            if t.condition is not None and not t.condition(self.g, obj, event):
                continue  # "if it had counters on it" (CR 603.4)
            self._add(obj, i, obj.controller, event=event)

    def _left_together(self, dying: "Obj", event: str, params: dict[str, Any]) -> None:
        """CR 603.10a: "whenever a creature you control dies" and "whenever a creature ... is
        put into exile" look back in time: a permanent that left the battlefield at the same
        time (sacrificed together as one cost, ruling Aufbahrungshalle // Aufwachzimmer; exiled
        together by one effect) still triggers for it."""
        g = self.g
        batch = batch_id(g)
        for b, obj in self.left:
            if b != batch or obj.id == dying.id or obj.id in g.st.objects:
                continue
            d = self._defn(obj)
            for i, t in enumerate(d.triggered if d is not None else ()):
                if t.event != event or (t.door and t.door not in obj.unlocked) \
                        or t.zone != "battlefield" or self._off(t, obj):
                    continue
                if t.condition is not None and not t.condition(g, obj, dict(params)):
                    continue
                self._add(obj, i, obj.controller, event=dict(params))

    def _listening(self, event: str) -> list[tuple[int, Any, int, Any, bool]]:
        """The triggered abilities of permanents on the battlefield that listen for this event
        (or for it as each opponent's), in the order of g.all_perms() and of the abilities:
        from an index by event made once per position (an event is fired many times, most
        abilities listen for another) — kept across positions while the permanents are the
        same objects with the same characteristics objects, in the same order (engine/rules/trigger_index.py)."""
        g = self.g
        index: dict[str, list[tuple[int, int, Any, int, Any]]] | None = g.memo.get("trigger_index")
        if index is None:
            index = g.memo["trigger_index"] = by_event(g)
        mine = index.get(event, [])
        theirs = index.get(event + OPPONENTS, [])
        both = sorted(mine + theirs, key=lambda e: e[0]) if mine and theirs else mine or theirs
        return [(oid, obj, i, t, t.event != event) for _, oid, obj, i, t in both]

    def fire(self, event: str, **params: Any) -> None:
        g = self.g
        st = g.st
        for oid, obj, i, t, each_opponent in self._listening(event):
            if event == "creature_dies" and oid == params.get("obj"):
                continue  # (the dying creature, still in the cached list, sees itself in leaves_battlefield)
            if (t.door and t.door not in obj.unlocked) or self._off(t, obj):
                continue
            if event == "unlock" and (params.get("obj") != oid or params.get("door") != t.door):
                continue
            if not _whose_matches(g, event, params, obj.controller, each_opponent):
                continue
            if t.condition is not None and not t.condition(g, obj, params):
                continue
            self._add(obj, i, obj.controller, event=params)
        for oid, i in self._graveyard_triggers(event):  # abilities that work from a graveyard (CR 113.6k)
            obj = st.objects[oid]
            t = CARDS.card_def(obj.name).triggered[i]  # type: ignore[union-attr]
            if t.condition is None or t.condition(g, obj, params):
                self._add(obj, i, obj.owner, event=params)
        if event == "cast":  # "When you cast this spell, ..." — the spell's own ability (CR 601.2i)
            spell = st.objects.get(params.get("obj", -1))
            d = CARDS.card_def(spell.name) if spell is not None and spell.zone == "stack" else None
            for i, t in enumerate(d.triggered if d is not None else ()):
                if t.zone == "stack" and t.event == "cast" and spell is not None:
                    self._add(spell, i, spell.controller, event=params)
        if any(p.command for p in st.players):  # emblems' triggered abilities work from the command zone (CR 114.4)
            for oid, i, t in emblems.triggered(g, event):
                obj = st.objects[oid]
                if t.condition is None or t.condition(g, obj, params):
                    self._add(obj, i, obj.controller, event=params, extra={"def": obj.ctx["emblem"]})
        if any(p.command for p in st.players):  # face-up schemes' abilities (CR 113.6p)
            for obj, i, each_opponent in schemes.command_triggers(g, event, OPPONENTS):
                t = CARDS.card_def(obj.name).triggered[i]  # type: ignore[union-attr]
                if not _whose_matches(g, event, params, obj.controller, each_opponent):
                    continue
                if t.condition is None or t.condition(g, obj, params):
                    self._add(obj, i, obj.controller, event=params)
        if event.startswith("step:"):  # keyword triggers of the mechanic modules (engine/rules/hooks.py)
            for w in hooks.step_begins(g, event[5:], params.get("player", st.active)):
                st.waiting.append(w)
                self._again(w)  # a permanent's keyword trigger (impending); suspend's card is in exile
        if event.startswith("step:"):
            for dl in list(st.delayed):
                # whose step it waits for: its controller's, or another player's ("at the
                # beginning of the next turn's upkeep", CR 603.7a: "step_player"; "the next end
                # step": the active player's). Its controller is the player who controlled the
                # spell or ability that made it (CR 603.7d-e) — with shared team turns also a
                # member who isn't the primary player
                if dl["event"] == event and dl.get("step_player", dl["player"]) == params.get("player"):
                    st.delayed.remove(dl)
                    st.waiting.append({"source": dl.get("obj"), "name": dl.get("source", ""), "ability": -1,
                                       "controller": dl["player"], "token": False, "def": "",
                                       "delayed": dl})

    def next_cast(self, player: int, spell: int) -> None:
        """Delayed triggers "when you next cast an instant or sorcery spell this turn": the
        first such spell triggers each of them, once (CR 603.7c)."""
        st = self.g.st
        if not self.g.types_now(spell)[0] & {"Instant", "Sorcery"}:
            return
        for dl in [dl for dl in st.delayed if dl["event"] in ("next_instant_or_sorcery", "each_instant_or_sorcery")
                   and dl["player"] == player]:
            if dl["event"] == "next_instant_or_sorcery":  # (each one: until the turn ends)
                st.delayed.remove(dl)
            st.waiting.append({"source": None, "name": dl.get("source", ""), "ability": -1, "controller": player,
                               "token": False, "def": "", "delayed": dl, "event": {"obj": spell, "player": player}})

    def _graveyard_triggers(self, event: str) -> list[tuple[int, int]]:
        """(card, ability) of graveyard cards with a triggered ability for this event that
        works from the graveyard; the candidates are found once per position."""
        g = self.g
        cands = g.memo.get("gy_triggers")
        if cands is None:
            cands = g.memo["gy_triggers"] = graveyard_candidates(g)
        return [(oid, i) for oid, i, ev in cands if ev == event and oid in g.st.objects]

    def became_target(self, item_id: int, targets: list[dict[str, Any]], caster: int) -> None:
        """CR 702.21a: ward triggers when it becomes the target of an opponent's spell or ability;
        "whenever [this] becomes the target of a spell or ability" (CR 603.2) triggers once per
        spell or ability however many of its targets it is (ruling, Altanak)."""
        g = self.g
        for oid in dict.fromkeys(t["obj"] for t in targets if t.get("obj") in g.st.objects):
            if g.st.objects[oid].zone == "battlefield":
                self.fire("becomes_target", obj=oid, controller=caster, item=item_id)
        item = g.st.objects.get(item_id)  # (the spell or ability that targets)
        if item is not None and item.zone == "stack" and item.kind in ("card", "token"):
            for oid in dict.fromkeys(t["obj"] for t in targets if "obj" in t):
                # "Whenever this creature becomes the target of a spell" (CR 603.2)
                self.fire("targeted_by_spell", obj=oid, player=caster, spell=item_id)
        for oid in dict.fromkeys(t.get("obj") for t in targets):  # once per object (CR 702.21a)
            if oid is None or oid not in g.st.objects:
                continue
            obj = g.st.objects[oid]
            c = g.chars(oid)
            d = c.defn
            costs = [d.ward] if d is not None and d.ward and "ward" in c.keywords else []
            # ward granted by another permanent ("has lifelink and ward {2}"): the keyword with
            # its cost; each instance triggers separately (CR 702.21b)
            costs += [k[5:] for k in sorted(c.keywords) if k.startswith("ward {")]
            if costs and obj.controller != caster \
                    and not tg.hexproof_ignored(g, oid):  # the rule change "as though they didn't have hexproof"
                for cost in costs:
                    w = {"source": oid, "name": obj.name, "ability": -1, "controller": obj.controller,
                         "token": False, "def": "", "ward": {"cost": cost, "item": item_id}}
                    g.st.waiting.append(w)
                    self._again(w)

    # -------------------------------------------------------------- to the stack (trigger_stack.py)
    def put_waiting_on_stack(self) -> bool:
        return trigger_stack.put_waiting_on_stack(self)

    def label(self, w: dict[str, Any]) -> str:
        return trigger_stack.label(w)

    def mode_chosen(self, pend: dict[str, Any], answer: list[str]) -> None:
        trigger_modes.mode_chosen(self, pend, answer)

    def revealed(self, pend: dict[str, Any], answer: list[str]) -> None:
        trigger_stack.revealed(self, pend, answer)

    def answer(self, pend: dict[str, Any], answer: list[str]) -> None:
        trigger_stack.answer(self, pend, answer)

    def push(self, w: dict[str, Any], chosen: list[Any] | None = None, final: bool = True) -> bool:
        return trigger_stack.push(self, w, chosen, final)
