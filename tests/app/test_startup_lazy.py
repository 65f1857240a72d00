"""The goldfish table's start-up loads what its game needs, not the card pool (issue #24: cards
load lazily; start-up and memory do not grow with the pool). No timings here: what is checked
is what the program has loaded once the table is built, before it is painted."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CODE = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from app.settings import Settings
from app.shell.main_window import MainWindow
from engine.decks import sample_decks
from engine.rules import carddata
window = MainWindow(Settings(), None)
assert window.goldfish(str(sample_decks()[0]))
assert window.table is not None and window.table.session.game.pending is not None
print(json.dumps({"modules": sorted(sys.modules), "whole_pool": bool(carddata._whole),
                  "parsed": sorted(carddata._by_name),
                  "deck": sorted(set(window.table.session.deck))}))
"""


def test_the_goldfish_table_is_built_without_the_pool_or_the_renderer(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MANATABLE_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", _CODE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    modules = set(got["modules"])
    # the card records of the deck's own cards are read, not the five card files
    assert not got["whole_pool"]
    assert got["parsed"] and set(got["parsed"]) <= set(got["deck"])
    # keeping or taking a mulligan asks no card for its abilities: no set module, no vocabulary
    assert not {m for m in modules if m.startswith(("engine.cards.sets.", "engine.cards.vocab"))} \
        - {"engine.cards.sets.index"}
    # Pillow draws the card faces in the renderer's thread, once the table is painted
    assert "PIL" not in modules and "app.render.card" not in modules
