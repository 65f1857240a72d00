"""Priority (CR 117), the stack and resolving (CR 405, 608), and performing what a deciding
player chose: `perform` validates and applies one action (the listing of every legal action is
engine/rules/listing.py; the refusals that need no change to the state, engine/rules/precheck.py). After all players pass in succession the top of the stack resolves, or, with an empty
stack, the step ends (CR 117.4, 500.2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import as_enters, face_up, hooks, mulligan
from engine.actions import MANUAL_VERBS, Action, IllegalActionError
from engine.rules.carddef import Ask
from engine.rules import (activation, additional_costs, announce, casting, combat, combat_damage, commander, convoke, delve, manual,
                          special_actions, turn, targets as tg)
from engine.rules.card_terms import Uncounterable
from engine.rules.index import CARDS
from engine.rules.resolve_event import resolve_params
from engine.rules.sba import put_into_graveyard
from engine.rules.trigger_steps import delayed_steps, ward_steps
from engine.state import CARD_KINDS

if TYPE_CHECKING:
    from engine.contract import Decision
    from engine.rules.context import Context


def give_priority(g: "Context") -> None:
    st = g.st
    p = st.priority
    if st.players[p].lost:  # CR 800.4a: a player who left gets no priority; it skips to the next
        st.priority = g.next_player(p)
        if st.priority == p:
            return
        return give_priority(g)
    if g.empty_seat(p):  # the empty seat has nobody to decide: it always passes
        do_pass(g, p)
        return
    st.pending = {"player": p, "kind": "priority", "prompt": "decide.priority",
                  "params": {"step": st.step, "player": g.pname(p)}}


def do_pass(g: "Context", p: int) -> None:
    """CR 117.3d, 117.4: pass; when all pass in succession, resolve or end the step."""
    st = g.st
    st.pending = None
    st.passes += 1
    in_game = 0  # (the players still in the game, counted in a plain loop: at every pass)
    for pl in st.players:
        if not pl.lost:
            in_game += 1
    if st.passes >= in_game:
        st.passes = 0
        if st.stack:
            st.resolving = st.stack[-1]
        else:
            turn.end_step(g)
    else:
        st.priority = g.next_player(p)


# ------------------------------------------------------------------- resolution (CR 608)
WAIT = "wait"  # a step's answer: run me again (it cast a spell itself, CR 707.12, which may ask first)


def continue_resolving(g: "Context") -> bool:
    st = g.st
    oid = st.resolving
    if oid is None:
        return False
    item = st.objects.get(oid)
    if item is None or item.zone != "stack":
        st.resolving = None
        return True
    steps = _steps(g, item)
    if "started" not in item.ctx:
        item.ctx["started"] = True
        item.ctx["step"] = 0
        if item.targets and all(tg.still_legal(g, item, i) is None for i in range(len(item.targets))):
            # CR 608.2b: every target illegal — the spell or ability doesn't resolve
            g.event("fizzle", card=item.name, obj=item.id)
            _finish(g, item, countered=True)
            return True
        # told as it begins, so the log reads in the order things happen: the spell or ability
        # resolves, then what it does (CR 608.2, 608.3)
        g.event("resolve", **resolve_params(g, item))
    while item.ctx["step"] < len(steps):
        step = steps[item.ctx["step"]]
        done, ask = g.attempt(lambda: step(g, item, item.ctx))
        if not done or ask == WAIT:
            return True  # a choice came up in the middle of the step: asked, then done again
        if isinstance(ask, Ask):
            st.pending = {"player": ask.player, "kind": "ask", "prompt": ask.prompt, "params": ask.params,
                          "options": list(ask.options), "count": ask.count,
                          "min_count": ask.min_count if ask.min_count is not None else ask.count,
                          "where": "stack"}
            return True
        item.ctx["step"] += 1
    # a permanent spell becomes a permanent (CR 608.3): a card that enters as a copy asks then
    # (engine/cards/mechanics/enters_as_copy.py), and the resolution finishes once it is answered
    g.attempt(lambda: _finish(g, item, countered=False))
    return True


def _steps(g: "Context", item: Any) -> list[Any]:

    if item.kind == "ward":
        return ward_steps(counter)
    keyword_steps = hooks.trigger_steps(item.kind) if item.kind not in ("card", "token", "ability", "trigger") \
        else None
    if keyword_steps is not None:  # a keyword mechanic's own trigger (engine/rules/hooks.py)
        return keyword_steps
    if item.kind == "delayed":
        return delayed_steps()
    d = CARDS.card_def(item.ctx.get("def", item.name), token=item.ctx.get("token", False))
    if d is None:
        return []
    if item.kind in CARD_KINDS:
        # (an adventurer card cast as its creature does none of its Adventure's text, CR 715.3b)
        return list(d.steps_for(item.modes)) if hooks.steps_apply(item) else []
    if item.kind == "ability":
        return list(d.nonmana_abilities()[item.ability].steps_for(item.modes))
    if item.kind == "trigger":
        trig = d.triggered[item.ability]
        if trig.modes and item.modes:  # a modal triggered ability: its chosen mode(s) (CR 700.2b)
            if len(item.modes) > 1:
                return list(trig.chosen_steps(item.modes))
            return list(trig.modes[item.modes[0] - 1].steps)
        return list(trig.steps)
    return []


def _finish(g: "Context", item: Any, countered: bool, to: str = "") -> None:
    """CR 608.2n, 608.3: instants/sorceries to the graveyard, permanents onto the battlefield."""
    st = g.st
    st.resolving = None
    if item.id in st.stack:
        # (a spell cast as one face of its card has that face's types: an Adventure is an
        # instant or sorcery, CR 715.3b)
        now = g.chars(item.id)
        types = now.types if now.name and now.name != item.name and not item.face_down else g.printed_types(item.id)
        permanent = item.kind in CARD_KINDS and not countered and bool(
            {"Creature", "Artifact", "Enchantment", "Planeswalker", "Battle", "Land"} & types)
        if item.ctx.get("copy") and not permanent:  # CR 707.10a, 704.5e: a copy of a spell ceases to exist
            g.remove(item.id)
        elif item.kind in CARD_KINDS:
            if countered:
                item.ctx["countered"] = True  # (where a countered spell goes: hooks.leaves_stack_to)
            if permanent:
                if item.ctx.get("copy"):  # CR 608.3f, 111.12: a copy of a permanent spell becomes a
                    g.update(item.id, kind="token", token=True)  # token as it resolves (not "created")
                enchanted = target_still_legal(g, item, 0) if "Aura" in g.printed_subtypes(item.id) else None
                # (a face-down spell becomes a face-down permanent, CR 708.4)
                new = g.move(item.id, "battlefield", controller=item.controller, cause="resolve",
                             face_down=item.face_down)
                if item.face_down:  # cast face down (morph), not manifested: no turning face up
                    # for its mana cost (CR 701.40b is manifest's rule; CR 702.37e)
                    g.update(new, ctx={**st.objects[new].ctx, face_up.NOT_MANIFESTED: True})
                if enchanted is not None and "obj" in enchanted:  # CR 303.4f, 608.3: attached to its target
                    g.update(new, attached_to=enchanted["obj"])
                elif enchanted is not None and "player" in enchanted:  # "Enchant player" (CR 303.4f)
                    g.update(new, ctx={**st.objects[new].ctx, "enchanted_player": enchanted["player"]})
            else:  # (flashback: exiled instead, CR 702.34a)
                left = g.move(item.id, to or hooks.leaves_stack_to(item) or "graveyard",
                              cause="countered" if countered else "resolve")
                hooks.left_stack(g, item, left)  # (an Adventure's permission from exile, CR 715.4)
        else:
            g.remove(item.id)  # an ability that has resolved ceases to exist
    st.priority = st.active  # CR 117.3b
    st.passes = 0


def counter(g: "Context", oid: int, to: str = "") -> None:
    """CR 701.5: counter a spell or ability — it is removed from the stack without resolving;
    `to` "exile": "If that spell is countered this way, exile it instead of putting it into its
    owner's graveyard." (CR 614.1a)."""
    item = g.st.objects.get(oid)
    if item is None or item.zone != "stack":
        return
    if item.kind == "card":  # "This spell can't be countered." (CR 101.2: the "can't" wins)
        d = CARDS.card_def(item.name)
        if d is not None and d.term(Uncounterable) is not None:
            g.event("not_countered", card=item.name)
            return
    g.event("countered", card=item.name)
    resolving = g.st.resolving
    if resolving == oid:
        resolving = None
    _finish(g, item, countered=True, to=to)
    # the spell or ability that counters it goes on resolving ("Counter target spell. Its
    # controller manifests dread.", CR 608.2c)
    g.st.resolving = resolving


