"""Triggered abilities (CR 603): when they trigger, waiting until a player would receive
priority, then put on the stack in APNAP order (CR 603.3b), each controller ordering
their own (a decision), targets chosen as they go on the stack (CR 603.3d).
Delayed triggers (CR 603.7) and ward (CR 702.21) are here too."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.behaviour import card_def
from engine.cards.model import Ask
from engine.rules import targets as tg, zones

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


class Triggers:
    def __init__(self, g: "Context") -> None:
        self.g = g

    def _defn(self, obj: "Obj") -> Any:
        if obj.face_down:
            return None
        return card_def(obj.token_def["name"], token=True) if obj.token_def else card_def(obj.name)

    def _off(self, t: Any, obj: "Obj") -> bool:
        """An ability the permanent does not have now: a leveler's band ability outside its
        band (CR 710.2, as numbered in the level up rules)."""
        return t.active is not None and not t.active(self.g, obj)

    def _add(self, obj: "Obj", index: int, controller: int, extra: dict[str, Any] | None = None,
             event: dict[str, Any] | None = None) -> None:
        if self.g.mode == "tabletop":
            return
        d = self._defn(obj)
        if d is not None and 0 <= index < len(d.triggered) and d.triggered[index].once:
            if obj.ctx.get(f"once:{index}"):
                return  # "This ability triggers only once": this object already triggered it
            # the mark is made as it triggers, even if the ability is later countered (ruling,
            # Akrobatische Cheerleaderin); a new object after a zone change has none (CR 400.7)
            self.g.update(obj.id, ctx={**obj.ctx, f"once:{index}": True})
        self.g.st.waiting.append({"source": obj.id, "name": obj.name, "ability": index,
                                  "controller": controller, "token": obj.token,
                                  "def": obj.token_def["name"] if obj.token_def else obj.name,
                                  "event": dict(event or {}), "lki_keywords": self._lki_keywords(obj),
                                  **(extra or {})})

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
                # CR 603.4: "When ... enters, if ..." does not trigger unless the condition holds
                if t.condition is None or t.condition(self.g, obj, {"obj": obj.id}):
                    self._add(obj, i, obj.controller)
            elif t.event == "unlock" and t.door in obj.unlocked:
                # Ruling (Räume): the door cast "wird entsperrt, sowie der Raum ins Spiel kommt ...
                # In letzterem Fall führt das Entsperren der Tür dazu, dass die Fähigkeit ausgelöst wird."
                self._add(obj, i, obj.controller)

    def permanent_entered(self, obj: "Obj") -> None:
        """CR 603.6a: "whenever a/an ... enters" abilities of every permanent, the entering
        one included, see the permanent enter (card layer: Eerie and the like)."""
        if not obj.phased_out:
            self.fire("permanent_enters", obj=obj.id, controller=obj.controller)

    def leaves_battlefield(self, obj: "Obj", to_zone: str) -> None:
        """CR 603.10a: leaves-the-battlefield abilities look back in time."""
        if obj.phased_out:
            return
        dies = to_zone == "graveyard" and self.g.is_type(obj.id, "Creature")
        st = self.g.st
        for dl in [dl for dl in st.delayed if dl["event"] == "dies" and dl.get("obj") == obj.id]:
            st.delayed.remove(dl)  # CR 603.7c: a delayed trigger triggers only once
            if dies:
                st.waiting.append({"source": None, "name": dl.get("source", ""), "ability": -1,
                                   "controller": dl["player"], "token": False, "def": "", "delayed": dl})
        d = self._defn(obj)
        if d is None:
            return
        for i, t in enumerate(d.triggered):
            if (t.door and t.door not in obj.unlocked) or t.zone != "battlefield" or self._off(t, obj):
                continue
            if (t.event == "dies" and dies) or t.event == "leaves":
                # CR 603.4, 603.10a: an intervening "if" looks at the permanent as it left (persist)
                if t.condition is None or t.condition(self.g, obj, {"obj": obj.id}):
                    self._add(obj, i, obj.controller)

    def fire(self, event: str, **params: Any) -> None:
        g = self.g
        st = g.st
        for oid, obj, c in g.all_perms():
            d = c.defn
            if d is None or not d.triggered:
                continue
            for i, t in enumerate(d.triggered):
                if t.event != event or (t.door and t.door not in obj.unlocked) or t.zone != "battlefield" \
                        or self._off(t, obj):
                    continue
                if event == "unlock" and (params.get("obj") != oid or params.get("door") != t.door):
                    continue
                if event in ("you_attack", "you_attack_player", "creatures_dealt_combat_damage") \
                        or event.startswith("step:"):
                    if params.get("player") != obj.controller:
                        continue
                if t.condition is not None and not t.condition(g, obj, params):
                    continue
                self._add(obj, i, obj.controller, event=params)
        for oid, i in self._graveyard_triggers(event):  # abilities that work from a graveyard (CR 113.6k)
            obj = st.objects[oid]
            t = card_def(obj.name).triggered[i]  # type: ignore[union-attr]
            if t.condition is None or t.condition(g, obj, params):
                self._add(obj, i, obj.owner, event=params)
        if event.startswith("step:"):  # keyword triggers of the mechanic modules (engine/rules/hooks.py)
            from engine.rules import hooks
            st.waiting.extend(hooks.step_begins(g, event[5:], params.get("player", st.active)))
        if event.startswith("step:"):
            for dl in list(st.delayed):
                if dl["event"] == event and dl["player"] == params.get("player"):
                    st.delayed.remove(dl)
                    st.waiting.append({"source": dl.get("obj"), "name": dl.get("source", ""), "ability": -1,
                                       "controller": dl["player"], "token": False, "def": "",
                                       "delayed": dl})

    def _graveyard_triggers(self, event: str) -> list[tuple[int, int]]:
        """(card, ability) of graveyard cards with a triggered ability for this event that
        works from the graveyard; the candidates are found once per position."""
        g = self.g
        cands = g.memo.get("gy_triggers")
        if cands is None:
            cands = []
            for p in g.st.players:
                for oid in p.graveyard:
                    d = card_def(g.st.objects[oid].name)
                    if d is not None:
                        cands += [(oid, i, t.event) for i, t in enumerate(d.triggered) if t.zone == "graveyard"]
            g.memo["gy_triggers"] = cands
        return [(oid, i) for oid, i, ev in cands if ev == event and oid in g.st.objects]

    def became_target(self, item_id: int, targets: list[dict[str, Any]], caster: int) -> None:
        """CR 702.21a: ward triggers when it becomes the target of an opponent's spell or ability."""
        g = self.g
        item = g.st.objects.get(item_id)
        if item is not None and item.zone == "stack" and item.kind in ("card", "token"):
            for oid in dict.fromkeys(t["obj"] for t in targets if "obj" in t):
                # "Whenever this creature becomes the target of a spell" (CR 603.2)
                self.fire("targeted_by_spell", obj=oid, player=caster, spell=item_id)
        for t in targets:
            oid = t.get("obj")
            if oid is None or oid not in g.st.objects:
                continue
            obj = g.st.objects[oid]
            d = g.chars(oid).defn
            if d is not None and d.ward and obj.controller != caster and "ward" in g.chars(oid).keywords \
                    and not (g.is_type(oid, "Creature") and tg.ignores_hexproof(g, caster)):  # Nowhere to Run
                g.st.waiting.append({"source": oid, "name": obj.name, "ability": -1, "controller": obj.controller,
                                     "token": False, "def": "", "ward": {"cost": d.ward, "item": item_id}})

    # -------------------------------------------------------------- to the stack
    def put_waiting_on_stack(self) -> bool:
        g = self.g
        st = g.st
        if not st.waiting or st.pending is not None or st.resolving is not None:
            return False
        for p in g.apnap():  # CR 603.3b: APNAP — active player's go on the stack first
            mine = [w for w in st.waiting if w["controller"] == p]
            if not mine:
                continue
            if len({self.label(w) for w in mine}) > 1:
                st.pending = {"player": p, "kind": "order_triggers", "prompt": "decide.order_triggers",
                              "params": {}, "options": sorted({self.label(w) for w in mine}), "count": 1}
                return True
            return self._push(mine[0])
        return False

    def label(self, w: dict[str, Any]) -> str:
        if w.get("ward"):
            return f"{w['name']} (ward)"
        from engine.rules.hooks import keyword_of
        if keyword_of(w):
            return f"{w['name']} ({keyword_of(w)})"
        return str(w["name"])

    def answer(self, pend: dict[str, Any], answer: list[str]) -> None:
        g = self.g
        st = g.st
        if pend["kind"] == "order_triggers":
            w = next(w for w in st.waiting if w["controller"] == pend["player"] and self.label(w) == answer[0])
            self._push(w)
        elif pend["kind"] == "targets":
            w = pend["waiting"]
            refs = pend["refs"]
            chosen = refs[pend["options"].index(answer[0])]
            self._push(w, [] if chosen is None else [chosen])

    def _push(self, w: dict[str, Any], chosen: list[Any] | None = None) -> bool:
        g = self.g
        st = g.st
        from engine.rules.zones import new_object

        specs: list[Any] = []
        if w["ability"] >= 0:
            d = card_def(w["def"], token=w["token"])
            specs = d.triggered[w["ability"]].targets if d else []
        if specs and chosen is None:
            opts = tg.options(g, specs[0], w["controller"], w.get("source"))
            keep = getattr(specs[0].extra, "event_filter", None)
            if keep is not None:  # "another target player": not the player of the event (CR 115.1)
                opts = [r for r in opts if keep(w.get("event", {}), r)]
            if not opts and specs[0].up_to:  # "up to one target": it goes on the stack with none
                return self._push(w, [])
            if not opts:  # CR 603.3d: no legal targets — removed from the stack
                st.waiting.remove(w)
                return True
            from engine.format import ref_text
            options = [ref_text(g, r) for r in opts]
            refs: list[Any] = [list(r) for r in opts]
            if specs[0].up_to:  # choosing no target is an answer too
                options.append("nothing")
                refs.append(None)
            st.pending = {"player": w["controller"], "kind": "targets", "prompt": "decide.trigger_target",
                          "params": {"card": w["name"], "target": specs[0].desc},
                          "options": options, "refs": refs, "waiting": w, "count": 1}
            return True
        st.waiting.remove(w)
        item = new_object(g, w["name"], w["controller"], "stack")
        from engine.rules.hooks import keyword_of
        item.kind = ("ward" if w.get("ward") else "delayed" if w.get("delayed")
                     else keyword_of(w) or "trigger")
        item.source = w["source"]
        item.ability = w["ability"]
        item.controller = w["controller"]
        item.targets = [tg.as_dict((c[0], c[1])) for c in (chosen or [])]
        item.ctx = {"def": w["def"], "token": w["token"], "source_name": w["name"], "event": w.get("event", {}),
                    "lki_keywords": list(w.get("lki_keywords", []))}
        if w.get("ward"):
            item.ctx["ward"] = w["ward"]
        if w.get("delayed"):
            item.ctx["delayed"] = w["delayed"]
        zones.put_on_stack(g, item.id)
        st.passes = 0  # the player who would have received priority still gets it (CR 117.5)
        g.event("trigger", card=w["name"], obj=item.id)
        if item.targets:  # CR 702.21a: a triggered ability becomes the target's too (ward)
            self.became_target(item.id, item.targets, item.controller)
        return True


