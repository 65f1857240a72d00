"""The mana sources a player has (CR 605, 106): each permanent's usable mana abilities (one
granted by an effect too, layer 6), the other abilities a payment may tap instead
(Alternatives), with the creatures that may be tapped for convoke (CR 702.51a, in
engine/rules/convoke_sources.py), and what is known of them across positions (`player_mana`, kept until a source of theirs changes). Paying with
them is engine/rules/payment.py; the mana symbols' search engine/rules/mana.py."""
from __future__ import annotations

from itertools import compress
from operator import attrgetter, is_not
from typing import TYPE_CHECKING, Any

from engine.rules import characteristics, mana_triggers
from engine.rules.convoke_sources import with_convoke
from engine.rules.mana import NO_PURPOSES, may_spend
from engine.rules.payment_source import Alternative as Alternative, Source
from engine.rules.effects import ObjectRule
from engine.rules.kept import sized_now
from engine.rules.carddef import Activated

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.rules.printed import Chars


ANY_COLOR = ("W", "U", "B", "R", "G")
GRANTED_MANA = ObjectRule.MANA_ANY_COLOR  # a rules flag: it has "{T}: Add one mana of any color."


def mana_ability(g: "Context", oid: int, c: Any = None) -> "Activated | None":
    """The mana ability a permanent is tapped for (its first one, CR 605.1a); with a granted
    "{T}: Add one mana of any color." (layer 6, CR 613.1f) one that makes any colour."""
    c = g.chars(oid) if c is None else c
    mana = c.defn.mana_abilities() if c.defn is not None else None
    own = mana[0] if mana else None
    if GRANTED_MANA not in c.flags or (own is not None and own.sacrifice):
        return own
    if own is None or own.cost or combo(own):  # (a mana cost or "{W}{U}": the granted one is its own)
        return _GRANTED
    # (its own mana may be a pair, "{T}: Add {G}{U}.": the colours it names, one at a time)
    colours = {c for m in own.mana for c in m} | set(ANY_COLOR)
    return Activated(tap=True, mana=tuple(sorted(colours, key="WUBRGC".index)),
                     counter=own.counter, label=own.label)


def combo(ab: "Activated") -> str:
    """The mana of "{T}: Add {W}{U}." ("WU": one mana of each, CR 106.4), or "" for an ability
    making one mana of one of its colours."""
    return ab.mana[0] if len(ab.mana) == 1 and len(ab.mana[0]) > 1 and not ab.cost else ""


def _granted() -> "Activated":
    return Activated(tap=True, mana=ANY_COLOR, label="{T}: Add one mana of any color.")


_GRANTED = _granted()


def mana_sources(g: "Context", player: int, exclude: set[int] = frozenset(),  # type: ignore[assignment]
                 purposes: frozenset[str] = NO_PURPOSES, convoke: bool = False) -> list[Source]:
    """The player's untapped mana sources for a payment for these purposes: a source whose
    mana may be spent only on some things (CR 106.6) only when it may be
    spent on one of them; with `convoke`, the creatures that may be tapped for convoke too
    (CR 702.51a). Found once per position and tapped status (g.memo, g.mana_memo); where no
    permanent of the player makes restricted mana, every purpose gets the one plain list.
    Callers never change the list."""
    sources: list[Source] = sources_kept(g, player, exclude, purposes, convoke)[0]
    return sources


def sources_and_alternatives(g: "Context", player: int, exclude: set[int], purposes: frozenset[str]
                             ) -> tuple[list[Source], list["Alternative"]]:
    """The player's mana sources for a payment for these purposes, and the other mana
    abilities a payment may use instead (Alternative); callers never change the lists."""
    return sources_kept(g, player, exclude, purposes, False)


# What a player's entry holds stays true while the player's permanents keep their
# characteristics: the sources ("sources", "template"), and whether costs can be paid from them
# ("can_pay"; "unpayable" for a plain spell, listing.py: its mana cost less the discounts of
# those permanents, CR 601.2f) and what the listing takes from them ("lister", lister.py).
# Anything that depends on more must not be put in it.


