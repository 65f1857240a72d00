"""Barbflare Gremlin, Séance Board and Disorienting Choice: the legal actions list exactly
what they allow (the listing counts the mana a triggered mana ability adds, the X mana of one
colour and its restriction, one target word per opponent), and random games with them in two
to four players keep the engine's invariants."""
from __future__ import annotations

import pytest

from engine.cards.behaviour import card_def
from engine.config import GameConfig
from engine.game import Game
from engine.rules import targets as tg
from tests.engine.test_random_playout import _play

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _game(alice: dict[str, list[str]], others: list[dict[str, list[str]]] | None = None) -> Game:
    others = others if others is not None else [{}]
    setup = {"Alice": {"library": ["Forest"] * 5, **alice}}
    for name, zones in zip(NAMES[1:], others):
        setup[name] = {"library": ["Forest"] * 5, **zones}
    return Game(GameConfig(players=NAMES[:1 + len(others)], seed=1, mode="rules", setup=setup))


def _texts(g: Game, p: int = 0) -> list[str]:
    return [a.text for a in g.legal_actions(p)]


def test_a_tapped_gremlin_doubles_a_lands_mana_for_the_listing() -> None:
    tapped = _game({"battlefield": ["Forest", "Barbflare Gremlin | tapped", "Piranha Fly"],
                    "hand": ["Horrid Vigor", "Murder"]})
    assert "cast Horrid Vigor -> Piranha Fly" in _texts(tapped)  # {1}{G} from one Forest
    assert not [t for t in _texts(tapped) if t.startswith("cast Murder")]  # {1}{B}{B}: green mana only
    untapped = _game({"battlefield": ["Forest", "Barbflare Gremlin", "Piranha Fly"], "hand": ["Horrid Vigor"]})
    assert not [t for t in _texts(untapped) if t.startswith("cast Horrid Vigor")]
    for act in tapped.legal_actions(0):  # every listed action applies
        tapped.clone().apply(act)


def test_a_verge_with_a_gremlin_makes_two_mana_of_one_colour() -> None:
    g = _game({"battlefield": ["Hushwood Verge", "Plains | tapped", "Barbflare Gremlin | tapped"],
               "hand": ["Baseball Bat", "Fear of Surveillance"]})
    texts = _texts(g)
    assert "cast Fear of Surveillance" in texts and not [t for t in texts if t.startswith("cast Baseball Bat")]


def test_seance_board_pays_only_for_what_it_may_and_is_not_activated_by_hand() -> None:
    g = _game({"battlefield": ["Séance Board | counter:soul=3"],
               "hand": ["Grasping Longneck", "Screaming Nemesis", "Pyroclasm", "Peer Past the Veil", "Bear Trap"]})
    texts = _texts(g)
    assert "cast Screaming Nemesis" in texts and "cast Pyroclasm" in texts
    for name in ("Grasping Longneck", "Peer Past the Veil", "Bear Trap", "Séance Board"):
        assert not [t for t in texts if name in t], name
    empty = _game({"battlefield": ["Séance Board"], "hand": ["Pyroclasm"]})
    assert "cast Pyroclasm" not in _texts(empty)


def test_disorienting_choice_two_players_lists_each_target_and_none() -> None:
    g = _game({"battlefield": ["Forest"] * 4 + ["Piggy Bank"], "hand": ["Disorienting Choice"]},
              [{"battlefield": ["Bear Trap", "Nowhere to Run", "Piranha Fly"]}])
    casts = sorted(t for t in _texts(g) if t.startswith("cast"))
    assert casts == ["cast Disorienting Choice", "cast Disorienting Choice -> Bear Trap",
                     "cast Disorienting Choice -> Nowhere to Run"]


