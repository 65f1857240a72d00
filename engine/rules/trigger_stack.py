"""Triggered abilities to the stack (CR 603.3): waiting ones put on the stack in APNAP order
(603.3b), each controller ordering their own (a decision); a modal one's mode first
(engine/rules/trigger_modes.py), then its targets as it goes on the stack (603.3d), removed when
it has none (603.3d); "you may reveal" first for miracle (702.94a); a loop of mandatory
triggers is a draw (104.4b). engine/rules/triggers.py says when they trigger."""
from __future__ import annotations

from typing import Any, Protocol

from engine.format import ref_text
from engine.rules import as_enters, targets as tg, trigger_modes, zones
from engine.rules.hooks import keyword_of
from engine.rules.index import CARDS
from engine.rules.zones import new_object


class StackTriggers(trigger_modes.ModeTriggers, Protocol):
    """What putting triggered abilities on the stack uses of their keeper
    (engine/rules/triggers.py Triggers): the mode's needs, and telling it what became a target
    (for its "becomes the target" triggers)."""

    def became_target(self, item_id: int, targets: list[dict[str, Any]], caster: int) -> None: ...


LOOP_LIMIT = 100  # an ability triggering itself this often in a row is a loop (engine/rules/triggers.py _chain)


def put_waiting_on_stack(t: StackTriggers) -> bool:
    g = t.g
    st = g.st
    if st.pending is None and st.resolving is None and as_enters.ask_next(g):
        return True
    if not st.waiting or st.pending is not None or st.resolving is not None:
        return False
    # CR 702.94a: a miracle card is revealed "as you draw it" — asked before any trigger is
    # ordered or put on the stack (ruling: revealed before it is mixed with the hand)
    unasked = next((w for w in st.waiting if w.get("reveal") and not w.get("revealed")), None)
    if unasked is not None:
        return push(t, unasked)
    for p in g.apnap():  # CR 603.3b: APNAP — active player's go on the stack first
        mine = [w for w in st.waiting if w["controller"] == p]
        if not mine:
            continue
        if len({label(w) for w in mine}) > 1:
            st.pending = {"player": p, "kind": "order_triggers", "prompt": "decide.order_triggers",
                          "params": {}, "options": sorted({label(w) for w in mine}), "count": 1}
            return True
        return push(t, mine[0])
    return False


def label(w: dict[str, Any]) -> str:
    if w.get("ward"):
        return f"{w['name']} (ward)"
    if keyword_of(w):
        return f"{w['name']} ({keyword_of(w)})"
    return str(w["name"])


def revealed(t: StackTriggers, pend: dict[str, Any], answer: list[str]) -> None:
    """The answer to "reveal it?": the trigger goes on the stack, or never exists."""
    g = t.g
    w = next((x for x in g.st.waiting if x == pend["waiting"]), None)
    if w is None:
        return
    if answer[0] != "yes":
        g.st.waiting.remove(w)
        return
    g.event("reveal", player=g.pname(w["controller"]), card=w["name"])
    i = g.st.waiting.index(w)
    g.st.waiting[i] = {**w, "revealed": True}  # (put on the stack with the others, CR 603.3b)


def answer(t: StackTriggers, pend: dict[str, Any], answer: list[str]) -> None:
    g = t.g
    st = g.st
    if pend["kind"] == "targets" and pend.get("several"):
        w = pend["waiting"]
        chosen = pend["refs"][pend["options"].index(answer[0])]
        if chosen is None:  # no more targets
            push(t, w, [tuple(r) for r in w.get("partial", [])])
            return
        nw = {**w, "partial": [*w.get("partial", []), list(chosen)]}
        st.waiting[st.waiting.index(w)] = nw
        push(t, nw)
        return
    if pend["kind"] == "order_triggers":
        w = next(w for w in st.waiting if w["controller"] == pend["player"] and label(w) == answer[0])
        push(t, w)
    elif pend["kind"] == "targets":
        w = next((x for x in st.waiting if x == pend["waiting"]), pend["waiting"])  # the waiting one itself
        refs = pend["refs"]
        chosen = refs[pend["options"].index(answer[0])]
        so_far = list(pend.get("so_far", []))
        if chosen is None:  # "up to": no more targets
            push(t, w, so_far, final=True)
        else:  # the next target word, if any (CR 603.3d: chosen as it is put on the stack)
            push(t, w, so_far + [chosen], final=False)


