"""Every kind of counter a card of the pool names has its own phrase in the three languages
(engine/messages/terms.py COUNTERS, CR 122.1): played in Italian in session 20, Arixmethes
read "4 segnalini slumber" on the table — the English kind inside an Italian phrase (the
printed Italian card says "segnalini sopore"). A kind not listed falls back to OTHER_COUNTERS,
which can only repeat the English word."""
from __future__ import annotations

import json
import re
from pathlib import Path

from engine.messages import counters
from engine.messages.catalogs import CatalogTranslator
from engine.messages.terms import COUNTERS

ROOT = Path(__file__).resolve().parents[2]
SETS = ("dsk", "dsc", "dsc_decks", "roe", "spg", "schemes")
# the words before "counter(s)" in Oracle text that are not kinds ("a counter", "those counters")
NOT_KINDS = {"a", "had", "those", "of", "no", "each", "that", "the", "any", "more", "with", "all"}
KIND = re.compile(r"(?<![\w/+-])(first strike|double strike|[+-]1/[+-]1|[a-z]+) counters?\b")


def _kinds_in_oracle_text() -> dict[str, str]:
    """Each kind of counter the pool's Oracle texts name, with a card that names it."""
    found: dict[str, str] = {}
    for name in SETS:
        for card in json.loads((ROOT / "assets" / "cards" / f"{name}.json").read_text())["cards"]:
            for m in KIND.finditer(card.get("text") or ""):
                if m.group(1) not in NOT_KINDS:
                    found.setdefault(m.group(1), card["name"])
    return found


def test_every_counter_kind_of_the_pool_has_its_phrase() -> None:
    kinds = _kinds_in_oracle_text()
    assert {"slumber", "coin", "+1/+1", "time"} <= set(kinds)  # (the reading finds them at all)
    missing = {k: card for k, card in kinds.items() if k not in COUNTERS}
    assert not missing


def test_the_italian_and_german_table_name_the_printed_kinds() -> None:
    it, de = CatalogTranslator("it"), CatalogTranslator("de")
    assert counters("slumber", 4, it) == "4 segnalini sopore"
    assert counters("coin", 1, it) == "1 segnalino moneta"
    assert counters("slumber", 5, de) == "5 Schlummermarken"
    assert counters("coin", 1, de) == "1 Münzenmarke"
