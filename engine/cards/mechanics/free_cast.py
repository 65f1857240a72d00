"""Casting a spell "without paying its mana cost" while an ability resolves (CR 118.9,
601.2b-h; the schemes I Am Duskmourn, No Secret Is Hidden from Me, Power Without Equal and When
Will You Learn?): the alternative cost "unpaid" — {0} instead of the mana cost — offered only
during that resolution (engine/rules/cast_now.py), as `cast CARD with unpaid`. No other
alternative cost can be combined with it (CR 118.9a), additional costs are paid, X is 0
(CR 107.3a: the cost paid has no X), timing restrictions of the card's type are ignored.
"""
from __future__ import annotations

ALT = "unpaid"
ALT_ZONES = {ALT: "resolution"}  # only while the ability that allows it resolves
COST = "{0}"
