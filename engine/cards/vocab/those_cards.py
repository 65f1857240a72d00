""""Those cards": cards (or permanents) an earlier effect of the same ability set aside, and
what the next effects do with them — so a text such as "each opponent exiles the top card of
their library. You may cast any number of spells from among cards exiled this way without
paying their mana costs" is two items of data, not one class:

* producers record them under `THOSE` (engine/cards/vocab/core.py) in the ability's record
  (ctx): `ExileFromTop` ("exile the top card of [each opponent's] library", "exile cards from
  the top of your library until you exile a nonland card", "exiles all but the bottom six
  cards"), `ChoosePermanents` ("choose any number of creatures ..."), `Mill` (library.py: the
  milled cards), `TopCards` (reveal.py: the cards it put into the hand);
* consumers read them: `CastWithoutPaying(of="those")` ("you may cast [that card / any number of
  spells from among them] without paying [its / their] mana cost[s]"; also from your hand),
  `FromAmongThem` ("[put / return] [a / up to K / any number of] [type] cards from among them
  [into your hand / onto the battlefield]"), `Destroy(of="those")` (removal.py), the count
  `Count("those", type=, key=)` (counts.py: "their total mana value").

A consumer uses those still where the producer put them (CR 400.7: a card that changed zones
is a new object).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mechanics.free_cast import ALT, COST
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import THOSE, run_steps
from engine.cards.vocab.schemes import LandsAtLeast
from engine.format import ref_text
from engine.rules.cast_offer import CAST, may_cast_one_of

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


def those(g: "Context", ctx: dict[str, Any], zone: str) -> list[int]:
    """The cards the earlier effect set aside that are still in `zone`."""
    return [o for o in ctx.get(THOSE, []) if o in g.st.objects and g.st.objects[o].zone == zone]


@dataclass(frozen=True)
class ExileFromTop:
    """"[Each opponent] exiles the top card of [their] library" (`whose` "you" or
    "each_opponent"); `until="nonland"`: "exile cards from the top of your library until you
    exile a nonland card" — every card exiled stays exiled, and "that card" (the nonland one)
    is the one recorded. Face up, by the effect (CR 406.3). `all_but_bottom=N`: "each player
    [`whose="each_player"`, in APNAP order] exiles all but the bottom N cards of their library
    [`face_down`: face down]" (CR 406.3: a face-down exiled card is seen by no one)."""
    whose: str = "you"
    until: str = ""
    all_but_bottom: int | None = None
    face_down: bool = False

    def step(self) -> Step:
        whose, until, keep, down = self.whose, self.until, self.all_but_bottom, self.face_down
        if until not in ("", "nonland") or (until and keep is not None):
            raise ValueError(f"exile from the top until: {self!r}")

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            if whose == "each_opponent":
                players = list(g.opponents(item.controller))
            elif whose == "each_player":
                players = list(g.apnap())
            elif whose == "you":
                players = [item.controller]
            else:
                raise ValueError(f"whose library: {whose!r}")
            cards: list[int] = []
            for p in players:
                if keep is not None:
                    lib = list(g.st.players[p].library)
                    cards += [g.move(o, "exile", face_down=down, cause="exile") for o in lib[:max(0, len(lib) - keep)]]
                    continue
                while g.st.players[p].library:
                    new = g.move(g.st.players[p].library[0], "exile", face_down=down, cause="effect")
                    if not until or not g.is_type(new, "Land"):
                        cards.append(new)
                        break
            ctx[THOSE] = cards
        return run


