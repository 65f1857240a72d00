"""engine/rules/zones.py: moving objects between zones (CR 400-406), the new-object rule
(CR 400.7), ordered zones (401.2, 404.2), drawing (121), shuffling (701.24), tokens (111)."""
from __future__ import annotations

from typing import Any

from engine.config import GameConfig
from engine.game import Game
from engine.rules import sba, zones
from engine.scenario_checks import find_ref

ALICE, BOB = 0, 1


def make(mode: str = "rules", **setup: Any) -> Game:
    return Game(GameConfig(mode=mode, setup=setup))


def names(g: Game, ids: list[int]) -> list[str]:
    return [g.st.objects[o].name for o in ids]


def test_a_moved_object_is_a_new_object() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @pig | tapped | counter:+1/+1=2 | damage=1"]})
    old = find_ref(g, "@pig")
    card = g.st.objects[old].card
    new = zones.move(g, old, "graveyard")
    assert new != old and old not in g.st.objects
    o = g.st.objects[new]
    assert o.card == card  # the same physical card ...
    assert (o.tapped, o.counters, o.damage, o.zone) == (False, {}, 0, "graveyard")  # ... with no memory


def test_entering_the_battlefield_is_untapped_and_summoning_sick() -> None:
    g = make(Alice={"graveyard": ["Piggy Bank @pig"]})
    new = zones.move(g, find_ref(g, "@pig"), "battlefield")
    o = g.st.objects[new]
    assert o.sick and not o.tapped and o.controller == ALICE
    assert new in g.st.battlefield


def test_enters_tapped_replacement() -> None:
    g = make(Alice={"hand": ["Piranha Fly @f"]})
    new = zones.move(g, find_ref(g, "@f"), "battlefield")
    assert g.st.objects[new].tapped


def test_cards_go_to_their_owners_zones() -> None:
    """CR 400.3: whoever controlled it, a card goes to its owner's graveyard / hand / library."""
    g = make(Alice={"battlefield": ["Piggy Bank @pig | owner=Bob"]})
    oid = find_ref(g, "@pig")
    assert (g.st.objects[oid].owner, g.st.objects[oid].controller) == (BOB, ALICE)
    new = zones.move(g, oid, "hand")
    assert new in g.st.players[BOB].hand and g.st.objects[new].controller == BOB


def test_graveyard_is_ordered_top_first() -> None:
    """CR 404.2: the newest card is on top."""
    g = make(Alice={"battlefield": ["Piggy Bank @a", "Friendly Teddy @b", "Ragged Playmate @c"]})
    for alias in ("a", "b", "c"):
        zones.move(g, find_ref(g, "@" + alias), "graveyard")
    assert names(g, g.st.players[ALICE].graveyard) == ["Ragged Playmate", "Friendly Teddy", "Piggy Bank"]


def test_library_positions() -> None:
    g = make(Alice={"hand": ["Murder @m", "Pyroclasm @p", "Forest @f"], "library": ["Island", "Swamp", "Plains"]})
    zones.move(g, find_ref(g, "@m"), "library", position=0)
    zones.move(g, find_ref(g, "@p"), "library", position=-1)
    zones.move(g, find_ref(g, "@f"), "library", position=2)
    assert names(g, g.st.players[ALICE].library) == ["Murder", "Island", "Forest", "Swamp", "Plains", "Pyroclasm"]


def test_draw_takes_the_top_card() -> None:
    g = make(Alice={"library": ["Island", "Swamp", "Plains"]})
    zones.draw(g, ALICE, 2)
    assert sorted(names(g, g.st.players[ALICE].hand)) == ["Island", "Swamp"]
    assert names(g, g.st.players[ALICE].library) == ["Plains"]
    assert [e["key"] for e in g.events].count("draw") == 2


def test_drawing_from_an_empty_library_is_remembered_for_the_sba() -> None:
    g = make(Alice={"library": ["Island"]})
    zones.draw(g, ALICE, 2)
    assert g.st.players[ALICE].drew_from_empty
    assert len(g.st.players[ALICE].hand) == 1
    assert any(e["key"] == "draw_empty" for e in g.events)


def test_shuffle_keeps_the_cards_and_renumbers_them() -> None:
    g = make(Alice={"library": ["Island", "Swamp", "Plains", "Forest", "Mountain", "Murder"]})
    before = list(g.st.players[ALICE].library)
    cards = sorted(g.st.objects[o].card for o in before)
    zones.shuffle_library(g, ALICE)
    after = g.st.players[ALICE].library
    assert not set(before) & set(after)  # nobody can follow a card by its id (CR 400.7)
    assert sorted(g.st.objects[o].card for o in after) == cards


def test_shuffle_is_seeded() -> None:
    lib = ["Island", "Swamp", "Plains", "Forest", "Mountain", "Murder", "Pyroclasm", "Bear Trap"]
    orders = []
    for seed in (1, 1, 2):
        g = Game(GameConfig(mode="rules", seed=seed, setup={"seed": seed, "Alice": {"library": lib}}))
        zones.shuffle_library(g, ALICE)
        orders.append(names(g, g.st.players[ALICE].library))
    assert orders[0] == orders[1]
    assert orders[0] != orders[2]


def test_public_and_hidden_moves_in_events() -> None:
    """A card moving between hidden zones isn't named in the event (CR 400.2)."""
    g = make(Alice={"hand": ["Murder @m"], "library": ["Island"]})
    zones.move(g, find_ref(g, "@m"), "library")
    zones.draw(g, ALICE)
    moves = [e for e in g.events if e["key"] == "zone_change"]
    assert [e["card"] for e in moves] == [None, None]
    zones.move(g, g.st.players[ALICE].hand[0], "graveyard")
    assert g.events[-1]["card"] == "Murder"


def test_token_created_on_the_battlefield() -> None:
    g = make()
    tid = g.create_token(ALICE, "Treasure")
    t = g.st.objects[tid]
    assert t.token and t.zone == "battlefield" and t.controller == ALICE and tid in g.st.battlefield


def test_token_leaving_the_battlefield_ceases_to_exist() -> None:
    """CR 111.7-111.8, 704.5d: it briefly is in the graveyard, then it is gone."""
    g = make()
    tid = g.create_token(ALICE, "Treasure")
    new = g.sacrifice(tid)
    assert g.st.objects[new].zone == "graveyard"
    sba.check(g)
    assert new not in g.st.objects and g.st.players[ALICE].graveyard == []


def test_leaving_the_battlefield_detaches_and_leaves_combat() -> None:
    g = make("hybrid", Alice={"battlefield": ["Bear Trap @trap | attached=@pig", "Piggy Bank @pig"]})
    assert g.st.objects[find_ref(g, "@trap")].attached_to == find_ref(g, "@pig")
    zones.move(g, find_ref(g, "@pig"), "exile")
    assert g.st.objects[find_ref(g, "@trap")].attached_to is None


def test_exile_is_public_and_face_up_by_default() -> None:
    g = make(Alice={"battlefield": ["Piggy Bank @pig | face_down"]})
    new = zones.move(g, find_ref(g, "@pig"), "exile")
    assert not g.st.objects[new].face_down
    assert new in g.st.players[ALICE].exile
