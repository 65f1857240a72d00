"""Which objects an action of each verb may name, per player and position (CR 601.2a, 602.2a,
305.1: what may be cast, played or activated from where; 115.1: what may be targeted; table
moves: the public zones and one's own hidden ones): the candidates engine/format.py names and
engine/parse.py resolves names among."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.naming import public_name
from engine.rules.index import CARDS
from engine.rules.card_terms import CastFromGraveyard
from engine.rules.effects import RuleChange
from engine.rules import hooks
from engine.rules import commander, exile_permissions
from engine.rules import permissions
from engine.rules.permissions import land_play_holds
from engine.rules.targets import player_rules

if TYPE_CHECKING:
    from engine.rules.context import Context


def hand_cands(g: "Context", p: int) -> list[int]:
    """The cards p may play or cast: the hand, exiled cards p may play for now, p's commander
    in the command zone (CR 903.8). Found
    once per position (the listing and its name map both ask); callers never change the list.
    The turn's permissions that are written without a change of position (mark_turn) are
    part of the key."""
    st = g.st
    now = st.this_turn.get("cast_now")
    key = ("hand_cands", p, st.this_turn.get(f"cast_from_graveyard:{p}"),
           None if now is None else (now["player"], now["obj"]))
    got: list[int] | None = g.memo.get(key)
    if got is None:
        if st.may_play:  # (permissions that depend on whose turn it is and where their source is)
            got = g.memo[key] = _hand_cands(g, p)
            return got
        # otherwise the candidates follow from the hand, the graveyard, the library's top card
        # and the rule changes p's permanents give: the same across positions while those are
        pl = st.players[p]
        rules = player_rules(g, p)
        content = (key, tuple(pl.hand), tuple(pl.graveyard), pl.library[0] if pl.library else None,
                   rules, tuple(pl.command),
                   # (a permission that depends on the lands each player controls)
                   tuple(len(g.with_type(q, "Land")) for q in range(len(st.players)))
                   if any(perm.if_behind for perm in permissions.granted(g, p, permissions.PLAY_LAND,
                                                                        permissions.LIBRARY_TOP)) else None)
        # (by id: g.names_kept, emptied when the state is replaced and an id may be another card)
        was = g.names_kept.get(content)
        got = was if was is not None else _hand_cands(g, p)
        g.names_kept[content] = got
        g.memo[key] = got
    return got


def _hand_cands(g: "Context", p: int) -> list[int]:
    st = g.st
    out = list(st.players[p].hand)
    if st.may_play:
        out += [m.obj for m in permissions.card_permissions(g) if m.player == p and m.obj in st.objects
                and st.objects[m.obj].zone == "exile" and _permission_on(g, m, p)
                and exile_permissions.allows(g, m, m.obj)]
    now = st.this_turn.get("cast_now")  # a card cast while an ability resolves (engine/rules/cast_now.py)
    if now is not None and now["player"] == p and now["obj"] in st.objects and now["obj"] not in out:
        out.append(now["obj"])
    gy = st.players[p].graveyard
    if gy:
        # "You may play lands / Forests from your graveyard." (Walk-In Closet; permissions.py)
        plays = permissions.granted(g, p, permissions.PLAY_LAND, permissions.GRAVEYARD)
        spells = bool(st.this_turn.get(f"cast_from_graveyard:{p}"))  # Forgotten Cellar
        if plays or spells:
            out += [o for o in gy if ("Land" in g.types_now(o)[0]
                                      and any(not play.subtype or play.subtype in g.printed_subtypes(o)
                                              for play in plays))
                    or ("Land" not in g.types_now(o)[0] and spells)]
    out += _library_top_land(g, p, out)
    top = CARDS.top_card(g, p)  # Into the Pit: the top card of the library
    if top is not None and top not in out:
        out.append(top)
    if st.players[p].commanders:
        out += commander.castable(g, p)  # CR 903.8: a commander from the command zone
    return out + [o for o in graveyard_cands(g, p) if o not in out]


def _library_top_land(g: "Context", p: int, already: list[int]) -> list[int]:
    """"You may play lands from the top of your library" (CR 305.1, 601.2a; a land play, so
    only with one left, CR 305.2), unconditionally or "as long as an opponent controls more
    lands than you"."""
    lib = g.st.players[p].library
    if not lib or lib[0] in already:
        return []
    # (the permissions asked before the card's types: no definition is loaded for nothing)
    plays = permissions.granted(g, p, permissions.PLAY_LAND, permissions.LIBRARY_TOP)
    if not plays or "Land" not in g.types_now(lib[0])[0]:
        return []
    return [lib[0]] if any(land_play_holds(g, p, play) for play in plays) else []


