"""engine/rules/payment.py can_pay: where a payment may tap permanents first for a triggered mana
ability (Barbflare Gremlin's, CR 605.1b) or use another mana ability of a source, whether a
cost can be paid without tapping permanent X for mana still starts with the plain search from
p's sources less X's, whose answer depends on what X's sources make, not on which permanent X
is: kept in p's mana memo by those ("can_plan_without"), as the whole question's answer is
where nothing else is weighed. The check (engine/cache_check.py: every player's listing made
from scratch) sees a wrong one."""
from __future__ import annotations

import pytest

from engine import cache_check
from engine.bench import board_pool, pool_board
from engine.config import GameConfig
from engine.game import Game
from engine.rules import mana_triggers, payment
from engine.rules.listing import priority_actions


def _first_steps(memo: dict[object, object]) -> list[tuple[object, ...]]:
    return [k for k in memo if type(k) is tuple and k[0] == "can_plan_without"]


def test_the_first_step_is_kept_by_what_the_permanent_makes() -> None:
    g = pool_board(400, 0, board_pool())
    assert mana_triggers.present(g)  # (so the whole question weighs more than the first step)
    priority_actions(g, 0)
    memo = payment.player_mana(g, 0)
    keys = _first_steps(memo)
    assert keys
    # permanents whose sources make alike share one answer per cost
    assert len(keys) < sum(1 for k in memo if type(k) is tuple and k[0] == "can_pay" and k[3] is not None)
    cache_check.verify(g)


def test_the_check_sees_a_wrong_first_step() -> None:
    """Broken on purpose: Mind Stone alone can't pay {1} for its other ability without tapping
    itself for mana (no land; Barbflare Gremlin's mana trigger needs a land); that first step
    kept as "can", the answer made of it forgotten — the listing offers the ability."""
    setup = {"Alice": {"battlefield": ["Barbflare Gremlin", "Mind Stone"], "library": ["Swamp"] * 5},
             "Bob": {"library": ["Swamp"] * 5}}
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=setup))
    assert mana_triggers.present(g)
    texts = [a.text for a in priority_actions(g, 0)]
    assert "activate Mind Stone" not in texts
    cache_check.verify(g)  # (nothing stale yet)
    memo = payment.player_mana(g, 0)
    (key,) = _first_steps(memo)
    cost, ok = memo[key]  # type: ignore[misc]
    assert ok is False
    memo[key] = (cost, True)
    for k in [k for k in memo if type(k) is tuple and k[0] == "can_pay" and k[3] is not None]:
        del memo[k]
    assert "activate Mind Stone" in [a.text for a in priority_actions(g, 0)]
    with pytest.raises(cache_check.StaleCache, match="actions of player 0"):
        cache_check.verify(g)