def player_mana(g: "Context", player: int) -> dict[Any, Any]:
    """What is known of the player's mana (g.mana_memo[player]): the sources and their
    template for each purpose, and which costs they can pay. Tapping and untapping keep it
    up to date (mana_taps.mana_changed). A change of position marks it stale; it is kept if the
    player's permanents are the same and their characteristics are the same objects as before
    (unchanged characteristics are kept as the same objects, engine/rules/characteristics.py)
    or differ only in what no entry reads (`_same_for_mana`: power, toughness, loyalty, mana
    value; first asked as kept.sized_now, whose answer what else is made of the permanents shares
    in the position), and no "Activate only if ..." was asked, since nothing else goes into the
    sources."""
    memo: dict[Any, Any] | None = g.mana_memo.get(player)
    if memo is not None and memo.get("stale"):
        fp = characteristics.perms_fp(g, player)
        if memo.get("conditional") or memo["fp"][0] != fp[0] or len(memo) > 3000 \
                or memo["mt"] != mana_triggers.state(g):  # (a mana trigger's, any player's)
            memo = None  # (the answers remembered for costs and pools are bounded too)
        elif memo["fp"][1] != fp[1] and not (memo["plain"] and (
                sized_now(g, memo["fp"][1], fp[1]) is not None or _same_for_mana(memo["fp"][1], fp[1]))):
            memo = None
        elif "outside" in memo and not _outside_same(g, memo["outside"]):
            memo = None
        else:
            memo["fp"] = fp  # (the characteristics now: compared by identity next time)
            del memo["stale"]
    if memo is None:
        fp = characteristics.perms_fp(g, player)
        memo = g.mana_memo[player] = {"fp": fp, "mt": mana_triggers.state(g), "plain": _plain(fp[1])}
    return memo


# A mana ability's "Activate only if ..." or amount that reads more than its controller's
# permanents (Fellwar Stone's colours: an opponent's lands; Temple of the False God's "five or
# more lands"): what it answered as the sources were found is kept with them (the "outside"
# entry, (permanent, ability, what) -> (ability, answer)) and asked again as the position or a
# tapped status changes; the sources and all made of them hold while every answer is the same.
# (An ability of the player's whose answer was never asked was never read.)
_IF, _AMOUNT = "if", "amount"


def _reads_outside(part: Any) -> bool:
    return part is not None and not getattr(part, "reads_own_permanents", False)


def _outside_same(g: "Context", asked: dict[tuple[int, int, str], tuple["Activated", Any]]) -> bool:
    """Whether each condition and amount read of the game beyond the player's permanents
    answers now what it answered when the sources were found."""
    objects = g.st.objects
    for (oid, _, what), (ab, answer) in asked.items():
        obj = objects.get(oid)
        if obj is None or obj.zone != "battlefield":
            return False
        assert ab.condition is not None or what == _AMOUNT
        now = ab.amount_now(g, obj) if what == _AMOUNT else ab.condition(g, obj)  # type: ignore[misc]
        if now != answer:
            return False
    return True


def _plain(perms: "list[Chars]") -> bool:
    """Whether no mana ability of these permanents has a condition, an amount counted as it
    is activated or a level band ("Activate only if ...", "Add X mana ...", CR 602.5b, 710.2):
    then what the mana memo holds reads of their characteristics only the parts that
    `_same_for_mana` compares."""
    # (each definition once: a crowded board holds a few dozen cards many times, gathered in C)
    defns = list(map(_DEFN, perms))
    return all(d is None or all(ab.condition is None and ab.count is None and ab.active is None
                                for ab in d.mana_abilities()) for d in dict(zip(map(id, defns), defns)).values())


_DEFN = attrgetter("defn")


