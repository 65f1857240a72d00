"""Choices made as a permanent enters and abilities that depend on them: "As this creature
enters, choose a creature type / Believe or Doubt." with "• Believe — ..." and "• Doubt — ..." (CR 614.12b; the
engine asks before anything else happens, engine/rules/as_enters.py `ask_next`). A
permanent for which nothing was chosen (a copy, a manifested card turned face up) has
neither ability."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rules.card_terms import AsEntersChoice


@dataclass(frozen=True)
class AsEntersChoose:
    """"As this [permanent] enters, choose [a creature type / A or B]." (CR 614.12): chosen as
    it enters, however it enters (cast, put onto the battlefield by another effect, begun the
    game with: engine/rules/as_enters.py `ask_next`); the permanent remembers it
    (`ctx["chosen_type"]`, Leyline of Transformation; with `words`, `ctx["chosen_word"]`,
    Phenomenon Investigators)."""
    what: str = "creature_type"
    words: tuple[str, ...] = ()
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        kw.setdefault("terms", []).append(AsEntersChoice("word:" + "|".join(self.words) if self.words else self.what))
