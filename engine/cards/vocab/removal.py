"""Permanents leaving the battlefield: destroy (CR 701.8), exile the target, return to the
hand, sacrifice (CR 701.17).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards import effects as fx
from engine.cards.model import Ask, Step
from engine.cards.vocab.core import (THAT_PLAYER, THOSE, amount, answer_object, event_new_object, object_options,
                                     players_named, run_steps, run_then, source_id, source_power)
from engine.cards.vocab.targets import Creatures
from engine.format import ref_text
from engine.rules.resolved_replacements import shields

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj


@dataclass(frozen=True)
class Destroy:
    """Destroy the target (CR 701.8). `regenerate=False`: "It can't be regenerated." (CR
    701.19c: its regeneration shields do not replace this destruction; they stay for later).
    `gain="toughness"`: "If a creature is destroyed this way, you gain life equal to its
    toughness." (as it last existed, CR 113.7a; nothing if it was not destroyed: indestructible,
    regenerated). `of="each_target"`: "Destroy [up to one target artifact, up to one target
    creature, and up to one target enchantment]" — each target still legal; the mana values
    of those that went to a graveyard are added up, as they last existed (CR 608.2h), and
    remembered as "destroyed_mv" (`Count("remembered", key="destroyed_mv")`: "the total mana
    value of permanents destroyed this way", Convert to Slime). `of="those"`: "Destroy those
    creatures" / "the chosen creatures" — the permanents an effect before chose
    (engine/cards/vocab/those_cards.py `ChoosePermanents`), those still on the battlefield."""
    regenerate: bool = True
    gain: str = ""
    of: str = "target"  # or "each_target", "those"

    def step(self) -> Step:
        if self.of == "those":
            def chosen(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for oid in ctx.get(THOSE, []):
                    if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                        g.destroy(oid)
            return chosen
        if self.of == "each_target":
            def each_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                ids = [o for o in (g.target_obj(item, i) for i in range(len(item.targets))) if o is not None]
                total = 0
                for oid in dict.fromkeys(ids):
                    if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
                        continue
                    mv = g.chars(oid).mana_value
                    new = g.destroy(oid)
                    if new is not None and new != oid:  # it left the battlefield (not indestructible, regenerated)
                        total += mv
                ctx["destroyed_mv"] = total
            return each_target
        if self.gain == "toughness":
            def gain_toughness(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = g.target_obj(item, 0)
                if oid is None:
                    return
                was_creature = g.is_type(oid, "Creature")
                new = g.destroy(oid)
                if new is None or not was_creature:
                    return
                toughness = int(g.st.this_turn.get(f"lki:{oid}", {}).get("toughness") or 0)
                if toughness > 0:
                    g.gain_life(item.controller, toughness)
            return gain_toughness
        if self.regenerate:
            return fx.destroy(0)
        plain = fx.destroy(0)

        def no_regeneration(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            # CR 701.19c: "It can't be regenerated": its shields don't apply to this destruction
            off = shields(g, oid) if oid is not None else []
            g.end_replacements(off)
            plain(g, item, ctx)
            if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":  # indestructible: shields stay
                for shield in off:
                    g.add_replacement(shield)
        return no_regeneration


@dataclass(frozen=True)
class DestroyAll:
    """Destroy every permanent the filter matches, at once (CR 701.8)."""
    which: Creatures

    def step(self) -> Step:
        return fx.destroy_all(self.which)


@dataclass(frozen=True)
class ExileTarget:
    """Exile the target (CR 406.2); with `if_types`: "If it was a creature card, [then]" —
    the card's types as it was exiled (CR 608.2h)."""
    if_types: tuple[str, ...] = ()
    then: tuple[Any, ...] = ()
    # "event_card": "you may exile it" — the card the trigger event's permanent became in a
    # graveyard (CR 400.7), if still there; the event then names the exiled card ("a copy of
    # that creature" reads it); "each_target": each target still legal (CR 608.2b: "for each
    # opponent, exile target permanent that player controls")
    of: str = "target"
    index: int = 0  # which target: 1 for "up to one other target ..." (its second word)
    # "next_end_step": "Return it to the battlefield under its owner's control at the beginning of
    # the next end step." — a delayed triggered ability (CR 603.7); the card that returns is a
    # new object (CR 400.7)
    return_at: str = ""

    def step(self) -> Step:
        if self.return_at == "next_end_step":
            index = self.index

            def and_return(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = g.target_obj(item, index)
                if oid is None:
                    return
                exiled = g.move(oid, "exile", cause="exile")
                g.st.delayed.append({"event": "step:end", "player": item.controller, "step_player": g.st.active,
                                     "obj": exiled, "action": "return", "from": "exile", "source": item.name})
            return and_return
        if self.return_at:
            raise ValueError(f"ExileTarget: return at what time? {self.return_at!r}")
        if self.of == "each_target":
            def each_target(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                for i in range(len(item.targets)):
                    oid = g.target_obj(item, i)
                    if oid is not None and g.st.objects[oid].zone == "battlefield":
                        g.move(oid, "exile", cause="exile")
            return each_target
        if self.of == "event_card":
            def event_card(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
                oid = event_new_object(g, ctx)
                if oid is not None:
                    ctx.setdefault("event", {})["new_obj"] = g.move(oid, "exile", cause="exile")
            return event_card
        if not self.if_types:
            return fx.exile_target(self.index)
        types, then = self.if_types, [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "exiled_was" not in ctx:
                oid = g.target_obj(item, 0)
                if oid is None:
                    return None
                ctx["exiled_was"] = bool(g.types_now(oid)[0] & set(types))
                g.move(oid, "exile", cause="exile")
            if not ctx["exiled_was"]:
                ctx.pop("exiled_was")
                return None
            return run_then(then, g, item, ctx, "exile_then", "exiled_was")
        return run


@dataclass(frozen=True)
class ExileIfDiesThisTurn:
    """"If that creature would die this turn, exile it instead." — a replacement effect on the
    target for the rest of the turn (CR 614.1a), whatever makes it die."""

    def step(self) -> Step:
        return fx.exile_if_dies_this_turn()


@dataclass(frozen=True)
class Bounce:
    """Return the target permanent (or card), or each target still legal, to its owner's hand
    (CR 400.7, 608.2b)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [g.target_obj(item, i) for i in range(len(item.targets))]
            for oid in ids:
                if oid is not None and oid in g.st.objects:
                    g.move(oid, "hand", cause="return")
        return run


@dataclass(frozen=True)
class DestroyIt:
    """"destroy it" — the permanent the trigger event named (CR 701.8)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = ctx.get("event", {}).get("obj")
            if oid is not None and oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                g.destroy(oid)
        return run


@dataclass(frozen=True)
class SacrificeThis:
    """"sacrifice it" — the ability's source, if it is still on the battlefield under the
    ability's controller (CR 701.17a: a player sacrifices only a permanent they control).
    `then`: "When you do, ..." — a reflexive ability, triggered only if it was sacrificed
    (CR 603.12; Obscura Storefront)."""
    then: Any = None

    def step(self) -> Step:
        then = self.then

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = source_id(g, item)
            if src is not None and g.st.objects[src].controller == item.controller:
                g.sacrifice(src)
                if then is not None:
                    then.fire(g, item, 1)
        return run


@dataclass(frozen=True)
class Sacrifices:
    """"[each opponent / each player / target player] sacrifices N [filter] of their choice":
    in APNAP order each chooses (CR 101.4, 701.17), then all are sacrificed at once.
    `types` the card types it may be, `nontoken`, `except_attached` ("other than enchanted
    creature"), `greatest_power`; `n` a number or a count."""
    types: tuple[str, ...]
    who: str = "each_opponent"
    n: Any = 1
    nontoken: bool = False
    except_attached: bool = False
    # "a creature with the greatest power among creatures that player controls" (Professor Onyx)
    greatest_power: bool = False

    def step(self) -> Step:
        e = self

        def fits(g: "Context", item: "Obj", p: int, oid: int, taken: list[int]) -> bool:
            if oid in taken or (e.nontoken and g.st.objects[oid].token):
                return False
            if e.greatest_power:
                powers = [g.chars(o).power or 0 for o in g.battlefield(p) if g.is_type(o, "Creature")]
                if not g.is_type(oid, "Creature") or (g.chars(oid).power or 0) < max(powers, default=0):
                    return False
            if e.except_attached:
                src = g.st.objects.get(item.source) if item.source is not None else None
                if src is not None and src.attached_to == oid:
                    return False
            return bool(g.chars(oid).types & set(e.types))

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "sac_players" not in ctx:
                ctx["sac_players"] = players_named(g, item, e.who)
                ctx["sac_n"] = amount(e.n, g, item)
                ctx["sac_chosen"] = []
                ctx["sac_i"] = 0
                ctx["sac_left"] = ctx["sac_n"]
            players: list[int] = ctx["sac_players"]
            while ctx["sac_i"] < len(players):
                p = players[ctx["sac_i"]]
                options = [o for o in g.battlefield(p) if fits(g, item, p, o, ctx["sac_chosen"])]
                if "answer" in ctx and "sac_options" in ctx:
                    name = ctx.pop("answer")[0]
                    refs = ctx.pop("sac_options")
                    texts = [ref_text(g, ("o", o)) for o in refs]
                    pick = refs[texts.index(name)] if name in texts else refs[0]
                    ctx["sac_chosen"].append(pick)
                    # the choice is announced: the players after this one choose knowing it
                    # (CR 101.4; The Eldest Reborn's and Professor Onyx's rulings)
                    g.event("choose", player=g.pname(p), choice=ref_text(g, ("o", pick)))
                    ctx["sac_left"] -= 1
                    options = [o for o in options if o != pick]
                if ctx["sac_left"] > 0 and options:
                    ctx["sac_options"] = options
                    return Ask(p, "choose_card", [ref_text(g, ("o", o)) for o in options], "ask.sacrifice",
                               {"card": item.name, "what": "/".join(e.types)})
                ctx["sac_i"] += 1
                ctx["sac_left"] = ctx["sac_n"]
            for oid in ctx["sac_chosen"]:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.sacrifice(oid)
            for k in ("sac_players", "sac_n", "sac_chosen", "sac_i", "sac_left"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class Punisher:
    """"each opponent may sacrifice a nonland permanent of their choice or discard a card.
    Then this creature deals damage equal to its power to each opponent who didn't ..."
    Ruling (Knöcherner Zweigflechter): in turn order each opponent chooses (a permanent, a
    card, or neither), then all the actions happen at once; the power is taken as it
    resolves, or as the creature last existed on the battlefield (CR 113.7a)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "pun_players" not in ctx:
                ctx["pun_players"] = [p for p in g.apnap() if p in g.opponents(item.controller)]
                ctx["pun_i"], ctx["pun_choice"] = 0, {}
            players: list[int] = ctx["pun_players"]
            while ctx["pun_i"] < len(players):
                p = players[ctx["pun_i"]]
                perms = [o for o in g.battlefield(p) if "Land" not in g.chars(o).types]
                hand = g.st.players[p].hand
                options = ([f"sacrifice {ref_text(g, ('o', o))}" for o in perms]
                           + [f"discard {g.st.objects[o].name}" for o in hand] + ["nothing"])
                if "answer" not in ctx:
                    return Ask(p, "choose_card", list(dict.fromkeys(options)), "ask.punisher", {"card": item.name})
                ctx["pun_choice"][str(p)] = ctx.pop("answer")[0]
                ctx["pun_i"] += 1
            hit = []
            for p in players:
                verb, _, what = ctx["pun_choice"][str(p)].partition(" ")
                if verb == "sacrifice":
                    oid = next((o for o in g.battlefield(p) if ref_text(g, ("o", o)) == what
                                and "Land" not in g.chars(o).types), None)
                    if oid is not None:
                        g.sacrifice(oid)
                        continue
                elif verb == "discard":
                    oid = next((o for o in g.st.players[p].hand if g.st.objects[o].name == what), None)
                    if oid is not None:
                        g.move(oid, "graveyard", cause="discard")
                        g.event("discard", player=g.pname(p), card=what)
                        continue
                hit.append(p)
            power = source_power(g, item, ctx)
            for p in hit:
                g.damage(g.damage_source(item), {"player": p}, power)
            for k in ("pun_players", "pun_i", "pun_choice"):
                ctx.pop(k, None)
            return None
        return run


@dataclass(frozen=True)
class MaySacrifice:
    """"you may sacrifice [another creature or enchantment | a permanent other than that
    creature or this Equipment]. If you do / When you do, [then]." — the player chooses one
    of their permanents or "nothing" as it resolves (CR 701.17, 608.2d). `what` is a Target
    filter (None: any permanent); the source is never offered, nor (`not_attached`) the
    creature it is attached to."""
    what: Any = None
    not_attached: bool = False
    then: tuple[Any, ...] = ()
    # who chooses: "you", or "event_player" (the player the trigger event names: "... deals 2
    # damage to that player unless they sacrifice a creature of their choice"), or
    # "each_opponent": "each opponent may sacrifice a permanent of their choice ... For each
    # opponent who doesn't, [otherwise]" — in turn order each chooses one of their permanents or
    # nothing, each sacrifice made as chosen (CR 101.4); then `otherwise` once for each who
    # didn't, in that order, that player named THAT_PLAYER ("that player loses 2 life")
    who: str = "you"
    otherwise: tuple[Any, ...] = ()  # what happens if nothing is sacrificed ("unless they ...")
    # "a permanent that shares a card type with the chosen card": with the first target ("target");
    # "sacrificed": with the permanent a MaySacrifice before sacrificed ("... that shares a card
    # type with it", its card types as it last existed; ruling, Braids: an artifact creature lets
    # one opponent sacrifice an artifact and another a creature)
    shares_with: str = ""
    itself: bool = False  # the source may be sacrificed too ("you may sacrifice a creature": Braids itself)

    def step(self) -> Step:
        what, not_attached, after = self.what, self.not_attached, [e.step() for e in self.then]
        who, otherwise, shares = self.who, [e.step() for e in self.otherwise], self.shares_with
        if who == "each_opponent":
            if self.then or not_attached or self.itself or shares not in ("", "sacrificed"):
                raise ValueError(f"each opponent may sacrifice: {self!r}")
            return _each_opponent_may(what, shares == "sacrificed", otherwise)

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if ctx.get("sacrificed") is False:  # declined: the "unless" part
                return run_then(otherwise, g, item, ctx, "sacrifice_else", "sacrificed")
            if "sacrificed" not in ctx:
                p = item.controller if who == "you" else ctx.get("event", {}).get("player")
                if not isinstance(p, int) or g.st.players[p].lost:
                    return None
                src = item.source
                att = g.st.objects[src].attached_to if src is not None and src in g.st.objects else None
                cands = [o for o in g.battlefield(p) if (o != src or self.itself) and not (not_attached and o == att)
                         and (what is None or what(g, g.st.objects[o]))]
                if shares:  # card types as they are now (CR 613; the target card's printed ones)
                    chosen = g.target_obj(item, 0)
                    kinds = g.types_now(chosen)[0] & PERMANENT_TYPES_SET if chosen is not None else frozenset()
                    cands = [o for o in cands if g.types_now(o)[0] & kinds]
                names = [ref_text(g, ("o", o)) for o in cands]
                choice = _may_sacrifice_choice(g, p, item, ctx, names)
                if isinstance(choice, Ask):
                    return choice
                if choice == "nothing":
                    if not otherwise:
                        return None
                    ctx["sacrificed"] = False
                    return run(g, item, ctx)
                oid = cands[names.index(choice)]
                # its card types as it last existed on the battlefield ("shares a card type with it")
                ctx["sacrificed_types"] = sorted(g.types_now(oid)[0] & PERMANENT_TYPES_SET)
                g.sacrifice(oid)
                ctx["sacrificed"] = True
            return run_then(after, g, item, ctx, "sacrifice_then", "sacrificed", "sacrificed_types")
        return run


PERMANENT_TYPES_SET = frozenset(("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"))


def _each_opponent_may(what: Any, sharing: bool, otherwise: list[Step]) -> Step:
    """MaySacrifice(who="each_opponent"): see there."""
    def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
        kinds = frozenset(ctx.get("sacrificed_types", ()))
        if "share_players" not in ctx:
            ctx["share_players"] = [p for p in g.apnap() if p in g.opponents(item.controller)]
            ctx["share_i"], ctx["share_refused"] = 0, []
        players: list[int] = ctx["share_players"]
        while ctx["share_i"] < len(players):
            p = players[ctx["share_i"]]
            cands = [o for o in g.battlefield(p) if (what is None or what(g, g.st.objects[o]))
                     and (not sharing or g.types_now(o)[0] & kinds)]
            names = [ref_text(g, ("o", o)) for o in cands]
            choice = _may_sacrifice_choice(g, p, item, ctx, names)
            if isinstance(choice, Ask):
                return choice
            if choice == "nothing":
                ctx["share_refused"].append(p)
            else:
                g.sacrifice(cands[names.index(choice)])
            ctx["share_i"] += 1
        refused: list[int] = ctx["share_refused"]
        while refused:  # "For each opponent who doesn't, that player ..."
            ctx[THAT_PLAYER] = refused[0]
            got = run_steps(otherwise, g, item, ctx, "share_else")
            if got is not None:
                return got
            refused.pop(0)
        for k in ("share_players", "share_i", "share_refused", THAT_PLAYER):
            ctx.pop(k, None)
        return None
    return run


@dataclass(frozen=True)
class ChooseParityBounce:
    """"Then choose odd or even. Return each creature with power of the chosen quality to its
    owner's hand." — chosen as it resolves; no player acts in between (ruling, Zimones
    Hypothese). Zero is even."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", ["odd", "even"], "ask.odd_or_even", {"card": item.name})
            want = 1 if ctx.pop("answer")[0] == "odd" else 0
            g.event("choose", player=g.pname(item.controller), choice="odd" if want else "even")
            ids = [o for o in g.battlefield() if g.is_type(o, "Creature") and (g.chars(o).power or 0) % 2 == want]
            for oid in ids:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.move(oid, "hand", cause="return")
            return None
        return run


@dataclass(frozen=True)
class ReturnYours:
    """"Return a [land / creature] you control to its owner's hand" — a permanent with one of
    the card types `types` (any permanent if none, but none of `not_types`) you control,
    chosen as it resolves, not targeted (CR 608.2c); one must be chosen if there is one (the
    bouncelands, Time Wipe), and the permanent that asks may be the one chosen (ruling,
    Azorius Chancery: with no other land it returns itself). `may`: "[then] you may return
    ..." — "nothing" declines (Kefnet the Mindful); `owned`: "a nonland permanent you own",
    whoever controls it (CR 108.3); `then`: "If you do, [draw a card]" (Phenomenon
    Investigators)."""
    types: tuple[str, ...] = ("Land",)
    may: bool = False
    owned: bool = False
    not_types: tuple[str, ...] = ()
    then: tuple[Any, ...] = ()

    def step(self) -> Step:
        types, may, owned, not_types = frozenset(self.types), self.may, self.owned, frozenset(self.not_types)
        after = [e.step() for e in self.then]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "returned" not in ctx:
                ids = [o for o in (g.battlefield() if owned else g.battlefield(p))
                       if (not owned or g.st.objects[o].owner == p)
                       and (not types or g.chars(o).types & types) and not g.chars(o).types & not_types]
                if not ids:
                    return None
                if "answer" not in ctx:
                    if owned:
                        return Ask(p, "choose_card", object_options(g, ids) + ["nothing"],
                                   "ask.may_return_own_permanent", {"card": item.name})
                    if may:
                        return Ask(p, "choose_card", object_options(g, ids) + ["nothing"], "ask.return_permanent",
                                   {"card": item.name})
                    return Ask(p, "choose_card", object_options(g, ids), "ask.return_own_permanent",
                               {"card": item.name, "what": "/".join(self.types)})
                oid = answer_object(g, ids, ctx.pop("answer")[0])
                if oid is None and not may:
                    oid = ids[0]
                if oid is None:
                    return None
                g.move(oid, "hand", cause="return")
                ctx["returned"] = True
            return run_then(after, g, item, ctx, "returned_then", "returned", "returned_then")
        return run


def _may_sacrifice_choice(g: "Context", p: int, item: "Obj", ctx: dict[str, Any], names: list[str]) -> "str | Ask":
    """p's answer to "you may sacrifice one of these" — a name or "nothing" ("nothing" without
    asking when there is none) — or the question, when it is still to be asked."""
    if not names:
        return "nothing"
    if "answer" not in ctx:
        return Ask(p, "choose_card", names + ["nothing"], "ask.may_sacrifice", {"card": item.name})
    return str(ctx.pop("answer")[0])
