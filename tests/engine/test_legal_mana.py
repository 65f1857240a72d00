"""Legal actions list every mana ability a player may activate (the contract is exact)."""
from engine.config import GameConfig
from engine.game import Game


def _game(battlefield: list[str]) -> Game:
    setup = {"Alice": {"battlefield": battlefield, "hand": ["Piggy Bank"], "library": ["Forest"] * 5},
             "Bob": {"library": ["Forest"] * 5}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))


def test_a_mana_ability_with_a_life_cost_is_listed() -> None:
    # Haunted Screen: "{T}: Add {W} or {B}." and "{T}, Pay 1 life: Add {G}, {U}, or {R}."
    g = _game(["Haunted Screen"])
    texts = [a.text for a in g.legal_actions(0)]
    for colour in "WBGUR":
        assert f"activate Haunted Screen mana={colour}" in texts
    g.apply("activate Haunted Screen mana=U", 0)
    assert g.st.players[0].life == 19 and g.st.players[0].mana == {"U": 1}
    assert not [t for t in (a.text for a in g.legal_actions(0)) if t.startswith("activate Haunted")]


def test_every_listed_mana_action_applies() -> None:
    g = _game(["Haunted Screen", "Forest", "Gloomlake Verge", "Swamp"])
    for act in g.legal_actions(0):
        if act.verb == "activate":
            g.clone().apply(act)