def graveyard_cands(g: "Context", p: int) -> list[int]:
    """Cards in p's graveyard p may cast with a permission to (flashback, CR 702.34; "You may
    cast this card from your graveyard if ...", CR 601.2a) — whether it is castable now is
    for the casting rules to say. Found once per position; each card's answer is kept across
    positions while p has the same rule changes (castable_from_graveyard says why)."""
    key = ("graveyard_cands", p)
    got: list[int] | None = g.memo.get(key)
    if got is None:
        gy = g.st.players[p].graveyard
        rules = player_rules(g, p)
        was = g.names_kept.get(key)  # (by id: emptied when the state is replaced)
        if was is None or was[0] != rules or len(was[1]) > 2 * len(gy) + 50:
            was = g.names_kept[key] = (rules, {})
        known: dict[int, bool] = was[1]
        granting: bool | None = None
        got = []
        for oid in gy:
            ok = known.get(oid)
            if ok is None:
                if granting is None:
                    granting = hooks.grants_alt_costs(g, p)  # (else no card is asked: the listing's hot path)
                ok = known[oid] = castable_from_graveyard(g, oid, granting)
            if ok:
                got.append(oid)
        g.memo[key] = got
    return got


def castable_from_graveyard(g: "Context", oid: int, granting: bool) -> bool:
    """Whether a card in its owner's graveyard may be cast from there (graveyard_cands), made
    now; `granting`: whether its owner's permanents give cards alternative costs
    (hooks.grants_alt_costs). What it reads: the card's definition (printed) and the
    alternative costs other permanents give it there (hooks.granted_alt_costs: escape given to
    an enchantment card, CR 702.138a), which read the card — its card types in a graveyard are
    its printed ones, no effect reaches them there (characteristics.chars) — and its owner's
    rule changes. So the answer is the same while the card stays there (the same id) and its
    owner's rule changes are the same (checked by engine/cache_check.py)."""
    d = CARDS.card_def(g.st.objects[oid].name)
    return d is not None and (d.term(CastFromGraveyard) is not None or _graveyard_alt(d.name)
                              or (granting and bool(hooks.granted_alt_costs(g, oid))))


def graveyard_cands_made(g: "Context", p: int) -> list[int]:
    """graveyard_cands made now, nothing kept (engine/cache_check.py compares)."""
    gy = g.st.players[p].graveyard
    granting = bool(gy) and hooks.grants_alt_costs(g, p)
    return [oid for oid in gy if castable_from_graveyard(g, oid, granting)]


def _permission_on(g: "Context", m: permissions.CardPermission, p: int) -> bool:
    """"During your turn, you may play cards exiled with [this permanent]": only in p's turn
    and while that permanent is still on the battlefield under p's control (CR 607.2a)."""
    if not m.your_turn:
        return True
    src = g.st.objects.get(m.source) if m.source is not None else None
    if not (g.is_active(p) and src is not None and src.zone == "battlefield" and src.controller == p):
        return False
    rule = m.rule  # the permission is that permanent's static ability, with its condition
    if rule is None:
        return True
    c = g.chars(src.id)
    if c.defn is None or rule not in c.defn.player_rules:
        return False
    if rule == RuleChange.PLAY_EXILED_WITH_THIS_IF_OPPONENT_LOST_LIFE:  # CR 119.3, 120.3a
        return any(g.st.this_turn.get(f"life_lost:{q}") for q in range(len(g.st.players)) if q != p)
    return True


