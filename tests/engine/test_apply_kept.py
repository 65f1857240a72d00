"""What applying an action keeps across positions (issue #24): the open decision made of its
dict alone (GameBase.pending), the graveyard cards' triggered abilities (triggers.py
graveyard_candidates), the permanents the control pass looks at (control.py to_look_at), the
memo entries a status change keeps (GameBase._keep_permanents_only), the Sagas the state-based
actions look at (saga.py sagas_of), whether a target word has a legal target in this position
(targets.py any_option), and the state-based action check left as it was by combat status
(GameBase.update). Each keep is compared with an
answer made from scratch, as engine/cache_check.py does after every action, and broken on
purpose once to show that the check catches it."""
from __future__ import annotations

import pytest

from engine import cache_check
from engine.bench import crowded_setup
from engine.cards.mechanics.saga import sagas_of, sagas_stale
from engine.config import GameConfig
from engine.contract import Decision
from engine.game import Game
from engine.rules import sba
from engine.rules.control import control_objs_stale, to_look_at
from engine.rules.layering import effects_by_object
from engine.rules.triggers import graveyard_candidates, graveyard_candidates_made


def _game(alice: dict[str, list[str]], bob: dict[str, list[str]] | None = None, mode: str = "rules") -> Game:
    setup = {"Alice": {"library": ["Island"] * 5, **alice},
             "Bob": {"library": ["Island"] * 5, **(bob or {"battlefield": ["Swamp"]})}}
    return Game(GameConfig(players=["Alice", "Bob"], mode=mode, setup=setup))


def _named(g: Game, name: str) -> int:
    return next(o for o in g.st.battlefield if g.st.objects[o].name == name)


# ------------------------------------------------------------- the open decision
def test_priority_decisions_kept_per_player_and_step() -> None:
    g = _game({"battlefield": ["Forest"]}, mode="hybrid")
    first = g.pending
    assert first is not None and first.kind == "priority"
    g.apply("tap Forest", 0)  # (a table move: Alice gets priority again in a new dict)
    again = g.pending
    assert again is first  # an equal dict: the Decision kept
    g.apply("pass", 0)
    bobs = g.pending
    assert bobs is not None and bobs.player == 1 and bobs is not first
    g.apply("pass", 1)  # (the step ends: Alice's priority in the next step is another decision)
    nxt = g.pending
    assert nxt is not None and nxt.params["step"] != first.params["step"] and nxt is not first
    assert nxt == Decision("priority", 0, prompt="decide.priority",
                           params={"step": nxt.params["step"], "player": "Alice"})


def test_a_stale_kept_decision_is_caught() -> None:
    """Broken on purpose: the kept Decision of Alice's priority in this step says Bob decides."""
    g = _game({"battlefield": ["Forest"]}, mode="hybrid")
    p = g.st.pending
    assert p is not None and g.pending is not None
    wrong = Decision("priority", 1, prompt="decide.priority", params=dict(p["params"]))
    g._alike[(0, "priority", p["params"]["step"])] = (dict(p), wrong)
    g._decision = None
    assert g.pending is wrong
    with pytest.raises(cache_check.StaleCache, match="open decision"):
        cache_check.verify(g)


# ------------------------------------------------------- graveyard triggered abilities
def test_graveyard_triggers_kept_while_the_graveyards_are_the_same() -> None:
    g = _game({"battlefield": ["Forest"], "graveyard": ["Fear of Infinity"], "hand": ["Fear of Infinity"]},
              mode="hybrid")
    first = graveyard_candidates(g)
    assert len(first) == 2 and first == graveyard_candidates_made(g)  # (its two Eerie events)
    g.apply("tap Forest", 0)
    assert graveyard_candidates(g) is first  # (no graveyard changed)
    card = g.st.players[0].hand[0]
    g.move(card, "graveyard")
    got = graveyard_candidates(g)
    assert got is not first and len(got) == 4 and got == graveyard_candidates_made(g)
    g.undo()  # (the state replaced: kept answers about its ids are dropped)
    assert graveyard_candidates(g) == graveyard_candidates_made(g)


def test_stale_graveyard_triggers_are_caught() -> None:
    """Broken on purpose: the graveyards' entry kept though a card left the graveyard."""
    g = _game({"battlefield": ["Forest"], "graveyard": ["Fear of Infinity"]}, mode="hybrid")
    got = graveyard_candidates(g)
    card = g.st.players[0].graveyard[0]
    g.move(card, "exile")
    g.names_kept["gy_triggers"] = ((g.face_gen, *(tuple(p.graveyard) for p in g.st.players)), got)
    with pytest.raises(cache_check.StaleCache, match="graveyard triggers"):
        cache_check.verify(g)


# ------------------------------------------------------------- the control pass
def _stolen() -> Game:
    """Alice controls Bob's Cult Healer by her Aura's static ability (a layer-2 effect, CR 613.1b)."""
    g = _game({"battlefield": ["Mountain", "Duskmourn's Domination | attached=@c", "Mountain"]},
              {"battlefield": ["Forest", "Cult Healer @c", "Swamp"]})
    assert g.st.objects[_named(g, "Cult Healer")].controller == 0
    return g


def test_the_control_pass_looks_at_the_controlled_permanents_only() -> None:
    g = _stolen()
    healer = _named(g, "Cult Healer")
    index = effects_by_object(g)
    got = to_look_at(g, index)
    assert got == [healer] and control_objs_stale(g) is None
    g.update(_named(g, "Forest"), tapped=True, damage=1)  # (a status change keeps the index)
    assert effects_by_object(g) is index and to_look_at(g, index) is got


