"""The library: searching (CR 701.23), milling (CR 701.13), surveil and scry (CR 701.25,
701.22), shuffling cards into libraries.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mechanics.delirium import CARD_TYPES
from engine.cards.model import Ask, Step
from engine.cards.vocab.arrange import arrange
from engine.cards.vocab.core import TARGET, THOSE, amount, compile_effect, pick_named, run_steps, run_then, source_id


if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Surveil:
    """Surveil N (CR 701.25a): look at the top N cards of your library, put any number of
    them into your graveyard and the rest back on top in any order. The names are options
    (seen by the surveilling player only), never prompt parameters (those are public)."""
    n: int = 1
    then: Any = None  # "When you do, ..." (a Reflexive, CR 603.12): it triggers after surveilling

    def step(self) -> Step:
        n = self.n
        after = self.then

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            got = surveil(g, item, ctx)
            if got is None and after is not None:
                after.step()(g, item, ctx)
            return got

        def surveil(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            lib = g.st.players[p].library
            top = list(lib[:n])
            if not top:
                return None
            names = [g.st.objects[o].name for o in top]
            if "to_graveyard" not in ctx:
                if "answer" not in ctx:
                    if n == 1:
                        return Ask(p, "choose_card", [names[0], "nothing"], "ask.surveil", {"count": 1})
                    return Ask(p, "choose_card", names, "ask.surveil_graveyard", {"count": len(top)},
                               count=len(top), min_count=0)
                chosen = [a for a in ctx.pop("answer") if a != "nothing"]
                ctx["to_graveyard"] = pick_named(g, top, chosen)
                ctx["order"] = []
            to_gy: list[int] = ctx["to_graveyard"]
            rest = [o for o in top if o not in to_gy and o not in ctx["order"]]
            if "answer" in ctx:  # the next card for the top, chosen from the rest
                ctx["order"] += pick_named(g, rest, ctx.pop("answer")[:1])
                rest = [o for o in top if o not in to_gy and o not in ctx["order"]]
            if len(rest) > 1:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in rest], "ask.surveil_top",
                           {"count": len(rest)})
            order = ctx.pop("order") + rest  # first chosen ends on top
            surveilled = [g.move(oid, "graveyard", cause="surveil") for oid in ctx.pop("to_graveyard")]
            library_to_graveyard(g, p, surveilled)
            g.update_player(p, library=order + [o for o in g.st.players[p].library if o not in order])
            g.event("surveil", player=g.pname(p), count=n)
            return None
        return run


def _then(first: Step, after: list[Step]) -> Step:
    """`first`, then the steps `after` ("mill N cards, then ..."), each run once."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        if "mill_did" not in ctx:
            first(g, item, ctx)
            ctx["mill_did"] = True
        return run_then(after, g, item, ctx, "mill_after", "mill_did")
    return run


