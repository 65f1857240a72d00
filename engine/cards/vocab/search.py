"""Searching a library (CR 701.23; then shuffling, 701.24): for a card of a subtype, a card type,
a basic land card or any card (`Search`, also a card named ... in other zones), for land cards
(`SearchLands`: up to N, basic, sharing a land type, some revealed into the hand) and for basic
land cards (`SearchBasicLands`: the ramp creatures and spells).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import amount, pick_named
from engine.rules.entering import enter_together

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # the basic land types (CR 205.3i)


@dataclass(frozen=True)
class Search:
    """Search your library for a card (of a subtype, or a basic land card, or any card), put
    it into your hand (revealed unless any card), then shuffle (CR 701.19, 701.24);
    `to_battlefield_tapped` puts it onto the battlefield tapped instead (a basic land card, or
    a card of the subtype: "a Forest card")."""
    subtype: str = ""
    basic_land: bool = False
    to_battlefield_tapped: bool = False  # "put it onto the battlefield tapped"
    to_graveyard: bool = False  # "search your library for a card, put it into your graveyard"
    # "search your library for an enchantment card, reveal it, then shuffle and put that card on
    # top" (CR 701.23, 701.24: shuffled first, then put on top)
    card_type: str = ""
    to_top: bool = False
    # "a basic Plains, Island, or Swamp card": one of these land types (with basic_land)
    land_types: tuple[str, ...] = ()
    # "Search your graveyard, hand, and/or library for a card named [name] and put it onto the
    # battlefield. If you search your library this way, shuffle." (`zones` the zones searched;
    # onto the battlefield untapped)
    named: str = ""
    zones: tuple[str, ...] = ("library",)

    def step(self) -> Step:
        if self.named:
            return _search_named(self.named, self.zones)
        if self.zones != ("library",):
            raise ValueError(f"only a card named ... is searched for in other zones: {self!r}")
        if self.card_type:
            return _search_card_type(self.card_type, self.to_top)
        if self.subtype and not self.to_battlefield_tapped:
            return fx.search_library_to_hand(self.subtype)
        basic, onto, graveyard, subtype = self.basic_land, self.to_battlefield_tapped, self.to_graveyard, self.subtype
        land_types = frozenset(self.land_types)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library

            def fits(o: int) -> bool:
                if subtype:  # "a Forest card" (Binding the Old Gods): any card with that subtype
                    return subtype in g.chars(o).subtypes
                if land_types and not land_types & set(g.types_now(o)[1]):
                    return False
                return not basic or ("Land" in g.types_now(o)[0] and "Basic" in g.chars(o).supertypes)
            if "answer" not in ctx:
                options = sorted({g.st.objects[o].name for o in lib if fits(o)})
                if subtype:
                    return Ask(p, "choose_card", options + ["nothing"], "ask.search_library", {"subtype": subtype})
                return Ask(p, "choose_card", options + ["nothing"],
                           "ask.search_basic_land" if basic else "ask.search_any", {})
            choice = ctx.pop("answer")[0]
            if choice != "nothing":
                oid = next(o for o in lib if g.st.objects[o].name == choice and fits(o))
                if onto:
                    g.move(oid, "battlefield", tapped=True, controller=p, cause="search")
                    g.shuffle(p)
                    return None
                if graveyard:
                    g.move(oid, "graveyard", cause="search")
                    g.shuffle(p)
                    return None
                new = g.move(oid, "hand", cause="search")
                if basic:
                    g.event("reveal", player=g.pname(p), card=g.st.objects[new].name)
            g.shuffle(p)
            return None
        return run


def _search_named(name: str, zones: tuple[str, ...]) -> Step:
    """The player picks one of the cards found (an option per zone it is in, "zone: name") or
    nothing; the library is searched (and shuffled) unless the card comes from the graveyard
    or the hand."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        p = item.controller
        pl = g.st.players[p]
        found = {z: next((o for o in getattr(pl, z) if g.st.objects[o].name == name), None) for z in zones}
        options = [f"{z}: {name}" for z, o in found.items() if o is not None]
        if "answer" not in ctx:
            return Ask(p, "choose_card", options + ["nothing"], "ask.search_any", {})
        choice = ctx.pop("answer")[0]
        zone = choice.split(":", 1)[0]
        oid = found.get(zone) if choice != "nothing" else None
        if oid is not None:
            g.move(oid, "battlefield", controller=p, cause="search")
        if zone not in ("graveyard", "hand") and "library" in zones:
            g.shuffle(p)
        return None
    return run


