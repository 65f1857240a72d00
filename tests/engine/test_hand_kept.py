"""What the listing's hand section keeps across positions (issue #24): each graveyard card's
answer to "may it be cast from there" while its owner's rule changes are the same
(action_candidates.graveyard_cands), the static abilities that may give flash while the
static-ability list is the same object (permissions.flash_statics), and where a target word
found a legal target last (targets._some_option: asked first, checked again). Each keep is
compared with an answer made from scratch, as engine/cache_check.py does after every action,
and broken on purpose once to show that the check catches it."""
from __future__ import annotations

import pytest

from engine import cache_check
from engine.action_candidates import graveyard_cands, graveyard_cands_made
from engine.config import GameConfig
from engine.game import Game
from engine.rules import payment, targets as tg
from engine.rules.index import CARDS
from engine.rules.lister import Lister
from engine.rules.listing import priority_actions
from engine.rules.mana import parse_cost
from engine.rules.permissions import flash_given, flash_statics


def _game(alice: dict[str, list[str]], bob: dict[str, list[str]] | None = None) -> Game:
    setup = {"Alice": {"library": ["Island"] * 5, **alice},
             "Bob": {"library": ["Island"] * 5, **(bob or {"battlefield": ["Swamp"]})}}
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))


def _fresh(g: Game) -> Game:
    return type(g)(g.config, _state=g.st.copy())


def _id(g: Game, name: str, zone: str) -> int:
    return next(o.id for o in g.st.objects.values() if o.name == name and o.zone == zone)


# ------------------------------------------------------------- castable graveyard cards
def _keys_game() -> Game:
    # The Master of Keys: "Each enchantment card in your graveyard has escape." (CR 702.138a)
    return _game({"battlefield": ["The Master of Keys", "Swamp", "Swamp"],
                  "graveyard": ["Lionheart Glimmer", "Murder", "Island"], "hand": ["Murder"]})


def test_graveyard_answers_kept_while_the_rules_are_the_same() -> None:
    g = _keys_game()
    glimmer = _id(g, "Lionheart Glimmer", "graveyard")
    assert graveyard_cands(g, 0) == graveyard_cands_made(_fresh(g), 0) == [glimmer]
    g.touch()  # (another position, the same graveyard: the kept answers serve)
    assert graveyard_cands(g, 0) == [glimmer]
    murder = _id(g, "Murder", "hand")
    g.move(murder, "graveyard")  # a card put there is asked; the others keep their answers
    assert graveyard_cands(g, 0) == graveyard_cands_made(_fresh(g), 0) == [glimmer]
    g.move(_id(g, "The Master of Keys", "battlefield"), "graveyard")  # the rule gone: asked again
    assert graveyard_cands(g, 0) == graveyard_cands_made(_fresh(g), 0) == []
    cache_check.verify(g)


def test_a_stale_graveyard_answer_is_caught() -> None:
    g = _keys_game()
    glimmer = _id(g, "Lionheart Glimmer", "graveyard")
    assert graveyard_cands(g, 0) == [glimmer]
    g.touch()
    rules, known = g.names_kept[("graveyard_cands", 0)]
    known[glimmer] = False  # broken on purpose: the escape given is forgotten
    with pytest.raises(cache_check.StaleCache, match="graveyard cards castable"):
        cache_check.verify(g)


# ------------------------------------------------------------- statics giving flash
def _flash_game() -> Game:
    # Kianne, Corrupted Memory: spells as though they had flash by their power's parity
    return _game({"battlefield": ["Kianne, Corrupted Memory", "Island"] + ["Forest"] * 20})


def test_flash_statics_kept_with_the_static_list() -> None:
    g = _flash_game()
    first = flash_statics(g)
    assert len(first) == 2 and flash_given(g, 0) and not flash_given(g, 1)
    g.touch()
    assert flash_statics(g) is first  # the same static abilities: not walked again
    g.move(_id(g, "Kianne, Corrupted Memory", "battlefield"), "graveyard")
    assert flash_statics(g) == [] and not flash_given(g, 0)
    cache_check.verify(g)


def test_a_stale_flash_list_is_caught() -> None:
    g = _flash_game()
    flash_statics(g)
    g.names_kept["flash_statics"] = (g.static_sources(), [])  # broken on purpose: Kianne's forgotten
    with pytest.raises(cache_check.StaleCache, match="giving flash"):
        cache_check.verify(g)


# ------------------------------------------------------------- a target found last
def test_the_target_found_last_is_asked_first_and_checked_again() -> None:
    g = _game({"battlefield": ["Swamp"] * 3, "hand": ["Murder"]},
              {"battlefield": ["Forest"] * 40 + ["Overgrown Zealot"]})
    d = CARDS.card_def("Murder")
    assert d is not None
    spec = d.targets_for(())[0]
    assert tg.in_parts(g, [spec], 0)  # (a crowded board: the word is asked whether it has a target)
    assert tg.any_option(g, spec, 0)
    bears = _id(g, "Overgrown Zealot", "battlefield")
    found = g.names_kept["target_found"][(id(spec), 0)]
    assert found == (spec, ("o", bears))
    g.move(bears, "graveyard")  # the target found last is gone: the walk finds none
    assert not tg.any_option(g, spec, 0)
    assert [a.text for a in priority_actions(g, 0)] == [a.text for a in priority_actions(_fresh(g), 0)]


# ------------------------------------------------------------- the pool alone pays
@pytest.mark.parametrize("pool, cost", [
    ({"B": 3, "U": 1}, "{1}{B}{B}"),  # the pool pays: no search over the sources
    ({"B": 1}, "{1}{B}{B}"),  # the pool pays part: the sources the rest
    ({"G": 34}, "{R}"),  # the pool pays none of it
    ({"W": 1, "U": 1}, "{W/U}{W/B}"),  # (the search takes the pool's mana symbol by symbol)
    ({"C": 2}, "{2}"),
    ({"R": 1}, "{W}{U}{B}{R}{G}"),
])
def test_a_cost_the_pool_pays_is_answered_as_the_payment_search_answers(pool: dict[str, int], cost: str) -> None:
    g = _game({"battlefield": ["Swamp", "Island", "Mountain"]})
    g.update_player(0, mana=dict(pool))
    parsed = parse_cost(cost)
    got = Lister(g, 0).payable(parsed)
    assert got == payment.can_pay(_fresh(g), 0, parsed)
    assert Lister(g, 0).payable(parsed) == got  # (kept in the mana memo as can_pay keeps it)