@dataclass(frozen=True)
class Mill:
    """Mill N (CR 701.13): put the top N cards of the library into the graveyard — yours, or
    the target player's; `x_times`: "mill [twice] X cards" — N is `x_times` × the X of the
    spell the source was (CR 107.3m), nothing with X = 0. `if_milled`: "If [N cards that
    share a card type / two cards that share all their card types] were milled this way,
    [then]" — "share_type" (all N milled share one, CR 300.1: The Tale of Tamiyo) or
    "same_types" (two of them have exactly the same card types, supertypes and subtypes not
    counting, CR 205.2a: Demonic Covenant) or "subtype" ("If an [Insect] card was milled this
    way": one of them has the subtype `subtype` now, CR 400.2); `repeat`: "and repeat this
    process" (until the condition fails: a library holds finitely many cards); `first`: effects
    that are part of the process, before each mill ("Create a 1/1 Insect token, then mill a
    card. If an Insect card was milled this way, put a loyalty counter on Grist and repeat this
    process."). Without `if_milled`, `then` follows
    the mill: "you mill three cards, then this creature deals damage to that player equal to
    the total mana value of those cards" (`Count("ability", key="milled_mv")`). The milled
    cards are "those cards" for the effects after it (engine/cards/vocab/those_cards.py:
    "return up to two permanent cards from among them"). `n` a number, or a count taken as it
    resolves ("you mill that many cards": `Count("event", key="amount")`)."""
    n: Any
    who: str = "you"  # you | target | each_player (APNAP order, CR 101.4)
    x_times: int = 0
    if_milled: str = ""
    then: tuple[Any, ...] = ()
    repeat: bool = False
    subtype: str = ""
    first: tuple[Any, ...] = ()

    def step(self) -> Step:
        fixed, who, x_times = self.n, self.who, self.x_times
        if self.if_milled:
            return self._then_step()

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            n = amount(fixed, g, item)
            if x_times:
                n = x_times * item.x
                if n <= 0:
                    return
            if who == "each_player":
                every: list[int] = []
                for q in g.apnap():
                    milled = mill_top(g, q, n)
                    library_to_graveyard(g, q, milled)
                    every += milled
                ctx[THOSE] = every
                return
            if who == TARGET:
                ref = g.target_ref(item, 0)
                if ref is None or "player" not in ref:
                    return
                p = ref["player"]
            else:
                p = item.controller
            milled = mill_top(g, p, n)
            library_to_graveyard(g, p, milled)
            # "the total mana value of those cards" (CR 202.3), for `then`: Count("ability", key="milled_mv")
            ctx["milled_mv"] = sum(g.chars(o).mana_value for o in milled if o in g.st.objects)
            ctx[THOSE] = milled
        step: Step = _then(run, [compile_effect(e) for e in self.then]) if self.then else run
        if not x_times and isinstance(fixed, int):
            step.needs_library = fixed  # type: ignore[attr-defined]
        return step

    def _then_step(self) -> Step:  # (with if_milled)
        n, kind, repeat, subtype = self.n, self.if_milled, self.repeat, self.subtype
        after = [compile_effect(e) for e in self.then]
        first = [compile_effect(e) for e in self.first]
        if (kind == "subtype") != bool(subtype) or kind not in ("share_type", "same_types", "subtype"):
            raise ValueError(f"if what was milled: {self!r}")

        def holds(g: "Context", milled: list[int]) -> bool:
            if kind == "subtype":
                return any(subtype in g.types_now(o)[1] for o in milled if o in g.st.objects)
            kinds = [frozenset(g.types_now(o)[0] & CARD_TYPES) for o in milled if o in g.st.objects]
            if kind == "same_types":
                return len(kinds) != len(set(kinds))
            return len(kinds) == n and bool(frozenset.intersection(*kinds)) if kinds else False

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            while True:
                if "mill_then" not in ctx:
                    for step in first:
                        if step(g, item, ctx) is not None:
                            raise ValueError("an effect before the mill asks nothing here")
                    milled = mill_top(g, p, n)
                    library_to_graveyard(g, p, milled)
                    if not holds(g, milled):
                        return None
                    ctx["mill_then"] = True
                got = run_steps(after, g, item, ctx, "mill_then_step")
                if got is not None:
                    return got
                ctx.pop("mill_then")
                ctx.pop("mill_then_step", None)
                if not repeat:
                    return None
        return run


def mill_top(g: "Context", player: int, n: int) -> list[int]:
    """Mill N (CR 701.13a): the top N cards (all of them if fewer are left, CR 701.13b) into
    the graveyard; their new ids. The "mill" event comes first and counts the cards really
    milled, so the log reads "You mill 3 cards." before the lines of the cards that went."""
    top = list(g.st.players[player].library[:n])
    g.event("mill", player=g.pname(player), count=len(top))
    return [g.move(oid, "graveyard", cause="mill") for oid in top]


def library_to_graveyard(g: "Context", player: int, cards: list[int]) -> None:
    """"Whenever one or more cards are put into your graveyard from your library" (CR 603.2c):
    one event for the cards (new ids) put there at once, with their card types as they were
    put there (CR 300.1), for "for each card type among those cards"."""
    if cards:
        types = sorted(set().union(*(g.types_now(o)[0] for o in cards)))
        g.triggers.fire("library_to_graveyard", player=player, cards=list(cards), card_types=types)


@dataclass(frozen=True)
class Scry:
    """Scry N (CR 701.22a): look at the top N cards of your library, put any number of them on
    the bottom and the rest on top in any order. The names are options (seen by the scrying
    player only); with one card: the card to put on the bottom, or "nothing"."""
    n: int = 1

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            top = list(g.st.players[p].library[:n])
            if not top:
                return None
            names = [g.st.objects[o].name for o in top]
            if "scry_bottom" not in ctx:
                if "answer" not in ctx:
                    if len(top) == 1:
                        return Ask(p, "choose_card", [names[0], "nothing"], "ask.scry_bottom", {"count": 1})
                    return Ask(p, "choose_card", names, "ask.scry_bottom", {"count": len(top)}, count=len(top),
                               min_count=0)
                ctx["scry_bottom"] = pick_named(g, top, [a for a in ctx.pop("answer") if a != "nothing"])
                ctx["scry_top"] = []
            bottom: list[int] = ctx["scry_bottom"]
            rest = [o for o in top if o not in bottom and o not in ctx["scry_top"]]
            if "answer" in ctx:
                ctx["scry_top"] += pick_named(g, rest, ctx.pop("answer")[:1])
                rest = [o for o in top if o not in bottom and o not in ctx["scry_top"]]
            if len(rest) > 1:
                return Ask(p, "choose_card", [g.st.objects[o].name for o in rest], "ask.surveil_top",
                           {"count": len(rest)})
            order = ctx.pop("scry_top") + rest
            ctx.pop("scry_bottom")
            lib = [o for o in g.st.players[p].library if o not in top]
            g.update_player(p, library=order + lib + bottom)
            g.event("scry", player=g.pname(p), count=len(top))
            return None
        return run


