"""What is made of the battlefield alone is kept across positions while the battlefield, control
and phasing stay as they are (engine/game_base.py bf_kept, bf_changed): each player's list of
permanents (battlefield), how the permanents are named among themselves (engine/naming.py
permanents_named), the face-down ones (engine/rules/additional_costs.py) — and p's `activate`
names carried across a change of p's hand or graveyard (engine/rules/mana_actions.py
_carried). A change made behind the counter's back is caught by engine/cache_check.py."""
from __future__ import annotations

import pytest

from engine import cache_check
from engine.bench import crowded_setup
from engine.config import GameConfig
from engine.game import Game
from engine.naming import permanents_named
from engine.rules import mana_actions
from engine.rules.additional_costs import face_down_permanents
from engine.rules.listing import priority_actions


def _crowded() -> Game:
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="rules", setup=crowded_setup(40)))


def _kept(g: Game) -> tuple[object, ...]:
    return (g.battlefield(0), g.battlefield(None), permanents_named(g, 0), face_down_permanents(g, 0))


def test_kept_across_positions_until_the_battlefield_changes() -> None:
    g = _crowded()
    before = _kept(g)
    g.touch()  # (another position: a counter, an effect, a life total ...)
    assert all(a is b for a, b in zip(before, _kept(g)))
    cache_check.verify(g)
    bear = next(oid for oid, _, c in g.perms(0) if "Creature" in c.types)
    g.update(bear, controller=1)  # (control changed: made again)
    after = _kept(g)
    assert bear not in after[0] and bear not in after[2] and bear in g.battlefield(1)
    cache_check.verify(g)
    g.update(bear, phased_out=True)  # (it does not exist for the rules now, CR 702.26b)
    assert bear not in g.battlefield(1) and bear not in g.battlefield(None)
    cache_check.verify(g)
    g.move(next(iter(g.battlefield(0))), "graveyard")
    assert len(g.battlefield(0)) == len(after[0]) - 1
    cache_check.verify(g)


def test_a_control_change_behind_the_counters_back_is_caught() -> None:
    g = _crowded()
    bear = next(oid for oid, _, c in g.perms(0) if "Creature" in c.types)
    assert bear in g.battlefield(0)
    g.st.objects[bear].controller = 1  # (not through update: bf_changed is not called)
    g.touch()  # (a touch alone keeps the lists)
    with pytest.raises(cache_check.StaleCache, match="battlefield of"):
        cache_check.verify(g)
    g.bf_changed()
    cache_check.verify(g)


def test_turned_face_down_behind_the_counters_back_is_caught() -> None:
    g = _crowded()
    land = next(iter(g.battlefield(0)))
    assert face_down_permanents(g, 0) == []
    g.st.objects[land].face_down = True  # (not through update: face_gen stays)
    g.touch()
    with pytest.raises(cache_check.StaleCache, match="face-down permanents of player 0"):
        cache_check.verify(g)


# Greater Tanuki has channel (an ability activated from the hand, CR 602.2); Citanul
# Hierophants gives the one on the battlefield "{T}: Add {G}." — a mana source named like a card
# with an ability in the hand, once one is drawn: then both are named (Greater Tanuki#1, #2)
TANUKI = {"Alice": {"battlefield": ["Citanul Hierophants", "Greater Tanuki", "Forest"],
                    "library": ["Greater Tanuki", "Island", "Island"], "hand": ["Island"]},
          "Bob": {"library": ["Island"] * 3}}


def _texts(g: Game) -> list[str]:
    return [a.text for a in priority_actions(g, 0) if a.verb == "activate"]


def test_activate_names_carried_across_a_card_drawn() -> None:
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=TANUKI))
    first = _texts(g)
    assert "activate Greater Tanuki mana=G" in first
    g.draw(0, 2)  # (an Island, then the Tanuki: the first draw carries every name)
    after = _texts(g)
    assert "activate Greater Tanuki mana=G" not in after and any(t.startswith("activate Greater Tanuki#") for t in after)
    cache_check.verify(g)


def test_a_name_carried_wrongly_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the carrying on purpose (every map kept whatever the hand holds): the check finds
    the permanents' `activate` text that the card drawn makes ambiguous."""
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=TANUKI))
    assert "activate Greater Tanuki mana=G" in _texts(g)
    monkeypatch.setattr(mana_actions, "_carried", lambda g, p, own, inhand, was: was)
    g.draw(0, 2)
    with pytest.raises(cache_check.StaleCache, match="actions of player 0"):
        cache_check.verify(g)


FORESTS = {"Alice": {"battlefield": ["Forest", "Swamp"], "hand": ["Forest"], "library": ["Island"] * 3},
           "Bob": {"library": ["Island"] * 3}}


def test_sources_actions_carried_to_the_next_position() -> None:
    """The lands' actions of the last position are this one's while p's permanents, their
    characteristics and names are the same (mana_actions._carried_position); a second Forest
    makes them named Forest#1, #2."""
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=FORESTS))
    assert "activate Forest" in _texts(g)
    forest = next(oid for oid in g.battlefield(0) if g.st.objects[oid].name == "Forest")
    g.touch()  # (another position, the same permanents: carried)
    assert "activate Forest" in _texts(g)
    cache_check.verify(g)
    g.move(g.st.players[0].hand[0], "battlefield")
    texts = _texts(g)
    assert "activate Forest#1" in texts and "activate Forest#2" in texts and forest in g.battlefield(0)
    cache_check.verify(g)


def test_sources_actions_carried_wrongly_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the position check on purpose (every position the last one): the check finds the
    first Forest still called "Forest" once a second one entered."""
    g = Game(GameConfig(players=["Alice", "Bob"], mode="rules", setup=FORESTS))
    assert "activate Forest" in _texts(g)
    monkeypatch.setattr(mana_actions, "_same_position", lambda was, ids, chars, names: True)
    g.move(g.st.players[0].hand[0], "battlefield")
    with pytest.raises(cache_check.StaleCache, match="actions of player 0"):
        cache_check.verify(g)