def ward_steps() -> list[Any]:
    """CR 702.21a: "counter that spell or ability unless its controller pays [cost]"."""
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Ask | None:
        from engine.rules import casting, priority
        from engine.rules.mana import parse_cost
        from engine.actions import IllegalActionError

        target = ctx["ward"]["item"]
        victim = g.st.objects.get(target)
        if victim is None or victim.zone != "stack":
            return None
        payer = victim.controller
        if ctx["ward"]["cost"] == "discard":
            return _ward_discard(g, payer, target, victim.name, ctx)
        if str(ctx["ward"]["cost"]).startswith("life:"):  # "Ward—Pay N life." (CR 119.4: only with
            n = int(str(ctx["ward"]["cost"])[5:])          # at least that much life)
            if g.st.players[payer].life < n:
                priority.counter(g, target)
                return None
            if "answer" not in ctx:
                return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_ward_life", {"life": n, "card": victim.name})
            if ctx.pop("answer")[0] == "yes":
                g.lose_life(payer, n)
            else:
                priority.counter(g, target)
            return None
        cost = parse_cost(ctx["ward"]["cost"])
        if "answer" not in ctx:
            try:
                casting.plan(g, payer, cost, set())
            except IllegalActionError:
                priority.counter(g, target)
                return None
            return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_ward", {"cost": str(cost), "card": victim.name})
        if ctx.pop("answer")[0] == "yes":
            casting.execute_payment(g, payer, casting.plan(g, payer, cost, set()))
        else:
            priority.counter(g, target)
        return None
    return [step]