def test_a_stale_control_list_is_caught() -> None:
    """Broken on purpose: the list kept with the index says no permanent is controlled by an effect."""
    g = _stolen()
    index = effects_by_object(g)
    g.memo["control_objs"] = (index, [])
    assert control_objs_stale(g) is not None
    with pytest.raises(cache_check.StaleCache, match="control-changing"):
        cache_check.verify(g)


# --------------------------------------------------- what a status change keeps
def test_a_status_change_after_another_drops_what_came_between() -> None:
    g = _game({"battlefield": ["Friendly Teddy", "Forest"]}, mode="hybrid")
    teddy = _named(g, "Friendly Teddy")
    g.memo["effects"] = effects_by_object(g)
    g.memo[("targets", "made now")] = [1]
    g.update(teddy, damage=1)
    assert ("targets", "made now") not in g.memo and "effects" in g.memo
    g.memo[("targets", "made again")] = [2]  # (a per-position entry made after the change)
    g.update(teddy, damage=2)
    assert ("targets", "made again") not in g.memo and "effects" in g.memo


def test_a_stale_kept_key_set_keeps_a_per_position_entry() -> None:
    """Broken on purpose: had the keys kept last time held a per-position entry, a status change
    would keep that entry with a stale answer — what the subset test must never allow."""
    g = _game({"battlefield": ["Friendly Teddy", "Forest"]}, mode="hybrid")
    teddy = _named(g, "Friendly Teddy")
    g.memo.clear()
    g.memo[("targets", "stale")] = [1]
    g._only_kept = frozenset({("targets", "stale")})
    g.update(teddy, damage=1)
    assert ("targets", "stale") in g.memo  # (kept: the check of _only_kept is what stands between)
    g._only_kept = frozenset()
    g.update(teddy, damage=2)
    assert ("targets", "stale") not in g.memo


# ------------------------------------------- combat status and the state-based actions
def test_combat_status_of_a_creature_leaves_the_check_as_it_was() -> None:
    g = _game({"battlefield": ["Friendly Teddy", "Forest"]})
    teddy, forest = _named(g, "Friendly Teddy"), _named(g, "Forest")
    g.st.step = "declare_attackers"  # (combat statuses exist in the combat steps only: sba.COMBAT_STEPS)
    assert not g.dirty
    g.update(teddy, attacking=1)
    assert not g.dirty  # (CR 704.5: no state-based action reads a creature's combat status)
    g.update(teddy, damage=1)
    assert g.dirty  # (CR 704.5g reads damage)
    g.dirty = False
    g.update(forest, attacking=1)  # (no creature in combat: CR 506.4's removal runs with the check)
    assert g.dirty
    sba.check(g)
    assert g.st.objects[forest].attacking is None and g.st.objects[teddy].attacking == 1


# ------------------------------------------------------------------- Sagas
def test_sagas_kept_while_the_permanents_are_the_same() -> None:
    g = _game({"battlefield": ["The Eldest Reborn", "Forest"]}, mode="hybrid")
    saga = _named(g, "The Eldest Reborn")
    first = sagas_of(g, 0)
    assert first == [saga] and sagas_of(g, 1) == [] and sagas_stale(g) is None
    g.apply("tap Forest", 0)
    g.touch()  # (another position: the same permanents with the same characteristics)
    assert sagas_of(g, 0) is first


def test_a_stale_saga_list_is_caught() -> None:
    """Broken on purpose: the list kept for Alice's permanents says she has no Saga."""
    g = _game({"battlefield": ["The Eldest Reborn", "Forest"]}, mode="hybrid")
    sagas_of(g, 0)
    fp, _ = g.chars_kept[("sagas", 0)]
    g.chars_kept[("sagas", 0)] = (fp, [])
    g.touch()
    assert sagas_stale(g) is not None
    with pytest.raises(cache_check.StaleCache, match="Sagas"):
        cache_check.verify(g)


# ----------------------------------------------------- a target word's answer
def _crowded() -> Game:
    """Forty permanents: a spell's targets are chosen after it is announced (targets.in_parts),
    the listing asks only whether its word has a legal target (any_option)."""
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=crowded_setup(40)))


def test_a_target_words_answer_is_kept_for_the_position() -> None:
    g = _crowded()
    texts = [a.text for a in g.legal_actions(0)]
    assert "cast Murder" in texts
    words = [k for k in g.memo if type(k) is tuple and k[0] == "any_word"]
    assert words and all(g.memo[k][1] is True for k in words)
    assert [a.text for a in g.legal_actions(0)] == texts  # (asked again: the same answers)
    cache_check.verify(g)


def test_a_stale_target_word_answer_is_caught() -> None:
    """Broken on purpose: each target word's kept answer says it has no legal target."""
    g = _crowded()
    g.legal_actions(0)
    for k in [k for k in g.memo if type(k) is tuple and k[0] == "any_word"]:
        g.memo[k] = (g.memo[k][0], False)
    g._decision = None
    assert "cast Murder" not in [a.text for a in g.legal_actions(0)]
    with pytest.raises(cache_check.StaleCache):
        cache_check.verify(g)


# ------------------------------------------------------------- combat outside combat
def test_out_of_combat_walks_only_in_the_combat_steps() -> None:
    """sba._out_of_combat skips its walk of the battlefield outside the combat steps (CR 508.1,
    511.3: nothing attacks or blocks there); broken on purpose — a permanent left attacking in
    the main phase — the cache check catches it."""
    g = _game({"battlefield": ["Forest", "Friendly Teddy"]})
    assert g.st.step not in sba.COMBAT_STEPS
    cache_check.verify(g)
    g.st.objects[_named(g, "Friendly Teddy")].attacking = 1
    with pytest.raises(cache_check.StaleCache, match="in combat outside the combat steps"):
        cache_check.verify(g)
