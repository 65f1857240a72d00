"""The observation's shape is the game's, not a seat's: a player out of the game (CR 800.4a:
their scheme deck and command zone leave with them) keeps every key the other seats have, for
every viewer — a LAN client or the GUI reads each seat's keys without asking whether it lost."""
from __future__ import annotations

from typing import Any

import pytest

from engine.config import GameConfig
from engine.game import Game

DECK = ["Swamp"] * 30 + ["Mountain"] * 29
SCHEMES = ["Kneel Before My Legions", "Plots That Span Centuries", "My Tendrils Run Deep",
           "You Are Unworthy of Mercy", "Running Is Useless", "My Laughter Echoes",
           "You Will Know True Suffering"]
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _game(fmt: str, n: int) -> Game:
    schemes = [SCHEMES] * n if fmt == "supervillain_rumble" else \
        [[] for _ in range(n)] if fmt == "commander" else [SCHEMES] + [[] for _ in range(n - 1)]
    return Game(GameConfig(players=NAMES[:n], decks=[DECK] * n, seed=5, mode="rules", format=fmt,
                           schemes=schemes, skip_mulligans=True))


def _keys(obs: dict[str, Any]) -> list[set[str]]:
    return [set(p) for p in obs["players"]]


@pytest.mark.parametrize("fmt, n, loser", [("supervillain_rumble", 3, 2), ("supervillain_rumble", 4, 0),
                                           ("archenemy", 4, 3), ("archenemy_commander", 4, 2),
                                           ("commander", 3, 1)])
def test_a_seat_out_of_the_game_keeps_every_key(fmt: str, n: int, loser: int) -> None:
    g = _game(fmt, n)
    before = _keys(g.observation(None).to_json())
    g.apply("concede", loser)
    assert g.st.players[loser].lost and not g.st.players[loser].schemes
    for viewer in [None, *range(n)]:
        keys = _keys(g.observation(viewer).to_json())
        assert all(k == keys[0] for k in keys), f"{fmt}: seat keys differ for viewer {viewer}: {keys}"
        assert keys == before
    if fmt != "commander":
        assert g.observation(None).to_json()["players"][loser]["schemes"] == 0
