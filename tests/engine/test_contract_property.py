"""The engine's contract, tried as a new driver would (issue 8): on positions reached by
seeded random play with 2, 3 and 4 players (the core deck, and decks drawn from the whole pool),

* every listed action applies to a clone, and its text reads back as the same action;
* random well-formed actions that are not listed are refused with an ActionError
  (ActionSyntaxError, AmbiguousActionError or IllegalActionError), leaving the game as it was
  — but for the shorthand `choose OPTION, ...` of a choice of several, accepted exactly when
  its parts (`pick OPTION` each, then `choose done`) are listed in turn (docs/actions.md);
* structured actions with bad ids or fields are refused the same way;
* nothing else ever raises.

`python -m tests.engine.test_contract_property` prints the figures for a longer run.
"""
from __future__ import annotations

import random
import sys
from collections import Counter

import pytest

from engine.actions import Action, ActionSyntaxError, AmbiguousActionError, IllegalActionError
from engine.ai.random_agent import RandomAgent
from engine.config import GameConfig
from engine.decks.pool import pool_deck
from engine.game import Game

DECK = (["Forest"] * 2 + ["Mountain"] * 2 + ["Swamp"] * 2 + ["Island"] + ["Plains"]
        + ["Piggy Bank", "Friendly Teddy", "Ragged Playmate", "Bear Trap", "Pyroclasm", "Murder",
           "Scorching Dragonfire", "Winter's Intervention", "Give In to Violence", "Horrid Vigor",
           "Enter the Enigma", "Seized from Slumber", "Slavering Branchsnapper", "Daggermaw Megalodon",
           "Piranha Fly", "Lionheart Glimmer", "Come Back Wrong", "Abandoned Campground",
           "Irreverent Gremlin", "Anthropede", "Grasping Longneck"])
NAMES = ["Alice", "Bob", "Carol", "Dave"]
COLOURS = ("W", "U", "B", "R", "G", "C")


def _canonical(g: Game, a: Action) -> Action:
    """Identical cards in hand are listed once (either may be used): compare by the first."""
    if a.verb in ("play", "cast") and a.obj is not None and a.obj in g.st.objects:
        hand = g.st.players[a.player].hand if 0 <= a.player < g.num_players else []
        if a.obj in hand:
            name = g.st.objects[a.obj].name
            first = next(o for o in hand if g.st.objects[o].name == name)
            return a._replace(obj=first, text="")
    if a.verb == "activate" and a.ability == 0 and len(a.choice) == 1 and a.obj in g.st.objects:
        d = g.chars(a.obj).defn if g.st.objects[a.obj].zone == "battlefield" else None
        mana = d.mana_abilities() if d else []
        if mana and tuple(mana[0].mana) == a.choice:  # "mana=G" of a Forest is just "activate Forest"
            return a._replace(choice=(), text="")
    if a.x == 0:
        return a._replace(x=None, text="")
    return a._replace(text="")


def _random_ref(g: Game, rng: random.Random, ids: list[int]) -> tuple[str, int]:
    if rng.random() < 0.3:
        return ("p", rng.randrange(-1, g.num_players + 1))
    return ("o", rng.choice(ids))


