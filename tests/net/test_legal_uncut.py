"""The host sends a seat every legal action: engine_port cut the list at 2,000 without a word,
which would make the actions past the cut look illegal to the client (a contract is exact)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.actions import Action
from engine.net import engine_port as port


def test_no_legal_action_left_out() -> None:
    actions = [Action(0, "pass", text=f"pass {i}") for i in range(2500)]
    game: Any = SimpleNamespace(legal_actions=lambda seat: actions)
    assert len(port.legal_texts(game, 0)) == 2500
    texts, detail = port.legal_detail(game, 0)
    assert len(texts) == len(detail) == 2500
