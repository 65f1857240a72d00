"""Effects on many permanents or a whole zone: "destroy all creatures" (Time Wipe), "Destroy all creatures. They can't be regenerated. Draw a card for each
creature destroyed this way." (Decree of Pain), "Exile target player's graveyard", "Each
creature deals 1 damage to its controller" (Rakdos Charm: `Damage(1, to="its_controller",
by="each_creature")`). (Base P/T for a group is
`Becomes(power=, on=group)`, Chaos Warp's reveal `TopCards(whose="target_owner")`, Terminus's
`PutOnLibrary(all_of=)`.)"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Step
from engine.state import rng_below
from engine.rules.resolved_replacements import RegenerationShield, shields
from engine.rules.entering import enter_together

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class DestroyAllCounted:
    """"Destroy all [creatures] [target opponent controls]. [They can't be regenerated.]" — at
    once (CR 701.8; `whose="target"`: Behold the Power of Destruction's "all nonland permanents
    target opponent controls"); the number
    that went to a graveyard this way is remembered under "destroyed" (`Count("remembered",
    key="destroyed")`: "Draw a card for each creature destroyed this way"); `regenerate=False`:
    their regeneration shields do not apply (CR 701.19c)."""
    types: tuple[str, ...] = ("Creature",)  # () with `nonland`: "each nonland permanent"
    regenerate: bool = True
    nonland: bool = False
    mv_at_most: int | None = None  # "with mana value 2 or less" (Culling Ritual)
    whose: str = "all"  # or "target": "... target opponent controls" (the first target player)

    def step(self) -> Step:
        types, regenerate, nonland, most = self.types, self.regenerate, self.nonland, self.mv_at_most

        def fits(g: "Context", o: int) -> bool:
            if types and not any(g.is_type(o, t) for t in types):
                return False
            if nonland and g.is_type(o, "Land"):
                return False
            return most is None or g.chars(o).mana_value <= most

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if self.whose == "target":
                ref = g.target_ref(item, 0)
                if ref is None or "player" not in ref:
                    return
                ids = [o for o in g.battlefield(int(ref["player"])) if fits(g, o)]
            else:
                ids = [o for o in g.battlefield() if fits(g, o)]
            off: list[RegenerationShield] = []
            if not regenerate:  # CR 701.19c: "They can't be regenerated"
                off = [s for oid in ids for s in shields(g, oid)]
                g.end_replacements(off)
            count = 0
            for oid in ids:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    new = g.destroy(oid)
                    if new is not None and new != oid:
                        count += 1
            for shield in off:  # (an indestructible one keeps its shields)
                if shield.obj in g.st.objects and g.st.objects[shield.obj].zone == "battlefield":
                    g.add_replacement(shield)
            ctx["destroyed"] = count
        return run


@dataclass(frozen=True)
class ExileGraveyard:
    """"Exile target player's graveyard" — every card in it, at once (CR 406.2; Bojuka Bog,
    Rakdos Charm)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            if ref is None or "player" not in ref:
                return
            for oid in list(g.st.players[int(ref["player"])].graveyard):
                g.move(oid, "exile", cause="exile")
        return run


@dataclass(frozen=True)
class RandomFromGraveyard:
    """Cards chosen at random in your graveyard, with the game's seeded random-number generator
    (engine/state.py), fewer if there are fewer; they go `to` the battlefield (entering at the
    same time, CR 603.6a) or the hand:

    * "return N [creature] cards at random from your graveyard to the battlefield" (Moldgraf
      Monstrosity): chosen among the cards of `types`;
    * with `otherwise`: "choose a card at random in your graveyard. If it's a [creature] card,
      put it onto the battlefield. Otherwise, put it into your hand." (Deadbridge Chant):
      chosen among all of them, a card not of `types` goes to `otherwise`."""
    n: int = 1
    types: tuple[str, ...] = ("Creature",)
    to: str = "battlefield"
    otherwise: str = ""

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = item.controller
            kinds = set(e.types)
            pool = [o for o in g.st.players[p].graveyard if e.otherwise or g.types_now(o)[0] & kinds]
            chosen: list[int] = []
            while pool and len(chosen) < e.n:
                chosen.append(pool.pop(rng_below(g.st, len(pool))))
            for oid in chosen:
                g.event("chosen", card=item.name, choice=g.st.objects[oid].name, choice_card=True)
            fits = [o for o in chosen if g.types_now(o)[0] & kinds]
            _put(g, p, fits, e.to)
            if e.otherwise:
                _put(g, p, [o for o in chosen if o not in fits], e.otherwise)
        return run


def _put(g: "Context", p: int, ids: list[int], to: str) -> None:
    if to == "hand":
        for oid in ids:
            g.move(oid, "hand", cause="put")
    elif ids:
        enter_together(g, lambda: [g.move(o, "battlefield", controller=p, cause="put") for o in ids])


@dataclass(frozen=True)
class ExileAllThenTokenEach:
    """"Exile all creatures. Each player creates a [0/0 token] and puts a number of +1/+1
    counters on it equal to the total power of creatures they controlled that were exiled this
    way." — the powers as the creatures last existed on the battlefield (ruling: not in exile),
    summed per controller; every player creates one, in APNAP order (CR 101.4)."""
    token: str
    types: tuple[str, ...] = ("Creature",)

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            gone = [o for o in list(g.st.battlefield) if any(g.is_type(o, t) for t in e.types)]
            power: dict[int, int] = {}
            for o in gone:  # last known information (CR 113.7a), read before any leaves
                p = g.st.objects[o].controller
                power[p] = power.get(p, 0) + (g.chars(o).power or 0)
            for o in gone:
                if o in g.st.objects and g.st.objects[o].zone == "battlefield":
                    g.move(o, "exile", cause="exile")
            for p in g.apnap():
                if g.st.players[p].lost:
                    continue
                oid = g.create_token(p, e.token)
                if power.get(p, 0) > 0 and oid in g.st.objects:
                    g.add_counters(oid, "+1/+1", power[p])
        return run
