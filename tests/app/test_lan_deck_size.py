"""A deck too big for a LAN game is refused with its size before anything is sent (it was sent
cut to its first 250 cards: the host played another deck than the one chosen)."""
from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMessageBox

from app.shell import lan_flow
from engine.net import protocol as P


def test_the_limit_is_the_protocols() -> None:
    hints = typing.get_type_hints(P.SubmitDeck, include_extras=True)
    limits = [m.max_length for m in hints["cards"].__metadata__ if getattr(m, "max_length", None)]
    assert limits == [lan_flow.MAX_LAN_DECK_CARDS]


def test_a_deck_over_the_limit_is_refused_with_its_size(tmp_path: Path, monkeypatch: Any) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    big = tmp_path / "big.txt"
    big.write_text(f"{lan_flow.MAX_LAN_DECK_CARDS + 10} Forest\n", encoding="utf-8")
    assert lan_flow._deck_names(None, str(big)) is None
    assert len(shown) == 1 and str(lan_flow.MAX_LAN_DECK_CARDS + 10) in shown[0]
    fits = tmp_path / "fits.txt"
    fits.write_text(f"{lan_flow.MAX_LAN_DECK_CARDS} Forest\n", encoding="utf-8")
    names = lan_flow._deck_names(None, str(fits))
    assert names is not None and len(names[0]) == lan_flow.MAX_LAN_DECK_CARDS
