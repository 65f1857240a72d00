"""The LAN host, the person whose program holds the table, has one name per language: German
"Gastgeber", Italian "chi ospita" (the majority of the messages used these; the Italian one
names no gender). Seven German messages said "Host", eleven Italian ones "l'host"; a computer's
address ("host or host:port") is not the person and keeps its word ("Rechner", "host")."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

I18N = Path(__file__).resolve().parents[2] / "i18n"


def _translations(lang: str) -> list[tuple[str, str]]:
    with open(I18N / lang / "LC_MESSAGES" / "manatable.po", "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.id and any("host" in i.lower() for i in ids):
            out += [(ids[0], s) for s in strs if s]
    return out


def test_german_names_the_host_gastgeber() -> None:
    found = _translations("de")
    assert len(found) > 40
    assert [s for _, s in found if re.search(r"\bHosts?\b", s)] == []


def test_italian_names_the_host_chi_ospita() -> None:
    found = _translations("it")
    assert len(found) > 40
    person = re.compile(r"\b(?:l|all|dall|dell|sull)'host\b|\bquesto host\b|\bun host\b", re.IGNORECASE)
    assert [s for _, s in found if person.search(s)] == []
    # the address is a computer's: "host o host:porta" stays
    assert any("host:porta" in s for _, s in found)