def _same_for_mana(was: "list[Chars]", now: "list[Chars]") -> bool:
    """Whether the characteristics of the same permanents (in the same order) are the same in
    all that the mana memo's entries read of them: definitions (abilities, cost reductions,
    rule changes), names, types, colours (convoke), keywords (haste), rules flags (a granted
    mana ability) and level — all but power, toughness, loyalty and mana value. The
    "unpayable" entries compare their own object's characteristics by identity."""
    # (the pairs that are not the same object found in C: on a crowded board most are)
    for i in compress(range(len(now)), map(is_not, was, now)):
        a, b = was[i], now[i]
        if a.defn is not b.defn or _FOR_MANA(a) != _FOR_MANA(b):
            return False
    return True


# what _same_for_mana compares of two characteristics besides their definition (its identity)
_FOR_MANA = attrgetter("name", "types", "subtypes", "supertypes", "colors", "keywords", "flags", "level")


def sources_kept(g: "Context", player: int, exclude: set[int], purposes: frozenset[str], convoke: bool
             ) -> tuple[list[Source], list["Alternative"]]:
    """The sources and the Alternatives for a payment, found together once per position (one memo entry)."""
    key = ("sources", purposes, frozenset(exclude) if exclude else None, convoke)
    memo = player_mana(g, player)
    got: tuple[list[Source], list[Alternative]] | None = memo.get(key)
    if got is None:
        if purposes and not makes_restricted_mana(g, player):
            got = sources_kept(g, player, exclude, NO_PURPOSES, convoke)  # (the one plain list)
        elif convoke:
            got = with_convoke(g, player, *sources_kept(g, player, exclude, purposes, False), exclude)
        elif exclude:
            # the other permanents' sources: those of all, less the excluded permanents' (each
            # permanent's sources are found by themselves, _template only skips the excluded;
            # an ability activated for a cost that taps its own permanent asks this)
            every, alts = sources_kept(g, player, set(), purposes, False)
            got = ([s for s in every if s.obj not in exclude], [a for a in alts if a[0] not in exclude])
        else:
            got = sources_tapping(g, player, exclude, purposes)
        memo[key] = got
        memo.setdefault(SOURCE_KEYS, []).append(key)
    return got


# the memo's entry for the permanents whose mana ability sacrifices them (payment.mana_sacrificers)
SACRIFICERS = "sacrificers"

# the memo's entry listing its "sources" keys, in the order they were made (mana_changed takes
# a tapped permanent's sources out of each list without walking every answer of the memo)
SOURCE_KEYS = "source_keys"


def makes_restricted_mana(g: "Context", player: int) -> bool:
    """Whether a permanent of the player has a mana ability whose mana may be spent only on
    some things (CR 106.6); found once per position."""
    return bool(characteristics.from_permanents(g, player, "restricted_mana", lambda: any(
        c.defn.makes_restricted_mana() for _, _, c in g.perms(player) if c.defn is not None)))


# the sources of a plain "{T}: Add ..." ability: all they hold is the permanent, its name, the
# ability and how much more a land makes with triggered mana abilities, so they are made once
# and shared (sources are never changed)
_PLAIN_SOURCES: dict[tuple[Any, ...], tuple[Any, list[Source]]] = {}


