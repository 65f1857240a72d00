"""The engine's layering (issue #24 parts 1, 2 and 7): the cards load lazily, card by card,
from an index that matches the set modules."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_the_card_index_matches_the_set_modules() -> None:
    """engine/cards/sets/index.py is what `python -m engine.cards index` writes now (else a game
    would load the whole pool: run that command after editing a set module)."""
    written = (ROOT / "engine" / "cards" / "sets" / "index.py").read_text(encoding="utf-8")
    fresh = _run("import sys; from engine.cards import sets; sys.stdout.write(sets.build_index())")
    assert fresh == written, "engine/cards/sets/index.py is stale: run `python -m engine.cards index`"


def test_a_game_loads_only_the_set_modules_of_its_cards() -> None:
    """A goldfish game of a few cards, played a few turns, imports the set modules that define
    them (and the predefined tokens' module), not the pool's."""
    code = """
import json, sys
from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.game import Game
deck = ["Murder", "Piggy Bank", "Swamp", "Mountain"] * 10
g = Game(GameConfig(players=["A", "B"], decks=[deck, list(deck)], seed=3))
agents = [RandomAgent(1), RandomAgent(2)]
for _ in range(300):
    if g.pending is None:
        break
    p = g.pending.player
    g.apply(agents[p].choose(g, p))
g.observation(0)
from engine.cards.sets import index
print(json.dumps({"loaded": sorted(m for m in sys.modules if m.startswith("engine.cards.sets.")),
                  "need": sorted({index.CARDS["Murder"], index.CARDS["Piggy Bank"]})}))
"""
    got = json.loads(_run(code))
    need = {f"engine.cards.sets.{m}" for m in got["need"]}
    loaded = set(got["loaded"]) - {"engine.cards.sets.index", "engine.cards.sets.token_defs"}
    assert loaded == need
