"""The heuristic level's cheap choices (engine/ai/heuristic.py), made without a look-ahead: the
land whose colour the hand needs, and the search's rollout policy for spells (card text and
mana value decide)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action
from engine.ai import adapter
from engine.ai.adapter import card_info, harmful_text
from engine.ai.evaluate import creature_value

if TYPE_CHECKING:
    from engine.game import Game

MY_MAIN = ("main1", "main2")  # (the main phases: a land and a sorcery's moment in my turn)


def choose_land(g: "Game", seat: int, lands: list[Action]) -> Action:
    """The land whose colour the hand needs most."""
    st = adapter.game_state(g)
    need: dict[str, int] = {}
    for o in st.players[seat].hand:
        for col in card_info(st.objects[o].name).colours:
            need[col] = need.get(col, 0) + 1
    have: dict[str, int] = {}
    for _oid, _o, c in g.perms(seat):
        if "Land" in c.types:
            for col, land in (("W", "Plains"), ("U", "Island"), ("B", "Swamp"), ("R", "Mountain"), ("G", "Forest")):
                if land in c.subtypes:
                    have[col] = have.get(col, 0) + 1

    def score(a: Action) -> float:
        assert a.obj is not None
        c = adapter.chars(g, a.obj)
        s = 0.0
        for col, land in (("W", "Plains"), ("U", "Island"), ("B", "Swamp"), ("R", "Mountain"), ("G", "Forest")):
            if land in c.subtypes:
                s += need.get(col, 0) / (1 + have.get(col, 0))
        return s
    return max(lands, key=lambda a: (score(a), -lands.index(a)))


def _target_owner(g: "Game", ref: tuple[str, int]) -> int | None:
    st = adapter.game_state(g)
    if ref[0] == "p":
        return ref[1]
    o = st.objects.get(ref[1])
    return None if o is None else o.controller


def _target_value(g: "Game", ref: tuple[str, int]) -> float:
    if ref[0] == "p":
        return 3.0
    st = adapter.game_state(g)
    if ref[1] not in st.objects or st.objects[ref[1]].zone != "battlefield":
        return 1.0
    c = adapter.chars(g, ref[1])
    if "Creature" in c.types:
        return creature_value(c.power or 0, c.toughness or 0, c.keywords)
    return 1.5


def quick_spell(g: "Game", seat: int, actions: list[Action]) -> Action | None:
    """The rollout policy for spells: no look-ahead, card text and mana value decide."""
    st = adapter.game_state(g)
    my_turn = g.is_active(seat)
    best: Action | None = None
    best_score = 0.0
    for a in actions:
        if a.obj is None or a.obj not in st.objects:
            continue
        name = st.objects[a.obj].name
        info = card_info(name)
        tg = adapter.targets(a)
        if a.verb == "cast":
            instant = "Instant" in info.types
            if not instant and not (my_turn and st.step in MY_MAIN and not st.stack):
                continue
            if instant and my_turn and st.step in MY_MAIN and not tg:
                continue
            score = 1.0 + info.mana_value
        else:
            score = 0.5
        if tg:
            harmful = harmful_text(name)
            mine = [_target_owner(g, t) == seat for t in tg]
            if harmful is True and any(mine):
                continue
            if harmful is False and not all(mine):
                continue
            if harmful is False and not any(st.objects[t[1]].attacking is not None or st.objects[t[1]].blocking
                                            for t in tg if t[0] == "o" and t[1] in st.objects):
                continue  # boosts only in combat
            score += sum(_target_value(g, t) for t in tg) * (1 if harmful else 0.3)
        if score > best_score:
            best, best_score = a, score
    return best
