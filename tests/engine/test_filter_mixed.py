"""Filter mana searched with the payment's other ways of making mana (engine/rules/mana_mixed.py):
Overgrown Zealot's two restricted mana, Barbflare Gremlin's triggered mana ability on a filter
land, a creature tapped for mana first. The listing offers exactly what the payment accepts
(legal <=> accepted), and each position one mana short is refused by both."""
from __future__ import annotations

import tomllib
from itertools import combinations_with_replacement

import pytest

from engine import cache_check
from engine.actions import IllegalActionError
from engine.game import Game
from engine.rules.carddef import Activated
from engine.rules.mana import parse_cost
from engine.rules.mana_mixed import trials
from engine.rules.mana_sources import player_mana
from engine.rules.payment_source import Alternative, Source
from engine.rules.payment import FIRST
from engine.scenario import make_game

LIBRARY = 'library = ["Plains", "Plains", "Plains", "Plains"]'


def _game(battlefield: list[str], hand: list[str]) -> Game:
    text = f"""
[setup]
[setup.Alice]
hand = {hand!r}
battlefield = {battlefield!r}
{LIBRARY}
[setup.Bob]
{LIBRARY}
""".replace("'", '"')
    return make_game(tomllib.loads(text))


def _accepted(g: Game, text: str) -> bool:
    try:
        g.clone().apply(g.parse_action(0, text))
    except IllegalActionError:
        return False
    return True


def _agree(g: Game, text: str) -> bool:
    """Whether the listing offers `text`, asserting that the engine accepts it exactly then."""
    listed = g.parse_action(0, text).text in [a.text for a in g.legal_actions(0)]
    assert listed == _accepted(g, text), (text, listed)
    return listed


CASES = [
    # (battlefield, hand, action, payable)
    (["Forest", "Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick"], ["Harmonize"],
     "cast Harmonize", True),
    (["Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick"], ["Harmonize"], "cast Harmonize", False),
    (["Forest", "Barbflare Gremlin", "Enduring Vitality | sick"], ["Harmonize"], "cast Harmonize", False),
    (["Swamp", "Twilight Mire", "Barbflare Gremlin | tapped"], ["Harmonize"], "cast Harmonize", True),
    (["Swamp", "Twilight Mire", "Barbflare Gremlin"], ["Harmonize"], "cast Harmonize", False),
    (["Twilight Mire", "Barbflare Gremlin | tapped"], ["Harmonize"], "cast Harmonize", False),
    # two tapped Gremlins: each trigger adds a type the Mire produced (CR 605.1b)
    (["Swamp", "Twilight Mire", "Barbflare Gremlin | tapped", "Barbflare Gremlin | tapped"], ["Culling Ritual"],
     "cast Culling Ritual", True),
    (["Overgrown Zealot", "Forest", "Forest", "Simic Signet", "Bashful Beastie @fd | face_down"], [],
     "turn face up @fd", True),
    # Enduring Vitality's granted ability leaves the Zealot its own second one (CR 613.1f); the
    # face-down creature tapped (Enduring Vitality gives it a mana ability too)
    (["Overgrown Zealot", "Forest", "Forest", "Forest", "Enduring Vitality | sick",
      "Bashful Beastie @fd | face_down | tapped"], [], "turn face up @fd", True),
    (["Overgrown Zealot", "Forest", "Forest", "Enduring Vitality | sick",
      "Bashful Beastie @fd | face_down | tapped"], [], "turn face up @fd", False),
    # no filter: Barbflare Gremlin tapped first, the Forest's {G}{G}, the Zealot's two restricted mana
    (["Overgrown Zealot", "Forest", "Barbflare Gremlin", "Enduring Vitality | sick",
      "Bashful Beastie @fd | face_down | tapped"], [], "turn face up @fd", True),
    (["Overgrown Zealot", "Barbflare Gremlin", "Enduring Vitality | sick",
      "Bashful Beastie @fd | face_down | tapped"], [], "turn face up @fd", False),
    # all three: the Gremlin first ({G}), the Forest's {G}{G}, one {G} pays the Signet ({G}{U}),
    # the Zealot's two: six mana for Slavering Branchsnapper's {4}{G}{G}; less any one, five
    (["Overgrown Zealot", "Forest", "Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick",
      "Slavering Branchsnapper @fd | face_down | tapped"], [], "turn face up @fd", True),
    (["Overgrown Zealot", "Forest", "Barbflare Gremlin", "Enduring Vitality | sick",
      "Slavering Branchsnapper @fd | face_down | tapped"], [], "turn face up @fd", False),
    (["Forest", "Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick", "Forest | tapped",
      "Slavering Branchsnapper @fd | face_down | tapped"], [], "turn face up @fd", False),
    # a creature to tap first, a filter and Overgrown Zealot on the board (the face-down creature
    # tapped: Enduring Vitality gives it a mana ability too)
    (["Overgrown Zealot", "Forest", "Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick",
      "Bashful Beastie @fd | face_down | tapped"], [], "turn face up @fd", True),
    (["Overgrown Zealot", "Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick",
      "Bashful Beastie @fd | face_down | tapped"], [], "turn face up @fd", False),
    (["Overgrown Zealot", "Forest", "Simic Signet", "Bashful Beastie @fd | face_down"], [],
     "turn face up @fd", False),
    (["Forest", "Forest", "Forest", "Simic Signet", "Bashful Beastie @fd | face_down"], [],
     "turn face up @fd", False),
]


