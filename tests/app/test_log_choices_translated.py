"""The log's lines of a choice name the chosen card and colour in the UI language. Played in
Italian and German in session 20: "Computer 3 sceglie W per Isola Florida.", "Canto di
Pontemorto: è scelto Wrenn and Seven.", "Du wählst Winter, Cynical Opportunist.",
"Computer 1 wählt Insect#6." — the engine's colour letter and English names in the sentence."""
from __future__ import annotations

from typing import Any

from app.i18n import TRANSLATOR, card_name, set_language
from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_lines


def _game(alice: dict[str, Any], bob: dict[str, Any] | None = None, step: str = "main1") -> Game:
    setup = {"turn": 3, "step": step, "Alice": {"library": ["Plains"] * 12, **alice},
             "Bob": {"library": ["Island"] * 5, **(bob or {})}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))


def _pass_until_asked(g: Game) -> None:
    for _ in range(40):
        if g.pending is None or g.pending.kind not in ("priority",):
            return
        g.apply("pass", g.pending.player)


def _lines(g: Game, lo: int, you: str = "Bob") -> list[str]:
    return event_lines(g.events[lo:], you, TRANSLATOR)


def test_a_colour_chosen_is_a_word() -> None:
    set_language("it")
    try:
        g = _game({"hand": ["Thriving Isle"]})
        n = len(g.events)
        g.apply("play Thriving Isle", 0)
        g.apply("choose R", 0)
        line = next(ln for ln in _lines(g, n) if "sceglie" in ln)
        assert line == f"Alice sceglie rosso per {card_name('Thriving Isle')}.", line
        set_language("de")
        assert f"Alice bestimmt Rot für {card_name('Thriving Isle')}." in _lines(g, n)
    finally:
        set_language("en")


def test_a_card_chosen_is_named_in_the_language() -> None:
    set_language("it")
    try:
        g = _game({"hand": ["The Eldest Reborn"], "battlefield": ["Swamp"] * 5},
                  {"battlefield": ["Cult Healer", "Cult Healer"]})
        n = len(g.events)
        g.apply("cast The Eldest Reborn", 0)
        _pass_until_asked(g)
        g.apply("choose Cult Healer#2", 1)
        healer = card_name("Cult Healer")
        assert healer != "Cult Healer"
        assert f"Scegli {healer} #2." in _lines(g, n), _lines(g, n)
    finally:
        set_language("en")


def test_a_card_chosen_at_random_is_named_in_the_language() -> None:
    set_language("de")
    try:
        g = _game({"graveyard": ["Bedhead Beastie"], "battlefield": ["Deadbridge Chant"]}, step="draw")
        n = len(g.events)
        for _ in range(40):  # to Alice's next upkeep: Deadbridge Chant returns a card at random
            if any(e["key"] == "chosen" for e in g.events[n:]) or g.pending is None:
                break
            g.apply("pass", g.pending.player)
        beastie = card_name("Bedhead Beastie")
        assert f"{card_name('Deadbridge Chant')}: {beastie} ist bestimmt." in _lines(g, n), _lines(g, n)
    finally:
        set_language("en")
