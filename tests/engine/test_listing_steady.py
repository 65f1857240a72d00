"""Permanents with "Sacrifice another ..." and "Activate only once" abilities are steady
(engine/rules/idle.py): their offered actions are kept across positions (engine/rules/listing.py
`_offered`) with the questions they asked — whether another permanent could be sacrificed
(additional_costs.OTHER, asked again) and which "only once" abilities were used (the key of
the entry). Each test lists a position, changes exactly what such a keep must notice, and
lists again: a stale keep would offer the ability still."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game
from engine.rules import idle


def _game(alice: list[str], hand: list[str] | None = None) -> Game:
    setup = {"Alice": {"battlefield": alice, "library": ["Swamp"] * 10, "hand": hand or []},
             "Bob": {"battlefield": ["Forest"], "library": ["Forest"] * 10}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=setup))


def _abilities_offered(g: Game, name: str) -> list[str]:
    """The texts of Alice's offered activations of the non-mana abilities of the permanent `name`."""
    return [a.text for a in g.legal_actions(0)
            if a.verb == "activate" and a.ability != 0 and g.st.objects[a.obj].name == name]


def _answer_until_priority(g: Game) -> None:
    while g.pending is not None and g.pending.kind != "priority":
        g.apply(g.legal_actions(g.pending.player)[0])


def test_tap_another_is_asked_again_when_the_offer_is_kept(checked: None) -> None:
    """Tyvar, the Pummeler ("Tap another untapped creature you control: ...", CR 602.2b) with
    one other creature: offered. The other creature attacks and is tapped; Tyvar is as it was
    (its characteristics the same object, untapped, the same names), but no other creature is
    untapped: not offered — its second ability ({3}{G}{G}) still is."""
    g = _game(["Tyvar, the Pummeler", "Friendly Teddy"] + ["Forest"] * 5)
    tyvar = next(oid for oid, _, c in g.perms(0) if c.name == "Tyvar, the Pummeler")
    assert idle.steady(g.chars(tyvar)) is not None  # (kept across positions)
    both = ["activate Tyvar, the Pummeler", "activate Tyvar, the Pummeler ability 2"]
    assert _abilities_offered(g, "Tyvar, the Pummeler") == both
    chars = g.chars(tyvar)
    while g.pending is not None and g.pending.kind != "attackers":
        g.apply("pass", g.pending.player)
    assert _abilities_offered(g, "Tyvar, the Pummeler") == []  # (no priority: nothing listed)
    g.apply("attacker Friendly Teddy -> Bob", 0)
    g.apply("attack done", 0)
    _answer_until_priority(g)
    assert g.pending is not None and g.pending.player == 0 and g.st.step == "declare_attackers"
    assert g.chars(tyvar) is chars and not g.st.objects[tyvar].tapped
    assert _abilities_offered(g, "Tyvar, the Pummeler") == both[1:]


def test_sacrifice_another_offered_again_once_there_is_one(checked: None) -> None:
    """The other way round: no other creature, nothing offered (kept as "offers nothing");
    Friendly Teddy is cast with two of the six Swamps and resolves, and the Egotist's ability is
    offered (four Swamps still pay {1}{B} as before: only the other creature is new)."""
    g = _game(["Popular Egotist"] + ["Swamp"] * 6, hand=["Friendly Teddy"])
    assert _abilities_offered(g, "Popular Egotist") == []
    g.apply("cast Friendly Teddy", 0)
    _answer_until_priority(g)
    assert _abilities_offered(g, "Popular Egotist") == []  # (on the stack: not yet)
    g.apply("pass", 0)
    g.apply("pass", 1)
    _answer_until_priority(g)
    assert "Friendly Teddy" in [g.st.objects[o].name for o in g.st.battlefield]
    assert _abilities_offered(g, "Popular Egotist") == ["activate Popular Egotist"]


def test_activate_only_once_is_part_of_the_kept_offer(checked: None) -> None:
    """Haunted Screen ("{7}: ... Activate only once.", CR 602.5b) with fourteen lands: offered;
    activated, it is the same object with the same characteristics while its ability is on the
    stack, and seven lands still pay {7} — but it was used: not offered again."""
    g = _game(["Haunted Screen"] + ["Swamp"] * 14)
    screen = next(oid for oid, _, c in g.perms(0) if c.name == "Haunted Screen")
    assert idle.steady(g.chars(screen)) is not None
    assert _abilities_offered(g, "Haunted Screen") == ["activate Haunted Screen"]
    chars = g.chars(screen)
    g.apply("activate Haunted Screen", 0)
    _answer_until_priority(g)
    assert g.st.stack and g.chars(screen) is chars
    assert _abilities_offered(g, "Haunted Screen") == []
