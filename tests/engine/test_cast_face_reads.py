"""The permissions and costs that ask "what spell is this" read the spell the card becomes cast
as a face (CR 715.3b, 709.3), not the card: a hand-life permission for enchantment spells is not
available for an adventurer card none of whose spells it allows at its player's life, and its
life is that of the spell cast."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game
from engine.rules.costs import hand_life_cost
from engine.scenario_checks import find_ref


def _game(life: int, battlefield: list[str]) -> Game:
    setup = {"Alice": {"life": life, "hand": ["Beanstalk Giant // Fertile Footsteps @g"],
                       "battlefield": battlefield, "library": ["Forest"] * 3},
             "Bob": {"library": ["Island"] * 3}, "step": "main1"}
    return Game(GameConfig(decks=[[], []], seed=1, mode="rules", setup=setup))


ARCADE_DEMON = ["Secret Arcade // Dusty Parlor | unlocked=Secret Arcade", "Demon of Fate's Design"]


def test_enchantment_spells_for_life_read_each_face() -> None:
    # Secret Arcade: the creature spell is an enchantment spell (7 life), the Adventure a
    # sorcery spell (not allowed): at 5 life no spell of the card may be cast this way
    g = _game(5, ARCADE_DEMON)
    assert hand_life_cost(g, 0, find_ref(g, "@g")) is None      # (was 3: the Adventure's value)
    g = _game(8, ARCADE_DEMON)
    assert hand_life_cost(g, 0, find_ref(g, "@g")) == 7


def test_any_spell_for_life_is_the_cheapest_face() -> None:
    g = _game(5, ["Cramped Vents // Access Maze | unlocked=Access Maze"])
    assert hand_life_cost(g, 0, find_ref(g, "@g")) == 3         # Fertile Footsteps