def target_still_legal(g: "Context", item: Any, i: int) -> dict[str, Any] | None:
    return tg.still_legal(g, item, i)


# ----------------------------------------------------------------- performing
def perform(g: "Context", a: Action, dec: "Decision | None" = None) -> None:
    """Carry out an action that `precheck` (engine/rules/precheck.py) passed (Game.apply runs it once, before anything
    changes; a refusal here rebuilds the state from the last checkpoint). `dec`: the open
    decision as precheck found it (else read again)."""
    st = g.st
    if a.verb == "concede":  # CR 104.3a: a player may concede at any time
        manual.concede(g, a.player)
        return
    if a.verb in MANUAL_VERBS:
        manual.perform(g, a)
        if manual.fit_hand_decision(g) and st.pending is not None:  # a hand decision the move changed
            _finish_picks(g, st.pending["player"])  # (hybrid, tabletop)
        return
    if dec is None:
        dec = g.pending
    assert dec is not None
    kind = dec.kind
    if kind == "priority":
        _perform_priority(g, a)
    elif kind == "mulligan":
        mulligan.mulligan_answer(g, a.player, a.verb == "keep")
    elif kind in ("bottom", "discard"):
        if a.verb == "pick":
            _pick(g, a, dec)
        else:
            _choose_from_hand(g, a, kind)
    elif kind == "attackers":
        combat.declare_attackers(g, a)
    elif kind == "blockers":
        combat.declare_blockers(g, a)
    elif kind == "assign":  # combat damage (CR 510.1)
        combat_damage.assign(g, a)
    elif kind in ("ask", "order_triggers", "targets"):
        if a.verb == "pick":
            _pick(g, a, dec)
        else:
            _answer(g, a)
    else:
        raise IllegalActionError("decision.unknown")


