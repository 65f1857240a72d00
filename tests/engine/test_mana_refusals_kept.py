"""What the mana memo keeps as a permanent taps (engine/rules/mana_taps.py `mana_changed`,
`_keep_refusals`): a "can't pay" answer is kept — tapping a source only takes mana away (CR
602.5a, 605) — and a "can pay" answer is not, unless provably the same. Each test lists the
casts of a hand, taps a land by hand (hybrid mode: tapped status leaves the position's memo as
it is) and lists again; the lists are compared with those of a game made from the state alone
(no cache), and the `checked` fixture compares every kept answer after each action
(engine/cache_check.py). The last test breaks the keep on purpose (it keeps a "can pay" too) and
shows the comparison catches it."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.rules import mana_taps

# Jungle Hollow: "{T}: Add {B} or {G}." (a source of two colours); Fear of Lost Teeth {B},
# Insidious Fungus {G}, Balustrade Wurm {3}{G}{G}
HAND = ["Fear of Lost Teeth", "Insidious Fungus", "Balustrade Wurm"]


def _game() -> Game:
    setup: dict[str, object] = {"Alice": {"battlefield": ["Jungle Hollow", "Forest"], "hand": HAND,
                                          "library": ["Island"] * 10},
                                "Bob": {"library": ["Island"] * 10}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="hybrid", setup=setup))


def _main(g: Game) -> None:
    while g.pending is None or g.pending.kind != "priority" or g.st.step != "main1" or g.pending.player != 0:
        assert g.pending is not None
        g.apply("pass", g.pending.player)


def _casts(g: Game) -> list[str]:
    return sorted(a.text for a in g.legal_actions(0) if a.verb == "cast")


def _fresh(g: Game) -> Game:
    """The same position in a game with every cache empty."""
    return Game(g.config, _state=g.st.copy())


def _refusals(g: Game) -> int:
    return sum(1 for k, v in g.mana_memo.get(0, {}).items() if type(k) is tuple and
               (k[0] == "unpayable" or (k[0] in ("can_pay", "can_pay_without") and not v[1])))


def test_a_two_colour_land_tapped_keeps_what_cant_be_paid(checked: None) -> None:
    """With Jungle Hollow and a Forest, Alice can cast the {B} and the {G} card, not the
    {3}{G}{G} one. She taps the Hollow by hand: the {B} card can't be cast any more (its one
    source is gone), the {G} one still can (the Forest), the Wurm still can't — and that
    "can't" is the answer kept from before the tap, not asked again."""
    g = _game()
    _main(g)
    before = _casts(g)
    assert any("Fear of Lost Teeth" in t for t in before) and any("Insidious Fungus" in t for t in before)
    assert not any("Balustrade Wurm" in t for t in before)
    assert _refusals(g) >= 1
    g.apply("tap Jungle Hollow", 0)
    assert _refusals(g) >= 1  # (kept across the tap of a source of two colours)
    after = _casts(g)
    assert not any("Fear of Lost Teeth" in t for t in after) and any("Insidious Fungus" in t for t in after)
    assert not any("Balustrade Wurm" in t for t in after)
    assert after == _casts(_fresh(g))
    g.apply("tap Forest", 0)
    assert _casts(g) == [] == _casts(_fresh(g))


def test_keeping_a_can_pay_answer_too_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The keep broken on purpose: "can pay" answers kept across the tap as well. The {B} card
    is then still offered after its one source taps, and the listing differs from a game
    without caches: the check above would fail."""
    def keep_all(memo: dict[Any, Any], kept: dict[Any, Any]) -> None:
        for key, got in memo.items():
            if type(key) is tuple and key[0] in ("can_pay", "can_pay_without", "unpayable"):
                kept[key] = got

    monkeypatch.setattr(mana_taps, "_keep_refusals", keep_all)
    g = _game()
    _main(g)
    assert any("Fear of Lost Teeth" in t for t in _casts(g))
    g.apply("tap Jungle Hollow", 0)
    wrong = _casts(g)
    assert any("Fear of Lost Teeth" in t for t in wrong)
    assert wrong != _casts(_fresh(g))


