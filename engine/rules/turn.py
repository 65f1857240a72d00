"""Turn structure (CR 500-514): steps in order and their turn-based actions.

Entering a step queues its turn-based actions; `run_queue` performs them one at a time
(some open a decision: declaring attackers, blockers, discarding). When the queue is
empty the active player receives priority (CR 117.3a) — except in the untap step and
normally the cleanup step, which have none (CR 502.4, 514.3).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.rules import arrows, combat, combat_damage, hooks, mulligan, phasing, teams
from engine.rules.card_terms import BeginInPlay
from engine.rules.index import CARDS
from engine.rules.rule_changes import ObjectRule, RuleChange
from engine.rules.hand_size import maximum
from engine.rules.targets import player_rules
from engine.rules import schemes

if TYPE_CHECKING:
    from engine.rules.context import Context

SKIP_UNTAP = "skip_untap_of_extra_turn"  # a delayed entry: that player's next extra turn has no untap step

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup")

TBA = {
    "untap": ["untap", "advance"],  # CR 502.2-502.4
    "upkeep": ["upkeep"],  # CR 503.1
    "draw": ["draw"],  # CR 504.1
    "declare_attackers": ["attackers"],  # CR 508.1
    "declare_blockers": ["blockers"],  # CR 509.1
    "combat_damage": ["damage"],  # CR 510.1-510.2
    "end": ["end"],  # CR 513.1
    "cleanup": ["discard", "cleanup"],  # CR 514.1-514.3
}


def enter(g: "Context", step: str) -> None:
    st = g.st
    st.step = step
    st.passes = 0
    st.priority = st.active
    st.queue = [{"do": d} for d in TBA.get(step, [])]
    members = teams.active_players(g)  # the active team's members with shared turns (CR 805.4a)
    # a shared team turn is the whole team's (CR 805.4a): the event carries the team, every
    # member's name, primary first, for the turn's heading; `player` stays the primary player
    # (the active player, CR 805.4)
    team = {"team": [g.pname(q) for q in members]} if step == "untap" and len(members) > 1 else {}
    g.event("step", step=step, player=g.pname(st.active), turn=st.turn, **team)
    if step == "end":
        g.end_effects("next_end_step")  # "until the next end step" ends as it begins
    for p in members:
        hooks.turn_based(g, step, p)  # CR 703.4 (a Saga's lore counter, CR 714.3b)
    if step == "main1":
        schemes.beginning_of_main(g)  # CR 904.6: the archenemy sets a scheme in motion
    if step in ("upkeep", "draw", "main1", "beginning_of_combat", "main2", "end"):
        for p in members:  # "at the beginning of your upkeep": each active player's (CR 805.4a)
            g.triggers.fire("step:" + step, player=p)
    # "at the beginning of each upkeep / each player's draw step / each end step", whose turn it
    # is (CR 503.1, 504.2: put on the stack after the turn-based draw, 603.3)
    if step in ("upkeep", "draw", "end"):
        g.triggers.fire("each_step:" + step, player=st.active)


def end_step(g: "Context") -> None:
    """CR 500.4: mana empties at the end of each step; then the next step begins."""
    st = g.st
    for p in st.players:
        p.mana.clear()
    step = st.step
    if step == "cleanup":
        if st.extra_cleanup:  # CR 514.3a: another cleanup step
            st.extra_cleanup = False
            return enter(g, "cleanup")
        return begin_turn(g)
    nxt = STEPS[STEPS.index(step) + 1]
    if step == "declare_attackers" and not combat.attackers(g):
        nxt = "end_of_combat"  # CR 508.8: no attackers, skip blockers and damage
    if step == "combat_damage" and st.combat.get("first_strike_step"):
        st.combat["first_strike_step"] = False
        st.combat["first_strike_done"] = True
        nxt = "combat_damage"  # CR 510.4: a second combat damage step
    if step == "end_of_combat":
        combat.end_combat(g)  # CR 511.3
        if st.this_turn.get("extra_combat"):  # CR 500.8: an additional combat phase, no main phase
            st.this_turn["extra_combat"] -= 1
            nxt = "beginning_of_combat"
    enter(g, nxt)


def begin_turn(g: "Context") -> None:
    """CR 500.1, 502: the next player's turn begins with the untap step."""
    st = g.st
    _end_of_turn_cleanup(g)
    arrows.end_of_turn(st)  # players' own arrows last until their turn ends (a table convention)
    st.turn += 1
    st.delayed = [dl for dl in st.delayed if dl.get("this_turn") is None]  # "when it dies this turn" is over
    st.extra_turns = [p for p in st.extra_turns if not st.players[p].lost]  # CR 800.4a: left the game
    extra = False
    if st.extra_turns:  # CR 500.7: an extra turn is taken directly after this one
        if st.natural is None:
            st.natural = st.active
        st.active = st.extra_turns.pop(0)
        extra = True
    else:
        base = st.active if st.natural is None else st.natural
        st.natural = None
        if teams.shared_turns(g):
            st.active = base
            st.active = teams.next_team_player(g)  # CR 805.4: the next team's turn
        else:
            st.active = g.next_player(base)  # CR 101.4: turn order
    for member in teams.active_players(g):
        g.end_effects(f"your_next_turn:{member}")  # CR 611.2b: "until your next turn" ends now
    for p in st.players:
        p.lands_played = 0
    g.turn_began()
    skip = next((dl for dl in st.delayed if dl.get("event") == SKIP_UNTAP and dl.get("player") == st.active), None)
    if extra and skip is not None:  # "take an extra turn after this one. Skip the untap step of that turn."
        st.delayed.remove(skip)
        st.this_turn["skip_untap"] = 1  # CR 500.11: the step is skipped (nothing untaps, no phasing)
    enter(g, "untap")


