"""The heuristic computer player uses its cards (session 20: at a four-seat table of the printed
Commander decks it cast about one spell in four own turns and left fetch lands uncracked): it
casts a mana rock and an enchantment that do nothing at once, a cantrip in its second main phase,
its commander from the command zone, and cracks a fetch land also beyond its sixth land."""
from __future__ import annotations

import json
import tomllib
from typing import Any

from engine.ai import adapter
from engine.ai.determinize import Knowledge
from engine.ai.heuristic import HeuristicAgent
from engine.ai.match import card_pool
from engine.game import Game
from engine.scenario import make_game

POOL = card_pool()


def _game(text: str) -> Game:
    data: dict[str, Any] = tomllib.loads(text)
    return make_game(data)


def _answer(g: Game) -> str:
    """Alice's answer, by a heuristic player without a time budget (the answer is the policy's,
    not the machine's speed)."""
    assert adapter.pending_player(g) == 0 and adapter.pending_kind(g) == "priority"
    return HeuristicAgent(0, Knowledge(pool=POOL), budget=None).choose(g, 0).text


def _position(hand: list[str], battlefield: list[str], step: str = "main1", library: str = "Forest") -> Game:
    return _game(f"""
[setup]
step = "{step}"
[setup.Alice]
hand = {json.dumps(hand)}
battlefield = {json.dumps(battlefield)}
library = {json.dumps([library] * 8)}
lands_played = 1
[setup.Bob]
battlefield = ["Cult Healer"]
library = {json.dumps(["Island"] * 8)}
""")


def test_casts_a_mana_rock() -> None:
    """Mind Stone does nothing at once: once worth less than the card in hand it was."""
    assert _answer(_position(["Mind Stone"], ["Forest", "Forest"])) == "cast Mind Stone"


def test_casts_an_enchantment_that_acts_later() -> None:
    assert _answer(_position(["Enchanter's Bane"], ["Mountain", "Mountain"])) == "cast Enchanter's Bane"


def test_casts_a_cantrip_in_the_second_main_phase() -> None:
    """Ponder changes nothing the evaluation sees; mana not spent now is lost."""
    g = _position(["Ponder"], ["Island"], step="main2", library="Island")
    assert _answer(g) == "cast Ponder"


def test_cracks_a_fetch_land() -> None:
    assert _answer(_position([], ["Terramorphic Expanse", "Forest"])) == "activate Terramorphic Expanse"


def test_cracks_a_fetch_land_beyond_the_sixth_land() -> None:
    """Beyond six mana sources a land adds little to the evaluation: cracking must still gain."""
    assert _answer(_position([], ["Evolving Wilds"] + ["Forest"] * 7)) == "activate Evolving Wilds"


def test_casts_its_commander_from_the_command_zone() -> None:
    g = _game("""
[setup]
format = "commander"
[setup.Alice]
commander = ["Zimone, Mystery Unraveler"]
command = ["Zimone, Mystery Unraveler"]
battlefield = ["Forest", "Forest", "Island", "Island"]
library = ["Forest", "Forest", "Forest", "Forest"]
lands_played = 1
[setup.Bob]
library = ["Island", "Island", "Island", "Island"]
""")
    assert _answer(g) == "cast Zimone, Mystery Unraveler"