def test_disorienting_choice_asks_one_word_per_opponent_in_turn_order() -> None:
    g = _game({"battlefield": ["Forest"] * 4, "hand": ["Disorienting Choice"]},
              [{"battlefield": ["Bear Trap", "Piranha Fly"]}, {"battlefield": ["Ghost Vacuum"]},
               {"battlefield": ["Nowhere to Run", "Found Footage"]}])
    assert [t for t in _texts(g) if t.startswith("cast")] == ["cast Disorienting Choice"]
    g.apply("cast Disorienting Choice", 0)
    words = []
    for answer in ("Bear Trap", "nothing", "Found Footage"):
        assert g.st.pending["prompt"] == "decide.spell_target_for"
        words.append((g.st.pending["params"]["opponent"], sorted(_texts(g))))
        g.apply(f"choose {answer}", 0)
    assert words == [("Bob", ["choose Bear Trap", "choose nothing"]),
                     ("Carol", ["choose Ghost Vacuum", "choose nothing"]),
                     ("Dave", ["choose Found Footage", "choose Nowhere to Run", "choose nothing"])]
    item = g.st.objects[g.st.stack[-1]]
    assert [g.st.objects[t["obj"]].name for t in item.targets] == ["Bear Trap", "Found Footage"]
    assert item.targets[1].get("slot") == 2 and item.ctx["word_players"] == [1, 2, 3]


DECK = (["Forest"] * 5 + ["Mountain"] * 3 + ["Swamp"] * 2 + ["Hushwood Verge", "Plains"]
        + ["Barbflare Gremlin", "Séance Board", "Disorienting Choice", "Barbflare Gremlin", "Séance Board",
           "Disorienting Choice", "Bear Trap", "Piggy Bank", "Murder", "Pyroclasm", "Screaming Nemesis",
           "Horrid Vigor", "Nowhere to Run", "Ghost Vacuum"])


@pytest.mark.parametrize("seats, seeds", [(2, range(0, 8)), (3, range(8, 12)), (4, range(12, 15))])
def test_random_games_with_the_three_cards_keep_invariants(seats: int, seeds: range) -> None:
    for seed in seeds:
        _play(seed, seats, [DECK] * seats)


def test_the_shorthand_writes_an_empty_word_as_nothing() -> None:
    g = _game({"battlefield": ["Forest"] * 4, "hand": ["Disorienting Choice"]},
              [{"battlefield": ["Bear Trap"]}, {"battlefield": ["Ghost Vacuum"]}, {"battlefield": ["Nowhere to Run"]}])
    for wrong in ("cast Disorienting Choice -> Ghost Vacuum, nothing, Nowhere to Run",
                  "cast Disorienting Choice -> Bear Trap, Nowhere to Run"):
        try:
            g.clone().apply(wrong, 0)
        except Exception:
            continue
        raise AssertionError(f"accepted: {wrong}")
    g.apply("cast Disorienting Choice -> Bear Trap, nothing, Nowhere to Run", 0)
    item = g.st.objects[g.st.stack[-1]]
    assert [g.st.objects[t["obj"]].name for t in item.targets] == ["Bear Trap", "Nowhere to Run"]


def test_every_choice_of_words_is_a_combination_when_cast_while_resolving() -> None:
    # a copy cast while an ability resolves (The Tale of Tamiyo) lists each complete choice:
    # each opponent's word a permanent of theirs or none (engine/rules/targets.py combos)
    g = _game({"battlefield": ["Forest"] * 4}, [{"battlefield": ["Bear Trap", "Piggy Bank"]}, {"battlefield": []},
                                                 {"battlefield": ["Nowhere to Run"]}])
    d = card_def("Disorienting Choice")
    assert d is not None
    specs = tg.per_player(g, 0, d.targets_for(()))
    got = tg.combos(g, specs, 0)
    assert len(got) == 3 * 1 * 2 and len(set(got)) == len(got)
    assert (tg.NONE, tg.NONE, tg.NONE) in got


def test_a_gremlin_that_can_be_tapped_for_mana_first_counts_for_the_listing() -> None:
    setup = {"battlefield": ["Swamp", "Enduring Vitality | tapped", "Barbflare Gremlin"], "hand": ["Murder"]}
    g = _game(setup, [{"battlefield": ["Piranha Fly"]}])
    assert "cast Murder -> Piranha Fly" in _texts(g)  # the Gremlin first, then the Swamp: {B}{B} + 1
    g.apply("cast Murder -> Piranha Fly", 0)
    assert g.st.players[0].life == 19
    without = _game({"battlefield": ["Swamp", "Barbflare Gremlin"], "hand": ["Murder"]},
                    [{"battlefield": ["Piranha Fly"]}])
    assert not [t for t in _texts(without) if t.startswith("cast Murder")]