def _search_card_type(card_type: str, to_top: bool) -> Step:
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        p = item.controller
        lib = g.st.players[p].library
        fits = [o for o in lib if card_type in g.types_now(o)[0]]
        if "answer" not in ctx:
            return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in fits}) + ["nothing"],
                       "ask.search_named_type", {"card": item.name})
        choice = ctx.pop("answer")[0]
        found = next((o for o in fits if g.st.objects[o].name == choice), None)
        card = g.st.objects[found].card if found is not None else None
        if found is not None:
            g.event("reveal", player=g.pname(p), card=choice)
        g.shuffle(p)
        if card is not None:  # (a shuffle renumbers the library: the physical card is followed)
            found = next(o for o in g.st.players[p].library if g.st.objects[o].card == card)
            if to_top:
                rest = [o for o in g.st.players[p].library if o != found]
                g.update_player(p, library=[found] + rest)
            else:
                g.move(found, "hand", cause="search")
        return None
    return run


@dataclass(frozen=True)
class SearchLands:
    """"you search your library for up to that many land cards, put them onto the
    battlefield tapped, then shuffle" (CR 701.23a, 701.24): `n` a number or a count taken
    as it resolves; the land cards are picked together (up to `n`), put onto the battlefield
    together (CR 603.6a). With a count of 0 nothing is searched. `basic`: basic land cards
    only ("up to two basic land cards", Explosive Vegetation); `share_type`: "... that share a
    land type" (each card after the first has a basic land type every card chosen before has,
    picked one at a time, "choose done" ends; Myriad Landscape); `tapped=False`: "put them
    onto the battlefield" (Harrow); `to_hand`: "reveal those cards, put one onto the
    battlefield tapped and the other into your hand" (Cultivate) — of the cards found, that
    many go to the hand, revealed, and the player chooses which (a second decision when it
    matters)."""
    n: Any = 1
    basic: bool = False
    share_type: bool = False
    tapped: bool = True
    to_hand: int = 0

    def step(self) -> Step:
        n, basic, share, tapped, to_hand = self.n, self.basic, self.share_type, self.tapped, self.to_hand

        def fits(g: "Context", o: int, chosen: list[int]) -> bool:
            c = g.chars(o)
            if "Land" not in g.types_now(o)[0] or (basic and "Basic" not in c.supertypes):
                return False
            if share and chosen:
                common = set(LAND_TYPES).intersection(*(g.chars(x).subtypes for x in chosen))
                return bool(common & set(c.subtypes))
            return True

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            want = amount(n, g, item) if "search_n" not in ctx else int(ctx["search_n"])
            if want <= 0:
                return None
            lib = g.st.players[p].library
            if "found" in ctx:  # Cultivate: which of the cards found go to the hand
                found = ctx.pop("found")
                hand = pick_named(g, found, [a for a in ctx.pop("answer") if a != "nothing"])[:to_hand]
                return _lands_found(g, p, [o for o in found if o not in hand], hand, tapped)
            if share:  # (one at a time: what fits depends on the cards chosen before)
                chosen: list[int] = ctx.setdefault("search_chosen", [])
                if "answer" in ctx:
                    answer = (list(ctx.pop("answer")) or ["done"])[0]  # ("choose done": no card)
                    if answer == "done":
                        ctx["search_done"] = True
                    else:
                        chosen += pick_named(g, [o for o in lib if o not in chosen and fits(g, o, chosen)], [answer])
                options = [o for o in lib if o not in chosen and fits(g, o, chosen)]
                if len(chosen) < want and options and not ctx.get("search_done"):
                    ctx["search_n"] = want
                    return Ask(p, "choose_card", sorted({g.st.objects[o].name for o in options}),
                               "ask.search_lands", {"count": want - len(chosen)}, min_count=0)
                picked = list(ctx.pop("search_chosen"))
                ctx.pop("search_done", None)
            else:
                lands = [o for o in lib if fits(g, o, [])]
                if "answer" not in ctx:
                    if not lands:  # (searching finds nothing: the library is still shuffled)
                        g.shuffle(p)
                        return None
                    ctx["search_n"] = want
                    return Ask(p, "choose_card", sorted(g.st.objects[o].name for o in lands),
                               "ask.search_basic_lands" if basic else "ask.search_lands",
                               {"count": want}, count=min(want, len(lands)), min_count=0)
                picked = pick_named(g, lands, list(ctx.pop("answer"))[:want])
            ctx.pop("search_n", None)
            if to_hand and len(picked) > to_hand and len({g.st.objects[o].name for o in picked}) > 1:
                ctx["found"] = picked
                return Ask(p, "choose_card", [g.st.objects[o].name for o in picked], "ask.search_lands_to_hand",
                           {"count": to_hand}, count=to_hand, min_count=to_hand)
            # the battlefield is served first: one card found goes onto it (ruling, Cultivate)
            k = min(to_hand, len(picked) - 1)
            hand = picked[len(picked) - k:] if k > 0 else []
            return _lands_found(g, p, [o for o in picked if o not in hand], hand, tapped)
        return run


