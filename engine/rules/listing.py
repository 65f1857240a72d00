"""What a deciding player may do (CR 117): every legal action for the open decision, each with
its canonical text (docs/actions.md). Exact: large decisions are taken one part at a time.
With priority, each of the player's objects is asked for its ways to be played, cast or
activated (engine/rules/ways.py, engine/rules/cast_way.py; a mechanic adds its own through
engine/rules/hooks.py). The hot path of the engine: what it reads of the position is kept
where it can be (the caches in engine/rules/context.py). engine/rules/priority.py performs the
chosen action.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.action_candidates import hand_cands
from engine.format import with_texts
from engine.rules import characteristics, combat_damage, combat_listing, hooks, idle, permissions, targets as tg
from engine.rules.cast_way import CAST_SPELL
from engine.rules.delve import NONE as NOTHING
from engine.rules.index import CARDS
from engine.rules.lister import Lister
from engine.rules.mana_actions import activate_names, source_actions
from engine.rules.permanents_plan import GRANTED_ONLY, LAND, NO_MANA, ONE_MANA, Steady, plan as _plan
from engine.rules.ways import (ACTIVATED, GRANTED_MANA_WAY, GRAVEYARD_ABILITIES, HAND_ABILITIES, MANA_ABILITIES,
                               PLAY_LAND, TURN_FACE_UP, UNLOCK_DOOR, Way, works_from_graveyard)

if TYPE_CHECKING:
    from engine.contract import Decision
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context


def legal_actions(g: "Context", dec: "Decision") -> list[Action]:
    """Every action the deciding player may take now, each with its canonical text. Exact:
    large decisions are taken one part at a time (attackers, blockers, picks), so nothing
    is ever cut off (docs/actions.md "Decisions in parts")."""
    p = dec.player
    kind = dec.kind
    out: list[Action]
    if kind == "priority":
        out = [_PASS[p] if p < len(_PASS) else Action(p, "pass", text="pass")] + priority_actions(g, p)
    elif kind == "mulligan":
        out = [Action(p, "keep")]
        if g.st.players[p].mulligans < g.config.hand_size:  # CR 103.5: not once the hand would be empty
            out.append(Action(p, "mulligan"))
    elif kind == "attackers":
        out = combat_listing.attack_actions(g, p)
    elif kind == "blockers":
        out = combat_listing.block_actions(g, p)
    elif kind == "assign":  # combat damage (CR 510.1)
        out = combat_damage.assign_actions(g, p)
    elif kind in ("bottom", "discard", "ask", "order_triggers", "targets"):
        out = _pick_actions(dec)
    else:
        out = []
    return with_texts(g, p, out)


_new = tuple.__new__

# each seat's `pass` (an Action is an immutable value: one serves every listing)
_PASS = tuple(Action(p, "pass", text="pass") for p in range(8))


def _pick_actions(dec: "Decision") -> list[Action]:
    """A choice of one: `choose X` for each option. A choice of several: `pick X` one at a
    time (the decision ends by itself at the maximum), `choose done` once the minimum is in."""
    p = dec.player
    if dec.max_count <= 1 and not dec.chosen:
        # (an option offered twice — two Forests — is one answer: listed once, every action once)
        # (each made as the tuple it is, with its text as with_texts writes it: hundreds of
        # targets on a crowded board)
        out = [_new(Action, (p, "choose", None, (), "", "", None, (), 0, (), (o,), (), (), "choose " + o))
               for o in dict.fromkeys(dec.options)]
        if dec.min_count == 0:
            out.append(Action(p, "choose", args=("done",), text="choose done"))
        return out
    # an option offered N times (two Forests found by a search) may be picked N times: it is
    # listed (once: the same action) while a copy of it is not yet picked
    left = list(dec.chosen) if dec.kind not in ("bottom", "discard") else []
    out = []
    listed: set[str] = set()
    for o in dec.options:
        if o in left:
            left.remove(o)
        elif o == NOTHING and dec.chosen:
            continue  # "nothing" is all of an answer (delve's none), not a part of one (priority._pick)
        elif o not in listed:
            listed.add(o)
            out.append(Action(p, "pick", choice=(o,), text="pick " + o))
    if len(dec.chosen) >= dec.min_count:
        out.append(Action(p, "choose", args=("done",), text="choose done"))
    return out


def cast_actions(g: "Context", p: int, oid: int) -> list[Action]:
    """The legal ways for p to cast this card now, each complete with its targets (a card
    cast while an ability resolves, engine/rules/cast_now.py)."""
    out: list[Action] = []
    for a in priority_actions(g, p):
        if a.verb != "cast" or a.obj != oid:
            continue
        d = g.chars(oid).defn
        specs = tg.per_player(g, p, d.targets_for(a.modes)) if d is not None else []
        if a.targets or not specs:
            out.append(a)
            continue
        # announced without targets in the listing (several words, or a crowded board:
        # targets.in_parts): here every complete choice is its own way, since the cast
        # happens inside this one decision (CR 601.2c) — unless the choices are too many to
        # list (Aether Gale's six targets on a Commander board: billions of them): then the
        # way is the cast alone, and its targets are chosen one at a time (cast_offer.py)
        size = 1
        for spec in specs:
            size *= len(tg.options(g, spec, p)) + (1 if spec.up_to else 0)
        if len(specs) > 1 and size > tg.INLINE_TARGETS:  # (one word: as many ways as targets)
            out.append(a._replace(text=""))
            continue
        for combo in tg.combos(g, specs, p):
            if not combo:  # "up to one target": none chosen is written `nothing` (targets.NONE)
                combo = tuple(tg.NONE for _ in specs)
            out.append(a._replace(targets=combo, text=""))
    return with_texts(g, p, out)


def priority_actions(g: "Context", p: int) -> list[Action]:
    """What p may do with priority: each of p's objects asked for its ways (engine/rules/ways.py)
    — the cards p may play or cast (the hand and wherever a rule or permission lets p play from,
    engine/format.py hand_cands), the cards whose abilities work from the graveyard, p's
    permanents."""
    out: list[Action] = []
    lister = Lister(g, p)
    _hand_section(lister, out)
    _graveyard_section(lister, out)
    _permanents_section(lister, out)
    return out


def _hand_section(lister: Lister, out: list[Action]) -> None:
    """The ways of the cards p may play or cast (engine/format.py hand_cands)."""
    g, p = lister.g, lister.p
    objects = g.st.objects
    quick, mana_memo, pool_key = lister.quick, lister.mana_memo, lister.pool_key
    hand_ways, land_ways = _hand_ways()
    seen_names: set[tuple[str, str]] = set()
    # outside p's main phase, with no permission to cast as though it had flash: the cards in
    # hand that wait for sorcery timing are passed over (engine/rules/idle.py)
    waiting: bool | None = quick and not lister.sorcery and None  # (None: not asked yet)
    cached = g.chars_cache.get
    for oid in hand_cands(g, p):
        c = cached(oid) or g.chars(oid)
        if quick and mana_memo.get(("unpayable", oid, pool_key)) is c:
            continue  # a plain spell found unpayable with this mana, as it is now (CastSpell)
        obj = objects[oid]
        if waiting is not False and obj.zone == "hand" and idle.waits_for_sorcery_timing(c):
            if waiting is None:
                waiting = not permissions.flash_given(g, p)
            if waiting:
                continue
        key = (c.name, obj.zone)
        if key in seen_names:
            continue  # identical cards in hand: one action each suffices (CR allows either)
        seen_names.add(key)
        if "Land" in c.types:
            ways = land_ways
        elif g.mode == "rules" and not CARDS.is_implemented(obj.name):
            # a card whose text the engine does not implement is not cast in rules mode (by
            # anyone: the computer players too): cast, its text would be silently ignored.
            # Hybrid mode casts it for its cost and leaves the text to the players by hand.
            continue
        else:
            ways = hand_ways
        for way in ways:
            way.add(lister, oid, obj, c, out)


@functools.cache
def _hand_ways() -> tuple[tuple[Way, ...], tuple[Way, ...]]:
    """The ways of a card p may cast and of a land p may play, the mechanics' between (hooks.ways:
    the mechanics never change once loaded, engine/rules/hooks.py)."""
    more = hooks.ways("hand")
    return (CAST_SPELL,) + more + (HAND_ABILITIES,), (PLAY_LAND,) + more + (HAND_ABILITIES,)


def _graveyard_section(lister: Lister, out: list[Action]) -> None:
    """The abilities that work from the graveyard (CR 113.6k), one card per name."""
    g = lister.g
    objects = g.st.objects
    seen_gy: set[str] = set()
    for oid in _working_from_graveyard(g, lister.p, lister.me.graveyard):
        name = objects[oid].name
        if name in seen_gy:
            continue
        # (no effect reaches a card in a graveyard: its printed characteristics)
        if GRAVEYARD_ABILITIES.found(lister, oid, objects[oid], characteristics.base_chars(g, oid), out):
            seen_gy.add(name)


def _working_from_graveyard(g: "Context", p: int, gy: list[int]) -> list[int]:
    """p's graveyard cards with an ability that works there (printed: works_from_graveyard),
    in order — kept across positions while the graveyard holds the same cards (a card keeps
    its id, name and definition while it stays there; names_kept is emptied when the state is
    replaced)."""
    key = tuple(gy)
    was = g.names_kept.get(("working_from_graveyard", p))
    if was is not None and was[0] == key:
        got: list[int] = was[1]
        return got
    objects = g.st.objects
    got = [oid for oid in gy if works_from_graveyard(g, oid, objects[oid].name)]
    g.names_kept[("working_from_graveyard", p)] = (key, got)
    return got


def _permanents_section(lister: Lister, out: list[Action]) -> None:
    """The ways of p's permanents, each in turn: its abilities, then its mana abilities. A run
    of lands (nothing but plain mana abilities) is listed at once (engine/rules/permanents_plan.py)."""
    g, p = lister.g, lister.p
    objects = g.st.objects
    source_ids = lister.source_ids
    colours_of = source_ids.get
    offers_nothing = idle.entries(g, p)
    offered = _offered(g, p)
    mana_acts = lister.mana_acts
    # (what Lister.idle_at reads of the listing, once)
    restricted, sorcery, hand_size = lister.restricted, lister.sorcery, len(lister.me.hand)
    no_reads = idle.NO_READS
    plan = _plan(lister)
    lands, sized_from = plan.lands, plan.sized_from
    lands.lister = lister  # (for the lands' actions asked below; not kept: it holds the game)
    try:
        for seg in plan.segments:
            what = type(seg)
            if what is list:
                # a run of lands: no way but, while it is a source, its mana actions (the hot path
                # of a crowded board: each land's actions by its colours as a source now)
                for oid in seg:
                    colours = colours_of(oid)
                    if colours is not None:
                        out += lands[(oid, colours)]
                continue
            oid, c, kind, reads = seg
            obj = objects[oid]
            if what is not Steady:
                _unsteady(lister, oid, obj, c, kind, reads, out)
                continue
            # a steady permanent whose abilities offered nothing with all they read as now: passed
            # over but for its mana abilities (idle.py); one whose abilities offered actions (or
            # got as far as their targets) with all they read as now, its names and targets' answers
            # too: the same actions (_offered). (Its key as Lister.idle_at makes it.)
            if reads is no_reads:  # (most: the key's last three parts as they read nothing)
                idle_at = (oid, obj.tapped, obj.sick, oid in source_ids, restricted, False, -1, -1)
            else:
                idle_at = (oid, obj.tapped, obj.sick, oid in source_ids, restricted, reads[0] and sorcery,
                           hand_size if reads[1] else -1, obj.counters.get("level", 0) if reads[2] else -1)
            was = offers_nothing.get(idle_at)
            # (an entry that asked nothing needs no asking again; one made with the characteristics
            # a pump replaced holds as well, its abilities reading no size: idle.steady)
            if (was is None or was[0] is not c or (was[1] and not lister.same_answers(was[1]))) and not (
                    was is not None and was[0] is not c and sized_from and sized_from.get(id(c)) is was[0]
                    and _pumped(offers_nothing, idle_at, was, c, lister)):
                made = offered.get(idle_at)
                names = activate_names(lister, obj)
                if (made is not None and made[0] is c and made[3] is names
                        and (not made[1] or lister.same_answers(made[1]))):
                    out += made[2]
                elif (made is not None and made[0] is not c and sized_from and sized_from.get(id(c)) is made[0]
                      and made[3] is names and _pumped(offered, idle_at, made, c, lister)):
                    out += made[2]
                else:
                    _ask_steady(lister, oid, obj, c, idle_at, offers_nothing, offered, names, out)
            if kind is ONE_MANA:  # (as ManaAbilities would list it: a source's mana actions)
                colours = source_ids.get(oid)
                if colours is not None:
                    got = mana_acts.get((oid, colours))
                    out += got if got is not None else source_actions(lister, oid, obj, c)
            elif kind is not NO_MANA:
                MANA_ABILITIES.add(lister, oid, obj, c, out)
    finally:
        lands.lister = None  # (the plan is kept in the game: no cycle through the listing)


def _pumped(entries: dict[Any, Any], key: tuple[Any, ...], entry: tuple[Any, ...], c: "Chars", lister: Lister) -> bool:
    """Whether a steady permanent's entry made with the characteristics its pump replaced
    (permanents_plan.PermanentsPlan.sized_from) holds, its questions asked again: then kept with these."""
    if entry[1] and not lister.same_answers(entry[1]):
        return False
    entries[key] = (c, *entry[1:])
    return True


def _ask_steady(lister: Lister, oid: int, obj: Any, c: "Chars", idle_at: tuple[Any, ...],
                offers_nothing: idle.Entries, offered: Offered, names: dict[int, str], out: list[Action]) -> None:
    """A steady permanent's abilities asked, with the questions they ask: kept as offering
    nothing (idle.offered_nothing) or as the actions they offered (_offered), unless they read
    targets in a way the position's caches do not keep (`Lister.unkept`)."""
    g = lister.g
    n = len(out)
    lister.reached = lister.unkept = False
    asked: list[tuple[Any, ...]] = []
    lister.asked = asked
    for way in ABILITY_WAYS:
        way.add(lister, oid, obj, c, out)
    lister.asked = None
    if len(out) == n and not lister.reached:
        idle.offered_nothing(g, offers_nothing, idle_at, c, asked)
    elif not lister.unkept:
        if len(offered) > 4 * len(g.st.battlefield) + 200:
            offered.clear()  # (permanents that left, statuses long gone)
        offered[idle_at] = (c, tuple(asked), out[n:], names)


