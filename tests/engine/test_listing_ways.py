"""The legal-action listing asks each object for its ways (engine/rules/ways.py): a mechanic adds
its own way through its hook; asking the listing leaves the game as it was."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import scenario
from engine.game import Game
from engine.rules import hooks
from engine.rules.cast_way import plain_spell
from engine.rules.index import CARDS

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _run_asking_the_listing(path: Path) -> tuple[scenario.Result, list[list[str]]]:
    """Run a scenario with the deciding player's legal actions asked before every action, as
    the table asks them at every decision."""
    lists: list[list[str]] = []
    apply = Game.apply

    def asking(self: Game, action: Any, player: int | None = None) -> Any:
        if self.pending is not None:
            lists.append([a.text for a in self.legal_actions(self.pending.player)])
        return apply(self, action, player)

    Game.apply = asking  # type: ignore[method-assign]
    try:
        return scenario.run_file(path), lists
    finally:
        Game.apply = apply  # type: ignore[method-assign]


def test_a_cost_reduction_counted_in_each_position_is_listed() -> None:
    """Rakdos, Lord of Riots: "Creature spells you cast cost {1} less to cast for each 1 life
    your opponents have lost this turn." Asked before the attack (no life lost), the reduction was
    kept as zero for later positions: Piggy Bank was neither listed nor accepted after Bob lost
    life (CR 601.2f: the total cost is determined as the spell is cast)."""
    result, lists = _run_asking_the_listing(SCENARIOS / "dsc_reprints/rulings/rakdos_colored_mana.toml")
    assert result.ok, result.message
    assert any("cast Piggy Bank" in texts for texts in lists)


def test_cost_reduction_scenarios_pass_with_the_listing_asked() -> None:
    for name in ("greater_tanuki_channel_cost", "kaervek_mana_value_not_cost", "rakdos_put_onto_battlefield"):
        result, lists = _run_asking_the_listing(SCENARIOS / f"dsc_reprints/rulings/{name}.toml")
        assert result.ok, (name, result.message)
        assert lists


def test_suspend_is_a_way_its_mechanic_adds() -> None:
    """Suspend's special action (CR 702.62a, 116.2f) is a way of the mechanic's own module, asked
    for the cards in hand; a card with suspend is therefore no plain spell."""
    ways = hooks.ways("hand")
    assert [w.verb for w in ways] == ["suspend"]
    assert ways[0].timing == "special"
    name = "Suspended Sentence"
    assert CARDS.printed(name) is not None and ways[0].has(name)
    assert not plain_spell(CARDS.card_def(name), name)
    assert not ways[0].has("Murder")
