"""The log of a scenario as a player reads it in a language (what the card-text tests of
tests/app and tests/cards ask of a token's or a card's printed name)."""
from __future__ import annotations

from pathlib import Path

from app.i18n import event_lines, set_language
from engine.scenario import _run_steps, load, make_game

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def scenario_log(scenario: str, lang: str, viewer: str = "Alice") -> str:
    """The scenario `scenario` (a path under tests/scenarios) played to its end, its log as
    `viewer` reads it in `lang`; the language is English again after."""
    data = load(SCENARIOS / scenario)
    g = make_game(data)
    _run_steps(g, data)
    set_language(lang)
    try:
        return "\n".join(event_lines(g.events, viewer))
    finally:
        set_language("en")
