"""The answer that ends a scheme's choice made one at a time names what is chosen. Played in
German in session 20 (an Archenemy Commander game, you the archenemy): You Live Only Because
I Will It asked for players and My Will Is Irresistible ("Niemand widersteht meinem Willen")
for permanents, and both offered "Keine weiteren Kreaturen" ("no more creatures") to stop.
Crew keeps its creatures. My Will Is Irresistible's two questions (the archenemy's, up to
three; the opponent's, the one kept) both read "choose a permanent": each says its own now."""
from __future__ import annotations

from typing import Any

from app.i18n import set_language
from app.table.prompts import _option_label

from tests.app.test_scheme_piles import _at_first_decision


def _labels(t: Any) -> list[str]:
    return [b.text() for b in t.prompt_bar.buttons]


def test_the_players_and_permanents_choices_end_with_their_own_words(qtbot: Any) -> None:
    set_language("de")
    try:
        t = _at_first_decision(qtbot, "live_only_redistribute.toml")  # players whose totals are redistributed
        assert t.session.game.pending.prompt == "ask.redistribute_player"
        assert "Keine weiteren Spieler" in _labels(t) and "Keine weiteren Kreaturen" not in _labels(t), _labels(t)
        t = _at_first_decision(qtbot, "only_i_know.toml")  # permanent cards put onto the battlefield
        assert t.session.game.pending.prompt == "ask.put_onto_battlefield"
        assert "Keine weiteren Karten" in _labels(t), _labels(t)
    finally:
        set_language("en")


def test_my_will_chooses_permanents_in_italian(qtbot: Any) -> None:
    set_language("it")
    try:
        t = _at_first_decision(qtbot, "will_is_irresistible.toml")  # an opponent chooses who chooses ...
        s = t.session
        assert s.submit("choose Bob", auto_pass=False), s.last_error
        for _ in range(10):  # (the trigger on the stack: every seat passes, it resolves)
            if s.game.pending.kind != "priority":
                break
            assert s.submit("pass", auto_pass=False), s.last_error
        t.refresh()
        assert s.game.pending.prompt == "ask.choose_permanent_to_gain"
        assert "Nessun altro permanente" in _labels(t), _labels(t)
        assert "che non controlli (al massimo ancora 3)" in t.prompt_bar.label.text(), t.prompt_bar.label.text()
        for name in ("Grasping Longneck", "Cult Healer", "The Lord of Pain"):
            assert s.submit(f"choose {name}", auto_pass=False), s.last_error
        t.refresh()
        assert s.game.pending.prompt == "ask.choose_permanent_kept" and s.game.pending.player == 1
        text = t.prompt_bar.label.text()
        assert "Alice ottiene il controllo degli altri" in text, text
    finally:
        set_language("en")


def test_crew_still_says_creatures_and_an_unlisted_choice_names_no_kind() -> None:
    set_language("de")
    try:
        assert _option_label("no more", prompt="ask.crew") == "Keine weiteren Kreaturen"
        assert _option_label("no more", prompt="ask.choose_creature") == "Keine weiteren Kreaturen"
        assert "Kreaturen" not in _option_label("no more", prompt="ask.some_new_choice")
    finally:
        set_language("en")
