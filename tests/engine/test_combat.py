"""engine/rules/combat.py: declaring attackers and blockers (CR 508-509; their rules and listing:
engine/rules/attack_rules.py, block_rules.py, combat_listing.py); engine/rules/combat_damage.py:
combat damage (CR 510) with the keywords that change them (CR 702)."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from engine.actions import IllegalActionError
from engine.config import GameConfig
from engine.game import Game
from engine.rules import block_rules, combat, combat_damage
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(**setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode="rules", setup=setup))


def ref(g: Game, alias: str) -> int:
    return find_ref(g, "@" + alias)


def run_until(g: Game, done: Callable[[Game], bool]) -> None:
    for _ in range(500):
        if done(g):
            return
        d = g.pending
        assert d is not None, "the game ended"
        answer = {"priority": "pass", "attackers": "attack none", "blockers": "block none",
                  "assign": "assign default"}.get(d.kind)
        assert answer is not None, f"unexpected decision {d}"
        g.apply(answer, d.player)
    raise AssertionError("did not happen")


def to_attack(g: Game) -> None:
    run_until(g, lambda x: x.pending is not None and x.pending.kind == "attackers")


def to_block(g: Game) -> None:
    run_until(g, lambda x: x.pending is not None and x.pending.kind == "blockers")


def to_main2(g: Game) -> None:
    run_until(g, lambda x: x.st.step == "main2")


def attack_texts(g: Game, p: int = ALICE) -> set[str]:
    return {str(a) for a in g.legal_actions(p)}


# ---------------------------------------------------------------- declaring attackers
def test_only_able_creatures_are_offered_as_attackers() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank", "Friendly Teddy | sick", "Ragged Playmate | tapped",
                                    "Stalked Researcher", "Anthropede | phased_out",
                                    "Clockwork Percussionist | sick"]})
    to_attack(g)
    texts = attack_texts(g)
    assert "attack done" in texts
    assert "attacker Piggy Bank -> Bob" in texts
    assert "attacker Clockwork Percussionist -> Bob" in texts  # haste (CR 702.10b)
    assert len(texts) == 3
    assert not any(n in t for t in texts for n in ("Friendly Teddy", "Ragged Playmate", "Stalked Researcher",
                                                   "Anthropede"))


@pytest.mark.parametrize("entry, rule", [
    ("Piggy Bank | sick", "302.6"),
    ("Stalked Researcher", "702.3b"),
    ("Piggy Bank | tapped", "508.1a"),
])
def test_refused_attacker_names_the_rule(entry: str, rule: str) -> None:
    g = make(Alice={"battlefield": [entry.replace(" |", " @x |", 1) if "|" in entry else entry + " @x",
                                    "Friendly Teddy"]})
    to_attack(g)
    with pytest.raises(IllegalActionError) as e:
        g.apply("attack @x -> Bob", ALICE)
    assert rule in str(e.value)


def test_no_attack_decision_without_possible_attackers() -> None:
    """Nobody can attack: no declaration is asked for and combat ends (CR 508.8)."""
    g = make(Alice={"battlefield": ["Stalked Researcher", "Piggy Bank | sick"]})
    run_until(g, lambda x: x.st.step == "declare_attackers")
    assert g.pending is not None and g.pending.kind == "priority"
    g.apply("pass", ALICE)
    g.apply("pass", BOB)
    assert g.st.step == "end_of_combat"


def test_attacking_taps_unless_vigilance() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @pig", "Daggermaw Megalodon @shark"]})
    to_attack(g)
    events = g.apply("attack @pig, @shark -> Bob", ALICE)
    assert g.st.objects[ref(g, "pig")].tapped
    assert not g.st.objects[ref(g, "shark")].tapped
    assert g.st.objects[ref(g, "pig")].attacking == BOB
    assert any(e["key"] == "attack" for e in events)


def test_attack_declaration_is_one_decision() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @pig"]})
    to_attack(g)
    g.apply("attack @pig -> Bob", ALICE)
    with pytest.raises(IllegalActionError):
        g.apply("attack @pig -> Bob", ALICE)  # the declaration is over; Alice has priority


# ---------------------------------------------------------------- declaring blockers
def blocking_position(attackers: list[str], blockers: list[str]) -> Game:
    g = make(Alice={"battlefield": attackers}, Bob={"battlefield": blockers})
    to_attack(g)
    names = ", ".join("@" + a.split("@")[1].split()[0] for a in attackers)
    g.apply(f"attack {names} -> Bob", ALICE)
    return g


def test_flying_attacker_can_be_blocked_only_by_flying_or_reach() -> None:
    g = blocking_position(["Piranha Fly @fly"], ["Friendly Teddy @teddy", "Grasping Longneck @neck",
                                                 "Erratic Apparition @app"])
    to_block(g)
    texts = attack_texts(g, BOB)
    assert "blocker Grasping Longneck -> Piranha Fly" in texts
    assert "blocker Erratic Apparition -> Piranha Fly" in texts
    assert not any("Friendly Teddy" in t for t in texts)
    assert block_rules.can_block(g, ref(g, "neck"), ref(g, "fly"))
    assert not block_rules.can_block(g, ref(g, "teddy"), ref(g, "fly"))


def test_no_block_decision_when_nothing_can_block() -> None:
    g = blocking_position(["Piranha Fly @fly"], ["Friendly Teddy"])
    run_until(g, lambda x: x.st.step == "declare_blockers")
    assert g.pending is not None and g.pending.kind == "priority"


def test_menace_needs_two_blockers() -> None:
    g = blocking_position(["Irreverent Gremlin @g"], ["Friendly Teddy @t", "Piggy Bank @p", "Ragged Playmate @r"])
    to_block(g)
    texts = attack_texts(g, BOB)
    assert "block done" in texts and "blocker Friendly Teddy -> Irreverent Gremlin" in texts
    with pytest.raises(IllegalActionError) as exc:
        g.apply("block @t -> @g", BOB)
    assert exc.value.key == "block.menace_alone"
    probe = g.clone()
    probe.apply("blocker @t -> @g", BOB)  # one blocker so far: done is not offered, a second blocker is
    texts = attack_texts(probe, BOB)
    assert "block done" not in texts and "blocker Piggy Bank -> Irreverent Gremlin" in texts
    with pytest.raises(IllegalActionError) as exc:
        probe.apply("block done", BOB)
    assert exc.value.key == "block.menace_alone"
    probe.apply("blocker @p -> @g", BOB)
    assert "block done" in attack_texts(probe, BOB)
    g.apply("block @t -> @g, @p -> @g, @r -> @g", BOB)  # three blockers are fine too
    assert all(g.st.objects[ref(g, a)].blocking for a in ("t", "p", "r"))


def test_menace_blocker_alone_is_not_offered() -> None:
    """With one possible blocker, blocking the menace creature can never be completed: the
    step is not listed and is refused (CR 702.111b), so no declaration reaches a dead end."""
    g = blocking_position(["Irreverent Gremlin @g"], ["Friendly Teddy @t"])
    to_block(g)
    assert attack_texts(g, BOB) == {"block done"}
    with pytest.raises(IllegalActionError) as exc:
        g.apply("blocker @t -> @g", BOB)
    assert exc.value.key == "block.menace"


def test_a_blocker_blocks_one_attacker_only() -> None:
    g = blocking_position(["Piggy Bank @p", "Friendly Teddy @t"], ["Anthropede @a"])
    to_block(g)
    with pytest.raises(IllegalActionError) as exc:
        g.apply("block @a -> @p, @a -> @t", BOB)
    assert exc.value.key == "block.twice"


def test_blocking_a_non_attacker_is_refused() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @p", "Friendly Teddy @t"]}, Bob={"battlefield": ["Anthropede @a"]})
    to_attack(g)
    g.apply("attack @p -> Bob", ALICE)
    to_block(g)
    with pytest.raises(IllegalActionError):
        g.apply("block @a -> @t", BOB)


def test_tapped_creature_cant_block() -> None:
    g = blocking_position(["Piggy Bank @p"], ["Anthropede @a | tapped", "Friendly Teddy @t"])
    to_block(g)
    with pytest.raises(IllegalActionError) as exc:
        g.apply("block @a -> @p", BOB)
    assert exc.value.key == "block.cant"


def test_blocked_stays_blocked_and_combat_ends_cleanly() -> None:
    g = blocking_position(["Piggy Bank @p"], ["Friendly Teddy @t"])
    to_block(g)
    g.apply("block @t -> @p", BOB)
    assert g.st.objects[ref(g, "p")].blocked
    to_main2(g)
    for oid in g.st.battlefield:
        o = g.st.objects[oid]
        assert o.attacking is None and o.blocking == [] and not o.blocked


# ---------------------------------------------------------------- combat damage
def fight(attacker: str, blockers: list[str], **extra: Any) -> Game:
    g = blocking_position([attacker], blockers)
    if blockers:
        to_block(g)
        a = "@" + attacker.split("@")[1].split()[0]
        aliases = ["@" + b.split("@")[1].split()[0] for b in blockers]
        g.apply("block " + ", ".join(al + " -> " + a for al in aliases), BOB)
    to_main2(g)
    return g


def test_unblocked_damage_to_the_player_is_combat_damage() -> None:
    g = fight("Piggy Bank @p", [])
    assert g.st.players[BOB].life == 17
    dmg = [e for e in g.events if e["key"] == "damage"]
    assert dmg and all(e["combat"] for e in dmg)


def test_default_assignment_gives_lethal_damage_in_order_rest_to_the_last() -> None:
    """CR 510.1c: 5 power against a 2/2 and a 3/4 — 2 (lethal) to the first, 3 to the last."""
    g = fight("Daggermaw Megalodon @shark", ["Ragged Playmate @r", "Anthropede @a"])
    assert g.st.objects[ref(g, "r")].zone == "graveyard"
    assert g.st.objects[ref(g, "a")].damage == 3
    assert g.st.objects[ref(g, "shark")].damage == 5
    assert g.st.players[BOB].life == 20


def test_not_enough_power_for_both_blockers() -> None:
    g = fight("Piggy Bank @p", ["Friendly Teddy @t", "Ragged Playmate @r"])
    # 3 power: lethal 2 to the first blocker, the remaining 1 to the second
    assert g.st.objects[ref(g, "t")].zone == "graveyard"
    assert g.st.objects[ref(g, "r")].damage == 1


def test_trample_assigns_the_excess_to_the_player() -> None:
    g = fight("Slavering Branchsnapper @s", ["Friendly Teddy @t", "Ragged Playmate @r"])
    assert g.st.players[BOB].life == 17  # 7 - 2 - 2


def test_zero_power_deathtouch_deals_no_damage() -> None:
    """CR 702.2b: deathtouch matters only for damage actually dealt; 0 damage isn't dealt (120.1)."""
    g = fight("Friendly Teddy @t", ["Anthropede @a | counter:-1/-1=3 | counter:deathtouch=1"])
    assert g.st.objects[ref(g, "t")].zone == "battlefield"
    assert g.st.objects[ref(g, "t")].damage == 0


