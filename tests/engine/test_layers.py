"""engine/rules/characteristics.py: characteristics and continuous effects in layers
(CR 613), counters (122), "until end of turn" (514.2), locked-in sets (611.2c), face-down
characteristics (708.2) and a leveler's bands (711)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.rules.characteristics import copiable_values
from engine.rules.effects import Layer
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(mode: str = "rules", **setup: Any) -> Game:
    setup.setdefault("Alice", {}).setdefault("library", ["Plains"] * 3)
    setup.setdefault("Bob", {}).setdefault("library", ["Island"] * 3)
    return Game(GameConfig(mode=mode, setup=setup))


def oid(g: Game, alias: str) -> int:
    return find_ref(g, "@" + alias)


def pt(g: Game, alias: str) -> tuple[int | None, int | None]:
    c = g.chars(oid(g, alias))
    return c.power, c.toughness


def kws(g: Game, alias: str) -> frozenset[str]:
    return g.chars(oid(g, alias)).keywords


def settle(g: Game) -> None:
    while g.st.stack:
        d = g.pending
        assert d is not None and d.kind == "priority", d
        g.apply("pass", d.player)


def to_next_turn(g: Game) -> None:
    turn = g.st.turn
    while g.st.turn == turn:
        d = g.pending
        assert d is not None
        g.apply({"priority": "pass", "attackers": "attack none", "blockers": "block none"}[d.kind], d.player)


# ---------------------------------------------------------------- printed characteristics
def test_printed_characteristics() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @pig", "Abandoned Campground @camp", "The Jolly Balloon Man @j"]})
    c = g.chars(oid(g, "pig"))
    assert (c.name, c.power, c.toughness, c.mana_value) == ("Piggy Bank", 3, 2, 2)
    assert c.types == frozenset({"Artifact", "Creature"}) and c.subtypes == ("Boar", "Toy")
    assert c.colors == frozenset({"R"})
    camp = g.chars(oid(g, "camp"))
    assert camp.types == frozenset({"Land"}) and camp.power is None and camp.mana_value == 0
    assert g.chars(oid(g, "j")).supertypes == frozenset({"Legendary"})


def test_keywords_from_text_lines() -> None:
    g = make(Alice={"battlefield": ["Erratic Apparition @a", "Undead Sprinter @u", "Lionheart Glimmer @l"]})
    assert {"flying", "vigilance"} <= kws(g, "a")
    assert {"trample", "haste"} <= kws(g, "u")
    assert "ward" in kws(g, "l")


def test_treasure_token_characteristics() -> None:
    g = make("hybrid")
    g.apply("token Treasure", ALICE)
    t = next(o for o in g.st.battlefield if g.st.objects[o].name == "Treasure")
    c = g.chars(t)
    assert c.types == frozenset({"Artifact"}) and c.subtypes == ("Treasure",)
    assert c.power is None and c.mana_value == 0


# ---------------------------------------------------------------- layer 7c: counters and modifications
@pytest.mark.parametrize("mods, want", [
    ("", (2, 2)),
    (" | counter:+1/+1=2", (4, 4)),
    (" | counter:-1/-1=1", (1, 1)),
])
def test_counters(mods: str, want: tuple[int, int]) -> None:
    g = make(Alice={"battlefield": ["Friendly Teddy @t" + mods]})
    assert pt(g, "t") == want


def test_pump_and_counters_add_up() -> None:
    """CR 613.4c: +N/+N effects and +1/+1 counters are both applied in layer 7c."""
    g = make(Alice={"hand": ["Give In to Violence", "Give In to Violence"],
                    "battlefield": ["Swamp"] * 4 + ["Friendly Teddy @t | counter:+1/+1=1"]})
    g.apply("cast Give In to Violence -> @t", ALICE)
    settle(g)
    assert pt(g, "t") == (5, 5) and "lifelink" in kws(g, "t")
    g.apply("cast Give In to Violence -> @t", ALICE)
    settle(g)
    assert pt(g, "t") == (7, 7)


def test_counter_changes_are_seen_at_once() -> None:
    g = make("hybrid", Alice={"battlefield": ["Friendly Teddy @t"]})
    assert pt(g, "t") == (2, 2)
    g.apply("counter @t +1/+1 +3", ALICE)
    assert pt(g, "t") == (5, 5)
    g.apply("counter @t +1/+1 -3", ALICE)
    assert pt(g, "t") == (2, 2)


def test_until_end_of_turn_effects_end_in_cleanup() -> None:
    g = make(Alice={"hand": ["Give In to Violence", "Horrid Vigor"],
                    "battlefield": ["Swamp", "Swamp", "Forest", "Forest", "Friendly Teddy @t"]})
    g.apply("cast Give In to Violence -> @t", ALICE)
    g.apply("cast Horrid Vigor -> @t", ALICE)
    settle(g)
    assert pt(g, "t") == (4, 4)
    assert {"lifelink", "deathtouch", "indestructible"} <= kws(g, "t")
    to_next_turn(g)
    assert pt(g, "t") == (2, 2)
    assert not {"lifelink", "deathtouch", "indestructible"} & kws(g, "t")
    assert g.st.effects == []


def test_effects_do_not_follow_a_new_object() -> None:
    """CR 400.7: the pumped creature leaves and returns; the pump doesn't apply to the new object."""
    g = make("hybrid", Alice={"hand": ["Give In to Violence"], "battlefield": ["Swamp", "Swamp", "Friendly Teddy @t"]})
    g.apply("cast Give In to Violence -> @t", ALICE)
    settle(g)
    g.apply("move @t to hand", ALICE)
    g.apply("move @t to battlefield", ALICE)
    assert pt(g, "t") == (2, 2) and "lifelink" not in kws(g, "t")


