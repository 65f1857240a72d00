"""Vocabulary first needed by the Duskmourn Commander cards (DSC), kept general: effects on
all creatures, counters after manifesting dread, excess damage, "cards put into your
graveyard from your library", a bonus on noncombat damage, type-adding statics and the like.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.cards.mechanics.delirium import CARD_TYPES
from engine.cards.mechanics.manifest_dread import ManifestDread
from engine.cards.model import Ask, Step
from engine.cards.vocab import EVENT, amount, source_id

if TYPE_CHECKING:
    from engine.rules.context import Context
    from engine.state import Obj

LIBRARY_TO_GRAVEYARD = "library_to_graveyard"  # cards went from a library to a graveyard (player, cards)
CAST = "cast"  # a player cast a spell (player, obj), CR 601.2i


# ------------------------------------------------------------------ counts and conditions
@dataclass(frozen=True)
class CardTypesAmongEventCards:
    """A count: card types among the cards of the event ("for each card type among those
    cards", CR 300.1)."""

    def of(self, g: "Context", ctx: dict[str, Any]) -> int:
        return len(set(ctx.get("event", {}).get("card_types", [])) & CARD_TYPES)


@dataclass(frozen=True)
class ToYourGraveyard:
    """An event condition: it happened to your graveyard / was done by you (params["player"])."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return bool(params.get("player") == me.controller)


@dataclass(frozen=True)
class YouCastSpellOf:
    """An event condition: you cast a spell of one of these card types (its characteristics
    on the stack, CR 601.2i)."""
    types: tuple[str, ...]

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        return (params.get("player") == me.controller and oid in g.st.objects
                and bool(g.chars(oid).types & set(self.types)))


@dataclass(frozen=True)
class YourCreatureDealtCombatDamage:
    """An event condition: "Whenever a creature you control deals combat damage to a player"."""
    any_creature = True

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        return oid in g.st.objects and g.st.objects[oid].controller == me.controller


@dataclass(frozen=True)
class ColorlessAmongSources:
    """An event condition for "one or more colorless creatures you control deal combat damage
    to a player": one of the event's sources (their characteristics now) is colorless."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return any(o in g.st.objects and g.st.objects[o].zone == "battlefield" and not g.chars(o).colors
                   and g.is_type(o, "Creature") for o in params.get("sources", []))


@dataclass(frozen=True)
class NoFaceDownPermanents:
    """"if you control no face-down permanents" (an intervening if, CR 603.4)."""

    def __call__(self, g: "Context", me: "Obj", *rest: Any) -> bool:
        return not any(g.st.objects[o].face_down for o in g.battlefield(me.controller))


@dataclass(frozen=True)
class FaceDownCreatureEnters:
    """An event condition: "Whenever a face-down creature you control enters"."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        obj = g.st.objects.get(params.get("obj", -1))
        return (obj is not None and obj.face_down and obj.controller == me.controller
                and g.is_type(obj.id, "Creature"))


# ------------------------------------------------------------------ effects
@dataclass(frozen=True)
class PumpAll:
    """"All creatures get +P/+T until end of turn" — each multiplied by a count taken as it
    resolves ("-X/-X, where X is ..."); the creatures are locked in (CR 611.2c)."""
    power: int
    toughness: int
    per: Any = None

    def step(self) -> Step:
        e = self

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            n = 1 if e.per is None else amount(e.per, g, item)
            ids = [o for o in g.battlefield() if g.is_type(o, "Creature")]
            if ids and n and (e.power or e.toughness):
                g.add_effect("7c", ids, power=e.power * n, toughness=e.toughness * n)
        return run


@dataclass(frozen=True)
class PumpOtherAttackers:
    """"other attacking creatures get +P/+T until end of turn" (CR 611.2c)."""
    power: int
    toughness: int

    def step(self) -> Step:
        p, t = self.power, self.toughness

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ids = [o for o in g.battlefield() if g.st.objects[o].attacking is not None and o != item.source
                   and g.is_type(o, "Creature")]
            if ids:
                g.add_effect("7c", ids, power=p, toughness=t)
        return run


@dataclass(frozen=True)
class ManifestDreadThenCounters:
    """"manifest dread, then put [counters] on that creature" (Experimental Lab: two +1/+1
    counters and a trample counter, CR 122.1b)."""
    counters: tuple[tuple[str, int], ...]

    def step(self) -> Step:
        base = ManifestDread().step()
        counters = self.counters

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            got = base(g, item, ctx)
            if got is None:
                new = ctx.pop("manifested", None)
                if new is not None and new in g.st.objects and g.st.objects[new].zone == "battlefield":
                    for kind, n in counters:
                        g.add_counters(new, kind, n)
            return got
        return run


@dataclass(frozen=True)
class TurnFaceUpOrCounter:
    """"turn that creature face up or put a +1/+1 counter on it" — the creature of the event;
    its controller chooses. A face-down instant or sorcery card can't be turned face up by an
    effect (it stays face down): then only the counter is possible."""
    kind: str = "+1/+1"

    def step(self) -> Step:
        kind = self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            oid = ctx.get("event", {}).get("obj")
            if oid not in g.st.objects or g.st.objects[oid].zone != "battlefield":
                return None
            if g.st.objects[oid].face_down and _can_turn_face_up(g, oid):
                if "answer" not in ctx:
                    return Ask(item.controller, "choose_card", ["turn face up", "counter"], "ask.face_up_or_counter",
                               {"card": item.name})
                if ctx.pop("answer")[0] == "turn face up":
                    turn_face_up(g, item.controller, oid)
                    return None
            g.add_counters(oid, kind, 1)
            return None
        return run


@dataclass(frozen=True)
class EachOpponentLosesPerEventCardType:
    """"each opponent loses 1 life for each card type among those cards"."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            n = CardTypesAmongEventCards().of(g, ctx)
            if n:
                for p in g.opponents(item.controller):
                    g.lose_life(p, n)
        return run


@dataclass(frozen=True)
class DamageGainExcess:
    """"this [source] deals N damage to target creature ... You gain life equal to the excess
    damage dealt this way." Excess damage is damage beyond lethal damage: toughness minus
    damage already marked, or 1 if the source has deathtouch (CR 120.4a, 702.2c)."""
    n: int

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            if oid is None:
                return
            src = g.damage_source(item)
            obj = g.st.objects[oid]
            before = obj.damage
            lethal = max(0, (g.chars(oid).toughness or 0) - obj.damage)
            if src.get("deathtouch"):
                lethal = min(lethal, 1) if lethal > 0 else 0
            g.damage(src, {"obj": oid}, n)
            now = g.st.objects.get(oid)
            dealt = (now.damage - before) if now is not None else n
            excess = max(0, dealt - lethal)
            if excess:
                g.gain_life(item.controller, excess)
        return run


@dataclass(frozen=True)
class CountersPerSpellMV:
    """"put a number of [kind] counters equal to that spell's mana value on up to one target
    creature" — the spell of the event, its mana value with X as chosen (CR 202.3e)."""
    kind: str = "+1/+1"

    def step(self) -> Step:
        kind = self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = g.target_obj(item, 0)
            spell = ctx.get("event", {}).get("obj")
            if oid is None:
                return
            n = spell_mana_value(g, spell) if spell is not None else 0
            if n:
                g.add_counters(oid, kind, n)
        return run


def spell_mana_value(g: "Context", oid: int) -> int:
    """A spell's mana value on the stack, X counted as chosen (CR 202.3e); after it left the
    stack, as it last existed there (CR 113.7a)."""
    obj = g.st.objects.get(oid) or g.st.lki.get(oid)
    if obj is None:
        return 0
    from engine.cards.behaviour import printed
    from engine.rules.mana import parse_cost
    mv = g.chars(oid).mana_value if oid in g.st.objects else 0
    data = printed(obj.name)
    cost = (data.mana_cost or "") if data is not None else ""
    if oid not in g.st.objects and data is not None:
        mv = parse_cost(cost.split("//")[0]).mana_value
    if "{X}" in cost and obj.zone == "stack":
        mv += int(obj.x or 0) * cost.count("{X}")
    return mv


@dataclass(frozen=True)
class ReturnSourceToHand:
    """"return this creature to its owner's hand" — if it is still on the battlefield."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is not None:
                g.move(oid, "hand", cause="return")
        return run


# ------------------------------------------------------------------ statics
@dataclass(frozen=True)
class NoncombatDamageBonus:
    """"If a source you control would deal noncombat damage to an opponent, it deals that much
    damage plus N instead." (a replacement effect, CR 614.1a), read by engine/rules/damage.py.
    It applies after prevention: the damaged player's best order (CR 616.1), so not asked."""
    n: int

    def static_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        return []

    def damage_bonus(self, g: "Context", me: "Obj", src: dict[str, Any], ref: dict[str, Any]) -> int:
        if "player" in ref and src.get("controller") == me.controller and ref["player"] != me.controller:
            return self.n
        return 0


@dataclass(frozen=True)
class AddTypesToYours:
    """"Nonland permanents you control and permanent spells you control are [types] in addition
    to their other types." (layer 4, CR 613.1d); spells on the stack as well."""
    types: tuple[str, ...]

    def static_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        ids = [o for o in g.battlefield(me.controller) if "Land" not in g.printed_types(o)]
        perm = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
        ids += [o for o in g.st.stack if o in g.st.objects and g.st.objects[o].controller == me.controller
                and g.st.objects[o].kind not in ("ability", "trigger") and g.printed_types(o) & perm]
        return [{"layer": "4", "ids": ids, "ts": me.timestamp, "add_types": list(self.types)}] if ids else []


__all__ = ["EVENT"]


@dataclass(frozen=True)
class YoursEnterWith:
    """"[Colorless] creatures you control enter with N additional [kind] counters on them."
    (a replacement effect, CR 614.1c), read by engine/rules/zones.py as a permanent enters;
    the entering permanent's characteristics as it would exist on the battlefield (614.12)."""
    kind: str
    n: int
    types: tuple[str, ...] = ("Creature",)
    colorless: bool = False

    def static_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        return []

    def others_enter_with(self, g: "Context", me: "Obj", new: "Obj") -> list[tuple[str, int]]:
        if new.controller != me.controller:
            return []
        c = g.chars(new.id)
        if not any(t in c.types for t in self.types) or (self.colorless and c.colors):
            return []
        return [(self.kind, self.n)]


@dataclass(frozen=True)
class ActivePlayersCreature:
    """A target filter: "[up to one] target creature they control" — the player whose turn it
    is ("At the beginning of each opponent's upkeep, ...")."""
    up_to: bool = True
    what = "creature"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return obj.controller == g.st.active


@dataclass(frozen=True)
class ActivePlayerLosesLife:
    """"they lose N life" — the player whose turn it is (CR 119.3)."""
    n: int

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            g.lose_life(g.st.active, n)
        return run


@dataclass(frozen=True)
class OpponentCastsSpell:
    """An event condition: an opponent cast a spell (not of these card types: "noncreature")."""
    not_types: tuple[str, ...] = ()

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        oid = params.get("obj")
        p = params.get("player")
        if p is None or p == me.controller or p not in g.opponents(me.controller) or oid not in g.st.objects:
            return False
        return not (g.chars(oid).types & set(self.not_types))


@dataclass(frozen=True)
class PowerDamageToEventPlayer:
    """"this creature deals damage equal to its power to that player" — its power now, or as
    it last existed on the battlefield (CR 113.7a, 608.2h)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = ctx.get("event", {}).get("player")
            src = item.source
            if p is None or src is None:
                return
            if src in g.st.objects and g.st.objects[src].zone == "battlefield":
                power = g.chars(src).power or 0
            else:  # CR 113.7a: as it last existed (printed power and counters; no lasting effects kept)
                from engine.cards.behaviour import printed
                old = g.st.lki.get(src)
                data = printed(old.name) if old is not None else None
                if old is None or data is None or not str(data.power or "").isdigit():
                    return
                power = int(str(data.power)) + old.counters.get("+1/+1", 0) - old.counters.get("-1/-1", 0)
            if power > 0:
                g.damage(g.damage_source(item), {"player": p}, power)
        return run


def _obj_options(g: "Context", ids: list[int]) -> list[str]:
    from engine.format import ref_text
    return [ref_text(g, ("o", o)) for o in ids]


def _answer_obj(g: "Context", ids: list[int], answer: str) -> int | None:
    from engine.format import ref_text
    return next((o for o in ids if ref_text(g, ("o", o)).lower() == answer.lower()), None)


@dataclass(frozen=True)
class MayCounterOnChosenCreature:
    """"You may put a +1/+1 counter on a creature." — chosen as it resolves, not targeted
    ("nothing" declines)."""
    kind: str = "+1/+1"

    def step(self) -> Step:
        kind = self.kind

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            ids = [o for o in g.battlefield() if g.is_type(o, "Creature")]
            if not ids:
                return None
            if "answer" not in ctx:
                return Ask(item.controller, "choose_card", _obj_options(g, ids) + ["nothing"],
                           "ask.choose_creature", {"card": item.name})
            oid = _answer_obj(g, ids, ctx.pop("answer")[0])
            if oid is not None:
                g.add_counters(oid, kind, 1)
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
class EachPlayerChoosesThenDestroy:
    """"Starting with the next opponent in turn order, each player chooses a creature you don't
    control. Destroy the chosen creatures." (CR 101.4: each choice is seen by the next players;
    the same creature may be chosen twice; it is destroyed once)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            you = item.controller
            if "shell_order" not in ctx:
                order, p = [], g.next_player(you)
                while p != you:
                    order.append(p)
                    p = g.next_player(p)
                ctx["shell_order"] = order + [you]
                ctx["shell_i"] = 0
                ctx["shell_chosen"] = []
            ids = [o for o in g.battlefield() if g.is_type(o, "Creature") and g.st.objects[o].controller != you]
            while ctx["shell_i"] < len(ctx["shell_order"]):
                p = ctx["shell_order"][ctx["shell_i"]]
                if ids and not g.st.players[p].lost:
                    if "answer" not in ctx:
                        return Ask(p, "choose_card", _obj_options(g, ids), "ask.choose_creature", {"card": item.name})
                    oid = _answer_obj(g, ids, ctx.pop("answer")[0])
                    if oid is None:
                        oid = ids[0]
                    ctx["shell_chosen"].append(oid)
                    g.event("choose", player=g.pname(p), choice=_obj_options(g, [oid])[0])
                ctx["shell_i"] += 1
            chosen = list(dict.fromkeys(ctx.pop("shell_chosen")))
            ctx.pop("shell_order")
            ctx.pop("shell_i")
            for oid in chosen:
                if oid in g.st.objects and g.st.objects[oid].zone == "battlefield":
                    g.destroy(oid)
            return None
        return run