def test_deathtouch_damage_is_flagged_and_destroys() -> None:
    g = fight("Cackling Slasher @c", ["Daggermaw Megalodon @d"])
    assert g.st.objects[ref(g, "d")].zone == "graveyard"


def test_double_strike_makes_two_combat_damage_steps() -> None:
    g = fight("Patched Plaything @toy", [])
    steps = [e for e in g.events if e["key"] == "step" and e["step"] == "combat_damage"]
    assert len(steps) == 2
    assert g.st.players[BOB].life == 12


def test_first_strike_step_only_when_a_creature_has_it() -> None:
    g = fight("Piggy Bank @p", [])
    assert len([e for e in g.events if e["key"] == "step" and e["step"] == "combat_damage"]) == 1


def test_first_striker_deals_no_damage_in_the_second_step() -> None:
    g = fight("Barbflare Gremlin @g", ["Anthropede @a"])
    assert g.st.objects[ref(g, "a")].damage == 3  # not 6
    assert g.st.objects[ref(g, "g")].zone == "graveyard"  # Anthropede strikes back in the regular step


def test_lifelink_in_combat() -> None:
    g = fight("Osseous Sticktwister @o", ["Daggermaw Megalodon @d"])
    assert g.st.players[ALICE].life == 22


def test_creature_removed_from_combat_when_it_leaves() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @p"], "hand": ["Murder"],
                    "library": ["Plains"]},
             Bob={"battlefield": ["Swamp", "Swamp", "Swamp", "Friendly Teddy @t"], "hand": ["Murder"]})
    to_attack(g)
    g.apply("attack @p -> Bob", ALICE)
    g.apply("pass", ALICE)
    g.apply("cast Murder -> @p", BOB)
    run_until(g, lambda x: not x.st.stack)
    assert combat.attackers(g) == []
    to_main2(g)
    assert g.st.players[BOB].life == 20


