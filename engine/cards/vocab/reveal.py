"""Looking at and revealing the top of a library and taking cards from it (CR 701.20).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.model import Ask, Step
from engine.cards.vocab.core import THOSE, amount, pick_named, source_id
from engine.cards.vocab.library import library_to_graveyard
from engine.cards.data import printed
from engine.rules.mana import parse_cost
from engine.rules.cast_offer import CAST, may_cast_one_of
from engine.cards.vocab.counts import spell_mana_value
from engine.cards.mechanics.free_cast import ALT, COST
from engine.rules.entering import enter_together

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class RevealUntil:
    """"[each player] reveal(s) cards from the top of [their] library until [they] reveal a
    [types] card. Put that card [into your hand / onto the battlefield] and the rest on the
    bottom of [their] library in a random order." — `types` the printed card types that stop
    it (a card in a library, CR 202.3); `who` "you" or "each_player" (in turn order, CR 101.4;
    a player who left is skipped); the card enters under that player's control (House
    Cartographer: a land into your hand; Chaos Is My Plaything: a permanent card onto the
    battlefield, CR 110.4b). `n`: "until you reveal X creature cards. Put all creature cards
    revealed this way into your graveyard" (`to="graveyard"`, Old Stickfingers) — a number, or
    "spell_x": the X of the spell the trigger event names ("When you cast this spell", as it
    last existed on the stack, CR 113.7a; X = 0 reveals nothing)."""
    types: tuple[str, ...] = ("Land",)
    to: str = "hand"
    who: str = "you"
    n: Any = 1

    def step(self) -> Step:
        types, to, who, n = frozenset(self.types), self.to, self.who, self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            want = _spell_x(g, ctx) if n == "spell_x" else amount(n, g, item)
            players = [item.controller] if who == "you" else [p for p in g.apnap() if not g.st.players[p].lost]
            for p in players:
                revealed: list[int] = []
                found: list[int] = []
                for oid in list(g.st.players[p].library):
                    if len(found) >= want:
                        break
                    revealed.append(oid)
                    g.event("reveal", player=g.pname(p), card=g.st.objects[oid].name)
                    if g.types_now(oid)[0] & types:
                        found.append(oid)
                if to == "battlefield":
                    for oid in found:
                        g.move(oid, "battlefield", controller=p, cause="effect")
                elif to == "graveyard":
                    library_to_graveyard(g, p, [g.move(o, "graveyard", cause="reveal") for o in found])
                else:
                    for oid in found:
                        g.move(oid, "hand", cause="reveal")
                g.shuffle_into_bottom(p, [o for o in revealed if o not in found])
        return run


def _spell_x(g: "Context", ctx: dict[str, Any]) -> int:
    """The X of the trigger event's spell, as it is or last existed on the stack (CR 113.7a)."""
    sid = ctx.get("event", {}).get("obj")
    spell = (g.st.objects.get(sid) or g.st.lki.get(sid)) if sid is not None else None
    return int(spell.x or 0) if spell is not None else 0