# ---------------------------------------------------------------- layer 6 and keyword counters
@pytest.mark.parametrize("kind", ["flying", "first strike", "deathtouch", "hexproof", "indestructible",
                                  "lifelink", "menace", "reach", "trample", "vigilance", "haste"])
def test_keyword_counters_give_the_keyword(kind: str) -> None:
    """CR 122.1b."""
    g = make(Alice={"battlefield": [f"Friendly Teddy @t | counter:{kind}=1"]})
    assert kind in kws(g, "t")


# ---------------------------------------------------------------- CR 611.2c: locked-in sets
def test_creatures_you_control_get_plus_one_is_locked_in() -> None:
    g = make(Alice={"hand": ["Appendage Amalgam"],
                    "battlefield": ["Swamp", "Swamp", "Swamp", "Lionheart Glimmer @cat", "Piggy Bank @pig"]},
             Bob={"battlefield": ["Friendly Teddy @bobs"]})
    while g.pending.kind != "attackers":  # type: ignore[union-attr]
        g.apply("pass", g.pending.player)  # type: ignore[union-attr]
    g.apply("attack @pig -> Bob", ALICE)
    settle(g)
    assert pt(g, "pig") == (4, 3) and pt(g, "cat") == (3, 6)
    assert pt(g, "bobs") == (2, 2)  # only creatures Alice controls
    g.apply("cast Appendage Amalgam", ALICE)
    settle(g)
    amalgam = next(o for o in g.st.battlefield if g.st.objects[o].name == "Appendage Amalgam")
    assert (g.chars(amalgam).power, g.chars(amalgam).toughness) == (3, 2)


# ---------------------------------------------------------------- face down (CR 708.2)
def test_face_down_is_a_nameless_2_2() -> None:
    g = make(Alice={"battlefield": ["Daggermaw Megalodon @d | face_down"]})
    c = g.chars(oid(g, "d"))
    assert (c.name, c.power, c.toughness, c.mana_value) == ("", 2, 2, 0)
    assert c.types == frozenset({"Creature"}) and c.subtypes == () and c.colors == frozenset()
    assert c.keywords == frozenset() and c.defn is None


def test_face_down_still_gets_counters_and_effects() -> None:
    """CR 708.2a: only the copiable values are replaced; later layers still apply."""
    g = make(Alice={"hand": ["Give In to Violence"],
                    "battlefield": ["Swamp", "Swamp", "Daggermaw Megalodon @d | face_down | counter:+1/+1=1"]})
    assert pt(g, "d") == (3, 3)
    g.apply("cast Give In to Violence -> @d", ALICE)
    settle(g)
    assert pt(g, "d") == (5, 5) and "lifelink" in kws(g, "d")


