"""Italian before a name (session 18's playthrough read "infligge 2 danni a Arabella"; it is
"ad Arabella"). The rule (docs/translating.md): an Italian sentence never puts a name placeholder
after "a", whose form depends on the name's first letter. The name is the subject ("Arabella
subisce 2 danni da …"), follows a preposition that never changes ("da", "su", "verso"), or
follows a fixed noun ("al giocatore {player}", "all'indirizzo {address}"). The same for "e"
("and"), "ed" before a name starting with "e" ("Bob ed Elena"): names are listed with commas
("Turno 3: il turno della squadra (Bob, Elena)") or joined by "insieme con"."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from app.i18n import event_text, message

PO = Path(__file__).resolve().parents[2] / "i18n" / "it" / "LC_MESSAGES" / "manatable.po"
NUMBERS = {"count", "amount", "sides", "power", "players", "n", "total", "maximum", "minimum", "turn", "life",
           "size", "seconds", "done", "line", "ratio", "megabytes", "chance", "copies", "result", "delta"}
A_BEFORE = re.compile(r"(?<![\w'’])[aA] \{([a-z_0-9]+)\}")
E_BEFORE = re.compile(r"(?<![\w'’])[eE] \{([a-z_0-9]+)\}")


@pytest.mark.parametrize("before", [A_BEFORE, E_BEFORE], ids=["a", "e"])
def test_no_italian_sentence_puts_a_name_after_a_or_e(before: re.Pattern[str]) -> None:
    with PO.open("rb") as f:
        catalog = read_po(f)
    bad = []
    for m in catalog:
        for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string]):
            bad += [s for g in before.finditer(s or "") if g.group(1) not in NUMBERS]
    assert not bad, bad


@pytest.mark.parametrize("event, wanted", [
    ({"key": "damage_player", "source": "Fulmine", "amount": 2, "player": "Arabella"},
     "Arabella subisce 2 danni da Fulmine."),
    ({"key": "manual_attach", "player": "Anna", "card": "Ascia di prova", "to": "Arabella", "manual": True},
     "Anna assegna Ascia di prova: ora è su Arabella."),
    ({"key": "manual_arrow_player", "player": "Bob", "card": "Ascia di prova", "target": "Anna", "manual": True},
     "Bob punta una freccia da Ascia di prova verso Anna."),
])
def test_a_name_starting_with_a_reads_right(italian: Any, event: dict[str, Any], wanted: str) -> None:
    text = event_text(event, you="Carla")
    assert text == wanted, text
    assert not re.search(r"\ba A", text or "")


@pytest.mark.parametrize("event, you, wanted", [
    ({"key": "step", "step": "untap", "turn": 3, "player": "Bob", "team": ["Bob", "Elena"]}, None,
     "— Turno 3: il turno della squadra (Bob, Elena) —"),
    ({"key": "step", "step": "untap", "turn": 3, "player": "Bob", "team": ["Bob", "Carla", "Elena"]}, None,
     "— Turno 3: il turno della squadra (Bob, Carla, Elena) —"),
    ({"key": "step", "step": "untap", "turn": 3, "player": "Bob", "team": ["Bob", "Elena"]}, "Bob",
     "— Turno 3: il turno della tua squadra (tu, Elena) —"),
    ({"key": "step", "step": "untap", "turn": 3, "player": "Bob", "team": ["Bob", "Carla", "Elena"]}, "Bob",
     "— Turno 3: il turno della tua squadra (tu, Carla, Elena) —"),
])
def test_a_team_with_a_name_starting_with_e_reads_right(italian: Any, event: dict[str, Any], you: str | None,
                                                         wanted: str) -> None:
    text = event_text(event, you=you)
    assert text == wanted, text
    assert not re.search(r"\be E", text or "")


def test_the_stack_prompt_and_the_partner_refusal_read_right_before_e(italian: Any) -> None:
    stack = message("prompt.priority_stack", card="Elfo Arboreo")
    assert stack == "In cima alla pila: Elfo Arboreo. Rispondi, oppure passa perché si risolva.", stack
    refusal = message("deck.commander.no_partner", first="Bob il Saggio", second="Elena la Scaltra")
    assert refusal == ("Bob il Saggio non può essere comandante insieme con Elena la Scaltra: due comandanti "
                       "devono avere entrambi partner."), refusal