@dataclass(frozen=True)
class TopCards:
    """"Look at [reveal] the top N cards of [whose] library. Put [take] [fits] cards from among
    them [to] and the rest [rest]." — one item for the shapes of that sentence; the names are
    options seen by the looking player only (a card in a library has its printed
    characteristics, CR 202.3). `take`:

    * "one": exactly one of them ("Put one of them into your hand and the rest into your
      graveyard", Commune with Evil; hideaway, CR 702.75a, with `to="hidden"`);
    * "may_one": "You may reveal a [fits] card from among them and put it into your hand"
      (Grisly Salvage, the rest into the graveyard; Lunar Hatchling's kind, the rest on the
      bottom); with `to="battlefield"`, `rest="hand"`: "look at the top card of your library.
      If it's a land card, you may put it onto the battlefield. If you don't put the card onto
      the battlefield, put it into your hand." (Wickerfolk Thresher);
    * "all": "reveal the top N cards ... Put all [types / fits] cards from among them into your
      hand" (revealed; Marina Vendrell, Mulch, Wrenn and Seven); with `whose="target_owner"`,
      `to="battlefield"`, `rest="top"`: "[its owner] reveals the top card of their library. If
      it's a permanent card, they put it onto the battlefield." (Chaos Warp, the target as it
      last existed, CR 608.2h: the card enters under that player's control);
    * "order": "then put them back in any order" (CR 401.4: chosen one at a time, the first on
      top; Halimar Depths);
    * a number K: "Put up to K [fits] cards from among them [to]" — chosen one at a time,
      "nothing" stops, each card checked on its own (ruling, Collected Company), entering
      together (CR 603.6a);
    * "any": "Put any number of [fits] cards [with different powers] from among them into your
      hand" — chosen one at a time, "nothing" stops; `different="power"`: each of a power not
      chosen yet (Rip, Spawn Hunter).

    `to`: "hand", "battlefield", "battlefield_tapped" or "hidden" (exiled face down and
    remembered by the permanent as "hidden", CR 607.2: the linked "play the exiled card",
    mechanics/hideaway.py), or "exile_play": "Exile one of those cards ... You may play the
    exiled card this turn." (its owner may play it until the turn ends, CR 601.2a, 305.1;
    Florian). `n` may be a count taken as it resolves ("the top X cards, where X is ..."). `rest`:
    "graveyard" (one event for the cards put there at once), "bottom" (in a random order),
    "bottom_order" (in the order the player chooses, one card at a time, CR 401.4), "hand" or
    "top" (left where they are); "" is the take's own: the graveyard for "one", the bottom for
    the others. The cards put into the hand are "those cards" for the effects after it
    (`Count("those", ...)`, engine/cards/vocab/those_cards.py). `types` printed card types and `subtypes` printed subtypes: a card with one of
    either fits ("creature and/or Vehicle cards").
    """
    n: Any
    take: Any = "one"
    fits: Any = None
    rest: str = ""
    types: tuple[str, ...] = ()
    to: str = "hand"
    whose: str = "you"  # or "target_owner": the library of the first target's owner
    # "Reveal the top N cards" (all of them, CR 701.20) before anything is taken (Shigeki)
    revealed: bool = False
    subtypes: tuple[str, ...] = ()
    different: str = ""  # "power": "with different powers" (with take="any")

    def step(self) -> Step:
        n, take, fits, types, to, revealed = self.n, self.take, self.fits, frozenset(self.types), self.to, self.revealed
        subtypes = frozenset(self.subtypes)
        rest = self.rest or ("graveyard" if take == "one" else "bottom")
        if self.different not in ("", "power"):
            raise ValueError(f"different what: {self.different!r}")
        different = self.different

        def ok(g: "Context", oid: int) -> bool:
            kind = (not types and not subtypes) or bool(g.types_now(oid)[0] & types) \
                or bool(set(g.printed_subtypes(oid)) & subtypes)
            return kind and (fits is None or fits(g, oid))

        def put(g: "Context", item: "Obj", p: int, ids: list[int], ctx: dict[str, Any]) -> None:
            if to in ("battlefield", "battlefield_tapped"):  # ("put it onto the battlefield tapped")
                enter_together(g, lambda: [g.move(o, "battlefield", controller=p, tapped=to != "battlefield",
                                                    cause="put") for o in ids])
                return
            for oid in ids:
                if to == "exile_play":
                    g.allow_play(g.move(oid, "exile", cause="exile"), p, g.st.turn)
                    continue
                if to == "hidden":
                    new = g.move(oid, "exile", face_down=True, cause="hideaway")
                    src = source_id(g, item)
                    if src is not None:
                        g.update(src, ctx={**g.st.objects[src].ctx, "hidden": new})
                else:
                    new = g.move(oid, "hand", cause="reveal" if take in ("all", "may_one", "any") else "put")
                    ctx[THOSE] = [*ctx.get(THOSE, []), new]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = _whose(g, item, self.whose)
            if p is None:
                return None
            lib = g.st.players[p].library
            if "top_cards" not in ctx:
                ctx["top_cards"], ctx["top_taken"] = list(lib[:amount(n, g, item)]), []
                if revealed:
                    _reveal(g, p, ctx["top_cards"])
            top: list[int] = ctx["top_cards"]
            taken: list[int] = ctx["top_taken"]
            if "top_put" not in ctx:
                got = _choose(g, item, ctx, p, top, taken, take, ok, to, different)
                if got is not None:
                    return got
                ctx["top_put"] = True
                if take == "order":
                    g.update_player(p, library=taken + [o for o in lib if o not in taken])
                    return _done(ctx)
                if take == "all":
                    _reveal(g, p, top)
                elif take == "may_one" and taken and to == "hand":
                    _reveal(g, p, taken)
                ctx[THOSE] = []
                put(g, item, p, taken, ctx)
            left = [o for o in top if o in g.st.players[p].library and o not in taken]
            if rest == "bottom_order":
                got = _bottom_in_order(g, item, ctx, p, left)
                if got is not None:
                    return got
            elif rest == "hand":
                for oid in left:
                    g.move(oid, "hand", cause="put")
            elif rest != "top":
                _rest(g, p, left, rest)
            return _done(ctx)
        return run