@dataclass(frozen=True)
class CastWithoutPaying:
    """"you may cast [up to N] spell[s] from your hand without paying [its / their] mana
    cost[s]. [If you do, ...]" — cast during the resolution (I Am Duskmourn, Power Without
    Equal; their rulings: "Du bestimmst, ob du den Zauberspruch wirkst, sowie die Fähigkeit ...
    verrechnet wird"), timing restrictions ignored, one at a time (engine/cards/mechanics/
    free_cast.py); `then` runs once a spell was cast; `if_lands` (six or more lands, checked as
    it resolves). `of="those"`: from among the cards the effect before recorded, those still in
    exile ("You may cast that card without paying its mana cost", "You may cast any number of
    spells from among cards exiled this way ..."). `n` a number or "any"."""
    n: Any = 1
    then: tuple[Any, ...] = ()
    if_lands: int = 0
    of: str = "hand"

    def step(self) -> Step:
        e = self
        then = [x.step() for x in e.then]
        if e.of not in ("hand", "those"):
            raise ValueError(f"cast from: {e.of!r}")

        def pool(g: "Context", item: "Obj", ctx: dict[str, Any]) -> list[int]:
            if e.of == "those":
                return those(g, ctx, "exile")
            return list(g.st.players[item.controller].hand)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "free_n" not in ctx:
                if e.if_lands and not LandsAtLeast(e.if_lands)(g, item):
                    return None
                ctx["free_n"] = 0
            while e.n == "any" or ctx["free_n"] < e.n:
                got = may_cast_one_of(g, item, ctx, pool(g, item, ctx), item.controller, ALT, COST,
                                      "ask.free_cast", {"card": item.name})
                if got is not None:
                    return got
                if CAST not in ctx:
                    break  # declined (or nothing castable): no more
                ctx.pop(CAST)
                ctx["free_cast_any"] = True
                ctx["free_n"] += 1
            return _then_done(g, item, ctx, then if ctx.get("free_cast_any") else [], "free_then",
                              ("free_n", "free_cast_any"))
        return run


@dataclass(frozen=True)
class FromAmongThem:
    """"[Put / return] [take] [types] cards from among them [to]" — "them" the cards the effect
    before recorded (`Mill`: the milled cards), those still in the graveyard, of one of the
    printed card types `types` or the supertypes `supertypes` (any card with neither). `take`:

    * 1 — exactly one, put onto the battlefield under your control ("Then you put a permanent
      card from among the milled cards onto the battlefield under your control", CR 110.4b);
    * a number K — "return up to K ... to your hand": chosen together, none at all allowed;
    * "any" — "You may put any number of ... into your hand": one at a time, "nothing" ends
      it; `otherwise` runs if none was put there ("If you put no cards into your hand this
      way, ...")."""
    take: Any = 1
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    to: str = "hand"
    otherwise: tuple[Any, ...] = ()

    def step(self) -> Step:
        e = self
        types, sups = frozenset(e.types), frozenset(e.supertypes)
        otherwise = [x.step() for x in e.otherwise]
        if (e.take == 1) != (e.to == "battlefield"):
            raise ValueError(f"one card onto the battlefield, or cards into the hand: {e!r}")

        def fits(g: "Context", ctx: dict[str, Any]) -> list[int]:
            return [o for o in those(g, ctx, "graveyard")
                    if (not types and not sups) or g.types_now(o)[0] & types or g.chars(o).supertypes & sups]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if e.take == "any":
                return _any_number(g, item, ctx, p, fits, otherwise)
            left = fits(g, ctx)
            if not left:
                return None
            if e.take == 1:
                texts = [ref_text(g, ("o", o)) for o in left]
                if "answer" not in ctx:
                    return Ask(p, "choose_card", texts, "ask.put_onto_battlefield", {"card": item.name})
                answer = ctx.pop("answer")[0]
                g.move(left[texts.index(answer)] if answer in texts else left[0], "battlefield", controller=p,
                       cause="effect")
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in left], "ask.return_from_graveyard", {},
                           count=min(int(e.take), len(left)), min_count=0)
            taken: list[int] = []
            for name in ctx.pop("answer"):
                oid = next((o for o in left if o not in taken and g.st.objects[o].name == name), None)
                if oid is not None:
                    taken.append(oid)
            for oid in taken:
                g.move(oid, "hand", cause="return")
            return None
        return run