def own_battlefield(g: "Context", p: int) -> list[int]:
    return [o for o in g.st.battlefield if g.st.objects[o].controller == p]


def target_cands(g: "Context") -> list[int]:
    return list(g.st.battlefield) + list(g.st.stack)


def visible_cands(g: "Context", p: int) -> list[int]:
    """What player p may name in a table move: the public zones, less the face-down cards of
    others off the battlefield (their names are not p's to know, CR 406.3, 708.5: a name typed
    must not find them), and p's own hand and library."""
    st = g.st
    objects = st.objects
    out = list(st.battlefield) + [o for o in st.stack if not objects[o].face_down or objects[o].controller == p]
    for pl in st.players:
        out += pl.graveyard + pl.command
        out += pl.exile if pl.index == p else [o for o in pl.exile if not objects[o].face_down]
    out += st.players[p].hand + st.players[p].library
    return out


def activate_cands(g: "Context", p: int, name: str) -> list[int]:
    """Permanents you control, or cards in hand (cycling) — both only if the name is in both;
    and graveyard cards with an ability that works there (Say Its Name, Balustrade Wurm)."""
    low = name.split("#")[0].strip().lower()
    bf = own_battlefield(g, p)
    hand = hand_cands(g, p)
    if low.startswith("@"):
        return bf + hand + list(g.st.players[p].graveyard)
    on_bf = any(g.st.objects[o].name.lower() == low or public_name(g.st.objects[o]).lower() == low for o in bf)
    in_hand = any(g.st.objects[o].name.lower() == low for o in hand)
    gy = graveyard_activatable(g, p, low)  # an ability that works from the graveyard (CR 113.6k)
    if on_bf and in_hand:
        d = CARDS.card_def(g.st.objects[next(o for o in hand if g.st.objects[o].name.lower() == low)].name)
        if d is None or not any(ab.zone == "hand" for ab in d.activated):
            return list(dict.fromkeys(bf + gy))  # the hand copy has no ability to activate: no need to tell them apart
        return list(dict.fromkeys(bf + hand + gy))
    if gy:
        return list(dict.fromkeys((bf if on_bf else []) + (hand if in_hand else []) + gy))
    return bf if on_bf else hand


def graveyard_activatable(g: "Context", p: int, low: str) -> list[int]:
    """p's graveyard cards of this name that have an ability working from the graveyard: read
    once per position for every name (the listing asks for each permanent's name)."""
    key = ("gy_activatable", p, len(g.st.players[p].graveyard))
    by_name: dict[str, list[int]] | None = g.memo.get(key)
    if by_name is None:
        by_name = {}
        works: dict[str, bool] = {}
        for o in g.st.players[p].graveyard:
            name = g.st.objects[o].name
            ok = works.get(name)
            if ok is None:
                d = CARDS.card_def(name)
                ok = works[name] = d is not None and any(ab.zone == "graveyard" for ab in d.activated)
            if ok:
                by_name.setdefault(name.lower(), []).append(o)
        g.memo[key] = by_name
    return by_name.get(low, [])


def _graveyard_alt(name: str) -> bool:
    """Whether the card `name` has an alternative cost or permission to cast from the graveyard
    (flashback, CR 702.34a; retrace, CR 702.81a). Asked per card: the pool is not loaded."""
    got = _GY_ALTS.get(name)
    if got is None:
        got = _GY_ALTS[name] = CARDS.has_definition(name) and any(
            hooks.alternative_cost_zone(a) == "graveyard" for a in hooks.alternative_costs(CARDS.card_def(name)))
    return got


_GY_ALTS: dict[str, bool] = {}
