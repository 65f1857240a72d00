"""Plain mana abilities read from a card's line (CR 605.1a): "{T}: Add {R}." and
"{T}: Add {U} or {R}.", "{T}: Add {W}, {U}, or {B}.", "{T}: Add {G}{G}." — the dual lands,
tri-lands, mana creatures. Also read here, so that no card writes them:

* a mana ability that hurts: "{T}: Add {W} or {U}. This land deals 1 damage to you." (the
  painlands, the Talismans: `Activated.damage`, dealt as the mana is made, CR 605.3b, 120.3);
* a mana ability with a mana cost making a fixed combination: "{1}, {T}: Add {W}{U}." (the
  Signets, CR 605.1a, 106.4), "{G/U}, {T}: Add {G}{G}, {G}{U}, or {U}{U}." (the filter lands).
  Each combination is one entry of `Activated.mana` ("WU", "GG"); such an ability is activated
  by hand (`activate Azorius Signet mana=WU`, engine/rules/activation.py), paying its cost.

A mana ability with a spending restriction ("Spend this mana only ...") or an activation
restriction is not plain and is not read here."""
from __future__ import annotations

import re

from engine.cards.model import Activated

_SYM = r"\{([WUBRGC])\}"
_TWICE = re.compile(r"\{T\}: Add \{([WUBRGC])\}\{\1\}\.")  # "{T}: Add {G}{G}." (two mana, CR 106.4)
_BOTH = re.compile(r"\{T\}: Add " + _SYM + _SYM + r"\.")  # "{T}: Add {W}{U}." (after _TWICE)
# "{T}: Add {R}.", "{U} or {R}", "{W}, {U}, or {B}", with an optional "This land deals N damage to you."
_LINE = re.compile(r"\{T\}: Add " + _SYM + r"(?:(?:,| or) " + _SYM + r")?(?:,? or " + _SYM + r")?\."
                   r"(?: This (?:land|artifact|creature) deals (\d+) damage to you\.)?")
# "{1}, {T}: Add {W}{U}." / "{G/U}, {T}: Add {G}{G}, {G}{U}, or {U}{U}."
_PAIR = r"\{([WUBRGC])\}\{([WUBRGC])\}"
_COSTED = re.compile(r"(\{[^}]+\}(?:\{[^}]+\})*), \{T\}: Add " + _PAIR + r"(?:, " + _PAIR + r",? or " + _PAIR + r")?\.")


def parse(line: str) -> Activated | None:
    s = line.strip()
    two = _TWICE.fullmatch(s)
    if two is not None:
        return Activated(tap=True, mana=(two.group(1),), amount=2, label=s)
    both = _BOTH.fullmatch(s)
    if both is not None:  # "{T}: Add {W}{U}." (the bouncelands): one entry making both (CR 106.4)
        return Activated(tap=True, mana=(both.group(1) + both.group(2),), label=s)
    m = _LINE.fullmatch(s)
    if m is not None:
        colors = tuple(c for c in m.groups()[:3] if c)
        return Activated(tap=True, mana=colors, label=s, damage=int(m.group(4) or 0))
    c = _COSTED.fullmatch(s)
    if c is not None:
        letters = [x for x in c.groups()[1:] if x]
        combos = tuple(letters[i] + letters[i + 1] for i in range(0, len(letters), 2))
        return Activated(cost=c.group(1), tap=True, mana=combos, label=s)
    return None