def _any_number(g: "Context", item: "Obj", ctx: dict[str, Any], p: int, fits: Any, otherwise: list[Step]) -> Any:
    """"You may put any number of ... into your hand": one card at a time ("nothing" ends it),
    then `otherwise` if none was put there."""
    put = ctx.setdefault("among_put", 0)
    if not ctx.get("among_done"):
        if "answer" in ctx:
            answer = ctx.pop("answer")[0]
            pick = next((o for o in fits(g, ctx) if g.st.objects[o].name == answer), None)
            if pick is None:
                ctx["among_done"] = True
            else:
                g.move(pick, "hand", cause="return")
                put = ctx["among_put"] = put + 1
        left = fits(g, ctx)
        if left and not ctx.get("among_done"):
            return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in left}) + ["nothing"],
                       "ask.pick_to_hand", {})
        ctx["among_done"] = True
    return _then_done(g, item, ctx, [] if put else otherwise, "among_else", ("among_put", "among_done"))


def _then_done(g: "Context", item: "Obj", ctx: dict[str, Any], steps: list[Step], key: str,
               kept: tuple[str, ...]) -> Any:
    """The effect's last part: `steps` (what follows, kept in ctx under `key`), then the
    effect forgets the `kept` keys of its own progress. A question the steps ask comes back
    first: the effect resumes there with its progress kept."""
    got = run_steps(steps, g, item, ctx, key)
    if got is not None:
        return got
    for k in kept:
        ctx.pop(k, None)
    return None


@dataclass(frozen=True)
class ChoosePermanents:
    """"Choose [any number of] [creatures] [with different mana values]" / "Starting with the
    next opponent in turn order, each player chooses a creature you don't control" — chosen as
    it resolves, not targeted; the chosen are "those" for the next effect ("Destroy those
    creatures": `Destroy(of="those")`). `who`: "you", or "each_player" (starting with the next
    opponent in turn order and ending with you; each choice is announced, so the players after
    know it, CR 101.4; the same permanent may be chosen twice). `any_number`: one at a time,
    "no more" ends it (Running Is Useless: chosen as it resolves, its ruling);
    `different="mana_value"`: each of a mana value not chosen yet; `not_yours`: "... you don't
    control"."""
    types: tuple[str, ...] = ("Creature",)
    who: str = "you"
    any_number: bool = False
    different: str = ""
    not_yours: bool = False

    def step(self) -> Step:
        e = self
        if e.who not in ("you", "each_player") or e.different not in ("", "mana_value") \
                or (e.any_number and e.who != "you"):
            raise ValueError(f"who chooses what: {e!r}")

        def options(g: "Context", item: "Obj", chosen: list[int]) -> list[int]:
            taken = {g.chars(o).mana_value for o in chosen if o in g.st.objects} if e.different else set()
            return [o for o in g.battlefield() if any(g.is_type(o, t) for t in e.types)
                    and not (e.not_yours and g.st.objects[o].controller == item.controller)
                    and not (e.any_number and o in chosen)
                    and not (e.different and g.chars(o).mana_value in taken)]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "choosers" not in ctx:
                order, p = [], g.next_player(item.controller)
                while e.who == "each_player" and p != item.controller:
                    order.append(p)
                    p = g.next_player(p)
                ctx["choosers"], ctx["chosen"] = order + [item.controller], []
            choosers: list[int] = ctx["choosers"]
            chosen: list[int] = ctx["chosen"]
            while choosers:
                p = choosers[0]
                ids = options(g, item, chosen)
                if ids and not g.st.players[p].lost:
                    texts = [ref_text(g, ("o", o)) for o in ids]
                    if "answer" not in ctx:
                        if e.any_number:
                            return Ask(p, "choose", texts + ["no more"], "ask.choose_creature", {"card": item.name})
                        return Ask(p, "choose_card", texts, "ask.choose_creature", {"card": item.name})
                    answer = ctx.pop("answer")[0]
                    if answer in texts:
                        chosen.append(ids[texts.index(answer)])
                    elif not e.any_number:
                        chosen.append(ids[0])
                    if not e.any_number or answer in texts:
                        if e.who == "each_player":
                            g.event("choose", player=g.pname(p), choice=ref_text(g, ("o", chosen[-1])), choice_card=True)
                        if e.any_number:
                            continue
                choosers.pop(0)
            ctx[THOSE] = list(dict.fromkeys(chosen))
            ctx.pop("choosers")
            ctx.pop("chosen")
            return None
        return run