def _end_of_turn_cleanup(g: "Context") -> None:
    pass


def run_queue(g: "Context") -> bool:
    st = g.st
    if not st.queue:
        return False
    item = st.queue.pop(0)
    do = item["do"]
    if do == "untap":
        if not st.this_turn.get("skip_untap"):
            _untap_step(g)
    elif do == "advance":
        end_step(g)
    elif do == "upkeep":
        pass
    elif do == "draw":
        # CR 103.8a: in a two-player game the starting player skips the draw of their first turn;
        # CR 103.8c: in all other multiplayer games (those that begin with more than two
        # players, CR 100.1b) no player does. CR 805.4b: each player on the active team draws,
        # in the team's order (805.6a)
        if not (st.turn == 1 and g.is_active(st.first_player) and len(st.players) <= 2):
            for p in teams.active_players(g):
                if not g.empty_seat(p):
                    g.draw(p)
    elif do == "attackers":
        combat.ask_attackers(g)
    elif do == "blockers":
        combat.ask_blockers(g)
    elif do == "damage":
        combat_damage.begin_combat_damage(g)
    elif do == "deal_damage":  # the divisions are made (CR 510.1): deal it all (510.2)
        combat_damage.deal_combat_damage(g)
    elif do == "end":
        pass
    elif do == "discard":
        # CR 402.2: seven, unless an effect changes it (None: no maximum)
        # (with shared team turns each member of the active team, in the team's order: CR 805.6)
        for p in teams.active_players(g):
            limit = None if RuleChange.NO_MAXIMUM_HAND_SIZE in player_rules(g, p) else maximum(g, p)
            over = 0 if limit is None else len(st.players[p].hand) - limit
            if over > 0 and not g.empty_seat(p):  # CR 514.1
                if p != teams.active_players(g)[-1]:
                    st.queue.insert(0, {"do": "discard"})  # the next member's turn to discard
                st.pending = {"player": p, "kind": "discard", "count": over, "prompt": "decide.discard",
                              "params": {"count": over}}
                break
    elif do == "cleanup":
        _cleanup(g)
    elif do == "cleanup_end":
        if st.sba_count != item["sba"] or len(st.stack) != item["stack"]:
            st.extra_cleanup = True
            return False  # the active player receives priority (CR 514.3a)
        end_step(g)
    elif do == "mulligan":
        mulligan.ask_mulligan(g, item["player"])
    elif do == "mulligans_taken":
        mulligan.take_mulligans(g, list(item["players"]))
    elif do == "begin":
        if _opening_hand(g, item):
            return True
        st.game_started = True  # the first turn begins (CR 103.8)
        enter(g, "untap")
    return True