# ---------------------------------------------------------------- layer 7b: leveler bands (CR 711)
@pytest.mark.parametrize("level, want", [(0, (1, 1)), (1, (2, 2)), (4, (2, 2)), (5, (5, 5)), (9, (5, 5))])
def test_leveler_band_sets_power_and_toughness(level: int, want: tuple[int, int]) -> None:
    g = make(Alice={"battlefield": [f"Caravan Escort @c | counter:level={level}"]})
    assert pt(g, "c") == want
    assert ("first strike" in kws(g, "c")) == (level >= 5)


def test_leveler_band_then_modifications() -> None:
    """CR 613.4b before 613.4c: the band sets 5/5, then +1/+1 counters and +2/+2 apply."""
    g = make(Alice={"hand": ["Give In to Violence"],
                    "battlefield": ["Swamp", "Swamp", "Caravan Escort @c | counter:level=5 | counter:+1/+1=1"]})
    assert pt(g, "c") == (6, 6)
    g.apply("cast Give In to Violence -> @c", ALICE)
    settle(g)
    assert pt(g, "c") == (8, 8)


# ---------------------------------------------------------------- layer 7d: switching after the counters
# No card of the pool switches power and toughness: the switch is built from the effect model.
# The engine's counters that modify P/T (+1/+1, -1/-1) add the same to both, so switching commutes
# with them and these tests also passed when the counters came after 7d; they pin the order
# CR 613.4c-d gives (counters in 7c, then the switch) and that every path reads it.
def switched_piggy(counters: str) -> Game:
    g = make("hybrid", Alice={"battlefield": ["Piggy Bank @p" + counters]})  # a 3/2
    g.add_effect(Layer.PT_MODIFY, [oid(g, "p")], power=2)    # 7c: +2/+0, a 5/2
    g.add_effect(Layer.PT_SWITCH, [oid(g, "p")])             # 7d (CR 613.4d)
    return g


@pytest.mark.parametrize("counters, want", [
    ("", (2, 5)),
    (" | counter:+1/+1=1", (3, 6)),   # 7c: 5/2 and a counter, 6/3; 7d: 3/6
    (" | counter:-1/-1=1", (1, 4)),   # 7c: 4/1; 7d: 1/4 (alive: toughness 4)
])
def test_switching_applies_after_effects_and_counters(counters: str, want: tuple[int, int]) -> None:
    """CR 613.4c: effects and counters that modify P/T (7c); 613.4d: then switching (7d)."""
    g = switched_piggy(counters)
    assert pt(g, "p") == want
    settle(g)
    assert g.st.objects[oid(g, "p")].zone == "battlefield"


def test_switched_power_is_remembered_as_it_last_existed() -> None:
    """CR 113.7a: the permanent's last known power and toughness are those after 7d."""
    g = switched_piggy(" | counter:+1/+1=1")
    pig = oid(g, "p")
    g.apply("move @p to graveyard", ALICE)
    lki = g.st.this_turn[f"lki:{pig}"]
    assert (lki["power"], lki["toughness"]) == (3, 6)


def test_a_copy_of_a_switched_creature_copies_no_switch_or_counters() -> None:
    """CR 707.2: the copiable values are the printed ones, neither the switch (7d) nor 7c's
    counters and effects; on a copy, its own counters and switch apply to the copied 3/2."""
    g = switched_piggy(" | counter:+1/+1=1")
    values = copiable_values(g, oid(g, "p"))
    assert (values["power"], values["toughness"]) == ("3", "2")
    g.apply("move @p to graveyard", ALICE)
    g.apply("token Treasure", ALICE)
    token = next(o for o in g.st.battlefield if g.st.objects[o].name == "Treasure")
    g.add_effect(Layer.COPY, [token], values=values)               # layer 1: a copy of the 3/2
    g.add_counters(token, "+1/+1", 2)
    g.add_effect(Layer.PT_SWITCH, [token])
    assert (g.chars(token).power, g.chars(token).toughness) == (4, 5)  # 7c: 5/4; 7d: 4/5