def _candidates(g: Game, p: int, rng: random.Random, n: int) -> list[Action]:
    """Well-formed actions in the vocabulary legal_actions uses (no shorthands, no table
    moves, no concede), with ids drawn from every object and a few that do not exist."""
    ids = list(g.st.objects) + [max(g.st.objects, default=0) + 1, 0, -3]
    dec = g.pending
    options = list(dec.options) if dec else []
    names = [o.name for o in g.st.objects.values()] or ["Nothing"]
    out: list[Action] = []
    for _ in range(n):
        r = rng.randrange(15)
        obj = rng.choice(ids)
        if r == 0:
            out.append(Action(p, rng.choice(["pass", "keep", "mulligan"])))
        elif r == 1:
            out.append(Action(p, "play", obj=obj))
        elif r == 2:
            k = rng.choice([0, 0, 1, 1, 2])
            out.append(Action(p, "cast", obj=obj, targets=tuple(_random_ref(g, rng, ids) for _ in range(k)),
                              modes=rng.choice([(), (), (1,), (2,), (3,)]), alt=rng.choice(["", "", "impending"])))
        elif r == 3:
            k = rng.choice([0, 0, 1])
            out.append(Action(p, "activate", obj=obj, ability=rng.randrange(0, 3),
                              targets=tuple(_random_ref(g, rng, ids) for _ in range(k)),
                              choice=(rng.choice(COLOURS),) if rng.random() < 0.3 else ()))
        elif r == 4:
            out.append(Action(p, "attacker", pairs=((obj, _random_ref(g, rng, ids)),)))
        elif r == 5:
            out.append(Action(p, "blocker", pairs=((obj, ("o", rng.choice(ids))),)))
        elif r == 6:
            out.append(Action(p, rng.choice(["attack", "block", "choose"]), args=("done",)))
        elif r == 7:
            opt = rng.choice(options) if options and rng.random() < 0.7 else rng.choice(names)
            out.append(Action(p, rng.choice(["pick", "choose"]), choice=(opt,)))
        elif r == 8:
            out.append(Action(p, "turn face up", obj=obj))
        elif r == 9:
            out.append(Action(p, "unlock", obj=obj, face=rng.choice(names)))
        elif r == 10:  # another seat, or none
            out.append(Action(rng.choice([q for q in range(-1, g.num_players + 1) if q != p]), "pass"))
        elif r == 11:  # malformed fields
            out.append(rng.choice([
                Action(p, "cast", obj="Murder"),  # type: ignore[arg-type]
                Action(p, "fly"),
                Action(p, "attacker", pairs=((obj,),)),  # type: ignore[arg-type]
                Action(p, "cast", obj=obj, targets=(("x", 1),)),
                Action(p, "cast", obj=obj, modes=(0,)),
                Action(p, "activate", obj=obj, ability=-1),
                Action(p, "cast", obj=obj, x=-5),
                Action(p, "pick", choice=(3,)),  # type: ignore[arg-type]
                Action("0", "pass"),  # type: ignore[arg-type]
            ]))
        elif r == 12:  # text: mangled listed texts and junk
            out.append(Action(p, "__text__", args=(rng.choice([
                "cast", "cast Murder mode=1,", "attack", "attacker", "blocker -> ", "pick", "choose",
                "activate Forest ability 99", "cast Murder -> Nobody", "play " + rng.choice(names),
                "cast " + rng.choice(names) + " -> " + rng.choice(names), "x" * 3000, "",
                "target " + rng.choice(names), "attacker " + rng.choice(names) + " -> " + rng.choice(NAMES),
                "blocker " + rng.choice(names) + " -> " + rng.choice(names)]),)))
        elif r == 13:  # one part of a combat damage division (or the default)
            if rng.random() < 0.2:
                out.append(Action(p, "assign", choice=("default",)))
            else:
                out.append(Action(p, "assign", obj=obj, args=((_random_ref(g, rng, ids), rng.randrange(-1, 8)),)))
        else:
            out.append(Action(p, "choose", choice=(rng.choice(options or names),)))
    return out


def _shorthand(g: Game, a: Action) -> bool:
    """Whether `a` is the shorthand `choose OPTION, ...` for a choice of several (docs/actions.md
    "Decisions in parts": accepted, not listed — listing every subset would grow
    combinatorially)."""
    dec = g.pending
    return a.verb == "choose" and bool(a.choice) and a.args != ("done",) and dec is not None \
        and dec.player == a.player and dec.max_count > 1 and dec.kind in ("bottom", "discard", "ask", "targets")


def _parts_listed(g: Game, a: Action) -> bool:
    """Whether the shorthand's parts are each listed in turn: `pick OPTION` for each option,
    then `choose done` unless the last pick made the choice (its maximum)."""
    c = g.clone()
    for i, opt in enumerate(a.choice):
        dec = c.pending
        if dec is None or dec.player != a.player or i and not dec.chosen:
            return False  # (the choice was made before every option was picked)
        pick = Action(a.player, "pick", choice=(opt,))
        texts = {x.text.lower() for x in c.legal_actions(a.player)}
        if f"pick {opt}".lower() not in texts:
            return False
        c.apply(pick)
    dec = c.pending
    if dec is not None and dec.player == a.player and dec.chosen:  # (still open: `choose done` ends it)
        return "choose done" in {x.text for x in c.legal_actions(a.player)}
    return True


