"""p's permanents as the legal-action listing (engine/rules/listing.py) goes through them: each
with its characteristics, what kind of ways it has and what it reads if steady (`permanents`,
kept across positions with their characteristics, kept.from_permanents), and as a plan of
segments — runs of lands listed at once with their mana actions, steady permanents' entries —
kept while those entries are (`plan`, PermanentsPlan). A creature pumped or shrunk (new
characteristics in power, toughness or loyalty alone) has its entry made again in place and
keeps the rest (_resized, PermanentsPlan.resized)."""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from engine.rules import characteristics, idle
from engine.rules.lister import Lister
from engine.rules.mana_actions import activate_names, kept_names, source_actions
from engine.rules.payment import GRANTED_MANA

if TYPE_CHECKING:
    from engine.rules.characteristics import Chars
    from engine.rules.context import Context


LAND, GRANTED_ONLY, NO_MANA, ONE_MANA, OTHER = "land", "granted", "no mana", "one mana", "other"


class Steady(tuple):  # type: ignore[type-arg]
    """A plan's entry (PermanentsPlan) of a steady permanent (idle.steady), face up, with a
    definition of its own and more than plain mana abilities: its idle entry is asked."""
    __slots__ = ()


class LandActions(dict[tuple[int, tuple[str, ...]], Any]):
    """The mana actions of the lands of a plan (PermanentsPlan) by (land, its colours as a
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


class PermanentsPlan:
    """p's permanents in the listing's order (permanents) as segments: a run of lands in a row
    (kind LAND, face up: nothing but plain mana abilities) as a list of their ids, a steady
    permanent's entry as Steady, any other permanent's as it is; and the lands' actions
    (LandActions) while p's `activate` names are the same maps (`names`: kept_names). Kept across positions while the
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
            if kind is LAND and not objects[oid].face_down:
                if run is None:
                    run = [oid]
                    add(run)
                else:
                    run.append(oid)
                continue
            run = None
            add(Steady(entry) if reads is not None and kind is not GRANTED_ONLY and not objects[oid].face_down
                else entry)
        self.segments = segments
        self.at: list[int] | None = None  # (each permanent's segment, -1 in a run of lands: `positions`)
        # the characteristics the last `resized` replaced, by the id of those that replaced them
        # (differing in power, toughness or loyalty alone: a steady permanent's entries hold)
        self.sized_from: dict[int, "Chars"] = {}
        self.names: Any = None
        self.lands = LandActions(perms)

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
                segments[k] = Steady(perms[i]) if type(segments[k]) is Steady else perms[i]
        self.perms = self.lands.perms = perms
        self.lands.chars = None  # (made again when first asked)


def plan(lister: Lister) -> PermanentsPlan:
    """p's permanents as the listing goes through them (PermanentsPlan), kept while it holds,
    with the lands' actions for p's `activate` names now: when those maps are made again (p's
    hand changed, say) the lands' actions stay if each name they were written with is named by
    the same map object as before (unchanged maps are the same objects:
    mana_actions._activate_names)."""
    g, p = lister.g, lister.p
    perms = permanents(g, p)
    kept: PermanentsPlan | None = g.names_kept.get(("permanents_plan", p))
    if kept is not None and kept.perms is perms and kept.face_gen == g.face_gen:
        got = kept
    else:
        # (the list made from the plan's by _resized: the plan made for it in place)
        was = g.names_kept.get(("resized", p)) if kept is not None and kept.face_gen == g.face_gen else None
        if kept is not None and was is not None and was[0] is kept.perms and was[1] is perms:
            kept.resized(perms, was[2])
            got = kept
        else:
            got = g.names_kept[("permanents_plan", p)] = PermanentsPlan(g, perms)
    if not lister.source_ids:
        return got  # (no land is a source: none of their actions is looked up, no name is needed)
    names = kept_names(lister)
    if got.names is not names:
        if any(activate_names(lister, obj) is not named for obj, named in got.lands.used.values()):
            got.lands = LandActions(got.perms)
        got.names = names
    return got