def _unsteady(lister: Lister, oid: int, obj: Any, c: "Chars", kind: str, reads: Any, out: list[Action]) -> None:
    """The ways of a permanent that is not steady (idle.steady), face down, or has no
    definition of its own (a granted mana ability at most): each asked."""
    if obj.face_down:
        TURN_FACE_UP.add(lister, oid, obj, c, out)
    if kind is GRANTED_ONLY:
        GRANTED_MANA_WAY.add(lister, oid, obj, c, out)
        return
    colours = lister.source_ids.get(oid)
    if kind is LAND:  # (a face-down one: not in a run, see permanents_plan.PermanentsPlan)
        if colours is not None:
            got = lister.mana_acts.get((oid, colours))
            out += got if got is not None else source_actions(lister, oid, obj, c)
        return
    for way in ABILITY_WAYS if kind is ONE_MANA else PERMANENT_WAYS:
        way.add(lister, oid, obj, c, out)
    if kind is ONE_MANA and colours is not None:
        got = lister.mana_acts.get((oid, colours))
        out += got if got is not None else source_actions(lister, oid, obj, c)



# a steady permanent's offered actions: Lister.idle_at -> (characteristics, questions asked with
# their answers, the actions, the `activate` name map their texts were written with)
Offered = dict[tuple[Any, ...], tuple[Any, tuple[tuple[Any, ...], ...], list[Action], dict[int, str]]]


def _offered(g: "Context", p: int) -> Offered:
    """The actions steady permanents' abilities offered (idle.steady: they read no more than
    Lister.idle_at holds, their characteristics and p's mana), kept across positions
    (g.chars_kept) with the questions they asked: what p's mana can pay, and for a target word
    chosen after the announcement (a crowded board, targets.in_parts) whether it has a legal
    target now — each asked again (Lister.same_answers) — and the name map their texts were
    written with (the same object while the permanents so named are the same). An ability
    whose targets were read otherwise (each listed, several words, a word that reads tapped
    status) keeps nothing (`Lister.unkept`)."""
    got: Offered | None = g.chars_kept.get(("offered", p))
    if got is None:
        got = g.chars_kept[("offered", p)] = {}
    return got


# the ways of a permanent, in the order the listing gives their actions: its abilities, then
# its mana abilities
ABILITY_WAYS = (ACTIVATED, UNLOCK_DOOR)
PERMANENT_WAYS = ABILITY_WAYS + (MANA_ABILITIES,)