def _ward_discard(g: "Context", payer: int, target: int, name: str, ctx: dict[str, Any]) -> Ask | None:
    """"Ward—Discard a card." (Spectral Snatcher): counter it unless its controller discards."""
    from engine.rules import priority
    hand = g.st.players[payer].hand
    if not hand:
        priority.counter(g, target)
        return None
    if "ward_pay" not in ctx:
        if "answer" not in ctx:
            return Ask(payer, "yes_no", ["yes", "no"], "ask.pay_ward_discard", {"card": name})
        ctx["ward_pay"] = ctx.pop("answer")[0] == "yes"
        if not ctx["ward_pay"]:
            priority.counter(g, target)
            return None
        return Ask(payer, "choose_card", [g.st.objects[o].name for o in hand], "ask.discard", {})
    choice = ctx.pop("answer")[0]
    oid = next((o for o in hand if g.st.objects[o].name == choice), hand[0])
    g.move(oid, "graveyard", cause="discard")
    g.event("discard", player=g.pname(payer), card=choice)
    return None


def delayed_steps() -> list[Any]:
    def step(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        dl = ctx["delayed"]
        oid = dl.get("obj")
        if dl["action"] == "effects":  # a card's own delayed ability ("When it dies this turn, ...")
            from engine.cards.behaviour import card_def
            from engine.cards.vocab import run_steps
            d = card_def(dl["def"])
            return run_steps(d.delayed[dl["index"]] if d is not None else [], g, item, ctx, "delayed_step")
        if dl["action"] == "sacrifice" and oid in g.st.objects and g.st.objects[oid].zone == "battlefield" \
                and g.st.objects[oid].controller == item.controller:
            g.sacrifice(oid)
    return [step]
