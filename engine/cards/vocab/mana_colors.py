"""Mana abilities whose colours are read from the game (CR 605.1a): "one mana of the chosen
color", "of any color in your commander's color identity" (CR 903.4), "of any color that a
land an opponent controls could produce". One item, `ManaOfAnyColorIn(where, also=)`: one
mana ability per colour, each activatable only while that colour is allowed
(engine/rules/payment.py usable_mana merges them into one source of those colours).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.cards.model import Activated
from engine.decks.commander import identity
from engine.rules.rule_changes import ObjectRule
from engine.rules.kept import perms_fp

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

COLORS = ("W", "U", "B", "R", "G")


@lru_cache(maxsize=256)
def _identity(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(c for n in names for c in (identity(n) or ""))


def commander_colors(g: "Context", player: int) -> frozenset[str]:
    """The colours of the player's commanders' combined colour identity (CR 903.4); none
    without a commander (rulings, Command Tower: no mana, never {C})."""
    return _identity(tuple(sorted(g.st.players[player].commanders.values())))


def _could_produce(g: "Context", oid: int, opponents_make: dict[int, set[str]]) -> set[str]:
    """The colours a land's mana abilities could produce, costs and activation restrictions
    not checked (rulings, Exotic Orchard); an ability of this module reads what it reads."""
    c = g.chars(oid)
    out: set[str] = set()
    for ab in (c.defn.mana_abilities() if c.defn is not None else ()):
        cond = ab.condition
        if isinstance(cond, ColorAllowed):
            if cond.colour in cond.allowed(g, g.st.objects[oid], opponents_make):
                out.add(cond.colour)
            continue
        out.update(x for combo in ab.mana for x in combo if x in COLORS)
    if ObjectRule.MANA_ANY_COLOR in c.flags:  # a granted "{T}: Add one mana of any color." (payment.GRANTED_MANA)
        out.update(COLORS)
    return out


def opponents_land_colors(g: "Context", player: int) -> set[str]:
    """The colours lands the player's opponents control could produce (rulings, Exotic Orchard,
    Fellwar Stone: W U B R G only). Lands that read the same thing help each other only when
    some other land makes a colour: what each player's lands make grows from nothing until
    it no longer changes."""
    n = len(g.st.players)
    made: dict[int, set[str]] | None = g.memo.get("lands_could_make")
    if made is None:
        made = _lands_could_make(g, n)
        if "partial_chars" not in g.memo:  # once per position (not while the effects are being read)
            g.memo["lands_could_make"] = made
    return set().union(*(made[q] for q in range(n) if q != player and not g.st.players[q].lost))


def _lands_could_make(g: "Context", n: int) -> dict[int, set[str]]:
    """What each player's lands could produce. Made of nothing but the players' permanents and
    their characteristics (kept as the same objects while unchanged: perms_fp), the colours
    chosen as they entered of the lands whose abilities read them (`_chosen_readers`: which
    they are follows from the characteristics), the commanders and who has left: kept across
    positions while those are the same (g.chars_kept) — a crowded board's Fellwar Stone asks
    at every position."""
    objects = g.st.objects
    inputs = []
    for q in range(n):
        fp = perms_fp(g, q)
        pl = g.st.players[q]
        inputs.append((fp[0], fp[1], pl.lost, tuple(sorted(pl.commanders.values()))))
    kept = g.chars_kept.get("lands_could_make")
    # (lists of the same objects: compared by identity first; the chosen colours of the few
    # lands that read them read again)
    if kept is not None and kept[0] == inputs and [objects[o].ctx.get("color") for o in kept[1]] == kept[2]:
        return kept[3]  # type: ignore[no-any-return]
    made: dict[int, set[str]] = {q: set() for q in range(n)}
    for _ in range(6):  # (five colours: it settles within six rounds)
        new = {q: set().union(*(_could_produce(g, o, made) for o in g.with_type(q, "Land"))) if
               not g.st.players[q].lost else set() for q in range(n)}
        if new == made:
            break
        made = new
    if "partial_chars" not in g.memo and not g.memo.get("effects_partial"):
        readers = _chosen_readers(g, n)
        g.chars_kept["lands_could_make"] = (inputs, readers, [objects[o].ctx.get("color") for o in readers], made)
    return made


def _chosen_readers(g: "Context", n: int) -> list[int]:
    """The lands whose abilities read the colour chosen as they entered (_could_produce:
    ColorAllowed "chosen", the one thing it reads of the object's own state)."""
    out = []
    for q in range(n):
        for o in g.with_type(q, "Land"):
            c = g.chars(o)
            if c.defn is not None and any(isinstance(ab.condition, ColorAllowed) and ab.condition.where == "chosen"
                                          for ab in c.defn.mana_abilities()):
                out.append(o)
    return out


def lands_could_make_stale(g: "Context", fresh: "Context") -> str | None:
    """For engine/cache_check.py: what each player's lands could produce as kept across
    positions (_lands_could_make) against what a copy with empty caches makes; or None."""
    n = len(g.st.players)
    kept, made = _lands_could_make(g, n), _lands_could_make(fresh, n)
    if kept != made:
        return f"what each player's lands could produce: kept {kept!r}, made {made!r}"
    return None


@dataclass(frozen=True)
class ColorAllowed:
    """A mana ability's activation restriction (CR 602.5b): its colour is one `where` allows —
    "chosen" (the colour chosen as it entered, CR 614.12b), "commander_identity",
    "opponent_lands"."""
    where: str
    colour: str

    @property
    def reads_own_permanents(self) -> bool:
        # the chosen colour is written once as it enters, a commander's identity never changes;
        # opponents' lands change with other players' permanents (engine/rules/payment.py player_mana)
        return self.where != "opponent_lands"

    def allowed(self, g: "Context", me: "Obj", opponents_make: dict[int, set[str]] | None = None) -> set[str]:
        if self.where == "chosen":
            return {str(me.ctx.get("color", ""))}
        if self.where == "commander_identity":
            return set(commander_colors(g, me.controller))
        if opponents_make is not None:  # (inside the search of what opponents' lands make)
            return set().union(*(m for q, m in opponents_make.items() if q != me.controller))
        return opponents_land_colors(g, me.controller)

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return self.colour in self.allowed(g, me)


@dataclass(frozen=True)
class ManaOfAnyColorIn:
    """"{T}: Add one mana of the chosen color." (`where` "chosen"), "... of any color in your
    commander's color identity." ("commander_identity"), "... of any color that a land an
    opponent controls could produce." ("opponent_lands"); `also`: colours it makes anyway
    ("{T}: Add {W} or one mana of the chosen color.", the Thriving lands). A mana ability
    (CR 605.1a): one Activated per colour, each with its restriction."""
    where: str
    also: tuple[str, ...] = ()
    word: str = ""

    def add_to(self, kw: dict[str, Any], label: str, door: str) -> None:
        for c in self.also:
            kw["activated"].append(Activated(tap=True, mana=(c,), label=label))
        for c in (c for c in COLORS if c not in self.also):
            kw["activated"].append(Activated(tap=True, mana=(c,), condition=ColorAllowed(self.where, c), label=label))