def _opening_hand(g: "Context", item: dict[str, Any]) -> bool:
    """CR 103.6: before the first turn, the starting player and then each other player in
    turn order may take the actions of cards in their opening hand ("you may begin the game
    with it on the battlefield"): a yes/no decision for each such card. With shared team turns
    the starting team's players first, then each other team's (CR 805.3b)."""
    st = g.st
    asked = list(item.get("asked", []))
    for p in teams.starting_order(g, st.first_player):
        for oid in st.players[p].hand:
            d = CARDS.card_def(st.objects[oid].name)
            if d is not None and d.term(BeginInPlay) is not None and oid not in asked:
                st.queue.insert(0, {"do": "begin", "asked": asked + [oid]})
                st.pending = {"player": p, "kind": "ask", "where": "opening_hand", "obj": oid,
                              "prompt": "ask.opening_hand", "params": {"card": st.objects[oid].name},
                              "options": ["yes", "no"], "count": 1, "min_count": 1}
                return True
    return False


def _untap_step(g: "Context") -> None:
    """CR 502.1 phasing, 502.3 untap; permanents are no longer "summoning sick" (CR 302.6)."""
    st = g.st
    members = teams.active_players(g)  # CR 805.4a: each player on the active team untaps
    for a in members:
        phasing.untap_step(g, a)  # CR 702.26a: first the phasing event (engine/rules/phasing.py)
    for oid in list(st.battlefield):
        o = st.objects[oid]
        if o.controller not in members or o.phased_out:  # CR 702.26b: what stays phased out doesn't untap
            continue
        if o.tapped and ObjectRule.DOESNT_UNTAP in g.chars(oid).flags:
            # "doesn't untap during its controller's untap step" (CR 502.3: the exception)
            if o.sick:
                g.update(oid, sick=False)
            continue
        if o.tapped and o.counters.get("stun", 0) > 0:
            # CR 122.1d: a permanent with a stun counter that would untap loses a stun counter instead;
            # "Stun counters can't be removed from permanents your opponents control" (Fear of Sleep
            # Paralysis): it stays tapped and keeps the counter (ruling, Angst vor Schlafparalyse)
            if not any(RuleChange.STUN_COUNTERS_STAY_ON_OPPONENTS in player_rules(g, q) for q in g.opponents(o.controller)):
                g.add_counters(oid, "stun", -1)
            g.update(oid, sick=False)
        elif o.sick or o.tapped:
            g.update(oid, sick=False, tapped=False)
    # "Untap each creature you control during each other player's untap step." (a Room door):
    # CR 502.3 untaps the active player's permanents; this effect untaps its controller's
    # creatures in the same step (a stun counter is removed instead, CR 122.1d)
    for q in range(len(st.players)):
        if q in members or RuleChange.UNTAP_CREATURES_IN_OTHERS_UNTAP not in player_rules(g, q):
            continue
        for oid in list(st.battlefield):
            o = st.objects[oid]
            if o.controller != q or not o.tapped or o.phased_out or not g.is_type(oid, "Creature"):
                continue
            if o.counters.get("stun", 0) > 0:
                g.add_counters(oid, "stun", -1)
            else:
                g.update(oid, tapped=False)


def _cleanup(g: "Context") -> None:
    """CR 514.2: damage is removed and "until end of turn" effects end, simultaneously."""
    st = g.st
    for oid in st.battlefield:
        if st.objects[oid].damage or st.objects[oid].deathtouch_damage:
            g.update(oid, damage=0, deathtouch_damage=False)
    g.end_effects("eot")
    if st.may_play:  # "You may play it until the end of your next turn" ends now
        g.end_play_permissions(lambda perm: perm.until_turn == st.turn)
    # CR 514.3a: if state-based actions are performed or abilities trigger now, the active
    # player gets priority and another cleanup step follows. The game loop runs SBAs and
    # puts triggers on the stack before it looks at the queue again, so check afterwards.
    st.queue.append({"do": "cleanup_end", "sba": st.sba_count, "stack": len(st.stack)})
