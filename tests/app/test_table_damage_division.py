"""Issue #25 item 10: dividing trample damage in a dialog with a count per recipient, what
is left to assign, and the lethal damage each blocker needs (CR 510.1c-d, 702.19b)."""
from __future__ import annotations

import os
from typing import Any

from app.session import LocalSession
from app.settings import Settings
from app.table.widget import TableWidget
from engine.config import GameConfig
from engine.game import Game

SETUP = {"mode": "rules", "turn": 3, "step": "beginning_of_combat",
         "You": {"battlefield": ["Slavering Branchsnapper"], "library": ["Island"] * 5},
         "Bob": {"battlefield": ["Friendly Teddy", "Ragged Playmate"], "library": ["Island"] * 5}}


def _blocked_by_two() -> Game:
    """Your 7/6 trampler attacks; Bob blocks it with his 2/2 Teddy and 2/2 Playmate."""
    g = Game(GameConfig(players=["You", "Bob"], mode="rules", setup=SETUP, goldfish=False))
    done: set[str] = set()
    for _ in range(20):
        if g.pending.kind == "assign":
            break
        acts = g.legal_actions(g.pending.player)
        a = next((a for a in acts if a.verb in ("attacker", "blocker") and a.text not in done), None) \
            or next(a for a in acts if a.text.endswith("done") or a.verb == "pass")
        done.add(a.text)
        g.apply(a)
    assert g.pending.kind == "assign"
    return g


def test_the_division_dialog_counts_shows_lethal_and_assigns(qtbot: Any) -> None:
    g = _blocked_by_two()
    t = TableWidget(LocalSession(g, 0, controls={0}), Settings(animations=False))
    qtbot.addWidget(t)
    t.resize(1500, 950)
    t.show()
    divide = next(b for b in t.prompt_bar.buttons if b.text() == "Divide the damage…")
    divide.click()
    dlg = t.damage_dialog
    assert dlg.total == 7 and len(dlg.spins) == 3  # two blockers and Bob (trample)
    texts = [dlg.layout().itemAt(1).layout().itemAtPosition(r, 0).widget().text() for r in range(3)]
    assert "2 is lethal" in texts[0] and "2 is lethal" in texts[1] and "trample" in texts[2]
    assert [s.value() for s in dlg.spins] == [2, 2, 3]  # the suggested division: lethal first
    assert "Left to assign: 0 of 7." in dlg.left.text()
    dlg.spins[2].setValue(0)  # three more to place: the button waits
    assert "Left to assign: 3 of 7." in dlg.left.text() and not dlg.buttons.buttons()[0].isEnabled()
    dlg.spins[0].setValue(5)  # all but lethal to the Teddy, none to Bob
    if os.environ.get("SHOTS"):
        dlg.grab().save(os.environ["SHOTS"] + "/damage_division.png")
    dlg.accept()
    assert not dlg.isVisible()
    obs = t.session.observation()
    assert obs["players"][1]["life"] == 20  # nothing trampled over
    assert not any(c["name"] in ("Friendly Teddy", "Ragged Playmate") for c in obs["battlefield"])