# ---------------------------------------------------------------- the assign decision (CR 510.1)
def at_assign(attacker: str, blockers: list[str]) -> Game:
    g = blocking_position([attacker], blockers)
    to_block(g)
    a = "@" + attacker.split("@")[1].split()[0]
    g.apply("block " + ", ".join("@" + b.split("@")[1].split()[0] + " -> " + a for b in blockers), BOB)
    run_until(g, lambda x: x.pending is not None and x.pending.kind == "assign")
    return g


def test_the_decision_is_made_one_recipient_at_a_time_and_reaches_every_legal_division(monkeypatch: pytest.MonkeyPatch) -> None:
    """Exact and small: `assign default` plus each legal next part `assign X: N -> RECIPIENT`
    (N up to what is left; to the player only while every blocker can still get lethal
    damage). Following the listed parts reaches exactly the legal divisions of the
    trampler's 7 among two blockers (lethal 2 each) and the player."""
    g = at_assign("Slavering Branchsnapper @s", ["Friendly Teddy @t", "Ragged Playmate @r"])
    acts = g.legal_actions(ALICE)
    assert str(acts[0]) == "assign default"
    assert len(acts) - 1 == 7 + 7 + 3  # 1..7 to each blocker, 1..3 to Bob (4 must stay for lethal)
    reached: set[tuple[tuple[str, int], ...]] = set()

    def record(game: Game) -> None:
        for plan in game.st.combat["division"].values():
            total: dict[str, int] = {}
            for k, v, n in plan:
                name = "Bob" if k == "p" else game.st.objects[v].name
                total[name] = total.get(name, 0) + n
            reached.add(tuple(sorted(total.items())))
    monkeypatch.setattr(combat_damage, "deal_combat_damage", record)

    def walk(c: Game) -> None:
        if c.pending is None or c.pending.kind != "assign":
            return
        for a in c.legal_actions(ALICE)[1:]:
            nxt = c.clone()
            nxt.apply(str(a), ALICE)
            walk(nxt)
    walk(g)
    legal = set()
    for t in range(8):
        for r in range(8 - t):
            bob = 7 - t - r
            if bob and (t < 2 or r < 2):
                continue
            legal.add(tuple(sorted((k, n) for k, n in (("Friendly Teddy", t), ("Ragged Playmate", r), ("Bob", bob)) if n)))
    assert reached == legal and len(legal) == 8 + 6


