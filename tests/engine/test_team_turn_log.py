"""A team's shared turn (CR 805.4a: Archenemy and Archenemy Commander take shared team turns)
is headed in the log with every member's name, primary player first, in English, German and
Italian; to a member it says "you" and names the others. The turn event carries the team."""
from __future__ import annotations

from engine.config import GameConfig
from engine.game import Game
from engine.messages import event_text
from engine.messages.catalogs import CatalogTranslator

DECK = ["Swamp"] * 30 + ["Mountain"] * 29
SCHEMES = ["Kneel Before My Legions", "Plots That Span Centuries", "My Tendrils Run Deep",
           "You Are Unworthy of Mercy", "Running Is Useless", "My Laughter Echoes",
           "You Will Know True Suffering"]


def _heroes_turn(n: int) -> tuple[Game, dict[str, object]]:
    """An Archenemy Commander game of n seats (Alice the archenemy) played on by passing
    until the heroes' first turn begins: its untap step's event."""
    names = ["Alice", "Bob", "Carol", "Dave"][:n]
    g = Game(GameConfig(players=names, decks=[DECK] * n, seed=5, mode="rules", format="archenemy_commander",
                        schemes=[SCHEMES] + [[] for _ in range(n - 1)], skip_mulligans=True))
    start = len(g.events)
    for _ in range(400):
        heads = [e for e in g.events[start:] if e.get("key") == "step" and e.get("step") == "untap"]
        if any(e.get("player") != "Alice" for e in heads):
            return g, next(e for e in heads if e.get("player") != "Alice")
        dec = g.pending
        assert dec is not None
        acts = g.legal_actions(dec.player)
        simple = [a for a in acts if a.verb == "pass" or a.text in ("attack none", "block none")]
        g.apply(simple[0] if simple else acts[0], dec.player)
    raise AssertionError("the heroes' turn never began")


def test_the_heroes_turn_names_every_member() -> None:
    _, ev = _heroes_turn(4)
    assert ev["team"] == ["Bob", "Carol", "Dave"]
    assert ev["player"] == "Bob"  # (the primary player, CR 805.4)
    turn = ev["turn"]
    assert event_text(ev) == f"— Turn {turn}: Bob, Carol and Dave —"
    assert event_text(ev, you="Carol") == f"— Turn {turn}: your team's turn (you, Bob and Dave) —"
    assert event_text(ev, tr=CatalogTranslator("de")) == f"— Zug {turn}: Zug des Teams (Bob, Carol und Dave) —"
    assert event_text(ev, you="Dave", tr=CatalogTranslator("it")) == \
        f"— Turno {turn}: il turno della tua squadra (tu, Bob, Carol) —"


def test_a_team_of_two() -> None:
    _, ev = _heroes_turn(3)
    turn = ev["turn"]
    assert event_text(ev) == f"— Turn {turn}: Bob and Carol —"
    assert event_text(ev, you="Bob", tr=CatalogTranslator("de")) == f"— Zug {turn}: Zug deines Teams (du und Carol) —"
    assert event_text(ev, tr=CatalogTranslator("it")) == f"— Turno {turn}: il turno della squadra (Bob, Carol) —"


def test_a_one_player_turn_is_unchanged() -> None:
    """The archenemy's own turn (a team of one) and every turn without teams: one name."""
    g, _ = _heroes_turn(3)
    first = next(e for e in g.events if e.get("key") == "step" and e.get("step") == "untap")
    assert "team" not in first and event_text(first) == f"— Turn {first['turn']}: Alice —"