def permanents(g: "Context", p: int) -> list[tuple[int, "Chars", str, tuple[bool, bool, bool] | None]]:
    """p's permanents as the listing goes through them: each with its characteristics, what
    kind of ways it has (GRANTED_ONLY: no definition, a granted mana ability at most; LAND:
    nothing but plain mana abilities; NO_MANA: no mana ability, none granted — no source, so
    ManaAbilities offers nothing; ONE_MANA: one mana ability without a mana cost, none
    granted — ManaAbilities offers its source's mana actions alone, if it is a source (its
    first mana ability is the one it is tapped for, payment.mana_ability); OTHER) and what it
    reads if steady (idle.steady). Made
    from their characteristics alone: kept across positions while those are the same."""
    made: list[tuple[int, "Chars", str, tuple[bool, bool, bool] | None]]
    got = g.memo.get(("listing_permanents", p))  # (from_permanents' entry: once per position)
    if got is not None:
        made = got[0]
        return made
    made = characteristics.from_permanents(g, p, "listing_permanents", lambda: _entries(g, p),
                                           lambda was, changed, now: _resized(g, p, was, changed, now))
    return made


# each characteristics' kind of ways and what they read if steady (_kind, idle.steady: made of
# the characteristics alone), by their id (the object kept, compared by identity): a permanent
# entering or leaving makes p's entries again, the others' characteristics are the same objects
_KNOWN: dict[int, tuple[Any, str, tuple[bool, bool, bool] | None]] = {}


def _entries(g: "Context", p: int) -> list[tuple[int, "Chars", str, tuple[bool, bool, bool] | None]]:
    """`permanents` made (what each permanent's characteristics say, _KNOWN)."""
    known = _KNOWN
    if len(known) > 5000:
        known.clear()
    out = []
    for oid, _, c in g.perms(p):
        got = known.get(id(c))
        if got is None or got[0] is not c:
            got = known[id(c)] = (c, _kind(c), idle.steady(c))
        out.append((oid, c, got[1], got[2]))
    return out


def permanents_stale(g: "Context", fresh: "Context", p: int) -> str | None:
    """For engine/cache_check.py: p's permanents as the listing goes through them (permanents,
    kept across positions, made again in place as only power, toughness or loyalty change) and
    their plan if it is p's now, against those made from scratch in `fresh`; or None."""
    kept = permanents(g, p)
    made = [(oid, c, _kind(c), idle.steady(c)) for oid, _, c in fresh.perms(p)]  # (not through _KNOWN)
    if kept != made:
        return f"the listing's permanents of player {p}: kept {kept!r}, made {made!r}"
    was: PermanentsPlan | None = g.names_kept.get(("permanents_plan", p))
    if was is not None and was.perms is kept and was.face_gen == g.face_gen:
        new = PermanentsPlan(g, kept)
        if was.segments != new.segments or was.positions() != new.positions():
            return f"the listing's plan of player {p}'s permanents: kept {was.segments!r}, made {new.segments!r}"
    return None


def _resized(g: "Context", p: int, was: list[tuple[int, "Chars", str, Any]], changed: list[int],
             now: list["Chars"]) -> list[tuple[int, "Chars", str, Any]]:
    """`permanents`' list with the characteristics now of the permanents whose power, toughness
    or loyalty alone changed (kept.from_permanents): what kind of ways each has and what it
    reads if steady are made of the rest. Noted with the list it was made from, for the plan
    (`plan`: PermanentsPlan.resized; g.names_kept, emptied when the state is replaced)."""
    got = [e if e[1] is c else (e[0], c, e[2], e[3]) for e, c in zip(was, now)]
    g.names_kept[("resized", p)] = (was, got, changed)
    return got


def _kind(c: "Chars") -> str:
    if c.defn is None:
        return GRANTED_ONLY
    if c.defn.only_plain_mana() and "Room" not in c.subtypes and GRANTED_MANA not in c.flags:
        return LAND
    if GRANTED_MANA not in c.flags:
        mana = c.defn.mana_abilities()
        if not mana:
            return NO_MANA
        if len(mana) == 1 and not c.defn.costed_mana():
            return ONE_MANA
    return OTHER