YOU_ATTACK_PLAYER = "you_attack_player"  # "Whenever you attack a player" (player, defender), once per player


@dataclass(frozen=True)
class YoursOfAllTypes:
    """A group for a static ability: the permanents you control with all these card types
    ("Other enchantment creatures you control"); printed types, as engine/cards/vocab_groups.py."""
    types: tuple[str, ...]
    other: bool = True

    def __call__(self, g: "Context", me: "Obj") -> list[int]:
        return [o for o in g.battlefield(me.controller) if not (self.other and o == me.id)
                and all(t in g.printed_types(o) for t in self.types)]


@dataclass(frozen=True)
class TokenAttackingThatPlayer:
    """"create a [token] that's tapped and attacking that player" — the player of the event; it
    was never declared as an attacker, so "whenever ... attacks" does not trigger (CR 508.4)."""
    name: str

    def step(self) -> Step:
        name = self.name

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            p = ctx.get("event", {}).get("defender")
            oid = g.create_token(item.controller, name)
            if p is not None and not g.st.players[p].lost:
                g.update(oid, tapped=True, attacking=p)
            else:
                g.update(oid, tapped=True)
        return run


def _can_turn_face_up(g: "Context", oid: int) -> bool:
    """A face-down permanent an effect can turn face up: not an instant or sorcery card (CR
    701.60 with 701.40: such a card is revealed and stays face down)."""
    from engine.cards.behaviour import printed
    obj = g.st.objects[oid]
    data = printed(obj.name) if obj.face_down else None
    return data is not None and not any(t in data.type_line for t in ("Instant", "Sorcery"))