def test_a_forest_making_two_with_a_mana_trigger_carries_its_answers(checked: None) -> None:
    """Barbflare Gremlin tapped: each Forest tapped for mana makes {G}{G} (CR 605.1b). Alice's
    two Forests make four mana: Flesh Burrower ({1}{G}) can be cast, Balustrade Wurm
    ({3}{G}{G}) can't. She taps a Forest for mana: {G}{G} in her pool and the other Forest
    still make four — the answers kept for the pool before are the answers for {G}{G} now
    (engine/rules/mana_taps.py `_carry_answers`), as a game without caches finds them."""
    setup: dict[str, object] = {"Alice": {"battlefield": ["Barbflare Gremlin | tapped", "Forest", "Forest"],
                                          "hand": ["Flesh Burrower", "Balustrade Wurm"], "library": ["Island"] * 10},
                                "Bob": {"library": ["Island"] * 10}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="hybrid", setup=setup))
    _main(g)
    before = _casts(g)
    assert any("Flesh Burrower" in t for t in before) and not any("Balustrade Wurm" in t for t in before)
    g.apply("activate Forest#1", 0)
    assert g.st.players[0].mana == {"G": 2}
    after = _casts(g)
    assert any("Flesh Burrower" in t for t in after) and not any("Balustrade Wurm" in t for t in after)
    assert after == _casts(_fresh(g))


def _carried(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Spies on `_carry_answers`: appends, at each tap, how many "can pay" answers it carried."""
    counts: list[int] = []
    carry = mana_taps._carry_answers

    def spy(g: Any, p: int, oid: int, memo: dict[Any, Any], kept: dict[Any, Any]) -> None:
        before = sum(1 for k, v in kept.items() if type(k) is tuple and k[0] == "can_pay" and v[1])
        carry(g, p, oid, memo, kept)
        counts.append(sum(1 for k, v in kept.items() if type(k) is tuple and k[0] == "can_pay" and v[1]) - before)

    monkeypatch.setattr(mana_taps, "_carry_answers", spy)
    return counts


def _gremlin_game(battlefield: list[str], hand: list[str]) -> Game:
    """Barbflare Gremlin untapped with a mana ability (Enduring Vitality's, tapped: no source
    itself): a payment may tap the Gremlin for mana first, so that each land makes one more
    (mana_sources.tap_first, CR 601.2g, 605.1b)."""
    setup: dict[str, object] = {"Alice": {"battlefield": ["Enduring Vitality | tapped", "Barbflare Gremlin"]
                                          + battlefield, "hand": hand, "library": ["Island"] * 10},
                                "Bob": {"library": ["Island"] * 10}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="hybrid", setup=setup))


def test_a_mana_rock_tapped_with_a_gremlin_to_tap_first_carries_its_answers(
        checked: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sol Ring is no land: the Gremlin's ability adds nothing to its mana, tapped first or not.
    Alice taps it for {C}{C}: what her sources paid before, the pool {C}{C} and the sources left
    pay now — the "can pay" answers are carried to that pool (as for a Forest), and the listing
    is what a game without caches makes."""
    counts = _carried(monkeypatch)
    g = _gremlin_game(["Forest", "Sol Ring"], ["Flesh Burrower", "Balustrade Wurm"])
    _main(g)
    before = _casts(g)
    assert any("Flesh Burrower" in t for t in before)
    g.apply("activate Sol Ring", 0)
    assert g.st.players[0].mana == {"C": 2}
    assert counts and counts[-1] >= 1
    assert _casts(g) == _casts(_fresh(g))


def test_a_land_tapped_with_a_gremlin_to_tap_first_is_asked_again(checked: None) -> None:
    """Two Forests: tapping the Gremlin first makes them {G}{G} each, so with the Gremlin's own
    mana Alice can pay Balustrade Wurm's {3}{G}{G}. She taps a Forest by hand with the Gremlin
    untapped: {G} — the Wurm can't be cast any more, though the answer before was "can"."""
    g = _gremlin_game(["Forest", "Forest"], ["Balustrade Wurm"])
    _main(g)
    assert any("Balustrade Wurm" in t for t in _casts(g))
    g.apply("activate Forest#1", 0)
    assert g.st.players[0].mana == {"G": 1}
    assert _casts(g) == [] == _casts(_fresh(g))


def test_carrying_a_lands_answers_with_a_gremlin_to_tap_first_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard broken on purpose (no permanent to tap first, as `_carry_answers` sees it): the
    Wurm's "can" is carried to the pool {G} and the listing differs from a game without caches."""
    monkeypatch.setattr(mana_taps, "tap_first", lambda g, p, exclude: ())
    g = _gremlin_game(["Forest", "Forest"], ["Balustrade Wurm"])
    _main(g)
    assert any("Balustrade Wurm" in t for t in _casts(g))
    g.apply("activate Forest#1", 0)
    assert any("Balustrade Wurm" in t for t in _casts(g)) and _casts(_fresh(g)) == []


def test_a_forest_tapped_with_restricted_mana_about_carries_its_answers(
        checked: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Creeping Peeper makes restricted mana (CR 106.6: answers asked per purpose). A Forest's
    {G} is plain: the same source in every purpose's list, so its tap carries the answers to
    the pool {G} as without the Peeper, and the listing is a fresh game's."""
    counts = _carried(monkeypatch)
    setup: dict[str, object] = {"Alice": {"battlefield": ["Creeping Peeper", "Forest", "Forest"],
                                          "hand": ["Flesh Burrower", "Balustrade Wurm"], "library": ["Island"] * 10},
                                "Bob": {"library": ["Island"] * 10}}
    g = Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="hybrid", setup=setup))
    _main(g)
    assert any("Flesh Burrower" in t for t in _casts(g))
    g.apply("activate Forest#1", 0)
    assert g.st.players[0].mana == {"G": 1}
    assert counts and counts[-1] >= 1
    after = _casts(g)
    assert any("Flesh Burrower" in t for t in after) and after == _casts(_fresh(g))