@pytest.mark.parametrize("battlefield,hand,action,payable", CASES)
def test_listed_exactly_when_paid(battlefield: list[str], hand: list[str], action: str, payable: bool) -> None:
    g = _game(battlefield, hand)
    assert _agree(g, action) is payable


def test_filter_land_trigger_mana_and_damage() -> None:
    # Swamp {B}{B} (1 damage), Twilight Mire {G}{G} + {G} (1 damage): {2}{G}{G}, nothing left over
    g = _game(["Swamp", "Twilight Mire", "Barbflare Gremlin | tapped"], ["Harmonize"])
    g.apply(g.parse_action(0, "cast Harmonize"))
    assert g.st.players[0].life == 18 and not g.st.players[0].mana
    assert [i.name for i in g.stack] == ["Harmonize"]


def test_gremlin_tapped_first_then_signet() -> None:
    g = _game(["Forest", "Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick"], ["Harmonize"])
    g.apply(g.parse_action(0, "cast Harmonize"))
    me = g.st.players[0]
    assert me.life == 19 and not me.mana
    tapped = {g.st.objects[o].name for o in g.st.battlefield if g.st.objects[o].tapped}
    assert tapped == {"Forest", "Simic Signet", "Barbflare Gremlin"}


def test_filter_land_named_in_pay_with_a_tapped_gremlin() -> None:
    g = _game(["Swamp", "Twilight Mire", "Barbflare Gremlin | tapped"], ["Harmonize"])
    g.apply(g.parse_action(0, "cast Harmonize pay Swamp, Twilight Mire"))
    assert g.st.players[0].life == 18 and not g.st.players[0].mana


def test_stale_sources_tapping_first_are_caught() -> None:
    """The kept sources of a payment tapping Barbflare Gremlin first (payment.solve's FIRST
    entry), planted wrong: engine/cache_check.py finds it."""
    g = _game(["Forest", "Simic Signet", "Barbflare Gremlin", "Enduring Vitality | sick"], ["Harmonize"])
    assert "cast Harmonize" in [a.text for a in g.legal_actions(0)]
    cache_check.verify(g)  # (nothing stale yet)
    memo = player_mana(g, 0)
    keys = [k for k in memo if type(k) is tuple and k[0] == FIRST]
    assert keys, "no payment tapped a permanent first"
    memo[keys[0]] = (memo[keys[0]][0][1:], memo[keys[0]][1])  # (a source left out)
    with pytest.raises(cache_check.StaleCache, match="first of player 0"):
        cache_check.verify(g)


def test_alike_permanents_tried_once_per_combination() -> None:
    """Four alike permanents with "{T}: Add two mana of any one color" (and a fifth unlike one):
    the trials are the combinations of their choices, not the product, and every multiset of
    choices is among them (engine/rules/mana_mixed.py trials)."""
    two = Activated(tap=True, mana=("W", "U", "B", "R", "G"), amount=2)
    other = Activated(tap=True, mana=("C",), amount=3)
    sources = [Source(o, "Zealot", ("W", "U", "B", "R", "G")) for o in range(1, 5)] + [Source(9, "Rock", ("C",))]
    alts: list[Alternative] = [(o, "Zealot", 1, two) for o in range(1, 5)] + [(9, "Rock", 1, other)]
    cost = parse_cost("{G}")  # (picks: G, or one colour the cost does not name)
    got = list(trials(cost, sources, alts, None))
    # per Zealot: none, two G, two W (3 options); the Rock: none or its three
    want = {(z, r) for z in combinations_with_replacement(range(3), 4) for r in (0, 1)} - {((0, 0, 0, 0), 0)}
    seen = set()
    for trial, used in got:
        picks = tuple(sorted(0 if o not in used else 1 + "GW".index(next(s.produces[0] for s in trial
                                                                         if s.obj == o)) for o in range(1, 5)))
        seen.add((picks, int(9 in used)))
    assert len(got) == len(want) == len(seen) and seen == want  # 29 trials, not 3**4 * 2 - 1 = 161