def sources_tapping(g: "Context", player: int, exclude: set[int], purposes: frozenset[str],
                  assume_tapped: tuple[int, ...] = ()) -> tuple[list[Source], list[Alternative]]:
    out: list[Source] = []
    alts: list[Alternative] = []
    # a land tapped for mana makes this much more with triggered mana abilities (CR 605.1b,
    # a mana trigger: "that player adds one mana of any type that land produced");
    # `assume_tapped`: permanents the payment taps for mana first (mana_triggers.tap_first)
    extra, pain = mana_triggers.land_extra(g, assume_tapped)
    # an "Activate only if ...", a triggered mana ability (any player's, tapped or not) or an
    # amount counted as it resolves: what is known of this player's mana is for this position
    # and tapped status only (see player_mana, mana_changed)
    conditional = mana_triggers.state(g) is None
    outside: dict[tuple[int, int, str], tuple[Activated, Any]] = {}  # (see _outside_same)
    filters: list[Alternative] = []  # mana abilities with a mana cost (mana_filters.py), last
    for item in _template(g, player, exclude, assume_tapped, extra, pain):
        if type(item) is list:  # untapped permanents with a plain "{T}: Add ..." (the same for every purpose)
            out.extend(item)
            continue
        oid, obj, c, candidates = item
        usable: list[tuple[int, "Activated"]] = []
        for i, ab in enumerate(candidates):
            if not may_spend(ab.spend_only, purposes):  # restricted mana (CR 106.6) only for what it may pay for
                continue
            if ab.life:  # a mana ability with a life cost is activated by hand
                continue
            if ab.condition is not None:  # "Activate only if ..." (the Verges)
                ok = ab.condition(g, obj)
                if _reads_outside(ab.condition):
                    outside[(oid, id(ab), _IF)] = (ab, ok)
                if not ok:
                    continue
            if ab.tap and (obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords)):
                continue
            if ab.cost:  # a mana cost (a Signet's "{1}, {T}: Add {G}{U}."): activated during the
                if not ab.spend_only:  # payment, its cost paid first (engine/rules/mana_filters.py)
                    filters.append((oid, obj.name, i, ab))
                continue
            usable.append((i, ab))
        if usable:
            index, first = usable[0]
            # one source for each mana the first ability makes ("{T}: Add {G}{G}.", CR 106.4),
            # of any colour its abilities like it make (a Verge: {B} or, if allowed, {R})
            same = [ab for _, ab in usable if ab.amount == first.amount and ab.tap == first.tap and not ab.sacrifice]
            colours = tuple(dict.fromkeys(col for ab in same for col in ab.mana)) or first.mana
            n = first.amount_now(g, obj)  # "Add X mana of any one color": X now
            if _reads_outside(first.count):
                outside[(oid, id(first), _AMOUNT)] = (first, n)
            land = first.tap and "Land" in c.types
            more, hurts = (extra, pain) if land else (0, 0)
            group = oid if n + more > 1 and len(colours) > 1 else 0  # one activation, one type (CR 106.1b)
            hurts += max((ab.damage for ab in same), default=first.damage)  # (a painland: sorted late)
            out.extend(Source(oid, obj.name, colours, first.sacrifice, spend=first.spend_only, ability=index,
                              group=group, pain=hurts, tap=first.tap) for _ in range(n))
            if n:  # the triggered mana ability's mana has no restriction of the land's (CR 106.6)
                out.extend(Source(oid, obj.name, colours, first.sacrifice, ability=index, group=group, pain=hurts,
                                  tap=first.tap) for _ in range(more))
            alts.extend((oid, obj.name, i, ab) for i, ab in usable[1:] if ab.amount != first.amount)
    alts.extend(filters)
    if conditional:  # (a triggered mana ability's condition may read anything: see Game.update)
        player_mana(g, player)["conditional"] = True
    elif outside:  # (tapping any permanent may change what a condition says: asked again, mana_changed)
        player_mana(g, player).setdefault("outside", {}).update(outside)
    return out, alts


