"""engine/cards/vocab/mana_colors.py: what each player's lands could produce (Fellwar Stone,
Exotic Orchard), kept across positions while the permanents, their characteristics and the
colours chosen of the lands that read them are the same — a Thriving land's chosen colour is
read again at every position (engine/cache_check.py compares the kept answer with one made
from scratch)."""
from __future__ import annotations

import pytest

from engine import cache_check
from engine.cards.vocab import mana_colors
from engine.cards.vocab.mana_colors import lands_could_make_stale, opponents_land_colors
from engine.config import GameConfig
from engine.game import Game


def _game() -> tuple[Game, int]:
    setup = {"Alice": {"battlefield": ["Fellwar Stone", "Forest"], "library": ["Island"] * 3},
             "Bob": {"battlefield": ["Thriving Heath", "Plains"], "library": ["Island"] * 3}}
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))
    heath = next(o.id for o in g.st.objects.values() if o.name == "Thriving Heath")
    g.st.objects[heath].ctx["color"] = "U"
    g.touch()
    return g, heath


def test_the_chosen_colour_is_read_again() -> None:
    g, heath = _game()
    assert opponents_land_colors(g, 0) == {"W", "U"}
    g.touch()  # (another position, the same permanents: the kept answer)
    assert opponents_land_colors(g, 0) == {"W", "U"}
    g.st.objects[heath].ctx["color"] = "B"  # (as if the colour were chosen again)
    g.touch()
    assert opponents_land_colors(g, 0) == {"W", "B"}
    assert lands_could_make_stale(g, type(g)(g.config, _state=g.st.copy())) is None
    cache_check.verify(g)


def test_the_check_sees_a_colour_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    g, heath = _game()
    monkeypatch.setattr(mana_colors, "_chosen_readers", lambda g, n: [])  # (the break: no reader)
    assert opponents_land_colors(g, 0) == {"W", "U"}
    g.st.objects[heath].ctx["color"] = "B"
    g.touch()
    assert opponents_land_colors(g, 0) == {"W", "U"}  # (stale)
    assert "lands could produce" in str(lands_could_make_stale(g, type(g)(g.config, _state=g.st.copy())))
    with pytest.raises(cache_check.StaleCache):  # (the mana sources made of it, checked first, differ too)
        cache_check.verify(g)
