"""The listing's graveyard section (engine/rules/listing.py): p's graveyard cards with an
ability that works there (CR 113.6k) are kept across positions while the graveyard holds the
same cards — a card put there, or taken out, is seen at once, as a fresh listing sees it."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game
from engine.rules.listing import priority_actions


def _game() -> Game:
    setup = {"Alice": {"hand": ["Say Its Name"], "battlefield": ["Swamp"] * 3,
                       "graveyard": ["Say Its Name", "Say Its Name", "Murder"], "library": ["Island"] * 3},
             "Bob": {"library": ["Island"] * 3}}
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))


def _say_its_name(g: Game) -> list[str]:
    return [a.text for a in priority_actions(g, 0) if a.text.startswith("activate Say Its Name")]


def _fresh(g: Game) -> list[str]:
    fresh = type(g)(g.config, _state=g.st.copy())
    return [a.text for a in priority_actions(fresh, 0) if a.text.startswith("activate Say Its Name")]


def test_a_third_copy_milled_makes_the_ability_listed() -> None:
    g = _game()
    assert _say_its_name(g) == []  # (two others are needed: only one other)
    third = next(o.id for o in g.st.objects.values() if o.name == "Say Its Name" and o.zone == "hand")
    g.move(third, "graveyard")
    assert _say_its_name(g) == _fresh(g) != []


def test_a_copy_taken_out_is_not_asked() -> None:
    g = _game()
    third = next(o.id for o in g.st.objects.values() if o.name == "Say Its Name" and o.zone == "hand")
    g.move(third, "graveyard")
    assert _say_its_name(g) != []
    first = next(o.id for o in g.st.objects.values() if o.name == "Say Its Name" and o.zone == "graveyard")
    g.move(first, "exile")
    assert _say_its_name(g) == _fresh(g) == []