def _lands_found(g: "Context", p: int, onto: list[int], hand: list[int], tapped: bool) -> None:
    """The lands a search found: those for the hand revealed and put there, the others onto the
    battlefield together (CR 603.6a); then the library is shuffled (CR 701.24)."""
    for oid in hand:
        g.event("reveal", player=g.pname(p), card=g.st.objects[oid].name)
        g.move(oid, "hand", cause="search")
    enter_together(g, lambda: [g.move(o, "battlefield", tapped=tapped, controller=p, cause="search")
                               for o in onto])
    g.shuffle(p)
    return None


@dataclass(frozen=True)
class SearchBasicLands:
    """Search for up to `n` basic land cards (a number or a count taken as it resolves): chosen
    at once among the basic land cards of the library (a search of a hidden zone may find
    nothing, CR 701.23b: `choose nothing`), then put `to` "battlefield" (`tapped` or not, all
    at the same time, CR 603.6a) or "hand" (revealed: the log names them), then shuffle."""
    n: Any = 1
    to: str = "battlefield"  # battlefield | hand
    tapped: bool = True

    def step(self) -> Step:
        n, to, tapped = self.n, self.to, self.tapped
        if to not in ("battlefield", "hand"):
            raise ValueError(f"SearchBasicLands: unknown destination {to!r}")

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            basics = [o for o in lib if "Land" in g.types_now(o)[0] and "Basic" in g.chars(o).supertypes]
            if "answer" not in ctx:
                want = amount(n, g, item)
                if want <= 0 or not basics:
                    g.shuffle(p)
                    return None
                ctx["search_n"] = want
                names = sorted(g.st.objects[o].name for o in basics)
                if want == 1:
                    return Ask(p, "choose_card", sorted(set(names)) + ["nothing"], "ask.search_basic_land", {})
                return Ask(p, "choose_card", names, "ask.search_basic_lands", {"count": want},
                           count=min(want, len(basics)), min_count=0)
            want = int(ctx.pop("search_n", 1))
            chosen = pick_named(g, basics, [a for a in ctx.pop("answer") if a != "nothing"][:want])
            if to == "battlefield":
                enter_together(g, lambda: [g.move(o, "battlefield", tapped=tapped, controller=p, cause="search")
                                           for o in chosen])
            else:
                for o in chosen:
                    new = g.move(o, "hand", cause="search")
                    g.event("reveal", player=g.pname(p), card=g.st.objects[new].name)
            g.shuffle(p)
            return None
        return run
