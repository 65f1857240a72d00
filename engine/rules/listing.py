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
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.action_candidates import hand_cands
from engine.format import with_texts
from engine.rules import characteristics, combat_damage, combat_listing, hooks, idle, permissions, targets as tg
from engine.rules.cast_way import CAST_SPELL
from engine.rules.delve import NONE as NOTHING
from engine.rules.index import CARDS
from engine.rules.payment import GRANTED_MANA
from engine.rules.lister import Lister
from engine.rules.mana_actions import activate_names, kept_names, source_actions
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
    of lands (nothing but plain mana abilities) is listed at once (_PermanentsPlan)."""
    g, p = lister.g, lister.p
    objects = g.st.objects
    source_ids = lister.source_ids
    colours_of = source_ids.get
    offers_nothing = idle.entries(g, p)
    offered = _offered(g, p)
    mana_acts = lister.mana_acts
    # (what Lister.idle_at reads of the listing, once)
    restricted, sorcery, hand_size = lister.restricted, lister.sorcery, len(lister.me.hand)
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
            if what is not _Steady:
                _unsteady(lister, oid, obj, c, kind, reads, out)
                continue
            # a steady permanent whose abilities offered nothing with all they read as now: passed
            # over but for its mana abilities (idle.py); one whose abilities offered actions (or
            # got as far as their targets) with all they read as now, its names and targets' answers
            # too: the same actions (_offered). (Its key as Lister.idle_at makes it.)
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
            if kind is _ONE_MANA:  # (as ManaAbilities would list it: a source's mana actions)
                colours = source_ids.get(oid)
                if colours is not None:
                    got = mana_acts.get((oid, colours))
                    out += got if got is not None else source_actions(lister, oid, obj, c)
            elif kind is not _NO_MANA:
                MANA_ABILITIES.add(lister, oid, obj, c, out)
    finally:
        lands.lister = None  # (the plan is kept in the game: no cycle through the listing)


def _pumped(entries: dict[Any, Any], key: tuple[Any, ...], entry: tuple[Any, ...], c: "Chars", lister: Lister) -> bool:
    """Whether a steady permanent's entry made with the characteristics its pump replaced
    (_PermanentsPlan.sized_from) holds, its questions asked again: then kept with these."""
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
    if kind is _GRANTED_ONLY:
        GRANTED_MANA_WAY.add(lister, oid, obj, c, out)
        return
    colours = lister.source_ids.get(oid)
    if kind is _LAND:  # (a face-down one: not in a run, see _PermanentsPlan)
        if colours is not None:
            got = lister.mana_acts.get((oid, colours))
            out += got if got is not None else source_actions(lister, oid, obj, c)
        return
    for way in ABILITY_WAYS if kind is _ONE_MANA else PERMANENT_WAYS:
        way.add(lister, oid, obj, c, out)
    if kind is _ONE_MANA and colours is not None:
        got = lister.mana_acts.get((oid, colours))
        out += got if got is not None else source_actions(lister, oid, obj, c)


class _Steady(tuple):  # type: ignore[type-arg]
    """A plan's entry (_PermanentsPlan) of a steady permanent (idle.steady), face up, with a
    definition of its own and more than plain mana abilities: its idle entry is asked."""
    __slots__ = ()


class _LandActions(dict[tuple[int, tuple[str, ...]], Any]):
    """The mana actions of the lands of a plan (_PermanentsPlan) by (land, its colours as a
    source now), each made when first asked (source_actions, by
    the listing `lister` that asks), with the `activate` name map each name of them was
    written with (`used`: a land of that name, the map): they stay what they are while the
    plan holds and those maps are the same."""

    def __init__(self, perms: list[tuple[int, "Chars", str, Any]]) -> None:
        super().__init__()
        self.perms = perms  # (the plan's permanents: their characteristics, `chars`, made when first asked)
        self.chars: dict[int, "Chars"] | None = None
        self.lister: Lister | None = None
        self.used: dict[str, tuple[Any, dict[int, str]]] = {}

    def __missing__(self, key: tuple[int, tuple[str, ...]]) -> Any:
        oid = key[0]
        lister = self.lister
        assert lister is not None
        obj = lister.g.st.objects[oid]
        if obj.name not in self.used:
            self.used[obj.name] = (obj, activate_names(lister, obj))
        if self.chars is None:
            self.chars = dict(map(_OID_CHARS, self.perms))
        got = self[key] = source_actions(lister, oid, obj, self.chars[oid])
        return got


_OID_CHARS = itemgetter(0, 1)


class _PermanentsPlan:
    """p's permanents in the listing's order (_permanents) as segments: a run of lands in a row
    (kind _LAND, face up: nothing but plain mana abilities) as a list of their ids, a steady
    permanent's entry as _Steady, any other permanent's as it is; and the lands' actions
    (_LandActions) while p's `activate` names are the same maps (`names`: kept_names). Kept across positions while the
    permanents' list is the same object (the same characteristics) and no permanent was
    turned face up or down (g.face_gen), in g.names_kept (emptied when the state is replaced:
    the objects, and which of them are face down, may be others) — made again in place for a
    list _resized made from its own (`resized`: a creature pumped until end of turn has new
    characteristics, nothing else that the plan reads)."""
    __slots__ = ("perms", "face_gen", "segments", "names", "lands", "at", "sized_from")

    def __init__(self, g: "Context", perms: list[tuple[int, "Chars", str, Any]]) -> None:
        self.perms, self.face_gen = perms, g.face_gen
        objects = g.st.objects
        segments: list[Any] = []
        add = segments.append
        run: list[int] | None = None
        for entry in perms:
            oid, _, kind, reads = entry
            if kind is _LAND and not objects[oid].face_down:
                if run is None:
                    run = [oid]
                    add(run)
                else:
                    run.append(oid)
                continue
            run = None
            add(_Steady(entry) if reads is not None and kind is not _GRANTED_ONLY and not objects[oid].face_down
                else entry)
        self.segments = segments
        self.at: list[int] | None = None  # (each permanent's segment, -1 in a run of lands: `positions`)
        # the characteristics the last `resized` replaced, by the id of those that replaced them
        # (differing in power, toughness or loyalty alone: a steady permanent's entries hold)
        self.sized_from: dict[int, "Chars"] = {}
        self.names: Any = None
        self.lands = _LandActions(perms)

    def positions(self) -> list[int]:
        """Each permanent's segment, in the order of `perms` (-1: in a run of lands), made when
        first asked (a plan made again as p's permanents change is seldom resized)."""
        if self.at is None:
            at: list[int] = []
            for k, seg in enumerate(self.segments):
                if type(seg) is list:
                    at += [-1] * len(seg)
                else:
                    at.append(k)
            self.at = at
        return self.at

    def resized(self, perms: list[tuple[int, "Chars", str, Any]], changed: list[int]) -> None:
        """Made for `perms` in place: the plan's permanents with new characteristics at these
        indices, of the same definitions and otherwise the same but for power, toughness and
        loyalty (_resized): the same segments and lands' actions (a land's are made of its
        definition, name and colours: mana_actions.source_actions), the entries made again."""
        at, segments, was = self.positions(), self.segments, self.perms
        self.sized_from = {id(perms[i][1]): was[i][1] for i in changed}
        for i in changed:
            k = at[i]
            if k >= 0:
                segments[k] = _Steady(perms[i]) if type(segments[k]) is _Steady else perms[i]
        self.perms = self.lands.perms = perms
        self.lands.chars = None  # (made again when first asked)


def _plan(lister: Lister) -> _PermanentsPlan:
    """p's permanents as the listing goes through them (_PermanentsPlan), kept while it holds,
    with the lands' actions for p's `activate` names now: when those maps are made again (p's
    hand changed, say) the lands' actions stay if each name they were written with is named by
    the same map object as before (unchanged maps are the same objects:
    mana_actions._activate_names)."""
    g, p = lister.g, lister.p
    perms = _permanents(g, p)
    kept: _PermanentsPlan | None = g.names_kept.get(("permanents_plan", p))
    if kept is not None and kept.perms is perms and kept.face_gen == g.face_gen:
        got = kept
    else:
        # (the list made from the plan's by _resized: the plan made for it in place)
        was = g.names_kept.get(("resized", p)) if kept is not None and kept.face_gen == g.face_gen else None
        if kept is not None and was is not None and was[0] is kept.perms and was[1] is perms:
            kept.resized(perms, was[2])
            got = kept
        else:
            got = g.names_kept[("permanents_plan", p)] = _PermanentsPlan(g, perms)
    if not lister.source_ids:
        return got  # (no land is a source: none of their actions is looked up, no name is needed)
    names = kept_names(lister)
    if got.names is not names:
        if any(activate_names(lister, obj) is not named for obj, named in got.lands.used.values()):
            got.lands = _LandActions(got.perms)
        got.names = names
    return got


_LAND, _GRANTED_ONLY, _NO_MANA, _ONE_MANA, _OTHER = "land", "granted", "no mana", "one mana", "other"

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


def _permanents(g: "Context", p: int) -> list[tuple[int, "Chars", str, tuple[bool, bool, bool] | None]]:
    """p's permanents as the listing goes through them: each with its characteristics, what
    kind of ways it has (_GRANTED_ONLY: no definition, a granted mana ability at most; _LAND:
    nothing but plain mana abilities; _NO_MANA: no mana ability, none granted — no source, so
    ManaAbilities offers nothing; _ONE_MANA: one mana ability without a mana cost, none
    granted — ManaAbilities offers its source's mana actions alone, if it is a source (its
    first mana ability is the one it is tapped for, payment.mana_ability); _OTHER) and what it
    reads if steady (idle.steady). Made
    from their characteristics alone: kept across positions while those are the same."""
    made: list[tuple[int, "Chars", str, tuple[bool, bool, bool] | None]]
    got = g.memo.get(("listing_permanents", p))  # (from_permanents' entry: once per position)
    if got is not None:
        made = got[0]
        return made
    made = characteristics.from_permanents(
        g, p, "listing_permanents", lambda: [(oid, c, _kind(c), idle.steady(c)) for oid, _, c in g.perms(p)],
        lambda was, changed, now: _resized(g, p, was, changed, now))
    return made


def permanents_stale(g: "Context", fresh: "Context", p: int) -> str | None:
    """For engine/cache_check.py: p's permanents as the listing goes through them (_permanents,
    kept across positions, made again in place as only power, toughness or loyalty change) and
    their plan if it is p's now, against those made from scratch in `fresh`; or None."""
    kept, made = _permanents(g, p), _permanents(fresh, p)
    if kept != made:
        return f"the listing's permanents of player {p}: kept {kept!r}, made {made!r}"
    plan: _PermanentsPlan | None = g.names_kept.get(("permanents_plan", p))
    if plan is not None and plan.perms is kept and plan.face_gen == g.face_gen:
        new = _PermanentsPlan(g, kept)
        if plan.segments != new.segments or plan.positions() != new.positions():
            return f"the listing's plan of player {p}'s permanents: kept {plan.segments!r}, made {new.segments!r}"
    return None


def _resized(g: "Context", p: int, was: list[tuple[int, "Chars", str, Any]], changed: list[int],
             now: list["Chars"]) -> list[tuple[int, "Chars", str, Any]]:
    """_permanents' list with the characteristics now of the permanents whose power, toughness
    or loyalty alone changed (kept.from_permanents): what kind of ways each has and what it
    reads if steady are made of the rest. Noted with the list it was made from, for the plan
    (`_plan`: _PermanentsPlan.resized; g.names_kept, emptied when the state is replaced)."""
    got = [e if e[1] is c else (e[0], c, e[2], e[3]) for e, c in zip(was, now)]
    g.names_kept[("resized", p)] = (was, got, changed)
    return got


def _kind(c: "Chars") -> str:
    if c.defn is None:
        return _GRANTED_ONLY
    if c.defn.only_plain_mana() and "Room" not in c.subtypes and GRANTED_MANA not in c.flags:
        return _LAND
    if GRANTED_MANA not in c.flags:
        mana = c.defn.mana_abilities()
        if not mana:
            return _NO_MANA
        if len(mana) == 1 and not c.defn.costed_mana():
            return _ONE_MANA
    return _OTHER


# the ways of a permanent, in the order the listing gives their actions: its abilities, then
# its mana abilities
ABILITY_WAYS = (ACTIVATED, UNLOCK_DOOR)
PERMANENT_WAYS = ABILITY_WAYS + (MANA_ABILITIES,)