def turn_face_up(g: "Context", p: int, oid: int) -> None:
    """Turn a face-down permanent face up by an effect (CR 708.8): no cost; "whenever you turn a
    permanent face up" sees it."""
    obj = g.st.objects[oid]
    g.update(oid, face_down=False)
    g.event("turn_face_up", player=g.pname(p), card=obj.name)
    g.mark_turn(f"faceup:{p}")
    g.triggers.fire("turned_face_up", obj=oid, player=p)


@dataclass(frozen=True)
class FirstResolutionThisTurn:
    """"[then] if this is the first time this ability has resolved this turn. Otherwise,
    [otherwise]." — counted per object and ability (CR 400.7: a new object starts again)."""
    then: tuple[Any, ...]
    otherwise: tuple[Any, ...] = ()

    def step(self) -> Step:
        from engine.cards.vocab import run_steps
        then = [e.step() for e in self.then]
        otherwise = [e.step() for e in self.otherwise]

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            if "first_b" not in ctx:
                key = f"resolved:{item.source}:{item.name}:{item.ability}"
                ctx["first_b"] = not g.st.this_turn.get(key)
                g.mark_turn(key)
            got = run_steps(then if ctx["first_b"] else otherwise, g, item, ctx, "first_step")
            if got is None:
                ctx.pop("first_b", None)
            return got
        return run


