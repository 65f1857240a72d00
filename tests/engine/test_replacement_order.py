"""CR 616.1a-e: the order in which replacement and prevention effects are offered
(engine/rules/replacement.py), with a stand-in for the game: the pool has no
self-replacement, control or back-face effect competing with another (616.1a, b, d)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.rules.replacement import ANY, COPY, SELF, Replacement, choose_next


class _Asked(Exception):
    pass


class _Game:
    """Answers the first `ask` with `answer` (an option's text), or records it and stops."""

    def __init__(self, can_ask: bool = True, answer: str | None = None) -> None:
        self._can = can_ask
        self.answer = answer
        self.asked: list[Any] = []

    def can_ask(self) -> bool:
        return self._can

    def choice(self, ask: Any) -> list[str]:
        self.asked.append(ask)
        if self.answer is None:
            raise _Asked
        return [self.answer]


def test_a_self_replacement_effect_is_chosen_before_any_other() -> None:
    """616.1a: with one self-replacement effect among them it applies first, without a question."""
    ways = [Replacement("A", "exile"), Replacement("B", "exile", step=SELF), Replacement("C", "exile")]
    g = _Game()
    assert choose_next(g, 0, ways, "X") == 1  # type: ignore[arg-type]
    assert g.asked == []


def test_the_player_chooses_among_the_effects_of_the_first_step_only() -> None:
    """616.1c before 616.1e: two copy effects are offered, numbered as offered; the others wait."""
    ways = [Replacement("A", "exile"), Replacement("B", "copy", step=COPY), Replacement("C", "copy", step=COPY)]
    g = _Game(answer="C (2)")
    assert choose_next(g, 1, ways, "X") == 2  # type: ignore[arg-type]
    assert g.asked[0].options == ["B (1)", "C (2)"]
    assert (g.asked[0].player, g.asked[0].prompt, g.asked[0].params) == (1, "ask.replacement", {"card": "X"})


def test_two_effects_of_616_1e_are_a_question_unless_nobody_can_be_asked() -> None:
    ways = [Replacement("A", "prevent", 1), Replacement("B", "double", 2, step=ANY)]
    with pytest.raises(_Asked):
        choose_next(_Game(), 0, ways, "Bob")  # type: ignore[arg-type]
    assert choose_next(_Game(can_ask=False), 0, ways, "Bob") == 0  # type: ignore[arg-type]
    assert choose_next(_Game(), None, ways, "Bob") == 0  # type: ignore[arg-type]