def push(t: StackTriggers, w: dict[str, Any], chosen: list[Any] | None = None, final: bool = True) -> bool:
    g = t.g
    st = g.st

    if w.get("reveal") and not w.get("revealed"):  # "You may reveal this card ..." (miracle, CR 702.94a)
        src = st.objects.get(w["source"])
        if src is None or src.zone != "hand":  # it is no longer the card that was drawn
            st.waiting.remove(w)
            return True
        st.pending = {"player": w["controller"], "kind": "ask", "where": "reveal", "waiting": w,
                      "prompt": w["reveal"]["prompt"], "params": dict(w["reveal"]["params"]),
                      "options": ["yes", "no"], "count": 1, "min_count": 1}
        return True
    if w.get("chain") and w["chain"][1] > LOOP_LIMIT:
        # CR 104.4b: a loop of mandatory actions that repeats with no end is a draw — the
        # same ability has triggered from its own resolution LOOP_LIMIT times in a row and
        # nobody stopped it (the engine cannot ask whether anyone ever will)
        g.event("loop_draw", card=w["name"])
        st.outcome = {"winner": None, "reason": "loop"}
        st.waiting.clear()
        return True
    specs: list[Any] = []
    if w["ability"] >= 0:
        d = CARDS.card_def(w["def"], token=w["token"])
        trig = d.triggered[w["ability"]] if d else None
        specs = trig.targets if trig else []
        if trig is not None and trig.modes:  # CR 700.2b: the mode first, then its targets
            if "mode" not in w:
                return trigger_modes.ask_mode(t, w, trig)
            specs = trig.modes[w["mode"] - 1].targets
            if "modes" in w:  # several modes: their targets in printed order (CR 700.2a)
                specs = trig.chosen_targets(w["modes"])
    elif w.get("delayed", {}).get("action") == "reflexive":  # CR 603.12: targets chosen now
        dl = w["delayed"]  # its targets are on the card (CardDef.reflexive), once per thing done
        rd = CARDS.card_def(dl["def"])
        specs = (rd.reflexive[dl["index"]][0] if rd else []) * int(dl.get("count", 1))
    each_opp = bool(specs) and any(s.each_opponent for s in specs)
    if each_opp:  # "for each opponent, ... target permanent that player controls": a word each
        specs = tg.per_player(g, w["controller"], list(specs))
    if specs and getattr(specs[0].extra, "per_x", False):  # "each of up to X target creatures"
        src = st.objects.get(w["source"]) if w.get("source") is not None else None
        specs = [specs[0]] * (src.x if src is not None else 0)
    elif specs and getattr(specs[0].extra, "any_number", False):  # "any number of target ... cards"
        specs = [specs[0]] * len(tg.options(g, specs[0], w["controller"], w.get("source")))
    so_far = [list(c) for c in (chosen or [])]
    if specs and (chosen is None or (not final and len(so_far) < len(specs))):
        i = len(so_far)
        opts = tg.options(g, specs[i], w["controller"], w.get("source"))
        if so_far:  # CR 115.3, 601.2c: one object once per target word (the first word: none taken yet)
            opts = [r for r in opts if not tg.taken(specs, so_far, r)]
        keep = getattr(specs[i].extra, "event_filter", None)
        if keep is not None:  # "another target player": not the player of the event (CR 115.1)
            opts = [r for r in opts if keep(w.get("event", {}), r)]
        if getattr(specs[i].extra, "of_event_player", False):  # "target creature that player controls"
            who = w.get("event", {}).get("player")
            opts = [r for r in opts if r[0] == "o" and g.st.objects[r[1]].controller == who]
        if not opts and specs[i].up_to:  # "up to one target": it goes on the stack with those chosen
            return push(t, w, so_far, final=True)
        if not opts:  # CR 603.3d: no legal targets — removed from the stack
            st.waiting.remove(w)
            g.event("trigger_removed", card=_door_of(w) or w["name"], player=g.pname(w["controller"]))
            return True
        options = [ref_text(g, r) for r in opts]
        refs: list[Any] = [list(r) for r in opts]
        if specs[i].up_to:  # choosing no (more) target is an answer too
            options.append("nothing")
            refs.append(None)
        st.pending = {"player": w["controller"], "kind": "targets", "prompt": "decide.trigger_target",
                      "params": {"card": w["name"], "target": specs[i].desc},
                      "options": options, "refs": refs, "waiting": w, "count": 1, "so_far": so_far}
        return True
    chosen = so_far
    st.waiting.remove(w)
    item = new_object(g, w["name"], w["controller"], "stack")
    item.kind = ("ward" if w.get("ward") else "delayed" if w.get("delayed")
                 else keyword_of(w) or "trigger")
    item.source = w["source"]
    item.ability = w["ability"]
    item.controller = w["controller"]
    item.targets = [tg.as_dict((c[0], c[1])) for c in (chosen or [])]
    if "mode" in w:
        item.modes = list(w.get("modes") or [w["mode"]])
    if w.get("source") in st.objects:  # CR 107.3m: "X" of a permanent's ability is its spell's X
        item.x = st.objects[w["source"]].x
    item.ctx = {"def": w["def"], "token": w["token"], "source_name": w["name"], "event": w.get("event", {}),
                "lki_keywords": list(w.get("lki_keywords", []))}
    if each_opp:  # the opponents its "for each opponent" words were made for
        item.ctx["word_players"] = list(tg.word_players(g, w["controller"]))
    if w.get("card") is not None:  # the physical card, to find it again after it moved (dies triggers)
        item.ctx["source_card"] = w["card"]
    door = _door_of(w)
    if door:  # a Room's ability: its door is the source named by its effects (CR 709.5)
        item.ctx["door"] = door
    if w.get("ward"):
        item.ctx["ward"] = w["ward"]
    if w.get("delayed"):
        item.ctx["delayed"] = w["delayed"]
    if w.get("chain"):
        item.ctx["chain"] = w["chain"]
    zones.put_on_stack(g, item.id)
    st.passes = 0  # the player who would have received priority still gets it (CR 117.5)
    g.event("trigger", card=_door_of(w) or w["name"], obj=item.id)  # a Room's: the door's name
    if item.targets:  # CR 702.21a: a triggered ability becomes the target's too (ward)
        t.became_target(item.id, item.targets, item.controller)
    return True


def _door_of(w: dict[str, Any]) -> str:
    """The door whose ability this is, for a Room's triggered ability (CR 709.5: the log names
    the door, not both halves); "" otherwise."""
    d = CARDS.card_def(str(w.get("def") or ""))
    i = w.get("ability", -1)
    if d is None or not isinstance(i, int) or not 0 <= i < len(d.triggered):
        return ""
    return str(getattr(d.triggered[i], "door", "") or "")
