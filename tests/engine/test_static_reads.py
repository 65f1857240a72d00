"""What a group static ability reads, and a change that invalidates it (issue #24): the effects
index's build reads each player's permanents with their types once (characteristics.group_table,
the same tuple across builds while it is equal) and a group ("creatures you control", groups.py
Yours) keeps what it made of those tables while they are the same objects; the second reading of
the static abilities (CR 613.6, after a static type-changing effect) keeps a static ability's
first reading when it read only types and those are the same (second_reading.READING). Each test
makes one kind of change and asks what a player would see (keywords, abilities, P/T), and a
copy of the game with every cache empty answers the same (engine/cache_check.py)."""
from __future__ import annotations

from engine import cache_check
from engine.config import GameConfig
from engine.game import Game
from engine.rules.control import control_pass
from engine.rules.effects import Layer
from engine.rules.layering import effects_by_object
from engine.rules.second_reading import GROUP_TABLES, NO_REUSE


def _game(alice: list[str], bob: list[str]) -> Game:
    lib = ["Forest"] * 10
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules",
                        setup={"Alice": {"battlefield": alice, "library": lib},
                               "Bob": {"battlefield": bob, "library": lib}}))
    assert g.pending is not None
    return g


def _ids(g: Game, name: str, player: int | None = None) -> list[int]:
    return [o for o in g.st.battlefield if g.st.objects[o].name == name
            and (player is None or g.st.objects[o].controller == player)]


def _flies(g: Game, oid: int) -> bool:
    return "flying" in g.chars(oid).keywords


def _fresh(g: Game) -> None:
    """The answers with every cache empty are the same (cache_check.verify)."""
    cache_check.verify(g)


def test_a_type_changing_effect_puts_a_permanent_in_the_group() -> None:
    # Archetype of Imagination: "Creatures you control have flying. Creatures your opponents
    # control lose flying and can't have or gain flying."
    g = _game(["Archetype of Imagination", "Forest", "Friendly Teddy"], ["Forest", "Friendly Teddy"])
    forest = _ids(g, "Forest", 0)[0]
    bears = _ids(g, "Friendly Teddy", 0)[0]
    assert _flies(g, bears) and not _flies(g, forest)
    g.add_effect(Layer.TYPE, [forest], add_types=["Creature"])  # (an animated land, CR 613.1d)
    assert _flies(g, forest) and _flies(g, bears)
    _fresh(g)
    g.end_effects("eot")
    assert not _flies(g, forest)
    _fresh(g)


def test_a_counter_on_one_permanent_changes_it_and_keeps_the_group() -> None:
    g = _game(["Archetype of Imagination", "Friendly Teddy", "Friendly Teddy"], [])
    first, second = _ids(g, "Friendly Teddy", 0)
    effects_by_object(g)
    kept = g.chars_kept[(GROUP_TABLES, 0)]
    g.add_counters(first, "+1/+1", 2)
    assert (g.chars(first).power, g.chars(first).toughness) == (4, 4)
    assert (g.chars(second).power, g.chars(second).toughness) == (2, 2)
    assert _flies(g, first) and _flies(g, second)
    # (a +1/+1 counter changes no type: the table is the one kept, and what the group made of it)
    assert g.chars_kept[(GROUP_TABLES, 0)] is kept
    _fresh(g)


def test_the_last_time_counter_leaving_puts_an_impending_permanent_in_the_group() -> None:
    # Overlord of the Mistmoors cast for its impending cost: not a creature while it has a time
    # counter (CR 702.176a) — a counter changes its types, and so the group it is in
    g = _game(["Archetype of Imagination", "Overlord of the Mistmoors | impending | counter:time=1"], [])
    lord = _ids(g, "Overlord of the Mistmoors")[0]
    assert "Creature" not in g.chars(lord).types and not _flies(g, lord)
    g.add_counters(lord, "time", -1)
    assert "Creature" in g.chars(lord).types and _flies(g, lord)
    _fresh(g)


def test_control_change_moves_a_creature_between_the_groups() -> None:
    g = _game(["Archetype of Imagination"], ["Friendly Teddy"])
    bears = _ids(g, "Friendly Teddy")[0]
    assert not _flies(g, bears)  # (an opponent's creature can't have flying)
    g.add_effect("2", [bears], until="never", controller=0)  # (CR 613.1b: control-changing)
    control_pass(g)
    assert g.st.objects[bears].controller == 0
    assert _flies(g, bears)
    _fresh(g)


def test_a_permanent_leaving_leaves_the_group() -> None:
    g = _game(["Archetype of Imagination", "Friendly Teddy", "Friendly Teddy"], ["Friendly Teddy"])
    first, second = _ids(g, "Friendly Teddy", 0)
    theirs = _ids(g, "Friendly Teddy", 1)[0]
    g.move(first, "graveyard")
    assert _flies(g, second)
    flying = [e for e in effects_by_object(g)[second] if e.add_kw == ["flying"]]
    assert flying and first not in flying[0].ids
    _fresh(g)
    archetype = _ids(g, "Archetype of Imagination")[0]
    g.move(archetype, "graveyard")  # (the static ability's source leaves: no group at all)
    assert not _flies(g, second)
    g.add_effect(Layer.ABILITY, [theirs], add_kw=["flying"])  # (Bob's creature may gain it again)
    assert _flies(g, theirs)
    _fresh(g)


def test_a_static_type_change_is_read_by_the_groups_in_the_second_reading() -> None:
    # Mogis, God of Slaughter: "As long as your devotion to black and red is less than seven,
    # Mogis isn't a creature." — a group of creatures covers it only once it is one again
    # (CR 613.6: the groups' reading with the types after layer 4)
    g = _game(["Archetype of Imagination", "Mogis, God of Slaughter", "Friendly Teddy"], [])
    mogis = _ids(g, "Mogis, God of Slaughter")[0]
    bears = _ids(g, "Friendly Teddy")[0]
    assert "Creature" not in g.chars(mogis).types
    assert not _flies(g, mogis) and _flies(g, bears)
    _fresh(g)
    fresh = Game(g.config, _state=g.st.copy())
    fresh.memo[NO_REUSE] = True  # (every static ability read again in the second reading)
    assert "flying" not in fresh.chars(mogis).keywords and "flying" in fresh.chars(bears).keywords