def test_a_part_keeps_the_decision_open_and_the_default_completes_it() -> None:
    g = at_assign("Slavering Branchsnapper @s", ["Friendly Teddy @t", "Ragged Playmate @r"])
    g.apply("assign @s: 1 -> Bob", ALICE)
    assert g.pending is not None and g.pending.kind == "assign"
    refused = [str(a) for a in g.legal_actions(ALICE)]
    assert "assign Slavering Branchsnapper: 3 -> Bob" not in refused  # 6 left, 4 needed for lethal
    g.apply("assign default", ALICE)
    assert g.st.players[BOB].life == 20 - 1 - 2  # 2 lethal to each blocker, the rest to Bob


def test_an_illegal_division_is_refused_with_the_reason_and_changes_nothing() -> None:
    g = at_assign("Slavering Branchsnapper @s", ["Friendly Teddy @t", "Ragged Playmate @r"])
    before = g.dump()
    for text, key in (("assign @s: 1 -> @t, 6 -> Bob", "assign.trample_lethal"),
                      ("assign @s: 2 -> @t, 2 -> @r", "assign.total")):
        with pytest.raises(IllegalActionError) as exc:
            g.apply(text, ALICE)
        assert exc.value.key == key
    with pytest.raises(IllegalActionError):
        g.apply("assign default", BOB)  # not Bob's decision
    assert g.dump() == before