def _whose(g: "Context", item: "Obj", whose: str) -> int | None:
    """The player whose library it is: you, or the first target's owner as it last existed."""
    if whose != "target_owner":
        return item.controller
    if not item.targets or "obj" not in item.targets[0]:
        return None
    oid = int(item.targets[0]["obj"])
    old = g.st.objects.get(oid) or g.st.lki.get(oid)
    return None if old is None else old.owner


def _choose(g: "Context", item: "Obj", ctx: dict[str, Any], p: int, top: list[int], taken: list[int],
            take: Any, ok: Any, to: str, different: str = "") -> Any:
    """The cards taken (into `taken`), asking one decision at a time; None once chosen."""
    if different:  # "with different powers": a card of a power taken already doesn't fit any more
        kind_ok = ok

        def ok(g: "Context", oid: int) -> bool:
            return kind_ok(g, oid) and _power(g, oid) not in {_power(g, o) for o in taken}
    if take == "all":
        taken[:] = [o for o in top if ok(g, o)]
        return None
    if take == "order":  # the first chosen goes on top; the last card needs no choice
        if "answer" in ctx:
            taken += pick_named(g, [o for o in top if o not in taken], ctx.pop("answer")[:1])
        others = [o for o in top if o not in taken]
        if len(others) > 1:
            return Ask(p, "choose_card", [g.st.objects[o].name for o in others], "ask.order_top", {})
        taken += others
        return None
    if take == "one":
        if top and not taken:
            if "answer" not in ctx:
                key = {"hidden": "ask.hideaway", "exile_play": "ask.exile_one_play"}.get(to, "ask.put_into_hand")
                return Ask(p, "choose_card", [g.st.objects[o].name for o in top], key, {"card": item.name})
            taken += pick_named(g, top, ctx.pop("answer")[:1]) or top[:1]
        return None
    most = 1 if take == "may_one" else len(top) if take == "any" else int(take)
    if "answer" in ctx:
        answer = ctx.pop("answer")[0]
        pick = next((o for o in top if o not in taken and ok(g, o) and g.st.objects[o].name == answer), None)
        if pick is None:
            ctx["top_stop"] = True  # "nothing": no more
        else:
            taken.append(pick)
    left = [o for o in top if o not in taken and ok(g, o)]
    if left and len(taken) < most and not ctx.get("top_stop"):
        if take == "any":
            return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.pick_to_hand", {})
        if take != "may_one":
            return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.creature_onto_battlefield",
                       {"card": item.name, "count": most - len(taken)})
        if to == "battlefield":
            return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.land_onto_battlefield", {})
        if to == "battlefield_tapped":
            return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.onto_battlefield_tapped",
                       {"count": len(top)})
        return Ask(p, "choose_card", _card_names(g, left) + ["nothing"], "ask.reveal_to_hand", {"count": len(top)})
    return None