@dataclass(frozen=True)
class ShuffleIntoLibraries:
    """"Shuffle [this creature / enchanted creature / target ...] into their owners'
    libraries" (CR 701.24): the objects `which` names go to their owners' libraries and each
    of those libraries is shuffled. Words: "this" (this permanent), "this_card" (this card in a
    graveyard, CR 113.6k), "attached" (the permanent
    it is attached to, if still on the battlefield), "targets" (the targets at `indices` still
    legal: "The owner of target ... shuffles it into their library", "shuffle up to four
    target cards from your graveyard into your library"); `yours`: your library is shuffled
    even if nothing is left to put there (ruling, Kathartischer Abschied)."""
    which: tuple[str, ...] = ("targets",)
    indices: tuple[int, ...] = (0,)
    yours: bool = False

    def step(self) -> Step:
        which, indices, yours = self.which, self.indices, self.yours

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            objs: list[int | None] = []
            for word in which:
                if word == "this":
                    objs.append(source_id(g, item))
                elif word == "this_card":  # "shuffle it into its owner's library" from the graveyard
                    src = item.source
                    objs.append(src if src is not None and src in g.st.objects
                                and g.st.objects[src].zone == "graveyard" else None)
                elif word == "attached":
                    src = source_id(g, item)
                    to = g.st.objects[src].attached_to if src is not None else None
                    on = to is not None and to in g.st.objects and g.st.objects[to].zone == "battlefield"
                    objs.append(to if on else None)
                elif word == "targets":
                    objs += [g.target_obj(item, i) if i < len(item.targets) else None for i in indices]
                else:
                    raise ValueError(f"unknown object to shuffle {word!r}")
            owners: set[int] = {item.controller} if yours else set()
            for oid in objs:
                if oid is not None and oid in g.st.objects:
                    owners.add(g.st.objects[oid].owner)
                    g.move(oid, "library", cause="shuffle")
            for p in sorted(owners):
                g.shuffle(p)
        return run


@dataclass(frozen=True)
class PutOnLibrary:
    """Putting objects into their owners' libraries, at the top or the bottom:

    * "Put target card from a graveyard on the bottom of its owner's library" (CR 401.3), or
      `top`: "... on top of its owner's library" (CR 400.3);
    * `owners_choice`: "Target [permanent]'s owner puts it on their choice of the top or
      bottom of their library." — the owner decides;
    * `all_of`: "Put all [creatures] on the bottom of their owners' libraries" — no target:
      every permanent with one of those card types; each owner arranges their own cards (CR
      401.4), in turn order from the active player (CR 101.4)."""
    top: bool = False
    owners_choice: bool = False
    all_of: tuple[str, ...] = ()

    def step(self) -> Step:
        if self.all_of:
            return _all_to_bottom(self.all_of)
        position = 0 if self.top else -1
        choice = self.owners_choice

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            oid = g.target_obj(item, 0)
            if oid is None:
                return None
            if not choice:
                g.move(oid, "library", position=position, cause="put")
                return None
            owner = g.st.objects[oid].owner
            if "answer" not in ctx:
                name = g.st.objects[oid].name if not g.st.objects[oid].face_down else ""
                return Ask(owner, "choose_option", ["top", "bottom"], "ask.top_or_bottom", {"card": name})
            where = ctx.pop("answer")[0]
            g.move(oid, "library", position=-1 if where == "bottom" else 0, cause="put")
            g.event("library_placed", player=g.pname(owner), where=where)
            return None
        return run


def _all_to_bottom(types: tuple[str, ...]) -> Step:
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        if "bottom" not in ctx:
            ids = [o for o in g.battlefield() if any(g.is_type(o, t) for t in types)]
            ctx["bottom"] = {str(p): [o for o in ids if g.st.objects[o].owner == p] for p in g.apnap()}
        for key, cards in list(ctx["bottom"].items()):
            p = int(key)
            got = arrange(g, p, p, cards, ctx, "bottom_order", where="bottom")
            if got is not None:
                return got
            del ctx["bottom"][key]
        ctx.pop("bottom")
        return None
    return run
