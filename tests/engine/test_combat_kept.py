"""What the combat listing keeps for a whole declaration (engine/rules/block_rules.py
`block_table`, engine/rules/attack_rules.py `attack_candidates`, `goaded`,
`allowed_defenders`): each test lists a declaration, changes exactly what such a keep must
notice — a creature tapped by hand (hybrid mode: tapped status leaves the per-position memo
as it is), a creature goaded, an attack requirement written into the combat — and lists
again. A stale keep lists what the rules no longer allow; the lists are also compared with
those of a game made from the state alone (no cache), and the `checked` fixture compares
every kept answer after each action (engine/cache_check.py)."""
from __future__ import annotations

from engine.cards.mechanics.goad import ATTACK_OTHERS, goad, goaded_among
from engine.config import GameConfig
from engine.game import Game
from engine.rules.combat_listing import declared_pairs

PLAYERS = ["Alice", "Bob", "Carol"]


def _game(alice: list[str], bob: list[str], mode: str = "hybrid", seats: int = 2) -> Game:
    setup: dict[str, object] = {"Alice": {"battlefield": alice, "library": ["Forest"] * 10},
                                "Bob": {"battlefield": bob, "library": ["Forest"] * 10}}
    if seats == 3:
        setup["Carol"] = {"battlefield": ["Forest"], "library": ["Forest"] * 10}
    return Game(GameConfig(players=PLAYERS[:seats], seed=1, mode=mode, setup=setup))


def _until(g: Game, kind: str) -> None:
    while g.pending is not None and g.pending.kind != kind:
        g.apply("pass", g.pending.player)
    assert g.pending is not None and g.pending.kind == kind


def _texts(g: Game, p: int) -> list[str]:
    return [a.text for a in g.legal_actions(p)]


def _fresh(g: Game) -> Game:
    """The same position in a game with every cache empty."""
    return Game(g.config, _state=g.st.copy())


def _oid(g: Game, name: str, nth: int = 0) -> int:
    return [o for o in g.st.battlefield if g.st.objects[o].name == name][nth]


def test_a_blocker_tapped_by_hand_in_the_declaration_is_listed_no_more(checked: None) -> None:
    """Bob's two Teddies can each block Alice's attacker; Bob taps one by hand (hybrid) in
    the middle of his declaration: it can't block (CR 509.1a), and is not listed."""
    g = _game(["Irreverent Gremlin"], ["Friendly Teddy", "Ragged Playmate"])
    _until(g, "attackers")
    g.apply("attack Irreverent Gremlin -> Bob", 0)
    _until(g, "blockers")
    before = _texts(g, 1)
    assert any(t.startswith("blocker Ragged Playmate") for t in before)
    g.apply("tap Ragged Playmate", 1)
    after = _texts(g, 1)
    assert not any(t.startswith("blocker Ragged Playmate") for t in after)
    assert after == _texts(_fresh(g), 1)


def test_menace_counts_only_untapped_blockers_after_a_tap_by_hand(checked: None) -> None:
    """Menace (CR 702.111b): Alice's Gremlin needs two blockers. With both of Bob's creatures
    untapped each may start the block; once one is tapped by hand the other can't (no second
    blocker is left): the blockers each menace check counts are read untapped now."""
    g = _game(["Irreverent Gremlin"], ["Friendly Teddy", "Ragged Playmate"])
    _until(g, "attackers")
    g.apply("attack Irreverent Gremlin -> Bob", 0)
    _until(g, "blockers")
    assert "blocker Friendly Teddy -> Irreverent Gremlin" in _texts(g, 1)
    g.apply("tap Ragged Playmate", 1)
    after = _texts(g, 1)
    assert after == ["block done"]
    assert after == _texts(_fresh(g), 1)


def test_a_blocker_untapped_by_hand_is_listed_again(checked: None) -> None:
    """The other way round: a tapped creature listed as no blocker, untapped by hand, blocks."""
    g = _game(["Friendly Teddy"], ["Friendly Teddy | tapped", "Ragged Playmate"])
    _until(g, "attackers")
    g.apply("attack Friendly Teddy#1 -> Bob", 0)
    _until(g, "blockers")
    teddy = _oid(g, "Friendly Teddy", 1)
    assert g.st.objects[teddy].controller == 1 and g.st.objects[teddy].tapped
    assert not any(a.verb == "blocker" and a.pairs[0][0] == teddy for a in g.legal_actions(1))
    g.apply("untap Friendly Teddy#2", 1)
    assert any(a.verb == "blocker" and a.pairs[0][0] == teddy for a in g.legal_actions(1))
    assert _texts(g, 1) == _texts(_fresh(g), 1)