def _bottom_in_order(g: "Context", item: "Obj", ctx: dict[str, Any], p: int, left: list[int]) -> Any:
    """The rest on the bottom in the order the player chooses, one card at a time (CR 401.4):
    the first chosen is the highest of them, the last the bottom card."""
    bottom: list[int] = ctx.setdefault("top_bottom", [])
    if "answer" in ctx:
        name = ctx.pop("answer")[0]
        bottom += [next(o for o in left if o not in bottom and g.st.objects[o].name == name)]
    others = [o for o in left if o not in bottom]
    if len(others) > 1:
        return Ask(p, "choose_card", _card_names(g, others), "ask.bottom_next", {"card": item.name})
    order = bottom + others
    lib = g.st.players[p].library
    g.update_player(p, library=[o for o in lib if o not in order] + order)
    return None


def _done(ctx: dict[str, Any]) -> None:
    for key in ("top_cards", "top_taken", "top_put", "top_stop", "top_bottom"):
        ctx.pop(key, None)
    return None
def _rest(g: "Context", p: int, ids: list[int], rest: str) -> None:
    """The cards not taken: on the bottom of the library in a random order, or into the
    graveyard (Mulch, Grisly Salvage: one event for the cards put there at once)."""
    if rest == "bottom":
        g.shuffle_into_bottom(p, ids)
        return
    library_to_graveyard(g, p, [g.move(o, "graveyard", cause="put") for o in ids])


def _reveal(g: "Context", p: int, ids: list[int]) -> None:
    for oid in ids:
        g.event("reveal", player=g.pname(p), card=g.st.objects[oid].name)


def _power(g: "Context", oid: int) -> int:
    return g.chars(oid).power or 0


def _card_names(g: "Context", ids: list[int]) -> list[str]:
    return sorted({g.st.objects[o].name for o in ids})


@dataclass(frozen=True)
class RevealTopMayCastFree:
    """"reveal the top card of your library. You may cast it without paying its mana cost if
    it's a spell with lesser mana value. If you don't cast it, put it into your hand." — the
    mana value compared with the trigger event's spell's (X as chosen, as it last existed on
    the stack, CR 202.3e, 113.7a); cast during the resolution, timing ignored, X = 0
    (CR 118.9, 107.3b; engine/rules/cast_now.py); a land is put into the hand (ruling). A Room
    is compared door by door: only the door cast is the spell (CR 709.3; ruling, Neuer
    Verzauberungstyp: Raum: "beachte nur die Eigenschaften der Tür, die du wirkst")."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "free_top" not in ctx:
                lib = g.st.players[p].library
                if not lib:
                    return None
                top = lib[0]
                g.event("reveal", player=g.pname(p), card=g.st.objects[top].name)
                spell = ctx.get("event", {}).get("obj")
                limit = spell_mana_value(g, spell) if spell is not None else 0
                doors = _door_values(g, top)
                ok = "Land" not in g.types_now(top)[0] and (
                    any(mv < limit for mv in doors.values()) if doors else g.chars(top).mana_value < limit)
                ctx["free_top"], ctx["free_top_ok"], ctx["free_top_limit"] = top, ok, limit
            top, ok = ctx["free_top"], ctx["free_top_ok"]
            if ok:
                doors, limit = _door_values(g, top), ctx["free_top_limit"]
                got = may_cast_one_of(g, item, ctx, [top], p, ALT, COST, "ask.free_cast", {"card": item.name},
                                      faces=(lambda face: doors.get(face, limit) < limit) if doors else None)
                if got is not None:
                    return got
            cast = ctx.pop(CAST, None) is not None
            ctx.pop(CAST + "_card", None)
            ctx.pop("free_top")
            ctx.pop("free_top_ok")
            ctx.pop("free_top_limit", None)
            if not cast and top in g.st.objects and g.st.objects[top].zone == "library":
                g.move(top, "hand", cause="put")
            return None
        return run


def _door_values(g: "Context", oid: int) -> dict[str, int]:
    """A Room's doors and each one's mana value (CR 709.3: the door cast is the spell); {} for
    any other card."""
    data = printed(g.st.objects[oid].name)
    if data is None or not data.faces or "Room" not in data.type_line:
        return {}
    return {str(f.get("name")): parse_cost(f.get("mana_cost")).mana_value for f in data.faces}