@dataclass(frozen=True)
class MayTurnFaceUp:
    """"you may turn a permanent you control face up" — a face-down permanent you control that
    can be turned face up, or "nothing"."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            ids = [o for o in g.battlefield(p) if g.st.objects[o].face_down and _can_turn_face_up(g, o)]
            if not ids:
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", _obj_options(g, ids) + ["nothing"], "ask.turn_face_up",
                           {"card": item.name})
            oid = _answer_obj(g, ids, ctx.pop("answer")[0])
            if oid is not None:
                turn_face_up(g, p, oid)
            return None
        return run


@dataclass(frozen=True)
class UntapUpToLands:
    """"untap up to X lands, where X is the greatest power among those creatures" — the
    creatures declared as attackers (the event's), still on the battlefield as it resolves:
    X is determined once, on resolution (ruling, Kreischholz-Verschlinger); the player
    chooses which lands (any lands)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> Any:
            p = item.controller
            if "untap_x" not in ctx:
                powers = [g.chars(o).power or 0 for o in ctx.get("event", {}).get("attackers", [])
                          if o in g.st.objects and g.st.objects[o].zone == "battlefield"]
                ctx["untap_x"] = max([0, *powers])
            x = int(ctx["untap_x"])
            lands = [o for o in g.battlefield() if g.is_type(o, "Land")]
            if x <= 0 or not lands:
                ctx.pop("untap_x")
                return None
            if "answer" not in ctx:
                return Ask(p, "choose_card", _obj_options(g, lands), "ask.untap_lands", {"count": x},
                           count=min(x, len(lands)), min_count=0)
            chosen = [o for o in (_answer_obj(g, lands, a) for a in ctx.pop("answer")) if o is not None]
            ctx.pop("untap_x")
            for oid in list(dict.fromkeys(chosen))[:x]:
                g.update(oid, tapped=False)
            return None
        return run


@dataclass(frozen=True)
class AttackersInclude:
    """An event condition for "Whenever one or more [Demons] you control attack a player": one
    of the creatures declared as attackers against that player has this subtype."""
    subtype: str

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return any(o in g.st.objects and self.subtype in g.chars(o).subtypes for o in params.get("attackers", []))


@dataclass(frozen=True)
class MillThenSacrificeIfSameTypes:
    """"then mill N cards. If two cards that share all their card types were milled this way,
    sacrifice this [permanent]." — the exact same combination of card types (supertypes and
    subtypes don't count, CR 205.2a, 300.1)."""
    n: int = 2

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            from engine.cards.vocab import library_to_graveyard
            p = item.controller
            milled = [g.move(o, "graveyard", cause="mill") for o in list(g.st.players[p].library[:n])]
            g.event("mill", player=g.pname(p), count=n)
            library_to_graveyard(g, p, milled)
            kinds = [frozenset(g.printed_types(o) & CARD_TYPES) for o in milled if o in g.st.objects]
            if len(kinds) != len(set(kinds)):
                src = source_id(g, item)
                if src is not None:
                    g.sacrifice(src)
        return run


BLOCKS = "blocks"  # a creature was declared as a blocker (player, obj), CR 509.1i
TARGETED_BY_SPELL = "targeted_by_spell"  # a permanent became the target of a spell (obj, player, spell)


@dataclass(frozen=True)
class ThisObject:
    """An event condition: the event names this permanent ("whenever this creature blocks /
    becomes the target of a spell")."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return bool(params.get("obj") == me.id)


@dataclass(frozen=True)
class PowerDamageEachOpponent:
    """"it deals damage equal to its power to each opponent" — its power now, or as it last
    existed on the battlefield (CR 113.7a, ruling, Kichernder Stachelkrabber)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            src = item.source
            if src is None:
                return
            if src in g.st.objects and g.st.objects[src].zone == "battlefield":
                power = g.chars(src).power or 0
            else:
                from engine.cards.behaviour import printed
                old = g.st.lki.get(src)
                data = printed(old.name) if old is not None else None
                if old is None or data is None or not str(data.power or "").isdigit():
                    return
                power = int(str(data.power)) + old.counters.get("+1/+1", 0) - old.counters.get("-1/-1", 0)
            if power > 0:
                for p in g.opponents(item.controller):
                    g.damage(g.damage_source(item), {"player": p}, power)
        return run


@dataclass(frozen=True)
class Monstrosity:
    """"Monstrosity N" (CR 701.37): if this creature isn't monstrous, put N +1/+1 counters on it
    and it becomes monstrous — a fact about it, not an ability (CR 701.37b)."""
    n: int

    def step(self) -> Step:
        n = self.n

        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            oid = source_id(g, item)
            if oid is None or g.st.objects[oid].ctx.get("monstrous"):
                return
            g.add_counters(oid, "+1/+1", n)
            me = g.st.objects[oid]
            g.update(oid, ctx={**me.ctx, "monstrous": True})
            g.event("monstrous", card=me.name)
        return run


@dataclass(frozen=True)
class FlashFor:
    """A static ability: "you may cast [creature / noncreature] spells as though they had flash"
    (CR 601.3b), read by engine/rules/casting.py; with `power_parity` only "as long as this
    creature's power is even (0) / odd (1)"."""
    creature: bool
    power_parity: int | None = None

    def static_effects(self, g: "Context", me: "Obj") -> list[dict[str, Any]]:
        return []

    def flash_for(self, g: "Context", me: "Obj", spell: Any) -> bool:
        if self.power_parity is not None and (g.chars(me.id).power or 0) % 2 != self.power_parity:
            return False
        return ("Creature" in spell.types) == self.creature


@dataclass(frozen=True)
class YouDraw:
    """An event condition: "Whenever you draw a card" (one event per card, CR 121.2)."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return bool(params.get("player") == me.controller)


@dataclass(frozen=True)
class AnotherPlayerThanEvent:
    """A target: "choose another target player" — a player other than the event's player (the
    caster), chosen as the trigger goes on the stack; with two players, possibly yourself
    (ruling, Der Fürst der Pein)."""
    what = "player"

    def __call__(self, g: "Context", obj: "Obj") -> bool:
        return False

    def event_filter(self, event: dict[str, Any], ref: Any) -> bool:
        return not (ref[0] == "p" and ref[1] == event.get("player"))


@dataclass(frozen=True)
class FirstSpellThisTurn:
    """An event condition: "Whenever a player casts their first spell each turn"."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return int(g.st.this_turn.get(f"spells_cast:{params.get('player')}", 0)) == 1