def test_an_attacker_tapped_by_hand_in_the_declaration_is_listed_no_more(checked: None) -> None:
    """Alice's two creatures can attack; she taps one by hand after declaring the other: it
    can't attack (CR 508.1a) and is not listed."""
    g = _game(["Friendly Teddy", "Ragged Playmate"], ["Forest"])
    _until(g, "attackers")
    assert "attacker Ragged Playmate -> Bob" in _texts(g, 0)
    g.apply("attacker Friendly Teddy -> Bob", 0)
    g.apply("tap Ragged Playmate", 0)
    after = _texts(g, 0)
    assert after == ["attack done"]
    assert after == _texts(_fresh(g), 0)


def test_a_creature_goaded_after_the_listing_must_attack(checked: None) -> None:
    """A creature goaded once the declaration's listing was made (CR 701.15b): it attacks if
    able, so the declaration without it can't end (`attack done` is not listed), and it may
    attack only a player other than its goader where it can."""
    g = _game(["Friendly Teddy"], ["Forest"], seats=3)
    _until(g, "attackers")
    assert _texts(g, 0) == ["attack done", "attacker Friendly Teddy -> Bob", "attacker Friendly Teddy -> Carol"]
    goad(g, _oid(g, "Friendly Teddy"), 1)  # (Bob goads it: the permanent remembers it)
    after = _texts(g, 0)
    assert after == ["attacker Friendly Teddy -> Carol"]
    assert after == _texts(_fresh(g), 0)


def test_an_attack_requirement_written_into_the_combat_is_seen() -> None:
    """"This creature attacks that player this combat if able" (CR 508.1d) lives in the
    combat, written without emptying the per-position memo: the creature may attack only that
    player, the moment it is written."""
    g = _game(["Friendly Teddy"], ["Forest"], seats=3)
    _until(g, "attackers")
    assert _texts(g, 0) == ["attack done", "attacker Friendly Teddy -> Bob", "attacker Friendly Teddy -> Carol"]
    g.st.combat["must_attack"] = [[_oid(g, "Friendly Teddy"), 2]]  # (as the card's effect writes it)
    after = _texts(g, 0)
    assert after == ["attacker Friendly Teddy -> Carol"]
    assert after == _texts(_fresh(g), 0)


def test_an_attacker_removed_from_combat_is_listed_no_more(checked: None) -> None:
    """An attacker removed from combat in the middle of the blockers' declaration (as a
    control change does, CR 506.4: engine/rules/leave.py) can't be blocked: not listed."""
    g = _game(["Friendly Teddy", "Ragged Playmate"], ["Friendly Teddy", "Ragged Playmate"])
    _until(g, "attackers")
    g.apply("attack Friendly Teddy, Ragged Playmate -> Bob", 0)
    _until(g, "blockers")
    teddy, playmate = (o for o in g.st.battlefield if g.st.objects[o].controller == 0)

    def blocked_ones(game: Game) -> set[int]:
        return {a.pairs[0][1][1] for a in game.legal_actions(1) if a.verb == "blocker"}
    assert blocked_ones(g) == {teddy, playmate}
    g.update(playmate, attacking=None)
    assert blocked_ones(g) == {teddy}
    assert _texts(g, 1) == _texts(_fresh(g), 1)


def test_a_creature_given_haste_in_the_declaration_is_listed(checked: None) -> None:
    """A creature that came under Alice's control this turn can't attack (CR 302.6) until it
    has haste (CR 702.10b): given haste by an effect once the listing was made, it is listed
    (what each creature could do but for tapped status and summoning sickness is kept while
    its characteristics are)."""
    g = _game(["Friendly Teddy", "Ragged Playmate | sick"], ["Forest"])
    _until(g, "attackers")
    assert _texts(g, 0) == ["attack done", "attacker Friendly Teddy -> Bob"]
    g.add_effect("6", [_oid(g, "Ragged Playmate")], add_kw=["haste"])
    after = _texts(g, 0)
    assert after == ["attack done", "attacker Friendly Teddy -> Bob", "attacker Ragged Playmate -> Bob"]
    assert after == _texts(_fresh(g), 0)


def test_an_effect_with_goads_requirements_added_after_the_listing_is_seen(checked: None) -> None:
    """Bob's Kardur, Doomscourge ("creatures your opponents control attack each combat if able
    and attack a player other than you if able", CR 508.1d, 701.15b) resolving once Alice's
    listing was made: her creature must attack, and Carol."""
    g = _game(["Friendly Teddy"], ["Forest"], seats=3)
    _until(g, "attackers")
    assert _texts(g, 0) == ["attack done", "attacker Friendly Teddy -> Bob", "attacker Friendly Teddy -> Carol"]
    g.add_effect("rules", [], until="your_next_turn:1", **{ATTACK_OTHERS: 1})
    after = _texts(g, 0)
    assert after == ["attacker Friendly Teddy -> Carol"]
    assert after == _texts(_fresh(g), 0)
    assert goaded_among(g, [_oid(g, "Friendly Teddy")]) == [_oid(g, "Friendly Teddy")]