def _perform_priority(g: "Context", a: Action) -> None:
    st = g.st
    if a.verb == "pass":
        do_pass(g, a.player)
        return
    st.pending = None  # an action may open a new decision (a cost choice); don't lose it
    st.priority = a.player  # CR 117.3c: the player who acted receives priority again
    if a.verb == "play":
        special_actions.play_land(g, a)
    elif a.verb == "cast":
        casting.cast(g, a)
    elif a.verb == "activate":
        activation.activate(g, a)
    elif a.verb in ("unlock", "turn face up"):
        manual.special_action(g, a)
    elif a.verb == "suspend":  # CR 702.62a, 116.2f
        special_actions.suspend(g, a)
    else:
        raise IllegalActionError("priority.verb", verb=a.verb)


def _pick(g: "Context", a: Action, dec: "Decision") -> None:
    """One part of a choice of several (CR 103.5 bottom, 514.1 discard, a choice of N):
    remembered in the open decision; at the maximum the whole choice is made."""
    st = g.st
    pend = st.pending
    assert pend is not None
    if len(a.choice) != 1:
        raise IllegalActionError("pick.one")
    if dec.max_count <= 1:
        raise IllegalActionError("pick.choose_one")
    if len(dec.chosen) >= dec.max_count:
        raise IllegalActionError("pick.full")
    want = a.choice[0].lower()
    if pend["kind"] in ("bottom", "discard"):
        hand = [o for o in st.players[a.player].hand if o not in pend.get("picked", ())]
        oid = next((o for o in hand if st.objects[o].name.lower() == want), None)
        if oid is None:
            raise IllegalActionError("choose.not_in_hand", card=a.choice[0])
        new = dict(pend, picked=list(pend.get("picked", ())) + [oid],
                   chosen=list(pend.get("chosen", ())) + [st.objects[oid].name])
    else:
        options = [str(o) for o in pend["options"]]
        low = [o.lower() for o in options]
        if want not in low:
            raise IllegalActionError("choose.bad_option", option=a.choice[0])
        opt = options[low.index(want)]
        # an option listed N times (a search finding three Forests) may be picked N times
        if list(pend.get("chosen", ())).count(opt) >= options.count(opt):
            raise IllegalActionError("pick.twice", option=opt)
        if opt == delve.NONE:  # "nothing" is a whole answer (delve: no card exiled), never a part of one
            if pend.get("chosen"):
                raise IllegalActionError("choose.bad_option", option=opt)
            st.pending = dict(pend, chosen=[opt])
            _finish_picks(g, a.player)
            return
        new = dict(pend, chosen=list(pend.get("chosen", ())) + [opt])
    st.pending = new  # a new dict: the Decision cached for the old one stays as it was
    if len(new["chosen"]) >= dec.max_count:
        _finish_picks(g, a.player)


