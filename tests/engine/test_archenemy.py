"""Archenemy (CR 904), Archenemy Commander and Supervillain Rumble (the release notes) through
the engine's API: the start of a game, what every seat sees of the scheme deck, a saved game."""
from __future__ import annotations

import pytest

from engine.config import GameConfig
from engine.game import Game

DECK = ["Swamp"] * 30 + ["Mountain"] * 29
SCHEMES = ["Kneel Before My Legions", "Plots That Span Centuries", "My Tendrils Run Deep",
           "You Are Unworthy of Mercy", "Running Is Useless", "My Laughter Echoes",
           "You Will Know True Suffering"]


def _game(fmt: str, n: int = 4, **kw: object) -> Game:
    names = ["Alice", "Bob", "Carol", "Dave"][:n]
    schemes = [[]] + [SCHEMES] + [[] for _ in range(n - 2)] if fmt != "supervillain_rumble" else [SCHEMES] * n
    cfg = GameConfig(players=names, decks=[DECK] * n, seed=5, mode="rules", format=fmt, schemes=schemes,
                     skip_mulligans=True, **kw)  # type: ignore[arg-type]
    return Game(cfg)


def test_archenemy_commander_starts_first_with_60_and_the_team_shares_60() -> None:
    """The notes: the archenemy always starts (CR 904.5), 60 life; the team of three one total of 60."""
    g = _game("archenemy_commander")
    obs = g.observation(None).to_json()
    bob = obs["players"][1]
    assert obs["active"] == 1 if "active" in obs else g.st.active == 1
    assert bob["team"] == "archenemy" and bob["life"] == 60 and bob["schemes"] == len(SCHEMES)
    assert {p["team"] for i, p in enumerate(obs["players"]) if i != 1} == {"heroes"}
    assert all(p["life"] == 60 for p in obs["players"])


def test_classic_archenemy_life_totals() -> None:
    """Classic Archenemy: the archenemy 40, each team member their own 20 (the notes contrast it)."""
    g = _game("archenemy")
    assert [p.life for p in g.st.players] == [20, 40, 20, 20]


def test_scheme_deck_is_shuffled_and_hidden() -> None:
    """CR 904.3: shuffled as the game begins; nobody sees its cards, only how many there are."""
    orders = {tuple(Game(GameConfig(players=["A", "B"], decks=[DECK, DECK], seed=s, mode="rules", format="archenemy",
                                    schemes=[SCHEMES, []], skip_mulligans=True)).st.objects[o].name
                    for o in Game(GameConfig(players=["A", "B"], decks=[DECK, DECK], seed=s, mode="rules",
                                             format="archenemy", schemes=[SCHEMES, []],
                                             skip_mulligans=True)).st.players[0].schemes) for s in range(6)}
    assert len(orders) > 1
    g = _game("supervillain_rumble", 3)
    for viewer in (None, 0, 1):
        text = repr(g.observation(viewer).to_json())
        assert "Running Is Useless" not in text  # (still in the scheme decks: no main phase yet)
    assert [p.life for p in g.st.players] == [40, 40, 40]


def test_config_rules() -> None:
    with pytest.raises(ValueError, match="has no schemes"):
        GameConfig(players=["A", "B"], decks=[DECK, DECK], format="commander", schemes=[["Kneel Before My Legions"]])
    with pytest.raises(ValueError, match="at most once"):
        GameConfig(players=["A", "B"], decks=[DECK, DECK], format="archenemy",
                   schemes=[["Kneel Before My Legions", "Kneel Before My Legions"]])


def test_a_saved_game_undo_and_clone_keep_the_schemes() -> None:
    g = _game("archenemy", 3)
    for _ in range(60):
        if g.outcome is not None or g.pending is None or any(p.command for p in g.st.players):
            break
        acts = g.legal_actions(g.pending.player)
        g.apply(next((a for a in acts if a.verb == "pass"), acts[0]))
    assert g.st.players[1].command or len(g.st.players[1].schemes) < len(SCHEMES)  # one was set in motion
    again = Game.from_json(g.to_json())
    assert again.dump() == g.dump()
    assert g.clone().dump() == g.dump()
    before = g.dump()
    dec = g.pending
    assert dec is not None
    g.apply(g.legal_actions(dec.player)[0])
    g.undo()
    assert g.dump() == before
