"""engine/rules/layering.py types_everywhere: the creature type a permanent with
RuleChange.CHOSEN_TYPE_EVERYWHERE chose, on its controller's creature cards in every zone
(Leyline of Transformation, CR 613.1d). Which permanents have that rule is kept across
positions while the battlefield holds the same objects (`_everywhere_cards`): each step is
compared with a copy of the game read from scratch (engine/cache_check.py)."""
from __future__ import annotations

from engine import cache_check
from engine.config import GameConfig
from engine.game import Game
from engine.rules.layering import types_everywhere

LEYLINE = "Leyline of Transformation"


def _game(battlefield: list[str]) -> Game:
    setup = {"Alice": {"hand": ["Friendly Teddy", LEYLINE], "battlefield": battlefield, "library": ["Island"] * 3},
             "Bob": {"battlefield": ["Island"], "library": ["Island"] * 3}}
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))


def _named(g: Game, name: str, zone: str) -> int:
    return next(o.id for o in g.st.objects.values() if o.name == name and o.zone == zone)


def _teddy_subtypes(g: Game) -> tuple[str, ...]:
    return g.chars(_named(g, "Friendly Teddy", "hand")).subtypes


def test_a_leyline_that_enters_and_leaves_is_seen() -> None:
    g = _game(["Island"])
    assert types_everywhere(g) == {}  # (kept: no such permanent)
    leyline = g.move(_named(g, LEYLINE, "hand"), "battlefield")
    g.st.objects[leyline].ctx["chosen_type"] = "Survivor"
    g.touch()
    assert types_everywhere(g) == {0: ["Survivor"]}
    assert "Survivor" in _teddy_subtypes(g)
    cache_check.verify(g)
    g.move(leyline, "graveyard")
    assert types_everywhere(g) == {}
    assert "Survivor" not in _teddy_subtypes(g)
    cache_check.verify(g)


def test_the_chosen_type_is_read_as_it_is_now() -> None:
    """The permanents are kept, not what they chose: a type chosen (or phased out) later counts."""
    g = _game([LEYLINE])
    leyline = _named(g, LEYLINE, "battlefield")
    assert types_everywhere(g) == {}  # (nothing chosen yet)
    g.st.objects[leyline].ctx["chosen_type"] = "Bear"
    g.touch()
    assert types_everywhere(g) == {0: ["Bear"]}
    cache_check.verify(g)
    g.update(leyline, phased_out=True)
    assert types_everywhere(g) == {}
    cache_check.verify(g)