def _finish_picks(g: "Context", p: int) -> None:
    pend = g.st.pending
    assert pend is not None
    chosen = tuple(pend.get("chosen", ()))
    base = {k: v for k, v in pend.items() if k not in ("chosen", "picked")}
    g.st.pending = base
    if base["kind"] in ("bottom", "discard"):
        _choose_from_hand(g, Action(p, "choose", choice=chosen), base["kind"])
    else:
        _answer(g, Action(p, "choose", choice=chosen))


def _choose_from_hand(g: "Context", a: Action, kind: str) -> None:
    st = g.st
    pend = st.pending
    assert pend is not None
    p = a.player
    if a.verb == "choose" and a.args == ("done",):
        if len(pend.get("chosen", ())) != pend["count"]:
            raise IllegalActionError("choose.count", count=pend["count"])
        _finish_picks(g, p)
        return
    if pend.get("chosen"):
        raise IllegalActionError("choose.in_parts")
    if a.verb != "choose" or len(a.choice) != pend["count"]:
        raise IllegalActionError("choose.count", count=pend["count"])
    hand = list(st.players[p].hand)
    picked: list[int] = []
    for name in a.choice:
        oid = next((o for o in hand if st.objects[o].name.lower() == name.lower() and o not in picked), None)
        if oid is None:
            raise IllegalActionError("choose.not_in_hand", card=name)
        picked.append(oid)
    st.pending = None
    for oid in picked:
        if kind == "bottom":  # CR 103.5: London mulligan, to the bottom in any order
            g.move(oid, "library", position=-1, cause="mulligan")
        else:  # CR 514.1: discard to hand size
            name = st.objects[oid].name
            g.move(oid, "graveyard", cause="discard")
            g.event("discard", player=g.pname(p), card=name)
    if kind == "bottom":
        g.event("bottom", player=g.pname(p), count=len(picked))