def test_a_land_tapped_with_a_gremlin_to_tap_first_carries_what_the_plain_search_found(
        checked: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same board with Insidious Fungus ({G}) in hand too: the plain search (no first tap)
    pays it, so its "can" is carried past the Forest's tap; the Wurm's "can" needed the Gremlin
    tapped first (mana_taps.SEARCHED) and is asked again: not castable."""
    counts = _carried(monkeypatch)
    g = _gremlin_game(["Forest", "Forest"], ["Insidious Fungus", "Balustrade Wurm"])
    _main(g)
    assert any("Balustrade Wurm" in t for t in _casts(g))
    g.apply("activate Forest#1", 0)
    assert counts and counts[-1] >= 1
    after = _casts(g)
    assert any("Insidious Fungus" in t for t in after) and not any("Balustrade Wurm" in t for t in after)
    assert after == _casts(_fresh(g))


def _hollows(n: int, hand: list[str], more: tuple[str, ...] = ()) -> Game:
    setup: dict[str, object] = {"Alice": {"battlefield": ["Jungle Hollow"] * n + list(more), "hand": hand,
                                          "library": ["Island"] * 10},
                                "Bob": {"library": ["Island"] * 10}}
    return Game(GameConfig(players=["Alice", "Bob"], seed=1, mode="hybrid", setup=setup))


def test_a_source_of_several_colours_with_others_alike_carries_its_answers(
        checked: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three Jungle Hollows ({B} or {G}): Insidious Fungus ({G}) and Flesh Burrower ({1}{G}) can
    be cast. One Hollow is tapped for {G}: a payment of two symbols that took it could take one
    of the two other Hollows instead, so both "can" answers are carried to the pool {G} (and
    {B}: which colour it made is not known as it taps); the listing is a fresh game's."""
    counts = _carried(monkeypatch)
    g = _hollows(3, ["Insidious Fungus", "Flesh Burrower"])
    _main(g)
    assert len(_casts(g)) == 2
    g.apply("activate Jungle Hollow#1 mana=G", 0)
    assert counts and counts[-1] >= 2
    assert len(_casts(g)) == 2 and _casts(g) == _casts(_fresh(g))


def test_carrying_without_others_alike_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count broken on purpose (five more sources alike as `_carry_one_of_several` sees
    them): with one Jungle Hollow and a Forest, Fear of Lost Teeth ({B}) needs the Hollow;
    tapped for {G}, its "can" is carried and the listing offers a spell nobody could pay."""
    carry = mana_taps._carry_one_of_several

    def padded(sources: list[Any], src: Any, *rest: Any) -> None:
        carry(sources + [replace(src, obj=-1)] * 5, src, *rest)

    monkeypatch.setattr(mana_taps, "_carry_one_of_several", padded)
    g = _hollows(1, ["Fear of Lost Teeth"], ("Forest",))
    _main(g)
    assert any("Fear of Lost Teeth" in t for t in _casts(g))
    g.apply("activate Jungle Hollow mana=G", 0)
    assert any("Fear of Lost Teeth" in t for t in _casts(g)) and _casts(_fresh(g)) == []