def _template(g: "Context", player: int, exclude: set[int], assume_tapped: tuple[int, ...] = (),
              extra: int = 0, pain: int = 0) -> list[Any]:
    """The player's mana-making permanents in order, read once for every purpose a payment
    may have (restricted mana asks again per purpose, CR 106.6): runs of untapped permanents
    with a plain "{T}: Add ..." as their ready Sources (a land with `extra` more of its mana
    and its `pain`, mana_triggers.land_extra), and each other one with its mana abilities, to
    be weighed per purpose. Kept with the sources (g.mana_memo)."""
    memo = player_mana(g, player)
    key = ("template", frozenset(exclude) if exclude else None, assume_tapped, extra, pain)
    got: list[Any] | None = memo.get(key)
    if got is not None:
        return got
    got = []
    run: list[Source] = []
    for oid, obj, c in g.perms(player):
        if oid in exclude:
            continue
        d = c.defn
        candidates: "list[Activated]"
        if GRANTED_MANA in c.flags:  # "{T}: Add one mana of any color." granted
            granted = mana_ability(g, oid, c)
            candidates = [granted] if granted is not None else []
            own = d.mana_abilities() if d is not None else []
            if granted is not None and own and granted is not own[0]:
                # (it stands for the first of its own, CR 613.1f: an ability granted takes none
                # away — Overgrown Zealot's two restricted mana, a filter land's filter ability
                # stay, at the same index, payment.execute_payment reading them by it)
                candidates += own[1:]
        else:
            if d is None or not d.mana_abilities():
                continue
            plain = d.plain_mana()
            if plain is not None:
                if obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords):
                    continue
                land = "Land" in c.types
                n = plain.amount + (extra if land else 0)
                group = oid if n > 1 and len(plain.mana) > 1 else 0  # one activation, one type (CR 106.1b)
                hurts = pain if land else 0
                made = _PLAIN_SOURCES.get((oid, obj.name, id(plain), n, group, hurts))
                if made is None or made[0] is not plain:
                    if len(_PLAIN_SOURCES) > 20000:
                        _PLAIN_SOURCES.clear()
                    both = combo(plain)  # "{T}: Add {W}{U}.": one Source of each (CR 106.4)
                    made = _PLAIN_SOURCES[(oid, obj.name, id(plain), n, group, hurts)] = (
                        plain, [Source(oid, obj.name, (x,), plain.sacrifice, pain=hurts) for x in both] if both else
                        [Source(oid, obj.name, plain.mana, plain.sacrifice, group=group, pain=hurts) for _ in range(n)])
                run.extend(made[1])
                continue
            candidates = d.mana_abilities()
        if run:
            got.append(run)
            run = []
        got.append((oid, obj, c, candidates))
    if run:
        got.append(run)
    memo[key] = got
    return got


def usable_mana(g: "Context", obj: Any, c: Any) -> list["Activated"]:
    """The mana abilities of a permanent that can be activated now, those with the same cost
    as the first one (CR 605.1a): "{T}: Add {B}." and "{T}: Add {R}. Activate only if you
    control a Swamp or a Mountain." (CR 602.5b) make one source of B, or of B or R."""
    out: list["Activated"] = []
    d = c.defn
    candidates = list(d.mana_abilities()) if d is not None else []
    granted = mana_ability(g, obj.id, c) if GRANTED_MANA in c.flags else None
    if granted is not None:  # "{T}: Add one mana of any color." granted
        candidates = [granted]
    for ab in candidates:
        if ab.tap and (obj.tapped or (obj.sick and "Creature" in c.types and "haste" not in c.keywords)):
            continue
        if ab.condition is not None and not ab.condition(g, obj):
            continue
        if ab.spend_only or ab.cost:  # (restricted mana is made as a cost it may pay for is paid; a
            continue                   # mana ability with a mana cost is activated by hand)
        if out and (ab.tap, ab.sacrifice, ab.cost) != (out[0].tap, out[0].sacrifice, out[0].cost):
            continue
        out.append(ab)
    return out


def mana_colours(abilities: list["Activated"]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(col for ab in abilities for col in ab.mana))


def tap_first(g: "Context", player: int, exclude: "set[int]") -> tuple[int, ...]:
    """The player's untapped permanents whose triggered mana ability asks "if this creature is
    tapped" and that can be tapped for mana now (a creature given "{T}: Add one mana of any
    color."): a payment may activate their mana abilities before tapping lands (CR 601.2g:
    the player chooses the order), so that the lands make more. `exclude`: permanents the
    payment taps for something else."""
    if not mana_triggers.abilities(g):
        return ()
    objects = g.st.objects
    out: list[int] = []
    for oid, t in mana_triggers.abilities(g):
        obj = objects.get(oid)
        if obj is None or obj.tapped or obj.phased_out or obj.controller != player or oid in exclude \
                or not getattr(t.condition, "when_tapped", False) or oid in out:
            continue
        if any(ab.tap and not ab.sacrifice and not ab.life for ab in usable_mana(g, obj, g.chars(oid))):
            out.append(oid)
    return tuple(out)