def _answer(g: "Context", a: Action) -> None:
    st = g.st
    pend = st.pending
    assert pend is not None
    if a.verb != "choose":
        raise IllegalActionError("choose.expected")
    lo, hi = pend.get("min_count", pend.get("count", 1)), pend.get("count", 1)
    if a.args == ("done",):
        if len(pend.get("chosen", ())) < lo:
            raise IllegalActionError("choose.at_least", count=lo)
        if pend.get("chosen"):
            _finish_picks(g, a.player)
            return
    elif pend.get("chosen"):
        raise IllegalActionError("choose.in_parts")
    options = [o.lower() for o in pend["options"]]  # (made once: a choice among hundreds of targets)
    if not lo <= len(a.choice) <= hi:
        raise (IllegalActionError("choose.count", count=hi) if lo == hi
               else IllegalActionError("choose.between", minimum=lo, maximum=hi))
    wanted = [c.lower() for c in a.choice]
    if any(c in options and wanted.count(c) > options.count(c) for c in set(wanted)):  # each option once, or as often as listed
        raise IllegalActionError("choose.twice")
    for c in a.choice:
        if c.lower() not in options:
            raise IllegalActionError("choose.bad_option", option=c)
    answer = [pend["options"][options.index(c.lower())] for c in a.choice]
    st.pending = None
    if pend["kind"] == "ask" and pend.get("where") == "choice":
        st.choice_answers.append(answer)
        g.dirty = True
    elif pend["kind"] == "ask" and pend.get("where") == "legend":
        keep = pend["refs"][options.index(answer[0].lower())]
        for oid in pend["refs"]:
            if oid != keep and oid in st.objects:
                put_into_graveyard(g, oid, cause="sba")
    elif pend["kind"] == "ask" and pend.get("where") == "commander":  # CR 903.9a, 704.6d
        commander.answered(g, pend, answer)
    elif pend["kind"] == "ask" and pend.get("where") == "opening_hand":
        if answer[0] == "yes":  # CR 103.6: it begins the game on the battlefield
            new = g.move(pend["obj"], "battlefield", cause="opening_hand")
            if "choose" in st.objects[new].ctx:  # "As this enchantment enters, choose ..." (CR 614.12): now
                g.triggers.put_waiting_on_stack()
    elif pend["kind"] == "ask" and pend.get("where") == "as_enters" and pend.get("prompt") == "ask.choose_color":
        obj = st.objects[pend["obj"]]  # "As it enters, choose a color."
        g.update(obj.id, ctx={**{k: v for k, v in obj.ctx.items() if k != "choose"}, "color": answer[0]})
        # (its "{T}: Add one mana of the chosen color." reads the colour, which no characteristic
        # holds: what was known of its controller's mana is dropped — the one write of it,
        # engine/cards/vocab/mana.py ChosenColorIs)
        g.mana_memo.pop(obj.controller, None)
        g.event("choose_color", player=g.pname(a.player), card=obj.name, color=answer[0])
    elif pend["kind"] == "ask" and pend.get("where") == "as_enters" and pend.get("prompt") == as_enters.PROMPT:
        as_enters.answered(g, pend, answer)  # "you may reveal a Swamp or Mountain card" (CR 614.12b)
    elif pend["kind"] == "ask" and pend.get("where") == "as_enters" and pend.get("prompt") == "ask.choose_word":
        obj = st.objects[pend["obj"]]  # "As this creature enters, choose Believe or Doubt." (CR 614.12b)
        g.update(obj.id, ctx={**{k: v for k, v in obj.ctx.items() if k != "choose"}, "chosen_word": answer[0]})
        g.event("choose", player=g.pname(a.player), choice=answer[0])
    elif pend["kind"] == "ask" and pend.get("where") == "as_enters":
        obj = st.objects[pend["obj"]]  # "As this enchantment enters, choose a creature type." (CR 614.12)
        g.update(obj.id, ctx={**{k: v for k, v in obj.ctx.items() if k != "choose"}, "chosen_type": answer[0]})
        g.event("chosen", card=obj.name, choice=answer[0])
    elif pend["kind"] == "ask" and pend.get("where") == "trigger_mode":
        g.triggers.mode_chosen(pend, answer)
    elif pend["kind"] == "ask" and pend.get("where") == "reveal":  # miracle's reveal (CR 702.94a)
        g.triggers.revealed(pend, answer)
    elif pend["kind"] == "ask" and pend.get("where") in ("tap_announce", convoke.WHERE, delve.WHERE):
        # a cast's cost decision: Fear of Exposure's permanents to tap, a creature that convokes
        casting.answer_cost_choice(g, a.player, pend, answer)
    elif pend["kind"] == "ask" and pend.get("where") == "cost_tap":  # "Tap another untapped creature ..."
        oid = pend["refs"][options.index(answer[0].lower())]
        g.update(oid, tapped=True)
        st.priority = a.player
    elif pend["kind"] == "ask" and pend.get("where") == "cost" and pend.get("cost") == "crew":
        oid = pend["refs"][options.index(answer[0].lower())]
        if oid == "done":  # one more creature to crew with, or done (CR 702.122a)
            activation.finish_crew(g, pend["chosen_crew"])
        else:
            activation.ask_crew(g, a.player, pend["item"], pend["n"], pend["chosen_crew"] + [oid])
            return
    elif pend["kind"] == "ask" and pend.get("where") == "cost" and pend.get("cost") == "discard":
        oid = pend["refs"][options.index(answer[0].lower())]
        name = st.objects[oid].name  # "Discard a card" (CR 602.2b)
        g.move(oid, "graveyard", cause="discard")
        g.event("discard", player=g.pname(a.player), card=name)
    elif pend["kind"] == "ask" and pend.get("where") == "cost" and _exile_cost(st, pend):
        oid = pend["refs"][options.index(answer[0].lower())]
        # "As an additional cost ..., exile a creature you control." — the card is exiled
        # with the spell, and so with the permanent it becomes
        new = g.move(oid, "exile", cause="cost")
        spell = st.objects[pend["item"]]
        spell.ctx["exiled_with"] = [*spell.ctx.get("exiled_with", []), new]
    elif pend["kind"] == "ask" and pend.get("where") == commander.WHERE_COST:  # CR 903.9b, as a cost
        if pend["obj"] in st.objects and st.objects[pend["obj"]].zone == "battlefield":
            additional_costs.pay_additional_with(g, "return", pend["obj"], pend.get("item"),
                                                 to_zone="command" if answer[0] == commander.YES else "hand")
        st.priority = pend["caster"]
    elif pend["kind"] == "ask" and pend.get("where") == "cost":
        lows = options
        chosen = [pend["refs"][lows.index(x.lower())] for x in answer]
        # CR 903.9b: a commander returned to its owner's hand as the cost is paid — its owner
        # chooses the command zone or the hand (asked after the other chosen ones are paid)
        returned = [o for o in chosen if pend.get("action") == "return" and commander.asks_as_cost(g, o)]
        chosen = [o for o in chosen if o not in returned] + returned
        for oid in chosen:
            if oid in returned:
                commander.ask_as_cost(g, oid, pend.get("item"), a.player)
                return
            if oid == "pay":
                additional_costs.pay_additional(g, a.player, pend["item"])
            elif pend.get("prompt") == "ask.discard":  # "As an additional cost ..., discard a card."
                name = st.objects[oid].name
                types = sorted(g.types_now(oid)[0])
                g.move(oid, "graveyard", cause="discard")
                g.event("discard", player=g.pname(a.player), card=name)
                if pend["item"] in st.objects:
                    st.objects[pend["item"]].ctx["discarded_types"] = types
            elif pend.get("prompt") == "ask.choose_cost" and pend["item"] in st.objects:
                # "choose a creature you control or reveal a creature card from your hand" (CR 601.2b):
                # remembered on the spell, with the power it has now should it be gone later (CR 113.7a)
                spell = st.objects[pend["item"]]
                picked = st.objects[oid]
                if picked.zone == "hand":
                    g.event("reveal", player=g.pname(a.player), card=picked.name)
                spell.ctx = {**spell.ctx, "chosen": oid, "chosen_power": g.chars(oid).power or 0}
            else:
                additional_costs.pay_additional_with(g, pend.get("action", "sacrifice"), oid, pend.get("item"))
        st.priority = a.player  # CR 601.2i: the spell is cast; its caster gets priority
    elif pend["kind"] == "ask":
        item = st.objects[st.resolving]  # type: ignore[index]
        item.ctx["answer"] = answer
    elif pend["kind"] == "targets" and pend.get("where") == "announce":
        ref = pend["refs"][options.index(answer[0].lower())]
        done = announce.target_chosen(g, a.player, pend, None if ref is None else (str(ref[0]), int(ref[1])))
        if done is not None and done.verb == "cast":  # every target word has its target: the cast goes on
            casting.cast(g, done)
        elif done is not None:
            activation.activate(g, done)
    else:
        g.triggers.answer(pend, answer)


def _exile_cost(st: Any, pend: dict[str, Any]) -> bool:
    """The additional cost of this spell exiles a permanent instead of sacrificing it."""
    item = st.objects.get(pend.get("item"))
    d = CARDS.card_def(item.name) if item is not None and item.kind == "card" else None
    return bool(d is not None and d.additional is not None and d.additional.exile)