def _try(g: Game, a: Action, listed: set[Action], stats: Counter[str]) -> None:
    if a.verb == "__text__":
        stats["tried"] += 1
        try:
            act = g.parse_action(a.player, a.args[0])
        except (ActionSyntaxError, AmbiguousActionError, IllegalActionError) as exc:
            stats["refused"] += 1
            stats["refused." + type(exc).__name__] += 1
            return
        a = act
        if a.manual or a.verb == "concede":
            return
    else:
        stats["tried"] += 1
    key = _canonical(g, a) if isinstance(a.obj, int) or a.obj is None else a
    probe = g.clone()
    before = probe.dump() if stats["refused"] % 7 == 0 else ""
    try:
        key_listed = key in listed
    except TypeError:
        key_listed = False
    try:
        probe.apply(a)
    except (ActionSyntaxError, AmbiguousActionError, IllegalActionError) as exc:
        assert not key_listed, f"listed action {a} refused: {exc}"
        assert not (_shorthand(g, a) and _parts_listed(g, a)), f"shorthand {a} refused, its parts listed: {exc}"
        if stats["refused"] % 7 == 0:  # (dumps are slow: a sample)
            assert probe.dump() == before, f"a refused action changed the game: {a}"
        stats["refused"] += 1
        stats["refused." + type(exc).__name__] += 1
        return
    if not key_listed and _shorthand(g, a):
        assert _parts_listed(g, a), f"shorthand {a} accepted, its parts not listed at {g.pending}"
        stats["accepted shorthand"] += 1
        return
    assert key_listed, f"{tuple(a)} ({probe.history[-1].text}) is not listed but was applied at {g.pending}"
    stats["accepted"] += 1


def run(seats: int, games: int, seed0: int = 0, every: int = 13, per_position: int = 16,
        max_decisions: int = 700, pool: bool = False) -> Counter[str]:
    """`pool`: each player a deck drawn from the whole pool (engine/decks/pool.py) instead of DECK."""
    stats: Counter[str] = Counter()
    for seed in range(seed0, seed0 + games):
        decks = [pool_deck(seed * seats + i) for i in range(seats)] if pool else [DECK] * seats
        g = Game(GameConfig(players=NAMES[:seats], decks=decks, seed=seed, mode="rules"))
        agents = [RandomAgent(seed * seats + i + 1) for i in range(seats)]
        rng = random.Random(seed)
        n = 0
        while g.pending is not None and n < max_decisions * seats:
            p = g.pending.player
            actions = g.legal_actions(p)
            assert actions, f"no legal action at {g.pending}"
            if n % every == 0:
                stats["positions"] += 1
                listed = {_canonical(g, a) for a in actions}
                assert len(listed) == len(actions), "an action is listed twice"
                for a in actions:  # every listed action applies, and its text reads back
                    back = g.parse_action(p, str(a))
                    assert _canonical(g, back) == _canonical(g, a), f"{a.text!r} reads back as {back!r}"
                    g.clone().apply(a)
                    stats["listed_applied"] += 1
                for a in _candidates(g, p, rng, per_position):
                    _try(g, a, listed, stats)
            g.apply(agents[p].pick(actions))
            n += 1
    return stats


# the core deck, and (issue #24 "Done when": the whole pool in 2, 3 and 4 player games) decks
# drawn from the whole pool
@pytest.mark.parametrize("seats, games, pool", [(2, 2, False), (3, 1, False), (4, 1, False),
                                                (2, 2, True), (3, 1, True), (4, 1, True)])
def test_listed_actions_apply_and_others_are_refused(seats: int, games: int, pool: bool) -> None:
    stats = run(seats, games, pool=pool)
    assert stats["positions"] > 30 and stats["refused"] > 100 and stats["accepted"] > 0
    print(f"{seats} players: {dict(stats)}")


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 10
    total: Counter[str] = Counter()
    for seats in (2, 3, 4):
        stats = run(seats, games, seed0=1000, max_decisions=1500)
        print(f"{seats} players, {games} games: {dict(stats)}")
        total.update(stats)
    print(f"total: positions {total['positions']}, listed actions applied {total['listed_applied']}, "
          f"random actions tried {total['tried']}, refused {total['refused']} "
          f"(syntax {total['refused.ActionSyntaxError']}, ambiguous {total['refused.AmbiguousActionError']}, "
          f"illegal {total['refused.IllegalActionError']}), accepted (were listed) {total['accepted']}, "
          "other exceptions: none")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