def test_a_restriction_that_enters_after_the_listing_is_obeyed(checked: None) -> None:
    """Bob's Sandwurm Convergence ("Creatures with flying can't attack you or planeswalkers you
    control", CR 508.1c) put onto the battlefield once Alice's declaration was listed without
    restrictions: her flyer may attack Bob no more (whether attacks are unrestricted is kept
    with the static abilities' list, made again as it changes)."""
    setup = {"Alice": {"battlefield": ["Piranha Fly", "Friendly Teddy"], "library": ["Forest"] * 10},
             "Bob": {"battlefield": ["Forest"], "hand": ["Sandwurm Convergence"], "library": ["Forest"] * 10}}
    g = Game(GameConfig(players=PLAYERS[:2], seed=1, mode="hybrid", setup=setup))
    _until(g, "attackers")
    assert "attacker Piranha Fly -> Bob" in _texts(g, 0)
    g.apply("attacker Friendly Teddy -> Bob", 0)
    g.move(g.st.players[1].hand[0], "battlefield")
    assert "Sandwurm Convergence" in [c.name for _, _, c in g.perms(1)]
    after = _texts(g, 0)
    assert after == ["attack done"]
    assert after == _texts(_fresh(g), 0)


def test_the_parts_declared_so_far_are_read_as_the_decision_holds_them() -> None:
    """`declared_pairs` reads each part's decision from the last one's answer (one part more,
    the parts before it the same by value): any other list of parts — another declaration,
    one part taken back — is read whole, as a game with no cache reads it."""
    g = _game(["Friendly Teddy", "Ragged Playmate"], ["Forest"])
    _until(g, "attackers")
    teddy, playmate = _oid(g, "Friendly Teddy"), _oid(g, "Ragged Playmate")
    pend = g.st.pending
    assert pend is not None
    for parts in ([[teddy, ["p", 1]]], [[teddy, ["p", 1]], [playmate, ["p", 1]]], [[playmate, ["p", 1]]],
                  [[teddy, ["p", 0]], [playmate, ["p", 1]]], [[teddy, ["p", 1]], [playmate, ["p", 1]]]):
        g.st.pending = dict(pend, declared=parts)
        want = [(o, (k, v)) for o, (k, v) in parts]
        assert declared_pairs(g) == want == declared_pairs(_fresh(g))


def test_a_must_be_blocked_requirement_counts_only_untapped_blockers_after_a_tap_by_hand(checked: None) -> None:
    """"This creature must be blocked if able" (CR 509.1c): Bob's one creature able to block
    Alice's Fear of Being Hunted must block it; tapped by hand (hybrid) in the middle of his
    declaration it can't block (CR 509.1a), so the most requirements Bob can obey is none and
    he may end the declaration without blocks (the most kept with the tapped status read)."""
    g = _game(["Fear of Being Hunted"], ["Friendly Teddy"])
    _until(g, "attackers")
    g.apply("attack Fear of Being Hunted -> Bob", 0)
    _until(g, "blockers")
    assert _texts(g, 1) == ["blocker Friendly Teddy -> Fear of Being Hunted"]
    g.apply("tap Friendly Teddy", 1)
    after = _texts(g, 1)
    assert after == ["block done"]
    assert after == _texts(_fresh(g), 1)


def test_a_teammate_untapped_by_hand_can_complete_a_menace_block(checked: None) -> None:
    """Shared team turns (CR 805.10d): the defending team's block is one, each member adding
    to it in turn. Alice's Bedhead Beastie (menace, CR 702.111b) attacks Carol; Bob declares
    first. With Carol's only creature tapped Bob's one creature can't start the block (no
    second blocker); Carol's creature untapped by hand (hybrid) in the middle of Bob's
    declaration can complete it, so Bob may (the teammates still to declare kept with the
    tapped status read)."""
    team = {"team": "heroes", "library": ["Swamp"] * 5}
    setup: dict[str, object] = {
        "Alice": {"team": "villain", "battlefield": ["Bedhead Beastie"], "library": ["Plains"] * 5},
        "Bob": {**team, "battlefield": ["Grasping Longneck"]},
        "Carol": {**team, "battlefield": ["Grasping Longneck | tapped"]},
        "Dave": dict(team)}
    g = Game(GameConfig(players=["Alice", "Bob", "Carol", "Dave"], seed=1, mode="hybrid",
                        format="archenemy_commander", setup=setup))
    _until(g, "attackers")
    g.apply("attack Bedhead Beastie -> Carol", 0)
    _until(g, "blockers")
    assert g.pending is not None and g.pending.player == 1
    assert _texts(g, 1) == ["block done"]
    carols = _oid(g, "Grasping Longneck", 1)
    assert g.st.objects[carols].controller == 2
    g.update(carols, tapped=False)  # (as Carol's "untap" by hand does)
    after = _texts(g, 1)
    assert after == ["block done", "blocker Grasping Longneck -> Bedhead Beastie"]
    assert after == _texts(_fresh(g), 1)
