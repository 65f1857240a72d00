"""A Room's characteristics in each zone (CR 709.3-709.5, issue #9), with the general
rulings of the Duskmourn release notes (Raum) that no card of the pool reads in a scenario:
no built-in card looks at a Room's mana value or colour outside the battlefield."""
from __future__ import annotations

from typing import Any

from engine.config import GameConfig
from engine.game import Game

POOL = "Bottomless Pool // Locker Room"


def make(**setup: Any) -> Game:
    return Game(GameConfig(players=["Alice", "Bob"], mode="rules",
                           setup={"mode": "rules", "Bob": {"library": ["Island"] * 3}, **setup}))


def obj(g: Game, zone: str, name: str = POOL) -> int:
    return next(o.id for o in g.st.objects.values() if o.zone == zone and o.name == name)


def test_combined_in_hand_library_and_graveyard() -> None:
    """"Bodenloses Becken // Umkleidekabine hat beispielsweise Manabetrag 6, solange sich die
    Karte in deiner Bibliothek befindet." (Raum#6)"""
    g = make(Alice={"hand": [POOL], "library": [POOL, "Island"], "graveyard": [POOL]})
    for zone in ("hand", "library", "graveyard"):
        c = g.chars(obj(g, zone))
        assert (c.name, c.mana_value, c.colors) == (POOL, 6, frozenset("U")), zone


def test_the_cast_door_on_the_stack() -> None:
    """"Die Eigenschaften der nicht gewirkten Tür werden ignoriert, solange sich der
    Zauberspruch auf dem Stapel befindet." (Raum#2, CR 709.3)"""
    g = make(Alice={"hand": [POOL], "battlefield": ["Island"] * 5, "library": ["Island"] * 3})
    g.apply("cast Bottomless Pool // Locker Room : Locker Room", 0)
    c = g.chars(obj(g, "stack"))
    assert (c.name, c.mana_value) == ("Locker Room", 5)


def test_unlocked_doors_on_the_battlefield() -> None:
    """"Während ein Raum im Spiel ist, sind seine Eigenschaften eine Kombination aus den
    Eigenschaften seiner entsperrten Türen." (Raum#7) and "Falls keine der Türen eines Raumes
    entsperrt sind, ist er eine Raum-Verzauberung ohne Namen und Fähigkeiten." (Raum#10)"""
    g = make(Alice={"battlefield": [f"{POOL} @a", f"{POOL} @b | unlocked=Bottomless Pool",
                                    f"{POOL} @c | unlocked=Bottomless Pool | unlocked=Locker Room"],
                    "library": ["Island"] * 3})
    ids = sorted(o.id for o in g.st.objects.values() if o.zone == "battlefield")
    got = [(g.chars(i).name, g.chars(i).mana_value) for i in ids]
    assert got == [("", 0), ("Bottomless Pool", 1), (POOL, 6)]
    assert all("Room" in g.chars(i).subtypes and "Enchantment" in g.chars(i).types for i in ids)