@dataclass(frozen=True)
class DamageEqualSpellMV:
    """"[This creature] deals damage equal to that spell's mana value to the chosen player" —
    the spell of the event, X as chosen (CR 202.3e, ruling)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            spell = ctx.get("event", {}).get("obj")
            n = spell_mana_value(g, spell) if spell is not None else 0
            if ref is not None and n > 0:
                g.damage(g.damage_source(item), ref, n)
        return run


LIFE_LOST = "life_lost"  # a player lost life, by damage too (player, amount), CR 119.3, 120.3a


@dataclass(frozen=True)
class OpponentFirstLifeLossInTheirTurn:
    """An event condition: "Whenever an opponent loses life for the first time during each of
    their turns"."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        p = params.get("player")
        return (p in g.opponents(me.controller) and p == g.st.active
                and int(g.st.this_turn.get(f"life_lost:{p}", 0)) == 1)


@dataclass(frozen=True)
class SpentLessThanMV:
    """An event condition: "Whenever you cast a spell, if the amount of mana spent to cast it
    was less than its mana value" (an intervening if, CR 603.4: the difference can't change)."""

    def __call__(self, g: "Context", me: "Obj", params: dict[str, Any]) -> bool:
        return params.get("player") == me.controller and _mv_minus_spent(g, params) > 0


def _mv_minus_spent(g: "Context", event: dict[str, Any]) -> int:
    oid = event.get("obj")
    if oid is None:
        return 0
    spell = g.st.objects.get(oid) or g.st.lki.get(oid)
    spent = int(spell.ctx.get("mana_spent", 0)) if spell is not None else 0
    return spell_mana_value(g, oid) - spent


@dataclass(frozen=True)
class TargetLosesMVMinusSpent:
    """"target opponent loses life equal to the difference" (the spell's mana value, X as
    chosen, minus the mana spent; as it last existed on the stack, rulings Uralte Kellerbrut)."""

    def step(self) -> Step:
        def run(g: "Context", item: "Obj", ctx: dict[str, Any]) -> None:
            ref = g.target_ref(item, 0)
            n = _mv_minus_spent(g, ctx.get("event", {}))
            if ref is not None and "player" in ref and n > 0:
                g.lose_life(ref["player"], n)
        return run
